// The read-then-lint step for one file, shared by the in-process path and the workers.
import { readTemplateFile, refusalOf } from '../files/load.js';
import { sha256 } from '../core/hash.js';
import { openDocument } from '../files/document.js';
import { lintDocument, lintParsed, type FileResult } from './engine.js';
import type { Documents } from './place.js';

/**
 * Reads and lints one file; `bytes`, when the caller has read them already, saves the read.
 * `keepValue` keeps the plain value and the bytes' hash in the result, for the commands that go
 * on to plan, type, send or preview the file without reading it again. `documents`, the run's
 * kept documents: the file's is kept there, for the placing of cross-file findings.
 * `lazyFacts`: see FileLintOptions.
 */
export function lintFile(file: string, abs: string, now: Date, bytes?: Uint8Array, keepValue = false, enable: readonly string[] = [], documents?: Documents, lazyFacts = false): FileResult {
  const opts = { now, keepValue, ...(enable.length ? { enable: new Set(enable) } : {}), ...(lazyFacts ? { lazyFacts } : {}) };
  if (!bytes) {
    const r = readTemplateFile(file, abs);
    if (r.problem) return lintParsed(r.problem, opts);
    bytes = r.bytes;
  } else {
    // an editor's text of a file discovery refused (a link out of the project): refused as the file is
    const refused = refusalOf(file, abs);
    if (refused) return lintParsed(refused, opts);
  }
  const doc = openDocument(file, bytes);
  const result = lintDocument(doc, opts);
  documents?.keep(abs, doc);
  return keepValue ? { ...result, hash: sha256(bytes) } : result;
}
