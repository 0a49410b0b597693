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
    const base = path.resolve(config.dir, globBase(g));
    if (path.parse(base).root === base) {
      return `The templates glob '${g}'${from} starts at ${base}, the root of the file system: tplsync would read every file of the machine. Name the templates' folder inside the project, such as templates/**/*.yaml`;
    }
    if (repo !== undefined && !isUnder(base, repo)) {
      return `The templates glob '${g}'${from} starts at ${base}, outside the repository the config is in (${repo}): tplsync reads templates only inside it. Name a folder of the repository, such as templates/**/*.yaml, or copy the templates in`;
    }
  }
  return undefined;
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
