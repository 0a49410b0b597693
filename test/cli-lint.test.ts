// `tplsync lint` end to end: the real CLI as a child process, real files in a temp dir.
import { readFileSync, existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cli, cliIn, CONFIG, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

function project(files: Record<string, string | Uint8Array>, config = CONFIG): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': config, ...files });
  return dir;
}

test('the sample templates of the repository lint clean', async () => {
  const r = await cliIn(['lint'], { cwd: ROOT });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /\d+ files checked, no problems/);
});

test('exit 0 and a clean report for valid templates; exit 1 with positions for errors', async () => {
  const dir = project({ 'templates/ok.yaml': VALID, 'templates/bad.yaml': VALID.replace('name: order_ready', 'name: Order Ready').replace('your order is ready', 'your parcel is ready') });
  try {
    const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 1);
    const out = JSON.parse(r.stdout);
    assert.equal(out.diagnostics.map((d: { file: string; line: number; column: number; ruleId: string }) => [d.file, d.line, d.column, d.ruleId]),
      [[path.join('templates', 'bad.yaml'), 2, 7, 'name-format']]);
    assert.equal(out.summary, { files: 2, errors: 1, warnings: 0, infos: 0 });
    const ok = await cliIn(['lint', 'templates/ok.yaml'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stdout);
  } finally { cleanup(dir); }
});

