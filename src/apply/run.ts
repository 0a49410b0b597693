// Apply's orchestration: what a saved plan or a fresh plan asks to write, whether a saved plan
// is stale, the writes themselves, and (pure) the exit code and the results file of the outcome.
import { adviceCommand } from '../core/advice.js';
import { identifierFields } from '../core/redact.js';
import { interruptExitCode } from '../core/interrupt.js';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import type { NeedsAttention, ReviewFields } from '../plan/review-state.js';
import type { Connection } from '../connection/connect.js';
import { EXIT } from '../core/exit-codes.js';
import { resolvePath } from '../core/io.js';
import { UsageError } from '../core/errors.js';
import { hashTemplateFile } from '../files/load.js';
import { diffTemplates, fromRead, fromWriteBody } from '../model/canonical.js';
import { contentFingerprint, fingerprint, writeBodyOf, type HeldTemplate, type Plan } from '../plan/plan.js';
import { applyRefusal, applySkips, reviewSkipsSaid, waitsForReview, type RefusalInput } from '../plan/apply-refusal.js';
import { isApprovedState } from '../core/template-state.js';
import { editSpend, type EditSpend } from '../plan/edit-budget.js';
import { editAllowanceOf } from '../api/edit-allowance.js';
import { readTemplates, type ProgressFactory } from '../plan/run.js';
import { classifyPlanText, staleness, type SavedChange, type SavedPlan, type Staleness } from '../plan/saved.js';
import type { VerifiedPlan } from '../plan/verify.js';
import { applyItems, QUOTA_PER_RUN, stoppedBySignal, type ApplyItem, type ApplyResult, type ReviewEndVerdict, type ReviewWait } from './apply.js';
import { DEFAULT_CREATE_QUOTA } from '../config/load.js';
import type { PaceClock, QuotaWait } from './quota.js';
import { MAX_DATA_FILE_BYTES, readRegularText } from '../core/read-regular.js';
import { recoveryDoc } from '../core/recovery-doc.js';

export interface PendingApply { items: ApplyItem[]; environment: string; target: string;
  /** what the plan held back (a read that failed, a file that holds its template back): listed in the results, not written */
  held?: readonly HeldTemplate[];
  /** templates this run does not write (the file says what the channel has) that the channel does not approve (REJECTED, PAUSED, DISABLED, ...): no write changes that, so the run is not a success (exit 5) */
  standing?: readonly StandingTemplate[] }

/** A template the run leaves as it is on the channel, not approved there: what it stands as, and what to do. */
export interface StandingTemplate { channel: string; name: string; language: string; publicId: string; channelId: string; file?: string; status: string; reason?: string; todo: string }

/** A saved plan, recognised by its content (whatever the file is called), or undefined for template paths; anything else is "not a tplsync plan" (exit 3). */
export function loadPlanFile(file: string): SavedPlan | undefined {
  const abs = resolvePath(file);
  // a FIFO or a device named as a plan is refused (exit 3) rather than waited on or read without end; a folder is a template path
  if (!existsSync(abs) || statSync(abs).isDirectory()) return undefined;
  const k = classifyPlanText(readRegularText(abs, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'a saved plan (or template file)' }), file);
  if (k.kind === 'not-a-plan') throw new UsageError(`${file}: ${k.reason}`);
  return k.kind === 'saved' ? k.plan : undefined;
}

/** What apply writes for a change of a plan (saved or just made): creates and updates only, each with why it is not attempted when it is not (applyRefusal, the judgment plan shows too). */
function item(c: RefusalInput & { channelId: string; language: string }, body: TemplateWriteRequest | undefined, environment: string, sincePlan: ApplyItem['sincePlan']): ApplyItem[] {
  if ((c.action !== 'create' && c.action !== 'update') || !body) return [];
  const base = { channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, action: c.action, body, ...(sincePlan ? { sincePlan } : {}) };
  return [{ ...base, ...applyRefusal(c, environment) }];
}

