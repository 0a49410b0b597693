// Effects: the emulator's durable state, an append-only JSON Lines journal. A write is
// acknowledged only after its line is on disk (group commit: one fdatasync for every write
// that arrived meanwhile), so `kill -9` at any moment loses nothing acknowledged. A torn last
// line (a write cut short by the kill, never acknowledged, or damage to the file) is dropped on
// load, said, and its bytes kept beside the file (FILE.cut-TIME); the journal is compacted on load
// (temp file + fsync + rename).
import { closeSync, existsSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';
import { nestedDeeperThan } from '../core/json-depth.js';
import { MAX_CLOCK_OFFSET_MS } from './clock-limit.js';
import { EMULATOR_LOCK, NotALockFile, takeLock } from '../core/pid-lock.js';
import { FileRefused, readRegularFile } from '../core/read-regular.js';
/** the most an emulator data file may hold (a journal of many templates' history stays far under it) */
const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

export interface JournalEntry { t: string; key: string; rec: unknown }

/** The data file cannot be used (damaged, or locked by another emulator): a usage error (exit 3), its message says which file and line. */
export class JournalError extends Error { override name = 'JournalError'; readonly exitCode = 3; }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): boolean => typeof v === 'string';
const optStr = (v: unknown): boolean => v === undefined || typeof v === 'string';
const count = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
/** a time in ms a Date can hold (±8.64e15): a larger one throws where the emulator writes it as a date */
const time = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 8.64e15;
const optTime = (v: unknown): boolean => v === undefined || time(v);