test('--max-warnings turns warnings into a failure', async () => {
  const dir = project({ 'templates/w.yaml': VALID.replace('en_US', 'xx_YY') });
  try {
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    assert.is((await cliIn(['lint', '--max-warnings', '1'], { cwd: dir })).exitCode, 0);
    const r = await cliIn(['lint', '--max-warnings', '0'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /more than --max-warnings 0/);
    assert.is((await cliIn(['lint', '--max-warnings', 'many'], { cwd: dir })).exitCode, 3);
  } finally { cleanup(dir); }
});

// severities from the config, inline suppression: test/lint-in-process.test.ts (an unknown rule id
// is a UsageError there; the exit code 3 of a UsageError: 'usage errors exit 3' below)

test('usage errors exit 3 with a message, never a stack trace', async () => {
  const dir = project({ 'templates/a.yaml': VALID });
  try {
    for (const args of [['lint', 'missing.yaml'], ['lint', '--format', 'xml'], ['lint', '--no-such-flag'], ['frobnicate'], ['lint', '--config', 'nope.yaml']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stderr}`);
      assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
      assert.ok(r.stderr.length > 0);
    }
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), 'templates: 12\n');
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /templates/);
  } finally { cleanup(dir); }
});

test('lint where no config is found and no template matches the default says that no config was found, and how to start one', async () => {
  const dir = tempDir();
  try {
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /No template files match templates\/\*\*\/\*\.\{yaml,yml\} \(the default: no config was found in \S+ or a folder above it; run tplsync init/);
  } finally { cleanup(dir); }
});

test('lint of templates with no config (misnamed, or defining no environments) warns that channels went unchecked, naming the misnamed file', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'templates/a.yaml': VALID.replace(/^channel: .*$/m, 'channel: shopp'), 'Tplsync.config.yaml': CONFIG });
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /^tplsync: warning: No config found: looked for tplsync\.config\.\{yaml,yml,json,js,ts,mjs,cjs\}, \.tplsyncrc\{,\.yaml,\.yml,\.json,\.js,\.ts,\.mjs,\.cjs\}, package\.json#tplsync from \S+ up to the project root\. Tplsync\.config\.yaml is there, but a config's name is in lower case \(tplsync\.config\.yaml\): rename it\. Lint checked the files alone, not the channel each names \(rule unknown-channel\)/m);
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /Tplsync\.config\.yaml is there, but a config's name is in lower case/);
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n' });
    r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /^tplsync: warning: tplsync\.config\.yaml defines no environments, so lint cannot check the channel each template names \(rule unknown-channel\)/m);
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
    r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.match(r.stdout, /unknown-channel/);
    assert.not.match(r.stderr, /No config found|defines no environments/);
  } finally { cleanup(dir); }
});

// the config found from a subdirectory: test/lint-in-process.test.ts

test('--output writes the report to a file (and nothing half-written is left)', async () => {
  const dir = project({ 'templates/a.yaml': VALID });
  try {
    const r = await cliIn(['lint', '--format', 'sarif', '--output', 'out/report.sarif'], { cwd: dir });
    assert.is(r.exitCode, 0);
    assert.is(r.stdout, '');
    assert.is(JSON.parse(readFileSync(path.join(dir, 'out', 'report.sarif'), 'utf8')).version, '2.1.0');
    assert.equal(readdirSync(path.join(dir, 'out')), ['report.sarif']);
  } finally { cleanup(dir); }
});

test('github format appends a summary to $GITHUB_STEP_SUMMARY', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('UTILITY', 'UTILTY') });
  try {
    const summary = path.join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = await cliIn(['lint', '--format', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    assert.is(r.exitCode, 1);
    assert.match(r.stdout, /^::error file=templates\/a.yaml,line=4,col=11,.*title=tplsync category::"UTILTY" is not a valid category; did you mean 'UTILITY'\?/m);
    const s = readFileSync(summary, 'utf8');
    assert.ok(s.startsWith('# earlier step\n'), 'appended, not overwritten');
    assert.match(s, /## tplsync lint/);
  } finally { cleanup(dir); }
});

test('colour: never with NO_COLOR or when not a TTY, FORCE_COLOR forces it', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('UTILITY', 'UTILTY') });
  try {
    assert.not.match((await cliIn(['lint'], { cwd: dir })).stdout, /\x1b\[/);
    assert.not.match((await cliIn(['lint'], { cwd: dir, env: { NO_COLOR: undefined } })).stdout, /\x1b\[/);
    assert.match((await cliIn(['lint'], { cwd: dir, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } })).stdout, /\x1b\[/);
  } finally { cleanup(dir); }
});

// cross-file findings: test/lint-in-process.test.ts

test('many files are linted on worker threads with the same result as in one thread', async () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 300; i++) files[`templates/t${i}.yaml`] = VALID.replace('order_ready', `t${i}`).replace(i % 7 === 0 ? 'UTILITY' : '#', 'UTILTY');
  const dir = project(files);
  try {
    const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const out = JSON.parse(r.stdout);
    assert.is(out.summary.files, 300);
    assert.is(out.summary.errors, Math.ceil(300 / 7));
    const files2 = out.diagnostics.map((d: { file: string }) => d.file);
    assert.equal(files2, [...files2].sort(), 'sorted, deterministic');
  } finally { cleanup(dir); }
});

test('--cache reuses unchanged files, notices changed ones, and applies the config afresh', async () => {
  const dir = project({ 'templates/a.yaml': VALID, 'templates/b.yaml': VALID.replace('order_ready', 'b').replace('en_US', 'xx_YY') });
  try {
    let r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 0 of 2 files unchanged/);
    const first = JSON.parse(r.stdout);
    assert.ok(existsSync(path.join(dir, '.tplsync', 'lint-cache.json')));
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 2 of 2 files unchanged/);
    assert.equal(JSON.parse(r.stdout), first, 'the same report from the cache');
    // a changed file is linted again
    writeFileSync(path.join(dir, 'templates', 'a.yaml'), VALID.replace('UTILITY', 'UTILTY'));
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 1 of 2 files unchanged/);
    assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string }) => d.ruleId === 'category'));
    // severities come from the config on every run, cached or not
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}rules:\n  language-unknown: off\n`);
    r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    assert.not.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string }) => d.ruleId === 'language-unknown'));
    // files untouched for a while are proven unchanged by their stat alone, without being read
    const old = new Date(Date.now() - 3_600_000);
    for (const f of ['a.yaml', 'b.yaml']) utimesSync(path.join(dir, 'templates', f), old, old);
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 2 of 2 files unchanged since the last run \(0 proven by their stat/, 'a new mtime: both read again, and their hashes match');
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 2 of 2 files unchanged since the last run \(2 proven by their stat/);
    const whole = JSON.parse(r.stdout);
    assert.ok(existsSync(path.join(dir, '.tplsync', 'lint-cache.json.run.json')), 'the whole run was kept');
    // the run's answer is reused only with the same settings: a severity set in the config applies at once
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}rules:\n  language-unknown: off\n  category: warning\n`);
    r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string; severity: string }) => d.ruleId === 'category' && d.severity === 'warning'), 'not the kept answer');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}rules:\n  language-unknown: off\n`);
    r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    assert.equal(JSON.parse(r.stdout), whole, 'back to the settings of the kept answer: the same report');
    const b = readFileSync(path.join(dir, 'templates', 'b.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'templates', 'b.yaml'), b.replace('UTILITY', 'UTILTY'));
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /lint cache: 1 of 2 files unchanged since the last run \(1 proven by their stat/);
    assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string; file: string }) => d.ruleId === 'category' && d.file.endsWith('b.yaml')), 'the edited file was linted again');
    // a damaged cache is an empty one (all three files: whether the last run was kept whole
    // depends on whether b.yaml's mtime was a second old by then, which is the machine's speed)
    for (const f of ['lint-cache.json', 'lint-cache.json.run.json', 'lint-cache.json.run.json.out']) writeFileSync(path.join(dir, '.tplsync', f), '{ not json');
    r = await cliIn(['lint', '--cache', '--debug'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /lint cache: 0 of 2 files unchanged/);
  } finally { cleanup(dir); }
});

