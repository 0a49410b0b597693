// `tplsync plan [PATH...]`: what a merge would change, as text, json or markdown.
import { loadConfig } from '../config/load.js';
import { UsageError } from '../config/errors.js';
import { connect } from '../env/connect.js';
import { stylish } from '../lint/formatters/stylish.js';
import { hasChanges } from '../plan/plan.js';
import { renderJson, renderMarkdown, renderText } from '../plan/render.js';
import { renderCanonicalText } from '../preview/text.js';
import { LintFailed, parseShard, runPlan } from '../plan/run.js';
import { toSaved } from '../plan/saved.js';
import { interruptSignal } from '../core/interrupt.js';
import { EXIT } from './exit-codes.js';
import { emit, useColor, writeFileAtomic } from './output.js';
import { toolVersion } from './version.js';

export interface PlanCommandOptions {
  config?: string;
  env?: string;
  out?: string;
  format: string;
  output?: string;
  detailedExitcode?: boolean;
  parallelism: string;
  shard?: string;
  base?: string;
  verbose?: boolean;
  allowInsecureHttp?: boolean;
  marker?: string;
}

export function parseParallelism(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--parallelism takes a whole number from 1 to 256, not '${v}'`);
  return n;
}

export function reportLintFailure(e: LintFailed, consequence = 'nothing was planned'): number {
  process.stderr.write(stylish(e.diagnostics, { fileCount: e.fileCount, color: useColor(process.stderr), toolVersion: toolVersion() }));
  process.stderr.write(`tplsync: fix the lint errors first; ${consequence}\n`);
  return EXIT.FINDINGS;
}

export async function planCommand(paths: string[], o: PlanCommandOptions): Promise<number> {
  if (!['text', 'json', 'markdown'].includes(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose text, json or markdown`);
  const parallelism = parseParallelism(o.parallelism);
  const shard = parseShard(o.shard);
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const conn = await connect(config, { ...(o.env ? { env: o.env } : {}), parallelism, ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
  try {
    let plan;
    try {
      plan = await runPlan(config, conn, { paths, cwd: process.cwd(), signal: interruptSignal(), ...(shard ? { shard } : {}), ...(o.base ? { base: o.base } : {}) });
    } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e);
      throw e;
    }
    const env = conn.environment.name;
    const text = o.format === 'json' ? renderJson(plan)
      : o.format === 'markdown' ? renderMarkdown(plan, { environment: env, marker: o.marker ?? `tplsync-plan:${env}`, rendered: (c) => (c.desired ? renderCanonicalText(c.desired) : undefined) })
        : renderText(plan, { color: !o.output && useColor(process.stdout), environment: env, ...(o.verbose ? { verbose: true } : {}) });
    emit(text, o.output);
    if (o.out) {
      writeFileAtomic(o.out, `${JSON.stringify(toSaved(plan, { environment: env, target: conn.target, toolVersion: toolVersion(), now: new Date() }), null, 2)}\n`);
      process.stderr.write(`Saved the plan to ${o.out}; apply it with: tplsync apply ${o.out}\n`);
    }
    return o.detailedExitcode && hasChanges(plan) ? EXIT.CHANGES : EXIT.OK;
  } finally {
    await conn.close();
  }
}
