// pull --from an export of another environment's account: where the file it replaces refers to a
// value (((shop_host))) and the export holds another environment's value of it, the reference is
// kept and the outcome says whose value it was; the file goes on serving every environment.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { pullFromExport, type ExportOutcome } from '../src/pull/from-export.ts';
import { replaceWhole } from '../src/project/values.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/staging.json
    channels: { shop-whatsapp: ${CHANNEL_A} }
    values: { shop_host: "https://staging.shop.example", flow_id: "1198765432109876" }
  production:
    emulator: .tplsync/production.json
    channels: { shop-whatsapp: ${CHANNEL_B} }
    values: { shop_host: "https://shop.example", flow_id: "2298765432109999" }
`;
const FILE = `channel: shop-whatsapp
name: coupon
language: en_US
category: MARKETING
body:
  text: Your coupon {{1}} is ready.
  examples:
    "1": SUMMER15
buttons:
  - type: URL
    text: Open
    url: ((shop_host))/c/{{1}}
    example: ((shop_host))/c/SUMMER15
`;
const exported = (host: string) => ({ data: [{ name: 'coupon', language: 'en_US', category: 'MARKETING', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [
  { type: 'BODY', text: 'Your coupon {{1}} is ready.', example: { body_text: [['SUMMER15']] } },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Open', url: `${host}/c/{{1}}`, example: [`${host}/c/SUMMER15`] }] },
] }] });

async function pull(dir: string, env: string | undefined, force: boolean): Promise<ExportOutcome[]> {
  const config = await loadConfig({ cwd: dir });
  // (the channel as --channel shop-whatsapp names it in that environment)
  const { outcomes } = await pullFromExport(config, selectEnvironment(config, env), { format: 'meta', files: ['export.json'], channel: 'shop-whatsapp', channelId: env === 'production' ? CHANNEL_B : CHANNEL_A, dir: path.join(dir, 'templates'), force, cwd: dir, note: 'n' }, () => {});
  return outcomes;
}

test('production\'s export pulled with staging\'s --env over a file that refers to ((shop_host)): the reference kept, production named', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/coupon.en_US.yaml': FILE, 'export.json': JSON.stringify(exported('https://shop.example')) });
    // not forced: the same template, told apart from a changed one
    const held = await pull(dir, undefined, false);
    assert.equal(held.map((o) => [o.kind, o.kind === 'held' ? o.differs : undefined]), [['held', undefined]]);
    const [o] = await pull(dir, undefined, true);
    assert.is(o!.kind, 'same', 'the file says it already: left as it is');
    assert.equal(o && 'otherValues' in o ? o.otherValues : undefined, [{ environment: 'production', names: ['shop_host'] }]);
    const text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/);
    assert.not.match(text, /https:\/\/shop\.example/, 'production\'s host is not written in place of the reference');
    // its own environment's export: the reference kept, nothing to say
    writeFiles(dir, { 'export.json': JSON.stringify(exported('https://staging.shop.example')) });
    const [own] = await pull(dir, undefined, true);
    assert.is(own && (own.kind === 'written' || own.kind === 'same') ? own.otherValues : 'not written', undefined);
  } finally { cleanup(dir); }
});

test('one environment\'s host the start of another\'s (https://shop.example and https://shop.example.net): the longer is replaced whole, the reference never left before ".net"', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG.replace('"https://staging.shop.example"', '"https://shop.example"').replace('shop_host: "https://shop.example", flow_id: "2298765432109999"', 'shop_host: "https://shop.example.net", flow_id: "2298765432109999"'),
      'templates/coupon.en_US.yaml': FILE, 'export.json': JSON.stringify(exported('https://shop.example.net')),
    });
    const [o] = await pull(dir, undefined, true);
    assert.equal(o && 'otherValues' in o ? o.otherValues : undefined, [{ environment: 'production', names: ['shop_host'] }]);
    const text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/);
    assert.not.match(text, /\.net/);
    // its own environment's export: the shorter host, whole; nothing said
    writeFiles(dir, { 'export.json': JSON.stringify(exported('https://shop.example')) });
    const [own] = await pull(dir, undefined, true);
    assert.is(own && (own.kind === 'written' || own.kind === 'same') ? own.otherValues : 'not written', undefined);
    assert.match(readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8'), /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/);
  } finally { cleanup(dir); }
});

test('a staging host the file writes literally in its body, beside a reference: kept literal, and no environment named for it', async () => {
  const dir = tempDir();
  try {
    const file = FILE.replace('text: Your coupon {{1}} is ready.', 'text: "Your coupon {{1}} is ready; the test shop https://staging.shop.example/help explains it."');
    const body = 'Your coupon {{1}} is ready; the test shop https://staging.shop.example/help explains it.';
    const withBody = (host: string) => { const exp = exported(host); (exp.data[0]!.components[0] as { text: string }).text = body; return exp; };
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/coupon.en_US.yaml': file, 'export.json': JSON.stringify(withBody('https://staging.shop.example')) });
    // staging's own export: its values, nothing to say
    const [own] = await pull(dir, undefined, true);
    assert.is(own && (own.kind === 'written' || own.kind === 'same') ? own.otherValues : 'not written', undefined);
    let text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, 'the test shop https://staging.shop.example/help explains it', text);
    assert.match(text, /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/, text);
    // production's export: production named for the button's reference alone, the body's literal still literal
    writeFiles(dir, { 'templates/coupon.en_US.yaml': file, 'export.json': JSON.stringify(withBody('https://shop.example')) });
    const [o] = await pull(dir, undefined, true);
    assert.equal(o && 'otherValues' in o ? o.otherValues : undefined, [{ environment: 'production', names: ['shop_host'] }]);
    text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, 'the test shop https://staging.shop.example/help explains it', text);
    assert.match(text, /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/, text);
  } finally { cleanup(dir); }
});

test('another environment\'s secret in the export: the file\'s reference kept where it refers to it; written nowhere in clear or as a mask', async () => {
  const dir = tempDir();
  process.env.ENVS_TOK_S = 'STAGINGtok9x';
  process.env.ENVS_TOK_P = 'PRODUCTIONtok7';
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG.replace('values: { shop_host: "https://staging.shop.example", flow_id: "1198765432109876" }', 'values: { shop_host: "https://staging.shop.example", flow_id: "1198765432109876", tok: { env: ENVS_TOK_S } }').replace('values: { shop_host: "https://shop.example", flow_id: "2298765432109999" }', 'values: { shop_host: "https://shop.example", flow_id: "2298765432109999", tok: { env: ENVS_TOK_P } }'),
      'templates/coupon.en_US.yaml': FILE.replace('text: Your coupon {{1}} is ready.', 'text: Your coupon {{1}} is ready, code ((tok)).'),
      'export.json': JSON.stringify(exported('https://shop.example')).replace('Your coupon {{1}} is ready.', 'Your coupon {{1}} is ready, code PRODUCTIONtok7.'),
    });
    const [o] = await pull(dir, undefined, true);
    assert.is(o?.kind, 'same', 'the file says it already');
    assert.equal(o && 'otherValues' in o ? o.otherValues?.map((x) => [x.environment, [...x.names].sort()]) : undefined, [['production', ['shop_host', 'tok']]]);
    const text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, 'code ((tok)).');
    assert.not.match(text, /PRODUCTIONtok7|\(secret\)/);
    // a file that does not refer to it: the template is not written (no clear text, no mask)
    writeFiles(dir, { 'templates/coupon.en_US.yaml': FILE });
    const [x] = await pull(dir, undefined, true);
    assert.is(x?.kind, 'unexpressible');
    assert.not.match(readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8'), /PRODUCTIONtok7|\(secret\)/);
  } finally { delete process.env.ENVS_TOK_S; delete process.env.ENVS_TOK_P; cleanup(dir); }
});

test('replaceWhole: a value inside a longer host or word is not a reference; one at a sentence\'s end is', () => {
  assert.is(replaceWhole('https://shop.example.net/c/1', 'https://shop.example', '((h))'), 'https://shop.example.net/c/1');
  assert.is(replaceWhole('Visit https://shop.example.', 'https://shop.example', '((h))'), 'Visit ((h)).');
  assert.is(replaceWhole('https://shop.example/a and https://shop.example-x/b', 'https://shop.example', '((h))'), '((h))/a and https://shop.example-x/b');
  assert.is(replaceWhole('id 11987654 and 119876543', '11987654', '((f))'), 'id ((f)) and 119876543');
});

test('a signal received while an export is read: nothing is written (Interrupted, exit 130), the files as they were', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/coupon.en_US.yaml': FILE, 'export.json': JSON.stringify(exported('https://staging.shop.example')).replace('is ready.', 'is ready now.') });
    const config = await loadConfig({ cwd: dir });
    const ctl = new AbortController();
    ctl.abort();
    const e = await pullFromExport(config, selectEnvironment(config, undefined), { format: 'meta', files: ['export.json'], channel: 'shop-whatsapp', channelId: CHANNEL_A, dir: path.join(dir, 'templates'), force: true, cwd: dir, note: 'n', signal: ctl.signal }, () => {}).then(() => undefined, (x: Error & { exitCode?: number }) => x);
    assert.is(e?.name, 'Interrupted');
    assert.is(e?.exitCode, 130);
    assert.match(String(e?.message), /stopped before writing: nothing was written \(0 of the exports' templates looked at\)/);
    assert.is(readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8'), FILE);
  } finally { cleanup(dir); }
});

// trial-am F3: a URL sample written as the placeholder's value alone (`example: A-1042`) beside `url: ((shop_host))/orders/{{1}}`
// stands for the whole URL in every environment; an export's whole sample (one environment's host) is that value, not a host to write
const VALUE_FORM = `channel: shop-whatsapp
name: order_ready
language: en_US
category: UTILITY
body:
  text: Your order {{1}} is ready for pickup today.
  examples:
    "1": A-1042
