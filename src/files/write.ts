// Effects: writing a file so that a reader never sees it half-written (temp file + rename). What
// tplsync writes passes the same redaction as its output (a server may put a key anywhere, even
// inside a template's text); a symbolic link is never replaced by a file, and a file that exists
// keeps its permissions.
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

function writeOne(file: string, data: string, o: WriteOptions): void {
  let mode: number | undefined;
  try {
    const st = lstatSync(file);
    if (st.isSymbolicLink()) throw new WriteRefused(`${file} is a symbolic link: tplsync does not replace a link with a file; remove the link, or choose another path`);
    if (!st.isFile()) throw new WriteRefused(`${file} is not a regular file: not written`);
    mode = st.mode & 0o7777;
    // no write permission for anyone: made read-only on purpose (root could write it all the same)
    if ((mode & 0o222) === 0) throw new WriteRefused(`${file} is read-only: not overwritten; make it writable first`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, o.verbatim ? data : redact(data), mode !== undefined ? { mode } : {});
    if (mode !== undefined) chmodSync(tmp, mode); // the umask narrowed what writeFileSync set
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true }); // nothing half-done is left behind
    throw e;
  }
}

/**
 * writeFileAtomic for many files at once (pull of a catalogue): the same checks and redaction,
 * each directory made once. Stops at the first refusal or error (the files before it stay written).
 */
export function writeFilesAtomic(files: readonly { file: string; data: string }[], o: WriteOptions = {}): void {
  const made = new Set<string>();
  for (const { file, data } of files) {
    const dir = path.dirname(path.resolve(file));
    if (!made.has(dir)) { mkdirSync(dir, { recursive: true }); made.add(dir); }
    writeOne(file, data, o);
  }
}
