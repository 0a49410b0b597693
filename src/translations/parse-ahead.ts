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

/** a ParseAhead whose files are handed to it one by one, each when it is wanted */
export interface ParseOnRequest extends ParseAhead {
  /** reads file `k` (on the worker, which starts at the first question) */
  ask(k: number, file: { format: Format; text: string }): void;
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
 * A reader of files on a worker thread, each file read when it is asked for (`ask`): undefined
 * when one is not worth it (`chars`, the text of all the files that may be asked for, is less than
 * `minChars`; one core) or not to be had (not built). The thread starts at the first question.
 * `workerFile`: another worker (the tests' one that fails).
 */
export function parseOnRequest(chars: number, o: { minChars?: number; workerFile?: string } = {}): ParseOnRequest | undefined {
  if (chars === 0 || chars < (o.minChars ?? PARSE_AHEAD_MIN_CHARS) || availableParallelism() < 2) return undefined;
  const file = o.workerFile ?? workerFile();
  if (!existsSync(file)) return undefined;
  const asked = new Map<number, { format: Format; text: string }>();
  const done = new Map<number, Parsed | 'here'>();
  const waiting = new Map<number, () => void>();
  let gone = false;
  let w: Worker | undefined;
  const start = (): Worker => {
    const started = new Worker(file);
    started.on('message', (m: { k: number; doc?: TranslationDoc; error?: { message: string; line: number }; failed?: true }) => {
      if (m.doc) parseAheadStats.parsed++;
      done.set(m.k, m.doc ? { doc: m.doc } : m.error ? { error: new TranslationFileError(m.error.message, m.error.line) } : 'here');
      waiting.get(m.k)?.();
    });
    // a worker that fails or ends leaves the files it has not answered to this thread
    const end = (): void => { gone = true; for (const wake of waiting.values()) wake(); };
    started.on('error', end);
    started.on('exit', end);
    return started;
  };
  const here = (k: number): Parsed => {
    const f = asked.get(k);
    if (!f) throw new Error(`parseOnRequest: file ${k} was never asked for`);
    return parseHere(f.format, f.text);
  };
  const answer = (k: number): Parsed | undefined => {
    const got = done.get(k);
    if (got === undefined) return undefined;
    done.delete(k);
    return got === 'here' ? here(k) : got;
  };
  return {
    ask(k, f) {
      asked.set(k, f);
      if (gone) return;
      (w ??= start()).postMessage({ k, format: f.format, text: f.text });
    },
    take: answer,
    async result(k) {
      while (asked.has(k) && !done.has(k) && !gone) await new Promise<void>((resolve) => waiting.set(k, resolve));
      waiting.delete(k);
      return answer(k) ?? here(k);
    },
    close() { gone = true; if (w) void w.terminate(); },
  };
}

/**
 * A reader of `files` on a worker thread, all asked for at once, or undefined when one is not
 * worth it (less than `minChars` of text, one core) or not to be had (not built). `workerFile`:
 * another worker (the tests' one that fails).
 */
export function parseAhead(files: readonly { format: Format; text: string }[], o: { minChars?: number; workerFile?: string } = {}): ParseAhead | undefined {
  const p = parseOnRequest(files.reduce((n, f) => n + f.text.length, 0), o);
  files.forEach((f, k) => p?.ask(k, f));
  return p;
}
