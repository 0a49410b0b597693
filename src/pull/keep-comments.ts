// Pure: a file pull writes over an existing file of the template (--force), with that file's own
// comments and layout (flow mappings, quotes) kept, with or without comments: a comment above a key or after a value whose key is still there stays, on the
// key's value as the channel has it now; the header keeps the lines the file has, and pull adds none
// of its own (the schema modeline, the note of the pull: a new file's); a key pull would add that says
// nothing the file does not say already is not added.
import { lineEndsOf, withLineEnd } from '../files/line-ends.js';
import { isAlias, isMap, isNode, isScalar, isSeq, parseDocument, visit, type Alias, type Document, type Node, type Pair } from 'yaml';
import { asModelHolds } from '../model/canonical.js';
import { withCommentGaps } from '../fmt/format.js';

/** the stub pull writes for a sample the channel does not return (model/to-file.ts: pulledStub) */
const isPulledStub = (v: unknown): boolean => typeof v === 'string' && /^\(sample [^()\s]+\)$/.test(v);

const keyOf = (p: Pair): string | undefined => (isScalar(p.key) ? String(p.key.value) : undefined);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
/** the document whose aliases `plain` resolves (the file's: pull writes none) */
let aliasesOf: Document | undefined;
const plain = (n: unknown): unknown => {
  if (!isNode(n)) return n;
  // an alias (`buttons: *buy_buttons`) reads as what its anchor holds
  return aliasesOf ? n.toJSON(undefined, { anchors: new Map(), doc: aliasesOf, keep: false, mapAsMap: false, mapKeyWarned: false, maxAliasCount: -1 } as never) : n.toJSON();
};
/** what a text of the file reads as in the environment pulled from (its ((references)) filled in); the text itself without one */
type Fill = (s: string) => string;
/**
 * Whether the file's node says what the channel's does, both read in the environment (references
 * filled in) and as the canonical model holds them: the file's `((shop_host))-cart` is the
 * channel's `https://shop.example-cart`, its literal `https://shop.example/faq` is the channel's
 * copy that pull wrote as `((shop_host))/faq`, and its `startTime: "2030-05-04T10:00:00+02:00"`
 * is the channel's `2030-05-04T08:00:00.000Z` (the same instant). `key`: the key the two nodes are
 * the values of, when they are a mapping's (a time is one by its key).
 */
const alike = (mine: unknown, theirs: unknown, fill: Fill | undefined, key?: string): boolean => same(filled(mine, fill, key), filled(theirs, fill, key));
/** the file's node as plain data, its texts as the environment reads them, its times as their instants */
const filled = (n: unknown, fill: Fill | undefined, key?: string): unknown => {
  const v = plain(n);
  // a number the file writes is the text the channel holds (a sample `4711`, pulled as "4711")
  const walk = (x: unknown, k: string | undefined): unknown => typeof x === 'string' ? asModelHolds(k, fill ? fill(x) : x) : typeof x === 'number' ? String(x) : Array.isArray(x) ? x.map((y) => walk(y, undefined)) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([j, y]) => [j, walk(y, j)])) : x;
  return walk(v, key);
};

/**
 * How alike an old list item is to a new one: 0 unless both are mappings and half the new one's
 * keys or more have the same value; then that count, plus how alike their texts are (0..1, Dice's
 * coefficient of their letter pairs), so that `Charlie` is taken for `Charlie two` rather than
 * `Bravo`, which has only its type in common with it.
 */
function likeness(mine: unknown, theirs: unknown, fill?: Fill): number {
  if (!isMap(mine) || !isMap(theirs) || theirs.items.length === 0) return 0;
  let n = 0;
  for (const p of theirs.items) {
    const at = mine.items.find((q) => keyOf(q) === keyOf(p));
    if (at && alike(at.value, p.value, fill, keyOf(p))) n++;
  }
  return n > 0 && n * 2 >= theirs.items.length ? n + dice(JSON.stringify(filled(mine, fill)), JSON.stringify(plain(theirs))) : 0;
}

/** Dice's coefficient of two texts' letter pairs: 1 for the same text, 0 for none in common */
function dice(a: string, b: string): number {
  const pairs = (t: string): Map<string, number> => { const m = new Map<string, number>(); for (let i = 0; i < t.length - 1; i++) { const k = t.slice(i, i + 2); m.set(k, (m.get(k) ?? 0) + 1); } return m; };
  const x = pairs(a); const y = pairs(b);
  let common = 0;
  for (const [k, c] of x) common += Math.min(c, y.get(k) ?? 0);
  const total = Math.max(0, a.length - 1) + Math.max(0, b.length - 1);
  return total ? (2 * common) / total : 1;
}

