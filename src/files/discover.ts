// Effects: the template files of a run: the paths given (files, directories, globs) or the
// config's `templates` globs, sorted, each with the path shown to the user. The common glob
// shapes are walked directly (walk.ts); any other goes to tinyglobby.
import { readdir, realpathSync, statSync } from 'node:fs';
import { refuseFile } from './refusals.js';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { MAX_WALK_ENTRIES, WalkTooLarge, walkSimpleGlobs } from './walk.js';
import { globsTake } from './extension.js';
import { caseVariantFolders, globBase } from './path-case.js';
import { resolvePath } from '../core/io.js';
import { braceBranches, globMayStartAt, refuseWideGlobs as refuseGlobsOutside } from './glob-bounds.js';
import { SEARCH_PLACES } from '../core/search-places.js';
import { linkedFolderOf } from './confine-write.js';

/** the names of a config's files (package.json aside: a JSON file is never a template) */
const CONFIG_NAMES: ReadonlySet<string> = new Set(SEARCH_PLACES.filter((n) => n !== 'package.json'));

export interface FileEntry {
  /** as shown to the user */
  file: string;
  abs: string;
  /** the contents, when they were read already (the cache does); never sent to workers */
  bytes?: Uint8Array;
}

const YAML_EXT = /\.ya?ml$/i;
/** a path or glob on the command line longer than this is refused (Linux's PATH_MAX is 4,096) */
const MAX_PATH_ARG = 4096;

/** The template files named by `paths` (files, directories or globs), or by the config's globs. */
/** What discovery needs of the config: where templates live, their globs, and the config's own file (for messages). */
export interface DiscoverConfig { dir: string; templates: readonly string[]; file?: string }

/** `list`: only which files the run would take; refuse nothing (the refusals of discovery are recorded for the run that loads them: load.ts) */
export interface DiscoverOptions { list?: boolean; /** the most entries the walk reads (MAX_WALK_ENTRIES; a test's smaller one) */ maxEntries?: number }

export async function discoverFiles(config: DiscoverConfig, paths: readonly string[], cwd: string, opts: DiscoverOptions = {}): Promise<FileEntry[]> {
  // refused whatever paths are given, as loading the config refuses it
  refuseWideGlobs(config, cwd);
  try {
    return await discover(config, paths, cwd, opts);
  } catch (e) {
    if (!(e instanceof WalkTooLarge)) throw e;
    const where = paths.length ? `the paths ${paths.join(', ')}` : `the templates globs ${config.templates.join(', ')}${config.file ? ` (from ${path.relative(cwd, config.file) || config.file})` : ''}`;
    throw new UsageError(`${where} reach more than ${e.limit.toLocaleString('en')} files and folders (the walk stopped in ${e.from}): a project's templates are never that many, so a glob or path reaches far beyond the project. Name the templates' folder (templates/**/*.yaml)`);
  }
}

/**
 * The config's globs held to the project (glob-bounds.ts), as loading the config holds them: for a config built by hand
 * (the library's callers); a config loadConfig returned passed already.
 */
function refuseWideGlobs(config: DiscoverConfig, cwd: string): void {
  refuseGlobsOutside(config, config.file ? path.relative(cwd, config.file) || config.file : undefined);
}

/**
 * A glob whose brace has a branch with a `..` segment (`{templates,../shared}/*.yaml`, allowed to a config in no git
 * repository), as its branches: tinyglobby matches nothing of such a glob, its other branches included
 */
function leavingBranchesApart(glob: string): string[] {
  const neg = glob.startsWith('!') ? '!' : '';
  const branches = braceBranches(glob.slice(neg.length));
  if (branches === undefined || !branches.some((b) => b.split('/').includes('..'))) return [glob];
  return branches.map((b) => neg + b);
}

