// Effects: `preview --serve`: the site on 127.0.0.1, rebuilt when a file under the config's
// folder changes; open pages reload themselves (they poll /__version).
import { watch } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { buildSite, type Site } from './site.js';

export interface ServeOptions {
  port: number;
  /** the output folder (changes inside it are not reloads) */
  out: string;
  paths: readonly string[];
  cwd: string;
  /** whose values the pages show for the references (as buildSite) */
  environment?: EnvironmentConfig;
  /** called with each rebuilt site (to write it to disk) */
  onBuild: (site: Site, changed: string) => void;
  onError: (e: Error) => void;
}

export interface PreviewServer { url: string; close(): Promise<void> }

export async function servePreview(config: Config, first: Site, o: ServeOptions): Promise<PreviewServer> {
  let site = first;
  let version = 1;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview.invalid');
    if (url.pathname === '/__version') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(String(version)); return; }
    let name: string;
    try { name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1)); } catch { name = ''; }
    const html = site.pages.get(name);
    if (!html) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(o.port, '127.0.0.1', resolve); });
  let timer: NodeJS.Timeout | undefined;
  const outRel = path.relative(config.dir, o.out);
  const watcher = watch(config.dir, { recursive: true }, (_e, file) => {
    if (!file || !/\.(ya?ml|json|[cm]?[jt]s)$/.test(String(file)) || (outRel && String(file).startsWith(outRel))) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void buildSite(config, o.paths, o.cwd, { live: true, ...(o.environment ? { environment: o.environment } : {}) }).then((s) => {
        site = s; version++;
        o.onBuild(s, String(file));
      }).catch((e: unknown) => o.onError(e as Error));
    }, 100);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => { clearTimeout(timer); watcher.close(); server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
