// A template with both a WhatsApp part and an RCS `message` is sent as the part of the channel's
// kind (the config's channels.<alias>.kind, trial-ay F3): on a WhatsApp channel its WhatsApp text,
// its RCS message no part of the send (no omission, no textOnly); on an RCS channel its RCS message
// text and suggestions, its WhatsApp parts none of it; where the kind is not said, as before (its
// WhatsApp text, its RCS message left out). `tplsync send`, the generated types and the generated
// sendTemplate agree; the types are checked by the real TypeScript compiler.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { CONSUMER_PRELUDE, codedLines, compileConsumer } from './consumer-compile.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta, type ChannelKind } from '../src/model/meta.ts';
import { checkSendable, ParamError } from '../src/send/render.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
/** a channel whose kind the config does not say */
const CHANNEL_C = '5c0e9a7d-2b4f-4c1e-8d3a-6f7b9e0a1c2d';
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

// the report's template: a WhatsApp body, footer and URL button, and an RCS rich card with a text and a reply chip
const DUAL = (channel: string, header = ''): string => [
  `channel: ${channel}`, 'name: dual_offer', 'language: en_US', 'category: MARKETING', 'description: WhatsApp text plus RCS card for a channel that sends either',
  ...(header ? [header] : []),
  'body:', '  text: "Hi {{first_name}}, our {{season}} city breaks are online now. Tap below to see them all."', '  examples: { first_name: Maria, season: autumn }',
  'footer: Reply STOP to opt out',
  'buttons:', '  - { type: URL, text: See offers, url: "https://wanderly.example.com/autumn" }',
  'message:', '  type: rich_card', '  message: "Hi {{first_name}}, autumn city breaks are online."',
  '  richCards:', '    - { title: "Autumn in {{city}}", description: From 149 EUR, fileUrl: https://cdn.wanderly.example.com/autumn.jpg }',
  '  suggestions:', '    - { action: reply, text: More offers, postbackData: more_offers }',
  '  examples: { city: Vienna }', '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }', '',
].join('\n');
// the same with an RCS text and its chip only: nothing of it left out on an RCS channel
const NOTE = (channel: string): string => [
  `channel: ${channel}`, 'name: dual_note', 'language: en_US', 'category: UTILITY', 'description: Gate change, either channel',
  'body:', '  text: "Hi {{first_name}}, your gate is now {{gate}}."', '  examples: { first_name: Maria, gate: A1 }',
  'footer: Wanderly',
  'buttons:', '  - { type: QUICK_REPLY, text: Thanks }',
  'message:', '  type: text', '  message: "Hi {{first_name}}, new gate: {{gate}}. Boarding at {{time}}."', '  examples: { time: "10:40" }',
  '  suggestions:', '    - { action: open_url, text: Boarding pass, postbackData: "https://wanderly.example.com/pass" }', '',
].join('\n');

const IMAGE_HEADER = 'header: { format: IMAGE, example: "https://cdn.wanderly.example.com/header.jpg" }';
const CONFIG = (url: string): string => [
  'templates: ["templates/**/*.yaml"]', 'defaultEnvironment: t', 'environments:', '  t:', `    baseUrl: ${url}`,
  `    channels: { travel-wa: ${CHANNEL_A}, travel-rcs: ${CHANNEL_B}, travel-any: ${CHANNEL_C} }`,
  'channels:', '  travel-wa: { kind: whatsapp }', '  travel-rcs: { kind: rcs }', '',
].join('\n');

const metaOf = (yaml: string, channel: string, channelKind?: ChannelKind) => templateMeta(fromFile(readTemplateValue(yaml), channel, ''), channel, channelKind ? { channelKind } : {});

