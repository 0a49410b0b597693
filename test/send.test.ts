// Sending: parameters checked at run time, templates rendered with the shared compiler,
// `tplsync send` and `tplsync status` end to end (several pages), errcode errors.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { checkParams, checkSendable, ParamError, renderTemplate } from '../src/send/render.ts';
import { sendTemplateWith } from '../src/send/send.ts';
import { templateMeta } from '../src/model/meta.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const meta = (file: string) => {
  const v = readTemplateValue(readFileSync(path.join(ROOT, 'templates', file), 'utf8'));
  return templateMeta(fromFile(v, String(v.channel), ''), String(v.channel));
};
const shipped = meta('whatsapp/order_shipped.en_US.yaml');

test('parameters: missing, extra, empty, newline, tab and 5 spaces are refused with one clear error', () => {
  const bad = (params: Record<string, unknown>, re: RegExp) => {
    try { checkParams(shipped, params); assert.unreachable(); } catch (e) { assert.instance(e, ParamError); assert.match((e as Error).message, re); }
  };
  const ok = { customer: 'Maria', order_id: 'A-1042', button_2: 'A-1042' };
  assert.equal(checkParams(shipped, ok), ok);
  bad({ customer: 'Maria', button_2: 'x' }, /'order_id' is missing/);
  bad({ ...ok, coupon: 'x' }, /'coupon' is not a parameter of shop-whatsapp\/order_shipped\/en_US/);
  bad({ ...ok, customer: '  ' }, /'customer' is empty/);
  bad({ ...ok, customer: 'a\nb' }, /newline/);
  bad({ ...ok, customer: 'a\tb' }, /tab/);
  bad({ ...ok, customer: 'a     b' }, /5 or more spaces/);
  bad({ ...ok, customer: 42 }, /must be a string/);
  bad({}, /It takes: customer, order_id, button_2/);
});

test('a WhatsApp template whose body is blank: no text to send, and the advice is to write it (not the RCS advice of a card)', () => {
  const v = readTemplateValue('channel: shop-whatsapp\nname: blank\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "     " }\n');
  const m = templateMeta(fromFile(v, 'shop-whatsapp', ''), 'shop-whatsapp');
  try { checkSendable(m); assert.unreachable(); } catch (e) {
    assert.instance(e, ParamError);
    assert.match((e as Error).message, 'shop-whatsapp/blank/en_US has no text to send: its text is only spaces. Nothing was sent. Write the text in its file, apply it, and send again.');
    assert.not.match((e as Error).message, /SMS fallback|message text of its own/);
  }
});

