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
