// Effects: the emulator's durable state, an append-only JSON Lines journal. A write is
// acknowledged only after its line is on disk (group commit: one fdatasync for every write
// that arrived meanwhile), so `kill -9` at any moment loses nothing acknowledged. A torn last
// line (a write cut short by the kill, never acknowledged) is dropped on load; the journal
// is compacted on load (temp file + fsync + rename).
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';

export interface JournalEntry { t: string; key: string; rec: unknown }

/** The data file cannot be used (damaged, or locked by another emulator): a usage error (exit 3), its message says which file and line. */
export class JournalError extends Error { override name = 'JournalError'; readonly exitCode = 3; }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Whether a parsed line has the shape of an entry this emulator wrote: what it would restore from it is there */
function isEntry(e: unknown): e is JournalEntry {
  if (!isObject(e) || typeof e.t !== 'string' || typeof e.key !== 'string') return false;
  const r = e.rec;
  if (e.t === 'template') return isObject(r) && typeof r.channelId === 'string' && typeof r.templateId === 'string' && isObject(r.body) && typeof r.updatedAt === 'number';
  if (e.t === 'conversation') return isObject(r) && typeof r.channelId === 'string' && typeof r.clientMessageId === 'string' && isObject(r.response) && Array.isArray(r.receivers);
  return e.t !== 'clock' || r === null || isObject(r);
}

/** the data files this process's emulators hold, so that a second one in the same process is refused too */
const held = new Set<string>();

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}

/**
 * Takes the exclusive lock of a data file (`FILE.lock`, holding the owner's pid), so that two
 * emulators never share one journal (each would compact it on start and overwrite the other's
 * writes). A lock left by a process that is gone (kill -9) is taken over. Returns its release.
 */
export function lockDataFile(file: string): () => void {
  const abs = resolvePath(file);
  const lock = `${abs}.lock`;
  makeDirs(path.dirname(abs));
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try { fd = openSync(lock, 'wx'); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new JournalError(`cannot lock the emulator data file ${file}: ${(e as Error).message}`);
      const pid = Number.parseInt(readLockOwner(lock), 10);
      const ours = pid === process.pid && held.has(abs);
      if (Number.isInteger(pid) && pid > 0 && (ours || (pid !== process.pid && alive(pid)))) {
        throw new JournalError(`the emulator data file ${file} is in use by another emulator (pid ${pid}); stop that one or give this one another --data file`);
      }
      try { unlinkSync(lock); } catch { /* another start took it over first: try again */ }
      continue;
    }
    try { writeSync(fd, `${process.pid}\n`); } finally { closeSync(fd); }
    held.add(abs);
    return () => {
      held.delete(abs);
      try { if (readLockOwner(lock).trim() === String(process.pid)) unlinkSync(lock); } catch { /* already gone */ }
    };
  }
  throw new JournalError(`cannot lock the emulator data file ${file}: its lock ${lock} keeps changing hands`);
}

function readLockOwner(lock: string): string {
  try { return readFileSync(lock, 'utf8'); } catch { return ''; }
}

/** Reads every entry; the latest entry per (t, key) wins. */
export function loadJournal(file: string, check?: (e: JournalEntry) => string | undefined): Map<string, JournalEntry> {
  const state = new Map<string, JournalEntry>();
  if (!existsSync(file)) return state;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let e: unknown;
    const damaged = (what: string) => new JournalError(`${file}:${i + 1}: the emulator data file is damaged (${what}); repair or remove that line, or move the file away to start the emulator empty`);
    try { e = JSON.parse(line); } catch {
      const last = lines.slice(i + 1).every((l) => l.trim() === '');
      if (last) return; // a write torn by a crash: it was never acknowledged
      throw damaged('not a JSON line');
    }
    if (!isEntry(e)) throw damaged('a JSON line that is not one of the emulator\'s entries');
    const why = check?.(e);
    if (why !== undefined) throw damaged(why);
    state.set(`${e.t}\u0000${e.key}`, e);
  });
  return state;
}

/** Rewrites the journal with one line per current entry, atomically. */
export function compactJournal(file: string, entries: Iterable<JournalEntry>): void {
  makeDirs(path.dirname(resolvePath(file)));
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    let buf = '';
    for (const e of entries) buf += `${JSON.stringify(e)}\n`;
    writeSync(fd, buf);
    fsyncSync(fd);
  } finally { closeSync(fd); }
  renameSync(tmp, file);
  try { const d = openSync(path.dirname(resolvePath(file)), 'r'); fsyncSync(d); closeSync(d); } catch { /* not every platform syncs directories */ }
}

export class Journal {
  private fh?: FileHandle;
  private pending: { line: string; done: (e?: Error) => void }[] = [];
  private flushing = false;

  /** `beforeSync` (for tests) is awaited after a batch is written and before it is synced */
  constructor(private readonly file: string, private readonly beforeSync?: () => Promise<void>) {}

  async open(): Promise<void> {
    this.fh = await open(this.file, 'a');
  }

  /** Resolves once the entry is durable; rejects (and nothing was acknowledged) when it could not be written. */
  append(entry: JournalEntry): Promise<void> {
    let line: string;
    try { line = `${JSON.stringify(entry)}\n`; } catch (e) { return Promise.reject(e as Error); }
    return new Promise((resolve, reject) => {
      this.pending.push({ line, done: (e) => (e ? reject(e) : resolve()) });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.fh!.write(batch.map((b) => b.line).join(''));
        await this.beforeSync?.();
        await this.fh!.datasync();
        for (const b of batch) b.done();
      } catch (e) {
        for (const b of batch) b.done(e as Error);
      }
    }
    this.flushing = false;
  }

  async close(): Promise<void> {
    while (this.flushing || this.pending.length) await new Promise((r) => setTimeout(r, 1));
    await this.fh?.close();
    this.fh = undefined;
  }
}
