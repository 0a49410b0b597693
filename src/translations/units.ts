// Pure: the translatable texts of a template (one unit per text, with a language-independent
// field path), their placeholders as protected parts, and the short hash that a translated file
// keeps of the source text it was made from (`translated_from`, docs/format.md).
import { hash } from 'node:crypto';
import { fnv64 } from '../core/hash.js';
import { arr, obj, str, type Loose } from '../model/loose.js';
import { scanPlaceholders } from '../model/placeholders.js';
import { mayReference, scanReferences } from '../model/values.js';

/** A field that holds translatable text: where (keys and indices) and its limit in characters (in UTF-8 bytes with `bytes`: an RCS card's title and description). */
export interface TextField { path: (string | number)[]; text: string; limit?: number; bytes?: true;
  /** the limit counts the text with its samples in place of its placeholders (a limited-time offer's body, a carousel card's: rule sample-length) */
  rendered?: true;
  /** the lint rule that checks this limit (with `limit`) */
  rule?: string;
  /** that rule is a warning (a calendar event's texts: rcs-calendar-text): a longer translation is written, with the warning, not refused */
  warning?: true;
  /** the limit is one SMS (the RCS fallback: rcs-fallback-length): 160 characters of the GSM 7-bit alphabet, or 70 of any other text, with the samples in place */
  sms?: true;
  samples: Record<string, string> }

/** A field's limit: its most characters (bytes of UTF-8 with `bytes`), the lint rule that checks it and whether that rule only warns (test/translations-limits-severity.test.ts holds them to the rules' severities). */
interface Limit { max: number; rule: string; bytes?: true; rendered?: true; warning?: true; sms?: true }

export interface Unit {
  /** `channel/name` of the template */
  template: string;
  /** the language-independent field path, e.g. `buttons.0.text` */
  field: string;
  /** `channel/name:field`: stable across languages and runs */
  id: string;
  source: string;
  target?: string;
  /** the target file's text as it was read (a translator's edit changes `target`, not this): the export writes its hash (EXPORTED_NOTE) */
  asExported?: string;
  /** the target was made from a source text that has changed since (translated_from: translation-outdated) */
  outdated?: true;
  /** the target is a translator's draft kept from the file the export replaces (keepTranslatorWork): written as not finished */
  draft?: true;
  /** the target file holds the source text here word for word and no import wrote it (isUntranslatedCopy): exported as untranslated, no target (asExported is that text) */
  copy?: true;
  /** a translator's comments on the unit kept from the file the export replaces (PO `# ` lines, as written) */
  comments?: string[];
  /** a translator's notes on the unit kept from the XLIFF file the export replaces (its <note>s of a category not tplsync's own), or the CSV's (the translator's text in its notes cell) */
  notes?: { text: string; id?: string; category?: string; appliesTo?: string; priority?: string }[];
  /** CSV: the unit's cells of the columns a translator added to the file the export replaces (keepTranslatorWork's `columns`, in their order) */
  cells?: string[];
  /** the XLIFF state the file replaced gave the unit ("reviewed", "final"), kept while neither its source nor its target changed */
  state?: 'reviewed' | 'final';
  /**
   * a translation of the file the export replaces that an import of that file does not write (a unit it refuses, one of a
   * template it leaves out until every text is translated): why, in the import's words; the unit's target is that translation
   * (marked unfinished with `draft` when the import refuses the unit itself)
   */
  notImported?: string;
  /** placeholders of the source, in order, as written (`{{customer}}`) */
  placeholders: string[];
  limit?: number;
  /** the limit counts UTF-8 bytes, not characters (RBM's card title and description) */
  bytes?: true;
  /** the limit counts the text with its samples in place of its placeholders (TextField's) */
  rendered?: true;
  /** the limit is one SMS: 160 GSM 7-bit characters or 70 others (TextField's) */
  sms?: true;
  samples: Record<string, string>;
}

/** A text split into plain parts and placeholders (`ph` is the placeholder as written). */
export type Part = { text: string } | { ph: string };

