// Two applies racing on one template (two folders' workflows, a workflow_dispatch beside a push run):
// the plan of the second read it APPROVED, the first wrote it in the meantime, and WhatsApp refuses
// the second write while that edit is in review (the emulator's 400 "This template is PENDING
// review ..."). The closing line said "a re-run is refused again: change what the reason names",
// while a re-run after the review writes it (trial-bk F3): the refusal is told from the template's
// state read back, and said as the review it is, with what the re-run then does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { applyItems, type ApplyItem } from '../src/apply/apply.ts';
import { applyExit, resultsDocument } from '../src/apply/run.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, emulatorReview, writeBody } from './helpers.ts';

const ID = '7b2e3c4d-5e6f-4a70-8b81-000000000042';
const item = (text: string): ApplyItem => ({ channel: 'shop-whatsapp', name: 'appointment_reminder', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', body: writeBody('appointment_reminder', text) });

/**
 * The template as both plans read it, written and reviewed (`read`: APPROVED, or REJECTED, whose edit spends none of its
 * edit allowance), then the other job's edit written over it: in review (PENDING) when this job's write arrives.
 */
async function editedElsewhere(emu: RunningEmulator, client: ReturnType<typeof createClient>, read: 'APPROVED' | 'REJECTED'): Promise<void> {
  await client.writeTemplate(CHANNEL_A, ID, writeBody('appointment_reminder', 'Hello {{1}}, see you at 10:00 at the clinic.'));
  emu.advanceClock(600_001);
  if (read === 'REJECTED') assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: ID, statusText: 'REJECTED', reason: 'INVALID_FORMAT' }), 200);
  else assert.is((await client.getTemplate(CHANNEL_A, ID))?.statusText, 'APPROVED');
  await client.writeTemplate(CHANNEL_A, ID, writeBody('appointment_reminder', 'Hello {{1}}, see you at 11:00 at the clinic.'));
}

test('a write refused because another apply put the template in review since the plan: deferred review, exit 5, and a re-run after the review writes it (not "refused again")', async () => {
  // a review that lasts: the other job's edit is PENDING when this one's write arrives
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 600_000 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    // the template as both plans read it: REJECTED, which both jobs fix (an edit of a REJECTED template spends none of its
    // edit allowance, so that the other job's edit leaves this one's possible once its review ends)
    await editedElsewhere(emu, client, 'REJECTED');
    assert.is((await client.getTemplate(CHANNEL_A, ID))?.statusText, 'PENDING');
    // this job's apply, of its own plan (no refusal known up front): the service refuses the write
    const outcome = await applyItems(client, [item('Hello {{1}}, see you at 12:00 at the clinic.')], { parallelism: 1, environment: 'staging' });
    const [r] = outcome.results;
    assert.is(r!.outcome, 'failed');
    assert.match(r!.error!, /PENDING review/);
    assert.is(r!.deferred, 'review');
    assert.is(r!.errorExitCode, 5);
    const exit = applyExit(outcome, { waited: false, interrupted: false, resultsFile: 'r.json', environment: 'staging' });
    assert.is(exit.code, 5);
    assert.not.match(exit.message!, /refused again/);
    assert.not.match(exit.message!, /change what the reason names/);
    assert.match(exit.message!, '1 template refused by the API because it was in review (PENDING): another apply (another job) wrote it since the plan');
    assert.match(exit.message!, 're-run apply once `tplsync review --env staging` shows it decided (`tplsync apply --wait --env staging` waits for the review, then writes the edit): it writes this text, replacing the one written meanwhile');
    // the results file marks it as a write a later run makes
    const doc = resultsDocument({ environment: 'staging', target: emu.url } as never, outcome.results) as { results: { deferred?: string; outcome: string }[] };
    assert.equal(doc.results.map((x) => [x.outcome, x.deferred]), [['failed', 'review']]);
    // a refusal of another kind, the template not in review (DISABLED since the plan), stays one a re-run meets again
    const OTHER = '7b2e3c4d-5e6f-4a70-8b81-000000000043';
    await client.writeTemplate(CHANNEL_A, OTHER, writeBody('other'));
    const disabled = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: OTHER, statusText: 'DISABLED' }) });
    assert.is(disabled.status, 200);
    const other = await applyItems(client, [{ ...item('Hello {{1}}, see you at 9:00 at the clinic.'), publicId: OTHER, name: 'other', body: writeBody('other', 'Hello {{1}}, see you at 9:00 at the clinic.') }], { parallelism: 1, environment: 'staging' });
    assert.is(other.results[0]!.outcome, 'failed', JSON.stringify(other.results));
    assert.is(other.results[0]!.deferred, undefined);
    assert.match(applyExit(other, { waited: false, interrupted: false, environment: 'staging' }).message!, /refused by the API; a re-run is refused again/);
  } finally { await emu.close(); }
});