/** Why a template record is not one this emulator wrote (a field of the wrong type, a key that is not its own), or undefined */
function templateRecordProblem(key: string, r: Record<string, unknown>): string | undefined {
  if (!str(r.channelId) || !str(r.templateId) || !isObject(r.body) || !str(r.numericId)) return 'a template without its ids, number or request';
  if (key !== `${String(r.channelId).toLowerCase()}/${String(r.templateId).toLowerCase()}`) return `a template whose key is not its channel and template id (${String(r.channelId)}/${String(r.templateId)})`;
  if (![r.createdAt, r.updatedAt, r.reviewAt].every(time)) return 'a template whose times are not numbers';
  if (r.verdict !== 'APPROVED' && r.verdict !== 'REJECTED') return `a template whose verdict is ${JSON.stringify(r.verdict)}, not APPROVED or REJECTED`;
  if (!optStr(r.reason)) return 'a template whose reason is not a text';
  if (!count(r.editsAfterApproval) || !count(r.writes)) return 'a template whose counts of edits and writes are not whole numbers';
  if (r.approvedEdits !== undefined && !(Array.isArray(r.approvedEdits) && r.approvedEdits.every(time))) return 'a template whose approved edits are not a list of times';
  const l = r.lifecycle;
  if (l !== undefined) {
    if (!isObject(l)) return 'a template whose lifecycle is not a mapping';
    if (![l.statusText, l.reason, l.recommendation, l.quality, l.category].every(optStr) || !(l.pauses === undefined || count(l.pauses)) || ![l.pausedUntil, l.deletedAt, l.nameBlockedUntil].every(optTime)) return 'a template whose lifecycle holds a field of the wrong type';
    if (l.category !== undefined && !['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(String(l.category))) return `a template re-categorised as ${JSON.stringify(l.category)}, not MARKETING, UTILITY or AUTHENTICATION`;
  }
  return undefined;
}

/** Why a conversation record is not one this emulator wrote, or undefined */
function conversationRecordProblem(key: string, r: Record<string, unknown>): string | undefined {
  if (!str(r.channelId) || !str(r.clientMessageId) || !str(r.bodyHash) || !isObject(r.response) || !optStr(r.scope)) return 'a conversation without its ids, hash or answer';
  if (!(Array.isArray(r.receivers) && r.receivers.length > 0 && r.receivers.every((x) => typeof x === 'string' && x !== ''))) return 'a conversation whose receivers are not a list of texts';
  if (!time(r.createdAt)) return 'a conversation whose time is not a number';
  // its own key: scope/id as written now, or the message id alone as files of earlier versions have it (a copy under another message's key replaced that message's record)
  const id = String(r.clientMessageId);
  if (key !== `${String(r.scope ?? '*')}/${id.toLowerCase()}` && key !== id && key !== id.toLowerCase()) return 'a conversation whose key is not its own message id';
  return undefined;
}

/** Why a parsed line is not an entry this emulator wrote (what it would restore from it), or undefined */
function entryProblem(e: unknown): string | undefined {
  if (!isObject(e) || typeof e.t !== 'string' || typeof e.key !== 'string') return 'a JSON line that is not one of the emulator\'s entries';
  // the emulator's own entries are a few levels deep: a line nested without end would overflow every walk of it (the compaction's too)
  if (nestedDeeperThan(e, 32)) return 'a line nested deeper than any entry of the emulator\'s';
  const r = e.rec;
  if (e.t === 'template') return isObject(r) ? templateRecordProblem(e.key, r) : 'a JSON line that is not one of the emulator\'s entries';
  if (e.t === 'conversation') return isObject(r) ? conversationRecordProblem(e.key, r) : 'a JSON line that is not one of the emulator\'s entries';
  if (e.t === 'clock') return e.key === 'clock' && (r === null || (isObject(r) && (r.offsetMs === undefined || (time(r.offsetMs) && (r.offsetMs as number) >= 0 && (r.offsetMs as number) <= MAX_CLOCK_OFFSET_MS)))) ? undefined : 'a clock line whose offset is not a number of ms from 0 to the emulator\'s limit (the clock only moves forward)';
  return `a line of a kind the emulator does not write ('${e.t}')`;
}

/** the data files this process's emulators hold, so that a second one in the same process is refused too */
const held = new Set<string>();


/**
 * Takes the exclusive lock of a data file (`FILE.lock`, holding the owner's pid), so that two
 * emulators never share one journal (each would compact it on start and overwrite the other's
 * writes). A lock left by a process that is gone (kill -9) is taken over. Returns its release.
 */
export function lockDataFile(file: string): () => void {
  const abs = resolvePath(file);
  const lock = `${abs}.lock`;
  makeDirs(path.dirname(abs));
  let got: ReturnType<typeof takeLock>;
  try { got = takeLock(lock, EMULATOR_LOCK.standalone, held.has(abs)); } catch (e) { if (e instanceof NotALockFile) throw new JournalError(e.message); throw new JournalError(`cannot lock the emulator data file ${file}: ${(e as Error).message}`); }
  if ('owner' in got) {
    throw new JournalError(`the emulator data file ${file} is in use by another emulator (${got.owner.pid ? `pid ${got.owner.pid}` : 'a process'}); stop that one or give this one another --data file (its lock is ${lock}: if no emulator is running, remove that file)`);
  }
  held.add(abs);
  const release = got.release;
  return () => { held.delete(abs); release(); };
}

/**
 * Whether line `i` of a journal (split at newlines) that is not JSON is a write cut off by a crash:
 * the file's last line with no newline after it (each append ends with one), in a file that is
 * recognisably a journal (an entry before it, or the line begins as every entry's line does). A
 * complete line, or another file's text (a one-line .env named by mistake), is not: refused, the
 * file left as it is (it was emptied or replaced by the compaction that follows a load).
 */
/** whether a line is one of the emulator's entries, damaged or not: a JSON object of a kind it writes, with its key */
function looksLikeEntry(line: string): boolean {
  let e: unknown;
  try { e = JSON.parse(line); } catch { return false; }
  return isObject(e) && typeof e.key === 'string' && ['template', 'conversation', 'clock'].includes(String(e.t));
}

function isTornWrite(lines: string[], i: number, entriesBefore: number): boolean {
  if (i !== lines.length - 1) return false;
  return entriesBefore > 0 || lines[i]!.startsWith('{"t":"');
}

/** The last line of a journal, cut off (no newline after it, not JSON), that a load dropped. */
export interface CutLine {
  /** its line number (1-based) */
  line: number;
  /** its bytes, as they were in the file (a cut may split a character: never decoded and encoded again) */
  bytes: Buffer;
}

/** What a load read: the latest entry per (t, key); the cut last line it dropped; whether the file was there and held nothing. */
export interface LoadedJournal {
  entries: Map<string, JournalEntry>;
  cut?: CutLine;
  /** the file exists and holds no line (empty, or blank lines only) */
  empty: boolean;
}

/**
 * Reads every entry; the latest entry per (t, key) wins. An empty file is an empty journal (what the
 * emulator leaves when it stops before its first write); a file with a line that is not one of the
 * emulator's is refused, never changed.
 */
export function loadJournal(file: string, check?: (e: JournalEntry) => string | undefined): Map<string, JournalEntry> {
  return readJournal(file, check).entries;
}

/** loadJournal, and what it dropped: the cut last line (for the caller to say and to keep, see keepCutLine) */
export function readJournal(file: string, check?: (e: JournalEntry) => string | undefined): LoadedJournal {
  const state = new Map<string, JournalEntry>();
  if (!existsSync(file)) return { entries: state, empty: false };
  // a FIFO or a device given as --data is refused, never waited on or read without end
  let raw: Buffer;
  try { raw = readRegularFile(file, { max: MAX_JOURNAL_BYTES, shown: file, what: 'the emulator data file' }); } catch (e) {
    if (e instanceof FileRefused) throw new JournalError(e.message);
    throw e;
  }
  const text = raw.toString('utf8');
  const lines = text.split('\n');
  let entries = 0;
  let cut: CutLine | undefined;
  // a file none of whose lines is an entry is another file named by mistake (a .env, a README): said so
  const notJournal = (i: number): JournalError | undefined => entries > 0 || lines.some(looksLikeEntry) ? undefined
    : new JournalError(`${file}: not an emulator data file (line ${i + 1} is not one of the emulator's JSON lines, and no line is); it was left as it is: give --data (or the config's emulator:) a file of its own, or move that file away`);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let e: unknown;
    const damaged = (what: string) => new JournalError(`${file}:${i + 1}: the emulator data file is damaged (${what}); repair or remove that line, or move the file away to start the emulator empty`);
    try { e = JSON.parse(line); } catch {
      // a write cut off by a crash (never acknowledged), or damage (a copy cut short): dropped, and told to the caller
      if (isTornWrite(lines, i, entries)) { cut = { line: i + 1, bytes: raw.subarray(raw.lastIndexOf(0x0a) + 1) }; return; }
      throw notJournal(i) ?? damaged('not a JSON line');
    }
    const wrong = entryProblem(e);
    if (wrong !== undefined) throw notJournal(i) ?? damaged(wrong);
    entries++;
    const why = check?.(e as JournalEntry);
    if (why !== undefined) throw damaged(why);
    state.set(`${(e as JournalEntry).t}\u0000${(e as JournalEntry).key}`, e as JournalEntry);
  });
  return { entries: state, ...(cut ? { cut } : {}), empty: text.trim() === '' };
}

