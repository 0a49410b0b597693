// Effects: writing a file so that a reader never sees it half-written (temp file + rename). What
// tplsync writes passes the same redaction as its output (a server may put a key anywhere, even
// inside a template's text); a symbolic link is never replaced by a file, and a file that exists
// keeps its permissions.
import { close, closeSync, constants, existsSync, fchmod, fchmodSync, link, linkSync, lstat, lstatSync, open, openSync, readdirSync, readFile, readFileSync, rename, renameSync, unlink, unlinkSync, write, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { UsageError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { forEachUntilFailure } from '../core/bounded.js';
import { Interrupted } from '../core/interrupt.js';
import { resolvePath, runState } from '../core/io.js';
import { ownerRunning } from '../core/pid-lock.js';
import { makeDirs } from '../core/dirs.js';
import { append } from '../core/append.js';

export interface WriteOptions {
  /** write the text as given, unredacted: a user's own file rewritten in place (fmt) */
  verbatim?: boolean;
  /**
   * what the file held when the caller read it (its bytes, or its text decoded as UTF-8): a writer
   * that rewrites a file it read passes it, and the file is replaced only if it still holds that
   * just before the rename; else it is left with what was saved meanwhile (FileChanged)
   */
  expect?: string | Uint8Array;
  /**
   * the file is new: none was there when the caller looked, and one that appeared since (another
   * program, an editor) is kept, not replaced (created exclusively, O_EXCL; FileCreated)
   */
  create?: boolean;
}

/** a write tplsync will not make (a link, a read-only file): the user's to resolve, exit 3, not a bug */
export class WriteRefused extends UsageError { override name = 'WriteRefused'; }

/**
 * What every writer says of a path that is a symbolic link (`shown`, as the user named it): a file is never replaced by a
 * link's target, and a command's output folder is never written into through one (files/output-file.ts refuseLinkedOutput).
 */
export function linkRefusal(shown: string, folder = false): string {
  return folder
    ? `${shown} is a symbolic link: tplsync does not write its output through a link; remove the link, or name the real folder`
    : `${shown} is a symbolic link: tplsync does not replace a link with a file; remove the link, or choose another path`;
}

/** what a writer says of a file that changed between its read and its rename (FileChanged) */
export const CHANGED_WHILE_RUNNING = 'changed while tplsync ran: not written, run again';

/**
 * A file the caller read, then found different just before its rename (an editor's save, a git
 * checkout, another program writing it meanwhile): left as it is, the edit kept. A refusal (the
 * run goes on, the file is listed); its name stays WriteRefused for the write threads' messages.
 */
export class FileChanged extends WriteRefused {
  constructor(readonly file: string) { super(`${file}: ${CHANGED_WHILE_RUNNING}`); }
}

/** what a writer says of a new file whose path was taken between its look and its write (FileCreated) */
export const CREATED_WHILE_RUNNING = 'created while tplsync ran: not written, run again';

/** A file the caller found absent, then found there when it created it: left as it is (a FileChanged, said "created while tplsync ran"). */
export class FileCreated extends FileChanged {
  constructor(file: string) { super(file); this.message = `${file}: ${CREATED_WHILE_RUNNING}`; }
}

/**
 * Whether the file at `file` holds `expect` (bytes, or a text compared as the file's bytes decoded
 * as UTF-8, as its reader decoded them); a file gone, or no longer a regular file, does not. The
 * size is looked at first: a file grown far beyond it is not read.
 */
function holds(st: Stats | undefined, expect: string | Uint8Array): boolean | undefined {
  if (!st || !st.isFile()) return false;
  // a UTF-8 text of n UTF-16 units is at most 3n bytes (an invalid byte decodes to one unit)
  if (typeof expect === 'string' ? st.size > 3 * expect.length : st.size !== expect.length) return false;
  return undefined;
}
const sameBytes = (bytes: Buffer, expect: string | Uint8Array): boolean =>
  typeof expect === 'string' ? bytes.toString('utf8') === expect : Buffer.compare(bytes, expect) === 0;
function holdsSync(file: string, expect: string | Uint8Array): boolean {
  let st: Stats | undefined;
  try { st = lstatSync(file); } catch (e) { absent(e); }
  const bySize = holds(st, expect);
  if (bySize !== undefined) return bySize;
  try { return sameBytes(readFileSync(file), expect); } catch (e) { return absent(e) ?? false; }
}
async function holdsAsync(file: string, expect: string | Uint8Array): Promise<boolean> {
  let st: Stats | undefined;
  try { st = await call<Stats>((cb) => lstat(file, cb)); } catch (e) { absent(e); }
  const bySize = holds(st, expect);
  if (bySize !== undefined) return bySize;
  try { return sameBytes(await call<Buffer>((cb) => readFile(file, cb)), expect); } catch (e) { return absent(e) ?? false; }
}

/** An AtomicWriter's writes stopped by its signal: how many of those asked for were made, and how many never started. */
export class WritesStopped extends Interrupted {
  constructor(readonly written: number, readonly notStarted: number) {
    super(`stopped: ${written} of ${written + notStarted} files written; the other ${notStarted} are as they were`);
  }
}

/** `data` into `file` whole or not at all; bytes are written as they are (unredacted: a caller's own that hold no secret) */
export function writeFileAtomic(file: string, data: string | Uint8Array, o: WriteOptions = {}): void {
  makeDirs(path.dirname(resolvePath(file)));
  cleanOnce(path.dirname(resolvePath(file)));
  const text = typeof data !== 'string' || o.verbatim ? data : redact(data);
  runSync(stepsFor(file, text, o));
}

/**
 * How a writer that looked at a file's path writes it (pull from a channel, pull --from an export:
 * one rule for both): over the text it read (`before`: a change saved meanwhile is kept,
 * FileChanged), new when none was there (`there` false: one created meanwhile is kept,
 * FileCreated), or over a file it did not read (--force over a file it was told to replace).
 */
export function writeOver(before: string | undefined, there: boolean): Pick<WriteOptions, 'expect' | 'create'> {
  return before !== undefined ? { expect: before } : there ? {} : { create: true };
}

/**
 * One file's write as its options say (writeFileAtomic, startWritingFiles): created exclusively
 * (`create`: a file there is kept, FileCreated), or through a temp file and a rename (over the
 * text read with `expect`: FileChanged when it changed).
 */
function* stepsFor(file: string, text: string | Uint8Array, o: Pick<WriteOptions, 'expect' | 'create'>): Steps<void> {
  if (!o.create) return yield* writeSteps(file, text, o.expect);
  try { yield* createSteps(resolvePath(file), text, true); } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new FileCreated(file);
    throw e;
  }
}

/** The mode to keep of the file a write replaces (undefined: none there); refuses links, non-files and read-only files. */
function modeToKeep(file: string, st: { isSymbolicLink(): boolean; isFile(): boolean; mode: number } | undefined): number | undefined {
  if (!st) return undefined;
  if (st.isSymbolicLink()) throw new WriteRefused(linkRefusal(file));
  if (!st.isFile()) throw new WriteRefused(`${file} is not a regular file: not written`);
  const mode = st.mode & 0o7777;
  // no write permission for anyone: made read-only on purpose (root could write it all the same)
  if ((mode & 0o222) === 0) throw new WriteRefused(`${file} is read-only: not overwritten; make it writable first`);
  return mode;
}

/** the process's umask, read once: a temp file created with a mode the umask leaves whole needs no chmod (a system call a file saved) */
let umask: number | undefined;
const needsChmod = (mode: number): boolean => (mode & ~(umask ??= process.umask())) !== mode;

/** the file system refused the call on permissions (a read-only or immutable file or folder) */
const notPermitted = (e: unknown): boolean => ['EPERM', 'EACCES'].includes((e as NodeJS.ErrnoException)?.code ?? '');
const permissionWhy = (e: unknown): string => `${(e as NodeJS.ErrnoException).code === 'EPERM' ? 'the operation is not permitted' : 'permission denied'} (${(e as NodeJS.ErrnoException).code}): the file or its folder does not let tplsync replace or create files (read-only, or immutable: lsattr shows an i); make it writable, or leave the file out`;

const absent = (e: unknown) => { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; return undefined; };
let tempSeq = 0;
const tempName = (file: string) => `${file}.${process.pid}.${Date.now()}.${++tempSeq}.tmp`;

/** a temp file's name as tempName makes it: FILE.PID.MS.N.tmp */
const TEMP_NAME = /^.+\.([1-9]\d{0,9})\.(\d{10,})\.[1-9]\d*\.tmp$/;
/** when this process started (ms; a second early): a temp file of our pid made before is an earlier process's with that pid (a container's pid 1) */
const STARTED = Date.now() - process.uptime() * 1000 - 1000;

/**
 * The temp files (and spares) of this naming that a writer killed between their create and their
 * rename left in `dir` (kill -9, a container stopped, the machine down): removed once their process
 * no longer runs (a zombie included); those of a process still running, and of this one, stay.
 * Returns the names removed. Every writer calls it on its first write into a folder in a run.
 */
export function removeLeftTemps(dir: string): string[] {
  let names: string[];
  try { names = readdirSync(dir); } catch { return []; }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    if (pid === process.pid ? Number(m[2]) >= STARTED : ownerRunning({ pid })) continue;
    const p = path.join(dir, name);
    try { if (!lstatSync(p).isFile()) continue; unlinkSync(p); removed.push(name); } catch { /* gone meanwhile */ }
  }
  return removed;
}

