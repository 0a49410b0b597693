// Effects (git via execa, reads the config and the plugins): the settings that decide where the
// environment's API key goes, and the code that runs beside it, changed since plan's --base. A pull
// request's plan job runs the branch's config with the environment's secret: a one-line change of
// baseUrl sends the key to another host, and the reviewers read the plan's comment, not the job's
// request log. The plan says it (Plan.connectionChanged), in every format; it does not refuse (whoever
// may push a branch may edit the workflow as well).
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { configAmong, configPathsAt } from '../config/values-at.js';
import { connectionAtConfigText, connectionChanges, pluginsOf } from '../config/connection-at.js';
import { catBlobs } from '../files/git-blobs.js';
import { io } from '../core/io.js';
import { gitPathOf } from './orphans.js';

const isCode = (file: string): boolean => /\.(c|m)?(js|ts)$/i.test(file);

/** Each connection setting of `env` (and policy plugin of the config) that differs from the config at `ref`, said in a few words; none when `ref` has no config. */
export async function connectionChangedSince(config: Config, env: EnvironmentConfig, ref: string): Promise<string[]> {
  if (!config.file) return [];
  const { execa } = await import('execa');
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  if (top.exitCode !== 0) return [];
  let root = String(top.stdout);
  try { root = realpathSync(root); } catch { /* as git names it */ }
  const configAt = gitPathOf(root, config.file);
  if (configAt === undefined) return [];
  const places = configPathsAt(configAt);
  const texts = await catBlobs(config.dir, places.map((p) => `${ref}:${p}`));
  const found = configAmong(places.map((file, k) => ({ file, text: texts.get(k) })));
  // no config at the base (the pull request that brings tplsync in): nothing to compare with
  if (!found) return [];
  let nowText: string | undefined;
  try { nowText = readFileSync(config.file, 'utf8'); } catch { /* read by the config's loader already: a race */ }
  const changed = found.file !== configAt || found.text !== nowText;
  const shown = path.relative(io().cwd(), config.file) || config.file;
  const out: string[] = [];
  if (changed && isCode(config.file)) out.push(`the config ${shown} is code, and changed`);
  const base = connectionAtConfigText(found.file, found.text, env.name);
  if (base.kind !== 'read') {
    if (changed && !isCode(config.file)) out.push(`the config ${shown} changed, and the base's (${base.kind === 'code' ? 'a JavaScript or TypeScript config' : 'one that imports others, $import'}) cannot be compared setting by setting`);
    return out;
  }
  // the plugins both configs name: each file compared with the base's (at the path the base's config names, from its folder)
  const nowPlugins = pluginsOf(config.policies ?? []);
  const common = nowPlugins.filter((p) => base.plugins.includes(p));
  const baseDir = path.posix.dirname(found.file);
  const atBase = common.map((p) => path.posix.normalize(path.posix.join(baseDir === '.' ? '' : baseDir, p.split(path.sep).join('/'))));
  const blobs = await catBlobs(config.dir, atBase.filter((p) => !p.startsWith('../')).map((p) => `${ref}:${p}`));
  const changedPlugins = new Set<string>();
  let k = 0;
  for (const [i, p] of common.entries()) {
    if (atBase[i]!.startsWith('../')) continue; // outside the repository: git has no version of it
    const before = blobs.get(k++);
    let now: string | undefined;
    try { now = readFileSync(path.resolve(config.dir, p), 'utf8'); } catch { /* gone: the plugin's load says so */ }
    if (before !== now) changedPlugins.add(p);
  }
  return [...out, ...connectionChanges(env, nowPlugins, base, changedPlugins)];
}