test('the metadata: the channel\'s kind decides which part is sent, and the other is neither a parameter nor left out; no kind, as before', () => {
  const wa = metaOf(DUAL('travel-wa'), 'travel-wa', 'whatsapp');
  assert.equal(wa.params, ['first_name', 'season']);
  assert.is(wa.omitted, undefined, 'nothing of what WhatsApp sends is left out');
  assert.is(wa.body, 'Hi {{first_name}}, our {{season}} city breaks are online now. Tap below to see them all.');
  assert.is(wa.rcs, undefined);
  const rcs = metaOf(DUAL('travel-rcs'), 'travel-rcs', 'rcs');
  assert.equal(rcs.params, ['first_name', 'city']);
  assert.equal(rcs.omitted, ['RCS rich card 1 "Autumn in {{city}}"'], 'the card alone: the WhatsApp parts are no omission');
  assert.is(rcs.body, 'Hi {{first_name}}, autumn city breaks are online.');
  assert.equal(rcs.suggestions, [{ action: 'reply', text: 'More offers', postbackData: 'more_offers' }]);
  assert.equal([rcs.header, rcs.footer, rcs.buttons], [undefined, undefined, []]);
  // an RCS message without text (a card alone) on an RCS channel: nothing to send, the WhatsApp body never standing in for it
  const card = metaOf(DUAL('travel-rcs').replace('  message: "Hi {{first_name}}, autumn city breaks are online."\n', ''), 'travel-rcs', 'rcs');
  assert.is(card.body, '');
  assert.throws(() => checkSendable(card, true), (e: Error) => e instanceof ParamError && /has no text to send: its content is RCS rich card 1 .*give the template a message text of its own \(on a channel the config says is RCS, a template is sent as its RCS message: a WhatsApp body beside it is not sent\)\.$/.test(e.message));
  const any = metaOf(DUAL('travel-any'), 'travel-any');
  assert.equal(any.params, ['first_name', 'season', 'city']);
  assert.equal(any.omitted, ['the RCS message text', 'RCS rich card 1 "Autumn in {{city}}"', 'RCS suggestion index 0 "More offers"']);
  assert.is(any.body, wa.body);
});

// a service's project: its templates, and tplsync as its dependency (this checkout); made and applied once, in order
const dir = tempDir('tplsync-both-parts-');
const env = { TPLSYNC_API_KEY: KEY };
test.after(() => cleanup(dir));

const compile = (calls: string): string => codedLines(compileConsumer(dir, `${CONSUMER_PRELUDE}${calls}\n`, { exactOptionalPropertyTypes: true }));
const WA_CALL = `void sendTemplate(client, 'travel-wa/dual_offer/en_US', { to: '+4915112345678', params: { first_name: 'Jonas', season: 'autumn' } });`;
const sentOf = (id: string) => emu.state.receivedConversation(id.trim())?.messages;
const WA_MESSAGE = [{ receiver: '+4915112345678', type: 'text', data: { message: 'Hi Jonas, our autumn city breaks are online now. Tap below to see them all.\n\nReply STOP to opt out' }, suggestions: [{ action: 'open_url', text: 'See offers', postbackData: 'https://wanderly.example.com/autumn' }] }];
const RCS_MESSAGE = [{ receiver: '+4915112345678', type: 'text', data: { message: 'Hi Jonas, autumn city breaks are online.' }, suggestions: [{ action: 'reply', text: 'More offers', postbackData: 'more_offers' }] }];
const send = (channel: string, name: string, ...params: string[]) => cliIn(['send', '--channel', channel, '--to', '+4915112345678', '--template', name, ...params.flatMap((p) => (p.startsWith('--') ? [p] : ['--param', p]))], { cwd: dir, env });

