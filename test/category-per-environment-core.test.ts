// The pure parts of `environments.<env>.categories` (test/category-per-environment.test.ts runs
// them against the emulator): the lookup, the unknown keys, the advice, plan and review.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { acceptedCategory, otherEnvironmentsServing, unknownCategoryKeys, unknownCategoryKeyWarning } from '../src/config/categories.ts';
import { recategorised } from '../src/plan/review-state.ts';
import { makePlan, writeBodyOf, type DesiredTemplate } from '../src/plan/plan.ts';
import { makeReview } from '../src/review/review.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_A, CHANNEL_B } from './helpers.ts';

test('acceptedCategory: the language\'s key first, then the template\'s; unknown keys with the nearest', () => {
  const e = { categories: { 'air-wa/a': 'MARKETING', 'air-wa/a/de': 'UTILITY' } };
  assert.is(acceptedCategory(e, { channel: 'air-wa', name: 'a', language: 'en_US' }), 'MARKETING');
  assert.is(acceptedCategory(e, { channel: 'air-wa', name: 'a', language: 'de' }), 'UTILITY');
  assert.is(acceptedCategory(e, { channel: 'air-wa', name: 'b', language: 'de' }), undefined);
  assert.is(acceptedCategory({ categories: { 'air-wa/constructor': 'MARKETING' } }, { channel: 'air-wa', name: 'toString', language: 'x' }), undefined);
  const unknown = unknownCategoryKeys({ categories: { 'air-wa/flight_stats': 'MARKETING', 'air-wa/a': 'UTILITY', 'air-wa/a/fr': 'UTILITY' } }, [{ channel: 'air-wa', name: 'a', language: 'de' }, { channel: 'air-wa', name: 'flight_status', language: 'en_US' }]);
  assert.equal(unknown, [{ key: 'air-wa/flight_stats', nearest: 'air-wa/flight_status' }, { key: 'air-wa/a/fr', nearest: 'air-wa/a/de' }]);
  assert.match(unknownCategoryKeyWarning('staging', unknown[0]!), "did you mean 'air-wa/flight_status'?");
  const config = { environments: { staging: { name: 'staging', channels: { 'air-wa': CHANNEL_A } }, production: { name: 'production', channels: { 'air-wa': CHANNEL_B } }, rcs: { name: 'rcs', channels: { other: CHANNEL_B } } } } as never;
  assert.equal(otherEnvironmentsServing(config, 'staging', 'air-wa'), ['production']);
});

test('recategorised: a file of one environment says set category; a shared file names the others and both ways', () => {
  const alone = recategorised('UTILITY', 'MARKETING', true, { environment: 'staging', key: 'air-wa/x', others: [] });
  assert.match(alone.todo, /^set category: MARKETING in the file/);
  assert.not.match(alone.todo, 'environments.');
  const shared = recategorised('UTILITY', 'MARKETING', true, { environment: 'staging', key: 'air-wa/x', others: ['production'] });
  assert.match(shared.todo, 'the file also serves production');
  assert.match(shared.todo, 'environments.staging.categories: { "air-wa/x": MARKETING }');
  assert.not.match(shared.todo, /^set category/);
  const differs = recategorised('UTILITY', 'MARKETING', false, { environment: 'staging', key: 'air-wa/x', others: ['production', 'qa'] });
  assert.is(differs.state, 'CATEGORY_DIFFERS');
  assert.match(differs.todo, 'the file also serves production, qa');
});

test('makePlan and makeReview: a copy under the accepted category is in sync, and the write carries it', () => {
  const id = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
  const d: DesiredTemplate = {
    file: 'x.yaml', fileHash: 'h', channel: 'air-wa',
    canonical: fromFile({ channel: 'air-wa', name: 'x', language: 'en_US', category: 'UTILITY', body: { text: 'Hello {{1}}, your gate is A1.', examples: { 1: 'Ana' } } }, CHANNEL_A, id).canonical,
  };
  const read = (category: string, text = 'Hello {{1}}, your gate is A1.'): TemplateReadResponse => ({ publicId: id, name: 'x', language: 'en_US', statusText: 'APPROVED', chatapp: { name: 'x', language: 'en_US', category, components: [{ type: 'BODY', text, example: { body_text: [['Ana']] } }] } } as never);
  const ctx = new Map([[id, { environment: 'staging', key: 'air-wa/x', others: ['production'] }]]);
  const inputs = { desired: [d], acceptedCategories: new Map([[id, 'MARKETING']]), categoryContext: ctx };
  const same = makePlan({ ...inputs, remote: new Map([[id, read('MARKETING')]]) }).changes[0]!;
  assert.is(same.action, 'noop');
  assert.is(same.needsAttention, undefined);
  assert.equal(same.acceptedCategory, { category: 'MARKETING', environment: 'staging' });
  const edited = makePlan({ ...inputs, remote: new Map([[id, read('MARKETING', 'Hello {{1}}, your gate is B7.')]]) }).changes[0]!;
  assert.is(edited.action, 'update');
  assert.not.ok(edited.changes!.some((c) => c.path === 'category'));
  assert.is(writeBodyOf(edited)?.chatapp?.chatapp.category, 'MARKETING');
  const neither = makePlan({ ...inputs, remote: new Map([[id, read('AUTHENTICATION')]]) }).changes[0]!;
  assert.ok(neither.needsAttention);
  assert.is(neither.acceptedCategory, undefined);
  const unaccepted = makePlan({ desired: [d], categoryContext: ctx, baseCategories: new Map([[id, 'UTILITY']]), remote: new Map([[id, read('MARKETING')]]) }).changes[0]!;
  assert.is(unaccepted.needsAttention?.state, 'RECATEGORISED');
  assert.match(unaccepted.needsAttention!.todo, 'the file also serves production');
  const review = makeReview('staging', [{ channel: 'air-wa', name: 'x', language: 'en_US', publicId: id, file: 'x.yaml', category: 'UTILITY', read: read('MARKETING'), acceptedCategory: 'MARKETING' }], new Set());
  assert.is(review.templates[0]!.todo, undefined);
  assert.is(review.summary.approved, 1);
});

test.run();
