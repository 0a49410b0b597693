// export --to meta: the files as Meta's create requests; pull --from meta of the output gives the
// same files back (CLI, every fixture written from Meta's pages); RCS content is listed, exit 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, FIXTURES, tempDir, writeFiles } from './helpers.ts';

const META = path.join(FIXTURES, 'meta');
const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n`;
const strip = (t: string) => t.split('\n').filter((l) => !l.startsWith('#')).join('\n');

test('pull --from meta, export --to meta, pull --from meta again: the same files', async () => {
  const dir = tempDir('tplsync-export-meta-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
    const fixtures = readdirSync(META).filter((f) => f.endsWith('.json') && !f.startsWith('not-'));
    for (const f of fixtures) {
      const r = await cliIn(['pull', '--from', 'meta', path.join(META, f), '--channel', 'wa', '--dir', 'templates'], { cwd: dir });
      assert.ok(r.exitCode === 0 || r.exitCode === 1, r.stderr);
    }
    const written = readdirSync(path.join(dir, 'templates')).sort();
    assert.ok(written.length >= 8, written.join(','));
    const ex = await cliIn(['export', '--to', 'meta', '--out', 'meta.json'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    const requests = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { name: string; components: unknown[] }[];
    assert.is(requests.length, written.length);
    assert.ok(requests.every((r) => Array.isArray(r.components) && r.components.length > 0));
    const back = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'wa', '--dir', 'back', '--force'], { cwd: dir });
    assert.is(back.exitCode, 0, back.stderr);
    for (const f of written) assert.is(strip(readFileSync(path.join(dir, 'back', f), 'utf8')), strip(readFileSync(path.join(dir, 'templates', f), 'utf8')), f);
    // pulled --force over the project's own files, which already say what the export has: each left byte for byte
    const before = written.map((f) => readFileSync(path.join(dir, 'templates', f), 'utf8'));
    const over = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'wa', '--force'], { cwd: dir });
    assert.is(over.exitCode, 0, over.stderr);
    assert.equal(written.map((f) => readFileSync(path.join(dir, 'templates', f), 'utf8')), before);
    assert.is(over.stdout.split('\n').filter((l) => l.includes('already as the export has it (not written)')).length, written.length, over.stdout);
  } finally { cleanup(dir); }
});

test('export --to meta and --to twilio write a literal \\((name)) as the text ((name)), as apply does, also in a template without a real reference', async () => {
  const dir = tempDir('tplsync-export-literal-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      // a text Meta holds with ((STOP)) in it, and one with a backslash before it (C:\((x)) written as pull writes it)
      'meta.json': JSON.stringify({ data: [
        { name: 'fee_alert', language: 'en_US', category: 'UTILITY', status: 'APPROVED', id: '1', components: [{ type: 'BODY', text: 'Hello {{1}}, reply ((STOP)) to stop these fee alerts on your account.', example: { body_text: [['Ana']] } }] },
        { name: 'path_note', language: 'en_US', category: 'UTILITY', status: 'APPROVED', id: '2', components: [{ type: 'BODY', text: 'Hello {{1}}, the report is saved in C:\\((reports)) on your computer today.', example: { body_text: [['Ana']] } }] },
      ] }),
    });
    const pulled = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'wa', '--dir', 'templates'], { cwd: dir });
    assert.is(pulled.exitCode, 0, pulled.stderr);
    assert.match(readFileSync(path.join(dir, 'templates', 'fee_alert.en_US.yaml'), 'utf8'), 'reply \\((STOP))');
    const meta = await cliIn(['export', '--to', 'meta'], { cwd: dir });
    assert.is(meta.exitCode, 0, meta.stderr);
    const texts = (JSON.parse(meta.stdout) as { name: string; components: { type: string; text?: string }[] }[]).map((r) => r.components.find((c) => c.type === 'BODY')!.text);
    assert.equal(texts.sort(), ['Hello {{1}}, reply ((STOP)) to stop these fee alerts on your account.', 'Hello {{1}}, the report is saved in C:\\((reports)) on your computer today.']);
    const twilio = await cliIn(['export', '--to', 'twilio'], { cwd: dir });
    assert.is(twilio.exitCode, 0, twilio.stderr);
    assert.match(twilio.stdout, '"body": "Hello {{1}}, reply ((STOP)) to stop these fee alerts on your account."');
    assert.not.match(twilio.stdout, '\\\\((STOP))');
    // read back: the same files
    writeFiles(dir, { 'out.json': meta.stdout });
    const back = await cliIn(['pull', '--from', 'meta', 'out.json', '--channel', 'wa', '--dir', 'back', '--force'], { cwd: dir });
    assert.is(back.exitCode, 0, back.stderr);
    for (const f of ['fee_alert.en_US.yaml', 'path_note.en_US.yaml']) assert.is(strip(readFileSync(path.join(dir, 'back', f), 'utf8')), strip(readFileSync(path.join(dir, 'templates', f), 'utf8')), f);
  } finally { cleanup(dir); }
});

test('an RCS-only template is not exported and is listed (exit 1); lint errors stop the export', async () => {
  const dir = tempDir('tplsync-export-meta-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/card.yaml': 'channel: rcs\nname: parcel_card\nlanguage: en_US\ndescription: Parcel\nmessage:\n  type: text\n  message: "Your parcel {{order_id}} is on its way to you."\n  examples: { order_id: A-1042 }\n',
      'templates/ok.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const r = await cliIn(['export', '--to', 'meta'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, 'parcel_card/en_US');
    assert.match(r.stderr, 'RCS-only');
    assert.equal((JSON.parse(r.stdout) as { name: string }[]).map((x) => x.name), ['order_ready']);
    writeFiles(dir, { 'templates/bad.yaml': 'channel: wa\nname: Bad\nlanguage: en_US\ncategory: UTILTY\nbody:\n  text: "Hi"\n' });
    const bad = await cliIn(['export', '--to', 'meta'], { cwd: dir });
    assert.is(bad.exitCode, 1);
    assert.match(bad.stderr, 'nothing was exported');
    const to = await cliIn(['export', '--to', 'twitter'], { cwd: dir });
    assert.is(to.exitCode, 3);
  } finally { cleanup(dir); }
});

test('pull --from meta --force over a file whose named header placeholder takes the body\'s sample: already as the export has it, not written', async () => {
  const dir = tempDir('tplsync-export-meta-');
  try {
    // docs/format.md: a named header placeholder without a sample of its own takes the body's; the export gives the header its sample
    const file = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: "Order {{order_id}}"\nbody:\n  text: "Hi {{first_name}}, order {{order_id}} is ready for pickup."\n  examples: { first_name: Ana, order_id: A-1042 }\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': file });
    const ex = await cliIn(['export', '--to', 'meta', '--out', 'meta.json'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    assert.match(readFileSync(path.join(dir, 'meta.json'), 'utf8'), 'header_text_named_params');
    const over = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'wa', '--force'], { cwd: dir });
    assert.is(over.exitCode, 0, over.stderr);
    assert.match(over.stdout, 'templates/order_ready.en_US.yaml: order_ready/en_US already as the export has it (not written)');
    assert.is(readFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), 'utf8'), file, 'byte for byte');
    // the header's own sample, another than the body's: the export says something else, and the file is written with it
    const other = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { components: { type: string; example?: { header_text_named_params?: { example: string }[] } }[] }[];
    other[0]!.components.find((c) => c.type === 'HEADER')!.example!.header_text_named_params![0]!.example = 'B-7';
    writeFiles(dir, { 'other.json': JSON.stringify(other) });
    const changed = await cliIn(['pull', '--from', 'meta', 'other.json', '--channel', 'wa', '--force'], { cwd: dir });
    assert.is(changed.exitCode, 0, changed.stderr);
    assert.not.match(changed.stdout, /already as the export has it/);
    assert.match(readFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), 'utf8'), /header:[\s\S]*order_id: B-7/);
  } finally { cleanup(dir); }
});

test.run();
