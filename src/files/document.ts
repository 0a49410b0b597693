// Pure: one template file as a located document: its plain value and the positions of its nodes.
// Three readers sit behind it, private to this module (a dependency-cruiser rule keeps them so):
// the one-pass text read (text-locate.ts: value and positions of the common layouts), js-yaml
// (fast-parse.ts: the value, about five times faster than a position-keeping parse) and `yaml`
// with positions (parse.ts, locate.ts: every layout, and the loading findings). The value comes
// from the first reader that can give it; a position from the first that can answer it, the
// document upgrading itself to the `yaml` parse on the first position the others cannot answer.
// Each reader runs at most once per document until it is released (release(): the run keeps its
// released documents, their texts, while cross-file findings are placed: lint/place.ts).
// Positions are the ones `yaml` gives, whichever reader answers (test/document.test.ts).
import { isUtf8 } from 'node:buffer';
import type { Diagnostic, Span } from '../core/diagnostic.js';
import { MAX_FILE_BYTES } from './limits.js';
import { fastValue, topLevelScalarSpan } from './fast-parse.js';
import { indexText, locateRangeText, locateText, type TextDoc } from './text-locate.js';
import { parseTemplateBytes, parseTemplateText, resolveValue, type ParsedFile } from './parse.js';
import { nestingBeyond } from './nesting.js';
import { locate, locateRange, type Path } from './locate.js';
import type { LoadProblem } from './problems.js';

export type { Path, PathSegment } from './locate.js';
export type { ParsedFile } from './parse.js';
// the loading findings of a file that is not read (load.ts)
export { refusal, tooLarge, unreadable } from './parse.js';
// queries on the text reader's index, for the commands that edit a file's text in place (translations)
export { readsBackInPlace, scalarAtPath, topLevelKeyStart, type ScalarAt, type TextDoc } from './text-locate.js';

export type Reader = 'text' | 'fast' | 'yaml';

/**
 * Documents opened and parses made, by reader, in this process (the pool decides on `yaml`;
 * tests hold every file to one parse per reader). `probe`, when a test sets it, hears each
 * opening and parse with the file's name.
 */
export const documentStats: { opened: number; text: number; fast: number; yaml: number; probe?: (file: string, event: 'open' | Reader) => void } = { opened: 0, text: 0, fast: 0, yaml: 0 };

