// Where templates already live in files: so that `pull` does not write a second file for a
// template the project has (a duplicate that would then fail lint). Effects: finding and
// reading the files; the matching is pure.
import { existsSync } from 'node:fs';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { readTemplateFile } from '../files/load.js';
import { openDocument } from '../files/document.js';
import { readTemplateValue } from '../files/value.js';
import { discoverFiles } from '../files/discover.js';
import { templateId } from '../model/ids.js';
import { resolveChannel } from './desired.js';

export interface ExistingTemplate {
  file: string; abs: string; id: string; channelId: string; name: string; language: string;
  /** found by the config's `templates` globs (a file the project manages), not only in an extra directory */
  managed: boolean;
  /** the file's plain value (what pull keeps the names and samples of when it replaces the file) */
  value: Record<string, unknown>;
}

/** Pure: the file that holds the template with this id, or the same name and language in the same channel. */
export function findExisting<T extends ExistingTemplate>(existing: readonly T[], t: { id: string; channelId: string; name: string; language: string }): T | undefined {
  const id = t.id.toLowerCase(), channelId = t.channelId.toLowerCase();
  return existing.find((e) => e.id === id)
    ?? existing.find((e) => e.channelId === channelId && e.name === t.name && e.language === t.language);
}

/**
 * A file of the project that holds a template but is not UTF-8 text (a comment re-saved in Windows-1252): identified by
 * its channel, name and language read with U+FFFD in place of the bytes that are not UTF-8, never written over from
 * that reading; `problem` is what lint's `encoding` says of it (its line, column and message).
 */
export interface NotUtf8Template extends ExistingTemplate { problem: { line: number; column: number; message: string } }

/**
 * The templates of the project's files (the config's globs, and `extraDirs` such as pull's
 * --dir) as ids for this environment. Files that do not read as templates are left out: lint
 * reports them.
 */
export async function existingTemplates(config: Config, environment: EnvironmentConfig, cwd: string, extraDirs: readonly string[] = []): Promise<ExistingTemplate[]> {
  return (await existingFiles(config, environment, cwd, extraDirs)).templates;
}

/**
 * existingTemplates, and apart from them the files that are not UTF-8 text but hold a template by what can be read of
 * them (`notUtf8`): pull finds a template's file there rather than writing a second one beside it.
 */
export async function existingFiles(config: Config, environment: EnvironmentConfig, cwd: string, extraDirs: readonly string[] = []): Promise<{ templates: ExistingTemplate[]; notUtf8: NotUtf8Template[] }> {
  const entries = new Map<string, { file: string; abs: string; managed: boolean }>();
  const add = async (paths: string[], managed: boolean) => {
    try { for (const f of await discoverFiles(config, paths, cwd)) if (!entries.has(f.abs)) entries.set(f.abs, { ...f, managed }); } catch { /* no files there */ }
  };
  await add([], true);
  for (const d of extraDirs) if (existsSync(d)) await add([d], false);
  const out: ExistingTemplate[] = [];
  const notUtf8: NotUtf8Template[] = [];
  for (const { file, abs, managed } of entries.values()) {
    // the one bounded read of a template file; a file that is too large or not UTF-8 is lint's to report
    const r = readTemplateFile(file, abs);
    if (!r.bytes) continue;
    // decoded strictly, by the document: a file that is not UTF-8 text is never read with U+FFFD in place of its bytes
    // for its value (pull kept a comment so read and wrote it over the file: the bytes lost, lint's `encoding` finding
    // with them); it is told apart, by what can be read of it, so that its template is known to have a file (trial-bb
    // F7: pull wrote a second file of it, saying the first held "another template", the same one)
    const bad = openDocument(file, r.bytes).loading().find((p) => p.kind === 'not-utf8');
    let t: Record<string, unknown>;
    try { t = readTemplateValue(Buffer.from(r.bytes).toString('utf8')); } catch { continue; }
    if (!t || typeof t !== 'object' || typeof t.channel !== 'string' || typeof t.name !== 'string' || typeof t.language !== 'string') continue;
    const channelId = resolveChannel(t.channel, environment);
    if (!channelId) continue;
    const id = templateId(channelId, t.name, t.language, typeof t.publicId === 'string' ? t.publicId : undefined);
    const found = { file, abs, id, channelId, name: t.name, language: t.language, managed, value: t };
    if (bad) notUtf8.push({ ...found, problem: { line: bad.span.line, column: bad.span.column, message: bad.message } });
    else out.push(found);
  }
  return { templates: out, notUtf8 };
}
