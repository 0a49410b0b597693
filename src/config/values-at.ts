// Pure: an environment with the values a committed text of its config file gave it (plan's history walk: a version of
// a template file is judged with the values of the same commit, not today's).
import path from 'node:path';
import jsyaml from 'js-yaml';
import type { EnvironmentConfig, EnvironmentValue } from './load.js';

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
