// Apply's pacing of creations to the platform's quota (environments.<env>.createQuota: at most
// `limit` creations per channel within any `windowSeconds`). A creation takes a slot before it is
// sent; a slot is counted from when the creation's answer arrived (never earlier than the server
// counted it), so pacing by this count never runs ahead of the server's window. A 429 from the
// server (another run, another tool, a smaller real quota) blocks the channel until its
// Retry-After. Waiting goes through an injected clock, so tests move time instead of sleeping,
// and ends early when the signal (Ctrl-C) is aborted.
import type { CreateQuotaConfig } from '../config/load.js';

export interface PaceClock {
  now(): number;
  /** resolves after `ms`, or as soon as `signal` is aborted (never rejects) */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** the longest a timer of Node waits (2^31 - 1 ms, about 24.8 days): a longer one fires at once, with a warning */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: PaceClock = {
  now: () => Date.now(),
  // a wait longer than a timer can hold (a month's quota window, a server's Retry-After of weeks) in timers of at most MAX_TIMER_MS
  sleep: (ms, signal) => new Promise<void>((resolve) => {
    if (signal?.aborted) { resolve(); return; }
    const end = Date.now() + Math.max(0, ms);
    let timer: ReturnType<typeof setTimeout>;
    const done = () => { clearTimeout(timer); signal?.removeEventListener('abort', done); resolve(); };
    const arm = (): void => { const left = end - Date.now(); timer = left > MAX_TIMER_MS ? setTimeout(arm, MAX_TIMER_MS) : setTimeout(done, Math.max(0, left)); };
    arm();
    signal?.addEventListener('abort', done, { once: true });
  }),
};

/** A wait for the next window, announced once per channel and moment. */
export interface QuotaWait {
  channel: string;
  channelId: string;
  /** when the wait ends (ms since the epoch, by the pacing clock) */
  until: number;
  /** how long it is */
  ms: number;
  /** why: the quota is used by this run's creations, or the server answered 429 */
  cause: 'quota' | 'server';
  limit: number;
  windowSeconds: number;
}

export type Slot =
  | { ok: true }
  | { ok: false; reason: 'interrupted' }
  | { ok: false; reason: 'quota'; until?: number };

interface ChannelState {
  /** when creations of this run were answered, within the window, oldest first */
  answered: number[];
  inFlight: number;
  /** no creation before this (a server's Retry-After) */
  blockedUntil: number;
  /** a wait in progress, shared by every worker of the channel */
  waiting?: Promise<void>;
  /** workers waiting for a creation in flight to end */
  onRelease: (() => void)[];
  /** without waiting: once a creation was held back, every later one of the channel is too */
  exhausted?: { until: number };
  /** the end of the wait last announced (each wait said once, by whichever of `hold` and `acquire` meets it first) */
  announced?: number;
}

export interface PacerOptions {
  quota: CreateQuotaConfig;
  /** wait for the next window (default); false: hold the creation back and report it */
  wait: boolean;
  clock?: PaceClock;
  signal?: AbortSignal;
  onWait?: (w: QuotaWait) => void;
}

/** waits shorter than this are not announced */
export const ANNOUNCE_MIN_MS = 1000;

/** the most consecutive 429s one creation takes before it counts as failed */
export const MAX_RATE_LIMITED = 20;

export class CreationPacer {
  private readonly channels = new Map<string, ChannelState>();
  private readonly clock: PaceClock;
  private readonly windowMs: number;
  constructor(private readonly o: PacerOptions) {
    this.clock = o.clock ?? systemClock;
    this.windowMs = o.quota.windowSeconds * 1000;
  }

  private state(channelId: string): ChannelState {
    const key = channelId.toLowerCase();
    let s = this.channels.get(key);
    if (!s) this.channels.set(key, s = { answered: [], inFlight: 0, blockedUntil: 0, onRelease: [] });
    return s;
  }

