// What several commands print the same way: lint errors that stopped them, and shared option checks.
import { shownFile } from '../core/shown.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { parseNumberOption } from '../core/number-option.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import type { LintFailed } from '../project/load.js';
import { useColor } from '../terminal/output.js';
import { io } from '../core/io.js';
import { visible } from '../core/visible.js';

export function reportLintFailure(e: LintFailed, consequence = 'nothing was planned'): number {
  io().stderr.write(stylish(e.diagnostics, { fileCount: e.fileCount, color: useColor(io().stderr), toolVersion: toolVersion() }));
  io().stderr.write(`tplsync: fix the lint errors first; ${consequence}\n`);
  return EXIT.FINDINGS;
}

export function parseParallelism(v: string): number {
  return parseNumberOption('--parallelism', v, { min: 1, max: 256, whole: true });
}

/**
 * Says on stderr the warnings a template has once an environment's values stand in for its
 * references ((name)): lint sees the references, so no lint run shows these; plan and apply do.
 */
/** Says a template file the run leaves out: its channel alias is not one of the environment's (a template only other environments have). */
export function sayLeftOut(environment: string): (file: string, alias: string) => void {
  return (file, alias) => io().stderr.write(`tplsync: ${shownFile(file)}: left out of environment '${environment}': its channel alias '${visible(alias, { oneLine: true })}' is not one of ${environment}'s channels (a template only the environments that define the alias have)\n`);
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