test('rendering: placeholders filled, quick replies become reply suggestions, URL buttons open_url with the value', () => {
  const r = renderTemplate(shipped, { customer: 'Maria', order_id: 'A-1042', button_2: 'A 1042' });
  assert.is(r.text, 'Hi Maria, your order A-1042 is on its way and should arrive within three working days.\n\nReply STOP to opt out');
  assert.equal(r.suggestions, [
    { action: 'reply', text: 'Track parcel', postbackData: 'Track parcel' },
    { action: 'reply', text: 'Talk to support', postbackData: 'Talk to support' },
    { action: 'open_url', text: 'Open order', postbackData: 'https://shop.example.com/orders/A%201042' },
  ]);
  const de = renderTemplate(meta('whatsapp/order_shipped.de.yaml'), { customer: 'Maria', order_id: 'A-7' });
  assert.ok(de.text.startsWith('Hallo Maria, deine Bestellung A-7'));
  const v = readTemplateValue('channel: shop-whatsapp\nname: shipped\nlanguage: de\ncategory: UTILITY\nheader: { format: TEXT, text: "Bestellung {{order_id}}", examples: { order_id: A-1 } }\nbody: { text: "Hallo {{customer}}, deine Bestellung {{order_id}} ist unterwegs.", examples: { customer: Maria, order_id: A-1 } }\n');
  const withTextHeader = renderTemplate(templateMeta(fromFile(v, 'shop-whatsapp', ''), 'shop-whatsapp'), { customer: 'Maria', order_id: 'A-7' });
  assert.ok(withTextHeader.text.startsWith('Bestellung A-7\n\nHallo Maria, deine Bestellung A-7'));
});

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('sendTemplate: a fresh clientMessageId, retried only with that same id (a lost answer is not a second message)', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { 'shop-whatsapp': CHANNEL_A }, backoffBaseMs: 1 });
  const params = (i: number) => ({ customer: 'Maria', order_id: `A-${i}`, button_2: 'x' });
  // without an id of its own, each send gets a fresh one
  const fresh = [];
  // (the send gate, which reads the template from the channel first, is test/send-gate.test.ts's)
  for (let i = 0; i < 3; i++) fresh.push(await sendTemplateWith(client, shipped, { to: '+4915100000010', params: params(i), textOnly: true, remoteCheck: false }));
  assert.is(new Set(fresh.map((s) => s.clientMessageId)).size, 3);
  assert.equal(fresh[0]!.omitted, ['the image header']);
  // lost answers: the client retries with the same id, and the service keeps one conversation.
  // The emulator decides faults from the request itself (ids fixed here), so this run is the same every time.
  const before = emu.state.conversations.size;
  emu.setFaults({ seed: 2, lostResponseRate: 0.5 });
  try {
    for (let i = 0; i < 5; i++) {
      const clientMessageId = `5e0d1c2b-3a49-4c8d-9e7f-00000000000${i}`;
      const sent = await sendTemplateWith(client, shipped, { to: '+4915100000010', params: params(i), textOnly: true, clientMessageId, remoteCheck: false });
      assert.is(sent.clientMessageId, clientMessageId);
    }
  } finally { emu.setFaults({}); }
  assert.is(emu.state.conversations.size - before, 5, 'one conversation per send, however many retries');
  try { await sendTemplateWith(createClient({ baseUrl: emu.url, apiKey: 'k' }), shipped, { to: 'x', params: params(0), textOnly: true }); assert.unreachable(); } catch (e) {
    assert.match((e as Error).message, /No channel id for 'shop-whatsapp'/);
  }
});

test('every answer to a send lost: the error carries the message\'s clientMessageId and says so; sent again under it, the customer gets one message', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { 'shop-whatsapp': CHANNEL_A }, backoffBaseMs: 1, retries: 2 });
  const params = { customer: 'Maria', order_id: 'A-77', button_2: 'x' };
  const before = emu.state.conversations.size;
  emu.setFaults({ lostResponseRate: 1, operations: ['send'] });
  let id: string | undefined;
  try {
    await sendTemplateWith(client, shipped, { to: '+4915100000011', params, textOnly: true, remoteCheck: false });
    assert.unreachable('every answer was lost');
  } catch (e) {
    id = (e as { clientMessageId?: string }).clientMessageId;
    assert.ok(id, `the error names the id: ${(e as Error).message}`);
    assert.match((e as Error).message, `The message may have been delivered: its clientMessageId is ${id}`);
  } finally { emu.setFaults({}); }
  assert.is(emu.state.conversations.size - before, 1, 'delivered once, its answer lost');
  const again = await sendTemplateWith(client, shipped, { to: '+4915100000011', params, textOnly: true, remoteCheck: false, clientMessageId: id! });
  assert.is(again.clientMessageId, id);
  assert.is(emu.state.conversations.size - before, 1, 'sent again under its id: still one message');
});

function project(url: string): string {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
    'templates/shipped.yaml': readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'order_shipped.en_US.yaml'), 'utf8'),
    'templates/shipped_de.yaml': readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'order_shipped.de.yaml'), 'utf8'),
  });
  return dir;
}

