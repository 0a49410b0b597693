// Effects: writes the changes of a plan with bounded concurrency, verifies each write by
// reading it back, goes on past a failed template, and (with wait) follows the review.
import { adviceCommand } from '../core/advice.js';
import { recoveryDoc } from '../core/recovery-doc.js';
import type { Client } from '../api/client.js';
import { ApiError, AuthError, RateLimitedError, RequestError, UnavailableError } from '../api/errors.js';
import { editAllowanceOf } from '../api/edit-allowance.js';
import { EXIT } from '../core/exit-codes.js';
import type { TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import { diffTemplates, fromRead, fromWriteBody } from '../model/canonical.js';
import { templateKey } from '../model/ids.js';
import { forEachBoundedByGroup } from '../core/bounded.js';
import type { CreateQuotaConfig } from '../config/load.js';
import { CreationPacer, formatDuration, MAX_RATE_LIMITED, type PaceClock, type QuotaWait } from './quota.js';
import { IN_REVIEW, NOT_EDITABLE } from '../plan/review-state.js';
import { waitsForReview } from '../plan/apply-refusal.js';
import { isApprovedState } from '../core/template-state.js';

export interface ApplyItem { channel: string; name: string; language: string; publicId: string; channelId: string; action: 'create' | 'update'; body: TemplateWriteRequest;
  /** why the write is not attempted (the channel would refuse it whatever it holds): reported skipped */
  refusal?: string;
  /** with refusal: review, the refusal ends with the review under way (a re-run then writes it) */
  /** review: a re-run after the review writes it; behind: the checkout is behind its upstream, a re-run after git pull plans it anew */
  deferred?: 'review' | 'behind';
  /**
   * with deferred review: the read said the edit allowance is used up (the edit under review spent
   * it), so once the review approves the template the write is refused until `until` (unknown:
   * absent). --wait does not wait for a review whose end cannot make the write possible.
   */
  editLimit?: { until?: string };
  /**
   * A saved plan's update held for its review, which apply --wait waits for: what the plan makes of the review's end,
   * given the template as read when the wait ended (run.ts savedReviewEnd: the rule of the plan's staleness). Without
   * it (apply without a plan file), the edit is written whatever the review ended in that takes an edit.
   */
  reviewEnd?: (read: TemplateReadResponse) => ReviewEndVerdict;
  /**
   * Whether the template as read now is not the copy the plan read (its content moved, its review state aside: another
   * apply, another job, wrote it since; for a create, any copy). A refused write of a template written since the plan
   * met that write's review (WhatsApp takes no edit while it lasts), even when the review has ended by the time the
   * template is read again. Without it, only a template read in review counts as such.
   */
  sincePlan?: (read: TemplateReadResponse) => boolean }

/**
 * A saved plan's verdict on the end of a review apply --wait waited for: write the update (approved, its content as
 * planned); stale (a rejection, another end or content: not written, said why); done (the channel holds what it writes).
 */
export type ReviewEndVerdict = { write: true } | { stale: string } | { done: true };

export type Outcome = 'created' | 'updated' | 'failed' | 'skipped';

/** The error of a template a signal kept from starting its write (`notStarted`): a re-run writes it. */
export const INTERRUPTED = 'interrupted before its write began; a re-run writes it';
/**
 * Whether a signal kept the template from its write (`notStarted`: not started, or stopped waiting for its review before
 * an edit), as against one skipped by design (refused as it stands, deferred), which a re-run does not write either.
 */
export const stoppedBySignal = (r: Pick<ApplyResult, 'outcome' | 'notStarted'>): boolean => r.outcome === 'skipped' && r.notStarted === true;

export interface ApplyResult {
  channel: string; name: string; language: string; publicId: string; channelId: string;
  action: 'create' | 'update';
  outcome: Outcome;
  /** review status after the write (and after waiting, with wait) */
  status?: string;
  rejectionReason?: string;
  /** with a rejection: what the reviewer recommends doing about it, when the read says */
  recommendation?: string;
  error?: string;
  /** the exit code the error maps to */
  errorExitCode?: number;
  /** how the outcome was established, when not from the write's own answer */
  note?: string;
  /**
   * quota: skipped because the channel's creation quota was used up (--no-wait-for-quota): a re-run continues.
   * edit-limit: failed because the APPROVED template's edit allowance is used up: a re-run after retryAt writes it.
   * review: not attempted because the template is in review (PENDING), which WhatsApp does not edit: a re-run after the review writes it;
   * with outcome failed, the write was refused because the template went into review after the plan read it (written
   * since the plan: another apply, another job): a re-run after the review writes this text over the one written meanwhile.
   * behind: not attempted because the checkout is behind its upstream branch, whose newer version of the file the channel holds: git pull first.
   */
  deferred?: 'quota' | 'edit-limit' | 'review' | 'behind';
  /** with deferred: from when the quota allows the next creation, or the template its next edit, when known (ISO 8601) */
  retryAt?: string;
  /** APPROVED under another category than the file's (the platform re-categorised it): no one can send it as the file says */
  approvedAs?: string;
  /**
   * With outcome skipped: a signal (Ctrl-C, SIGTERM) kept it from its write (never begun, or stopped while apply --wait
   * waited for its review before an edit): a re-run writes it. Said "not started" on its line and in the closing lines,
   * apart from what apply skips as things stand (which a re-run does not write either).
   */
  notStarted?: true;
}

export interface ApplyOptions {
  parallelism: number;
  /** the environment applied to: the commands a result advises name it (a bare one acts on the default environment) */
  environment?: string;
  onResult?: (r: ApplyResult) => void;
  /** follow the review until APPROVED or REJECTED */
  wait?: { timeoutMs: number; pollMs: number; clock?: ReviewClock };
  signal?: AbortSignal;
  /** pace creations to this quota per channel (and honour a server's 429 Retry-After on them) */
  quota?: CreateQuotaConfig;
  /** when the quota is used up: wait for the next window (default), or false to hold the rest back */
  waitForQuota?: boolean;
  /** the clock of the pacing (tests move time instead of sleeping) */
  clock?: PaceClock;
  /** a wait for the next window begins (one call per channel and wait) */
  onQuotaWait?: (w: QuotaWait) => void;
  /**
   * With `wait`: a wait for reviews begins (it may last the whole time-out): of a template in review
   * before its edit is written (`edit`), or of the templates written, for their decision (`written`).
   */
  onReviewWait?: (w: ReviewWait) => void;
  /** every write has ended (or was skipped): with `wait`, what follows is the wait for the reviews */
  onWritesDone?: () => void;
  /**
   * With `wait`: the review of a template written PENDING was followed to its end (decided), or
   * the wait ended with it still in review; called as each is known (its write was reported by
   * onResult when it ended).
   */
  onReviewed?: (r: ApplyResult) => void;
}

/** a wait for reviews that begins: the templates (channel/name/language), what it waits for, and the time it may take at most */
export interface ReviewWait { templates: string[]; status?: string; before: 'edit' | 'written'; timeoutMs: number;
  /** before an edit of a saved plan: the edit is written only if the review approves the template (else the plan is stale) */
  savedPlan?: boolean;
  /** before an edit the service refused: the template went into review since the plan read it (another apply wrote it) */
  since?: boolean }

export async function applyItems(client: Client, items: readonly ApplyItem[], o: ApplyOptions): Promise<{ results: ApplyResult[]; authFailure?: AuthError }> {
  let authFailure: AuthError | undefined;
  const results: ApplyResult[] = new Array(items.length);
  const pacer = o.quota ? new CreationPacer({
    quota: o.quota, wait: o.waitForQuota ?? true,
    ...(o.clock ? { clock: o.clock } : {}), ...(o.signal ? { signal: o.signal } : {}), ...(o.onQuotaWait ? { onWait: o.onQuotaWait } : {}),
  }) : undefined;
  type Held = { held: 'interrupted' } | { held: 'quota'; until?: number };
  /** a creation, paced: a slot of the channel's quota first, a 429 waits for its Retry-After and tries again */
  const pacedCreate = async (it: ApplyItem, p: CreationPacer): Promise<Held | undefined> => {
    for (let refusals = 0; ; refusals++) {
      const slot = await p.acquire(it.channelId, it.channel);
      if (!slot.ok) return slot.reason === 'interrupted' ? { held: 'interrupted' } : { held: 'quota', ...(slot.until !== undefined ? { until: slot.until } : {}) };
      try {
        await client.writeTemplate(it.channelId, it.publicId, it.body, { rateLimitToCaller: true });
        p.release(it.channelId, true);
        return undefined;
      } catch (e) {
        if (e instanceof RateLimitedError && refusals < MAX_RATE_LIMITED) { p.refused(it.channelId, e.retryAfterMs); continue; }
        // refused outright, or never sent: nothing was created; anything else may have been
        p.release(it.channelId, !(e instanceof RateLimitedError || e instanceof RequestError || e instanceof AuthError || (e instanceof ApiError && e.notSent === true)));
        throw e;
      }
    }
  };
  const now = o.wait?.clock?.now ?? Date.now;
  // --wait-timeout bounds the time spent waiting for reviews, never the writes or the creation
  // quota's pacing (a run whose quota wait outlasted it ended "still PENDING" without one read)
  const budget = reviewBudget(o.wait?.timeoutMs ?? 0, now);
  type Base = Pick<ApplyResult, 'channel' | 'name' | 'language' | 'publicId' | 'channelId' | 'action'>;
  type ReviewRow = { channelId: string; publicId: string; status: string | undefined; rejectionReason?: string; recommendation?: string };
  /**
   * What the end of a review an edit waited for makes of the edit, given the template as read then: a saved plan's verdict
   * (stale, or done), or an end that takes no edit (DISABLED, LOCKED, deleted); undefined: the edit is written now.
   */
  const judgeEnd = (it: ApplyItem, base: Base, row: ReviewRow, read: TemplateReadResponse | undefined): ApplyResult | undefined => {
    // a saved plan's update: the review's end is judged as when it ends before apply (the plan's staleness): a rejection
    // makes the plan stale, named with its reason, and nothing of it is written (it was written over, exit 0, trial-bl F10)
    const verdict = it.reviewEnd && read ? it.reviewEnd(read) : undefined;
    if (verdict && 'stale' in verdict) {
      return {
        ...base, outcome: 'skipped', ...(row.status !== undefined ? { status: row.status } : {}), ...reviewWords(row), errorExitCode: EXIT.STALE_PLAN,
        error: `not attempted: the plan went stale while apply waited for the review: ${verdict.stale}; nothing of it was written: make a new plan (${adviceCommand('plan --out FILE', o.environment)}) and review it`,
      };
    }
    // the channel holds what the plan writes (another run wrote it once the review had ended): done, not written again
    if (verdict && 'done' in verdict) return { ...base, outcome: 'updated', ...(row.status !== undefined ? { status: row.status } : {}), ...reviewWords(row), note: 'the channel held it as the plan writes it when the wait ended (written meanwhile by another run): not written again' };
    // the review ended in a state that takes no edit either (DISABLED, LOCKED, deleted): not attempted, said why
    const ended = row.status !== undefined ? NOT_EDITABLE[row.status] : undefined;
    if (ended) return { ...base, outcome: 'skipped', error: `not attempted: its review ended ${row.status}: ${ended}`, errorExitCode: EXIT.USAGE };
    return undefined;
  };
  /**
   * With wait: the review of a template in review followed before its edit, within what the wait has left: a result when
   * its end decides the template's outcome (judgeEnd), else whether it ended (and the template as read then), and if not,
   * how long it was waited for.
   */
  const awaitReview = async (it: ApplyItem, base: Base, w: NonNullable<ApplyOptions['wait']>, since: boolean): Promise<{ result: ApplyResult } | { reviewed: boolean; waited?: { status: string | undefined; ms: number }; read?: TemplateReadResponse }> => {
    const row: ReviewRow = { channelId: it.channelId, publicId: it.publicId, status: 'PENDING' };
    // what is left, read at the instant the wait begins (read after begin(), a clock tick between the two took a millisecond off)
    const ms = budget.remaining();
    budget.begin();
    o.onReviewWait?.({ templates: [templateKey(it)], before: 'edit', timeoutMs: ms, ...(it.reviewEnd ? { savedPlan: true } : {}), ...(since ? { since: true } : {}) });
    // the template as read when the wait ended: what a saved plan judges the review's end by
    const last: { read?: TemplateReadResponse } = {};
    try { await followReviews(client, [row], { timeoutMs: ms, pollMs: w.pollMs, ...(w.clock ? { clock: w.clock } : {}) }, o.signal, REVIEWING, (_r, read) => { last.read = read; }); } finally { budget.end(); }
    const reviewed = row.status !== undefined && !REVIEWING.has(row.status);
    if (!reviewed) return { reviewed, waited: { status: row.status, ms } };
    const judged = judgeEnd(it, base, row, last.read);
    return judged ? { result: judged } : { reviewed, ...(last.read ? { read: last.read } : {}) };
  };
  /** why an edit a wait was for is not written: the wait ended (--wait-timeout) or was stopped with the template still in review */
  const notReviewed = (waited: { status: string | undefined; ms: number }): string => (o.signal?.aborted ? `interrupted while waiting for its review (${waited.status ?? 'PENDING'}) to end; WhatsApp takes no edit until it has: re-run apply then (${adviceCommand('review', o.environment)} shows the decision)`
    : `the template was still in review (${waited.status ?? 'PENDING'}) when the wait ended (--wait-timeout, ${formatDuration(waited.ms)}), and WhatsApp takes no edit until the review ends: re-run apply once it has (${adviceCommand('review', o.environment)} shows the decision), or give --wait-timeout more time`);
  const one = async (it: ApplyItem): Promise<ApplyResult> => {
    const base: Base = { channel: it.channel, name: it.name, language: it.language, publicId: it.publicId, channelId: it.channelId, action: it.action };
    if (authFailure) return { ...base, outcome: 'skipped', error: 'not attempted: authentication was refused' };
    // in review, with --wait: the review followed first, and the edit written once it has ended
    let reviewed = false;
    let waited: { status: string | undefined; ms: number } | undefined;
    // in review, and --wait waits for its end (waitsForReview: the decision plan --wait counts by): what the wait has left now
    const waits = it.refusal !== undefined && o.wait !== undefined && waitsForReview(it, { now: now(), leftMs: budget.remaining() });
    // in review, and the edit allowance used up past the wait (or with no wait): the review's end cannot make the write possible
    if (it.refusal && it.deferred === 'review' && it.editLimit && !waits) {
      const at = it.editLimit.until;
      return {
        ...base, outcome: 'skipped', deferred: 'edit-limit', errorExitCode: EXIT.PARTIAL, ...(at ? { retryAt: at } : {}),
        error: `not attempted: ${it.refusal}${o.wait ? ' (not waited for: its end does not make the edit possible)' : ''}`,
      };
    }
    if (waits && o.wait) {
      const w = await awaitReview(it, base, o.wait, false);
      if ('result' in w) return w.result;
      reviewed = w.reviewed;
      waited = w.waited;
    }
    // errorExitCode 3: the request as it stands is the user's to change (applyExit counts it apart); 5: one a re-run after the review writes
    // waited for the review the whole --wait-timeout (or stopped: a signal kept it from its write, notStarted): said so, not advice to wait
    if (it.refusal && !reviewed) {
      if (waited && o.signal?.aborted) return { ...base, outcome: 'skipped', notStarted: true, error: notReviewed(waited), errorExitCode: EXIT.PARTIAL, ...(it.deferred ? { deferred: it.deferred } : {}) };
      return { ...base, outcome: 'skipped', error: `not attempted: ${waited ? notReviewed(waited) : it.refusal}`, errorExitCode: it.deferred ? EXIT.PARTIAL : EXIT.USAGE, ...(it.deferred ? { deferred: it.deferred } : {}) };
    }
    return attempt(it, base);
  };
  /**
   * The write and its read back. `before`: this is the write again of an edit the service refused because another run's
   * edit was in review (refusedMeanwhile), after that review: the template as read then, what a new refusal is judged by
   * (a third run's write since), and no further wait.
   */
  const attempt = async (it: ApplyItem, base: Base, before?: TemplateReadResponse): Promise<ApplyResult> => {
    try {
      try {
        if (pacer && it.action === 'create') {
          const held = await pacedCreate(it, pacer);
          if (held?.held === 'interrupted') return { ...base, outcome: 'skipped', notStarted: true, error: INTERRUPTED };
          if (held) {
            const at = held.until !== undefined ? new Date(held.until).toISOString() : undefined;
            return {
              ...base, outcome: 'skipped', deferred: 'quota', ...(at ? { retryAt: at } : {}),
              error: `not attempted: the channel's creation quota is used up${at ? ` until ${at}` : ''} (--no-wait-for-quota); a re-run continues (${QUOTA_PER_RUN})`,
            };
          }
        } else await client.writeTemplate(it.channelId, it.publicId, it.body);
      } catch (e) {
        // not sent: another write had just found the API unreachable (or the run was interrupted meanwhile); nothing to read back
        if (e instanceof ApiError && e.notAttempted !== undefined) return { ...base, outcome: 'skipped', ...(o.signal?.aborted ? { notStarted: true as const, error: INTERRUPTED } : { error: `not attempted: ${e.notAttempted}`, errorExitCode: EXIT.UNAVAILABLE }) };
        // no answer (lost, or the retries ran out): the write may have been carried out all the
        // same; what the channel holds now says whether it was (below), not the missing answer
        if (!(e instanceof UnavailableError || e instanceof RateLimitedError)) throw e;
        const back = await client.getTemplate(it.channelId, it.publicId).catch(() => undefined);
        if (!back || diffTemplates(fromWriteBody(it.body, it.channelId, it.publicId), fromRead(back, it.channelId)).length) throw e;
        return { ...base, outcome: it.action === 'create' ? 'created' : 'updated', status: back.statusText, note: 'the answer to the write was lost; reading it back found it written', ...reviewWords(back) };
      }
      let back: Awaited<ReturnType<typeof client.getTemplate>>;
      try { back = await client.getTemplate(it.channelId, it.publicId); } catch (e) {
        // the service acknowledged the write: written, whatever became of the check after it
        if (!(e instanceof UnavailableError || e instanceof RateLimitedError)) throw e;
        return { ...base, outcome: it.action === 'create' ? 'created' : 'updated', note: `the service acknowledged the write; reading it back failed (${e.message}), so what the channel holds was not checked: ${adviceCommand('plan', o.environment)} shows it` };
      }
      if (!back) throw new ApiError('the write was acknowledged but reading it back found no template');
      const diff = diffTemplates(fromWriteBody(it.body, it.channelId, it.publicId), fromRead(back, it.channelId));
      if (diff.length) throw new ApiError(`the template read back differs from what was written at ${diff.map((d) => d.path).join(', ')}`);
      return { ...base, outcome: it.action === 'create' ? 'created' : 'updated', status: back.statusText, ...reviewWords(back), ...approvedAs(it, back.statusText, back.chatapp?.category) };
    } catch (e) {
      if (e instanceof AuthError && e.status !== 403) authFailure ??= e;
      const err = e instanceof Error ? e : new Error(String(e));
      const failed: ApplyResult = { ...base, outcome: 'failed', error: err.message, errorExitCode: (e as ApiError).exitCode ?? 70 };
      // the edit allowance of an APPROVED template is used up: the same write is possible later, and the read says from when
      if (e instanceof RequestError && e.code === EDIT_LIMIT_CODE) return { ...failed, deferred: 'edit-limit', ...await nextEditAt(client, it) };
      // refused, and the template went into review since the plan read it (written since: another apply, another job),
      // which the plan did not see (it would not have attempted the write): a re-run after the review writes this text
      if (e instanceof RequestError) {
        const m = await refusedMeanwhile(client, it, before);
        if (m) return meanwhile(it, base, failed, m, before !== undefined);
      }
      return failed;
    }
  };
  /**
   * A write refused because another run's edit was in review when it arrived (refusedMeanwhile): with wait (once), that
   * review followed to its end and the edit written then; else deferred: review (a re-run after the review writes it), or
   * edit-limit when that edit used the template's edit allowance (the review's end does not make this one possible).
   */
  const meanwhile = async (it: ApplyItem, base: Base, failed: ApplyResult, m: Meanwhile, again: boolean): Promise<ApplyResult> => {
    const limited = (): ApplyResult => {
      const until = m.limit?.until;
      return {
        ...failed, deferred: 'edit-limit', errorExitCode: EXIT.PARTIAL, ...(until ? { retryAt: until } : {}),
        error: `${failed.error}; another apply (another job) wrote it since the plan, and that edit ${m.inReview ? 'is in review: once the review approves it, its edit allowance is used up (the edit under review spent it)' : 'used its edit allowance'} ${until ? `until ${until}` : 'for a while (the service did not say until when)'}: re-run apply ${until ? 'from then' : `once ${adviceCommand('review', o.environment)} shows an edit left`}${m.inReview ? ' (or once the review rejects it, when an edit spends none)' : ''} (${recoveryDoc('the-edit-limit')})`,
      };
    };
    const deferred: ApplyResult = { ...failed, deferred: 'review', errorExitCode: EXIT.PARTIAL };
    if (!o.wait) return m.limit ? limited() : deferred;
    // refused again after the wait: a third run wrote it meanwhile (one wait for each edit: a re-run plans anew)
    if (again) return m.limit ? limited() : { ...deferred, error: `${failed.error}; another apply wrote it again while this one waited for the review of its edit` };
    // (the one decision of the wait before an edit: waitsForReview, with what the wait has left now)
    if (m.inReview ? !waitsForReview({ deferred: 'review', ...(m.limit ? { editLimit: m.limit } : {}) }, { now: now(), leftMs: budget.remaining() }) : m.limit !== undefined) return m.limit ? limited() : deferred;
    let read = m.read;
    if (m.inReview) {
      const w = await awaitReview(it, base, o.wait, true);
      if ('result' in w) return w.result;
      if (!w.reviewed) return { ...deferred, error: `${failed.error}; ${notReviewed(w.waited!)}` };
      read = w.read ?? read;
    } else {
      // the review had ended by the time the template was read again: judged as a review apply --wait waited for
      const judged = judgeEnd(it, base, { channelId: it.channelId, publicId: it.publicId, status: read.statusText, ...reviewWords(read) }, read);
      if (judged) return judged;
    }
    const written = await attempt(it, base, read);
    return (written.outcome === 'created' || written.outcome === 'updated') && written.note === undefined ? { ...written, note: WRITTEN_OVER } : written;
  };
  // each write said when it ends, with --wait too (its review's end is said apart, onReviewed)
  // a channel waiting for its quota window holds only its own creations: the other channels' creations and every edit go on
  // (taken first), and the waiting channel's creations follow as its window opens
  // (a channel held is said waiting as its wait begins, whatever the number of workers: pacer.hold)
  const waitsFor = (it: ApplyItem): string | undefined => (pacer && it.action === 'create' && pacer.hold(it.channelId, it.channel) ? it.channelId.toLowerCase() : undefined);
  await forEachBoundedByGroup(items, o.parallelism, waitsFor, async (it, i) => {
    results[i] = await one(it);
    o.onResult?.(results[i]!);
  }, o.signal);
  // what an interrupt kept from starting
  items.forEach((it, i) => {
    if (results[i]) return;
    results[i] = { channel: it.channel, name: it.name, language: it.language, publicId: it.publicId, channelId: it.channelId, action: it.action, outcome: 'skipped', notStarted: true, error: INTERRUPTED };
    o.onResult?.(results[i]!);
  });
  o.onWritesDone?.();
  // one budget for the whole run: the time a template in review took before its edit counts (--wait-timeout 60 waited 120 s),
  // the writes and the quota's waits do not; each template written PENDING is read at least once after the writes
  if (o.wait) {
    const open = results.filter((r) => (r.outcome === 'created' || r.outcome === 'updated') && r.status !== undefined && PENDING_ONLY.has(r.status));
    const timeoutMs = budget.remaining();
    budget.begin();
    if (open.length && timeoutMs > 0) o.onReviewWait?.({ templates: open.map(templateKey), before: 'written', timeoutMs });
    try { await waitForReview(client, items, results, { ...o.wait, timeoutMs }, o.signal, o.onReviewed); } finally { budget.end(); }
    // still in review when the wait ended (or was stopped): said too
    for (const r of open) if (r.status !== undefined && PENDING_ONLY.has(r.status)) o.onReviewed?.(r);
  }
  return { results, ...(authFailure ? { authFailure } : {}) };
}

/** the note of an edit apply --wait wrote once the review of another run's edit, which had the service refuse it, ended */
export const WRITTEN_OVER = 'refused at first: another apply (another job) wrote the template since the plan, and WhatsApp takes no edit while that edit is in review; written once its review ended, replacing the text written meanwhile';

/** the code of the service's refusal of an edit beyond the allowance (docs/api-assumptions.md: Edit limits) */
export const EDIT_LIMIT_CODE = 'EDIT_LIMIT_REACHED';

/** from when the template takes its next edit, as its read states (the allowance headers), when it does */
async function nextEditAt(client: Client, it: ApplyItem): Promise<{ retryAt?: string }> {
  const back = await client.getTemplate(it.channelId, it.publicId).catch(() => undefined);
  const at = back ? editAllowanceOf(back)?.nextAt : undefined;
  return at ? { retryAt: at } : {};
}

/** A write refused because another run's edit of the template was in review when it arrived: the template as read after the refusal. */
interface Meanwhile {
  read: TemplateReadResponse;
  /** the read says it is in review still (PENDING, IN_APPEAL) */
  inReview: boolean;
  /** the read says that edit used the edit allowance (none left, and the template in review or approved): from when the next edit is, when said */
  limit?: { until?: string };
}

/**
 * Whether the write refused for `it` met another run's edit in review (written since the plan read the template, or
 * since `before`, the read a write again follows): WhatsApp takes no edit of a template in review (the emulator's and the
 * service's 400 `INVALID`, docs/api-assumptions.md: Edit limits), whatever words the refusal uses. Told by the template as
 * read now: in review (PENDING, IN_APPEAL), or, its review ended between the refusal and this read (a review of seconds,
 * an API slow to answer: trial-bq F5), its content moved since the plan read it (ApplyItem.sincePlan). Undefined when
 * neither holds (a refusal of the request itself, which a re-run meets again) or the read fails.
 */
async function refusedMeanwhile(client: Client, it: ApplyItem, before?: TemplateReadResponse): Promise<Meanwhile | undefined> {
  const read = await client.getTemplate(it.channelId, it.publicId).catch(() => undefined);
  if (!read) return undefined;
  const inReview = read.statusText !== undefined && IN_REVIEW.has(read.statusText);
  const since = before ? diffTemplates(fromRead(before, it.channelId), fromRead(read, it.channelId), { exactSamples: true }).length > 0 : it.sincePlan?.(read) === true;
  if (!inReview && !since) return undefined;
  // WhatsApp limits the edits of an APPROVED template: one in review whose read says no edit is left is refused once approved
  const a = editAllowanceOf(read);
  const limited = a !== undefined && a.remaining === 0 && (read.statusText === 'PENDING' || isApprovedState(read.statusText));
  return { read, inReview, ...(limited ? { limit: a.nextAt ? { until: a.nextAt } : {} } : {}) };
}

/** Polls written templates until none is PENDING or the time is up (one approved under another category than its file's marked so). */
function waitForReview(client: Client, items: readonly ApplyItem[], results: ApplyResult[], w: { timeoutMs: number; pollMs: number; clock?: ReviewClock }, signal?: AbortSignal, onDecided?: (r: ApplyResult) => void): Promise<void> {
  const itemOf = new Map(results.map((r, i) => [r, items[i]!]));
  return followReviews(client, results.filter((r) => r.outcome === 'created' || r.outcome === 'updated'), w, signal, PENDING_ONLY, (r, read) => {
    const row = r as ApplyResult;
    const it = itemOf.get(row);
    if (!it) return;
    delete row.approvedAs;
    Object.assign(row, approvedAs(it, read.statusText, read.chatapp?.category));
  }, onDecided ? (r) => onDecided(r as ApplyResult) : undefined);
}

/**
 * The time --wait-timeout grants the waits for reviews: only the time during which one is under
 * way counts (waits of several templates at once count once), never the writes or the quota.
 */
function reviewBudget(timeoutMs: number, now: () => number): { begin(): void; end(): void; remaining(): number } {
  let spent = 0;
  let active = 0;
  let since = 0;
  return {
    begin() { if (active++ === 0) since = now(); },
    end() { if (--active === 0) spent += now() - since; },
    remaining: () => Math.max(0, timeoutMs - spent - (active ? now() - since : 0)),
  };
}

/** the category a template was approved under, when it is not the one its file (the write) gave it */
function approvedAs(it: ApplyItem, status: string | undefined, category: string | undefined): { approvedAs?: string } {
  const mine = it.body.chatapp?.chatapp.category;
  return isApprovedState(status) && category && mine && category !== mine ? { approvedAs: category } : {};
}

/** what a read says of its review's decision: the rejection's reason and the reviewer's recommendation, when it says them */
function reviewWords(r: { rejectionReason?: string | undefined; recommendation?: string | undefined }): { rejectionReason?: string; recommendation?: string } {
  return { ...(r.rejectionReason ? { rejectionReason: r.rejectionReason } : {}), ...(r.recommendation ? { recommendation: r.recommendation } : {}) };
}

/** Polls the templates that are PENDING until none is or the time is up; each one's `status` (and `rejectionReason`, `recommendation`) updated as read. */
export async function followReviews<R extends { channelId: string; publicId: string; status?: string | undefined; rejectionReason?: string | undefined; recommendation?: string | undefined }>(client: Client, rows: readonly R[], w: { timeoutMs: number; pollMs: number; clock?: ReviewClock }, signal?: AbortSignal, open: ReadonlySet<string> = PENDING_ONLY, onRead?: (row: R, read: NonNullable<Awaited<ReturnType<Client['getTemplate']>>>) => void, onDecided?: (row: R) => void): Promise<void> {
  const now = w.clock?.now ?? Date.now;
  const deadline = now() + w.timeoutMs;
  let pending = rows.filter((r) => r.status !== undefined && open.has(r.status));
  // a review takes minutes to hours: the reads start at pollMs apart and slow down to one a
  // REVIEW_POLL_MAX_MS (a 15-minute wait read each pending template ~1,800 times at a fixed 500 ms)
  let interval = w.pollMs;
  // each template is read at least once, even when no time is left: its state then, not a guess
  for (let first = true; pending.length && (first || now() < deadline) && !signal?.aborted; first = false) {
    const sleep = Math.max(0, Math.min(interval, deadline - now()));
    if (w.clock) await w.clock.sleep(sleep);
    else await new Promise<void>((ok) => {
      const t = setTimeout(done, sleep);
      function done(): void { clearTimeout(t); signal?.removeEventListener('abort', done); ok(); }
      signal?.addEventListener('abort', done, { once: true });
    });
    interval = Math.min(REVIEW_POLL_MAX_MS, Math.round(interval * 1.5));
    if (signal?.aborted) break;
    await Promise.all(pending.map(async (r) => {
      try {
        const t = await client.getTemplate(r.channelId, r.publicId);
        if (t) { r.status = t.statusText; Object.assign(r, reviewWords(t)); onRead?.(r, t); }
      } catch { /* keep polling until the deadline */ }
    }));
    const still = pending.filter((r) => r.status !== undefined && open.has(r.status));
    // a decision said as it is seen (a rejection at 4 s is not held until the slowest review ends)
    if (onDecided) for (const r of pending) if (!still.includes(r)) onDecided(r);
    pending = still;
  }
}

/**
 * What tplsync can know of the creation quota: the creations of its own run. The API reports no
 * creation times (the read and the listing have none, docs/api-assumptions.md) and tplsync keeps no
 * state file, so a re-run counts afresh, and only the service's 429 holds it to the platform's limit.
 */
export const QUOTA_PER_RUN = 'createQuota counts the creations of one run: the API reports no creation times, so a re-run before then creates at once, held only by the service\'s own 429';

/** states in which WhatsApp takes no edit of a template, whatever waits: the plan's table (src/plan/review-state.ts) */
export { NOT_EDITABLE };

/** the time and the pauses of a wait for reviews (a test's own clock) */
export interface ReviewClock { now(): number; sleep(ms: number): Promise<void> }

/** the longest pause between two reads of a template in review (apply --wait) */
export const REVIEW_POLL_MAX_MS = 30_000;
const PENDING_ONLY: ReadonlySet<string> = new Set(['PENDING']);
/** the states of a review under way (a first review, or an appeal's): WhatsApp edits none of them (the plan's set: src/plan/review-state.ts IN_REVIEW) */
export const REVIEWING: ReadonlySet<string> = IN_REVIEW;