/**
 * Whether a template read now is not the copy a plan read (ApplyItem.sincePlan): for a create, any copy; for an update, its
 * content moved (`content`: the plan's read's hash without its review state, contentFingerprint), or, where the plan kept
 * only the whole read's hash (a saved plan's update), the read moved at all.
 */
function sincePlanOf(c: { action: string; remoteFingerprint: string; remoteContent?: string | undefined }): ApplyItem['sincePlan'] {
  if (c.action === 'create' || c.remoteFingerprint === 'absent') return () => true;
  const content = c.remoteContent;
  if (content !== undefined) return (read) => contentFingerprint(read) !== content;
  return c.remoteFingerprint === 'base' ? undefined : (read) => fingerprint(read) !== c.remoteFingerprint;
}

/**
 * "0 to create, 1 to update, 2 that apply will skip": what apply announces it writes, counted as the
 * plan counts it (applySkips, the one decision: an update refused as things stand is not one "to update",
 * nor one of a template in review, which apply --wait writes once the review ends), so that the
 * announcement of a saved plan says what the plan's summary said (trial-aq F7, trial-bd F1)
 */
export function pendingCounts(items: readonly Pick<ApplyItem, 'action' | 'refusal' | 'deferred' | 'editLimit'>[], waiting = false): string {
  const skipped = items.filter((i) => i.action === 'update' && i.refusal !== undefined && applySkips({ refusal: i.refusal, ...(i.deferred ? { deferred: i.deferred } : {}), ...(i.editLimit ? { editLimit: i.editLimit } : {}) }));
  const creates = items.filter((i) => i.action === 'create').length;
  const updates = items.filter((i) => i.action === 'update').length - skipped.length;
  return `${creates} to create, ${updates} to update${skipped.length ? `, ${skipped.length} that apply will skip${reviewSkipsSaid(skipped.filter((i) => waitsForReview(i)).length, waiting)}` : ''}`;
}

/** The writes of a saved plan, with the bodies built from the files (verifySavedBodies), never the plan's own. */
/** the writes of a verified saved plan, but those `done` names (publicIds the channel holds as the plan writes them) */
export function pendingOfVerified(verified: VerifiedPlan, saved: SavedPlan, target: string, done: readonly string[] = [], inReviewLimits: ReadonlyMap<string, EditSpend> = new Map(),
  /** updates the plan held for a review that has since approved them (staleness's `approved`): written as to an APPROVED template */
  approved: readonly string[] = []): PendingApply {
  const skip = new Set(done.map((id) => id.toLowerCase()));
  const reviewed = new Set(approved.map((id) => id.toLowerCase()));
  // the channel's certain refusals as the plan recorded them (the reads now are the plan's: else it is stale)
  const asPlanned = (c: VerifiedPlan['writes'][number]) => ({
    ...c, ...(c.rcsOnly ? { remote: { canonical: { rcsOnly: true as const } } } : {}),
    ...(reviewed.has(c.publicId.toLowerCase()) ? { remoteStatus: 'APPROVED' } : {}),
    // in review with the edit allowance used up, as the read said now (the reads are the plan's, else it is stale)
    ...(inReviewLimits.has(c.publicId.toLowerCase()) ? { edit: inReviewLimits.get(c.publicId.toLowerCase()) } : {}),
    ...(c.remoteCategory !== undefined || c.unknownComponents ? { changes: [...(c.remoteCategory !== undefined ? [{ path: 'category', before: c.remoteCategory, after: c.body.chatapp?.chatapp.category }] : []), ...(c.unknownComponents ? [{ path: 'unknownComponents', before: c.unknownComponents }] : [])] } : {}),
  });
  // an update the plan held for its review, which apply --wait waits for: the review's end judged as the plan's staleness is
  const judged = (c: VerifiedPlan['writes'][number], items: ApplyItem[]): ApplyItem[] => (c.action === 'update' && !reviewed.has(c.publicId.toLowerCase())
    ? items.map((i) => ({ ...i, reviewEnd: savedReviewEnd(saved, c, c) })) : items);
  return { environment: saved.environment, target, items: verified.writes.filter((c) => !skip.has(c.publicId.toLowerCase())).flatMap((c) => judged(c, item(asPlanned(c), c.body, saved.environment, sincePlanOf(c)))) };
}

