// Pure: RFC 3339 times as RBM takes them (Google's Timestamp: expireTime, a calendar event's
// startTime and endTime), read strictly. Date.parse takes 2026-11-31 (and rolls it over to
// December 1st) and 2027-02-30; an API would refuse them, and a preview would show another day.

const TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** whether `t` is written as an RFC 3339 time (its digits in their places), whether or not the date and clock exist */
export const rfc3339Shape = (t: string): boolean => TIME.test(t);

/**
 * `t` with its `T` and `Z` in capitals when that makes it RFC 3339 as tplsync takes it (RFC 3339
 * allows them in lower case; RBM's times are written with capitals), else undefined.
 */
export const rfc3339Capitals = (t: string): string | undefined => {
  if (!/[tz]/.test(t)) return undefined;
  const up = t.replace(/^(\d{4}-\d{2}-\d{2})t/, '$1T').replace(/z$/, 'Z');
  return up !== t && TIME.test(up) ? up : undefined;
};

/** the days of month `m` (1-12) of year `y`, in the Gregorian calendar */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/**
 * The instant of an RFC 3339 time with `Z` or an offset (seconds and fractions optional, as the
 * rules have always taken them), or undefined when it is not one: a day its month does not have,
 * an hour over 23, a minute or second over 59, an offset over 23:59.
 */
export function rfc3339Ms(t: string): number | undefined {
  const m = TIME.exec(t);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  const s = m[6] === undefined ? 0 : Number(m[6]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  if (m[8] !== 'Z' && (Number(m[9]) > 23 || Number(m[10]) > 59)) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}
