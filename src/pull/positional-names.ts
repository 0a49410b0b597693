// Pure: a positional export's numbered placeholders given the names the file wrote, only where
// which number is which name is certain. A file's names are numbered in order of first appearance
// in each part (tplsync's own numbering, placeholders.ts), so a part whose export numbers are not
// in that order cannot take names at all (named, it would be another template than the export's:
// a send would put each value in another place). Otherwise a number takes a name when the export's
// placeholders, in order, stand where the file's do (one number for each name, each name for one
// number) and the text around them is the file's or the samples say the same; or when the samples
// tell them apart (each number's sample is the file's sample of exactly one name); or, the text
// edited around them, when each number stands where the file has its name with the same word beside
// it (before or after: `Hallo {{1}}, ... {{2}} Zinsen` where the file has `Hallo {{name}}, ...
// {{rate}} Zinsen`) and no sample of the export is the file's sample of another name: a sample
// edited with the text (the console asks for samples with it) is then the export's. Otherwise a
// sample of the export that is not the file's sample of the name it would take: not certain. A part that cannot
// take its names (a placeholder added or taken away, its numbers out of order, its texts and
// samples telling nothing) leaves the whole template numbered: a template is never part named,
// part numbered (pull --from says which parts and why).
import { scanPlaceholders } from '../model/placeholders.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** a part whose names are kept numbered, and why */
export interface NamesKept { field: string; message: string }

/** a number whose sample is not the named side's sample of the name it took (by the words beside it): both samples */
export interface SampleChange { number: string; name: string; theirs: string; ours: string }

/**
 * What to name by hand where pull cannot tell: the numbers (with the numbered side's samples), the names (with the named
 * side's), and the numbers whose name a sample gives (`sample`: its sample is the named side's sample of that name alone,
 * and no other number's) or, as many numbers as names, the one number and name left once the others are paired (`left`)
 */
export interface HandNames { numbers: { key: string; sample?: string }[]; names: { key: string; sample?: string }[]; pairs: { number: string; name: string; by: 'sample' | 'left' }[] }

/** a letter or digit, in any script: what a word is made of */
const WORD_CHAR = /[\p{L}\p{N}]/u;
/**
 * The fixed text right beside a placeholder up to the nearest word with it (`Hallo `, ` Zinsen`), on its left (`left`:
 * the end of the text before it) or its right; undefined where no word is there (a comma alone, the text's edge).
 */
function beside(text: string, side: 'left' | 'right'): string | undefined {
  const chars = [...text];
  if (side === 'left') chars.reverse();
  let i = 0;
  while (i < chars.length && !WORD_CHAR.test(chars[i]!)) i++;
  if (i === chars.length) return undefined;
  while (i < chars.length && WORD_CHAR.test(chars[i]!)) i++;
  const near = chars.slice(0, i);
  return (side === 'left' ? near.reverse() : near).join('');
}
/** whether the i-th placeholder of two texts (their `texts` between placeholders) has the same word beside it, before or after */
function besideAgree(a: readonly string[], b: readonly string[], i: number): boolean {
  const same = (x: string | undefined, y: string | undefined) => x !== undefined && x === y;
  return same(beside(a[i]!, 'left'), beside(b[i]!, 'left')) || same(beside(a[i + 1]!, 'right'), beside(b[i + 1]!, 'right'));
}

/** the placeholders a text holds, in order (their keys), and the texts between them */
function scan(text: string): { keys: string[]; numbered: boolean; named: boolean; texts: string[] } {
  const s = scanPlaceholders(text);
  return { keys: s.placeholders.map((p) => p.key), numbered: s.placeholders.some((p) => p.style === 'numbered'), named: s.placeholders.some((p) => p.style === 'named'), texts: s.texts };
}

const distinct = (keys: readonly string[]): string[] => [...new Set(keys)];
const sample = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined);
const quoted = (s: string): string => JSON.stringify(s);

