// Effects: the one way tplsync reads a template file from disk: the size bound checked with
// stat before anything is read, unreadable files reported, never thrown. Every command (lint and
// its worker threads, fmt, plan, apply, types, send, preview) reads template files through here.
import { readFileSync, statSync } from 'node:fs';
import { sha256 } from '../model/hash.js';
import { MAX_FILE_BYTES } from './limits.js';
import { tooLarge, unreadable, type ParsedFile } from './parse.js';

/** The bytes of a template file, or the finding that says why they were not read. */
export type ReadResult = { bytes: Uint8Array; problem?: undefined } | { bytes?: undefined; problem: ParsedFile };

export function readTemplateFile(file: string, abs: string): ReadResult {
  try {
    const size = statSync(abs).size;
    // a huge file is reported without reading it into memory
    if (size > MAX_FILE_BYTES) return { problem: tooLarge(file, size) };
    return { bytes: readFileSync(abs) };
  } catch (e) {
    return { problem: unreadable(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message) };
  }
}

/** sha256 of a file's bytes (what a saved plan records), or undefined when it cannot be read. */
export function hashTemplateFile(abs: string): string | undefined {
  const r = readTemplateFile(abs, abs);
  return r.bytes ? sha256(r.bytes) : undefined;
}