test('send refuses a template whose parts a conversation message cannot carry, naming each; --text-only sends the text and lists them', async () => {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n`,
    'templates/coupon.yaml': [
      'channel: wa', 'name: spring_coupon', 'language: en_US', 'category: MARKETING', 'description: A coupon',
      'body:', '  text: "Hi {{name}}, here is 20% off your next order until Sunday."', '  examples: { name: Jo }',
      'buttons:', '  - { type: COPY_CODE, example: SPRING20 }', '  - { type: PHONE_NUMBER, text: Call us, phone_number: "+4930123456" }',
      '  - { type: QUICK_REPLY, text: Not now }', '',
    ].join('\n'),
    'templates/cards.yaml': [
      'channel: rcs', 'name: two_cards', 'language: en_US', 'category: MARKETING', 'description: Cards',
      'body:', '  text: "Two offers are waiting for you in the shop this weekend."',
      'message:', '  type: rich_card', '  richCards:',
      '    - { title: Shirts, description: 30% off, fileUrl: "https://cdn.example.com/a.jpg" }',
      '    - { title: Shoes, description: Two for one, fileUrl: "https://cdn.example.com/b.jpg" }',
      '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }', '',
    ].join('\n'),
  });
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    // applied (and approved) first: send sends only what the channel approved
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const before = emu.state.conversations.size;
    let r = await cliIn(['send', '--channel', 'wa', '--to', '+4915100000099', '--template', 'spring_coupon', '--param', 'name=Jo'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /button index 0, COPY_CODE; button index 1, PHONE_NUMBER "Call us"\. Nothing was sent/);
    r = await cliIn(['send', '--channel', 'rcs', '--to', '+4915100000099', '--template', 'two_cards'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /RCS rich card 1 "Shirts"; RCS rich card 2 "Shoes"/);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    r = await cliIn(['send', '--channel', 'wa', '--to', '+4915100000099', '--template', 'spring_coupon', '--param', 'name=Jo', '--text-only'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /left out: button index 0, COPY_CODE; button index 1, PHONE_NUMBER "Call us"$/m, r.stderr);
    assert.ok(emu.state.conversation(r.stdout.trim()), 'the text part was sent');
    // what went: the text, and the quick reply as a reply suggestion (the emulator keeps no text)
    const v = readTemplateValue(readFileSync(path.join(dir, 'templates', 'coupon.yaml'), 'utf8'));
    const m = templateMeta(fromFile(v, 'wa', ''), 'wa');
    assert.equal(renderTemplate(m, { name: 'Jo' }), { text: 'Hi Jo, here is 20% off your next order until Sunday.', suggestions: [{ action: 'reply', text: 'Not now', postbackData: 'Not now' }] });
  } finally { cleanup(dir); }
});

test('tplsync send (template and text) and tplsync status (one page, --all pages, json)', async () => {
  const dir = project(emu.url);
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const args = ['send', '--channel', 'shop-whatsapp', '--to', '+4915100000011', '--template', 'order_shipped', '--language', 'en_US',
      '--param', 'customer=Maria', '--param', 'order_id=A-1', '--param', 'button_2=A-1'];
    const before = emu.state.conversations.size;
    let r = await cliIn(args, { cwd: dir, env });
    assert.is(r.exitCode, 3, 'an image header cannot go in a conversation message: refused');
    assert.match(r.stderr, /the image header\. Nothing was sent\. To send its text part alone, pass --text-only/);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    r = await cliIn([...args, '--text-only'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /sent the text part only; left out: the image header/);
    const id = r.stdout.trim();
    assert.match(id, /^[0-9a-f-]{36}$/);
    // a text of nothing is refused as a blank template is (exit 3, nothing sent)
    for (const [extra, said] of [[['--text', ''], '--text needs a text, got an empty string'], [['--text', '   '], '--text needs a text, got only blanks'], [['--text', '\u200b'], 'The text is blank'],
      [['--text', 'hello', '--reply', '  '], '--reply needs a text, got only blanks'], [['--text', 'hello', '--reply', 'This label is much longer than twenty-five'], 'is 42 characters; the limit is 25'],
      [['--text', '\u2800\u3164'], 'The text is blank'], [['--text', 'hello', '--reply', 'two\nlines'], 'holds a line break or a tab'],
      [['--text', '\u00ad\u200e\u{e0020}'], 'The text is blank'], [['--text', 'hello', '--reply', 'Yes\u2028No'], 'holds a line break or a tab'],
      [['--text', 'hello', ...Array.from({ length: 12 }, (_, i) => ['--reply', `r${i}`]).flat()], '12 suggestions; a message takes at most 11'],
      [['--text', 'hello', '--open-url', `Go=https://x.example/${'a'.repeat(2040)}`], 'an open_url takes at most 2048']] as const) {
      const count = emu.state.conversations.size;
      const blank = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000011', ...extra], { cwd: dir, env });
      assert.is(blank.exitCode, 3, blank.stderr);
      assert.match(blank.stderr, said);
      assert.is(emu.state.conversations.size, count);
    }
    const rec = emu.state.conversation(id)!;
    assert.ok(rec, 'recorded by the emulator');
    r = await cliIn(['status', id], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /RECEIVER\s+USER\s+STATUS\n\+4915100000011\s+wm\w+\s+sent/);
    // more than one page: a send to many receivers, read with --limit 2
    const cm = randomUUID();
    await createClient({ baseUrl: emu.url, apiKey: 'k' }).sendConversation(CHANNEL_A, { clientMessageId: cm, messages: ['+491510000001', 'nobody', '+491510000003', '+491510000004', '+491510000005'].map((x) => ({ receiver: x, type: 'text', data: { message: 'm' } })) });
    r = await cliIn(['status', cm, '--limit', '2'], { cwd: dir, env });
    assert.match(r.stdout, /2 receivers: 1 sent, 1 failed: not a contact\nmore: tplsync status \.\.\. --cursor \S+/);
    r = await cliIn(['status', cm, '--limit', '2', '--all', '--format', 'json'], { cwd: dir, env });
    const all = JSON.parse(r.stdout);
    assert.is(all.send_list.length, 5);
    assert.equal(all.send_list.map((x: { statusText: string }) => x.statusText), ['sent', 'failed: not a contact', 'sent', 'sent', 'sent']);
    assert.is(all.next_cursor, '');
    // a text with suggestions
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000012', '--text', 'Your parcel is here', '--reply', 'Thanks', '--open-url', 'Track=https://shop.example.com/t'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    // usage errors
    for (const args of [
      ['send', '--channel', 'shop-whatsapp', '--to', 'x'],
      ['send', '--channel', 'shop-whatsapp', '--to', 'x', '--template', 'order_shipped'],
      ['send', '--channel', 'shop-whatsapp', '--to', 'x', '--template', 'order_shipped', '--language', 'en_US', '--param', 'customer=M'],
      ['send', '--channel', 'shop-whatsapp', '--to', 'x', '--text', 'hi', '--open-url', 'Go=ftp://x'],
      ['status', 'not-a-uuid'],
    ]) {
      r = await cliIn(args, { cwd: dir, env });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stderr}`);
    }
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', 'x', '--template', 'order_shipped'], { cwd: dir, env });
    assert.match(r.stderr, /exists in en_US, de; choose one with --language/);
    r = await cliIn(['status', randomUUID()], { cwd: dir, env });
    assert.is(r.exitCode, 3, 'an unknown id is a usage error (the table\'s 3), not findings');
  } finally { cleanup(dir); }
});

test('a non-zero errcode in the status body is a clear error (exit 3)', async () => {
  const stand = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ result: { errcode: 0, errmsg: 'ok' }, status: { errcode: 40014, errmsg: 'invalid access_token', next_cursor: '', send_list: [] } }));
  });
  await new Promise<void>((r) => stand.listen(0, '127.0.0.1', r));
  const dir = project(`http://127.0.0.1:${(stand.address() as AddressInfo).port}`);
  try {
    const r = await cliIn(['status', randomUUID()], { cwd: dir, env: { TPLSYNC_API_KEY: 'k' } });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /errcode 40014: invalid access_token/);
  } finally { stand.close(); cleanup(dir); }
});

test.run();
