// Where a message's reader opens docs/recovery.md (what to do of a template the channel holds back), from where they are.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, resolvePath, runState, shownPath } from './io.js';

/** the page of the tplsync that runs (src/core, dist/core and dist/bundle are two folders below the package's root) */
const PAGE = fileURLToPath(new URL('../../docs/recovery.md', import.meta.url));
/** what a checkout of tplsync's repository, where its developers run it, names the page: its own path there */
const IN_CHECKOUT = 'docs/recovery.md';
const SHOWN = Symbol('recovery-doc');

/**
 * `docs/recovery.md#anchor` as the reader opens it from the run's working directory: the one helper of
 * every message that sends the reader there. tplsync run from an installed package (a project's
 * devDependency, `npx tplsync`; a global install) has the page in its package, and a project has no
 * docs/ of tplsync's: it is named through the nearest node_modules/tplsync from the working directory up,
 * as the project shows it (`node_modules/tplsync/docs/recovery.md#rejected`, `../../node_modules/...`
 * from a team's folder; not the real path a link leads to, pnpm's .pnpm/tplsync@1.2.3/...), else by
 * its own path (a global install's, absolute). Run from a checkout of tplsync's repository (no
 * node_modules in its path), docs/recovery.md, as its own pages link it.
 */
export function recoveryDoc(anchor?: string): string {
  return `${recoveryPage(PAGE)}${anchor ? `#${anchor}` : ''}`;
}

/** Effects (reads the folders from the working directory up): the page at `page` as a message names it (recoveryDoc); once per run and directory */
export function recoveryPage(page: string): string {
  if (!page.split(path.sep).includes('node_modules')) return IN_CHECKOUT;
  const cwd = io().cwd();
  const shown = runState(SHOWN, () => new Map<string, string>());
  const key = `${cwd}\0${page}`;
  let p = shown.get(key);
  if (p === undefined) shown.set(key, p = viaNodeModules(cwd, page) ?? shownPath(page));
  return p;
}

/** the page through the nearest node_modules/tplsync from `cwd` up, relative to `cwd`, when that is the package at `page` */
function viaNodeModules(cwd: string, page: string): string | undefined {
  const real = (p: string): string | undefined => { try { return realpathSync(p); } catch { return undefined; } };
  const target = real(page);
  for (let d = resolvePath(cwd); ; d = path.dirname(d)) {
    const p = path.join(d, 'node_modules', 'tplsync', 'docs', 'recovery.md');
    if (existsSync(p)) return target !== undefined && real(p) === target ? path.relative(cwd, p) : undefined;
    if (path.dirname(d) === d) return undefined;
  }
}
