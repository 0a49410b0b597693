// `tplsync preview [PATH...] --out DIR [--serve]`: a static site of what the customer sees.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { servePreview } from '../preview/serve.js';
import { buildSite, type Site } from '../preview/site.js';
import { writeFileAtomic } from '../terminal/output.js';
import { commandConfig, withConnection } from './context.js';
import { reportLintFailure } from './report.js';
import { UnavailableError } from '../api/errors.js';
import { selectEnvironment, type Config } from '../config/load.js';
import type { Plan } from '../plan/plan.js';
import { LintFailed, runPlan, runPlanAgainstRef } from '../plan/run.js';
import { renderChangesSite } from '../preview/changes.js';
import { progress } from '../terminal/progress.js';

export interface PreviewCommandOptions { config?: string; env?: string; out?: string; serve?: boolean; port: string; changes?: boolean; base?: string; allowInsecureHttp?: boolean }

export async function previewCommand(paths: string[], o: PreviewCommandOptions): Promise<number> {
  if (!o.out) throw new UsageError('preview needs --out DIR');
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes a port number, not '${o.port}'`);
  if (o.changes && o.serve) throw new UsageError('--changes writes the before/after site once; it takes no --serve');
  if (o.base && !o.changes) throw new UsageError('--base goes with --changes');
  const config = await commandConfig(o);
  const out = path.resolve(process.cwd(), o.out);
  if (o.changes) return changesSite(config, paths, out, o);
  const write = (site: Site) => {
    mkdirSync(out, { recursive: true });
    for (const [name, html] of site.pages) writeFileAtomic(path.join(out, name), html);
  };
  const site = await buildSite(config, paths, process.cwd(), { live: Boolean(o.serve) });
  write(site);
  process.stderr.write(`wrote ${path.relative(process.cwd(), path.join(out, 'index.html'))} and ${site.count} template page${site.count === 1 ? '' : 's'}\n`);
  if (!o.serve) return EXIT.OK;
  const server = await servePreview(config, site, {
    port, out, paths, cwd: process.cwd(),
    onBuild: (s, changed) => { write(s); process.stderr.write(`re-rendered ${s.count} template${s.count === 1 ? '' : 's'} (${changed} changed)\n`); },
    onError: (e) => process.stderr.write(`tplsync: re-render failed: ${e.message}\n`),
  });
  process.stdout.write(`serving the preview on ${server.url} (it re-renders when a template changes; Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => { void server.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.OK;
}

/** `preview --changes`: the plan's before/after pages; against the files at --base when the channel cannot be reached. */
async function changesSite(config: Config, paths: readonly string[], out: string, o: PreviewCommandOptions): Promise<number> {
  let plan: Plan;
  let against: string;
  try {
    plan = await withConnection(config, o, async (conn) => {
      against = `${conn.environment.name} (${conn.target})`;
      return runPlan(config, conn, { paths, cwd: process.cwd(), progress, ...(o.base ? { base: o.base } : {}) });
    });
  } catch (e) {
    if (e instanceof LintFailed) return reportLintFailure(e, 'no preview was made');
    if (!(e instanceof UnavailableError) || !o.base) throw e;
    process.stderr.write(`tplsync: ${e.message}\ntplsync: the channel cannot be reached; showing the changes against the files at ${o.base} instead\n`);
    try { plan = await runPlanAgainstRef(config, selectEnvironment(config, o.env), { paths, cwd: process.cwd(), ref: o.base }); } catch (e2) {
      if (e2 instanceof LintFailed) return reportLintFailure(e2, 'no preview was made');
      throw e2;
    }
    against = `the files at ${o.base}`;
  }
  const site = renderChangesSite(plan, { environment: selectEnvironment(config, o.env).name, against: against! });
  mkdirSync(out, { recursive: true });
  for (const [name, html] of site.pages) writeFileAtomic(path.join(out, name), html);
  const s = plan.summary;
  process.stderr.write(`wrote ${path.relative(process.cwd(), path.join(out, 'index.html'))} and ${site.changed} before/after page${site.changed === 1 ? '' : 's'} (${s.create} to create, ${s.update} to update, ${s.orphan} orphaned; against ${against!})\n`);
  return EXIT.OK;
}
