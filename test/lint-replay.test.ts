// The bin's replay of a kept `lint --cache` (src/lint/replay.ts): the output of the last run given
// again without the command line, only while every input it came from is what it was. The runs
// that record are the CLI's own (in this process, cliIn); the replay is called as the bin calls
// it, with the test's streams, variables and clock (ReplayProcess). The files' mtimes are set far
// back, so no racy-mtime rule depends on the machine's speed; `until` is judged by the given clock.
// The last test runs the real bin twice as a child process: the second run never loads main.cjs.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { replayLint, takeScan, type ReplayProcess } from '../src/lint/replay.ts';
import { CONFIG, VALID, cleanup, cli, cliEnv, cliIn, tempDir, writeFiles } from './helpers.ts';

const OLD = new Date('2020-01-01T00:00:00Z');
const EXPIRES = '2030-01-01T00:00:00.000Z';
const AT = Date.parse(EXPIRES);
const RCS = templateText(4, 'clean').replace('{ type: TTL, ttl: 3600 }', `{ type: EXPIRE_TIME, expireTime: "${EXPIRES}" }`);
// a warning in the report: a language WhatsApp does not list
const WARNED = VALID.replace('name: order_ready', 'name: order_late').replace('language: en_US', 'language: en_ZZ');

/** every file of the project dated far back (their mtimes prove them unchanged at once) */
function ageAll(dir: string): void {
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.tplsync') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      utimesSync(p, OLD, OLD);
    }
  };
  walk(dir);
}

/** a project in a folder of its own inside a temp folder (`done` removes both) */
function project(files: Record<string, string> = {}): string {
  const dir = path.join(tempDir(), 'p');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': VALID, 'templates/b/late.yaml': WARNED, 'templates/rcs.yaml': RCS, ...files });
  ageAll(dir);
  return dir;
}

const done = (dir: string): void => cleanup(path.dirname(dir));

class Kept extends Writable {
  chunks: Buffer[] = [];
  constructor(readonly isTTY = false) { super(); }
  override _write(chunk: Buffer | string, _e: BufferEncoding, done: () => void): void { this.chunks.push(Buffer.from(chunk)); done(); }
  text(): string { return Buffer.concat(this.chunks).toString('utf8'); }
}

