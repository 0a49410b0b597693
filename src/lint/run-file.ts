// The read-then-lint step for one file, shared by the in-process path and the workers.
import { readFileSync, statSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { parseTemplateBytes, tooLarge, unreadable } from '../files/parse.js';
import { lintParsed, type FileResult } from './engine.js';

export function lintFile(file: string, abs: string, now: Date): FileResult {
  let parsed;
  try {
    const size = statSync(abs).size;
    // a huge file is reported without reading it into memory
    parsed = size > MAX_FILE_BYTES ? tooLarge(file, size) : parseTemplateBytes(file, readFileSync(abs));
  } catch (e) {
    parsed = unreadable(file, (e as NodeJS.ErrnoException).code ?? (e as Error).message);
  }
  return lintParsed(parsed, { now });
}
