// Pull keeps names: the channel knows only numbered placeholders, so the names of a pulled
// template come from the file it replaces (when the file says what the channel says), or with
// `--names-from meta FILE...` from a Meta export of the same templates (matched by name and
// language; a part whose placeholder count differs keeps its numbers and is reported: names are
// never guessed).
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { fromFile, normalizeMessage, type CanonicalTemplate, type PlaceholderNames } from '../model/canonical.js';
import { distinctKeys, NUMBERED, scanPlaceholders } from '../model/placeholders.js';
import { parseJsonFile } from './from-export.js';
import { namesFor, type HandNames, type SampleChange, type Words } from './positional-names.js';

/** a part that keeps its numbers, and why; `hand`: what to rename by hand (the numbers, the names, which stands where) */
export interface NamesMismatch { field: string; message: string; hand?: HandNames }

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);

/**
 * The templates of Meta exports (as template file values), by `name\0language`. Of a template given more than once (a
 * DELETED or REJECTED copy beside the APPROVED one), the copy pull --from would write: the most advanced review state
 * (from-export.ts STATUS_ORDER), of two in one state the first given; a deleted copy (DELETED, PENDING_DELETION) never
 * names anything, as pull --from writes none. Each copy not used goes to `notes`, said by the caller.
 */
export async function metaNameSource(files: readonly string[], cwd: string, notes: string[] = []): Promise<Map<string, Rec>> {
  const [{ metaTemplates, metaToFile }, { isDeletedState }, { notApproved, statusRank }] = await Promise.all([import('../formats/meta.js'), import('../core/template-state.js'), import('./from-export.js')]);
  const copies = new Map<string, { value: Rec; source: string; status?: string; json: string }[]>();
  for (const f of files) {
    const abs = path.resolve(cwd, f);
    const rel = path.relative(cwd, abs) || f;
    let items: ReturnType<typeof metaTemplates>;
    try { items = metaTemplates(parseJsonFile(abs, rel)); } catch (e) { throw e instanceof UsageError ? e : new UsageError(`${rel}: ${(e as Error).message}`); }
    for (const x of items) {
      const t = metaToFile(x.value, x.where, x.state);
      if (!t.name || !t.language) continue;
      const key = `${t.name}\u0000${t.language}`;
      const { status } = notApproved(rec(x.value)?.status, undefined);
      const all = copies.get(key) ?? [];
      all.push({ value: t.value, source: `${rel} ${x.where}`, ...(status ? { status } : {}), json: JSON.stringify(t.value) });
      copies.set(key, all);
    }
  }
  const out = new Map<string, Rec>();
  for (const [key, all] of copies) {
    const what = key.replace('\u0000', '/');
    const live = all.filter((c) => !isDeletedState(c.status));
    for (const c of all.filter((x) => isDeletedState(x.status))) notes.push(`${what} (${c.source}) in the --names-from export is deleted on the platform (${c.status}): its names are not used`);
    if (!live.length) continue;
    // the most advanced state first; of one state, the first given (a stable sort)
    const [chosen, ...others] = [...live].sort((a, b) => statusRank(a.status) - statusRank(b.status));
    out.set(key, chosen!.value);
    for (const c of others) {
      if (c.json === chosen!.json) continue;
      notes.push(statusRank(c.status) !== statusRank(chosen!.status)
        ? `${what} comes ${live.length === 2 ? 'twice' : `${live.length} times`} in the --names-from export, and the copies differ: the names are the ${chosen!.status ?? 'APPROVED'} copy's (${chosen!.source}), as pull --from would write it; this ${c.status ?? 'APPROVED'} copy's (${c.source}) are not used`
        : `${what} comes ${live.length === 2 ? 'twice' : `${live.length} times`} in the --names-from export, ${c.status ?? 'APPROVED'} each time, and the copies differ: the names are the first's (${chosen!.source}), not this one's (${c.source}): check which is the channel's current one`);
    }
  }
  return out;
}

/**
 * Pure: the names of the Meta template's parts for the canonical template's placeholders, only
 * where which number is which name is certain (positional-names.ts, the rule `pull --from` follows
 * over a named file): the channel's part and the export's have the same fixed text around their
 * placeholders and no sample says otherwise, or each of the channel's samples is the export's
 * sample of one name alone (`bySamples`: the texts differ, said), or each placeholder stands where the export has its name
 * with the same word beside it and no sample is the export's of another name (`byContext`, with the channel's samples
 * that are not the export's: a text edited around them, a sample with it; said). A part that cannot take its names
 * leaves the whole template numbered (`mismatches`, by field): a template is never part named, part
 * numbered, and names are never given by position alone.
 */
