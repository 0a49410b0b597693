// lint --fix and the stub sample: the fix adds `TODO` for a placeholder without a sample so that
// the template has its shape, and rule sample-stub keeps it from going to review as it is; beside
// a misspelt `exmaples:` key the fix adds nothing (the samples are there, under the wrong key, and
// a second block would be a duplicate key once the spelling is corrected).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixText } from '../src/lint/fix.ts';
import { formatTemplate } from '../src/fmt/format.ts';
import { fixReport, type FileFix } from '../src/lint/fix-run.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const HEAD = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\n';

test('no samples: the fix writes stubs, and each stub is then an error of its own (sample-stub), at its line', () => {
  const text = `${HEAD}body:\n  text: "Hi {{1}}, your order {{2}} is ready for pickup at the store."\n`;
  const r = fixText(text, { findings, now });
  assert.match(r.text, /examples:/);
  const left = findings(r.text);
  assert.equal(left.map((d) => d.ruleId), ['sample-stub', 'sample-stub']);
  assert.ok(left.every((d) => d.severity === 'error'));
  assert.match(left[0]!.message, 'The sample of {{1}} is still the stub TODO that lint --fix wrote');
});

test('a misspelt examples key: the fix adds no second block; the schema names the key to write', () => {
  for (const typo of ['exmaples', 'examles', 'example', 'Examples']) {
    const text = `${HEAD}body:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  ${typo}: { 1: Ana }\n`;
    const r = fixText(text, { findings, now });
    assert.not.match(r.text, /TODO/, typo);
    const schema = findings(r.text).find((d) => d.ruleId === 'schema');
    assert.ok(schema, `${typo}: the schema reports the key`);
  }
  // an unrelated key beside a text without samples: the stub is added as before
  const other = `${HEAD}body:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  note: hello\n`;
  assert.match(fixText(other, { findings, now }).text, /TODO/);
});

const RCS = 'channel: shop-rcs\nname: fix_two\nlanguage: en_US\n';
test('RCS texts: the fix writes the stub under message.examples, and sample-stub reports it wherever the placeholder is', () => {
  const cases: [string, string][] = [
    ['text', `${RCS}message:\n  type: text\n  message: "Hello {{name}}, your code {{code}} ok"\n  examples: { name: Ana }\n`],
    ['card title', `${RCS}message:\n  type: rich_card\n  richCards:\n    - title: "Your code {{code}}"\n      description: Enjoy the sale.\n`],
    ['card description', `${RCS}message:\n  type: rich_card\n  richCards:\n    - title: Sale\n      description: "Your code {{code}}"\n`],
    ['fallback', `${RCS}message:\n  type: text\n  message: Our sale starts now.\n  fallback: { text: "Your code {{code}}" }\n`],
    ['WhatsApp and RCS', `${HEAD}body:\n  text: "Hi {{name}}, your order is ready for pickup at the store."\n  examples: { name: Ana }\nmessage:\n  type: text\n  message: "Hi {{name}}, your code {{code}} is ready"\n`],
  ];
  for (const [what, text] of cases) {
    const r = fixText(text, { findings, now });
    assert.match(r.text, /code: TODO/, what);
    const left = findings(r.text).filter((d) => d.ruleId === 'sample-stub');
    assert.equal(left.length, 1, what);
    assert.equal(left[0]!.severity, 'error', what);
    assert.equal(r.stubs, 1, what);
  }
});

test('the stubs\' examples block goes where fmt puts it, so that fmt --check passes after lint --fix (it went after a message\'s fallback)', () => {
  const text = `${RCS}message:\n  type: rich_card\n  richCards:\n    - title: "Your plan {{1}}"\n      description: "Renews on {{2}}."\n      fileUrl: https://cdn.example.com/plan.png\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n  fallback:\n    text: "Your plan {{1}} renews on {{2}}."\n`;
  const r = fixText(text, { findings, now });
  assert.match(r.text, /fileUrl: https:\/\/cdn\.example\.com\/plan\.png\n  examples:\n    1: TODO\n    2: TODO\n  rcsRichCardsOpts:/);
  assert.is(formatTemplate(r.text).text, r.text);
  // a WhatsApp body: before the keys fmt puts after it
  const wa = `${HEAD}body:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\nfooter: Reply STOP to opt out\n`;
  const w = fixText(wa, { findings, now });
  assert.is(formatTemplate(w.text).text, w.text);
});

