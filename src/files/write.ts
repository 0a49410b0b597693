// Effects: writing a file so that a reader never sees it half-written (temp file + rename). What
// tplsync writes passes the same redaction as its output (a server may put a key anywhere, even
// inside a template's text); a symbolic link is never replaced by a file, and a file that exists
// keeps its permissions.
import { chmodSync, close, lstat, lstatSync, mkdirSync, open, rename, renameSync, rmSync, write, writeFileSync, type Stats } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { redact } from '../core/redact.js';
import { forEachUntilFailure } from '../core/bounded.js';

export interface WriteOptions {
  /** write the text as given, unredacted: a user's own file rewritten in place (fmt) */
  verbatim?: boolean;
}

/** a write tplsync will not make (a link, a read-only file): the user's to resolve, exit 3, not a bug */
export class WriteRefused extends UsageError { override name = 'WriteRefused'; }

export function writeFileAtomic(file: string, data: string, o: WriteOptions = {}): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeOne(file, data, o);
}

/** The mode to keep of the file a write replaces (undefined: none there); refuses links, non-files and read-only files. */
function modeToKeep(file: string, st: { isSymbolicLink(): boolean; isFile(): boolean; mode: number } | undefined): number | undefined {
  if (!st) return undefined;
  if (st.isSymbolicLink()) throw new WriteRefused(`${file} is a symbolic link: tplsync does not replace a link with a file; remove the link, or choose another path`);
  if (!st.isFile()) throw new WriteRefused(`${file} is not a regular file: not written`);
  const mode = st.mode & 0o7777;
  // no write permission for anyone: made read-only on purpose (root could write it all the same)
  if ((mode & 0o222) === 0) throw new WriteRefused(`${file} is read-only: not overwritten; make it writable first`);
  return mode;
}

/** the process's umask, read once: a temp file created with a mode the umask leaves whole needs no chmod (a system call a file saved) */
let umask: number | undefined;
const needsChmod = (mode: number): boolean => (mode & ~(umask ??= process.umask())) !== mode;

const absent = (e: unknown) => { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; return undefined; };
let tempSeq = 0;
const tempName = (file: string) => `${file}.${process.pid}.${Date.now()}.${++tempSeq}.tmp`;

function writeOne(file: string, data: string, o: WriteOptions): void {
  let st;
  try { st = lstatSync(file); } catch (e) { absent(e); }
  const mode = modeToKeep(file, st);
  const tmp = tempName(file);
  try {
    writeFileSync(tmp, o.verbatim ? data : redact(data), mode !== undefined ? { mode } : {});
    if (mode !== undefined && needsChmod(mode)) chmodSync(tmp, mode); // the umask narrowed what writeFileSync set
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true }); // nothing half-done is left behind
    throw e;
  }
}

/** a callback of node:fs as a promise: the callback API costs about half the CPU of fs/promises (no FileHandle) for each of thousands of files */
const call = <T>(f: (cb: (e: NodeJS.ErrnoException | null, v: T) => void) => void): Promise<T> =>
  new Promise<T>((resolve, reject) => f((e, v) => (e ? reject(e) : resolve(v))));

/** writeOne without blocking: the same checks, temp file and rename. */
async function writeOneAsync(file: string, data: string): Promise<void> {
  const mode = modeToKeep(file, await call<Stats>((cb) => lstat(file, cb)).catch(absent));
  const tmp = tempName(file);
  try {
    const fd = await call<number>((cb) => open(tmp, 'w', mode ?? 0o666, cb));
    try {
      const bytes = Buffer.from(data, 'utf8');
      for (let at = 0; at < bytes.length;) at += await call<number>((cb) => write(fd, bytes, at, bytes.length - at, null, cb));
    } finally { await call<void>((cb) => close(fd, (e) => cb(e, undefined))); }
    if (mode !== undefined && needsChmod(mode)) await fsp.chmod(tmp, mode);
    await call<void>((cb) => rename(tmp, file, (e) => cb(e, undefined)));
  } catch (e) {
    await fsp.rm(tmp, { force: true });
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
export async function writeFilesAtomic(files: readonly { file: string; data: string }[], o: WriteOptions & { concurrency?: number } = {}): Promise<string[]> {
  const batch = startWritingFiles(files, o);
  await batch.written;
  return batch.texts;
}

/** writeFilesAtomic, started: the texts as they will be written at once (the caller may work on them meanwhile), `written` when done. */
export function startWritingFiles(files: readonly { file: string; data: string }[], o: WriteOptions & { concurrency?: number } = {}): { texts: string[]; written: Promise<void> } {
  const made = new Set<string>();
  for (const { file } of files) {
    const dir = path.dirname(path.resolve(file));
    if (!made.has(dir)) { mkdirSync(dir, { recursive: true }); made.add(dir); }
  }
  const texts = files.map((f) => (o.verbatim ? f.data : redact(f.data)));
  const written = forEachUntilFailure(files, o.concurrency ?? 8, (f, i) => writeOneAsync(f.file, texts[i]!));
  return { texts, written };
}

/**
 * writeFileAtomic for many files, the writes made on libuv's threads while the caller goes on
 * (an import plans the next template while the last one's file is written): each file through a
 * temp file and a rename, with the same checks and redaction. Two writes of one file are made in
 * the order they were asked for. After the first failure no new write starts; `flush` waits for
 * those under way and throws that failure.
 */
export class AtomicWriter {
  private running = 0;
  private readonly queue: (() => Promise<void>)[] = [];
  private readonly last = new Map<string, Promise<void>>();
  private readonly dirs = new Map<string, Promise<unknown>>();
  private failure: unknown;
  private failed = false;

  constructor(private readonly o: WriteOptions = {}, private readonly concurrency = 16) {}

  write(file: string, data: string): void {
    const abs = path.resolve(file);
    const before = this.last.get(abs);
    const job = (): Promise<void> => this.writeOne(abs, data);
    const done: Promise<void> = before
      ? before.then(() => this.enqueue(job))
      : this.enqueue(job);
    const settled = done.catch((e: unknown) => { if (!this.failed) { this.failed = true; this.failure = e; } });
    this.last.set(abs, settled);
  }

  /** waits for every write asked for; throws the first failure */
  async flush(): Promise<void> {
    await Promise.all(this.last.values());
    this.last.clear();
    if (this.failed) throw this.failure;
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const run = (): Promise<void> => {
        if (this.failed) { resolve(); return Promise.resolve(); }
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

  private async writeOne(file: string, data: string): Promise<void> {
    const dir = path.dirname(file);
    let made = this.dirs.get(dir);
    if (!made) { made = fsp.mkdir(dir, { recursive: true }); this.dirs.set(dir, made); }
    await made;
    await writeOneAsync(file, this.o.verbatim ? data : redact(data));
  }
}
