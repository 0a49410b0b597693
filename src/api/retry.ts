// Pure: retry timing. Exponential backoff with full jitter, Retry-After honoured and capped.

export interface BackoffOptions { baseMs: number; capMs: number; random: () => number }

/** "Full jitter": a uniform delay in [0, min(cap, base * 2^attempt)). */
export function backoffDelay(attempt: number, o: BackoffOptions): number {
  return Math.floor(o.random() * Math.min(o.capMs, o.baseMs * 2 ** attempt));
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);
