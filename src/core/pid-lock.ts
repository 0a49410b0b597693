// Effects: a lock file that says which process holds it: its pid, the process's start time where the
// system tells it (Linux: /proc/PID/stat), and what it is doing. A lock left by a process that is gone
// (kill -9, a container killed) is taken over, also when its pid has been given to another process
// since: a container's tplsync is pid 1 in every run, and a busy machine reuses pids.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export interface LockOwner { pid: number; start?: string; what?: string }

/** the start time of process `pid` in clock ticks since boot (field 22 of /proc/PID/stat), where the system has it */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command's name (field 2, in parentheses) may hold spaces and parentheses: the fields after its last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch { return undefined; }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/** Pure: a lock file's text as its owner (an older lock holds the pid alone). */
export function parseOwner(text: string): LockOwner | undefined {
  const m = /^\s*(\d+)(?:[ \t]+(\S+))?(?:[ \t]+([^\n]*))?/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  if (!m || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, ...(m[2] && m[2] !== '-' ? { start: m[2] } : {}), ...(m[3]?.trim() ? { what: m[3].trim() } : {}) };
}

/**
 * Whether the process that wrote `owner` still holds the lock: this process only when it says so
 * (`heldHere`: a lock with our pid that we do not hold is an earlier process's that had our pid),
 * another only while it runs, and (where start times are known) is the process that started then.
 */
export function ownerRunning(owner: LockOwner, heldHere = false): boolean {
  if (owner.pid === process.pid) return heldHere;
  if (!alive(owner.pid)) return false;
  if (owner.start !== undefined) {
    const now = startTime(owner.pid);
    if (now !== undefined && now !== owner.start) return false;
  }
  return true;
}

/** what this process writes into a lock it takes */
export function ownerText(what: string): string {
  return `${process.pid} ${startTime(process.pid) ?? '-'} ${what.replace(/\s+/g, ' ')}\n`;
}

/**
 * Takes `file` exclusively (created with O_EXCL, holding ownerText(what)); a lock whose owner no
 * longer runs is removed and taken. Gives its release, or the owner that holds it. Errors other
 * than the file being there (a folder that cannot be written) are thrown.
 */
export function takeLock(file: string, what: string, heldHere = false): { release: () => void } | { owner: LockOwner } {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try { fd = openSync(file, 'wx'); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let text = '';
      try { text = readFileSync(file, 'utf8'); } catch { /* gone meanwhile: try again */ }
      const owner = parseOwner(text);
      // (a lock being written this instant reads empty: its writer is alive, and is said as unknown)
      if (owner && ownerRunning(owner, heldHere)) return { owner };
      if (!owner && text === '' && attempt === 0) continue;
      try { unlinkSync(file); } catch { /* another process took it over first: try again */ }
      continue;
    }
    const mine = ownerText(what);
    try { writeSync(fd, mine); } finally { closeSync(fd); }
    return {
      release: () => {
        try { if (readFileSync(file, 'utf8') === mine) unlinkSync(file); } catch { /* already gone */ }
      },
    };
  }
  let text = '';
  try { text = readFileSync(file, 'utf8'); } catch { /* gone */ }
  return { owner: parseOwner(text) ?? { pid: 0 } };
}
