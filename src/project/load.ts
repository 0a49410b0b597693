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

export interface LoadedFile extends FileEntry {
  /** this file's final findings (severities and directives applied) */
  diagnostics: Diagnostic[];
  /** whether any finding is an error */
  failed: boolean;
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

export async function loadProject(config: Config, paths: readonly string[], cwd: string, opts: Omit<LintRunOptions, 'keepValue'> = {}): Promise<LoadedProject> {
  const { files, results, diagnostics } = await lintProject(config, paths, cwd, { ...opts, keepValue: true });
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) (byFile.get(d.file) ?? byFile.set(d.file, []).get(d.file)!).push(d);
  const loaded = files.map((f, i): LoadedFile => {
    const own = byFile.get(f.file) ?? [];
    const r = results[i]!;
    return {
      file: f.file, abs: f.abs, diagnostics: own, failed: own.some((d) => d.severity === 'error'),
      ...(r.value !== undefined ? { value: r.value } : {}), ...(r.hash !== undefined ? { hash: r.hash } : {}),
    };
  });
  return { files: loaded, diagnostics, failed: loaded.some((f) => f.failed) };
}

/** The files have lint errors: nothing is planned, applied, generated or sent (exit 1). */
export class LintFailed extends Error {
  override name = 'LintFailed';
  constructor(readonly diagnostics: Diagnostic[], readonly fileCount: number) { super(`${diagnostics.filter((d) => d.severity === 'error').length} lint errors`); }
}

/** The project, when no file has an error; LintFailed otherwise. */
export async function loadCleanProject(config: Config, paths: readonly string[], cwd: string): Promise<LoadedProject> {
  const project = await loadProject(config, paths, cwd);
  if (project.failed) throw new LintFailed(project.diagnostics, project.files.length);
  return project;
}
