// Pure: applying the rules' repairs (rule.ts `repair`) to a template's text. The changes are made
// on the `yaml` Document, so comments, quoting styles, flow or block style and blank lines of
// everything else survive; the text is re-linted after each pass, and a file that does not parse,
// or holds aliases (a change to an anchored node would change every alias of it), is left alone.
import { withLineBreaks } from '../files/document.js';
import { keepUnchangedLines, lineEndsOf, withLineEnd } from '../files/line-ends.js';
import { isDeepStrictEqual } from 'node:util';
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';
import type { Diagnostic, Span } from '../core/diagnostic.js';
import { duplicateKeyErrors } from '../files/duplicate-keys.js';
import type { Path } from '../files/locate.js';
import { MAX_ALIAS_COUNT } from '../files/limits.js';
import { keepKeyLineComments, keepNumbersAsWritten, keepQuotedAsWritten, order, TO_STRING, unfoldMultilineFlow, withCommentGaps } from '../fmt/format.js';
import { insertionIndex } from '../fmt/key-order.js';
import { repairOf } from './engine.js';
import { RULES, RULES_BY_ID } from './registry.js';
import { obj, type Change } from './rule.js';

/** Findings that mean the file was not read as a template (the rules of loading it: rules/loading.ts): it is never rewritten. */
export const REFUSING_RULES: ReadonlySet<string> = new Set(RULES.filter((r) => r.group === 'file' && r.checkLoading).map((r) => r.id));

/** how many times the findings are repaired and checked again (a repair may uncover another) */
const PASSES = 4;

export interface FixOptions {
  /** the final findings of the file with this text (severities, overrides and directives applied) */
  findings(text: string): Diagnostic[];
  now: Date;
  /** repair only these rules' findings (a code action for one finding); default every repairable rule */
  only?: ReadonlySet<string>;
  /**
   * a quick fix for one finding: only the repair's changes at the nodes this span (1-based, of the
   * finding) touches, with the others of their part (rule.ts `Change`: a text renumbered, its
   * samples' keys with it), in one pass; a repair none of whose changes it touches (a sample added
   * for a placeholder found in the text) is applied whole
   */
  within?: Span;
  /** the file's path (as the run names it, or absolute): a repair of what its name also says (the language) declines where they differ */
  file?: string;
}

export interface FixOutcome {
  /** the repaired text; the text given when nothing was repaired */
  text: string;
  /** by rule id: how many findings the repairs removed */
  fixed: Record<string, number>;
  /** the findings of the repaired text */
  left: Diagnostic[];
  /** why the file was left as it is, when it was */
  refused?: string;
  /** how many stub samples (TODO) the repairs wrote: each needs a real value (rule sample-stub) */
  stubs?: number;
  /** why a repair left findings of its rule that are still there (RepairContext.holdBack), each once */
  heldBack?: string[];
  /** the changes the repaired text holds, each with the value its path had before (what a quick fix's title names: fix-title.ts) */
  applied: AppliedChange[];
}

/** a change a repair made (rule.ts `Change`), by its rule, with the value at its path before it (a set's old text, a removed entry's value) */
export interface AppliedChange { ruleId: string; change: Change; was: unknown }

/** Whether a finding's rule has a repair (and is one of `only`). */
export function isRepairable(d: Pick<Diagnostic, 'ruleId'>, only?: ReadonlySet<string>): boolean {
  return Boolean(RULES_BY_ID.get(d.ruleId)?.repair) && (!only || only.has(d.ruleId));
}

