// pull from the channel keeps names: the channel knows only numbers; --names-from meta FILE takes
// the names from a Meta export of the same templates (by name and language), so the pulled file
// reads as the team wrote it and still plans with no changes; a part whose placeholder count
// differs, or a template the export lacks, is reported (exit 1) and kept numbered, never guessed.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const ORDER = 'channel: wa\nname: order_named\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: "Order for {{first_name}}"\n  examples: { first_name: Ana }\nbody:\n  text: "Hi {{first_name}}, order {{order_id}} ships on {{ship_date}}."\n  examples: { first_name: Ana, order_id: A-1042, ship_date: Monday }\n';
const OTHER = 'channel: wa\nname: other_named\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{who}}, your code is ready to use."\n  examples: { who: Ana }\n';

test('--names-from meta: names back from a Meta export, plan with no changes; a count that differs and a template the export lacks are reported', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-names-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/order.yaml': ORDER, 'templates/other.yaml': OTHER,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    assert.is((await cliIn(['export', '--to', 'meta', 'templates/order.yaml', '--out', 'meta.json'], { cwd: dir })).exitCode, 0);
    rmSync(path.join(dir, 'templates'), { recursive: true });
    const ids = ['--id', templateId(CHANNEL_A, 'order_named', 'en_US'), templateId(CHANNEL_A, 'other_named', 'en_US')];
    // without names: numbers, the read's samples
    const plain = await cliIn(['pull', '--channel', 'wa', ...ids, '--dir', 'numbered'], { cwd: dir, env });
    assert.is(plain.exitCode, 0, plain.stderr);
    assert.match(readFileSync(path.join(dir, 'numbered', 'order_named.en_US.yaml'), 'utf8'), /text: Hi \{\{1\}\}, order \{\{2\}\} ships on \{\{3\}\}\.\n\s+examples:\n\s+"1": Ana\n\s+"2": A-1042\n\s+"3": Monday/);
    rmSync(path.join(dir, 'numbered'), { recursive: true });
    const r = await cliIn(['pull', '--channel', 'wa', ...ids, '--dir', 'templates', '--names-from', 'meta', 'meta.json'], { cwd: dir, env });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, 'other_named/en_US: not in the --names-from export');
    const order = readFileSync(path.join(dir, 'templates', 'order_named.en_US.yaml'), 'utf8');
    assert.match(order, /text: Hi \{\{first_name\}\}, order \{\{order_id\}\} ships on \{\{ship_date\}\}\.\n\s+examples:\n\s+first_name: Ana\n\s+order_id: A-1042\n\s+ship_date: Monday/);
    assert.match(order, /text: Order for \{\{first_name\}\}\n\s+examples:\n\s+first_name: Ana/);
    assert.match(readFileSync(path.join(dir, 'templates', 'other_named.en_US.yaml'), 'utf8'), /Hello \{\{1\}\}/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    // an export whose body has another count of placeholders: reported, kept numbered
    const meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as { components: { type: string; text?: string }[] }[];
    const body = meta[0]!.components.find((x) => x.type === 'BODY')!;
    body.text = 'Hi {{first_name}}, order {{order_id}} ships soon.';
    writeFiles(dir, { 'meta2.json': JSON.stringify(meta) });
    const m = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_named', 'en_US'), '--dir', 'templates', '--force', '--names-from', 'meta', 'meta2.json'], { cwd: dir, env });
    assert.is(m.exitCode, 1, m.stderr);
    assert.match(m.stderr, 'order_named/en_US: body: the Meta export has 2 placeholders, the channel\'s template 3: kept numbered');
    assert.match(readFileSync(path.join(dir, 'templates', 'order_named.en_US.yaml'), 'utf8'), /Hi \{\{1\}\}, order \{\{2\}\}/);
    const bad = await cliIn(['pull', '--channel', 'wa', ...ids, '--names-from', 'twilio', 'x.json'], { cwd: dir, env });
    assert.is(bad.exitCode, 3);
  } finally { cleanup(dir); await emu.close(); }
});

