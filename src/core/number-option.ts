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

/**
 * What a duration option takes: the unit a bare number is counted in (the one its help and docs
 * name: `--wait-timeout 600` is seconds, `emulator --latency 200` milliseconds), and its range in
 * milliseconds (default 0 to a week); `stepMs`: the value must be a whole number of these (a
 * Retry-After counts whole seconds).
 */
export interface DurationRule { unit?: 'ms' | 's'; minMs?: number; maxMs?: number; stepMs?: number }

/** `ms` in the largest unit it is a whole number of: 168h, 10m, 30s, 1500ms */
export function durationText(ms: number): string {
  for (const u of ['h', 'm', 's'] as const) if (ms !== 0 && ms % UNITS[u]! === 0) return `${ms / UNITS[u]!}${u}`;
  return ms === 0 ? '0' : `${ms}ms`;
}

/** The rule in words: "a duration such as 30s, 2m or 0 (a whole number with ms, s, m or h; a bare number is seconds), up to 168h". */
export function durationRuleText(r: DurationRule = {}): string {
  const unit = r.unit ?? 's';
  const min = r.minMs ?? 0;
  const max = r.maxMs ?? MAX_DURATION_MS;
  const bare = min === 0 ? '0' : unit === 's' ? '600' : '1500';
  const step = r.stepMs === 1000 ? ', in whole seconds' : r.stepMs && r.stepMs > 1 ? `, a whole number of ${durationText(r.stepMs)}` : '';
  return `a duration such as 30s, 2m or ${bare} (a whole number with ms, s, m or h; a bare number is ${unit === 's' ? 'seconds' : 'milliseconds'}), ${min > 0 ? `from ${durationText(min)} ` : ''}up to ${durationText(max)}${step}`;
}

/**
 * Milliseconds of `text`, the one parser of every duration option (a time-out, a wait, a delay, an
 * interval): a whole number with a unit (`500ms`, `30s`, `2m`, `1h`), or bare in the option's own
 * unit (`rule.unit`: seconds unless said, Terraform's -lock-timeout style); a UsageError naming
 * `option` and the whole rule otherwise, whatever is wrong (`20x`, `-1`, `''`, `1.5m`, past the bound).
 */
export function parseDuration(text: string, option: string, rule: DurationRule = {}): number {
  const m = /^(\d+)(ms|s|m|h)?$/.exec(text.trim());
  const ms = m ? Number(m[1]) * UNITS[m[2] ?? rule.unit ?? 's']! : NaN;
  const ok = Number.isSafeInteger(ms) && ms >= (rule.minMs ?? 0) && ms <= (rule.maxMs ?? MAX_DURATION_MS) && (!rule.stepMs || ms % rule.stepMs === 0);
  if (!ok) throw new UsageError(`${option} takes ${durationRuleText(rule)}, not '${text}'`);
  return ms;
}
