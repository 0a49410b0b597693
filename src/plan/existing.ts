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
export function findExisting(existing: readonly ExistingTemplate[], t: { id: string; channelId: string; name: string; language: string }): ExistingTemplate | undefined {
  const id = t.id.toLowerCase(), channelId = t.channelId.toLowerCase();
  return existing.find((e) => e.id === id)
    ?? existing.find((e) => e.channelId === channelId && e.name === t.name && e.language === t.language);
}

/**
 * The templates of the project's files (the config's globs, and `extraDirs` such as pull's
 * --dir) as ids for this environment. Files that do not read as templates are left out: lint
 * reports them.
 */
export async function existingTemplates(config: Config, environment: EnvironmentConfig, cwd: string, extraDirs: readonly string[] = []): Promise<ExistingTemplate[]> {
  const entries = new Map<string, { file: string; abs: string; managed: boolean }>();
  const add = async (paths: string[], managed: boolean) => {
    try { for (const f of await discoverFiles(config, paths, cwd)) if (!entries.has(f.abs)) entries.set(f.abs, { ...f, managed }); } catch { /* no files there */ }
  };
  await add([], true);
  for (const d of extraDirs) if (existsSync(d)) await add([d], false);
  const out: ExistingTemplate[] = [];
  for (const { file, abs, managed } of entries.values()) {
    // the one bounded read of a template file; a file that is too large or not UTF-8 is lint's to report
    const r = readTemplateFile(file, abs);
    if (!r.bytes) continue;
    // decoded strictly, by the document: a file that is not UTF-8 text is left out, never read with U+FFFD in place of
    // its bytes (pull kept a comment so read and wrote it over the file: the bytes lost, lint's `encoding` finding with them)
    if (openDocument(file, r.bytes).loading().some((p) => p.kind === 'not-utf8')) continue;
    let t: Record<string, unknown>;
    try { t = readTemplateValue(Buffer.from(r.bytes).toString('utf8')); } catch { continue; }
    if (!t || typeof t !== 'object' || typeof t.channel !== 'string' || typeof t.name !== 'string' || typeof t.language !== 'string') continue;
    const channelId = resolveChannel(t.channel, environment);
    if (!channelId) continue;
    const id = templateId(channelId, t.name, t.language, typeof t.publicId === 'string' ? t.publicId : undefined);
    out.push({ file, abs, id, channelId, name: t.name, language: t.language, managed, value: t });
  }
  return out;
}