const CLEANED = Symbol('write.cleaned');
/** removeLeftTemps once a run for each folder written into */
function cleanOnce(dir: string): void {
  const done = runState(CLEANED, () => new Set<string>());
  if (done.has(dir)) return;
  done.add(dir);
  removeLeftTemps(dir);
}

/** `file` as the caller named it (the messages say it so); written where the run's directory puts it */

/** a callback of node:fs as a promise: the callback API costs about half the CPU of fs/promises (no FileHandle) for each of thousands of files */
const call = <T>(f: (cb: (e: NodeJS.ErrnoException | null, v: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => f((e, v) => (e ? reject(e) : resolve(v))));

/** writeOne without blocking: the same steps (the text already redacted) */
const writeOneAsync = (file: string, data: string, o: Pick<WriteOptions, 'expect' | 'create'>): Promise<void> => runAsync(stepsFor(file, data, o));

/** all of `data` written at the start of the open file `fd`, which is then closed (also on failure) */
async function writeAndClose(fd: number, data: string | Uint8Array): Promise<void> {
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length;) at += await call<number>((cb) => write(fd, bytes, at, bytes.length - at, null, cb));
  } finally { await call<void>((cb) => close(fd, (e) => cb(e, undefined))); }
}

/**
 * A spare: the inode of a file an AtomicWriter replaced, kept under a temp name by a hard link
 * made before the rename, to be a later write's temp file. Replacing a file through a new temp
 * file creates an inode and frees one; on ext4 without a journal (this project's benchmark
 * machine) each creation walks past every inode freed in the last 30 s (`recently_deleted` in the
 * kernel's inode allocator), so the kernel's work per file grew with the number of files replaced.
 * A spare is truncated to nothing and written whole before it is renamed over a file, as a new
 * temp file would be: the name a reader sees changes only by that rename. (What an inode carries
 * besides its text and mode, extended attributes or a creation time, comes from the file whose
 * inode it was: a file of the same project, usually of the same folder.)
 */
