// Apply's exit code and results file are a pure function of the outcome (src/apply/run.ts).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ApplyResult } from '../src/apply/apply.ts';
import { applyExit, countResults, resultsDocument } from '../src/apply/run.ts';
import { AuthError } from '../src/api/errors.ts';

const base = { channel: 'wa', language: 'en_US', publicId: '00000000-0000-4000-8000-000000000000', channelId: '00000000-0000-4000-8000-000000000001', action: 'create' as const };
const r = (name: string, o: Partial<ApplyResult>): ApplyResult => ({ ...base, name, outcome: 'created', status: 'PENDING', ...o });

test('success, partial, unavailable, auth and interrupted map to the table', () => {
  assert.equal(applyExit({ results: [r('a', {}), r('b', { outcome: 'updated', status: 'APPROVED' })] }, { waited: false, interrupted: false }), { code: 0 });
  const partial = applyExit({ results: [r('a', {}), r('b', { outcome: 'failed', error: 'x', errorExitCode: 5 })] }, { waited: false, interrupted: false, resultsFile: 'out.json' });
  assert.is(partial.code, 5);
  assert.match(partial.message!, /1 template did not make it \(see out\.json\); a re-run is safe/);
  assert.is(applyExit({ results: [r('a', { outcome: 'failed', errorExitCode: 7 }), r('b', { outcome: 'skipped' })] }, { waited: false, interrupted: false }).code, 7);
  assert.is(applyExit({ results: [r('a', { outcome: 'failed', errorExitCode: 6 })], authFailure: new AuthError('authentication refused') }, { waited: false, interrupted: false }).code, 6);
  const stopped = applyExit({ results: [r('a', {}), r('b', { outcome: 'skipped', notStarted: true, error: 'interrupted before its write began; a re-run writes it' })] }, { waited: false, interrupted: true });
  assert.is(stopped.code, 130);
  assert.match(stopped.message!, /interrupted: 1 written, 1 not started, 0 failed/);
});

test('after --wait, a REJECTED or still PENDING template is a partial apply; without --wait PENDING is success', () => {
  assert.is(applyExit({ results: [r('a', { status: 'REJECTED' })] }, { waited: true, interrupted: false }).code, 5);
  assert.is(applyExit({ results: [r('a', { status: 'PENDING' })] }, { waited: true, interrupted: false }).code, 5);
  assert.is(applyExit({ results: [r('a', { status: 'PENDING' })] }, { waited: false, interrupted: false }).code, 0);
});

test('still PENDING when the wait ended: the closing line points to tplsync review (plan lists a PENDING template only with --verbose)', () => {
  const open = applyExit({ results: [r('a', { status: 'PENDING' })] }, { waited: true, interrupted: false });
  assert.match(open.message!, '1 template still PENDING when the wait ended; `tplsync review` shows their state later');
  assert.not.match(open.message!, 'tplsync plan');
  // run with an environment, the advice names it (followed literally, a bare command acts on the default environment)
  const dev = applyExit({ results: [r('a', { status: 'PENDING' })] }, { waited: true, interrupted: false, environment: 'dev' });
  assert.match(dev.message!, '1 template still PENDING when the wait ended; `tplsync review --env dev` shows their state later');
  const unread = applyExit({ results: [r('a', { status: undefined })] }, { waited: true, interrupted: false, environment: 'dev' });
  assert.match(unread.message!, '`tplsync plan --env dev` (or `tplsync review --env dev`) shows where it stands');
});

test('after --wait, a template written whose state could not be read back is no success: the review was not followed (5, saying so); a DISABLED one not attempted is 5 too', () => {
  const unread = applyExit({ results: [r('a', { status: undefined, note: 'the service acknowledged the write; reading it back failed (x), so what the channel holds was not checked: tplsync plan shows it' })] }, { waited: true, interrupted: false });
  assert.is(unread.code, 5);
  assert.match(unread.message!, /1 template written whose state could not be read back, so the review was not followed; `tplsync plan` \(or `tplsync review`\) shows where it stands/);
  assert.is(applyExit({ results: [r('a', { status: undefined })] }, { waited: false, interrupted: false }).code, 0, 'without --wait: written is success');
  const blocked = applyExit({ results: [r('a', { outcome: 'skipped', error: 'not attempted: DISABLED', errorExitCode: 3 })] }, { waited: false, interrupted: false });
  assert.is(blocked.code, 5);
  assert.match(blocked.message!, /1 template not attempted: the channel takes no edit of it as it stands/);
});

test('the results file counts what the console counts', () => {
  const results = [r('a', {}), r('b', { outcome: 'updated' }), r('c', { outcome: 'failed' }), r('d', { outcome: 'skipped' }), r('e', { status: 'REJECTED' })];
  const doc = resultsDocument({ items: [], environment: 'prod', target: 'https://api.example.com/' }, results) as { summary: Record<string, number> };
  const n = countResults(results, false);
  assert.equal(doc.summary, { created: n.created, updated: n.updated, failed: n.failed, skipped: n.skipped, rejected: n.rejected });
  assert.equal(doc.summary, { created: 2, updated: 1, failed: 1, skipped: 1, rejected: 1 });
});

