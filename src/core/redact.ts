// The one gate where text leaves the process: every write to stdout and stderr (and the report
// files that carry server messages) passes `redact`, which replaces each registered secret (the
// API keys of the config's environments, GITHUB_TOKEN) with [redacted], whatever a server echoed:
// the whole key, in any letter case, or any piece of it of 8 characters or more. A key of 4 to 7
// characters is masked whole only (in another letter case where it stands alone); a shorter one not. The secret
// values of the environments (`values: { name: { env: VAR } }`) show as `(secret)` where they
// appear whole (as written, or in another letter case where they stand alone), and as [redacted] where a piece of 8 or more of one of their runs of letters,
// digits, - and _ does (a value's `https://` or `.example` is no secret of its own) and holds a
// digit, - or _ (a piece of letters alone is a piece of a word: masking it would mask tplsync's
// own words and tell which words the value holds).
// The project's own names are no secret (addPublicTexts: the environments', channel aliases', the
// template files' names and ids, the base URLs' hosts, from the config and the files, never from a
// key): a run of a secret's characters that lies wholly inside one of them where it stands (the
// environment `production` beside a key `key-production-…`) is left; a run that reaches past it
// (a piece of the key with `production` in it) is masked whole, and so is a whole key, always.
// A key is also masked in what a server or a gateway makes of it when it echoes it (keyEchoForms):
// reversed, and base64-encoded (standard and URL-safe, with and without its padding, and the part of
// a longer base64 text that encodes the key, whatever its alignment there, as GitHub Actions masks
// a registered secret: `Basic base64(user:key)` from a proxy's error). Each such form is masked as
// the key is: a key of 8 characters or more whole or by any 8 of the form's characters in a row,
// in any letter case; one of 4 to 7 whole only.

import { randomBytes } from 'node:crypto';
import { io, runState, type OutStream } from './io.js';

/** Shorter values are not redacted by their pieces: they would mask ordinary words (and are no real keys). */
export const MIN_SECRET_LENGTH = 8;

/**
 * An API key of 4 to 7 characters (`dev-key`, a local emulator's) is masked whole only: as written
 * wherever it appears, and in another letter case where it stands alone (not inside a longer word);
 * a piece of it is not. A key of fewer than 4 characters is not masked at all (it would mask words).
 */
export const MIN_SHORT_KEY_LENGTH = 4;

export const REDACTED = '[redacted]';

/** Environment variables whose values are secrets in every command. */
export const SECRET_ENV_VARS: readonly string[] = ['GITHUB_TOKEN', 'GH_TOKEN', 'TPLSYNC_API_KEY'];

/**
 * The registry of a run (core/io.ts runState): the secrets the process registered, or those of
 * one in-process run, which leaves none behind for the next.
 */
interface Registry {
  secrets: Set<string>;
  /** the 4- and 8-character windows of every registered form, in ASCII lower case */
  grams4: Set<string>;
  grams8: Set<string>;
  /** the forms of the secret values, longest first: each replaced whole by SECRET_VALUE_MASK before the pieces are looked for */
  wholeValues: string[];
  /**
   * the windows of the digits of every secret that is mostly a number (8 or more digits), each as long as the secret's
   * digits but at most DIGIT_WINDOW: a number written with other separators (+44 7700 900123). Long enough that a date
   * (8 digits) never matches a phone number's windows.
   */
  digits8: Set<string>;
  /** the 8-character windows of the API keys alone (lower case): what no template may hold (holdsKey) */
  keyGrams8: Set<string>;
  /** the forms of the keys of 4 to 7 characters (MIN_SHORT_KEY_LENGTH), longest first: masked whole, in any letter case where they stand alone */
  shortKeys: string[];
  /** the forms of the keys of 8 characters or more (lower case): no public text that holds one is taken for public (publicRuns) */
  keyForms: Set<string>;
  /** the texts the project declares publicly (addPublicTexts) */
  publicTexts: Set<string>;
  /** those of them that share a window with a secret, none holding a whole key, in lower case; undefined: to be worked out again (a secret or a text was added) */
  publicHits?: string[];
}
const REGISTRY = Symbol('secrets');
const registry = (): Registry => runState(REGISTRY, () => ({ secrets: new Set(), grams4: new Set(), grams8: new Set(), wholeValues: [], digits8: new Set(), keyGrams8: new Set(), shortKeys: [], keyForms: new Set(), publicTexts: new Set() }));