test('tplsync types on each kind, compiled by tsc: on WhatsApp no textOnly and no RCS value; on RCS the RCS message\'s values (textOnly for its card alone); no kind, as before', async () => {
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
  writeFiles(dir, {
    'package.json': '{ "type": "module" }\n',
    'tplsync.config.yaml': CONFIG(emu.url),
    'templates/wa/dual_offer.en_US.yaml': DUAL('travel-wa'),
    'templates/rcs/dual_offer.en_US.yaml': DUAL('travel-rcs'),
    'templates/rcs/dual_note.en_US.yaml': NOTE('travel-rcs'),
    'templates/any/dual_offer.en_US.yaml': DUAL('travel-any'),
  });
  const r = await cliIn(['types'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  const module = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
  assert.match(module, '"travel-wa/dual_offer/en_US": SendTemplateOptions<TemplateParams["travel-wa/dual_offer/en_US"]> & { presetText?: never };');
  assert.match(module, '"travel-wa/dual_offer/en_US": { first_name: string; season: string };');
  assert.match(module, '"travel-rcs/dual_offer/en_US": Omit<SendTemplateOptions<{ first_name: string }>, \'textOnly\'> & { textOnly: true } & { presetText?: never };');
  assert.match(module, '"travel-rcs/dual_note/en_US": SendTemplateOptions<TemplateParams["travel-rcs/dual_note/en_US"]> & { presetText?: never };');
  assert.match(module, '"travel-rcs/dual_note/en_US": { first_name: string; gate: string; time: string };');
  assert.match(module, '"travel-any/dual_offer/en_US": Omit<SendTemplateOptions<{ first_name: string; season: string }>, \'textOnly\'> & { textOnly: true }');
  // a WhatsApp channel: no textOnly, and no RCS value
  assert.is(compile(WA_CALL), '');
  assert.match(compile(`void sendTemplate(client, 'travel-wa/dual_offer/en_US', { to: '+49', params: { first_name: 'Jonas', season: 'autumn', city: 'Wien' } });`), /^2353 .*'city' does not exist/);
  // an RCS channel: the RCS message's values; the card is left out (textOnly), the WhatsApp-only value is none
  assert.is(compile(`void sendTemplate(client, 'travel-rcs/dual_offer/en_US', { to: '+49', params: { first_name: 'Jonas' }, textOnly: true });
void sendTemplate(client, 'travel-rcs/dual_note/en_US', { to: '+49', params: { first_name: 'Jonas', gate: 'B7', time: '10:40' } });`), '');
  assert.match(compile(`void sendTemplate(client, 'travel-rcs/dual_offer/en_US', { to: '+49', params: { first_name: 'Jonas' } });`), /textOnly/);
  assert.match(compile(`void sendTemplate(client, 'travel-rcs/dual_offer/en_US', { to: '+49', params: { first_name: 'Jonas', season: 'autumn' }, textOnly: true });`), /^2353 .*'season' does not exist/);
  // no kind in the config: as before (the RCS message is left out, so textOnly is required)
  assert.match(compile(`void sendTemplate(client, 'travel-any/dual_offer/en_US', { to: '+49', params: { first_name: 'Jonas', season: 'autumn' } });`), /textOnly/);
});

test('tplsync send and the generated sendTemplate send the part of the channel\'s kind to the emulator: the WhatsApp text, or the RCS text with its chip; no kind, as before', async () => {
  // applied first (the gate sends only what the channel approved)
  let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  // WhatsApp: the WhatsApp text, no --text-only, nothing said left out
  r = await send('travel-wa', 'dual_offer', 'first_name=Jonas', 'season=autumn');
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(r.stderr, '');
  assert.equal(sentOf(r.stdout), WA_MESSAGE);
  // an RCS value is no parameter there
  r = await send('travel-wa', 'dual_offer', 'first_name=Jonas', 'season=autumn', 'city=Wien');
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /'city' is not a parameter of travel-wa\/dual_offer\/en_US/);
  // RCS: the RCS text and its chip; the card left out (--text-only), never the WhatsApp wording
  r = await send('travel-rcs', 'dual_offer', 'first_name=Jonas');
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /has parts a conversation message cannot carry: RCS rich card 1 "Autumn in \{\{city\}\}"\. Nothing was sent/);
  r = await send('travel-rcs', 'dual_offer', 'first_name=Jonas', '--text-only');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /left out: RCS rich card 1 "Autumn in \{\{city\}\}"$/);
  assert.equal(sentOf(r.stdout), RCS_MESSAGE);
  r = await send('travel-rcs', 'dual_note', 'first_name=Jonas', 'gate=B7', 'time=10:40');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(sentOf(r.stdout), [{ receiver: '+4915112345678', type: 'text', data: { message: 'Hi Jonas, new gate: B7. Boarding at 10:40.' }, suggestions: [{ action: 'open_url', text: 'Boarding pass', postbackData: 'https://wanderly.example.com/pass' }] }]);
  // no kind: as before
  r = await send('travel-any', 'dual_offer', 'first_name=Jonas', 'season=autumn');
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /has parts a conversation message cannot carry: the RCS message text; RCS rich card 1 "Autumn in \{\{city\}\}"; RCS suggestion index 0 "More offers"/);
  r = await send('travel-any', 'dual_offer', 'first_name=Jonas', 'season=autumn', '--text-only');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(sentOf(r.stdout), WA_MESSAGE);

  // the generated module's sendTemplate (compiled as a service compiles it) sends the same
  const module = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
  writeFileSync(path.join(dir, 'tplsync-templates.js'), ts.transpileModule(module, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
  writeFileSync(path.join(dir, 'service.js'), `import { createClient } from 'tplsync';\nimport { sendTemplate } from './tplsync-templates.js';\nexport const send = (baseUrl, apiKey, key, options) => sendTemplate(createClient({ baseUrl, apiKey, channels: { 'travel-wa': '${CHANNEL_A}', 'travel-rcs': '${CHANNEL_B}', 'travel-any': '${CHANNEL_C}' } }), key, options);\n`);
  const service = await import(pathToFileURL(path.join(dir, 'service.js')).href) as { send: (u: string, k: string, key: string, o: object) => Promise<{ clientMessageId: string; omitted?: string[] }> };
  let s = await service.send(emu.url, KEY, 'travel-wa/dual_offer/en_US', { to: '+4915112345678', params: { first_name: 'Jonas', season: 'autumn' } });
  assert.is(s.omitted, undefined);
  assert.equal(sentOf(s.clientMessageId), WA_MESSAGE);
  s = await service.send(emu.url, KEY, 'travel-rcs/dual_offer/en_US', { to: '+4915112345678', params: { first_name: 'Jonas' }, textOnly: true });
  assert.equal(s.omitted, ['RCS rich card 1 "Autumn in {{city}}"']);
  assert.equal(sentOf(s.clientMessageId), RCS_MESSAGE);
});

