// The setup every command shares: the config found from the working directory (or --config),
// and the connection to the environment (--env), closed whatever happens.
import { loadConfig, type Config } from '../config/load.js';
// the API client (and its contract: ajv, yaml) loads only for the commands that connect
import type { Connection } from '../connection/connect.js';
import { io } from '../core/io.js';
import path from 'node:path';
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { SEARCH_PLACES } from '../core/search-places.js';
import { configsNamed, globBase } from '../files/discover.js';
import { escapesProject } from '../files/confine-write.js';
import { UsageError } from '../core/errors.js';
import { parseDuration } from '../core/number-option.js';
import type { LockWait } from '../files/project-lock.js';

export interface ConfigOptions { config?: string }
export interface ConnectionOptions extends ConfigOptions { env?: string; allowInsecureHttp?: boolean }

/** the configs a run found above the paths it names (none in the working directory or above it): advice names them with --config */
const foundFromPaths = new WeakSet<Config>();

/** whether `config` is one commandConfig found above the paths given, not from the working directory (apply's advice then names it) */
export function foundAbovePaths(config: Config): boolean {
  return foundFromPaths.has(config);
}

/**
 * The config of a run: --config, else the one found from the working directory up. When neither is there and the run
 * names paths (`tplsync lint packages/shop/templates/a.yaml` from a monorepo's root, as a pre-commit hook or lint-staged
 * runs it), the config found from the paths up is the run's, said on stderr (`named`: what the paths are, in that line);
 * paths of two projects are refused (exit 3). `paths` undefined: a command that takes none; an empty list: a command that
 * takes paths, given none, whose paths are the working directory (`lint` at a monorepo's root names the projects below).
 */
export async function commandConfig(o: ConfigOptions, paths?: readonly string[], named = 'the paths given'): Promise<Config> {
  const cwd = io().cwd();
  const config = await loadConfig({ cwd, ...(o.config ? { configFile: o.config } : {}) });
  if (o.config || config.file || paths === undefined) return config;
  const given = paths.length > 0;
  if (!given) paths = ['.'];
  /** where each path's search starts (a folder: itself; a file, or a path that is not there: its folder) */
  const starts = new Map<string, string[]>();
  /** the folders named (a file's folder is not looked below) */
  const folders = new Set<string>();
  for (const p of paths) {
    const abs = path.resolve(cwd, p);
    let start = path.dirname(abs);
    try { if (statSync(abs).isDirectory()) { start = abs; folders.add(abs); } } catch { /* not there: its folder */ }
    (starts.get(start) ?? starts.set(start, []).get(start)!).push(p);
  }
  const found = new Map<string, { config: Config; paths: string[] }>();
  for (const [start, named] of starts) {
    if (start === cwd) continue;
    const c = await loadConfig({ cwd: start });
    if (!c.file) continue;
    const f = found.get(c.file) ?? found.set(c.file, { config: c, paths: [] }).get(c.file)!;
    f.paths.push(...named);
  }
  if (found.size > 1) {
    throw new UsageError(`No config in the working directory, and the paths belong to ${found.size} projects: ${[...found].map(([file, f]) => `${path.relative(cwd, file)} (${f.paths.slice(0, 3).join(', ')}${f.paths.length > 3 ? ', ...' : ''})`).join('; ')}. Run tplsync once per project (--config FILE, or from its folder)`);
  }
  const [only] = found.values();
  if (!only) {
    // a folder above projects of their own (`lint packages` in a monorepo, or `lint` with no paths at its root): their
    // configs are below it, none above; linted with none, their channels would go unchecked and the run pass: refused, naming them
    const below = [...folders].flatMap((dir) => configsBelow(dir));
    const where = given ? 'or above the paths, and' : 'or above it (no paths given: the working directory\'s), and';
    if (below.length) throw new UsageError(`No config in the working directory ${where} ${below.length === 1 ? 'a project of its own lies' : 'projects of their own lie'} below ${given ? 'them' : 'it'}: ${below.slice(0, 5).map((f) => path.relative(cwd, f)).join(', ')}${below.length > 5 ? ', ...' : ''}. Name one project's folder (${path.relative(cwd, path.dirname(below[0]!)) || '.'}), or its config with --config FILE`);
    return config;
  }
  io().stderr.write(`tplsync: no config in ${cwd} or above; using ${path.relative(cwd, only.config.file!)}, the config above ${named}\n`);
  foundFromPaths.add(only.config);
  return only.config;
}

