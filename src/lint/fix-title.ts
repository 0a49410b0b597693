// Pure: the title of an editor's quick fix, said from the changes it makes (fix.ts `applied`):
// "Write WEBVIEW in capitals", "Remove orientation from rcsRichCardsOpts", "Add a stub sample (TODO)
// for {{2}}", short enough for one line of an editor's menu. A rule's `repairTitle` says what its
// repair does to any template (docs/rules.md, lint --fix); a quick fix changes one template, and its
// title says that change. Where the changes cannot be said in a line, the rule's short title.
import type { Path } from '../files/locate.js';
import type { AppliedChange } from './fix.js';
import { RULES_BY_ID } from './registry.js';
import type { Change } from './rule.js';
import { SAMPLE_STUB } from './rules/repairs.js';
import { edgeWhitespace } from './rules/characters.js';

/** the longest title said from the changes (an editor's menu shows one line of it) */
export const QUICK_FIX_TITLE_MAX = 60;
/** the longest value shown in a title as it is */
const VALUE_MAX = 28;

/** The title of a quick fix that makes these changes (of rule `ruleId`): said from them, else the rule's short title. */
export function quickFixTitle(ruleId: string, applied: readonly AppliedChange[]): string {
  const said = applied.length ? describe(applied.map((a) => ({ change: a.change, was: a.was }))) : undefined;
  return said !== undefined && said.length <= QUICK_FIX_TITLE_MAX ? said : shortRepairTitle(ruleId);
}

/** a rule's title for a quick fix whose changes cannot be said (its `quickFixTitle`, else its `repairTitle`) */
export function shortRepairTitle(ruleId: string): string {
  const r = RULES_BY_ID.get(ruleId);
  return r?.quickFixTitle ?? r?.repairTitle ?? `Fix ${ruleId}`;
}

type Made = { change: Change; was: unknown };

function describe(made: readonly Made[]): string | undefined {
  const ops = new Set(made.map((m) => m.change.op));
  const adds = made.flatMap((m) => (m.change.op === 'add' ? [m.change] : []));
  // stub samples: the placeholders they are for, and where those are when not (only) in the body: the header's
  // {{1}} is not the body's {{1}}, which may have its sample
  if (ops.size === 1 && adds.length && adds.every((a) => a.value === SAMPLE_STUB)) return stubsTitle(adds);
  // an entry written anew in another form (`footer: <text>` as `footer: { code_expiration_minutes: 10 }`)
  const removes = made.flatMap((m) => (m.change.op === 'remove' ? [m.change] : []));
  if (made.length === 2 && removes.length === 1 && adds.length === 1 && samePath(removes[0]!.path, adds[0]!.path)) {
    return `Write ${dotted(removes[0]!.path)} as { ${adds[0]!.key}: ${shown(String(adds[0]!.value)) ?? '...'} }`;
  }
  if (ops.size === 1 && removes.length) {
    // by the mapping they are removed from
    const parents = new Map<string, { parent: Path; keys: string[] }>();
    for (const r of removes) {
      const parent = r.path.slice(0, -1);
      const k = parent.join('\0');
      const g = parents.get(k) ?? parents.set(k, { parent, keys: [] }).get(k)!;
      g.keys.push(String(r.path[r.path.length - 1]));
    }
    return [...parents.values()].map((g) => `Remove ${list(g.keys)}${g.parent.length ? ` from ${lastKey(g.parent)}` : ''}`).join('; ');
  }
  // placeholders written anew in their texts (renumbered, their braces' spaces removed), their samples' keys with them
  const sets = made.flatMap((m) => (m.change.op === 'set' ? [{ change: m.change, was: m.was }] : []));
  const renames = made.flatMap((m) => (m.change.op === 'rename-keys' ? [m.change] : []));
  if (sets.length + renames.length === made.length && sets.length) {
    const pairs = sets.map((s) => (typeof s.was === 'string' ? placeholderPairs(s.was, s.change.value) : undefined));
    if (pairs.every((p): p is [string, string][] => p !== undefined && p.length > 0)) {
      const all = [...new Map(pairs.flat().map((p): [string, [string, string]] => [`${p[0]}\0${p[1]}`, p])).values()];
      // (a number's leading zeros removed, {{02}} as {{2}}, is the same number written anew: no renumbering)
      const numbered = all.every(([a, b]) => /^\{\{[0-9]+\}\}$/.test(a) && /^\{\{[0-9]+\}\}$/.test(b)) && all.some(([a, b]) => Number(a.slice(2, -2)) !== Number(b.slice(2, -2)));
      const samples = renames.length ? `, ${renames.length === 1 && Object.keys(renames[0]!.renames).length === 1 ? 'its sample' : 'their samples'} too` : '';
      return `${numbered ? 'Renumber' : 'Write'} ${all.map(([a, b]) => `${a} ${numbered ? 'to' : 'as'} ${b}`).join(', ')}${samples}`;
    }
  }
  // a sample left under an old key moved to the placeholder that has none
  if (renames.length === made.length && renames.every((r) => r.path[r.path.length - 1] === 'examples')) {
    const moves = renames.flatMap((r) => Object.entries(r.renames));
    return `Move the sample${moves.length === 1 ? '' : 's'} of ${moves.map(([a, b]) => `${a} to {{${b}}}`).join(', ')}`;
  }
  if (sets.length === made.length) {
    const each = sets.map((s) => (typeof s.was === 'string' ? textChange(s.change.path, s.was, s.change.value) : undefined));
    if (each.every((x): x is string => x !== undefined)) return [...new Set(each)].join('; ');
    return undefined;
  }
  if (made.length === 1 && made[0]!.change.op === 'add') {
    const a = made[0]!.change;
    const v = shown(String(a.value));
    return v === undefined ? undefined : `Add ${a.key}: ${v} to ${lastKey(a.path) || 'the template'}`;
  }
  // a suggestion in Google's RBM shape written flat: its Google key replaced by the flat keys
  if (made.every((m) => m.change.op === 'replace-key')) {
    const each = made.map((m) => {
      const c = m.change as Extract<Change, { op: 'replace-key' }>;
      const action = c.entries.find((e) => e.key === 'action' && e.value !== undefined)?.value;
      return action !== undefined && shown(action) !== undefined
        ? `Write the suggestion flat, as action: ${action}`
        : `Write ${c.key} flat: ${c.entries.map((e) => (e.value !== undefined ? `${e.key}: ${shown(e.value) ?? '...'}` : e.key)).join(', ')}`;
    });
    return [...new Set(each)].join('; ');
  }
  return undefined;
}