buttons:
  - type: URL
    text: Track order
    url: ((shop_host))/orders/{{1}}
    example: A-1042
`;
const CARDS_FORM = `channel: shop-whatsapp
name: cards_env
language: en_US
category: MARKETING
body:
  text: New arrivals for you, {{1}}, swipe to see them all.
  examples:
    "1": Ana
carousel:
  - header:
      format: IMAGE
      example: https://cdn.example.com/linen.png
    body:
      text: Linen shirt, now {{1}}
      examples:
        "1": €39
    buttons:
      - type: URL
        text: Buy
        url: ((shop_host))/p/{{1}}
        example: linen
  - header:
      format: IMAGE
      example: https://cdn.example.com/chino.png
    body:
      text: Chinos, now {{1}}
      examples:
        "1": €49
    buttons:
      - type: URL
        text: Buy
        url: ((shop_host))/p/{{1}}
        example: ((shop_host))/p/chino
`;
const orderExport = (host: string, body = 'Your order {{1}} is ready for pickup today.') => ({ data: [{ name: 'order_ready', language: 'en_US', category: 'UTILITY', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [
  { type: 'BODY', text: body, example: { body_text: [['A-1042']] } },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track order', url: `${host}/orders/{{1}}`, example: [`${host}/orders/A-1042`] }] },
] }] });
const card = (name: string, price: string, slug: string, host: string, exampleAsValue: boolean) => ({ components: [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://cdn.example.com/${slug}.png`] } },
  { type: 'BODY', text: `${name}, now {{1}}`, example: { body_text: [[price]] } },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Buy', url: `${host}/p/{{1}}`, example: [exampleAsValue ? slug : `${host}/p/${slug}`] }] },
] });
const cardsExport = (host: string, body: string, exampleAsValue: boolean) => ({ data: [{ name: 'cards_env', language: 'en_US', category: 'MARKETING', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [
  { type: 'BODY', text: body, example: { body_text: [['Ana']] } },
  { type: 'CAROUSEL', cards: [card('Linen shirt', '€39', 'linen', host, exampleAsValue), card('Chinos', '€49', 'chino', host, exampleAsValue)] },
] }] });

