// Pure: "did you mean" for misspelt keys, enum values and rule ids.
import { createRequire } from 'node:module';

// loaded on the first suggestion: the library fills a 256 KB table as it loads, and most runs suggest nothing
let lev: typeof import('fastest-levenshtein') | undefined;
const distance = (a: string, b: string): number => (lev ??= createRequire(import.meta.url)('fastest-levenshtein') as typeof import('fastest-levenshtein')).distance(a, b);

/** The edit distance (Levenshtein) of two names, letter case ignored. */
export function editDistance(a: string, b: string): number {
  return a.toLowerCase() === b.toLowerCase() ? 0 : distance(a.toLowerCase(), b.toLowerCase());
}

export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  const low = input.toLowerCase();
  for (const c of candidates) {
    const d = c.toLowerCase() === low ? 0 : distance(low, c.toLowerCase());
    if (d < bestD) { bestD = d; best = c; }
  }
  if (best === undefined) return undefined;
  if (bestD <= Math.max(2, Math.floor(input.length / 3))) return best;
  // a shortening of one of them (prod for production, stag for staging)
  const longer = low.length >= 3 ? candidates.filter((c) => c.toLowerCase().startsWith(low)) : [];
  return longer.length === 1 ? longer[0] : undefined;
}

export function didYouMean(input: string, candidates: readonly string[]): string {
  const c = closest(input, candidates);
  return c !== undefined && c !== input ? `; did you mean '${c}'?` : '';
}

/**
 * Whether two names are one typo apart, letter case ignored: one letter wrong, missing or extra,
 * or two neighbours swapped (`KYE` for `KEY`, which Levenshtein counts as two edits). Stricter
 * than `closest`, for a name among many that are not candidates at all (a process's variables).
 */
export function oneTypoApart(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  if (x.length === y.length) {
    // one substituted, or two neighbours swapped
    if (x.slice(i + 1) === y.slice(i + 1)) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2);
  }
  // one inserted or deleted
  return x.length > y.length ? x.slice(i + 1) === y.slice(i) : x.slice(i) === y.slice(i + 1);
}
