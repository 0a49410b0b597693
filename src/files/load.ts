// Effects: the one way tplsync reads a template file from disk: the size bound checked with
// stat before anything is read, unreadable files reported, never thrown. Every command (lint and
// its worker threads, fmt, plan, apply, types, send, preview) reads template files through here.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { sha256 } from '../core/hash.js';
import { refusedOf } from './refusals.js';
import { MAX_FILE_BYTES } from './limits.js';
import { refusal, tooLarge, unreadable, type ParsedFile } from './document.js';

/** where a file is read first; one read answers for any file smaller than this */
const scratch = Buffer.allocUnsafe(64 * 1024);

/** The bytes of a template file, or the problem that says why they were not read. */
export type ReadResult = { bytes: Uint8Array; problem?: undefined } | { bytes?: undefined; problem: ParsedFile };

/** the refusal of a file discovery refused (a link out of the project...), as the read of it gives it, or undefined */
export function refusalOf(file: string, abs: string): ParsedFile | undefined {
  const no = refusedOf().get(abs);
  return no ? refusal(file, no.kind, no.message) : undefined;
}

export function readTemplateFile(file: string, abs: string): ReadResult {
  const no = refusedOf().get(abs);
  if (no) return { problem: refusal(file, no.kind, no.message) };
  try {
    // one open and one read for a template-sized file; a huge one is reported without reading it
    const fd = openSync(abs, 'r');
    try {
      let got = readSync(fd, scratch, 0, scratch.length, null);
      if (got < scratch.length) return { bytes: Buffer.from(scratch.subarray(0, got)) };
      const size = fstatSync(fd).size;
      if (size > MAX_FILE_BYTES) return { problem: tooLarge(file, size) };
      const bytes = Buffer.allocUnsafe(Math.max(size, got));
      scratch.copy(bytes, 0, 0, got);
      for (let n; got < bytes.length && (n = readSync(fd, bytes, got, bytes.length - got, null)) > 0;) got += n;
      return { bytes: bytes.subarray(0, got) };
    } finally { closeSync(fd); }
  } catch (e) {
    return { problem: unreadable(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message) };
  }
}

/** sha256 of a file's bytes (what a saved plan records), or undefined when it cannot be read. */
export function hashTemplateFile(abs: string): string | undefined {
  const r = readTemplateFile(abs, abs);
  return r.bytes ? sha256(r.bytes) : undefined;
}
