// The mistakes people make writing YAML by hand, said with what to do: a ': ' inside an unquoted
// text (YAML reads a mapping), a key's colon without a space after it (`{ 1:Ana }`: one key, no
// value), a key twice (named, with where it first is), a line indented unlike its siblings (at its
// key, not at column 1). Each through lint, as a user reads it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const head = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n`;

test('a colon inside an unquoted text, a glued colon, a duplicate key and a bad indentation: each at its place, saying what to write', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/a.yaml': `${head('reminder')}  text: Reminder: your appointment with {{1}} is tomorrow at ten.\n  examples: { 1: Ana }\n`,
      'templates/b.yaml': `${head('glued')}  text: "Hello {{1}}, your order number one is ready for pickup."\n  examples: { 1:Ana }\n`,
      'templates/c.yaml': `${head('twice')}  text: "Hello {{1}}, your order number two is ready for pickup."\n  examples: { 1: Ana }\ncategory: MARKETING\n`,
      'templates/f.yaml': `${head('flowtwice')}  text: "Hello, your order number five is ready for pickup today."\nbuttons: [ { type: QUICK_REPLY, text: Track #1 } ]\n`,
      'templates/e.yaml': `${head('flowcut')}  text: "Hello {{n}}, your order number four is ready for pickup."\n  examples: { n: Ana #1 }\n`,
      'templates/d.yaml': `${head('indent')}  text: "Hello {{1}}, your order number three is ready for pickup."\n   examples: { 1: Ana }\n`,
    });
    const found = (await lintInProcess(dir)).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
    const one = (file: string, re: RegExp): void => assert.ok(found.some((f) => f.startsWith(file) && re.test(f)), `${file}: ${re}\n${found.join('\n')}`);
    one('templates/a.yaml:6:', /yaml-syntax .*A ': ' inside an unquoted text starts a mapping in YAML: quote the whole text, e\.g\. text: "Reminder: your appointment with \{\{1\}\} is tomorrow at ten\."/);
    one('templates/b.yaml:7:15', /schema '1:Ana' is read as one key with no value: a key's colon is followed by a space in YAML; write '1: Ana'/);
    assert.not.ok(found.some((f) => f.startsWith('templates/b.yaml:1:1')), 'nothing at the start of the file');
    one('templates/c.yaml:8:1', /yaml-duplicate-key Map keys must be unique: 'category' is in this mapping already \(line 4\); keep one of the two/);
    one('templates/d.yaml:7:4', /yaml-syntax All mapping items must start at the same column\. Indent it as the keys \(or items\) beside it are/);
    assert.is(found.filter((f) => f.startsWith('templates/f.yaml:')).length, 1, `one finding for one mistake:\n${found.join('\n')}`);
    one('templates/f.yaml:7:45', /yaml-syntax .*The # starts a comment inside/);
    one('templates/e.yaml:7:22', /yaml-syntax .*The # starts a comment inside \{ \.\.\. \} or \[ \.\.\. \]: YAML reads the rest of the line, its closing bracket too/);
  } finally { cleanup(dir); }
});

test('fmt: a file of comments alone, a !!binary value and a collection as a key are said in its words, with no warning of the YAML library on stderr', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/a.yaml': `${head('complex')}  text: "Hello {{1}}, your order is ready for pickup today."\n  examples: { 1: Ana }\n? [a, b]\n: x\n`,
      'templates/b.yaml': `${head('binary')}  text: !!binary aGVsbG8=\n`,
      'templates/c.yaml': '# only a comment\n# and another\n',
    });
    const r = await cliIn(['fmt'], { cwd: dir });
    // the tag is named where it stands, as lint names it (it was: the writer cannot write the value back)
    assert.match(r.stderr, 'templates/b.yaml:6:9: not formatted: A YAML tag: !!binary marks base64-encoded bytes');
    assert.match(r.stderr, 'templates/c.yaml:1:1: not formatted: The file holds only comments');
    assert.not.match(r.stderr, /Warning|Invalid array length|mapAsMap/);
  } finally { cleanup(dir); }
});

test('findings that said what is wrong now say what to do: a yes for a boolean, a sixth app, an event that ends before it starts', async () => {
  const dir = tempDir();
  try {
    const apps = Array.from({ length: 6 }, (_, i) => `      - { package_name: com.example.app${i}, signature_hash: ${'A'.repeat(11)} }`).join('\n');
    writeFiles(dir, {
      'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp }\n`,
      'templates/a.yaml': 'channel: shop-whatsapp\nname: otp_yes\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: yes\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n',
      'templates/b.yaml': `channel: shop-whatsapp\nname: otp_apps\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nbuttons:\n  - type: OTP\n    otp_type: ONE_TAP\n    text: Copy code\n    autofill_text: Autofill\n    supported_apps:\n${apps}\n`,
    });
    const found = (await lintInProcess(dir)).diagnostics.map((d) => `${d.file} ${d.ruleId} ${d.message}`);
    assert.ok(found.some((f) => /templates\/a\.yaml schema body\.add_security_recommendation must be a boolean, not a string; write true or false \(YAML reads 'yes' as text\)/.test(f)), found.join('\n'));
    assert.ok(found.some((f) => /templates\/b\.yaml .*At most 5 supported apps; this is app 6 of 6: remove one/.test(f)), found.join('\n'));
  } finally { cleanup(dir); }
});

// trial-bs F6: a key indented one space more than the key above it, whose value is on its line (` language: en_US`
// after `name: m7`), gave the parser's two raw messages at 2:7 ("Implicit keys need to be on a single line", "Nested
// mappings are not allowed in compact mappings") and no fix, where the tab and an over-indented nested key say what to do
test('trial-bs F6: a key indented more than the key above it is one finding at that key, saying where to indent it', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/m7.en_US.yaml': 'channel: shop-whatsapp\nname: m7\n language: en_US\ncategory: UTILITY\nbody:\n  text: hi\n',
      'templates/m8.en_US.yaml': `${head('m8')}  text: Hello {{1}}\n   examples: { 1: Ana }\n`,
      'templates/m9.en_US.yaml': `${head('m9')}  text: hi\nbuttons:\n  - type: QUICK_REPLY\n     text: Yes\n`,
    });
    const found = (await lintInProcess(dir)).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
    assert.not.ok(found.some((f) => /Implicit keys|Nested mappings/.test(f)), found.join('\n'));
    assert.equal(found.filter((f) => f.startsWith('templates/m7')), [
      'templates/m7.en_US.yaml:3:2 yaml-syntax `language:` is indented more than `name:` above it (line 2), whose value is on its line: YAML reads this line as more of that value. Indent it as the keys (or items) beside it are, with spaces: at the column of `name:` (column 1).',
    ]);
    // a text of words may have been meant to go on: that is said too
    assert.equal(found.filter((f) => f.startsWith('templates/m8')), [
      'templates/m8.en_US.yaml:7:4 yaml-syntax `examples:` is indented more than `text:` above it (line 6), whose value is on its line: YAML reads this line as more of that value. Indent it as the keys (or items) beside it are, with spaces: at the column of `text:` (column 3); or, if the line is more of the text, quote the whole text.',
    ]);
    // a key of a list item: the column of the item's first key
    assert.equal(found.filter((f) => f.startsWith('templates/m9')).map((f) => f.replace(/ whose.*at the column/, ' ... at the column')), [
      'templates/m9.en_US.yaml:9:6 yaml-syntax `text:` is indented more than `type:` above it (line 8), ... at the column of `type:` (column 5).',
    ]);
  } finally { cleanup(dir); }
});

test.run();