/** A template the run leaves as it is, with what its state on the channel asks (needsAttention): an entry of `standing`, plain apply's and a saved plan's alike. */
function standingOf(c: { channel: string; name: string; language: string; publicId: string; channelId: string; file?: string | undefined; remoteStatus?: string | undefined }, a: NeedsAttention): StandingTemplate {
  return {
    channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, ...(c.file ? { file: c.file } : {}),
    status: c.remoteStatus ?? a.state, ...(a.reason ? { reason: a.reason } : {}), todo: a.todo,
  };
}

export function pendingOfPlan(plan: Plan, environment: string, target: string): PendingApply {
  const standing: StandingTemplate[] = plan.changes.filter((c) => c.action === 'noop' && c.needsAttention).map((c) => standingOf(c, c.needsAttention!));
  return { environment, target, items: plan.changes.flatMap((c) => item(c, writeBodyOf(c), environment, sincePlanOf(c))), ...(plan.held?.length ? { held: plan.held } : {}), ...(standing.length ? { standing } : {}) };
}

/** A template a saved plan leaves as it is (a noop) that the channel does not approve: its entry, its state, and what that asks. */
export interface SavedStanding { change: SavedChange; remoteStatus: string; attention: NeedsAttention }

/**
 * Pure given `judge`: the templates a saved plan leaves as it is (its noops) that the channel does not approve, as a plan
 * made now shows them (marked !): judged by the state apply read now (`reads`, by publicId: one rejected, paused or disabled
 * since the plan was made is among them, one approved since is not), or, for a template not read, by the state the plan
 * recorded. `judge` is needsAttention with the project's lint rules and the config's settings of them for the file (plan's).
 */
export function savedStanding(saved: Pick<SavedPlan, 'changes'>, reads: ReadonlyMap<string, TemplateReadResponse | null>, judge: (r: ReviewFields, file: string | undefined) => NeedsAttention | undefined): SavedStanding[] {
  const out: SavedStanding[] = [];
  for (const c of saved.changes) {
    if (c.action !== 'noop') continue;
    const read = reads.get(c.publicId);
    const r: ReviewFields | undefined = read ?? (read === undefined && c.remoteStatus !== undefined ? { statusText: c.remoteStatus } : undefined);
    const attention = r && judge(r, c.file);
    if (attention && r.statusText !== undefined) out.push({ change: c, remoteStatus: r.statusText, attention });
  }
  return out;
}

/**
 * Pure: the templates a saved plan leaves as they are whose read now says they are in review
 * (PENDING): what `apply --wait PLANFILE` follows when it has nothing to write, as a plain apply
 * does. The category the review is compared with is the one read (the file's: the plan found no
 * change).
 */
export function savedInReview(saved: Pick<SavedPlan, 'changes'>, reads: ReadonlyMap<string, TemplateReadResponse | null>): FollowedReview[] {
  const out: FollowedReview[] = [];
  for (const c of saved.changes) {
    const read = reads.get(c.publicId);
    if (c.action !== 'noop' || read?.statusText !== 'PENDING') continue;
    const category = read.chatapp?.category;
    out.push({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, status: 'PENDING', ...(category ? { category } : {}) });
  }
  return out;
}

/** the `standing` of a saved plan's apply (savedStanding), as plain apply's */
export function standingOfSaved(found: readonly SavedStanding[]): StandingTemplate[] {
  return found.map((s) => standingOf({ ...s.change, remoteStatus: s.remoteStatus }, s.attention));
}

/**
 * What moved since a saved plan was made: its files (by hash: `known` holds those already read,
 * e.g. by verifySavedBodies, so that no file is read twice) and its templates on the channel. A
 * template whose copy on the channel is what the plan writes (`verified`'s body: an earlier run of
 * this plan wrote it, and was stopped or failed after) did not move: it is listed in `done`, and
 * not written again.
 */
