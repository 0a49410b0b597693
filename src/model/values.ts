// Pure: references to an environment's values in a template file, `((name))`, and their
// substitution. A template file says `flow_id: ((flow_id))` or `url: ((shop_host))/orders/{{1}}`;
// each environment of the config gives `values: { flow_id: "1234", shop_host: ... }`. A value
// read from an environment variable is a secret: where tplsync shows a template it shows
// `(secret)` in its place, and only the write body and the message sent carry the value.
//
// A reference is `((` NAME `))` with NAME as VALUE_NAME says, nothing in between (no spaces);
// anything else with brackets is plain text. A backslash right before a reference makes it
// literal text: `\((name))` is the text `((name))`.
import type { Loose } from './loose.js';

export { VALUE_NAME } from '../core/value-name.js';
/** what `(( … ))` holds to be a reference (the same as VALUE_NAME, unanchored) */
const REFERENCE = /(\\?)\(\(([A-Za-z][A-Za-z0-9_-]{0,63})\)\)/g;

/** What a secret value stands as in everything tplsync shows and writes. */
export const SECRET_MASK = '(secret)';

/** The top-level keys that identify a template: the same in every environment, never substituted. */
export const IDENTITY_KEYS: ReadonlySet<string> = new Set(['channel', 'name', 'language', 'category', 'publicId', '$schema']);

/** The keys whose string is an address: a reference that starts one stands, in lint, as an https URL. */
/** the keys that hold a phone number: an RCS dial action's, a WhatsApp call button's */
const PHONE_KEYS: ReadonlySet<string> = new Set(['phoneNumber', 'phone_number']);
const URL_KEYS: ReadonlySet<string> = new Set(['url', 'example', 'fileUrl', 'thumbnailUrl', 'postbackData', 'android_fallback_playstore_url', 'headerMediaUrl', 'mediaUrl']);

export interface Reference {
  name: string;
  /** offsets of `((` and after `))` in the string */
  start: number;
  end: number;
}

/** Whether the text may hold a reference (a cheap test before the scan). */
export const mayReference = (text: string): boolean => text.includes('((');

/** The references of one string, in order (escaped ones are not references). */
export function scanReferences(text: string): Reference[] {
  if (!mayReference(text)) return [];
  const out: Reference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    if (m[1]) continue;
    const start = m.index! + m[1]!.length;
    out.push({ name: m[2]!, start, end: start + m[0].length - m[1]!.length });
  }
  return out;
}

/** A reference with where it is: the path of its string in the template. */
export interface PlacedReference extends Reference { path: (string | number)[] }

/** Every reference of a template, at the path of its string (identity keys and mapping keys left out). */
export function templateReferences(t: Loose): PlacedReference[] {
  // most templates have none: found without building a path for every node
  if (!hasReferences(t)) return [];
  const out: PlacedReference[] = [];
  const walk = (v: unknown, path: (string | number)[]): void => {
    if (typeof v === 'string') { for (const r of scanReferences(v)) out.push({ ...r, path }); return; }
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, [...path, i])); return; }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (path.length || !IDENTITY_KEYS.has(k)) walk(x, [...path, k]);
  };
  walk(t, []);
  return out;
}

/** Whether any string of the template (identity keys aside) may hold a reference or an escaped one. */
export function hasReferences(t: Loose): boolean {
  const walk = (v: unknown, top: boolean): boolean => {
    if (typeof v === 'string') return mayReference(v);
    if (v === null || typeof v !== 'object') return false;
    if (Array.isArray(v)) {
      for (const x of v) if (walk(x, false)) return true;
      return false;
    }
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k) || (top && IDENTITY_KEYS.has(k))) continue;
      if (walk((v as Record<string, unknown>)[k], false)) return true;
    }
    return false;
  };
  return walk(t, true);
}

/** One value of an environment, as substituted. */
export interface ResolvedValue { value: string; secret: boolean }

/**
 * The text with each reference replaced by `replace(name)` and each escaped one by its literal
 * text. A reference `replace` has nothing for (undefined) is left as it is and named in `missing`.
 */
export function replaceReferences(text: string, replace: (name: string) => string | undefined, missing?: Set<string>): string {
  if (!mayReference(text)) return text;
  return text.replace(REFERENCE, (whole, esc: string, name: string) => {
    if (esc) return whole.slice(1);
    const v = replace(name);
    if (v === undefined) { missing?.add(name); return whole; }
    return v;
  });
}

/** a text that reads as a reference, escaped or not: written literal by a backslash before it */
const LITERAL_REFERENCE = /\(\(([A-Za-z][A-Za-z0-9_-]{0,63})\)\)/g;

/**
 * A template's texts as a file must write them to mean themselves: each `((name))` in them (a
 * platform's text that happens to hold one, `reply ((yes))`, `C:\temp\((x))`) preceded by a
 * backslash, so that no environment value is put in its place and a backslash before it stays
 * (replaceReferences gives the text back). What pull writes from a channel or an export.
 */
