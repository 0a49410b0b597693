// Effects: writing a file so that a reader never sees it half-written (temp file + rename). What
// tplsync writes passes the same redaction as its output (a server may put a key anywhere, even
// inside a template's text); a symbolic link is never replaced by a file, and a file that exists
// keeps its permissions.
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { redact } from '../core/redact.js';

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

const absent = (e: unknown) => { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; return undefined; };
const tempName = (file: string) => `${file}.${process.pid}.${Date.now()}.tmp`;

function writeOne(file: string, data: string, o: WriteOptions): void {
  let st;
  try { st = lstatSync(file); } catch (e) { absent(e); }
  const mode = modeToKeep(file, st);
  const tmp = tempName(file);
  try {
    writeFileSync(tmp, o.verbatim ? data : redact(data), mode !== undefined ? { mode } : {});
    if (mode !== undefined) chmodSync(tmp, mode); // the umask narrowed what writeFileSync set
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true }); // nothing half-done is left behind
    throw e;
  }
}

/** writeOne without blocking: the same checks, temp file and rename. */
async function writeOneAsync(file: string, data: string): Promise<void> {
  const mode = modeToKeep(file, await fsp.lstat(file).catch(absent));
  const tmp = tempName(file);
  try {
    await fsp.writeFile(tmp, data, mode !== undefined ? { mode } : {});
    if (mode !== undefined) await fsp.chmod(tmp, mode);
    await fsp.rename(tmp, file);
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
  let next = 0;
  let failed: unknown;
  const worker = async () => {
    while (failed === undefined && next < files.length) {
      const i = next++;
      try { await writeOneAsync(files[i]!.file, texts[i]!); } catch (e) { failed ??= e; }
    }
  };
  const written = Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency ?? 8, files.length)) }, worker)).then(() => { if (failed !== undefined) throw failed; });
  return { texts, written };
}