/** "20261203T101500Z": a time in a file name (no colons, which some systems refuse) */
const fileTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');

/**
 * Keeps the bytes of a dropped cut line beside the journal, in `FILE.cut-TIME` (`-2`, `-3`... when
 * that name is taken: never over another file), synced, before the compaction rewrites the journal
 * without them: nothing the emulator drops is erased. Returns the copy's path (as `file` is given).
 */
export function keepCutLine(file: string, cut: CutLine, now: number = Date.now()): string {
  const base = `${file}.cut-${fileTime(now)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    let fd: number | undefined;
    try {
      fd = openSync(name, 'wx');
      writeSync(fd, cut.bytes);
      fsyncSync(fd);
      return name;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && fd === undefined && n < 1000) continue;
      throw new JournalError(`${file}:${cut.line}: its last line is cut off (no newline after it), and its ${cut.bytes.length} bytes could not be kept in ${name} (${(e as Error).message}); the file was left as it is: free the space or make its folder writable, or move the file away, to start the emulator`);
    } finally { if (fd !== undefined) closeSync(fd); }
  }
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
  /** `write` (for tests): how a piece of a batch is written (a disk that fills takes part of it: a short write) */
  constructor(private readonly file: string, private readonly beforeSync?: () => Promise<void>,
    private readonly write: (fh: FileHandle, data: Buffer, at: number) => Promise<{ bytesWritten: number }> = (fh, data, at) => fh.write(data, at, data.length - at)) {}

  /** the journal's length after its last whole batch: what a failed write is cut back to */
  private size = 0;
  /** set when a failed write could not be cut back: no later write is acknowledged behind a torn line */
  private broken?: Error;

  async open(): Promise<void> {
    this.fh = await open(this.file, 'a');
    this.size = (await this.fh.stat()).size;
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
      if (this.broken) { for (const b of batch) b.done(this.broken); continue; }
      const data = Buffer.from(batch.map((b) => b.line).join(''), 'utf8');
      try {
        // a full disk takes part of a write without an error (a short write): the rest is written until it fails or is done
        for (let at = 0; at < data.length;) {
          const { bytesWritten } = await this.write(this.fh!, data, at);
          if (bytesWritten <= 0) throw Object.assign(new Error('no space left on the device'), { code: 'ENOSPC' });
          at += bytesWritten;
        }
        await this.beforeSync?.();
        await this.fh!.datasync();
        this.size += data.length;
        for (const b of batch) b.done();
      } catch (e) {
        // a write that failed part way (a full disk) leaves a torn line, and the next batch would be appended to it: a line
        // no load can read, which took an acknowledged write with it. The journal is cut back to its last whole batch first
        try {
          await this.fh!.truncate(this.size);
          await this.fh!.datasync();
        } catch (t) {
          this.broken = new Error(`the emulator data file ${this.file} could not be written (${(e as Error).message}) nor cut back to its last whole write (${(t as Error).message}): no further write is taken until the emulator is restarted`);
        }
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