/**
 * The node to write where the file had `mine` and pull wrote `theirs`: the file's node (its
 * comments and layout) wherever it says what the channel says, at every depth. A mapping keeps its
 * keys' order and comments, drops the keys pull did not write and takes the new ones at its end; a
 * list keeps the file's node of each item the channel still has, merges an item it changed into the
 * old item most like it, and drops an item it removed with its comment; a scalar keeps its node (and the comment after it) with the new value;
 * anything else is pull's node.
 */
function merged(mine: unknown, theirs: unknown, fill?: Fill, key?: string): unknown {
  // what the file says, the environment's values filled in, is what the channel has: the file's node, its references included
  if (alike(mine, theirs, fill, key)) return mine;
  // a sample the read does not return (an RCS message's), which pull wrote as its stub: the file's own sample of that placeholder stays
  if (isScalar(theirs) && isPulledStub(theirs.value) && isScalar(mine) && typeof mine.value === 'string' && mine.value.trim() !== '' && !isPulledStub(mine.value)) return mine;
  if (isScalar(mine) && isScalar(theirs)) {
    // the file's style where it holds the new text as well: double quotes hold any text, a block scalar (| or >) any text of several lines
    const keepStyle = typeof theirs.value === 'string' && (mine.type === 'QUOTE_DOUBLE' || ((mine.type === 'BLOCK_LITERAL' || mine.type === 'BLOCK_FOLDED') && theirs.value.includes('\n')));
    mine.value = theirs.value;
    if (!keepStyle) mine.type = theirs.type;
    return mine;
  }
  if (isMap(mine) && isMap(theirs)) {
    const nowKeys = new Set(theirs.items.map(keyOf));
    const hadKeys = new Set(mine.items.map(keyOf));
    // a key pull writes anew whose value a key it drops had (a sample's name become its number: `customer: Maria # why`
    // pulled as `1: Maria`): in that key's place, with its comments and its value's node
    const renamed = theirs.items.filter((p) => !hadKeys.has(keyOf(p)));
    const placed = new Set<Pair>();
    const order = [...mine.items];
    mine.items = mine.items.flatMap((q) => {
      if (nowKeys.has(keyOf(q))) return [q];
      const p = renamed.find((x) => !placed.has(x as Pair) && alike(q.value, x.value, fill)) as Pair | undefined;
      if (!p) { changes?.dropped.push({ map: mine, pair: q, order, parentKey: key }); return []; }
      placed.add(p);
      if (isScalar(p.key) && isScalar(q.key)) { p.key.commentBefore = q.key.commentBefore; p.key.comment = q.key.comment; p.key.spaceBefore = q.key.spaceBefore; }
      p.value = q.value;
      return [p];
    });
    for (const p of theirs.items) {
      if (placed.has(p as Pair)) continue;
      const at = mine.items.find((q) => keyOf(q) === keyOf(p));
      if (at) at.value = merged(at.value, p.value, fill, keyOf(p)); else { mine.items.push(p); changes?.added.push({ map: mine, pair: p as Pair, parentKey: key }); }
    }
    return mine;
  }
  if (isSeq(mine) && isSeq(theirs)) {
    // by item, not by position: an item the channel still has keeps its node wherever it now stands; an item it
    // changed is the old item most like it (half its keys or more the same); one it removed takes its comment along
    const old = [...mine.items];
    const used = new Set<number>();
    const out: unknown[] = theirs.items.map((t) => {
      const i = old.findIndex((m, k) => !used.has(k) && alike(m, t, fill));
      if (i < 0) return undefined;
      used.add(i);
      return old[i];
    });
    // then a changed item that keeps its type and label (a button whose URL the channel changed) is the old item of
    // that type and label: not the old item that shares its new URL (a reference in it would go to the other button)
    const label = (n: unknown): string | undefined => {
      const v = isMap(n) ? plain(n) as Record<string, unknown> : undefined;
      return v && typeof v.text === 'string' ? JSON.stringify([v.type ?? v.action ?? '', v.text]) : undefined;
    };
    theirs.items.forEach((t, j) => {
      if (out[j] !== undefined) return;
      const l = label(t);
      const k = l === undefined ? -1 : old.findIndex((m, i) => !used.has(i) && label(m) === l);
      if (k < 0) return;
      used.add(k);
      out[j] = merged(old[k], t, fill);
    });
    // the most alike pairs first, so that an item does not take another's match
    const pairs: { j: number; k: number; n: number }[] = [];
    theirs.items.forEach((t, j) => { if (out[j] === undefined) old.forEach((m, k) => { const n = used.has(k) ? 0 : likeness(m, t, fill); if (n > 0) pairs.push({ j, k, n }); }); });
    pairs.sort((a, b) => b.n - a.n);
    for (const { j, k } of pairs) {
      if (out[j] !== undefined || used.has(k)) continue;
      used.add(k);
      out[j] = merged(old[k], theirs.items[j], fill);
    }
    theirs.items.forEach((t, j) => { if (out[j] === undefined) out[j] = t; });
    // yaml keeps the comment above a block list's first item on the list: it is that item's, and goes where it goes
    const firstComment = mine.flow ? undefined : mine.commentBefore;
    if (firstComment && out[0] !== old[0]) {
      mine.commentBefore = undefined;
      const moved = out.find((n) => n === old[0]) as { commentBefore?: string | null } | undefined;
      if (moved) moved.commentBefore = moved.commentBefore ? `${firstComment}\n${moved.commentBefore}` : firstComment;
    }
    mine.items = out as typeof mine.items;
    return mine;
  }
  return theirs;
}