export function withMetaNames(c: CanonicalTemplate, meta: Rec, who: Words = { numbered: 'the channel\'s copy', named: 'the Meta export' }): { names: PlaceholderNames; mismatches: NamesMismatch[]; bySamples?: string[];
  /** the parts named by the words beside their placeholders (the texts differ), with the samples that are the channel's */
  byContext?: { field: string; samples: SampleChange[] }[] } {
  const mismatches: NamesMismatch[] = [];
  const bySamples: string[] = [];
  const byContext: { field: string; samples: SampleChange[] }[] = [];
  // the export's samples: a part's own, else the header's or the body's (one name, one meaning, in those)
  const top: Rec = { ...(rec(rec(meta.header)?.examples) ?? {}), ...(rec(rec(meta.body)?.examples) ?? {}) };
  const namesOf = (field: string, wireText: string | undefined, wireSamples: readonly (string | undefined)[], metaPart: unknown): string[] | undefined => {
    const metaText = typeof rec(metaPart)?.text === 'string' ? (rec(metaPart)!.text as string) : undefined;
    if (wireText === undefined || metaText === undefined) return undefined;
    const wire = distinctKeys(scanPlaceholders(wireText).placeholders);
    const want = wire.length;
    const keys = distinctKeys(scanPlaceholders(metaText).placeholders);
    if (!want && !keys.length) return undefined;
    // a file's names are numbered by first appearance: the channel's numbers must be in that order
    if (wire.some((k, i) => k !== String(i + 1))) { mismatches.push({ field, message: `the channel's placeholders (${wire.map((k) => `{{${k}}}`).join(' ')}) are not numbered in order of appearance: kept numbered` }); return undefined; }
    const own = rec(rec(metaPart)?.examples);
    const sampleOf = (name: string): string | undefined => {
      const v = own && Object.hasOwn(own, name) ? own[name] : Object.hasOwn(top, name) ? top[name] : undefined;
      return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
    };
    // a placeholder added or taken away: what to rename by hand, the numbers with the channel's samples beside the names with
    // theirs (a number paired only where its sample is one name's alone: never by place, which is what changed)
    if (keys.length !== want) {
      const named = keys.filter((k) => !NUMBERED.test(k));
      const sampleAt = (n: string): string | undefined => { const x = wireSamples[Number(n) - 1]; return x === undefined || x === '' ? undefined : x; };
      const pairs = wire.flatMap((n) => {
        const x = sampleAt(n);
        const fits = x === undefined ? [] : named.filter((k) => sampleOf(k) === x);
        return fits.length === 1 && wire.filter((m) => sampleAt(m) === x).length === 1 ? [{ number: n, name: fits[0]!, by: 'sample' as const }] : [];
      });
      const hand = named.length ? { numbers: wire.map((n) => ({ key: n, ...(sampleAt(n) !== undefined ? { sample: sampleAt(n)! } : {}) })), names: named.map((k) => ({ key: k, ...(sampleOf(k) !== undefined ? { sample: sampleOf(k)! } : {}) })), pairs } : undefined;
      mismatches.push({ field, message: `${who.named} has ${keys.length} placeholder${keys.length === 1 ? '' : 's'}, the channel's template ${want}: kept numbered`, ...(hand ? { hand } : {}) });
      return undefined;
    }
    if (keys.every((k) => NUMBERED.test(k))) return undefined;
    const examples: Rec = {};
    wireSamples.forEach((x, i) => { if (x !== undefined && x !== '') examples[String(i + 1)] = x; });
    const r = namesFor({ text: wireText, examples }, metaText, sampleOf, who);
    if ('why' in r) { mismatches.push({ field, message: `${r.why}: kept numbered`, hand: r.hand }); return undefined; }
    if (r.bySamples) bySamples.push(field);
    if (r.byContext) byContext.push({ field, samples: r.byContext.samples });
    return wire.map((n) => r.names.get(n) ?? '');
  };
  const out: PlaceholderNames = {};
  const body = namesOf('body', c.body.text || undefined, c.body.examples, meta.body);
  if (body) out.body = body;
  const h = rec(meta.header);
  if (c.header?.format === 'TEXT' && h?.format === 'TEXT') {
    const names = namesOf('header', c.header.text, [c.header.example], h);
    if (names) out.header = names;
  }
  const cards = Array.isArray(meta.carousel) ? meta.carousel : [];
  if (c.carousel) {
    const named = c.carousel.map((card, i) => (card.body ? namesOf(`carousel[${i}].body`, card.body.text, card.body.examples, rec(cards[i])?.body) : undefined));
    if (named.some(Boolean)) out.cards = named;
  }
  // an RCS message: its texts' names, the message's numbers being one list (shared with the body's)
  const metaMessage = rec(meta.message);
  if (c.message && metaMessage) {
    const m = messageNames(c, metaMessage, out.body, who);
    if (m.mismatches.length) mismatches.push(...m.mismatches);
    else if (m.names) out.message = m.names;
  }
  // one part that cannot take its names: the whole template stays numbered
  if (mismatches.length) return { names: {}, mismatches };
  return { names: out, mismatches, ...(bySamples.length ? { bySamples } : {}), ...(byContext.length ? { byContext } : {}) };
}

