// Effects (git via execa): the environments a template file's committed versions are filled with, each with the values of
// the config as the same commit has it (plan's history walk and the files at a ref, pull's history of a file).
import path from 'node:path';
import type { EnvironmentConfig } from './load.js';
import { catBlobs } from '../files/git-blobs.js';
import { configAmong, configPathsAt, environmentAtConfigText } from './values-at.js';

/**
 * Pure: the paths whose commits are commits of the config (`configAt` now): it, and its other names (configPathsAt: a
 * commit of `tplsync.config.json` before the config was converted to YAML changed values as much); a package.json only
 * when it is the config, as most of its commits change no value of it (a version each, the history's window spent)
 */
export function configLogPaths(configAt: string | undefined): Set<string> {
  if (configAt === undefined) return new Set();
  return new Set(configPathsAt(configAt).filter((p, k) => k === 0 || path.posix.basename(p) !== 'package.json'));
}

/**
 * Effects (git): the environment each of `revs` had: its values from the config as that commit has it (`textOf(k)`: the
 * text of the k-th at `configAt`, read already), one object for each distinct text. A commit without the config there
 * (converted since, from `tplsync.config.json`) is read at the other names tplsync looks for (configPathsAt), in one more
 * git process for all such commits; a commit with no config at all, or whose config cannot say, is left out (today's `env`)
 */
export async function environmentsAt(root: string, env: EnvironmentConfig, configAt: string | undefined, revs: readonly string[], textOf: (k: number) => string | undefined): Promise<Map<string, EnvironmentConfig>> {
  const out = new Map<string, EnvironmentConfig>();
  if (configAt === undefined) return out;
  const byText = new Map<string, EnvironmentConfig>();
  const set = (rev: string, found: { file: string; text: string } | undefined): boolean => {
    if (!found) return false;
    const key = `${found.file}\0${found.text}`;
    let e = byText.get(key);
    if (!e) byText.set(key, (e = environmentAtConfigText(env, found.file, found.text) ?? env));
    out.set(rev, e);
    return true;
  };
  const missing = revs.filter((rev, k) => !set(rev, configAmong([{ file: configAt, text: textOf(k) }])));
  const others = configPathsAt(configAt).slice(1);
  if (!missing.length || !others.length) return out;
  const blobs = await catBlobs(root, missing.flatMap((rev) => others.map((file) => `${rev}:${file}`)));
  for (const [m, rev] of missing.entries()) set(rev, configAmong(others.map((file, j) => ({ file, text: blobs.get(m * others.length + j) }))));
  return out;
}
