// Pure: what decides where an environment's API key goes (its baseUrl or emulator, apiKeyEnv,
// allowInsecureHttp) and which code runs beside it (the policy plugins), as a committed text of the
// config has it, compared with the config now. A pull request's plan job runs the branch's config
// with the environment's secret: a branch that moves the baseUrl sends the key there. `plan --base`
// says so in every format (src/plan/connection-base.ts reads the base's config).
import path from 'node:path';
import jsyaml from 'js-yaml';
import type { EnvironmentConfig, PolicyEntry } from './load.js';

/** The connection settings of one environment as a config text writes them (undefined: not written). */
export interface WrittenConnection { baseUrl?: string; emulator?: string; apiKeyEnv?: string; allowInsecureHttp?: boolean }

/**
 * What a committed text of the config says: `code` (a JavaScript or TypeScript config: only running it tells),
 * `unread` (it imports others, `$import`, or does not parse to a mapping), or the environment named (`env`: absent
 * when that config has none of that name) and the config's policy plugins (their `plugin:` paths).
 */
export type ConfigAtBase = { kind: 'code' } | { kind: 'unread' } | { kind: 'read'; env?: WrittenConnection; plugins: string[] };

export function connectionAtConfigText(file: string, text: string, envName: string): ConfigAtBase {
  const base = path.posix.basename(file);
  if (/\.(c|m)?(js|ts)$/i.test(base)) return { kind: 'code' };
  let config: unknown;
  try {
    const clean = text.replace(/^\uFEFF/, '');
    config = /\.json$/i.test(base) ? JSON.parse(clean) : jsyaml.load(clean);
  } catch { return { kind: 'unread' }; }
  if (base === 'package.json') config = isMapping(config) ? config.tplsync : undefined;
  if (!isMapping(config) || '$import' in config) return { kind: 'unread' };
  const envs = isMapping(config.environments) ? config.environments : {};
  const e = Object.prototype.hasOwnProperty.call(envs, envName) && isMapping(envs[envName]) ? envs[envName] as Record<string, unknown> : undefined;
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const env: WrittenConnection | undefined = e && {
    ...(str(e.baseUrl) ? { baseUrl: str(e.baseUrl) } : {}),
    ...(str(e.emulator) ? { emulator: str(e.emulator) } : {}),
    ...(str(e.apiKeyEnv) ? { apiKeyEnv: str(e.apiKeyEnv) } : {}),
    ...(e.allowInsecureHttp === true ? { allowInsecureHttp: true } : {}),
  };
  return { kind: 'read', ...(env ? { env } : {}), plugins: pluginsOf(Array.isArray(config.policies) ? config.policies as PolicyEntry[] : []) };
}

/** the `plugin:` paths of a config's policies, in order */
export function pluginsOf(policies: readonly PolicyEntry[]): string[] {
  return policies.flatMap((p) => (isMapping(p) && typeof p.plugin === 'string' ? [p.plugin] : []));
}

/** the default of apiKeyEnv (src/config/load.ts) */
const DEFAULT_KEY_VARIABLE = 'TPLSYNC_API_KEY';

/** a base URL as the API is reached at it (scheme and host in lower case, a trailing slash alike); the text when it is none */
const sameUrl = (a: string, b: string): boolean => {
  const norm = (u: string): string => { try { return new URL(u).href.replace(/\/+$/, ''); } catch { return u; } };
  return norm(a) === norm(b);
};

/**
 * The settings of `now` (the environment in use) that differ from the base's config (`base`), each a short phrase
 * naming the setting, its value now and the base's; `changedPlugins`: the plugins (paths as the config writes them)
 * whose file differs from the base's. Only what sends the key elsewhere or runs other code is said: an environment
 * on the embedded emulator sends its key nowhere, a key sent over https where the base allowed http is no new risk.
 */
export function connectionChanges(now: EnvironmentConfig, nowPlugins: readonly string[], base: Extract<ConfigAtBase, { kind: 'read' }>, changedPlugins: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const was = base.env;
  if (now.baseUrl !== undefined) {
    if (!was) out.push(`environment '${now.name}' is new (baseUrl ${now.baseUrl}, apiKeyEnv ${now.apiKeyEnv})`);
    else {
      if (was.baseUrl === undefined || !sameUrl(now.baseUrl, was.baseUrl)) out.push(`baseUrl ${now.baseUrl} (was ${was.baseUrl ?? (was.emulator ? `the embedded emulator ${was.emulator}` : 'not set')})`);
      const key = was.apiKeyEnv ?? DEFAULT_KEY_VARIABLE;
      if (now.apiKeyEnv !== key) out.push(`apiKeyEnv ${now.apiKeyEnv} (was ${key})`);
      if (now.allowInsecureHttp && !was.allowInsecureHttp) out.push('allowInsecureHttp true (was false)');
    }
  }
  for (const p of nowPlugins) {
    if (!base.plugins.includes(p)) out.push(`policy plugin ${p} is new`);
    else if (changedPlugins.has(p)) out.push(`policy plugin ${p} changed`);
  }
  return out;
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
