// Effects: translation files read whole on a worker thread (parse-worker.ts) while this thread
// reads the project's templates. Reading 9 XLIFF files of 8,000 units each takes about as long as
// reading and indexing the 20,000 templates they translate; on a machine with a second core an
// import (and an export, which reads the files it replaces) no longer does one after the other.
// The answer is readTranslations' on this thread, to the letter: a file the worker could not read
// for any other reason than the file's own error (a fault, a worker that did not start or ended)
// is read here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readTranslations, TranslationFileError, type Format, type TranslationDoc } from './formats.js';

/** less text than this (all files together) is read on the calling thread: a worker takes ~30 ms to start */
export const PARSE_AHEAD_MIN_CHARS = 1 << 20;

/** Files of this process read on the worker (the tests prove the road was taken). */
export const parseAheadStats = { parsed: 0 };

/** a file read: its entries, or why it does not read */
export type Parsed = { doc: TranslationDoc } | { error: TranslationFileError };

export interface ParseAhead {
  /** file `k`'s answer if the worker has given it (each answer is taken once) */
  take(k: number): Parsed | undefined;
  /** file `k`'s answer, waited for (read on this thread if the worker cannot give it) */
  result(k: number): Promise<Parsed>;
  close(): void;
}

/** readTranslations on this thread, its file's error as an answer */
export function parseHere(format: Format, text: string): Parsed {
  try { return { doc: readTranslations(format, text) }; } catch (e) {
    if (e instanceof TranslationFileError) return { error: e };
    throw e;
  }
}

/**
 * the worker: beside this module once built (dist/translations, dist/bundle); run from the sources
 * (tsx: the benches, the tests), the built one of this checkout
 */
function workerFile(): string {
  const beside = fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  return existsSync(beside) || !import.meta.url.endsWith('.ts') ? beside : fileURLToPath(new URL('../../dist/translations/parse-worker.js', import.meta.url));
}

/**
 * A reader of `files` on a worker thread, or undefined when one is not worth it (less than
 * `minChars` of text, one core) or not to be had (not built). `workerFile`: another worker (the
 * tests' one that fails).
 */
export function parseAhead(files: readonly { format: Format; text: string }[], o: { minChars?: number; workerFile?: string } = {}): ParseAhead | undefined {
  const chars = files.reduce((n, f) => n + f.text.length, 0);
  if (files.length === 0 || chars < (o.minChars ?? PARSE_AHEAD_MIN_CHARS) || availableParallelism() < 2) return undefined;
  const file = o.workerFile ?? workerFile();
  if (!existsSync(file)) return undefined;
  const done = new Map<number, Parsed | 'here'>();
  const waiting = new Map<number, () => void>();
  let gone = false;
  const w = new Worker(file);
  w.on('message', (m: { k: number; doc?: TranslationDoc; error?: { message: string; line: number }; failed?: true }) => {
    if (m.doc) parseAheadStats.parsed++;
    done.set(m.k, m.doc ? { doc: m.doc } : m.error ? { error: new TranslationFileError(m.error.message, m.error.line) } : 'here');
    waiting.get(m.k)?.();
  });
  // a worker that fails or ends leaves the files it has not answered to this thread
  const end = (): void => { gone = true; for (const wake of waiting.values()) wake(); };
  w.on('error', end);
  w.on('exit', end);
  files.forEach((f, k) => w.postMessage({ k, format: f.format, text: f.text }));
  const answer = (k: number): Parsed | undefined => {
    const got = done.get(k);
    if (got === undefined) return undefined;
    done.delete(k);
    return got === 'here' ? parseHere(files[k]!.format, files[k]!.text) : got;
  };
  return {
    take: answer,
    async result(k) {
      while (!done.has(k) && !gone) await new Promise<void>((resolve) => waiting.set(k, resolve));
      waiting.delete(k);
      return answer(k) ?? parseHere(files[k]!.format, files[k]!.text);
    },
    close() { gone = true; void w.terminate(); },
  };
}
