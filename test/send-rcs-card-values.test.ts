// An RCS rich card's values, one card or a carousel, are treated as a WhatsApp carousel card's are
// (trial-ay F4): the conversation message carries no card, so with --text-only (textOnly) a value
// only a card (or the SMS fallback) uses is refused by name, never taken and dropped without a word;
// a name the template does not have is refused with the one it may mean; the text's values stay
// required. `tplsync send --dry-run`, the library's send and the generated types agree.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSUMER_PRELUDE, codedLines, compileConsumer } from './consumer-compile.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import { ParamError } from '../src/send/render.ts';
import { prepareTemplateSend } from '../src/send/send.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

// one card under a text: the card's title and description hold placeholders of their own
const HOTEL = [
  'channel: shop-rcs', 'name: hotel_card', 'language: en_US', 'description: Hotel card with a text',
  'message:', '  type: rich_card', '  message: "Hi {{first_name}}, here is your hotel."',
  '  richCards:', '    - { title: "Hotel {{hotel}}", description: "Check in on {{day}}", fileUrl: https://cdn.example.com/hotels/ritz.jpg }',
  '  suggestions:', '    - { action: reply, text: Thanks, postbackData: thanks }',
  '  examples: { first_name: Jonas, hotel: Ritz, day: Monday }',
  '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }', '',
].join('\n');
// a carousel under a text: a placeholder the text and a card share ({{first_name}}), and each card's own
const STORES = [
  'channel: shop-rcs', 'name: new_stores', 'language: en_US', 'description: Two stores with a text',
  'message:', '  type: rich_card', '  message: "Hi {{first_name}}, two new stores."',
  '  richCards:',
  '    - { title: "Store in {{city}}", description: "For you, {{first_name}}", fileUrl: https://cdn.example.com/stores/berlin.jpg }',
  '    - { title: "Store in {{city2}}", description: Opening soon, fileUrl: https://cdn.example.com/stores/hamburg.jpg }',
  '  examples: { first_name: Ann, city: Berlin, city2: Hamburg }',
  '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }', '',
].join('\n');

const dir = tempDir('tplsync-rcs-card-values-');
const env = { TPLSYNC_API_KEY: KEY };
test.after(() => cleanup(dir));
const send = (name: string, ...args: string[]) => cliIn(['send', '--to', '+4915112345678', '--template', name, '--dry-run', ...args.flatMap((a) => (a.startsWith('--') ? [a] : ['--param', a]))], { cwd: dir, env });
const metaOf = (yaml: string) => templateMeta(fromFile(readTemplateValue(yaml), 'shop-rcs', ''), 'shop-rcs', { channelKind: 'rcs' });

