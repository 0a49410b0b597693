// Pure: a template file's value and the positions of its nodes, read off the source text in one
// pass, for the layouts this module can prove: block mappings of plain keys, block sequences,
// one-line plain and quoted scalars (no escapes), one-line flow mappings and sequences of such
// scalars. Anything else (block scalars, multi-line scalars, escapes, tags, numbers other than
// plain decimals, odd keys) is opaque: the value is then incomplete (the caller reads the file
// with js-yaml or `yaml` instead), and a path that reaches into an opaque node, or a span of it,
// is answered `undefined` (the caller then parses with `yaml`). Values and spans are the ones
// `yaml` gives; test/fast-path.test.ts holds them identical.
import type { Span } from '../core/diagnostic.js';
import type { Path } from './locate.js';
import { scalarSubrange } from './scalar-range.js';

type Kind = 'map' | 'seq' | 'scalar' | 'opaque';

interface TNode {
  kind: Kind;
  /** the plain value (unset for opaque nodes) */
  value?: unknown;
  /** a one-line flow collection, whose span is all of it */
  flow?: boolean;
  /** offset of the node's first character */
  start: number;
  /** scalars: offset after the value (quotes included, comments excluded) */
  end: number;
  type?: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';
  /** a mapping's pairs by key (a plain object: a Map per mapping was a twentieth of a lint's allocations); read through pairOf */
  entries?: Record<string, TPair>;
  items?: TNode[];
}

interface TPair { keyStart: number; keyEnd: number; value: TNode }

export interface TextDoc {
  text: string;
  /** offsets where each line starts, as yaml's LineCounter records them */
  lineStarts: number[];
  root: TNode;
  /** the plain value of the whole file, when no node in it is opaque */
  value?: Record<string, unknown>;
}

/** a plain key and its colon, matched where it starts (sticky); dots too (`translated_from.texts` keys are field paths) */
const KEY = /(?:[A-Za-z_][A-Za-z0-9_.-]{0,200}|0|[1-9][0-9]{0,14}):(?=[ \r\n]|$)/y;
/** the offset of the colon after a plain key that starts at `at`, or -1 (a test: no match array to allocate) */
function keyEndAt(text: string, at: number): number {
  KEY.lastIndex = at;
  return KEY.test(text) ? KEY.lastIndex - 1 : -1;
}
/** keys whose value is not their text (booleans, null), or that would not be an own property */
const NOT_TEXT_KEYS = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL|__proto__)$/;
/**
 * characters YAML treats as line breaks or rejects, tabs, and anything a reader may treat
 * differently (a lone surrogate cannot occur: the text was decoded from valid UTF-8)
 */
const LEAVE = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\t\u2028\u2029\ufeff\ufffe\uffff]/;
const LONE_CR = /\r(?!\n)/;

interface Frame { indent: number; node: TNode }
/**
 * A key or sequence item whose value starts on a later line: where that value goes (the
 * sequence, or the pair and the mapping's value under its key). Data rather than a closure: a
 * closure over the loop's variables gives every line of every file a context object to allocate.
 */
interface Pending { indent: number; seqOk: boolean; seq: TNode | undefined; pair: TPair | undefined; obj: Record<string, unknown> | undefined; key: string }

/** gives a pending key or item its value */
function settle(p: Pending, node: TNode): void {
  if (p.seq) { p.seq.items!.push(node); (p.seq.value as unknown[]).push(node.value); return; }
  p.pair!.value = node;
  p.obj![p.key] = node.value;
}

/**
 * Indexes the block structure of `text`; undefined when a line falls outside the layouts
 * this module proves (the caller then parses with `yaml`).
 */
