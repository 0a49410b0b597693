// Pure: where a pulled text takes back the file's references. The file wrote `((shop_host))/help`
// in a sentence that also writes the staging host literally; the channel's copy of the sentence,
// edited since, holds the environment's value in both places. Only the place the file's reference
// stood is the reference again: each occurrence of a value in the file's text (its references filled
// in, and its literals) is paired with the occurrence in the channel's text whose surroundings are
// most alike.
import { scanReferences } from '../model/values.js';
import { isValueAloneSample, wholeUrlSample } from '../model/urls.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `channel`'s text with `((name))` in place of the value where `mine` (the file's text at the same
 * place) has the reference `((name))` and the channel's text holds one of `values.get(name)` (this
 * environment's first, then other environments') at the reference's place; a literal the file
 * wrote stays literal, wherever it now stands. Each occurrence of a value in the file's text (its
 * references filled in, and its literals) is matched with an occurrence in the channel's by the
 * text around them (the most alike first): an edit beside a reference, sentences the channel
 * reordered, a literal before or after the reference all keep each where it belongs. `used` hears
 * each value put back as a reference.
 */
export function referencesInPlace(channel: string, mine: string, values: ReadonlyMap<string, readonly string[]>, used?: (name: string, value: string) => void): string {
  const refs = scanReferences(mine).filter((r) => values.has(r.name));
  if (!refs.length) return channel;
  // the file's text as this environment reads it, and where each reference's value stands in it
  let expanded = '';
  let last = 0;
  const spans: { a: number; b: number; name?: string }[] = [];
  for (const r of refs) {
    expanded += mine.slice(last, r.start);
    const value = values.get(r.name)![0]!;
    spans.push({ a: expanded.length, b: expanded.length + value.length, name: r.name });
    expanded += value;
    last = r.end;
  }
  expanded += mine.slice(last);
  const all = [...new Set([...values.values()].flat())];
  // the file's literals of a value (outside its references): they take their own place in the channel's text
  for (const v of all) {
    for (let at = expanded.indexOf(v); at >= 0; at = expanded.indexOf(v, at + 1)) {
      if (!spans.some((x) => at < x.b && at + v.length > x.a) && standsWhole(expanded, at, at + v.length)) spans.push({ a: at, b: at + v.length });
    }
  }
  // every value the channel's text holds whole (the longer first where two overlap: one host the start of another's)
  const places: { from: number; to: number }[] = [];
  // never inside a placeholder ({{1}} holds a value "1")
  const inside = [...channel.matchAll(/\{\{[^{}]*\}\}/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
  for (const v of [...all].sort((x, y) => y.length - x.length)) {
    for (let at = channel.indexOf(v); at >= 0; at = channel.indexOf(v, at + 1)) {
      if (inside.some(([a, b]) => at < b && at + v.length > a)) continue;
      if (standsWhole(channel, at, at + v.length) && !places.some((p) => at < p.to && at + v.length > p.from)) places.push({ from: at, to: at + v.length });
    }
  }
  // each pair scored by the text around both (up to CONTEXT characters each side), the most alike paired first
  const pairs: { i: number; k: number; score: number; drift: number }[] = [];
  spans.forEach((x, i) => places.forEach((p, k) => {
    const score = around(expanded, x.a, x.b, channel, p.from, p.to);
    // a short value (a code, a number) is common in text: taken only where much of the text around it is the file's, or
    // where it stands at the same edge of both texts (the whole text in both: a field that is the value, such as a
    // copy-code sample or a flow id; or, 3 characters or more, its start or its end: `((city)) Mitte`)
    const edges = (x.a === 0 && p.from === 0 ? 1 : 0) + (x.b === expanded.length && p.to === channel.length ? 1 : 0);
    const placed = x.b - x.a >= SHORT || score >= SHORT_CONTEXT || edges === 2 || (edges === 1 && x.b - x.a >= 3);
    if (score >= 1 && placed) pairs.push({ i, k, score, drift: Math.abs(x.a / Math.max(1, expanded.length) - p.from / Math.max(1, channel.length)) });
  }));
  pairs.sort((p, q) => q.score - p.score || p.drift - q.drift);
  const takenSpan = new Set<number>();
  const takenPlace = new Set<number>();
  const found: { from: number; to: number; name: string }[] = [];
  for (const { i, k } of pairs) {
    if (takenSpan.has(i) || takenPlace.has(k)) continue;
    takenSpan.add(i); takenPlace.add(k);
    const name = spans[i]!.name;
    if (name !== undefined) found.push({ ...places[k]!, name });
  }
  return replaceSpans(channel, found, values, used);
}

/** values shorter than this need SHORT_CONTEXT characters of the text around them to be placed */
const SHORT = 8;
const SHORT_CONTEXT = 6;

/** how many characters the text around a[from, to) shares with the text around b[from2, to2] (and 1 for each edge both share) */
const CONTEXT = 24;
function around(a: string, from: number, to: number, b: string, from2: number, to2: number): number {
  let n = 0;
  if (from === 0 && from2 === 0) n++;
  for (let k = 1; k <= CONTEXT && from - k >= 0 && from2 - k >= 0 && a[from - k] === b[from2 - k]; k++) n++;
  if (to === a.length && to2 === b.length) n++;
  for (let k = 0; k < CONTEXT && to + k < a.length && to2 + k < b.length && a[to + k] === b[to2 + k]; k++) n++;
  return n;
}

/** whether `s.slice(from, to)` stands whole: not the start or end of a longer word or host (values.ts replaceWhole's rule) */
function standsWhole(s: string, from: number, to: number): boolean {
  const v = s.slice(from, to);
  if (/^[A-Za-z0-9]/.test(v) && /[A-Za-z0-9_]/.test(s[from - 1] ?? '')) return false;
  const after = s.slice(to, to + 2);
  return !(/[A-Za-z0-9]$/.test(v) && (/^[A-Za-z0-9_-]/.test(after) || /^\.[A-Za-z0-9]/.test(after)));
}

function replaceSpans(s: string, spans: readonly { from: number; to: number; name: string }[], values: ReadonlyMap<string, readonly string[]>, used?: (name: string, value: string) => void): string {
  let out = '';
  let at = 0;
  for (const x of [...spans].sort((p, q) => p.from - q.from)) {
    if (x.from < at) continue;
    const value = s.slice(x.from, x.to);
    if (!values.get(x.name)!.includes(value)) continue;
    used?.(x.name, value);
    out += `${s.slice(at, x.from)}((${x.name}))`;
    at = x.to;
  }
  return at === 0 ? s : out + s.slice(at);
}

/**
 * `file` (the file's template) with its lists in the order of `channel`'s: an item is the file's
 * item of the same type (or action) and label, else the one at its place; so that a button the
 * channel moved (and edited) is compared with its own file text, not with its neighbour's.
 */
export function alignedTo(file: unknown, channel: unknown, fill: (text: string) => string = (t) => t): unknown {
  if (Array.isArray(channel) && Array.isArray(file)) {
    const used = new Set<number>();
    // a button or suggestion by its label, an RCS card by its title (the file's with its references filled in: `Sneakers in ((city))`)
    const key = (o: unknown, f: (text: string) => string = (t) => t): string | undefined => (isObject(o) && typeof (o.text ?? o.title) === 'string' ? JSON.stringify([o.type ?? o.action ?? '', f(String(o.text ?? o.title))]) : undefined);
    const pick = channel.map((c) => {
      const k = key(c);
      const j = k === undefined ? -1 : file.findIndex((f, i) => !used.has(i) && key(f, fill) === k);
      if (j >= 0) used.add(j);
      return j;
    });
    // then a relabelled item: the file's only unused item of its type (or action), else the one at its place
    const kind = (o: unknown): string | undefined => (isObject(o) && typeof (o.type ?? o.action) === 'string' ? String(o.type ?? o.action) : undefined);
    channel.forEach((c, i) => {
      if (pick[i]! >= 0 || kind(c) === undefined) return;
      const same = file.map((f, k) => k).filter((k) => !used.has(k) && kind(file[k]) === kind(c));
      const unmatched = channel.filter((x, m) => pick[m]! < 0 && kind(x) === kind(c)).length;
      if (same.length === 1 && unmatched === 1) { pick[i] = same[0]!; used.add(same[0]!); }
    });
    return channel.map((c, i) => {
      let j = pick[i]!;
      if (j < 0 && i < file.length && !used.has(i) && (kind(c) === undefined || kind(file[i]) === kind(c))) { j = i; used.add(i); }
      return j < 0 ? undefined : alignedTo(file[j], c, fill);
    });
  }
  if (isObject(channel) && isObject(file)) {
    const out: Loose = {};
    for (const k of Object.keys(channel)) out[k] = alignedTo(file[k], channel[k], fill);
    return out;
  }
  return file;
}

/**
 * `pulled` (a template as the channel or an export gives it, its URL samples whole: one environment's
 * host and all) with each URL button's sample (the template's and each carousel card's) in the form
 * `file` (the file it replaces) writes it, where the file writes the placeholder's value alone
 * (`example: A-1042`) and that value, in place of the pulled URL's `{{1}}`, is the pulled sample:
 * the value alone stands for the whole URL in every environment (docs/format.md, URL buttons), where
 * the whole URL of one would serve that one alone. A sample the file writes whole keeps its
 * references where they stood by referencesInPlace. The file's buttons are matched to the pulled
 * ones as alignedTo matches them. Pure: `pulled` is not changed.
 */
export function urlSamplesInFileForm<T>(pulled: T, file: unknown): T {
  if (!isObject(pulled) || !isObject(file)) return pulled;
  const aligned = alignedTo(file, pulled);
  if (!isObject(aligned)) return pulled;
  const inForm = (buttons: unknown, mine: unknown): unknown => {
    if (!Array.isArray(buttons) || !Array.isArray(mine)) return buttons;
    let out: unknown[] | undefined;
    buttons.forEach((b, i) => {
      const f = mine[i];
      if (!isObject(b) || !isObject(f) || b.type !== 'URL' || f.type !== 'URL') return;
      const { url, example } = b;
      const own = f.example;
      if (typeof url !== 'string' || typeof example !== 'string' || typeof own !== 'string' || own === example || !isValueAloneSample(own)) return;
      if (!/\{\{[^{}]*\}\}/.test(url) || wholeUrlSample(url, own) !== wholeUrlSample(url, example)) return;
      (out ??= [...buttons])[i] = { ...b, example: own };
    });
    return out ?? buttons;
  };
  let result: Loose = pulled;
  const buttons = inForm(pulled.buttons, aligned.buttons);
  if (buttons !== pulled.buttons) result = { ...result, buttons };
  if (Array.isArray(pulled.carousel) && Array.isArray(aligned.carousel)) {
    const mine = aligned.carousel;
    let changed = false;
    const cards = pulled.carousel.map((c, i) => {
      const f = mine[i];
      if (!isObject(c) || !isObject(f)) return c;
      const b = inForm(c.buttons, f.buttons);
      if (b === c.buttons) return c;
      changed = true;
      return { ...c, buttons: b };
    });
    if (changed) result = { ...result, carousel: cards };
  }
  return result as T;
}
