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

/** the longest a read or an edit waits for a server's Retry-After before trying again (a longer one is cut to this) */
export const MAX_RETRY_AFTER_MS = 120_000;

/**
 * After a request ran out of retries on a connection that never opened (nothing listens, the name is
 * not found), the requests to the same base URL that start within this time are not sent: they fail
 * at once, saying why (a run of 140 reads ends in one request's retries, not 140 of them).
 */
export const HOST_DOWN_MS = 30_000;

/** waits before a retry at least this long are said (a CI log that is silent this long looks hung) */
export const SAY_RETRY_WAIT_MS = 5_000;

/** Pure: the line that says a wait before a retry begins: what, how long, why. */
export function describeRetryWait(r: { operation: string; attempt: number; of: number; delayMs: number; reason: string; retryAfterMs?: number }): string {
  const s = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  const why = r.retryAfterMs === undefined ? 'backing off'
    : r.retryAfterMs > r.delayMs ? `the server asked for ${s(r.retryAfterMs)} (Retry-After), cut to ${s(r.delayMs)}, the most tplsync waits`
      : 'as the server asked (Retry-After)';
  return `${r.operation}: ${r.reason}; waiting ${s(r.delayMs)} before trying again (retry ${r.attempt} of ${r.of}; ${why})`;
}

/** a retry as the transport reports it (RetryInfo) */
export type RetrySaid = Parameters<typeof describeRetryWait>[0] & { host?: string; unansweredMs?: number };

/**
 * Pure: the line that says a retry of any wait, for a person watching one request (a send at a terminal, --verbose): what
 * happened, and which attempt comes next when. "conversation send: no answer from api.example.com within 30 s, retrying
 * (attempt 2 of 5, next in 0.4 s)": a request that gets no answer is otherwise silent for the whole time-out of each attempt.
 */
export function describeRetry(r: RetrySaid): string {
  const s = (ms: number) => `${Math.round(ms / 100) / 10} s`;
  const what = r.unansweredMs !== undefined ? `no answer from ${r.host ?? 'the service'} within ${s(r.unansweredMs)}` : r.reason;
  return `${r.operation}: ${what}, retrying (attempt ${r.attempt + 1} of ${r.of + 1}, next in ${s(r.delayMs)})`;
}

/**
 * Pure (the clock injected): the lines that say the waits before retries, one for many. A wait of at
 * least SAY_RETRY_WAIT_MS is said when it begins; another that begins while a said one still runs
 * (the requests of a run rate-limited together: a hundred reads, a hundred identical lines) is
 * counted, and the next line said names how many waited since the last one. Shorter waits are not said,
 * unless `every` (a person watching a request: each retry said, describeRetry, the long waits as above).
 */
export function retryWaitLines(now: () => number, say: (line: string) => void, o: { every?: boolean } = {}): (r: RetrySaid) => void {
  let saidUntil = -Infinity;
  let unsaid = 0;
  return (r) => {
    // a wait the server asked for is said as such (below); every other retry in words of its own
    if (o.every && (r.delayMs < SAY_RETRY_WAIT_MS || r.unansweredMs !== undefined)) { say(describeRetry(r)); return; }
    if (r.delayMs < SAY_RETRY_WAIT_MS) return;
    const t = now();
    if (t < saidUntil) { unsaid++; return; }
    const also = unsaid ? ` (${unsaid} other request${unsaid === 1 ? '' : 's'} waited too since the last such line)` : '';
    unsaid = 0;
    saidUntil = t + r.delayMs;
    say(`${describeRetryWait(r)}${also}`);
  };
}
