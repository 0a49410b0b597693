// pull --from of a positional export over a file that names its placeholders: names come back
// only where which number is which name is certain (the export's placeholders where the file's
// stand, the samples agreeing, or the samples telling them apart; the numbers in the order the
// file's names would be numbered); otherwise the whole template keeps the export's numbers (never
// part named, part numbered) and that is said, by part. Inputs in Meta's listing shape (GET
// /<WABA_ID>/message_templates: components with example.body_text, carousel cards with
// components) and Twilio's Content API shape (GET /v1/Content: variables by number).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { positionalNamesBack } from '../src/pull/positional-names.ts';
import { CHANNEL_A, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`;
/** one template as Meta's listing returns it */
const listing = (name: string, language: string, category: string, components: unknown[]) => JSON.stringify({ data: [{ name, language, status: 'APPROVED', category, id: '1602436420123456', parameter_format: 'POSITIONAL', components }], paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
const body = (text: string, values: string[]) => ({ type: 'BODY', text, example: { body_text: [values] } });
const read = (dir: string, f: string): string => readFileSync(path.join(dir, f), 'utf8');
const pull = (dir: string, from: string, file: string) => cliIn(['pull', '--from', from, '--channel', 'wa', '--force', file], { cwd: dir });

const DE = 'channel: wa\nname: order_picked_up\nlanguage: de\ncategory: UTILITY\nbody:\n  text: "Hallo {{first_name}}, {{carrier}} hat Ihre Bestellung {{order_id}} abgeholt. Sie kommt am {{eta}} an."\n  examples: { first_name: Priya, order_id: "A-10442", carrier: DHL Express, eta: "Donnerstag, 4. Dezember" }\n';
const DE_OWN = { body: { text: 'Hallo {{first_name}}, {{carrier}} hat Ihre Bestellung {{order_id}} abgeholt. Sie kommt am {{eta}} an.', examples: { first_name: 'Priya', order_id: 'A-10442', carrier: 'DHL Express', eta: 'Donnerstag, 4. Dezember' } } };

test('positionalNamesBack: numbers out of their order of appearance (Meta allows them) take no names: a named file would number them otherwise', () => {
  const exported = { body: { text: 'Hallo {{1}}, {{3}} hat Ihre Bestellung {{2}} abgeholt. Sie kommt am {{4}} an.', examples: { 1: 'Priya', 2: 'A-10442', 3: 'DHL Express', 4: 'Donnerstag, 4. Dezember' } } };
  const back = positionalNamesBack(exported, DE_OWN);
  assert.is(back.value, exported);
  assert.equal(back.kept.map((k) => k.field), ['body']);
  assert.match(back.kept[0]!.message, /out of their order of appearance \(\{\{1\}\} \{\{3\}\} \{\{2\}\} \{\{4\}\}\)/);
});

test('positionalNamesBack: a body reordered on the platform, numbered in order: the samples tell which number is which name; without samples, or samples that say otherwise, it stays numbered', () => {
  const own = { body: { text: 'Hi {{first_name}}, {{carrier}} picked up your order {{order_id}}.', examples: { first_name: 'Priya', carrier: 'DHL Express', order_id: 'A-10442' } } };
  const reordered = { body: { text: 'Hi {{1}}, your order {{2}} was picked up by {{3}}.', examples: { 1: 'Priya', 2: 'A-10442', 3: 'DHL Express' } } };
  const { value, kept } = positionalNamesBack(reordered, own);
  assert.equal({ value, kept }, { value: { body: { text: 'Hi {{first_name}}, your order {{order_id}} was picked up by {{carrier}}.', examples: { first_name: 'Priya', order_id: 'A-10442', carrier: 'DHL Express' } } }, kept: [] });
  // the same reordered text with no samples in the file: its placeholders stand where the file's do, its text around them is not the file's
  const noSamples = positionalNamesBack(reordered, { body: { text: own.body.text } });
  assert.is(noSamples.value, reordered);
  assert.match(noSamples.kept[0]!.message, /the text around the placeholders is not the file's/);
  // the file's own text, but samples that put each value in another place: not certain either way
  const swapped = { body: { text: 'Hi {{1}}, {{2}} picked up your order {{3}}.', examples: { 1: 'Priya', 2: 'A-10442', 3: 'DHL Express' } } };
  const contradicted = positionalNamesBack(swapped, own);
  assert.is(contradicted.value, swapped);
  assert.match(contradicted.kept[0]!.message, /the export's sample of \{\{2\}\} \("A-10442"\) is not the file's of \{\{carrier\}\} \("DHL Express"\)/);
  // the file's own text and samples: the names
  const same = { body: { text: 'Hi {{1}}, {{2}} picked up your order {{3}}.', examples: { 1: 'Priya', 2: 'DHL Express', 3: 'A-10442' } } };
  assert.equal(positionalNamesBack(same, own).value.body.text, own.body.text);
  // a reworded text whose two samples are the same ("3" packs, "3" days): the samples tell nothing, it stays numbered
  const refill = { body: { text: 'Your refill of {{qty}} packs is ready, {{days}} days before you run out.', examples: { qty: '3', days: '3' } } };
  const reworded = { body: { text: 'Only {{1}} days before you run out, your refill of {{2}} packs is ready.', examples: { 1: '3', 2: '3' } } };
  const twin = positionalNamesBack(reworded, refill);
  assert.is(twin.value, reworded);
  assert.match(twin.kept[0]!.message, /the samples do not tell which is which/);
  // the file's own text with those samples: its placeholders where the file has them, the names
  assert.equal(positionalNamesBack({ body: { text: 'Your refill of {{1}} packs is ready, {{2}} days before you run out.', examples: { 1: '3', 2: '3' } } }, refill).value.body.text, refill.body.text);
});

test('pull --from meta: a German body whose numbers Meta keeps out of order is written with the export\'s numbers and samples, and that is said (never a name in another\'s place)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/de.yaml': DE,
      'de.json': listing('order_picked_up', 'de', 'UTILITY', [body('Hallo {{1}}, {{3}} hat Ihre Bestellung {{2}} abgeholt. Sie kommt am {{4}} an.', ['Priya', 'A-10442', 'DHL Express', 'Donnerstag, 4. Dezember'])]) });
    const r = await pull(dir, 'meta', 'de.json');
    const text = read(dir, 'templates/de.yaml');
    assert.match(text, /text: "Hallo \{\{1\}\}, \{\{3\}\} hat Ihre Bestellung \{\{2\}\} abgeholt\. Sie kommt am \{\{4\}\} an\."/);
    assert.match(text, /"1": Priya, "2": "A-10442", "3": DHL Express/);
    assert.not.match(text, /first_name|order_id|carrier/);
    assert.match(r.stderr, /templates\/de\.yaml: the file named its placeholders, and the export numbers them \(a positional template\)[^\n]*\n  body: the export numbers its placeholders out of their order of appearance/);
  } finally { cleanup(dir); }
});

test('pull --from twilio: a body reordered on Twilio takes the names its samples give it; without samples in the file it stays numbered, said', async () => {
  const dir = tempDir();
  try {
    const file = (examples: string) => `channel: wa\nname: order_ready\nlanguage: en\ncategory: UTILITY\nbody:\n  text: "hello {{first_name}}, your order {{order_id}}"\n${examples}`;
    const twilio = JSON.stringify({ contents: [{ sid: 'HX00000000000000000000000000000009', friendly_name: 'order_ready', language: 'en', variables: { 1: 'Jana', 2: 'B-2231' }, types: { 'twilio/text': { body: 'your order {{2}} is ready, {{1}}' } } }] });
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/ready.yaml': file('  examples: { first_name: Jana, order_id: B-2231 }\n'), 'twilio.json': twilio });
    let r = await pull(dir, 'twilio', 'twilio.json');
    assert.match(read(dir, 'templates/ready.yaml'), /text: "your order \{\{order_id\}\} is ready, \{\{first_name\}\}"\n  examples: \{ first_name: Jana, order_id: B-2231 \}/);
    assert.not.match(r.stderr, /numbers them/);
    writeFiles(dir, { 'templates/ready.yaml': file('') });
    r = await pull(dir, 'twilio', 'twilio.json');
    assert.match(read(dir, 'templates/ready.yaml'), /text: "your order \{\{1\}\} is ready, \{\{2\}\}"/);
    assert.match(r.stderr, /the export numbers them \(a positional template\)[^\n]*\n  body: /);
  } finally { cleanup(dir); }
});

const CAROUSEL = 'channel: wa\nname: winter_picks\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{first_name}}, our winter picks:"\n  examples: { first_name: Ana }\ncarousel:\n  - header: { format: IMAGE, example: "https://cdn.example.com/parka.png" }\n    body:\n      text: "Arctic parka, now {{price}} instead of {{old_price}}"\n      examples: { price: €149, old_price: €229 }\n    buttons:\n      - { type: QUICK_REPLY, text: Tell me more }\n  - header: { format: IMAGE, example: "https://cdn.example.com/boots.png" }\n    body:\n      text: "Snow boots, now {{price}} instead of {{old_price}}"\n      examples: { price: €89, old_price: €119 }\n    buttons:\n      - { type: QUICK_REPLY, text: Tell me more }\n';
const card = (img: string, text: string, values: string[]) => ({ components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [img] } }, body(text, values), { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Tell me more' }] }] });
const carousel = (boots: string, bootsValues: string[]) => listing('winter_picks', 'en_US', 'MARKETING', [body('Hi {{1}}, our winter picks:', ['Ana']),
  { type: 'CAROUSEL', cards: [card('https://cdn.example.com/parka.png', 'Arctic parka, now {{1}} instead of {{2}}', ['€149', '€229']), card('https://cdn.example.com/boots.png', boots, bootsValues)] }]);

test('pull --from meta: a carousel\'s card bodies get their names back (the export\'s samples under them); the same as the file: not written', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/picks.yaml': CAROUSEL,
      'same.json': carousel('Snow boots, now {{1}} instead of {{2}}', ['€89', '€119']),
      'sale.json': carousel('Snow boots, only {{1}} today instead of {{2}}', ['€89', '€119']),
      'swapped.json': carousel('Snow boots, was {{1}}, now {{2}}', ['€119', '€89']) });
    let r = await pull(dir, 'meta', 'same.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /templates\/picks\.yaml: winter_picks\/en_US already as the export has it \(not written\)/);
    assert.is(read(dir, 'templates/picks.yaml'), CAROUSEL);
    r = await pull(dir, 'meta', 'sale.json');
    assert.is(r.exitCode, 0, r.stderr);
    const text = read(dir, 'templates/picks.yaml');
    assert.match(text, /text: "Snow boots, only \{\{price\}\} today instead of \{\{old_price\}\}"\n      examples: \{ price: €89, old_price: €119 \}/);
    assert.match(text, /text: "Arctic parka, now \{\{price\}\} instead of \{\{old_price\}\}"\n      examples: \{ price: €149, old_price: €229 \}/);
    assert.not.match(text + r.stderr, /\{\{[12]\}\}|numbers them/);
    // a card whose placeholders swapped places: its samples (the export's, written under the names) say which is which
    r = await pull(dir, 'meta', 'swapped.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(read(dir, 'templates/picks.yaml'), /text: "Snow boots, was \{\{old_price\}\}, now \{\{price\}\}"\n      examples: \{ price: €89, old_price: €119 \}/);
  } finally { cleanup(dir); }
});

test('pull --from meta: a body that gained a placeholder leaves the whole template numbered (its header too: never part named, part numbered), said by part', async () => {
  const dir = tempDir();
  try {
    const file = 'channel: wa\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: "Order {{order_id}} is on its way"\n  examples: { order_id: "A-10442" }\nbody:\n  text: "Hi {{first_name}}, {{carrier}} has your order {{order_id}}; it arrives {{eta}}."\n  examples: { first_name: Priya, carrier: DHL Express, order_id: "A-10442", eta: Thursday }\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/shipped.yaml': file,
      'more.json': listing('order_shipped', 'en_US', 'UTILITY', [{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}} is on its way', example: { header_text: ['A-10442'] } },
        body('Hi {{1}}, {{2}} has your order {{3}}; it arrives {{4}} at {{5}}.', ['Priya', 'DHL Express', 'A-10442', 'Thursday', 'your door'])]) });
    const r = await pull(dir, 'meta', 'more.json');
    const text = read(dir, 'templates/shipped.yaml');
    assert.match(text, /text: "Order \{\{1\}\} is on its way"/);
    assert.match(text, /text: "Hi \{\{1\}\}, \{\{2\}\} has your order \{\{3\}\}; it arrives \{\{4\}\} at \{\{5\}\}\."/);
    assert.not.match(text, /order_id|first_name/);
    assert.match(r.stderr, /templates\/shipped\.yaml: the file named its placeholders, and the export numbers them[^\n]*\n  body: the export has 5 placeholders here, the file 4/);
    assert.not.match(r.stderr, /placeholder-mixed/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'placeholder-mixed'), []);
  } finally { cleanup(dir); }
});

test('positionalNamesBack (trial-bq F3): a text edited around its placeholders, a sample with it: named where each stands by the same word as the file\'s name (the sample the export\'s); never where a sample is another name\'s, or the words beside them changed', () => {
  const own = { body: { text: 'Hallo {{name}}, unser neues Sparkonto bringt {{rate}} Zinsen. Eröffnen Sie es noch heute in der App.', examples: { name: 'Maria', rate: '3.1%' } } };
  const edited = { body: { text: 'Hallo {{1}}, unser neues Sparkonto bringt jetzt {{2}} Zinsen, nur bis Jahresende! Eröffnen Sie es noch heute in der App.', examples: { 1: 'Maria', 2: '3.5%' } } };
  const back = positionalNamesBack(edited, own);
  assert.equal(back.kept, []);
  assert.equal(back.value.body, { text: 'Hallo {{name}}, unser neues Sparkonto bringt jetzt {{rate}} Zinsen, nur bis Jahresende! Eröffnen Sie es noch heute in der App.', examples: { name: 'Maria', rate: '3.5%' } });
  assert.equal(back.byContext, [{ field: 'body', samples: [{ number: '2', name: 'rate', theirs: '3.5%', ours: '3.1%' }] }]);
  // the same words beside them, but each sample the file's sample of the other name: which is right cannot be told
  const swapped = positionalNamesBack({ body: { text: edited.body.text, examples: { 1: '3.1%', 2: 'Maria' } } }, own);
  assert.equal(swapped.value.body.text, edited.body.text);
  assert.match(swapped.kept[0]!.message, /the export's sample of \{\{1\}\} \("3\.1%"\) is the file's of \{\{rate\}\}, though it stands where the file has \{\{name\}\}/);
  // a word beside one placeholder alone, the other's words all changed: numbered (never by place alone)
  const reworded = positionalNamesBack({ body: { text: 'Hallo {{1}}, ab heute gibt es {{2}} auf Ihr Erspartes.', examples: { 1: 'Maria', 2: '3.5%' } } }, own);
  assert.match(reworded.value.body.text, /\{\{2\}\}/);
  assert.equal(reworded.kept.map((k) => k.field), ['body']);
});

test.run();
