// Pure: how many windows of the creation quota a plan's creations need, per channel (trial-ab finding 7: 2,100
// creations at the default 100 an hour made a ~20-hour apply that nothing announced, killed by CI's 6-hour job limit).
// Apply paces creations the same way (apply/quota.ts, environments.<env>.createQuota, default 100 per 3600 s).
import type { CreateQuotaConfig } from '../config/load.js';

export interface CreationWindows {
  channel: string;
  creations: number;
  /** the quota's windows the creations take: the first at once, each other after a wait */
  windows: number;
  /** about how long apply waits in all, in seconds ((windows - 1) windows) */
  waitSeconds: number;
}

/** the channels whose creations are more than one window of the quota allows, with what that costs */
export function creationWindows(changes: readonly { channel: string; action: string }[], quota: CreateQuotaConfig): CreationWindows[] {
  const counts = new Map<string, number>();
  for (const c of changes) if (c.action === 'create') counts.set(c.channel, (counts.get(c.channel) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > quota.limit).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([channel, creations]) => {
    const windows = Math.ceil(creations / quota.limit);
    return { channel, creations, windows, waitSeconds: (windows - 1) * quota.windowSeconds };
  });
}

/** a wait in hours and minutes ("20 h", "1 h 30 min", "45 min", "30 s") */
export function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}

/**
 * what a plan says of one channel's windows, with what to do about a long apply; `wait` false (apply
 * --no-wait-for-quota): no wait, this run creates one window's worth and leaves the rest to later runs
 */
export function describeWindows(w: CreationWindows, quota: CreateQuotaConfig, wait = true): string {
  const head = `channel ${w.channel}: ${w.creations} creations, more than its creation quota of ${quota.limit} per ${quota.windowSeconds} s (createQuota) allows at once`;
  if (!wait) return `${head}: with --no-wait-for-quota this run creates ${quota.limit} of them without waiting and leaves the other ${w.creations - quota.limit} to later runs (exit 5; ${w.windows - 1} more run${w.windows - 1 === 1 ? '' : 's'}, each a window after the last)`;
  return `${head}: apply creates them in ${w.windows} windows, waiting about ${duration(w.waitSeconds)} in all`;
}

/** said once after the channels' lines */
export const WINDOWS_ADVICE = 'set the CI job\'s timeout-minutes above that (a GitHub-hosted runner stops a job at 6 h whatever it says), raise createQuota if the platform allows more, or run apply --no-wait-for-quota on a schedule (each run creates what the quota allows)';
