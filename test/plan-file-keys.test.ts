// Plan diffs speak the file's language: its keys (footer.code_expiration_minutes, not
// codeExpirationMinutes), its shapes (samples as maps keyed by the placeholder's name), its
// placeholder names on both sides, and nothing the file does not hold (rcsOnly, messageNames);
// a long text change shows where the two sides differ.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffTemplates, fromFile, fromWriteBody, toWriteBody, withoutFile, type CanonicalTemplate } from '../src/model/canonical.ts';
import type { PlanChange } from '../src/plan/plan.ts';
import { fileChanges, renderJson, renderMarkdown, renderText, showPair, unifiedDiff } from '../src/plan/render.ts';
import { CHANNEL_A, CHANNEL_B } from './helpers.ts';

const ID = '7563f4f9-7a7c-590e-8843-8b805ca99f15';

/** the remote as the channel has it: what an earlier version of the file wrote */
const remoteOf = (t: Record<string, unknown>, channelId: string): CanonicalTemplate => fromWriteBody(toWriteBody(fromFile(t, channelId, ID).canonical), channelId, ID);

function update(before: Record<string, unknown>, after: Record<string, unknown>, channelId = CHANNEL_A): PlanChange {
  const remote = remoteOf(before, channelId);
  const desired = fromFile(after, channelId, ID);
  const changes = diffTemplates(desired.canonical, remote);
  assert.ok(changes.length, 'the model sees a change');
  return { channel: String(after.channel), name: String(after.name), language: String(after.language), publicId: ID, channelId, action: 'update', changes, remoteFingerprint: 'x', desired, remote: withoutFile(remote) };
}
const plan = (c: PlanChange) => ({ changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } });
const everyRendering = (c: PlanChange) => [unifiedDiff(c), renderText(plan(c) as never, { color: false, environment: 'dev' }), renderMarkdown(plan(c) as never, { environment: 'dev' }), renderJson(plan(c) as never, { environment: 'dev', target: 'http://127.0.0.1:8080' })].join('\n');

const auth = (minutes: number) => ({
  channel: 'shop-whatsapp', name: 'login_code', language: 'en_US', category: 'AUTHENTICATION',
  body: { add_security_recommendation: true }, footer: { code_expiration_minutes: minutes },
  buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }],
});

test('an authentication footer change reads as footer.code_expiration_minutes', () => {
  const c = update(auth(10), auth(5));
  assert.equal(fileChanges(c), [{ path: 'footer.code_expiration_minutes', before: 10, after: 5 }]);
  const all = everyRendering(c);
  assert.match(all, 'footer.code_expiration_minutes');
  assert.match(unifiedDiff(c), '-  code_expiration_minutes: 10\n+  code_expiration_minutes: 5');
  assert.not.match(all, 'codeExpirationMinutes');
});

const order = (sample: string, text = 'Hi {{customer}}, your order {{order_id}} is ready.') => ({
  channel: 'shop-whatsapp', name: 'order_ready', language: 'en_US', category: 'UTILITY',
  body: { text, examples: { customer: sample, order_id: 'A-1042' } },
});

test('a category change is listed beside another field\'s change (the file view holds no category)', () => {
  const c = update(order('Maria'), order('Jonas'));
  const withCategory = { ...c, changes: [{ path: 'category', before: 'MARKETING', after: 'UTILITY' }, ...c.changes!] };
  assert.equal(fileChanges(withCategory), [{ path: 'category', before: 'MARKETING', after: 'UTILITY' }, { path: 'body.examples.customer', before: 'Maria', after: 'Jonas' }]);
  assert.match(renderText(plan(withCategory) as never, { color: false, environment: 'dev' }), /category: "MARKETING" → "UTILITY"/);
});

test('samples read as the file keys them, with the names on both sides', () => {
  const c = update(order('Maria'), order('Jonas'));
  assert.equal(fileChanges(c), [{ path: 'body.examples.customer', before: 'Maria', after: 'Jonas' }]);
  const diff = unifiedDiff(c);
  assert.match(diff, '-    customer: Maria\n+    customer: Jonas');
  assert.match(diff, 'text: Hi {{customer}}, your order {{order_id}} is ready.');
  assert.not.match(diff, '{{1}}');
});

const rcs = (title: string) => ({
  channel: 'shop-rcs', name: 'parcel_update', language: 'en_US', description: 'card',
  message: {
    type: 'rich_card', richCards: [{ title, description: 'Order {{order_id}} arrives {{arrival}}.', fileUrl: 'https://cdn.example.com/p.png' }],
    rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL' },
    examples: { order_id: 'A-1042', arrival: 'tomorrow' },
  },
});

test('an RCS update shows its change and none of the model\'s own fields', () => {
  const c = update(rcs('Your parcel'), rcs('Your parcel is on the way'), CHANNEL_B);
  assert.equal(fileChanges(c), [{ path: 'message.richCards[0].title', before: 'Your parcel', after: 'Your parcel is on the way' }]);
  const all = everyRendering(c);
  assert.not.match(all, 'messageNames');
  assert.not.match(all, 'rcsOnly');
  assert.match(unifiedDiff(c), 'description: Order {{order_id}} arrives {{arrival}}.');
});

test('a long text change is shown where the two sides differ', () => {
  const lead = 'Thank you for shopping with us. '.repeat(5);
  const c = update(order('Maria', `${lead}Your order {{order_id}} is ready, {{customer}}.`), order('Maria', `${lead}Your order {{order_id}} is ready for pickup, {{customer}}.`));
  const [b, a] = showPair(c.changes![0]!.before, c.changes![0]!.after);
  assert.is.not(b, a);
  assert.match(b, 'is ready');
  assert.match(a, 'ready for pickup');
  assert.ok(b.startsWith('…'), b);
  const text = renderText(plan(c) as never, { color: false, environment: 'dev' });
  assert.match(text, 'ready for pickup');
  // short values are shown whole
  assert.equal(showPair('a', 'b'), ['"a"', '"b"']);
});

test.run();
