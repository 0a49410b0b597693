// `tplsync plan [PATH...]`: what a merge would change, as text, json or markdown.
import { shellWord } from '../core/shell-word.js';
import { markerProblem } from '../github/comment.js';
import { UsageError } from '../core/errors.js';
import { parseDuration } from '../core/number-option.js';
import { APPLY_SKIPS, applySkipCount, hasChanges, identityHeldCount, keyOf, refusedHeldCount, reviewSkipCount, type Plan } from '../plan/plan.js';
import { asIdentifier } from '../core/redact.js';
import { renderJson, renderMarkdown, renderText } from '../plan/render.js';
import { renderCanonicalText } from '../preview/text.js';
import { isBreach, LintFailed, parseShard, runPlan } from '../plan/run.js';
import { toSaved } from '../plan/saved.js';
import { changePageName } from '../preview/changes.js';
import { EXIT } from '../core/exit-codes.js';
import { interruptSignal } from '../core/interrupt.js';
import { emit, useColor, dashAsStdout, refuseSavedPlanDash, savedInPlace } from '../terminal/output.js';
import { outputPlace, writeOutput } from '../files/output-file.js';
import { toolVersion } from '../core/version.js';
import { progress } from '../terminal/progress.js';
import { applyAdvice, commandConfig, foundAbovePaths, savedBase, withConnection } from './context.js';
import { projectFiles, refuseProtectedOutput } from '../files/output-target.js';
import { parseParallelism, reportLintFailure, sayConfigWarning, sayLeftOut, sayValueWarnings } from './report.js';
import { io } from '../core/io.js';
import { commentProject } from './reader-place.js';
import path from 'node:path';

export interface PlanCommandOptions {
  config?: string;
  env?: string;
  out?: string;
  format: string;
  output?: string;
  detailedExitcode?: boolean;
  parallelism: string;
  shard?: string;
  base?: string;
  orphans?: boolean;
  orphansIfListed?: boolean;
  verbose?: boolean;
  allowInsecureHttp?: boolean;
  marker?: string;
  previewUrl?: string;
  wait?: boolean;
  waitTimeout?: string;
}


/** the updates apply skips named on stderr: at most this many, then "and N more" */
const SKIPS_NAMED = 3;

/**
 * The line on stderr of a plan whose updates apply would skip (exit 5). Where the plan is text on stdout, it points at the
 * marks above; where it went to a file (--output) or is JSON or Markdown, a job's log shows no such mark: the templates are
 * named (a few, then "and N more"), and where to read why (trial-bk F5).
 */
function skipsLine(plan: Plan, o: Pick<PlanCommandOptions, 'format' | 'output' | 'wait'>): string {
  const skipped = plan.changes.filter((c) => c.action === 'update' && c.applySkips !== undefined);
  const n = skipped.length;
  const what = `apply${o.wait ? ' --wait' : ''} would skip ${n === 1 ? '1 update' : `${n} updates`}`;
  const marked = APPLY_SKIPS.replace(/: $/, '');
  const names = skipped.slice(0, SKIPS_NAMED).map((c) => asIdentifier(keyOf(c))).join(', ') + (n > SKIPS_NAMED ? ` and ${n - SKIPS_NAMED} more` : '');
  const where = o.output ? `in ${o.output}` : o.format === 'json' ? 'applySkips in the JSON above' : `"${marked}" in the Markdown above`;
  const said = o.format === 'text' && !o.output ? ` (marked "${marked}" above, each with what to do)` : `: ${names} (why, and what to do: ${where})`;
  // without --wait, those in review are among them: apply --wait (the apply workflow init writes) writes them after the review
  const review = o.wait ? 0 : reviewSkipCount(plan);
  const hint = review ? ` ${review === 1 ? (n === 1 ? 'It is an edit' : '1 of them is an edit') : `${review === n ? 'They are' : `${review} of them are`} edits`} of ${review === 1 ? 'a template' : 'templates'} in review: apply --wait writes ${review === 1 ? 'it' : 'them'} once the review ends (plan --wait plans as apply --wait runs).` : '';
  return `tplsync: ${what}${said} and end with exit 5; the plan exits 5 too.${hint}\n`;
}