test('send --dry-run of an RCS card and of an RCS carousel: a card\'s value is refused by name (not dropped), as a WhatsApp carousel card\'s is; a misspelt name is told the name meant; the text\'s values are required', async () => {
  writeFiles(dir, {
    'tplsync.config.yaml': [
      'templates: ["templates/**/*.yaml"]', 'defaultEnvironment: t', 'environments:', '  t:', `    baseUrl: ${emu.url}`,
      `    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }`,
      'channels:', '  shop-whatsapp: { kind: whatsapp }', '  shop-rcs: { kind: rcs }', '',
    ].join('\n'),
    'templates/hotel_card.en_US.yaml': HOTEL,
    'templates/new_stores.en_US.yaml': STORES,
    'templates/new_arrivals.en_US.yaml': readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'new_arrivals.en_US.yaml'), 'utf8'),
  });
  let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const before = emu.state.conversations.size;

  // the text's values alone: the message as it goes, the card named as left out
  r = await send('hotel_card', 'first_name=Jonas', '--text-only');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /"message": "Hi Jonas, here is your hotel\."/);
  assert.match(r.stdout, /left out: RCS rich card 1 "Hotel \{\{hotel\}\}"/);
  // the card's title and description values: each refused by name (they went nowhere: 'Ritz' was dropped without a word)
  r = await send('hotel_card', 'first_name=Jonas', 'hotel=Ritz', 'day=Monday', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'hotel' is used only by RCS rich card 1 "Hotel \{\{hotel\}\}", which a conversation message cannot carry: the value would go nowhere, leave it out/);
  assert.match(r.stderr, /'day' is used only by the parts --text-only leaves out \(RCS rich card 1 "Hotel \{\{hotel\}\}"\), which a conversation message cannot carry/);
  assert.match(r.stderr, /It takes: first_name\./);
  // a name the template does not have: the name meant, and what it is
  r = await send('hotel_card', 'first_name=Jonas', 'hotl=Ritz', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'hotl' is not a parameter of shop-rcs\/hotel_card\/en_US \(did you mean 'hotel'\? It is used only by the parts --text-only leaves out, which are not sent\)/);
  r = await send('hotel_card', 'frist_name=Jonas', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'first_name' is missing; 'frist_name' is not a parameter of shop-rcs\/hotel_card\/en_US \(did you mean 'first_name'\?\)/);

  // a carousel: the same; a placeholder the text shares with a card is the text's, and taken
  r = await send('new_stores', 'first_name=Ann', '--text-only');
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /"message": "Hi Ann, two new stores\."/);
  r = await send('new_stores', 'first_name=Ann', 'city2=Hamburg', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'city2' is used only by RCS rich card 2 "Store in \{\{city2\}\}", which a conversation message cannot carry/);
  // a card's value written as a WhatsApp carousel card's: the template's own name meant
  r = await send('new_stores', 'first_name=Ann', 'card_1.city=Berlin', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'card_1\.city' is not a parameter of shop-rcs\/new_stores\/en_US \(did you mean 'city'\? It is used only by the parts --text-only leaves out/);
  r = await send('new_stores', 'first_name=Ann', 'city=Berlin', 'city2=Hamburg', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'city' is used only by RCS rich card 1 "Store in \{\{city\}\}", [^;]*; 'city2' is used only by RCS rich card 2/);

  // a WhatsApp carousel's card values: refused as before (the two card kinds now alike)
  r = await send('new_arrivals', 'first_name=Ana', 'card_1.price=€39', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'card_1': a carousel card's values cannot be sent/);
  r = await send('new_arrivals', 'frist_name=Ana', '--text-only');
  assert.is(r.exitCode, 3, r.stdout);
  assert.match(r.stderr, /'frist_name' is not a parameter of shop-whatsapp\/new_arrivals\/en_US \(did you mean 'first_name'\?\)/);
  assert.is(emu.state.conversations.size, before, 'dry runs: nothing sent');
});

test('the library\'s send refuses what tplsync send refuses, and the generated types take what it takes: the text\'s values, no card value', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: KEY, channels: { 'shop-rcs': CHANNEL_B } });
  for (const [yaml, params, refused] of [[HOTEL, { first_name: 'Jonas', hotel: 'Ritz' }, /'hotel' is used only by RCS rich card 1/], [STORES, { first_name: 'Ann', city2: 'Hamburg' }, /'city2' is used only by RCS rich card 2/]] as const) {
    const m = metaOf(yaml);
    const e = await prepareTemplateSend(client, m, { to: '+4915112345678', params, textOnly: true }).then(() => undefined, (x: unknown) => x);
    assert.instance(e, ParamError);
    assert.match((e as Error).message, refused);
    const ready = await prepareTemplateSend(client, m, { to: '+4915112345678', params: { first_name: 'Jonas' }, textOnly: true });
    assert.match(ready.request.messages[0]!.data.message, /^Hi Jonas, /);
  }
  const generated = generateTypes([metaOf(HOTEL), metaOf(STORES)], { source: 'tplsync.config.yaml' });
  assert.match(generated, '"shop-rcs/hotel_card/en_US": { first_name: string };');
  assert.match(generated, '"shop-rcs/new_stores/en_US": { first_name: string };');
  assert.match(generated, '"shop-rcs/hotel_card/en_US": Omit<SendTemplateOptions<{ first_name: string }>, \'textOnly\'> & { textOnly: true }');
  // compiled as a service compiles it: the card's value does not compile, the text's does
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(dir, 'tplsync-templates.ts'), generated);
  const compile = (calls: string): string => codedLines(compileConsumer(dir, `${CONSUMER_PRELUDE}${calls}\n`, { exactOptionalPropertyTypes: true }));
  assert.is(compile(`void sendTemplate(client, 'shop-rcs/hotel_card/en_US', { to: '+49', params: { first_name: 'Jonas' }, textOnly: true });`), '');
  assert.match(compile(`void sendTemplate(client, 'shop-rcs/hotel_card/en_US', { to: '+49', params: { first_name: 'Jonas', hotel: 'Ritz' }, textOnly: true });`), /^2353 .*'hotel' does not exist/);
  assert.match(compile(`void sendTemplate(client, 'shop-rcs/new_stores/en_US', { to: '+49', params: { first_name: 'Ann', city2: 'Hamburg' }, textOnly: true });`), /^2353 .*'city2' does not exist/);
});

test.run();
