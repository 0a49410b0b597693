// Pure: a duration as a user writes it on the command line (Terraform's -lock-timeout style):
// 30s, 2m, 500ms, or a bare number of seconds.
import { UsageError } from './errors.js';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Milliseconds of `text` (`30s`, `2m`, `500ms`, `1h`, `45` = 45 s); a UsageError naming `option` otherwise. */
export function parseDuration(text: string, option: string): number {
  const m = /^(\d{1,7})(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new UsageError(`${option} takes a duration such as 30s, 2m or 0 (a whole number with ms, s, m or h; a bare number is seconds), not '${text}'`);
  return Number(m[1]) * UNITS[m[2] ?? 's']!;
}
