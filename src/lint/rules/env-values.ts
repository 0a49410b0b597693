// Pure: rule env-value-missing. A template file refers to its environment's values as ((name))
// (src/model/values.ts); every environment whose channels include the file's channel alias must
// give each value the file refers to, or plan and apply would stop in that environment.
import { didYouMean } from '../../core/suggest.js';

export const ENV_VALUE_RULE_ID = 'env-value-missing';

/** The finding's message: which environments lack the value, and what to add (or what was meant). */
export function missingValueMessage(name: string, alias: string, missing: readonly string[], known: readonly (readonly string[])[]): string {
  const names = [...new Set(known.flat())].filter((n) => n !== name);
  const where = missing.length === 1 ? `environment ${missing[0]}, which has` : `environments ${missing.join(', ')}, which have`;
  const key = missing.length === 1 ? `environments.${missing[0]}.values.${name}` : `environments.<env>.values.${name} to each`;
  return `((${name})) has no value in ${where} channel '${alias}': add ${key} in the config (a text, or { env: VAR } for a secret)${didYouMean(name, names)}`;
}
