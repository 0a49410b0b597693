// `tplsync preview --changes`: the plan's before/after pages, loaded only in that mode.
import path from 'node:path';
import { UnavailableError } from '../api/errors.js';
import { selectEnvironment, type Config } from '../config/load.js';
import { EXIT } from '../core/exit-codes.js';
import type { Plan } from '../plan/plan.js';
import { LintFailed, runPlan, runPlanAgainstRef } from '../plan/run.js';
import { renderChangesSite } from '../preview/changes.js';
import { writeFileAtomic } from '../terminal/output.js';
import { progress } from '../terminal/progress.js';
import { withConnection } from './context.js';
import { reportLintFailure, sayLeftOut } from './report.js';
import { io, shownPath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';
import { refusePreviewPages, removedPagesNote, removeStalePreviewPages } from '../files/output-target.js';

export interface PreviewCommandOptions { config?: string; env?: string; out?: string; serve?: boolean; port: string; changes?: boolean; base?: string; allowInsecureHttp?: boolean }

/** `preview --changes`: the plan's before/after pages; against the files at --base when the channel cannot be reached. */
export async function changesSite(config: Config, paths: readonly string[], out: string, o: PreviewCommandOptions): Promise<number> {
  let plan: Plan;
  let against: string;
  try {
    plan = await withConnection(config, o, async (conn) => {
      against = `${conn.environment.name} (${conn.target})`;
      return runPlan(config, conn, { paths, cwd: io().cwd(), progress, onLeftOut: sayLeftOut(conn.environment.name), ...(o.base ? { base: o.base } : {}) });
    });
  } catch (e) {
    if (e instanceof LintFailed) return reportLintFailure(e, config, 'no preview was made');
    if (e instanceof UnavailableError && !o.base) {
      e.message += '; preview --changes --base REF compares with the files at a git ref when the channel cannot be reached';
      throw e;
    }
    if (!(e instanceof UnavailableError) || !o.base) throw e;
    io().stderr.write(`tplsync: ${e.message}\ntplsync: the channel cannot be reached; showing the changes against the files at ${o.base} instead\n`);
    try { plan = await runPlanAgainstRef(config, selectEnvironment(config, o.env), { paths, cwd: io().cwd(), ref: o.base }); } catch (e2) {
      if (e2 instanceof LintFailed) return reportLintFailure(e2, config, 'no preview was made');
      throw e2;
    }
    against = `the files at ${o.base}`;
  }
  const site = renderChangesSite(plan, { environment: selectEnvironment(config, o.env).name, against: against! });
  refusePreviewPages('--out', o.out ?? out, site.pages.keys());
  makeDirs(out);
  for (const [name, html] of site.pages) writeFileAtomic(path.join(out, name), html);
  // the before/after pages of changes that are no longer planned (applied, reverted, the template renamed) go, as
  // plain preview's pages of templates that are gone do; recorded apart from plain preview's pages of the project
  const removed = removeStalePreviewPages(out, site.pages, `${config.file ?? io().cwd()} --changes`, paths.length === 0);
  const s = plan.summary;
  io().stderr.write(`wrote ${shownPath(path.join(out, 'index.html'), config.dir)} and ${site.changed} before/after page${site.changed === 1 ? '' : 's'} (${s.create} to create, ${s.update} to update, ${s.orphan} orphaned; against ${against!})${removedPagesNote(removed)}\n`);
  return EXIT.OK;
}