/** the replay as the bin runs it, in `dir`, with the variables cliIn gives its runs (plus `env`) */
async function replay(dir: string, args: string[], o: { env?: Record<string, string | undefined>; now?: number; tty?: boolean } = {}) {
  const stdout = new Kept(o.tty);
  const stderr = new Kept();
  const p: ReplayProcess = { cwd: dir, env: cliEnv(o.env), stdout, stderr, now: o.now ?? keptUntil(dir) - 1 };
  const code = await replayLint(args, p);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** the instant the kept report holds until (the RCS template's expiry makes one), as its header says */
function keptUntil(dir: string): number {
  const out = path.join(dir, '.tplsync', 'lint-cache.json.run.json.out');
  const until = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8').split('\n')[0]!) as { until?: number }).until : undefined;
  return until ?? AT;
}

const strip = (s: string): string => s.replace(/\r?\n$/, '');

test('a kept run is given again: the same stdout, stderr and exit code, without the command line', async () => {
  const dir = project();
  try {
    const args = ['lint', '--cache'];
    await cliIn(args, { cwd: dir });
    const second = await cliIn(args, { cwd: dir });
    assert.is(second.exitCode, 0);
    assert.match(second.stdout, /late\.yaml[\s\S]*language-unknown/);
    assert.match(second.stderr, /does not say what kind of channel/, 'the config warning is part of the output');
    const r = await replay(dir, args);
    assert.is(r.code, 0);
    assert.is(strip(r.stdout), second.stdout);
    assert.is(strip(r.stderr), second.stderr);
  } finally { done(dir); }
});

test('--output and --max-warnings: the file written again, the message after it, the exit code kept', async () => {
  const dir = project();
  try {
    const args = ['lint', '--cache', '--format', 'json', '--output', 'out/report.json', '--max-warnings', '0'];
    const first = await cliIn(args, { cwd: dir });
    assert.is(first.exitCode, 1, first.stderr);
    const written = readFileSync(path.join(dir, 'out', 'report.json'), 'utf8');
    rmSync(path.join(dir, 'out'), { recursive: true });
    const r = await replay(dir, args);
    assert.is(r.code, 1);
    assert.is(r.stdout, '');
    assert.is(strip(r.stderr), first.stderr);
    assert.match(r.stderr, /more than --max-warnings 0\n$/);
    assert.is(readFileSync(path.join(dir, 'out', 'report.json'), 'utf8'), written, 'the report file made again');
  } finally { done(dir); }
});

test('anything the output came from that moved: no replay, nothing written', async () => {
  const args = ['lint', '--cache'];
  const cases: [string, (dir: string) => void, Parameters<typeof replay>[2]?, string[]?][] = [
    ['other arguments', () => undefined, {}, ['lint', '--cache', '--format', 'json']],
    ['another variable', () => undefined, { env: { TPLSYNC_SOMETHING: '1' } }],
    ['a colour setting', () => undefined, { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }],
    ['stdout a terminal', () => undefined, { tty: true }],
    ['the config edited', (d) => { appendFileSync(path.join(d, 'tplsync.config.yaml'), '# note\n'); utimesSync(path.join(d, 'tplsync.config.yaml'), OLD, OLD); }],
    ['a template edited, its size and mtime as they were', (d) => { const f = path.join(d, 'templates/a.yaml'); writeFileSync(f, readFileSync(f, 'utf8').replace('Ana', 'Bob')); utimesSync(f, OLD, OLD); }],
    ['a template added', (d) => { writeFiles(d, { 'templates/c.yaml': VALID.replace('order_ready', 'order_new') }); ageAll(d); }],
    ['a template removed', (d) => rmSync(path.join(d, 'templates/b/late.yaml'))],
    ['a template moved', (d) => { mkdirSync(path.join(d, 'templates/c')); writeFileSync(path.join(d, 'templates/c/late.yaml'), readFileSync(path.join(d, 'templates/b/late.yaml'))); rmSync(path.join(d, 'templates/b/late.yaml')); ageAll(d); }],
    ['a config found first in the folder', (d) => { writeFiles(d, { '.tplsyncrc.json': '{"templates": ["templates/**/*.yaml"]}' }); rmSync(path.join(d, 'tplsync.config.yaml')); }],
    ['a repository made around the project', (d) => mkdirSync(path.join(path.dirname(d), '.git'))],
    ['the kept report cut short', (d) => { const f = path.join(d, '.tplsync', 'lint-cache.json.run.json.out'); writeFileSync(f, readFileSync(f).subarray(0, -3)); }],
    ['the kept report\'s instant reached', () => undefined, { now: -1 }],
  ];
  for (const [what, change, o, replayArgs] of cases) {
    const dir = project();
    try {
      await cliIn(args, { cwd: dir });
      await cliIn(args, { cwd: dir });
      assert.ok(keptUntil(dir) > Date.parse('2029-01-01'), `${what}: the report holds until an instant of the RCS template's`);
      assert.is((await replay(dir, args)).code, 0, `${what}: replayed before the change`);
      change(dir);
      const r = await replay(dir, replayArgs ?? args, o?.now === -1 ? { now: keptUntil(dir) } : o);
      assert.is(r.code, undefined, what);
      assert.is(r.stdout + r.stderr, '', `${what}: nothing written`);
    } finally { done(dir); }
  }
});

test('a run whose files changed hands its scan to the command line, once, for the same project only', async () => {
  const dir = project();
  try {
    await cliIn(['lint', '--cache'], { cwd: dir });
    const f = path.join(dir, 'templates/a.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Ana', 'Bob'));
    utimesSync(f, OLD, OLD);
    assert.is((await replay(dir, ['lint', '--cache'])).code, undefined);
    const config = { file: path.join(dir, 'tplsync.config.yaml'), dir, templates: ['templates/**/*.yaml'] };
    assert.is(takeScan(dir, { ...config, templates: ['other/**/*.yaml'] }), undefined, 'not for other globs');
    assert.is((await replay(dir, ['lint', '--cache'])).code, undefined);
    const scan = takeScan(dir, config);
    assert.ok(scan, 'handed over');
    assert.equal(scan!.files.map((x) => x.file), ['templates/a.yaml', 'templates/b/late.yaml', 'templates/rcs.yaml']);
    assert.is(scan!.stats.length, 3);
    assert.is(takeScan(dir, config), undefined, 'taken once');
  } finally { done(dir); }
});

test('runs that record nothing: paths, --fix, --env, a config from a folder above, files too recent to prove unchanged', async () => {
  const cases: [string, string[], (dir: string) => string][] = [
    ['paths given', ['lint', '--cache', 'templates'], (d) => d],
    ['--fix', ['lint', '--cache', '--fix'], (d) => d],
    ['--env', ['lint', '--cache', '--env', 'local'], (d) => d],
    ['config in the folder above', ['lint', '--cache'], (d) => { mkdirSync(path.join(d, 'templates', 'sub'), { recursive: true }); return path.join(d, 'templates'); }],
    ['a file dated in the future', ['lint', '--cache'], (d) => { const t = new Date(Date.now() + 3_600_000); utimesSync(path.join(d, 'templates/a.yaml'), t, t); return d; }],
  ];
  for (const [what, args, where] of cases) {
    const dir = project();
    try {
      const cwd = where(dir);
      await cliIn(args, { cwd });
      await cliIn(args, { cwd });
      const out = path.join(dir, '.tplsync', 'lint-cache.json.run.json.out');
      const head = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8').split('\n')[0]!) as { replay?: unknown } : {};
      assert.is(head.replay, undefined, what);
      assert.is((await replay(cwd, args)).code, undefined, what);
    } finally { done(dir); }
  }
});

test('the bin: the second run is the replay (main.cjs not loaded), byte for byte the first; an edit runs the command line', async () => {
  const dir = project();
  const codeCache = tempDir('tplsync-code-cache-');
  try {
    const env = { TPLSYNC_CODE_CACHE: codeCache };
    const args = ['lint', '--cache', '--format', 'json'];
    const first = await cli(args, { cwd: dir, env });
    await cli(args, { cwd: dir, env }); // the report kept with its record
    for (const f of readdirSync(codeCache)) rmSync(path.join(codeCache, f));
    const second = await cli(args, { cwd: dir, env });
    assert.equal(second, first);
    assert.equal(readdirSync(codeCache), [], 'the command line was not loaded (it would have made its code cache)');
    const f = path.join(dir, 'templates/a.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Hello {{1}}', 'Hello {{1}} {{1}}'));
    utimesSync(f, OLD, OLD);
    const third = await cli(args, { cwd: dir, env });
    assert.ok(readdirSync(codeCache).length > 0, 'the command line ran');
    assert.is.not(third.stdout, first.stdout);
  } finally { done(dir); cleanup(codeCache); }
});

