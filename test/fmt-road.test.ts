// fmt goes the loading stage's road: a file lint rejects for its encoding, size, syntax or
// emptiness is reported with its file and line and left byte-identical (exit 1); anchors and
// aliases never crash it; one file that cannot be formatted stops nothing else.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\n';
const GOOD = [
  'name: order_ready', 'channel: shop-whatsapp', 'language: en_US', 'category: UTILITY', 'description: Ready',
  'body:', '  text: "Hi {{1}}, your order is ready for pickup at the counter."', '  examples: { 1: Maria }', '',
].join('\n');

function project(files: Record<string, string | Uint8Array>): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return dir;
}
const bytes = (dir: string, f: string) => readFileSync(path.join(dir, 'templates', f));

test('Latin-1, oversize and empty files are reported with file and line and left byte-identical; the good file is still formatted', async () => {
  const latin1 = Buffer.from('channel: shop-whatsapp\nname: ola\nlanguage: pt_BR\ncategory: UTILITY\nbody:\n  text: "Ol\xe1, {{1}}!"\n', 'latin1');
  const big = `# ${'x'.repeat(1024 * 1024)}\nname: big\n`;
  const dir = project({ 'templates/a_latin1.yaml': latin1, 'templates/b_big.yaml': big, 'templates/c_empty.yaml': '', 'templates/d_good.yaml': GOOD });
  try {
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /templates\/a_latin1\.yaml:6:\d+: not formatted: Byte 0xe1 .* is not valid UTF-8.* \(encoding\)/);
    assert.match(r.stderr, /templates\/b_big\.yaml:1:1: not formatted: File is \d+ bytes.* \(file-too-large\)/);
    assert.match(r.stderr, /templates\/c_empty\.yaml:1:1: not formatted: The file is empty/);
    assert.ok(bytes(dir, 'a_latin1.yaml').equals(latin1), 'Latin-1 bytes untouched');
    assert.is(bytes(dir, 'b_big.yaml').toString('utf8'), big);
    assert.is(bytes(dir, 'c_empty.yaml').length, 0, 'an empty file stays empty (not "null")');
    assert.ok(bytes(dir, 'd_good.yaml').toString('utf8').startsWith('channel: shop-whatsapp\nname: order_ready\n'), 'the good file was formatted');
    assert.match(r.stdout, /1 of 4 files reformatted; 3 left as they are/);
    const check = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.is(check.exitCode, 1);
    assert.not.match(check.stdout, /d_good/);
  } finally { cleanup(dir); }
});

test('a UTF-16 file (as Windows editors save it) is named as such, and left as it is', async () => {
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(GOOD, 'utf16le')]);
  const dir = project({ 'templates/wide.yaml': utf16 });
  try {
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 1);
    assert.match(lint.stdout, /Byte 0xff at offset 0 is not valid UTF-8 \(the file is UTF-16, little-endian\); save the file as UTF-8/);
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.ok(bytes(dir, 'wide.yaml').equals(utf16), 'bytes untouched');
  } finally { cleanup(dir); }
});

test('an anchor under body used under header: no crash, the file keeps a valid layout and its meaning', async () => {
  const text = [
    'channel: shop-whatsapp', 'name: anchored', 'language: en_US', 'category: UTILITY', 'description: Anchors',
    'body:', '  text: &greeting "Hello there, your order is ready for pickup."', 'header:', '  format: TEXT', '  text: *greeting', '',
  ].join('\n');
  const dir = project({ 'templates/anchor.yaml': text, 'templates/good.yaml': GOOD });
  try {
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is.not(r.exitCode, 70, r.stderr);
    assert.not.match(r.stderr, /internal error|Unresolved alias/);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /anchor\.yaml: keys left in the file's order/);
    const after = bytes(dir, 'anchor.yaml').toString('utf8');
    assert.match(after, /&greeting/);
    assert.ok(after.indexOf('&greeting') < after.indexOf('*greeting'), 'the anchor still comes before its alias');
    const again = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(JSON.parse(again.stdout).summary, JSON.parse(lint.stdout).summary, 'same findings after formatting');
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0, 'a second run changes nothing');
  } finally { cleanup(dir); }
});

test('numbers keep their writing: fmt, lint --fix and a new file of a translation write 0042, 010, +7, .5, 12e0, 1e3, 0x1F and 19.90 as the file does', async () => {
  const nums = '{ 1: 0042, 2: 010, 3: +7, 4: .5, 5: 12e0, 6: 1e3, 7: 0x1F, 8: 19.90 }';
  const text = ['name: nums', 'channel: shop-whatsapp', 'language: en_US', 'category: MARKETING',
    'body:', '  text: "Hi {{1}}, {{2}} {{3}} {{4}} {{5}} {{6}} {{7}} {{8}} and some more words to read here today, {{ 1 }}."', `  examples: ${nums}`, ''].join('\n');
  const dir = project({ 'templates/nums.yaml': text });
  try {
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const formatted = bytes(dir, 'nums.yaml').toString('utf8');
    assert.match(formatted, /^channel: shop-whatsapp\nname: nums\n/, 'keys reordered');
    assert.match(formatted, `examples: ${nums}`);
    // lint --fix repairs {{ 1 }} and leaves the numbers as written
    const fixed = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.match(bytes(dir, 'nums.yaml').toString('utf8'), `and some more words to read here today, {{1}}."\n  examples: ${nums}`, fixed.stdout + fixed.stderr);
  } finally { cleanup(dir); }
});

test('a syntax error in one file of several: reported with its line, the file untouched, the others formatted', async () => {
  const broken = 'channel: shop-whatsapp\nname: [broken\n';
  const dir = project({ 'templates/a.yaml': GOOD, 'templates/b.yaml': broken, 'templates/c.yaml': GOOD.replace('order_ready', 'order_late') });
  try {
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /templates\/b\.yaml:\d+:\d+: not formatted: .*\(yaml-syntax\)/);
    assert.is(bytes(dir, 'b.yaml').toString('utf8'), broken);
    for (const f of ['a.yaml', 'c.yaml']) assert.ok(bytes(dir, f).toString('utf8').startsWith('channel: shop-whatsapp\n'), f);
    writeFileSync(path.join(dir, 'templates', 'b.yaml'), 'channel: x\nchannel: y\n');
    const dup = await cliIn(['fmt'], { cwd: dir });
    assert.match(dup.stderr, /b\.yaml:2:1: not formatted: .*\(yaml-duplicate-key\)/);
  } finally { cleanup(dir); }
});

test.run();