/**
 * Declares texts the project itself writes as names (an environment's, a channel alias and its id,
 * a value's, a template file's name and id, a base URL's host, a variable's name): texts of the
 * config and of the template files, which are in the repository, never a key's or a server's.
 * A run of a secret's characters in an output is left where it lies wholly inside one of them as
 * the output writes it (in any letter case): it shows nothing the config or the files do not (an
 * environment `production` when the key is `key-production-…`). A run that reaches past it, and
 * a whole key wherever it stands, is masked as before; a text that holds a whole key is never
 * taken for public (a key pasted into the config). Texts shorter than 8 characters hold no run.
 */
export function addPublicTexts(texts: Iterable<string | undefined>): void {
  const r = registry();
  for (const t of texts) {
    if (typeof t !== 'string' || t.length < MIN_SECRET_LENGTH || r.publicTexts.has(t)) continue;
    r.publicTexts.add(t);
    r.publicHits = undefined;
  }
}

/** the public texts that hold a run of a registered secret (and no whole key), in lower case */
function publicHits(r: Registry): string[] {
  if (r.publicHits) return r.publicHits;
  const hits = new Set<string>();
  for (const t of r.publicTexts) {
    const l = lowerAscii(t);
    if (hits.has(l) || [...r.keyForms].some((k) => l.includes(k))) continue;
    for (let i = 0; i + MIN_SECRET_LENGTH <= l.length; i++) if (r.grams8.has(l.slice(i, i + MIN_SECRET_LENGTH))) { hits.add(l); break; }
  }
  return (r.publicHits = [...hits]);
}

/**
 * `covered` (the characters of `lower` inside a run of a secret's windows) with each run that lies
 * wholly inside one occurrence of a public text taken out; undefined when none is left. A run is
 * judged whole: one that reaches past the public text, or spans two of them, stays masked whole.
 */
function withoutPublicRuns(lower: string, covered: Uint8Array): Uint8Array | undefined {
  const r = registry();
  const hits = r.publicTexts.size ? publicHits(r) : [];
  let left = false;
  for (let i = 0; i < covered.length; i++) {
    if (!covered[i] || (i > 0 && covered[i - 1])) continue;
    let end = i;
    while (end < covered.length && covered[end]) end++;
    if (hits.some((h) => insideOccurrence(lower, h, i, end))) covered.fill(0, i, end);
    else left = true;
    i = end - 1;
  }
  return left ? covered : undefined;
}

/** whether `lower[from, to)` lies inside an occurrence of `h` in `lower` */
function insideOccurrence(lower: string, h: string, from: number, to: number): boolean {
  if (to - from > h.length) return false;
  // the occurrences that could hold it start between to - h.length and from
  for (let at = lower.indexOf(h, Math.max(0, to - h.length)); at >= 0 && at <= from; at = lower.indexOf(h, at + 1)) if (at + h.length >= to) return true;
  return false;
}

/**
 * Whether `text` holds an API key registered as one, or 8 characters of it in a row in any letter
 * case: a template's text that does would send the key to customers (a secret value of the
 * environment is not one: a template refers to those on purpose).
 */
export function holdsKey(text: string): boolean {
  const { keyGrams8, shortKeys } = registry();
  // a short key (4 to 7 characters) as written
  if (shortKeys.some((k) => text.includes(k))) return true;
  if (keyGrams8.size === 0 || text.length < MIN_SECRET_LENGTH) return false;
  const has = (s: string): boolean => {
    const l = lowerAscii(s);
    let covered: Uint8Array | undefined;
    for (let i = 0; i + MIN_SECRET_LENGTH <= l.length; i++) if (keyGrams8.has(l.slice(i, i + MIN_SECRET_LENGTH))) (covered ??= new Uint8Array(l.length)).fill(1, i, i + MIN_SECRET_LENGTH);
    // (a run of the key inside one of the project's own names, as the output leaves it: no piece of the key)
    return covered !== undefined && withoutPublicRuns(l, covered) !== undefined;
  };
  if (has(text)) return true;
  // a key written into a URL percent-encoded (`k%2B%2FAb9Zq%3D%3D` for `k+/Ab9Zq==`), or as a form encodes a space
  if (!text.includes('%') && !text.includes('+')) return false;
  return has(percentDecoded(text)) || has(percentDecoded(text.replace(/\+/g, ' ')));
}

/** `text` with each %XX decoded where it decodes (a malformed escape left as written) */
function percentDecoded(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (m) => { try { return decodeURIComponent(m); } catch { return m; } });
}

