// The CLI in the test process (src/core/io.ts, test/helpers.ts cliIn): a run reads and writes only
// its own stdout, stderr, stdin, working directory and variables, several runs at once each get
// their own answer, and a run leaves nothing behind (no secret registered for the next run, no
// signal listener, nothing written where the test process stands). And the rule that makes it
// hold: src/ reads none of these from `process` outside the places that mean the process itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { cleanup, cli, cliIn, CONFIG, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

/** a template with a lint error (a placeholder with no example) */
const BROKEN = VALID.replace('  examples: { 1: Ana }\n', '');

function project(files: Record<string, string>): string {
  const dir = tempDir('tplsync-io-');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return dir;
}

test('two runs at once with different working directories and variables: each gets its own answer, files and colours', async () => {
  const a = project({ 'templates/broken_one.yaml': BROKEN.replace('order_ready', 'broken_one') });
  const b = project({ 'templates/fine_one.yaml': VALID.replace('order_ready', 'fine_one') });
  try {
    const [ra, rb, ca, cb] = await Promise.all([
      cliIn(['lint', '--format', 'github'], { cwd: a, env: { GITHUB_STEP_SUMMARY: path.join(a, 'summary.md') } }),
      cliIn(['lint', '--format', 'github'], { cwd: b, env: { GITHUB_STEP_SUMMARY: path.join(b, 'summary.md') } }),
      cliIn(['lint'], { cwd: a, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
      cliIn(['lint'], { cwd: b, env: { NO_COLOR: '1' } }),
    ]);
    assert.is(ra.exitCode, 1, ra.stderr);
    assert.match(ra.stdout, /templates\/broken_one\.yaml/);
    assert.not.match(ra.stdout, /fine_one/);
    assert.is(rb.exitCode, 0, rb.stdout + rb.stderr);
    assert.not.match(rb.stdout, /broken_one/);
    // each run's step summary went to its own variable's file
    assert.match(readFileSync(path.join(a, 'summary.md'), 'utf8'), /broken_one/);
    assert.not.match(readFileSync(path.join(b, 'summary.md'), 'utf8'), /broken_one/);
    // FORCE_COLOR in one run, NO_COLOR in the other
    assert.is(ca.exitCode, 1);
    assert.match(ca.stdout, /\x1b\[/, 'FORCE_COLOR=1 colours the run that has it');
    assert.is(cb.exitCode, 0);
    assert.not.match(cb.stdout + cb.stderr, /\x1b\[/, 'NO_COLOR: no colour');
  } finally { cleanup(a); cleanup(b); }
});

test('three runs at once against one emulator, each with its own key variable: each is answered as its key says, and none prints a key', async () => {
  const KEY = 'io-context-key-0123456789';
  const emu = await startEmulator({ keys: [KEY] });
  const dir = tempDir('tplsync-io-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    apiKeyEnv: IO_CONTEXT_KEY\n    channels: {}\n` });
    const id = '7d1c1c0e-3f4a-4b5c-8d6e-0f1a2b3c4d5e';
    const [right, wrong, none] = await Promise.all([
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: KEY } }),
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: 'not-the-key-9876543210' } }),
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: undefined } }),
    ]);
    assert.is(right.exitCode, 3, right.stderr);
    assert.match(right.stderr, /No messages were sent with clientMessageId/);
    assert.is(wrong.exitCode, 6, wrong.stderr);
    assert.not.match(wrong.stderr, /No messages were sent/);
    assert.is(none.exitCode, 3, none.stderr);
    assert.match(none.stderr, /IO_CONTEXT_KEY/);
    for (const r of [right, wrong, none]) assert.not.match(r.stdout + r.stderr, /io-context-key|not-the-key/);
  } finally { cleanup(dir); await emu.close(); }
});

test('a run writes relative paths under its own working directory, never the process\'s', async () => {
  const dir = project({});
  try {
    const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'written_here', '--dir', 'made'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(r.stdout, 'made/written_here.en_US.yaml');
    assert.ok(existsSync(path.join(dir, 'made', 'written_here.en_US.yaml')));
    assert.not.ok(existsSync(path.join(ROOT, 'made')), 'nothing written where the test process stands');
    assert.is(process.cwd(), path.resolve(ROOT));
  } finally { cleanup(dir); }
});

