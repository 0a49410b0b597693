// Pure: which template files an environment has. A file names its channel by an alias of the
// config; an alias only some environments define makes a template only they have (docs/format.md,
// `channel`): plan, apply, promote, review and types of another environment leave its file out and
// say so. One rule for all of them, here.
import type { EnvironmentConfig } from '../config/load.js';
import { UUID_RE } from '../core/uuid.js';
import type { Loose } from '../model/loose.js';

/**
 * The channel alias that leaves the template `value` out of `env`: an alias `env` does not define.
 * Undefined when `env` has the template (its alias is one of `env`'s channels, or it names its
 * channel by id, or it names none: the schema's finding).
 */
export function aliasLeftOut(value: Loose, env: EnvironmentConfig): string | undefined {
  const alias = typeof value.channel === 'string' ? value.channel : undefined;
  return alias !== undefined && !UUID_RE.test(alias) && !Object.hasOwn(env.channels, alias) ? alias : undefined;
}

/** The files of `files` that `env` has (all of them without an environment); each one left out is told to `onLeftOut` with its alias. */
export function filesInEnvironment<F extends { file: string; value?: Loose | undefined }>(files: readonly F[], env: EnvironmentConfig | undefined, onLeftOut: (file: string, alias: string) => void): F[] {
  if (!env) return [...files];
  return files.filter((f) => {
    const alias = f.value ? aliasLeftOut(f.value, env) : undefined;
    if (alias !== undefined) onLeftOut(f.file, alias);
    return alias === undefined;
  });
}