/** ASCII lower case: same length as the input, so positions carry over (keys are ASCII) */
const lowerAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** What a secret value of an environment (`values: { x: { env: VAR } }`) stands as: the whole value, wherever it appears. */
export const SECRET_VALUE_MASK = '(secret)';

/** the most digits of a secret a number must share, in a row, to be masked as it (a phone number's 10; a date has 8) */
const DIGIT_WINDOW = 10;

/**
 * Registers a secret (and the forms it takes inside JSON, URLs and HTML). Too-short or absent values
 * are ignored. `as: 'value'`: a secret value of an environment, which shows as `(secret)` where it
 * appears whole as written, or in another letter case where it stands alone (a piece of it with a digit, - or _ still shows as [redacted]).
 */
export function addSecret(value: string | undefined, as: 'key' | 'value' = 'key'): void {
  // white space is no secret of its own (a value of spaces would mask the output's indentation)
  if (!value) return;
  const solid = value.replace(/\s/g, '').length;
  if (solid < MIN_SECRET_LENGTH) {
    // a short key (a local emulator's `dev-key`): masked whole, never by its pieces (MIN_SHORT_KEY_LENGTH), and so are
    // its reversal and base64 forms (those long enough to be masked whole)
    if (as === 'key' && solid >= MIN_SHORT_KEY_LENGTH) {
      const r = registry();
      const forms = [value, ...keyEchoForms(value).filter((f) => f.length >= MIN_SHORT_KEY_LENGTH)]
        .flatMap((v) => [v, JSON.stringify(v).slice(1, -1), encodeURIComponent(v)]).filter((f) => !r.secrets.has(f));
      for (const f of forms) r.secrets.add(f);
      r.shortKeys = [...new Set([...r.shortKeys, ...forms])].sort((a, b) => b.length - a.length);
    }
    return;
  }
  if (as === 'key') for (const echo of keyEchoForms(value)) addForms(echo, 'key');
  addForms(value, as);
}

/**
 * What a server, a proxy or a gateway makes of a key when it echoes it, beside the key itself: the key reversed, and
 * base64-encoded, in the standard and the URL-safe alphabet: the key alone (with its padding and without), and the
 * characters that encode the key alone inside a longer base64 text, for each of the three places the key can start at
 * within a group of three bytes (`Basic base64("user:" + key)`; the characters at either end that encode bytes of the
 * text around it too are left out, as GitHub Actions leaves them for a registered secret).
 */
export function keyEchoForms(key: string): string[] {
  const bytes = Buffer.from(key, 'utf8');
  const out = new Set<string>([[...key].reverse().join('')]);
  const urlSafe = (b: string): string => b.replace(/\+/g, '-').replace(/\//g, '_');
  const whole = bytes.toString('base64');
  for (const b of [whole, whole.replace(/=+$/, '')]) { out.add(b); out.add(urlSafe(b)); }
  for (let shift = 0; shift < 3; shift++) {
    // the key after `shift` bytes of a text: the characters from the first whose six bits are all the key's to the last
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    const inner = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6));
    out.add(inner);
    out.add(urlSafe(inner));
  }
  out.delete(key);
  return [...out];
}

