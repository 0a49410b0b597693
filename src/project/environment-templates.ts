// Pure: which template files an environment has. A file names its channel by an alias of the
// config; an alias only some environments define makes a template only they have (docs/format.md,
// `channel`), and an environment's `exclude` takes a template out of that environment alone (a
// template retired there: docs/recovery.md#deleted): plan, apply, promote, review, send, preview
// and types of that environment leave its file out and say so. One rule for all of them, here.
import type { EnvironmentConfig } from '../config/load.js';
import { categoryKey, keysNamingNothing, type CategoryTemplate } from '../config/categories.js';
import { UsageError } from '../core/errors.js';
import { UUID_RE } from '../core/uuid.js';
import type { Loose } from '../model/loose.js';

/**
 * Why a template is not one of an environment's: `alias`, its channel alias, is not one of the environment's channels; or
 * (`excluded`) the key of `environments.<env>.exclude` that names it.
 */
export interface LeftOut { alias: string; excluded?: string }

/**
 * Why `env` leaves the template `value` out: an alias `env` does not define, or a key of its `exclude` that names it.
 * Undefined when `env` has the template (its alias is one of `env`'s channels, or it names its channel by id, and no key
 * of `exclude` names it; or it names no channel: the schema's finding).
 */
export function leftOutOf(value: Loose, env: EnvironmentConfig): LeftOut | undefined {
  const alias = typeof value.channel === 'string' ? value.channel : undefined;
  if (alias === undefined) return undefined;
  if (!UUID_RE.test(alias) && !Object.hasOwn(env.channels, alias)) return { alias };
  const excluded = typeof value.name === 'string' && typeof value.language === 'string' ? excludedBy(env, { channel: alias, name: value.name, language: value.language }) : undefined;
  return excluded === undefined ? undefined : { alias, excluded };
}

/** The key of `env`'s `exclude` that names the template (its language's, else the template's: every language), or undefined. */
export function excludedBy(env: Pick<EnvironmentConfig, 'exclude'>, t: CategoryTemplate): string | undefined {
  const keys = env.exclude;
  if (!keys?.length) return undefined;
  const own = categoryKey(t);
  const all = categoryKey({ channel: t.channel, name: t.name });
  return keys.find((k) => k === own) ?? keys.find((k) => k === all);
}

/** The files of `files` that `env` has (all of them without an environment); each one left out is told to `onLeftOut` with why. */
export function filesInEnvironment<F extends { file: string; value?: Loose | undefined }>(files: readonly F[], env: EnvironmentConfig | undefined, onLeftOut: (file: string, why: LeftOut) => void): F[] {
  if (!env) return [...files];
  return files.filter((f) => {
    const why = f.value ? leftOutOf(f.value, env) : undefined;
    if (why !== undefined) onLeftOut(f.file, why);
    return why === undefined;
  });
}

/**
 * Refused (UsageError, exit 3) when a key of `env`'s `exclude` names no template of `files` (the project's, every file:
 * a run of some files cannot tell): a typo there would leave in the environment the template it meant to take out.
 * Said with the nearest key that names one.
 */
export function refuseUnknownExcludeKeys(env: EnvironmentConfig | undefined, files: readonly { value?: Loose | undefined }[]): void {
  if (!env?.exclude?.length) return;
  const templates = files.flatMap(({ value: v }) => (v && typeof v.channel === 'string' && typeof v.name === 'string' && typeof v.language === 'string' ? [{ channel: v.channel, name: v.name, language: v.language }] : []));
  const unknown = keysNamingNothing(env.exclude, templates);
  if (!unknown.length) return;
  throw new UsageError(unknown.map((k) => `environments.${env.name}.exclude: '${k.key}' names no template of the project (the form is <alias>/<name> or <alias>/<name>/<language>)${k.nearest !== undefined ? `; did you mean '${k.nearest}'?` : ''}: correct it or remove it (it would leave in ${env.name} the template it was meant to take out)`).join('\n'));
}

/** What a command says of a file the environment leaves out (sayLeftOut, the message a run of named files stops with). */
export function leftOutReason(environment: string, why: LeftOut): string {
  return why.excluded !== undefined
    ? `environments.${environment}.exclude names it ('${why.excluded}': a template retired in ${environment} alone)`
    : `its channel alias '${why.alias}' is not one of ${environment}'s channels (a template only the environments that define the alias have)`;
}
