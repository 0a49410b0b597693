// Pure: the paths whose changes run the workflows init writes (their `on: ... paths:` filters),
// taken from the project's config: the folders its `templates` globs start from, the config file
// it is read from (package.json when the config is its "tplsync" key), and the types module the
// pull-request workflow checks. A filter fixed at `templates/**` and `tplsync.config.*` never
// ran for templates in `msgs/` or a config in package.json: no lint, no plan, and no apply on merge.
import path from 'node:path';
import { globBase } from '../files/path-case.js';

export interface WatchedPaths {
  /** the templates' folders (`msgs/**`), or the globs themselves for templates at the project's root */
  templates: string[];
  /** the config file (`tplsync.config.*`, `package.json`, `.tplsyncrc.json`) */
  config: string[];
  /** the generated types module (the pull-request workflow checks it is current) */
  types?: string;
  /** globs or files that lie outside the repository: no filter can name them */
  outside: string[];
}

export interface WatchedPathsInput {
  /** the config's folder from the repository's root ('' at the root), POSIX separators */
  configDir: string;
  /** the config's `templates` globs, relative to its folder */
  templates: readonly string[];
  /** the config file from the repository's root, POSIX separators */
  configFile: string;
  /** the config's typesOut, relative to its folder (none: the workflows do not check types) */
  typesOut?: string;
}

/** `a/{b,c}/*.{yaml,yml}` as the patterns it stands for (GitHub's path filters have no braces); nested braces are left whole */
export function expandBraces(glob: string): string[] {
  const m = /\{([^{}]*)\}/.exec(glob);
  if (!m) return [glob];
  return m[1]!.split(',').flatMap((alt) => expandBraces(`${glob.slice(0, m.index)}${alt}${glob.slice(m.index + m[0].length)}`));
}

/** a path from the repository's root, or undefined when it leads out of it */
function inRepository(p: string): string | undefined {
  const n = path.posix.normalize(p).replace(/^\.\/|\/$/g, '');
  return n === '..' || n.startsWith('../') || path.posix.isAbsolute(n) ? undefined : n;
}

export function watchedPaths(o: WatchedPathsInput): WatchedPaths {
  const outside: string[] = [];
  const templates: string[] = [];
  for (const glob of o.templates) {
    if (glob.startsWith('!')) continue; // a negation only narrows what the folders hold
    const base = globBase(glob);
    // templates at the config's root (`*.tpl.yaml`): the globs themselves, not every file of the folder
    const patterns = base === '.' || base === '' ? expandBraces(glob).map((g) => path.posix.join(o.configDir, g)) : [`${path.posix.join(o.configDir, base)}/**`];
    for (const p of patterns) {
      const at = inRepository(p);
      if (at === undefined) outside.push(glob);
      else if (!templates.includes(at)) templates.push(at);
    }
  }
  // a folder inside another's filter adds nothing (`templates/**` covers `templates/rcs/**`)
  const covered = (p: string): boolean => templates.some((q) => q !== p && q.endsWith('/**') && p.startsWith(q.slice(0, -2)));
  const file = inRepository(o.configFile);
  // a tplsync.config.* stays one when renamed to another of its names (.yaml to .json)
  const config = file === undefined ? [] : [/^tplsync\.config\.[A-Za-z]+$/.test(path.posix.basename(file)) ? path.posix.join(path.posix.dirname(file), 'tplsync.config.*') : file];
  if (file === undefined) outside.push(o.configFile);
  const types = o.typesOut === undefined || path.posix.isAbsolute(o.typesOut) || path.win32.isAbsolute(o.typesOut) ? undefined : inRepository(path.posix.join(o.configDir, o.typesOut));
  if (o.typesOut !== undefined && types === undefined) outside.push(o.typesOut);
  return { templates: templates.filter((p) => !covered(p)), config, ...(types !== undefined ? { types } : {}), outside };
}
