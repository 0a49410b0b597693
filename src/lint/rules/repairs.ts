// Pure: the mechanical repairs of rules whose findings have one certain fix, as changes to the
// template's plain paths (rule.ts `Change`). Each repair declines (returns no change) where it
// could not be sure, e.g. a stale sample that a renumbered key would collide with.
import { closest } from '../../core/suggest.js';
import type { Path } from '../../files/locate.js';
import { NAMED, NUMBERED, placeholderKeyMeant, singleBraced, type Placeholder, type PlaceholderProblem } from '../../model/placeholders.js';
import { arr, indexed, obj, type Change, type Loose, type RepairContext } from '../rule.js';

/** What a stub sample holds: it passes the sample rules and is plain to spot and replace. */
export const SAMPLE_STUB = 'TODO';

const pathKey = (p: Path): string => p.join('\u0000');

/**
 * placeholder-sequence: the numbered placeholders of each numbering group (the header; the body
 * with the RCS texts that continue it; each carousel card) renumbered 1, 2, 3, ... keeping their
 * order, and their samples' keys renamed with them. A group's changes are one part (rule.ts
 * `Change`): the quick fix of its finding renumbers all its texts and moves their samples.
 */
export function renumberPlaceholders(ctx: RepairContext): Change[] {
  const groups = new Map<string, { path: Path; text: string; examplesPath: Path; ps: Placeholder[] }[]>();
  const uncertain = new Set<string>();
  for (const site of ctx.sites()) {
    if (site.role === 'url' || site.role === 'card-url') continue;
    const scan = ctx.scan(site.path);
    const key = site.role === 'card' ? `card ${site.card}` : site.role === 'rcs' ? 'body' : site.role;
    const list = groups.get(key) ?? [];
    // a malformed placeholder ({{ 2 }}) may mean a number too: renumbering around it is not certain; so may one
    // written with single braces (`{1}` typed for {{1}}): {{2}} {{3}} renumbered 1, 2 beside it, and its own fix then
    // made, gave two placeholders one number
    if (scan.problems.length || singleBraced(site.text).length) uncertain.add(key);
    list.push({ path: site.path, text: site.text, examplesPath: site.examplesPath, ps: scan.placeholders });
    groups.set(key, list);
  }
  const out: Change[] = [];
  for (const [group, sites] of groups) {
    if (uncertain.has(group)) continue;
    const used = [...new Set(sites.flatMap((s) => s.ps.filter((p) => p.style === 'numbered').map((p) => Number(p.key))))].sort((a, b) => a - b);
    const renames: Record<string, string> = {};
    used.forEach((n, i) => { if (n !== i + 1) renames[String(n)] = String(i + 1); });
    if (Object.keys(renames).length === 0) continue;
    // the samples' keys move with them; a sample already under a target key that is not itself
    // renamed away belongs to no placeholder of the group (placeholder-sample says so): not certain
    const exPaths = new Map(sites.map((s) => [pathKey(s.examplesPath), s.examplesPath]));
    let clash = false;
    const keyChanges: Change[] = [];
    for (const exPath of exPaths.values()) {
      const ex = obj(valueAt(ctx.t, exPath));
      if (!ex) continue;
      const here: Record<string, string> = {};
      for (const [from, to] of Object.entries(renames)) {
        if (ex[to] !== undefined && renames[to] === undefined) clash = true;
        if (ex[from] !== undefined) here[from] = to;
      }
      if (Object.keys(here).length) keyChanges.push({ op: 'rename-keys', path: exPath, renames: here, part: group });
    }
    if (clash) continue;
    for (const s of sites) {
      if (!s.ps.some((p) => p.style === 'numbered' && renames[p.key] !== undefined)) continue;
      let text = '';
      let at = 0;
      for (const p of s.ps) {
        text += s.text.slice(at, p.start) + (p.style === 'numbered' && renames[p.key] !== undefined ? `{{${renames[p.key]}}}` : p.raw);
        at = p.end;
      }
      out.push({ op: 'set', path: s.path, value: text + s.text.slice(at), part: group });
    }
    out.push(...keyChanges);
  }
  return out;
}

/**
 * placeholder-sample: a stub sample for each placeholder that has none (the header's, the
 * body's, the RCS message's; cards and URLs have rules and repairs of their own). An examples map
 * that also holds a sample no placeholder uses (a placeholder renamed or renumbered, its sample
 * left under the old key) is repaired only when the move is clear: one placeholder without a
 * sample and one sample without a placeholder, the sample's key renamed to the placeholder's (its
 * value kept); with more of either, which sample is whose is not certain and nothing is added
 * there (a `2: TODO` beside the stale `order_id: A-1006` was no repair: the stale sample stayed,
 * and lint --fix called it a repairable finding left). No stub in a template whose placeholders
 * mix named and numbered ones: the keys they keep are the writer's choice. The changes of one
 * examples map are one part, each naming the texts whose findings it repairs (rule.ts `Change`):
 * the quick fix of a finding at the body's {{3}} adds the body's stubs, not the header's too.
 */
