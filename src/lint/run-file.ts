// The read-then-lint step for one file, shared by the in-process path and the workers.
import { readFileSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { tooLarge, unreadable } from '../files/parse.js';
import { lintBytes, lintParsed, type FileResult } from './engine.js';

/** Reads and lints one file; `bytes`, when the caller has read them already, saves the read. */
export function lintFile(file: string, abs: string, now: Date, bytes?: Uint8Array): FileResult {
  if (bytes) return lintBytes(file, bytes, { now });
  try {
    const size = statSync(abs).size;
    // a huge file is reported without reading it into memory
    if (size > MAX_FILE_BYTES) return lintParsed(tooLarge(file, size), { now });
    bytes = readFileSync(abs);
  } catch (e) {
    return lintParsed(unreadable(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message), { now });
  }
  return lintBytes(file, bytes, { now });
}