export function indexText(text: string): TextDoc | undefined {
  // two tests: a lone character class is scanned much faster than an alternation
  if (LEAVE.test(text) || (text.includes('\r') && LONE_CR.test(text))) return undefined;
  const lineStarts = [0];
  let complete = true;
  const opaque = (start: number): TNode => { complete = false; return { kind: 'opaque', start, end: start }; };
  const stack: Frame[] = [];
  let root: TNode | undefined;
  let pending: Pending | undefined;
  /** lines more indented than this belong to the previous value (a block scalar or a continuation) */
  // (two variables rather than an object: one is set for every scalar value)
  let skipNode: TNode | undefined;
  let skipIndent = 0;
  const n = text.length;
  for (let ls = 0; ls < n;) {
    let le = text.indexOf('\n', ls);
    if (le < 0) le = n;
    const next = le + 1;
    if (next <= n && le < n) lineStarts.push(next);
    let ce = le;
    if (ce > ls && text.charCodeAt(ce - 1) === 13) ce--;
    let i = ls;
    while (i < ce && text.charCodeAt(i) === 32) i++;
    const indent = i - ls;
    if (i === ce) { ls = next; continue; } // blank
    if (skipNode) {
      if (indent > skipIndent) { skipNode.kind = 'opaque'; delete skipNode.value; complete = false; ls = next; continue; }
      skipNode = undefined;
    }
    const c = text.charCodeAt(i);
    if (c === 35) { ls = next; continue; } // # comment line
    if (indent === 0 && (text.startsWith('---', i) || text.startsWith('...', i) || c === 37)) return undefined;
    const dash = c === 45 && (i + 1 === ce || text.charCodeAt(i + 1) === 32);
    if (pending) {
      const p = pending;
      pending = undefined;
      if (indent > p.indent || (indent === p.indent && dash && p.seqOk)) {
        const node = dash ? seqNode(i) : mapNode(i);
        settle(p, node);
        stack.push({ indent, node });
      } else settle(p, opaque(i)); // an empty value (null)
    }
    if (!root) {
      if (indent !== 0) return undefined;
      root = dash ? seqNode(i) : mapNode(i);
      stack.push({ indent, node: root });
    }
    while (stack.length > 0 && stack[stack.length - 1]!.indent > indent) stack.pop();
    // a sequence written at its key's indentation ends where the next key of that mapping starts
    if (!dash && stack.length > 1 && stack[stack.length - 1]!.node.kind === 'seq' && stack[stack.length - 2]!.indent === indent) stack.pop();
    const top = stack[stack.length - 1];
    if (!top || top.indent !== indent) return undefined;
    let at = i;
    let container = top.node;
    let ownIndent = indent;
    if (container.kind === 'seq') {
      if (!dash) return undefined;
      at = i + 1;
      while (at < ce && text.charCodeAt(at) === 32) at++;
      if (at === ce || text.charCodeAt(at) === 35) {
        if (at < ce && text.charCodeAt(at - 1) !== 32) return undefined;
        pending = { indent, seqOk: false, seq: container, pair: undefined, obj: undefined, key: '' };
        ls = next;
        continue;
      }
      if (keyEndAt(text, at) < 0) {
        const v = valueAt(text, at, ce);
        if (!v) return undefined;
        if (v.kind === 'opaque') complete = false;
        container.items!.push(v);
        (container.value as unknown[]).push(v.value);
        skipNode = v;
        skipIndent = indent;
        ls = next;
        continue;
      }
      // `- key: value`: a mapping that starts on the item's line, its keys at this column
      const map = mapNode(at);
      container.items!.push(map);
      (container.value as unknown[]).push(map.value);
      ownIndent = at - ls;
      stack.push({ indent: ownIndent, node: map });
      container = map;
    } else if (dash) return undefined;
    const keyEnd = keyEndAt(text, at);
    if (keyEnd < 0) return undefined;
    const key = text.slice(at, keyEnd);
    if (NOT_TEXT_KEYS.test(key)) return undefined;
    let v = keyEnd + 1;
    while (v < ce && text.charCodeAt(v) === 32) v++;
    const entries = container.entries!;
    // a duplicate key is a finding of the parser's
    if (Object.hasOwn(entries, key)) return undefined;
    const pair: TPair = { keyStart: at, keyEnd, value: UNSET };
    entries[key] = pair;
    const obj = container.value as Record<string, unknown>;
    if (v === ce || text.charCodeAt(v) === 35) {
      if (v < ce && text.charCodeAt(v - 1) !== 32) return undefined;
      pending = { indent: ownIndent, seqOk: true, seq: undefined, pair, obj, key };
    } else {
      const value = valueAt(text, v, ce);
      if (!value) return undefined;
      if (value.kind === 'opaque') complete = false;
      pair.value = value;
      obj[key] = value.value;
      skipNode = value;
      skipIndent = ownIndent;
    }
    ls = next;
  }
  if (pending) settle(pending, opaque(n));
  if (!root) return undefined;
  return { text, lineStarts, root, ...(complete && root.kind === 'map' ? { value: root.value as Record<string, unknown> } : {}) };
}