test('trial-am F3: a value-alone URL sample under ((shop_host)) (a template\'s and a card\'s) is kept in its form whichever environment\'s export is pulled, and the other environment still plans', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': VALUE_FORM, 'templates/cards_env.en_US.yaml': CARDS_FORM });
    for (const env of ['production', 'staging']) {
      for (const host of ['https://shop.example', 'https://staging.shop.example']) {
        for (const asValue of [false, true]) {
          // the same template: left as it is, byte for byte
          writeFiles(dir, { 'export.json': JSON.stringify({ data: [...orderExport(host).data, ...cardsExport(host, 'New arrivals for you, {{1}}, swipe to see them all.', asValue).data] }) });
          const same = await pull(dir, env, true);
          assert.equal(same.map((o) => [o.name, o.kind]), [['order_ready', 'same'], ['cards_env', 'same']], `--env ${env}, export of ${host}`);
          assert.is(readFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), 'utf8'), VALUE_FORM);
          assert.is(readFileSync(path.join(dir, 'templates/cards_env.en_US.yaml'), 'utf8'), CARDS_FORM);
          // the body edited on the platform: written, the samples in the file's forms (the value alone, the reference whole)
          writeFiles(dir, { 'export.json': JSON.stringify({ data: [...orderExport(host, 'Your order {{1}} is ready for pickup now.').data, ...cardsExport(host, 'New arrivals for you, {{1}}, swipe to see every one.', asValue).data] }) });
          const written = await pull(dir, env, true);
          assert.equal(written.map((o) => [o.name, o.kind]), [['order_ready', 'written'], ['cards_env', 'written']], `--env ${env}, export of ${host}`);
          const order = readFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), 'utf8');
          assert.match(order, 'ready for pickup now.');
          assert.match(order, /url: \(\(shop_host\)\)\/orders\/\{\{1\}\}\n {4}example: A-1042\n/, order);
          const cards = readFileSync(path.join(dir, 'templates/cards_env.en_US.yaml'), 'utf8');
          assert.match(cards, 'swipe to see every one.');
          assert.match(cards, /url: \(\(shop_host\)\)\/p\/\{\{1\}\}\n {8}example: linen\n/, cards);
          assert.match(cards, /url: \(\(shop_host\)\)\/p\/\{\{1\}\}\n {8}example: \(\(shop_host\)\)\/p\/chino\n/, cards);
          assert.not.match(order + cards, /https:\/\/(staging\.)?shop\.example/, 'no environment\'s host written in a file that serves both');
          // each environment takes the files (button-url judges the samples with its values)
          for (const e of ['staging', 'production']) {
            const r = await cliIn(['lint', '--env', e, 'templates'], { cwd: dir });
            assert.is(r.exitCode, 0, r.stdout + r.stderr);
          }
          writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALUE_FORM, 'templates/cards_env.en_US.yaml': CARDS_FORM });
        }
      }
    }
  } finally { cleanup(dir); }
});

test.run();
