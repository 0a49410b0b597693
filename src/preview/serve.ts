// Effects: `preview --serve`: the site on 127.0.0.1, rebuilt when a file under the config's
// folder changes; open pages reload themselves (they poll /__version). Each folder is watched on
// its own (a folder's watch sees a file an editor saves by renaming a temp file over it, every
// time; a recursive watch followed the first file it saw and missed the next saves); a change of
// the config reloads it before the site is rebuilt.
import { withoutIdentifierMarks } from '../core/redact.js';
import { readdirSync, watch, type FSWatcher } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { buildSite, type Site } from './site.js';
import { resolvePath } from '../core/io.js';

export interface ServeOptions {
  port: number;
  /** the output folder (changes inside it are not reloads) */
  out: string;
  paths: readonly string[];
  /** the project's pages an earlier run left in the folder (a run of some files): listed in each rebuilt index */
  earlier?: readonly string[];
  cwd: string;
  /** whose values the pages show for the references (as buildSite) */
  environment?: EnvironmentConfig;
  /** called with each rebuilt site (to write it to disk) */
  onBuild: (site: Site, changed: string) => void;
  /** the config (and the environment whose values the pages show) read again, when a config file changed; throws when it does not load */
  reload?: () => Promise<{ config: Config; environment?: EnvironmentConfig }>;
  onError: (e: Error) => void;
}

export interface PreviewServer { url: string; close(): Promise<void> }

/** Whether a Host header names this machine (localhost, 127.0.0.1, [::1], with any port). */
export function loopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return name === 'localhost' || name === '127.0.0.1' || name === '[::1]' || name.endsWith('.localhost');
}

export async function servePreview(config: Config, first: Site, o: ServeOptions): Promise<PreviewServer> {
  let site = first;
  let version = 1;
  const server = createServer((req, res) => {
    // a page of another site that resolves its own name to 127.0.0.1 (DNS rebinding) reads nothing: only this machine's names
    if (!loopbackHost(req.headers.host)) { res.writeHead(421, { 'content-type': 'text/plain' }); res.end('the preview answers only to localhost, 127.0.0.1 and [::1]'); return; }
    const url = new URL(req.url ?? '/', 'http://preview.invalid');
    if (url.pathname === '/__version') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end(String(version)); return; }
    let name: string;
    try { name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1)); } catch { name = ''; }
    const html = site.pages.get(name);
    if (!html) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found'); return; }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(withoutIdentifierMarks(html));
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(o.port, '127.0.0.1', resolve); });
  let timer: NodeJS.Timeout | undefined;
  let current: { config: Config; environment?: EnvironmentConfig | undefined } = { config, environment: o.environment };
  let configChanged = false;
  const out = resolvePath(o.out);
  const configFile = config.file ? resolvePath(config.file) : undefined;
  const watchers = new Map<string, FSWatcher>();
  /** folders not watched: the site's own, tplsync's state (the emulator's data), dependencies and git's */
  const skipped = (dir: string): boolean => dir === out || dir.startsWith(out + path.sep) || /[\\/](?:node_modules|\.git|\.tplsync)$/.test(dir);
  const changed = (dir: string, name: string): void => {
    const file = path.join(dir, name);
    if (!/\.(ya?ml|json|[cm]?[jt]s)$/.test(name) && !/^\.tplsyncrc/.test(name)) {
      // a folder made (or moved in): watched from now on
      watchTree(file);
      return;
    }
    if (file === configFile || /^(tplsync\.config\.(ya?ml|json|[cm]?js)|\.tplsyncrc.*|package\.json)$/.test(name)) configChanged = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const rel = path.relative(config.dir, file) || name;
      const reload = configChanged && o.reload ? o.reload() : Promise.resolve(current);
      configChanged = false;
      void reload.then((c) => {
        current = c;
        return buildSite(c.config, o.paths, o.cwd, { live: true, ...(c.environment ? { environment: c.environment } : {}), ...(o.earlier ? { earlier: o.earlier } : {}) });
      }).then((s) => {
        site = s; version++;
        o.onBuild(s, rel);
      }).catch((e: unknown) => o.onError(e as Error));
    }, 100);
  };
  function watchTree(dir: string): void {
    if (watchers.has(dir) || skipped(dir)) return;
    let entries;
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    try {
      const w = watch(dir, (_e, name) => { if (name) changed(dir, String(name)); });
      w.on('error', () => { w.close(); watchers.delete(dir); });
      watchers.set(dir, w);
    } catch { return; }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) watchTree(path.join(dir, e.name));
  }
  watchTree(resolvePath(config.dir));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => { clearTimeout(timer); for (const w of watchers.values()) w.close(); server.close(() => resolve()); server.closeAllConnections(); }),
  };
}
