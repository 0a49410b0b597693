// Pure: the positions of a file's findings read off its source text, without the `yaml` parse.
// Only for text the fast read accepted (so it is valid YAML with the value js-yaml gave), and
// only for the block layouts this module can prove: block mappings of plain keys, block
// sequences, one-line plain and quoted scalars. Anything else (block scalars, flow collections,
// multi-line scalars, tags, odd keys) is opaque: a path that reaches into it, or a span of it,
// is answered `undefined`, and the caller parses the file with `yaml` instead. Spans are the
// ones locate.ts gives on the parsed document; test/fast-path.test.ts holds them identical.
import type { Span } from '../core/diagnostic.js';
import type { Path } from './locate.js';
import { scalarSubrange } from './scalar-range.js';

type Kind = 'map' | 'seq' | 'scalar' | 'opaque';

interface TNode {
  kind: Kind;
  /** offset of the node's first character */
  start: number;
  /** scalars: offset after the value (quotes included, comments excluded) */
  end: number;
  type?: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE';
  entries?: Map<string, TPair>;
  items?: TNode[];
}

interface TPair { keyStart: number; keyEnd: number; value: TNode }

export interface TextDoc {
  text: string;
  /** offsets where each line starts, as yaml's LineCounter records them */
  lineStarts: number[];
  root: TNode;
}

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*|0|[1-9][0-9]{0,14}):(?=[ \r]|$)/;
/** keys whose value is not their text (booleans, null) */
const NOT_TEXT_KEYS = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;

interface Frame { indent: number; node: TNode }
interface Pending { indent: number; seqOk: boolean; set: (n: TNode) => void }

/**
 * Indexes the block structure of `text`; undefined when a line falls outside the layouts
 * this module proves (the caller then parses with `yaml`).
 */
export function indexText(text: string): TextDoc | undefined {
  // a lone CR is a line break to YAML; tabs are left to the parser
  if (/\r(?!\n)|\t/.test(text)) return undefined;
  const lineStarts = [0];
  const stack: Frame[] = [];
  let root: TNode | undefined;
  let pending: Pending | undefined;
  /** lines more indented than this belong to the previous value (a block scalar or a continuation) */
  let skip: { indent: number; node: TNode } | undefined;
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
    if (skip) {
      if (indent > skip.indent) { if (skip.node.kind !== 'opaque') skip.node.kind = 'opaque'; ls = next; continue; }
      skip = undefined;
    }
    const c = text.charCodeAt(i);
    if (c === 35) { ls = next; continue; } // # comment line
    if (indent === 0 && (text.startsWith('---', i) || text.startsWith('...', i) || c === 37)) return undefined;
    const dash = c === 45 && (i + 1 === ce || text.charCodeAt(i + 1) === 32);
    if (pending) {
      const p = pending;
      pending = undefined;
      if (indent > p.indent || (indent === p.indent && dash && p.seqOk)) {
        const node: TNode = dash ? { kind: 'seq', start: i, end: i, items: [] } : { kind: 'map', start: i, end: i, entries: new Map() };
        p.set(node);
        stack.push({ indent, node });
      } else p.set({ kind: 'opaque', start: i, end: i }); // an empty value (null)
    }
    if (!root) {
      if (indent !== 0) return undefined;
      root = dash ? { kind: 'seq', start: i, end: i, items: [] } : { kind: 'map', start: i, end: i, entries: new Map() };
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
        const items = container.items!;
        pending = { indent, seqOk: false, set: (v) => { items.push(v); } };
        ls = next;
        continue;
      }
      if (!KEY.test(text.slice(at, ce))) {
        const v = scalarAt(text, at, ce);
        if (!v) return undefined;
        container.items!.push(v);
        skip = { indent, node: v };
        ls = next;
        continue;
      }
      // `- key: value`: a mapping that starts on the item's line, its keys at this column
      const map: TNode = { kind: 'map', start: at, end: at, entries: new Map() };
      container.items!.push(map);
      ownIndent = at - ls;
      stack.push({ indent: ownIndent, node: map });
      container = map;
    } else if (dash) return undefined;
    const m = KEY.exec(text.slice(at, ce));
    if (!m || NOT_TEXT_KEYS.test(m[1]!)) return undefined;
    const key = m[1]!;
    const keyEnd = at + key.length;
    let v = keyEnd + 1;
    while (v < ce && text.charCodeAt(v) === 32) v++;
    const entries = container.entries!;
    const pair: TPair = { keyStart: at, keyEnd, value: { kind: 'opaque', start: v, end: v } };
    if (!entries.has(key)) entries.set(key, pair);
    if (v === ce || text.charCodeAt(v) === 35) {
      pending = { indent: ownIndent, seqOk: true, set: (node) => { pair.value = node; } };
    } else {
      const value = scalarAt(text, v, ce);
      if (!value) return undefined;
      pair.value = value;
      skip = { indent: ownIndent, node: value };
    }
    ls = next;
  }
  if (pending) pending.set({ kind: 'opaque', start: n, end: n });
  return root ? { text, lineStarts, root } : undefined;
}

/** The value that starts at `at` and ends on this line; opaque unless a one-line scalar. */
function scalarAt(text: string, at: number, ce: number): TNode | undefined {
  const c = text[at]!;
  if (c === '"' || c === "'") {
    let i = at + 1;
    for (; i < ce; i++) {
      const ch = text[i];
      if (c === '"' && ch === '\\') { i++; continue; }
      if (ch === c) {
        if (c === "'" && text[i + 1] === "'") { i++; continue; }
        break;
      }
    }
    if (i >= ce) return { kind: 'opaque', start: at, end: at };
    const end = i + 1;
    let j = end;
    while (j < ce && text.charCodeAt(j) === 32) j++;
    if (j < ce && !(text.charCodeAt(j) === 35 && j > end)) return undefined;
    return { kind: 'scalar', start: at, end, type: c === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE' };
  }
  if ('{[|>!&*%@`?:-,]}#'.includes(c)) return { kind: 'opaque', start: at, end: at };
  let end = ce;
  const comment = text.indexOf(' #', at);
  if (comment >= 0 && comment < end) end = comment;
  while (end > at && text.charCodeAt(end - 1) === 32) end--;
  const body = text.slice(at, end);
  if (body.includes(': ') || body.endsWith(':')) return undefined;
  return { kind: 'scalar', start: at, end, type: 'PLAIN' };
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
      const p = node.entries!.get(String(seg));
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
