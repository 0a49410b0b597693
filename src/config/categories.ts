// Pure: `environments.<env>.categories`, the categories the platform approved templates under in one
// environment, accepted there. WhatsApp reviews each environment's copy of a template on its own and
// may re-categorise one copy (staging's approved as MARKETING, production's still UTILITY); one file
// serves every environment, so what one environment's platform decided is said in that environment's
// config, not in the file (docs/recovery.md#recategorised).
import { closest } from '../core/suggest.js';
import type { Config, EnvironmentConfig } from './load.js';

/** A template as the config's keys name it: its channel alias, name and language. */
export interface CategoryTemplate { channel: string; name: string; language: string }

/** the config key that accepts a category for a template in an environment (the form without the language: every language of it) */
export function categoryKey(t: Pick<CategoryTemplate, 'channel' | 'name'> & { language?: string }): string {
  return t.language === undefined ? `${t.channel}/${t.name}` : `${t.channel}/${t.name}/${t.language}`;
}

/** The category `env` accepts for a template: its language's key first, then the template's (every language). */
export function acceptedCategory(env: Pick<EnvironmentConfig, 'categories'>, t: CategoryTemplate): string | undefined {
  const c = env.categories;
  if (!c) return undefined;
  const own = (k: string): string | undefined => (Object.prototype.hasOwnProperty.call(c, k) ? c[k] : undefined);
  return own(categoryKey(t)) ?? own(categoryKey({ channel: t.channel, name: t.name }));
}

/** The other environments whose channels include `alias`: the ones the same template file serves besides `env`. */
export function otherEnvironmentsServing(config: Pick<Config, 'environments'>, env: string, alias: string): string[] {
  return Object.values(config.environments).filter((e) => e.name !== env && Object.prototype.hasOwnProperty.call(e.channels, alias)).map((e) => e.name).sort();
}

/**
 * The keys of `environments.<env>.categories` that name no template of the project (a typo, a
 * template renamed or gone), each with the nearest key that does, when one is near: said as a
 * warning (the key accepts nothing, and the plan goes on showing the re-categorisation).
 */
export function unknownCategoryKeys(env: Pick<EnvironmentConfig, 'categories'>, templates: readonly CategoryTemplate[]): { key: string; nearest?: string }[] {
  return keysNamingNothing(Object.keys(env.categories ?? {}), templates);
}

/**
 * Of `keys` (`<alias>/<name>` or `<alias>/<name>/<language>`: the config's keys of templates, `categories`' and
 * `exclude`'s), those that name none of `templates`, each with the nearest key of the same form that names one.
 */
export function keysNamingNothing(keys: readonly string[], templates: readonly CategoryTemplate[]): { key: string; nearest?: string }[] {
  if (!keys.length) return [];
  const known = new Set<string>();
  for (const t of templates) { known.add(categoryKey(t)); known.add(categoryKey({ channel: t.channel, name: t.name })); }
  const all = [...known].sort();
  return keys.filter((k) => !known.has(k)).map((key) => {
    // the nearest of the same form (with or without the language)
    const nearest = closest(key, all.filter((x) => x.split('/').length === key.split('/').length));
    return { key, ...(nearest !== undefined ? { nearest } : {}) };
  });
}

/** The warning for a key of `environments.<env>.categories` that names no template of the project. */
export function unknownCategoryKeyWarning(env: string, k: { key: string; nearest?: string }): string {
  return `environments.${env}.categories: '${k.key}' names no template of the project (the form is <alias>/<name> or <alias>/<name>/<language>)${k.nearest !== undefined ? `; did you mean '${k.nearest}'?` : ''}: it accepts nothing`;
}
