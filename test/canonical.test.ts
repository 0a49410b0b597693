// The canonical model: a template written and read back equals itself, for every sample and
// many generated templates, through the real emulator; ids are stable name-based UUIDs.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { canonicalJson, diffTemplates, fileFormText, fromFile, fromRead, fromWriteBody, toWriteBody } from '../src/model/canonical.ts';
import { TEMPLATE_ID_NAMESPACE, templateId } from '../src/model/ids.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, ROOT } from './helpers.ts';

const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml')).map((f) => readTemplateValue(readFileSync(path.join(ROOT, 'templates', f), 'utf8')));

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

async function roundTrip(t: Record<string, unknown>): Promise<void> {
  const id = templateId(CHANNEL_A, String(t.name), String(t.language));
  const c = fromFile(t, CHANNEL_A, id).canonical;
  const body = toWriteBody(c);
  assert.equal(diffTemplates(c, fromWriteBody(body, CHANNEL_A, id)), [], 'write body maps back');
  // the canonical model holds what the platform sees and nothing else: all of it is in the write
  // (names and samples by name are the file's own: FileTemplate)
  assert.is(canonicalJson(fromWriteBody(body, CHANNEL_A, id)), canonicalJson(c), 'the canonical model is what its write body carries');
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  await client.writeTemplate(CHANNEL_A, id, body);
  const read = await client.getTemplate(CHANNEL_A, id);
  assert.equal(diffTemplates(c, fromRead(read!, CHANNEL_A)), [], `${String(t.name)} reads back as written`);
}

test('every sample template round-trips through the emulator unchanged', async () => {
  for (const t of samples) await roundTrip(t);
});

test('property: generated templates round-trip unchanged', async () => {
  const gen = fc.record({
    i: fc.nat(1000),
    footer: fc.option(fc.stringMatching(/^[A-Za-z ]{1,40}$/), { nil: undefined }),
    description: fc.option(fc.string({ maxLength: 50 }), { nil: undefined }),
    names: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z_]{0,8}$/), { minLength: 1, maxLength: 4 }),
    numbered: fc.boolean(),
  });
  // a template of its own per run: the emulator (like WhatsApp) limits edits of an APPROVED template
  let seq = 0;
  await fc.assert(fc.asyncProperty(gen, async (g) => {
    const t = readTemplateValue(templateText(g.i)) as Record<string, unknown>;
    const keys = g.numbered ? g.names.map((_, i) => String(i + 1)) : g.names;
    t.name = `gen_${g.i}_${++seq}`;
    t.body = { text: `Hello ${keys.map((k) => `{{${k}}} and more`).join(' then ')} end.`, examples: Object.fromEntries(keys.map((k) => [k, `v_${k}`])) };
    if (g.footer === undefined) delete t.footer; else t.footer = g.footer;
    if (g.description === undefined) delete t.description; else t.description = g.description;
    await roundTrip(t);
  }), { numRuns: 60, seed: 20261122 });
});

test('not observable: the category, and an expireTime the read returns unresolved', () => {
  const t = readTemplateValue(readFileSync(path.join(ROOT, 'templates', 'rcs', 'weekend_offers.en_US.yaml'), 'utf8')) as Record<string, Record<string, unknown>>;
  // the sample expires by ttl; this case is an expireTime the read gives back unresolved
  t.message = { ...t.message, rcsExpireOpts: { type: 'EXPIRE_TIME', expireTime: '2099-12-31T23:59:59.000Z' } };
  const c = fromFile(t, CHANNEL_A, 'x').canonical;
  const remote = fromFile({ ...t, category: 'UTILITY' }, CHANNEL_A, 'x').canonical;
  remote.message = { ...remote.message, rcsExpireOpts: { type: 'EXPIRE_TIME', expireTime: '{{expire_time}}' } };
  assert.equal(diffTemplates(c, remote), []);
  remote.footer = 'changed';
  assert.equal(diffTemplates(c, remote).map((d) => d.path), ['footer']);
});

test('named placeholders compile to numbers by first appearance; samples follow', () => {
  const f = fromFile({ channel: 'a', name: 'n', language: 'en', category: 'UTILITY', body: { text: 'Hi {{b}}, {{a}} and {{b}} again.', examples: { a: 'A', b: 'B' } } }, CHANNEL_A, 'x');
  const c = f.canonical;
  assert.equal(c.body, { text: 'Hi {{1}}, {{2}} and {{1}} again.', examples: ['B', 'A'] });
  // the names are the file's own, beside the canonical model (what the platform sees has none)
  assert.equal(f.names, { body: ['b', 'a'] });
  assert.is(fileFormText(c.body.text, f.names.body), 'Hi {{b}}, {{a}} and {{b}} again.', 'the file names come back for messages and diffs');
  const body = toWriteBody(c);
  assert.equal(body.chatapp!.chatapp.example, { 1: 'B', 2: 'A' });
});

test('a named header placeholder takes the body sample of the same name (lint agrees)', async () => {
  const t = { channel: 'shop-whatsapp', name: 'n', language: 'en', category: 'UTILITY',
    header: { format: 'TEXT', text: 'Order {{order_id}}' },
    body: { text: 'Hi {{name}}, your order {{order_id}} is ready for pickup now.', examples: { name: 'Ana', order_id: 'A-1' } } };
  const f = fromFile(t, CHANNEL_A, 'x');
  assert.equal(f.canonical.header, { format: 'TEXT', text: 'Order {{1}}', example: 'A-1' });
  assert.equal(f.names.header, ['order_id']);
  const { lintBytes, finishProject } = await import('../src/lint/engine.ts');
  const { stringify } = await import('yaml');
  const diags = finishProject([lintBytes('t.yaml', Buffer.from(stringify(t)), { now: new Date() })], { severities: {} });
  assert.equal(diags.map((d) => d.ruleId), []);
});

