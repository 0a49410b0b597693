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
import { takeLock } from '../core/pid-lock.js';
import { resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';

/** the lock file of the project whose config is in `dir` */
export function projectLockFile(dir: string): string {
  let real = resolvePath(dir);
  try { real = realpathSync.native(real); } catch { /* not there: as named */ }
  return path.join(real, '.tplsync', 'writes.lock');
}

/**
 * Runs `run` holding the project's write lock (`what`: the command, said to another that finds it
 * held); refused (exit 3, nothing read or written) while another tplsync holds it.
 */
export async function withProjectWrites<T>(dir: string, what: string, run: () => Promise<T>): Promise<T> {
  const file = projectLockFile(dir);
  let got: ReturnType<typeof takeLock>;
  // a temporary folder that cannot be written: the command runs as it did before the lock
  try { makeDirs(path.dirname(file)); got = takeLock(file, `${what} in ${resolvePath(dir)}`); } catch { return run(); }
  if ('owner' in got) {
    const who = got.owner.pid ? `pid ${got.owner.pid}${got.owner.what ? `: ${got.owner.what.replace(/ in \/.*$/, '')}` : ''}` : 'another process';
    throw new UsageError(`${what}: another tplsync (${who}) is changing this project's template files; run this again when it has finished (nothing was read or written; its lock is ${file}: if no tplsync is running, remove that file)`);
  }
  try { return await run(); } finally { got.release(); }
}