// trial K F6: a Meta export worded otherwise than the channel's copy, with as many placeholders: names were put on by position
// (`Your order {{customer_name}} ships on {{order_id}}`, exit 0). Now a name is given only where the fixed text around the
// placeholders is the same, or the samples tell which is which; otherwise the template stays numbered and that is said
test('--names-from meta: a Meta export worded otherwise names the channel\'s placeholders only by their samples, never by position', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-names-differ-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/order_update.en.yaml': 'channel: wa\nname: order_update\nlanguage: en\ncategory: UTILITY\nbody:\n  text: Your order {{1}} ships on {{2}}. Thanks for shopping with us, {{3}}!\n  examples: { "1": A-1042, "2": May 4, "3": Maria }\n',
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const meta = (samples: [string, string, string], text = 'Hi {{customer_name}}, your order {{order_id}} ships on {{ship_date}}. Thanks for shopping with us!') => JSON.stringify({ data: [{ name: 'order_update', parameter_format: 'NAMED', language: 'en', status: 'APPROVED', category: 'UTILITY', id: '1111111111111111',
      components: [{ type: 'BODY', text, example: { body_text_named_params: [{ param_name: 'customer_name', example: samples[0] }, { param_name: 'order_id', example: samples[1] }, { param_name: 'ship_date', example: samples[2] }] } }] }] });
    writeFiles(dir, {
      'meta.json': meta(['Maria', 'A-1042', 'May 4']),
      'meta-other-samples.json': meta(['Jo', 'B-7', 'June 1']),
      'meta-same-text.json': meta(['A-1042', 'May 4', 'Maria'], 'Your order {{customer_name}} ships on {{order_id}}. Thanks for shopping with us, {{ship_date}}!'),
      'meta-swapped.json': meta(['Maria', 'A-1042', 'May 4'], 'Your order {{customer_name}} ships on {{order_id}}. Thanks for shopping with us, {{ship_date}}!'),
    });
    const id = templateId(CHANNEL_A, 'order_update', 'en');
    const file = () => readFileSync(path.join(dir, 'templates', 'order_update.en.yaml'), 'utf8');
    const pull = (meta: string) => cliIn(['pull', '--channel', 'wa', '--id', id, '--force', '--names-from', 'meta', meta], { cwd: dir, env });
    // the trial's export: the samples tell each number's name (A-1042 is order_id's alone, ...): named by them, and said
    const r = await pull('meta.json');
    assert.is(r.exitCode, 0, r.stderr);
    { const f = file(); assert.ok(/text: Your order \{\{order_id\}\} ships on \{\{ship_date\}\}\. Thanks for shopping with us, \{\{customer_name\}\}!/.test(f) && /order_id: A-1042/.test(f) && /ship_date: May 4/.test(f) && /customer_name: Maria/.test(f), f); }
    assert.match(r.stderr, 'order_update/en: body: the channel\'s text is not the --names-from export\'s, so the names were given by the samples');
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    // other wording and samples that tell nothing: numbered, said, exit 1 (before: named by position)
    const o = await pull('meta-other-samples.json');
    assert.is(o.exitCode, 1, o.stderr);
    assert.match(file(), /text: Your order \{\{1\}\} ships on \{\{2\}\}\. Thanks for shopping with us, \{\{3\}\}!/);
    assert.match(o.stderr, 'order_update/en: its placeholders stay numbered');
    assert.match(o.stderr, 'order_update/en: body: the channel\'s copy\'s sample of {{1}} ("A-1042") is not the Meta export\'s of {{customer_name}} ("Jo"): kept numbered');
    // the same fixed text around the placeholders: named by position
    const same = await pull('meta-same-text.json');
    assert.is(same.exitCode, 0, same.stderr);
    assert.match(file(), /text: Your order \{\{customer_name\}\} ships on \{\{order_id\}\}\. Thanks for shopping with us, \{\{ship_date\}\}!/);
    assert.not.match(same.stderr, 'given by the samples');
    // the same text, but samples that say each name stands elsewhere: which is right cannot be told, numbered
    const swapped = await pull('meta-swapped.json');
    assert.is(swapped.exitCode, 1, swapped.stderr);
    assert.match(file(), /text: Your order \{\{1\}\} ships on \{\{2\}\}/);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
