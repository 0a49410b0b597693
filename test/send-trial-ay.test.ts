// trial-ay F1, F2 and F4. F1: the docs say what a template send is on WhatsApp (a text, held to the
// 24-hour customer service window). F2: what a send makes of a URL button's value given as the
// whole URL (the form lint takes for the button's sample: the part after the URL's fixed part is
// the value, never appended again) or as an address of its own in the URL's path (refused). F4: an
// authentication template's copy-code OTP button, left out of every send, named in `omitted` and
// on stderr; `textOnly` given as no boolean from plain JS, refused as a value that is no string is.
// Each through the shared code (checkParams, renderTemplate), `tplsync send`, and a generated
// module's sendTemplate run.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta, type TemplateMeta } from '../src/model/meta.ts';
import { checkParams, ParamError, renderTemplate } from '../src/send/render.ts';
import { sendTemplateWith } from '../src/send/send.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
let emu: RunningEmulator;
let dir: string;

// a URL button with its placeholder in the path (index 1, its sample the whole URL, as lint takes it) and one in the query (index 2)
const BOOKING = [
  'channel: wa', 'name: booking_confirmed', 'language: en_US', 'category: UTILITY', 'description: A booking confirmed',
  'body:', '  text: "Hi {{guest_name}}, your booking {{booking_ref}} is confirmed."', '  examples: { guest_name: Jonas, booking_ref: TRV-8812 }',
  'buttons:', '  - { type: QUICK_REPLY, text: Thanks }',
  '  - { type: URL, text: Manage booking, url: "https://wanderly.example.com/bookings/{{1}}", example: "https://wanderly.example.com/bookings/TRV-8812" }',
  '  - { type: URL, text: Check in, url: "https://wanderly.example.com/checkin?next={{1}}", example: "TRV-8812" }', '',
].join('\n');
const LOGIN = readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'login_code.en_US.yaml'), 'utf8').replace('channel: shop-whatsapp', 'channel: wa');
const metaOf = (yaml: string): TemplateMeta => templateMeta(fromFile(readTemplateValue(yaml), 'wa', ''), 'wa');
const booking = metaOf(BOOKING);
const login = metaOf(LOGIN);

test.before(async () => {
  emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 });
  dir = tempDir('tplsync-trial-ay-');
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp }\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`,
    'templates/wa/booking_confirmed.en_US.yaml': BOOKING,
    'templates/wa/login_code.en_US.yaml': LOGIN,
    'package.json': '{ "type": "module" }\n',
  });
  const r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { TPLSYNC_API_KEY: KEY } });
  assert.is(r.exitCode, 0, r.stderr);
});
test.after(async () => { await emu.close(); cleanup(dir); });

const PARAMS = { guest_name: 'Jonas', booking_ref: 'TRV-1', button_1: 'TRV-1', button_2: 'TRV-1' };
const refused = (f: () => unknown, message: string): void => {
  try { f(); assert.unreachable('refused'); } catch (e) { assert.instance(e, ParamError, String(e)); assert.match((e as Error).message, message); }
};

test('F2: a URL button\'s value given as the whole URL is the part after its fixed part; an address of its own in the URL\'s path is refused', () => {
  const urls = (button_1: string, button_2 = 'TRV-1'): string[] => {
    const params = checkParams(booking, { ...PARAMS, button_1, button_2 });
    return renderTemplate(booking, params).suggestions.filter((s) => s.action === 'open_url').map((s) => s.postbackData!);
  };
  // the value alone, and the whole URL (as the button's sample is written): the same link
  assert.equal(urls('TRV-1'), ['https://wanderly.example.com/bookings/TRV-1', 'https://wanderly.example.com/checkin?next=TRV-1']);
  assert.equal(urls('https://wanderly.example.com/bookings/TRV-1', 'https://wanderly.example.com/checkin?next=TRV-1'), urls('TRV-1'));
  // the part after the fixed part is the value as any other: encoded where it cannot stand in a URL, a query kept
  assert.equal(urls('https://wanderly.example.com/bookings/TRV 1?utm_source=wa')[0], 'https://wanderly.example.com/bookings/TRV%201?utm_source=wa');
  // a value with a colon is a value, not an address
  assert.equal(urls('TRV:1')[0], 'https://wanderly.example.com/bookings/TRV:1');
  // in the query, another host's address is a value (a ?next= target)
  assert.equal(urls('TRV-1', 'https://partner.example.com/x')[1], 'https://wanderly.example.com/checkin?next=https://partner.example.com/x');
  const path = `'button_1' (the value of URL button index 1 "Manage booking") holds an address of its own`;
  for (const [v, link] of [
    ['https://evil.example.com/', 'https://wanderly.example.com/bookings/https://evil.example.com/'],
    ['http://wanderly.example.com/bookings/TRV-1', 'https://wanderly.example.com/bookings/http://wanderly.example.com/bookings/TRV-1'],
    // the whole URL with an address after its fixed part: still an address in the path
    ['https://wanderly.example.com/bookings/https://evil.example.com/', 'https://wanderly.example.com/bookings/https://evil.example.com/'],
  ] as const) {
    refused(() => checkParams(booking, { ...PARAMS, button_1: v }), `${path}`);
    refused(() => checkParams(booking, { ...PARAMS, button_1: v }), `would go in the path of the button's URL ('${link}'): give the value alone (what goes where {{1}} is), or the whole URL starting with 'https://wanderly.example.com/bookings/'`);
    // renderTemplate (exported, also called without checkParams) refuses it the same way
    refused(() => renderTemplate(booking, { ...PARAMS, button_1: v }), path);
  }
  refused(() => checkParams(booking, { ...PARAMS, button_1: 'https://wanderly.example.com/bookings/' }), `'button_1' (the value of URL button index 1 "Manage booking") is the button's URL without a value ('https://wanderly.example.com/bookings/')`);
  refused(() => checkParams(booking, { ...PARAMS, button_2: 'https://wanderly.example.com/checkin?ref=TRV-1' }), `'button_2' (the value of URL button index 2 "Check in") is the button's address with another query than its URL's ('https://wanderly.example.com/checkin?next=')`);
});

