// Effects: loads the command line's CommonJS bundle (dist/bundle/main.cjs, scripts/bundle.mjs)
// with V8's code cache, as bin/tplsync.js does. Node 20 has no compile cache of its own
// (module.enableCompileCache is Node 22), and its code cache is only offered for classic scripts
// (`vm.Script` with `cachedData`), which is why the bin runs a CommonJS build of the same code.
// The cache holds the bytecode of every function a run of the command compiled (made after the
// run, `createCachedData`), so that the next run of that command neither parses nor compiles
// them again: ~20 ms of a one-file lint, ~60 ms of a cold lint of 10,000 files (docs/benchmarks.md).
//
// Where: TPLSYNC_CODE_CACHE names the folder ('off' or '0': none); else the user's cache folder
// ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches, %LOCALAPPDATA%), under tplsync/. One
// file per command (lint, plan, ...) keyed by a hash of the bundle's text, Node's version and the
// machine's architecture: a new build or another Node looks for another file, and V8 itself
// refuses data made under other V8 flags (then the file is made again). A cache that cannot be
// read or written costs the run its speed, never its work: every failure is silent.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';

export interface CodeCacheOptions {
  /** the folder of the cache files; undefined: none (codeCacheDir) */
  dir: string | undefined;
  /** what the run does (the command's name): one cache file each */
  key: string;
  /** Node's version and architecture (tests give others) */
  runtime?: string;
}

export interface LoadedBundle {
  exports: Record<string, unknown>;
  /** the cache file this run looked for (undefined: no folder) */
  file: string | undefined;
  /** the run's functions came from the cache file */
  used: boolean;
  /** a cache file was there and V8 refused it (made by another V8, other flags, damaged) */
  rejected: boolean;
  /** writes the cache file when it was not used (after the run: it then holds what the run compiled) */
  save(): void;
}

/** cache files of other builds kept beside this one's (another version of tplsync in use) */
const KEEP = 8;

/** The folder of the code cache from the environment, or undefined when it is turned off. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: () => string = homedir): string | undefined {
  const own = env.TPLSYNC_CODE_CACHE;
  if (own !== undefined && own !== '') return own === 'off' || own === '0' ? undefined : path.resolve(own);
  try {
    if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home(), 'AppData', 'Local'), 'tplsync', 'Cache');
    if (platform === 'darwin') return path.join(home(), 'Library', 'Caches', 'tplsync');
    return path.join(env.XDG_CACHE_HOME || path.join(home(), '.cache'), 'tplsync');
  } catch { return undefined; }
}

/** Runs the CommonJS bundle `file` with the code cache of `opts.key`, and gives its exports. */
export function loadBundle(file: string, opts: CodeCacheOptions): LoadedBundle {
  const bytes = readFileSync(file);
  const runtime = opts.runtime ?? `${process.version}-${process.arch}`;
  const name = `${opts.key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${createHash('sha256').update(runtime).update('\0').update(bytes).digest('hex').slice(0, 24)}.code`;
  const source = bytes.toString('utf8');
  const cacheFile = opts.dir ? path.join(opts.dir, name) : undefined;
  let cachedData: Buffer | undefined;
  if (cacheFile) { try { cachedData = readFileSync(cacheFile); } catch { /* none yet */ } }
  // import() in the bundle calls __tplsyncImportFrom (scripts/bundle.mjs): V8 refuses import() in
  // a script made from its code cache (Node 20: "A dynamic import callback was not specified")
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __tplsyncImportFrom) { ${source}\n});`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const rejected = Boolean(cachedData) && script.cachedDataRejected === true;
  const used = Boolean(cachedData) && !rejected;
  const module = { exports: {} as Record<string, unknown> };
  const importFrom = (specifier: string): Promise<unknown> => import(specifier);
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file), importFrom);
  return {
    exports: module.exports, file: cacheFile, used, rejected,
    save() {
      if (used || !cacheFile || !opts.dir) return;
      try {
        const data = script.createCachedData();
        mkdirSync(opts.dir, { recursive: true });
        // another run may be writing the same file: each writes its own and renames it into place
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, data);
        renameSync(tmp, cacheFile);
        prune(opts.dir, name);
      } catch { /* a folder that cannot be written: no cache */ }
    },
  };
}

/** Leaves the KEEP newest cache files beside `name` (older builds' files go). */
function prune(dir: string, name: string): void {
  const files = readdirSync(dir).filter((f) => f.endsWith('.code') && f !== name).flatMap((f) => {
    try { return [{ f, t: statSync(path.join(dir, f)).mtimeMs }]; } catch { return []; }
  });
  files.sort((a, b) => b.t - a.t);
  for (const { f } of files.slice(KEEP)) rmSync(path.join(dir, f), { force: true });
}