/** the parts that take names (a TEXT header, the body, each carousel card's body), by field, with their counterparts in the file */
function partsOf(v: Loose): { field: string; part: Loose }[] {
  const out: { field: string; part: Loose }[] = [];
  if (isObject(v.header) && typeof v.header.text === 'string') out.push({ field: 'header', part: v.header });
  if (isObject(v.body) && typeof v.body.text === 'string') out.push({ field: 'body', part: v.body });
  if (Array.isArray(v.carousel)) v.carousel.forEach((card, i) => { if (isObject(card) && isObject(card.body) && typeof card.body.text === 'string') out.push({ field: `carousel[${i}].body`, part: card.body }); });
  return out;
}

/** how the two sides are called in the reasons: the one that numbers its placeholders, the one that names them */
export interface Words { numbered: string; named: string }
const EXPORT_AND_FILE: Words = { numbered: 'the export', named: 'the file' };

/**
 * The names of one part's numbers ("1" -> name), or why they cannot be told. `samples`: the file's
 * sample of a name (the part's own, else the header's or body's).
 */
export function namesFor(part: Loose, ownText: string, samples: (name: string) => string | undefined, who: Words = EXPORT_AND_FILE): { names: Map<string, string>; bySamples?: true;
  /** named by the words beside each placeholder (the texts differ); `samples`: the numbers whose sample is not the named side's, with both */
  byContext?: { samples: SampleChange[] } } | { why: string;
  /** what to rename by hand (none where the numbers are out of their order of appearance: named, they would be numbered otherwise) */
  hand?: HandNames } {
  const e = scan(part.text as string);
  const f = scan(ownText);
  const numbers = distinct(e.keys), names = distinct(f.keys);
  const list = (keys: readonly string[]) => keys.map((k) => `{{${k}}}`).join(' ');
  const examples = isObject(part.examples) ? part.examples : {};
  const theirs = (n: string) => sample(examples[n]);
  // what to rename by hand when the names cannot be told: the numbers with their samples, the names with theirs, and the
  // numbers a sample names (`pairs`: never by place alone, which is what could not be told; none where `bySample` is false:
  // the fixed text says one thing and the samples another)
  const hand = (bySample = true): HandNames => {
    const pairs: HandNames['pairs'] = [];
    for (const n of bySample ? numbers : []) {
      const s = theirs(n);
      const fits = s === undefined ? [] : names.filter((x) => samples(x) === s);
      if (fits.length === 1 && numbers.filter((m) => theirs(m) === s).length === 1) pairs.push({ number: n, name: fits[0]!, by: 'sample' });
    }
    // as many numbers as names and all paired but one: that one is the name left
    if (bySample && numbers.length === names.length && pairs.length === numbers.length - 1) {
      pairs.push({ number: numbers.find((n) => !pairs.some((p) => p.number === n))!, name: names.find((x) => !pairs.some((p) => p.name === x))!, by: 'left' });
    }
    return {
      numbers: numbers.map((n) => ({ key: n, ...(theirs(n) !== undefined ? { sample: theirs(n)! } : {}) })),
      names: names.map((x) => ({ key: x, ...(samples(x) !== undefined ? { sample: samples(x)! } : {}) })),
      pairs: pairs.sort((a, b) => Number(a.number) - Number(b.number)),
    };
  };
  if (numbers.length !== names.length) return { hand: hand(), why: `${who.numbered} has ${numbers.length} placeholder${numbers.length === 1 ? '' : 's'} here, ${who.named} ${names.length} (${list(names)}): a placeholder added or taken away` };
  if (numbers.some((n, i) => n !== String(i + 1))) return { why: `${who.numbered} numbers its placeholders out of their order of appearance (${list(e.keys)}): a file's names are numbered in order of appearance, so named they would be another template than ${who.numbered}'s` };
  /** the first number whose sample is not the file's sample of the name it would take */
  const contradiction = (m: Map<string, string>): string | undefined => {
    for (const [n, x] of m) {
      const a = theirs(n), b = samples(x);
      if (a !== undefined && b !== undefined && a !== b) return `${who.numbered}'s sample of {{${n}}} (${quoted(a)}) is not ${who.named}'s of {{${x}}} (${quoted(b)})`;
    }
    return undefined;
  };
  // each number's sample is the file's sample of its name, and of no other name (two names with one sample, "3" and "3", confirm nothing)
  const confirmed = (m: Map<string, string>) => [...m].every(([n, x]) => theirs(n) !== undefined && theirs(n) === samples(x) && names.filter((y) => samples(y) === theirs(n)).length === 1);
  // the export's placeholders where the file has its own, one number for each name
  let aligned: Map<string, string> | undefined;
  if (e.keys.length === f.keys.length) {
    const m = new Map<string, string>(), back = new Map<string, string>();
    let consistent = true;
    e.keys.forEach((n, i) => {
      const x = f.keys[i]!;
      if ((m.get(n) ?? x) !== x || (back.get(x) ?? n) !== n) consistent = false;
      m.set(n, x); back.set(x, n);
    });
    if (consistent) aligned = m;
  }
  const sameTexts = e.texts.length === f.texts.length && e.texts.every((t, i) => t === f.texts[i]);
  let why: string | undefined;
  if (aligned) {
    why = contradiction(aligned);
    if (!why && sameTexts) return { names: aligned };
    if (!why && confirmed(aligned)) return { names: aligned, bySamples: true };
    // the file's text, its placeholders where the file has them, and samples that say otherwise: which is right cannot be told
    if (why && sameTexts) return { why, hand: hand(false) };
    // the text edited around them: each number where the file has its name, with the same word beside it at one of its
    // places at least; a sample that changed with the text is the export's, but one that is the file's sample of another
    // name says the number stands for that name: the words and the samples disagree, which is right cannot be told
    if (numbers.every((n) => e.keys.some((k, i) => k === n && besideAgree(e.texts, f.texts, i)))) {
      const elsewhere = [...aligned].find(([n, x]) => theirs(n) !== undefined && theirs(n) !== samples(x) && names.some((y) => y !== x && samples(y) === theirs(n)));
      if (elsewhere) return { why: `${who.numbered}'s sample of {{${elsewhere[0]}}} (${quoted(theirs(elsewhere[0])!)}) is ${who.named}'s of {{${names.find((y) => y !== elsewhere[1] && samples(y) === theirs(elsewhere[0]))!}}}, though it stands where ${who.named} has {{${elsewhere[1]}}}`, hand: hand(false) };
      const changes = [...aligned].flatMap(([n, x]) => (theirs(n) !== undefined && samples(x) !== undefined && theirs(n) !== samples(x) ? [{ number: n, name: x, theirs: theirs(n)!, ours: samples(x)! }] : []));
      return { names: aligned, byContext: { samples: changes } };
    }
  }
  // the samples tell which is which: each number's the file's sample of one name, and of no other
  const bySample = new Map<string, string>();
  for (const n of numbers) {
    const s = theirs(n);
    const fits = s === undefined ? [] : names.filter((x) => samples(x) === s);
    if (fits.length === 1 && ![...bySample.values()].includes(fits[0]!)) bySample.set(n, fits[0]!);
  }
  if (bySample.size === numbers.length) return { names: bySample, bySamples: true };
  return { hand: hand(), why: why ?? (aligned
    ? `the text around the placeholders is not ${who.named}'s (${list(e.keys)} where ${who.named} has ${list(f.keys)}), and the samples do not tell which is which`
    : `${who.numbered}'s placeholders (${list(e.keys)}) do not stand where ${who.named}'s do (${list(f.keys)}), and the samples do not tell which is which`) };
}

