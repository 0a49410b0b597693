// The setup every command shares: the config found from the working directory (or --config),
// and the connection to the environment (--env), closed whatever happens.
import { loadConfig, type Config } from '../config/load.js';
// the API client (and its contract: ajv, yaml) loads only for the commands that connect
import type { Connection } from '../connection/connect.js';
import { io } from '../core/io.js';
import path from 'node:path';
import { globBase } from '../files/discover.js';

export interface ConfigOptions { config?: string }
export interface ConnectionOptions extends ConfigOptions { env?: string; allowInsecureHttp?: boolean }

export function commandConfig(o: ConfigOptions): Promise<Config> {
  return loadConfig({ cwd: io().cwd(), ...(o.config ? { configFile: o.config } : {}) });
}

/** Runs `fn` with a connection to the environment of `o.env` (or the default), always closing it. */
export async function withConnection<T>(config: Config, o: ConnectionOptions & { parallelism?: number }, fn: (conn: Connection) => Promise<T>): Promise<T> {
  const { connect } = await import('../connection/connect.js');
  const conn = await connect(config, {
    ...(o.env ? { env: o.env } : {}),
    ...(o.parallelism !== undefined ? { parallelism: o.parallelism } : {}),
    ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}),
  });
  try { return await fn(conn); } finally { await conn.close(); }
}

/**
 * Where `new` and `pull` write when no --dir is given: the folder the config's first templates
 * glob starts from, beside the config (`templates/**` -> <config's folder>/templates), so that a
 * run from a subfolder writes where lint and plan look; an explicit --dir is the working
 * directory's.
 */
export function writeDir(config: Config, dir: string | undefined): string {
  if (dir !== undefined) return path.resolve(io().cwd(), dir);
  const first = config.templates[0];
  return path.resolve(config.dir, first === undefined ? 'templates' : globBase(first));
}

/** A saved plan's `base`: this run's working directory, relative to the config's folder, with `/` ('.' when the same) */
export function savedBase(config: Config): string {
  return path.relative(config.dir, io().cwd()).split(path.sep).join('/') || '.';
}

/** The folder a saved plan's file paths are relative to: its `base` under the config's folder, else the working directory */
export function savedFilesDir(config: Config, base: string | undefined): string {
  return base === undefined ? io().cwd() : path.resolve(config.dir, base);
}
