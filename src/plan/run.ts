// Effects: everything a plan needs, in order: lint the files, map them to canonical templates,
// read each template (bounded concurrency, progress on a TTY), find orphans at --base, plan.
import type { Config } from '../config/load.js';
import { UsageError } from '../config/errors.js';
import type { Diagnostic } from '../lint/diagnostic.js';
import { lintProject } from '../lint/run.js';
import type { Connection } from '../env/connect.js';
import type { TemplateReadResponse } from '../api/types.js';
import { progress } from '../cli/progress.js';
import { throwIfInterrupted } from '../core/interrupt.js';
import { loadDesired } from './desired.js';
import { templatesAtRef } from './orphans.js';
import { inShard, keyOf, makePlan, type OrphanCandidate, type Plan } from './plan.js';

/** The files have lint errors: no plan is made (exit 1). */
export class LintFailed extends Error {
  override name = 'LintFailed';
  constructor(readonly diagnostics: Diagnostic[], readonly fileCount: number) { super(`${diagnostics.filter((d) => d.severity === 'error').length} lint errors`); }
}

export interface PlanRunOptions {
  paths: readonly string[];
  shard?: { index: number; count: number };
  base?: string;
  cwd: string;
  /** Ctrl-C: reads in flight finish, no new one starts, and Interrupted is thrown */
  signal?: AbortSignal;
}

export function parseShard(s: string | undefined): { index: number; count: number } | undefined {
  if (s === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(s);
  const index = Number(m?.[1]), count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard takes I/N with 1 <= I <= N, e.g. 1/4; not '${s}'`);
  return { index, count };
}

/** Reads templates by id, `parallelism` at a time, with progress on a TTY. */
export async function readTemplates(conn: Connection, ids: readonly { channelId: string; id: string }[], label: string, signal?: AbortSignal): Promise<Map<string, TemplateReadResponse | null>> {
  const remote = new Map<string, TemplateReadResponse | null>();
  const bar = await progress(label, ids.length);
  try {
    // a few readers pulling from the list: no promise, timer or request object per template up front
    let next = 0;
    await Promise.all(Array.from({ length: Math.min(ids.length, conn.parallelism) }, async () => {
      while (next < ids.length && !signal?.aborted) {
        const { channelId, id } = ids[next++]!;
        remote.set(id, await conn.client.getTemplate(channelId, id));
        bar.tick();
      }
    }));
  } finally { bar.stop(); }
  throwIfInterrupted(signal, `interrupted while ${label} the templates (${remote.size} of ${ids.length} read): nothing was written`);
  return remote;
}

export async function runPlan(config: Config, conn: Connection, o: PlanRunOptions): Promise<Plan> {
  const { files, diagnostics } = await lintProject(config, o.paths, o.cwd);
  if (diagnostics.some((d) => d.severity === 'error')) throw new LintFailed(diagnostics, files.length);
  throwIfInterrupted(o.signal, 'interrupted before reading the templates: nothing was written');
  const desired = loadDesired(files, conn.environment).filter((d) => inShard(keyOf({ channel: d.channel, ...d.canonical }), o.shard));
  let orphans: OrphanCandidate[] = [];
  let baseCategories: Map<string, string> | undefined;
  if (o.base) {
    const base = await templatesAtRef(config, conn.environment, o.base);
    const now = new Set(desired.map((d) => d.canonical.templateId));
    // orphans are only looked for when the whole set of files is planned
    if (o.paths.length === 0) orphans = [...base.byId.values()].filter((b) => !now.has(b.publicId) && inShard(keyOf(b), o.shard));
    baseCategories = new Map([...base.byId].flatMap(([id, b]) => (b.category ? [[id, b.category] as [string, string]] : [])));
  }
  const ids = [...desired.map((d) => ({ channelId: d.canonical.channelId, id: d.canonical.templateId })), ...orphans.map((x) => ({ channelId: x.channelId, id: x.publicId }))];
  const remote = await readTemplates(conn, ids, 'reading', o.signal);
  return makePlan({ desired, remote, orphans, ...(baseCategories ? { baseCategories } : {}) });
}
