// Pure: from a path in the plain value (["buttons", 3, "text"]) back to the exact
// source range in the YAML document: the key, the value, or a part of a string value.
import type { Document, Node, Pair } from 'yaml';
import { yaml } from './yaml-lazy.js';
import type { Span } from '../core/diagnostic.js';
import { spanOf, type ParsedFile } from './parse.js';
import { scalarMemo, subrange, type ScalarMemo } from './scalar-range.js';

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

interface Found { node: Node | null; pair?: Pair<unknown, unknown>; depth: number }

/**
 * Each mapping's entries by key text, built on the first lookup in that mapping: finding N keys
 * of a mapping of N entries costs O(N), not O(N²). The last entry of a key wins, as it does in the
 * value (yaml's toJS): a file that writes a key twice (a yaml-duplicate-key finding) is checked
 * with the second copy's value, and its findings point into that copy, not the first.
 */
const entries = new WeakMap<object, Map<string, Pair<unknown, unknown>>>();
function entry(map: { items: unknown[] }, key: string): Pair<unknown, unknown> | undefined {
  let index = entries.get(map);
  if (!index) {
    index = new Map();
    for (const it of map.items) {
      if (!yaml().isPair(it)) continue;
      index.set(keyText(it.key), it as Pair<unknown, unknown>);
    }
    entries.set(map, index);
  }
  return index.get(key);
}

function walk(doc: Document.Parsed, path: Path): Found {
  let node: unknown = doc.contents;
  let pair: Pair<unknown, unknown> | undefined;
  let depth = 0;
  for (const seg of path) {
    if (yaml().isMap(node)) {
      const p = entry(node, String(seg));
      if (!p) break;
      pair = p as Pair<unknown, unknown>;
      node = p.value;
    } else if (yaml().isSeq(node) && typeof seg === 'number') {
      const item = node.items[seg];
      if (item === undefined) break;
      pair = undefined;
      node = item;
    } else break;
    depth++;
  }
  return { node: (node ?? null) as Node | null, ...(pair ? { pair } : {}), depth };
}

function keyText(k: unknown): string {
  return yaml().isScalar(k) ? String(k.value) : String(k);
}

function rangeOf(n: unknown): [number, number] | undefined {
  const r = (n as { range?: [number, number, number] } | null)?.range;
  return r ? [r[0], r[1]] : undefined;
}

/**
 * The span of the node at `path`. `part: 'key'` gives the key of a mapping entry (for unknown
 * or misplaced keys). When the path does not exist (a missing property), the nearest existing
 * ancestor's key is used, so the finding still points somewhere meaningful.
 */
export function locate(f: ParsedFile, path: Path, part: 'key' | 'value' = 'value'): Span {
  if (!f.doc) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const found = walk(f.doc, path);
  const complete = found.depth === path.length;
  if ((part === 'key' || !complete) && found.pair) {
    const r = rangeOf(found.pair.key);
    if (r) return spanOf(f.lineCounter, r[0], r[1]);
  }
  const r = rangeOf(found.node);
  if (r) {
    // a block map or sequence ends on the next line; point at its first line only
    return spanOf(f.lineCounter, r[0], yaml().isMap(found.node) || yaml().isSeq(found.node) ? firstLineEnd(f.text, r[0], r[1]) : r[1]);
  }
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

function firstLineEnd(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 || nl > end ? end : nl;
}

/**
 * The span of the range [start, end) of the string value at `path` (offsets into the value, as
 * the placeholder scanner gives them). When the source writes the value literally (a plain or
 * quoted scalar without escapes or folding) the offsets carry over directly. Otherwise the text
 * of the range is found in the source: if it occurs there as often as in the value, the k-th
 * occurrence in the value is the k-th in the source (every occurrence counts, overlapping ones
 * too, so "{{" of a valid "{{name}}" is never mistaken for a lone "{{" later on). When the
 * source form hides the text (escapes), the finding points at the whole value.
 */
export function locateRange(f: ParsedFile, path: Path, value: string, start: number, end: number): Span {
  if (!f.doc || start < 0 || end > value.length || end <= start) return locate(f, path);
  const found = walk(f.doc, path);
  const r = rangeOf(found.node);
  if (!r || found.depth !== path.length || !yaml().isScalar(found.node)) return locate(f, path);
  // what is learnt about a scalar is kept with it: many findings in one long text cost one pass
  let memo = scalars.get(found.node);
  if (!memo) {
    memo = scalarMemo(f.text.slice(r[0], r[1]), (found.node as { type?: string }).type, value);
    scalars.set(found.node, memo);
  }
  const sub = subrange(memo, value, start, end);
  return sub ? spanOf(f.lineCounter, r[0] + sub[0], r[0] + sub[1]) : locate(f, path);
}

const scalars = new WeakMap<object, ScalarMemo>();


/**
 * The span of `needle`, the `occurrence`-th time it appears inside the string value at `path`
 * (for a placeholder inside a body text). Falls back to the whole value when the source form
 * of the string (escapes, folding) does not contain the needle literally. Rules use
 * locateRange(), which knows which occurrence a finding is about.
 */
export function locateInString(f: ParsedFile, path: Path, needle: string, occurrence = 0): Span {
  if (!f.doc || needle === '') return locate(f, path);
  const found = walk(f.doc, path);
  const r = rangeOf(found.node);
  if (!r || found.depth !== path.length) return locate(f, path);
  const src = f.text.slice(r[0], r[1]);
  let at = -1;
  for (let k = 0, from = 0; k <= occurrence; k++) {
    at = src.indexOf(needle, from);
    if (at < 0) break;
    from = at + needle.length;
  }
  if (at < 0) return locate(f, path);
  return spanOf(f.lineCounter, r[0] + at, r[0] + at + needle.length);
}