/**
 * stub samples added: `Add stub samples (TODO) for {{2}} and {{3}}` (the body's), `... for {{1}} in the header`, and
 * where there are several places, each named (`for {{1}} in the header and {{3}} in the body`); too many placeholders to
 * name on one line: how many, and where (`Add 12 stub samples (TODO) in the body`)
 */
function stubsTitle(adds: readonly Extract<Change, { op: 'add' }>[]): string {
  const places = new Map<string, string[]>();
  for (const a of adds) {
    const where = placeOf(a.path);
    const keys = places.get(where) ?? places.set(where, []).get(where)!;
    if (!keys.includes(`{{${a.key}}}`)) keys.push(`{{${a.key}}}`);
  }
  const n = [...places.values()].reduce((k, keys) => k + keys.length, 0);
  const named = places.size > 1 || !places.has('the body');
  const said = `Add ${n === 1 ? 'a stub sample' : 'stub samples'} (${SAMPLE_STUB}) for ${list([...places].map(([where, keys]) => (named ? `${list(keys)} in ${where}` : list(keys))))}`;
  return said.length <= QUICK_FIX_TITLE_MAX ? said : `Add ${n} stub samples (${SAMPLE_STUB}) in ${list([...places.keys()])}`;
}

/** the part an examples map's samples are of, as a title names it: `the header`, `the body`, `the message`, else the map's path */
function placeOf(examples: Path): string {
  const [part, key] = examples;
  return examples.length === 2 && key === 'examples' && (part === 'header' || part === 'body' || part === 'message') ? `the ${part}` : dotted(examples);
}