export function addSampleStubs(ctx: RepairContext): Change[] {
  const out: Change[] = [];
  // named and numbered placeholders mixed (placeholder-mixed, a card's carousel-card-placeholders): which of them keep
  // their keys is the writer's to say, renaming one kind to the other; a `2: TODO` for {{2}} beside {{name}} was a stub
  // to undo as well (trial-ar F4). A sample moved to its placeholder's new key stays the placeholder's whichever it is.
  const mixed = mixesStyles(ctx);
  const bodyEx = obj(obj(ctx.t.body)?.examples);
  /**
   * by examples map: its path, the keys its placeholders use, those without a sample (in order, each with the texts
   * that use it: where its findings are), whether a text has a malformed placeholder
   */
  const maps = new Map<string, { path: Path; used: Set<string>; missing: Map<string, Path[]>; malformed: boolean }>();
  const mapOf = (path: Path) => {
    const k = pathKey(path);
    let m = maps.get(k);
    if (!m) { m = { path, used: new Set(), missing: new Map(), malformed: false }; maps.set(k, m); }
    return m;
  };
  for (const site of ctx.sites()) {
    if (site.role === 'url' || site.role === 'card' || site.role === 'card-url') continue;
    const ex = obj(valueAt(ctx.t, site.examplesPath)) ?? EMPTY;
    // the examples must be a mapping, or absent (then it is made)
    if (valueAt(ctx.t, site.examplesPath) !== undefined && !obj(valueAt(ctx.t, site.examplesPath))) continue;
    // absent beside a misspelt key (`exmaples:`): the samples are there, under the wrong key; a
    // second block would become a duplicate key once the spelling is corrected (the schema's
    // finding names the key to write)
    if (ex === EMPTY && misspeltBeside(ctx.t, site.examplesPath)) continue;
    const m = mapOf(site.examplesPath);
    const scan = ctx.scan(site.path);
    if (scan.problems.length) m.malformed = true;
    // a sample of a placeholder written with single braces (`{first_name}` typed for {{first_name}}) is that one's: not a stale sample to move
    for (const p of singleBraced(site.text)) { m.used.add(p.key); if (/^[0-9]+$/.test(p.key)) m.used.add(String(Number(p.key))); }
    for (const p of scan.placeholders) {
      const fromBody = (site.role === 'rcs' || (site.role === 'header' && p.style === 'named')) && ex[p.key] === undefined && bodyEx?.[p.key] !== undefined;
      if (fromBody) { mapOf(['body', 'examples']).used.add(p.key); continue; }
      m.used.add(p.key);
      if (ex[p.key] !== undefined) continue;
      const texts = m.missing.get(p.key) ?? m.missing.set(p.key, []).get(p.key)!;
      if (!texts.some((x) => pathKey(x) === pathKey(site.path))) texts.push(site.path);
    }
  }
  for (const m of maps.values()) {
    if (!m.missing.size) continue;
    const ex = obj(valueAt(ctx.t, m.path)) ?? EMPTY;
    // (a sample of a malformed placeholder, `{{1}`, is placeholder-syntax's: not taken for a stale one)
    const stale = m.malformed ? [] : Object.keys(ex).filter((k) => !m.used.has(k));
    // one part a map: the stubs of the body's placeholders are made together, the header's apart
    const part = `samples ${m.path.join('.')}`;
    if (stale.length === 0) { if (!mixed) for (const [key, texts] of m.missing) out.push({ op: 'add', path: m.path, key, value: SAMPLE_STUB, part, findingsAt: texts }); }
    else if (stale.length === 1 && m.missing.size === 1) {
      const [key, texts] = [...m.missing][0]!;
      out.push({ op: 'rename-keys', path: m.path, renames: { [stale[0]!]: key }, part, findingsAt: texts });
    }
  }
  return out;
}

/** whether the template's placeholders (of its texts: a URL button's {{1}} is numbered whatever the others are) are of both styles */
function mixesStyles(ctx: RepairContext): boolean {
  let first: string | undefined;
  for (const site of ctx.sites()) {
    if (site.role === 'url' || site.role === 'card-url') continue;
    for (const p of ctx.scan(site.path).placeholders) {
      first ??= p.style;
      if (p.style !== first) return true;
    }
  }
  return false;
}

/**
 * buttons-grouping: the quick replies moved together, keeping the order within each kind: first
 * when the first button is a quick reply, else last.
 */
export function groupQuickReplies(ctx: RepairContext): Change[] {
  const list = arr(ctx.t.buttons);
  if (list.length < 3) return [];
  const isQuick = new Set(indexed(list).filter(({ v }) => v.type === 'QUICK_REPLY').map(({ i }) => i));
  const all = list.map((_, i) => i);
  const quick = all.filter((i) => isQuick.has(i));
  const rest = all.filter((i) => !isQuick.has(i));
  // an offer's COPY_CODE button is the first button (offer-copy-code): the quick replies go after the rest there
  const offerCode = ctx.t.limited_time_offer !== undefined && list.some((b) => obj(b)?.type === 'COPY_CODE');
  const order = isQuick.has(0) && !offerCode ? [...quick, ...rest] : [...rest, ...quick];
  return order.every((x, i) => x === i) ? [] : [{ op: 'reorder', path: ['buttons'], order }];
}

