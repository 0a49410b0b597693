// Pure: from a path in the plain value (["buttons", 3, "text"]) back to the exact
// source range in the YAML document: the key, the value, or a part of a string value.
import { isMap, isPair, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import type { Span } from '../core/diagnostic.js';
import { spanOf, type ParsedFile } from './parse.js';

export type PathSegment = string | number;
export type Path = readonly PathSegment[];

interface Found { node: Node | null; pair?: Pair<unknown, unknown>; depth: number }

function walk(doc: Document.Parsed, path: Path): Found {
  let node: unknown = doc.contents;
  let pair: Pair<unknown, unknown> | undefined;
  let depth = 0;
  for (const seg of path) {
    if (isMap(node)) {
      const p = node.items.find((it) => isPair(it) && keyText(it.key) === String(seg));
      if (!p) break;
      pair = p as Pair<unknown, unknown>;
      node = p.value;
    } else if (isSeq(node) && typeof seg === 'number') {
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
  return isScalar(k) ? String(k.value) : String(k);
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
    return spanOf(f.lineCounter, r[0], isMap(found.node) || isSeq(found.node) ? firstLineEnd(f.text, r[0], r[1]) : r[1]);
  }
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

function firstLineEnd(text: string, start: number, end: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 || nl > end ? end : nl;
}

/**
 * The span of `needle`, the `occurrence`-th time it appears inside the string value at `path`
 * (for a placeholder inside a body text). Falls back to the whole value when the source form
 * of the string (escapes, folding) does not contain the needle literally.
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
