// Property (seeded): generated RCS-only templates with every suggested action, every layout and
// the SMS fallback lint clean, and come back from the real emulator equal to themselves: the
// write body carries no WhatsApp definition, and the read maps back to the same canonical model.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { collectFindings } from '../src/lint/engine.ts';
import { diffTemplates, fromFile, fromRead, fromWriteBody, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { cardLayout, fitRichCard } from '../src/model/rcs-card-fit.ts';
import { CHANNEL_B } from './helpers.ts';

const word = fc.constantFrom('store', 'order', 'offer', 'parcel', 'event', 'coffee', 'Berlin', 'today', 'new', 'gift');
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));
const label = words(1, 3).map((s) => s.slice(0, 25).trim() || 'Open');
const name = fc.constantFrom('first_name', 'city', 'order_id', 'day');
const sample = fc.constantFrom('Maria', 'A-1042', 'Saturday', 'Berlin');
const postback = fc.constantFrom('yes', 'no', 'more', 'later');
const url = fc.constantFrom('https://shop.example.com/a', 'https://shop.example.com/track?x=1', 'http://example.org/');
const iso = (ms: number) => new Date(ms).toISOString();

/** one suggestion of each action, each with the keys RBM gives it */
const suggestionOf: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  reply: fc.record({ action: fc.constant('reply'), text: label, postbackData: postback }),
  open_url: fc.record({ action: fc.constant('open_url'), text: label, postbackData: url, openUrlApplication: fc.constantFrom('BROWSER', 'WEBVIEW') })
    .chain((s) => (s.openUrlApplication === 'WEBVIEW' ? fc.constantFrom('FULL', 'HALF', 'TALL').map((w) => ({ ...s, webviewType: w })) : fc.constant(s))),
  dial: fc.record({ action: fc.constant('dial'), text: label, phoneNumber: fc.integer({ min: 1_000_000, max: 999_999_999_999 }).map((n) => `+49${n}`), postbackData: postback }),
  view_location: fc.oneof(
    fc.record({ action: fc.constant('view_location'), text: label, latLong: fc.record({ latitude: fc.double({ min: -90, max: 90, noNaN: true }), longitude: fc.double({ min: -180, max: 180, noNaN: true }) }), label: words(1, 3) }),
    fc.record({ action: fc.constant('view_location'), text: label, query: words(1, 4) }),
  ),
  share_location: fc.record({ action: fc.constant('share_location'), text: label, postbackData: postback }),
  create_calendar_event: fc.record({ start: fc.integer({ min: 1_900_000_000, max: 2_000_000_000 }), hours: fc.integer({ min: 1, max: 48 }), text: label, title: words(1, 4) })
    .map(({ start, hours, text, title }) => ({ action: 'create_calendar_event', text, startTime: iso(start * 1000), endTime: iso((start + hours * 3600) * 1000), title })),
};
const ACTIONS = Object.keys(suggestionOf);

