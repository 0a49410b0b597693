// fmt's core, through the loading stage: each file read with the size bound, decoded strictly and
// parsed once; a file lint rejects for its encoding, size, syntax, emptiness or duplicate keys is
// reported and left byte-identical; every other file is laid out and written atomically, and a
// file that cannot be formatted or written stops nothing else.
import type { FileEntry } from '../files/discover.js';
import { readTemplateFile } from '../files/load.js';
import { isUtf8 } from 'node:buffer';
import { openDocument } from '../files/document.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { FILE_START, type LoadProblem } from '../files/problems.js';
import { lstatSync } from 'node:fs';
import { CHANGED_WHILE_RUNNING, FileChanged, writeFileAtomic } from '../files/write.js';
import { formatDocumentSteps, runSteps, type Steps } from './format.js';
import { lineEndsOf, withLineEnd } from '../files/line-ends.js';
import { systemReason } from '../core/system-error.js';

export type FmtOutcome =
  | { file: string; kind: 'unchanged' | 'changed' | 'written'; keptOrder?: boolean;
    /** its lines end with CRLF and with LF alone (edited on two systems): the layout gives them the line end most have */
    mixed?: { crlf: number; lf: number };
    /** changed or written: the first line (1-based) the layout changes, where an annotation points */
    line?: number }
  /** the problems of loading the file, as data (the command reports each under its rule: src/lint/stage-problems.ts) */
  | { file: string; kind: 'refused'; problems: LoadProblem[] }
  | { file: string; kind: 'failed'; message: string };

/** Pure: fmt's answer for a file's bytes (what the command and the language server's formatting both give): refused, failed, unchanged, or its new text. */
export function formatBytes(file: string, bytes: Uint8Array | undefined, problem?: ReturnType<typeof readTemplateFile>['problem']): FmtOutcome & { text?: string } {
  return runSteps(formatBytesSteps(file, bytes, problem));
}

/** formatBytes in steps (format.ts Steps): the file read, then formatDocumentSteps' */
export function* formatBytesSteps(file: string, bytes: Uint8Array | undefined, problem?: ReturnType<typeof readTemplateFile>['problem']): Steps<FmtOutcome & { text?: string }> {
  // the layout's line ends are LF: a CRLF file is read as the LF text it becomes (yaml keeps a CR in a comment of a
  // CRLF file, and a comment fmt moved came back with a stray CR at every run)
  const crlf = !problem && bytes!.length <= MAX_FILE_BYTES && bytes!.includes(13) && isUtf8(bytes!) ? Buffer.from(bytes!).toString('utf8').replace(/\r\n/g, '\n') : undefined;
  const parsed = problem ?? (crlf !== undefined ? openDocument(file, crlf) : openDocument(file, bytes!)).parsed();
  const problems = parsed.problems;
  if (problems.length || !parsed.doc) {
    return { file, kind: 'refused', problems: problems.length ? problems : [{ kind: 'syntax', span: FILE_START, message: 'The file could not be parsed.' }] };
  }
  const nul = bytes!.indexOf(0);
  if (nul >= 0) {
    // YAML has no NUL; a file holding one is not a text fmt may rewrite
    const before = Buffer.from(bytes!.subarray(0, nul)).toString('utf8').split('\n');
    const at = { line: before.length, column: before[before.length - 1]!.length + 1 };
    return { file, kind: 'refused', problems: [{ kind: 'not-utf8', span: { ...at, endLine: at.line, endColumn: at.column + 1 }, message: 'The file holds a NUL byte (U+0000); fmt leaves it as it is. Remove it.' }] };
  }
  yield;
  const r = yield* formatDocumentSteps(parsed.doc, parsed.value, parsed.text);
  if (r.error) return { file, kind: 'failed', message: r.error };
  const kept = r.keptOrder ? { keptOrder: true } : {};
  // the text compared is what was read, with the layout written in the file's line ends and its BOM, which are the
  // file's (as every other writer keeps them: a Windows checkout, core.autocrlf=true, is in the layout); a file with
  // CRLF and LF lines gets the one most of its lines have, and is said to
  const before = Buffer.from(bytes!).toString('utf8');
  const bom = before.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const ends = lineEndsOf(before);
  const text = bom + withLineEnd(r.text, ends.main);
  const mixed = ends.crlf && ends.lf ? { mixed: { crlf: ends.crlf, lf: ends.lf } } : {};
  if (text === before) return { file, kind: 'unchanged', ...kept };
  return { file, kind: 'changed', text, line: firstChangedLine(before, text), ...kept, ...mixed };
}

/** Pure: the first line (1-based) of `before` that `after` does not begin with as well */
function firstChangedLine(before: string, after: string): number {
  const n = Math.min(before.length, after.length);
  let i = 0;
  while (i < n && before.charCodeAt(i) === after.charCodeAt(i)) i++;
  let line = 1;
  for (let j = 0; j < i; j++) if (before.charCodeAt(j) === 10) line++;
  return line;
}

/** `beforeWrite`: called once the file is read and formatted, before it is written (a test's edit saved meanwhile) */
export function formatFile(f: FileEntry, write: boolean, beforeWrite?: () => void): FmtOutcome {
  const read = readTemplateFile(f.file, f.abs);
  const out = formatBytes(f.file, read.bytes, read.problem);
  if (out.kind !== 'changed') return out;
  const r = { text: out.text!, keptOrder: out.keptOrder };
  const kept = { ...(r.keptOrder ? { keptOrder: true } : {}), ...(out.mixed ? { mixed: out.mixed } : {}), ...(out.line !== undefined ? { line: out.line } : {}) };
  if (!write) return { file: f.file, kind: 'changed', ...kept };
  // a file without write permission was made read-only on purpose: left as it is, and said
  let mode = 0o644;
  try { mode = lstatSync(f.abs).mode; } catch { /* gone: the write reports it */ }
  if ((mode & 0o222) === 0) return { file: f.file, kind: 'failed', message: 'it is read-only (no write permission); not rewritten. Make it writable to format it' };
  beforeWrite?.();
  // the user's own text in a new layout: written as it is (verbatim), with the file's mode kept; only over the bytes
  // read (an edit saved while fmt ran is kept, and said)
  try { writeFileAtomic(f.abs, r.text, { verbatim: true, expect: read.bytes! }); } catch (e) {
    if (e instanceof FileChanged) return { file: f.file, kind: 'failed', message: CHANGED_WHILE_RUNNING };
    // the system's reason in words, as the other commands say it (`no space left on the device (ENOSPC)`), not its code alone
    return { file: f.file, kind: 'failed', message: `cannot write it: ${systemReason(e) ?? (e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  return { file: f.file, kind: 'written', ...kept };
}