/** `part` with the names of its numbers */
function renamed(part: Loose, names: Map<string, string>): Loose {
  const text = (part.text as string).replace(/\{\{([1-9][0-9]*)\}\}/g, (w, n: string) => (names.has(n) ? `{{${names.get(n)!}}}` : w));
  const examples = isObject(part.examples) ? Object.fromEntries(Object.entries(part.examples).map(([k, v]) => [names.get(k) ?? k, v])) : undefined;
  return { ...part, text, ...(examples !== undefined ? { examples } : {}) };
}

/** `v` with each part of `parts` replaced (by field) */
function withParts(v: Loose, parts: Map<string, Loose>): Loose {
  const out: Loose = { ...v };
  if (parts.has('header')) out.header = parts.get('header');
  if (parts.has('body')) out.body = parts.get('body');
  if (Array.isArray(v.carousel)) out.carousel = v.carousel.map((card, i) => (parts.has(`carousel[${i}].body`) ? { ...(card as Loose), body: parts.get(`carousel[${i}].body`) } : card));
  return out;
}

/**
 * An export's template (file form) with the names the file `own` gives its placeholders (header,
 * body, carousel card bodies), where every part's are certain; `kept`: the parts that could not
 * take theirs (then no part does: the template is written with the export's numbers).
 */
