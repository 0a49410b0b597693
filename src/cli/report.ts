// What several commands print the same way: lint errors that stopped them, and shared option checks.
import { shownFile } from '../core/shown.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { parseNumberOption } from '../core/number-option.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import type { LintFailed } from '../project/load.js';
import { leftOutReason, type LeftOut } from '../project/environment-templates.js';
import { useColor } from '../terminal/output.js';
import { io } from '../core/io.js';
import { visible } from '../core/visible.js';
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { github } from '../lint/formatters/github.js';
import { repositoryRoot } from '../files/repository-root.js';
import { inGithubActions, projectCommand, readerPath } from './reader-place.js';

/**
 * Says the lint errors a command stopped on (nothing planned, written, generated, sent...) and how to go on, as its
 * reader finds and runs them (reader-place.ts): in a GitHub Actions job, files named from the repository's root and the
 * fix run from there (`cd apps/msg && npx tplsync lint --fix`), as lint's own annotations and fmt's and types' advice
 * are (trial-bl F6); on a terminal, as before, from the working directory. The advice is `lint --fix` when its repairs
 * remove at least one of these errors (worked out in memory: fix-run.ts repairedErrors), else `lint`.
 */
export async function reportLintFailure(e: LintFailed, config: Config, consequence = 'nothing was planned'): Promise<number> {
  const shown = e.diagnostics.map((d) => ({ ...d, file: readerPath(config, d.file) }));
  io().stderr.write(stylish(shown, { fileCount: e.fileCount, color: useColor(io().stderr), toolVersion: toolVersion() }));
  const errors = e.diagnostics.filter((d) => d.severity === 'error');
  // an annotation on each error's line, as lint's github format writes them (the same formatter): on stderr, which the
  // runner reads for workflow commands as it reads stdout, since stdout is the command's own output (a plan's comment)
  if (inGithubActions()) io().stderr.write(github(errors, { fileCount: e.fileCount, color: false, toolVersion: toolVersion(), root: repositoryRoot(config.dir, io().env), cwd: io().cwd() }));
  const repaired = await repairedCount(config, e.diagnostics);
  const them = errors.length === 1 ? 'it' : 'them';
  const advice = repaired === 0 ? `To check ${them} again: ${projectCommand(config, 'lint')}`
    : `To repair ${repaired >= errors.length ? them : `${repaired} of the ${errors.length}`}: ${projectCommand(config, 'lint --fix')}`;
  io().stderr.write(`tplsync: fix the lint errors first; ${consequence}. ${advice}\n`);
  return EXIT.FINDINGS;
}

/** how many of the errors among `diagnostics` lint --fix repairs (0 when that cannot be worked out: the advice is then to lint again) */
async function repairedCount(config: Config, diagnostics: readonly Diagnostic[]): Promise<number> {
  try {
    const { repairedErrors } = await import('../lint/fix-run.js');
    return await repairedErrors(config, diagnostics, io().cwd(), new Date());
  } catch { return 0; }
}

export function parseParallelism(v: string): number {
  return parseNumberOption('--parallelism', v, { min: 1, max: 256, whole: true });
}

/**
 * Says on stderr the warnings a template has once an environment's values stand in for its
 * references ((name)): lint sees the references, so no lint run shows these; plan and apply do.
 */
/**
 * Says a template file the run leaves out: its channel alias is not one of the environment's (a template only other
 * environments have), or the environment's `exclude` names it (retired there alone).
 */
export function sayLeftOut(environment: string): (file: string, why: LeftOut) => void {
  return (file, why) => io().stderr.write(`tplsync: ${shownFile(file)}: left out of environment '${environment}': ${visible(leftOutReason(environment, why), { oneLine: true })}\n`);
}

/** a warning about the environment's config (a key of environments.<env>.categories that names no template) */
export function sayConfigWarning(message: string): void {
  io().stderr.write(`tplsync: warning: ${visible(message, { oneLine: true })}\n`);
}

export function sayValueWarnings(environment: string): (file: string, warnings: readonly { ruleId: string; path: (string | number)[]; message: string }[]) => void {
  return (file, warnings) => {
    for (const w of warnings) io().stderr.write(`tplsync: ${shownFile(file)}: with the values of environment '${environment}': warning  ${w.path.join('.') || '(template)'}  ${visible(w.message, { oneLine: true })}  ${w.ruleId}\n`);
  };
}