/**
 * Pure: for the canonical template read from the channel, the names of the file it replaces (or
 * the file the template lives in), when the file says what the channel says: every text the same
 * once the file's names are numbered. The file's message is then kept as written (with its
 * samples, which the read does not return) and so is its category. A template that changed on the
 * channel since the file keeps the channel's numbers (one placeholder style per template).
 */
export function withFileNames(c: CanonicalTemplate, file: Rec, channelId: string): { names?: PlaceholderNames; message?: Rec; category?: string; kept: boolean } {
  const { canonical: e, names: theirs } = fromFile(file, channelId, '');
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const channelMessage = c.message ? normalizeMessage(c.message) : undefined;
  const sameMessage = same(channelMessage, e.message);
  // the message's texts the same once numbered, where only other fields differ (a card's height, an expiry,
  // the order of its suggestions): the channel's message is written, with the file's names
  const messageTexts = !sameMessage && channelMessage !== undefined && e.message !== undefined && same(placeholderTexts(channelMessage), placeholderTexts(e.message));
  const kept = c.body.text === e.body.text
    && same(c.header?.format === 'TEXT' ? c.header.text : undefined, e.header?.format === 'TEXT' ? e.header.text : undefined)
    && same((c.carousel ?? []).map((x) => x.body?.text), (e.carousel ?? []).map((x) => x.body?.text))
    && (sameMessage || messageTexts);
  const category = typeof file.category === 'string' ? file.category : undefined;
  if (!kept) return { kept, ...(category ? { category } : {}) };
  // the names of the texts the file and the channel share (the message is kept as the file wrote it)
  const names: PlaceholderNames = {};
  if (theirs.body) names.body = theirs.body;
  if (c.header && theirs.header) names.header = theirs.header;
  if (c.carousel && theirs.cards) names.cards = c.carousel.map((card, i) => (card.body ? theirs.cards![i] : undefined));
  // (the message kept as the file wrote it has them too: a commit that says what the channel says gives them, changedSince)
  if ((messageTexts || sameMessage) && c.message && theirs.message) names.message = theirs.message;
  const message = sameMessage ? rec(file.message) : undefined;
  return { names, kept, ...(message && c.message ? { message } : {}), ...(category ? { category } : {}) };
}

/** The texts of a message that hold placeholders (compileMessage's: its own text, each card's title and description, the fallback's), by field. */
function messageTextFields(m: unknown): { field: string; text: string }[] {
  const r = rec(m);
  if (!r) return [];
  const out: { field: string; text: string }[] = [];
  if (typeof r.message === 'string') out.push({ field: 'message.message', text: r.message });
  if (Array.isArray(r.richCards)) {
    r.richCards.forEach((card, i) => {
      for (const key of ['title', 'description']) { const x = rec(card)?.[key]; if (typeof x === 'string') out.push({ field: `message.richCards[${i}].${key}`, text: x }); }
    });
  }
  const fallback = rec(r.fallback)?.text;
  if (typeof fallback === 'string') out.push({ field: 'message.fallback.text', text: fallback });
  return out;
}

/**
 * Pure: the names of an RCS message's numbered placeholders (by wire number: `names[n - 1]`), from a named message (the
 * file's), where which number is which name is certain: in a text of the message (its own, a card's title or
 * description, the fallback) whose fixed text around its placeholders is the named one's at the same place, each number
 * takes the name that stands where it does. The message's numbers are one list (a number means one value in each text,
 * after the body's: `bodyNames`), so a number named in one text is named in every other; a number no such text names,
 * or two texts that name it otherwise, leaves the message numbered (`mismatches`, by field).
 */
