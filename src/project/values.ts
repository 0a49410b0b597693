// The one place a template's references to its environment's values, `((name))`, are replaced
// (src/model/values.ts): plan, apply (and a saved plan's bodies), promote, review, send, types
// and preview take a loaded file's value through here for the environment they work in.
import { environmentValues, selectEnvironment, type Config, type EnvironmentConfig, type ValueOfEnvironment } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { holdsKey, MIN_SECRET_LENGTH } from '../core/redact.js';
import { templateHoldsKey } from '../model/holds-key.js';
import type { Loose } from '../model/loose.js';
import { IDENTITY_KEYS, mapStrings, MissingValuesError, replaceReferences, SECRET_MASK, substituteValues, templateReferences } from '../model/values.js';
import { io } from '../core/io.js';
import { sha256 } from '../core/hash.js';
import { alignedTo, referencesInPlace } from './references-back.js';

const lookups = new WeakMap<EnvironmentConfig, (name: string) => ValueOfEnvironment | undefined>();

/**
 * The secret values of the environment that cannot be read: their variable unset, empty or unfit
 * (each with why, the message lookupValue throws). The others are read, and so masked in every
 * output from here on.
 */
export function unreadableSecrets(env: EnvironmentConfig): { name: string; variable: string; why: string }[] {
  const out: { name: string; variable: string; why: string }[] = [];
  for (const [name, v] of Object.entries(env.values ?? {})) {
    if (!('env' in v)) continue;
    try { lookupValue(env, name); } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      out.push({ name, variable: v.env, why: e.message });
    }
  }
  return out;
}

/**
 * Every secret value of the environment read, or a UsageError naming the one whose variable is
 * unset, empty or unfit: `command` writes files from texts that may hold a secret, and finds one
 * only by its value (valuesAsReferences); a value it does not know would be written in clear.
 */
export function requireSecretValues(env: EnvironmentConfig, command: string): void {
  const [first] = unreadableSecrets(env);
  if (first) throw new UsageError(`${command} writes each secret value of environment '${env.name}' into the files as its reference ((${first.name})), and finds it in the templates' texts by its value; without it the value would be written in clear: ${first.why}`);
}

/** The value of `name` in the environment (a secret read from its variable once per run). */
export function lookupValue(env: EnvironmentConfig, name: string): ValueOfEnvironment | undefined {
  let l = lookups.get(env);
  if (!l) lookups.set(env, (l = environmentValues(env)));
  return l(name);
}

/**
 * The environment whose values a preview or the generated types show: --env, else the config's
 * default (or only) environment; undefined when there is none to choose (references are then
 * shown as written).
 */
export function shownEnvironment(config: Config, name: string | undefined): EnvironmentConfig | undefined {
  const names = Object.keys(config.environments);
  if (name === undefined && !config.defaultEnvironment && names.length !== 1) return undefined;
  return selectEnvironment(config, name);
}

/**
 * The file's template in `env`, or as written when there is no environment or it lacks a value
 * (or its secret's variable is unset). Shown (previews, generated types): secrets as `(secret)`;
 * `mask: false` for what is compared with the channel (the files at a git ref).
 */
export function shownTemplate(file: string, t: Loose, env: EnvironmentConfig | undefined, o: { mask?: boolean } = { mask: true }): Loose {
  if (!env) return t;
  try {
    if (!o.mask) return templateIn(file, t, env, o);
    // shown as (secret) whatever it is: its variable is not read, so the page or module is the same whether it is set or not
    return substituteValues(t, (name) => (isSecretValue(env, name) ? { value: SECRET_MASK, secret: true } : lookupValue(env, name)), { mask: true });
  } catch (e) {
    // a value the environment lacks (lint's env-value-missing says where): shown as written, ((name)) and all
    if (e instanceof UsageError || e instanceof MissingValuesError) return t;
    throw e;
  }
}

/**
 * The file's template in `env`: every ((name)) replaced by the environment's value. `mask`:
 * secrets as `(secret)` (what is shown: previews, generated types), otherwise their values (what
 * is written and sent). A reference the environment has no value for is a UsageError naming the
 * file (lint's rule env-value-missing finds it first, at its position).
 */