export async function savedPlanStaleness(conn: Connection, saved: SavedPlan, cwd: string, verified: Pick<VerifiedPlan, 'fileHashes' | 'writes'>, progress?: ProgressFactory, signal?: AbortSignal, values?: (names: readonly string[]) => Readonly<Record<string, string>>): Promise<{ moved: Staleness[]; done: string[]; inReviewLimits: Map<string, EditSpend>; approved: string[];
  /** every template of the plan as read now, by publicId (null: the channel has none): what the channel approves now (savedStanding) */
  reads: ReadonlyMap<string, TemplateReadResponse | null> }> {
  const reads = await readTemplates(conn, saved.changes.map((c) => ({ channelId: c.channelId, id: c.publicId })), 'checking', progress, signal);
  // templates in review whose read says the edit under review used the allowance: their edit waits past the review
  const inReviewLimits = new Map<string, EditSpend>();
  for (const [id, r] of reads) {
    const a = r && r.statusText === 'PENDING' && r.chatapp ? editAllowanceOf(r) : undefined;
    if (a && a.remaining === 0) inReviewLimits.set(id.toLowerCase(), { ...editSpend(a), inReview: true });
  }
  const known = verified.fileHashes;
  const bodies = new Map(verified.writes.map((w) => [w.publicId.toLowerCase(), w]));
  const done: string[] = [];
  const approved: string[] = [];
  const moved = staleness(saved, {
    fileHash: (f) => (known.has(f) ? known.get(f) : hashTemplateFile(path.resolve(cwd, f))),
    ...(values ? { values } : {}),
    read: (id) => reads.get(id) ?? null,
    written: (c, r) => {
      const w = bodies.get(c.publicId.toLowerCase());
      return w === undefined ? undefined : writtenAs(w, r);
    },
  }, done, approved);
  return { moved, done, inReviewLimits, approved, reads };
}

/** what the channel's copy `r` is to the write `w` of a saved plan: what it writes, in review or approved (done), what it writes in another state, or another text */
function writtenAs(w: { body: TemplateWriteRequest; channelId: string; publicId: string }, r: TemplateReadResponse): 'done' | 'differs' | 'not approved' {
  if (diffTemplates(fromWriteBody(w.body, w.channelId, w.publicId), fromRead(r, w.channelId)).length) return 'differs';
  // written and in review or approved: a copy the review REJECTED (or paused, disabled) is not done, the plan is stale
  return r.statusText === 'PENDING' || isApprovedState(r.statusText) ? 'done' : 'not approved';
}

/**
 * What a saved plan makes of the end of a review that `apply --wait PLANFILE` waited for before an update the plan held
 * for it, given the template as read when the wait ended: the rule that judges the plan's staleness when apply starts
 * (staleness, for this one change, its file as verified then), so that a review ending during the wait is taken as one
 * ending before apply: approved, its content as planned, the update is written; a rejection (its reason news the plan's
 * reviewer has not read), another end or another content makes the plan stale for it, and nothing of it is written;
 * the channel holding what the plan writes (another run wrote it meanwhile) is done (trial-bl F10).
 */
export function savedReviewEnd(saved: SavedPlan, c: SavedChange, w: { body: TemplateWriteRequest; channelId: string; publicId: string }): (read: TemplateReadResponse) => ReviewEndVerdict {
  return (read) => {
    const done: string[] = [];
    const approved: string[] = [];
    const moved = staleness({ ...saved, changes: [c] }, { fileHash: () => c.fileHash, read: () => read, written: (_c, r) => writtenAs(w, r) }, done, approved);
    if (approved.length) return { write: true };
    if (done.length) return { done: true };
    // nothing moved since the plan (unreachable once a review ended: its status is part of what the plan recorded): the plan's judgment stands
    return moved.length ? { stale: moved.map((m) => m.what).join('; ') } : { write: true };
  };
}

