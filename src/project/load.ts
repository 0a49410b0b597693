// Effects: the loaded-project stage, the one road from the template files to every command.
// Discover the files (config globs or the paths given), read each once with the size bound,
// decode it strictly, parse it (with positions where there are findings) and lint it, keeping
// the plain value; the commands that go on (plan, apply, types, send, preview) take the values
// from here and never read a template file again.
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import type { FileEntry } from '../files/discover.js';
import type { Loose } from '../model/loose.js';
import { lintProject, type LintRunOptions } from '../lint/run.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { addPublicTexts } from '../core/redact.js';

export interface LoadedFile extends FileEntry {
  /** this file's final findings (severities and directives applied) */
  diagnostics: Diagnostic[];
  /** whether any finding is an error (other than the errors that hold only this template back) */
  failed: boolean;
  /**
   * Errors that depend on the clock rather than on a change (an expired campaign): they keep
   * this template from being planned, applied and sent, and nothing else. Absent when none.
   */
  held?: Diagnostic[];
  /** the plain value, when the file parsed to a mapping (also for files with findings, for previews) */
  value?: Loose;
  /** sha256 of the bytes that were read */
  hash?: string;
}

export interface LoadedProject {
  files: LoadedFile[];
  /** every finding of the run, sorted */
  diagnostics: Diagnostic[];
  /** whether any file has an error (a plan, types or send then stop) */
  failed: boolean;
}

/** Whether an error keeps only its own template back (rule data: holdsOnlyItsTemplate). */
export function holdsOnlyItsTemplate(d: Diagnostic): boolean {
  return d.severity === 'error' && RULES_BY_ID.get(d.ruleId)?.holdsOnlyItsTemplate === true;
}

export async function loadProject(config: Config, paths: readonly string[], cwd: string, opts: Omit<LintRunOptions, 'keepValue'> = {}): Promise<LoadedProject> {
  const { files, results, diagnostics } = await lintProject(config, paths, cwd, { ...opts, keepValue: true });
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) (byFile.get(d.file) ?? byFile.set(d.file, []).get(d.file)!).push(d);
  const loaded = files.map((f, i): LoadedFile => {
    const own = byFile.get(f.file) ?? [];
    const r = results[i]!;
    const held = own.filter(holdsOnlyItsTemplate);
    return {
      file: f.file, abs: f.abs, diagnostics: own, failed: own.some((d) => d.severity === 'error' && !holdsOnlyItsTemplate(d)),
      ...(held.length ? { held } : {}),
      ...(r.value !== undefined ? { value: r.value } : {}), ...(r.hash !== undefined ? { hash: r.hash } : {}),
    };
  });
  // the names the template files give (their paths, names, ids and channels) are no secret: a key that shares 8 characters
  // with one masks none of them in the plans and reports (core/redact.ts addPublicTexts)
  addPublicTexts(loaded.flatMap((f) => [f.file, ...(['name', 'publicId', 'channel'] as const).map((k) => { const v = f.value?.[k]; return typeof v === 'string' ? v : undefined; })]));
  return { files: loaded, diagnostics, failed: loaded.some((f) => f.failed) };
}

/** The files have lint errors: nothing is planned, applied, generated or sent (exit 1). */
export class LintFailed extends Error {
  override name = 'LintFailed';
  constructor(readonly diagnostics: Diagnostic[], readonly fileCount: number) { super(`${diagnostics.filter((d) => d.severity === 'error').length} lint errors`); }
}

/** The project, when no file has an error (held templates aside: see LoadedFile.held); LintFailed otherwise. */
export async function loadCleanProject(config: Config, paths: readonly string[], cwd: string, opts: Omit<LintRunOptions, 'keepValue'> = {}): Promise<LoadedProject> {
  const project = await loadProject(config, paths, cwd, opts);
  if (project.failed) throw new LintFailed(project.diagnostics.filter((d) => !holdsOnlyItsTemplate(d)), project.files.length);
  return project;
}
