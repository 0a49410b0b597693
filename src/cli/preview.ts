// `tplsync preview [PATH...] --out DIR [--serve]`: a static site of what the customer sees.
import { mkdirSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { buildSite, type Site } from '../preview/site.js';
import { EXIT } from '../core/exit-codes.js';
import { writeFileAtomic } from '../terminal/output.js';

export interface PreviewCommandOptions { config?: string; out?: string; serve?: boolean; port: string }

export async function previewCommand(paths: string[], o: PreviewCommandOptions): Promise<number> {
  if (!o.out) throw new UsageError('preview needs --out DIR');
  const port = Number(o.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port takes a port number, not '${o.port}'`);
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const out = path.resolve(process.cwd(), o.out);
  const write = (site: Site) => {
    mkdirSync(out, { recursive: true });
    for (const [name, html] of site.pages) writeFileAtomic(path.join(out, name), html);
  };
  let site = await buildSite(config, paths, process.cwd(), { live: Boolean(o.serve) });
  write(site);
  process.stderr.write(`wrote ${path.relative(process.cwd(), path.join(out, 'index.html'))} and ${site.count} template page${site.count === 1 ? '' : 's'}\n`);
  if (!o.serve) return EXIT.OK;

  let version = 1;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.invalid');
    if (url.pathname === '/__version') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(String(version)); return; }
    const name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
    const html = site.pages.get(name);
    if (!html) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(port, '127.0.0.1', resolve); });
  process.stdout.write(`serving the preview on http://127.0.0.1:${(server.address() as AddressInfo).port}/ (it re-renders when a template changes; Ctrl-C to stop)\n`);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(config.dir, { recursive: true }, (_e, file) => {
    if (!file || !/\.(ya?ml|json|[cm]?[jt]s)$/.test(String(file)) || String(file).startsWith(path.relative(config.dir, out))) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void buildSite(config, paths, process.cwd(), { live: true }).then((s) => {
        site = s; write(s); version++;
        process.stderr.write(`re-rendered ${s.count} template${s.count === 1 ? '' : 's'} (${String(file)} changed)\n`);
      }).catch((e: unknown) => process.stderr.write(`tplsync: re-render failed: ${(e as Error).message}\n`));
    }, 100);
  });
  await new Promise<void>((resolve) => {
    const stop = () => { watcher.close(); server.close(() => resolve()); server.closeAllConnections(); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return EXIT.OK;
}