export interface Spare { tmp: string; mode: number }

const UNLINKED = (e: unknown): void => { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; };
const unlinkQuiet = (tmp: string): Promise<void> => call<void>((cb) => unlink(tmp, (e) => cb(e, undefined))).catch(UNLINKED);

const createOneAsync = (file: string, data: string): Promise<void> => runAsync(createSteps(file, data));

/** whether the replaced file's inode may become a spare: one link, this process's user and group (as a temp file it made would be) */
let ids: { uid: number | undefined; gid: number | undefined } | undefined;
/** this process's user and group, read once (two system calls a file saved on thousands of files) */
const ownIds = () => (ids ??= { uid: process.geteuid?.(), gid: process.getegid?.() });
const mayKeep = (st: Stats | undefined): st is Stats => Boolean(st && st.nlink === 1 && st.uid === ownIds().uid && st.gid === ownIds().gid);

/** all of `bytes` written at the start of the open file `fd`, which is then closed (also on failure) */
function writeAndCloseSync(fd: number, data: string | Uint8Array): void {
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at, null);
  } finally { closeSync(fd); }
}

/** replaceSteps with blocking calls, on a thread of its own (write-worker.ts: the AtomicWriter's `threads`) */
export const replaceWithSparesSync = (file: string, data: string, spares: Spare[], expect?: string | Uint8Array): void => runSync(replaceSteps(file, data, spares, expect));
/** createSteps with blocking calls (write-worker.ts) */
export const createOneSync = (file: string, data: string): void => runSync(createSteps(file, data));
/** replaceSteps without blocking (AtomicWriter without threads) */
const replaceWithSpares = (file: string, data: string, spares: Spare[], expect?: string | Uint8Array): Promise<void> => runAsync(replaceSteps(file, data, spares, expect));

