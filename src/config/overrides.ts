// Per-path rule severities, as ESLint and Spectral have them:
//   overrides: [{ files: ["templates/rcs/**"], rules: { placeholder-density: off } }]
// `files` are globs relative to the config file; later entries win over earlier ones and over
// the top-level `rules`. Checked here with did-you-mean (keys and rule ids), matched purely.
import path from 'node:path';
import { createRequire } from 'node:module';
import type { SeveritySetting } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';

/** loaded only by a config with overrides */
const picomatch = (...a: Parameters<typeof import('picomatch')>): ReturnType<typeof import('picomatch')> => (createRequire(import.meta.url)('picomatch') as typeof import('picomatch'))(...a);

export interface Override { files: string[]; rules: Record<string, SeveritySetting> }

const KEYS = ['files', 'rules'];
const SEVERITIES = ['error', 'warning', 'warn', 'info', 'off'];

/** ESLint's numbers of its severities */
const ESLINT_LEVELS: Readonly<Record<number, string>> = { 0: 'off', 1: 'warning', 2: 'error' };

/**
 * A rule's severity written as ESLint writes it: a list with its options (`[error]`,
 * `[error, { ... }]`) or a number (`2`). What to write instead: the severity alone, as tplsync's
 * rules take no options. undefined: no ESLint form.
 */
export function eslintSeverity(rule: string, data: unknown, allowed: readonly string[]): string | undefined {
  const level = (v: unknown): string | undefined => (typeof v === 'number' ? ESLINT_LEVELS[v] : typeof v === 'string' && allowed.includes(v) ? v : undefined);
  if (Array.isArray(data)) {
    const severity = level(data[0]) ?? 'error';
    return `a rule takes its severity alone, not a list as in ESLint (tplsync's rules have no options); write '${rule}: ${severity}'`;
  }
  if (typeof data === 'number' && ESLINT_LEVELS[data] !== undefined) return `${data} is ESLint's number of a severity; tplsync writes its name: '${rule}: ${ESLINT_LEVELS[data]}'`;
  if (data !== null && typeof data === 'object') return `a rule takes its severity alone (error, warning, info or off), not a mapping (tplsync's rules have no options); write '${rule}: error'`;
  return undefined;
}

/** Validates the raw `overrides` of a config (UsageError naming the entry and the key); rule ids are checked with the other rule ids. */
export function parseOverrides(raw: unknown, where: string): Override[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new UsageError(`${where}: overrides must be a list of { files: [globs], rules: { rule-id: severity } }`);
  return raw.map((entry, i) => {
    const at = `${where}: overrides[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) throw new UsageError(`${at} must be a mapping with files and rules`);
    for (const k of Object.keys(entry)) if (!KEYS.includes(k)) throw new UsageError(`${at}: unknown key '${k}'${didYouMean(k, KEYS) || ` (allowed: ${KEYS.join(', ')})`}`);
    const { files, rules } = entry as { files?: unknown; rules?: unknown };
    if (!Array.isArray(files) || files.length === 0 || !files.every((f) => typeof f === 'string' && f.length > 0)) {
      throw new UsageError(`${at}.files must be a non-empty list of globs relative to the config file, e.g. ["templates/rcs/**"]`);
    }
    if (!rules || typeof rules !== 'object' || Array.isArray(rules)) throw new UsageError(`${at}.rules must map rule ids to error, warning, info or off`);
    // no prototype: a rule id __proto__ is a key like any other (and refused as unknown), not the object's prototype
    const out: Record<string, SeveritySetting> = Object.create(null) as Record<string, SeveritySetting>;
    for (const [id, sev] of Object.entries(rules)) {
      if (typeof sev !== 'string' || !SEVERITIES.includes(sev)) {
        throw new UsageError(`${at}.rules.${id}: ${eslintSeverity(id, sev, SEVERITIES) ?? `'${String(sev)}' is not a severity${typeof sev === 'string' ? didYouMean(sev, SEVERITIES) : ''} (error, warning, info or off)`}`);
      }
      out[id] = sev === 'warn' ? 'warning' : (sev as SeveritySetting);
    }
    return { files: files as string[], rules: out };
  });
}

/** Unknown rule ids in the overrides, with did-you-mean (UsageError). */
export function checkOverrideRuleIds(overrides: readonly Override[], known: readonly string[], where: string): void {
  overrides.forEach((o, i) => {
    for (const id of Object.keys(o.rules)) {
      if (!known.includes(id)) throw new UsageError(`overrides[${i}].rules: unknown rule id '${id}' in ${where}${didYouMean(id, [...known])}`);
    }
  });
}

/** The severities of one file: the top-level rules, then every override whose globs match it, in order. */
export function severitiesFor(
  base: Readonly<Record<string, SeveritySetting>>, overrides: readonly Override[], configDir: string,
): (absFile: string) => Readonly<Record<string, SeveritySetting>> {
  if (overrides.length === 0) return () => base;
  const matchers = overrides.map((o) => picomatch(o.files, { dot: true }));
  const cache = new Map<string, Readonly<Record<string, SeveritySetting>>>();
  return (absFile) => {
    const rel = path.relative(configDir, absFile).split(path.sep).join('/');
    const hits = matchers.flatMap((m, i) => (m(rel) ? [i] : []));
    const key = hits.join(',');
    let sev = cache.get(key);
    if (!sev) {
      sev = Object.assign(Object.create(null) as Record<string, SeveritySetting>, base, ...hits.map((i) => overrides[i]!.rules)) as Record<string, SeveritySetting>;
      cache.set(key, sev);
    }
    return sev;
  };
}

/** The severities of the config's rules for each file (its overrides applied), by the file's absolute path. */
export function configSeverities(config: { rules: Readonly<Record<string, SeveritySetting>>; overrides?: readonly Override[]; dir: string }): (absFile: string) => Readonly<Record<string, SeveritySetting>> {
  return severitiesFor(config.rules, config.overrides ?? [], config.dir);
}

/** A rule the config turns off or down to info for a file, and where: `rules`, or the override (`overrides[i]`) that decides it. */
export interface RuleTurnedDown { rule: string; severity: 'off' | 'info'; where: string }

/**
 * Where the config turns a rule off or to info for a file (the last setting that applies: the top-level
 * `rules`, then each matching override in order), or undefined when it does not: what lint will say of
 * that rule in that file, for a hint that would send the user to lint.
 */
export function ruleTurnedDown(config: { rules: Readonly<Record<string, SeveritySetting>>; overrides?: readonly Override[]; dir: string }, absFile: string, rule: string): RuleTurnedDown | undefined {
  let found: { severity: SeveritySetting; where: string } | undefined = Object.hasOwn(config.rules, rule) ? { severity: config.rules[rule]!, where: 'rules' } : undefined;
  const overrides = config.overrides ?? [];
  if (overrides.some((o) => Object.hasOwn(o.rules, rule))) {
    const rel = path.relative(config.dir, absFile).split(path.sep).join('/');
    overrides.forEach((o, i) => {
      if (Object.hasOwn(o.rules, rule) && picomatch(o.files, { dot: true })(rel)) found = { severity: o.rules[rule]!, where: `overrides[${i}]` };
    });
  }
  return found && (found.severity === 'off' || found.severity === 'info') ? { rule, severity: found.severity, where: found.where } : undefined;
}
