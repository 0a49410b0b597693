// Pure: a number or a duration as a user writes it on the command line, checked against its rule,
// and said with that rule whatever is wrong: a text that is no number, a number written another
// way (1e12, a sign, a fraction) or one out of range all get the same sentence, the real rule
// ("--latency takes a number from 0 to 60000 (ms), not '1e12'"), never a rule of the spelling.
import { UsageError } from './errors.js';

/** What an option takes: a range, whether it must be whole, the unit it is counted in, or a name for it ("a port number"). */
export interface NumberRule { min: number; max?: number; whole?: boolean; unit?: string; what?: string }

/** A port to listen on: 0 picks a free one. */
export const PORT_RULE: NumberRule = { min: 0, max: 65535, whole: true, what: 'a port number' };

/**
 * The number `text` writes as a decimal, with a sign, a fraction or an exponent (`1e3`, `-2`,
 * `.5`, `1.5E+2`); NaN for anything else (`Number` takes `''`, `0x1`, `0b1`, ` 1 ` and
 * `Infinity` as numbers: not here).
 */
export function numberOf(text: string): number {
  return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
}

/** The rule in words: "a whole number from 1 to 3600000 (ms)", "a number >= 0 (ms)". */
export function ruleText(r: NumberRule): string {
  const kind = r.what ?? (r.whole ? 'a whole number' : 'a number');
  const range = r.max === undefined ? `>= ${r.min}` : `from ${r.min} to ${r.max}`;
  return `${kind} ${range}${r.unit ? ` (${r.unit})` : ''}`;
}

/** Whether `n` keeps the rule. */
export function keeps(n: number, r: NumberRule): boolean {
  return Number.isFinite(n) && n >= r.min && (r.max === undefined || n <= r.max) && (!r.whole || Number.isInteger(n));
}

/** The number `text` writes when it keeps `rule`; a UsageError naming `option` and the rule otherwise. */
export function parseNumberOption(option: string, text: string, rule: NumberRule): number {
  // a whole number is written in digits (1e2 or 0x10 taken as 100 or 16 would be a count nobody wrote); a number may have a fraction or an exponent
  const n = rule.whole ? (/^\d+$/.test(text) ? Number(text) : NaN) : numberOf(text);
  if (!keeps(n, rule)) throw new UsageError(`${option} takes ${ruleText(rule)}, not '${text}'`);
  return n;
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** The longest duration an option takes: a week (a lock waited on longer is a job that never ends). */
export const MAX_DURATION_MS = 7 * 24 * 3_600_000;
const DURATION_RULE = `a duration such as 30s, 2m or 0 (a whole number with ms, s, m or h; a bare number is seconds), up to ${MAX_DURATION_MS / 3_600_000}h`;

/**
 * Milliseconds of `text` (`30s`, `2m`, `500ms`, `1h`, `45` = 45 s, Terraform's -lock-timeout
 * style); a UsageError naming `option` and the whole rule otherwise: a duration past the bound is
 * told the bound, not that it is no duration.
 */
export function parseDuration(text: string, option: string): number {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * UNITS[m[2] ?? 's']! : NaN;
  if (!Number.isFinite(ms) || ms > MAX_DURATION_MS) throw new UsageError(`${option} takes ${DURATION_RULE}, not '${text}'`);
  return ms;
}