test('a signal: the closing line counts a template skipped by design (DISABLED, in review) as skipped, not as "not started" (trial-an F4)', () => {
  const disabled = r('d', { action: 'update', outcome: 'skipped', error: 'not attempted: the template is DISABLED on the channel and takes no edit', errorExitCode: 3 });
  const inReview = r('p', { action: 'update', outcome: 'skipped', error: 'not attempted: the template is in review (PENDING)', errorExitCode: 5, deferred: 'review' });
  const kept = r('k', { outcome: 'skipped', notStarted: true, error: 'interrupted before its write began; a re-run writes it' });
  const waiting = r('w', { action: 'update', outcome: 'skipped', notStarted: true, error: 'interrupted while waiting for its review (PENDING) to end', errorExitCode: 5, deferred: 'review' });
  const stopped = applyExit({ results: [r('a', {}), r('b', { status: 'PENDING' }), disabled] }, { waited: true, interrupted: true });
  assert.match(stopped.message!, /: 2 written, 0 not started, 0 failed, 1 skipped; a re-run is safe and writes only what is missing$/);
  const mixed = applyExit({ results: [r('a', {}), disabled, inReview, kept, waiting] }, { waited: true, interrupted: true });
  assert.match(mixed.message!, /: 1 written, 2 not started, 0 failed, 2 skipped;/);
  // none skipped by design: the line as it was
  assert.match(applyExit({ results: [r('a', {}), kept] }, { waited: false, interrupted: true }).message!, /: 1 written, 1 not started, 0 failed; a re-run/);
});


test('pendingOfPlan: an edit of a template in a state that takes none is not attempted, said why; in review or in appeal it waits', async () => {
  const { pendingOfPlan } = await import('../src/apply/run.ts');
  const { fromFile } = await import('../src/model/canonical.ts');
  const desired = (name: string) => fromFile({ channel: 'wa', name, language: 'en_US', category: 'UTILITY', body: { text: 'Your order is ready for pickup at the store.' } }, base.channelId, base.publicId);
  const change = (name: string, remoteStatus: string) => ({ ...base, name, action: 'update' as const, remoteStatus, remoteFingerprint: 'x', desired: desired(name) });
  const plan = { version: 1 as const, changes: ['APPROVED', 'PENDING', 'IN_APPEAL', 'LOCKED', 'DELETED', 'ARCHIVED', 'DISABLED'].map((s) => change(s.toLowerCase(), s)), summary: { create: 0, update: 7, noop: 0, orphan: 0 } };
  const pending = pendingOfPlan(plan as never, 'dev', 'x');
  const by = Object.fromEntries(pending.items.map((i) => [i.name, [i.refusal?.split(':')[0] ?? '', i.deferred ?? '']]));
  assert.equal(by.approved, ['', '']);
  assert.equal(by.pending, ['the template is in review (PENDING) and WhatsApp takes no edit until the review ends', 'review']);
  assert.equal(by.in_appeal![1], 'review');
  assert.match(by.locked![0]!, 'LOCKED');
  assert.match(by.deleted![0]!, 'deleted');
  assert.match(by.archived![0]!, 'ARCHIVED');
  assert.match(by.disabled![0]!, 'DISABLED');
});

test('a saved plan stale for an update whose review ended during the --wait (trial-bl F10): 4 when nothing was written (as a plan found stale before apply, not "the API is unavailable"), 5 when others were', () => {
  const stale = r('s', { action: 'update', outcome: 'skipped', status: 'REJECTED', rejectionReason: 'INVALID_FORMAT', errorExitCode: 4, error: 'not attempted: the plan went stale while apply waited for the review: ...' });
  const alone = applyExit({ results: [stale] }, { waited: true, interrupted: false, environment: 'dev' });
  assert.is(alone.code, 4);
  assert.match(alone.message!, "1 template of the saved plan not written: its review ended while apply waited for it, otherwise than in approval (wa/s/en_US REJECTED: INVALID_FORMAT), which the plan's reviewer has not seen, so the plan is stale for it; make a new plan (`tplsync plan --out FILE --env dev`)");
  assert.not.match(alone.message!, /unavailable|did not make it/);
  const withOthers = applyExit({ results: [r('a', { status: 'APPROVED' }), stale] }, { waited: true, interrupted: false });
  assert.is(withOthers.code, 5);
  assert.not.match(withOthers.message!, 'did not make it');
});

test('the results tell the templates a signal kept from their writes (notStarted, counted in summary.notStarted among skipped) from those skipped as things stand (trial-bq F6)', () => {
  const disabled = r('d', { action: 'update', outcome: 'skipped', error: 'not attempted: the template is DISABLED on the channel and takes no edit', errorExitCode: 3 });
  const kept = r('k', { outcome: 'skipped', notStarted: true, error: 'interrupted before its write began; a re-run writes it' });
  const waiting = r('w', { action: 'update', outcome: 'skipped', notStarted: true, error: 'interrupted while waiting for its review (PENDING) to end', errorExitCode: 5, deferred: 'review' });
  const doc = resultsDocument({ items: [], environment: 'prod', target: 'https://api.example.com/' }, [r('a', {}), disabled, kept, waiting]) as { summary: Record<string, number>; results: { name: string; notStarted?: boolean }[] };
  assert.equal(doc.summary, { created: 1, updated: 0, failed: 0, skipped: 3, notStarted: 2, rejected: 0 });
  assert.equal(doc.results.map((x) => [x.name, x.notStarted]), [['a', undefined], ['d', undefined], ['k', true], ['w', true]]);
  // none kept by a signal: no count of them (the summary as before)
  assert.equal(Object.keys((resultsDocument({ items: [], environment: 'prod', target: 'x' }, [r('a', {}), disabled]) as { summary: object }).summary), ['created', 'updated', 'failed', 'skipped', 'rejected']);
});

test.run();
