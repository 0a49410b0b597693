// `tplsync review [PATH...]`: every template of an environment with its life on the channel.
// Exit 0 when every template is APPROVED, 2 when any is not (or asks for attention), 7 when the
// channel cannot be read.
import { identifiersMarked } from '../core/redact.js';
import { configSeverities } from '../config/overrides.js';
import pc from 'picocolors';
import { editAllowanceOf } from '../api/edit-allowance.js';
import { UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { interruptSignal } from '../core/interrupt.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { loadDesired } from '../plan/desired.js';
import { categoryInputs, readTemplates } from '../plan/run.js';
import { LintFailed, loadCleanProject } from '../project/load.js';
import { allApproved, makeReview, NOT_READ, renderReviewText, reviewJson } from '../review/review.js';
import { ContractError, type ApiError } from '../api/errors.js';
import { emit, useColor, dashAsStdout } from '../terminal/output.js';
import { progress } from '../terminal/progress.js';
import { commandConfig, withConnection } from './context.js';
import { projectFiles, refuseProtectedOutput } from '../files/output-target.js';
import { parseParallelism, reportLintFailure, sayConfigWarning, sayLeftOut } from './report.js';
import { unknownCategoryKeys, unknownCategoryKeyWarning } from '../config/categories.js';
import { io, resolvePath } from '../core/io.js';
import { configRuleSettings } from '../plan/review-state.js';
import path from 'node:path';
import { refuseUnknownExcludeKeys } from '../project/environment-templates.js';

export interface ReviewCommandOptions {
  config?: string;
  env?: string;
  format: string;
  output?: string;
  parallelism: string;
  allowInsecureHttp?: boolean;
}

export async function reviewCommand(paths: string[], o: ReviewCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'output');
  if (!['text', 'json'].includes(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose text or json`);
  const parallelism = parseParallelism(o.parallelism);
  const config = await commandConfig(o);
  refuseProtectedOutput('--output', o.output, projectFiles(config));
  return withConnection(config, { ...o, parallelism }, async (conn) => {
    let project;
    try { project = await loadCleanProject(config, paths, io().cwd(), { progress }); } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e, config, 'nothing was reviewed');
      throw e;
    }
    // a key of the environment's `exclude` that names no template (known only when every file is reviewed): refused
    if (!paths.length) refuseUnknownExcludeKeys(conn.environment, project.files);
    const desired = loadDesired(project.files, conn.environment, configSeverities(config), undefined, sayLeftOut(conn.environment.name));
    // a template whose read failed (an answer outside the contract, a service down for it) is a row of its own; the others are reviewed
    const unread = new Map<string, ApiError>();
    const settings = configRuleSettings(config, config.file ? path.relative(io().cwd(), config.file) || config.file : undefined);
    const reads = await readTemplates(conn, desired.map((d) => ({ channelId: d.canonical.channelId, id: d.canonical.templateId })), 'reading', progress, interruptSignal(), unread);
    const categories = categoryInputs(config, conn.environment, desired);
    // an accepted category whose key names no template of the project accepts nothing (known only when every file is reviewed)
    if (!paths.length) for (const k of unknownCategoryKeys(conn.environment, desired.map((d) => ({ channel: d.channel, name: d.canonical.name, language: d.canonical.language })))) sayConfigWarning(unknownCategoryKeyWarning(conn.environment.name, k));
    const review = makeReview(conn.environment.name, desired.map((d) => {
      const read = reads.get(d.canonical.templateId) ?? null;
      const failed = unread.get(d.canonical.templateId);
      const allowance = read ? editAllowanceOf(read) : undefined;
      return {
        channel: d.channel, name: d.canonical.name, language: d.canonical.language, publicId: d.canonical.templateId, file: d.file,
        ...(d.canonical.category ? { category: d.canonical.category } : {}), read, ...(allowance ? { allowance } : {}),
        ...(failed ? { unread: { message: failed.message, breach: failed instanceof ContractError } } : {}),
        ...(categories.acceptedCategories.has(d.canonical.templateId) ? { acceptedCategory: categories.acceptedCategories.get(d.canonical.templateId)! } : {}),
        ...(categories.categoryContext.has(d.canonical.templateId) ? { categoryContext: categories.categoryContext.get(d.canonical.templateId)! } : {}),
        settingOf: settings(resolvePath(d.file)),
      };
    }), new Set(RULES_BY_ID.keys()));
    await emit(o.format === 'json' ? `${JSON.stringify(identifiersMarked(reviewJson(review, conn.target)), null, 2)}\n` : renderReviewText(review, pc.createColors(!o.output && useColor(io().stdout))), o.output);
    const breached = [...unread.values()].filter((e) => e instanceof ContractError).length;
    if (breached) {
      io().stderr.write(`tplsync: the channel's answer for ${breached} template${breached === 1 ? '' : 's'} broke the API's contract (${NOT_READ} above, with what was wrong); the others are reviewed. A re-run reads ${breached === 1 ? 'it' : 'them'} the same: take it up with the service (--debug shows each request).\n`);
      return EXIT.INTERNAL;
    }
    if (unread.size) {
      io().stderr.write(`tplsync: ${unread.size} template${unread.size === 1 ? '' : 's'} could not be read from the channel (retries exhausted; ${NOT_READ} above); the others are reviewed. A re-run reads ${unread.size === 1 ? 'it' : 'them'} again.\n`);
      return EXIT.UNAVAILABLE;
    }
    return allApproved(review) ? EXIT.OK : EXIT.CHANGES;
  });
}