/**
 * One system call of a write, described: a write is written once, as a generator of these steps
 * (writeSteps, replaceSteps, createSteps), and run by runSync (blocking calls: a write thread, a
 * single file) or runAsync (node:fs's callbacks, many files in flight). A step that fails is
 * thrown back into the generator at its `yield`, as the call itself would throw there; a `yield`
 * gives the call's result (cast to what the call returns: lstat Stats, open a descriptor).
 */
type Step =
  | { call: 'lstat'; path: string }
  | { call: 'link'; from: string; to: string }
  | { call: 'open'; path: string; flags: string | number; mode?: number }
  /** closes `fd` when it fails (the steps then no longer own it) */
  | { call: 'fchmod'; fd: number; mode: number }
  /** all of `data` at the start of `fd`, which is then closed, also on failure */
  | { call: 'writeClose'; fd: number; data: string | Uint8Array; /** the file being written (a failure says it) */ file: string }
  | { call: 'rename'; from: string; to: string }
  /** whether the file still holds what its caller read (true or false; a file gone does not) */
  | { call: 'holds'; path: string; expect: string | Uint8Array }
  /** a file that is already gone is no failure */
  | { call: 'unlinkQuiet'; path: string };
type Steps<T> = Generator<Step, T, unknown>;

function runSync<T>(steps: Steps<T>): T {
  let r = steps.next();
  while (!r.done) {
    let v: unknown;
    try { v = doSync(r.value); } catch (e) { r = steps.throw(e); continue; }
    r = steps.next(v);
  }
  return r.value;
}

async function runAsync<T>(steps: Steps<T>): Promise<T> {
  let r = steps.next();
  while (!r.done) {
    let v: unknown;
    try { v = await doAsync(r.value); } catch (e) { r = steps.throw(e); continue; }
    r = steps.next(v);
  }
  return r.value;
}

/** a failure of a call on a descriptor (write, close: no path of its own) said with the file it was writing */
function named(e: unknown, file: string): unknown {
  const x = e as NodeJS.ErrnoException | undefined;
  if (x && typeof x === 'object' && typeof x.code === 'string' && x.path === undefined) x.path = file;
  return e;
}

function doSync(s: Step): unknown {
  switch (s.call) {
    case 'lstat': return lstatSync(s.path);
    case 'link': return linkSync(s.from, s.to);
    case 'open': return openSync(s.path, s.flags, s.mode);
    case 'fchmod': try { return fchmodSync(s.fd, s.mode); } catch (e) { closeSync(s.fd); throw e; }
    case 'writeClose': try { return writeAndCloseSync(s.fd, s.data); } catch (e) { throw named(e, s.file); }
    case 'rename': return renameSync(s.from, s.to);
    case 'holds': return holdsSync(s.path, s.expect);
    case 'unlinkQuiet': try { return unlinkSync(s.path); } catch (e) { return UNLINKED(e); }
  }
}

function doAsync(s: Step): Promise<unknown> {
  switch (s.call) {
    case 'lstat': return call<Stats>((cb) => lstat(s.path, cb));
    case 'link': return call<void>((cb) => link(s.from, s.to, (e) => cb(e, undefined)));
    case 'open': return call<number>((cb) => open(s.path, s.flags, s.mode, cb));
    case 'fchmod': return call<void>((cb) => fchmod(s.fd, s.mode, (e) => (e ? close(s.fd, () => cb(e, undefined)) : cb(null, undefined))));
    case 'writeClose': return writeAndClose(s.fd, s.data).catch((e: unknown) => { throw named(e, s.file); });
    case 'rename': return call<void>((cb) => rename(s.from, s.to, (e) => cb(e, undefined)));
    case 'holds': return holdsAsync(s.path, s.expect);
    case 'unlinkQuiet': return unlinkQuiet(s.path);
  }
}

/** removes a temp file on the way out of a failure; a failure to remove it is not the one to report */
function* removeQuietly(tmp: string): Steps<void> {
  try { yield { call: 'unlinkQuiet', path: tmp }; } catch { /* left as it is */ }
}