/** registers `value` and the forms it takes inside JSON, URLs and HTML (addSecret: a value of 8 characters or more) */
function addForms(value: string, as: 'key' | 'value'): void {
  const html = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const forms = [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value), html];
  // the value without its separators: what a rule's message makes of a phone number (+44 7700 900 123 as +447700900123),
  // masked whole (its pieces are the digits' windows below: a piece of 8 would mask a date, 20261129)
  const compact = value.replace(/[\s().-]/g, '');
  const r = registry();
  const { secrets, grams4, grams8 } = r;
  // a value that is mostly a number (a phone number): its digits, whatever separates them, as a platform writes it again in its own groups
  const digits = value.replace(/[^0-9]/g, '');
  if (as === 'value' && digits.length >= MIN_SECRET_LENGTH && digits.length * 2 >= value.replace(/\s/g, '').length) {
    const w = Math.min(digits.length, DIGIT_WINDOW);
    for (let i = 0; i + w <= digits.length; i++) r.digits8.add(digits.slice(i, i + w));
  }
  if (as === 'value') {
    const whole = compact !== value && compact.length >= MIN_SECRET_LENGTH ? [...forms, compact] : forms;
    r.wholeValues = [...new Set([...r.wholeValues, ...whole])].sort((a, b) => b.length - a.length);
  }
  for (const f of forms) {
    if (secrets.has(f)) continue;
    secrets.add(f);
    // a key is random throughout: any piece of it is its. A secret value is often a text around a
    // secret (https://HOSTSECRET.example): its pieces are those within its runs of letters, digits,
    // `-` and `_` (secret-line, A-1042_x), so that https:// or .example elsewhere is not masked
    for (const run of as === 'value' ? f.match(/[A-Za-z0-9_-]{8,}/g) ?? [] : [f]) {
      const l = lowerAscii(run);
      for (let i = 0; i + MIN_SECRET_LENGTH <= l.length; i++) {
        // a value's window of letters alone is a piece of a word (a value made of words holds `template`,
        // `characters`): masking it would mask tplsync's own words, and tell which words the value holds;
        // the value whole, and its pieces with a digit, - or _, stay masked
        // (a window of digits alone stays masked: the digits of SPRING-44770090 are its secret part, even
        // where they stand alone; a number in the output that shares 8 of them is masked with them)
        if (as === 'value' && /^[A-Za-z]+$/.test(run.slice(i, i + MIN_SECRET_LENGTH))) continue;
        // in any letter case, a value's pieces too (unlike its whole, which is matched in another case only where it
        // stands alone): a piece is what a server or a URL parser echoes of a value, and they change its case (a host
        // is lower-cased: HOST-2026.example becomes host-2026.example); a piece holds a digit, - or _, so no word is one
        grams8.add(l.slice(i, i + MIN_SECRET_LENGTH));
        if (as === 'key' && f === value) r.keyGrams8.add(l.slice(i, i + MIN_SECRET_LENGTH));
      }
      for (let i = 0; i + 4 <= l.length; i++) grams4.add(l.slice(i, i + 4));
    }
    if (as === 'key') r.keyForms.add(lowerAscii(f));
  }
  // the public texts that hold a run of it are worked out again
  r.publicHits = undefined;
}

/** Pure given the registry: every string in `v` (a template's file view) with each whole secret value replaced by `(secret)`, before it is laid out in lines (a multi-line value split across a diff's lines is no longer whole) */
export function maskSecretValues<T>(v: T): T {
  const { wholeValues } = registry();
  if (!wholeValues.length) return v;
  const mask = (x: unknown): unknown => {
    if (typeof x === 'string') { let t = x; for (const w of wholeValues) if (t.includes(w)) t = t.split(w).join(SECRET_VALUE_MASK); return t; }
    if (Array.isArray(x)) return x.map(mask);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, mask(y)]));
    return x;
  };
  return mask(v) as T;
}

/** Pure given the registry: the registered secret values (`addSecret(…, 'value')`, in each of their forms) that `text` holds whole. */
export function secretValuesIn(text: string): string[] {
  return registry().wholeValues.filter((w) => text.includes(w));
}

/**
 * The marks around an identifier in an output (a template's name, id, language, channel alias, file):
 * `redact` masks no secret value inside them (a value that is also a template's name masked the name,
 * `wa/(secret)/en_US`, though the name is in the files and in git), only an API key, and takes the
 * marks out. Private-use characters around a random word of this process: no template text can hold
 * them (a text that wrote them would unmask a value), and the gate takes out any it finds.
 */
const MARK = randomBytes(6).toString('hex');
const OPEN = `\uE000${MARK}\uE001`;
const CLOSE = `\uE001${MARK}\uE000`;

/** Whether any secret value of an environment is registered (then identifiers are marked, and a report rendered by an earlier run, unmarked, is not given again). */
export function secretValuesRegistered(): boolean {
  return registry().wholeValues.length > 0;
}

/** `s` marked as an identifier for the output gate (see OPEN), when any secret value is registered (else `s`). */
export function asIdentifier(s: string): string {
  return registry().wholeValues.length ? `${OPEN}${s}${CLOSE}` : s;
}

/** The identifier fields of an entry of a plan or a report (its channel, name, language, ids, file), marked for the output gate as idOf marks a key. */
export function identifierFields<T extends { channel?: string; name?: string; language?: string; publicId?: string; channelId?: string; file?: string; error?: string }>(x: T): T {
  const out = { ...x };
  for (const k of ['channel', 'name', 'language', 'publicId', 'channelId', 'file'] as const) if (typeof out[k] === 'string') (out as Record<string, unknown>)[k] = asIdentifier(out[k]);
  // an error's text quotes the entry's ids (a request's path, POST /channel/ID/template/ID): those are identifiers there too
  if (typeof out.error === 'string') (out as Record<string, unknown>).error = identifiersMarkedIn(out.error, [x.publicId, x.channelId]);
  return out;
}