export const fieldKey = (path: readonly (string | number)[]): string => path.join('.');
export const fieldPath = (key: string): (string | number)[] => key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/** The first 8 hex digits of the SHA-256 of a source text: what `translated_from.texts` keeps. */
// (the one-shot hash: twice as fast as createHash for a short text, and lint hashes every text of every file)
export const textHash = (text: string): string => hash('sha256', text, 'hex').slice(0, 8);
/** the hash of a target as exported (EXPORTED_NOTE): a tenth of textHash's cost for each of 73,000 targets of an export, and never a secret's guard */
export const targetHash = (text: string): string => fnv64(text).slice(0, 8);
/**
 * what `translated_from.imported` keeps of a text an import wrote from a translation file with its targets as exported: the
 * hash of that export's target (EXPORTED_NOTE) and the text written, so that a corrected delivery of the same translation
 * file replaces this import's own text, and neither a text edited since nor a translation file of another export does
 */
export const importedHash = (exported: string, written: string): string => targetHash(`${exported}\u0000${written}`);

const samplesOf = (v: unknown): Record<string, string> => {
  const o = obj(v);
  const out: Record<string, string> = {};
  if (o) for (const [k, x] of Object.entries(o)) if (typeof x === 'string' || typeof x === 'number') out[k] = String(x);
  return out;
};

const memo = new WeakMap<object, TextField[]>();

/** Pure: every translatable text of a template, in document order (memoised per value: do not mutate what it returns). */
export function textFields(t: Loose): TextField[] {
  const known = memo.get(t);
  if (known) return known;
  const out = computeFields(t);
  memo.set(t, out);
  return out;
}

function computeFields(t: Loose): TextField[] {
  const out: TextField[] = [];
  walkTexts(t, (path, v, limit, samples) => {
    const keys = new Set(scanPlaceholders(v).placeholders.map((p) => p.key));
    const own = Object.fromEntries(Object.entries(samples()).filter(([k]) => keys.has(k)));
    out.push({ path, text: v, ...(limit !== undefined ? { limit: limit.max, rule: limit.rule } : {}), ...(limit?.bytes ? { bytes: true } : {}), ...(limit?.rendered ? { rendered: true } : {}), ...(limit?.warning ? { warning: true } : {}), ...(limit?.sms ? { sms: true } : {}), samples: own });
  });
  return out;
}

/**
 * Pure: the path and text of every translatable text of a template, as textFields gives them but
 * without limits and samples (what lint hashes for every file: no placeholder scan, no samples).
 */
export function textsOf(t: Loose): { path: (string | number)[]; text: string }[] {
  const out: { path: (string | number)[]; text: string }[] = [];
  walkTexts(t, (path, text) => { out.push({ path, text }); });
  return out;
}

/** Pure: field key → text of every translatable text (textFields without limits and samples: a target's side). */
export function fieldTexts(t: Loose): Map<string, string> {
  const out = new Map<string, string>();
  walkTexts(t, (path, v) => { out.set(fieldKey(path), v); });
  return out;
}

const noSamples = (): Record<string, string> => ({});