const EMPTY: Loose = Object.freeze({});

/** whether the mapping that holds `path` has another key that is a misspelling of its last key */
function misspeltBeside(t: Loose, path: Path): boolean {
  const parent = obj(valueAt(t, path.slice(0, -1)));
  const key = String(path[path.length - 1]);
  return parent !== undefined && Object.keys(parent).some((k) => k !== key && closest(k, [key]) === key);
}

function valueAt(t: Loose, path: Path): unknown {
  let cur: unknown = t;
  for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

/**
 * placeholder-syntax: the spaces inside a placeholder's braces removed (`{{ 1 }}` is `{{1}}`), where what
 * is left is a placeholder, and a number's leading zeros (`{{04}}` is `{{4}}`, whose sample `4` is then
 * its own). A sample keyed as the number was written (`"04": A-1042`, a key no sample may have) moves to
 * the number's key with it, in one part with the text (rule.ts `Change`: the quick fix of the finding
 * moves it too); beside a sample already under that key, it is left (which of the two is meant is not
 * certain). A name of another form (`{{bookingId}}`) is left: its sample's key would have to change too.
 */
export function trimPlaceholders(ctx: RepairContext): Change[] {
  const out: Change[] = [];
  /** by examples map: its path and the keys to rename (`"04"` to `4`) */
  const moves = new Map<string, { path: Path; renames: Record<string, string> }>();
  const texts: { change: Extract<Change, { op: 'set' }>; map?: string }[] = [];
  for (const site of ctx.sites()) {
    const fixed = (p: PlaceholderProblem): string | undefined => {
      const inner = p.raw.slice(2, -2).trim();
      // ({{ 02 }}, spaces and a leading zero, is 'malformed': neither alone says it, and both are removed)
      const spacedZeros = p.kind === 'malformed' && /^\{\{[^{}]*\}\}$/.test(p.raw) && /^0+[1-9][0-9]*$/.test(inner);
      if (p.kind !== 'whitespace' && p.kind !== 'zero' && !spacedZeros) return undefined;
      if (p.kind === 'whitespace' && NAMED.test(inner)) return inner;
      const key = placeholderKeyMeant(p);
      return key !== undefined && NUMBERED.test(key) ? key : undefined;
    };
    const fixable = ctx.scan(site.path).problems.filter((p) => fixed(p) !== undefined);
    if (fixable.length === 0) continue;
    let text = site.text;
    // from the end, so that the offsets of the earlier ones hold
    for (const p of [...fixable].sort((a, b) => b.start - a.start)) text = `${text.slice(0, p.start)}{{${fixed(p)!}}}${text.slice(p.end)}`;
    // the samples keyed as the numbers were written ("04"): moved to the numbers' keys (a URL's sample is no mapping of keys)
    const ex = site.role === 'url' || site.role === 'card-url' ? undefined : obj(valueAt(ctx.t, site.examplesPath));
    let map: string | undefined;
    for (const p of fixable) {
      const written = p.raw.slice(2, -2).trim();
      const key = fixed(p)!;
      if (!ex || written === key || !/^[0-9]+$/.test(written) || !Object.hasOwn(ex, written) || Object.hasOwn(ex, key)) continue;
      map = pathKey(site.examplesPath);
      const m = moves.get(map) ?? moves.set(map, { path: site.examplesPath, renames: {} }).get(map)!;
      m.renames[written] = key;
    }
    texts.push({ change: { op: 'set', path: site.path, value: text }, ...(map !== undefined ? { map } : {}) });
  }
  for (const t of texts) out.push(t.map !== undefined ? { ...t.change, part: `leading zeros ${t.map}` } : t.change);
  for (const [map, m] of moves) out.push({ op: 'rename-keys', path: m.path, renames: m.renames, part: `leading zeros ${map}` });
  return out;
}

/** a run of white space that holds a newline or a tab, or 5 or more spaces (sample-format) */
const BAD_SPACE = /[ \t\r\n]*[\t\r\n][ \t\r\n]*| {5,}/g;

/** sample-format: each run of white space a sample may not hold made one space (and none at its ends). */
export function oneLineSamples(ctx: RepairContext): Change[] {
  const out: Change[] = [];
  const paths: Path[] = [['header', 'examples'], ['body', 'examples'], ...arr(ctx.t.carousel).map((_, i): Path => ['carousel', i, 'body', 'examples'])];
  for (const exPath of paths) {
    for (const [k, v] of Object.entries(obj(valueAt(ctx.t, exPath)) ?? {})) {
      if (typeof v !== 'string') continue;
      BAD_SPACE.lastIndex = 0;
      if (!BAD_SPACE.test(v)) continue;
      const fixed = v.replace(BAD_SPACE, (m, at: number) => (at === 0 || at + m.length === v.length ? '' : ' '));
      if (fixed !== v && fixed !== '') out.push({ op: 'set', path: [...exPath, k], value: fixed });
    }
  }
  return out;
}