/** `text` into `file` through a temp file of its own and a rename (writeFileAtomic, writeFilesAtomic) */
function* writeSteps(file: string, text: string | Uint8Array, expect?: string | Uint8Array): Steps<void> {
  const abs = resolvePath(file);
  let st: Stats | undefined;
  try { st = (yield { call: 'lstat', path: abs }) as Stats; } catch (e) { absent(e); }
  const mode = modeToKeep(file, st);
  const tmp = tempName(abs);
  try {
    let fd: number;
    // a failure to make the temp file is the file's (its folder refuses new files: /proc): said with the file's path
    try { fd = (yield { call: 'open', path: tmp, flags: 'w', mode: mode ?? 0o666 }) as number; } catch (e) {
      if (e && typeof e === 'object' && (e as NodeJS.ErrnoException).path === tmp) (e as NodeJS.ErrnoException).path = abs;
      throw e;
    }
    if (mode !== undefined && needsChmod(mode)) yield { call: 'fchmod', fd, mode }; // the umask narrowed what open set
    yield { call: 'writeClose', fd, data: text, file };
    // the file still what the caller read, looked at last before the rename (an edit saved meanwhile is kept)
    if (expect !== undefined && !(yield { call: 'holds', path: abs, expect })) throw new FileChanged(file);
    yield { call: 'rename', from: tmp, to: abs };
  } catch (e) {
    yield* removeQuietly(tmp); // nothing half-done is left behind
    throw e;
  }
}

/**
 * `text` into `file` (an AtomicWriter's replace) through a temp file that is a spare when there
 * is one; the replaced file's inode becomes a spare when it is the writer's alone to reuse: a
 * regular file with one link (its text is under no other name), of this process's user and group
 * (as a temp file it created would be).
 */
function* replaceSteps(file: string, text: string, spares: Spare[], expect?: string | Uint8Array): Steps<void> {
  let st: Stats | undefined;
  try { st = (yield { call: 'lstat', path: file }) as Stats; } catch (e) { absent(e); }
  const mode = modeToKeep(file, st);
  const want = mode ?? (0o666 & ~(umask ??= process.umask()));
  let kept: Spare | undefined;
  if (mayKeep(st)) {
    const tmp = tempName(file);
    // no hard links on this file system, or not allowed: a new temp file, as without spares
    try { yield { call: 'link', from: file, to: tmp }; kept = { tmp, mode: st.mode & 0o7777 }; } catch { kept = undefined; }
  }
  let used: Spare | undefined;
  try {
    for (;;) {
      used = spares.pop();
      let fd: number;
      if (used) {
        // no O_CREAT (a spare someone removed is not made again), no link followed
        try { fd = (yield { call: 'open', path: used.tmp, flags: constants.O_WRONLY | constants.O_TRUNC | constants.O_NOFOLLOW }) as number; } catch {
          yield* removeQuietly(used.tmp);
          used = undefined;
          continue;
        }
      } else {
        used = { tmp: tempName(file), mode: want };
        try { fd = (yield { call: 'open', path: used.tmp, flags: 'wx', mode: mode ?? 0o666 }) as number; } catch (e) {
          used = undefined;
          // a folder that takes no new file (read-only, immutable): this file's refusal, said with its path
          if (notPermitted(e)) throw new WriteRefused(`${file}: not replaced: ${permissionWhy(e)}`);
          throw e;
        }
        if (mode !== undefined && needsChmod(mode)) used.mode = -1; // the umask narrowed what open set
      }
      if (used.mode !== want) yield { call: 'fchmod', fd, mode: want };
      yield { call: 'writeClose', fd, data: text, file };
      // the file still what the caller read, looked at last before the rename (an edit saved meanwhile is kept)
      if (expect !== undefined && !(yield { call: 'holds', path: file, expect })) throw new FileChanged(file);
      try {
        yield { call: 'rename', from: used.tmp, to: file };
      } catch (e) {
        // a file made immutable (chattr +i), or a folder that does not let it be replaced: this file's refusal
        if (notPermitted(e)) throw new WriteRefused(`${file}: not replaced: ${permissionWhy(e)}`);
        // a spare from a folder on another file system: this file through a temp file of its own
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        yield { call: 'unlinkQuiet', path: used.tmp };
        used = undefined;
        continue;
      }
      used = undefined;
      break;
    }
  } catch (e) {
    // nothing half-done is left behind: the temp file written, and the link to the old text (the file still has it)
    for (const s of [used, kept]) if (s) yield* removeQuietly(s.tmp);
    throw e;
  }
  if (kept) spares.push(kept);
}

/**
 * A new file (AtomicWriter's `create`): made with O_EXCL and written in place, without a temp file
 * and a rename (half the directory entries: a first import creates thousands of files). There
 * was no file to lose: a file of that name, or a link, is refused, not replaced; a write that
 * fails removes the file it made. What this gives up against a temp file: a reader looking at
 * that moment, or a crash of the process (SIGKILL) or the machine in it, can see the new file
 * empty or short. A signal (Ctrl-C) lets the writes under way finish.
 */
