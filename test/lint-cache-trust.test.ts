// `lint --cache` never answers differently from a run without it: whatever moved (a policy, the
// config's place, a value JSON cannot hold, the clock, an mtime set back) and whatever state the
// cache files are in. A cache that cannot be written costs speed, never the report.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cli, cliIn, CONFIG, tempDir, VALID, writeFiles } from './helpers.ts';

const HOUR_AGO = new Date(Date.now() - 3_600_000);
/** files older than a second, so that the stat-based shortcuts of the cache are taken */
function settle(dir: string, files: string[]): void {
  for (const f of files) utimesSync(path.join(dir, f), HOUR_AGO, HOUR_AGO);
}
function project(files: Record<string, string>, config = CONFIG): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': config, ...files });
  settle(dir, Object.keys(files));
  return dir;
}
/** the plain run and two cached runs (the second answered from the kept run) agree */
async function agree(dir: string, args: string[] = [], label = ''): Promise<void> {
  const plain = await cliIn(['lint', '--format', 'json', ...args], { cwd: dir });
  for (let i = 0; i < 2; i++) {
    const cached = await cliIn(['lint', '--cache', '--format', 'json', ...args], { cwd: dir });
    assert.is(cached.stdout, plain.stdout, `${label} (cached run ${i + 1})`);
    assert.is(cached.exitCode, plain.exitCode, `${label} exit (cached run ${i + 1})`);
  }
}