/** tinyglobby given a bounded readdir: the crawl stops (and WalkTooLarge is thrown) past `limit` entries */
async function boundedGlob(patterns: string[], options: { cwd: string; ignore: string[] }, limit: number = MAX_WALK_ENTRIES): Promise<string[]> {
  const { glob } = await import('tinyglobby');
  const stop = new AbortController();
  let left = limit;
  let over: string | undefined;
  const counted = ((dir: string, o: { withFileTypes: true }, done: (e: NodeJS.ErrnoException | null, entries: unknown[]) => void) => readdir(dir, o, (e, entries) => {
    if (!e && over === undefined) {
      left -= entries.length;
      if (left < 0) { over = String(dir); stop.abort(); }
    }
    done(e, entries);
  })) as unknown as typeof readdir;
  const found = await glob(patterns, { ...options, absolute: true, onlyFiles: true, fs: { readdir: counted }, signal: stop.signal });
  if (over !== undefined) throw new WalkTooLarge(limit, over);
  return found;
}

async function discover(config: DiscoverConfig, paths: readonly string[], cwd: string, opts: DiscoverOptions): Promise<FileEntry[]> {
  const found = new Set<string>();
  const ignore = ['**/node_modules/**', '**/.git/**'];
  const unreadable: string[] = [];
  const special: string[] = [];
  const nearMiss: string[] = [];
  const linked: string[] = [];
  const walked = paths.length === 0 ? walkSimpleGlobs(config.templates, config.dir, unreadable, undefined, special, nearMiss, linked, opts.maxEntries) : undefined;
  if (walked) for (const f of walked) found.add(f);
  else if (paths.length === 0) {
    for (const f of await boundedGlob(config.templates.flatMap(leavingBranchesApart), { cwd: config.dir, ignore }, opts.maxEntries)) found.add(normal(f));
  } else {
    // the glob matcher refuses a pattern past 65,536 characters with an error of its own: said here, as a path no file has
    const long = paths.find((p) => p.length > MAX_PATH_ARG);
    if (long !== undefined) throw new UsageError(`a path or glob of ${long.length.toLocaleString('en')} characters (${long.slice(0, 40)}...): no file's path is that long (at most ${MAX_PATH_ARG.toLocaleString('en')}); check the command line`);
    for (const p of paths) {
      const abs = path.resolve(cwd, p);
      let st;
      try { st = statSync(abs); } catch { st = undefined; }
      if (st?.isFile()) found.add(abs);
      else if (st?.isDirectory()) {
        const inDir = walkSimpleGlobs(['**/*.{yaml,yml}'], abs, undefined, undefined, undefined, nearMiss, linked, opts.maxEntries);
        for (const f of inDir ?? await boundedGlob(['**/*.{yaml,yml}'], { cwd: abs, ignore }, opts.maxEntries)) found.add(normal(f));
      } else if (/[*?[\]{}]/.test(p)) {
        const matches = await boundedGlob([p], { cwd, ignore }, opts.maxEntries);
        if (matches.length === 0) throw new UsageError(`No files match '${p}'`);
        for (const f of matches) found.add(resolvePath(f));
      } else if (st) throw new UsageError(`${p} is neither a file nor a folder (a named pipe, a device or a socket): name a template file or a folder of them`);
      else throw new UsageError(`No such file or directory: ${p}`);
    }
  }
  // a config is never a template: a glob like `**/*.yaml` (or a directory) that finds this run's config, or another
  // project's (`lint packages` in a monorepo: each package's tplsync.config.yaml), leaves it out, and so does a path that
  // names one (lint-staged passing a changed config to `tplsync lint`: 8 schema errors, and fmt rewrote it in a
  // template's layout); the commands say so (configsNamed)
  const config_ = config.file ? resolvePath(config.file) : undefined;
  const files = [...found].filter((f) => (YAML_EXT.test(f) || paths.length > 0) && f !== config_ && !CONFIG_NAMES.has(path.basename(f)));
  // a folder the walk could not read is reported where its templates would be (a problem of kind unreadable), never skipped in silence
  for (const dir of unreadable) {
    if (!opts.list) refuseFile(dir, 'unreadable', 'Cannot read this folder (no permission, or an I/O error): the templates in it are not checked, planned or applied. Make it readable, or move the templates out of it.');
    files.push(dir);
  }
  // a template whose extension is in capitals (.YAML, .Yml) is no match of the globs: reported where it lies, never skipped in silence;
  // one in a folder named on the command line that the config's globs take (`templates/**/*.{yaml,YAML}`) is a template as
  // the globs make it (pull's look for the file that holds a template walks its --dir so: it wrote a second, .yaml, copy)
  for (const f of nearMiss) {
    if (found.has(f)) continue;
    if (paths.length > 0 && globsTake(config, f)) { found.add(f); files.push(f); continue; }
    if (!opts.list) refuseFile(f, 'unreadable', `Not read as a template: its extension ${path.extname(f)} is not in small letters, and the templates globs match .yaml and .yml (a machine whose file names ignore case takes it; Linux CI does not). Rename it to ${path.basename(f, path.extname(f))}${path.extname(f).toLowerCase()}.`);
    files.push(f);
  }
  files.sort();
  // the same file reached twice (through a linked folder and by a glob of its own folder, or through
  // two links) is one file, taken once: at its own path when that is one of them, else at the first
  // (a walk that met no link cannot reach a file twice)
  if (!walked || linked.length > 0) oneEach(files);
  const walkedFiles = walked && linked.length > 0 ? files.filter((f) => found.has(f)) : [];
  if (files.length === 0) {
    throw new UsageError(paths.length
      ? `No template files (*.yaml, *.yml) under ${paths.join(', ')}`
      : `No template files match ${config.templates.join(', ')}${config.file ? ` (from ${path.relative(cwd, config.file) || config.file})` : ` (the default: no config was found in ${cwd} or a folder above it; run tplsync init to start a project here, or name the config with --config FILE)`}${caseHint(config)}`);
  }
  // a walk (walk.ts) that met no link took files under the project; anything else is checked to lie in
  // the project: the config's folder, the folders its globs start from (`../shared/**/*.yaml`: the
  // config's author chose them) and the paths named on the command line. A walk that met links checks
  // the files it found (its unreadable folders and near misses are refused above, whatever the links)
  const roots = (): string[] => [config.dir, ...config.templates.flatMap(leavingBranchesApart).map((g) => path.resolve(config.dir, globBase(g))), ...paths.filter((p) => !/[*?[\]{}]/.test(p)).map((p) => path.resolve(cwd, p))];
  if (walked && !opts.list) for (const f of special) refuseFile(f, 'unreadable', notRegular(f));
  if (walked && linked.length > 0 && !opts.list) confine(walkedFiles, roots(), config.dir);
  if (!walked && !opts.list) confine(files, roots(), config.dir);
  const under = cwd.endsWith(path.sep) ? cwd : cwd + path.sep;
  // most files lie under the working directory: their relative path is the rest of the absolute one
  return files.map((abs) => ({ abs, file: abs.startsWith(under) && !POSIX_ODD.test(abs) ? abs.slice(under.length) : path.relative(cwd, abs) || abs }));
}

