// Effects: writing a file so that a reader never sees it half-written (temp file + rename). What
// tplsync writes passes the same redaction as its output (a server may put a key anywhere, even
// inside a template's text); a symbolic link is never replaced by a file, and a file that exists
// keeps its permissions.
import { chmodSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { redact } from '../core/redact.js';

export interface WriteOptions {
  /** write the text as given, unredacted: a user's own file rewritten in place (fmt) */
  verbatim?: boolean;
}

export class WriteRefused extends Error { override name = 'WriteRefused'; }

export function writeFileAtomic(file: string, data: string, o: WriteOptions = {}): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  let mode: number | undefined;
  try {
    const st = lstatSync(file);
    if (st.isSymbolicLink()) throw new WriteRefused(`${file} is a symbolic link: tplsync does not replace it with a file (write to the file it points to, or remove the link)`);
    if (!st.isFile()) throw new WriteRefused(`${file} is not a regular file: not written`);
    mode = st.mode & 0o7777;
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