  /** Waits for a creation slot of the channel (or says why there is none). */
  async acquire(channelId: string, channel: string): Promise<Slot> {
    const s = this.state(channelId);
    for (;;) {
      if (this.o.signal?.aborted) return { ok: false, reason: 'interrupted' };
      if (s.exhausted) return { ok: false, reason: 'quota', until: s.exhausted.until };
      const now = this.clock.now();
      s.answered = s.answered.filter((t) => t > now - this.windowMs);
      if (now >= s.blockedUntil && s.answered.length + s.inFlight < this.o.quota.limit) { s.inFlight++; return { ok: true }; }
      if (s.inFlight > 0) {
        // creations of the channel are in flight: what they end with (answered, or a 429) decides
        // the wait, and they end in moments, long before any window does
        await new Promise<void>((resolve) => s.onRelease.push(resolve));
        continue;
      }
      let until: number;
      let cause: QuotaWait['cause'] = 'quota';
      if (now < s.blockedUntil) { until = s.blockedUntil; cause = 'server'; } else {
        // the oldest answered creation leaving the window frees the slot this one needs
        until = s.answered[s.answered.length - this.o.quota.limit]! + this.windowMs;
      }
      if (!this.o.wait) {
        s.exhausted = { until };
        return { ok: false, reason: 'quota', until };
      }
      if (!s.waiting) {
        const ms = until - now;
        this.announce(s, channel, channelId, until, ms, cause);
        s.waiting = this.clock.sleep(ms, this.o.signal).finally(() => { s.waiting = undefined; });
      }
      await s.waiting;
    }
  }

  /**
   * Whether a creation of the channel would wait now (its window used up, a server's Retry-After,
   * or a wait under way): apply then takes other templates first. A channel held back without
   * waiting (--no-wait-for-quota) does not wait: its creations are skipped at once.
   */
  wouldWait(channelId: string): boolean {
    const s = this.channels.get(channelId.toLowerCase());
    if (!s || s.exhausted) return false;
    if (s.waiting) return true;
    const now = this.clock.now();
    if (now < s.blockedUntil) return true;
    let inWindow = 0;
    for (const t of s.answered) if (t > now - this.windowMs) inWindow++;
    return inWindow + s.inFlight >= this.o.quota.limit;
  }

  /**
   * wouldWait, for a creation apply holds back while it takes other templates (core/bounded.ts
   * forEachBoundedByGroup): the channel's wait is announced as it begins, not only when a worker
   * comes to wait on it (with fewer workers than waiting channels, one waits on a single channel
   * and the others were held in silence: verify-17 NEW-3). Said once a wait; while creations of the
   * channel are in flight, their answers decide the wait, and a later hold or acquire says it.
   */
  hold(channelId: string, channel: string): boolean {
    if (!this.wouldWait(channelId)) return false;
    const s = this.state(channelId);
    if (!this.o.wait || s.waiting || s.inFlight > 0) return true;
    const now = this.clock.now();
    if (now < s.blockedUntil) { this.announce(s, channel, channelId, s.blockedUntil, s.blockedUntil - now, 'server'); return true; }
    const answered = s.answered.filter((t) => t > now - this.windowMs);
    const oldest = answered[answered.length - this.o.quota.limit];
    if (oldest !== undefined) this.announce(s, channel, channelId, oldest + this.windowMs, oldest + this.windowMs - now, 'quota');
    return true;
  }

  /** a wait said once (the window slides: after a long wait, each creation of the last window frees one slot a moment after the other; only the long waits are worth a line) */
  private announce(s: ChannelState, channel: string, channelId: string, until: number, ms: number, cause: QuotaWait['cause']): void {
    if (ms < ANNOUNCE_MIN_MS || s.announced === until) return;
    s.announced = until;
    this.o.onWait?.({ channel, channelId, until, ms, cause, limit: this.o.quota.limit, windowSeconds: this.o.quota.windowSeconds });
  }

  /** A creation ended: `counted` when the server may have carried it out (so it takes a place in the window). */
  release(channelId: string, counted: boolean): void {
    const s = this.state(channelId);
    s.inFlight--;
    if (counted) { s.answered.push(this.clock.now()); s.answered.sort((a, b) => a - b); }
    this.wake(s);
  }

  /** The server refused a creation with 429: nothing was created; no creation before its Retry-After. */
  refused(channelId: string, retryAfterMs: number | undefined): void {
    const s = this.state(channelId);
    s.inFlight--;
    s.blockedUntil = Math.max(s.blockedUntil, this.clock.now() + Math.max(0, retryAfterMs ?? 1000));
    this.wake(s);
  }

  private wake(s: ChannelState): void {
    const waiters = s.onRelease.splice(0);
    for (const w of waiters) w();
  }
}

/** Pure: the progress line of a wait. */
export function describeQuotaWait(w: QuotaWait): string {
  const at = new Date(w.until).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const why = w.cause === 'server'
    ? 'the service answered 429 Too Many Requests to a creation'
    : `${w.limit} creation${w.limit === 1 ? '' : 's'} within ${w.windowSeconds} s, the environment's creation quota`;
  return `channel ${w.channel}: ${why}; waiting until ${at} (${formatDuration(w.ms)}) for the next window; Ctrl-C stops, a re-run continues`;
}

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}
