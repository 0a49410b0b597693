// Effects: a lock file that says which process holds it: its pid, the process's start time where the
// system tells it (Linux: /proc/PID/stat), and what it is doing. A lock left by a process that is gone
// (kill -9, a container killed) is taken over, also when its pid has been given to another process
// since: a container's tplsync is pid 1 in every run, and a busy machine reuses pids.
import { closeSync, fstatSync, openSync, readFileSync, readlinkSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { UsageError } from './errors.js';
import { systemReason } from './system-error.js';

export interface LockOwner { pid: number; start?: string; what?: string;
  /** the owner's pid namespace (Linux: /proc/self/ns/pid): a pid means nothing in another (a container's) */
  ns?: string;
  /**
   * the owner's machine (its host name): a pid means nothing on another (a checkout on a network file system shared by
   * two machines, whose first pid namespaces have one number)
   */
  host?: string;
  /** when the lock file was last touched (ms): its owner touches it every HEARTBEAT_MS while it holds it */
  touched?: number }

/**
 * What the emulators write into their data file's lock (its `what`): the embedded emulator of a
 * tplsync run, which ends with the run, or a standalone `tplsync emulator`, which serves until stopped.
 * A run refused by the lock tells the user which (src/connection/connect.ts).
 */
export const EMULATOR_LOCK = { embedded: 'embedded emulator', standalone: 'emulator' } as const;

/** how often a holder touches its lock, and how long a lock of another pid namespace (or machine) lasts untouched */
const HEARTBEAT_MS = 5_000;
const UNTOUCHED_MS = 30_000;
/**
 * How long a lock file in tplsync's folder may stay without its one line (empty, or a line without its end) before it is
 * taken for what a write that failed (a full disk) or a process killed between the create and the write left: a
 * tplsync writes its line at once after it creates the file (microseconds), so a file so for this long has no writer.
 */
export const UNFINISHED_GRACE_MS = 2_000;

/** this machine's name as a lock holds it (one word) */
function hostName(): string {
  try { return hostname().replace(/\s+/g, '_') || '-'; } catch { return '-'; }
}

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
  const m = /^\s*(\d+)(?:[ \t]+(\S+))?(?:[ \t]+ns=(\S+))?(?:[ \t]+host=(\S+))?(?:[ \t]+([^\n]*))?/.exec(text);
  const pid = m ? Number(m[1]) : NaN;
  if (!m || !Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, ...(m[2] && m[2] !== '-' ? { start: m[2] } : {}), ...(m[3] && m[3] !== '-' ? { ns: m[3] } : {}), ...(m[4] && m[4] !== '-' ? { host: m[4] } : {}), ...(m[5]?.trim() ? { what: m[5].trim() } : {}) };
}

/**
 * Whether the process that wrote `owner` still holds the lock: this process only when it says so
 * (`heldHere`: a lock with our pid that we do not hold is an earlier process's that had our pid),
 * another only while it runs, and (where start times are known) is the process that started then.
 */
export function ownerRunning(owner: LockOwner, heldHere = false, now = Date.now()): boolean {
  // an owner on another machine, or in another pid namespace (a container beside this one, or one that has ended): its
  // pid cannot be asked about here; it holds the lock while it touches it
  const ours = pidNamespace();
  const elsewhere = (owner.host !== undefined && owner.host !== hostName()) || (owner.ns !== undefined && ours !== undefined && owner.ns !== ours);
  // (a time ahead of now by more than that is no touch of a running holder: a clock set by hand, a copied file)
  if (elsewhere) return owner.touched !== undefined && Math.abs(now - owner.touched) < UNTOUCHED_MS;
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
 * Pure: whether a file's text is a lock a tplsync wrote: one line, `PID START ns=NS host=HOST WHAT` (START, NS and HOST
 * `-` where unknown), `PID START ns=NS WHAT` (before the host), `PID START WHAT` (before the pid namespace), or the pid
 * alone (older still).
 * Anything else (a Cargo.lock, a yarn.lock beside an emulator data file named `Cargo` or `yarn`) is
 * another program's file, which a lock is never taken over from.
 */
