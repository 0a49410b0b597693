// The bin on a closed pipe (`tplsync lint | head`): only a process shows it, so the CLI runs as a
// child whose stdout's reader is gone before it writes. The output stops quietly (no error)
// and the exit code is the command's own: 1 for lint errors, 0 for a clean lint, every time; and an
// apply whose output nobody reads any more still applies everything (it used to exit 0 at its first
// line, having written nothing).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, CONFIG, VALID, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

/** runs the bin with its stdout's reading end closed at once; resolves with the exit code and stderr */
function withClosedStdout(args: string[], cwd: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.destroy();
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    const timer = setTimeout(() => { p.kill('SIGKILL'); reject(new Error(`tplsync ${args.join(' ')} did not end; stderr: ${stderr}`)); }, 60_000);
    p.on('error', (e) => { clearTimeout(timer); reject(e); });
    p.on('close', (code, signal) => { clearTimeout(timer); resolve({ code, signal, stderr }); });
  });
}

test('lint | head: the exit code is lint\'s (1 with errors, 0 clean), whatever the pipe did, and no error on stderr', async () => {
  const dir = tempDir();
  try {
    const bad = VALID.replace('name: order_ready', 'name: Order-Ready').replace('category: UTILITY', 'category: UTILTY');
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG, 'templates/ok.en_US.yaml': VALID };
    for (let i = 0; i < 40; i++) files[`bad/b${i}.en_US.yaml`] = bad.replace('Order-Ready', `Order-${i}`);
    writeFiles(dir, files);
    for (const format of ['stylish', 'json', 'sarif']) {
      for (let i = 0; i < 3; i++) {
        const r = await withClosedStdout(['lint', 'bad', '--format', format], dir);
        assert.is(r.signal, null, `${format}: ended by ${r.signal}`);
        assert.is(r.code, 1, `${format} run ${i}: lint found errors, so 1; stderr: ${r.stderr}`);
        assert.not.match(r.stderr, /EPIPE|internal error|\n\s+at /, format);
      }
    }
    const clean = await withClosedStdout(['lint', 'templates'], dir);
    assert.is(clean.code, 0, clean.stderr);
  } finally { cleanup(dir); }
});

test('apply --auto-approve with its output gone: every template is written, and the exit code says so', async () => {
  const dir = tempDir();
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (let i = 0; i < 12; i++) files[`templates/t${i}.en_US.yaml`] = VALID.replace('name: order_ready', `name: order_ready_${i}`);
    writeFiles(dir, files);
    const r = await withClosedStdout(['apply', '--auto-approve'], dir);
    assert.is(r.code, 0, r.stderr);
    const after = await cliIn(['plan'], { cwd: dir });
    assert.match(after.stdout, /No changes\. 12 templates in local match the files/, after.stdout + after.stderr);
  } finally { cleanup(dir); }
});

/** runs the bin with stdout (or stderr) on /dev/full, where every write fails with ENOSPC */
function onFullDisk(args: string[], cwd: string, which: 'stdout' | 'stderr'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const full = openSync('/dev/full', 'w');
    const p = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', which === 'stdout' ? full : 'pipe', which === 'stderr' ? full : 'pipe'] });
    closeSync(full);
    let stderr = '';
    (which === 'stdout' ? p.stderr : p.stdout)!.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    const timer = setTimeout(() => { p.kill('SIGKILL'); reject(new Error(`tplsync ${args.join(' ')} did not end`)); }, 60_000);
    p.on('error', (e) => { clearTimeout(timer); reject(e); });
    p.on('close', (code) => { clearTimeout(timer); resolve({ code, stderr }); });
  });
}

test('output to a full disk (/dev/full): no stack trace; said on stderr, exit 3 where the run would say 0, 1 or 2, the command\'s own code otherwise; stderr full: the command\'s code', async () => {
  if (!existsSync('/dev/full')) return;
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG, 'templates/ok.en_US.yaml': VALID, 'bad/b.en_US.yaml': VALID.replace('category: UTILITY', 'category: UTILTY'),
      // a placeholder name longer than Twilio's 16 characters: that template skipped by the export (exit 1), the other exported
      'tw/long.en_US.yaml': 'channel: shop-whatsapp\nname: order_note\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer_first_name}}, your order is ready."\n  examples: { customer_first_name: Ana }\n',
    });
    // findings (1) or changes (2) whose report was lost: 3 too (export's skipped templates said 1, plan --detailed-exitcode 2, with the output gone)
    for (const [args, code] of [[['--version'], 3], [['lint', 'templates'], 3], [['lint', 'templates', '--format', 'json'], 3], [['lint', 'bad'], 3], [['export', '--to', 'twilio', 'templates', 'tw'], 3], [['plan', '--detailed-exitcode', 'templates'], 3]] as const) {
      const r = await onFullDisk([...args], dir, 'stdout');
      assert.is(r.code, code, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^tplsync: the output could not be written \(ENOSPC: no space left on the device\): what was to be printed is incomplete$/m, args.join(' '));
      assert.not.match(r.stderr, /\n\s+at |internal error/, args.join(' '));
    }
    // stderr gone: the usage error's code all the same (it was 1, from the uncaught error of the write)
    assert.is((await onFullDisk(['lint', 'nope.yaml'], dir, 'stderr')).code, 3);
  } finally { cleanup(dir); }
});

test.run();