/** the value of a pair until it is known (never read: every road sets it or gives up) */
const UNSET: TNode = Object.freeze({ kind: 'opaque', start: 0, end: 0 }) as TNode;

const mapNode = (start: number): TNode => ({ kind: 'map', start, end: start, entries: {}, value: {} });

/** the pair of a mapping node under `key` (own keys only: a key is never one of Object.prototype's) */
const pairOf = (node: TNode, key: string): TPair | undefined => (Object.hasOwn(node.entries!, key) ? node.entries![key] : undefined);
const seqNode = (start: number): TNode => ({ kind: 'seq', start, end: start, items: [], value: [] });

/** A block value that starts at `at` and ends on this line: a one-line scalar or flow collection, or opaque. */
function valueAt(text: string, at: number, ce: number): TNode | undefined {
  const c = text[at]!;
  if (c !== '{' && c !== '[') return scalarAt(text, at, ce, false);
  const node = flowAt(text, at, ce);
  if (!node) return { kind: 'opaque', start: at, end: at };
  let j = node.end;
  while (j < ce && text.charCodeAt(j) === 32) j++;
  if (j < ce && !(text.charCodeAt(j) === 35 && j > node.end)) return undefined;
  return node;
}

/** A one-line flow mapping or sequence of scalars (nothing nested); undefined for anything else. */
function flowAt(text: string, at: number, ce: number): TNode | undefined {
  const map = text[at] === '{';
  const close = map ? '}' : ']';
  const node = map ? mapNode(at) : seqNode(at);
  let i = at + 1;
  const spaces = (): void => { while (i < ce && text.charCodeAt(i) === 32) i++; };
  spaces();
  if (text[i] === close) { node.end = i + 1; node.flow = true; return node; }
  for (;;) {
    spaces();
    let keyStart = -1;
    let keyEnd = -1;
    let key = '';
    if (map) {
      const e = keyEndAt(text, i);
      if (e < 0) return undefined;
      key = text.slice(i, e);
      if (NOT_TEXT_KEYS.test(key) || text[e + 1] !== ' ') return undefined;
      if (Object.hasOwn(node.entries!, key)) return undefined;
      keyStart = i;
      keyEnd = i + key.length;
      i = keyEnd + 1;
      spaces();
    }
    const v = scalarAt(text, i, ce, true);
    if (!v || v.kind !== 'scalar') return undefined;
    i = v.end;
    spaces();
    if (map) {
      node.entries![key] = { keyStart, keyEnd, value: v };
      (node.value as Record<string, unknown>)[key] = v.value;
    } else {
      node.items!.push(v);
      (node.value as unknown[]).push(v.value);
    }
    if (text[i] === ',') { i++; spaces(); if (text[i] === close || text[i] === ',') return undefined; continue; }
    if (text[i] === close) { node.end = i + 1; node.flow = true; return node; }
    return undefined;
  }
}

