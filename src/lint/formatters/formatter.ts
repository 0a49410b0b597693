// The type every report formatter implements: a pure function of the findings (same input, same text).
import type { Diagnostic } from '../../core/diagnostic.js';
import type { RuleMeta } from '../rule.js';

export interface FormatContext {
  fileCount: number;
  /**
   * Every file checked, as the diagnostics name them, in the run's order: the formats that list each
   * file, those without findings too (JUnit: a passed test each), read them; without them, the files
   * the findings name.
   */
  files?: readonly string[];
  color: boolean;
  toolVersion: string;
  /** the repository root (files/repository-root.ts): the SARIF, GitHub (annotations and job summary), JUnit and Markdown reports name files from it */
  root?: string;
  /** the directory the diagnostics' paths are relative to (the working directory) */
  cwd?: string;
  /**
   * The metadata of the rules of the run (LintOutcome.ruleMeta): the built-in ones, then the
   * project's own (team policies, plugins). The formats that list or link rules (SARIF, Markdown)
   * read them here, never from the registry; without them they list none and link none.
   */
  rules?: readonly RuleMeta[];
  /** the Markdown report's size and place (formatters/markdown.ts) */
  markdown?: MarkdownTarget;
  /**
   * The config's own warnings (lint/config-warnings.ts), at their key in the config file when there is one (`file`,
   * `line`, ...): every format carries them beside the findings (not counted among them): the JSON report as
   * `configWarnings`, Markdown as a line each, GitHub as a `::warning` each, SARIF as the run's tool notifications.
   */
  configWarnings?: readonly ConfigWarningShown[];
  /**
   * lint's --max-warnings, when given: more warnings than this fail lint (exit 1) as an error does, so a format
   * that says pass or fail (JUnit) fails a test for it
   */
  maxWarnings?: number;
}

/** a config warning as the formats get it: its message, and its place in the config file when it has one */
export type ConfigWarningShown = { message: string } & Partial<Pick<Diagnostic, 'file' | 'line' | 'column' | 'endLine' | 'endColumn'>>;

/** where a Markdown report goes: a pull-request comment (the default) or the job summary of `--format github` */
export interface MarkdownTarget {
  /** the most characters the report may hold (a comment's 65,536 by default) */
  limit?: number;
  /** the job summary of a step whose findings are annotations too (GitHub shows 10 errors and 10 warnings of a step) */
  stepSummary?: boolean;
}

export type Formatter = (diags: readonly Diagnostic[], ctx: FormatContext) => string;

/**
 * What a format says when lint fails on --max-warnings alone or beside errors (more warnings than
 * it allows), as lint says it on standard error; undefined when --max-warnings was not given or holds.
 */
export function overMaxWarnings(diags: readonly Diagnostic[], ctx: Pick<FormatContext, 'maxWarnings'>): string | undefined {
  if (ctx.maxWarnings === undefined || !Number.isFinite(ctx.maxWarnings)) return undefined;
  let warnings = 0;
  for (const d of diags) if (d.severity === 'warning') warnings++;
  return warnings > ctx.maxWarnings ? `${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${ctx.maxWarnings}` : undefined;
}
