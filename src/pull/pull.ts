// Pull's core: read templates by id and turn each into a template file that lints clean and
// keeps its publicId; refuses to write outside the target directory or over an existing file.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/load.js';
import type { Connection } from '../connection/connect.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { toolVersion } from '../core/version.js';
import { finishProject, lintBytes } from '../lint/engine.js';
import { projectOptions } from '../lint/run.js';
import { fromRead, kindCategory } from '../model/canonical.js';
import { safeFileName, toTemplateFile } from '../model/to-file.js';
import { writeFileAtomic } from '../files/write.js';

export interface PullRequest { channel: string; channelId: string; ids: readonly string[]; dir: string; category?: string; force: boolean; schemaPath: string; cwd: string }

export type PullOutcome =
  | { id: string; kind: 'written'; file: string; name: string; language: string; status: string; diagnostics: Diagnostic[] }
  | { id: string; kind: 'missing' }
  | { id: string; kind: 'exists'; file: string };

export async function pullTemplates(config: Config, conn: Connection, req: PullRequest, onOutcome: (o: PullOutcome) => void): Promise<PullOutcome[]> {
  const out: PullOutcome[] = [];
  const push = (o: PullOutcome) => { out.push(o); onOutcome(o); };
  for (const id of req.ids) {
    const r = await conn.client.getTemplate(req.channelId, id);
    if (!r) { push({ id, kind: 'missing' }); continue; }
    const target = path.join(req.dir, safeFileName(r.chatapp.name ?? r.name, r.chatapp.language));
    const inside = path.relative(req.dir, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error('refusing to write outside the target directory');
    const rel = path.relative(req.cwd, target);
    if (existsSync(target) && !req.force) { push({ id, kind: 'exists', file: rel }); continue; }
    const c = fromRead(r, req.channelId);
    const text = toTemplateFile(c, {
      channel: req.channel, category: req.category ?? kindCategory(c) ?? 'UTILITY', schemaPath: req.schemaPath,
      note: `Pulled from ${conn.environment.name} by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`,
    });
    const diagnostics = finishProject([lintBytes(rel, Buffer.from(text), { now: new Date() })], projectOptions(config));
    writeFileAtomic(target, text);
    push({ id, kind: 'written', file: rel, name: r.chatapp.name ?? r.name, language: r.chatapp.language, status: r.statusText, diagnostics });
  }
  return out;
}
