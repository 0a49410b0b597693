// Pure: an environment with the values a committed text of its config file gave it (plan's history walk: a version of
// a template file is judged with the values of the same commit, not today's).
import path from 'node:path';
import jsyaml from 'js-yaml';
import type { EnvironmentConfig, EnvironmentValue } from './load.js';
import { SEARCH_PLACES } from '../core/search-places.js';

/**
 * `env` with the values (`environments.<env.name>.values`) of `text`, the config file `file` as a commit has it; the
 * rest of `env` (channels, the API) is today's. A value read from an environment variable (`{ env: VAR }`) stays so: its
 * value then is not known, and today's is used. Undefined when the text cannot say (a JavaScript or TypeScript config,
 * one that imports others with `$import`, one that does not parse to a mapping): the caller then uses today's values.
 * A config of that commit without the environment, or without values, gives an environment without values.
 */
export function environmentAtConfigText(env: EnvironmentConfig, file: string, text: string): EnvironmentConfig | undefined {
  const base = path.basename(file);
  if (/\.(c|m)?(js|ts)$/i.test(base)) return undefined;
  let config: unknown;
  try {
    const clean = text.replace(/^\uFEFF/, '');
    config = /\.json$/i.test(base) ? JSON.parse(clean) : jsyaml.load(clean);
  } catch { return undefined; }
  if (base === 'package.json') config = isMapping(config) ? config.tplsync : undefined;
  if (!isMapping(config) || '$import' in config) return undefined;
  const envs = isMapping(config.environments) ? config.environments : {};
  const raw = isMapping(envs[env.name]) ? (envs[env.name] as Record<string, unknown>).values : undefined;
  const values: Record<string, EnvironmentValue> = {};
  for (const [key, v] of Object.entries(isMapping(raw) ? raw : {})) {
    if (typeof v === 'string' || typeof v === 'number') values[key] = { text: String(v) };
    else if (isMapping(v) && typeof v.env === 'string') values[key] = { env: v.env };
  }
  const { values: _today, ...rest } = env;
  return Object.keys(values).length ? { ...rest, values } : rest;
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Pure: where a commit may hold the config that is `configAt` now (its path in git, `/`-separated): there first; and, for
 * a config tplsync found by its name (not one named with --config), each other name it looks for in the same folder, in
 * the order it looks (a config converted since: `tplsync.config.json` then, `tplsync.config.yaml` now)
 */
export function configPathsAt(configAt: string): string[] {
  const slash = configAt.lastIndexOf('/');
  const dir = slash < 0 ? '' : configAt.slice(0, slash + 1);
  const name = configAt.slice(slash + 1);
  if (!SEARCH_PLACES.includes(name)) return [configAt];
  return [configAt, ...SEARCH_PLACES.filter((n) => n !== name).map((n) => `${dir}${n}`)];
}

/**
 * Pure: of `found` (configPathsAt's paths, each with its text at a commit or undefined where the commit has no such
 * file), the config tplsync would have read there: the path it has now when the commit has it, else the first present
 * in the order tplsync looks (a package.json only with a "tplsync" key); undefined when none (no config then: the
 * caller uses today's values)
 */
export function configAmong(found: readonly { file: string; text: string | undefined }[]): { file: string; text: string } | undefined {
  for (const { file, text } of found) {
    if (text === undefined) continue;
    if (path.posix.basename(file) === 'package.json') {
      let pkg: unknown;
      try { pkg = JSON.parse(text.replace(/^\uFEFF/, '')); } catch { continue; }
      if (!isMapping(pkg) || pkg.tplsync === undefined || pkg.tplsync === null) continue;
    }
    return { file, text };
  }
  return undefined;
}
