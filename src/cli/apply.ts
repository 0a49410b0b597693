// `tplsync apply [PLANFILE | PATH...]`: make the channels match the files. From a saved plan it
// first checks that nothing moved (exit 4, nothing written); without one it plans first.
import { createInterface } from 'node:readline/promises';
import pc from 'picocolors';
import { followReviews, stoppedBySignal, type ApplyResult, type ReviewWait } from '../apply/apply.js';
import { resultsProgress } from '../apply/results-progress.js';
import { applyExit, countResults, loadPlanFile, REVIEW_POLL_MS, pendingOfPlan, pendingCounts, pendingOfVerified, resultsDocument, savedInReview, savedPlanStaleness, savedStanding, standingOfSaved, writePending, type FollowedReview, type PendingApply } from '../apply/run.js';
import { needsAttention, reviewWhy } from '../plan/review-state.js';
import { valueDigests } from '../project/values.js';
import { describeQuotaWait, formatDuration } from '../apply/quota.js';
import { interruptExitCode, interruptSignal, onHardStop } from '../core/interrupt.js';
import { asIdentifier, identifiersMarkedIn, SECRET_VALUE_MASK } from '../core/redact.js';
import { verifySavedBodies } from '../plan/verify.js';
import { EXIT } from '../core/exit-codes.js';
import { systemError } from '../core/system-error.js';
import { adviceCommand } from '../core/advice.js';
import { UsageError } from '../core/errors.js';
import { linkRefusal } from '../files/write.js';
import { templateKey } from '../model/ids.js';