export function isLockText(text: string): boolean {
  return /^[ \t]*[1-9]\d*(?:[ \t]+(?:\d+|-)(?:[ \t]+[^\n]*)?)?[ \t]*\n?$/.test(text);
}

/** The lock's path holds a file that is not a tplsync lock: refused (exit 3), the file left as it is. */
export class NotALockFile extends UsageError {
  override name = 'NotALockFile';
  constructor(readonly file: string, text: string) {
    super(`${file} is there and is not a lock file of tplsync's (it is not one line with a process id${text === '' ? ': it is empty' : ''}); tplsync takes that name as the lock of ${lockOf(file)} and never removes or replaces a file it did not write: move that file away, or choose another name`);
  }
}

/**
 * The lock could not be written (a full disk, a quota used up): the file made for it is removed, so that nothing is
 * left to refuse the next run once there is room; the message names the file and the system's reason (exit 3).
 */
export class LockNotWritten extends UsageError {
  override name = 'LockNotWritten';
  /** the system's error code (ENOSPC, EDQUOT, EROFS, EACCES...) */
  readonly code: string | undefined;
  /** `made`: the file was created, and removed again (its line could not be written) */
  constructor(readonly file: string, cause: unknown, made: boolean) {
    const code = (cause as NodeJS.ErrnoException | undefined)?.code;
    const why = systemReason(cause) ?? code ?? (cause as Error | undefined)?.message ?? String(cause);
    const advice = code === 'ENOSPC' ? 'make room on the device' : code === 'EDQUOT' ? 'make room within the quota' : code === 'EFBIG' ? 'raise the limit' : 'make the folder writable';
    super(`cannot write the lock ${file}: ${why}; ${made ? 'the file made for it was removed again, and nothing else was written' : 'nothing was written'}: ${advice}, then run again`);
    this.code = code;
  }

  /** whether the device has no room (a full disk, a quota used up): the run's own writes would fail as this one did */
  get noRoom(): boolean { return this.code !== undefined && NO_ROOM.has(this.code); }
}

/** the system's errors that say the device has no room for what is written */
const NO_ROOM: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** whether a file lies in tplsync's own folder (`.tplsync/`), which nothing else writes */
function inOwnFolder(file: string): boolean {
  return file.split(/[\\/]/).slice(0, -1).includes('.tplsync');
}

/**
 * Pure: whether a lock's text is one whose writing did not finish: empty, or the start of a lock's line without its
 * end (every tplsync writes its line whole, with its newline); a pid read from such a text may be cut short.
 */
export function unfinishedLock(text: string): boolean {
  return text === '' || (!text.endsWith('\n') && isLockText(text));
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
  return `${process.pid} ${startTime(process.pid) ?? '-'} ns=${pidNamespace() ?? '-'} host=${hostName()} ${what.replace(/\s+/g, ' ')}\n`;
}

/** What takeLock uses of the machine, injected by the tests: the clock, a pause, and the write of the lock's line. */
export interface LockDeps {
  now?: () => number;
  /** waits `ms` (a lock without its line waited on for UNFINISHED_GRACE_MS) */
  pause?: (ms: number) => void;
  /** writes `bytes` from `at` into `fd`, returns how many were written (node:fs writeSync) */
  write?: (fd: number, bytes: Buffer, at: number) => number;
}

const writeBytes = (fd: number, bytes: Buffer, at: number): number => writeSync(fd, bytes, at, bytes.length - at, null);

/** the whole of `text` into `fd`; a write that fails, or writes nothing, throws */
function writeWhole(fd: number, text: string, write: NonNullable<LockDeps['write']>): void {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length;) {
    const n = write(fd, bytes, at);
    if (!(n > 0)) throw Object.assign(new Error('no space left on the device'), { code: 'ENOSPC', syscall: 'write' });
    at += n;
  }
}