export interface WriteOptions {
  parallelism: number; waitMs?: number; signal?: AbortSignal; onResult?: (r: ApplyResult) => void;
  /** false: when a channel's creation quota is used up, hold the remaining creations back (exit 5) instead of waiting */
  waitForQuota?: boolean;
  /** the clock of the quota's waits (tests move time instead of sleeping) */
  clock?: PaceClock;
  onQuotaWait?: (w: QuotaWait) => void;
  /** with waitMs: a wait for reviews begins (said, since it may last the whole --wait-timeout) */
  onReviewWait?: (w: ReviewWait) => void;
  /** every write has ended: what follows (with waitMs) is the wait for the reviews */
  onWritesDone?: () => void;
  /** with waitMs: the review of a template written PENDING ended, or the wait did with it still in review */
  onReviewed?: (r: ApplyResult) => void;
}

export interface ApplyOutcome { results: ApplyResult[]; authFailure?: Error }

export async function writePending(conn: Connection, pending: PendingApply, o: WriteOptions): Promise<ApplyOutcome> {
  return applyItems(conn.client, pending.items, {
    parallelism: o.parallelism,
    environment: pending.environment,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.waitMs ? { wait: { timeoutMs: o.waitMs, pollMs: REVIEW_POLL_MS } } : {}),
    ...(o.onResult ? { onResult: o.onResult } : {}),
    quota: conn.environment.createQuota ?? DEFAULT_CREATE_QUOTA,
    ...(o.waitForQuota === false ? { waitForQuota: false } : {}),
    ...(o.clock ? { clock: o.clock } : {}),
    ...(o.onQuotaWait ? { onQuotaWait: o.onQuotaWait } : {}),
    ...(o.onReviewWait ? { onReviewWait: o.onReviewWait } : {}),
    ...(o.onWritesDone ? { onWritesDone: o.onWritesDone } : {}),
    ...(o.onReviewed ? { onReviewed: o.onReviewed } : {}),
  });
}

/** how often --wait reads a template in review */
export const REVIEW_POLL_MS = 500;

export interface ApplyCounts { created: number; updated: number; failed: number; skipped: number; rejected: number; stillPending: number;
  /** with --wait: written, and their review ended in another state than APPROVED or REJECTED (DISABLED, PAUSED, ...) */
  otherEnd: number;
  /** with --wait: written, and their state could not be read (the review not followed) */
  unread: number;
  /** written, and APPROVED under another category than the file's */
  recategorised: number }

export function countResults(results: readonly ApplyResult[], waited: boolean): ApplyCounts {
  const count = (f: (r: ApplyResult) => boolean) => results.filter(f).length;
  const ok = (r: ApplyResult) => r.outcome === 'created' || r.outcome === 'updated';
  return {
    created: count((r) => r.outcome === 'created'), updated: count((r) => r.outcome === 'updated'),
    failed: count((r) => r.outcome === 'failed'), skipped: count((r) => r.outcome === 'skipped'),
    rejected: count((r) => ok(r) && r.status === 'REJECTED'),
    stillPending: waited ? count((r) => ok(r) && r.status === 'PENDING') : 0,
    otherEnd: waited ? count((r) => ok(r) && r.status !== undefined && r.status !== 'PENDING' && r.status !== 'REJECTED' && !isApprovedState(r.status)) : 0,
    unread: waited ? count((r) => ok(r) && r.status === undefined) : 0,
    recategorised: count((r) => ok(r) && r.approvedAs !== undefined),
  };
}

