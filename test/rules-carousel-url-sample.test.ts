// A carousel card's URL button is held to what a template's URL button is: its sample starts with
// the URL's fixed part (a sample on another host went to review unseen), and a URL without a
// placeholder takes no sample (placeholder-sample). In-process, through the whole engine.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}@${d.line}:${d.column}`);

const carousel = (url: string, example?: string): string => [
  'channel: shop-whatsapp', 'name: linen_week', 'language: en_US', 'category: MARKETING',
  'body:', '  text: "Hi {{1}}, our linen week starts today with new shirts and trousers."', '  examples: { 1: Ana }',
  'carousel:',
  ...[1, 2].flatMap((n) => [
    '  - header: { format: IMAGE, example: "https://cdn.shop.example/linen-' + n + '.png" }',
    '    body:', `      text: "Linen piece ${n}, now in three colours."`,
    '    buttons:', '      - type: QUICK_REPLY', '        text: Tell me more',
    '      - type: URL', '        text: Shop now', `        url: "${url}"`, ...(example !== undefined ? [`        example: "${example}"`] : []),
  ]),
].join('\n') + '\n';

test('a card URL sample on the URL\'s own address passes; on another host it is button-url\'s finding, at the sample', () => {
  assert.equal(lint(carousel('https://shop.example/p/{{1}}', 'https://shop.example/p/linen-1')), []);
  assert.equal(lint(carousel('https://shop.example/p/{{1}}', 'https://evil.example/zzz')), ['button-url@18:18', 'button-url@28:18']);
  // the fixed part alone gives {{1}} no value
  assert.equal(lint(carousel('https://shop.example/p/{{1}}', 'https://shop.example/p/')), ['button-url@18:18', 'button-url@28:18']);
  // the placeholder in the query: the address, then a query of its own
  assert.equal(lint(carousel('https://shop.example/p?item={{1}}', 'https://shop.example/p?item=linen-1')), []);
  assert.equal(lint(carousel('https://shop.example/p?item={{1}}', 'https://shop.example/q?item=linen-1')).length, 2);
});

test('a card URL without a placeholder takes no sample (placeholder-sample), as a template\'s button', () => {
  assert.equal(lint(carousel('https://shop.example/p')), []);
  assert.equal(lint(carousel('https://shop.example/p', 'https://other.example/q')), ['placeholder-sample@18:9', 'placeholder-sample@28:9']);
});

test('a limited-time offer with a carousel is told the two cannot be combined (it was sent from one finding to the other)', () => {
  const offer = carousel('https://shop.example/p/{{1}}', 'https://shop.example/p/linen-1').replace('body:\n', 'limited_time_offer: { text: Tonight only, has_expiration: false }\nbody:\n');
  const found = finishProject([lintBytes('t.yaml', Buffer.from(offer), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
  const d = found.find((x) => x.ruleId === 'offer-url-button');
  assert.ok(d, found.map((x) => x.ruleId).join());
  assert.match(d!.message, 'an offer cannot be a carousel');
  // with buttons beside the carousel (the offer's own), the first finding says it too
  const withButtons = offer.replace('carousel:\n', 'buttons:\n  - { type: COPY_CODE, example: WEEKEND20 }\n  - { type: URL, text: Shop, url: "https://shop.example/s/{{1}}", example: "https://shop.example/s/WEEKEND20" }\ncarousel:\n');
  const shape = finishProject([lintBytes('t.yaml', Buffer.from(withButtons), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} }).find((x) => x.ruleId === 'carousel-shape');
  assert.ok(shape);
  assert.match(shape!.message, 'A limited-time offer cannot be a carousel either');
});

test('a URL whose host is an environment value beside a sample written out is the environment\'s to judge (the message named a stand-in host no one wrote)', () => {
  assert.equal(lint(carousel('((shop_host))/p/{{1}}', 'https://acme-shop.com/p/linen-1')).filter((x) => !x.startsWith('env-value-missing')), []);
  // the same reference in both: the rest is compared
  assert.equal(lint(carousel('((shop_host))/p/{{1}}', '((shop_host))/p/linen-1')).filter((x) => !x.startsWith('env-value-missing')), []);
  assert.equal(lint(carousel('((shop_host))/p/{{1}}', '((shop_host))/q/linen-1')).filter((x) => !x.startsWith('env-value-missing')), ['button-url@18:18', 'button-url@28:18']);
});

test.run();