test('a kept report that holds what this environment makes a secret is never replayed: the gate redacts it in the run, the replay would not', async () => {
  const KEY = 'Zq9SECRET7781xyzQ';
  const config = `${CONFIG}  staging:\n    baseUrl: https://api.staging.example.com\n    apiKeyEnv: ACME_STAGING_KEY\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n`;
  const dir = project({ 'tplsync.config.yaml': config, 'templates/leak.yaml': VALID.replace('name: order_ready', 'name: leak').replace('your order is ready', `your label {{${KEY}}} is ready`) });
  try {
    const args = ['lint', '--cache'];
    // kept while the variable is unset: the value is no secret then
    await cliIn(args, { cwd: dir });
    await cliIn(args, { cwd: dir });
    const env = { ACME_STAGING_KEY: KEY };
    for (let i = 0; i < 2; i++) {
      const r = await cliIn(args, { cwd: dir, env });
      assert.not.match(r.stdout + r.stderr, KEY, 'the run redacts it');
      assert.match(r.stdout, '[redacted]');
    }
    const r = await replay(dir, args, { env });
    assert.is(r.code, undefined, 'no record under this environment');
    assert.not.match(r.stdout + r.stderr, KEY);
  } finally { done(dir); }
});

test('a second config made beside the config since the kept run: no replay; the run refuses the two (trial-ao F1)', async () => {
  const dir = project();
  try {
    const args = ['lint', '--cache'];
    await cliIn(args, { cwd: dir });
    await cliIn(args, { cwd: dir });
    assert.is((await replay(dir, args)).code, 0, 'replayed before the change');
    // (no file of the kept run touched: their ctimes would stop the replay on their own)
    writeFiles(dir, { 'tplsync.config.json': '{"templates": ["templates/**/*.yaml"], "bogus": 1}' });
    const r = await replay(dir, args);
    assert.is(r.code, undefined);
    assert.is(r.stdout + r.stderr, '');
    const run = await cliIn(args, { cwd: dir });
    assert.is(run.exitCode, 3);
    assert.match(run.stderr, '2 config files in the working directory: tplsync.config.yaml and tplsync.config.json');
  } finally { done(dir); }
});

test.run();