const note = (file: string, event: 'open' | Reader): void => {
  if (event === 'open') documentStats.opened++; else documentStats[event]++;
  documentStats.probe?.(file, event);
};

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => typeof v === 'object' && v !== null && !Array.isArray(v);
const NO_SPAN: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export class LocatedDocument {
  /** the text reader's index: undefined until read, null when the text is not in a layout it proves */
  private index: TextDoc | null | undefined;
  /** js-yaml's value: undefined until read, null when it left the text to `yaml` or it is no mapping */
  private quick: Mapping | null | undefined;
  /** the `yaml` parse: positions at first, its value resolved when it is asked for */
  private full: ParsedFile | undefined;
  private by: Reader | undefined;
  private val: Mapping | undefined;

  /** `problem`: a file that is not read or not text (too large, not UTF-8, refused): its loading findings */
  constructor(readonly file: string, readonly text: string, private readonly problem?: ParsedFile) {
    note(file, 'open');
  }

  /**
   * Lets go of what the readers made, keeping the text (so the file is never read again); they run
   * again on the next question. A run keeps thousands of documents until its cross-file findings
   * are placed; keeping every reader's objects that long costs a cold lint of 2,000 files a sixth
   * of its CPU time (the garbage collector moves them), while few files ever get such a finding.
   */
  release(): void {
    this.index = undefined;
    this.quick = undefined;
    this.full = undefined;
    this.by = undefined;
    this.val = undefined;
  }

  /** The template mapping, from the first reader that gives it; undefined when the file does not load as a mapping (then see `parsed()`). */
  get value(): Mapping | undefined {
    if (this.by === undefined) this.read();
    return this.val;
  }

  /** Which reader gave the value ('yaml' also when none did: the loading findings then say why). */
  get reader(): Reader {
    if (this.by === undefined) this.read();
    return this.by!;
  }

  private read(): void {
    // a text nested beyond the bound is `yaml`'s to say (its loading finding, as fmt and every
    // command give it): the faster readers read such a text without a word
    if (!this.problem && nestingBeyond(this.text) === undefined) {
      const index = this.textIndex();
      if (index?.value) { this.by = 'text'; this.val = index.value; return; }
      const quick = this.fastRead();
      if (quick) { this.by = 'fast'; this.val = quick; return; }
    }
    this.by = 'yaml';
    const f = this.parsed();
    this.val = f.doc && isMapping(f.value) ? f.value : undefined;
  }

  /** The text reader's index of this text (read once), or undefined when its layout is not one the reader proves. */
  textIndex(): TextDoc | undefined {
    if (this.index === undefined) {
      if (this.problem) this.index = null;
      else { note(this.file, 'text'); this.index = indexText(this.text) ?? null; }
    }
    return this.index ?? undefined;
  }

  private fastRead(): Mapping | undefined {
    if (this.quick === undefined) {
      note(this.file, 'fast');
      const v = fastValue(this.text);
      this.quick = isMapping(v) ? v : null;
    }
    return this.quick ?? undefined;
  }

  /** The `yaml` parse with its value and loading findings (syntax, duplicate keys, documents, aliases): parsed once, resolved once. */
  parsed(): ParsedFile {
    return resolveValue(this.positions());
  }

  /** the `yaml` parse, its value not resolved (positions are all a document read by a faster reader needs) */
  private positions(): ParsedFile {
    if (this.problem) return this.problem;
    if (!this.full) {
      note(this.file, 'yaml');
      this.full = parseTemplateText(this.file, this.text, undefined, { resolve: false });
    }
    return this.full;
  }

  /** The problems of loading the file (data: the rules of loading report them); empty when a faster reader read it and `yaml` was not needed. */
  loading(): readonly LoadProblem[] {
    return this.problem ? this.problem.problems : this.full ? this.full.problems : [];
  }

  /**
   * False when the value came from a faster reader and the `yaml` parse made since for positions
   * disagrees with it (a loading finding, or no document): `yaml` is then the truth (`parsed()`).
   */
  agrees(): boolean {
    return this.by === 'yaml' || !this.full || (this.full.doc !== undefined && this.full.problems.length === 0);
  }

  /**
   * The span of the node at `path`: its key with part 'key'; the nearest existing ancestor's key
   * when the path does not exist (locate.ts). Answered by the text reader when it can, by a line
   * scan for a top-level scalar of a js-yaml read, else by the `yaml` parse (made on first need).
   */
  span(path: Path, part: 'key' | 'value' = 'value'): Span {
    const index = this.textIndex();
    const quick = index && locateText(index, path, part);
    if (quick) return quick;
    if (part === 'value' && path.length === 1 && typeof path[0] === 'string' && this.reader === 'fast') {
      const line = topLevelScalarSpan(this.text, path[0]);
      if (line) return line;
    }
    const f = this.positions();
    return f.doc ? locate(f, path, part) : NO_SPAN;
  }

  /** The span of [start, end) of the string `value` at `path` (offsets into the value, as the placeholder scanner gives them). */
  rangeSpan(path: Path, value: string, start: number, end: number): Span {
    const index = this.textIndex();
    const quick = index && locateRangeText(index, path, value, start, end);
    if (quick) return quick;
    const f = this.positions();
    return f.doc ? locateRange(f, path, value, start, end) : NO_SPAN;
  }
}

/**
 * Opens a template file's bytes (or text) as a located document. Nothing is read yet: the value
 * and the positions are read on first use. Bytes over MAX_FILE_BYTES or not UTF-8 give a
 * document with that loading finding and no value; a byte-order mark is left out.
 */
export function openDocument(file: string, input: Uint8Array | string): LocatedDocument {
  if (typeof input !== 'string') {
    const buf = Buffer.from(input.buffer, input.byteOffset, input.length);
    // a NUL byte is UTF-8, and no text: said as such (the YAML reader named a key without a value)
    if (input.length > MAX_FILE_BYTES || !isUtf8(input) || buf.indexOf(0) >= 0) return new LocatedDocument(file, '', parseTemplateBytes(file, input));
    input = buf.toString('utf8');
  }
  return new LocatedDocument(file, withLineBreaks(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input));
}

/**
 * The text with each lone carriage return (one not before a line feed) as the line break it is
 * (YAML 1.2's b-break is CR LF, CR or LF; so is LSP's line end): positions then count lines as
 * editors do, and a comment after one is a comment of its own line (the YAML library reads a lone
 * CR as text: fmt made `\r# x` a comment `\r## x`, one more # at every run). One character for
 * one: columns and offsets stay.
 */
export function withLineBreaks(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** A document for a file that was not read (too large, refused, unreadable: load.ts gives its loading findings). */
export function problemDocument(problem: ParsedFile): LocatedDocument {
  return new LocatedDocument(problem.file, problem.text, problem);
}
