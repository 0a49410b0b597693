// What a send holds a message to is the platform that carries it (trial-ac F6, F8), and what a
// button's value becomes on the wire (F3: a URL suffix appended as given; F4: a quick reply's payload).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta, type TemplateMeta } from '../src/model/meta.ts';
import { checkParams, ParamError, renderTemplate } from '../src/send/render.ts';
import { sendText } from '../src/send/send.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const metaOf = (yaml: string, channel: string, o: Parameters<typeof templateMeta>[2] = {}): TemplateMeta => {
  const v = readTemplateValue(yaml);
  return templateMeta(fromFile(v, channel, ''), channel, o);
};
const shipped = metaOf(readFileSync(path.join(ROOT, 'templates', 'whatsapp/order_shipped.en_US.yaml'), 'utf8'), 'shop-whatsapp');

// a template with a WhatsApp body and RCS content: it fits either kind of channel (format.md); on an RCS channel its RCS
// message text is sent (here the same words as the body), elsewhere its WhatsApp body
const PARCEL = [
  'channel: rbm', 'name: rcs_parcel_card', 'language: en_US', 'category: UTILITY', 'description: Out for delivery',
  'body:', '  text: "Hi {{name}}, parcel {{parcel}} is out for delivery today."', '  examples: { name: Tom, parcel: P-900 }',
  'message:', '  type: rich_card', '  message: "Hi {{name}}, parcel {{parcel}} is out for delivery today."', '  richCards:', '    - title: "Parcel {{parcel}}"', '      description: "Out for delivery, {{name}}"',
  '      fileUrl: https://cdn.example.com/parcel.jpg',
  '      suggestions:', '        - { action: dial, text: Call courier, postbackData: call, phoneNumber: "+4930123456" }',
  '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }', '',
].join('\n');

const refused = (f: () => unknown, re: RegExp): void => {
  try { f(); assert.unreachable('refused'); } catch (e) { assert.instance(e, ParamError); assert.match((e as Error).message, re); }
};

test('a template with a WhatsApp body sent on a channel the config says is RCS: its values take RBM\'s rules, not WhatsApp\'s (F6)', async () => {
  // in the metadata: the channel's kind decides; without it, as before (WhatsApp's rules for a body)
  const onRcs = metaOf(PARCEL, 'rbm', { channelKind: 'rcs' });
  const unsaid = metaOf(PARCEL, 'rbm');
  const newline = { name: 'A\nB\tC     D', parcel: 'P' };
  assert.equal(checkParams(onRcs, newline, true), newline);
  assert.is(onRcs.channelKind, 'rcs');
  assert.ok(renderTemplate(onRcs, newline).text.startsWith('Hi A\nB\tC     D, parcel P'));
  refused(() => checkParams(unsaid, newline, true), /'name' contains a newline \(WhatsApp refuses it: error 132018\)/);
  // lengths: 1100 characters are over WhatsApp's body (1024) and within RBM's message text (3072)
  const long = { name: 'x'.repeat(1100), parcel: 'P' };
  assert.is(renderTemplate(onRcs, long).text.length, 1140);
  refused(() => renderTemplate(unsaid, long), /WhatsApp takes at most 1024/);
  refused(() => renderTemplate(onRcs, { name: 'x'.repeat(3100), parcel: 'P' }), /message text of rbm\/rcs_parcel_card\/en_US is 3140 characters; an RCS message takes at most 3072/);
  // the generated module carries the kind, so its sendTemplate decides as tplsync send does
  assert.match(generateTypes([onRcs], { source: 'tplsync.config.yaml' }), /channelKind: "rcs"/);

  // the command line: the kind from the config, in the dry run and the send
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rbm: ${CHANNEL_B} }\nchannels:\n  rbm: { kind: rcs }\n`,
    'templates/rbm/rcs_parcel_card.en_US.yaml': PARCEL,
  });
  const env = { TPLSYNC_API_KEY: KEY };
  try {
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    r = await cliIn(['send', '--to', '+4915112345678', '--template', 'rcs_parcel_card', '--text-only', '--param', 'name=A\nB', '--param', 'parcel=P', '--format', 'json', '--dry-run'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(JSON.parse(r.stdout).request.body.messages[0].data.message, 'Hi A\nB, parcel P is out for delivery today.');
    r = await cliIn(['send', '--to', '+4915112345678', '--template', 'rcs_parcel_card', '--text-only', '--param', `name=${'x'.repeat(1100)}`, '--param', 'parcel=P'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(emu.state.conversation(r.stdout.trim())?.channelId, CHANNEL_B.toLowerCase());
    r = await cliIn(['send', '--to', '+4915112345678', '--template', 'rcs_parcel_card', '--text-only', '--param', `name=${'x'.repeat(3100)}`, '--param', 'parcel=P'], { cwd: dir, env });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /an RCS message takes at most 3072/);
    assert.not.match(r.stderr, /WhatsApp/);
  } finally { cleanup(dir); }
});

test('sendText takes the channel\'s kind: on RCS a text over 3072 characters is refused, as tplsync send --text refuses it (F8)', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: KEY });
  const before = emu.state.conversations.size;
  try { await sendText(client, CHANNEL_B, '+4915112345678', 'x'.repeat(3500), { channelKind: 'rcs' }); assert.unreachable('refused'); } catch (e) {
    assert.instance(e, ParamError);
    assert.match((e as Error).message, /The text is 3500 characters; an RCS message \(the channel is an RCS channel\) takes at most 3072: nothing was sent/);
  }
  assert.is(emu.state.conversations.size, before, 'nothing was sent');
  // a kind that is none is refused, not taken for WhatsApp's
  try { await sendText(client, CHANNEL_B, '+4915112345678', 'hi', { channelKind: 'RBM' as 'rcs' }); assert.unreachable('refused'); } catch (e) { assert.match((e as Error).message, /channelKind 'RBM' is neither 'whatsapp' nor 'rcs'/); }
  // WhatsApp's 4096 on a WhatsApp channel, or where the kind is not said; the older arguments still work
  const wa = await sendText(client, CHANNEL_A, '+4915112345678', 'x'.repeat(3500), { channelKind: 'whatsapp' });
  assert.ok(emu.state.conversation(wa.clientMessageId));
  const old = await sendText(client, CHANNEL_B, '+4915112345678', 'hi', [{ action: 'reply', text: 'Yes', postbackData: 'yes' }], '0d8a5bde-3a0e-4a57-9f5e-5b0a8f6f7a01');
  assert.is(old.clientMessageId, '0d8a5bde-3a0e-4a57-9f5e-5b0a8f6f7a01');
  // the CLI: the same refusal from the config's kind
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rbm: ${CHANNEL_B} }\nchannels:\n  rbm: { kind: rcs }\n` });
  try {
    const r = await cliIn(['send', '--channel', 'rbm', '--to', '+4915112345678', '--text', 'x'.repeat(3500)], { cwd: dir, env: { TPLSYNC_API_KEY: KEY } });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /The text is 3500 characters; an RCS message \(the channel is an RCS channel\) takes at most 3072: nothing was sent/);
  } finally { cleanup(dir); }
});