/** the rules whose findings an unquoted text starting with a placeholder causes (YAML reads `{{` as a mapping) */
const QUOTE_RULES: ReadonlySet<string> = new Set(['yaml-syntax', 'schema']);
const LEADING_PLACEHOLDER = /^(\s*(?:-\s+)?[A-Za-z_][A-Za-z0-9_-]*:[ \t]+)(\{\{.*?)([ \t]+#.*)?$/;

/**
 * Pure: every one-line value that starts with a placeholder and is not quoted (`text: {{1}} is
 * your code`), double-quoted as written. A value continued on the next lines is left alone.
 */
export function quoteLeadingPlaceholders(text: string): { text: string; count: number } {
  const lines = text.split('\n');
  let count = 0;
  for (let i = 0; i < lines.length; i++) {
    const m = LEADING_PLACEHOLDER.exec(lines[i]!.replace(/\r$/, ''));
    if (!m) continue;
    const indent = m[1]!.length - m[1]!.trimStart().length;
    const next = lines.slice(i + 1).find((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    if (next !== undefined && next.length - next.trimStart().length > indent && !/^\s*(?:-\s+)?[A-Za-z_][A-Za-z0-9_-]*:/.test(next)) continue;
    const cr = lines[i]!.endsWith('\r') ? '\r' : '';
    lines[i] = `${m[1]}${JSON.stringify(m[2]!.trimEnd())}${m[3] ?? ''}${cr}`;
    count++;
  }
  return { text: lines.join('\n'), count };
}

/**
 * fixText of a file's whole text as it is on disk or in an editor: a byte-order mark set aside and
 * put back, and CRLF line ends (every line) kept, as the YAML writer writes LF. `lint --fix` and the
 * language server's quick fixes give the same text. `findings` sees the text without the mark.
 */
export function fixFileText(original: string, o: FixOptions): FixOutcome {
  const bom = original.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  // a lone CR is the line break it is (files/document.ts: withLineBreaks): repaired, the file is written with LF there
  const text = withLineBreaks(bom ? original.slice(1) : original);
  // repaired on the LF text (the YAML writer writes LF)
  const lf = text.includes('\r') ? text.replace(/\r\n/g, '\n') : text;
  const r = fixText(lf, o);
  if (r.text === lf) return { ...r, text: original };
  // only the lines the repairs change are written anew: the others as the file has them (white space at a line's end,
  // each its own line end: a file with CRLF and LF lines keeps both), when the text so kept reads as the same value
  const kept = keepUnchangedLines(text, r.text);
  const written = kept !== undefined && sameValue(kept, r.text) ? kept : withLineEnd(r.text, lineEndsOf(text).main);
  return { ...r, text: bom + written };
}

/** whether two texts read as the same YAML value (the lines kept as the file wrote them change nothing the repairs made) */
function sameValue(a: string, b: string): boolean {
  const read = (t: string): unknown => parseDocument(t, { logLevel: 'error', uniqueKeys: false, keepSourceTokens: false }).toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  try { return isDeepStrictEqual(read(a), read(b)); } catch { return false; }
}

export function fixText(original: string, o: FixOptions): FixOutcome {
  let text = original;
  let first = o.findings(text);
  let quoted: Record<string, number> = {};
  // a text that starts with a placeholder, unquoted: YAML reads a mapping (or fails); quoted, it is the text
  if (!o.within && (!o.only || [...QUOTE_RULES].some((r) => o.only!.has(r))) && first.some((d) => QUOTE_RULES.has(d.ruleId))) {
    const q = quoteLeadingPlaceholders(text);
    if (q.count) {
      const after = o.findings(q.text);
      if (!after.some((d) => REFUSING_RULES.has(d.ruleId)) && parseDocument(q.text, { logLevel: 'error' }).errors.length === 0) {
        quoted = Object.fromEntries([...QUOTE_RULES].map((r) => [r, first.filter((d) => d.ruleId === r).length - after.filter((d) => d.ruleId === r).length]).filter(([, n]) => (n as number) > 0));
        text = q.text;
        first = after;
      }
    }
  }
  const refusing = first.find((d) => REFUSING_RULES.has(d.ruleId));
  if (refusing) return { text: original, fixed: {}, left: first, refused: `${refusing.ruleId} at ${refusing.line}:${refusing.column}`, applied: [] };
  // whatever the config's severities say: a text that is not one YAML document without duplicate keys is never rewritten
  const parsed = parseDocument(text, { logLevel: 'error', uniqueKeys: false, keepSourceTokens: false });
  if (parsed.errors.length || duplicateKeyErrors(parsed).length) return { text, fixed: {}, left: first, refused: 'it is not a single YAML document without duplicate keys', applied: [] };
  let cur = text;
  let found = first;
  // the file's indentation (4 spaces, lists not indented under their key), which the lines a repair writes take
  const layout = indentStyle(text);
  // the reasons repairs gave for what they left, by rule: said where that rule's findings are still there at the end
  const held = new Map<string, Set<string>>();
  const withQuoted = (fixed: Record<string, number>): Record<string, number> => ({ ...quoted, ...fixed });
  /** the changes of the passes whose text was kept */
  const applied: AppliedChange[] = [];
  for (let pass = 0; pass < (o.within ? 1 : PASSES); pass++) {
    const ids = [...new Set(found.filter((d) => isRepairable(d, o.only)).map((d) => d.ruleId))];
    if (ids.length === 0) break;
    let doc: Document = parseDocument(cur, { logLevel: 'error', uniqueKeys: false, keepSourceTokens: false });
    if (doc.errors.length) break;
    // the numbers a repair does not touch are written back as the file wrote them (0042, 1e3)
    keepNumbersAsWritten(doc);
    // and the texts a repair does not touch, with their escapes (a no-break space written \u00A0 stays so)
    keepQuotedAsWritten(doc, cur);
    if (hasAlias(doc)) return { text: cur, fixed: withQuoted(countFixed(first, found, o.only)), left: found, ...(cur === original ? { refused: 'it uses YAML anchors and aliases; repair it by hand' } : {}), applied };
    let changed = false;
    const made: AppliedChange[] = [];
    for (const id of ids) {
      const t = obj(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
      if (!t) break;
      const all = repairOf(t, RULES_BY_ID.get(id)!, o.now, o.file === undefined ? undefined : { name: o.file, holdBack: (reason) => { (held.get(id) ?? held.set(id, new Set()).get(id)!).add(reason); } });
      const mine = o.within ? withTheirParts(all, all.filter((c) => touches(doc, cur, c, o.within!))) : all;
      const changes = mine.length ? mine : all;
      // all of a repair or nothing of it: the changes are tried on a copy
      const trial = doc.clone();
      if (changes.length && applyChanges(trial, changes)) {
        doc = trial;
        changed = true;
        for (const change of changes) made.push({ ruleId: id, change, was: change.op === 'order-keys' ? undefined : valueAt(t, change.path) });
      }
    }
    if (!changed) break;
    // laid out as fmt lays it out: a flow collection over several lines one entry a line, the comments' gaps as written
    unfoldMultilineFlow(doc, cur);
    // and a comment on a key's line before its block (`body:   # required`) stays on that line
    keepKeyLineComments(doc, cur);
    const written = doc.toString({ ...TO_STRING, ...layout, singleQuote: quoteStyle(doc) });
    const next = withCommentGaps(written, cur, doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }));
    if (next === cur) break;
    const after = o.findings(next);
    // a repair never makes a file unreadable as a template; if it would, the last good text stays
    if (after.some((d) => REFUSING_RULES.has(d.ruleId))) break;
    cur = next;
    found = after;
    applied.push(...made);
  }
  const stubs = found.filter((d) => d.ruleId === 'sample-stub').length - first.filter((d) => d.ruleId === 'sample-stub').length;
  const heldBack = [...held].filter(([id]) => found.some((d) => d.ruleId === id)).flatMap(([, reasons]) => [...reasons]);
  return { text: cur, fixed: withQuoted(countFixed(first, found, o.only)), left: found, ...(stubs > 0 ? { stubs } : {}), ...(heldBack.length ? { heldBack } : {}), applied };
}

/** the value at a plain path of a template's value (undefined where it has none) */
function valueAt(t: unknown, path: Path): unknown {
  let cur = t;
  for (const seg of path) cur = cur !== null && typeof cur === 'object' && Object.hasOwn(cur, seg) ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

function countFixed(before: readonly Diagnostic[], after: readonly Diagnostic[], only?: ReadonlySet<string>): Record<string, number> {
  const n = new Map<string, number>();
  for (const d of before) if (isRepairable(d, only)) n.set(d.ruleId, (n.get(d.ruleId) ?? 0) + 1);
  for (const d of after) if (n.has(d.ruleId)) n.set(d.ruleId, n.get(d.ruleId)! - 1);
  return Object.fromEntries([...n].filter(([, k]) => k > 0));
}

/**
 * The indentation a file's blocks are written with, when it is not fmt's (2 spaces, a list's items
 * indented under their key): the step most of its nested mappings take, and whether most of its
 * lists are indented under their key (`key:` then `    - item`) or not (`key:` then `- item`).
 * The lines a repair writes are then laid out as the file's (a file indented by 4 was written
 * anew by 2, every line of it, for one value repaired); undefined for fmt's own.
 */
export function indentStyle(text: string): { indent: number; indentSeq: boolean } | undefined {
  const lines = text.split('\n');
  const steps = new Map<number, number>();
  let seqIn = 0, seqOut = 0;
  const content = (l: string): boolean => l.trim() !== '' && !l.trimStart().startsWith('#');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    // a key whose value is a block on the next lines: `key:`, `- key:`, a comment after it
    const m = /^( *)((?:- +)*)[^\s#'"{[|>-][^#]*?:[ \t]*(?:#.*)?$/.exec(line);
    if (!m) continue;
    const keyCol = m[1]!.length + m[2]!.length;
    let j = i + 1;
    while (j < lines.length && !content(lines[j]!)) j++;
    if (j >= lines.length) break;
    const next = lines[j]!.replace(/\r$/, '');
    const col = next.length - next.trimStart().length;
    if (next.trimStart().startsWith('- ') || next.trim() === '-') {
      if (col > keyCol) { seqIn++; steps.set(col - keyCol, (steps.get(col - keyCol) ?? 0) + 1); } else if (col === keyCol) seqOut++;
    } else if (col > keyCol) steps.set(col - keyCol, (steps.get(col - keyCol) ?? 0) + 1);
  }
  let indent = 2, most = 0;
  for (const [step, n] of steps) if (step <= 8 && (n > most || (n === most && step < indent))) { indent = step; most = n; }
  const indentSeq = seqIn >= seqOut;
  return indent === 2 && indentSeq ? undefined : { indent, indentSeq };
}

/**
 * The quotes a scalar that must now be quoted gets (a plain text that now starts with `{{`): the
 * file's own, single when its quoted scalars are mostly single-quoted; else YAML's choice (double,
 * or single when the text holds a double quote and no single one). Scalars keep their own quotes.
 */
function quoteStyle(doc: Document): true | null {
  let single = 0;
  let double = 0;
  visit(doc, { Scalar(_k, n) { if (n.type === 'QUOTE_SINGLE') single++; else if (n.type === 'QUOTE_DOUBLE') double++; } });
  return single > double ? true : null;
}

function hasAlias(doc: Document): boolean {
  let found = false;
  visit(doc, { Alias() { found = true; return visit.BREAK; }, Node(_k, n) { if ((n as { anchor?: string }).anchor) { found = true; return visit.BREAK; } return undefined; } });
  return found;
}

const keyOf = (p: Pair): string | undefined => (isScalar(p.key) ? String(p.key.value) : typeof p.key === 'string' || typeof p.key === 'number' ? String(p.key) : undefined);

/** The node at a plain path: mapping keys compared as the plain value does (as strings). */
function nodeAt(doc: Document, path: Path): unknown {
  let cur: unknown = doc.contents;
  for (const seg of path) {
    if (isMap(cur)) cur = (cur.items as Pair[]).find((p) => keyOf(p) === String(seg))?.value;
    else if (isSeq(cur) && typeof seg === 'number') cur = cur.items[seg];
    else return undefined;
    if (isAlias(cur)) return undefined;
  }
  return cur;
}

/**
 * the changes of a repair a quick fix makes: those at its finding's node, and every other change of
 * their parts (the samples' keys of a text renumbered: without them, {{2}} had no sample and its
 * sample was left under 3, a finding the quick fix made), in the repair's order
 */
function withTheirParts(all: readonly Change[], touched: readonly Change[]): Change[] {
  const parts = new Set(touched.flatMap((c) => (c.part === undefined ? [] : [c.part])));
  return all.filter((c) => touched.includes(c) || (c.part !== undefined && parts.has(c.part)));
}

/**
 * whether a change's node (a removed entry: its key and value), or a node of the findings it repairs (`findingsAt`:
 * the text a stub sample's placeholder is in), overlaps a span of the text; a change of no one node does
 */
function touches(doc: Document, text: string, c: Change, span: Span): boolean {
  if (c.findingsAt?.some((p) => overlaps(text, (nodeAt(doc, p) as { range?: number[] } | null | undefined)?.range, span))) return true;
  if (c.op === 'order-keys') return true;
  let range: [number, number] | undefined;
  const r = (n: unknown): [number, number] | undefined => { const x = (n as { range?: number[] } | null | undefined)?.range; return x ? [x[0]!, x[1]!] : undefined; };
  if (c.op === 'remove' || c.op === 'replace-key') {
    const parent = nodeAt(doc, c.op === 'remove' ? c.path.slice(0, -1) : c.path);
    const key = c.op === 'remove' ? String(c.path[c.path.length - 1]) : c.key;
    const pair = isMap(parent) ? (parent.items as Pair[]).find((p) => keyOf(p) === key) : undefined;
    const k = r(pair?.key), v = r(pair?.value);
    range = k ? [k[0], v?.[1] ?? k[1]] : undefined;
  } else {
    // a key added to a mapping not yet written (`examples`): the mapping that holds it
    range = r(nodeAt(doc, c.path)) ?? (c.op === 'add' ? r(nodeAt(doc, c.path.slice(0, -1))) : undefined);
  }
  if (!range) return true;
  return overlaps(text, range, span);
}

/** whether a node's range (offsets of the text) overlaps a span, or touches it (an empty span at the node's start or end); no range: false */
function overlaps(text: string, range: readonly number[] | undefined, span: Span): boolean {
  if (!range) return false;
  const at = (offset: number): [number, number] => {
    const before = text.slice(0, offset);
    const nl = before.lastIndexOf('\n');
    return [before.split('\n').length, offset - nl];
  };
  const [sl, sc] = at(range[0]!);
  const [el, ec] = at(range[1]!);
  const lt = (l1: number, c1: number, l2: number, c2: number): boolean => l1 < l2 || (l1 === l2 && c1 < c2);
  return !lt(span.endLine, span.endColumn, sl, sc) && !lt(el, ec, span.line, span.column);
}

/** Applies the changes in order; false when one does not fit (the document may then be half-changed: apply to a copy). */
export function applyChanges(doc: Document, changes: readonly Change[]): boolean {
  for (const c of changes) {
    if (c.op === 'order-keys') {
      if (!isMap(doc.contents)) return false;
      order(doc.contents);
      continue;
    }
    if (c.op === 'remove') {
      const parent = nodeAt(doc, c.path.slice(0, -1));
      const key = c.path[c.path.length - 1];
      if (!isMap(parent) || key === undefined) return false;
      const at = (parent.items as Pair[]).findIndex((p) => keyOf(p) === String(key));
      if (at < 0) return false;
      parent.items.splice(at, 1);
      continue;
    }
    if (c.op === 'replace-key') {
      if (!replaceKey(doc, c)) return false;
      continue;
    }
    const node = nodeAt(doc, c.path);
    if (c.op === 'set') {
      if (!isScalar(node) || typeof node.value !== 'string') return false;
      node.value = c.value;
    } else if (c.op === 'rename-keys') {
      if (!isMap(node)) return false;
      for (const p of node.items as Pair[]) {
        const k = keyOf(p);
        const to = k === undefined ? undefined : c.renames[k];
        if (to === undefined) continue;
        // a numbered placeholder's sample is keyed by a number, as people write it (a named key renamed to `2`: `2: ...`)
        const asNumber = (was: unknown): boolean => typeof was === 'number' || (/^[1-9][0-9]*$/.test(to) && typeof was === 'string' && !/^[0-9]+$/.test(was));
        if (isScalar(p.key)) p.key.value = asNumber(p.key.value) ? Number(to) : to;
        else p.key = asNumber(p.key) ? Number(to) : to;
      }
    } else if (c.op === 'add') {
      let map = node;
      if (map === undefined || (isScalar(map) && map.value === null)) {
        const parent = nodeAt(doc, c.path.slice(0, -1));
        if (!isMap(parent)) return false;
        map = doc.createNode({});
        // where fmt would put it (an `examples` added after a message's fallback failed fmt --check)
        const key = c.path[c.path.length - 1]!;
        const keys = (parent.items as Pair[]).map((p) => keyOf(p) ?? '');
        const pair = doc.createPair(key, map);
        const existing = (parent.items as Pair[]).findIndex((p) => keyOf(p) === String(key));
        if (existing >= 0) (parent.items as Pair[])[existing] = pair as Pair;
        else (parent.items as Pair[]).splice(typeof key === 'string' ? insertionIndex(c.path.slice(0, -1), keys, key) : keys.length, 0, pair as Pair);
        // an empty mapping made here is laid out as a block unless its parent is a flow mapping
        if (!parent.flow) (map as { flow?: boolean }).flow = false;
      }
      if (!isMap(map)) return false;
      if ((map.items as Pair[]).some((p) => keyOf(p) === c.key)) return false;
      // a numbered placeholder's sample is keyed by a number, as people write it (`1: Ana`)
      map.add(doc.createPair(/^[1-9][0-9]*$/.test(c.key) ? Number(c.key) : c.key, c.value));
    } else {
      if (!isSeq(node) || node.items.length !== c.order.length) return false;
      const items = node.items as Node[];
      node.items = c.order.map((i) => items[i]!);
    }
  }
  return true;
}

/**
 * replace-key (rule.ts `Change`): the entry `key` of the mapping at `path` replaced, where it stands, by
 * the entries; a moved entry keeps its key's and value's nodes (quoting, comments), its key renamed.
 * The comments of the replaced entry go to the first entry put in its place. False when it does not fit.
 */
function replaceKey(doc: Document, c: Extract<Change, { op: 'replace-key' }>): boolean {
  const map = nodeAt(doc, c.path);
  if (!isMap(map)) return false;
  const items = map.items as Pair[];
  const old = items.find((p) => keyOf(p) === c.key);
  if (!old) return false;
  // every node to move found before any moves
  const moved: Pair[] = [];
  for (const e of c.entries) {
    if (e.from === undefined) { moved.push(doc.createPair(e.key, e.value ?? null) as Pair); continue; }
    const parent = nodeAt(doc, e.from.slice(0, -1));
    const pair = isMap(parent) ? (parent.items as Pair[]).find((p) => keyOf(p) === String(e.from![e.from!.length - 1])) : undefined;
    if (!pair || !isMap(parent) || moved.includes(pair) || pair === old) return false;
    moved.push(pair);
  }
  // in place of the first of the entries of this mapping that are replaced or moved
  const at = Math.min(...[old, ...moved].map((p) => items.indexOf(p)).filter((i) => i >= 0));
  c.entries.forEach((e, i) => {
    const pair = moved[i]!;
    if (e.from === undefined) return;
    const parent = nodeAt(doc, e.from.slice(0, -1)) as { items: Pair[] };
    if (parent !== map) parent.items.splice(parent.items.indexOf(pair), 1);
    if (keyOf(pair) !== e.key) { if (isScalar(pair.key)) pair.key.value = e.key; else pair.key = doc.createNode(e.key); }
  });
  const oldKey = old.key as Node | null;
  const oldValue = old.value as Node | null;
  // the comments above the replaced key, and those on its line, go with the first entry written in its place
  const first = moved[0];
  if (first) {
    const key = first.key as Node;
    if (oldKey?.commentBefore) key.commentBefore = [oldKey.commentBefore, key.commentBefore].filter(Boolean).join('\n');
    const line = [oldKey?.comment, oldValue?.commentBefore && isMap(oldValue) && !oldValue.flow ? oldValue.commentBefore : undefined].filter(Boolean).join(' ');
    if (line && isScalar(first.value) && !first.value.comment) first.value.comment = line;
    else if (line && isScalar(first.key) && !first.key.comment) first.key.comment = line;
  }
  const gone = (p: Pair): boolean => p === old || moved.includes(p) || (c.drop?.includes(keyOf(p) ?? '') ?? false);
  const oneLine = isMap(oldValue) && oldValue.flow && !map.flow && items.every(gone);
  map.items = [...items.slice(0, at).filter((p) => !gone(p)), ...moved, ...items.slice(at).filter((p) => !gone(p))];
  if (oneLine) {
    map.flow = true;
    // the comment after the one-line value (`- reply: { ... }  # a chip`) after the mapping now on that line
    if (oldValue.comment) map.comment = [map.comment, oldValue.comment].filter(Boolean).join(' ');
  } else if (oldValue?.comment && first) {
    const v = first.value as Node | null;
    if (isScalar(v) && !v.comment) v.comment = oldValue.comment;
  }
  return true;
}
