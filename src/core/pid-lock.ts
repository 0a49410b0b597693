// Effects: a lock file that says which process holds it: its pid, the process's start time where the
// system tells it (Linux: /proc/PID/stat), and what it is doing. A lock left by a process that is gone
// (kill -9, a container killed) is taken over, also when its pid has been given to another process
// since: a container's tplsync is pid 1 in every run, and a busy machine reuses pids.
import { closeSync, openSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { UsageError } from './errors.js';

export interface LockOwner { pid: number; start?: string; what?: string;
  /** the owner's pid namespace (Linux: /proc/self/ns/pid): a pid means nothing in another (a container's) */
  ns?: string;
  /** when the lock file was last touched (ms): its owner touches it every HEARTBEAT_MS while it holds it */
  touched?: number }

/**
 * What the emulators write into their data file's lock (its `what`): the embedded emulator of a
 * tplsync run, which ends with the run, or a standalone `tplsync emulator`, which serves until stopped.
 * A run refused by the lock tells the user which (src/connection/connect.ts).
 */
export const EMULATOR_LOCK = { embedded: 'embedded emulator', standalone: 'emulator' } as const;

/** how often a holder touches its lock, and how long a lock of another pid namespace lasts untouched */
const HEARTBEAT_MS = 5_000;
const UNTOUCHED_MS = 30_000;

function pidNamespace(): string | undefined {
  try { return readlinkSync('/proc/self/ns/pid').replace(/^pid:\[|\]$/g, ''); } catch { return undefined; }
}

/** the start time of process `pid` in clock ticks since boot (field 22 of /proc/PID/stat), where the system has it */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command's name (field 2, in parentheses) may hold spaces and parentheses: the fields after its last ')'
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch { return undefined; }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
  return !zombie(pid);
}

/**
 * Whether process `pid` has ended but is not reaped yet (a zombie: Linux's state Z in /proc/PID/stat,
 * field 3): kill(pid, 0) still answers for it, and its stat keeps its start time, but it runs no
 * more and holds nothing (a tplsync killed with SIGKILL whose parent, or pid 1 of a container
 * without an init, has not waited for it). Where the system does not say, it is not one.
 */
export function zombie(pid: number): boolean {
  try { return stateOfStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) === 'Z'; } catch { return false; }
}

/** Pure: the state letter of a /proc/PID/stat line (the field after the command's name, which may hold spaces and parentheses) */
export function stateOfStat(stat: string): string | undefined {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] || undefined;
}

/** Pure: a lock file's text as its owner (an older lock holds the pid alone). */
export function parseOwner(text: string): LockOwner | undefined {
  const m = /^\s*(\d+)(?:[ \t]+(\S+))?(?:[ \t]+ns=(\S+))?(?:[ \t]+([^\n]*))?/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  if (!m || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, ...(m[2] && m[2] !== '-' ? { start: m[2] } : {}), ...(m[3] && m[3] !== '-' ? { ns: m[3] } : {}), ...(m[4]?.trim() ? { what: m[4].trim() } : {}) };
}

/**
 * Whether the process that wrote `owner` still holds the lock: this process only when it says so
 * (`heldHere`: a lock with our pid that we do not hold is an earlier process's that had our pid),
 * another only while it runs, and (where start times are known) is the process that started then.
 */
export function ownerRunning(owner: LockOwner, heldHere = false, now = Date.now()): boolean {
  // an owner in another pid namespace (a container beside this one, or one that has ended): its pid cannot be asked
  // about here; it holds the lock while it touches it
  const ours = pidNamespace();
  // (a time ahead of now by more than that is no touch of a running holder: a clock set by hand, a copied file)
  if (owner.ns !== undefined && ours !== undefined && owner.ns !== ours) return owner.touched !== undefined && Math.abs(now - owner.touched) < UNTOUCHED_MS;
  if (owner.pid === process.pid) return heldHere;
  if (!alive(owner.pid)) return false;
  if (owner.start !== undefined) {
    const now = startTime(owner.pid);
    if (now !== undefined && now !== owner.start) return false;
  }
  // no start time (an older tplsync's lock: the pid alone): the pid may have been given to any
  // process since; one that is not a Node.js process (a `sleep`, a shell) is not tplsync
  else if (!mayBeTplsync(owner.pid)) return false;
  return true;
}

