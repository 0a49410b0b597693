// Pure: the one placeholder scanner and compiler. Lint, plan, typegen and sending all use
// it, so the numbering of named placeholders can never disagree between them.

import { asciiDigits } from './written-characters.js';
import { showsNothing } from '../core/visible.js';
import { lookalikes } from '../core/lookalikes.js';

export type PlaceholderStyle = 'named' | 'numbered';

export interface Placeholder {
  /** the exact source text, e.g. "{{customer}}" */
  raw: string;
  /** the name ("customer") or the number as a string ("1") */
  key: string;
  style: PlaceholderStyle;
  /** offsets into the scanned text */
  start: number;
  end: number;
}

export type PlaceholderProblemKind =
  | 'unclosed'      // "{{" with no "}}"
  | 'unopened'      // "}}" with no "{{"
  | 'empty'         // "{{}}"
  | 'whitespace'    // "{{ 1 }}"
  | 'forbidden'     // "#", "$" or "%" inside the braces
  | 'zero'          // "{{0}}" or "{{01}}"
  | 'range'         // a number above MAX_PLACEHOLDER_NUMBER: "{{99999999999999999999}}"
  | 'malformed';    // anything else inside the braces, or "{{{1}}}"

export interface PlaceholderProblem { kind: PlaceholderProblemKind; raw: string; start: number; end: number }

export interface ScanResult {
  placeholders: Placeholder[];
  problems: PlaceholderProblem[];
  /** the text between placeholders, in order: texts.length === placeholders.length + 1 */
  texts: string[];
}

export const NAMED = /^[a-z_][a-z0-9_]*$/;
export const NUMBERED = /^[1-9][0-9]*$/;

/**
 * Pure: a placeholder name (one NAMED takes) for any other platform's variable name, so that what a
 * file is written with always lints: `FirstName` is `first_name`, `City-Name` `city_name`, `Köln`
 * `koln`, `1st` `v_1st`; the letters' marks dropped, each run of other characters one `_`, `v_`
 * before a digit, `v` for a name with nothing left. Unique in a template is the caller's.
 */
export function placeholderNameFor(key: string): string {
  const words = snakeWords(key);
  const name = words === '' ? 'v' : /^[0-9]/.test(words) ? `v_${words}` : words;
  return NAMED.test(name) ? name : 'v';
}