/** every non-blank translatable text of a template, in document order, with its limit and the samples of its part of the template */
function walkTexts(t: Loose, visit: (path: (string | number)[], text: string, limit: Limit | undefined, samples: () => Record<string, string>) => void): void {
  const add = (path: (string | number)[], v: unknown, limit: Limit | undefined, samples: () => Record<string, string> = noSamples): void => {
    if (typeof v !== 'string' || v.trim() === '') return;
    visit(path, v, limit, samples);
  };
  const header = obj(t.header);
  const body = obj(t.body);
  // a named header placeholder without a sample in header.examples takes the body's of the same name (docs/format.md);
  // a numbered one is the header's own parameter, never the body's {{1}}
  const headerSamples = (): Record<string, string> => {
    const fromBody = Object.entries(samplesOf(body?.examples)).filter(([k]) => !/^\d+$/.test(k));
    return { ...Object.fromEntries(fromBody), ...samplesOf(header?.examples) };
  };
  if (header) add(['header', 'text'], header.text, { max: 60, rule: 'header-text' }, headerSamples);
  const offer = obj(t.limited_time_offer);
  if (offer) add(['limited_time_offer', 'text'], offer.text, { max: 16, rule: 'offer-text' });
  // an authentication template's body is WhatsApp's own preset text, which it writes in the template's language: nothing to translate
  // a single-product template's body is 160 (spm-template); a limited-time offer's 600 with its samples (sample-length)
  if (body && t.category !== 'AUTHENTICATION') add(['body', 'text'], body.text, header?.format === 'PRODUCT' ? { max: 160, rule: 'spm-template' } : offer ? { max: 600, rule: 'sample-length', rendered: true } : { max: 1024, rule: 'body-length' }, () => samplesOf(body.examples));
  add(['footer'], t.footer, { max: 60, rule: 'footer' });
  arr(t.buttons).forEach((b, i) => {
    const o = obj(b);
    if (!o) return;
    // a call button's label is shorter than the others' (button-voice-call: 20)
    add(['buttons', i, 'text'], o.text, o.type === 'VOICE_CALL' ? { max: 20, rule: 'button-voice-call' } : { max: 25, rule: 'button-label' });
    // an authentication code's one-tap label
    add(['buttons', i, 'autofill_text'], o.autofill_text, { max: 25, rule: 'authentication-autofill' });
  });
  arr(t.carousel).forEach((c, i) => {
    const card = obj(c);
    if (!card) return;
    const cb = obj(card.body);
    // 160 with its samples (sample-length)
    if (cb) add(['carousel', i, 'body', 'text'], cb.text, { max: 160, rule: 'sample-length', rendered: true }, () => samplesOf(cb.examples));
    arr(card.buttons).forEach((b, j) => { const o = obj(b); if (o) add(['carousel', i, 'buttons', j, 'text'], o.text, { max: 25, rule: 'button-label' }); });
  });
  /** a suggestion's label, and what its action shows the customer: a calendar event's title and description, a place's label or search */
  const suggestion = (at: (string | number)[], o: Record<string, unknown> | undefined, samples: () => Record<string, string>): void => {
    if (!o) return;
    add([...at, 'text'], o.text, { max: 25, rule: 'rcs-suggestion-text' }, samples);
    if (o.action === 'create_calendar_event') {
      // Google states no length: a warning in lint (rcs-calendar-text), so written with it, never refused
      add([...at, 'title'], o.title, { max: 100, rule: 'rcs-calendar-text', warning: true }, samples);
      add([...at, 'description'], o.description, { max: 500, rule: 'rcs-calendar-text', warning: true }, samples);
    } else if (o.action === 'view_location') {
      add([...at, 'label'], o.label, undefined, samples);
      add([...at, 'query'], o.query, undefined, samples);
    }
  };
  const m = obj(t.message);
  if (m) {
    // a name the WhatsApp body also uses takes its sample from body.examples (docs/format.md)
    const samples = (): Record<string, string> => ({ ...samplesOf(body?.examples), ...samplesOf(m.examples) });
    add(['message', 'message'], m.message, { max: 3072, rule: 'rcs-message-length' }, samples);
    arr(m.richCards).forEach((c, i) => {
      const card = obj(c);
      if (!card) return;
      // RBM's CardContent counts a card's texts in characters (rule rcs-card-text-length)
      add(['message', 'richCards', i, 'title'], card.title, { max: 200, rule: 'rcs-card-text-length' }, samples);
      add(['message', 'richCards', i, 'description'], card.description, { max: 2000, rule: 'rcs-card-text-length' }, samples);
      arr(card.suggestions).forEach((s, j) => suggestion(['message', 'richCards', i, 'suggestions', j], obj(s), samples));
    });
    arr(m.suggestions).forEach((s, j) => suggestion(['message', 'suggestions', j], obj(s), samples));
    const fb = obj(m.fallback);
    // one SMS, counted with the samples in place (a warning in lint: rcs-fallback-length; written with it, never refused)
    if (fb) add(['message', 'fallback', 'text'], fb.text, { max: 160, rule: 'rcs-fallback-length', rendered: true, warning: true, sms: true }, samples);
  }
}

/**
 * Where a text's placeholders take their samples in a template (placeholder-sample): the mappings
 * of its component, in the order a sample is looked for, each with the path of the mapping and its
 * samples as written; the first is where a sample of the text is written. A header's named
 * placeholder and an RCS text's may take the body's sample of the same name (docs/format.md); a
 * label, a footer, an offer's text have no samples (empty). Pure.
 */
