// Effects (realpath): where a write would really land. The project's own files (a linked folder,
// the config's typesOut) must not lead a write out of the project: a repository can hold a
// symbolic link, and CI runs its commands. A path the user names on the command line is theirs.
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../core/io.js';

/** The real path of `p`: of its nearest existing ancestor, with the rest appended. */
export function realTarget(p: string): string {
  const rest: string[] = [];
  let cur = resolvePath(p);
  for (;;) {
    try { return path.join(realpathSync(cur), ...rest.reverse()); } catch { /* not there yet */ }
    const up = path.dirname(cur);
    if (up === cur) return resolvePath(p);
    rest.push(path.basename(cur));
    cur = up;
  }
}

const within = (root: string, p: string): boolean => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * Where a write to `target` would land outside the project `root` (the config's folder), or
 * undefined when it stays inside: lexically (`../x.ts`) or through a linked folder.
 */
export function escapesProject(root: string, target: string): string | undefined {
  const abs = resolvePath(target);
  if (!within(resolvePath(root), abs)) return abs;
  const real = realTarget(abs);
  return within(realTarget(root), real) ? undefined : real;
}

/**
 * The outermost linked folder on the way from the project's folder `projectDir` to `abs` (a file
 * under it), or undefined when none is: git tracks such a link as a link, never the files behind
 * it (git diff of the file's path through it shows nothing).
 */
export function linkedFolderOf(abs: string, projectDir: string): string | undefined {
  const rel = path.relative(projectDir, abs);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  let dir = projectDir;
  for (const seg of rel.split(path.sep).slice(0, -1)) {
    dir = path.join(dir, seg);
    try { if (lstatSync(dir).isSymbolicLink()) return dir; } catch { return undefined; }
  }
  return undefined;
}