test('F2: tplsync send sends the whole URL\'s value once, and refuses another address in the path (exit 3, nothing sent)', async () => {
  const env = { TPLSYNC_API_KEY: KEY };
  const send = (button_1: string) => cliIn(['send', '--to', '+4915112345678', '--template', 'booking_confirmed', '--param', 'guest_name=Jonas', '--param', 'booking_ref=TRV-1',
    '--param', `button_1=${button_1}`, '--param', 'button_2=TRV-1'], { cwd: dir, env });
  let r = await send('https://wanderly.example.com/bookings/TRV-1');
  assert.is(r.exitCode, 0, r.stderr);
  const sent = emu.state.receivedConversation(r.stdout.trim())?.messages[0]?.suggestions?.find((s) => s.action === 'open_url');
  assert.is(sent?.postbackData, 'https://wanderly.example.com/bookings/TRV-1');
  const before = emu.state.conversations.size;
  r = await send('https://evil.example.com/');
  assert.is(r.exitCode, 3, r.stderr);
  assert.match(r.stderr, `'button_1' (the value of URL button index 1 "Manage booking") holds an address of its own, which would go in the path of the button's URL ('https://wanderly.example.com/bookings/https://evil.example.com/')`);
  assert.is(r.stdout, '');
  assert.is(emu.state.conversations.size, before, 'nothing sent');
});

test('F4: an authentication template\'s copy-code OTP button is named in omitted, and not refused; textOnly that is no boolean is refused', async () => {
  const NAMED = 'button index 0, OTP COPY_CODE "Copy code" (the text carries the code)';
  assert.equal(login.notSent, [NAMED]);
  assert.is(login.omitted, undefined, 'nothing that needs textOnly');
  assert.match(generateTypes([login], { source: 'x' }), `notSent: [${JSON.stringify(NAMED)}]`);
  // a one-tap button is textOnly's (omitted), as before: not listed twice
  const oneTap = metaOf(readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'one_tap_login.en_US.yaml'), 'utf8'));
  assert.is(oneTap.notSent, undefined);
  assert.match(oneTap.omitted!.join('\n'), /one-tap autofill of button index 0/);
  const client = createClient({ baseUrl: emu.url, apiKey: KEY, channels: { wa: CHANNEL_A } });
  const sent = await sendTemplateWith(client, login, { to: '+4915112345678', params: { 1: '482913' } });
  assert.equal(sent.omitted, [NAMED]);
  assert.is(emu.state.receivedConversation(sent.clientMessageId)?.messages[0]?.data.message, '482913 is your verification code. For your security, do not share this code.');
  // from plain JS: textOnly 'yes' was taken as true (and the parts it leaves out dropped)
  const before = emu.state.conversations.size;
  for (const [textOnly, said] of [['yes', "the string 'yes'"], [1, 'a number'], [null, 'null']] as const) {
    try {
      await sendTemplateWith(client, booking, { to: '+4915112345678', params: PARAMS, textOnly: textOnly as unknown as boolean });
      assert.unreachable('refused');
    } catch (e) {
      assert.instance(e, ParamError, String(e));
      assert.is((e as Error).message, `textOnly must be true or false, not ${said}: nothing was sent, no request was made`);
    }
  }
  assert.is(emu.state.conversations.size, before, 'nothing sent');
  // the command line: said on stderr (not "the text part only": no --text-only was needed), and in --format json
  const env = { TPLSYNC_API_KEY: KEY };
  let r = await cliIn(['send', '--to', '+4915112345678', '--template', 'login_code', '--param', '1=482913'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.stderr, `tplsync: sent; left out: ${NAMED}`);
  r = await cliIn(['send', '--to', '+4915112345678', '--template', 'login_code', '--param', '1=482913', '--format', 'json'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).omitted, [NAMED]);
});

