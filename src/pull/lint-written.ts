// Effects: the lint of what pull wrote, as `tplsync lint` of the project would see it. A written
// file is judged beside the project's files (the config's globs): its language variants, its
// duplicates and the languages its channel requires are cross-file findings, which a lint of the
// written files alone gets wrong both ways (a variant that differs from the project's is missed,
// and a language the project has is said to be missing). Reported: every finding of a written
// file, and the cross-file findings of a project file that share the written file's template
// (channel and name) or publicId; a project file's own findings are its own matter, not pull's.
// A second file of a template written with --force is said by pull itself ("also lives in"), as
// before: its duplicate findings are lint's to report once the user has chosen which file stays.
import path from 'node:path';
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { discoverFiles, type FileEntry } from '../files/discover.js';
import { lintFound, type LintRunOptions } from '../lint/lint-files.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { resolvePath } from '../core/io.js';

/** The rules judged across files (their finding can sit in a file that did not change). */
const crossFile = (ruleId: string): boolean => Boolean(RULES_BY_ID.get(ruleId)?.checkProject);
/** A second file of a template, which pull writes only when forced, and then says where the first lives. */
const DUPLICATE = new Set(['duplicate-template', 'duplicate-public-id']);

/** Pure: which of a run's findings concern the written files (abs paths). */
export function writtenFindings(
  diagnostics: readonly Diagnostic[],
  files: readonly { file: string; abs: string; facts: { channel?: { value: string }; name?: string; publicId?: { value: string } } }[],
  written: ReadonlySet<string>,
  /** --force: the second files pull wrote knowingly (and named, "also lives in") are not its findings */
  forced = false,
): Diagnostic[] {
  const key = (f: (typeof files)[number]) => (f.facts.channel && f.facts.name !== undefined ? `${f.facts.channel.value}\u0000${f.facts.name}` : undefined);
  const groups = new Set<string>(), ids = new Set<string>();
  for (const f of files) {
    if (!written.has(f.abs)) continue;
    const k = key(f);
    if (k) groups.add(k);
    if (f.facts.publicId) ids.add(f.facts.publicId.value.toLowerCase());
  }
  const byFile = new Map(files.map((f) => [f.file, f]));
  return diagnostics.filter((d) => {
    if (forced && DUPLICATE.has(d.ruleId)) return false;
    const f = byFile.get(d.file);
    if (!f || written.has(f.abs)) return true;
    if (!crossFile(d.ruleId)) return false;
    const k = key(f);
    return (k !== undefined && groups.has(k)) || (f.facts.publicId !== undefined && ids.has(f.facts.publicId.value.toLowerCase()));
  });
}

/**
 * Lints the written files (entries, their bytes in hand or on disk) together with the project's
 * files, and gives the findings that concern the written ones. A project without files of its own
 * (no glob matches yet) is the written files alone.
 */
export async function lintWritten(config: Config, written: readonly FileEntry[], cwd: string, o: { forced?: boolean } = {}, opts: LintRunOptions = {}): Promise<Diagnostic[]> {
  if (!written.length) return [];
  const mine = new Set(written.map((e) => resolvePath(e.abs)));
  let project: FileEntry[] = [];
  try { project = await discoverFiles(config, [], cwd); } catch (e) { if (!(e instanceof UsageError)) throw e; }
  const entries = [...written.map((e) => ({ ...e, abs: resolvePath(e.abs) })), ...project.filter((e) => !mine.has(resolvePath(e.abs)))]
    .sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  const lint = await lintFound(config, entries, cwd, opts);
  const files = lint.files.map((f, i) => ({ file: f.file, abs: resolvePath(f.abs), facts: lint.results[i]!.facts }));
  return writtenFindings(lint.diagnostics, files, mine, Boolean(o.forced));
}