export function messageNames(c: CanonicalTemplate, named: Rec, bodyNames: readonly string[] | undefined, who: Words): { names?: string[]; mismatches: { field: string; message: string }[] } {
  const theirs = messageTextFields(c.message).map((x) => ({ ...x, keys: scanPlaceholders(x.text).placeholders.map((p) => p.key) })).filter((x) => x.keys.length);
  if (!theirs.length) return { mismatches: [] };
  const own = new Map(messageTextFields(named).map((x) => [x.field, x.text]));
  // a message the file numbers too: nothing to give back
  if (![...own.values()].some((t) => scanPlaceholders(t).placeholders.some((p) => !NUMBERED.test(p.key)))) return { mismatches: [] };
  const list = (keys: readonly string[]) => keys.map((k) => `{{${k}}}`).join(' ');
  const mismatches: { field: string; message: string }[] = [];
  // a file's names are numbered in order of first appearance (the body's, then the message's): the channel's must be in that order
  const order = distinctKeys([...scanPlaceholders(c.body.text).placeholders, ...theirs.flatMap((x) => scanPlaceholders(x.text).placeholders)]);
  if (order.some((k, i) => k !== String(i + 1))) return { mismatches: [{ field: 'message', message: `the channel's placeholders (${list(order)}) are not numbered in order of appearance: kept numbered` }] };
  const name = new Map<string, string>(), number = new Map<string, string>();
  bodyNames?.forEach((x, i) => { if (x) { name.set(String(i + 1), x); number.set(x, String(i + 1)); } });
  const unsure = new Map<string, { field: string; message: string }>();
  for (const { field, text, keys } of theirs) {
    const ownText = own.get(field);
    const e = scanPlaceholders(text), f = ownText === undefined ? undefined : scanPlaceholders(ownText);
    const fKeys = f?.placeholders.map((p) => p.key) ?? [];
    const same = f !== undefined && e.texts.length === f.texts.length && e.texts.every((t, i) => t === f.texts[i]);
    if (!same) {
      const message = ownText === undefined ? `${who.named} has no such text, ${who.numbered} has ${list(keys)}` : `the text around the placeholders is not ${who.named}'s (${list(keys)} where ${who.named} has ${list(fKeys)})`;
      for (const k of keys) if (!unsure.has(k)) unsure.set(k, { field, message });
      continue;
    }
    keys.forEach((n, i) => {
      const x = fKeys[i]!;
      if (NUMBERED.test(x)) { if (x !== n) mismatches.push({ field, message: `${who.named} has {{${x}}} where ${who.numbered} has {{${n}}}` }); return; }
      if ((name.get(n) ?? x) !== x || (number.get(x) ?? n) !== n) { mismatches.push({ field, message: `{{${n}}} stands where ${who.named} has {{${x}}}, which ${who.named} gives another place elsewhere` }); return; }
      name.set(n, x); number.set(x, n);
    });
  }
  const numbers = order.filter((k) => theirs.some((x) => x.keys.includes(k)));
  for (const n of numbers) if (!name.has(n) && unsure.has(n) && !mismatches.some((m) => m.field === unsure.get(n)!.field)) mismatches.push(unsure.get(n)!);
  if (mismatches.length) return { mismatches };
  if (!numbers.some((n) => name.has(n))) return { mismatches: [] };
  const max = Math.max(...numbers.map(Number));
  return { names: Array.from({ length: max }, (_, i) => name.get(String(i + 1)) ?? ''), mismatches: [] };
}

/** the keys of a message's texts (its own text, a card's title and description, a suggestion's and the fallback's text) */
const TEXT_KEYS = new Set(['message', 'title', 'description', 'text']);

/** The texts of a message, in the order they stand (keys sorted): what its names are given to; its other fields (a card's height, an expiry, a URL) left out. */
function placeholderTexts(m: unknown): string[] {
  const out: string[] = [];
  const walk = (x: unknown, key: string): void => {
    if (typeof x === 'string') { if (TEXT_KEYS.has(key)) out.push(x); }
    else if (Array.isArray(x)) x.forEach((y) => walk(y, key));
    else if (x && typeof x === 'object') for (const k of Object.keys(x).sort()) walk((x as Record<string, unknown>)[k], k);
  };
  walk(m, '');
  return out;
}

/**
 * Pure: the samples the file gives its message's placeholders, by the number each has on the wire
 * (the file's names numbered in the order the file first uses them): what a pulled RCS message
 * keeps where the read returns none and the channel's copy still has that number.
 */
export function fileMessageSamples(file: Rec, channelId: string, named?: readonly string[]): Record<string, string> {
  const { canonical, names, samples } = fromFile(file, channelId, '');
  if (!canonical.message || !samples) return {};
  // the names the channel's numbers were given (which may number them otherwise than the file): each number's name's sample
  if (named?.length) return Object.fromEntries(named.flatMap((name, i) => (name && Object.hasOwn(samples, name) ? [[String(i + 1), samples[name]!]] : [])));
  const numbers = [...new Set([...JSON.stringify(canonical.message).matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const out: Record<string, string> = {};
  numbers.forEach((n, i) => {
    const name = names.message?.[i] ?? String(n);
    if (Object.hasOwn(samples, name)) out[String(n)] = samples[name]!;
  });
  return out;
}
