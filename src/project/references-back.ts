// Pure: where a pulled text takes back the file's references. The file wrote `((shop_host))/help`
// in a sentence that also writes the staging host literally; the channel's copy of the sentence,
// edited since, holds the environment's value in both places. Only the place the file's reference
// stood is the reference again: the two texts are aligned character by character (the file's with
// its references filled in), and each reference's span is followed into the channel's text.
import { diffChars } from 'diff';
import { scanReferences } from '../model/values.js';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `channel`'s text with `((name))` in place of the value where `mine` (the file's text at the same
 * place) has the reference `((name))` and the channel's text, aligned with it, holds one of
 * `values.get(name)` (this environment's first, then other environments'); a literal the file
 * wrote stays literal, wherever it now stands. `used` hears each value put back as a reference.
 */
export function referencesInPlace(channel: string, mine: string, values: ReadonlyMap<string, readonly string[]>, used?: (name: string, value: string) => void): string {
  const refs = scanReferences(mine).filter((r) => values.has(r.name));
  if (!refs.length) return channel;
  // the file's text as this environment reads it, and where each reference's value stands in it
  let expanded = '';
  let last = 0;
  const spans: { a: number; b: number; name: string }[] = [];
  for (const r of refs) {
    expanded += mine.slice(last, r.start);
    const value = values.get(r.name)![0]!;
    spans.push({ a: expanded.length, b: expanded.length + value.length, name: r.name });
    expanded += value;
    last = r.end;
  }
  expanded += mine.slice(last);
  if (expanded === channel) return replaceSpans(channel, spans.map((x) => ({ from: x.a, to: x.b, name: x.name })), values, used);
  // map[i]: where character i of the file's text stands in the channel's, -1 where it is not there
  const map = new Int32Array(expanded.length + 1).fill(-1);
  let ei = 0;
  let ci = 0;
  for (const part of diffChars(expanded, channel)) {
    const n = part.value.length;
    if (part.added) { ci += n; continue; }
    if (part.removed) { ei += n; continue; }
    for (let k = 0; k < n; k++) map[ei + k] = ci + k;
    ei += n; ci += n;
  }
  const found: { from: number; to: number; name: string }[] = [];
  for (const { a, b, name } of spans) {
    let whole = map[a]! >= 0;
    for (let k = a + 1; whole && k < b; k++) whole = map[k] === map[a]! + (k - a);
    if (whole && standsWhole(channel, map[a]!, map[a]! + (b - a))) { found.push({ from: map[a]!, to: map[a]! + (b - a), name }); continue; }
    // the value changed in place (another environment's, in an export of its account; one host the start of another's):
    // what the channel holds between the nearest characters that stand either side of the reference, when that is one of
    // the name's values
    let l = a - 1;
    while (l >= 0 && map[l]! < 0) l--;
    let r = b;
    while (r < expanded.length && map[r]! < 0) r++;
    const from = l < 0 ? 0 : map[l]! + 1;
    const to = r >= expanded.length ? channel.length : map[r]!;
    if (to >= from && values.get(name)!.includes(channel.slice(from, to))) found.push({ from, to, name });
  }
  return replaceSpans(channel, found, values, used);
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
export function alignedTo(file: unknown, channel: unknown): unknown {
  if (Array.isArray(channel) && Array.isArray(file)) {
    const used = new Set<number>();
    const key = (o: unknown): string | undefined => (isObject(o) && typeof o.text === 'string' ? JSON.stringify([o.type ?? o.action ?? '', o.text]) : undefined);
    const pick = channel.map((c) => {
      const k = key(c);
      const j = k === undefined ? -1 : file.findIndex((f, i) => !used.has(i) && key(f) === k);
      if (j >= 0) used.add(j);
      return j;
    });
    return channel.map((c, i) => {
      let j = pick[i]!;
      if (j < 0 && i < file.length && !used.has(i)) { j = i; used.add(i); }
      return j < 0 ? undefined : alignedTo(file[j], c);
    });
  }
  if (isObject(channel) && isObject(file)) {
    const out: Loose = {};
    for (const k of Object.keys(channel)) out[k] = alignedTo(file[k], channel[k]);
    return out;
  }
  return file;
}