function* createSteps(file: string, text: string | Uint8Array, raw = false): Steps<void> {
  let fd: number;
  try { fd = (yield { call: 'open', path: file, flags: 'wx', mode: 0o666 }) as number; } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST' && !raw) throw new WriteRefused(`${file} exists: tplsync writes a new file there and does not replace one it did not read; move it away, or check that your config covers it`);
    if (notPermitted(e)) throw new WriteRefused(`${file}: not created: ${permissionWhy(e)}`);
    throw e;
  }
  try { yield { call: 'writeClose', fd, data: text, file }; } catch (e) {
    yield* removeQuietly(file);
    throw e;
  }
}

/**
 * writeFileAtomic for many files at once (pull of a catalogue): the same checks, redaction, temp
 * file and rename for each, each directory made once, several files in flight (creating thousands
 * of files is mostly waiting on the file system). Stops starting files at the first refusal or
 * error, lets those in flight finish, and throws it (the files written before stay written).
 * Returns the texts as written (redacted), in the order given.
 */
export async function writeFilesAtomic(files: readonly BatchFile[], o: WriteOptions & { concurrency?: number } = {}): Promise<string[]> {
  const batch = startWritingFiles(files, o);
  await batch.written;
  if (batch.changed[0]) throw batch.changed[0];
  return batch.texts;
}

/** a file of a batch, and (as WriteOptions, for it alone) whether it is new, or what it held when read */
export type BatchFile = { file: string; data: string } & Pick<WriteOptions, 'expect' | 'create'>;

/**
 * writeFilesAtomic, started: the texts as they will be written at once (the caller may work on them
 * meanwhile), `written` when done. A file that changed, or was created, since its caller looked
 * (FileChanged, FileCreated: each file's `expect` or `create`) is left as it is and listed in
 * `changed` once written; the other files are written all the same.
 */
export function startWritingFiles(files: readonly BatchFile[], o: WriteOptions & { concurrency?: number } = {}): { texts: string[]; written: Promise<void>; changed: FileChanged[] } {
  const made = new Set<string>();
  for (const { file } of files) {
    const dir = path.dirname(resolvePath(file));
    if (!made.has(dir)) { makeDirs(dir); cleanOnce(dir); made.add(dir); }
  }
  const texts = files.map((f) => (o.verbatim ? f.data : redact(f.data)));
  const changed: FileChanged[] = [];
  const written = forEachUntilFailure(files, o.concurrency ?? 8, async (f, i) => {
    try { await writeOneAsync(f.file, texts[i]!, f); } catch (e) {
      if (!(e instanceof FileChanged)) throw e;
      changed.push(e);
    }
  });
  return { texts, written, changed };
}

/**
 * writeFileAtomic for many files, the writes made on libuv's threads while the caller goes on
 * (an import plans the next template while the last one's file is written): each file through a
 * temp file and a rename (the temp file an earlier replaced file's inode: replaceWithSpares), with
 * the same checks and redaction; a file asked for with `create` is made new in place
 * (createOneAsync). Two writes of one file are made in the order they were asked for. After the
 * first failure, or once `signal` is aborted, no new write starts; `flush` waits for those under
 * way and throws that failure (or Interrupted, saying how many were not written).
 */
export class AtomicWriter {
  private running = 0;
  private readonly queue: (() => Promise<void>)[] = [];
  private readonly last = new Map<string, Promise<void>>();
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  private failed = false;
  /** inodes of replaced files, kept to be the next temp files (replaceWithSpares); removed by flush */
  private readonly spares: Spare[] = [];

  /** writes asked for that never started (after a failure or the signal) */
  private notStarted = 0;
  /** writes made (complete once flush has returned or thrown): what a caller says was written before a failure */
  written = 0;
  /** the files written (complete once flush has returned or thrown), in the order made: what a run stopped part way lists */
  readonly writtenFiles: string[] = [];
  private asked = 0;

  /** the writes on worker threads (`threads`), or undefined: on libuv's threads through callbacks */
  private readonly pool: WriteThreads | undefined;

  /**
   * `threads`: that many worker threads make the writes with blocking calls (write-worker.ts), for
   * thousands of files: a third less CPU than the callbacks, and none of it on this thread
   * (undefined when the worker's file is not there: a run from the sources). `collectRefusals`: a
   * file refused (WriteRefused: a link, a read-only file, a file where a new one was to be made)
   * is listed in `refused` once flushed, and the other writes go on; otherwise it is a failure.
   * `concurrency`: the writes in flight on the callbacks' road.
   */
  constructor(private readonly o: WriteOptions & { signal?: AbortSignal; threads?: number; workerFile?: string; collectRefusals?: boolean } = {}, private readonly concurrency = 16) {
    this.pool = o.threads ? WriteThreads.start(o.threads, o.workerFile ?? writeWorkerFile(), o.signal, Boolean(o.collectRefusals)) : undefined;
  }