export function templateIn(file: string, t: Loose, env: EnvironmentConfig, o: { mask?: boolean; markSecrets?: boolean } = {}): Loose {
  try {
    return substituteValues(t, (name) => lookupValue(env, name), o);
  } catch (e) {
    if (!(e instanceof MissingValuesError)) throw e;
    throw new UsageError(`${file}: environment '${env.name}' has no value for ${e.names.map((n) => `((${n}))`).join(', ')}; add ${e.names.length > 1 ? 'them' : 'it'} under environments.${env.name}.values in the config (tplsync lint shows where each is used)`);
  }
}

/**
 * What each of `names` is in `env`, as a short digest (a saved plan keeps them, to find a value changed
 * since the plan: apply FILE, src/plan/saved.ts staleness): a plain value's digest of its text, a
 * secret's of its variable's name (its value is never read here, nor kept in a plan, even hashed),
 * 'missing' for a name the environment lacks.
 */
export function valueDigests(env: EnvironmentConfig, names: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...new Set(names)].sort()) {
    const v = Object.prototype.hasOwnProperty.call(env.values ?? {}, name) ? env.values![name]! : undefined;
    out[name] = v === undefined ? 'missing' : sha256('env' in v ? `env:${v.env}` : `text:${v.text}`).slice(0, 16);
  }
  return out;
}

/** Whether `name` is a secret value of `env` (one read from an environment variable). */
const isSecretValue = (env: EnvironmentConfig, name: string): boolean => Object.prototype.hasOwnProperty.call(env.values ?? {}, name) && 'env' in env.values![name]!;

/** The references of a template a generated module cannot fill: its secrets' (a module is a file), or every one without an environment. */
export function unfilledReferences(t: Loose, env: EnvironmentConfig | undefined): string[] {
  return [...new Set(templateReferences(t).filter((r) => !env || isSecretValue(env, r.name)).map((r) => r.name))].sort();
}

/** Whether the template refers to a secret value of `env` (one read from an environment variable). */
export function refersToSecret(t: Loose, env: EnvironmentConfig): boolean {
  return templateReferences(t).some((r) => env.values?.[r.name] !== undefined && 'env' in env.values[r.name]!);
}

/**
 * The file's template with each secret of `env` as a mark (substituteValues' `markSecrets`; its
 * variable is not read) and every other value filled in; undefined when `env` lacks a value it
 * refers to. What pull aligns the channel's copy with, to write each secret back as its reference.
 */
export function markedTemplate(t: Loose, env: EnvironmentConfig): Loose | undefined {
  try {
    return substituteValues(t, (name) => (isSecretValue(env, name) ? { value: '', secret: true } : lookupValue(env, name)), { markSecrets: true });
  } catch (e) {
    if (e instanceof MissingValuesError || e instanceof UsageError) return undefined;
    throw e;
  }
}

/**
 * A file's template at a git ref (the base of a pull request) with a mark where it referred to a
 * secret of `env`, or to a value `env` no longer has (a secret the change removed from the config
 * with its last use); its other values filled in. Undefined when it marks nothing. What the
 * channel's copy holds at those marks is masked in a plan, whose variable may be unset (CI gives
 * `plan` no secret values) or no longer named by any file.
 */
export function baseMarkedTemplate(t: Loose, env: EnvironmentConfig, o: {
  /** every value marked, the plain ones too (a commit whose config cannot say its values: plan's history, whose version is then filled with today's) */
  allValues?: boolean } = {}): Loose | undefined {
  let marks = 0;
  try {
    const out = substituteValues(t, (name) => {
      if (!o.allValues && !isSecretValue(env, name) && Object.prototype.hasOwnProperty.call(env.values ?? {}, name)) return lookupValue(env, name);
      marks++;
      return { value: '', secret: true };
    }, { markSecrets: true });
    return marks ? out : undefined;
  } catch (e) {
    if (e instanceof MissingValuesError || e instanceof UsageError) return undefined;
    throw e;
  }
}

