// pull writes an environment's value back as its reference only where the file's own text at that
// place referred to it. A trial: a body that wrote the staging host literally (a sentence about the
// staging help centre), beside a button that wrote ((shop_host)), was edited on the channel; pull
// --force turned the body's literal into ((shop_host)), so production's messages changed host.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import type { EnvironmentConfig } from '../src/config/load.ts';
import { valuesAsReferences } from '../src/project/values.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles, type CliResult } from './helpers.ts';

const env = { name: 'staging', values: { shop_host: { text: 'https://staging.shop.example' }, promo: { env: 'PROMO_CODE' } } } as unknown as EnvironmentConfig;

/** a config of two environments on the emulator: staging (channel A) and `other` (channel B), each with its values (`name: value, ...`) */
const twoEnvironments = (staging: string, other: string, others: string): string => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    baseUrl: ${emulator.url}\n    apiKeyEnv: KEY\n    channels: { wa: ${CHANNEL_A} }\n    values: { ${staging} }\n  ${other}:\n    baseUrl: ${emulator.url}\n    apiKeyEnv: KEY\n    channels: { wa: ${CHANNEL_B} }\n    values: { ${others} }\n`;

test('a plain value becomes its reference only in a text whose file counterpart refers to it; a secret everywhere', () => {
  const channel = {
    body: { text: 'Our staging help centre moved to https://staging.shop.example/help; use code SPRINGCODE-2026.' },
    buttons: [{ type: 'URL', text: 'Account', url: 'https://staging.shop.example/account' }, { type: 'URL', text: 'Status', url: 'https://staging.shop.example/status' }],
  };
  const file = {
    body: { text: 'Our staging help centre moved to https://staging.shop.example/help; use code ((promo)).' },
    buttons: [{ type: 'URL', text: 'Account', url: '((shop_host))/account' }, { type: 'URL', text: 'Status', url: 'https://staging.shop.example/status' }],
  };
  const out = valuesAsReferences(channel, env, { PROMO_CODE: 'SPRINGCODE-2026' }, file);
  assert.equal(out, {
    body: { text: 'Our staging help centre moved to https://staging.shop.example/help; use code ((promo)).' },
    buttons: [{ type: 'URL', text: 'Account', url: '((shop_host))/account' }, { type: 'URL', text: 'Status', url: 'https://staging.shop.example/status' }],
  });
  // no file to compare with (a first pull): no plain value becomes a reference, a secret still does
  assert.equal(valuesAsReferences(channel, env, { PROMO_CODE: 'SPRINGCODE-2026' }).body.text, 'Our staging help centre moved to https://staging.shop.example/help; use code ((promo)).');
  assert.equal(valuesAsReferences(channel, env, { PROMO_CODE: 'SPRINGCODE-2026' }).buttons[0]!.url, 'https://staging.shop.example/account');
});

test('a text that both refers to the value and writes it literally: the reference stays where it stood, the literal literal', () => {
  const channel = { body: { text: 'Shop at https://staging.shop.example/new or read https://staging.shop.example/faq today.' } };
  const file = { body: { text: 'Shop at ((shop_host))/new or read https://staging.shop.example/faq now.' } };
  assert.is(valuesAsReferences(channel, env, {}, file).body.text, 'Shop at ((shop_host))/new or read https://staging.shop.example/faq today.');
  // the literal first and the reference second (the reference stays where it stood, not on the first occurrence)
  const swapped = { body: { text: 'Shop at https://staging.shop.example/new or read ((shop_host))/faq now.' } };
  assert.is(valuesAsReferences(channel, env, {}, swapped).body.text, 'Shop at https://staging.shop.example/new or read ((shop_host))/faq today.');
  // a text the channel added beside the reference is the channel's: literal
  const only = { body: { text: 'Shop at ((shop_host))/new now.' } };
  assert.is(valuesAsReferences(channel, env, {}, only).body.text, 'Shop at ((shop_host))/new or read https://staging.shop.example/faq today.');
});

test('buttons the channel moved and edited: each compared with its own file button (by type and label), the reference stays on its button', () => {
  const file = { buttons: [{ type: 'URL', text: 'Your order', url: '((shop_host))/orders/{{1}}' }, { type: 'URL', text: 'Staging status page', url: 'https://staging.shop.example/status' }] };
  const channel = { buttons: [{ type: 'URL', text: 'Staging status page', url: 'https://staging.shop.example/status/v2' }, { type: 'URL', text: 'Your order', url: 'https://staging.shop.example/o/{{1}}' }] };
  assert.equal(valuesAsReferences(channel, env, {}, file).buttons.map((b) => b.url), ['https://staging.shop.example/status/v2', '((shop_host))/o/{{1}}']);
});

test('property (seeded): a text of words, literal hosts and references, edited on the channel away from the references, comes back with each reference where it stood and each literal literal', async () => {
  const fc = (await import('fast-check')).default;
  const { referencesInPlace } = await import('../src/project/references-back.ts');
  const HOST = 'https://staging.shop.example';
  const values = new Map([['shop_host', [HOST, 'https://shop.example']]]);
  const piece = fc.oneof(fc.constantFrom('Hi ', 'see ', '/help ', 'and ', '{{1}} ', 'today. ', 'ünd ', 'شكرا '), fc.constant('((shop_host))'), fc.constant(HOST));
  fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 12 }), fc.nat(), fc.constantFrom('please ', 'NEW ', 'x '), (pieces, at, inserted) => {
    // a space after each reference and literal, so that no value runs into the next word
    const mine = pieces.map((p) => (p.startsWith('((') || p === HOST ? `${p} ` : p)).join('');
    const filled = mine.split('((shop_host))').join(HOST);
    assert.is(referencesInPlace(filled, mine, values), mine, 'unchanged');
    // an insertion at a word boundary outside every value
    const cuts = [0, ...[...filled.matchAll(/ /g)].map((m) => m.index! + 1)];
    const cut = cuts[at % cuts.length]!;
    const edited = filled.slice(0, cut) + inserted + filled.slice(cut);
    const expected = (() => { let k = 0; let out = ''; for (const p of pieces) { const t = p.startsWith('((') || p === HOST ? `${p} ` : p; if (k === cut) out += inserted; out += t; k += (p === '((shop_host))' ? `${HOST} ` : t).length; } if (k === cut) out += inserted; return out; })();
    assert.is(referencesInPlace(edited, mine, values), expected, JSON.stringify({ mine, edited }));
  }), { numRuns: 300, seed: 20261130 });
});

test('sentences the channel reordered: the reference follows its own sentence, the literal its own', () => {
  const file = { body: { text: 'Order at https://staging.shop.example today, or open ((shop_host))/orders/{{1}} anytime.' } };
  const channel = { body: { text: 'Open https://staging.shop.example/orders/{{1}} anytime, or order at https://staging.shop.example today.' } };
  assert.is(valuesAsReferences(channel, env, {}, file).body.text, 'Open ((shop_host))/orders/{{1}} anytime, or order at https://staging.shop.example today.');
});

test('a button the channel moved and relabelled: the file\'s only other button of its type', () => {
  const file = { buttons: [{ type: 'URL', text: 'Pay now', url: '((shop_host))/pay/{{1}}' }, { type: 'PHONE_NUMBER', text: 'Call us', phoneNumber: '+4930123456' }] };
  const channel = { buttons: [{ type: 'PHONE_NUMBER', text: 'Call us', phoneNumber: '+4930123456' }, { type: 'URL', text: 'Pay invoice', url: 'https://staging.shop.example/pay/{{1}}' }] };
  assert.is(valuesAsReferences(channel, env, {}, file).buttons[1]!.url, '((shop_host))/pay/{{1}}');
});

test('RCS cards the channel reordered and edited: each compared with its own card (by title); a reference lost in one text of two is counted', async () => {
  const file = { message: { richCards: [{ title: 'Berlin store', description: 'Open 10-20. Details: ((shop_host))/berlin' }, { title: 'Munich store', description: 'Open 9-18.' }] } };
  const channel = { message: { richCards: [{ title: 'Munich store', description: 'Open 9-18.' }, { title: 'Berlin store', description: 'Open daily 10-20. Details: https://staging.shop.example/berlin' }] } };
  assert.is(valuesAsReferences(channel, env, {}, file).message.richCards[1]!.description, 'Open daily 10-20. Details: ((shop_host))/berlin');
  const { lostPlainReferences } = await import('../src/project/values.ts');
  // the file uses ((shop_host)) twice, the written file once: lost, though the name is still used
  assert.equal(lostPlainReferences({ body: { text: '((shop_host))/a' }, buttons: [{ url: '((shop_host))/b' }] }, { body: { text: '((shop_host))/a' }, buttons: [{ url: 'https://staging.shop.example/b' }] }, env), [{ name: 'shop_host', fields: ['buttons[0].url'] }]);
  assert.equal(lostPlainReferences({ body: { text: '((shop_host))/a' } }, { body: { text: '((shop_host))/a!' } }, env), []);
  // a short value is never put inside a placeholder, nor where little of the text around it is the file's
  const short = { name: 'staging', values: { n: { text: '1' } } } as unknown as EnvironmentConfig;
  assert.is(valuesAsReferences({ body: { text: 'Order {{1}}: 1 item, shipped.' } }, short, {}, { body: { text: 'Order {{1}}: ((n)) item, sent.' } }).body.text, 'Order {{1}}: ((n)) item, shipped.');
  assert.is(valuesAsReferences({ body: { text: 'Your 1 order {{1}} is here' } }, short, {}, { body: { text: 'Totally new ((n)) words' } }).body.text, 'Your 1 order {{1}} is here');
});

let emulator: RunningEmulator;
test.before(async () => { emulator = await startEmulator({ keys: ['k-literal-3f9a'], reviewDelayMs: 0 }); });
test.after(async () => { await emulator?.close(); });

/** a template file of channel wa in en_US: its body with the sample of {{1}}, and what follows the body */
const templateText = (name: string, category: string, body: string, sample: string, rest = ''): string =>
  `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: ${category}\nbody:\n  text: ${JSON.stringify(body)}\n  examples: { 1: ${sample} }\n${rest}`;

/**
 * The template of `file` applied, edited on the channel (an edited copy applied), the file put back,
 * then pulled --force over it: the pull's result
 */
async function pulledOverEdit(dir: string, rel: string, file: string, edited: string, name: string): Promise<CliResult> {
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { KEY: 'k-literal-3f9a' } });
  for (const text of [file, edited]) {
    writeFiles(dir, { [rel]: text });
    const r = await run(['apply', '--auto-approve']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
  }
  writeFiles(dir, { [rel]: file });
  return run(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, name, 'en_US'), '--force']);
}

/** pulledOverEdit of templates/NAME.en_US.yaml, which must succeed: the text pull wrote */
async function pulledText(dir: string, name: string, file: string, edited: string): Promise<string> {
  const r = await pulledOverEdit(dir, `templates/${name}.en_US.yaml`, file, edited, name);
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  return readFileSync(path.join(dir, `templates/${name}.en_US.yaml`), 'utf8');
}

/** staging and production, each with its own shop_host */
const STAGING_PRODUCTION = (): string => twoEnvironments('shop_host: https://staging.shop.example', 'production', 'shop_host: https://shop.example');

test('pull --force after an edit on the channel: the literal host in the body stays literal, the button keeps its reference', async () => {
  const dir = tempDir();
  const FILE = templateText('help_links', 'UTILITY', 'Hi {{1}}, our staging help centre moved to https://staging.shop.example/help and answers most questions.', 'Ana',
    'buttons:\n  - { type: URL, text: Your account, url: ((shop_host))/account }\n  - { type: URL, text: Staging status, url: https://staging.shop.example/status }\n');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': STAGING_PRODUCTION(),
    });
    // the edit someone made in the console
    const text = await pulledText(dir, 'help_links', FILE, FILE.replace('most questions', 'nearly all questions'));
    assert.match(text, 'moved to https://staging.shop.example/help and answers nearly all questions.');
    assert.match(text, 'url: ((shop_host))/account');
    assert.match(text, 'url: https://staging.shop.example/status');
  } finally { cleanup(dir); }
});

test('a short value (under 8 characters) is put back where its reference stood; a reference the channel\'s text no longer holds is said, naming the file', async () => {
  const dir = tempDir();
  const FILE = templateText('promo_note', 'MARKETING', 'Use ((promo)) at checkout for 10% off order {{1}} today. Details: ((shop_host))/promo', 'A-1042');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': twoEnvironments('promo: SPRING2, shop_host: https://staging.shop.example', 'local', 'promo: SPRING24, shop_host: https://shop.example'),
    });
    let r = await pulledOverEdit(dir, 'templates/promo_note.en_US.yaml', FILE, FILE.replace('today.', 'today!'), 'promo_note');
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/promo_note.en_US.yaml'), 'utf8'), 'Use ((promo)) at checkout for 10% off order {{1}} today!');
    assert.not.match(r.stderr, 'the file referred to');
    // the channel wrote another code where the reference stood (another template: one edit a day): the channel's text, and said
    const other = FILE.replace('name: promo_note', 'name: promo_other');
    r = await pulledOverEdit(dir, 'templates/promo_other.en_US.yaml', other, other.replace('((promo))', 'WINTER5'), 'promo_other');
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/promo_other.en_US.yaml'), 'utf8'), 'Use WINTER5 at checkout');
    assert.match(r.stderr, "templates/promo_other.en_US.yaml: the file referred to ((promo)), and the written file writes the channel's text in its place");
  } finally { cleanup(dir); }
});

test('trial-am F3, from the channel: a URL sample written as the value alone under ((shop_host)) (a template\'s, a card\'s) stays the value alone after an edit elsewhere; both environments take the file', async () => {
  const dir = tempDir();
  const ORDER = templateText('order_val', 'UTILITY', 'Hi {{1}}, your order is ready for pickup at our store today.', 'Maria',
    'buttons:\n  - type: URL\n    text: Track order\n    url: ((shop_host))/orders/{{1}}\n    example: A-1042\n');
  const card = (title: string, slug: string, example: string) => `  - header: { format: IMAGE, example: "https://cdn.example.com/${slug}.png" }\n    body: { text: "${title}, now {{1}}", examples: { 1: "€39" } }\n    buttons:\n      - { type: URL, text: Buy, url: "((shop_host))/p/{{1}}", example: "${example}" }\n`;
  const CARDS = templateText('cards_val', 'MARKETING', 'New arrivals for you, {{1}}: swipe to see them all.', 'Ana', `carousel:\n${card('Linen shirt', 'linen', 'linen')}${card('Chinos', 'chino', '((shop_host))/p/chino')}`);
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': STAGING_PRODUCTION(),
    });
    const order = await pulledText(dir, 'order_val', ORDER, ORDER.replace('today.', 'today!'));
    assert.match(order, 'our store today!');
    assert.match(order, /url: \(\(shop_host\)\)\/orders\/\{\{1\}\}\n {4}example: A-1042\n/, order);
    const cards = await pulledText(dir, 'cards_val', CARDS, CARDS.replace('see them all', 'see every one'));
    assert.match(cards, 'see every one');
    assert.match(cards, /url: "?\(\(shop_host\)\)\/p\/\{\{1\}\}"?, example: "?linen"? \}/, cards);
    assert.match(cards, /url: "?\(\(shop_host\)\)\/p\/\{\{1\}\}"?, example: "?\(\(shop_host\)\)\/p\/chino"? \}/, cards);
    for (const e of ['staging', 'production']) {
      const l = await cliIn(['lint', '--env', e, 'templates'], { cwd: dir, env: { KEY: 'k-literal-3f9a' } });
      assert.is(l.exitCode, 0, l.stdout + l.stderr);
    }
  } finally { cleanup(dir); }
});

test.run();