/**
 * The keys the merge added (pull wrote them, the file had none) and dropped (the file had them, pull wrote none), each with
 * its mapping: a key whose presence says nothing more (a header's samples that are the body's, a default written out) is
 * then put back as the file had it (keepComments' `meaning`).
 */
type KeyChange = { map: { items: unknown[] }; pair: Pair; parentKey: string | undefined };
let changes: { added: KeyChange[]; dropped: (KeyChange & { order: unknown[] })[] } | undefined;
/** top-level keys a template's meaning (its canonical form) does not hold, or holds only in part: never taken out or put back */
const OUTSIDE_MEANING = new Set(['publicId', 'translated_from', 'channel', 'name', 'language', 'category']);

/** a node as plain data, its aliases read in `doc` */
function plainIn(n: Node, doc: Document): unknown {
  const before = aliasesOf;
  aliasesOf = doc;
  try { return plain(n); } finally { aliasesOf = before; }
}

/** a copy of an anchored node without its anchor (its aliases elsewhere keep the one in the file) */
function withoutAnchor(n: Node): Node {
  (n as { anchor?: string }).anchor = undefined;
  return n;
}

/**
 * `written` with the line ends (CRLF, when most of its lines end so) and byte-order mark of `before`, the file it replaces (as lint
 * --fix and translations import keep them: a Windows editor's file pulled over showed every line
 * changed); a line break in a value reads the same either way. Pure.
 */
export function inFileForm(before: string, written: string): string {
  // the line end most of its lines have (one rule with fmt: files/line-ends.ts)
  let out = withLineEnd(written, lineEndsOf(before).main);
  if (before.charCodeAt(0) === 0xfeff && out.charCodeAt(0) !== 0xfeff) out = `\ufeff${out}`;
  return out;
}

/**
 * `written` (the text pull made) with the comments and layout of `before` (the file it replaces)
 * carried over where their keys still are (a file without comments keeps its flow mappings and
 * quotes too: a review shows what the channel changed, not a new layout); `written` itself when
 * either does not read as a mapping.
 */
