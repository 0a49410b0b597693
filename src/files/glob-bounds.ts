// Effects (existence checks): whether a config's templates globs stay in the project. One check,
// made where the config is loaded (config/load.ts), so that every command that reads the config
// refuses it the same way, whether it is given paths or not (`lint FILE` and `apply FILE` once read
// templates from a config `lint` refused), and by discovery for a config built by hand (the library).
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { globBase } from './path-case.js';
import { gitRoot } from './repository-root.js';

/** what the bound needs of a config: its folder, its globs, and its file (for the message) */
export interface GlobBoundsConfig { dir: string; templates: readonly string[]; file?: string }

/** whether `dir` is `root` or lies below it (both resolved paths) */
export function isUnder(dir: string, root: string): boolean {
  return dir === root || dir.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The message that refuses (exit 3, nothing read) a templates glob of the config that starts at the root of the file
 * system (`/`, or `/` followed by a pattern), or outside the git repository the config is in (an absolute path
 * elsewhere, `../..` above it): it would walk the whole machine (/proc included) or another project. As ESLint ignores
 * files outside its base path, tplsync reads templates only in the project; a config outside any repository may still
 * name a folder beside it (`../shared`), the walk bounded (MAX_WALK_ENTRIES). Undefined when every glob stays in.
 * `shownFile`: the config's file as the message names it.
 */
export function wideGlobProblem(config: GlobBoundsConfig, shownFile?: string): string | undefined {
  const repo = gitRoot(config.dir);
  const from = shownFile ? ` (from ${shownFile})` : '';
  for (const g of config.templates) {
    if (g.startsWith('!')) continue;
    // each branch of a brace (`{templates,../elsewhere}/*.yaml`) starts where it starts: the glob's fixed part ends at
    // the brace, so a branch that leaves the project was checked from the project's folder and passed; the glob matcher
    // then matched nothing of the glob, the in-project branch included ("No template files match", the cause unsaid)
    for (const branch of braceBranches(g) ?? [g]) {
      const base = path.resolve(config.dir, globBase(branch));
      const glob = branch === g ? `The templates glob '${g}'${from}` : `The templates glob '${g}'${from}: its branch '${branch}'`;
      // `..` after a wildcard (`templates/**/../../../x/*.yaml`) climbs from wherever the wildcard matched: the fixed
      // part alone says nothing of where it ends, so each file it reaches would be refused one by one
      const up = upAfterWildcard(branch);
      if (up) {
        return `${glob} goes up a folder ('..') after the wildcard '${up}': where it ends depends on what the wildcard matched, so tplsync cannot bound it to the project. Write the folder it means without '..' after a wildcard, such as templates/**/*.yaml or shared/*.yaml`;
      }
      if (path.parse(base).root === base) {
        return `${glob} starts at ${base}, the root of the file system: tplsync would read every file of the machine. Name the templates' folder inside the project, such as templates/**/*.yaml`;
      }
      if (repo !== undefined && !isUnder(base, repo)) {
        return `${glob} starts at ${base}, outside the repository the config is in (${repo}): tplsync reads templates only inside it. Name a folder of the repository, such as templates/**/*.yaml, or copy the templates in`;
      }
    }
  }
  return undefined;
}

/** Pure: the first wildcard segment of `glob` that a later `..` segment climbs out of, or undefined (no `..` after a wildcard). */
export function upAfterWildcard(glob: string): string | undefined {
  const segs = glob.split(/[\\/]/);
  const wild = segs.findIndex((x) => /[*?[\]{}!]/.test(x));
  if (wild < 0) return undefined;
  return segs.slice(wild + 1).includes('..') ? segs[wild] : undefined;
}

/** a glob with more brace branches than this is checked as written (its fixed part, before the first brace) */
export const MAX_BRACE_BRANCHES = 1024;

/**
 * Pure: the globs a glob's braces stand for, `{a,b}/x` → `a/x`, `b/x` (nested braces and several braces expanded, a
 * brace escaped with `\` or holding no comma, such as `{1..3}` or `{a}`, left as written); [glob] when it has no such
 * brace; undefined past MAX_BRACE_BRANCHES.
 */
export function braceBranches(glob: string, max: number = MAX_BRACE_BRANCHES): string[] | undefined {
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '\\') { i++; continue; }
    if (c !== '{') continue;
    // the matching close, and the commas at this brace's own depth
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let j = i + 1; j < glob.length; j++) {
      const d = glob[j];
      if (d === '\\') { j++; continue; }
      if (d === '{') depth++;
      else if (d === '}') {
        if (depth === 0) { close = j; break; }
        depth--;
      } else if (d === ',' && depth === 0) commas.push(j);
    }
    if (close < 0) return [glob];
    if (commas.length === 0) continue;
    const head = glob.slice(0, i);
    const tail = glob.slice(close + 1);
    const cuts = [i, ...commas, close];
    const out: string[] = [];
    for (let k = 0; k + 1 < cuts.length; k++) {
      const more = braceBranches(head + glob.slice(cuts[k]! + 1, cuts[k + 1]) + tail, max - out.length);
      if (more === undefined) return undefined;
      out.push(...more);
      if (out.length > max) return undefined;
    }
    return out;
  }
  return [glob];
}

/** wideGlobProblem, thrown (a problem of the config: exit 3) */
export function refuseWideGlobs(config: GlobBoundsConfig, shownFile?: string): void {
  const problem = wideGlobProblem(config, shownFile);
  if (problem !== undefined) throw new UsageError(problem);
}

/** whether a templates glob starting at the folder `dir` would pass the bound of a config in `configDir` (advice names no glob it refuses) */
export function globMayStartAt(configDir: string, dir: string): boolean {
  if (path.parse(dir).root === dir) return false;
  const repo = gitRoot(configDir);
  return repo === undefined || isUnder(dir, repo);
}
