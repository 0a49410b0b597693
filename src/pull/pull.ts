// Pull's core: read templates by id (or every template the channel's listing names) and turn each
// into a template file that keeps its publicId; refuses to write outside the target directory or
// over an existing file, skips (with --all) templates the project's files already manage, and
// lints what it wrote the way `tplsync lint` would.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/load.js';
import type { Connection } from '../connection/connect.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { toolVersion } from '../core/version.js';
import { lintProject } from '../lint/run.js';
import { fromRead } from '../model/canonical.js';
import { templateId } from '../model/ids.js';
import { safeFileName, toTemplateFile } from '../model/to-file.js';
import { writeFileAtomic } from '../files/write.js';
import { resolveChannel } from '../plan/desired.js';
import type { LoadedFile } from '../project/load.js';

export interface PullRequest { channel: string; channelId: string; ids: readonly string[]; dir: string; category: string; force: boolean; schemaPath: string; cwd: string; managed?: ReadonlyMap<string, string> }

export type PullOutcome =
  | { id: string; kind: 'written'; file: string; name: string; language: string; status: string }
  | { id: string; kind: 'missing' }
  | { id: string; kind: 'exists'; file: string }
  | { id: string; kind: 'managed'; file: string };

export async function pullTemplates(config: Config, conn: Connection, req: PullRequest, onOutcome: (o: PullOutcome) => void): Promise<{ outcomes: PullOutcome[]; diagnostics: Diagnostic[] }> {
  const out: PullOutcome[] = [];
  const push = (o: PullOutcome) => { out.push(o); onOutcome(o); };
  const written: string[] = [];
  for (const id of req.ids) {
    const managedBy = req.managed?.get(id.toLowerCase());
    if (managedBy) { push({ id, kind: 'managed', file: managedBy }); continue; }
    const r = await conn.client.getTemplate(req.channelId, id);
    if (!r) { push({ id, kind: 'missing' }); continue; }
    const target = path.join(req.dir, safeFileName(r.chatapp?.name ?? r.name, r.chatapp?.language ?? r.language ?? 'und'));
    const inside = path.relative(req.dir, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error('refusing to write outside the target directory');
    const rel = path.relative(req.cwd, target);
    if (existsSync(target) && !req.force) { push({ id, kind: 'exists', file: rel }); continue; }
    const text = toTemplateFile(fromRead(r, req.channelId), {
      channel: req.channel, category: req.category, schemaPath: req.schemaPath,
      note: `Pulled from ${conn.environment.name} by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`,
    });
    writeFileAtomic(target, text);
    written.push(target);
    push({ id, kind: 'written', file: rel, name: r.chatapp?.name ?? r.name, language: r.chatapp?.language ?? r.language ?? '', status: r.statusText });
  }
  const diagnostics = written.length ? (await lintProject(config, written, req.cwd)).diagnostics : [];
  return { outcomes: out, diagnostics };
}

/** Template id -> file, of every template file of the project that names a channel of this environment. */
export function managedIds(files: readonly LoadedFile[], env: Connection['environment']): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of files) {
    const v = f.value;
    if (!v || typeof v.channel !== 'string' || typeof v.name !== 'string' || typeof v.language !== 'string') continue;
    const channelId = resolveChannel(v.channel, env);
    if (!channelId) continue;
    out.set(templateId(channelId, v.name, v.language, typeof v.publicId === 'string' ? v.publicId : undefined), f.file);
  }
  return out;
}