  /** whether the writes are made on worker threads */
  get threaded(): boolean { return this.pool !== undefined; }

  /** with `collectRefusals`: the files refused, with why (complete once flush has returned or thrown) */
  readonly refused: Refusal[] = [];

  /** `create`: the file is new (none is there, none is to be replaced): createOneAsync; `expect`: what the file held when read (WriteOptions.expect) */
  write(file: string, data: string, how: { create?: boolean; expect?: string | Uint8Array | undefined } = {}): void {
    const abs = resolvePath(file);
    cleanOnce(path.dirname(abs));
    if (this.pool) { this.asked++; this.pool.write(abs, this.o.verbatim ? data : redact(data), Boolean(how.create), how.expect); return; }
    const before = this.last.get(abs);
    this.asked++;
    const job = (): Promise<void> => this.writeOne(abs, data, Boolean(how.create), how.expect);
    const done: Promise<void> = before
      ? before.then(() => this.enqueue(job))
      : this.enqueue(job);
    const settled = done.catch((e: unknown) => {
      if (this.o.collectRefusals && e instanceof WriteRefused) this.refused.push({ file: abs, message: e.message, ...(e instanceof FileChanged ? { changed: true } : {}) });
      else if (!this.failed) { this.failed = true; this.failure = e; }
    });
    this.last.set(abs, settled);
  }

  /** waits for every write asked for; throws the first failure */
  async flush(): Promise<void> {
    if (this.pool) {
      const r = await this.pool.end();
      this.written = r.written;
      append(this.writtenFiles, r.files);
      append(this.refused, r.refused);
      if (r.failure) throw r.failure;
      if (r.notStarted) throw new WritesStopped(this.asked - r.notStarted - this.refused.length, r.notStarted);
      return;
    }
    await Promise.all(this.last.values());
    this.last.clear();
    const spares = this.spares.splice(0);
    await Promise.all(spares.map((s) => call<void>((cb) => unlink(s.tmp, (e) => cb(e, undefined))).catch((e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' && !this.failed) { this.failed = true; this.failure = e; }
    })));
    if (this.failed) throw this.failure;
    if (this.notStarted) {
      const n = this.notStarted;
      this.notStarted = 0;
      throw new WritesStopped(this.asked - n - this.refused.length, n);
    }
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const run = (): Promise<void> => {
        if (this.failed || this.o.signal?.aborted) {
          if (!this.failed) this.notStarted++;
          resolve();
          return Promise.resolve();
        }
        return job().then(resolve, reject);
      };
      if (this.running < this.concurrency) this.start(run);
      else this.queue.push(run);
    });
  }

  private start(run: () => Promise<void>): void {
    this.running++;
    void run().finally(() => {
      this.running--;
      const next = this.queue.shift();
      if (next) this.start(next);
    });
  }

  private async writeOne(file: string, data: string, create: boolean, expect: string | Uint8Array | undefined): Promise<void> {
    const dir = path.dirname(file);
    let made = this.dirs.get(dir);
    if (!made) { made = Promise.resolve().then(() => makeDirs(dir)); this.dirs.set(dir, made); }
    await made;
    const text = this.o.verbatim ? data : redact(data);
    await (create ? createOneAsync(file, text) : replaceWithSpares(file, text, this.spares, expect));
    this.written++;
    this.writtenFiles.push(file);
  }
}

/**
 * the worker of AtomicWriter's threads: beside this module once built (dist/files, dist/bundle);
 * run from the sources (tsx: the benches; the tests), the built one of this checkout (`npm run
 * build` first, as the tests are run)
 */
function writeWorkerFile(): string {
  const beside = fileURLToPath(new URL('./write-worker.js', import.meta.url));
  return existsSync(beside) || !import.meta.url.endsWith('.ts') ? beside : fileURLToPath(new URL('../../dist/files/write-worker.js', import.meta.url));
}

/** a file an AtomicWriter did not write, and why; `changed`: it changed after it was read (FileChanged) */
export interface Refusal { file: string; message: string; changed?: boolean }

/** one write sent to a write thread (write-worker.ts) */
export interface WriteJob { file: string; text: string; create: boolean; expect?: string | Uint8Array }

/** files sent to a thread at once */
const WRITE_BATCH = 64;

