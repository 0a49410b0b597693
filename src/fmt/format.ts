// Pure: one canonical layout for template files: keys in the order of the JSON Schema, two-space
// indentation, no line folding; comments (and the spaces that align a line's comment), quoting
// styles, one-line flow collections, block styles and blank lines kept; a flow collection written
// over several lines (JSON's layout) laid out one entry a line, in block style.
import { isCollection, isMap, isNode, isPair, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';
import { duplicateKeyErrors } from '../files/duplicate-keys.js';
import { MAX_ALIAS_COUNT } from '../files/limits.js';
import { canonicalJson } from '../model/canonical.js';
import { propertiesOf, resolve, rootTemplateSchema, type Schema } from './key-order.js';

function keyName(p: Pair<unknown, unknown>): string {
  return isScalar(p.key) ? String(p.key.value) : String(p.key);
}

/**
 * Puts the keys of every mapping under `node` in the schema's order (in place). The comment above
 * the document's first key is the file's header and stays at the top; a comment above a nested
 * mapping's first key is that key's (`# samples agreed with legal` over `examples:`), and moves with it.
 */
export function order(node: unknown, schema: Schema | undefined = rootTemplateSchema(), top = true, inSeq = false): void {
  const s = resolve(schema);
  if (isMap(node)) {
    const props = propertiesOf(s);
    const known = Object.keys(props);
    if (known.length) {
      const rank = (p: unknown) => { const i = known.indexOf(keyName(p as Pair<unknown, unknown>)); return i < 0 ? known.length : i; };
      const items = node.items.map((p, i) => ({ p, i }));
      items.sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i);
      // the comment above the document's first key is the file's header, not whichever key moves first's
      const first = node.items[0] as Pair<Node, unknown> | undefined;
      // (yaml gives a nested block mapping the comment above its first key): the key's, when it moves, unless a
      // blank line parts them: what stands above the last blank line heads the mapping (yaml keeps the blank line in the comment)
      if (!top && !inSeq && !node.flow && node.commentBefore && first && isScalar(first.key) && items[0]!.p !== first) {
        // (a comment that ends with the blank line is all heading)
        const cut = node.commentBefore.endsWith('\n') ? node.commentBefore.length - 1 : node.commentBefore.lastIndexOf('\n\n');
        const heading = cut < 0 ? undefined : node.commentBefore.slice(0, cut + 1);
        const own = cut < 0 ? node.commentBefore : node.commentBefore.slice(cut + 2);
        if (own.trim() !== '') {
          first.key.commentBefore = [own, first.key.commentBefore].filter(Boolean).join('\n');
          node.commentBefore = heading;
        }
      }
      const lead = top && first && isScalar(first.key) ? first.key.commentBefore : undefined;
      if (lead && first && items[0]!.p !== first) {
        // the file's first comment stays at the top; a comment below its last blank line stands right
        // above the key and moves with it (`# top` / blank / `# about the buttons` over `buttons:`)
        const cut = lead.lastIndexOf('\n\n');
        const own = cut < 0 ? '' : lead.slice(cut + 2);
        const heading = cut < 0 || own.trim() === '' ? lead : lead.slice(0, cut + 1);
        (first.key as Node).commentBefore = heading === lead ? undefined : own;
        const newFirst = items[0]!.p as Pair<Node, unknown>;
        if (isScalar(newFirst.key)) newFirst.key.commentBefore = [heading, newFirst.key.commentBefore].filter(Boolean).join('\n');
      }
      node.items = items.map((x) => x.p) as typeof node.items;
      // a list item's mapping whose new first key has a comment: the comment goes above the item (`- # c` after
      // `-` reads back as the item's, and a second fmt would move it: fmt --check failed right after fmt)
      const lead0 = node.items[0] as Pair<Node, unknown> | undefined;
      if (inSeq && !node.flow && lead0 && items[0]!.i !== 0 && isScalar(lead0.key) && lead0.key.commentBefore) {
        node.commentBefore = [node.commentBefore, lead0.key.commentBefore].filter(Boolean).join('\n');
        lead0.key.commentBefore = undefined;
      }
      // a blank line before the key that moved first would open the mapping with a blank line
      const head = node.items[0] as Pair<Node, unknown> | undefined;
      if (head && items[0]!.i !== 0 && head.key && typeof head.key === 'object') (head.key as Node).spaceBefore = false;
    }
    for (const p of node.items) if (isPair(p)) order(p.value, props[keyName(p as Pair<unknown, unknown>)], false);
  } else if (isSeq(node)) {
    for (const item of node.items) order(item, s?.items, false, true);
  }
}

