// fmt's core, through the loading stage: each file read with the size bound, decoded strictly and
// parsed once; a file lint rejects for its encoding, size, syntax, emptiness or duplicate keys is
// reported and left byte-identical; every other file is laid out and written atomically, and a
// file that cannot be formatted or written stops nothing else.
import type { Diagnostic } from '../core/diagnostic.js';
import type { FileEntry } from '../files/discover.js';
import { readTemplateFile } from '../files/load.js';
import { parseTemplateBytes } from '../files/parse.js';
import { writeFileAtomic } from '../files/write.js';
import { formatDocument } from './format.js';

export type FmtOutcome =
  | { file: string; kind: 'unchanged' | 'changed' | 'written'; keptOrder?: boolean }
  | { file: string; kind: 'refused'; problems: Diagnostic[] }
  | { file: string; kind: 'failed'; message: string };

export function formatFile(f: FileEntry, write: boolean): FmtOutcome {
  const read = readTemplateFile(f.file, f.abs);
  const parsed = read.problem ?? parseTemplateBytes(f.file, read.bytes);
  const problems = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (problems.length || !parsed.doc) {
    return { file: f.file, kind: 'refused', problems: problems.length ? problems : [{ file: f.file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: 'yaml-syntax', severity: 'error', message: 'The file could not be parsed.' }] };
  }
  const r = formatDocument(parsed.doc, parsed.value);
  if (r.error) return { file: f.file, kind: 'failed', message: r.error };
  const kept = r.keptOrder ? { keptOrder: true } : {};
  // the text compared is what was read: a BOM or CRLF the layout drops counts as a change
  const before = Buffer.from(read.bytes!).toString('utf8');
  if (r.text === before) return { file: f.file, kind: 'unchanged', ...kept };
  if (!write) return { file: f.file, kind: 'changed', ...kept };
  try { writeFileAtomic(f.abs, r.text); } catch (e) {
    return { file: f.file, kind: 'failed', message: `cannot write it: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  return { file: f.file, kind: 'written', ...kept };
}