test('the send gate compares what the channel\'s platform sends: an unapplied edit of the other part alone does not stop a send (without --text-only on WhatsApp), one of its own part does', async () => {
  const edit = (rel: string, from: string, to: string) => { const f = path.join(dir, 'templates', rel); writeFileSync(f, readFileSync(f, 'utf8').replace(from, to)); };
  edit('wa/dual_offer.en_US.yaml', 'autumn city breaks are online."', 'winter city breaks are online."');
  edit('rcs/dual_offer.en_US.yaml', 'Tap below to see them all.', 'Tap below for all of them.');
  let r = await send('travel-wa', 'dual_offer', 'first_name=Jonas', 'season=autumn');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(sentOf(r.stdout), WA_MESSAGE);
  r = await send('travel-rcs', 'dual_offer', 'first_name=Jonas', '--text-only');
  assert.is(r.exitCode, 0, r.stderr);
  assert.equal(sentOf(r.stdout), RCS_MESSAGE);
  edit('wa/dual_offer.en_US.yaml', 'Tap below to see them all.', 'Tap below for all of them.');
  edit('rcs/dual_offer.en_US.yaml', 'autumn city breaks are online."', 'winter city breaks are online."');
  r = await send('travel-wa', 'dual_offer', 'first_name=Jonas', 'season=autumn');
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /differs from the channel's approved copy in body\.text:/);
  r = await send('travel-rcs', 'dual_offer', 'first_name=Jonas', '--text-only');
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /differs from the channel's approved copy in message\.message:/);
});

test('a media header added to the template on the WhatsApp channel: the call that compiled stops compiling (the stale-call protection textOnly would have silenced)', async () => {
  writeFileSync(path.join(dir, 'templates', 'wa', 'dual_offer.en_US.yaml'), DUAL('travel-wa', IMAGE_HEADER));
  const r = await cliIn(['types'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(compile(WA_CALL), /textOnly/);
});

test.run();