test('a URL button\'s value is appended as given: a query, a path and an escape already made are kept; only what cannot stand in a URL is encoded (F3)', () => {
  const url = (v: string): string | undefined => renderTemplate(shipped, { customer: 'M', order_id: 'A', button_2: v }).suggestions.find((s) => s.action === 'open_url')?.postbackData;
  assert.is(url('A-1042?utm_source=wa'), 'https://shop.example.com/orders/A-1042?utm_source=wa');
  assert.is(url('Caf%C3%A9'), 'https://shop.example.com/orders/Caf%C3%A9');
  assert.is(url('a/b&c=d#top'), 'https://shop.example.com/orders/a/b&c=d#top');
  assert.is(url('Café'), 'https://shop.example.com/orders/Caf%C3%A9');
  assert.is(url('A 1042'), 'https://shop.example.com/orders/A%201042');
  assert.is(url('100%'), 'https://shop.example.com/orders/100%25');
  assert.is(url('<b>"x"{y}|\\^`'), 'https://shop.example.com/orders/%3Cb%3E%22x%22%7By%7D%7C%5C%5E%60');
  assert.is(url('%zz%4'), 'https://shop.example.com/orders/%25zz%254');
  refused(() => url('a\ud800'), /half of a character/);
});

test('a quick reply\'s payload is given as button_i (optional, the label when left out), in the checks, the message and the types (F4)', async () => {
  const params = { customer: 'M', order_id: 'A', button_2: 'A', button_0: 'APPT-991' };
  assert.equal(checkParams(shipped, params), params);
  const r = renderTemplate(shipped, params);
  assert.equal(r.suggestions.filter((s) => s.action === 'reply'), [
    { action: 'reply', text: 'Track parcel', postbackData: 'APPT-991' },
    { action: 'reply', text: 'Talk to support', postbackData: 'Talk to support' },
  ]);
  refused(() => checkParams(shipped, { ...params, button_0: ' ' }), /'button_0' \(the payload of quick reply button index 0\) is empty/);
  refused(() => checkParams(shipped, { ...params, button_1: 'x'.repeat(2049) }), /is 2049 characters; a reply's postback data takes at most 2048/);
  refused(() => checkParams(shipped, { ...params, button_3: 'x' }), /'button_3' is not a parameter of shop-whatsapp\/order_shipped\/en_US.*Optional, a quick reply's payload: button_0, button_1\./);
  assert.match(generateTypes([shipped], { source: 'tplsync.config.yaml' }), /"shop-whatsapp\/order_shipped\/en_US": \{ customer: string; order_id: string; button_2: string; button_0\?: string; button_1\?: string \}/);

  // the command line: --param button_0=... goes out as the reply's postbackData
  const dir = tempDir();
  const yaml = [
    'channel: wa', 'name: appointment_reminder', 'language: es', 'category: UTILITY', 'description: Reminder',
    'body:', '  text: "Hola {{nombre}}, tu cita es el {{fecha}}."', '  examples: { nombre: Lucía, fecha: 12 de mayo }',
    'buttons:', '  - { type: QUICK_REPLY, text: Confirmar }', '  - { type: QUICK_REPLY, text: Cancelar }', '',
  ].join('\n');
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`,
    'templates/wa/appointment_reminder.es.yaml': yaml,
  });
  const env = { TPLSYNC_API_KEY: KEY };
  try {
    let c = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(c.exitCode, 0, c.stderr);
    c = await cliIn(['send', '--to', '+4915112345678', '--template', 'appointment_reminder', '--param', 'nombre=Lucía', '--param', 'fecha=12 de mayo', '--param', 'button_0=APPT-991', '--dry-run', '--format', 'json'], { cwd: dir, env });
    assert.is(c.exitCode, 0, c.stderr);
    assert.equal(JSON.parse(c.stdout).request.body.messages[0].suggestions, [
      { action: 'reply', text: 'Confirmar', postbackData: 'APPT-991' },
      { action: 'reply', text: 'Cancelar', postbackData: 'Cancelar' },
    ]);
  } finally { cleanup(dir); }
});

test.run();
