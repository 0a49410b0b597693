// Effects (existence checks): the repository a project lives in, which GitHub resolves the paths
// of annotations and code-scanning results against: a config in a folder of a monorepo
// (teams/payments/tplsync.config.yaml) reports teams/payments/templates/..., not templates/...
import { existsSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../core/io.js';

/** The nearest directory at or above `dir` that holds .git, if any. */
export function gitRoot(dir: string): string | undefined {
  for (let d = resolvePath(dir); ; d = path.dirname(d)) {
    if (existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * The root the paths of a report for GitHub are relative to: $GITHUB_WORKSPACE (the checkout the
 * runner resolves `file=` and SARIF URIs against) when `dir` is in it, else the git repository
 * that holds `dir`, else `dir` itself.
 */
export function repositoryRoot(dir: string, env: NodeJS.ProcessEnv): string {
  const abs = resolvePath(dir);
  const ws = env.GITHUB_WORKSPACE ? resolvePath(env.GITHUB_WORKSPACE) : undefined;
  if (ws && (abs === ws || abs.startsWith(`${ws}${path.sep}`))) return ws;
  return gitRoot(abs) ?? abs;
}

/**
 * Pure: the path of `file` (relative to `cwd`, as the commands name files) from `root`, with forward slashes, as GitHub
 * names it; undefined for a file outside the root (or the root itself).
 */
export function pathFromRoot(file: string, root: string, cwd: string): string | undefined {
  const rel = path.relative(root, path.resolve(cwd, file));
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}
