// Effects: loads the command line's CommonJS bundle (dist/bundle/main.cjs, scripts/bundle.mjs), and
// the schema validators the build generated (dist/schemas/*.validate.cjs), with V8's code cache,
// as bin/tplsync.cjs does. Node 20 has no compile cache of its own (module.enableCompileCache is
// Node 22), and its code cache is only offered for classic scripts (`vm.Script` with
// `cachedData`), which is why the bin runs a CommonJS build of the same code. A cache file holds
// the bytecode of every function a run compiled from its script (made after the run,
// `createCachedData`), so that the next run neither parses nor compiles them again: ~20 ms of a
// one-file lint, ~60 ms of a cold lint of 10,000 files, ~5 ms more for the template validator
// (docs/benchmarks.md).
//
// Where: TPLSYNC_CODE_CACHE names the folder ('off' or '0': none); else the user's cache folder
// ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches, %LOCALAPPDATA%), under tplsync/. One
// file per command (lint, plan, ...) and per validator, named `KEY-HASH.code`, HASH of the script's
// text, Node's version and the machine's architecture: a new build or another Node looks for
// another file, and V8 itself refuses data made under other V8 flags (then the file is made again).
// Each key keeps its newest files of KEEP builds (another version of tplsync in use beside this
// one); a temp file a killed run left is removed after an hour. A cache that cannot be read or
// written costs the run its speed, never its work: every failure is silent.
//
// The bin turns the cache on for the process (loadBundle); the code it runs then loads the
// validators through cachedRequire, which without the bin (the library, tests, worker threads) is
// a plain require. What this process loaded is written by saveCodeCaches after the run. The state
// sits on a global symbol, shared by the bin's copy of this module and the bundle's.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import path from 'node:path';
import { Script } from 'node:vm';
import { makeDirs } from './dirs.js';

export interface CodeCacheOptions {
  /** the folder of the cache files; undefined: none (codeCacheDir) */
  dir: string | undefined;
  /** what the script is (the command's name, the validator's): one cache file each */
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

/** cache files kept per key: this build's and those of KEEP - 1 other builds (another version in use) */
export const KEEP = 2;
/** a temp file older than this was left by a run that was killed while writing it */
const STALE_TEMP_MS = 60 * 60 * 1000;

interface Registry { dir: string | undefined; loaded: LoadedBundle[] }
const REGISTRY = Symbol.for('tplsync.code-cache');
const registry = (): Registry | undefined => (globalThis as { [REGISTRY]?: Registry })[REGISTRY];

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

/**
 * Turns the code cache on for this process, in `dir` (none: off): the validators the bundle loads
 * go through it (requireCached), and saveCodeCaches writes what the run compiled. The bin's first step.
 */
export function startCodeCache(dir: string | undefined): void {
  (globalThis as { [REGISTRY]?: Registry })[REGISTRY] = { dir, loaded: [] };
}

/** Runs the CommonJS bundle `file` with the code cache of `opts.key`, and gives its exports. */
export function loadBundle(file: string, opts: CodeCacheOptions): LoadedBundle {
  // import() in the bundle calls __tplsyncImportFrom (scripts/bundle.mjs): V8 refuses import() in
  // a script made from its code cache (Node 20: "A dynamic import callback was not specified")
  const importFrom = (specifier: string): Promise<unknown> => import(specifier);
  return loadScript(file, readFileSync(file), opts, ['__tplsyncImportFrom'], [importFrom]);
}

/**
 * The exports of the CommonJS file `file` (absolute) run with the code cache, when the bin turned
 * it on (startCodeCache); undefined when it is off or there is no such file: the caller then
 * requires the file as usual (the library, the tests, worker threads, a build without it).
 */
export function requireCached(file: string): unknown {
  const on = registry();
  if (!on?.dir) return undefined;
  let bytes: Buffer;
  try { bytes = readFileSync(file); } catch { return undefined; }
  return loadScript(file, bytes, { dir: on.dir, key: path.basename(file, '.cjs') }, [], []).exports;
}

/** Writes the cache files of what this process loaded and did not take from its cache; then prunes the folder. */
export function saveCodeCaches(now: number = Date.now()): void {
  const on = registry();
  if (!on) return;
  const made = on.loaded.filter((s) => !s.used);
  for (const s of made) s.save();
  if (!on.dir || made.length === 0) return;
  try { pruneCodeCache(on.dir, on.loaded.flatMap((s) => (s.file ? [path.basename(s.file)] : [])), now); } catch { /* a folder that cannot be pruned keeps its files */ }
}

/**
 * The name of the cache file of bundle `file` (its `bytes`) for a command's `key` and a runtime:
 * by the bytes and the runtime, and by the bundle's path too: V8 keeps the script's name with its
 * code, so two installations of the same build sharing a cache folder would show each other's
 * files in stack traces. `file` as the bin names it: an absolute path.
 */
export function codeCacheName(key: string, file: string, bytes: Buffer, runtime = `${process.version}-${process.arch}`): string {
  return `${key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${createHash('sha256').update(runtime).update('\0').update(file).update('\0').update(bytes).digest('hex').slice(0, 24)}.code`;
}

function loadScript(file: string, bytes: Buffer, opts: CodeCacheOptions, names: string[], values: unknown[]): LoadedBundle {
  const name = codeCacheName(opts.key, file, bytes, opts.runtime);
  const cacheFile = opts.dir ? path.join(opts.dir, name) : undefined;
  let stored: Buffer | undefined;
  if (cacheFile) { try { stored = readFileSync(cacheFile); } catch { /* none yet */ } }
  // V8 of Node 20 does not check its data's checksum: a file damaged in place would crash the process (SIGTRAP, SIGSEGV), so ours is checked first
  const cachedData = stored ? unsealed(stored) : undefined;
  // the module wrapper of Node's CommonJS loader, and the bin's own arguments
  const params = ['exports', 'require', 'module', '__filename', '__dirname', ...names].join(', ');
  const script = new Script(`(function (${params}) { ${bytes.toString('utf8')}\n});`, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const rejected = (Boolean(stored) && !cachedData) || (Boolean(cachedData) && script.cachedDataRejected === true);
  const used = Boolean(cachedData) && !rejected;
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...a: unknown[]) => void).call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file), ...values);
  let saved = false;
  const loaded: LoadedBundle = {
    exports: module.exports, file: cacheFile, used, rejected,
    save() {
      if (used || saved || !cacheFile || !opts.dir) return;
      saved = true;
      // another run may be writing the same file: each writes its own and renames it into place
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      try {
        const data = sealed(script.createCachedData());
        makeDirs(opts.dir);
        writeFileSync(tmp, data);
        renameSync(tmp, cacheFile);
      } catch {
        // a folder that cannot be written, a full disk, a file size limit: no cache, and no temp file left
        try { rmSync(tmp, { force: true }); } catch { /* nothing to remove */ }
      }
    },
  };
  registry()?.loaded.push(loaded);
  return loaded;
}

