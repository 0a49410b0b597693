// Pure: the lint of one file, through its stages: the file's located document gives the value
// (files/document.ts), check finds what is wrong with it (check.ts: value in, findings out),
// place gives the findings and facts their spans (place.ts), and finish combines the files of a
// run (finish.ts: cross-file rules, severities, directives, caps). This module joins them and
// keeps the entry points its callers use (the lint run and its workers, the language server).
import { documentStats, openDocument, problemDocument, type LocatedDocument, type ParsedFile } from '../files/document.js';
import { obj } from './rule.js';
import { collect } from './check.js';
import type { FileLintOptions, FileResult } from './file-result.js';
import { parseDirectives } from '../files/directives.js';
import { capLoading, placeFile, withTruncated } from './place.js';
import { notATemplate } from './rules/schema.js';
import { loadingDiagnostics } from './stage-problems.js';
import { mayReference } from '../model/values.js';

export type { FileFacts, FileLintOptions, FileResult } from './file-result.js';
export { collectFindings, runRules, repairOf, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE, type RawFinding } from './check.js';
export { finishProject, severityOf, withSeverities, type PathFinding, type ProjectOptions } from './finish.js';
export { summarize } from '../core/diagnostic.js';

/** Files of this process that needed the position-keeping `yaml` parse (the pool decides on it). */
export const parseStats = { get full(): number { return documentStats.yaml; } };

/**
 * Lints one file's document: the value from the cheapest reader that gives it, the findings
 * computed on the plain value, and positions looked up only for what is reported (most files:
 * none but the facts'). A document whose value only `yaml` gives (anchors, odd layouts, syntax
 * errors, not a mapping) is linted on that parse, with its loading findings. When the `yaml`
 * parse made for positions disagrees with a faster reader's value, `yaml` is the truth.
 * test/fast-path.test.ts holds every road to identical results.
 */
export function lintDocument(doc: LocatedDocument, opts: FileLintOptions): FileResult {
  const t = doc.value;
  if (!t || doc.reader === 'yaml') return lintLoaded(doc, opts);
  const placed = placeFile(doc, t, collect(t, opts, textHasNoReference(doc), COMMENT_AFTER.test(doc.text)), opts);
  return doc.agrees() ? placed : lintLoaded(doc, opts);
}

/**
 * Whether no string of the document's value can hold a reference to an environment value: the
 * text reader's strings are the text's own characters (no escapes; a doubled quote becomes one,
 * which cannot bring two parentheses together), so a text without `((` gives none.
 */
const textHasNoReference = (doc: LocatedDocument): boolean => doc.reader === 'text' && !mayReference(doc.text);

/** ` #` and a character other than a space or `#`: a comment that may have ended an unquoted value (RuleContext.mayBeCutByComment) */
const COMMENT_AFTER = { test: commentAfterSpace };

/** a `#` after a space or a tab and before a character other than white space or `#` (a search for `#`: a regex scanned every space of every file) */
export function commentAfterSpace(text: string): boolean {
  for (let i = text.indexOf('#', 1); i >= 0; i = text.indexOf('#', i + 1)) {
    const before = text.charCodeAt(i - 1);
    if (before !== 32 && before !== 9) continue;
    const after = text[i + 1];
    if (after !== undefined && after !== '#' && !/\s/.test(after)) return true;
  }
  return false;
}

/** The lint of a document on its `yaml` parse: the loading findings, then (when it loaded as a mapping) the checks. */
function lintLoaded(doc: LocatedDocument, opts: FileLintOptions): FileResult {
  const f = doc.parsed();
  const truncated: NonNullable<FileResult['truncated']> = {};
  const empty: FileResult = { file: f.file, diagnostics: capLoading(loadingDiagnostics(f.file, f.problems), truncated), directives: parseDirectives(f.text), facts: {} };
  if (!f.doc || f.problems.some((p) => p.kind !== 'duplicate-key')) return withTruncated(empty, truncated);
  const t = obj(f.value);
  if (!t) {
    const no = notATemplate(f.value);
    empty.diagnostics.push({ file: f.file, ...doc.span([]), ruleId: no.ruleId, message: no.message });
    return withTruncated(empty, truncated);
  }
  return placeFile(doc, t, collect(t, opts, false, COMMENT_AFTER.test(doc.text)), opts);
}

/** Lints one file's bytes (a file the caller read): see lintDocument. */
export function lintBytes(file: string, bytes: Uint8Array, opts: FileLintOptions): FileResult {
  return lintDocument(openDocument(file, bytes), opts);
}

/** Lints a file that was not read, or parsed elsewhere (its loading findings). */
export function lintParsed(f: ParsedFile, opts: FileLintOptions): FileResult {
  return lintDocument(problemDocument(f), opts);
}

/** The answer for a clean file, or undefined when it has findings or its value needs `yaml`. */
export function lintClean(file: string, text: string, opts: FileLintOptions): FileResult | undefined {
  const doc = openDocument(file, text);
  const t = doc.value;
  if (!t || doc.reader === 'yaml') return undefined;
  const found = collect(t, opts, textHasNoReference(doc), COMMENT_AFTER.test(doc.text));
  if (found.findings.length) return undefined;
  const r = placeFile(doc, t, found, opts);
  return doc.agrees() ? r : undefined;
}