test('grouping an offer\'s quick replies puts them after its COPY_CODE button, which stays first (they went before it: offer-copy-code then said button 3)', () => {
  const offer = 'channel: shop-whatsapp\nname: flash_sale\nlanguage: en_US\ncategory: MARKETING\nlimited_time_offer: { text: Ends tonight, has_expiration: true }\nbody:\n  text: "Hi {{1}}, our flash sale ends tonight: take 20% off everything."\n  examples: { 1: Ana }\nbuttons:\n  - { type: QUICK_REPLY, text: Not now }\n  - { type: COPY_CODE, example: FLASH20 }\n  - { type: QUICK_REPLY, text: Stop promos }\n  - { type: URL, text: Shop now, url: "https://shop.example.com/sale?code={{1}}", example: "https://shop.example.com/sale?code=FLASH20" }\n';
  const r = fixText(offer, { findings, now });
  assert.match(r.text, /buttons:\n  - \{ type: COPY_CODE, example: FLASH20 \}\n  - \{ type: URL,[^\n]*\n  - \{ type: QUICK_REPLY, text: Not now \}\n  - \{ type: QUICK_REPLY, text: Stop promos \}\n/);
  assert.equal(findings(r.text).map((d) => d.ruleId).filter((id) => id === 'offer-copy-code' || id === 'button-grouping'), []);
});

test('every examples block: a stub left in the header, body, message or a carousel card is reported', () => {
  const carousel = `${HEAD.replace('UTILITY', 'MARKETING')}body:\n  text: "Hi {{1}}, see our picks for you this week."\n  examples: { 1: Ana }\ncarousel:\n  - header: { format: IMAGE, example: "https://cdn.example.com/a.jpg" }\n    body: { text: "Chinos, now {{1}}", examples: { 1: TODO } }\n    buttons: [{ type: QUICK_REPLY, text: Buy }]\n  - header: { format: IMAGE, example: "https://cdn.example.com/b.jpg" }\n    body: { text: "Shirts, now {{1}}", examples: { 1: "€19" } }\n    buttons: [{ type: QUICK_REPLY, text: Buy }]\n`;
  assert.ok(findings(carousel).some((d) => d.ruleId === 'sample-stub' && d.line === 10), JSON.stringify(findings(carousel).map((d) => `${d.ruleId}@${d.line}`)));
});

test('lint --fix says that it added a stub sample that needs a real value', () => {
  const fixes: FileFix[] = [{ file: 'templates/a.yaml', fixed: { 'placeholder-sample': 2 }, stubs: 2 }, { file: 'templates/b.yaml', fixed: { 'key-order': 1 } }];
  const out = fixReport(fixes, []);
  assert.match(out, 'templates/a.yaml: added 2 stub samples (TODO) that need a real value');
  assert.not.match(out, 'templates/b.yaml: added');
  // the two placeholder-sample findings the stubs took away are not counted as fixed: two sample-stub errors took their place
  assert.not.match(out, /fixed templates\/a\.yaml/);
  assert.match(out, 'tplsync: fixed templates/b.yaml: key-order 1\n');
  assert.match(out, 'tplsync: lint --fix: 1 finding fixed and 2 stub samples (TODO) added to fill in, in 2 files; 0 findings left\n');
  // a sample moved to its placeholder (no stub) is a fix; beside a stub, the other finding is counted fixed
  assert.match(fixReport([{ file: 'c.yaml', fixed: { 'placeholder-sample': 2 }, stubs: 1 }], []), /^tplsync: fixed c\.yaml: placeholder-sample 1\n[^\n]*added a stub sample[^\n]*\ntplsync: lint --fix: 1 finding fixed and a stub sample \(TODO\) added to fill in, in 1 file; 0 findings left\n$/);
});

test('named and numbered placeholders mixed: the fix adds no stub (which keys they keep is the writer\'s choice), and says the template needs a human (trial-ar F4)', () => {
  const text = `${HEAD}body:\n  text: "Hi {{name}}, your order {{2}} is ready for pickup at the store."\n  examples:\n    name: Ana\n`;
  assert.ok(findings(text).some((d) => d.ruleId === 'placeholder-mixed'));
  const r = fixText(text, { findings, now });
  assert.is(r.text, text);
  assert.is(r.stubs, undefined);
  assert.equal(r.left.map((d) => d.ruleId).sort(), ['placeholder-mixed', 'placeholder-sample']);
  // the header named, the body numbered: the one parameter format of the template is mixed too
  const split = `${HEAD}header:\n  format: TEXT\n  text: "Order for {{customer}}"\n  examples: { customer: Ana }\nbody:\n  text: "Your order {{1}} is ready for pickup at the store."\n`;
  assert.ok(findings(split).some((d) => d.ruleId === 'placeholder-mixed'));
  assert.not.match(fixText(split, { findings, now }).text, /TODO/);
  // one style, a URL button's {{1}} beside named ones: the stub as before
  const named = `${HEAD}body:\n  text: "Hi {{name}}, your order {{order_id}} is ready for pickup at the store."\n  examples:\n    name: Ana\nbuttons:\n  - { type: URL, text: Track, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A1" }\n`;
  assert.match(fixText(named, { findings, now }).text, '    order_id: TODO\n');
});

test.run();