test('the other job\'s edit of an APPROVED template used its edit allowance: the refusal is said as the edit limit it is (deferred edit-limit, retryAt), not as a review a re-run outlasts', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 600_000 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    // the template as both plans read it: APPROVED, with its edit allowance (1 edit per 24 h)
    await editedElsewhere(emu, client, 'APPROVED');
    for (const wait of [undefined, { timeoutMs: 60_000, pollMs: 500 }]) {
      const outcome = await applyItems(client, [item('Hello {{1}}, see you at 12:00 at the clinic.')], { parallelism: 1, environment: 'staging', ...(wait ? { wait } : {}) });
      const [r] = outcome.results;
      assert.is(r!.outcome, 'failed');
      // once the review approves the other edit, this one is refused until the allowance frees: --wait does not wait for that review
      assert.is(r!.deferred, 'edit-limit', JSON.stringify(r));
      assert.ok(r!.retryAt !== undefined && Date.parse(r!.retryAt) > Date.now() + 23 * 3600_000, r!.retryAt);
      assert.match(r!.error!, `another apply (another job) wrote it since the plan, and that edit is in review: once the review approves it, its edit allowance is used up (the edit under review spent it) until ${r!.retryAt}`);
      const exit = applyExit(outcome, { waited: wait !== undefined, interrupted: false, environment: 'staging' });
      assert.is(exit.code, 5);
      assert.not.match(exit.message!, /refused again/);
      assert.match(exit.message!, `1 template not edited: the edit allowance of an APPROVED template is used up (the next edit is possible from ${r!.retryAt})`);
    }
    assert.is((await client.getTemplate(CHANNEL_A, ID))?.chatapp?.components.find((c) => c.type === 'BODY')?.text, 'Hello {{1}}, see you at 11:00 at the clinic.');
  } finally { await emu.close(); }
});

test('apply --wait: a write refused because another job\'s edit is in review waits for that review, then writes this edit and follows its own', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 600_000 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    await editedElsewhere(emu, client, 'REJECTED');
    // the test's clock: each pause of the wait moves the emulator's clock as far (a review of 10 minutes ends within the wait)
    let offset = 0;
    const clock = { now: () => Date.now() + offset, sleep: async (ms: number) => { offset += ms; emu.advanceClock(ms); } };
    const waits: { before: string; since?: boolean }[] = [];
    const outcome = await applyItems(client, [item('Hello {{1}}, see you at 12:00 at the clinic.')], {
      parallelism: 1, environment: 'staging', wait: { timeoutMs: 3600_000, pollMs: 500, clock }, onReviewWait: (w) => waits.push(w),
    });
    const [r] = outcome.results;
    assert.is(r!.outcome, 'updated', JSON.stringify(r));
    assert.is(r!.status, 'APPROVED');
    assert.is(r!.deferred, undefined);
    assert.match(r!.note ?? '', 'written once its review ended, replacing the text written meanwhile');
    // the wait for the other edit's review said as one that began since the plan, then the wait for this edit's own review
    assert.equal(waits.map((w) => [w.before, w.since ?? false]), [['edit', true], ['written', false]]);
    assert.is(applyExit(outcome, { waited: true, interrupted: false, environment: 'staging' }).code, 0);
    assert.is((await client.getTemplate(CHANNEL_A, ID))?.chatapp?.components.find((c) => c.type === 'BODY')?.text, 'Hello {{1}}, see you at 12:00 at the clinic.');
  } finally { await emu.close(); }
});

test.run();