const template = fc.record({
  n: fc.integer({ min: 0, max: 1e9 }),
  layout: fc.constantFrom('text', 'STANDALONE', 'CAROUSEL'),
  cards: fc.integer({ min: 2, max: 4 }),
  suggestions: fc.tuple(...ACTIONS.map((a) => suggestionOf[a]!)),
  order: fc.shuffledSubarray(ACTIONS.map((_, i) => i), { minLength: ACTIONS.length, maxLength: ACTIONS.length }),
  placeholder: name, value: sample, prefix: words(1, 4), heading: words(1, 2),
  fallback: fc.option(words(2, 10), { nil: undefined }),
  expiry: fc.option(fc.oneof(fc.integer({ min: 1, max: 86400 }).map((ttl) => ({ type: 'TTL', ttl })), fc.constant({ type: 'EXPIRE_TIME', expireTime: '2099-01-31T23:59:59.000Z' })), { nil: undefined }),
  media: fc.constantFrom('SHORT', 'MEDIUM', 'TALL'),
}).map((g) => {
  const sg = g.order.map((i) => g.suggestions[i]!);
  const ph = `{{${g.placeholder}}}`;
  const message: Record<string, unknown> = { type: g.layout === 'text' ? 'text' : 'rich_card' };
  if (g.layout === 'text') {
    message.message = `${g.prefix} ${ph} now`;
    message.suggestions = sg;
  } else {
    const count = g.layout === 'STANDALONE' ? 1 : g.cards;
    const opts = g.layout === 'STANDALONE' ? { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: g.media } : { type: 'CAROUSEL', cardWidth: 'MEDIUM', mediaHeight: g.media === 'TALL' ? 'MEDIUM' : g.media };
    // as many chips on a card as it shows whole (at most 4; RBM's 344 dp: rcs-card-height), the rest on the message
    const layout = cardLayout(opts, count);
    const sent = (x: string): string => x.replace(ph, g.value);
    let next = 0;
    message.richCards = Array.from({ length: count }, (_, i) => {
      const card: Record<string, unknown> = {
        title: i === 0 ? `${g.heading} ${ph}` : `Card ${i + 1}`, description: `${g.prefix} ${i}`,
        fileUrl: `https://cdn.example.com/c${i}.${i % 2 ? 'mp4' : 'jpg'}`, ...(i % 2 ? { thumbnailUrl: `https://cdn.example.com/c${i}.jpg` } : {}),
      };
      let k = 0;
      while (k < 4 && next + k < sg.length && fitRichCard(layout, { ...card, suggestions: sg.slice(next, next + k + 1) }, sent).cut.length === 0) k++;
      if (k) card.suggestions = sg.slice(next, next + k);
      next += k;
      return card;
    });
    const rest = sg.slice(next);
    if (rest.length) message.suggestions = rest;
    message.rcsRichCardsOpts = opts;
  }
  message.examples = { [g.placeholder]: g.value };
  if (g.expiry) message.rcsExpireOpts = g.expiry;
  if (g.fallback) message.fallback = { text: `${g.fallback} ${ph}.` };
  return { channel: 'shop-rcs', name: `rcs_${g.n}`, language: 'en_US', description: 'generated', message };
});

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('property: RCS-only templates with every action lint clean and round-trip through the emulator', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  const now = new Date('2026-01-01T00:00:00Z');
  // every run writes a template of its own: the emulator (like WhatsApp) limits edits of an
  // APPROVED template to one a day, and shrinking would otherwise write the same name again
  let seq = 0;
  await fc.assert(fc.asyncProperty(template, async (generated) => {
    const t = { ...generated, name: `rcs_${++seq}` };
    // an expireTime years ahead (the emulator reviews by the real clock): RBM's 15-day window warns of it, and a view_location
    // query is Android Messages' only (an info of every query chip); nothing else may
    assert.equal(collectFindings(t, { now }).filter((f) => f.ruleId !== 'rcs-expire-window' && f.ruleId !== 'rcs-view-location-query').map((f) => `${f.ruleId} ${f.path.join('.')}: ${f.message}`), [], 'the generated template lints clean');
    const id = templateId(CHANNEL_B, t.name, t.language);
    const c = fromFile(t, CHANNEL_B, id).canonical;
    assert.ok(c.rcsOnly);
    const body = toWriteBody(c);
    assert.is(body.chatapp, undefined, 'no WhatsApp definition on the wire');
    assert.is(body.language, 'en_US');
    assert.not.match(JSON.stringify(body.message), /\{\{[a-z_]+\}\}/, 'placeholders are numbered on the wire');
    assert.equal(diffTemplates(c, fromWriteBody(body, CHANNEL_B, id)), [], 'the write body maps back');
    await client.writeTemplate(CHANNEL_B, id, body);
    const read = await client.getTemplate(CHANNEL_B, id);
    assert.ok(read, 'read back');
    assert.is(read!.chatapp, undefined);
    assert.is(read!.statusText, 'APPROVED', read!.rejectionReason);
    assert.equal(diffTemplates(c, fromRead(read!, CHANNEL_B)), [], 'the read maps back to the same template');
  }), { seed: 1414, numRuns: 60 });
});

test.run();