export interface FormatResult {
  text: string;
  error?: string;
  /** the keys were left in the file's order because moving them would put an alias before its anchor */
  keptOrder?: boolean;
}

export const TO_STRING = { indent: 2, indentSeq: true, lineWidth: 0, minContentWidth: 0, flowCollectionPadding: true, doubleQuotedAsJSON: true } as const;

const NUMBER_TAGS = new Set(['tag:yaml.org,2002:int', 'tag:yaml.org,2002:float']);

/**
 * Numbers written back as the file wrote them (`0042`, `1e3`, `0x1F`, `+7`, `.5`): `yaml` writes a
 * number's value (42, 1e+3, 0x1f, 7, 0.5), and a sample or a value would then read otherwise than
 * the author wrote it. A parsed number whose value is still what its text reads as keeps its
 * text; one given a new value is written as `yaml` writes it. Sets this document's own tags.
 */
export function keepNumbersAsWritten(doc: Document): void {
  const schema = doc.schema as unknown as { tags: unknown[]; verbatimNumbers?: true };
  if (schema.verbatimNumbers) return;
  type NumberTag = { tag?: string; test?: RegExp; resolve?: (s: string, onError: (m: string) => void, o: object) => unknown; stringify?: (item: unknown, ...rest: unknown[]) => string };
  const numberTags = schema.tags.filter((t): t is NumberTag => typeof t === 'object' && t !== null && NUMBER_TAGS.has((t as NumberTag).tag ?? '') && (t as NumberTag).test instanceof RegExp && typeof (t as NumberTag).resolve === 'function');
  /** whether `source` reads back as `value` (a parsed number whose value nothing changed since) */
  const fits = (source: string, value: unknown): boolean => numberTags.some((t) => {
    if (!t.test!.test(source)) return false;
    const again = t.resolve!(source, () => {}, {});
    return Object.is(again, value) || (typeof again === 'object' && again !== null && Object.is((again as { value?: unknown }).value, value));
  });
  schema.tags = schema.tags.map((t) => {
    const tag = t as NumberTag;
    if (typeof t !== 'object' || !tag.tag || !NUMBER_TAGS.has(tag.tag) || !tag.stringify) return t;
    const own = tag.stringify;
    return {
      ...tag,
      stringify: (item: unknown, ...rest: unknown[]): string => {
        const { source, value } = item as { source?: unknown; value?: unknown };
        return typeof source === 'string' && fits(source, value) ? source : own(item, ...rest);
      },
    };
  });
  schema.verbatimNumbers = true;
}

/** YAML's named escapes of one character (\_ a no-break space, \N \L \P the next-line, line and paragraph separators) */
const NAMED_ESCAPES: Record<string, string> = { _: '\u00a0', N: '\u0085', L: '\u2028', P: '\u2029', e: '\u001b', a: '\u0007', v: '\u000b', 0: '\u0000' };
/** characters other YAML readers take for line breaks (PyYAML, editors): never written raw in a double-quoted text */
const BREAKS: Record<string, string> = { '\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P' };

/** the text a double-quoted scalar was written with, and the value it read as (keepQuotedAsWritten) */
const WRITTEN = '__tplsyncWritten';

/**
 * Double-quoted texts written back as the file wrote them when their value is unchanged: `yaml`
 * writes a string's value, so `"\u00A0"` (a no-break space a reviewer can see) became the invisible
 * character itself, `\U0001F389` the emoji, `\x27` a quote. A one-line double-quoted scalar is
 * the same text in any place, so its own text is kept; one given a new value (a repair) is written
 * as `yaml` writes it. Sets this document's own tags; `text` is the text it was parsed from.
 */