/** a template's key as the output gate takes it: an identifier, never masked as a secret value that equals its name */
const shownKey = (t: Parameters<typeof templateKey>[0]): string => asIdentifier(templateKey(t));
import { isApprovedState } from '../core/template-state.js';
import { renderStanding, renderText } from '../plan/render.js';
import { isBreach, LintFailed, readTemplates, RULE_IDS, ruleSettingsFor, runPlan, savedCreateTwins } from '../plan/run.js';
import type { Plan, PlanChange } from '../plan/plan.js';
import { shellWord } from '../core/shell-word.js';
import { useColor, writeFileAtomic } from '../terminal/output.js';
import { progress } from '../terminal/progress.js';
import { parseDuration } from '../core/number-option.js';
import { applyAdvice, canConfirm, commandConfig, savedFilesDir, withConnection } from './context.js';
import { waitsForReview } from '../plan/apply-refusal.js';
import { sourceStaleness } from '../promote/promote.js';
import { parseParallelism, reportLintFailure, sayConfigWarning, sayLeftOut, sayValueWarnings } from './report.js';
import { io } from '../core/io.js';
import type { Connection } from '../connection/connect.js';
import { closeSync, existsSync, lstatSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../core/io.js';
import { recoveryDoc } from '../core/recovery-doc.js';


/** whether the file at `abs` is a results file apply wrote (resultsDocument's shape), which a new run may replace */
function isResultsFile(abs: string): boolean {
  try {
    const doc = JSON.parse(readFileSync(abs, 'utf8')) as Record<string, unknown> | null;
    return doc !== null && typeof doc === 'object' && doc.version === 1 && Array.isArray(doc.results) && typeof doc.summary === 'object' && doc.summary !== null && !('changes' in doc);
  } catch { return false; }
}

/** results files this process could not write, said already: not tried again at the end of the run */
const unwritableResults = new Set<string>();

export interface ApplyCommandOptions {
  config?: string;
  env?: string;
  autoApprove?: boolean;
  parallelism: string;
  results?: string;
  wait?: boolean;
  waitTimeout: string;
  allowInsecureHttp?: boolean;
  base?: string;
  /** commander's negation of --no-wait-for-quota (true unless given) */
  waitForQuota?: boolean;
}

export async function applyCommand(args: string[], o: ApplyCommandOptions): Promise<number> {
  const parallelism = parseParallelism(o.parallelism);
  // seconds when bare (600), as its help says, or 20s, 10m, 1h: the one parser of every command's durations
  const waitMs = parseDuration(o.waitTimeout, '--wait-timeout', { unit: 's', minMs: 1 });
  const saved = args.length === 1 ? loadPlanFile(args[0]!) : undefined;
  if (!saved && args.length > 1 && args.some((a) => { try { return loadPlanFile(a) !== undefined; } catch { return false; } })) {
    throw new UsageError('Give either one plan file or template paths, not both');
  }
  const interactive = canConfirm();
  if (!o.autoApprove && !interactive) throw new UsageError('Refusing to apply without confirmation: stdin is not a terminal. Pass --auto-approve (CI) or run it in a terminal');
  if (saved && o.env && o.env !== saved.environment) throw new UsageError(`The plan was made for environment '${saved.environment}', not '${o.env}': apply it without --env (or with --env ${saved.environment}), or make a plan for ${o.env} (tplsync plan --env ${o.env} --out FILE)`);
  if (saved && o.base) throw new UsageError('--base goes with template paths; a saved plan was already made against its base');
  // an earlier run's results are removed first, whatever stops this run (a key not set, a blocked port: exit 3), so they never pass for this run's
  if (o.results) {
    const at = resolvePath(o.results);
    if (existsSync(at) && statSync(at).isDirectory()) throw new UsageError(`--results ${o.results} is a folder: give the results file, e.g. --results ${path.join(o.results, 'results.json')}`);
    // a link (dangling or not) is not removed to make room: the results file is written where no link leads, as every other output
    const st = lstatSync(at, { throwIfNoEntry: false });
    if (st?.isSymbolicLink()) throw new UsageError(linkRefusal(`--results ${o.results}`));
    // a device, a pipe or a socket is never removed to make room (run as root, removing /dev/full removed the device)
    if (st && !st.isFile()) throw new UsageError(`--results ${o.results} is not a regular file (a device, a pipe or a socket): apply writes the results as a JSON file; give a file's path`);
    // only an earlier run's results are removed: a template, the config, a saved plan or any other file named by mistake is not
    // (an empty file is nobody's output: `--results "$(mktemp)"` takes it)
    if (st && st.size > 0 && !isResultsFile(at)) throw new UsageError(`--results ${o.results} exists and is not the results of an earlier apply (a template, the config, a saved plan, or another file): not replaced; give another path, or remove the file yourself`);
    // a folder the results cannot be written to is said before anything is applied (it was said after every template was written, exit 3)
    let folder = path.dirname(at);
    while (!existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
    // tried, not asked (root is never refused by a permission check, but is by an immutable or read-only file system)
    const probe = path.join(folder, `.tplsync-results-${process.pid}.probe`);
    try { closeSync(openSync(probe, 'wx')); rmSync(probe, { force: true }); } catch {
      throw new UsageError(`--results ${o.results}: the folder ${path.relative(io().cwd(), folder) || folder} cannot be written to: apply writes its results there at the end; give a path where it can (nothing was applied)`);
    }
    rmSync(at, { force: true });
    unwritableResults.delete(at);
  }
  // no config from the working directory: a saved plan's files (relative to where it was made), or the paths given, lead to
  // it as they led plan (a plan made at a monorepo's root of packages/shop, applied from there)
  const planFiles = saved && [...new Set([...saved.changes.flatMap((c) => (c.file ? [c.file] : [])), ...(saved.held ?? []).flatMap((h) => (h.file ? [h.file] : []))])].slice(0, 50);
  const config = saved ? await commandConfig(o, planFiles?.length ? planFiles : undefined, "the plan's files") : await commandConfig(o, args);
  const env = saved?.environment ?? o.env;
  return withConnection(config, { ...o, ...(env ? { env } : {}), parallelism }, async (conn) => {
    // --results is written at every end (a CI job keeps it as an artifact): with no entries when
    // apply stopped before writing (a stale plan, lint, a refused key, an unreachable API, Ctrl-C during the reads)
    const none = (): void => { if (o.results && !existsSync(resolvePath(o.results)) && !unwritableResults.has(resolvePath(o.results))) writeFileAtomic(o.results, `${JSON.stringify(resultsDocument({ items: [], environment: conn.environment.name, target: conn.target }, []), null, 2)}\n`); };
    try {
      const code = await applyWith(conn);
      none();
      return code;
    } catch (e) {
      try { none(); } catch { /* the error that stopped apply is the one to report */ }
      throw e;
    }
  });

  async function applyWith(conn: Connection): Promise<number> {
    const signal = interruptSignal(); // Ctrl-C: what is in flight finishes, nothing new starts (exit 130)
    let pending: PendingApply;
    /** templates whose read failed while planning: held, the rest written, exit 5 (a re-run continues) */
    let unread = 0;
    /** of those, the ones whose read broke the API's contract: a re-run reads the same (exit 70) */
    let breached = 0;
    /** templates their files hold back (an expired campaign): deliberately not written, said at the end as at the start */
    let heldByFile: string[] = [];
    /** templates held because their text holds the API key: not written, and the file and the channel differ until it is taken out (exit 5) */
    let heldForKey: string[] = [];
    /** templates held because their file keeps the id of a template the channel has under another name or language: a file mistake (exit 1), the others written */
    let heldForIdentity: string[] = [];
    /** templates held because the platform refuses what their files ask for (an authentication template's custom text): a file mistake (exit 1), the others written */
    let heldForRefusal: string[] = [];
    /** templates that match their files and are in review: with --wait and nothing to write, followed (a run that was stopped while waiting, run again) */
    let inReview: FollowedReview[] = [];
    const partly = (code: number): number => {
      const done = partlyOthers(code);
      if (heldForRefusal.length) io().stderr.write(`tplsync: ${heldForRefusal.length} template${heldForRefusal.length === 1 ? ' was' : 's were'} held and not written because the platform refuses what ${heldForRefusal.length === 1 ? 'its file asks' : 'their files ask'} for (held above): ${heldForRefusal.join(', ')}; correct ${heldForRefusal.length === 1 ? 'the file' : 'each file'} as the reason says and apply again.\n`);
      if (!heldForIdentity.length) return heldForRefusal.length && done === EXIT.OK ? EXIT.FINDINGS : done;
      io().stderr.write(`tplsync: ${heldForIdentity.length} template${heldForIdentity.length === 1 ? ' was' : 's were'} held and not written because ${heldForIdentity.length === 1 ? 'its file keeps the id' : 'their files keep the ids'} of a template the channel has under another name or language (held above): ${heldForIdentity.join(', ')}; a template is never renamed in place: correct ${heldForIdentity.length === 1 ? 'the file' : 'each file'} as the reason says and apply again.\n`);
      // a run that ended otherwise keeps its code (5: a re-run of what failed helps); else the file mistake is the run's outcome, as two files that are one template
      return done === EXIT.OK ? EXIT.FINDINGS : done;
    };
    const partlyOthers = (code: number): number => {
      if (heldByFile.length) io().stderr.write(`tplsync: ${heldByFile.length} template${heldByFile.length === 1 ? ' was' : 's were'} held back by ${heldByFile.length === 1 ? 'its file' : 'their files'} and not written (held above): ${heldByFile.join(', ')}.\n`);
      if (heldForKey.length && (code === EXIT.OK || code === EXIT.PARTIAL)) {
        io().stderr.write(`tplsync: ${heldForKey.length} template${heldForKey.length === 1 ? ' was' : 's were'} held and not written because ${heldForKey.length === 1 ? 'its text holds' : 'their texts hold'} the API key (held above): ${heldForKey.join(', ')}; take the key out where the reason above says (a file, or an environment value it refers to) and apply again.\n`);
        code = EXIT.PARTIAL;
      }
      // unchanged by this run and not approved on the channel: no write of apply's changes that (plan --detailed-exitcode says 2)
      const standing = pending.standing ?? [];
      if (standing.length && (code === EXIT.OK || code === EXIT.PARTIAL)) {
        const k = standing.length;
        io().stderr.write(`tplsync: ${k} template${k === 1 ? '' : 's'} this run did not write ${k === 1 ? 'is' : 'are'} not approved on the channel (marked ! above): ${standing.map((t) => `${shownKey(t)} ${t.status}`).join(', ')}; ${k === 1 ? 'its file says' : 'their files say'} what the channel has, so applying again changes nothing: ${k === 1 ? 'the line above says' : 'each line above says'} what to do (${recoveryDoc()}).\n`);
        code = EXIT.PARTIAL;
      }
      if (!unread || (code !== EXIT.OK && code !== EXIT.PARTIAL)) return code;
      if (breached) {
        io().stderr.write(`tplsync: the channel's answer for ${breached} template${breached === 1 ? '' : 's'} broke the API's contract (held above, with what was wrong): neither planned nor written, and a re-run reads ${breached === 1 ? 'it' : 'them'} the same; the others were applied. Take it up with the service (--debug shows each request).\n`);
        return EXIT.INTERNAL;
      }
      io().stderr.write(`tplsync: ${unread} template${unread === 1 ? '' : 's'} could not be read from the channel and ${unread === 1 ? 'was' : 'were'} neither planned nor written (held above); ${saved ? `a new plan includes ${unread === 1 ? 'it' : 'them'} (${adviceCommand('plan --out FILE', saved.environment)})` : `a re-run is safe and continues with ${unread === 1 ? 'it' : 'them'}`}.\n`);
      return EXIT.PARTIAL;
    };
    if (saved) {
      // the bodies written are built from the files, never taken from the plan
      // the plan's file paths are relative to where it was made (its base), not to this run's directory
      const filesDir = savedFilesDir(config, saved.base);
      const verified = await verifySavedBodies(config, conn.environment, saved, filesDir, sayValueWarnings(conn.environment.name));
      const { moved, done, inReviewLimits, approved, reads } = await savedPlanStaleness(conn, saved, filesDir, verified, progress, signal, (names) => valueDigests(conn.environment, names));
      // the clock moved since the plan: a template it writes is held back now (its campaign ended)
      moved.push(...verified.heldNow);
      // the plan was read from and made for one server (or emulator file): the config may name another now
      // (its baseUrl or emulator changed), whose templates the plan never saw
      if (conn.targetFrom(filesDir) !== saved.target) moved.unshift({ key: '(plan)', what: `it was made against ${saved.target}, and the config's ${saved.environment} is ${conn.target} now (its ${conn.environment.emulator ? 'emulator file' : 'baseUrl'} changed)` });
      // a promotion: what its source approved must still be so
      if (saved.source) {
        const src = saved.source;
        moved.push(...await withConnection(config, { ...o, env: src.environment, parallelism }, async (sourceConn) => {
          if (sourceConn.targetFrom(filesDir) !== src.target) return [{ key: '(plan)', what: `the source environment ${src.environment} is ${sourceConn.target} now, not ${src.target}` }];
          const reads = await readTemplates(sourceConn, src.templates.map((t) => ({ channelId: t.channelId, id: t.publicId })), `checking ${src.environment}`, progress, signal);
          return sourceStaleness(src, (id) => reads.get(id) ?? null);
        }));
      }
      if (moved.length || verified.problems.length) {
        // a plan of another tplsync version: said first, as what it is (no file or template moved for it), then what else moved
        const lead = verified.problems.find((p) => p.headline !== undefined);
        const problems = verified.problems.filter((p) => p !== lead);
        if (lead) io().stderr.write(`tplsync: ${lead.headline}\n`);
        if (moved.length) io().stderr.write(lead ? `What moved since ${saved.createdAt} too:\n` : `tplsync: the plan is stale; nothing was written. What moved since ${saved.createdAt}:\n`);
        for (const m of moved) io().stderr.write(`  ${m.key}: ${m.what}\n`);
        if (problems.length) io().stderr.write(lead ? 'It does not match the files it was made from either:\n' : 'tplsync: the plan does not match the files it was made from; nothing was written:\n');
        for (const m of problems) io().stderr.write(`  ${m.key}: ${m.what}\n`);
        // a promotion is made again by promote (a plan of the target alone would not check the source's approval)
        io().stderr.write(saved.source
          ? `Make a new promotion (tplsync promote --from ${saved.source.environment} --to ${saved.environment} --out FILE) and review it.\n`
          : `Make a new plan (${adviceCommand('plan --out FILE', saved.environment)}) and review it.\n`);
        return EXIT.STALE_PLAN;
      }
      pending = pendingOfVerified(verified, saved, conn.target, done, inReviewLimits, approved);
      // (what is known: the channel holds them now, and did not when the plan was made; which run wrote them, this plan's or another's, is not)
      if (done.length) io().stderr.write(`tplsync: ${done.length} template${done.length === 1 ? ' of the plan is' : 's of the plan are'} on the channel already as the plan writes ${done.length === 1 ? 'it' : 'them'}: written after the plan was made, by an earlier apply of this plan or by another run (another engineer's apply, a CI job): not written again\n`);
      // what the plan held back when it was made: not in it, so not written; said, and a read that failed is exit 5 (plan again)
      if (saved.held?.length) {
        pending = { ...pending, held: saved.held };
        unread = saved.held.filter((h) => h.kind === 'not-read').length;
        breached = saved.held.filter(isBreach).length;
        heldByFile = saved.held.filter((h) => h.kind === undefined || h.kind === 'file').map((h) => `${h.channel}/${h.name}/${h.language}`);
        heldForKey = saved.held.filter((h) => h.kind === 'key').map((h) => `${h.channel}/${h.name}/${h.language}`);
        heldForIdentity = saved.held.filter((h) => h.kind === 'identity').map((h) => `${h.channel}/${h.name}/${h.language}`);
        heldForRefusal = saved.held.filter((h) => h.kind === 'refused').map((h) => `${h.channel}/${h.name}/${h.language}`);
        for (const h of saved.held) io().stderr.write(`tplsync: the plan held back ${h.channel}/${h.name}/${h.language} when it was made (${h.reasons.join('; ')}): not written\n`);
      }
      // a create whose name and language the channel has under another id now (made in the console since the plan): not a second one
      const twins = await savedCreateTwins(conn, pending.items.filter((i) => i.action === 'create').map((i) => ({ ...i, ...(saved!.changes.find((c) => c.publicId.toLowerCase() === i.publicId.toLowerCase())?.file ? { file: saved!.changes.find((c) => c.publicId.toLowerCase() === i.publicId.toLowerCase())!.file! } : {}) })), saved.changes.map((c) => c.publicId), { progress, signal, onWarning: sayConfigWarning });
      if (twins.length) {
        const twinIds = new Set(twins.map((t) => templateKeyOf(t)));
        pending = { ...pending, items: pending.items.filter((i) => !(i.action === 'create' && twinIds.has(templateKeyOf(i)))), held: [...(pending.held ?? []), ...twins.map(({ twin: _twin, ...h }) => h)] };
        heldForRefusal = [...heldForRefusal, ...twins.map((h) => `${h.channel}/${h.name}/${h.language}`)];
        for (const h of twins) io().stderr.write(`tplsync: ${h.channel}/${h.name}/${h.language} is not created: ${h.reasons.join('; ')}\n`);
      }
      io().stdout.write(`Applying the saved plan (${pendingCounts(pending.items, Boolean(o.wait))}) to ${saved.environment}.\n`);
      // a plan made with --wait counted an edit of a template in review as written once the review ends: without --wait
      // that edit is a skip (exit 5), which the reviewed plan did not show; said with the apply that does what it counted
      if (saved.wait && !o.wait) {
        const inReviewEdits = pending.items.filter((i) => i.action === 'update' && i.refusal !== undefined && waitsForReview(i)).length;
        if (inReviewEdits) io().stderr.write(`tplsync: the plan was made with --wait and counts ${inReviewEdits === 1 ? 'an edit of a template' : `${inReviewEdits} edits of templates`} in review as written once the review ends; without --wait apply skips ${inReviewEdits === 1 ? 'it' : 'them'} (exit 5). Apply it as it was planned: ${applyAdvice()}--wait ${shellWord(args[0]!)}\n`);
      }
      // what the plan leaves as it is and the channel does not approve (its state read now: rejected since the plan too), marked !
      // as a plan made now shows it, and no success (exit 5), as a plain apply: the two ways of applying agree (trial-bf F1)
      const settings = ruleSettingsFor(config, filesDir);
      const standing = savedStanding(saved, reads, (r, file) => needsAttention(r, RULE_IDS, file !== undefined ? settings(file) : undefined));
      if (standing.length) {
        io().stdout.write(renderStanding(standing.map((s) => ({ ...s.change, remoteStatus: s.remoteStatus, attention: s.attention })), { color: useColor(io().stdout) }));
        pending = { ...pending, standing: standingOfSaved(standing) };
      }
      // what the plan leaves as it is and is in review now (read at apply time): with --wait and nothing to write, followed,
      // as a plain apply follows it (a plan made while it was PENDING, applied with --wait: the review was not followed)
      inReview = savedInReview(saved, reads);
      // a plan holds no secret (it shows them as (secret)): apply reads each from its variable now, rotated or not
      const secretive = saved.changes.filter((c) => (c.action === 'create' || c.action === 'update') && c.body !== undefined && JSON.stringify(c.body).includes(SECRET_VALUE_MASK)).length;
      if (secretive) io().stderr.write(`tplsync: ${secretive} template${secretive === 1 ? ' of the plan uses' : 's of the plan use'} secret values, which a plan does not hold: each is written with its variable's value now (a secret rotated since the plan is written as it is now)\n`);
    } else {
      let plan;
      try { plan = await runPlan(config, conn, { paths: args, cwd: io().cwd(), progress, signal, onValueWarnings: sayValueWarnings(conn.environment.name), onLeftOut: sayLeftOut(conn.environment.name), onConfigWarning: sayConfigWarning, ...(o.base ? { base: o.base } : {}) }); } catch (e) {
        if (e instanceof LintFailed) return reportLintFailure(e, config, 'nothing was written');
        throw e;
      }
      io().stdout.write(renderText(plan, { color: useColor(io().stdout), environment: conn.environment.name, ...(o.waitForQuota === false ? { waitForQuota: false } : {}), ...(o.wait ? { waitsForReviews: true } : {}) }));
      sayDrift(plan, conn.environment.name);
      pending = pendingOfPlan(plan, conn.environment.name, conn.target);
      unread = (plan.held ?? []).filter((h) => h.kind === 'not-read').length;
      breached = (plan.held ?? []).filter(isBreach).length;
      heldByFile = (plan.held ?? []).filter((h) => h.kind === undefined || h.kind === 'file').map((h) => `${h.channel}/${h.name}/${h.language}`);
      heldForKey = (plan.held ?? []).filter((h) => h.kind === 'key').map((h) => `${h.channel}/${h.name}/${h.language}`);
      heldForIdentity = (plan.held ?? []).filter((h) => h.kind === 'identity').map((h) => `${h.channel}/${h.name}/${h.language}`);
      heldForRefusal = (plan.held ?? []).filter((h) => h.kind === 'refused').map((h) => `${h.channel}/${h.name}/${h.language}`);
      inReview = plan.changes.filter((c) => c.action === 'noop' && c.remoteStatus === 'PENDING')
        .map((c) => ({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, status: 'PENDING', ...(c.desired?.canonical.category ? { category: c.desired.canonical.category } : {}) }));
    }
    if (pending.items.length === 0) {
      if (saved) io().stdout.write('Nothing to write.\n');
      const code = o.wait && inReview.length ? await followOnly(conn, inReview, waitMs, signal) : EXIT.OK;
      // the reviews followed, with how each ended: the results say what the exit code says
      if (o.results) writeFileAtomic(o.results, `${JSON.stringify(resultsDocument(pending, [], o.wait ? inReview : []), null, 2)}\n`);
      return partly(code);
    }
    if (!o.autoApprove && !(await confirm(`Write ${pending.items.length} template${pending.items.length === 1 ? '' : 's'} to ${pending.environment} (${pending.target})? Type "yes" to go on: `, signal))) {
      io().stderr.write('Nothing was written.\n');
      return EXIT.OK;
    }
    return partly(await write(conn, pending, { parallelism, ...(o.results ? { results: o.results } : {}), ...(o.wait ? { waitMs: waitMs } : {}), signal, waitForQuota: o.waitForQuota !== false }));
  }
}

/** "REJECTED: SPAM; recommendation: Do not promise refunds": a rejection as the review gave it, in plan's words (reviewWhy) */
function rejectedWords(r: { rejectionReason?: string | undefined; recommendation?: string | undefined }): string {
  const why = reviewWhy(r.rejectionReason, r.recommendation);
  return `REJECTED${why ? `: ${why}` : ''}`;
}

/** what a wait for reviews that begins is for, and how long it may last */
function describeReviewWait(w: ReviewWait, environment: string): string {
  const n = w.templates.length;
  const which = n > 3 ? `${w.templates.slice(0, 3).join(', ')} and ${n - 3} more` : w.templates.join(', ');
  if (w.before === 'edit' && w.since) return `${which} went into review since the plan read ${n === 1 ? 'it' : 'them'} (another apply wrote ${n === 1 ? 'it' : 'them'} meanwhile), and WhatsApp refused this run's edit until the review ends: waiting up to ${formatDuration(w.timeoutMs)} (--wait-timeout) for it, then writing the edit${w.savedPlan ? ' if the saved plan is still what the channel holds (a change written meanwhile makes it stale: not written, said why)' : ', replacing the text written meanwhile'}; Ctrl-C stops, a re-run continues`;
  return w.before === 'edit'
    ? `${which} is in review, and WhatsApp takes no edit until the review ends: waiting up to ${formatDuration(w.timeoutMs)} (--wait-timeout) for it, then writing the edit${w.savedPlan ? ' if the review approves the template (a rejection makes the saved plan stale: not written, the reason said)' : ''}; Ctrl-C stops, a re-run continues`
    : `waiting up to ${formatDuration(w.timeoutMs)} (--wait-timeout) for the review of ${which}; Ctrl-C stops waiting (the writes are done: ${adviceCommand('review', environment)} shows the decision later)`;
}

/** --wait with nothing to write: the templates already in review followed until each is decided (or the wait ends) */
async function followOnly(conn: Connection, rows: FollowedReview[], timeoutMs: number, signal: AbortSignal): Promise<number> {
  const c = pc.createColors(useColor(io().stdout));
  io().stdout.write(`Following the review of ${rows.length} template${rows.length === 1 ? '' : 's'} in review (nothing to write).\n`);
  // approved under another category than the file's: no one can send it as the file says (as apply --wait says of a write)
  await followReviews(conn.client, rows, { timeoutMs, pollMs: REVIEW_POLL_MS }, signal, undefined, (r, read) => {
    const got = read.chatapp?.category;
    if (isApprovedState(read.statusText) && got && r.category && got !== r.category) r.approvedAs = got; else delete r.approvedAs;
  });
  for (const r of rows) {
    if (r.approvedAs !== undefined) { io().stdout.write(`${c.red('✗')} in review ${shownKey(r)} → ${c.red(`${r.status} as ${r.approvedAs}`)} (the file says ${r.category})\n`); continue; }
    const approved = isApprovedState(r.status);
    const st = r.status === 'REJECTED' ? c.red(rejectedWords(r)) : approved ? c.green(r.status!) : c.yellow(r.status ?? 'not read');
    io().stdout.write(`${approved ? c.green('✓') : r.status === 'REJECTED' ? c.red('✗') : c.yellow('…')} in review ${shownKey(r)} → ${st}\n`);
  }
  if (signal.aborted) return interruptExitCode();
  const rejected = rows.filter((r) => r.status === 'REJECTED').length;
  const open = rows.filter((r) => r.status === 'PENDING').length;
  const recategorised = rows.filter((r) => r.approvedAs !== undefined);
  const s = (k: number) => `${k} template${k === 1 ? '' : 's'}`;
  const parts = [
    ...(recategorised.length ? [`${s(recategorised.length)} APPROVED under another category than the file's (${recategorised.map((r) => `${shownKey(r)} as ${r.approvedAs}`).join(', ')}): no one can send ${recategorised.length === 1 ? 'it' : 'them'} as the file says; \`${adviceCommand('review', conn.environment.name)}\` says what to do (${recoveryDoc('recategorised')})`] : []),
    ...(rejected ? [`${s(rejected)} REJECTED by the review; fix the file as the reason says and apply again (${recoveryDoc('rejected')})`] : []),
    ...(open ? [`${s(open)} still PENDING when the wait ended; \`${adviceCommand('review', conn.environment.name)}\` shows their state later`] : []),
  ];
  if (!parts.length) return EXIT.OK;
  io().stderr.write(`tplsync: ${parts.join('. ')}.\n`);
  return EXIT.PARTIAL;
}

/**
 * The question, answered "yes" or not. Ctrl-D (the end of input) is no "yes": declined. A signal
 * from outside (kill -INT, kill -TERM, a CI runner's cancel) ends the question as Ctrl-C typed at
 * it does: it waited for an answer that would never come.
 */
export async function confirm(question: string, signal: AbortSignal, streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } = { input: io().stdin, output: io().stderr }): Promise<boolean> {
  const rl = createInterface(streams);
  try { return (await rl.question(question, { signal })).trim().toLowerCase() === 'yes'; } catch (e) {
    if (signal.aborted) throw Object.assign(new Error('Aborted with Ctrl+C (a signal at the question)'), { code: 'ABORT_ERR' });
    if ((e as { code?: string; message?: string })?.code === 'ABORT_ERR' && /ctrl\+d/i.test((e as Error).message)) { streams.output.write('\n'); return false; }
    throw e;
  } finally { rl.close(); }
}

/** Pure: a skip's reason without its explanation (what follows its first " (" or "; "): the line of each template after the first that gives it */
export function shortReason(error: string): string {
  const at = [error.indexOf(' ('), error.indexOf('; ')].filter((i) => i > 0);
  return at.length ? error.slice(0, Math.min(...at)) : error;
}

async function write(conn: Parameters<typeof writePending>[0], pending: PendingApply, o: { parallelism: number; results?: string; waitMs?: number; signal: AbortSignal; waitForQuota: boolean }): Promise<number> {
  const tty = Boolean(io().stderr.isTTY);
  const c = pc.createColors(useColor(io().stdout));
  const bar = await progress('applying', pending.items.length);
  const lines: string[] = [];
  // a reason many templates were not attempted for (2,200 creations past the quota) is explained on the first one's line;
  // the others' lines say their key and the short reason (the results file keeps each one's whole text)
  const explained = new Set<string>();
  const line = (r: ApplyResult, noted = true): string => {
    const key = shownKey(r);
    // kept from its write by a signal: "not started", the word of the closing lines (and notStarted in the results), not a
    // failure's ✗: a re-run writes it (trial-bq F6)
    const mark = stoppedBySignal(r) ? c.yellow('-') : c.red('✗');
    const word = stoppedBySignal(r) ? 'not started' : r.outcome;
    if (r.outcome === 'skipped') {
      const reason = shortReason(r.error ?? '');
      const again = reason !== r.error && explained.has(reason);
      explained.add(reason);
      if (again) return `${mark} ${word} ${key}: ${identifiersMarkedIn(reason, [r.publicId, r.channelId])} (as above)`;
    }
    if (r.outcome === 'failed' || r.outcome === 'skipped') return `${mark} ${word} ${key}: ${identifiersMarkedIn(r.error ?? '', [r.publicId, r.channelId])}`;
    const st = r.status === 'REJECTED' ? c.red(rejectedWords(r)) : isApprovedState(r.status) ? c.green(r.status!) : r.status ?? c.yellow(`not read back (${adviceCommand('plan', pending.environment)} shows it)`);
    // written, and its review under way (PENDING) or approved: ✓; rejected or ended otherwise (DISABLED, PAUSED): ✗
    const bad = r.status === 'REJECTED' || (r.status !== undefined && r.status !== 'PENDING' && !isApprovedState(r.status));
    // approved, but under another category than the file's: no one can send it as the file says
    if (r.approvedAs !== undefined) return `${c.red('✗')} ${r.outcome} ${key} → ${c.red(`${r.status} as ${r.approvedAs}`)} (the file says another category)`;
    // how it was written, when that was not plain (an answer lost and the write found read back, an edit written over another
    // run's once that run's review ended): said, as --results says it (a note of a read back that failed is said above, as its state)
    const how = noted && r.note !== undefined && r.status !== undefined ? ` (${identifiersMarkedIn(r.note, [r.publicId, r.channelId])})` : '';
    return `${bad ? c.red('✗') : c.green('✓')} ${r.outcome} ${key} → ${bad ? c.red(r.status === 'REJECTED' ? st : r.status!) : st}${how}`;
  };
  // a second signal ends the process at once: the results file says what is known by then
  const seen: ApplyResult[] = [];
  const results = o.results;
  const untilStopped = results ? onHardStop(() => {
    const done = new Set(seen.map((r) => `${r.channelId}/${r.publicId}`));
    const open = pending.items.filter((i) => !done.has(`${i.channelId}/${i.publicId}`)).map((i) => shownKey(i));
    const doc = { ...(resultsDocument(pending, seen) as object), stopped: { why: `a second signal ended the run at once: these templates were being written or not started; ${adviceCommand('plan', pending.environment)} shows where each is`, templates: open } };
    writeFileAtomic(results, `${JSON.stringify(doc, null, 2)}\n`);
  }) : () => undefined;
  // on a terminal the lines wait for the bar to end (when the writes end), then come as they are known
  let barDone = false;
  const endBar = (): void => {
    if (barDone) return;
    barDone = true;
    bar.stop();
    for (const l of lines) io().stdout.write(`${l}\n`);
    lines.length = 0;
  };
  const say = (l: string): void => { if (tty && !barDone) lines.push(l); else io().stdout.write(`${l}\n`); };
  // the results file as the run goes (replaced whole each time): a job killed hard keeps what was written
  const resultsFile = resultsProgress({ signal: o.signal, write: () => {
    if (!results || unwritableResults.has(resolvePath(results))) return;
    const done = new Set(seen.map((r) => `${r.channelId}/${r.publicId}`));
    const open = pending.items.filter((i) => !done.has(`${i.channelId}/${i.publicId}`)).map((i) => shownKey(i));
    const doc = { ...(resultsDocument(pending, seen) as object), ...(open.length ? { running: { why: 'apply was still running when this was written: these templates were being written or not started; the results of a run that ended replace this', templates: open } } : {}) };
    try { writeFileAtomic(results, `${JSON.stringify(doc, null, 2)}\n`); } catch { /* said at the end, when the results are written for good */ }
  } });
  const progressive = (): void => { if (results) resultsFile.changed(); };
  const outcome = await writePending(conn, pending, {
    parallelism: o.parallelism, signal: o.signal, ...(o.waitMs ? { waitMs: o.waitMs } : {}),
    waitForQuota: o.waitForQuota,
    onQuotaWait: (w) => { io().stderr.write(`${tty ? '\n' : ''}tplsync: ${describeQuotaWait(w)}\n`); },
    // a wait for a review may last the whole --wait-timeout (10 minutes by default): said when it begins
    onReviewWait: (w) => { io().stderr.write(`${tty && !barDone ? '\n' : ''}tplsync: ${describeReviewWait(w, pending.environment)}\n`); },
    // each write said when it ends, with --wait too (the review's end is said on its own line when it comes)
    onResult: (r) => {
      seen.push(r);
      // a template a signal kept from its write is no progress: the bar stops where the writes stopped (it ran to the
      // full count, 120/120, as the not-started were reported, trial-bf F4); the closing line counts them as not started
      if (!stoppedBySignal(r)) bar.tick();
      say(line(r));
      progressive();
    },
    onWritesDone: endBar,
    onReviewed: (r) => {
      say(r.status === 'PENDING' ? `${c.yellow('…')} ${r.outcome} ${shownKey(r)} → ${c.yellow('PENDING')} (still in review when the wait ended)` : line(r, false));
      progressive();
    },
  });
  resultsFile.end();
  untilStopped();
  endBar();
  // the results file after the summary: the writes are made whatever becomes of it, and the summary says so
  let unwritten: string | undefined;
  if (o.results) {
    try { writeFileAtomic(o.results, `${JSON.stringify(resultsDocument(pending, outcome.results), null, 2)}\n`); } catch (e) {
      unwritten = systemError(e) ?? (e instanceof UsageError ? e.message : undefined);
      if (unwritten === undefined) throw e;
      unwritableResults.add(resolvePath(o.results));
    }
  }
  const n = countResults(outcome.results, Boolean(o.waitMs));
  // held by the plan (a read that failed, a file, the key, an id): never written, so counted here as skipped ones are (the closing line read as a full success, exit 5)
  const notRead = (pending.held ?? []).filter((h) => h.kind === 'not-read').length;
  const heldOther = (pending.held?.length ?? 0) - notRead;
  const held = `${notRead ? `, ${notRead} held (not read)` : ''}${heldOther ? `, ${heldOther} held (not written)` : ''}`;
  // what a signal kept from its write (not started, or stopped waiting for its review) counted apart from what apply skips by
  // design, in the words of the line the interrupt ends with (applyExit): one count for one template on both (trial-bl F8)
  const notStarted = outcome.results.filter(stoppedBySignal).length;
  const skipped = n.skipped - notStarted;
  io().stdout.write(`${c.bold(`Applied to ${pending.environment}: ${n.created} created, ${n.updated} updated, ${n.failed} failed${skipped ? `, ${skipped} skipped` : ''}${notStarted ? `, ${notStarted} not started` : ''}${held}`)}${n.rejected ? c.red(`, ${n.rejected} rejected in review`) : ''}${n.stillPending ? c.yellow(`, ${n.stillPending} still pending review`) : ''}.\n`);
  const exit = applyExit(outcome, { waited: Boolean(o.waitMs), interrupted: o.signal.aborted, environment: pending.environment, ...(o.results && unwritten === undefined ? { resultsFile: o.results } : {}) });
  if (exit.message) io().stderr.write(`tplsync: ${exit.message}\n`);
  if (unwritten !== undefined) {
    // the channel has the writes above; the file asked for is not there: a failure of the run (exit 3, as any file it cannot write), said as such
    io().stderr.write(`tplsync: the results file was not written: ${unwritten}; the writes above were made (${adviceCommand('plan', pending.environment)} shows where each template is)\n`);
    return exit.code === EXIT.OK ? EXIT.USAGE : exit.code;
  }
  return exit.code;
}

/**
 * Drift, named before anything is written: the updates that revert a change made on the channel (written: the files
 * are what apply writes, and the plan said so; `tplsync pull` keeps the channel's), and those that would revert the
 * newer version of a file on the upstream this checkout is behind (not written: git pull first).
 */
function sayDrift(plan: Plan, environment: string): void {
  const named = (c: { channel: string; name: string; language: string }): string => `${c.channel}/${c.name}/${c.language}`;
  const channel = plan.changes.filter((c) => c.action === 'update' && c.drift && !c.drift.upstream && !c.drift.kind).map(named);
  const upstream = plan.changes.filter((c) => c.action === 'update' && c.drift?.upstream);
  const pulls = (cs: readonly PlanChange[]): string => cs.map((c) => `\`${adviceCommand(`pull --channel ${shellWord(c.channel)} --id ${c.publicId} --force`, environment)}\``).join(', ');
  // both sides changed it: the branch's edit replaces the channel's (written, as drift is: the files are what apply writes)
  const conflict = plan.changes.filter((c) => c.action === 'update' && c.drift?.kind === 'conflict');
  if (conflict.length) io().stderr.write(`tplsync: warning: ${conflict.length === 1 ? '1 update replaces' : `${conflict.length} updates replace`} a change made on the channel to a template this branch changed too (conflict): ${conflict.map(named).join(', ')}. Written as the files have ${conflict.length === 1 ? 'it' : 'them'}, and the channel's edit is lost; to keep it, answer no (without --auto-approve), bring it into the file with ${pulls(conflict)}, put this branch's change back on top, commit, and apply again\n`);
  // no commit of the file has the channel's text: an edit outside tplsync (in the console), reverted by this write
  const outside = plan.changes.filter((c) => c.action === 'update' && c.drift?.kind === 'outside');
  if (outside.length) io().stderr.write(`tplsync: warning: ${outside.length === 1 ? '1 update reverts' : `${outside.length} updates revert`} a text on the channel that no commit of ${outside.length === 1 ? 'its file' : 'their files'} has, on any branch of this clone (edited outside tplsync, in the console, or applied from a file never committed): ${outside.map(named).join(', ')}. Written as the files have ${outside.length === 1 ? 'it' : 'them'}; to keep the channel's version, answer no (without --auto-approve), write it into the file with ${pulls(outside)}, commit, and apply again\n`);
  // the channel holds a version of a branch not merged here (a pull request's preview): reverted by this write
  const unmerged = plan.changes.filter((c) => c.action === 'update' && c.drift?.kind === 'unmerged');
  if (unmerged.length) io().stderr.write(`tplsync: warning: ${unmerged.length === 1 ? '1 update reverts' : `${unmerged.length} updates revert`} a version on the channel applied from a branch not merged here: ${unmerged.map((c) => `${named(c)} (${c.drift!.branch})`).join(', ')}. Written as the files have ${unmerged.length === 1 ? 'it' : 'them'}; to leave ${unmerged.length === 1 ? 'it' : 'them'} until that branch is merged, answer no (without --auto-approve)\n`);
  if (channel.length) io().stderr.write(`tplsync: warning: ${channel.length === 1 ? '1 update reverts' : `${channel.length} updates revert`} a change made on the channel (drift): ${channel.join(', ')}; ${channel.length === 1 ? 'its file did' : 'their files did'} not change since ${plan.changes.find((c) => c.drift && !c.drift.upstream)!.drift!.base}. Written as the files have ${channel.length === 1 ? 'it' : 'them'}; to keep the channel's version, pull it first (the plan above gives the command)\n`);
  if (upstream.length) io().stderr.write(`tplsync: warning: this checkout is behind ${upstream[0]!.drift!.upstream}: ${upstream.length === 1 ? '1 update reverts' : `${upstream.length} updates revert`} its newer version of a file, which the channel holds: ${upstream.map((c) => `${c.channel}/${c.name}/${c.language}`).join(', ')}. git pull first; ${upstream.length === 1 ? 'it is' : 'they are'} not written\n`);
}

/** a template's channel, name and language, as a key (a held twin of a saved plan's create is matched to its write by it) */
function templateKeyOf(t: { channel: string; name: string; language: string }): string {
  return `${t.channel}\u0000${t.name}\u0000${t.language}`;
}