/** whether process `pid` may be a tplsync: a Node.js process, or one whose command line the system does not show */
function mayBeTplsync(pid: number): boolean {
  let cmdline: string;
  try { cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { return true; }
  const argv = cmdline.split('\0').filter(Boolean);
  if (!argv.length) return true;
  return argv.some((a) => /(^|[/\\])(node|nodejs|tplsync)(\.exe|\.c?js)?$/i.test(a) || /tplsync/i.test(a));
}

/**
 * Pure: whether a file's text is a lock a tplsync wrote: one line, `PID START ns=NS WHAT` (START and
 * NS `-` where unknown), `PID START WHAT` (before the pid namespace), or the pid alone (older still).
 * Anything else (a Cargo.lock, a yarn.lock beside an emulator data file named `Cargo` or `yarn`) is
 * another program's file, which a lock is never taken over from.
 */
export function isLockText(text: string): boolean {
  return /^[ \t]*[1-9]\d*(?:[ \t]+(?:\d+|-)(?:[ \t]+[^\n]*)?)?[ \t]*\n?$/.test(text);
}

/** The lock's path holds a file that is not a tplsync lock: refused (exit 3), the file left as it is. */
export class NotALockFile extends UsageError {
  override name = 'NotALockFile';
  /** `touched`: the file's mtime (ms), which tells when an empty lock in tplsync's folder is taken over; `now`: this clock */
  constructor(readonly file: string, text: string, touched?: number, now = Date.now()) {
    super(text === '' && touched !== undefined && inOwnFolder(file)
      ? emptyLockMessage(file, touched, now)
      : `${file} is there and is not a lock file of tplsync's (it is not one line with a process id${text === '' ? ': it is empty' : ''}); tplsync takes that name as the lock of ${lockOf(file)} and never removes or replaces a file it did not write: move that file away, or choose another name`);
  }
}

/**
 * Pure: the refusal of an empty lock in tplsync's own folder not yet untouched for UNTOUCHED_MS: tplsync's (nothing else
 * writes there), so no name to choose and nothing to move; when it is taken over by itself, and what to do before that.
 */
export function emptyLockMessage(file: string, touched: number, now: number): string {
  const at = touched + UNTOUCHED_MS;
  const left = Math.max(1, Math.ceil((at - now) / 1000));
  return `${file} is empty: what a tplsync leaves when it stops between creating the lock of ${lockOf(file)} and writing its process id in it (or one writing it this instant). It is taken over by itself ${UNTOUCHED_MS / 1000} s after it was last touched: at ${new Date(at).toISOString().replace(/\.\d+Z$/, 'Z')}, in ${left} s; run the command again then, or remove the file by hand now if no tplsync runs on this project`;
}

/** whether a file lies in tplsync's own folder (`.tplsync/`), which nothing else writes */
function inOwnFolder(file: string): boolean {
  return file.split(/[\\/]/).slice(0, -1).includes('.tplsync');
}

/** whether an empty lock file is one a tplsync left: in a `.tplsync` folder, untouched for longer than UNTOUCHED_MS (its mtime against this clock) */
export function leftEmptyByACrash(file: string, touched: number, now = Date.now()): boolean {
  return inOwnFolder(file) && now - touched > UNTOUCHED_MS;
}

function lockOf(file: string): string {
  return file.endsWith('.lock') ? file.slice(0, -'.lock'.length) : file;
}

/** waits `ms` without returning to the event loop (a lock being written: its one line is there within microseconds) */
function pauseMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** what this process writes into a lock it takes */
export function ownerText(what: string): string {
  return `${process.pid} ${startTime(process.pid) ?? '-'} ns=${pidNamespace() ?? '-'} ${what.replace(/\s+/g, ' ')}\n`;
}

/**
 * Takes `file` exclusively (created with O_EXCL, holding ownerText(what)); a lock whose owner no
 * longer runs is removed and taken. Gives its release, or the owner that holds it. A file there that
 * is not a tplsync lock is refused (NotALockFile), never removed. Errors other than the file being
 * there (a folder that cannot be written) are thrown. The release removes the lock only while it
 * still holds what this process wrote.
 */
export function takeLock(file: string, what: string, heldHere = false): { release: () => void } | { owner: LockOwner } {
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try { fd = openSync(file, 'wx'); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let text = '';
      let touched: number | undefined;
      try { text = readFileSync(file, 'utf8'); touched = statSync(file).mtimeMs; } catch { /* gone meanwhile: try again */ }
      const parsed = parseOwner(text);
      const owner = parsed && touched !== undefined ? { ...parsed, touched } : parsed;
      // (a lock being written this instant reads empty: its writer is alive, and is said as unknown)
      if (owner && ownerRunning(owner, heldHere)) return { owner };
      if (touched === undefined) continue;
      // (an empty one long untouched is no lock being written: taken at once, below)
      const crashed = text === '' && leftEmptyByACrash(file, touched);
      if (text === '' && !crashed && attempt < 2) { pauseMs(20); continue; }
      // only a lock a tplsync wrote is taken over: another program's file of that name (Cargo.lock beside
      // `--data Cargo`), or one empty for longer than a write of one line takes, is refused and left as it is;
      // except an empty one in tplsync's own folder (.tplsync/, which nothing else writes) untouched for longer than a
      // holder goes without touching its lock: what a crash between its create and its one line leaves (verify-9 NEW-6)
      if (!isLockText(text) && !crashed) throw new NotALockFile(file, text, touched);
      try { unlinkSync(file); } catch { /* another process took it over first: try again */ }
      continue;
    }
    const mine = ownerText(what);
    try { writeSync(fd, mine); } finally { closeSync(fd); }
    // touched while held: a process of another pid namespace tells a held lock from one whose owner has gone by it
    const beat = setInterval(() => { try { const t = new Date(); utimesSync(file, t, t); } catch { /* gone */ } }, HEARTBEAT_MS);
    beat.unref();
    return {
      release: () => {
        clearInterval(beat);
        try { if (readFileSync(file, 'utf8') === mine) unlinkSync(file); } catch { /* already gone */ }
      },
    };
  }
  let text = '';
  try { text = readFileSync(file, 'utf8'); } catch { /* gone */ }
  return { owner: parseOwner(text) ?? { pid: 0 } };
}
