// The emulator's creation quota (`--create-quota N/SECONDS`): per channel, at most N templates are
// created within any SECONDS-long span of the emulator's clock (a sliding window, like the
// platform's "100 creations per hour"). Edits of existing templates do not count. Pure apart from
// the clock it is given; the state lives in memory (a restart starts every window afresh).

import { parseDuration } from '../core/number-option.js';

export interface CreateQuotaSpec { limit: number; windowSeconds: number }

/** the largest N and SECONDS accepted */
export const CREATE_QUOTA_MAX = { limit: 1_000_000, windowSeconds: 31 * 24 * 3600 } as const;

/**
 * `N/SECONDS` (e.g. `100/3600`) as a spec, or a message saying what is wrong. The window is a
 * duration as every duration option takes one (core/number-option.ts parseDuration): bare seconds,
 * or `100/1h`, `10/90s`, in whole seconds.
 */
export function parseCreateQuota(text: string): CreateQuotaSpec | { error: string } {
  const m = /^\s*(\d{1,7})\s*\/\s*(\d{1,10}(?:ms|s|m|h)?)\s*$/.exec(text);
  let windowMs: number | undefined;
  try { windowMs = m ? parseDuration(m[2]!, 'SECONDS', { unit: 's', maxMs: Number.MAX_SAFE_INTEGER, stepMs: 1000 }) : undefined; } catch { windowMs = undefined; }
  const spec = m && windowMs !== undefined ? { limit: Number(m[1]), windowSeconds: windowMs / 1000 } : undefined;
  const err = spec ? checkCreateQuota(spec) : `expected N/SECONDS (e.g. 100/3600, or 100/1h: the window in whole seconds, bare or with s, m or h), not '${text.slice(0, 50)}'`;
  return err ? { error: err } : spec!;
}

/** A message when the spec is out of bounds, else undefined. */
export function checkCreateQuota(s: unknown): string | undefined {
  const o = s as Partial<CreateQuotaSpec> | null;
  const whole = (v: unknown, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;
  if (!o || typeof o !== 'object' || !whole(o.limit, CREATE_QUOTA_MAX.limit) || !whole(o.windowSeconds, CREATE_QUOTA_MAX.windowSeconds)) {
    return `a creation quota is N/SECONDS with N from 1 to ${CREATE_QUOTA_MAX.limit} and SECONDS from 1 to ${CREATE_QUOTA_MAX.windowSeconds}`;
  }
  return undefined;
}

export type QuotaDecision = { ok: true } | { ok: false; retryAfterMs: number; used: number };

export class CreateQuota {
  private readonly windowMs: number;
  /** channel -> creation times within the window, oldest first */
  private readonly times = new Map<string, number[]>();
  constructor(readonly spec: CreateQuotaSpec) { this.windowMs = spec.windowSeconds * 1000; }

  private recent(channelId: string, now: number): number[] {
    const key = channelId.toLowerCase();
    const list = (this.times.get(key) ?? []).filter((t) => t > now - this.windowMs);
    this.times.set(key, list);
    return list;
  }

  /** Takes a creation slot of the channel at `now`, or says how long until one frees. */
  take(channelId: string, now: number): QuotaDecision {
    const list = this.recent(channelId, now);
    if (list.length < this.spec.limit) { list.push(now); return { ok: true }; }
    // the oldest creation in the window leaves it at its time + the window
    return { ok: false, retryAfterMs: list[list.length - this.spec.limit]! + this.windowMs - now, used: list.length };
  }

  /** Gives back a slot taken at `at` (the creation was not carried out after all). */
  release(channelId: string, at: number): void {
    const list = this.times.get(channelId.toLowerCase());
    const i = list?.lastIndexOf(at) ?? -1;
    if (i >= 0) list!.splice(i, 1);
  }
}
