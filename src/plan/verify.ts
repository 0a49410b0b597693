// Effects (file reads, lint) around the pure check of saved.ts: what each write of a saved plan
// compiles to from the files now. Apply writes these bodies, never the plan's own.
import { configSeverities } from '../config/overrides.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { toWriteBody } from '../model/canonical.js';
import { templateReferences } from '../model/values.js';
import { loadProject } from '../project/load.js';
import { loadDesired } from './desired.js';
import { acceptedCategory } from '../config/categories.js';
import { templateKey } from '../model/ids.js';
import { checkBodies, type Rebuilt, type SavedChange, type SavedPlan, type Staleness } from './saved.js';
import { toolVersion } from '../core/version.js';

export interface VerifiedPlan {
  /** the writes, with the bodies built from the files */
  writes: (SavedChange & { body: NonNullable<SavedChange['body']> })[];
  /** why the plan cannot be applied as it is (empty: it can) */
  problems: Staleness[];
  /** the hash of each file of a create or update as it was read here (undefined: it is gone), for `staleness` to use rather than read the file again */
  fileHashes: ReadonlyMap<string, string | undefined>;
  /**
   * The writes whose template the clock holds back now, its file unchanged: a time of the file or of the
   * environment's values (an RCS `expireTime`) that has passed since the plan was made. What moved is the
   * time: the plan is stale (a plan made now holds them back, and writes the others).
   */
  heldNow: Staleness[];
}

/**
 * Builds the body of every create and update of a saved plan from its file (which must be inside
 * the project, unchanged since the plan and lint-clean) and checks it against the plan's body.
 * Each file is read once (its hash comes from that read); files that changed since the plan are
 * left to `staleness` to report.
 */
export async function verifySavedBodies(config: Config, environment: EnvironmentConfig, saved: SavedPlan, cwd: string, onValueWarnings?: (file: string, warnings: readonly { ruleId: string; path: (string | number)[]; message: string }[]) => void, now = new Date()): Promise<VerifiedPlan> {
  const built = new Map<string, Rebuilt>();
  const fileHashes = new Map<string, string | undefined>();
  /** file -> [absolute path, the plan's hash of it] */
  const wanted = new Map<string, [string, string]>();
  /** file -> the category of the plan's body */
  const plannedCategory = new Map<string, string>();
  const heldNow: Staleness[] = [];
  /** file -> the key of the plan's change it builds */
  const keyOf = new Map<string, string>();
  for (const c of saved.changes) {
    if ((c.action !== 'create' && c.action !== 'update') || !c.file || !c.fileHash) continue;
    const abs = path.resolve(cwd, c.file);
    const inside = path.relative(config.dir, abs);
    if (inside.startsWith('..') || path.isAbsolute(inside)) { built.set(c.file, { ok: false, why: `${c.file} is outside the project (${config.dir})` }); continue; }
    if (!existsSync(abs)) { fileHashes.set(c.file, undefined); built.set(c.file, { ok: false, why: '' }); continue; }
    wanted.set(c.file, [abs, c.fileHash]);
    keyOf.set(c.file, templateKey(c));
    const category = c.body?.chatapp?.chatapp.category;
    if (category) plannedCategory.set(c.file, category);
  }
  if (wanted.size) {
    const { files } = await loadProject(config, [...wanted.values()].map(([abs]) => abs), cwd, { now });
    const loaded = new Map(files.map((f) => [f.abs, f]));
    for (const [file, [abs, hash]] of wanted) {
      const f = loaded.get(abs);
      fileHashes.set(file, f?.hash);
      // changed since the plan: staleness() says so, once
      if (!f || f.hash !== hash) { built.set(file, { ok: false, why: '' }); continue; }
      if (f.failed) { built.set(file, { ok: false, why: `${file} has lint errors now (tplsync lint ${file})` }); continue; }
      const d = loadDesired([f], environment, configSeverities(config), onValueWarnings, undefined, now)[0]!;
      // a plan never holds a write of a template it held back: the clock moved since (a campaign's end passed)
      const held = [...(f.held ?? []).map((x) => `${x.message} (${x.ruleId}, ${x.file}:${x.line}:${x.column})`),
        ...(d.heldInEnvironment ?? []).map((x) => `with the values of environment '${environment.name}': ${x.message} (${x.ruleId}, ${file}: ${x.path.join('.')})`)];
      if (held.length) {
        heldNow.push({ key: keyOf.get(file)!, what: `held back now, its file unchanged: ${held.join('; ')}. The time passed since the plan was made; a plan made now holds it back and writes the others` });
        built.set(file, { ok: false, why: '' });
        continue;
      }
      // the plan carried the category the environment's config accepts (the channel approved the template under it): so does the write
      const accepted = acceptedCategory(environment, { channel: d.channel, name: d.canonical.name, language: d.canonical.language });
      if (accepted && d.canonical.category && accepted !== d.canonical.category && plannedCategory.get(file) === accepted) d.canonical = { ...d.canonical, category: accepted };
      const values = [...new Set(templateReferences(f.value ?? {}).map((x) => x.name))];
      built.set(file, { ok: true, channelId: d.canonical.channelId, publicId: d.canonical.templateId, body: toWriteBody(d.canonical), ...(values.length ? { values } : {}) });
    }
  }
  const r = checkBodies(saved, (c) => built.get(c.file!) ?? { ok: false, why: `${c.file} was not read` }, toolVersion());
  // a file that moved since the plan is reported by staleness(), not twice
  return { writes: r.writes, problems: r.problems.filter((p) => p.what !== ''), fileHashes, heldNow };
}