test('a team policy added after the cache was filled judges every file, those with errors too', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('UTILITY', 'UTILTY') });
  try {
    await agree(dir, [], 'before the policy');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}policies:\n  - { id: acme/footer, message: Needs a footer, severity: error, field: footer, required: true }\n`);
    await agree(dir, [], 'with the policy');
    const r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string }) => d.ruleId === 'acme/footer'), r.stdout);
  } finally { cleanup(dir); }
});

test('the kept run is keyed to the config\'s place: overrides match paths relative to it', async () => {
  const root = tempDir();
  try {
    const real = path.join(root, 'real');
    mkdirSync(path.join(real, 'templates'), { recursive: true });
    writeFileSync(path.join(real, 'tplsync.config.yaml'), `${CONFIG}overrides:\n  - { files: ["templates/**"], rules: { category: off } }\n`);
    writeFileSync(path.join(real, 'templates', 'a.yaml'), VALID.replace('UTILITY', 'UTILTY'));
    settle(real, ['templates/a.yaml']);
    symlinkSync(real, path.join(root, 'alias'));
    const args = (cfg: string) => ['--config', cfg, 'real/templates'];
    const plain = await cliIn(['lint', '--format', 'json', ...args('alias/tplsync.config.yaml')], { cwd: root });
    assert.is(plain.exitCode, 1, 'through the link the override does not match the paths');
    for (const cfg of ['real/tplsync.config.yaml', 'alias/tplsync.config.yaml', 'alias/tplsync.config.yaml']) {
      const fresh = await cliIn(['lint', '--format', 'json', ...args(cfg)], { cwd: root });
      const cached = await cliIn(['lint', '--cache', '--format', 'json', ...args(cfg)], { cwd: root });
      assert.is(cached.stdout, fresh.stdout, cfg);
      assert.is(cached.exitCode, fresh.exitCode, cfg);
    }
  } finally { cleanup(root); }
});

// A verdict that depends on the clock (an RCS expireTime, written with an escape too) kept until
// its instant and checked again past it: test/lint-cache-mix.test.ts and lint-cache-clock.test.ts,
// in-process with an injected clock (a child process here could only race the real one).
test('values JSON cannot hold (.inf, .nan, -0) are not cached', async () => {
  const dir = project({
    'templates/a.yaml': VALID.replace('{{1}}', '{{n}}').replace('{ 1: Ana }', '{ n: .inf }'),
  }, `${CONFIG}policies:\n  - { id: acme/sample, message: Every sample is given, severity: error, field: body.examples.n, required: true }\n`);
  try {
    const inf = await cliIn(['lint', '--format', 'json', 'templates/a.yaml'], { cwd: dir });
    assert.is(inf.exitCode, 0, inf.stdout + inf.stderr);
    await agree(dir, ['templates/a.yaml'], '.inf');
  } finally { cleanup(dir); }
});

test('an edit whose mtime was set back is noticed (the ctime moved)', async () => {
  const dir = project({ 'templates/a.yaml': VALID });
  try {
    await agree(dir, [], 'before');
    const file = path.join(dir, 'templates', 'a.yaml');
    // the same size, an error, and the old mtime back
    writeFileSync(file, VALID.replace('UTILITY', 'UTILTTY'));
    utimesSync(file, HOUR_AGO, HOUR_AGO);
    await agree(dir, [], 'after the edit');
    const r = await cliIn(['lint', '--cache'], { cwd: dir });
    assert.is(r.exitCode, 1);
  } finally { cleanup(dir); }
});

test('damaged cache files of any shape are an empty cache; a report cut short is not printed', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('UTILITY', 'UTILTY'), 'templates/b.yaml': VALID.replace('order_ready', 'b') });
  try {
    const plain = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const cacheFile = path.join(dir, '.tplsync', 'lint-cache.json');
    const runFile = `${cacheFile}.run.json`;
    const outFile = `${runFile}.out`;
    await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    const good = JSON.parse(readFileSync(cacheFile, 'utf8'));
    const some = Object.keys(good.entries)[0]!;
    const damage: [string, (s: string) => string][] = [
      [cacheFile, () => JSON.stringify({ ...good, entries: [] })],
      [cacheFile, () => JSON.stringify({ ...good, entries: { ...good.entries, [some]: { ...good.entries[some], result: null } } })],
      [cacheFile, () => JSON.stringify({ ...good, entries: { ...good.entries, [some]: { ...good.entries[some], result: { file: 'x' } } } })],
      [cacheFile, () => JSON.stringify({ ...good, entries: { ...good.entries, [some]: { ...good.entries[some], result: { ...good.entries[some].result, diagnostics: [null] } } } })],
      [runFile, (s) => JSON.stringify({ ...JSON.parse(s), diagnostics: [null] })],
      [runFile, (s) => JSON.stringify({ ...JSON.parse(s), diagnostics: [{ file: 'x' }] })],
      [outFile, (s) => s.slice(0, s.indexOf('\n') + 20)],
      [outFile, (s) => s.slice(0, s.indexOf('\n'))],
    ];
    for (const [file, hurt] of damage) {
      // a healthy cache first (two runs: the second keeps the run and its report)
      for (let i = 0; i < 2; i++) await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
      writeFileSync(file, hurt(readFileSync(file, 'utf8')));
      for (let i = 0; i < 2; i++) {
        const r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
        assert.is(r.stdout, plain.stdout, `${path.basename(file)}: ${hurt.toString().slice(0, 60)}`);
        assert.is(r.exitCode, plain.exitCode);
      }
    }
    // and an array of entries is repaired: the next runs prove files by their stat again
    writeFileSync(cacheFile, JSON.stringify({ ...good, entries: [] }));
    await cliIn(['lint', '--cache'], { cwd: dir });
    const r = await cliIn(['lint', '--cache', '--debug'], { cwd: dir });
    assert.match(r.stderr, /2 of 2 files unchanged/);
  } finally { cleanup(dir); }
});

test('a cache that cannot be written: a warning, the whole report and its exit code; never over the config', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('UTILITY', 'UTILTY') });
  try {
    const plain = await cliIn(['lint'], { cwd: dir, env: { NO_COLOR: '1' } });
    mkdirSync(path.join(dir, 'adir'));
    for (const where of ['adir', 'tplsync.config.yaml/x.json']) {
      const r = await cliIn(['lint', '--cache-location', where], { cwd: dir, env: { NO_COLOR: '1' } });
      assert.is(r.stdout, plain.stdout, where);
      assert.is(r.exitCode, 1, where);
      assert.match(r.stderr, /warning: the lint cache was not saved \(/, where);
    }
    assert.equal(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), CONFIG);
    for (const where of ['tplsync.config.yaml', 'templates/cache.yaml']) {
      const r = await cliIn(['lint', '--cache-location', where], { cwd: dir });
      assert.is(r.exitCode, 3, where);
      assert.match(r.stderr, /name a file of its own/);
    }
    assert.equal(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), CONFIG, 'the config is untouched');
    // a read-only cache directory (only where permissions bind: not as root)
    if (process.getuid?.() !== 0) {
      await cliIn(['lint', '--cache'], { cwd: dir });
      chmodSync(path.join(dir, '.tplsync'), 0o555);
      writeFileSync(path.join(dir, 'templates', 'a.yaml'), VALID.replace('UTILITY', 'UTILTY').replace('order_ready', 'order_ready2'));
      try {
        const r = await cliIn(['lint', '--cache'], { cwd: dir, env: { NO_COLOR: '1' } });
        assert.is(r.exitCode, 1);
        assert.match(r.stderr, /warning: the lint cache was not saved/);
      } finally { chmodSync(path.join(dir, '.tplsync'), 0o755); }
    }
    // nothing half-written is left behind
    const leftovers = [...readdirSync(dir), ...readdirSync(path.join(dir, 'adir'))].filter((f) => f.endsWith('.tmp'));
    assert.equal(leftovers, []);
  } finally { cleanup(dir); }
});

test('a kept report holds no secret: a run without the secret is not shown it redacted', async () => {
  // a finding that quotes the template's name, which happens to be a secret of the environment
  const dir = project({ 'templates/a.yaml': VALID.replace('name: order_ready', 'name: HUNTER2SECRETVALUE') });
  try {
    const env = { TPLSYNC_API_KEY: 'HUNTER2SECRETVALUE' };
    const hidden = await cliIn(['lint', '--format', 'json'], { cwd: dir, env });
    assert.not.match(hidden.stdout, /HUNTER2SECRETVALUE/, 'redacted while the secret is set');
    for (let i = 0; i < 2; i++) await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir, env });
    const plain = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.match(plain.stdout, /HUNTER2SECRETVALUE/, 'the finding quotes the name');
    await agree(dir, [], 'without the secret');
  } finally { cleanup(dir); }
});

test('a link out of the project is refused with the cache as without it: after a run that named it, after its target moved, after the config dropped the glob that allowed it', async () => {
  const root = tempDir();
  try {
    const dir = path.join(root, 'p');
    writeFiles(root, { 'outside/store.yaml': VALID, 'p/tplsync.config.yaml': CONFIG, 'p/shared/store.yaml': VALID.replace('order_ready', 'store_hours'), 'p/templates/a.yaml': VALID.replace('order_ready', 'order_a') });
    const link = path.join(dir, 'templates', 'store.yaml');
    symlinkSync(path.join(root, 'outside', 'store.yaml'), link);
    settle(root, ['outside/store.yaml', 'p/shared/store.yaml', 'p/templates/a.yaml']);
    // named on the command line, the link is allowed; the project's run refuses it
    assert.is((await cliIn(['lint', '--cache', 'templates/store.yaml'], { cwd: dir })).exitCode, 0);
    await agree(dir, [], 'after a run that named it');
    const plain = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.match(plain.stdout, /file-outside-project/);
    // the link pointed inside (allowed), then out again
    rmSync(link);
    symlinkSync(path.join(dir, 'shared', 'store.yaml'), link);
    await agree(dir, [], 'the link inside');
    rmSync(link);
    symlinkSync(path.join(root, 'outside', 'store.yaml'), link);
    await agree(dir, [], 'the link out again');
    // a glob whose folder allows it, then the config without it
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('templates: ["templates/**/*.yaml"]', 'templates: ["templates/**/*.yaml", "../outside/**/*.json"]'));
    await agree(dir, [], 'a glob that allows it');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG);
    await agree(dir, [], 'the glob dropped');
  } finally { cleanup(root); }
});

test('a FIFO among the templates is refused with the cache too, never opened (the cached run waited on it for ever)', async () => {
  const dir = project({ 'templates/a.yaml': VALID });
  try {
    execFileSync('mkfifo', [path.join(dir, 'templates', 'pipe.yaml')]);
    for (const args of [['lint', '--cache'], ['lint', '--cache'], ['lint']]) {
      // a child process: a run that opened the FIFO would block its thread until the time-out, not this one's
      const r = await cli(args, { cwd: dir });
      assert.is(r.exitCode, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout, /pipe\.yaml[\s\S]*a FIFO[\s\S]*file-unreadable/);
    }
  } finally { cleanup(dir); }
});

test('a channel alias pointed at another UUID: the kept run is not reused (a template naming the channel by its UUID is the alias\'s)', async () => {
  const A = '11111111-2222-4333-8444-555555555555';
  const B = '3b66178b-585b-449b-8664-15b9ad34b735';
  const body = 'Hi {{1}}, your parcel has left our warehouse and is on its way to you now.';
  const t = (name: string, channel: string) => `channel: ${channel}\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${body}"\n  examples: { 1: Ana }\n`;
  const config = (uuid: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop: ${uuid} }\nchannels: { shop: { kind: whatsapp } }\n`;
  const dir = project({ 'templates/parcel_left.yaml': t('parcel_left', 'shop'), 'templates/ship_notice.yaml': t('ship_notice', B) }, config(A));
  try {
    await agree(dir, ['--max-warnings', '0'], 'two channels');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(B));
    await agree(dir, ['--max-warnings', '0'], 'one channel');
    const r = await cliIn(['lint', '--cache', '--format', 'json', '--max-warnings', '0'], { cwd: dir });
    assert.match(r.stdout, /duplicate-content/);
    assert.is(r.exitCode, 1);
  } finally { cleanup(dir); }
});

test.run();