export { globBase };

/**
 * Refuses (refusals.ts: refuseFile) every file whose real path lies outside the project's directory
 * and the paths the user named (a symbolic link out of the repository, to /proc/self/environ or
 * to another project's template), and every one that is not a regular file (a FIFO, a device).
 */
function confine(files: readonly string[], roots: readonly string[], projectDir: string): void {
  const real = (p: string): string | undefined => { try { return realpathSync(p); } catch { return undefined; } };
  const allowed = roots.map(real).filter((r): r is string => r !== undefined);
  const inside = (r: string) => allowed.some((root) => r === root || r.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
  for (const abs of files) {
    const r = real(abs);
    if (r === undefined) continue; // a broken link: the read reports it
    if (!inside(r)) {
      refuseFile(abs, 'outside-project', `The file leads out of the project (to ${r}); tplsync reads templates only from under the config's folder, the folders its templates globs start from, and the paths named on the command line. ${outsideAdvice(abs, r, projectDir)}`);
      continue;
    }
    let st;
    try { st = statSync(r); } catch { continue; }
    if (!st.isFile()) refuseFile(abs, 'unreadable', notRegular(r));
  }
}

/**
 * What takes a file that leads out of the project into it. A file reached through a linked folder
 * under the project: a glob that starts from the link (`templates/shared/**\/*.yaml`), whose base the
 * link makes a root; a glob of the link's target folder would take the same file a second time
 * under another name. Otherwise (the file is a link itself, or lies outside): a glob of its real folder, when the
 * config may name one there (glob-bounds.ts: inside the git repository the config is in); else copying it in.
 */
function outsideAdvice(abs: string, real: string, projectDir: string): string {
  const ext = path.extname(abs).toLowerCase() || '.yaml';
  const glob = (dir: string) => `${path.relative(projectDir, dir).split(path.sep).join('/')}/**/*${ext}`;
  // the outermost folder on the way from the project's folder to the file that is a link
  const dir = linkedFolderOf(abs, projectDir);
  if (dir) return `It is reached through the linked folder ${path.relative(projectDir, dir)}: add a glob that starts from the link, "${glob(dir)}", to the config's templates (the folder a link in a glob's fixed part leads to is in the project), copy the template into the project, or name the path on the command line.`;
  // a glob of its real folder only where the config may name one: in the repository the config is in (or beside a
  // config in none); a glob that starts outside the repository is refused, and advising it made the config refused (exit 3)
  if (globMayStartAt(projectDir, path.dirname(real))) return `Copy the template into the project, add its folder to the config's templates globs ("${glob(path.dirname(real))}"), or name the path on the command line.`;
  return `It lies outside the git repository the config is in, where no templates glob may start (the config would be refused): copy the template into the project, or name the path on the command line.`;
}

/** sorted paths, left with one path per real file (in place): the path that is the real one when it is there, else the first */
function oneEach(files: string[]): void {
  const byReal = new Map<string, string>();
  const reals: (string | undefined)[] = files.map((f) => { try { return realpathSync(f); } catch { return undefined; } });
  files.forEach((f, i) => {
    const r = reals[i];
    if (r === undefined) return;
    const kept = byReal.get(r);
    if (kept === undefined || (f === r && kept !== r)) byReal.set(r, f);
  });
  let n = 0;
  for (let i = 0; i < files.length; i++) {
    const r = reals[i];
    if (r === undefined || byReal.get(r) === files[i]) files[n++] = files[i]!;
  }
  files.length = n;
}

/** what a file that is no regular file is, said as a finding's message */
function notRegular(file: string): string {
  let st;
  try { st = statSync(file); } catch { return 'Cannot read the file: it is not a regular file, and tplsync reads only regular files.'; }
  return `Cannot read the file: it is ${st.isFIFO() ? 'a FIFO' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : 'not a regular file'}, and tplsync reads only regular files.`;
}

/** on POSIX, tinyglobby's absolute paths are already normal; elsewhere (drive letters, separators) resolve them */
const POSIX_ODD = /\/\.{1,2}(?:\/|$)|\/\//;
function normal(f: string): string {
  return path.sep === '/' && f.startsWith('/') && !POSIX_ODD.test(f) ? f : resolvePath(f);
}

/** a folder beside a glob's base in other letters (`Templates/` for `templates/**`): said where no file matched (a laptop whose file names ignore case reads it) */
function caseHint(config: DiscoverConfig): string {
  const f = caseVariantFolders(config)[0];
  return f ? `; ${f.folder}/ is there, which differs from ${f.meant}/ only in letter case: a machine whose file names ignore case (macOS, Windows) reads it, Linux does not; rename it to ${f.meant}/, or add ${f.globThere} to the templates globs` : '';
}

/** The paths that name a config file (its name is a config's: tplsync.config.yaml, .tplsyncrc.yaml...), which discovery leaves out. */
export function configsNamed(paths: readonly string[], cwd: string): string[] {
  return paths.filter((p) => CONFIG_NAMES.has(path.basename(p)) && (() => { try { return statSync(path.resolve(cwd, p)).isFile(); } catch { return false; } })());
}