export function sampleScopes(t: Loose, path: readonly (string | number)[]): { at: (string | number)[]; samples: Record<string, string>; namedOnly?: true }[] {
  const body = { at: ['body', 'examples'], samples: samplesOf(obj(t.body)?.examples) };
  const key = fieldKey(path);
  if (key === 'header.text') return [{ at: ['header', 'examples'], samples: samplesOf(obj(t.header)?.examples) }, { ...body, namedOnly: true }];
  if (key === 'body.text') return [body];
  if (path[0] === 'carousel' && path[2] === 'body' && path[3] === 'text') return [{ at: ['carousel', path[1]!, 'body', 'examples'], samples: samplesOf(obj(obj(arr(t.carousel)[Number(path[1])])?.body)?.examples) }];
  if (path[0] === 'message') return [{ at: ['message', 'examples'], samples: samplesOf(obj(t.message)?.examples) }, { ...body, namedOnly: true }];
  return [];
}

/**
 * Pure: the samples a template's texts take, by the mapping that holds them (`body.examples`: customer, date), in document
 * order: what a new language's file made from the source keeps as the source wrote them (a translation file holds no
 * samples: an export shows them as notes), so that an import says them and where to write the language's own.
 */
export function samplesHeld(t: Loose): { at: string; names: string[] }[] {
  // each mapping's samples the texts use, in the mapping's own order (as the file writes them)
  const out = new Map<string, { written: string[]; used: Set<string> }>();
  for (const f of textFields(t)) {
    for (const name of Object.keys(f.samples)) {
      const scope = sampleScopes(t, f.path).find((x) => x.samples[name] !== undefined);
      if (!scope) continue;
      const at = fieldKey(scope.at);
      (out.get(at) ?? out.set(at, { written: Object.keys(scope.samples), used: new Set() }).get(at)!).used.add(name);
    }
  }
  return [...out].map(([at, { written, used }]) => ({ at, names: written.filter((n) => used.has(n)) }));
}

/**
 * The codes a translation keeps as written, in order: the placeholders (`{{customer}}`) and the
 * references to the environment's values (`((promo_code))`): a translator who drops one loses
 * what the customer is sent there.
 */
export function placeholdersOf(text: string): string[] {
  // partsOf's codes, without its parts: one is asked for every text of every language of an import
  const s = scanPlaceholders(text);
  const out: string[] = [];
  for (let i = 0; i < s.texts.length; i++) {
    const x = s.texts[i]!;
    if (x && mayReference(x)) for (const r of scanReferences(x)) out.push(x.slice(r.start, r.end));
    const p = s.placeholders[i];
    if (p) out.push(p.raw);
  }
  return out;
}

/** Pure: a text as plain parts and codes (placeholders and references to environment values). */
export function partsOf(text: string): Part[] {
  const s = scanPlaceholders(text);
  const parts: Part[] = [];
  s.texts.forEach((x, i) => {
    if (x) parts.push(...withReferences(x));
    const p = s.placeholders[i];
    if (p) parts.push({ ph: p.raw });
  });
  return parts;
}

