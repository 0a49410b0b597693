// pull --force over a file keeps every line it did not change byte for byte, the spaces before a line's comment
// included (as fmt keeps them: comments aligned in a column stay aligned). (trial-aa F10: `category: UTILITY  # reviewed
// by legal` came back with one space before the #, on a line the pull did not touch, in every pulled file.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { keepComments } from '../src/pull/keep-comments.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const EN = 'channel: wa         # the alias\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY  # reviewed by legal\nbody:\n  text: "Good news {{customer}}: order {{order_id}} shipped."\n  examples: { customer: Ann, order_id: "4711" }  # sample\nfooter: Acme Stores Limited\n';
const FILE = 'templates/order_shipped.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };

test('keepComments: a line the channel did not change keeps the spaces before its comment', () => {
  const before = 'name: x\ncategory: UTILITY  # reviewed by legal\nfooter: old\t# tabbed\n';
  const out = keepComments(before, 'name: x\ncategory: UTILITY\nfooter: new\n');
  assert.match(out, 'category: UTILITY  # reviewed by legal\n');
  assert.match(out, 'footer: new\t# tabbed\n');
});

test('F10: pull --force over a locally edited file: the lines it did not change are the file\'s, byte for byte', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-pull-gaps-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`, [FILE]: EN });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFileSync(path.join(dir, FILE), EN.replace('Acme Stores Limited', 'Acme LOCAL'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const lines = readFileSync(path.join(dir, FILE), 'utf8').split('\n');
    for (const l of EN.split('\n').filter(Boolean)) assert.ok(lines.includes(l), `kept as written: ${l}\n${lines.join('\n')}`);
  } finally { cleanup(dir); await emu.close(); }
});

// trial-bl F3: a forced pull over a file moved its header comment (the schema modeline and the note a first pull writes, then a
// blank line) onto the first key and took the blank line out: every forced re-pull of a pulled file made that diff line.
test('keepComments: the header keeps the blank line after it where the file has one, and has none where the file has none', () => {
  const header = '# yaml-language-server: $schema=../schema/template.schema.json\n# Pulled from a Meta (WhatsApp Business) export by tplsync 0.1.0 on 2026-12-03.\n';
  const body = 'channel: wa\nname: x\nlanguage: en_US\nbody:\n  text: Hello there, your order is ready.\n';
  const pulled = body.replace('your order', 'the order');
  assert.is(keepComments(`${header}\n${body}`, pulled), `${header}\n${pulled}`);
  assert.is(keepComments(`${header}${body}`, pulled), `${header}${pulled}`);
  // a header of two blocks: both kept as they are
  assert.is(keepComments(`# team\n\n# about the alias\n${body}`, pulled), `# team\n\n# about the alias\n${pulled}`);
});

test('F3: pull --from meta --force over a pulled file: nothing but the change, the blank line after the header kept', async () => {
  const dir = tempDir('tplsync-pull-gaps-');
  try {
    const listing = (text: string) => JSON.stringify({ data: [{ name: 'autumn_lookbook', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '1', parameter_format: 'POSITIONAL',
      components: [{ type: 'BODY', text, example: { body_text: [['Ana']] } }, { type: 'FOOTER', text: 'Reply STOP to opt out' }] }] });
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/t.json\n    channels: { wa: ${CHANNEL_A} }\n`, 'export.json': listing('Hi {{1}}, the autumn lookbook is here.') });
    const file = path.join(dir, 'templates/autumn_lookbook.en_US.yaml');
    assert.is((await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'wa'], { cwd: dir })).exitCode, 0);
    const first = readFileSync(file, 'utf8');
    assert.match(first, /^# yaml-language-server: [^\n]*\n# Pulled from [^\n]*\n\nchannel: wa\n/);
    // the body edited in the file: the forced pull gives the file back as the first pull wrote it, byte for byte
    writeFileSync(file, first.replace('is here.', 'is HERE.'));
    const forced = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'wa', '--force'], { cwd: dir });
    assert.is(forced.exitCode, 0, forced.stderr);
    assert.is(readFileSync(file, 'utf8'), first);
    // the export's body changed: that line alone
    writeFiles(dir, { 'export.json': listing('Hi {{1}}, the autumn lookbook is out now.') });
    assert.is((await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'wa', '--force'], { cwd: dir })).exitCode, 0);
    assert.is(readFileSync(file, 'utf8'), first.replace('is here.', 'is out now.'));
  } finally { cleanup(dir); }
});

test('F3: pull --force from the channel over a file with a header and a blank line: the file back as it was, the blank line kept', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-pull-gaps-');
  try {
    const text = `# owned by the fulfilment team\n# Pulled from t by tplsync 0.1.0 on 2026-12-03.\n\n${EN}`;
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`, [FILE]: text });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    // a key taken out of the file (the footer): the channel's copy puts it back, a merge of the two (not an edit in place)
    writeFileSync(path.join(dir, FILE), text.replace('footer: Acme Stores Limited\n', ''));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(readFileSync(path.join(dir, FILE), 'utf8'), text);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
