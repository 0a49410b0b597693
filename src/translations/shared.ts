// Pure: the places of a template file's texts that YAML anchors and aliases share with other
// places (`&b` written once, `*b` repeating it; a merge key `<<: *base`). An import changes a
// text by its place in the file: a place another one repeats cannot be changed alone, so an
// existing file's is refused (sharedPlaces), and a new file is written with the places its
// texts need written out in full (unshared).
import { isAlias, isMap, isNode, isScalar, isSeq, LineCounter, parseDocument, visit, type Alias, type Document, type Node } from 'yaml';
import { keepNumbersAsWritten } from '../fmt/format.js';
import { fieldKey } from './units.js';

type Path = readonly (string | number)[];

/** a text whose place the file shares with another: `index` into the paths given, `line` (1-based) in the template file, and why */
export interface SharedPlace { index: number; line: number; message: string; /** a merge key gives the text */ merge?: true }

/** a file that may hold an anchor, an alias or a merge key (as fast-parse's test: a `&` or `*` starting a token, `<<` as a key): only such a file is parsed */
const MAY_SHARE = /(?:^|[\s[{,])[&*][^\s]|(?:^|[\s[{,])<<[ \t]*:/m;

export const mayShare = (text: string): boolean => MAY_SHARE.test(text);

/** how a path reaches its place: the nodes on the way, and where it stops (an alias on the way, a merge key that supplies the missing key) */
interface Walk {
  /** the collections on the way, from the document's top */
  chain: Node[];
  /** the node at the path's end (undefined: not in the file) */
  leaf?: unknown;
  /** an alias the path goes through (at path.slice(0, at)) */
  through?: { alias: Alias; at: number };
  /** the path's key is missing in a map whose merge key (`<<`) supplies it */
  merge?: { key: Node; alias?: Alias | undefined };
}

function walk(doc: Document, path: Path): Walk {
  const chain: Node[] = [];
  let node: unknown = doc.contents;
  for (let i = 0; i < path.length; i++) {
    if (isAlias(node)) return { chain, through: { alias: node, at: i } };
    if (!isMap(node) && !isSeq(node)) return { chain };
    chain.push(node);
    const next: unknown = node.get(path[i], true);
    if (next === undefined) {
      if (isMap(node)) {
        const merge = mergeGiving(doc, node, path[i]!);
        if (merge) return { chain, merge };
      }
      return { chain };
    }
    node = next;
  }
  return { chain, leaf: node };
}

/** the merge key (`<<: *base`, `<<: [*a, *b]`, `<<: { ... }`) of `map` that gives it `key`, and the alias it names */
function mergeGiving(doc: Document, map: Node, key: string | number): { key: Node; alias?: Alias | undefined } | undefined {
  if (!isMap(map)) return undefined;
  for (const pair of map.items) {
    if (!isScalar(pair.key) || pair.key.value !== '<<') continue;
    const sources: unknown[] = isSeq(pair.value) ? pair.value.items : [pair.value];
    for (const s of sources) {
      const target = isAlias(s) ? s.resolve(doc) : s;
      if (isMap(target) && target.has(key)) return { key: pair.key, alias: isAlias(s) ? s : undefined };
    }
  }
  return undefined;
}

/** the aliases of the document, by the node each repeats */
function aliasesOf(doc: Document): Map<Node, Alias[]> {
  const by = new Map<Node, Alias[]>();
  visit(doc, {
    Alias: (_k, a) => {
      const target = a.resolve(doc);
      if (target) (by.get(target) ?? by.set(target, []).get(target)!).push(a);
    },
  });
  return by;
}

const startOf = (n: unknown): number => (isNode(n) && n.range ? n.range[0] : 0);

/**
 * Pure: of the texts an import would change in a template file (`paths`, the fields' places),
 * the ones whose place the file shares with another through a YAML anchor, each with its line
 * in the file and why; empty when every one is a place of its own. A place is shared when the
 * path goes through an alias (`- *card`: the text is the anchored part's), when the text or a
 * part holding it is anchored and an alias repeats it elsewhere (unless that alias is itself a
 * text changed here, an alias of a scalar, replaced by its own text), or when the text is not
 * written in its map but a merge key gives it (`<<: *base`, which tplsync does not read). An
 * alias of a text, replaced by its own text, changes no other place: not shared.
 */
export function sharedPlaces(text: string, paths: readonly Path[]): SharedPlace[] {
  if (!mayShare(text)) return [];
  const lines = new LineCounter();
  const doc = parseDocument(text, { logLevel: 'error', lineCounter: lines, uniqueKeys: false });
  // a file that does not parse is the edit's own check to refuse
  if (doc.errors.length) return [];
  const lineOf = (n: unknown): number => lines.linePos(startOf(n)).line;
  /** the line of a node's anchor `&name` (written before the node, on its line or the one above: `- &card` over its keys) */
  const anchorLine = (n: unknown): number => {
    const name = isNode(n) ? (n as { anchor?: string }).anchor : undefined;
    const at = name ? text.lastIndexOf(`&${name}`, startOf(n)) : -1;
    return at >= 0 ? lines.linePos(at).line : lineOf(n);
  };
  const repeats = aliasesOf(doc);
  const walks = paths.map((p) => walk(doc, p));
  // the aliases of a text that are themselves texts changed here (each replaced by its own text)
  const replaced = new Set<Alias>();
  for (const w of walks) if (isAlias(w.leaf)) replaced.add(w.leaf);
  const out: SharedPlace[] = [];
  walks.forEach((w, index) => {
    const path = paths[index]!;
    if (w.through) {
      const { alias, at } = w.through;
      const anchored = alias.resolve(doc);
      out.push({ index, line: lineOf(alias), message: `${fieldKey(path.slice(0, at) as (string | number)[])} here is the alias *${alias.source}, a repeat of the part anchored &${alias.source} at line ${anchorLine(anchored)}: the text is shared through the anchor &${alias.source}, and changing it would change it in both places; write the part out in full in this file (its keys in place of *${alias.source}), then import again` });
      return;
    }
    if (w.merge) {
      const name = w.merge.alias ? ` *${w.merge.alias.source}` : '';
      out.push({ index, line: lineOf(w.merge.key), merge: true, message: `${fieldKey(path as (string | number)[])} is not written here: the merge key <<:${name} gives it, and tplsync does not read merge keys (YAML 1.2 has none), so the text would be written beside the one it inherits; write the keys out in full in this file in place of <<:${name}, then import again` });
      return;
    }
    // an anchored part on the way, or the text itself anchored, that an alias repeats (a text's alias replaced here aside)
    const nodes: Node[] = [...w.chain, ...(isNode(w.leaf) ? [w.leaf] : [])];
    for (const n of nodes) {
      const others = (repeats.get(n) ?? []).filter((a) => !(n === w.leaf && replaced.has(a)));
      if (!others.length) continue;
      const name = others[0]!.source;
      const where = others.map((a) => `line ${lineOf(a)}`).join(', ');
      const what = n === w.leaf ? 'the text is anchored' : 'the text is in the part anchored';
      out.push({ index, line: lineOf(n === w.leaf ? n : w.leaf ?? n), message: `${what} &${name} at line ${anchorLine(n)}, which the alias *${name} repeats (${where}): the text is shared through the anchor &${name}, and changing it would change it there too; write it out in full in this file (in place of each *${name}), then import again` });
      return;
    }
  });
  return out;
}

/** a copy of `n` with no anchor in it (an anchor written twice would take the aliases after it) */
function anchorless(n: Node): Node {
  const copy = n.clone() as Node;
  visit(copy, { Node: (_k, x) => { if ((x as { anchor?: string }).anchor) delete (x as { anchor?: string }).anchor; } });
  if ((copy as { anchor?: string }).anchor) delete (copy as { anchor?: string }).anchor;
  return copy;
}

/**
 * Pure: a template file's text with every place of `paths` its own: an alias on a path, or one
 * that repeats a part on a path (or a text), replaced by a copy of what it repeats, written out
 * in full; an anchor no alias names any more taken away. The text as it is when no place is
 * shared (the same string); else the document as `yaml` prints it (comments kept). For a new
 * file, made from the source's: each language's text then has its own place.
 */
export function unshared(text: string, paths: readonly Path[]): string {
  if (!mayShare(text)) return text;
  const doc = parseDocument(text, { logLevel: 'error', uniqueKeys: false });
  if (doc.errors.length) return text;
  let changed = false;
  // one alias at a time, each replaced by its copy, until every path is a place of its own (a copy may hold aliases of its own)
  for (let round = 0; round < 1000; round++) {
    const repeats = aliasesOf(doc);
    let expand: Alias | undefined;
    for (const p of paths) {
      const w = walk(doc, p);
      if (w.through) { expand = w.through.alias; break; }
      const nodes: Node[] = [...w.chain, ...(isNode(w.leaf) ? [w.leaf] : [])];
      const n = nodes.find((x) => repeats.has(x));
      if (n) { expand = repeats.get(n)![0]; break; }
    }
    if (!expand) break;
    const target = expand.resolve(doc);
    if (!target) break;
    const copy = anchorless(target);
    let done = false;
    visit(doc, { Alias: (_k, a) => { if (a !== expand) return undefined; done = true; return copy; } });
    if (!done) break;
    changed = true;
  }
  if (!changed) return text;
  // an anchor no alias names any more: taken away
  const named = new Set<Node>(aliasesOf(doc).keys());
  visit(doc, { Node: (_k, n) => { const x = n as { anchor?: string }; if (x.anchor && !named.has(n as Node)) delete x.anchor; } });
  keepNumbersAsWritten(doc);
  const out = doc.toString({ lineWidth: 0 });
  // the file's closing comments as the source wrote them (yaml prints a blank line before a document's closing comment)
  const was = text.slice(commentTailStart(text)); const now = out.slice(commentTailStart(out));
  return now && was.trim() === now.trim() ? out.slice(0, out.length - now.length) + was : out;
}

/**
 * Pure: where a text's closing comments start: the start of the last run of lines, each blank or a comment at the start of
 * its line (`# end of file`), when that run holds a comment; else the text's length. A record added to the file goes before
 * them, so that they stay the file's last lines.
 */
export function commentTailStart(text: string): number {
  let start = text.length;
  let comment = false;
  // the last line's end (a text that ends in a line break has an empty last "line" after it)
  let end = text.endsWith('\n') ? text.length - 1 : text.length;
  while (end >= 0) {
    const from = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(from, end);
    if (/^#/.test(line)) comment = true;
    else if (!/^[ \t\r]*$/.test(line)) break;
    start = from;
    if (from === 0) break;
    end = from - 1;
  }
  return comment ? start : text.length;
}

/**
 * Pure: the merge keys of a template file (`<<: *base`), by line, with the alias each names: lint refuses a file that holds one
 * (tplsync does not read merge keys), so an import writes nothing into it, not even its record.
 */
export function mergeKeys(text: string): { line: number; name: string }[] {
  if (!mayShare(text)) return [];
  const lines = new LineCounter();
  const doc = parseDocument(text, { logLevel: 'error', lineCounter: lines, uniqueKeys: false });
  if (doc.errors.length) return [];
  const out: { line: number; name: string }[] = [];
  visit(doc, { Pair: (_k, pair) => {
    if (!isScalar(pair.key) || pair.key.value !== '<<') return;
    const v = pair.value;
    out.push({ line: lines.linePos(startOf(pair.key)).line, name: isAlias(v) ? ` *${v.source}` : '' });
  } });
  return out;
}
