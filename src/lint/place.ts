// Pure: the place stage of lint: findings at paths of a template value get their spans from the
// file's located document (files/document.ts), which answers from the cheapest reader that can
// and parses with `yaml` only on the first position the others cannot answer. placeFile places
// one file's findings and facts; placeFindings places the project-level findings (language
// variants, team policies) through the run's kept documents: a file that lint opened is not read
// again, only its text read again (Documents.open reads the others: a result from the cache, a
// worker's file).
import type { Finding, Span } from '../core/diagnostic.js';
import { readTemplateFile } from '../files/load.js';
import { openDocument, problemDocument, type LocatedDocument, type Path } from '../files/document.js';
import { detached } from '../model/detach.js';
import { scanPlaceholders } from '../model/placeholders.js';
import { parseDirectives } from '../files/directives.js';
import type { Loose, ReportOptions } from './rule.js';
import { stringAt, type Collected, type RawFinding } from './check.js';
import type { FileFacts, FileLintOptions, FileResult } from './file-result.js';
import { deferredVariantFacts, variantFacts, type VariantFacts } from './rules/variants.js';
import { translationFacts } from './rules/translations.js';
import { contentOf } from './rules/channel-kind.js';
import { wordingOf } from './rules/wording.js';
import { MAX_FINDINGS_PER_RULE } from './rule.js';
import { loadingDiagnostics } from './stage-problems.js';

/** the findings of the many clean files: one shared, frozen empty list (results are read, never changed) */
export const NO_DIAGNOSTICS = Object.freeze([]) as unknown as Finding[];

const spanOfFinding = (doc: LocatedDocument, t: Loose, x: RawFinding): Span => {
  if (x.at) {
    const v = stringAt(t, x.path);
    if (v !== undefined) return doc.rangeSpan(x.path, v, x.at.start, x.at.end);
  }
  return doc.span(x.path, x.part ?? 'value');
};

/** Gives each finding of a file, and its facts, their spans in the file's document (with its loading findings, when `yaml` read it). */
export function placeFile(doc: LocatedDocument, t: Loose, found: Collected, opts: FileLintOptions): FileResult {
  const truncated: NonNullable<FileResult['truncated']> = {};
  const diagnostics = capLoading(loadingDiagnostics(doc.file, doc.loading()), truncated);
  for (const x of found.findings) {
    const span = spanOfFinding(doc, t, x);
    if (x.unlessWritten !== undefined && spanText(doc.text, span).trim() === x.unlessWritten) continue;
    if (x.onlyIfCutByComment && !cutByComment(doc.text, span)) continue;
    diagnostics.push({ file: doc.file, ...span, ruleId: x.ruleId, message: x.message });
  }
  for (const [id, d] of found.dropped) {
    const had = truncated[id];
    truncated[id] = had ? { count: had.count + d.count, span: had.span } : { count: d.count, span: spanOfFinding(doc, t, d.first) };
  }
  // built key by key rather than with spreads: one object per file, its keys in the same order
  const r: FileResult = { file: doc.file, diagnostics: diagnostics.length ? diagnostics : NO_DIAGNOSTICS, directives: parseDirectives(doc.text), facts: factsOf(doc, t, found, Boolean(opts.lazyFacts)) };
  if (opts.keepValue) r.value = t;
  if (found.clock.until < Infinity) r.until = found.clock.until;
  return withTruncated(r, truncated);
}

/** The text a span covers (lines and columns from 1, columns in the text's UTF-16 units). */
export function spanText(text: string, s: Span): string {
  let start = 0;
  for (let l = 1; l < s.line; l++) { const i = text.indexOf('\n', start); if (i < 0) return ''; start = i + 1; }
  let end = start;
  for (let l = s.line; l < s.endLine; l++) { const i = text.indexOf('\n', end); if (i < 0) break; end = i + 1; }
  return text.slice(start + s.column - 1, end + s.endColumn - 1);
}

/**
 * Whether the value at `s` is an unquoted scalar on one line followed on that line by a comment
 * whose `#` has a character right after it (ReportOptions.onlyIfCutByComment).
 */