export async function planCommand(paths: string[], o: PlanCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'output');
  refuseSavedPlanDash(o.out);
  if (!['text', 'json', 'markdown'].includes(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose text, json or markdown`);
  const parallelism = parseParallelism(o.parallelism);
  const shard = parseShard(o.shard);
  // the hidden marker of the comment: nothing that ends the HTML comment early (comment refuses it too, one step too late)
  if (o.marker !== undefined) { const bad = markerProblem(o.marker); if (bad) throw new UsageError(bad); }
  // the link of the comment: an address (an empty workflow output left the next option as its value: `--preview-url --output`)
  if (o.previewUrl !== undefined && !/^https?:\/\/\S+$/i.test(o.previewUrl)) throw new UsageError(`--preview-url takes the http(s) address of the before/after site, not '${o.previewUrl}'${o.previewUrl.startsWith('-') ? ' (an empty value before it? the next option was taken as its value)' : ''}`);
  // apply --wait's --wait-timeout, parsed as apply parses it; meaningless without --wait (nothing is waited for)
  if (o.waitTimeout !== undefined && !o.wait) throw new UsageError('--wait-timeout goes with --wait (plan as `apply --wait --wait-timeout ...` runs)');
  const waitMs = parseDuration(o.waitTimeout ?? '600', '--wait-timeout', { unit: 's', minMs: 1 });
  const config = await commandConfig(o, paths);
  // before anything is planned: an output path that names a file of the project is refused
  refuseProtectedOutput('--output', o.output, projectFiles(config));
  refuseProtectedOutput('--out', o.out, projectFiles(config), { kind: 'plan' });
  return withConnection(config, { ...o, parallelism }, async (conn) => {
    let plan;
    try {
      plan = await runPlan(config, conn, { paths, cwd: io().cwd(), progress, signal: interruptSignal(), onValueWarnings: sayValueWarnings(conn.environment.name), onLeftOut: sayLeftOut(conn.environment.name), onConfigWarning: sayConfigWarning, ...(shard ? { shard } : {}), ...(o.base ? { base: o.base } : {}), ...(o.orphans ? { orphans: true } : o.orphansIfListed ? { orphans: 'if-listed' as const } : {}), ...(o.wait ? { wait: true, waitMs } : {}) });
    } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e, config);
      throw e;
    }
    const env = conn.environment.name;
    const text = o.format === 'json' ? renderJson(plan, { environment: env, target: conn.target })
      : o.format === 'markdown' ? renderMarkdown(plan, { environment: env, marker: o.marker ?? `tplsync-plan:${env}`, project: commentProject(config), rendered: (c) => (c.desired ? renderCanonicalText(c.desired) : undefined), ...(o.previewUrl ? { preview: { url: o.previewUrl, page: changePageName } } : {}) })
        : renderText(plan, { color: !o.output && useColor(io().stdout), environment: env, ...(o.verbose ? { verbose: true } : {}) });
    await emit(text, o.output);
    if (o.out) {
      // masked by toSaved, every string and key (its identifiers never as a secret value): written as it is, not masked again
      const place = outputPlace(o.out, `--out ${o.out}`);
      await writeOutput(o.out, `${JSON.stringify(toSaved(plan, { environment: env, target: conn.target, toolVersion: toolVersion(), now: new Date(), base: savedBase(config), ...(o.wait ? { wait: true } : {}) }), null, 2)}\n`, { verbatim: true, place });
      // (a config found above the paths, none in the working directory: named, for an apply run from elsewhere)
      const named = foundAbovePaths(config) && config.file ? `--config ${shellWord(path.relative(io().cwd(), config.file))} ` : '';
      // planned as apply --wait runs (an edit of a template in review counted as written once the review ends): applied so,
      // as the plan was counted; without --wait that edit is a skip, exit 5 (trial-bl F7)
      const wait = o.wait ? '--wait ' : '';
      // a device or a pipe (/dev/null, a pipe to an upload) holds no file for apply to read
      io().stderr.write(place === 'file' ? `Saved the plan to ${o.out}; apply it with: ${applyAdvice()}${wait}${named}${shellWord(o.out)}\n` : savedInPlace('plan', o.out, place));
    }
    // --orphans-if-listed whose listing failed: the plan (with that said in it) is written, and the run ends as the listing's failure does
    const listing = plan.orphansNotLookedFor?.exitCode;
    if (listing !== undefined) {
      io().stderr.write(`tplsync: ${plan.orphansNotLookedFor!.reason}; the files were planned (above), the orphans were not looked for: a re-run lists them again once the listing answers\n`);
      return listing;
    }
    const breached = (plan.held ?? []).filter(isBreach).length;
    if (breached) {
      io().stderr.write(`tplsync: the channel's answer for ${breached} template${breached === 1 ? '' : 's'} broke the API's contract (held above, with what was wrong); the plan leaves ${breached === 1 ? 'it' : 'them'} out and holds the others as planned. A re-run reads ${breached === 1 ? 'it' : 'them'} the same: take it up with the service (--debug shows each request).\n`);
      return EXIT.INTERNAL;
    }
    const unread = (plan.held ?? []).filter((h) => h.kind === 'not-read').length;
    if (unread) {
      io().stderr.write(`tplsync: ${unread} template${unread === 1 ? '' : 's'} could not be read from the channel (retries exhausted); the plan leaves ${unread === 1 ? 'it' : 'them'} out (held above). A re-run reads ${unread === 1 ? 'it' : 'them'} again.\n`);
      return EXIT.UNAVAILABLE;
    }
    // a file whose id names a template the channel has under another name or language: a file mistake, as two files that are one template (exit 1)
    const renamed = identityHeldCount(plan);
    if (renamed) {
      io().stderr.write(`tplsync: ${renamed} template${renamed === 1 ? ' is' : 's are'} held (above): ${renamed === 1 ? 'its file keeps the id' : 'their files keep the ids'} of a template the channel has under another name or language, and a template is never renamed in place; the plan leaves ${renamed === 1 ? 'it' : 'them'} out until ${renamed === 1 ? 'the file is' : 'the files are'} corrected as the reason says.\n`);
      return EXIT.FINDINGS;
    }
    // a file that asks for what the platform refuses (an authentication template's custom text): a file mistake (exit 1)
    const refused = refusedHeldCount(plan);
    if (refused) {
      io().stderr.write(`tplsync: ${refused} template${refused === 1 ? ' is' : 's are'} held (above): the platform refuses what ${refused === 1 ? 'its file asks' : 'their files ask'} for; the plan leaves ${refused === 1 ? 'it' : 'them'} out until ${refused === 1 ? 'the file is' : 'the files are'} corrected as the reason says.\n`);
      return EXIT.FINDINGS;
    }
    // updates apply will not attempt as the channel stands (a category change of an approved template, a DISABLED one, one
    // in review): apply would end partial, exit 5, and so does the plan, with or without --detailed-exitcode, so that a
    // pull request's check fails before the merge rather than the apply after it (trial-bg F2). With --wait, one in review
    // that apply --wait waits for is no skip (written once the review ends: the plan says so), and no exit 5 (trial-bk F5)
    if (applySkipCount(plan)) {
      io().stderr.write(skipsLine(plan, o));
      return EXIT.PARTIAL;
    }
    // an orphan the plan reports is a difference between the channel and the files (Terraform's 2: changes present), though apply leaves it
    return o.detailedExitcode && (hasChanges(plan) || plan.summary.orphan > 0) ? EXIT.CHANGES : EXIT.OK;
  });
}