export function positionalNamesBack<T extends Loose>(exported: T, own: Loose | undefined, who: Words = EXPORT_AND_FILE): { value: T; kept: NamesKept[];
  /** the parts named, by field: each number's name ("1" -> name) */
  named?: Map<string, Map<string, string>>;
  /** the parts named by their samples alone: the texts differ (said: the file has the export's text) */
  bySamples?: string[];
  /** the parts named by the words beside their placeholders (the texts differ), with the export's samples that are not the file's */
  byContext?: { field: string; samples: SampleChange[] }[] } {
  const none = { value: exported, kept: [] };
  if (!own) return none;
  const ownParts = new Map(partsOf(own).map((p) => [p.field, p.part]));
  const theirs = partsOf(exported);
  // an export of named placeholders (NAMED), or a file that names none: nothing to give back
  if (theirs.some((p) => scan(p.part.text as string).named)) return none;
  const ownNamed = (field: string): string | undefined => {
    const t = ownParts.get(field)?.text;
    if (typeof t !== 'string') return undefined;
    const s = scan(t);
    return s.named && !s.numbered ? t : undefined;
  };
  if (![...ownParts.keys()].some((f) => ownNamed(f) !== undefined)) return none;
  // the file's samples: a part's own, else the header's or the body's (one name, one meaning, in those)
  const top: Loose = { ...(isObject(own.header) && isObject(own.header.examples) ? own.header.examples : {}), ...(isObject(own.body) && isObject(own.body.examples) ? own.body.examples : {}) };
  const parts = new Map<string, Loose>();
  const named = new Map<string, Map<string, string>>();
  const kept: NamesKept[] = [];
  const bySamples: string[] = [];
  const byContext: { field: string; samples: SampleChange[] }[] = [];
  for (const { field, part } of theirs) {
    const e = scan(part.text as string);
    if (!e.numbered) continue;
    const ownText = ownNamed(field);
    if (ownText === undefined) {
      kept.push({ field, message: `${who.named} names no placeholder here, ${who.numbered} has ${distinct(e.keys).map((k) => `{{${k}}}`).join(' ')}` });
      continue;
    }
    const ownExamples = ownParts.get(field)!.examples;
    const samples = (name: string) => sample(isObject(ownExamples) && Object.hasOwn(ownExamples, name) ? ownExamples[name] : Object.hasOwn(top, name) ? top[name] : undefined);
    const r = namesFor(part, ownText, samples, who);
    if ('why' in r) kept.push({ field, message: r.why });
    else {
      parts.set(field, renamed(part, r.names)); named.set(field, r.names);
      if (r.bySamples) bySamples.push(field);
      if (r.byContext) byContext.push({ field, samples: r.byContext.samples });
    }
  }
  if (kept.length) return { value: exported, kept };
  return parts.size ? { value: withParts(exported, parts) as T, kept, named, ...(bySamples.length ? { bySamples } : {}), ...(byContext.length ? { byContext } : {}) } : none;
}