export function cutByComment(text: string, s: Span): boolean {
  const lineOf = (n: number): string | undefined => {
    let start = 0;
    for (let l = 1; l < n; l++) { const i = text.indexOf('\n', start); if (i < 0) return undefined; start = i + 1; }
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    return text.slice(start, end).replace(/\r$/, '');
  };
  const first = lineOf(s.line);
  // a plain scalar (on one line, or continued on the next lines): not quoted, not a block, not a flow collection
  const head = first?.slice(s.column - 1).trimStart();
  if (!head || /^['"|>&*!{[]/.test(head)) return false;
  const last = s.endLine === s.line ? first : lineOf(s.endLine);
  if (last !== undefined && /^[ \t]+#[^\s#]/.test(last.slice(s.endColumn - 1))) return true;
  // the next line that is not blank, indented as the text's continuation, a comment: `text: Your order is on its way,` then `  #A-100 arrives tomorrow`
  let n = s.endLine + 1;
  while (lineOf(n)?.trim() === '') n++;
  const next = lineOf(n);
  const keyIndent = /^ */.exec(first ?? '')![0].length;
  const m = next === undefined ? null : /^( *)#[^\s#]/.exec(next);
  return m !== null && m[1]!.length > keyIndent;
}

/** The loading diagnostics (syntax errors, duplicate keys) under the same per-rule cap. */
export function capLoading(diags: readonly Finding[], truncated: NonNullable<FileResult['truncated']>): Finding[] {
  // most files have none: no table of counts
  if (diags.length === 0) return [];
  const out: Finding[] = [];
  const counts = new Map<string, number>();
  for (const d of diags) {
    const n = (counts.get(d.ruleId) ?? 0) + 1;
    counts.set(d.ruleId, n);
    if (n <= MAX_FINDINGS_PER_RULE) out.push(d);
    else if (truncated[d.ruleId]) truncated[d.ruleId]!.count++;
    else truncated[d.ruleId] = { count: 1, span: { line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn } };
  }
  return out;
}

export function withTruncated(r: FileResult, truncated: NonNullable<FileResult['truncated']>): FileResult {
  // (a key, if any, without the array of them Object.keys makes for every file)
  for (const _ in truncated) return { ...r, truncated };
  return r;
}

/** the variant facts, from the scans and sites the rules worked out */
const factsOfVariant = (t: Loose, found: Collected): VariantFacts => variantFacts(t, (text) => found.scans.get(text) ?? scanPlaceholders(text), found.sites());

/**
 * The document's value, read again when asked for. Made here and not in factsOf: a closure made
 * there would share factsOf's context with the one over `t`, and so keep every file's value alive
 * until the run ends (twice the collector's work on a cold lint of 10,000 files).
 */
const valueReader = (doc: LocatedDocument) => (): Loose => doc.value!;

function factsOf(doc: LocatedDocument, t: Loose, found: Collected, lazy = false): FileFacts {
  const facts: FileFacts = {};
  if (typeof t.channel === 'string') facts.channel = { value: detached(t.channel), span: doc.span(['channel']) };
  if (typeof t.name === 'string') { facts.name = detached(t.name); facts.identitySpan = doc.span(['name']); }
  if (typeof t.language === 'string') facts.language = detached(t.language);
  if (typeof t.publicId === 'string') facts.publicId = { value: detached(t.publicId.toLowerCase()), span: doc.span(['publicId']) };
  // a value the text reader gave is read off the text again when its variant facts or hashes are wanted
  if (lazy && doc.reader === 'text') {
    // the document itself, released by the run to its text (place.ts Documents), reads it again
    const valueOf = valueReader(doc);
    facts.variant = found.refs.length === 0 ? deferredVariantFacts(doc.text, valueOf) : factsOfVariant(t, found);
    facts.translation = translationFacts(t, doc.text, valueOf);
  } else {
    facts.variant = factsOfVariant(t, found);
    facts.translation = translationFacts(t);
  }
  facts.content = contentOf(t);
  const wording = wordingOf(t);
  if (wording) facts.wording = wording;
  if (found.refs.length) {
    facts.references = found.refs.map((r) => {
      const v = stringAt(t, r.path);
      return { name: r.name, span: v === undefined ? doc.span(r.path) : doc.rangeSpan(r.path, v, r.start, r.end) };
    });
  }
  return facts;
}

/**
 * The located documents of a run, by absolute path: lint keeps each file's document here, and the
 * project-level findings are placed on them. A file not opened in this run (answered from the
 * cache, linted on a worker thread) is opened on its first finding: its text from `textOf` (the
 * language server's open documents), else read from disk.
 */
export class Documents {
  private readonly docs = new Map<string, LocatedDocument>();
  /** documents kept since the last open(), in order: put in `docs` on the next open (most runs never open one) */
  private readonly keptAbs: string[] = [];
  private readonly keptDocs: LocatedDocument[] = [];
  constructor(private readonly textOf?: (abs: string) => string | undefined) {}

  /** keeps a document the run opened, released (its text: what the readers made goes, document.ts) */
  keep(abs: string, doc: LocatedDocument): void {
    doc.release();
    this.keptAbs.push(abs);
    this.keptDocs.push(doc);
  }

  open(file: string, abs: string): LocatedDocument {
    for (let i = 0; i < this.keptAbs.length; i++) this.docs.set(this.keptAbs[i]!, this.keptDocs[i]!);
    this.keptAbs.length = 0;
    this.keptDocs.length = 0;
    let doc = this.docs.get(abs);
    if (!doc) {
      const own = this.textOf?.(abs);
      if (own !== undefined) doc = openDocument(file, own);
      else {
        const r = readTemplateFile(file, abs);
        doc = r.bytes ? openDocument(file, r.bytes) : problemDocument(r.problem);
      }
      this.docs.set(abs, doc);
    }
    return doc;
  }
}

export interface ProjectFinding extends ReportOptions { file: string; abs: string; ruleId: string; path: Path; message: string }

/** The project-level findings at paths of files' values, at their spans in the run's documents. */
export function placeFindings(findings: readonly ProjectFinding[], documents: Documents): Finding[] {
  return findings.map((x) => {
    const doc = documents.open(x.file, x.abs);
    const t = doc.value;
    const v = t && x.at ? stringAt(t, x.path) : undefined;
    const span = !t ? { line: 1, column: 1, endLine: 1, endColumn: 1 }
      : v !== undefined && x.at ? doc.rangeSpan(x.path, v, x.at.start, x.at.end) : doc.span(x.path, x.part ?? 'value');
    return { file: x.file, ...span, ruleId: x.ruleId, message: x.message };
  });
}
