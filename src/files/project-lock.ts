// Effects: one writer of a project's template files at a time. fmt, lint --fix, translations import,
// pull and new each read template files and write them back; two at once on one project (two CI jobs
// on one checkout, an import while fmt runs) each wrote from what it had read, and the later write
// undid the earlier in silence (a translation imported, then gone). The lock is `.tplsync/writes.lock`
// beside the config (tplsync's own folder, which init has git ignore), so that every process that
// writes the project's files finds it, whatever its temporary folder or container; a lock left by a
// process that is gone is taken over (core/pid-lock.ts).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { Interrupted, wasInterrupted } from '../core/interrupt.js';
import { LockNotWritten, NotALockFile, takeLock } from '../core/pid-lock.js';
import { resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';

/** the lock file of the project whose config is in `dir` */
export function projectLockFile(dir: string): string {
  let real = resolvePath(dir);
  try { real = realpathSync.native(real); } catch { /* not there: as named */ }
  return path.join(real, '.tplsync', 'writes.lock');
}

/** How long to wait for the lock (`--lock-timeout`), and the clock and pause of the wait (injected by tests). */
export interface LockWait {
  /** milliseconds to wait for another writer to finish; 0 (the default) refuses at once */
  timeoutMs?: number;
  now?: () => number;
  pause?: (ms: number) => Promise<void>;
  /** said once when the wait begins (to stderr) */
  onWait?: (message: string) => void;
}

/** how often a waiting writer looks at the lock again */
const POLL_MS = 200;

const pauseFor = (ms: number): Promise<void> => new Promise((resolve) => { setTimeout(resolve, ms); });

/**
 * Runs `run` holding the project's write lock (`what`: the command, said to another that finds it
 * held). While another tplsync holds it: waited for up to `wait.timeoutMs` (looked at again every
 * 200 ms), then refused (exit 3, nothing read or written). Ctrl-C while waiting ends the command
 * (exit 130; at once, unless the command asked to stop cleanly, then at the next look).
 */
export async function withProjectWrites<T>(dir: string, what: string, run: () => Promise<T>, wait: LockWait = {}): Promise<T> {
  const file = projectLockFile(dir);
  const { timeoutMs = 0, now = Date.now, pause = pauseFor } = wait;
  const started = now();
  let said = false;
  for (;;) {
    let got: ReturnType<typeof takeLock>;
    // a folder that cannot be written (read-only): the command runs as it did before the lock; a lock that could not be
    // written for want of room (a full disk, a quota used up: removed again) is said, naming the file: the run's own
    // writes would fail for the same reason
    try { makeDirs(path.dirname(file)); got = takeLock(file, `${what} in ${resolvePath(dir)}`); } catch (e) {
      if (e instanceof NotALockFile || (e instanceof LockNotWritten && e.noRoom)) throw e;
      return run();
    }
    if (!('owner' in got)) {
      try { return await run(); } finally { got.release(); }
    }
    const who = got.owner.pid ? `pid ${got.owner.pid}${got.owner.what ? `: ${got.owner.what.replace(/ in \/.*$/, '')}` : ''}` : 'another process';
    const waited = now() - started;
    if (wasInterrupted()) throw new Interrupted(`${what}: stopped while waiting for another tplsync (${who}) to finish changing this project's template files; nothing was read or written`);
    if (waited >= timeoutMs) {
      const after = timeoutMs > 0 ? ` after waiting ${formatWait(waited)} (--lock-timeout ${formatWait(timeoutMs)})` : '';
      const hint = timeoutMs > 0 ? 'run this again when it has finished' : 'run this again when it has finished, or wait for it with --lock-timeout 2m';
      throw new UsageError(`${what}: another tplsync (${who}) is changing this project's template files${after}; ${hint} (nothing was read or written; its lock is ${file}: if no tplsync is running, remove that file)`);
    }
    if (!said) { said = true; wait.onWait?.(`${what}: waiting up to ${formatWait(timeoutMs)} for another tplsync (${who}) to finish changing this project's template files\n`); }
    await pause(Math.min(POLL_MS, timeoutMs - waited));
  }
}

/** 1500 -> 1.5s, 120000 -> 2m */
function formatWait(ms: number): string {
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000}m`;
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${(ms / 1000).toFixed(1)}s`;
}