/** a plain scalar's value as `yaml`'s core schema resolves it; undefined when not proven */
function plainValue(s: string): unknown {
  const c = s.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return /^(?:0|[1-9][0-9]{0,14})$/.test(s) ? Number(s) : undefined;
  switch (s) {
    case '~': case 'null': case 'Null': case 'NULL': return null;
    case 'true': case 'True': case 'TRUE': return true;
    case 'false': case 'False': case 'FALSE': return false;
    default: return s;
  }
}

/**
 * The scalar that starts at `at` and ends on this line (in a flow collection when `flow`);
 * opaque when it is something else, undefined when the line is not one this module proves.
 */
function scalarAt(text: string, at: number, ce: number, flow: boolean): TNode | undefined {
  const c = text[at];
  if (c === undefined || at >= ce) return undefined;
  if (c === '"' || c === "'") {
    let i = at + 1;
    let escaped = false;
    for (; i < ce; i++) {
      const ch = text[i];
      if (c === '"' && ch === '\\') { escaped = true; i++; continue; }
      if (ch === c) {
        if (c === "'" && text[i + 1] === "'") { i++; continue; }
        break;
      }
    }
    if (i >= ce) return flow ? undefined : { kind: 'opaque', start: at, end: at };
    const end = i + 1;
    const type = c === '"' ? 'QUOTE_DOUBLE' as const : 'QUOTE_SINGLE' as const;
    if (!flow) {
      let j = end;
      while (j < ce && text.charCodeAt(j) === 32) j++;
      if (j < ce && !(text.charCodeAt(j) === 35 && j > end)) return undefined;
    } else if (text[end] === ':') return undefined;
    const inner = text.slice(at + 1, i);
    if (escaped) return flow ? undefined : { kind: 'opaque', start: at, end, type };
    return { kind: 'scalar', start: at, end, type, value: c === "'" ? inner.replaceAll("''", "'") : inner };
  }
  if ('{[|>!&*%@`?:-,]}#'.includes(c)) return flow ? undefined : { kind: 'opaque', start: at, end: at };
  // the scalar ends at a comment (" #") or, in a flow collection, at a flow indicator
  let end = at;
  for (; end < ce; end++) {
    const ch = text.charCodeAt(end);
    if (ch === 35 && text.charCodeAt(end - 1) === 32) break;
    if (flow && (ch === 44 || ch === 91 || ch === 93 || ch === 123 || ch === 125)) break;
  }
  while (end > at && text.charCodeAt(end - 1) === 32) end--;
  const body = text.slice(at, end);
  if (body.includes(': ') || body.endsWith(':') || (flow && body.includes(':'))) return undefined;
  const value = plainValue(body);
  if (value === undefined) return flow ? undefined : { kind: 'opaque', start: at, end, type: 'PLAIN' };
  return { kind: 'scalar', start: at, end, type: 'PLAIN', value };
}

interface Found { node: TNode; pair?: TPair; depth: number }

/** as locate.ts walks the document; undefined when the walk would need an opaque node's kind */
function walk(doc: TextDoc, path: Path): Found | undefined {
  let node = doc.root;
  let pair: TPair | undefined;
  let depth = 0;
  for (const seg of path) {
    if (node.kind === 'opaque') return undefined;
    if (node.kind === 'map') {
      const p = pairOf(node, String(seg));
      if (!p) break;
      pair = p;
      node = p.value;
    } else if (node.kind === 'seq' && typeof seg === 'number') {
      const item = node.items![seg];
      if (item === undefined) break;
      pair = undefined;
      node = item;
    } else break;
    depth++;
  }
  return { node, ...(pair ? { pair } : {}), depth };
}

function linePos(doc: TextDoc, offset: number): { line: number; col: number } {
  const s = doc.lineStarts;
  let lo = 0;
  let hi = s.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offset < s[mid]!) hi = mid; else lo = mid + 1;
  }
  return { line: lo, col: offset - s[lo - 1]! + 1 };
}

