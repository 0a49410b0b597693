// Effects: find and read the config (cosmiconfig, module name `tplsync`), validate it against
// schema/config.schema.json and resolve it to absolute paths. Errors are UsageError (exit 3).
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { SeveritySetting } from '../core/diagnostic.js';
import { schemaDir } from '../schemas/dir.js';
import { UsageError } from '../core/errors.js';

export interface EnvironmentConfig {
  name: string;
  emulator?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  allowInsecureHttp: boolean;
  channels: Record<string, string>;
}

export interface Config {
  /** absolute path of the config file, or undefined when none was found */
  file?: string;
  /** the directory globs and relative paths are resolved against */
  dir: string;
  templates: string[];
  /** where `tplsync types` writes the module, relative to `dir` */
  typesOut: string;
  defaultEnvironment?: string;
  environments: Record<string, EnvironmentConfig>;
  rules: Record<string, SeveritySetting>;
}

/** FORMAT.md: tplsync.config.{yaml,yml,json,js,ts}, .tplsyncrc*, or package.json#tplsync */
export const SEARCH_PLACES = [
  'tplsync.config.yaml', 'tplsync.config.yml', 'tplsync.config.json', 'tplsync.config.js', 'tplsync.config.ts',
  'tplsync.config.mjs', 'tplsync.config.cjs',
  '.tplsyncrc', '.tplsyncrc.yaml', '.tplsyncrc.yml', '.tplsyncrc.json', '.tplsyncrc.js', '.tplsyncrc.ts', '.tplsyncrc.mjs', '.tplsyncrc.cjs',
  'package.json',
];

export const DEFAULT_TEMPLATE_GLOBS = ['templates/**/*.{yaml,yml}'];
export const DEFAULT_TYPES_OUT = 'tplsync-templates.ts';

interface RawConfig {
  templates?: string[];
  typesOut?: string;
  defaultEnvironment?: string;
  environments?: Record<string, { emulator?: string; baseUrl?: string; apiKeyEnv?: string; allowInsecureHttp?: boolean; channels?: Record<string, string> }>;
  rules?: Record<string, string>;
}


/** The `$schema` path of the modeline of a file written into `dir`: the project's own schema, else the package's. */
export function schemaModelinePath(config: Config, dir: string): string {
  const local = path.join(config.dir, 'schema', 'template.schema.json');
  return path.relative(dir, existsSync(local) ? local : path.join(schemaDir, 'template.schema.json')).split(path.sep).join('/');
}

export async function loadConfig(opts: { cwd: string; configFile?: string }): Promise<Config> {
  const { cosmiconfig } = await import('cosmiconfig');
  const explorer = cosmiconfig('tplsync', { searchStrategy: 'project', searchPlaces: SEARCH_PLACES });
  let result: { config: unknown; filepath: string; isEmpty?: boolean } | null;
  try {
    result = opts.configFile
      ? await explorer.load(path.resolve(opts.cwd, opts.configFile))
      : await explorer.search(opts.cwd);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') throw new UsageError(`Config file not found: ${opts.configFile}`);
    throw new UsageError(`Cannot read the config${opts.configFile ? ` ${opts.configFile}` : ''}: ${firstLine(err.message)}`);
  }
  if (!result) return { dir: opts.cwd, templates: DEFAULT_TEMPLATE_GLOBS, typesOut: DEFAULT_TYPES_OUT, environments: {}, rules: {} };
  return resolveConfig(result.config ?? {}, result.filepath);
}

function firstLine(s: string): string { return s.split('\n')[0]!; }

/** Pure apart from reading the bundled schema: validates and resolves a raw config object. */
export async function resolveConfig(raw: unknown, filepath: string): Promise<Config> {
  const validate = (await import('../schemas/config.js')).configValidator();
  const rel = path.relative(process.cwd(), filepath) || filepath;
  if (!validate(raw)) {
    const e = validate.errors![0]!;
    const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(top level)';
    const extra = e.keyword === 'additionalProperties' ? ` '${(e.params as { additionalProperty: string }).additionalProperty}'` : '';
    throw new UsageError(`${rel}: ${where}: ${e.message}${extra}`);
  }
  const c = raw as RawConfig;
  const environments: Record<string, EnvironmentConfig> = {};
  for (const [name, env] of Object.entries(c.environments ?? {})) {
    if (env.emulator && env.baseUrl) throw new UsageError(`${rel}: environments.${name}: set either emulator or baseUrl, not both`);
    environments[name] = {
      name,
      ...(env.emulator ? { emulator: path.resolve(path.dirname(filepath), env.emulator) } : {}),
      ...(env.baseUrl ? { baseUrl: env.baseUrl } : {}),
      apiKeyEnv: env.apiKeyEnv ?? 'TPLSYNC_API_KEY',
      allowInsecureHttp: env.allowInsecureHttp ?? false,
      channels: env.channels ?? {},
    };
  }
  if (c.defaultEnvironment && !environments[c.defaultEnvironment]) {
    throw new UsageError(`${rel}: defaultEnvironment '${c.defaultEnvironment}' is not one of the environments (${Object.keys(environments).join(', ') || 'none'})`);
  }
  const rules: Record<string, SeveritySetting> = {};
  for (const [id, sev] of Object.entries(c.rules ?? {})) rules[id] = sev === 'warn' ? 'warning' : (sev as SeveritySetting);
  return {
    file: filepath,
    dir: path.dirname(filepath),
    templates: c.templates ?? DEFAULT_TEMPLATE_GLOBS,
    typesOut: c.typesOut ?? DEFAULT_TYPES_OUT,
    ...(c.defaultEnvironment ? { defaultEnvironment: c.defaultEnvironment } : {}),
    environments,
    rules,
  };
}

/** The environment named by --env, or the config's default. */
export function selectEnvironment(config: Config, name?: string): EnvironmentConfig {
  const envName = name ?? config.defaultEnvironment;
  const names = Object.keys(config.environments);
  if (!envName) {
    if (names.length === 1) return config.environments[names[0]!]!;
    throw new UsageError(names.length === 0
      ? 'No environment is configured: add `environments` to tplsync.config.yaml'
      : `Choose an environment with --env (${names.join(', ')}) or set defaultEnvironment in the config`);
  }
  const env = config.environments[envName];
  if (!env) throw new UsageError(`Unknown environment '${envName}'; the config has: ${names.join(', ') || 'none'}`);
  return env;
}