/** a plain part split at its references, ((name)) */
function withReferences(text: string): Part[] {
  const refs = scanReferences(text);
  if (!refs.length) return [{ text }];
  const out: Part[] = [];
  let at = 0;
  for (const r of refs) {
    if (r.start > at) out.push({ text: text.slice(at, r.start) });
    out.push({ ph: text.slice(r.start, r.end) });
    at = r.end;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The primary subtag of a language code (`pt_BR` -> `pt`, `zh-Hant-TW` -> `zh`), in lower case. */
export const baseLanguage = (language: string): string => language.split(/[-_]/)[0]!.toLowerCase();

/** placeholders and references to values: not words */
const CODES = /\{\{[^{}]*\}\}|\(\([^()]*\)\)/g;
/** a web address: not words (an e-mail address is a token with an @) */
const ADDRESS = /^\W*(?:https?:\/\/|www\.)/i;
const LETTERS = /\p{L}[\p{L}\p{M}]*/gu;
/** a script written without spaces between its words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar): one run of letters holds several */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Pure: whether a text says enough in words for two languages' files holding it word for word to
 * be an untranslated copy rather than a text the same in both (rule translation-missing, and the
 * export of such a copy as untranslated). Placeholders, references ((name)), web and e-mail
 * addresses, digits and punctuation are not words; nor is a word of one letter, or one written in
 * capitals only (an acronym, a code: OK, SMS, A1042), nor one with a capital past the first letter of
 * a sentence (a name: Acme Shop, Acme GmbH, iPhone 15 Pro). The text needs two words at least: a
 * single word (a brand, "Menu", "Ok") may well be the same in both languages. A run of four letters or
 * more in a script written without spaces (Chinese, Japanese, Thai) counts as two.
 */
export function hasWords(text: string): boolean {
  // linear in the text's length (lint asks it of every text): token by token, done at the second word
  const plain = text.includes('{{') || text.includes('((') ? text.replace(CODES, ' ') : text;
  let n = 0;
  // the first word of a sentence may start with a capital; elsewhere a capital marks a name (Acme Shop, iPhone 15 Pro, GmbH)
  let sentenceStart = true;
  const tokens = /\S+/g;
  for (let m = tokens.exec(plain); m; m = tokens.exec(plain)) {
    const token = m[0];
    const starts = sentenceStart;
    sentenceStart = /[.!?:]$/.test(token);
    if (token.includes('@') || ADDRESS.test(token)) continue;
    let first = starts;
    for (const w of token.match(LETTERS) ?? []) {
      const letters = [...w].length;
      const lower = w.toLowerCase();
      const atStart = first;
      first = false;
      if (letters < 2 || (w === w.toUpperCase() && w !== lower)) continue;
      // a capital past a sentence's first letter: a name, which may well be the same in both languages
      if (w !== lower && !(atStart && w.slice(1) === lower.slice(1))) continue;
      n += UNSPACED.test(w) && letters >= 4 ? 2 : 1;
      if (n >= 2) return true;
    }
  }
  return false;
}

/**
 * Pure: whether the `targetLang` file's text at a field is an untranslated copy of the
 * `sourceLang` text there: the same text word for word, in a language of another base (en_GB may
 * well hold en_US's text), with words enough to tell (hasWords), and no record that an import wrote
 * it (`recorded`: the file's translated_from has a hash for that field: a person sent it back as
 * the translation, the same text or not). `wordy`: hasWords(source), when the caller has it already.
 * `madeFrom`: the languages the target file's texts are translated from (copySources): a text the same
 * as another language's, of none of their bases, is no copy (Spanish and Portuguese both say "Ver pedido").
 */
export function isUntranslatedCopy(source: string, target: string, sourceLang: string, targetLang: string, recorded: boolean, wordy?: boolean, madeFrom?: readonly string[]): boolean {
  return !recorded && target === source && baseLanguage(sourceLang) !== baseLanguage(targetLang)
    && (!madeFrom || madeFrom.some((l) => baseLanguage(l) === baseLanguage(sourceLang))) && (wordy ?? hasWords(source));
}

/** A language variant of a template as the copy check sees it: its language, and the language its record names as its source (translated_from.language). */
export interface Variant { language: string; from?: string | undefined }

const englishFirst = (lang: string): number => (lang === 'en' || lang.startsWith('en_') ? 0 : 1);

/**
 * Pure: the language a template's texts are translated from, of its variants (one a language): the
 * language their records name (translated_from.language: an import wrote them from it), else an
 * `en` one, else the first by its code. No config names it; the records are what an import leaves.
 */
export function templateSource(variants: readonly Variant[]): string | undefined {
  const named = new Set(variants.flatMap((v) => (v.from ? [v.from] : [])));
  let best: string | undefined;
  for (const { language: l } of variants) {
    if (best === undefined) { best = l; continue; }
    const d = (named.has(l) ? 0 : 1) - (named.has(best) ? 0 : 1) || englishFirst(l) - englishFirst(best) || (l < best ? -1 : l > best ? 1 : 0);
    if (d < 0) best = l;
  }
  return best;
}

/**
 * Pure: the languages whose text, held word for word and unrecorded by the variant `v`'s file, is an
 * untranslated copy (rule translation-missing, export's untranslated units): the one its own record
 * names (when the template has a file in it) and the template's source (templateSource). Not any other
 * language of the template: a text the same as another translation's is no evidence of a copy, as
 * related languages share words (Spanish and Portuguese "Ver pedido", "Pedido {{1}} enviado").
 */
export function copySources(variants: readonly Variant[], v: Variant): string[] {
  const out: string[] = [];
  if (v.from && v.from !== v.language && variants.some((w) => w.language === v.from)) out.push(v.from);
  const source = templateSource(variants);
  if (source !== undefined && source !== v.language && !out.includes(source)) out.push(source);
  return out;
}

/** What a translated file records of its source: `translated_from: { language, texts: { FIELD: HASH } }`. */
export interface TranslatedFrom { language: string; texts: Record<string, string> }

export function translatedFrom(t: Loose): TranslatedFrom | undefined {
  const r = obj(t.translated_from);
  const language = str(r?.language);
  const texts = obj(r?.texts);
  if (!language || !texts) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(texts)) if (typeof v === 'string') out[k] = v;
  return { language, texts: out };
}

/**
 * The hash a record gives a text whose source is not known (a text pull wrote from the channel over
 * the translated one): it is no text's, so translation-outdated reports the text until it is
 * translated again or confirmed.
 */
export const UNKNOWN_SOURCE = '00000000';

/**
 * Pure: a file's `translated_from` record once `before`'s texts are replaced by `after`'s (pull
 * writes the channel's copy over the file): the hash of each text that changed becomes
 * UNKNOWN_SOURCE, since the record said what the replaced text was made from, not the new one;
 * `changed` names those texts. A record that is not one (no language or texts) is given back as it is.
 */
export function recordAfterReplace(record: unknown, before: Loose, after: Loose): { record: unknown; changed: string[] } {
  const r = obj(record);
  const texts = obj(r?.texts);
  if (!r || !texts || !str(r.language)) return { record, changed: [] };
  const was = fieldTexts(before);
  const now = fieldTexts(after);
  const changed = Object.keys(texts).filter((k) => typeof texts[k] === 'string' && texts[k] !== UNKNOWN_SOURCE && now.has(k) && was.get(k) !== now.get(k));
  if (!changed.length) return { record, changed };
  const out: Record<string, unknown> = { ...texts };
  for (const k of changed) out[k] = UNKNOWN_SOURCE;
  return { record: { ...r, texts: out }, changed };
}

export interface TemplateFile { file: string; value: Loose }

/** the language as a file or folder may spell it: in any case, with - or _ (en_US, en-US, en_us, EN-us); made once a language (an import names 18,000 files) */
const patterns = new Map<string, { inName: RegExp; folder: RegExp }>();
function languagePatterns(language: string): { inName: RegExp; folder: RegExp } {
  let p = patterns.get(language);
  if (!p) {
    const esc = language.replace(/[-_]/g, '[-_]');
    // neither pattern is global or sticky: test and replace keep no state between calls
    patterns.set(language, (p = { inName: new RegExp(`(^|[._-])${esc}(?=[._-])`, 'i'), folder: new RegExp(`^${esc}$`, 'i') }));
  }
  return p;
}

/** Pure: the target file's name: the source file's with the source language replaced (in the file name and in the nearest folder named for it; spelled in any case, with - or _), else `NAME.LANG.yaml`. */
export function targetFileName(sourceFile: string, source: string, target: string): string {
  const sep = sourceFile.includes('\\') && !sourceFile.includes('/') ? '\\' : '/';
  const parts = sourceFile.split(sep);
  const base = parts[parts.length - 1]!;
  const { inName, folder } = languagePatterns(source);
  // a folder of the language (the nearest), and the language in the name: each replaced (en_US/order.en_US.yaml -> de/order.de.yaml)
  let replaced = false;
  for (let i = parts.length - 2; i >= 0; i--) if (folder.test(parts[i]!)) { parts[i] = target; replaced = true; break; }
  if (inName.test(base)) parts[parts.length - 1] = base.replace(inName, (_m, pre: string) => pre + target);
  else if (!replaced) parts[parts.length - 1] = base.replace(/(\.ya?ml)$/i, `.${target}$1`);
  return parts.join(sep);
}


const idOf = (t: Loose): { channel: string; name: string; language: string } | undefined => {
  const channel = str(t.channel); const name = str(t.name); const language = str(t.language);
  return channel && name && language ? { channel, name, language } : undefined;
};

/**
 * Pure: the units of every template in `source` language, with the target language's text when
 * that language's file has a text at the same field path.
 */
export function extractUnits(files: readonly TemplateFile[], source: string, target: string): Unit[] {
  return extractUnitsFor(files, source, [target])[0]!;
}

const withTarget = (u: Unit, target: string): Unit => (u.limit !== undefined
  ? (u.bytes ? { template: u.template, field: u.field, id: u.id, source: u.source, placeholders: u.placeholders, samples: u.samples, limit: u.limit, bytes: u.bytes, target, asExported: target }
    : u.rendered ? { template: u.template, field: u.field, id: u.id, source: u.source, placeholders: u.placeholders, samples: u.samples, limit: u.limit, rendered: u.rendered, ...(u.sms ? { sms: u.sms } : {}), target, asExported: target }
      : { template: u.template, field: u.field, id: u.id, source: u.source, placeholders: u.placeholders, samples: u.samples, limit: u.limit, target, asExported: target })
  : { template: u.template, field: u.field, id: u.id, source: u.source, placeholders: u.placeholders, samples: u.samples, target, asExported: target });

/** Pure: extractUnits for each of `targets`: the source texts are read once for all of them. */
/** what an item is, whatever its language: a button's type, a suggestion's action and the postback data it sends the application (a reply chip's `tasting_yes`; not an open_url's address) */
const kindOf = (v: unknown): string | undefined => {
  const o = obj(v);
  const k = o?.type ?? o?.action;
  if (typeof k !== 'string') return undefined;
  // an open_url's postbackData is its address, which each language may have of its own (a site's /he/ pages)
  return typeof o?.postbackData === 'string' && k !== 'open_url' ? `${k} (postbackData ${o.postbackData})` : k;
};

/**
 * Pure: the first item on `path` whose kind (a button's `type`, a suggestion's `action`) is not the
 * same in the two values: `buttons.1`, a URL in one and a QUICK_REPLY in the other (the files'
 * buttons are not in the same order); undefined when none differs. A text is paired with its
 * translation by its path: the kinds along it must agree.
 */
export function kindMismatch(a: unknown, b: unknown, path: readonly (string | number)[]): { at: string; a: string; b: string } | undefined {
  let x = a; let y = b;
  for (let i = 0; i < path.length; i++) {
    const k = path[i]!;
    x = (x as Record<string | number, unknown> | undefined)?.[k];
    y = (y as Record<string | number, unknown> | undefined)?.[k];
    if (typeof k !== 'number') continue;
    const kx = kindOf(x); const ky = kindOf(y);
    if (kx !== undefined && ky !== undefined && kx !== ky) return { at: fieldKey(path.slice(0, i + 1)), a: kx, b: ky };
  }
  return undefined;
}

export function extractUnitsFor(files: readonly TemplateFile[], source: string, targets: readonly string[]): Unit[][] {
  const of = unitsByTarget(files, source, targets);
  return targets.map(of);
}

/**
 * Pure: extractUnitsFor's units one target language at a time (`targets` the languages asked
 * for): the source's texts are walked once; each language's units are made when asked for, so that
 * an export of 9 languages does not hold 9 sets of 8,000 units at once.
 */
export function unitsByTarget(files: readonly TemplateFile[], source: string, targets: readonly string[]): (target: string) => Unit[] {
  const byTarget = new Map<string, Map<string, Loose>>(targets.map((t) => [t, new Map()]));
  const sources: { template: string; file: string; value: Loose }[] = [];
  /** each target language's files, by file: what the file a new variant would be written to holds */
  const byFile = new Map<string, Map<string, { template: string; value: Loose }>>(targets.map((t) => [t, new Map()]));
  /** each template's variants: what a text is a copy of (copySources), as lint judges it */
  const variants = new Map<string, Variant[]>();
  for (const f of files) {
    const id = idOf(f.value);
    if (!id) continue;
    const template = `${id.channel}/${id.name}`;
    if (id.language === source) sources.push({ template, file: f.file, value: f.value });
    const from = translatedFrom(f.value)?.language;
    (variants.get(template) ?? variants.set(template, []).get(template)!).push({ language: id.language, ...(from ? { from } : {}) });
    byTarget.get(id.language)?.set(template, f.value);
    byFile.get(id.language)?.set(f.file, { template, value: f.value });
  }
  const sourceTemplates = new Set(sources.map((s) => s.template));
  sources.sort((a, b) => (a.template < b.template ? -1 : a.template > b.template ? 1 : 0));
  // the units without a target, shared by every language
  /** a unit's path in its template, and the template's value (to compare the kinds along it with a target's) */
  const where = new Map<Unit, { path: (string | number)[]; value: Loose }>();
  const base: { template: string; file: string; units: Unit[] }[] = sources.map(({ template, file, value }) => ({
    template, file,
    units: textFields(value).map((f) => {
      const field = fieldKey(f.path);
      const u: Unit = { template, field, id: `${template}:${field}`, source: f.text, placeholders: placeholdersOf(f.text), samples: f.samples, ...(f.limit !== undefined ? { limit: f.limit } : {}), ...(f.bytes ? { bytes: f.bytes } : {}), ...(f.rendered ? { rendered: f.rendered } : {}), ...(f.sms ? { sms: f.sms } : {}) };
      where.set(u, { path: f.path, value });
      return u;
    }),
  }));
  const hashes = new Map<Unit, string>();
  const hashOf = (u: Unit): string => hashes.get(u) ?? hashes.set(u, textHash(u.source)).get(u)!;
  /** whether a source text has words (hasWords), asked once whatever the number of languages */
  const words = new Map<Unit, boolean>();
  const wordy = (u: Unit): boolean => words.get(u) ?? words.set(u, hasWords(u.source)).get(u)!;
  return (target) => {
    const tmap = byTarget.get(target) ?? new Map<string, Loose>();
    const units: Unit[] = [];
    for (const { template, file, units: us } of base) {
      const tv = tmap.get(template);
      // no file in this language yet: every text exported as having none (an empty target as exported), so that
      // an import of this translation file after the file was made (by an earlier import) and corrected by hand
      // does not put the old translation back in silence. But where the file its variant would be written to holds
      // a template with no source any more (the source renamed, its translation not yet), the import says to write
      // the new name in that file: its texts are then this template's, as exported (the target stays empty: the
      // translator translates afresh), and the import updates them in place rather than call the rename a change
      if (!tv) {
        const renamed = byFile.get(target)?.get(targetFileName(file, source, target));
        const held = renamed && !sourceTemplates.has(renamed.template) ? fieldTexts(renamed.value) : undefined;
        for (const u of us) units.push({ ...u, asExported: held?.get(u.field) ?? '' });
        continue;
      }
      const tfields = fieldTexts(tv);
      const rec = translatedFrom(tv);
      const made = rec?.language === source ? rec.texts : undefined;
      // the languages a copy in this file is a copy of: the source's text held in a file of another translation is no copy
      const vs = variants.get(template) ?? [];
      const madeFrom = copySources(vs, { language: target, ...(rec ? { from: rec.language } : {}) });
      for (const u of us) {
        const t = tfields.get(u.field);
        // a text at the same path of another kind of item (the files' buttons in another order) is not this one's translation
        const w0 = where.get(u)!;
        // no text there yet: exported as such (an empty target as exported), so that a text a reviewer adds to the file meanwhile is not replaced in silence
        if (t === undefined) { units.push({ ...u, asExported: '' }); continue; }
        if (kindMismatch(w0.value, tv, w0.path)) { units.push(u); continue; }
        // the source text word for word, which no import wrote (`cp x.en_US.yaml x.ja.yaml`, `tplsync new --language ja`): not a
        // translation, and exported as untranslated (no target), so that the translator's tool counts it and asks for it; its text as
        // exported is the file's, so that the translation sent back replaces it
        if (t === u.source && isUntranslatedCopy(u.source, t, source, target, rec?.texts[u.field] !== undefined, wordy(u), madeFrom)) { units.push({ ...u, asExported: t, copy: true }); continue; }
        const w = withTarget(u, t);
        if (made?.[u.field] !== undefined && made[u.field] !== hashOf(u)) w.outdated = true;
        units.push(w);
      }
    }
    return units;
  };
}