/**
 * A template (the canonical model pulled from the channel of `env`) with each secret value of
 * `env` whose variable is set, and each of `learned` (value -> name: what the channel held where
 * the file has a secret), written as its reference `((name))` in every string: a pulled file never
 * holds a secret in clear. A plain value (8 characters or more; `env`'s own, or one of
 * `otherValues`, value -> name, another environment's) becomes its reference only in a string
 * whose counterpart in `fileCopy` (the file's template in the same shape, its references as
 * written; its lists aligned to the channel's by label) refers to it, and there only where the
 * reference stood (the two texts aligned: references-back.ts): the file keeps serving every
 * environment where it did, and a literal it wrote (the staging host in a sentence) stays literal,
 * not a reference that another environment fills in with its own value. `used` hears each plain
 * value put back. Done on the strings, not on the file's text, where a value of several lines is
 * indented and no longer found.
 */
export function valuesAsReferences<T>(t: T, env: EnvironmentConfig, vars: NodeJS.ProcessEnv = io().env, fileCopy?: unknown, learned: ReadonlyMap<string, string> = new Map(), otherValues: ReadonlyMap<string, string> = new Map(), used?: (name: string, value: string) => void): T {
  const secrets = Object.entries(env.values ?? {}).flatMap(([name, v]) => ('env' in v && (vars[v.env]?.length ?? 0) >= MIN_SECRET_LENGTH ? [[name, vars[v.env]!] as const] : []));
  const global = [...secrets, ...[...learned].map(([value, name]) => [name, value] as const)].sort((a, b) => b[1].length - a[1].length);
  /** name -> the plain values written as it where the file refers to it (this environment's first) */
  const plain = new Map<string, string[]>();
  // (any length: a value is put back only where the file's reference stood, told by the text around it, never found at large)
  for (const [name, v] of Object.entries(env.values ?? {})) if ('text' in v && v.text.length > 0) plain.set(name, [v.text]);
  for (const [value, name] of otherValues) if (value.length > 0) plain.set(name, [...(plain.get(name) ?? []), value]);
  if (!global.length && (!plain.size || fileCopy === undefined)) return t;
  // the file's lists in the channel's order (a button moved and edited is compared with its own text)
  const fill = (text: string): string => replaceReferences(text, (n) => plain.get(n)?.[0]);
  const aligned = plain.size && fileCopy !== undefined ? alignedTo(fileCopy, t, fill) : undefined;
  return mapStringsAt(t as Loose, (s, at) => {
    let out = s;
    const mine = aligned === undefined ? undefined : stringAt(aligned, at);
    if (mine !== undefined) out = referencesInPlace(out, mine, plain, used);
    for (const [name, value] of global) if (out.includes(value)) out = replaceWhole(out, value, `((${name}))`);
    return out;
  }) as T;
}

/**
 * The plain values of `env` that `before` (a file) refers to more often than `after` (the file
 * pull wrote over it) does: references the pull could not put back where they stood, each with the
 * fields (`body.text`, `buttons[0].url`) where `before` has it more often than `after` (none when
 * it moved to another field). Pure.
 */
export function lostPlainReferences(before: unknown, after: unknown, env: EnvironmentConfig): { name: string; fields: string[] }[] {
  const counts = (v: unknown): Map<string, Map<string, number>> => {
    const m = new Map<string, Map<string, number>>();
    for (const r of templateReferences((v ?? {}) as Loose)) {
      const d = env.values?.[r.name];
      if (!d || !('text' in d)) continue;
      const at = r.path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
      const byField = m.get(r.name) ?? new Map<string, number>();
      byField.set(at, (byField.get(at) ?? 0) + 1);
      m.set(r.name, byField);
    }
    return m;
  };
  const total = (m: Map<string, number> | undefined): number => [...(m ?? new Map<string, number>()).values()].reduce((a, b) => a + b, 0);
  const now = counts(after);
  return [...counts(before)].filter(([name, fields]) => total(now.get(name)) < total(fields))
    .map(([name, fields]) => ({ name, fields: [...fields].filter(([at, n]) => (now.get(name)?.get(at) ?? 0) < n).map(([at]) => at) }));
}