export function keepComments(before: string, written: string, fill?: Fill, meaning?: (value: unknown) => string | undefined): string {
  if (before === written) return written;
  let old: Document; let now: Document;
  try {
    old = parseDocument(before, { logLevel: 'error' });
    now = parseDocument(written, { logLevel: 'error' });
  } catch { return written; }
  if (old.errors.length || now.errors.length || !isMap(old.contents) || !isMap(now.contents)) return written;
  const mine = old.contents;
  // the key the file's header comment stands on when no blank line follows it (else it is the document's), before the merge moves keys
  const firstBefore = mine.items[0]?.key;
  // each alias's anchored node as it was: a merge that changes that node (the channel changed the first card's buttons, not
  // the second card's, which aliased them) or drops it leaves the alias its old value, written out
  const anchored = new Map<Alias, { source: Node; was: string; copy: Node }>();
  visit(old, { Alias(_k, a) { const source = a.resolve(old); if (source) anchored.set(a, { source, was: JSON.stringify(plainIn(source, old)), copy: withoutAnchor(source.clone() as Node) }); } });
  // (an alias reads as its anchor held before the merge: the merge changes anchored nodes in place)
  aliasesOf = old.clone();
  changes = { added: [], dropped: [] };
  let keyChanges: NonNullable<typeof changes>;
  try { old.contents = merged(mine, now.contents, fill) as typeof mine; } finally { aliasesOf = undefined; keyChanges = changes; changes = undefined; }
  // a key pull added that says nothing the file did not say already (the meaning of the whole template the same without
  // it: a header's samples that are the body's, a default), and a key the file wrote that pull drops for the same reason
  // (`sub_category: CUSTOM`, a `false` written out), stay as the file had them: a key the file never wrote is not added
  const target = meaning ? meaning(now.toJS({ maxAliasCount: -1 })) : undefined;
  if (meaning && target !== undefined) {
    const means = (): string | undefined => { try { return meaning(old.toJS({ maxAliasCount: -1 })); } catch { return undefined; } };
    const eligible = (c: KeyChange): boolean => !(c.map === mine && OUTSIDE_MEANING.has(keyOf(c.pair) ?? ''));
    for (const a of keyChanges.added) {
      const i = a.map.items.indexOf(a.pair);
      if (i < 0 || !eligible(a)) continue;
      a.map.items.splice(i, 1);
      if (means() !== target) a.map.items.splice(i, 0, a.pair);
    }
    for (const d of keyChanges.dropped) {
      // a scalar only, and never a sample (a sample of a placeholder the channel's copy no longer has would stay behind)
      if (!eligible(d) || !isScalar(d.pair.value) || d.parentKey === 'examples' || d.parentKey === 'example' || d.map.items.includes(d.pair)) continue;
      // after the nearest key that stood before it and is still there
      const before = d.order.slice(0, d.order.indexOf(d.pair)).reverse().find((x) => d.map.items.includes(x));
      const at = before === undefined ? 0 : d.map.items.indexOf(before) + 1;
      d.map.items.splice(at, 0, d.pair);
      if (means() !== target) d.map.items.splice(at, 1);
    }
  }
  if (anchored.size) {
    const inTree = new Set<unknown>();
    visit(old, (_k, n) => { inTree.add(n); });
    visit(old, { Alias(_k, a) {
      const at = anchored.get(a);
      if (at && (!inTree.has(at.source) || JSON.stringify(plainIn(at.source, old)) !== at.was)) return at.copy;
      return undefined;
    } });
  }
  // the header: the file's lines as it has them, where it has them, and no line of pull's own added (the schema modeline
  // and the note of the pull are a new file's: over a file the user wrote they would be lines the user did not write; a
  // note of an earlier pull stays as it is). The document's comment (a blank line after it, as pull writes a new file's
  // header) stays the document's, blank line included (trial-bl F3: it went onto the first key, and every forced pull over
  // a pulled file took the blank line out); the first key's (no blank line after it) goes onto whatever key is first now
  const first = mine.items[0]?.key;
  const own = isScalar(firstBefore) ? firstBefore.commentBefore ?? undefined : undefined;
  if (first !== firstBefore && own) {
    (firstBefore as { commentBefore?: string | null }).commentBefore = undefined;
    // (a key renamed in its place took its comment along already: `merged`)
    if (isScalar(first)) first.commentBefore = !first.commentBefore ? own : first.commentBefore.startsWith(own) ? first.commentBefore : `${own}\n${first.commentBefore}`;
    else old.commentBefore = old.commentBefore ? `${old.commentBefore}\n${own}` : own;
  }
  // (the spaces before each line's comment as the file had them, as fmt keeps them: `yaml` writes one, and a comment
  // aligned in a column, `category: UTILITY  # reviewed by legal`, lost a space on a line the pull did not change)
  const out = old.toString({ lineWidth: 0 });
  let value: unknown;
  try { value = parseDocument(out, { logLevel: 'error' }).toJS({ maxAliasCount: -1 }); } catch { return out; }
  return withCommentGaps(out, before, value);
}
