// The bin on a closed pipe (`tplsync lint | head`): only a process shows it, so the CLI runs as a
// child whose stdout's reader is gone before it writes. The output stops quietly (no error)
// and the exit code is the command's own: 1 for lint errors, 0 for a clean lint, every time; and an
// apply whose output nobody reads any more still applies everything (it used to exit 0 at its first
// line, having written nothing).
import { spawn } from 'node:child_process';
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

test.run();
