// Hostile files stay outside: a template path that is a link out of the project (to another
// project's file, to /proc/self/environ), a FIFO, a read-only file, a file with a NUL byte, a
// template name of 300 characters. Each is a finding or left alone; nothing is read from outside,
// nothing is replaced, nothing hangs.
import { chmodSync, existsSync, lstatSync, readFileSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { boundedStem } from '../src/core/file-name.ts';
import { safeFileName } from '../src/model/to-file.ts';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';
const UNFORMATTED = 'channel: shop-whatsapp\nname: other\nlanguage: en_US\ncategory: UTILITY\nbody: {text: "Hello {{1}}, your order is ready for pickup at the store.", examples: {1: Ana}}\n';

function project(): { root: string; dir: string } {
  const root = tempDir('tplsync-hostile-');
  const dir = path.join(root, 'project');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': VALID });
  return { root, dir };
}

test('a link out of the project (another template, /proc/self/environ) is a finding; lint quotes nothing of it, fmt replaces nothing', async () => {
  const { root, dir } = project();
  try {
    const SECRET = 'canary-environ-0123456789abcdef';
    writeFiles(root, { 'elsewhere/other.en_US.yaml': UNFORMATTED.replace('Ana', SECRET) });
    symlinkSync(path.join(root, 'elsewhere/other.en_US.yaml'), path.join(dir, 'templates/other.en_US.yaml'));
    symlinkSync('/proc/self/environ', path.join(dir, 'templates/environ.yaml'));
    const env = { TPLSYNC_TEST_SECRET: SECRET };
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir, env });
    assert.is(lint.exitCode, 1, lint.stderr);
    const found = (JSON.parse(lint.stdout) as { diagnostics: { file: string; ruleId: string }[] }).diagnostics.map((d) => `${d.file} ${d.ruleId}`).sort();
    assert.equal(found, ['templates/environ.yaml file-outside-project', 'templates/other.en_US.yaml file-outside-project']);
    assert.not.match(lint.stdout + lint.stderr, SECRET);
    for (const args of [['fmt', '--check'], ['fmt']]) {
      const r = await cliIn(args, { cwd: dir, env });
      assert.is(r.exitCode, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout + r.stderr, 'file-outside-project');
      assert.not.match(r.stdout + r.stderr, /run `?tplsync fmt/);
      assert.not.match(r.stdout + r.stderr, SECRET);
    }
    assert.ok(lstatSync(path.join(dir, 'templates/other.en_US.yaml')).isSymbolicLink(), 'the link is still a link');
    assert.ok(lstatSync(path.join(dir, 'templates/environ.yaml')).isSymbolicLink());
    assert.is(readFileSync(path.join(root, 'elsewhere/other.en_US.yaml'), 'utf8'), UNFORMATTED.replace('Ana', SECRET), 'the file outside is untouched');
    // named on the command line, the outside file is the user's choice: it is checked
    const named = await cliIn(['lint', 'templates/other.en_US.yaml'], { cwd: dir });
    assert.is(named.exitCode, 0, named.stdout + named.stderr);
  } finally { cleanup(root); }
});

test('the project is the config\'s folder and the folders its globs start from: a config in a subfolder with ../templates, and a templates folder that is a link, are read the same with or without a link inside; a link out of them is refused', async () => {
  const root = tempDir('tplsync-roots-');
  try {
    // a config in its own folder, its templates beside it (format.md: globs are relative to the config)
    writeFiles(root, { 'a/config/tplsync.yaml': CONFIG.replace('templates/**/*.yaml', '../templates/**/*.{yaml,yml}'), 'a/templates/order_ready.en_US.yaml': VALID });
    const sub = await cliIn(['--config', 'config/tplsync.yaml', 'lint'], { cwd: path.join(root, 'a') });
    assert.is(sub.exitCode, 0, sub.stdout + sub.stderr);
    // a templates folder that is a link to a shared folder: its files are read whether or not a link lies among them
    writeFiles(root, { 'shared/wa/order_ready.en_US.yaml': VALID, 'b/tplsync.config.yaml': CONFIG, 'b/real/order_later.en_US.yaml': VALID.replace('order_ready', 'order_later') });
    symlinkSync(path.join(root, 'shared'), path.join(root, 'b', 'templates'));
    const linked = await cliIn(['lint'], { cwd: path.join(root, 'b') });
    assert.is(linked.exitCode, 0, linked.stdout + linked.stderr);
    symlinkSync(path.join(root, 'b/real/order_later.en_US.yaml'), path.join(root, 'shared/wa/order_later.en_US.yaml'));
    const withLink = await cliIn(['lint'], { cwd: path.join(root, 'b') });
    assert.is(withLink.exitCode, 0, withLink.stdout + withLink.stderr);
    // a link out of both: refused, saying where the project's files may lie
    writeFiles(root, { 'elsewhere/other.en_US.yaml': VALID.replace('order_ready', 'other') });
    symlinkSync(path.join(root, 'elsewhere/other.en_US.yaml'), path.join(root, 'shared/wa/other.en_US.yaml'));
    const out = await cliIn(['lint'], { cwd: path.join(root, 'b') });
    assert.is(out.exitCode, 1, out.stdout + out.stderr);
    assert.match(out.stdout, 'file-outside-project');
    assert.match(out.stdout, 'the folders its templates globs start from');
  } finally { cleanup(root); }
});

test('a FIFO among the templates is a finding, and nothing waits on it', async () => {
  const { root, dir } = project();
  try {
    await execa('mkfifo', [path.join(dir, 'templates/pipe.yaml')]);
    // alone (the quick walk of the globs found it, and skipped it in silence), then beside a link to it
    const alone = await cliIn(['lint'], { cwd: dir });
    assert.is(alone.exitCode, 1, alone.stdout + alone.stderr);
    assert.match(alone.stdout + alone.stderr, /it is a FIFO/);
    // named on the command line: said for what it is, not "no such file"
    const named = await cliIn(['lint', 'templates/pipe.yaml'], { cwd: dir });
    assert.is(named.exitCode, 3, named.stdout + named.stderr);
    assert.match(named.stderr, 'is neither a file nor a folder (a named pipe, a device or a socket)');
    symlinkSync(path.join(dir, 'templates/pipe.yaml'), path.join(dir, 'templates/pipe-link.yaml'));
    for (const args of [['lint'], ['fmt', '--check']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stdout + r.stderr, /it is a FIFO/);
    }
  } finally { cleanup(root); }
});

test('fmt leaves a read-only file and a file with a NUL byte as they are, and says so', async () => {
  const { root, dir } = project();
  try {
    writeFiles(dir, { 'templates/ro.en_US.yaml': UNFORMATTED.replace('other', 'ro'), 'templates/nul.en_US.yaml': UNFORMATTED.replace('other', 'nul').replace('store.', 'store.\u0000') });
    chmodSync(path.join(dir, 'templates/ro.en_US.yaml'), 0o444);
    const before = readFileSync(path.join(dir, 'templates/nul.en_US.yaml'));
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /ro\.en_US\.yaml.*read-only/);
    assert.match(r.stdout + r.stderr, /nul\.en_US\.yaml[\s\S]*A NUL byte \(0x00\) at offset \d+/);
    assert.is(readFileSync(path.join(dir, 'templates/ro.en_US.yaml'), 'utf8'), UNFORMATTED.replace('other', 'ro'));
    assert.is(statSync(path.join(dir, 'templates/ro.en_US.yaml')).mode & 0o777, 0o444);
    assert.equal(readFileSync(path.join(dir, 'templates/nul.en_US.yaml')), before);
  } finally { cleanup(root); }
});

test('fmt keeps a file\'s mode when it rewrites it', async () => {
  const { root, dir } = project();
  try {
    writeFiles(dir, { 'templates/x.en_US.yaml': UNFORMATTED.replace('other', 'x') });
    chmodSync(path.join(dir, 'templates/x.en_US.yaml'), 0o640);
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is.not(readFileSync(path.join(dir, 'templates/x.en_US.yaml'), 'utf8'), UNFORMATTED.replace('other', 'x'));
    assert.is(statSync(path.join(dir, 'templates/x.en_US.yaml')).mode & 0o777, 0o640);
  } finally { cleanup(root); }
});

test('a template name of 300 characters: preview writes its page under a bounded name', async () => {
  const { root, dir } = project();
  try {
    const long = `order_${'x'.repeat(294)}`;
    writeFiles(dir, { 'templates/long.en_US.yaml': VALID.replace('order_ready', long) });
    const r = await cliIn(['preview', '--out', 'preview'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const pages = readdirSync(path.join(dir, 'preview'));
    assert.ok(pages.every((p) => Buffer.byteLength(p) <= 255), pages.join('\n'));
    assert.ok(pages.some((p) => p.startsWith('shop-whatsapp_order_xxx') && /_[0-9a-f]{12}\.html$/.test(p)), pages.join('\n'));
    assert.ok(existsSync(path.join(dir, 'preview', 'index.html')));
  } finally { cleanup(root); }
});

test('boundedStem and safeFileName: short names as they were, long ones cut with a hash, distinct', () => {
  assert.is(boundedStem('shop/order_ready/en_US'), 'shop_order_ready_en_US');
  const a = boundedStem(`${'a'.repeat(200)}1`);
  const b = boundedStem(`${'a'.repeat(200)}2`);
  assert.ok(a.length <= 120 && b.length <= 120);
  assert.is.not(a, b);
  assert.is(safeFileName('order_ready', 'en_US'), 'order_ready.en_US.yaml');
  assert.ok(Buffer.byteLength(safeFileName('n'.repeat(512), 'en_US')) <= 255);
  // a name's own underscores stay: promo_a_ and _promo_a are not promo_a (one file would hold two templates)
  assert.is(safeFileName('promo_a_', 'en_US'), 'promo_a_.en_US.yaml');
  assert.is(safeFileName('_promo_a', 'en_US'), '_promo_a.en_US.yaml');
  assert.is.not(safeFileName('promo_a_', 'en_US'), safeFileName('promo_a', 'en_US'));
  // other characters: none at the ends, one _ inside (no hidden file, no path)
  assert.is(safeFileName('../etc/passwd', 'en_US'), 'etc_passwd.en_US.yaml');
  assert.is(safeFileName('.hidden', 'en_US'), 'hidden.en_US.yaml');
});

test.run();