/** Runs `fn` with a connection to the environment of `o.env` (or the default), always closing it. */
export async function withConnection<T>(config: Config, o: ConnectionOptions & { parallelism?: number; sayRetries?: boolean }, fn: (conn: Connection) => Promise<T>): Promise<T> {
  const { connect } = await import('../connection/connect.js');
  const conn = await connect(config, {
    ...(o.env ? { env: o.env } : {}),
    ...(o.parallelism !== undefined ? { parallelism: o.parallelism } : {}),
    ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
    ...(o.sayRetries ? { sayRetries: true } : {}),
  });
  try { return await fn(conn); } finally { await conn.close(); }
}

/**
 * Where `new` and `pull` write when no --dir is given: the folder the config's first templates
 * glob starts from, beside the config (`templates/**` -> <config's folder>/templates), so that a
 * run from a subfolder writes where lint and plan look; an explicit --dir is the working
 * directory's.
 */
export function writeDir(config: Config, dir: string | undefined): string {
  if (dir !== undefined) return path.resolve(io().cwd(), dir);
  const first = config.templates[0];
  return path.resolve(config.dir, first === undefined ? 'templates' : globBase(first));
}

/**
 * writeDir, refused (exit 3) when it lies inside the config's folder but really leads out of it
 * through a linked folder (a repository can hold a symbolic link, and CI runs its commands): new,
 * pull and pull --from write their files there. A folder named outside the project is the user's.
 */