/** a name's words in snake_case: camelCase and PascalCase split at their word boundaries, marks dropped, each run of other characters one `_` */
function snakeWords(key: string): string {
  return words(key.normalize('NFKD').replace(/\p{M}/gu, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2'));
}

function words(split: string): string {
  return split.toLowerCase().replace(/[^a-z0-9_]+/g, ' ').trim().replace(/ +/g, '_');
}

/**
 * Pure: the placeholder name a name written in another form means, for a suggestion ("write
 * {{booking_id}}"): `bookingId`, `BookingId`, `booking-id`, `Booking ID`, `BOOKING_ID` are all
 * `booking_id` (Meta: a named parameter is lowercase letters, digits and underscores); a Cyrillic
 * or Greek letter that looks like a Latin one is that one (`custоmer` with a Cyrillic о: customer,
 * core/lookalikes.ts). A name NAMED already takes is itself. Undefined when no name follows without
 * inventing one (`1st`, `#`): unlike placeholderNameFor, nothing is added.
 */
export function placeholderNameMeant(key: string): string | undefined {
  if (NAMED.test(key)) return key;
  const bare = (lookalikes(key)?.latin ?? key).normalize('NFKD').replace(/\p{M}/gu, '');
  // a word starts at a capital after a small letter (bookingId), at a capitalised word after
  // capitals (HTMLLink) or a digit (order2Date); a name with no small letter (ROOM_2B) is one case
  const split = /[a-z]/.test(bare)
    ? bare.replace(/([a-z])([A-Z])/g, '$1_$2').replace(/([A-Z0-9]+)([A-Z][a-z])/g, '$1_$2').replace(/([0-9])([A-Z][a-z])/g, '$1_$2')
    : bare;
  const name = words(split);
  return NAMED.test(name) ? name : undefined;
}

/**
 * The largest placeholder number: `{{1000}}` is a placeholder, `{{1001}}` is a `range` problem.
 * The longest text that may hold placeholders (an RCS message, 3072 characters) fits about 400
 * numbered placeholders without a gap, so no template that the platforms accept comes near it;
 * everything that numbers placeholders (lint, the compiler, samples, typegen) can rely on it and
 * never does work in proportion to a number written in a file.
 */
export const MAX_PLACEHOLDER_NUMBER = 1000;

/**
 * Pure: the key of the placeholder a malformed one is meant as, the one placeholder-syntax says to write:
 * `{{04}}` 4, `{{ 1 }}` 1, `{{١}}` 1, `{{bookingId}}` booking_id; undefined when its finding names none
 */
export function placeholderKeyMeant(p: PlaceholderProblem): string | undefined {
  if (!p.raw.startsWith('{{') || !p.raw.endsWith('}}')) return undefined;
  const inner = p.raw.slice(2, -2);
  if (inner.includes('{') || inner.includes('}')) return undefined;
  // {{١}}: the digits of another script, which the finding says to write in ASCII
  const t = asciiDigits(inner.trim());
  if (/^0*[1-9][0-9]*$/.test(t)) return Number(t) <= MAX_PLACEHOLDER_NUMBER ? String(Number(t)) : undefined;
  return p.kind === 'malformed' || p.kind === 'whitespace' ? placeholderNameMeant(t) : undefined;
}

/** indexOf for a cursor that only moves forward: each character is searched at most once. */
class ForwardSearch {
  private lastFrom = -1;
  private found = -1;
  constructor(private readonly text: string, private readonly needle: string) {}
  at(from: number): number {
    if (this.lastFrom >= 0 && from >= this.lastFrom && (this.found < 0 || this.found >= from)) return this.found;
    this.lastFrom = from;
    this.found = this.text.indexOf(this.needle, from);
    return this.found;
  }
}

/** Scans a text for `{{...}}` placeholders. Total: never throws, for any input; linear in its length. */
export function scanPlaceholders(text: string): ScanResult {
  // most texts of a template hold no brace at all
  const wide = text.includes('\uFF5B') || text.includes('\uFF5D');
  if (!wide && !text.includes('{') && !text.includes('}')) return { placeholders: [], problems: [], texts: [text] };
  if (wide) return wideScan(text);
  return quickScan(text) ?? fullScan(text);
}

/**
 * The placeholders a text writes with single braces, `{1}` or `{first_name}` (as other tools and
 * programming languages write them): no platform fills them in, they are sent as written. A brace
 * of a `{{...}}` (well-formed or not) is never one. Pure, linear.
 */
export function singleBraced(text: string): { raw: string; key: string; start: number; end: number }[] {
  if (!text.includes('{')) return [];
  const out: { raw: string; key: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(/(?<![{\uFF5B])\{\s*([0-9]+|[A-Za-z_][A-Za-z0-9_]*)\s*\}(?![}\uFF5D])/g)) {
    out.push({ raw: m[0], key: m[1]!, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** the full-width braces ｛ ｝ (U+FF5B, U+FF5D): what a Japanese or Chinese input method types for { and } in full-width mode */
export const WIDE_BRACE = /[\uFF5B\uFF5D]/u;

/**
 * scanPlaceholders for a text with full-width braces: read as if they were { and } (the same
 * offsets: each is one UTF-16 unit), so that `｛｛1｝｝` and `{｛1}}` are found where a placeholder was
 * meant, as a `malformed` placeholder (the platform sees no placeholder there and sends the braces
 * as text), never as a placeholder. A lone ｛ in prose makes no `{{` and is left alone.
 */
function wideScan(text: string): ScanResult {
  const read = fullScan(text.replace(/\uFF5B/g, '{').replace(/\uFF5D/g, '}'));
  const placeholders: Placeholder[] = [];
  const problems: PlaceholderProblem[] = [];
  const texts: string[] = [];
  let last = 0;
  const all = [...read.placeholders.map((p) => ({ p, problem: undefined as PlaceholderProblemKind | undefined })), ...read.problems.map((p) => ({ p, problem: p.kind }))].sort((a, b) => a.p.start - b.p.start);
  for (const { p, problem } of all) {
    const raw = text.slice(p.start, p.end);
    if (problem) { problems.push({ kind: problem, raw, start: p.start, end: p.end }); continue; }
    if (WIDE_BRACE.test(raw)) { problems.push({ kind: 'malformed', raw, start: p.start, end: p.end }); continue; }
    texts.push(text.slice(last, p.start));
    placeholders.push({ ...(p as Placeholder), raw });
    last = p.end;
  }
  texts.push(text.slice(last));
  return { placeholders, problems, texts };
}

/** the largest number a numbered placeholder may have, as digits: `{{1000}}` */
const MAX_DIGITS = String(MAX_PLACEHOLDER_NUMBER).length;

/**
 * scanPlaceholders for a text whose every brace belongs to a well-formed placeholder (`{{name}}`,
 * `{{1}}`; no problem to report): the same result with one search per brace, or undefined at the
 * first brace that is not of such a placeholder (the full scan then reads the text).
 */
function quickScan(text: string): ScanResult | undefined {
  const placeholders: Placeholder[] = [];
  const texts: string[] = [];
  let last = 0;
  let i = 0;
  for (;;) {
    const open = text.indexOf('{', i);
    const close = text.indexOf('}', i);
    if (open < 0) { if (close >= 0) return undefined; break; }
    // a closing brace before it, a single brace, or a third one
    if ((close >= 0 && close < open) || text.charCodeAt(open + 1) !== 123 || text.charCodeAt(open + 2) === 123) return undefined;
    const c = text.indexOf('}', open + 2);
    if (c < 0 || text.charCodeAt(c + 1) !== 125 || text.charCodeAt(c + 2) === 125) return undefined;
    const inner = text.slice(open + 2, c);
    if (inner.includes('{')) return undefined;
    let style: PlaceholderStyle;
    if (NUMBERED.test(inner)) {
      if (inner.length > MAX_DIGITS || Number(inner) > MAX_PLACEHOLDER_NUMBER) return undefined;
      style = 'numbered';
    } else if (NAMED.test(inner)) style = 'named';
    else return undefined;
    texts.push(text.slice(last, open));
    placeholders.push({ raw: text.slice(open, c + 2), key: inner, style, start: open, end: c + 2 });
    last = i = c + 2;
  }
  texts.push(text.slice(last));
  return { placeholders, problems: [], texts };
}

/** scanPlaceholders for any text: every problem found and named (exported for the test that holds the quick scan to it) */
export function fullScan(text: string): ScanResult {
  const placeholders: Placeholder[] = [];
  const problems: PlaceholderProblem[] = [];
  const texts: string[] = [];
  // two cursors per token: the scan asks for "the next {{" and "the next }}" at positions that
  // never go back, so a text of many "{{" and no "}}" is still read once, not once per "{{"
  const opens = new ForwardSearch(text, '{{');
  const closes = new ForwardSearch(text, '}}');
  const opens2 = new ForwardSearch(text, '{{');
  const closes2 = new ForwardSearch(text, '}}');
  let last = 0;
  let i = 0;
  while (i < text.length) {
    const open = opens.at(i);
    const strayClose = closes.at(i);
    if (strayClose >= 0 && (open < 0 || strayClose < open)) {
      problems.push({ kind: 'unopened', raw: '}}', start: strayClose, end: strayClose + 2 });
      i = strayClose + 2;
      continue;
    }
    if (open < 0) break;
    const close = closes2.at(open + 2);
    const nextOpen = opens2.at(open + 2);
    if (close < 0 || (nextOpen >= 0 && nextOpen < close && text[open + 2] !== '{')) {
      problems.push({ kind: 'unclosed', raw: '{{', start: open, end: open + 2 });
      i = open + 2;
      continue;
    }
    let end = close + 2;
    // "{{{1}}}": swallow the extra braces into one malformed placeholder
    while (text[end] === '}') end++;
    const raw = text.slice(open, end);
    const inner = text.slice(open + 2, close);
    const kind = classify(inner, raw);
    if (kind) problems.push({ kind, raw, start: open, end });
    else {
      texts.push(text.slice(last, open));
      placeholders.push({ raw, key: inner, style: NUMBERED.test(inner) ? 'numbered' : 'named', start: open, end });
      last = end;
    }
    i = end;
  }
  texts.push(text.slice(last));
  return { placeholders, problems, texts };
}

function classify(inner: string, raw: string): PlaceholderProblemKind | undefined {
  if (raw.startsWith('{{{') || raw.endsWith('}}}')) return 'malformed';
  if (inner.trim() === '') return 'empty';
  if (/[#$%]/.test(inner)) return 'forbidden';
  if (inner !== inner.trim()) return NAMED.test(inner.trim()) || NUMBERED.test(inner.trim()) ? 'whitespace' : 'malformed';
  if (NUMBERED.test(inner)) return inner.length > String(MAX_PLACEHOLDER_NUMBER).length || Number(inner) > MAX_PLACEHOLDER_NUMBER ? 'range' : undefined;
  if (NAMED.test(inner)) return undefined;
  if (/^[0-9]+$/.test(inner)) return 'zero';
  return 'malformed';
}

/**
 * Whether a template's value (a file's, its texts anywhere in it) names a placeholder (`{{customer}}`): a file that only
 * numbers its placeholders (`{{1}}`) has no names to lose or to ask for when it is written numbered.
 */
export function namesAPlaceholder(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{') && scanPlaceholders(value).placeholders.some((p) => p.style === 'named');
  if (Array.isArray(value)) return value.some(namesAPlaceholder);
  if (value !== null && typeof value === 'object') return Object.values(value as Record<string, unknown>).some(namesAPlaceholder);
  return false;
}

/** The distinct placeholder keys in order of first appearance. */
export function distinctKeys(placeholders: readonly Placeholder[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of placeholders) if (!seen.has(p.key)) { seen.add(p.key); out.push(p.key); }
  return out;
}

/**
 * The wire numbering of one component's placeholders: numbered ones keep their number,
 * named ones are numbered 1, 2, ... by order of first appearance.
 */
export function numbering(placeholders: readonly Placeholder[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const key of distinctKeys(placeholders)) {
    map.set(key, NUMBERED.test(key) ? Number(key) : map.size + 1);
  }
  return map;
}

/** Rewrites a text to wire form (`{{n}}` only), with the numbering of `numbering()`. */
export function compileText(text: string, map?: Map<string, number>): string {
  const scan = scanPlaceholders(text);
  const m = map ?? numbering(scan.placeholders);
  let out = scan.texts[0]!;
  scan.placeholders.forEach((p, k) => {
    const n = m.get(p.key);
    out += (n === undefined ? p.raw : `{{${n}}}`) + scan.texts[k + 1]!;
  });
  return out;
}

/** Substitutes values for placeholders (by key); unknown keys stay as they are. */
export function renderText(text: string, values: Readonly<Record<string, string>>): string {
  const scan = scanPlaceholders(text);
  let out = scan.texts[0]!;
  scan.placeholders.forEach((p, k) => {
    const v = values[p.key];
    out += (v === undefined ? p.raw : v) + scan.texts[k + 1]!;
  });
  return out;
}

/** Length in Unicode code points, which is how the platforms count characters. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * Whether a body starts and whether it ends with a placeholder, from the texts around its
 * placeholders (ScanResult.texts: before the first, between, after the last): a text there that
 * shows nothing (white space, a no-break space, a direction mark U+200E/U+200F/U+061C, an isolate,
 * a zero-width space or joiner, a byte-order mark) is no text, and what the customer reads starts
 * (or ends) with the value, as WhatsApp's placeholder-adjacent judgement has it between two
 * placeholders. Meta documents only that a body may not start or end with a variable (error
 * 2388299); docs/api-assumptions.md records this reading. One judgement for lint
 * (placeholder-position) and translations import.
 */
export function placeholderAtEdges(texts: readonly string[]): { start: boolean; end: boolean } {
  if (texts.length < 2) return { start: false, end: false };
  return { start: showsNothing(texts[0]!), end: showsNothing(texts[texts.length - 1]!) };
}