/** what one text's new value changes: a word in capitals, characters deleted, one part written as another */
function textChange(path: Path, was: string, now: string): string | undefined {
  const where = dotted(path);
  if (now === was.toUpperCase() && shown(now) !== undefined) return `Write ${now} in capitals`;
  // white space deleted at the text's ends and at its lines' ends (text-edge-whitespace)
  const trimmed = trimmedAt(was, now);
  if (trimmed) return `Delete the ${trimmed.what} at ${trimmed.where} of ${where}`;
  // the curly quotes (or other characters) wrapping the text deleted
  const at = now.length ? was.indexOf(now) : -1;
  if (at >= 0 && was.slice(0, at).trim() && was.slice(at + now.length).trim()) {
    return `Delete the ${named(was.slice(0, at).trim())} ${named(was.slice(at + now.length).trim())} around ${where}`;
  }
  // characters no one sees deleted (a zero-width space, a control character)
  const deleted = deletedFrom(was, now);
  if (deleted !== undefined && deleted.every((ch) => ch !== ' ' && UNSEEN.test(ch))) return `Delete ${list([...new Set(deleted)].map(named))} from ${where}`;
  // a short value written anew (a language code, a number)
  if (shown(was) !== undefined && shown(now) !== undefined) return `Set ${lastKey(path)} to ${shown(now)}`;
  // one part of a longer text written as another (an HTML reference as its character, a tab as a space)
  let head = 0;
  while (head < was.length && head < now.length && was[head] === now[head]) head++;
  let tail = 0;
  while (tail < was.length - head && tail < now.length - head && was[was.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  // a part deleted or written where there was none is said with the word it is in (`&amp;` as `&`, not `amp;` deleted)
  if (head === was.length - tail || head === now.length - tail) {
    while (head > 0 && !/\s/.test(was[head - 1]!)) head--;
    while (tail > 0 && !/\s/.test(was[was.length - tail]!)) tail--;
  }
  const from = was.slice(head, was.length - tail);
  const to = now.slice(head, now.length - tail);
  if (!from || from.length > VALUE_MAX || to.length > VALUE_MAX || /\n/.test(from + to)) return undefined;
  return to ? `Write ${named(from)} as ${named(to)} in ${where}` : `Delete ${named(from)} from ${where}`;
}

/**
 * What deleting white space at a text's ends, and at its lines' ends, made of `was`, when `now` is
 * `was` less exactly that: the white space (spaces, line breaks, or both) and where (its start, its
 * end, its lines' ends); undefined when `now` is anything else.
 */
function trimmedAt(was: string, now: string): { what: string; where: string } | undefined {
  if (now.length >= was.length) return undefined;
  const { start, end, lineEnds } = edgeWhitespace(was, true);
  let rest = '';
  let from = start;
  for (const l of lineEnds) { rest += was.slice(from, l.at); from = l.at + l.length; }
  // the line ends only when keeping the text's ends did not already make `now`
  const edges = was.slice(start, end);
  const inner = lineEnds.length && now !== edges ? rest + was.slice(from, end) : edges;
  if (now !== inner) return undefined;
  const places = [...(start > 0 ? ['start'] : []), ...(end < was.length ? ['end'] : []), ...(inner !== edges ? ['line ends'] : [])];
  const gone = was.slice(0, start) + was.slice(end) + (inner !== edges ? lineEnds.map((l) => was.slice(l.at, l.at + l.length)).join('') : '');
  const breaks = /[\n\u2028\u2029]/.test(gone);
  const spaces = /[^\n\u2028\u2029]/.test(gone);
  const what = breaks && spaces ? 'white space' : breaks ? (gone.length === 1 ? 'line break' : 'line breaks') : gone.length === 1 ? 'space' : 'spaces';
  return { what, where: `the ${list(places)}` };
}

/** the characters deleted from `was` to make `now` (none written), or undefined when `now` is not `was` less some characters */
function deletedFrom(was: string, now: string): string[] | undefined {
  if (now.length >= was.length) return undefined;
  const out: string[] = [];
  let j = 0;
  for (const ch of was) {
    if (now.startsWith(ch, j)) j += ch.length;
    else out.push(ch);
  }
  return j === now.length ? out : undefined;
}

/**
 * The placeholders a text's new value writes otherwise (`{{ 1 }}` as `{{1}}`, `{{3}}` as `{{2}}`), in order, when
 * the rest of the text is the same; undefined when more than its placeholders changed.
 */
function placeholderPairs(was: string, now: string): [string, string][] | undefined {
  const split = (t: string): { text: string[]; tokens: string[] } => {
    const tokens = t.match(/\{\{[^{}]*\}\}/g) ?? [];
    return { text: t.split(/\{\{[^{}]*\}\}/), tokens };
  };
  const a = split(was);
  const b = split(now);
  if (a.tokens.length !== b.tokens.length || a.text.join('\0') !== b.text.join('\0')) return undefined;
  const out: [string, string][] = [];
  a.tokens.forEach((t, i) => { if (t !== b.tokens[i]) out.push([t, b.tokens[i]!]); });
  return out;
}

/** a value as a title shows it: as written when short and on one line, its unseen characters by code point; undefined when too long */
function shown(v: string): string | undefined {
  if (v.length === 0 || v.length > VALUE_MAX || /[\n\r]/.test(v)) return undefined;
  return unseen(v) ? named(v) : v;
}

/** characters a reader does not see as themselves: controls, format characters, spaces other than the space */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zs}\u2028\u2029\uFFFD]/u;
const unseen = (v: string): boolean => [...v].some((ch) => ch !== ' ' && UNSEEN.test(ch));

/** a character or a short text named for a title: a space as `a space`, an unseen character by its code point */
function named(v: string): string {
  if (v === ' ') return 'a space';
  if (v === '\t') return 'a tab';
  return [...v].map((ch) => (ch !== ' ' && UNSEEN.test(ch) ? ` U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ` : ch)).join('').replace(/ {2,}/g, ' ').trim();
}

const list = (xs: readonly string[]): string => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
const samePath = (a: Path, b: Path): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
/** the last key of a path (a list's index skipped): `openUrlApplication` of message.suggestions[0].openUrlApplication */
const lastKey = (p: Path): string => String([...p].reverse().find((x) => typeof x === 'string') ?? '');
/** a path as the findings name it: body.text, buttons[0].phone_number */
const dotted = (p: Path): string => p.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s ? `${s}.${k}` : k), '');
