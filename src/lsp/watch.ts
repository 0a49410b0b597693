// Effects (watches folders): the server's own watcher of the project's files on disk, for an
// editor that cannot watch them for it (no dynamic registration of `workspace/didChangeWatchedFiles`:
// Neovim on Linux since 0.10, a minimal client). Without it the server never heard of a template
// changed, added or deleted by git (checkout, pull) unless it was open, nor of the config saved
// outside the editor, and the cross-file findings went stale. As other servers do in that case
// (svelte-language-server, basedpyright: a fallback watcher when the client's capability is
// false), it watches on its own: each folder that holds a template the config covers, the
// folders between it and the config's, and the folders of the config and its plugins, one
// fs.watch each (not recursive: a project's node_modules is never walked). A burst of events
// (a checkout) is reported once, after it settles.
import { existsSync, statSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

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

export class DiskWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  /**
   * `report` gets each settled burst of changes; `known(abs)` says whether a file is one the
   * server has already (a change to it, else its creation); `wanted(abs)` whether a file's event
   * matters at all (a template, a config, a plugin: not an editor's swap file).
   */
  constructor(private readonly report: (changes: DiskChange[]) => void, private readonly known: (abs: string) => boolean, private readonly wanted: (abs: string) => boolean) {}

  /** Watches exactly these folders from now on (those no longer named are let go). */
  watch(dirs: ReadonlySet<string>): void {
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