test('--cache keeps the rendered report beside the run: reused only for the same run, format and settings', async () => {
  const dir = project({ 'templates/a.yaml': VALID, 'templates/b.yaml': VALID.replace('order_ready', 'b').replace('UTILITY', 'UTILTY'), 'templates/c.yaml': VALID.replace('order_ready', 'c').replace('Hello {{1}}, your order is ready for pickup at the store.', 'Hello {{1}}, your order {{2}} shipped.').replace('{ 1: Ana }', '{ 1: Ana, 2: A-1 }') });
  try {
    const old = new Date(Date.now() - 3_600_000);
    for (const f of ['a.yaml', 'b.yaml', 'c.yaml']) utimesSync(path.join(dir, 'templates', f), old, old);
    const fresh = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const plain = await cliIn(['lint'], { cwd: dir, env: { NO_COLOR: '1' } });
    let r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.not.match(r.stderr, /rendered last time reused/);
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /rendered last time reused/);
    assert.is(r.stdout, fresh.stdout, 'the same report as a run without the cache');
    assert.is(r.exitCode, fresh.exitCode);
    // the exit code follows the kept counts: the category error, and a warning
    const counts = JSON.parse(fresh.stdout).summary;
    assert.ok(counts.warnings >= 1 && counts.errors >= 1, JSON.stringify(counts));
    // another format is rendered, not served the JSON
    r = await cliIn(['lint', '--cache', '--debug'], { cwd: dir, env: { NO_COLOR: '1' } });
    assert.not.match(r.stderr, /rendered last time reused/);
    assert.is(r.stdout, plain.stdout);
    r = await cliIn(['lint', '--cache', '--debug'], { cwd: dir, env: { NO_COLOR: '1' } });
    assert.match(r.stderr, /rendered last time reused/);
    assert.is(r.stdout, plain.stdout);
    // without the error, --max-warnings decides from the kept counts
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}rules:\n  category: off\n`);
    for (let i = 0; i < 2; i++) r = await cliIn(['lint', '--cache', '--debug', '--max-warnings', '0', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /rendered last time reused/);
    assert.match(r.stderr, /warnings?, more than --max-warnings 0/);
    assert.is(r.exitCode, 1);
    r = await cliIn(['lint', '--cache', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 0, 'no error and no limit: exit 0 from the kept counts');
    // a changed file: neither the run nor its report is reused
    writeFileSync(path.join(dir, 'templates', 'a.yaml'), VALID.replace('en_US', 'en_XX'));
    r = await cliIn(['lint', '--cache', '--debug', '--format', 'json'], { cwd: dir });
    assert.not.match(r.stderr, /rendered last time reused/);
    assert.ok(JSON.parse(r.stdout).diagnostics.some((d: { ruleId: string; file: string }) => d.file.endsWith('a.yaml')));
  } finally { cleanup(dir); }
});

test('--help lists the exit codes; --version prints the version', async () => {
  const h = await cliIn(['--help']);
  assert.is(h.exitCode, 0);
  assert.match(h.stdout, /Exit codes:[\s\S]*70 +internal error/);
  const lh = await cliIn(['lint', '--help']);
  assert.match(lh.stdout, /--max-warnings/);
  // asked for: exit 0; shown for want of a command (a CI step whose command expanded to nothing): a usage error, on stderr
  assert.is((await cliIn(['help'])).exitCode, 0);
  const none = await cliIn([]);
  assert.is(none.exitCode, 3);
  assert.match(none.stderr, /^Usage: tplsync \[options\] \[command\]/);
  assert.is(none.stdout, '');
  const v = await cli(['--version']); // the bin's fast path: only a process shows it
  assert.is(v.stdout.trim(), JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  assert.ok(existsSync(path.join(ROOT, 'dist', 'cli', 'main.js')));
});

test.run();