test('template ids: name-based UUIDs, stable, per channel; an explicit publicId wins', () => {
  const a = templateId(CHANNEL_A, 'order_shipped', 'en_US');
  assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(templateId(CHANNEL_A.toUpperCase(), 'order_shipped', 'en_US'), a);
  assert.is.not(templateId('5d1f8e2a-8c3b-4f7e-9d6a-2b1c0e9f7a33', 'order_shipped', 'en_US'), a);
  assert.is.not(templateId(CHANNEL_A, 'order_shipped', 'de'), a);
  assert.is(templateId(CHANNEL_A, 'x', 'en', '7C9E6679-7425-40DE-944B-E07FC1F90AE7'), '7c9e6679-7425-40de-944b-e07fc1f90ae7');
  assert.is(TEMPLATE_ID_NAMESPACE, '6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b', 'the namespace never changes');
  // a known value pins the derivation itself
  assert.is(templateId('0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', 'order_shipped', 'en_US'), 'fadd0135-16ff-57ca-b644-ec0e7049fb18');
});

// a service that keeps its own copy of a media sample answers with that copy's address (Meta: its CDN's)
test('a media header sample read back under another host is the service\'s copy: no change (header and carousel cards); a new sample on the same host is one; send\'s digest leaves samples out', async () => {
  const { contentDigest } = await import('../src/model/meta.ts');
  const file = (example: string, card = example) => fromFile({
    channel: 'c', name: 'spring', language: 'en_US', category: 'MARKETING',
    header: { format: 'IMAGE', example }, body: { text: 'Hello {{1}}, our spring range is here.', examples: { 1: 'Ana' } },
  }, CHANNEL_A, 'id').canonical;
  const cards = (example: string) => fromFile({
    channel: 'c', name: 'cards', language: 'en_US', category: 'MARKETING', body: { text: 'Hello {{1}}, see our picks.', examples: { 1: 'Ana' } },
    carousel: [0, 1].map((i) => ({ header: { format: 'IMAGE', example: `${example}${i}.png` }, body: { text: `Card ${i}` }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] })),
  }, CHANNEL_A, 'id2').canonical;
  const mine = file('https://cdn.shop.example/spring.png');
  assert.equal(diffTemplates(mine, file('https://scontent.partner-cdn.example/v/t61/123.png?_nc_cat=1')), []);
  assert.equal(diffTemplates(mine, file('https://cdn.shop.example/summer.png')).map((d) => d.path), ['header.example']);
  assert.equal(diffTemplates(cards('https://cdn.shop.example/c'), cards('https://lookaside.fbsbx.example/c')), []);
  assert.equal(diffTemplates(cards('https://cdn.shop.example/c'), cards('https://cdn.shop.example/d')).map((d) => d.path), ['carousel[0].header.example', 'carousel[1].header.example']);
  assert.equal(contentDigest(mine), contentDigest(file('https://scontent.partner-cdn.example/v/t61/123.png')));
  assert.not.equal(contentDigest(mine), contentDigest({ ...mine, body: { ...mine.body, text: 'Hello {{1}}, our summer range is here.' } }));
});

test('an RCS enum read back as ..._UNSPECIFIED (Google\'s default) is the value left out: no update that never settles', async () => {
  const { normalizeMessage } = await import('../src/model/canonical.ts');
  const card = { title: 'Store opening', description: 'Come by', media: { height: 'MEDIUM', contentInfo: { fileUrl: 'https://cdn.shop.example/a.png' } } };
  const ours = normalizeMessage({ type: 'richCard', richCards: [card], rcsRichCardsOpts: { orientation: 'VERTICAL' } } as never);
  const theirs = normalizeMessage({ type: 'richCard', richCards: [card], rcsRichCardsOpts: { orientation: 'VERTICAL', imageAlign: 'THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED' } } as never);
  assert.equal(theirs, ours);
  assert.equal(normalizeMessage({ type: 'richCard', richCards: [card], rcsRichCardsOpts: { orientation: 'HORIZONTAL', imageAlign: 'LEFT' } } as never).rcsRichCardsOpts, { imageAlign: 'LEFT', orientation: 'HORIZONTAL' });
});

test('a read\'s buttons: a type no file can hold (top level or in a carousel card) is named, not kept or dropped; a known type in small letters is that type', () => {
  const read = {
    name: 'cards', publicId: '00000000-0000-4000-8000-000000000009', status: 2, statusText: 'APPROVED',
    chatapp: { name: 'cards', language: 'en_US', status: 'APPROVED', components: [
      { type: 'BODY', text: 'Hello {{1}}, see our picks.', example: { body_text: [['Ana']] } },
      { type: 'CAROUSEL', cards: [0, 1].map((i) => ({ components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://cdn.shop.example/${i}.png`] } },
        { type: 'BUTTONS', buttons: [{ type: 'quick_reply', text: 'More' }, ...(i === 1 ? [{ type: 'CALL_PERMISSION_REQUEST', text: 'Remind me' }] : [])] },
      ] })) },
      { type: 'BUTTONS', buttons: [{ type: 'url', text: 'Shop', url: 'https://shop.example' }, { type: 'REMINDER', text: 'Remind me' }] },
    ] },
  };
  const c = fromRead(read as never, CHANNEL_A);
  assert.equal(c.unknownComponents, ['CALL_PERMISSION_REQUEST button of card 2', 'REMINDER button']);
  assert.equal(c.buttons.map((b) => b.type), ['URL']);
  assert.equal(c.carousel?.map((card) => card.buttons.map((b) => b.type)), [['QUICK_REPLY'], ['QUICK_REPLY']]);
});

test.run();