export function keepQuotedAsWritten(doc: Document, text: string): void {
  let any = false;
  visit(doc, {
    Scalar(_k, n) {
      if (n.type !== 'QUOTE_DOUBLE' || !n.range || typeof n.value !== 'string') return;
      const raw = text.slice(n.range[0], n.range[1]).trimEnd();
      // only what yaml would write otherwise: an escape
      if (!raw.includes('\\') || !raw.startsWith('"') || !raw.endsWith('"')) return;
      // each character the text wrote as an escape, and how (a repaired text writes those characters so again)
      const escapes = new Map<string, string>();
      for (const m of raw.matchAll(/\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|[_NLPeav0])/g)) {
        const ch = m[0].length === 2 ? NAMED_ESCAPES[m[0][1]!]! : String.fromCodePoint(parseInt(m[0].slice(2), 16));
        // not a quote, a backslash, a letter or a digit: those are parts of the escapes yaml writes itself (\", \n, \u00e9)
        if (!escapes.has(ch) && !/^["\\A-Za-z0-9]$/.test(ch)) escapes.set(ch, m[0]);
      }
      // a text over several lines is laid out anew (its lines depend on its place); its escapes are kept all the same
      (n as unknown as Record<string, unknown>)[WRITTEN] = { raw: raw.includes('\n') ? undefined : raw, value: n.value, escapes };
      any = true;
    },
  });
  const schema = doc.schema as unknown as { tags: unknown[]; verbatimQuotes?: true };
  // (installed whatever the file holds: no double-quoted text is written with a raw line or paragraph separator)
  void any;
  if (schema.verbatimQuotes) return;
  type StrTag = { tag?: string; stringify?: (item: unknown, ...rest: unknown[]) => string };
  schema.tags = schema.tags.map((t) => {
    const tag = t as StrTag;
    if (typeof t !== 'object' || tag.tag !== 'tag:yaml.org,2002:str' || !tag.stringify) return t;
    const own = tag.stringify;
    return {
      ...tag,
      stringify: (item: unknown, ...rest: unknown[]): string => {
        const w = (item as Record<string, unknown>)[WRITTEN] as { raw: string | undefined; value: string; escapes: Map<string, string> } | undefined;
        const { value, type } = item as { value?: unknown; type?: string };
        if (w?.raw !== undefined && w.value === value && type === 'QUOTE_DOUBLE') return w.raw;
        const out = own(item, ...rest);
        if (!out.startsWith('"') || out.includes('\n')) return out;
        // a repaired text (or one laid out anew): the characters its file wrote as escapes are written so again; separators never raw
        let again = '';
        for (const ch of out) again += w?.escapes.get(ch) ?? BREAKS[ch] ?? ch;
        return again;
      },
    };
  });
  schema.verbatimQuotes = true;
}

/**
 * Lays out a parsed (error-free) template document. Keys are put in the schema's order unless
 * that would move an alias before its anchor; then the file's order is kept. The result is
 * checked to mean exactly what the document meant (same value), or refused.
 */
export function formatDocument(doc: Document.Parsed, value: unknown, text?: string): FormatResult {
  return runSteps(formatDocumentSteps(doc, value, text));
}

/**
 * Work done in steps (a generator that yields between them, each a part of the work on the whole file): run at once
 * (runSteps), or with a pause between steps (the language server answers other requests meanwhile, and stops the
 * work when the editor cancels it: server.ts).
 */
export type Steps<T> = Generator<void, T, void>;

/** the steps' result, every step run at once */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** formatDocument in steps (Steps): each a pass over the whole file (its comments and values kept, the keys put in order, written, checked) */
export function* formatDocumentSteps(doc: Document.Parsed, value: unknown, text?: string): Steps<FormatResult> {
  keepNumbersAsWritten(doc);
  if (text !== undefined) { keepQuotedAsWritten(doc, text); endCommentToDocument(doc, text); ownLineCommentsToNextKey(doc, text); keepKeyLineComments(doc, text); unfoldMultilineFlow(doc, text); }
  yield;
  // the value as the text written must read back, computed once (each check of a 1 MB file's layout compared it anew)
  const want = canonicalJson(value);
  const original = doc.clone();
  yield;
  let out: string | undefined;
  let keptOrder = false;
  let ordered = true;
  try { if (isMap(doc.contents)) order(doc.contents); } catch { ordered = false; }
  yield;
  try { out = ordered ? doc.toString(TO_STRING) : undefined; } catch { out = undefined; }
  yield;
  // (the layout in order, checked once: the file's own order is checked only when it is the one written)
  if (out === undefined || !sameValue(out, want)) {
    keptOrder = true;
    // a JavaScript error of the writer's (a !!binary value, nesting past its stack) is no message for a user: said as what it means
    try { out = original.toString(TO_STRING); } catch (e) { return { text: '', error: `cannot be laid out: ${e instanceof RangeError || e instanceof TypeError ? 'it holds a value YAML\'s writer cannot write back as it is (a tag such as !!binary, or nesting too deep); left as it is' : (e as Error).message}` }; }
    yield;
    if (!sameValue(out, want)) return { text: '', error: 'the canonical layout would change what the file means; left as it is' };
  }
  yield;
  if (text !== undefined) out = withCommentGaps(out, text, value, want);
  return { text: out, ...(keptOrder ? { keptOrder } : {}) };
}

/**
 * A flow collection the file wrote over several lines (a template in JSON's layout, as Meta's
 * documents show them) laid out in block style, one entry a line: `yaml` writes a flow collection
 * on one line, and the whole template became one line of 300 columns, every finding at line 1.
 * One written on one line (`examples: { 1: Maria }`) stays as it is.
 */
export function unfoldMultilineFlow(doc: Document, text: string): void {
  // (an empty one stays `[]` or `{}`: a block collection has no way to be empty)
  visit(doc, {
    Map(_k, n) { if (n.flow && n.items.length && spansLines(n, text)) n.flow = false; },
    Seq(_k, n) { if (n.flow && n.items.length && spansLines(n, text)) n.flow = false; },
  });
}

const spansLines = (n: Node, text: string): boolean => isCollection(n) && n.range !== undefined && n.range !== null && text.slice(n.range[0], n.range[1]).trimEnd().includes('\n');

/**
 * A comment written on a key's line before its block mapping or list (`body:   # required`,
 * `buttons: &btns  # shared`) kept on that line: `yaml` reads it as the comment above the value's
 * first entry and wrote it on a line of its own (under `buttons:` and above `&btns` for an
 * anchor), so that `fmt --check` failed docs/format.md's first example. The comment becomes the
 * key's (written after `key:`), and a mapping whose keys move keeps it (it is no longer above the
 * first key); `joinPropsLines` puts an anchor or tag back before it.
 */
export function keepKeyLineComments(doc: Document, text: string): void {
  visit(doc, {
    Pair(_k, p) {
      const key = p.key as Node | null;
      const value = p.value as Node | null;
      if (!isScalar(key) || key.comment || !key.range || !isCollection(value) || value.flow || !value.commentBefore || !value.range) return;
      // after the key: `:`, spaces, the value's anchor or tag, then `#` before the line ends
      const m = /^[ \t]*:[ \t]*(?:[&!][^ \t\r\n]*[ \t]+)*#([^\r\n]*)/.exec(text.slice(key.range[1], value.range[0]));
      if (!m) return;
      const [first, ...rest] = value.commentBefore.split('\n');
      if (first !== m[1]) return;
      key.comment = first;
      value.commentBefore = rest.length ? rest.join('\n') : undefined;
    },
  });
}

/**
 * `key: # comment` over a line holding only an anchor or a tag (`yaml`'s writing of a key's
 * comment before an anchored block value) as one line, as the file wrote it: `key: &a # comment`.
 */
function joinPropsLines(out: string): string {
  const lines = out.split('\n');
  for (let i = 0; i + 1 < lines.length; i++) {
    const head = /^(.*:)( #.*)$/.exec(lines[i]!);
    const props = /^[ \t]+((?:[&!][^ \t]*)(?: [&!][^ \t]*)*)$/.exec(lines[i + 1]!);
    if (head && props) lines.splice(i, 2, `${head[1]} ${props[1]}${head[2]}`);
  }
  return lines.join('\n');
}

/**
 * `out` with its comments as `text` had them, when that reads as `value` still (else `out`): the
 * spaces before each line's comment (keepCommentGaps), an anchor before a key line's comment
 * (joinPropsLines), and no blank line before the comment that ends the file when the file had none.
 */
export function withCommentGaps(out: string, text: string, value: unknown, want = canonicalJson(value)): string {
  const aligned = keepEndCommentTight(keepCommentGaps(joinPropsLines(out), text), text);
  return aligned !== out && sameValue(aligned, want) ? aligned : out;
}

/** `content  # comment` as the file wrote it: the line's content (without its indentation), and the spaces before the comment (two or more, or a tab: one space is yaml's own) */
const TRAILING = /^[ \t]*(\S.*?\S|\S)([ \t]{2,}|\t)(#.*)$/;
/** a list item's dashes before a line's content: a key that moves to or from the head of an item keeps its comment's gap */
const DASHES = /^(?:-[ \t]+)+/;

/**
 * The spaces before each line's comment as the file had them: `yaml` writes one space, and the
 * comments a team aligned in a column (`channel: whatsapp      # an alias`) were pulled in, so that
 * `fmt --check` failed the README's own example. A line keeps its gap when its content (a list
 * item's `- ` aside) and its comment are the same as a line of the file's, or, for a line a repair
 * changed, when its comment is written once in the file and once in `out`; the caller checks the
 * value is unchanged.
 */
export function keepCommentGaps(out: string, text: string): string {
  const gaps = new Map<string, string>();
  /** per comment text, its gap, or null when the file writes that comment more than once */
  const byComment = new Map<string, string | null>();
  for (const line of text.split(/\r?\n/)) {
    const m = TRAILING.exec(line);
    if (m) gaps.set(`${m[1]!.replace(DASHES, '')}\u0000${m[3]}`, m[2]!);
    const at = m ? m[3]! : /[ \t]#.*$/.exec(line)?.[0].trimStart();
    if (at !== undefined) byComment.set(at, byComment.has(at) ? null : (m?.[2] ?? ' '));
  }
  if (gaps.size === 0) return out;
  const lines = out.split('\n');
  const inOut = new Map<string, number>();
  for (const line of lines) { const c = /[ \t]#.*$/.exec(line)?.[0].trimStart(); if (c !== undefined) inOut.set(c, (inOut.get(c) ?? 0) + 1); }
  return lines.map((line) => {
    for (let at = line.indexOf(' #'); at > 0; at = line.indexOf(' #', at + 1)) {
      // (the last of the spaces before a comment: a line whose gap is already wider is as written)
      if (line[at - 1] === ' ' || line[at - 1] === '\t') continue;
      const content = line.slice(0, at).trimStart().replace(DASHES, '');
      const comment = line.slice(at + 1);
      const gap = gaps.get(`${content}\u0000${comment}`) ?? (inOut.get(comment) === 1 ? byComment.get(comment) ?? undefined : undefined);
      if (gap !== undefined) return `${line.slice(0, at)}${gap}${comment}`;
    }
    return line;
  }).join('\n');
}

/** the comment lines (at column 0) that end `text`, and whether a blank line stands before them */
function endComment(text: string): { lines: string[]; blankBefore: boolean } {
  const lines = text.replace(/\s+$/, '').split(/\r?\n/);
  let k = lines.length;
  while (k > 0 && lines[k - 1]!.startsWith('#')) k--;
  return { lines: lines.slice(k), blankBefore: k > 0 && lines[k - 1]!.trim() === '' };
}

/**
 * No blank line before the comment that ends the file when the file had none: `yaml` writes the
 * document's closing comment after a blank line, and fmt added one under the last list item.
 */
function keepEndCommentTight(out: string, text: string): string {
  const was = endComment(text);
  if (was.lines.length === 0 || was.blankBefore) return out;
  const now = endComment(out);
  if (!now.blankBefore || now.lines.join('\n') !== was.lines.join('\n')) return out;
  const body = out.replace(/\s+$/, '').split('\n');
  const at = body.length - now.lines.length - 1;
  return [...body.slice(0, at).join('\n').replace(/\n+$/, '').split('\n'), ...now.lines].join('\n') + '\n';
}

/**
 * The comment that ends the file, at column 0 after a blank line, as the document's: `yaml` gives
 * it to the last block list or mapping when that one ends with an indented comment of its own
 * (`  # TODO` then `# owner`), and fmt then wrote it indented, inside the list: a second fmt
 * changed the file again, and the file's closing comment became the list's.
 */
function endCommentToDocument(doc: Document.Parsed, text: string): void {
  const lines = text.replace(/\s+$/, '').split(/\r?\n/);
  let node: unknown = doc.contents;
  while ((isMap(node) || isSeq(node)) && !node.flow) {
    const c = node as { comment?: string | null; items: unknown[] };
    if (c.comment) {
      // the comment's last lines that are, as written, the file's last lines at column 0 (a blank line for a blank line)
      const own = c.comment.split('\n');
      let k = 0;
      while (k < own.length && k < lines.length && lines[lines.length - 1 - k] === (own[own.length - 1 - k] === '' ? '' : `#${own[own.length - 1 - k]}`)) k++;
      while (k > 0 && own[own.length - k] === '') k--;
      if (k > 0) {
        c.comment = own.slice(0, own.length - k).join('\n').replace(/\n+$/, '') || null;
        doc.comment = [own.slice(own.length - k).join('\n'), doc.comment].filter(Boolean).join('\n');
        return;
      }
    }
    const last = c.items[c.items.length - 1];
    node = isMap(node) ? (last as { value?: unknown } | undefined)?.value : last;
  }
}

/** a line of a node's comment: its text (`''` a blank line) and, for a comment on a line of its own, the column its `#` stood at */
interface CommentLine { line: string; col?: number }

/** the column `offset` stands at in `text` */
const columnAt = (text: string, offset: number): number => offset - (text.lastIndexOf('\n', offset - 1) + 1);

/**
 * The lines of a node's comment (the one after it) as the file wrote them: `inline`, the comment on
 * the line the node ends on, and `lines`, those on lines of their own, with their columns; or
 * undefined when its source does not read as exactly those lines.
 */
function commentLines(node: Node, text: string): { inline?: string; lines: CommentLine[] } | undefined {
  const comment = node.comment;
  if (!comment || !node.range) return undefined;
  const [, end, nodeEnd] = node.range;
  const parts = text.slice(end, nodeEnd).split('\n');
  // (the indentation of what follows the node, or nothing)
  if (parts.length < 2 || parts.pop()!.trim() !== '') return undefined;
  let inline: string | undefined;
  // the rest of the line the node ends on
  if (end > 0 && text[end - 1] !== '\n') {
    const t = parts.shift()!.trim();
    if (t.startsWith('#')) inline = t.slice(1);
    else if (t !== '') return undefined;
  }
  const lines: CommentLine[] = [];
  for (const p of parts) {
    const t = p.trim();
    if (t === '') lines.push({ line: '' });
    else if (t.startsWith('#')) lines.push({ line: t.slice(1), col: p.length - p.trimStart().length });
    else return undefined;
  }
  const own = comment.split('\n');
  // (a blank line before the first comment line, which yaml leaves out of the comment)
  if (inline === undefined) while (lines.length > own.length && lines[0]!.line === '' && own[0] !== '') lines.shift();
  const all = [...(inline !== undefined ? [{ line: inline }] : []), ...lines];
  // (blank lines after the comment: before what follows)
  while (all.length > own.length && all[all.length - 1]!.line === '') { all.pop(); lines.pop(); }
  if (own.length !== all.length || own.some((l, i) => all[i]!.line !== l)) return undefined;
  return { ...(inline !== undefined ? { inline } : {}), lines };
}

/**
 * Each comment on a line of its own goes with the key (or list item) it stands above: `yaml` gives
 * the comment lines after a block list or mapping that ends with an indented comment of its own to
 * that collection, whatever their indentation (`      # other actions` then `  # shown under
 * the card` above `examples:`), and fmt wrote the key's comment inside the list, at the list's
 * indentation, where it read as the list's; and it gives a comment on the lines after a scalar or
 * a one-line list or mapping, indented more than the next key, to that value, and fmt wrote it at
 * the end of the value's line. A block collection's closing comment lines from the first one
 * indented less than the collection, and a value's comment lines under it, go to the next key or
 * item of the parent (at that key's indentation), or, when the node is the last entry there, on
 * up to the parent's own closing comment.
 */
export function ownLineCommentsToNextKey(doc: Document, text: string): void {
  /** the lines of `node`'s comment that belong after it, at a shallower level, taken from it */
  const walk = (node: unknown): CommentLine[] => {
    if (!isNode(node) || !node.range) return [];
    if (!isCollection(node) || node.flow) {
      // a value's own comment is the one on its line; a block scalar's is left as it is
      if (isScalar(node) && node.type !== 'PLAIN' && node.type !== 'QUOTE_DOUBLE' && node.type !== 'QUOTE_SINGLE') return [];
      const c = commentLines(node, text);
      if (!c || !c.lines.length) return [];
      node.comment = c.inline ?? null;
      return c.lines;
    }
    const items = node.items as unknown[];
    /** lines handed up by the last entry: this collection's closing comment's first lines */
    let carried: CommentLine[] = [];
    items.forEach((item, i) => {
      const child = isPair(item) ? item.value : item;
      const up = walk(child);
      if (!up.length) return;
      if (i === items.length - 1) { carried = up; return; }
      const next = items[i + 1];
      const target = isPair(next) ? next.key : next;
      if (isNode(target)) giveTo(target, up);
      // (nothing to give them to: back where yaml put them)
      else (child as Node).comment = [(child as Node).comment, ...up.map((l) => l.line)].filter((l) => typeof l === 'string').join('\n');
    });
    const own = node.comment ? commentLines(node, text)?.lines ?? node.comment.split('\n').map((line) => ({ line })) : [];
    const all: CommentLine[] = [...carried, ...own];
    if (!all.length) return [];
    const indent = columnAt(text, node.range[0]);
    let cut = all.findIndex((l) => l.col !== undefined && l.col < indent);
    if (cut < 0) {
      if (carried.length) node.comment = all.map((l) => l.line).join('\n');
      return [];
    }
    // the blank lines right above the first line that goes stand between the two comments: they go with it
    while (cut > 0 && all[cut - 1]!.line === '') cut--;
    node.comment = all.slice(0, cut).map((l) => l.line).join('\n') || null;
    return all.slice(cut);
  };
  /** the lines as the comment above `target` (a blank line first as the blank line before it) */
  const giveTo = (target: Node, lines: CommentLine[]): void => {
    let k = 0;
    while (k < lines.length && lines[k]!.line === '') k++;
    if (k > 0) target.spaceBefore = true;
    const rest = lines.slice(k).map((l) => l.line);
    if (rest.length) target.commentBefore = [rest.join('\n'), target.commentBefore].filter(Boolean).join('\n');
  };
  walk(doc.contents);
}

/** whether a text reads as the value whose canonicalJson is `want` */
function sameValue(text: string, want: string): boolean {
  try {
    // duplicate keys found in linear time (yaml's uniqueKeys compares each key with every earlier
    // one of its mapping: a file of 20,000 keys took minutes)
    const doc = parseDocument(text, { logLevel: 'error', uniqueKeys: false });
    if (doc.errors.length || duplicateKeyErrors(doc).length) return false;
    return canonicalJson(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })) === want;
  } catch { return false; }
}

/** Lays out a template's text (for files tplsync writes itself, e.g. `new`). */
export function formatTemplate(text: string): FormatResult {
  const doc = parseDocument(text, { logLevel: 'error', keepSourceTokens: false, uniqueKeys: false });
  const errors = [...doc.errors, ...duplicateKeyErrors(doc)];
  if (errors.length) return { text, error: `${errors[0]!.message.split('\n')[0]}` };
  return formatDocument(doc, doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }), text);
}