/** The keys whose string values are identifiers in every JSON a command writes (a template's channel alias, name, language, ids, file; a SARIF location's uri). */
export const IDENTIFIER_KEYS: ReadonlySet<string> = new Set(['channel', 'name', 'language', 'publicId', 'channelId', 'templateId', 'file', 'uri']);

/**
 * `v` with every string under an identifier key (IDENTIFIER_KEYS), at any depth, marked for the output gate (asIdentifier):
 * what every JSON writer of a command passes its document through, so that no output names a template, a file or an id masked
 * as a secret value equal to it (or to a part of it), while every other string (a text, a message) is masked as before.
 */
export function identifiersMarked<T>(v: T): T {
  if (!registry().wholeValues.length) return v;
  const mark = (x: unknown, key?: string): unknown => {
    if (typeof x === 'string') return key !== undefined && IDENTIFIER_KEYS.has(key) ? asIdentifier(x) : x;
    if (Array.isArray(x)) return x.map((y) => mark(y));
    if (x && typeof x === 'object' && (Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, mark(y, k)]));
    return x;
  };
  return mark(v) as T;
}

/** `text` with each occurrence of one of `ids` (a template's ids, as an error text quotes them in a path) marked as an identifier. */
export function identifiersMarkedIn(text: string, ids: readonly (string | undefined)[]): string {
  if (!registry().wholeValues.length) return text;
  let out = text;
  for (const id of [...new Set(ids.filter((x): x is string => !!x && x.length >= 4))].sort((a, b) => b.length - a.length)) out = out.split(id).join(asIdentifier(id));
  return out;
}

/** `text` without identifier marks (what a value compared or hashed holds). */
export function withoutIdentifierMarks(text: string): string {
  return text.includes(OPEN) || text.includes(CLOSE) ? text.split(OPEN).join('').split(CLOSE).join('') : text;
}

/** Registers the values of the given environment variables. */
export function addSecretsFromEnv(names: readonly string[], env: NodeJS.ProcessEnv = io().env): void {
  for (const n of names) addSecret(env[n]);
}

/**
 * Pure given the registry: the text with every whole secret value of an environment replaced
 * by `(secret)`, then every run of 8 or more characters of a registered secret replaced, in any letter case: the whole key, the key lower- or upper-cased, and any
 * piece of it a server cut out and echoed. A run is found from its 4-character windows at every
 * fourth position (a run of 8 or more covers one of them), then grown by its 8-character windows.
 */
export function redact(text: string): string {
  // the identifiers marked (asIdentifier): no value masked inside them, an API key still is; the rest masked as below
  if (text.includes(OPEN)) {
    let out = '';
    let rest = text;
    for (let i = rest.indexOf(OPEN); i >= 0; i = rest.indexOf(OPEN)) {
      const end = rest.indexOf(CLOSE, i + OPEN.length);
      if (end < 0) break;
      const id = rest.slice(i + OPEN.length, end);
      out += redactText(rest.slice(0, i)) + (holdsKey(id) ? REDACTED : withoutIdentifierMarks(id));
      rest = rest.slice(end + CLOSE.length);
    }
    return out + redactText(rest);
  }
  return redactText(text);
}

/** `text` with `value` in any letter case replaced by `mask` where it stands as a token of its own (standsAlone) */
function maskStandingAlone(text: string, value: string, mask: string): string {
  const lv = lowerAscii(value);
  const low = lowerAscii(text);
  if (!low.includes(lv)) return text;
  let out = '';
  let at = 0;
  for (let i = low.indexOf(lv); i >= 0; i = low.indexOf(lv, i + 1)) {
    if (i < at || !standsAlone(text, i, lv.length)) continue;
    out += text.slice(at, i) + mask;
    at = i + lv.length;
  }
  return out + text.slice(at);
}