function spanAt(doc: TextDoc, start: number, end: number): Span {
  const a = linePos(doc, start);
  const b = linePos(doc, Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/** locate() of locate.ts, on the text; undefined when the layout is not proven */
export function locateText(doc: TextDoc, path: Path, part: 'key' | 'value' = 'value'): Span | undefined {
  const found = walk(doc, path);
  if (!found) return undefined;
  const complete = found.depth === path.length;
  if ((part === 'key' || !complete) && found.pair) return spanAt(doc, found.pair.keyStart, found.pair.keyEnd);
  const node = found.node;
  if (node.kind === 'scalar') return spanAt(doc, node.start, node.end);
  if (node.kind === 'opaque') return undefined;
  if (node.flow) return spanAt(doc, node.start, node.end);
  // a block map or sequence: its first line only
  const nl = doc.text.indexOf('\n', node.start);
  return nl < 0 ? undefined : spanAt(doc, node.start, nl);
}

/** locateRange() of locate.ts, on the text; undefined when the layout is not proven */
export function locateRangeText(doc: TextDoc, path: Path, value: string, start: number, end: number): Span | undefined {
  if (start < 0 || end > value.length || end <= start) return locateText(doc, path);
  const found = walk(doc, path);
  if (!found) return undefined;
  const node = found.node;
  if (node.kind === 'opaque') return undefined;
  if (found.depth !== path.length || node.kind !== 'scalar') return locateText(doc, path);
  const sub = scalarSubrange(doc.text.slice(node.start, node.end), node.type!, value, start, end);
  return sub ? spanAt(doc, node.start + sub[0], node.start + sub[1]) : locateText(doc, path);
}

/** A scalar of the document, where its source text lies (quotes included, a comment excluded). */
export interface ScalarAt { start: number; end: number; type: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE'; /** an item of a one-line flow collection */ inFlow: boolean }

/** The scalar at `path`, when the layout is proven and the path ends at a one-line scalar; else undefined. */
export function scalarAtPath(doc: TextDoc, path: Path): ScalarAt | undefined {
  let node = doc.root;
  let parent: TNode | undefined;
  for (const seg of path) {
    parent = node;
    if (node.kind === 'map') {
      const p = pairOf(node, String(seg));
      if (!p) return undefined;
      node = p.value;
    } else if (node.kind === 'seq' && typeof seg === 'number') {
      const item = node.items![seg];
      if (item === undefined) return undefined;
      node = item;
    } else return undefined;
  }
  if (node.kind !== 'scalar' || !node.type) return undefined;
  return { start: node.start, end: node.end, type: node.type, inFlow: Boolean(parent?.flow) };
}

/** Where the key of a top-level entry starts, when the layout is proven; undefined when the root has no such key. */
export function topLevelKeyStart(doc: TextDoc, key: string): number | undefined {
  return doc.root.kind === 'map' ? pairOf(doc.root, key)?.keyStart : undefined;
}

/**
 * Whether `rendered`, put in place of the scalar at `at` (a one-line scalar of `doc`), reads back
 * on its line as the one-line scalar `value` and ends where it ends: the line is read as the
 * index reads it, with what stands before and after the scalar on it (a comment, the rest of a
 * flow collection). A scalar this module does not prove (escapes) is answered false.
 */
export function readsBackInPlace(doc: TextDoc, at: ScalarAt, rendered: string, value: string): boolean {
  const text = doc.text;
  const ls = text.lastIndexOf('\n', at.start - 1) + 1;
  let le = text.indexOf('\n', at.end);
  if (le < 0) le = text.length;
  if (text.charCodeAt(le - 1) === 13) le--;
  const line = text.slice(ls, at.start) + rendered + text.slice(at.end, le);
  const s = at.start - ls;
  const node = scalarAt(line, s, line.length, at.inFlow);
  return node !== undefined && node.kind === 'scalar' && node.end === s + rendered.length && node.value === value;
}
