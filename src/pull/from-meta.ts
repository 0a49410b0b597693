// `pull --from meta FILE...`: Meta's template JSON (a WABA's listing, one template, or a create
// request) into template files under --dir, the way `pull` writes them: in fmt's layout, never
// over a file without --force, never a second file of a template the project has; what a file
// cannot express listed by template and field; the files written linted.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Document } from 'yaml';
import type { Config, EnvironmentConfig } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { writeFilesAtomic } from '../files/write.js';
import { metaTemplates, metaToFile } from '../formats/meta.js';
import { order, TO_STRING } from '../layout/format.js';
import { lintProject } from '../lint/run.js';
import { templateId } from '../model/ids.js';
import { safeFileName } from '../model/to-file.js';
import { existingTemplates, findExisting } from '../plan/existing.js';
import { resolveChannel } from '../plan/desired.js';

/** the largest export read: Meta's per-account limit is 6,000 templates */
const MAX_EXPORT_BYTES = 256 * 1024 * 1024;

export type FromMetaOutcome =
  | { kind: 'written'; file: string; name: string; language: string; problems: string[] }
  | { kind: 'exists'; file: string; name: string; language: string }
  | { kind: 'elsewhere'; file: string; name: string; language: string };

export interface FromMetaRequest { files: readonly string[]; channel: string; dir: string; force: boolean; schemaPath: string; cwd: string }

export async function pullFromMeta(config: Config, env: EnvironmentConfig, req: FromMetaRequest, on: (o: FromMetaOutcome) => void): Promise<{ outcomes: FromMetaOutcome[]; diagnostics: Diagnostic[] }> {
  const channelId = resolveChannel(req.channel, env);
  if (!channelId) throw new UsageError(`Channel '${req.channel}' is neither a UUID nor an alias of environment '${env.name}' (${Object.keys(env.channels).join(', ') || 'none'})`);
  const templates = req.files.flatMap((f) => {
    let st;
    try { st = statSync(f); } catch { throw new UsageError(`No such file: ${f}`); }
    if (!st.isFile()) throw new UsageError(`${f} is not a file`);
    if (st.size > MAX_EXPORT_BYTES) throw new UsageError(`${f} is larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MiB`);
    let json: unknown;
    try { json = JSON.parse(readFileSync(f, 'utf8')); } catch (e) { throw new UsageError(`${f}: not JSON (${(e as Error).message})`); }
    const ts = metaTemplates(json, path.relative(req.cwd, f) || f);
    if ('error' in ts) throw new UsageError(ts.error);
    return ts;
  });
  const existing = await existingTemplates(config, env, req.cwd, [req.dir]);
  const out: FromMetaOutcome[] = [];
  const push = (o: FromMetaOutcome) => { out.push(o); on(o); };
  const written: string[] = [];
  const toWrite: { file: string; data: string }[] = [];
  const done: FromMetaOutcome[] = [];
  const note = `Pulled from Meta's template JSON by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`;
  for (const t of templates) {
    const c = metaToFile(t.value, req.channel);
    const target = path.join(req.dir, safeFileName(c.name, c.language));
    const inside = path.relative(req.dir, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error('refusing to write outside the target directory');
    const rel = path.relative(req.cwd, target);
    const lives = findExisting(existing, { id: templateId(channelId, c.name, c.language), channelId, name: c.name, language: c.language });
    if (lives && path.resolve(lives.abs) !== path.resolve(target) && !req.force) { push({ kind: 'elsewhere', file: path.relative(req.cwd, lives.abs), name: c.name, language: c.language }); continue; }
    if (existsSync(target) && !req.force) { push({ kind: 'exists', file: rel, name: c.name, language: c.language }); continue; }
    // in fmt's layout, built directly: the keys in the schema's order, fmt's print settings
    const doc = new Document(c.value);
    doc.commentBefore = ` yaml-language-server: $schema=${req.schemaPath}\n ${note}`;
    order(doc.contents);
    toWrite.push({ file: target, data: doc.toString(TO_STRING) });
    written.push(target);
    done.push({ kind: 'written', file: rel, name: c.name, language: c.language, problems: c.problems });
  }
  // every file of the export at once (a catalogue holds thousands), each atomically
  writeFilesAtomic(toWrite);
  // said once written
  for (const o of done) push(o);
  const diagnostics = written.length ? (await lintProject(config, written, req.cwd)).diagnostics : [];
  return { outcomes: out, diagnostics };
}