/** The worker threads of an AtomicWriter (`threads`): each file to the thread its path hashes to, in batches. */
class WriteThreads {
  private readonly pending: WriteJob[][];
  private ended: Promise<{ failure?: unknown; notStarted: number; written: number; files: string[]; refused: Refusal[] }> | undefined;
  private readonly stopOnAbort: (() => void) | undefined;

  static start(n: number, workerFile: string, signal?: AbortSignal, collectRefusals = false): WriteThreads | undefined {
    if (!existsSync(workerFile)) return undefined;
    return new WriteThreads(n, workerFile, signal, collectRefusals);
  }

  private constructor(private readonly n: number, private readonly workerFile: string, private readonly signal?: AbortSignal, private readonly collectRefusals = false) {
    this.pending = Array.from({ length: n }, () => []);
    if (signal?.aborted) Atomics.compareExchange(this.flag, 0, 0, 2);
    else if (signal) { this.stopOnAbort = () => { Atomics.compareExchange(this.flag, 0, 0, 2); }; signal.addEventListener('abort', this.stopOnAbort, { once: true }); }
  }

  /** 0: go on; 1: a write failed; 2: aborted */
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  /** started on the first write (an import with nothing to write starts none) */
  private workers: Worker[] = [];
  private replies: Promise<{ failure?: ThreadFailure | undefined; notStarted: number; written?: number; files?: string[]; refused?: Refusal[] } | { crashed: unknown }>[] = [];

  private startWorkers(): void {
    const flag = this.flag;
    this.workers = Array.from({ length: this.n }, () => new Worker(this.workerFile, { workerData: { flag, collectRefusals: this.collectRefusals } }));
    this.replies = this.workers.map((w) => new Promise((resolve) => {
      w.once('message', resolve);
      w.on('error', (e) => resolve({ crashed: e }));
      w.once('exit', () => resolve({ crashed: new Error('a write thread ended before its files were written') }));
    }));
  }

  write(file: string, text: string, create: boolean, expect: string | Uint8Array | undefined): void {
    if (!this.workers.length) this.startWorkers();
    let h = 0;
    for (let i = 0; i < file.length; i++) h = (h * 31 + file.charCodeAt(i)) | 0;
    const k = (h >>> 0) % this.n;
    const batch = this.pending[k]!;
    batch.push({ file, text, create, ...(expect !== undefined ? { expect } : {}) });
    if (batch.length >= WRITE_BATCH) { this.workers[k]!.postMessage({ jobs: batch }); this.pending[k] = []; }
  }

  /** the rest sent, every thread's files written (or not started); the first failure, as the callbacks' road throws it */
  end(): Promise<{ failure?: unknown; notStarted: number; written: number; files: string[]; refused: Refusal[] }> {
    this.ended ??= (async () => {
      this.workers.forEach((w, k) => { w.postMessage({ jobs: this.pending[k], end: true }); this.pending[k] = []; });
      const rs = await Promise.all(this.replies);
      if (this.stopOnAbort) this.signal?.removeEventListener('abort', this.stopOnAbort);
      await Promise.all(this.workers.map((w) => w.terminate()));
      let failure: unknown;
      let notStarted = 0;
      let written = 0;
      const refused: Refusal[] = [];
      const files: string[] = [];
      for (const r of rs) {
        if ('crashed' in r) { failure ??= r.crashed; continue; }
        notStarted += r.notStarted;
        written += r.written ?? 0;
        append(files, r.files ?? []);
        refused.push(...(r.refused ?? []));
        if (r.failure && (r.failure.first || failure === undefined)) failure = rebuild(r.failure);
      }
      return failure === undefined ? { notStarted, written, files, refused } : { failure, notStarted: 0, written, files, refused };
    })();
    return this.ended;
  }
}

/** a write thread's failure, sent to the calling thread (an error's fields: what its message is made of) */
export interface ThreadFailure { name: string; message: string; code?: string; syscall?: string; path?: string; first: boolean }

/** a failure of a write thread as the error the callbacks' road throws (a refusal stays a WriteRefused; a system error keeps the call and the path it names) */
function rebuild(f: Omit<ThreadFailure, 'first'>): Error {
  if (f.name === 'WriteRefused') return new WriteRefused(f.message);
  const e = new Error(f.message) as NodeJS.ErrnoException;
  if (f.code) e.code = f.code;
  if (f.syscall) e.syscall = f.syscall;
  if (f.path) e.path = f.path;
  if (f.name !== 'Error') e.name = f.name;
  return e;
}
