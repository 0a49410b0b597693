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
import { fromRead } from '../model/canonical.js';
import { safeFileName, toTemplateFile } from '../model/to-file.js';
import { writeFileAtomic } from '../files/write.js';
import { existingTemplates, findExisting } from '../plan/existing.js';

export interface PullRequest { channel: string; channelId: string; ids: readonly string[]; dir: string; category: string; force: boolean; schemaPath: string; cwd: string }

export type PullOutcome =
  /** alsoIn: with force, the file of the project that held the template already */
  | { id: string; kind: 'written'; file: string; name: string; language: string; status: string; diagnostics: Diagnostic[]; alsoIn?: string }
  | { id: string; kind: 'missing' }
  /** the template lives in a file of the project already: nothing written (a second file would fail lint) */
  | { id: string; kind: 'elsewhere'; file: string; name: string; language: string }
  | { id: string; kind: 'exists'; file: string };

export async function pullTemplates(config: Config, conn: Connection, req: PullRequest, onOutcome: (o: PullOutcome) => void): Promise<PullOutcome[]> {
  const out: PullOutcome[] = [];
  const push = (o: PullOutcome) => { out.push(o); onOutcome(o); };
  const existing = await existingTemplates(config, conn.environment, req.cwd, [req.dir]);
  for (const id of req.ids) {
    const r = await conn.client.getTemplate(req.channelId, id);
    if (!r) { push({ id, kind: 'missing' }); continue; }
    const name = r.chatapp.name ?? r.name, language = r.chatapp.language;
    const target = path.join(req.dir, safeFileName(name, language));
    const inside = path.relative(req.dir, target);
    if (inside.startsWith('..') || path.isAbsolute(inside)) throw new Error('refusing to write outside the target directory');
    const rel = path.relative(req.cwd, target);
    // a second file of a template the project has would fail lint: written only when forced
    const lives = findExisting(existing, { id: r.publicId, channelId: req.channelId, name, language });
    const elsewhere = lives && path.resolve(lives.abs) !== path.resolve(target) ? path.relative(req.cwd, lives.abs) : undefined;
    if (elsewhere && !req.force) { push({ id, kind: 'elsewhere', file: elsewhere, name, language }); continue; }
    if (existsSync(target) && !req.force) { push({ id, kind: 'exists', file: rel }); continue; }
    const text = toTemplateFile(fromRead(r, req.channelId), {
      channel: req.channel, category: req.category, schemaPath: req.schemaPath,
      note: `Pulled from ${conn.environment.name} by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`,
    });
    const diagnostics = finishProject([lintBytes(rel, Buffer.from(text), { now: new Date() })], projectOptions(config));
    writeFileAtomic(target, text);
    push({ id, kind: 'written', file: rel, name, language, status: r.statusText, diagnostics, ...(elsewhere ? { alsoIn: elsewhere } : {}) });
  }
  return out;
}