export function confinedWriteDir(config: Config, dir: string | undefined): string {
  const target = writeDir(config, dir);
  const away = leadsOutThroughLink(config.dir, target);
  if (away) throw new UsageError(`${dir !== undefined ? `--dir ${dir}` : `${path.relative(io().cwd(), target) || '.'} (where the config's templates globs start)`} leads out of the project through a link (to ${away}); tplsync writes its files inside it. Name the real folder with --dir if you mean it`);
  return target;
}

/** Where `target`, inside `root` by its path, really lands outside it through a link; undefined when it stays inside or is outside by its path (named so). */
export function leadsOutThroughLink(root: string, target: string): string | undefined {
  const rel = path.relative(root, target);
  return !rel.startsWith('..') && !path.isAbsolute(rel) ? escapesProject(root, target) : undefined;
}

/** A saved plan's `base`: this run's working directory, relative to the config's folder, with `/` ('.' when the same) */
export function savedBase(config: Config): string {
  return path.relative(config.dir, io().cwd()).split(path.sep).join('/') || '.';
}

/** The folder a saved plan's file paths are relative to: its `base` under the config's folder, else the working directory */
export function savedFilesDir(config: Config, base: string | undefined): string {
  return base === undefined ? io().cwd() : path.resolve(config.dir, base);
}

/** Says which of the files a command wrote (absolute paths) the config's templates globs do not cover: lint and plan would never see them. */
export async function warnUncovered(config: Config, files: readonly string[], by = 'lint and plan'): Promise<void> {
  if (!files.length) return;
  const { discoverFiles } = await import('../files/discover.js');
  const { globsTake, negatedBy, otherExtensionTaken } = await import('../files/extension.js');
  // a discovery that fails (no file matches the globs, a walk past its bound) tells nothing of the files: judged by the
  // globs alone, never each said to be left out (its extension advice false for a .yaml file the globs take)
  // a file is the one the globs take by whichever path names it: compared by real path, as discovery takes a file once
  // (a template named at its real path, src/Vörlagen/x.yaml, that the globs reach through the link templates -> src/Vörlagen
  // is planned and applied: said to be left out, with advice to move it or add its folder, was false)
  const { realpathSync } = await import('node:fs');
  const real = (f: string): string => { try { return realpathSync(f); } catch { return f; } };
  const covered = await discoverFiles(config, [], io().cwd(), { list: true }).then((fs) => new Set(fs.map((f) => real(f.abs))), () => undefined);
  const left = files.filter((f) => (covered ? !covered.has(real(f)) : !globsTake(config, f)));
  if (!left.length) return;
  const rel = (f: string): string => path.relative(io().cwd(), f) || f;
  const list = (fs: readonly string[]): string => (fs.length > 3 ? `${fs.slice(0, 3).join(', ')} and ${fs.length - 3} more` : fs.join(', '));
  const globs = config.templates.join(', ');
  // in a folder the globs cover, under the other extension (.yaml where they take .yml): the extension is what keeps them out
  const byExtension = new Map<string, string[]>();
  const away: string[] = [];
  // left out by a `!` glob of the config (`!templates/drafts/**`): said by that glob, not as a folder to add
  const negated = new Map<string, string[]>();
  for (const f of left) {
    const other = otherExtensionTaken(config, f);
    const by = other ? undefined : negatedBy(config, f);
    if (other) byExtension.set(other, [...byExtension.get(other) ?? [], rel(f)]);
    else if (by) negated.set(by, [...negated.get(by) ?? [], rel(f)]);
    else away.push(rel(f));
  }
  for (const [glob, fs] of negated) {
    const one = fs.length === 1;
    io().stderr.write(`tplsync: ${list(fs)} ${one ? 'is' : 'are'} left out of the config's templates by its glob ${glob}, so ${by} will not see ${one ? 'it' : 'them'}\n`);
  }
  for (const [ext, fs] of byExtension) {
    const one = fs.length === 1;
    io().stderr.write(`tplsync: ${list(fs)} ${one ? 'is' : 'are'} not among the config's templates (${globs}): the globs take ${ext} files there, not ${ext === '.yml' ? '.yaml' : '.yml'}, so ${by} will not see ${one ? 'it' : 'them'}; rename ${one ? 'it' : 'them'} to ${ext}, or let the globs take both (*.{yaml,yml})\n`);
  }
  if (!away.length) return;
  io().stderr.write(`tplsync: ${list(away)} ${away.length === 1 ? 'is' : 'are'} not among the config's templates (${globs}): ${by} will not see ${away.length === 1 ? 'it' : 'them'}; move ${away.length === 1 ? 'it' : 'them'} under them, or add ${away.length === 1 ? 'its' : 'their'} folder to the config's templates globs\n`);
}

/** The wait for the project's write lock that `--lock-timeout` asks for, said on stderr. */
export function lockWait(o: { lockTimeout?: string }): LockWait {
  return {
    timeoutMs: o.lockTimeout === undefined ? 0 : parseDuration(o.lockTimeout, '--lock-timeout'),
    onWait: (m) => { io().stderr.write(m); },
  };
}

/**
 * The paths of a lint or fmt run without those that name a config file (tplsync.config.yaml, .tplsyncrc.yaml...), each
 * said on stderr: a config is no template (lint-staged passes a changed config with the templates); undefined when
 * every path named one: nothing to do (exit 0).
 */
export function templatePaths(paths: readonly string[], command: 'lint' | 'fmt', configFile?: string): string[] | undefined {
  const cwd = io().cwd();
  // the config named with --config, whatever its name (`ci-tplsync.yaml`), is one too
  const own = configFile === undefined ? undefined : path.resolve(cwd, configFile);
  const configs = new Set([...configsNamed(paths, cwd), ...paths.filter((p) => own !== undefined && path.resolve(cwd, p) === own)]);
  for (const c of configs) io().stderr.write(`tplsync: ${c} is a config file, not a template: not ${command === 'lint' ? 'linted' : 'formatted'} as one (a run reads the config it uses, and says its problems)\n`);
  const rest = paths.filter((p) => !configs.has(p));
  return paths.length && !rest.length ? undefined : rest;
}

/** the config files in the folders below `dir`, three levels deep at most (node_modules and dot folders skipped), for a message */
function configsBelow(dir: string, depth = 3): string[] {
  if (depth === 0) return [];
  let entries: Dirent[];
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return []; }
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || e.name === 'node_modules' || e.name.startsWith('.')) continue;
    const sub = path.join(dir, e.name);
    const own = configsNamed(SEARCH_PLACES.filter((n) => n !== 'package.json').map((n) => path.join(sub, n)), dir);
    out.push(...(own.length ? own : configsBelow(sub, depth - 1)));
    if (out.length > 5) break;
  }
  return out;
}

/**
 * Whether apply may ask for confirmation here: stdin and stderr are terminals. Elsewhere (CI) it
 * refuses to run without --auto-approve, so the apply command advised after `plan --out` (and
 * `promote --out`) carries --auto-approve where this run could not have asked (trial-an F1).
 */
export function canConfirm(): boolean {
  return Boolean(io().stdin.isTTY && io().stderr.isTTY);
}

/** `tplsync apply ` as it works where this run is: with --auto-approve where no confirmation can be asked (canConfirm) */
export function applyAdvice(): string {
  return `tplsync apply ${canConfirm() ? '' : '--auto-approve '}`;
}
