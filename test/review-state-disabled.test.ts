// A DISABLED template is described by what its read says: WhatsApp disables a template after
// repeated pauses for low quality, and also for policy reasons. Without pauses (pauseCount absent
// or 0) nothing says "after repeated pauses", in the plan, in review, or in the pull-request comment.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { makePlan } from '../src/plan/plan.ts';
import { describeAttention, needsAttention } from '../src/plan/review-state.ts';
import { renderMarkdown, renderText } from '../src/plan/render.ts';
import { makeReview, renderReviewText } from '../src/review/review.ts';
import { fromRead } from '../src/model/canonical.ts';
import { CHANNEL_A } from './helpers.ts';

const ID = '6e2f3a4b-5c6d-4e7f-8a9b-000000000001';
const read = (o: Partial<TemplateReadResponse>): TemplateReadResponse => ({
  name: 'store_hours', publicId: ID, status: 4, statusText: 'DISABLED',
  chatapp: { name: 'store_hours', language: 'de', status: 'DISABLED', components: [{ type: 'BODY', text: 'Hallo {{1}}, wir haben heute bis 20 Uhr geöffnet.', example: { body_text: [['Ana']] } }] },
  ...o,
});
const plain = { red: (s: string) => s, green: (s: string) => s, yellow: (s: string) => s, dim: (s: string) => s, bold: (s: string) => s };

test('needsAttention: DISABLED says pauses only where the read counts them', () => {
  for (const r of [read({}), read({ pauseCount: 0 }), read({ rejectionReason: 'POLICY_VIOLATION' })]) {
    const a = needsAttention(r)!;
    assert.is(a.state, 'DISABLED');
    assert.not.match(a.todo, /pause/i, JSON.stringify(r));
    assert.match(a.todo, 'it cannot be sent or edited; create a new template under another name; see docs/recovery.md#disabled');
  }
  assert.match(describeAttention(needsAttention(read({ rejectionReason: 'POLICY_VIOLATION' }))!), 'the template on the channel is DISABLED (POLICY_VIOLATION): it cannot be sent or edited');
  assert.match(needsAttention(read({ pauseCount: 3 }))!.todo, /^disabled after 3 pauses for low quality: it cannot be sent or edited/);
  assert.match(needsAttention(read({ pauseCount: 1 }))!.todo, /^disabled after 1 pause for low quality: /);
});

test('plan, its comment and review of a DISABLED template without pauses say no pauses', () => {
  const r = read({});
  const desired = fromRead(r, CHANNEL_A);
  const plan = makePlan({ desired: [{ file: 'templates/hours.yaml', fileHash: 'h', channel: 'wa', canonical: desired }], remote: new Map([[ID, r]]) });
  assert.is(plan.changes[0]!.needsAttention?.state, 'DISABLED');
  const text = renderText(plan, { color: false, environment: 'dev' });
  const md = renderMarkdown(plan, { environment: 'dev' });
  const review = renderReviewText(makeReview('dev', [{ channel: 'wa', name: 'store_hours', language: 'de', publicId: ID, file: 'templates/hours.yaml', read: r }], new Set()), plain);
  for (const out of [text, md, review]) {
    assert.match(out, 'DISABLED');
    assert.not.match(out, /repeated pauses|after \d+ pause/);
  }
});

test.run();