export function escapeLiteralReferences<T>(t: T): T {
  if (!hasReferences(t as Loose)) return t;
  return mapStrings(t as Loose, (s) => (mayReference(s) ? s.replace(LITERAL_REFERENCE, '\\$&') : s)) as T;
}

/** Maps every substitutable string of a template (identity keys and mapping keys left alone); unchanged parts are shared. */
export function mapStrings(t: Loose, f: (s: string, key: string | number | undefined) => string): Loose {
  const walk = (v: unknown, key: string | number | undefined, top: boolean): unknown => {
    if (typeof v === 'string') return f(v, key);
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x, i) => { const y = walk(x, i, false); if (y !== x) changed = true; return y; });
      return changed ? out : v;
    }
    if (v && typeof v === 'object') {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = top && IDENTITY_KEYS.has(k) ? x : walk(x, k, false);
        if (y !== x) changed = true;
        out[k] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(t, undefined, true) as Loose;
}

/** Thrown when a template refers to a value the environment does not have. */
export class MissingValuesError extends Error {
  override name = 'MissingValuesError';
  constructor(readonly names: string[]) { super(`no value for ${names.map((n) => `((${n}))`).join(', ')}`); }
}

/**
 * The template with the environment's values in place of its references (escaped references
 * become literal text). `mask`: secret values stand as SECRET_MASK (what previews and generated
 * types show); otherwise the values themselves (what is written and sent). Throws
 * MissingValuesError naming every reference the environment has no value for.
 */
export function substituteValues(t: Loose, lookup: (name: string) => ResolvedValue | undefined, o: { mask?: boolean; markSecrets?: boolean } = {}): Loose {
  if (!hasReferences(t)) return t;
  const missing = new Set<string>();
  const out = mapStrings(t, (s) => replaceReferences(s, (name) => {
    const v = lookup(name);
    return v === undefined ? undefined : !v.secret ? v.value : o.markSecrets ? `${MARK_OPEN}${name}${MARK_CLOSE}` : o.mask ? SECRET_MASK : v.value;
  }, missing));
  if (missing.size) throw new MissingValuesError([...missing].sort());
  return out;
}

/** where a secret stands in a template substituted with `markSecrets` (private-use characters no template holds) */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';
export const MARK = /\uE000[^\uE001]*\uE001/;

/** Pure: the names of the secrets marked in a template substituted with `markSecrets` (none: an empty set). */
export function markedSecretNames(t: unknown): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') { if (v.includes(MARK_OPEN)) for (const m of v.matchAll(/\uE000([^\uE001]*)\uE001/g)) out.add(m[1]!); }
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(t);
  return out;
}

/** A template substituted with `markSecrets`, each secret's mark written back as its reference `((name))`. */
export const marksAsReferences = (t: Loose): Loose => mapStrings(t, (s) => (s.includes(MARK_OPEN) ? s.replace(/\uE000([^\uE001]*)\uE001/g, '(($1))') : s));

/** Whether an address is lintStandIn's stand-in for one that starts with a reference (its host is the environment's to give). */
export const isStandInAddress = (s: string): boolean => /^https:\/\/v+\.io(?:[/?#]|$)/.test(s);

/**
 * The template as lint checks it, without an environment: an address that starts with a
 * reference (`url: ((shop_host))/orders/{{1}}`) stands as an https URL of about the same length,
 * so that the address rules judge the rest of it; a phone number that is one reference
 * (`phoneNumber: ((support_phone))`) stands as an E.164 number, an app id that is one reference
 * (`meta_app_id: ((android_app))`) as digits; any other reference stays as
 * written (text).
 */
export function lintStandIn(t: Loose): Loose {
  if (!hasReferences(t)) return t;
  return mapStrings(t, (s, key) => {
    // a phone number that is one reference (a support line per environment) stands as a plausible
    // E.164 number; the environment's value is checked when plan fills it in
    if (typeof key === 'string' && PHONE_KEYS.has(key)) {
      const refs = scanReferences(s);
      return refs.length === 1 && refs[0]!.start === 0 && refs[0]!.end === s.length ? '+15550100000' : s;
    }
    // so does an app id (a Meta app per environment) as digits
    if (key === 'meta_app_id') {
      const refs = scanReferences(s);
      return refs.length === 1 && refs[0]!.start === 0 && refs[0]!.end === s.length ? '100000000000000' : s;
    }
    if (typeof key !== 'string' || !URL_KEYS.has(key)) return s;
    const first = scanReferences(s)[0];
    if (!first || first.start !== 0) return s;
    // as long as the reference where it can be (from 12 characters), so that positions after it hold
    const len = first.end - first.start;
    return `https://${'v'.repeat(Math.max(1, len - 11))}.io${s.slice(first.end)}`;
  });
}