test('the generated module\'s sendTemplate, compiled and run: the whole URL\'s value once, another address refused, the copy-code button in omitted, textOnly \'yes\' refused', async () => {
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
  const r = await cliIn(['types', '--out', 'templates.ts'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  // the module as a project's build emits it (its types are types.test.ts's)
  const js = ts.transpileModule(readFileSync(path.join(dir, 'templates.ts'), 'utf8'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
  writeFileSync(path.join(dir, 'templates.js'), js);
  writeFileSync(path.join(dir, 'client.js'), "export { createClient } from 'tplsync';\n");
  type Send = (client: unknown, key: string, o: Record<string, unknown>) => Promise<{ clientMessageId: string; omitted?: string[] }>;
  const { sendTemplate } = await import(pathToFileURL(path.join(dir, 'templates.js')).href) as { sendTemplate: Send };
  const { createClient: packaged } = await import(pathToFileURL(path.join(dir, 'client.js')).href) as { createClient: typeof createClient };
  const client = packaged({ baseUrl: emu.url, apiKey: KEY, channels: { wa: CHANNEL_A } });
  const params = { guest_name: 'Jonas', booking_ref: 'TRV-1', button_2: 'TRV-1' };
  const sent = await sendTemplate(client, 'wa/booking_confirmed/en_US', { to: '+4915112345678', params: { ...params, button_1: 'https://wanderly.example.com/bookings/TRV-1' } });
  assert.is(emu.state.receivedConversation(sent.clientMessageId)?.messages[0]?.suggestions?.find((s) => s.action === 'open_url')?.postbackData, 'https://wanderly.example.com/bookings/TRV-1');
  const refusedBy = async (o: Record<string, unknown>, message: string): Promise<void> => {
    const before = emu.state.conversations.size;
    try { await sendTemplate(client, 'wa/booking_confirmed/en_US', { to: '+4915112345678', ...o }); assert.unreachable('refused'); } catch (e) {
      // (the package's own class, not this test's import of src)
      assert.is((e as Error).name, 'ParamError', String(e));
      assert.is((e as { exitCode?: number }).exitCode, 3);
      assert.match((e as Error).message, message);
    }
    assert.is(emu.state.conversations.size, before, 'nothing sent');
  };
  await refusedBy({ params: { ...params, button_1: 'https://evil.example.com/' } }, "'button_1' (the value of URL button index 1 \"Manage booking\") holds an address of its own");
  await refusedBy({ params: { ...params, button_1: 'TRV-1' }, textOnly: 'yes' }, "textOnly must be true or false, not the string 'yes'");
  const code = await sendTemplate(client, 'wa/login_code/en_US', { to: '+4915112345678', params: { 1: '482913' } });
  assert.equal(code.omitted, ['button index 0, OTP COPY_CODE "Copy code" (the text carries the code)']);
});

test('F1: send.md, types.md and api-assumptions.md say that a template goes out as a text message, which WhatsApp delivers only inside the 24-hour customer service window, and that the emulator does not model it', () => {
  const doc = (...p: string[]): string => readFileSync(path.join(ROOT, 'docs', ...p), 'utf8').replace(/\s+/g, ' ');
  const send = doc('commands', 'send.md');
  assert.match(send, '**A template is sent as a text message.**');
  assert.match(send, 'not as a WhatsApp template message. On WhatsApp, a text that is not a template message is delivered only inside the 24-hour customer service window');
  assert.match(send, 'The emulator does not model the window');
  const types = doc('commands', 'types.md');
  assert.match(types, /`sendTemplate\(client, key, \{ to, params \}\)`: sends it .* not as a WhatsApp template message\. On WhatsApp such a text is delivered only inside the 24-hour customer service window, unless the partner's service turns it into the template message/);
  assert.match(types, 'the emulator does not model the window');
  const row = readFileSync(path.join(ROOT, 'docs', 'api-assumptions.md'), 'utf8').split('\n').find((l) => l.startsWith('| How a template is sent |'));
  assert.ok(row, 'the Sending table has the row');
  assert.match(row!, '24-hour customer service window');
  assert.match(row!, 'the emulator does not model the window');
});

test.run();
