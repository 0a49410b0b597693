// Pure: the errors of a template once an environment's values stand in for its references,
// ((name)). Lint checks the file as written (a reference counts as a plausible value); a value can
// still break a rule once it is filled in (a host without https://, a secret that makes the body
// too long), and the channel would reject the write. Plan, apply and promote ask this first.
import type { SeveritySetting } from '../core/diagnostic.js';
import type { Loose } from '../model/loose.js';
import { lintStandIn } from '../model/values.js';
import { runRules } from './engine.js';
import { CHECKED_RULES, RULES_BY_ID } from './registry.js';

export interface EnvironmentFinding { ruleId: string; path: (string | number)[]; message: string }

/** Whether a finding keeps back only its own template (its rule's verdict depends on the clock: an expired campaign). */
export const heldOnly = (f: { ruleId: string }): boolean => RULES_BY_ID.get(f.ruleId)?.holdsOnlyItsTemplate === true;

/**
 * The errors of the per-file rules (the schema's among them: rules/schema.ts) on `t` (the template with its values filled
 * in), at the severities the config sets (`severities`, else each rule's own). Every rule, those whose verdict depends
 * on the clock among them (an expired campaign: a value may be a time that has passed); heldOnly tells which
 * errors keep back their template alone (plan holds it, as it holds a file whose own expiry has passed).
 */
export function errorsInEnvironment(t: Loose, now: Date, severities: Readonly<Record<string, SeveritySetting>> = {}): EnvironmentFinding[] {
  const isError = (id: string): boolean => (severities[id] ?? RULES_BY_ID.get(id)?.severity ?? 'error') === 'error';
  const out: EnvironmentFinding[] = [];
  const rules = CHECKED_RULES.filter((r) => isError(r.id));
  for (const f of runRules(t, rules, { now }, () => {})) out.push({ ruleId: f.ruleId, path: [...f.path], message: f.message });
  return out;
}

/**
 * The warnings the environment's values bring (a phone number, an emoji, a media file named by a
 * value): the warnings of the per-file rules on `t` (the template with its values filled in) that
 * the file as written (`raw`, its references standing for plausible values) does not have. Lint
 * shows the file's own; these no lint run can show.
 */
export function warningsInEnvironment(t: Loose, raw: Loose, now: Date, severities: Readonly<Record<string, SeveritySetting>> = {}): EnvironmentFinding[] {
  const isWarning = (id: string): boolean => (severities[id] ?? RULES_BY_ID.get(id)?.severity) === 'warning';
  const rules = CHECKED_RULES.filter((r) => isWarning(r.id));
  const key = (f: { ruleId: string; path: readonly (string | number)[] }): string => `${f.ruleId}|${f.path.join('.')}`;
  // the file's own: what lint says of the file as written (its references standing for plausible values, lintStandIn),
  // by rule and field: a warning lint shows there already (a body too long with its samples, the reference's value a
  // few characters longer or shorter) is not said again as one the values bring
  const own = new Set([...runRules(lintStandIn(raw), rules, { now }, () => {})].map(key));
  const out: EnvironmentFinding[] = [];
  for (const f of runRules(t, rules, { now }, () => {})) if (!own.has(key(f))) out.push({ ruleId: f.ruleId, path: [...f.path], message: f.message });
  return out;
}

/** Every error and warning of the per-file rules on `t` (what lint says of a file, its references standing for plausible values). */
export function findingsIn(t: Loose, now: Date, severities: Readonly<Record<string, SeveritySetting>> = {}): EnvironmentFinding[] {
  const on = (id: string): boolean => { const v = severities[id] ?? RULES_BY_ID.get(id)?.severity; return v === 'error' || v === 'warning'; };
  const rules = CHECKED_RULES.filter((r) => on(r.id));
  return [...runRules(t, rules, { now }, () => {})].map((f) => ({ ruleId: f.ruleId, path: [...f.path], message: f.message }));
}
