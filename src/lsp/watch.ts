// Effects (watches folders): the server's own watcher of the project's files on disk, for an
// editor that cannot watch them for it (no dynamic registration of `workspace/didChangeWatchedFiles`:
// Neovim on Linux since 0.10, a minimal client). Without it the server never heard of a template
// changed, added or deleted by git (checkout, pull) unless it was open, nor of the config saved
// outside the editor, and the cross-file findings went stale. As other servers do in that case
// (svelte-language-server, basedpyright: a fallback watcher when the client's capability is
// false), it watches on its own: every folder the config's `templates` globs can take files from
// (each glob's fixed base under the config's folder and every folder below it, found again after
// each change: a folder emptied by a checkout stays watched, a new one is taken in), the folders
// between a template and the config's, and the folders of the config and its plugins, one
// fs.watch each (not recursive: a project's node_modules is never walked). A burst of events
// (a checkout) is reported once, after it settles. Watching only the folders that held a template
// went blind to a folder once its last template was deleted (trial-r F1: restored files, a new
// file there, were never read), and a folder renamed away was never noticed.
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';

/** a file event as the protocol's FileChangeType numbers it: 1 created, 2 changed, 3 deleted */
export interface DiskChange { abs: string; type: 1 | 2 | 3 }

/** how long the watcher waits after an event for the next before it reports the burst */
const SETTLE_MS = 100;

/**
 * Pure: the folders to watch for a project: the folder of each file (templates, config,
 * plugins) and every folder between it and `root` (where a new folder of templates appears).
 */
export function foldersToWatch(root: string, files: Iterable<string>): Set<string> {
  const out = new Set<string>([root]);
  const under = root.endsWith(path.sep) ? root : root + path.sep;
  for (const f of files) {
    let dir = path.dirname(f);
    out.add(dir);
    while (dir.startsWith(under) && !out.has(path.dirname(dir))) { dir = path.dirname(dir); out.add(dir); }
  }
  return out;
}

/**
 * Pure: the folders, by absolute path, a config's `templates` globs take files from at their
 * root: each glob's fixed part before its first wildcard (`templates/**\/*.yaml`: `dir/templates`),
 * under the config's folder `dir`; a negated glob (`!x/**`) takes none.
 */
export function globBases(dir: string, globs: readonly string[]): string[] {
  const out = new Set<string>();
  for (const g of globs) {
    if (g.startsWith('!')) continue;
    const { base, isGlob } = picomatch.scan(g);
    // a glob naming one file (no wildcard): its folder
    const at = path.join(dir, isGlob ? base : path.dirname(g));
    out.add(at);
  }
  return [...out];
}

/** a folder never walked for templates: dependencies, and hidden folders (the globs take no dot folder) */
const SKIPPED = (name: string): boolean => name === 'node_modules' || name.startsWith('.');
/** the most folders walked under the globs' bases (a base at the root of a very large tree is not walked whole) */
const MAX_FOLDERS = 5000;

/** Effects (reads folders): `base` and every folder below it that may hold templates (SKIPPED ones not), up to MAX_FOLDERS. */
export function foldersBelow(base: string, into: Set<string> = new Set()): Set<string> {
  const todo = [base];
  let count = 0;
  while (todo.length && count < MAX_FOLDERS) {
    const dir = todo.pop()!;
    let entries;
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { continue; }
    into.add(dir);
    count++;
    for (const e of entries) if (e.isDirectory() && !SKIPPED(e.name)) todo.push(path.join(dir, e.name));
  }
  return into;
}

export class DiskWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  /** the folders last asked to be watched (one of them gone is said as deleted, even once its own watcher has ended) */
  private dirs: ReadonlySet<string> = new Set();
  private timer: NodeJS.Timeout | undefined;

  /**
   * `report` gets each settled burst of changes; `known(abs)` says whether a file is one the
   * server has already (a change to it, else its creation); `wanted(abs)` whether a file's event
   * matters at all (a template, a config, a plugin: not an editor's swap file).
   */
  constructor(private readonly report: (changes: DiskChange[]) => void, private readonly known: (abs: string) => boolean, private readonly wanted: (abs: string) => boolean) {}

  /** Watches exactly these folders from now on (those no longer named are let go). */
  watch(dirs: ReadonlySet<string>): void {
    this.dirs = new Set(dirs);
    for (const [dir, w] of this.watchers) if (!dirs.has(dir)) { w.close(); this.watchers.delete(dir); }
    for (const dir of dirs) {
      if (this.watchers.has(dir)) continue;
      try {
        const w = watch(dir, { persistent: false }, (_event, name) => { if (name) this.event(path.join(dir, name.toString())); });
        // a folder deleted (or unreadable): its watcher ends; the next watch() takes it again if it comes back
        w.on('error', () => { w.close(); this.watchers.delete(dir); });
        this.watchers.set(dir, w);
      } catch { /* a folder that is gone meanwhile: nothing to watch */ }
    }
  }

  private event(abs: string): void {
    this.pending.add(abs);
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), SETTLE_MS);
    this.timer.unref();
  }

  private flush(): void {
    this.timer = undefined;
    const changes: DiskChange[] = [];
    for (const abs of this.pending) {
      const there = existsSync(abs);
      let isDir = false;
      try { isDir = there && statSync(abs).isDirectory(); } catch { /* gone meanwhile */ }
      // a new folder (a checkout's) may hold templates: said as created, so that the files are found again
      if (isDir) { changes.push({ abs, type: 1 }); continue; }
      // a watched folder gone (deleted, renamed away): its templates with it
      if (!there && this.dirs.has(abs)) { changes.push({ abs, type: 3 }); continue; }
      if (!this.wanted(abs)) continue;
      changes.push({ abs, type: !there ? 3 : this.known(abs) ? 2 : 1 });
    }
    this.pending.clear();
    if (changes.length) this.report(changes);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