function redactText(text: string): string {
  text = withoutIdentifierMarks(text);
  const { secrets, grams4, grams8, wholeValues, shortKeys } = registry();
  if (secrets.size === 0 || text.length < (shortKeys.length ? MIN_SHORT_KEY_LENGTH : MIN_SECRET_LENGTH)) return text;
  // a short key: whole as written wherever it is, and in another letter case where it stands alone (a server's echo upper-cased)
  for (const k of shortKeys) {
    if (text.includes(k)) text = text.split(k).join(REDACTED);
    text = maskStandingAlone(text, k, REDACTED);
  }
  if (text.length < MIN_SECRET_LENGTH) return text;
  for (const w of wholeValues) if (text.includes(w)) text = text.split(w).join(SECRET_VALUE_MASK);
  // A secret value is masked as written, wherever it stands (above). In another letter case it is masked only where it
  // stands as a token of its own, not inside a longer word or identifier: a promo code is redeemed in any case, so
  // FREESHIPPING echoed for the value freeshipping tells it (its pieces of letters alone are not looked for), while
  // `cashback_note`, `Checkouts` or `checkout` beside a value `Checkout` are other words (a name, the template's text),
  // which masking would hide and garble (a saved plan naming `winter_(secret)`).
  if (wholeValues.length) {
    for (const w of wholeValues) if (w.length >= MIN_SECRET_LENGTH) text = maskStandingAlone(text, w, SECRET_VALUE_MASK);
  }
  // a number whose digits hold 8 of a secret's in a row, however they are grouped (+44 7700 900123, (+44) 7700-900-123)
  const { digits8 } = registry();
  if (digits8.size && /[0-9]{2}/.test(text)) {
    // separators: ASCII ones, and the no-break and thin spaces and hyphens of typography (+33 1 20 26 11 29 with U+00A0)
    text = text.replace(/\+?\(?[0-9][0-9 ().\-/\u00A0\u2007-\u200A\u202F\u2010-\u2014]*[0-9]/g, (m) => {
      const d = m.replace(/[^0-9]/g, '');
      for (let w = MIN_SECRET_LENGTH; w <= DIGIT_WINDOW; w++) for (let i = 0; i + w <= d.length; i++) if (digits8.has(d.slice(i, i + w))) return REDACTED;
      return m;
    });
  }
  const lower = lowerAscii(text);
  let covered: Uint8Array | undefined;
  for (let i = 0; i + 4 <= lower.length; i += 4) {
    if (!grams4.has(lower.slice(i, i + 4))) continue;
    for (let j = Math.max(0, i - MIN_SECRET_LENGTH + 1); j <= i + 3 && j + MIN_SECRET_LENGTH <= lower.length; j++) {
      if (!grams8.has(lower.slice(j, j + MIN_SECRET_LENGTH))) continue;
      covered ??= new Uint8Array(lower.length);
      covered.fill(1, j, j + MIN_SECRET_LENGTH);
    }
  }
  if (!covered) return text;
  // a run inside one of the project's own names where it stands is left (addPublicTexts); a whole key never is one
  covered = withoutPublicRuns(lower, covered);
  if (!covered) return text;
  let out = '';
  let at = 0;
  for (let i = 0; i < covered.length; i++) {
    if (!covered[i] || (i > 0 && covered[i - 1])) continue;
    let end = i;
    while (end < covered.length && covered[end]) end++;
    out += text.slice(at, i) + REDACTED;
    at = end;
  }
  return out + text.slice(at);
}

/** a letter, digit or `_`: what a word or an identifier is made of */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** whether the `len` characters of `text` at `i` are no part of a longer word or identifier (at either end: a word character there continues it) */
function standsAlone(text: string, i: number, len: number): boolean {
  const joins = (a: string | undefined, b: string | undefined): boolean => a !== undefined && b !== undefined && WORD_CHAR.test(a) && WORD_CHAR.test(b);
  return !joins(text[i - 1], text[i]) && !joins(text[i + len - 1], text[i + len]);
}

const installed = new WeakSet<NodeJS.WritableStream>();

/** Wraps `write` of the streams (stdout and stderr) so nothing written through them holds a secret. */
export function installRedaction(streams: readonly OutStream[] = [io().stdout, io().stderr]): void {
  addSecretsFromEnv(SECRET_ENV_VARS);
  for (const stream of streams) {
    if (installed.has(stream)) continue;
    installed.add(stream);
    const original = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
      if (registry().secrets.size === 0) return original(chunk, ...rest);
      if (typeof chunk === 'string') return original(redact(chunk), ...rest);
      if (chunk instanceof Uint8Array) {
        const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
        const clean = redact(text);
        return original(clean === text ? chunk : Buffer.from(clean, 'utf8'), ...rest);
      }
      return original(chunk, ...rest);
    }) as typeof stream.write;
  }
}