/**
 * Pure: the names the template refers to, `((name))`, whose value `now` defines otherwise than `before` (changed, added or
 * removed; a secret by its variable), sorted: what a change of the config alone changes in the template's text
 */
export function changedValues(t: unknown, before: EnvironmentConfig, now: EnvironmentConfig): string[] {
  const names = new Set(templateReferences((t ?? {}) as Loose).map((r) => r.name));
  return [...names].filter((n) => JSON.stringify(before.values?.[n]) !== JSON.stringify(now.values?.[n])).sort();
}

/** Every substitutable string of a template mapped with its path (identity keys at the top left alone). */
function mapStringsAt(t: Loose, f: (s: string, at: readonly (string | number)[]) => string): Loose {
  const walk = (v: unknown, at: (string | number)[]): unknown => {
    if (typeof v === 'string') return f(v, at);
    if (Array.isArray(v)) return v.map((x, i) => walk(x, [...at, i]));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = !at.length && IDENTITY_KEYS.has(k) ? x : walk(x, [...at, k]);
      return out;
    }
    return v;
  };
  return walk(t, []) as Loose;
}

/** the string at `at` in `v`, if there is one */
function stringAt(v: unknown, at: readonly (string | number)[]): string | undefined {
  let x = v;
  for (const k of at) {
    if (x === null || typeof x !== 'object') return undefined;
    x = (x as Record<string | number, unknown>)[k];
  }
  return typeof x === 'string' ? x : undefined;
}

/**
 * `s` with each occurrence of `value` that stands whole replaced by `ref`: not one that is the start
 * or the end of a longer word or host (`https://shop.example` inside `https://shop.example.net`, a
 * code inside a longer code). A dot at a sentence's end is no continuation. Pure.
 */
export function replaceWhole(s: string, value: string, ref: string): string {
  const wordStart = /^[A-Za-z0-9]/.test(value);
  const wordEnd = /[A-Za-z0-9]$/.test(value);
  let out = '';
  let from = 0;
  for (let at = s.indexOf(value); at >= 0; at = s.indexOf(value, at + 1)) {
    if (at < from) continue;
    const after = s.slice(at + value.length, at + value.length + 2);
    if (wordStart && /[A-Za-z0-9_]/.test(s[at - 1] ?? '')) continue;
    if (wordEnd && (/^[A-Za-z0-9_-]/.test(after) || /^\.[A-Za-z0-9]/.test(after))) continue;
    out += s.slice(from, at) + ref;
    from = at + value.length;
  }
  return from === 0 ? s : out + s.slice(from);
}

/**
 * Where to take the API key out of, for a template whose filled-in text holds it: the file, when
 * its own text says it; else the environment's value that a reference of it fills in, named (the
 * file does not hold the key at all).
 */
export function keyRemedy(file: string, t: Loose, env: EnvironmentConfig | undefined): string {
  const inFile = templateHoldsKey(t);
  if (!env) return `take it out of ${file}`;
  const names = [...new Set(templateReferences(t).map((r) => r.name))].filter((n) => { const v = lookupValue(env, n); return v !== undefined && holdsKey(v.value); });
  const where = `environment '${env.name}' (environments.${env.name}.values in the config, or the variable a { env: VAR } value reads)`;
  const refs = names.map((n) => `((${n}))`).join(', ');
  if (inFile) return names.length ? `take it out of ${file}, and out of the value${names.length === 1 ? '' : 's'} ${refs} of ${where}` : `take it out of ${file}`;
  if (!names.length) return `neither ${file} nor one value holds it whole: the text its references make with the values of ${where} does; take it out of the file's text or of those values`;
  const which = names.length === 1 ? `the reference ${refs} there fills` : `the references ${refs} there fill`;
  return `it is not written in ${file}: ${which} it in from ${where}; take it out of that value`;
}