/** Pure: the exit code of an apply, and the one line that explains it (none for success). */
export function applyExit(outcome: ApplyOutcome, o: { waited: boolean; interrupted: boolean; resultsFile?: string; environment?: string }): { code: number; message?: string } {
  // a command advised names the environment the apply ran with (a bare one acts on the default environment)
  const run = (command: string): string => adviceCommand(command, o.environment);
  const n = countResults(outcome.results, o.waited);
  const written = n.created + n.updated;
  const notDone = outcome.results.filter((r) => r.outcome === 'failed' || r.outcome === 'skipped');
  const deferred = notDone.filter((r) => r.deferred === 'quota');
  const editLimited = notDone.filter((r) => r.deferred === 'edit-limit');
  // not attempted: in review, which WhatsApp does not edit (a re-run after it writes it)
  const inReview = notDone.filter((r) => r.deferred === 'review');
  // not attempted: the checkout is behind its upstream, whose newer version of the file the channel holds
  const behind = notDone.filter((r) => r.deferred === 'behind');
  // not attempted: the channel takes no edit of it as it stands (a DISABLED template)
  const blocked = notDone.filter((r) => r.outcome === 'skipped' && r.errorExitCode === EXIT.USAGE && !r.deferred);
  // not attempted: a saved plan's update whose review ended while apply --wait waited for it otherwise than in approval
  // (a rejection): the plan is stale for it, as when the review ends before apply (savedReviewEnd)
  const stale = notDone.filter((r) => r.outcome === 'skipped' && r.errorExitCode === EXIT.STALE_PLAN);
  if (o.interrupted) {
    // not started: what the signal kept from its write; skipped: what apply never attempts as things stand (a DISABLED
    // template, an edit in review, the quota held back), said apart as the line above says it (a re-run does not write those either)
    const notStarted = outcome.results.filter(stoppedBySignal).length;
    const skipped = n.skipped - notStarted;
    return { code: interruptExitCode(), message: `${interruptExitCode() === EXIT.INTERRUPTED ? 'interrupted' : 'terminated'}: ${written} written, ${notStarted} not started, ${n.failed} failed${skipped ? `, ${skipped} skipped` : ''}; a re-run is safe and writes only what is missing` };
  }
  if (outcome.authFailure && written === 0) return { code: EXIT.AUTH, message: outcome.authFailure.message };
  if (notDone.length && written === 0 && !deferred.length && !editLimited.length && !blocked.length && !inReview.length && !behind.length && !stale.length && notDone.every((r) => r.errorExitCode === EXIT.UNAVAILABLE || r.outcome === 'skipped')) {
    // what was written is what was acknowledged or read back: a write without an answer may still have been carried out
    return { code: EXIT.UNAVAILABLE, message: 'the API is unavailable: no write was acknowledged or could be read back (a write whose answer was lost may still have been carried out; the next plan shows it). A re-run is safe.' };
  }
  const missing = notDone.length + n.rejected + n.stillPending + n.unread + n.otherEnd + n.recategorised;
  if (missing) {
    // the advice is true of each kind: a re-run repairs only what failed on the way
    const s = (k: number) => `${k} template${k === 1 ? '' : 's'}`;
    const see = o.resultsFile ? ` (see ${o.resultsFile})` : '';
    // refused: the request itself (3: the edit limit, a category change, a bad body; 6: the key)
    const refused = notDone.filter((r) => r.outcome === 'failed' && !r.deferred && (r.errorExitCode === EXIT.USAGE || r.errorExitCode === EXIT.AUTH)).length;
    // an answer outside the API's contract (another template's id, a read back that differs): a re-run may do the same again
    const breached = notDone.filter((r) => r.outcome === 'failed' && !r.deferred && r.errorExitCode === EXIT.INTERNAL).length;
    const transient = notDone.length - refused - breached - deferred.length - editLimited.length - blocked.length - inReview.length - behind.length - stale.length;
    const parts: string[] = [];
    if (stale.length) {
      const it = stale.length === 1 ? 'it' : 'them';
      parts.push(`${s(stale.length)} of the saved plan not written: ${stale.length === 1 ? 'its' : 'their'} review ended while apply waited for it, otherwise than in approval (${stale.map((r) => `${r.channel}/${r.name}/${r.language} ${r.status === 'REJECTED' ? rejectedSaid(r) : r.status ?? 'gone'}`).join(', ')}), which the plan's reviewer has not seen, so the plan is stale for ${it}${see}; make a new plan (\`${run('plan --out FILE')}\`), which shows the update with the reason, and review it`);
    }
    if (breached) parts.push(`${s(breached)} failed on an answer outside the API's contract${see}: a re-run may do the same again; each line above says what the service answered (docs/api-assumptions.md)`);
    if (deferred.length) {
      const at = deferred.map((r) => r.retryAt).filter((t): t is string => t !== undefined).sort().at(-1);
      parts.push(`${s(deferred.length)} not created: the creation quota is used up${at ? ` (the next window from ${at})` : ''}${see}; a re-run continues with them (without --no-wait-for-quota it waits for the window); to keep to the quota, re-run ${at ? 'from then' : 'after the window'}: ${QUOTA_PER_RUN}`);
    }
    if (editLimited.length) {
      const at = editLimited.map((r) => r.retryAt).filter((t): t is string => t !== undefined).sort().at(-1);
      parts.push(`${s(editLimited.length)} not edited: the edit allowance of ${editLimited.length === 1 ? 'an APPROVED template is' : 'APPROVED templates is'} used up${at ? ` (the next edit is possible from ${at})` : ''}${see}; a re-run then writes ${editLimited.length === 1 ? 'it' : 'them'}, or give the template a new name (${recoveryDoc('the-edit-limit')})`);
    }
    // not attempted (the plan saw the review), and refused because a review began after the plan read the template
    const notAttempted = inReview.filter((r) => r.outcome === 'skipped');
    const meanwhile = inReview.filter((r) => r.outcome === 'failed');
    if (notAttempted.length) parts.push(`${s(notAttempted.length)} not edited: in review (PENDING) or in appeal (IN_APPEAL), and WhatsApp takes no edit until the review ends${see}; re-run apply once \`${run('review')}\` shows ${notAttempted.length === 1 ? 'it' : 'them'} decided${o.waited ? ` (the review did not end within --wait-timeout: ${recoveryDoc()}, "A --wait time-out")` : ` (\`${run('apply --wait')}\` waits for the review, then writes the edit)`}`);
    if (meanwhile.length) {
      const it = meanwhile.length === 1 ? 'it' : 'them';
      parts.push(`${s(meanwhile.length)} refused by the API because ${meanwhile.length === 1 ? 'it was' : 'they were'} in review (PENDING): another apply (another job) wrote ${it} since the plan, and WhatsApp takes no edit until the review ends${see}; re-run apply once \`${run('review')}\` shows ${it} decided${o.waited ? ` (apply --wait did not write ${it}: ${meanwhile.length === 1 ? 'its line' : 'their lines'} above say${meanwhile.length === 1 ? 's' : ''} why)` : ` (\`${run('apply --wait')}\` waits for the review, then writes the edit)`}: it writes this text, replacing the one written meanwhile`);
    }
    if (behind.length) parts.push(`${s(behind.length)} not written: this checkout is behind its upstream branch (or the branch it is merged into), whose newer version of ${behind.length === 1 ? 'its file' : 'their files'} the channel holds (a colleague's applied change), and the write would revert it${see}; git pull (or merge that branch) first, then \`${run('apply')}\` again`);
    if (blocked.length) parts.push(`${s(blocked.length)} not attempted: the channel takes no edit of ${blocked.length === 1 ? 'it' : 'them'} as ${blocked.length === 1 ? 'it stands' : 'they stand'}${see}; each line above says what to do instead (${recoveryDoc()})`);
    if (transient) parts.push(`${s(transient)} did not make it${see}; a re-run is safe and writes only what is missing`);
    if (refused) parts.push(`${s(refused)} refused by the API${see}; a re-run is refused again: change what the reason names first (${recoveryDoc()})`);
    if (n.rejected) parts.push(`${s(n.rejected)} REJECTED by the review${see}; a re-run changes nothing: fix the file as the reason says and apply again (${recoveryDoc('rejected')})`);
    if (n.unread) parts.push(`${s(n.unread)} written whose state could not be read back, so the review was not followed${see}; \`${run('plan')}\` (or \`${run('review')}\`) shows where ${n.unread === 1 ? 'it stands' : 'they stand'}`);
    if (n.otherEnd) {
      const states = [...new Set(outcome.results.filter((r) => (r.outcome === 'created' || r.outcome === 'updated') && r.status !== undefined && r.status !== 'PENDING' && r.status !== 'REJECTED' && !isApprovedState(r.status)).map((r) => r.status!))].sort();
      parts.push(`${s(n.otherEnd)} written whose review ended neither APPROVED nor REJECTED (${states.join(', ')})${see}; \`${run('review')}\` says what to do (${recoveryDoc()})`);
    }
    if (n.recategorised) {
      const as = outcome.results.filter((r) => r.approvedAs !== undefined).map((r) => `${r.channel}/${r.name}/${r.language} as ${r.approvedAs}`);
      parts.push(`${s(n.recategorised)} APPROVED under another category than the file's (${as.join(', ')})${see}: no one can send ${n.recategorised === 1 ? 'it' : 'them'} as the file says until the file's category matches or an appeal succeeds; \`${run('review')}\` says what to do (${recoveryDoc('recategorised')})`);
    }
    if (n.stillPending) parts.push(`${s(n.stillPending)} still PENDING when the wait ended; \`${run('review')}\` shows their state later`);
    // a stale plan that wrote nothing ends as one found stale before apply (exit 4, "nothing was written"); one that wrote others, partial (5)
    return { code: breached ? EXIT.INTERNAL : stale.length && written === 0 ? EXIT.STALE_PLAN : EXIT.PARTIAL, message: `${parts.join('. ')}.` };
  }
  return { code: EXIT.OK };
}

/** "REJECTED: INVALID_FORMAT": a rejection and its reason, as the review gave it */
function rejectedSaid(r: Pick<ApplyResult, 'rejectionReason'>): string {
  return `REJECTED${r.rejectionReason ? `: ${r.rejectionReason}` : ''}`;
}

/** a template already in review whose review `apply --wait` followed (nothing to write), with the state it ended in */
export interface FollowedReview { channel: string; name: string; language: string; publicId: string; channelId: string; status?: string; rejectionReason?: string; recommendation?: string;
  /** the file's category, and the one the review approved it under when it is another */
  category?: string; approvedAs?: string }

/** Pure: the document `--results FILE` holds. */
export function resultsDocument(pending: PendingApply, results: readonly ApplyResult[], followed: readonly FollowedReview[] = []): unknown {
  const n = countResults(results, false);
  const rejectedFollowed = followed.filter((f) => f.status === 'REJECTED').length;
  const notStarted = results.filter(stoppedBySignal).length;
  return {
    // (each template's identifiers marked for the output gate: never masked as a secret value equal to a name)
    version: 1, environment: pending.environment, target: pending.target, results: results.map(identifierFields),
    ...(followed.length ? { followed: followed.map((f) => ({ ...identifierFields({ channel: f.channel, name: f.name, language: f.language, publicId: f.publicId, channelId: f.channelId }), ...(f.status !== undefined ? { status: f.status } : {}), ...(f.rejectionReason !== undefined ? { rejectionReason: f.rejectionReason } : {}), ...(f.recommendation !== undefined ? { recommendation: f.recommendation } : {}), ...(f.approvedAs !== undefined ? { approvedAs: f.approvedAs } : {}) })) } : {}),
    ...(pending.held?.length ? { held: pending.held.map((h) => ({ ...identifierFields({ channel: h.channel, name: h.name, language: h.language, ...(h.file ? { file: h.file } : {}) }), ...(h.kind ? { kind: h.kind } : {}), reasons: h.reasons })) } : {}),
    ...(pending.standing?.length ? { standing: pending.standing.map(identifierFields) } : {}),
    // notStarted: the skipped a signal kept from their writes (each marked notStarted), which a re-run writes; the others a re-run does not write either
    summary: { created: n.created, updated: n.updated, failed: n.failed, skipped: n.skipped, ...(notStarted ? { notStarted } : {}), rejected: n.rejected + rejectedFollowed, ...(pending.held?.length ? { held: pending.held.length } : {}), ...(pending.standing?.length ? { standing: pending.standing.length } : {}) },
  };
}