/** a cache file: this mark, the SHA-256 of V8's data, the data */
const MAGIC = Buffer.from('tplsync-code-cache-1\n');
const HASH_BYTES = 32;

function sealed(data: Buffer): Buffer {
  return Buffer.concat([MAGIC, createHash('sha256').update(data).digest(), data]);
}

/** V8's data of a cache file, or undefined when the file is not one of ours whole (damaged, cut short, of an older build) */
export function unsealed(file: Buffer): Buffer | undefined {
  const at = MAGIC.length + HASH_BYTES;
  if (file.length <= at || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const data = file.subarray(at);
  return createHash('sha256').update(data).digest().equals(file.subarray(MAGIC.length, at)) ? data : undefined;
}

/**
 * The cache key of a command line: the first argument that is a command's name (`names`, written
 * by the build), not an option's value (`--config staging.yaml`, `--env production`): one cache
 * file per command, whatever else the line holds; 'none' for a line without a command (the help).
 */
export function commandKey(args: readonly string[], names: ReadonlySet<string>): string {
  return args.find((a) => names.has(a)) ?? 'none';
}

/**
 * Whether a run's compiled code is worth keeping as the cache of its command: not a run that only
 * printed help, nor one that ended on a usage error (exit 3), an interruption (130, 143) or an
 * internal error (70). Such a run compiles little of its command, and the file it made would be
 * used, and never made again, by every later run (a lint after `lint --help` compiled most of its
 * code again at every start).
 */
export function worthCaching(args: readonly string[], exitCode: number): boolean {
  if (args.some((a) => a === '--help' || a === '-h') || args[0] === 'help') return false;
  return exitCode !== 3 && exitCode !== 70 && exitCode !== 130 && exitCode !== 143;
}

/**
 * Leaves, for each key, the newest KEEP cache files, those named in `current` always among them
 * (this build's, just used or made), and removes temp files older than an hour (a run killed while
 * writing). A folder of many commands and builds keeps every command of this build: the files
 * are pruned key by key, never all keys against one count.
 */
export function pruneCodeCache(dir: string, current: readonly string[], now: number): void {
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  const mtime = (f: string): number | undefined => { try { return statSync(path.join(dir, f)).mtimeMs; } catch { return undefined; } };
  const byKey = new Map<string, { f: string; t: number }[]>();
  for (const f of names) {
    if (f.endsWith('.tmp') && /\.code\.\d+\.tmp$/.test(f)) {
      const t = mtime(f);
      if (t !== undefined && now - t > STALE_TEMP_MS) rmSync(path.join(dir, f), { force: true });
      continue;
    }
    const m = /^(.*)-[0-9a-f]{24}\.code$/.exec(f);
    if (!m) continue;
    const t = current.includes(f) ? Infinity : mtime(f);
    if (t === undefined) continue;
    const list = byKey.get(m[1]!) ?? [];
    list.push({ f, t });
    byKey.set(m[1]!, list);
  }
  for (const list of byKey.values()) {
    list.sort((a, b) => b.t - a.t);
    for (const { f } of list.slice(KEEP)) rmSync(path.join(dir, f), { force: true });
  }
}
