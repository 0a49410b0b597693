// `tplsync preview [PATH...] --out DIR [--serve]`: a static site of what the customer sees.
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { parseNumberOption, PORT_RULE } from '../core/number-option.js';
import { buildSite, type Site } from '../preview/site.js';
import { writeFileAtomic } from '../terminal/output.js';
import { commandConfig } from './context.js';
import { sayLeftOut } from './report.js';
import { shownEnvironment } from '../project/values.js';

export type { PreviewCommandOptions } from './preview-changes.js';
import type { PreviewCommandOptions } from './preview-changes.js';
import { io, shownPath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';
import { refuseLinkedOutput } from '../files/output-file.js';
import { recordedPreviewPages, refusePreviewPages, removedPagesNote, removeStalePreviewPages } from '../files/output-target.js';

export async function previewCommand(paths: string[], o: PreviewCommandOptions): Promise<number> {
  if (!o.out) throw new UsageError('preview needs --out DIR');
  const port = parseNumberOption('--port', o.port, PORT_RULE);
  if (o.changes && o.serve) throw new UsageError('--changes writes the before/after site once; it takes no --serve');
  if (o.base && !o.changes) throw new UsageError('--base goes with --changes');
  const config = await commandConfig(o);
  const out = path.resolve(io().cwd(), o.out);
  // a folder named through a link is refused, as every command's output path that is one (files/output-file.ts)
  refuseLinkedOutput(out, `--out ${o.out}`, { folder: true });
  // the plan, the client and the server load only for the modes that use them
  if (o.changes) return (await import('./preview-changes.js')).changesSite(config, paths, out, o);
  // checked once, before the first pages: later builds (--serve) write over this run's own pages
  let checked = false;
  // the pages written, then those an earlier run of the whole project wrote that this site no longer holds (a template
  // renamed or deleted): the folder is the site, as the server's answers are (a page left behind showed a template
  // that is gone, and its verdict); only pages the folder's record says this project wrote, unedited, go
  const write = (site: Site): string[] => {
    if (!checked) { refusePreviewPages('--out', o.out!, site.pages.keys()); checked = true; }
    makeDirs(out);
    for (const [name, html] of site.pages) writeFileAtomic(path.join(out, name), html);
    return removeStalePreviewPages(out, site.pages, config.file ?? io().cwd(), paths.length === 0);
  };
  const environment = shownEnvironment(config, o.env);
  // a run of some files leaves the project's other pages: its index lists them too (it replaces the whole run's)
  const earlier = paths.length ? recordedPreviewPages(out, config.file ?? io().cwd()) : [];
  // the environment's templates alone, as plan and types have them: one whose channel alias it does not define is left out, said
  const site = await buildSite(config, paths, io().cwd(), { live: Boolean(o.serve), ...(environment ? { environment, onLeftOut: sayLeftOut(environment.name) } : {}), earlier });
  const removed = write(site);
  io().stderr.write(`wrote ${shownPath(path.join(out, 'index.html'), config.dir)} and ${site.count} template page${site.count === 1 ? '' : 's'}${removedPagesNote(removed)}\n`);
  if (!o.serve) return EXIT.OK;
  const { servePreview } = await import('../preview/serve.js');
  const server = await servePreview(config, site, {
    port, out, paths, cwd: io().cwd(), ...(environment ? { environment } : {}), earlier,
    onBuild: (s, changed) => { const gone = write(s); io().stderr.write(`re-rendered ${s.count} template${s.count === 1 ? '' : 's'} (${changed} changed)${removedPagesNote(gone)}\n`); },
    onError: (e) => io().stderr.write(`tplsync: re-render failed: ${e.message} (the pages stay as they were)\n`),
    // the config read again when it changes: its values, rules and globs take effect at once
    reload: async () => {
      const c = await commandConfig(o);
      const env = shownEnvironment(c, o.env);
      return { config: c, ...(env ? { environment: env } : {}) };
    },
  });
  io().stdout.write(`serving the preview on ${server.url} (it re-renders when a template changes; Ctrl-C to stop)\n`);
  await new Promise<void>((resolve) => {
    const stop = () => { void server.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.OK;
}