/** whether `file` is still the file open as `fd` (no other process took it over meanwhile) */
function stillOurs(fd: number, file: string): boolean {
  try { const a = fstatSync(fd); const b = statSync(file); return a.ino === b.ino && a.dev === b.dev; } catch { return false; }
}

/**
 * Takes `file` exclusively (created with O_EXCL, holding ownerText(what)); a lock whose owner no
 * longer runs is removed and taken. Gives its release, or the owner that holds it. A file there that
 * is not a tplsync lock is refused (NotALockFile), never removed. Errors other than the file being
 * there (a folder that cannot be written) are thrown as LockNotWritten; a lock whose line cannot be
 * written (a full disk) is removed first. The release removes the lock only while it still holds
 * what this process wrote. A lock in tplsync's own folder without its line (empty, or cut short: what
 * a write that failed, or a process killed between its create and its write, leaves) holds nothing
 * once it has been so for UNFINISHED_GRACE_MS: waited for that long at most, then taken over.
 */
export function takeLock(file: string, what: string, heldHere = false, deps: LockDeps = {}): { release: () => void } | { owner: LockOwner } {
  const { now = Date.now, pause = pauseMs, write = writeBytes } = deps;
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try { fd = openSync(file, 'wx'); } catch (e) {
      // a folder that takes no file (read-only, no permission, full): said with the lock's path and the reason in words
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new LockNotWritten(file, e, false);
      let text = '';
      let touched: number | undefined;
      try { text = readFileSync(file, 'utf8'); touched = statSync(file).mtimeMs; } catch { /* gone meanwhile: try again */ }
      if (touched === undefined) continue;
      // a lock without its line in tplsync's folder (.tplsync/, which nothing else writes): its writer, if there is one,
      // writes it within microseconds. One touched longer ago than the grace has none; a fresh one is looked at again
      // once the grace has passed since it was touched (at most the grace from now: a time ahead is no writer's either)
      if (inOwnFolder(file) && unfinishedLock(text)) {
        const wait = Math.min(UNFINISHED_GRACE_MS, touched + UNFINISHED_GRACE_MS - now());
        if (wait > 0) {
          pause(wait);
          let again: string | undefined;
          let touchedAgain: number | undefined;
          try { again = readFileSync(file, 'utf8'); touchedAgain = statSync(file).mtimeMs; } catch { /* gone meanwhile */ }
          // written, replaced or removed meanwhile: looked at anew
          if (again !== text || touchedAgain !== touched) continue;
        }
        try { unlinkSync(file); } catch { /* another process took it over first: try again */ }
        continue;
      }
      const parsed = parseOwner(text);
      const owner = parsed ? { ...parsed, touched } : parsed;
      if (owner && ownerRunning(owner, heldHere)) return { owner };
      // (a lock being written this instant reads empty: looked at again shortly)
      if (text === '' && attempt < 2) { pause(20); continue; }
      // only a lock a tplsync wrote is taken over: another program's file of that name (Cargo.lock beside
      // `--data Cargo`), or one empty for longer than a write of one line takes, is refused and left as it is
      if (!isLockText(text)) throw new NotALockFile(file, text);
      try { unlinkSync(file); } catch { /* another process took it over first: try again */ }
      continue;
    }
    const mine = ownerText(what);
    let ours: boolean;
    try {
      try { writeWhole(fd, mine, write); } catch (e) {
        // nothing of a lock that could not be written is left: the next run, once there is room, takes the lock at once
        if (stillOurs(fd, file)) { try { unlinkSync(file); } catch { /* gone */ } }
        throw new LockNotWritten(file, e, true);
      }
      // a writer held up between its create and its write for longer than the grace may have lost the file to another
      // process meanwhile: the lock is then that one's
      ours = stillOurs(fd, file);
    } finally { closeSync(fd); }
    if (!ours) continue;
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
