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
const URL_KEYS: ReadonlySet<string> = new Set(['url', 'example', 'fileUrl', 'thumbnailUrl', 'postbackData', 'android_fallback_playstore_url', 'headerMediaUrl', 'mediaUrl', 'previewUrl']);

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
export function mapStrings(t: Loose, f: (s: string, key: string | number | undefined, parent: unknown, path: readonly (string | number)[]) => string): Loose {
  // the path is built only for a callback that reads it (lintStandIn's), and then only down to strings that may hold a reference
  const wantsPath = f.length >= 4;
  const walk = (v: unknown, key: string | number | undefined, top: boolean, parent: unknown, path: (string | number)[]): unknown => {
    if (typeof v === 'string') return f(v, key, parent, path);
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x, i) => { const y = walk(x, i, false, v, wantsPath ? [...path, i] : path); if (y !== x) changed = true; return y; });
      return changed ? out : v;
    }
    if (v && typeof v === 'object') {
      let changed = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const y = top && IDENTITY_KEYS.has(k) ? x : walk(x, k, false, v, wantsPath ? [...path, k] : path);
        if (y !== x) changed = true;
        out[k] = y;
      }
      return changed ? out : v;
    }
    return v;
  };
  return walk(t, undefined, true, undefined, []) as Loose;
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

/** lintStandIn's stand-in for a time that is one reference: an RFC 3339 time far away, of no environment */
const STAND_IN_TIME = '2999-01-01T00:00:00Z';

/**
 * Whether a time is lintStandIn's stand-in for a reference: its form is judged, but a rule that compares it with another
 * field (an event's start before its end) has nothing to compare (the environment's value is judged by lint --env and plan).
 */
export const isStandInTime = (s: string): boolean => s === STAND_IN_TIME;

/** the name of the one reference the string is and nothing else (`((name))`: its whole form and length are the environment's value), else undefined */
const wholeReference = (s: string): string | undefined => {
  const refs = scanReferences(s);
  return refs.length === 1 && refs[0]!.start === 0 && refs[0]!.end === s.length ? refs[0]!.name : undefined;
};

/**
 * What a field that is one reference, `((name))`, stands as in lint without an environment: a
 * plausible value of the field's form and length, so that a rule judging the form or the length
 * judges no reference's own text (whose length is its name's); lint --env, plan and apply judge
 * the environment's value there. Undefined: the reference stays as written (a text around it,
 * or a field no rule judges the form of).
 */
/** a value's name as a label of at most 12 characters: itself, or its start and 4 characters of its own (two names, two labels) */
function shortLabel(name: string): string {
  if (name.length <= 12) return name;
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return `${name.slice(0, 7)}_${(h % 1679616).toString(36).padStart(4, '0')}`;
}

function wholeValueStandIn(name: string, key: string | number | undefined, parent: unknown, path: readonly (string | number)[]): string | undefined {
  if (typeof key !== 'string') return undefined;
  // a phone number (a support line per environment): a plausible E.164 number
  if (PHONE_KEYS.has(key)) return '+15550100000';
  // an app (a Meta app, an Android build per environment: staging signs with its own key)
  if (key === 'meta_app_id') return '100000000000000';
  if (key === 'package_name') return 'com.example.app';
  if (key === 'signature_hash') return 'AAAAAAAAAAA';
  if (key === 'android_deep_link') return 'app://link';
  const p = parent && typeof parent === 'object' && !Array.isArray(parent) ? (parent as Record<string, unknown>) : undefined;
  // a copy-code button's code (a promotion code per environment): a code of the platform's length
  if (key === 'example' && p?.type === 'COPY_CODE') return 'CODE25';
  // an RCS calendar event's times: a valid time, which no rule compares with the event's other time (isStandInTime)
  if (key === 'startTime' || key === 'endTime') return STAND_IN_TIME;
  // a label or a short text with a length limit (a button's or chip's label, an autofill label, a text header, the
  // offer's headline, the footer): a short text made of the value's name (two labels that are one value are the same
  // label in every environment, two values are two labels); the body's and a card's texts stay as written
  const up = path[path.length - 2];
  if ((key === 'text' && up !== 'body') || key === 'autofill_text' || (key === 'footer' && path.length === 1)) return shortLabel(name);
  return undefined;
}

/**
 * The template as lint checks it, without an environment: an address that starts with a
 * reference (`url: ((shop_host))/orders/{{1}}`) stands as an https URL of about the same length,
 * so that the address rules judge the rest of it; a field that is one reference stands as a
 * plausible value of its form (wholeValueStandIn: a phone number as an E.164 number, an app id as
 * digits, an Android package and signature hash, a deep link, a coupon code, an event's times, a
 * label); any other reference stays as written (text).
 */
export function lintStandIn(t: Loose): Loose {
  if (!hasReferences(t)) return t;
  return standIns(t, () => {});
}

/**
 * A finding's message of the template as lint checked it (lintStandIn) with each address's stand-in
 * start (`https://vv.io`) written back as the reference the file has there (`((shop_host))`): a
 * message quotes the file, not a host it never held (verify-19 N2). A stand-in two references of one
 * length share is left as it is.
 */
export function unStandIn(t: Loose): (message: string) => string {
  const back = new Map<string, string | null>();
  standIns(t, (standIn, written) => { const had = back.get(standIn); back.set(standIn, had === undefined || had === written ? written : null); });
  // the longest first, so that a shorter stand-in never cuts a longer one (https://vv.io inside https://vvv.io cannot: the dot follows)
  const pairs = [...back].filter((x): x is [string, string] => x[1] !== null).sort((a, b) => b[0].length - a[0].length);
  if (!pairs.length) return (m) => m;
  return (m) => pairs.reduce((acc, [standIn, written]) => (acc.includes(standIn) ? acc.split(standIn).join(written) : acc), m);
}

function standIns(t: Loose, saw: (standIn: string, written: string) => void): Loose {
  return mapStrings(t, (s, key, parent, path) => {
    const whole = wholeReference(s);
    if (whole) {
      const standIn = wholeValueStandIn(whole, key, parent, path);
      if (standIn !== undefined) return standIn;
    }
    // a copy-code button's `example` is a code, not an address
    if (typeof key !== 'string' || !URL_KEYS.has(key) || (key === 'example' && (parent as Record<string, unknown> | undefined)?.type === 'COPY_CODE')) return s;
    const first = scanReferences(s)[0];
    if (!first || first.start !== 0) return s;
    // as long as the reference where it can be (from 12 characters), so that positions after it hold
    const len = first.end - first.start;
    const standIn = `https://${'v'.repeat(Math.max(1, len - 11))}.io`;
    saw(standIn, s.slice(0, first.end));
    return `${standIn}${s.slice(first.end)}`;
  });
}