test('a run leaves nothing behind: the secrets of its variables are not redacted in the next run, no signal listener stays', async () => {
  const dir = project({});
  const listeners = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
  try {
    const name = 'order_token_value_abc';
    const first = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--force'], { cwd: dir, env: { GITHUB_TOKEN: name } });
    assert.is(first.exitCode, 0, first.stderr);
    assert.not.match(first.stdout, name, 'the run with GITHUB_TOKEN redacts it');
    assert.match(first.stdout, /\[redacted\]/);
    const second = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--force'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stderr);
    assert.is(second.stdout, `templates/${name}.en_US.yaml`, 'the next run, without it, has nothing to redact');
    assert.equal([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')], listeners);
  } finally { cleanup(dir); }
});

test('stdin is the run\'s own: apply reads no answer from the test process, and refuses without a terminal', async () => {
  const dir = project({ 'templates/order_ready.yaml': VALID });
  try {
    const r = await cliIn(['apply'], { cwd: dir, input: 'yes\n' });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /stdin is not a terminal/);
  } finally { cleanup(dir); }
});

test('in-process and child give the same exit code, stdout and stderr (the bin exits with what main returns)', async () => {
  const dir = project({ 'templates/broken_one.yaml': BROKEN.replace('order_ready', 'broken_one'), 'templates/fine_one.yaml': VALID.replace('order_ready', 'fine_one') });
  try {
    for (const args of [['lint'], ['lint', '--format', 'json'], ['lint', 'templates/fine_one.yaml'], ['plan', '--env', 'nowhere'], ['lint', '--no-such-option'], ['--help'], ['nonsense']]) {
      const [child, own] = await Promise.all([cli(args, { cwd: dir }), cliIn(args, { cwd: dir })]);
      assert.equal(own, child, args.join(' '));
    }
  } finally { cleanup(dir); }
});

/**
 * What src/ may not read from `process`: a run's I/O comes from io(). Each exception names why
 * it is the process's own.
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/process\.cwd\(\)/, 'process.cwd()'],
  [/process\.env\b/, 'process.env'],
  [/process\.(stdout|stderr|stdin)\b/, 'process.stdout/stderr/stdin'],
  [/process\.argv\b/, 'process.argv'],
  [/process\.exitCode\b/, 'process.exitCode (only the bin sets it)'],
  [/process\.chdir\(/, 'process.chdir'],
  [/path\.resolve\([^,()]+\)/, 'path.resolve(x) against the process\'s directory (resolvePath)'],
];
const ALLOWED: Record<string, { pattern: RegExp; why: string }[]> = {
  'core/io.ts': [{ pattern: /./, why: 'the context itself: its default is the process' }],
  'core/interrupt.ts': [{ pattern: /process\.stderr/, why: 'the signal handler of the process writes to the process\'s stderr' }],
  'lint/lint-files.ts': [{ pattern: /process\.env\.NODE_OPTIONS/, why: 'the flags this process runs with, not the run\'s variables' }],
  'core/code-cache.ts': [{ pattern: /process\.env|path\.resolve\(own\)/, why: 'the bin\'s loader, before any run exists: where this process keeps its compiled code' }],
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('src/ reads the working directory, the variables, the arguments and the streams from io(), not from process', () => {
  const src = path.join(ROOT, 'src');
  const found: string[] = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const [re, what] of FORBIDDEN) {
        if (re.test(line) && !(ALLOWED[rel] ?? []).some((a) => a.pattern.test(line))) found.push(`src/${rel}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
  }
  assert.equal(found, []);
});

test('the scan finds what it looks for (a planted line)', () => {
  const line = 'const here = process.cwd();';
  assert.ok(FORBIDDEN.some(([re]) => re.test(line)));
  assert.ok(FORBIDDEN.some(([re]) => re.test('const abs = path.resolve(file);')));
  assert.not.ok(FORBIDDEN.some(([re]) => re.test('const abs = path.resolve(cwd, file);')));
});

test('colour: TERM=dumb on a terminal and FORCE_COLOR=0 (or false) give plain text; FORCE_COLOR=1 colours; NO_COLOR wins', async () => {
  const { useColor } = await import('../src/terminal/output.ts');
  const { runWithIo } = await import('../src/core/io.ts');
  const tty = { isTTY: true, write: () => true } as never;
  const pipe = { isTTY: false, write: () => true } as never;
  const colour = (env: Record<string, string>, stream: never) => runWithIo({ stdout: stream, stderr: stream, stdin: process.stdin, cwd: process.cwd(), env, args: [] } as never, () => useColor(stream));
  assert.is(colour({}, tty), true);
  assert.is(colour({ TERM: 'dumb' }, tty), false);
  assert.is(colour({ FORCE_COLOR: '0' }, tty), false);
  assert.is(colour({ FORCE_COLOR: 'false' }, tty), false);
  assert.is(colour({ FORCE_COLOR: '1' }, pipe), true);
  assert.is(colour({ FORCE_COLOR: '3', TERM: 'dumb' }, tty), true);
  assert.is(colour({ FORCE_COLOR: '1', NO_COLOR: '1' }, tty), false);
  assert.is(colour({}, pipe), false);
});

test.run();
