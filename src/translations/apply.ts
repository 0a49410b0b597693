// Pure: the import of a translation file: each entry checked against its unit (placeholders kept,
// the field's limit), then the texts written into the target language's YAML text, keeping its
// comments, key order and quoting (only the scalars' values change), with `translated_from`
// recording a short hash of each source text the translations were made from.
import { lineEndsOf } from '../files/line-ends.js';
import { isAlias, isCollection, isMap, isNode, isScalar, isSeq, parseDocument, stringify as stringifyYaml, visit } from 'yaml';
import { parseDirectives } from '../files/directives.js';
import { openDocument, readsBackInPlace, scalarAtPath, topLevelKeyStart, type TextDoc } from '../files/document.js';
import type { Loose } from '../model/loose.js';
import { obj, str } from '../model/loose.js';
import { formatTemplate, keepNumbersAsWritten } from '../fmt/format.js';
import { readPresetAuthenticationBody } from '../model/authentication.js';
import { notFinalWhy, type Entry, type NotFinal } from './formats.js';
import { baseLanguage, fieldKey, fieldPath, fieldTexts, hasWords, importedHash, kindMismatch, placeholdersOf, sampleScopes, samplesHeld, targetFileName, targetHash, textFields, textHash } from './units.js';

export { targetFileName } from './units.js';
import { commentTailStart, mergeKeys, sharedPlaces, unshared } from './shared.js';
import { placeholderAtEdges, renderText, scanPlaceholders } from '../model/placeholders.js';
import { firstNonGsm, smsSize, smsUnitsInWords } from '../model/sms.js';
import { append } from '../core/append.js';
import { an } from '../core/article.js';
import { describeNothing, showsNothing } from '../core/visible.js';
import type { SeveritySetting } from '../core/diagnostic.js';
import { characterReferences, insteadOf } from '../model/character-references.js';
import { asciiDigits, namedCharacter, otherDigitsNamed } from '../model/written-characters.js';

export interface Refusal {
  template: string; id: string; line: number; message: string;
  /** an error of tplsync's own while planning the template (a bug): refused, and the import ends with exit 70 once its summary is said */
  internal?: true;
}

/** the lengths of a plan's lists: what backTo cuts them back to */
type PlanMark = Record<'writes' | 'refusals' | 'skipped' | 'unchanged' | 'kept' | 'otherSource' | 'stillOutdated', number>;
function markOf(plan: ImportPlan): PlanMark {
  return { writes: plan.writes.length, refusals: plan.refusals.length, skipped: plan.skipped.length, unchanged: plan.unchanged.length, kept: plan.kept.length, otherSource: plan.otherSource?.length ?? 0, stillOutdated: plan.stillOutdated?.length ?? 0 };
}
/** the plan as it was at `mark`: what a template whose planning failed had added taken back */
function backTo(plan: ImportPlan, mark: PlanMark): void {
  plan.writes.length = mark.writes; plan.refusals.length = mark.refusals; plan.skipped.length = mark.skipped;
  plan.unchanged.length = mark.unchanged; plan.kept.length = mark.kept;
  if (plan.otherSource) plan.otherSource.length = mark.otherSource;
  if (plan.stillOutdated) plan.stillOutdated.length = mark.stillOutdated;
}

export interface SourceTemplate {
  /** `channel/name` */
  template: string;
  file: string;
  text: string;
  value: Loose;
  /** the text indexed by text-locate (undefined: not a layout it proves): a new file is then made on the text without a parse */
  readonly doc?: TextDoc | undefined;
}

export interface TargetTemplate {
  file: string;
  text: string;
  value: Loose;
  /** the text indexed by text-locate (undefined: not a layout it proves); the edits are then made on the text without a parse */
  doc?: TextDoc | undefined;
}

/** `line`: the translation file's first line of the template's units (where a refusal of the write points) */
export interface Write {
  file: string; text: string; created: boolean; template: string;
  /** an update's: the file's text as read, which it must still hold when it is replaced (an edit saved meanwhile is kept) */
  before?: string | undefined;
  /** the texts imported into the file; `changed`: of those, the ones whose text differs from the file's (an update; the rest only marked current) */
  units: number; changed?: number; line: number;
  /** an existing file that had no record of the source its texts were made from: this import records the current source for them (adopted, not checked) */
  adopted?: boolean;
  /**
   * translations written over a limit that lint only warns about (limitWarning), and every other finding lint will give the file
   * written that its text before did not get (a warning or info: the import's own words where it has them, else lint's): said
   * with the write, at the unit's line; `rule`: the lint rule the warning is of, when it is one
   */
  warnings?: { id: string; line: number; message: string; rule?: string }[];
  /** a new file named after its source file's name, the language added (its name holds no language, nor does a folder of it): that source file */
  namedLike?: string;
  /** the parts the file lacked that the import added from the source (a suggestion, a button, a card), each said: `message.suggestions.2 (a dial suggestion: phoneNumber, postbackData as in en_US)` */
  added?: string[];
  /** units translated from an older source text than the template's (the translation file's source is not the template's): written, and recorded as made from that text, so translation-outdated reports them; said at their lines */
  older?: { id: string; line: number; message: string }[];
  /** a new file's samples, by the mapping that holds them (samplesHeld): the source's as it wrote them, since a translation file holds none: said, with where to write the language's own */
  samples?: { at: string; names: string[] }[];
}

export interface ImportPlan {
  writes: Write[]; refusals: Refusal[]; skipped: { template: string; reason: string }[];
  /** templates whose target file already holds every imported text and record: not written */
  unchanged: { template: string; file: string }[];
  /** units whose translation is the target as exported, where the target file's text has changed since: the file's text kept */
  kept: { template: string; id: string; line: number; file: string }[];
  /**
   * templates whose target file records its texts as translated from another language than this
   * import's (`recorded`), sent back with no text changed: nothing recorded (a pivot export of a
   * file translated from en_US must not mark its texts current against de)
   */
  otherSource?: { template: string; file: string; recorded: string; line: number }[];
  /**
   * units whose translation is the target file's outdated text, from a file that cannot say it was checked: not imported, they
   * stay outdated; `stateless`: an XLIFF segment without a state, sent back as exported (else the file has no export notes)
   */
  stillOutdated?: { template: string; id: string; line: number; file: string; stateless?: true }[];
}

const sorted = (xs: readonly string[]): string => [...xs].sort().join(' ');
/** a text with its typographic forms plain (curly quotes and apostrophes, dashes, no-break spaces, an ellipsis): what autocorrect changes */
const typographic = (t: string): string => t.replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'").replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
  .replace(/[\u2013\u2014]/g, '-').replace(/[\u00a0\u202f\u2007]/g, ' ').replace(/\u2026/g, '...');
/** the code points of `s`, as `[...s].length` counts them (a pair of surrogates is one), without an array */
function chars(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) { const d = s.charCodeAt(i + 1); if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; } }
  }
  return n;
}

/** the same codes in the same order (most translations keep the source's order): equal once sorted, without sorting */
function sameInOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** the codes of the last source texts seen, and their sorted key: one source text is checked against each language of an import */
let codesMemo = new Map<string, { want: string[]; key: string }>();
function sourceCodes(source: string): { want: string[]; key: string } {
  let c = codesMemo.get(source);
  if (c === undefined) {
    if (codesMemo.size >= 100_000) codesMemo = new Map();
    const want = placeholdersOf(source);
    c = { want, key: sorted(want) };
    codesMemo.set(source, c);
  }
  return c;
}

/**
 * whether two texts' placeholders differ by name, both read without a problem: what lint's variant-mismatch reports of the
 * file written beside its source (a reference dropped, a placeholder written twice, or one mistyped is not that rule's)
 */
function namesDiffer(a: string, b: string): boolean {
  const x = scanPlaceholders(a);
  const y = scanPlaceholders(b);
  if (x.problems.length || y.problems.length) return false;
  return sorted([...new Set(x.placeholders.map((p) => p.key))]) !== sorted([...new Set(y.placeholders.map((p) => p.key))]);
}

/** the line pull writes on top of a file it wrote (pull/file-text.ts) */
const PULL_NOTE = /^# Pulled from .* by tplsync .*$/m;
const PULL_NOTE_LINES = /^# Pulled from .* by tplsync .*\r?\n/gm;

/** `text` split at its placeholders: the texts between them (one more than the placeholders) */
const between = (text: string): string[] => text.split(/\{\{[^{}]*\}\}/);

/**
 * Pure: why a translation puts a placeholder where the platform refuses one and the template's
 * text (`current`) does not, or undefined: a body (`body`) that starts or ends with one, two with
 * nothing between them that prints (describeNothing says what is there). The template's own text is lint's to judge.
 */
function placement(target: string, current: string, body: boolean, whatsapp: boolean): string | undefined {
  const t = between(target);
  const c = between(current);
  if (t.length < 2) return undefined;
  const names = placeholdersOf(target);
  // (judged as lint's placeholder-position judges it: a right-to-left mark or a zero-width space before the placeholder is no text)
  const tEdges = placeholderAtEdges(t);
  const cEdges = placeholderAtEdges(c);
  if (body && tEdges.start && !cEdges.start) return `the translation starts with the placeholder ${names[0]}, and WhatsApp refuses a body that starts or ends with one (placeholder-position): put a word before it (a greeting, or the sentence turned around)`;
  if (body && tEdges.end && !cEdges.end) return `the translation ends with the placeholder ${names[names.length - 1]}, and WhatsApp refuses a body that starts or ends with one (placeholder-position): put a word or a full stop after it`;
  // (WhatsApp's rule: an RCS text may have two side by side)
  // judged as lint judges it: a zero-width space or another character that prints as nothing is no text between them
  const adjacent = whatsapp ? t.findIndex((x, i) => i > 0 && i < t.length - 1 && showsNothing(x)) : -1;
  // (said as it is, each character by its name: a translator told of white space looks for a space that is not there, as in Japanese
  // or Chinese, written without spaces, or in Arabic and Hebrew, where a right-to-left mark is there and a space is not)
  if (adjacent > 0 && !c.some((x, i) => i > 0 && i < c.length - 1 && showsNothing(x))) return `the translation has ${names[adjacent - 1]} and ${names[adjacent]} next to each other (${describeNothing(t[adjacent]!)} between them), which WhatsApp refuses (placeholder-adjacent): put a word between them`;
  return undefined;
}

/**
 * Pure: what lint would say of a translation over a limit whose rule only warns (a calendar
 * event's title over 100 characters: rcs-calendar-text), or is set to warning or info in the config,
 * or undefined. Such a limit is not checkEntry's: the translation is written, and the finding said
 * with it.
 */
export function limitWarning(target: string, f: { limit?: number; rule?: string; warning?: true; bytes?: true; rendered?: true; sms?: true; samples?: Readonly<Record<string, string>> }, severity: SeveritySetting = f.warning ? 'warning' : 'error'): string | undefined {
  if ((severity !== 'warning' && severity !== 'info') || f.limit === undefined) return undefined;
  if (f.sms) { const over = smsOver(target, f.samples); return over ? `${over} (${f.rule}, ${severity === 'info' ? 'info' : 'a warning'}: written all the same)` : undefined; }
  // measured as lint measures the field: bytes of UTF-8 (a field counted in bytes; none is now), characters with the samples in place, or characters
  const n = f.bytes ? Buffer.byteLength(target, 'utf8') : Math.max(chars(target), f.rendered && f.samples ? chars(renderText(target, f.samples)) : 0);
  const unit = f.bytes ? 'bytes of UTF-8' : f.rendered ? 'characters (its samples in place of its placeholders)' : 'characters';
  return n > f.limit ? `the translation has ${n} ${unit}; keep it within ${f.limit} (${f.rule}, ${severity === 'info' ? 'info' : 'a warning'}: written all the same)` : undefined;
}

/**
 * Pure: what to say of a translation that has no line break where the template's text has some
 * (its paragraphs run together), or undefined. Written all the same (a translation may rightly be
 * one paragraph), and said: an XLIFF target in XML's default white space (no xml:space="preserve"
 * on it or around it, as a tool may write it) has had its line breaks read as spaces.
 */
export function lostBreaks(e: Pick<Entry, 'target' | 'breaksRead'>, current: string, sourceLang: string): string | undefined {
  const breaks = (current.match(/\n/g) ?? []).length;
  if (breaks === 0 || e.target.includes('\n')) return undefined;
  const n = `${breaks} line break${breaks === 1 ? '' : 's'}`;
  return e.breaksRead
    ? `the translation's line breaks were read as spaces, and the ${sourceLang} text has ${n}: its <target> neither says nor inherits xml:space="preserve" (XML's default white space turns each run of spaces and line breaks into one space; tplsync's export writes xml:space="preserve" on each <unit>, which a tool that writes the target anew may drop); written on one line: have the tool keep xml:space="preserve", or put the line breaks in the file`
    : `the translation has no line break, and the ${sourceLang} text has ${n}: written on one line (its paragraphs run together); if that was not meant, put the line breaks back`;
}

/**
 * Pure: a translation with line breaks where its source text has none (a tool that wrapped or
 * indented the target, which xml:space="preserve" keeps), said with the write; undefined when the
 * source has line breaks of its own or the translation has none.
 */
export function addedBreaks(target: string, current: string, sourceLang: string): string | undefined {
  if (current.includes('\n') || !target.includes('\n')) return undefined;
  const n = (target.match(/\n/g) ?? []).length;
  const indented = /\n[ \t]+\S/.test(target);
  return `the translation has ${n} line break${n === 1 ? '' : 's'}${indented ? ' followed by indentation' : ''}, and the ${sourceLang} text has none: written as it is (the customer sees them); if a tool wrapped or indented the text, put it on one line`;
}

/**
 * Pure: `the translation will be split into 2 SMS parts: ...` for an SMS fallback's translation that
 * does not fit one SMS, as lint's rcs-fallback-length measures it (its samples in place of its
 * placeholders; GSM 7-bit: 160 in one SMS, else UCS-2: 70), or undefined.
 */
export function smsOver(target: string, samples: Readonly<Record<string, string>> = {}): string | undefined {
  const sent = renderText(target, samples);
  const size = smsSize(sent);
  if (size.parts <= 1) return undefined;
  const filled = sent !== target ? ' with the samples filled in' : '';
  const why = size.encoding === 'GSM-7'
    ? `${smsUnitsInWords(size, sent)}${filled}; 160 fit one SMS, 153 each part of a longer one`
    : `${size.units} characters sent as UCS-2 (because of '${firstNonGsm(sent)}')${filled}; 70 fit one SMS, 67 each part of a longer one`;
  return `the translation will be split into ${size.parts} SMS parts: ${why}`;
}

/** white space, and the characters at a text's end that print nothing and join nothing there (U+200B, U+2060-U+2064, U+00AD, U+180E; U+FEFF is \s) */
const EDGE_CHARS = '[\\s\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064]+';
const EDGE_START = new RegExp(`^${EDGE_CHARS}`);
const EDGE_END = new RegExp(`${EDGE_CHARS}$`);
/** an end's padding as a message shows it: quoted when it is spaces and line breaks, else each character that shows nothing named (`U+200B ZERO WIDTH SPACE`) */
function edgeSaid(edge: string): string {
  if (/^[ \t\n\r]*$/.test(edge)) return JSON.stringify(edge);
  return `${[...edge].map((c) => (c === ' ' ? 'a space' : c === '\n' ? 'a line break' : `${namedCharacter(c)} (invisible)`)).join(', ')}`;
}

/**
 * What the translator typed where the source has a placeholder the translation lacks, said as lint
 * says it: a placeholder typed with full-width characters (｛｛2｝｝, {{first＿name}}: an input method's
 * full-width mode), one with capital letters ({{First_Name}}), or, when one placeholder is missing and
 * one is added, a name changed ({{kunde}} for {{customer}}). Empty when none is recognised (a plain "dropped").
 */
function typedInstead(missing: readonly string[], extra: readonly string[], target: string): string[] {
  // what the target holds that is not a placeholder of the source: malformed placeholders (the scan's problems) and other names
  const written = [...scanPlaceholders(target).problems.map((p) => p.raw), ...extra];
  const out: string[] = [];
  const left = new Set(written);
  for (const m of missing) {
    // (the digits of another script, {{١}}, read as their ASCII digits: NFKC leaves Arabic-Indic, Devanagari, ... digits as they are)
    const c = written.find((w) => left.has(w) && asciiDigits(w.normalize('NFKC')).toLowerCase() === m.toLowerCase());
    if (c === undefined) continue;
    left.delete(c);
    const wide = [...new Set([...c].filter((ch) => ch !== ch.normalize('NFKC')))];
    // {{١}}: a translator's keyboard or tool writing its script's digits (a full-width digit is said with the full-width characters)
    const digits = otherDigitsNamed([...c].filter((ch) => ch === ch.normalize('NFKC')).join(''));
    if (digits) out.push(`${c} is written with ${digits}${wide.length ? ` and full-width characters (${wide.map((ch) => `${ch} ${namedCharacter(ch).split(' ')[0]}`).join(', ')})` : ''}, which ${wide.length ? 'are' : 'is'} sent as text, not filled in: write ${m} with the ASCII digits 0-9`);
    else if (wide.length) out.push(`${c} is typed with full-width characters (${wide.map((ch) => `${ch} ${namedCharacter(ch).split(' ')[0]}`).join(', ')}: an input method's full-width mode), which are sent as text, not filled in: write ${m} with the half-width (ASCII) characters`);
    else out.push(`${c} has capital letters where the source has ${m} (a placeholder's name is matched exactly, and is never translated): write ${m}`);
  }
  // one placeholder missing and one other name added, neither explained above: the name was changed (translated, retyped)
  const stillMissing = missing.filter((m) => !out.some((o) => o.includes(`write ${m}`)));
  const others = extra.filter((x) => left.has(x));
  // (a reference to the environment's values, ((promo_code)), is not a placeholder: said as dropped and added)
  if (stillMissing.length === 1 && others.length === 1 && stillMissing[0]!.startsWith('{{') && others[0]!.startsWith('{{')) out.push(`${others[0]} where the source has ${stillMissing[0]} (a name changed: a placeholder's name is never translated): write ${stillMissing[0]}`);
  else if (out.length) {
    if (stillMissing.length) out.push(`dropped ${stillMissing.join(', ')}`);
    if (others.length) out.push(`added ${others.join(', ')}`);
  }
  return out;
}

/**
 * The samples a target file needs edited once these translations are in it (each changed text with
 * its path): a placeholder a text gains that has no sample in the file (the source file's is
 * offered), and a sample of a placeholder no text of its component has any more. Each said at its
 * unit's line, with where and what to write: lint's placeholder-sample refuses the file until then.
 * Pure.
 */
export function sampleNotes(source: Loose, target: Loose, file: string, changed: readonly { e: Entry; path: (string | number)[] }[], sourceLang: string, targetLang: string): { id: string; line: number; message: string }[] {
  const out: { id: string; line: number; message: string }[] = [];
  const keys = (text: string | undefined): Set<string> => new Set(text === undefined ? [] : scanPlaceholders(text).placeholders.map((p) => p.key));
  const newText = new Map(changed.map(({ e, path }) => [fieldKey(path), e.target]));
  // every text of the target file as it will be, by the mapping its samples are written in
  const after = [...fieldTexts(target)].map(([k, v]) => ({ key: k, text: newText.get(k) ?? v }));
  for (const [k, v] of newText) if (!after.some((a) => a.key === k)) after.push({ key: k, text: v });
  const usedIn = (at: string, key: string): boolean => after.some((a) => sampleScopes(target, fieldPath(a.key)).some((sc, i) => sc.at.join('.') === at && (i === 0 || !/^\d+$/.test(key))) && keys(a.text).has(key));
  for (const { e, path } of changed) {
    const scopes = sampleScopes(target, path);
    if (!scopes.length) continue;
    const before = keys(typeof valueAt(target, path) === 'string' ? valueAt(target, path) as string : undefined);
    const now = keys(e.target);
    const where = scopes[0]!.at.join('.');
    for (const k of now) {
      if (before.has(k)) continue;
      if (scopes.some((sc) => (!sc.namedOnly || !/^\d+$/.test(k)) && sc.samples[k] !== undefined && sc.samples[k] !== '')) continue;
      const theirs = sampleScopes(source, path).map((sc) => (!sc.namedOnly || !/^\d+$/.test(k) ? sc.samples[k] : undefined)).find((x) => x !== undefined);
      out.push({ id: e.id, line: e.line, message: `the translation adds {{${k}}} (as its ${sourceLang} text has it), and ${file} has no sample for it: add \`${k}: ${theirs !== undefined ? `${render(theirs, 'PLAIN', true)}\` (the ${sourceLang} sample; write it as a ${targetLang} reader expects)` : '...`'} under ${where}; lint's placeholder-sample refuses the file until then` });
    }
    for (const k of before) {
      if (now.has(k) || scopes[0]!.samples[k] === undefined || usedIn(where, k)) continue;
      out.push({ id: e.id, line: e.line, message: `the translation no longer has {{${k}}} (as its ${sourceLang} text), and ${file} still has its sample: remove \`${k}\` from ${where}; lint's placeholder-sample refuses the file until then` });
    }
  }
  return out;
}

/** the characters inside a text that print nothing and join nothing (the edges are EDGE_CHARS' padding) */
const UNSEEN = /[\u00ad\u180e\u200b\u2060-\u2064\ufeff]/gu;

/**
 * Pure: a warning for each RCS suggestion a translation adds to a target file that did not offer it (a language may offer
 * fewer suggestions: variant-mismatch takes it). The edit writes the source's suggestion, its action and its number or
 * address with it: said at the unit's line, so that a language's own choice is not undone, nor a number written, in silence.
 */
export function itemsAdded(source: Loose, target: Loose, file: string, changed: readonly { e: Entry; path: (string | number)[] }[], sourceLang: string, targetLang: string): { id: string; line: number; message: string }[] {
  const out: { id: string; line: number; message: string }[] = [];
  for (const { e, path } of changed) {
    const at = path.findIndex((k, i) => typeof k === 'number' && path[i - 1] === 'suggestions');
    if (at < 0 || valueAt(target, path.slice(0, at + 1)) !== undefined) continue;
    const item = obj(valueAt(source, path.slice(0, at + 1)));
    const action = str(item?.action) ?? 'suggestion';
    const carried = ['phoneNumber', 'postbackData', 'url'].filter((k) => item?.[k] !== undefined).map((k) => `${k} ${String(item![k])}`);
    out.push({ id: e.id, line: e.line, message: `the ${targetLang} file (${file}) offers no suggestion ${fieldKey(path.slice(0, at + 1))}: this translation adds the ${sourceLang} file's ${action} suggestion to it${carried.length ? `, with its ${carried.join(' and ')}` : ''}; check ${carried.length ? 'them' : 'it'} for ${targetLang}, or leave the translation empty to keep the language's own choice of suggestions` });
  }
  return out;
}

/**
 * Pure: a warning for a translation that is its source text word for word (the template's, or the one its file carries), in a
 * language of another base, with words enough to tell (hasWords: rule translation-missing's own judgement, so a brand, "OK",
 * a text of placeholders and numbers is never said), or undefined. It is written, and recorded as the translation, so lint's
 * translation-missing will not report it after: said now, at its line. Not said again of a text the target file holds
 * already as an import recorded it (`recorded`: said when it was imported); an untranslated copy it holds with no record is.
 */
export function sourceKept(target: string, sources: readonly string[], held: string | undefined, recorded: boolean, sourceLang: string, targetLang: string): string | undefined {
  if (!sources.includes(target) || baseLanguage(sourceLang) === baseLanguage(targetLang) || !hasWords(target)) return undefined;
  if (held === target && recorded) return undefined;
  return `the translation is the ${sourceLang} text word for word (left untranslated, or pre-filled by a tool: gettext's msgen, a "copy source to target"): written, and recorded as the ${targetLang} text, so lint's translation-missing will not report it; WhatsApp rejects a template whose text is not in its language (TAG_CONTENT_MISMATCH): unless it is meant to stay as it is (a slogan or a name kept in ${sourceLang}), translate it and import again`;
}

/** Pure: a warning for the invisible characters a translation holds that neither the template's text nor the target file's has, or undefined. */
export function invisibleAdded(target: string, source: string, held?: string): string | undefined {
  const found = [...new Set(target.match(UNSEEN) ?? [])].filter((c) => !source.includes(c) && !held?.includes(c));
  if (!found.length) return undefined;
  return `the translation holds ${found.length === 1 ? 'an invisible character' : 'invisible characters'}, ${found.map(namedCharacter).join(', ')}, which the template's text does not (pasted with it; the customer cannot see it, and a search for the word fails): written all the same, and lint's text-characters warns of it; delete it`;
}

/** Pure: the translation with the white space at its ends the template's text has there (a tool's padding taken off), as checkEntry judges its length */
function unpadded(target: string, current: string): string {
  const start = EDGE_START.exec(current)?.[0] ?? '';
  const end = EDGE_END.exec(current)?.[0] ?? '';
  const core = target.replace(EDGE_START, '').replace(EDGE_END, '');
  return core === '' ? '' : `${start}${core}${end}`;
}

/** Pure: why an entry cannot be written into a field with this source text and limit (a limit lint only warns about is limitWarning's, not given here), or undefined. */
export function checkEntry(e: Entry, source: string, limit: number | undefined, current: string = source, bytes = false, held?: string, rendered?: Readonly<Record<string, string>>, o: { body?: boolean; rcs?: boolean; oneLine?: string; rule?: string } = {}): string | undefined {
  // a refusal names the lint rule it stands for, as lint's findings and the import's other refusals do (`(button-label)`)
  const limitRule = o.rule ? ` (${o.rule})` : '';
  const { want, key } = sourceCodes(source);
  const got = placeholdersOf(e.target);
  if (!sameInOrder(want, got) && key !== sorted(got)) {
    const missing = want.filter((p) => !got.includes(p));
    const extra = got.filter((p) => !want.includes(p));
    const typed = typedInstead([...new Set(missing)], [...new Set(extra)], e.target);
    if (typed.length) return `the placeholders changed: ${typed.join('; ')}; keep ${want.join(' ')} exactly as written`;
    const parts = [missing.length ? `dropped ${[...new Set(missing)].join(', ')}` : '', extra.length ? `added ${[...new Set(extra)].join(', ')}` : ''].filter(Boolean);
    return `the placeholders changed (${parts.join('; ') || 'a placeholder appears a different number of times'}); keep ${want.join(' ') || 'none'} exactly as written${namesDiffer(source, e.target) ? ' (variant-mismatch)' : ''}`;
  }
  // an XLIFF code the source does not have (after the placeholders: a placeholder it adds is said as such)
  if (e.unknownCode !== undefined) {
    const kind = e.unknownKind ?? 'ph';
    const has = e.sourceCodes ?? [];
    const theirs = has.length ? `the source's ${kind === 'ph' ? '<ph> codes are' : 'paired codes (<pc>, <sc>, <ec>) are'} ${has.map((id) => `id="${id}"`).join(', ')}` : `the source has no ${kind === 'ph' ? '<ph>' : 'paired code (<pc>, <sc>, <ec>)'}`;
    return `the translation holds <${kind} id="${e.unknownCode}">, a code the source of this unit does not have (${theirs}): a translation keeps the source's codes, with their ids; copy each from the source into the target and delete this one`;
  }
  // an HTML character reference (`&nbsp;`, `&#8217;`) the source text does not hold: a tool that pastes web markup wrote it, and
  // the platform shows it as written (an XLIFF file refuses `&nbsp;` as XML; a PO or CSV cell is only text). One the target
  // file's text already holds is its own (exported and sent back; lint's text-characters says it there)
  const refs = characterReferences(e.target).filter((r) => !source.includes(r.ref) && !current.includes(r.ref) && !held?.includes(r.ref));
  if (refs.length) {
    const r = refs[0]!;
    const others = [...new Set(refs.slice(1).map((x) => x.ref))].filter((x) => x !== r.ref);
    return `the translation holds the HTML character reference ${r.ref}${others.length ? ` (and ${others.join(', ')})` : ''}, which the source text does not: WhatsApp and RCS show it as it is written, so the customer would read "${r.ref}"; write ${insteadOf(r)}`;
  }
  // a translation tool's padding, or a PO msgstr with a \n its msgid lacks (msgfmt --check refuses it): the customer would see it.
  // Judged against the template's text (`current`), not the file's source, which a tool may have padded too; and before
  // the length and the line breaks, which are judged on the text as it would be written: a padded target is not written
  // (a tool that pads only <target> made a 10-character label "30 characters", a header's padding "a line break")
  // (a zero-width space, a word joiner, a soft hyphen at an end print nothing and join nothing: padding a translator cannot
  // see, as a space is; the direction marks and isolates of right-to-left text, and an emoji's variation selector, are not)
  const edge = (t: string, at: RegExp): string => at.exec(t)?.[0] ?? '';
  // (an invisible character before a body's first placeholder: the body starts with the placeholder, which is said first, as lint says it)
  if (/^[\u00ad\u180e\u200b-\u200d\u2060-\u2064]|[\u00ad\u180e\u200b-\u200d\u2060-\u2064]$/.test(e.target)) {
    const placedFirst = placement(e.target, current, o.body === true, o.rcs !== true);
    if (placedFirst) return placedFirst;
  }
  for (const [where, at] of [['begins', EDGE_START], ['ends', EDGE_END]] as const) {
    const got = edge(e.target, at);
    const want = edge(current, at);
    // the target file already ends so (a `|` block keeps its last line break): its own text exported and imported back
    if (got !== want && !(held !== undefined && got === edge(held, at))) return `the translation ${where} with ${got ? edgeSaid(got) : 'no white space'} where the template's text has ${want ? edgeSaid(want) : 'none'}; write it as the template does (a translation tool's padding?)`;
  }
  // a field whose limit counts its samples (a carousel card's body, a limited-time offer's): the translation with them in place of its placeholders, as lint counts it
  // (and the text itself within the limit too, as lint's length rules count it: a sample shorter than its placeholder does not make room)
  if (limit !== undefined && rendered !== undefined) {
    if (chars(e.target) > limit) return `the translation has ${chars(e.target)} characters; this field takes at most ${limit} (its placeholders counted as written, and again with its samples in their place)${limitRule}`;
    const n = chars(renderText(e.target, rendered));
    if (n > limit) return `the translation has ${n} characters with its samples in place of its placeholders; this field takes at most ${limit}, samples included${limitRule}`;
  } else if (limit !== undefined && !bytes && chars(e.target) > limit) return `the translation has ${chars(e.target)} characters; this field takes at most ${limit}${limitRule}`;
  if (limit !== undefined && bytes && Buffer.byteLength(e.target, 'utf8') > limit) return `the translation takes ${Buffer.byteLength(e.target, 'utf8')} bytes of UTF-8; this field takes at most ${limit} bytes (a non-Latin character takes 2 to 4)${limitRule}`;
  // where WhatsApp refuses a placeholder, and the template's own text has none: a body that starts or ends with one
  // (placeholder-position, error 2388299: a translator's word order, `{{customer}} عزیز،`), two with only spaces between (placeholder-adjacent)
  const placed = placement(e.target, current, o.body === true, o.rcs !== true);
  if (placed) return placed;
  // a text header and the footer are one line each (header-footer-line-break): a spreadsheet cell's line break, a PO msgstr's \n
  if (o.oneLine && /[\n\r\u2028\u2029\u0085]/u.test(e.target.replace(/\s+$/, ''))) return `the translation has a line break, and ${o.oneLine} is one line (WhatsApp takes line breaks in the body only); write it on one line (header-footer-line-break)`;
  return undefined;
}

/**
 * Pure: why a translation made from `exported` (the source text its file holds) cannot be imported
 * for the template's current `current` text: their placeholders differ (the text gained or lost
 * one since the export, or the file's source was edited), so the translation would not hold the
 * template's; undefined when they are the same (a reworded source: imported, then outdated).
 */
export function sourceDiffers(exported: string, current: string): string | undefined {
  const was = sorted(placeholdersOf(exported));
  const now = sorted(placeholdersOf(current));
  if (was === now) return undefined;
  const a = placeholdersOf(exported); const b = placeholdersOf(current);
  const gone = [...new Set(b.filter((p) => !a.includes(p)))];
  const more = [...new Set(a.filter((p) => !b.includes(p)))];
  const what = [gone.length ? `lacks ${gone.join(', ')}` : '', more.length ? `has ${more.join(', ')}, which the template's does not` : ''].filter(Boolean).join(' and ') || 'holds a placeholder a different number of times';
  return `the source text in this file is not the template's: it ${what}; export again and translate the template's current text`;
}

/**
 * Pure: why a unit whose source text is the template's but for white space it added (a line break
 * and indentation: what an XML pretty-printer writes inside a `<source>` whose xml:space="preserve"
 * keeps it as text) is not taken, its target laid out the same way; undefined for any other source.
 */
export function layoutAdded(exported: string, current: string): string | undefined {
  // the layout may split a text where it had no white space at all (`Sorry <ph/>, your`: `<ph/>\n  , your`)
  const flat = (t: string): string => t.replace(/[ \t\r\n]+/g, '');
  if (exported === current || flat(exported) !== flat(current)) return undefined;
  const indented = (t: string): number => (t.match(/\n[ \t]+/g) ?? []).length;
  if (indented(exported) <= indented(current)) return undefined;
  return 'the source text in this file is the template\'s but for line breaks and indentation added inside it, as an XML pretty-printer lays out a file (xml:space="preserve" keeps them as text, in its target too): not imported, so as not to write the layout into the message; import the file as exported, or lay it out with a tool that leaves the text of <source> and <target> as it is';
}

/**
 * Pure: `after` laid out as `tplsync fmt` lays it out, when `before` is (a project that runs
 * `fmt --check` stays green) and a text written into it spans lines: the one place where the
 * import's quoting (`"a\nb"`) and fmt's (a double-quoted scalar over several lines) differ. A
 * file not in fmt's layout is left in its own; one-line texts need no second parse.
 */
export function keptCanonical(before: string, after: string, texts: readonly { text: string }[]): string {
  if (!texts.some((t) => t.text.includes('\n'))) return after;
  if (formatTemplate(before).text !== before) return after;
  const laid = formatTemplate(after);
  return laid.error ? after : laid.text;
}

/** YAML 1.1/1.2 words and numbers a plain scalar must not look like */
const NOT_PLAIN = /^(?:[-+]?(?:\.inf|\.nan|[0-9][0-9_.:eE+-]*|0x[0-9a-fA-F]+|0o[0-7]+)|~|null|true|false|yes|no|on|off|y|n)$/i;
/** a one-line text that reads back as itself as a plain scalar in a block mapping (conservative) */
const PLAIN_SAFE = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n]*$/;

/** A scalar rendered in the style of the one it replaces, on one line (a block or multi-line text becomes double-quoted). */
export function render(text: string, type: string | undefined, inFlow = false): string {
  const single = !text.includes('\n') && !text.includes('\r');
  // in a flow collection (`{ text: Track, ... }`) a comma, a bracket or a colon would end a plain scalar
  if (inFlow && type === 'PLAIN' && /[,[\]{}:#]/.test(text)) return render(text, 'QUOTE_DOUBLE');
  if (type === 'QUOTE_SINGLE' && single && !/[\t\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(text)) return `'${text.replace(/'/g, "''")}'`;
  if (type === 'PLAIN' && single && PLAIN_SAFE.test(text) && !/[\s]$/.test(text) && !/: |:$| #|\t/.test(text) && !NOT_PLAIN.test(text)
    && !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(text)) return text;
  // JSON's escapes are YAML double-quoted escapes; the few JSON leaves as they are, YAML takes too
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

interface Edit { start: number; end: number; text: string }

/** An edit the updater will not make (two edits of one place, or a result that is not the intended file): the template is refused, not written. */
export class EditRefused extends Error {}

/** the edits in order of their start; two that touch one range or overlap are refused (made one after the other, the second would land at a stale offset) */
function ordered(edits: Edit[]): Edit[] {
  edits.sort((x, y) => x.start - y.start || x.end - y.end);
  for (let i = 1; i < edits.length; i++) {
    const a = edits[i - 1]!; const b = edits[i]!;
    if (b.start < a.end || (b.start === a.start)) throw new EditRefused(`two edits of one place of the file (offsets ${a.start}-${a.end} and ${b.start}-${b.end})`);
  }
  return edits;
}

/** The translated_from block, keeping the hashes of texts this import did not touch (its lines ended as the file's are). */
function renderRecord(source: string, hashes: Record<string, string>, eol = '\n', imported: Record<string, string> = {}): string {
  const lines = ['translated_from:', `  language: ${source}`, '  texts:', ...Object.keys(hashes).sort().map((k) => `    ${k}: "${hashes[k]}"`)];
  const written = Object.keys(imported).sort();
  if (written.length) lines.push('  imported:', ...written.map((k) => `    ${k}: "${imported[k]}"`));
  return lines.join(eol) + eol;
}

/** a record's `imported` map (importedHash by field path) as plain strings, when the record is of `source` */
function importedOf(prior: Record<string, unknown> | undefined, source: string): Record<string, string> {
  const out: Record<string, string> = {};
  const m = str(prior?.language) === source ? obj(prior?.imported) : undefined;
  if (m) for (const [k, v] of Object.entries(m)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** characters a block scalar cannot hold as they are (it has no escapes) */
const NOT_IN_BLOCK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

/**
 * A block scalar's replacement (`|-`, `>` ...: what a person writes for a long or multi-line text),
 * from its indicator to the end of its last line: a literal block at the same indentation where it
 * holds the text exactly (a folded one keeps its style for a text of one line), else the text
 * double-quoted; the line break that ended the block is kept, so the next key stays on its line.
 */
function renderBlock(text: string, header: string, indent: number, eol: string, endsLine: boolean, comment = ''): string {
  const fits = text !== '' && !NOT_IN_BLOCK.test(text) && !text.includes('\r') && !/^[ \t\n]/.test(text) && !/[ \t]\n/.test(text) && !/\d/.test(header) && indent > 0;
  // the comment on the block's header line, kept: after the indicator, or after the quoted text on its line
  const after = comment ? `   ${comment}` : '';
  if (!fits) return render(text, 'QUOTE_DOUBLE') + after + (endsLine ? eol : '');
  const body = text.replace(/\n+$/, '');
  const trailing = text.length - body.length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const style = header.startsWith('>') && !body.includes('\n') ? '>' : '|';
  const pad = ' '.repeat(indent);
  const lines = body.split('\n').map((l) => (l === '' ? '' : pad + l));
  // keep chomping (+): the text's own empty lines after the last one
  for (let i = 1; i < trailing; i++) lines.push('');
  return `${style}${chomp}${after}${eol}${lines.join(eol)}${endsLine || trailing > 1 ? eol : ''}`;
}

/** the indentation of a block scalar's content (its first line that is not blank), from the line after its indicator */
function blockIndent(text: string, headerEnd: number, end: number): number {
  let at = text.indexOf('\n', headerEnd);
  while (at >= 0 && at < end) {
    let n = 0;
    while (text[at + 1 + n] === ' ') n++;
    const c = text[at + 1 + n];
    if (c !== '\n' && c !== '\r' && c !== undefined) return n;
    at = text.indexOf('\n', at + 1);
  }
  return 0;
}

/**
 * Pure: the text of a YAML file with the scalars at `texts` replaced and `translated_from` set:
 * every other byte stays (comments, order, quoting, spacing).
 */
export function applyTexts(text: string, texts: readonly { path: (string | number)[]; text: string }[], source: string, hashes: Record<string, string>, indexed?: TextDoc, from?: unknown, imported: Record<string, string> = {}): string {
  const quick = indexed && indexed.text === text ? applyOnText(indexed, texts, source, hashes, imported) : undefined;
  if (quick !== undefined) return quick;
  const doc = parseDocument(text, { logLevel: 'error' });
  // a file written with CRLF line ends keeps them in what is written into it (the line end most of its lines have: files/line-ends.ts)
  const eol = lineEndsOf(text).main;
  const edits: Edit[] = [];
  const missing: { path: (string | number)[]; text: string }[] = [];
  for (const t of texts) {
    const node = doc.getIn(t.path, true);
    const parent = t.path.length > 1 ? doc.getIn(t.path.slice(0, -1), true) : undefined;
    if (isScalar(node) && node.range && (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED')) {
      // a block scalar's range runs to the end of its last line, its line break and the blank lines after it included (a keep-chomped block's own)
      const [start, valueEnd] = node.range;
      let end = valueEnd;
      while (end > start && text[end - 1] === ' ') end--;
      const endsLine = text[end - 1] === '\n';
      // blank lines after it: a block written keep-chomped (|+) would take them as its own
      const blankStart = end;
      for (let m = /^[ \t\r]*\n/.exec(text.slice(end, end + 200)); endsLine && m; m = /^[ \t\r]*\n/.exec(text.slice(end, end + 200))) end += m[0].length;
      const headerEnd = text.indexOf('\n', start);
      const headerLine = text.slice(start, headerEnd < 0 ? end : headerEnd);
      const header = headerLine.replace(/\s*(#.*)?$/, '');
      const comment = /\s(#.*?)\s*$/.exec(headerLine)?.[1] ?? '';
      const block = renderBlock(t.text, header, blockIndent(text, start, valueEnd), eol, endsLine, comment);
      // the file's blank lines after the block stay, unless the new block is keep-chomped (they would be its text)
      edits.push({ start, end, text: /^[|>]\+/.test(block) ? block : block + text.slice(blankStart, end) });
    } else if (isScalar(node) && node.range) edits.push({ start: node.range[0], end: node.range[1], text: render(t.text, node.type, isCollection(parent) && Boolean(parent.flow)) });
    // an alias of a text (`text: *label`): replaced by its own text, in the style of the one it repeats (no other place changes)
    else if (isAlias(node) && node.range && isScalar(node.resolve(doc))) {
      const type = (node.resolve(doc) as { type?: string }).type;
      edits.push({ start: node.range[0], end: node.range[1], text: render(t.text, type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED' ? 'QUOTE_DOUBLE' : type, isCollection(parent) && Boolean(parent.flow)) });
    } else missing.push(t);
  }
  // the record as plain data (a node's own fields are not its keys)
  const recordNode = doc.get('translated_from', true);
  const prior = obj(isNode(recordNode) ? recordNode.toJSON() : recordNode);
  const merged = { ...(str(prior?.language) === source ? (obj(prior?.texts) as Record<string, string> | undefined) ?? {} : {}), ...hashes };
  const record = renderRecord(source, merged, eol, { ...importedOf(prior, source), ...imported });
  const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'translated_from') : undefined;
  const keyRange = pair && isScalar(pair.key) ? pair.key.range : undefined;
  const valueRange = pair && isNode(pair.value) ? pair.value.range : undefined;
  const kept = keyRange && pair && str(prior?.language) === source ? editRecordInPlace(text, pair.value, hashes, eol, imported) : undefined;
  if (kept) edits.push(...kept);
  else if (keyRange && valueRange) {
    // the record's lines: yaml's range ends after the last line's break (then the next key follows), or on that line
    let end = valueRange[2];
    if (text[end - 1] !== '\n') {
      while (end < text.length && text[end] !== '\n') end++;
      end = Math.min(text.length, end + 1);
    }
    // the comments inside the replaced lines (after a flow record on its line, between a block record's lines) are kept, on its first line
    const comments: string[] = [];
    if (isNode(pair!.value)) visit(pair!.value, { Node: (_k, n) => { for (const c of [n.commentBefore, n.comment]) if (c) comments.push(...c.split('\n').map((l) => `#${l}`)); } });
    // a comment after a flow record on its line is the document's or the pair's, as yaml attaches it: taken from that line's text
    const tail = /(?:^|[ \t])(#[^\r\n]*)\r?\n?$/.exec(text.slice(valueRange[1], end));
    if (tail && !comments.includes(tail[1]!.trimEnd())) comments.push(tail[1]!.trimEnd());
    const first = record.indexOf(eol);
    edits.push({ start: keyRange[0], end, text: comments.length ? `${record.slice(0, first)}   ${comments.join(' ')}${record.slice(first)}` : record });
  }
  let out = text;
  for (const e of ordered(edits).reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  if (!keyRange) out = withRecord(out, record, eol);
  // a text the file does not have yet, in a part it lacks (a suggestion, a button, a card added to the source): the part
  // spliced in as text after the list's last item, so that every other byte stays (yaml printing the whole file again
  // rewrote untouched texts: a double-quoted text with a \n became a folded one)
  const rest: typeof missing = [];
  for (const m of missing) {
    const spliced = rest.length ? undefined : spliceMissing(out, m, from, eol);
    if (spliced === undefined) rest.push(m);
    else out = spliced;
  }
  missing.length = 0;
  missing.push(...rest);
  if (missing.length) {
    // a text the file does not have yet where no splice applies: set through the document (the rest of the file is kept as yaml prints it)
    const d2 = parseDocument(out, { logLevel: 'error' });
    keepNumbersAsWritten(d2);
    for (const m of missing) {
      // below the deepest container the file has, the source's (a new button keeps its type and URL, a new card its media): its text set
      let k = m.path.length - 1;
      while (k > 0 && !d2.hasIn(m.path.slice(0, k))) k--;
      const model = k < m.path.length - 1 ? valueAt(from, m.path.slice(0, k + 1)) : undefined;
      if (model !== null && typeof model === 'object') {
        const copy = structuredClone(model) as Record<string | number, unknown>;
        setPath(copy, m.path.slice(k + 1), m.text, new Set());
        d2.setIn(m.path.slice(0, k + 1), d2.createNode(copy));
      } else d2.setIn(m.path, m.text);
      placeAsInSource(d2, m.path.slice(0, k), m.path[k]!, from);
    }
    out = d2.toString({ lineWidth: 0 });
    // yaml prints LF: a CRLF file keeps its line ends (a line break in a scalar reads as LF either way)
    if (eol === '\r\n') out = out.replace(/\r?\n/g, '\r\n');
  }
  return out;
}

/**
 * Pure: `text` with one missing text set as a splice, or undefined when no splice applies. The
 * text's own place exists (a part spliced in before holds the source's text there): its scalar
 * replaced. Else the part the file lacks is an item after the last of a block list the file has
 * (`suggestions:`, `buttons:`, `richCards:`): the source's item, its text set, written after the
 * list's last item at its indentation, as a flow map when that item is one (`- { action: ... }`).
 */
function spliceMissing(text: string, m: { path: (string | number)[]; text: string }, from: unknown, eol: string): string | undefined {
  const doc = parseDocument(text, { logLevel: 'error' });
  if (doc.errors.length) return undefined;
  const node = doc.getIn(m.path, true);
  const parent = m.path.length > 1 ? doc.getIn(m.path.slice(0, -1), true) : undefined;
  if (isScalar(node) && node.range && node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') {
    return text.slice(0, node.range[0]) + render(m.text, node.type, isCollection(parent) && Boolean(parent.flow)) + text.slice(node.range[1]);
  }
  if (node !== undefined) return undefined;
  // the deepest list the file has on the path, and the item it lacks right after its last
  let k = m.path.length - 1;
  while (k > 0 && !doc.hasIn(m.path.slice(0, k))) k--;
  const list = doc.getIn(m.path.slice(0, k), true);
  const index = m.path[k];
  if (!isSeq(list) || list.flow || typeof index !== 'number' || index !== list.items.length || !list.items.length) return undefined;
  const model = valueAt(from, m.path.slice(0, k + 1));
  if (model === null || typeof model !== 'object') return undefined;
  const item = structuredClone(model) as Record<string | number, unknown>;
  setPath(item, m.path.slice(k + 1), m.text, new Set());
  const last = list.items[list.items.length - 1];
  if (!isNode(last) || !last.range) return undefined;
  const lineStart = text.lastIndexOf('\n', last.range[0] - 1) + 1;
  const dash = text.lastIndexOf('-', last.range[0] - 1);
  if (dash < lineStart) return undefined;
  const indent = dash - lineStart;
  if (text.slice(lineStart, dash).trim() !== '') return undefined;
  const asFlow = isCollection(last) && Boolean(last.flow);
  const rendered = stringifyYaml(item, { lineWidth: 0, collectionStyle: asFlow ? 'flow' : 'block', doubleQuotedMinMultiLineLength: Number.MAX_SAFE_INTEGER }).replace(/\n$/, '');
  const lines = rendered.split('\n');
  const entry = [`${' '.repeat(indent)}- ${lines[0]}`, ...lines.slice(1).map((l) => `${' '.repeat(indent + 2)}${l}`)].join(eol);
  // after the last item's line (its comment included)
  let end = last.range[1];
  if (text[end - 1] !== '\n') { const nl = text.indexOf('\n', end); end = nl < 0 ? text.length : nl + 1; }
  const before = text.slice(0, end);
  return `${before}${before.endsWith('\n') ? '' : eol}${entry}${eol}${text.slice(end)}`;
}

/**
 * The edits that bring a record of the same source language up to date in place: each hash this
 * import changed replaced where it is, the new ones added after the last (at its indent), so that
 * the record's comments and layout stay as a hand left them. Undefined when the record is not a
 * block map with a block map `texts` (renderRecord then writes it whole).
 */
function editRecordInPlace(text: string, record: unknown, hashes: Record<string, string>, eol: string, imported: Record<string, string> = {}): Edit[] | undefined {
  if (!isMap(record) || record.flow) return undefined;
  const texts = record.get('texts', true);
  const edits = editHashesInPlace(text, texts, hashes, eol);
  if (!edits || !Object.keys(imported).length) return edits;
  const written = record.get('imported', true);
  if (written !== undefined) {
    const more = editHashesInPlace(text, written, imported, eol);
    return more && [...edits, ...more];
  }
  // no `imported` map yet: added after the record's last line, at the indent of its keys
  const first = record.items[0];
  // the record's last scalar (the last hash of its last map): its line is the record's last
  let last: unknown = record;
  while (isMap(last) && last.items.length) last = last.items[last.items.length - 1]!.value;
  if (!first || !isScalar(first.key) || !first.key.range || !isScalar(last) || !last.range) return undefined;
  const indent = first.key.range[0] - (text.lastIndexOf('\n', first.key.range[0] - 1) + 1);
  const inner = isMap(texts) && isScalar(texts.items[0]?.key) && texts.items[0]!.key.range ? texts.items[0]!.key.range[0] - (text.lastIndexOf('\n', texts.items[0]!.key.range[0] - 1) + 1) : indent + 2;
  const block = [`${' '.repeat(indent)}imported:`, ...Object.keys(imported).sort().map((k) => `${' '.repeat(inner)}${k}: "${imported[k]}"`)].join(eol);
  let at = last.range[1];
  while (at < text.length && text[at] !== '\n') at++;
  if (edits.some((e) => e.end > at + 1)) return undefined;
  // after the hashes added there (the new last entries of texts), else on a line of its own after the record's last
  const after = edits.find((e) => e.start === e.end && e.start === (at < text.length ? at + 1 : at));
  if (after) after.text = at < text.length ? `${after.text}${block}${eol}` : `${after.text.replace(/(\r?\n)?$/, '')}${eol}${block}${eol}`;
  else edits.push(at < text.length ? { start: at + 1, end: at + 1, text: `${block}${eol}` } : { start: at, end: at, text: `${eol}${block}${eol}` });
  return edits;
}

/** editRecordInPlace for one map of hashes (`texts`, `imported`): undefined when it is not a block map with entries */
function editHashesInPlace(text: string, texts: unknown, hashes: Record<string, string>, eol: string): Edit[] | undefined {
  if (!isMap(texts) || texts.flow || texts.items.length === 0) return undefined;
  const have = new Map<string, { value: unknown }>();
  for (const p of texts.items) if (isScalar(p.key)) have.set(String(p.key.value), p);
  const edits: Edit[] = [];
  const added: string[] = [];
  for (const k of Object.keys(hashes).sort()) {
    const p = have.get(k);
    if (!p) { added.push(k); continue; }
    if (!isScalar(p.value) || !p.value.range) return undefined;
    if (String(p.value.value) !== hashes[k]) edits.push({ start: p.value.range[0], end: p.value.range[1], text: `"${hashes[k]}"` });
  }
  if (added.length) {
    const first = texts.items[0]!; const last = texts.items[texts.items.length - 1]!;
    if (!isScalar(first.key) || !first.key.range || !isNode(last.value) || !last.value.range) return undefined;
    const lineStart = (i: number): number => text.lastIndexOf('\n', i - 1) + 1;
    const indent = first.key.range[0] - lineStart(first.key.range[0]);
    const entry = (k: string): string => `${' '.repeat(indent)}${k}: "${hashes[k]}"`;
    // each new key before the first entry whose key sorts after it (renderRecord's order, in a record it wrote), else after the last entry's line
    const before = new Map<number, string[]>();
    const atEnd: string[] = [];
    for (const k of added) {
      const next = texts.items.find((p) => isScalar(p.key) && String(p.key.value) > k);
      if (next && isScalar(next.key) && next.key.range) {
        const at = lineStart(next.key.range[0]);
        (before.get(at) ?? before.set(at, []).get(at)!).push(entry(k));
      } else atEnd.push(entry(k));
    }
    for (const [at, lines] of before) edits.push({ start: at, end: at, text: `${lines.join(eol)}${eol}` });
    if (atEnd.length) {
      let at = last.value.range[1];
      while (at < text.length && text[at] !== '\n') at++;
      edits.push(at < text.length ? { start: at + 1, end: at + 1, text: `${atEnd.join(eol)}${eol}` } : { start: at, end: at, text: `${eol}${atEnd.join(eol)}${eol}` });
    }
  }
  return edits;
}

/** the record as renderRecord writes it, at the start of its top-level key, and nothing else on its lines */
const RECORD = /translated_from:\n {2}language: ([a-z]{2,3}(?:_[A-Za-z]{2,4})?)\n {2}texts:\n((?: {4}[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*: "[0-9a-f]{8}"\n)+)(?: {2}imported:\n((?: {4}[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*: "[0-9a-f]{8}"\n)+))?/y;

/**
 * applyTexts on a text whose layout text-locate proves, without a parse: the same bytes as the
 * parse would give (test/translations-fast-apply.test.ts), or undefined when a text is not a
 * one-line scalar of the file yet or the record is not in the form renderRecord writes.
 */
export function applyOnText(doc: TextDoc, texts: readonly { path: (string | number)[]; text: string }[], source: string, hashes: Record<string, string>, imported: Record<string, string> = {}): string | undefined {
  return editOnText(doc, texts, source, hashes, imported)?.out;
}

/**
 * applyOnText, and whether its result is proven to read back as intended without reading it
 * whole (`readBack`): the file's whole layout is one text-locate proves (its value complete),
 * each text rendered reads back in its place on its line as that text (readsBackInPlace), and
 * the record is in the form RECORD reads. The rest of the file is the same bytes, so its value
 * is the same; checkApplied then has nothing to find (test/translations-fast-apply.test.ts holds
 * the two answers the same).
 */
export function editOnText(doc: TextDoc, texts: readonly { path: (string | number)[]; text: string }[], source: string, hashes: Record<string, string>, imported: Record<string, string> = {}): { out: string; readBack: boolean } | undefined {
  const text = doc.text;
  if (text.includes('\r')) return undefined;
  const edits: Edit[] = [];
  let readBack = doc.value !== undefined;
  for (const t of texts) {
    const at = scalarAtPath(doc, t.path);
    if (!at) return undefined;
    const rendered = render(t.text, at.type, at.inFlow);
    if (readBack && !readsBackInPlace(doc, at, rendered, t.text)) readBack = false;
    edits.push({ start: at.start, end: at.end, text: rendered });
  }
  const keyStart = topLevelKeyStart(doc, 'translated_from');
  const prior: Record<string, string> = {};
  const priorImported: Record<string, string> = {};
  if (keyStart !== undefined) {
    RECORD.lastIndex = keyStart;
    const m = RECORD.exec(text);
    if (!m) return undefined;
    const end = RECORD.lastIndex;
    // what follows is the next top-level key or the end: no comment or blank line whose place a parse would decide
    if (end < text.length && !/[A-Za-z_]/.test(text[end]!)) return undefined;
    if (m[1] === source) {
      for (const [lines, into] of [[m[2]!, prior], [m[3] ?? '', priorImported]] as const) {
        for (const line of lines.split('\n')) {
          if (!line) continue;
          const c = line.indexOf(': ');
          const k = line.slice(4, c);
          if (k in into) return undefined; // a duplicate key: the parse decides
          into[k] = line.slice(c + 3, -1);
        }
      }
    }
    const record = renderRecord(source, { ...prior, ...hashes }, '\n', { ...priorImported, ...imported });
    if (readBack && !recordReadsBack(record)) readBack = false;
    // no text to change and the record as the file has it (a re-import of what the file holds): the text itself, not a copy
    if (edits.length === 0 && record.length === end - keyStart && text.startsWith(record, keyStart)) return { out: text, readBack };
    edits.push({ start: keyStart, end, text: record });
  }
  edits.sort((x, y) => x.start - y.start);
  const out: string[] = [];
  let from = 0;
  for (const e of edits) {
    if (e.start < from) return undefined; // two edits of one place: the parse decides
    out.push(text.slice(from, e.start), e.text);
    from = e.end;
  }
  out.push(text.slice(from));
  let result = out.join('');
  if (keyStart === undefined) {
    const record = renderRecord(source, hashes, '\n', imported);
    if (readBack && !recordReadsBack(record)) readBack = false;
    result = withRecord(result, record, '\n');
  }
  return { out: result, readBack };
}

/** a file's text with a new record added: at the end, before the file's closing comments (they stay its last lines) */
function withRecord(text: string, record: string, eol: string): string {
  const at = commentTailStart(text);
  const head = text.slice(0, at);
  return `${head}${head.endsWith('\n') || head === '' ? '' : eol}${record}${text.slice(at)}`;
}

/** a record renderRecord wrote, whole in the form RECORD reads (its keys field paths, its hashes 8 hex digits) */
function recordReadsBack(record: string): boolean {
  RECORD.lastIndex = 0;
  return RECORD.test(record) && RECORD.lastIndex === record.length;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (!isPlain(a) || !isPlain(b)) return false;
  const ka = Object.keys(a); const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue(a[k], b[k]));
}

/**
 * A key just added to the mapping at `at` (yaml appends it) moved to where the source has it: after
 * the last key before it in the source's order that the mapping has (a footer after the body, not
 * after translated_from at the end of the file).
 */
function placeAsInSource(d: ReturnType<typeof parseDocument>, at: (string | number)[], key: string | number, from: unknown): void {
  if (typeof key !== 'string') return;
  const map = at.length ? d.getIn(at, true) : d.contents;
  const order = obj(valueAt(from, at));
  if (!isMap(map) || !order) return;
  const keys = Object.keys(order);
  const mine = keys.indexOf(key);
  // a key yaml added is a plain string, a parsed one a scalar node
  const nameOf = (p: (typeof map.items)[number]): unknown => (isScalar(p.key) ? p.key.value : p.key);
  const i = map.items.findIndex((p) => nameOf(p) === key);
  if (mine < 0 || i < 0 || i !== map.items.length - 1) return;
  const rank = (p: (typeof map.items)[number]): number => keys.indexOf(String(nameOf(p)));
  let to = 0;
  for (let j = 0; j < i; j++) { const r = rank(map.items[j]!); if (r >= 0 && r < mine) to = j + 1; }
  if (to < i) map.items.splice(to, 0, map.items.splice(i, 1)[0]!);
}

/**
 * Pure: the parts a file lacks that setting `paths` adds from the source, each once, said with
 * what it takes from the source besides the translated text (a new suggestion's action, number,
 * postback): an import says every structural change it makes, not only its texts.
 */
export function addedParts(file: unknown, paths: readonly (string | number)[][], source: unknown, sourceLang: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const p of paths) {
    let k = p.length - 1;
    while (k > 0 && valueAt(file, p.slice(0, k)) === undefined) k--;
    // the text's own container exists: a text set, not a part added
    if (k >= p.length - 1) continue;
    const at = p.slice(0, k + 1);
    const key = at.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    const model = obj(valueAt(source, at));
    const translated = new Set(paths.filter((q) => q.slice(0, at.length).join('.') === key).map((q) => String(q[at.length])));
    const copied = model ? Object.keys(model).filter((x) => !translated.has(x) && x !== 'action' && x !== 'type') : [];
    const what = typeof model?.action === 'string' ? `${an(model.action)} suggestion`
      : typeof model?.type === 'string' ? `${an(model.type)} button` : at.includes('richCards') || at.includes('carousel') ? 'a card' : 'a part';
    out.push(`${key} (${what}${copied.length ? `: ${copied.join(', ')} as in ${sourceLang}` : ` from ${sourceLang}`})`);
  }
  return out;
}

/** the value at `path` in `v` (undefined where the path leaves it) */
function valueAt(v: unknown, path: readonly (string | number)[]): unknown {
  let at = v;
  for (const k of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[k];
  }
  return at;
}

/**
 * `value` set at `path` in `root`, a copy of the value it was made from whose containers along the
 * path are copied before they change (`copied`: those copied already): the value it was made from
 * is left as it was, and what the path does not reach is shared, not cloned.
 */
function setPath(root: Record<string | number, unknown>, path: readonly (string | number)[], value: unknown, copied: Set<object>, from?: unknown): void {
  let at: Record<string | number, unknown> = root;
  path.forEach((k, i) => {
    if (i === path.length - 1) { at[k] = value; return; }
    const next = at[k];
    if (typeof next !== 'object' || next === null) {
      // a container the value lacks: the source's, as applyTexts writes it (a new button's type), or an empty one
      const model = valueAt(from, path.slice(0, i + 1));
      at[k] = model !== null && typeof model === 'object' ? structuredClone(model) : typeof path[i + 1] === 'number' ? [] : {};
      from = undefined;
    }
    else if (!copied.has(next)) at[k] = Array.isArray(next) ? next.slice() : { ...(next as Record<string, unknown>) };
    at = at[k] as Record<string | number, unknown>;
    copied.add(at);
  });
}

/**
 * Pure: why `after` (applyTexts' result) is not `before` with exactly the texts set and the
 * record merged (as applyTexts merges it), or undefined when it is: the new text is read back
 * before anything is written, so an edit that went wrong refuses its template instead of writing
 * a broken or different file.
 */
export function checkApplied(after: string, before: unknown, texts: readonly { path: (string | number)[]; text: string }[], source: string, hashes: Record<string, string>, from?: unknown, imported: Record<string, string> = {}): string | undefined {
  const got = openDocument('', after).value;
  if (got === undefined) return 'the edited file would not read as a template (not written)';
  // before with the texts set: the containers on their paths copied, the rest shared (a deep clone of every file was a fifth of this check)
  const want: Record<string, unknown> = { ...(isPlain(before) ? before : {}) };
  const copied = new Set<object>([want]);
  for (const t of texts) setPath(want, t.path, t.text, copied, from);
  const prior = obj(want.translated_from);
  const kept = str(prior?.language) === source ? obj(prior?.texts) ?? {} : {};
  const merged: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...kept, ...hashes })) merged[k] = String(v);
  const written = { ...importedOf(prior, source), ...imported };
  want.translated_from = { language: source, texts: merged, ...(Object.keys(written).length ? { imported: written } : {}) };
  if (sameValue(got, want)) return undefined;
  const wrong = texts.find((t) => sameValue(t.path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], got), t.text) === false);
  // a text the file writes once and refers to again (a YAML anchor `&x` and its alias `*x`): one text, however many translations
  let alias = false;
  visit(parseDocument(after, { logLevel: 'error' }), { Alias: () => { alias = true; return visit.BREAK; } });
  const aliased = alias ? '; the file writes a text once and refers to it again (a YAML anchor &name and its alias *name), so two places hold one text: write each place its own text, then import again' : '';
  return `the edited file would not hold the intended texts${wrong ? ` (${fieldKey(wrong.path)} differs)` : ''}${aliased} (not written)`;
}

/** The entries of one template with the same unit id twice: refused (both lines), or kept once when source and translation are the same. */
function uniqueEntries(template: string, es: readonly Entry[]): { ok: Entry[]; refused: Refusal[] } {
  if (es.length <= 16) {
    // a template's handful of entries: compared pairwise, without a map (one per template per language)
    let dup = false;
    for (let i = 1; i < es.length && !dup; i++) for (let j = 0; j < i; j++) if (es[i]!.id === es[j]!.id) { dup = true; break; }
    if (!dup) return { ok: es as Entry[], refused: [] };
  }
  const first = new Map<string, Entry>();
  const ok: Entry[] = [];
  const refused: Refusal[] = [];
  for (const e of es) {
    const f = first.get(e.id);
    if (!f) { first.set(e.id, e); ok.push(e); continue; }
    if (f.target === e.target && f.source === e.source && f.unknownCode === e.unknownCode) continue;
    refused.push({ template, id: e.id, line: e.line, message: `this unit is in the file twice (lines ${f.line} and ${e.line}) with ${f.source !== e.source ? 'different source texts' : 'different translations'}; keep one of them` });
  }
  return { ok, refused };
}

/** a source template's fields by key, made once for all the languages of an import (the value is not changed meanwhile) */
const fieldsMemo = new WeakMap<object, Map<string, ReturnType<typeof textFields>[number]>>();
function fieldsOf(value: Loose): Map<string, ReturnType<typeof textFields>[number]> {
  if (!value || typeof value !== 'object') return new Map(textFields(value).map((f) => [fieldKey(f.path), f]));
  let m = fieldsMemo.get(value);
  if (!m) { m = new Map(textFields(value).map((f) => [fieldKey(f.path), f])); fieldsMemo.set(value, m); }
  return m;
}
/** the hashes of the last source texts seen: the same text is hashed for each language of an import */
let hashMemo = new Map<string, string>();
function hashOf(text: string): string {
  let h = hashMemo.get(text);
  if (h === undefined) {
    if (hashMemo.size >= 100_000) hashMemo = new Map();
    h = textHash(text);
    hashMemo.set(text, h);
  }
  return h;
}

/**
 * The order to import translation files in: each after every file that writes its source language
 * (`pt_BR` -> `es` after `en_US` -> `pt_BR`, whichever was named first), else in the order given.
 * Files in a cycle of languages (`de` -> `fr` and `fr` -> `de`) keep the order given among them.
 */
export function importOrder(files: readonly { source: string; target: string }[]): number[] {
  const done = new Set<number>();
  const order: number[] = [];
  while (order.length < files.length) {
    // the first file given whose source no file still to come writes (a cycle: the first still to come)
    const waiting = files.map((_, i) => i).filter((i) => !done.has(i));
    const next = waiting.find((i) => !waiting.some((j) => j !== i && files[j]!.target === files[i]!.source)) ?? waiting[0]!;
    done.add(next);
    order.push(next);
  }
  return order;
}

/**
 * A translation file's entries by template (the unit id up to its last ':'; '' for an id without
 * one), in the order each template first appears: the order planImport plans them in, so that a
 * plan made one template at a time is the same plan when its parts are joined in this order.
 */
export function groupByTemplate(entries: readonly Entry[]): Map<string, Entry[]> {
  const byTemplate = new Map<string, Entry[]>();
  let last: string | undefined;
  let list: Entry[] = [];
  for (const e of entries) {
    const i = e.id.lastIndexOf(':');
    // a template's units lie next to each other in an exported file: the last one's group, without a slice and a lookup
    if (last !== undefined && i === last.length && i > 0 && e.id.startsWith(last)) { list.push(e); continue; }
    const template = i > 0 ? e.id.slice(0, i) : '';
    list = byTemplate.get(template) ?? byTemplate.set(template, []).get(template)!;
    list.push(e);
    last = template;
  }
  return byTemplate;
}

/**
 * Pure: what an import writes. Entries are grouped by template; a template with any refused
 * entry writes nothing; a template without a target file gets a new one only when every text
 * of it is translated.
 */
export function planImport(entries: readonly Entry[], sourceLang: string, targetLang: string,
  sources: ReadonlyMap<string, SourceTemplate>, targets: ReadonlyMap<string, TargetTemplate>, takenFiles: ReadonlySet<string> = new Set(),
  fuzzy: readonly NotFinal[] = [], severities?: SeveritiesOf, lintOf?: LintOf): ImportPlan {
  return planGroups(groupByTemplate(entries), sourceLang, targetLang, sources, targets, takenFiles, fuzzy, severities, lintOf);
}

/**
 * lint's findings of a template value as the file `file` would hold it, each with the severity the project's config gives its
 * rule there: given by the command (lint is a stage above this folder), so that import judges a translated text by lint's own
 * rules, not by a copy of them.
 */
export type LintOf = (value: Loose, file: string) => readonly { ruleId: string; path: readonly (string | number)[]; message: string; severity: SeveritySetting }[];

/** the rules of a text's samples (`examples:`): the file's to edit, not the translator's; the import writes the text and says which sample to add or remove (sampleNotes) */
const SAMPLES_RULE = /^(placeholder-sample|sample-.*)$/;

/**
 * Pure apart from `lintOf`: the units whose translation, set in `base` (the target file's value, or the source's for a new file),
 * gets a finding at its own field that lint makes an error and that the field's text in `base` does not get; with every such
 * finding of the unit, each message with its rule (a label with a line break and an emoji is told both at once, not one per
 * import). `judge` (all units by default) names the units whose findings are wanted, `skip` a unit's rules already said.
 */
export function lintRefusals(lintOf: LintOf, file: string, base: Loose, from: Loose, units: readonly { e: Entry; path: (string | number)[] }[],
  judge?: ReadonlySet<Entry>, skip?: (e: Entry, rule: string) => boolean, brought?: Brought[], suppressed?: Suppressed): Map<Entry, string> {
  const all = lintFindingsOf(lintOf, file, base, from, units, judge, skip, brought, suppressed);
  return new Map([...all].map(([e, ms]) => [e, everyMistake(ms)]));
}

/**
 * A finding lint gives the template as the import writes it, a warning or info, that the file before (`base`: the target
 * file, or the source for a new file) does not get: brought by the translations. `unit`: the unit at whose text it is, or
 * else whose text is inside the part it is at (or holds it), the first of them; none for a finding elsewhere in the file
 */
export interface Brought { ruleId: string; path: readonly (string | number)[]; message: string; severity: 'warning' | 'info'; unit?: Entry; exact: boolean }

/**
 * Pure: the warnings to say with a write for the findings `brought` (lintFindingsOf), each at its unit's line (a finding at no
 * unit's text at the first unit's, with where it is), its message and rule as lint gives them; not one the import says already
 * (`said`: a warning of the same rule at that unit, or anywhere for a finding at no unit's own text)
 */
export function broughtWarnings(brought: readonly Brought[], said: readonly { id: string; rule?: string }[], first: { id: string; line: number }): { id: string; line: number; message: string; rule: string }[] {
  const out: { id: string; line: number; message: string; rule: string }[] = [];
  for (const b of brought) {
    const id = b.unit?.id ?? first.id;
    if (said.some((w) => w.rule === b.ruleId && (w.id === id || !b.exact)) || out.some((w) => w.rule === b.ruleId && w.id === id && w.message.includes(b.message))) continue;
    const where = b.exact ? '' : `at ${b.path.length ? fieldKey(b.path) : 'the top of the file'}: `;
    out.push({ id, line: b.unit?.line ?? first.line, rule: b.ruleId, message: `${where}${b.message.replace(/\.$/, '')} (${b.ruleId}, ${b.severity === 'info' ? 'info' : 'a warning'}: written all the same)` });
  }
  return out;
}

/** one refusal naming each of a unit's mistakes: the one alone, or each numbered ("2 mistakes: (1) ...; (2) ...") */
export function everyMistake(ms: readonly string[]): string {
  return ms.length === 1 ? ms[0]! : `${ms.length} mistakes: ${ms.map((m, i) => `(${i + 1}) ${m}`).join('; ')}`;
}

/** Whether a finding of `rule` at `path` is one the target file's own comments turn off (`# tplsync-disable-next-line RULE`). */
export type Suppressed = (path: readonly (string | number)[], rule: string) => boolean;

/**
 * Pure: the findings the target file's disable directives turn off, as lint turns them off (a directive names the rule, on the
 * line before the finding's: its key's line, or its value's where that starts lower), or undefined for a file without any
 * (most). The import writes texts only, in place: the file's comments and keys stay on their lines, so the file before places
 * them as the file written will. A new file has none.
 */
export function directivesOf(target: Pick<TargetTemplate, 'file' | 'text'> | undefined): Suppressed | undefined {
  if (!target || !target.text.includes('tplsync-disable')) return undefined;
  const directives = parseDirectives(target.text);
  if (!directives.length) return undefined;
  const doc = openDocument(target.file, target.text);
  return (path, rule) => {
    let lines: number[];
    try { lines = [doc.span(path as (string | number)[], 'key').line, doc.span(path as (string | number)[], 'value').line]; } catch { return false; }
    return directives.some((d) => d.rules.includes(rule) && lines.includes(d.target));
  };
}

/** lintRefusals' findings of each unit, in lint's order, each said once */
function lintFindingsOf(lintOf: LintOf, file: string, base: Loose, from: Loose, units: readonly { e: Entry; path: (string | number)[] }[],
  judge?: ReadonlySet<Entry>, skip?: (e: Entry, rule: string) => boolean, brought?: Brought[], suppressed?: Suppressed): Map<Entry, string[]> {
  // every text as `base` holds it already (a re-import of what the file has): the translated template is `base`, and a
  // finding `base` gets is never the translation's (below): nothing to lint (an import of 18,000 such files linted each)
  if (units.every((u) => valueAt(base, u.path) === u.e.target)) return new Map();
  const key = (p: readonly (string | number)[]): string => p.map(String).join('\u0000');
  const at = new Map(units.map((u) => [key(u.path), u]));
  const translated: Record<string | number, unknown> = { ...base };
  const copied = new Set<object>([translated]);
  for (const u of units) setPath(translated, u.path, u.e.target, copied, from);
  const out = new Map<Entry, string[]>();
  // (a finding the target file's own directives turn off is none: lint will not give it)
  const linted = lintOf(translated as Loose, file);
  const all = suppressed ? linted.filter((f) => !suppressed(f.path, f.ruleId)) : linted;
  const found = all.filter((f) => f.severity === 'error' && at.has(key(f.path)) && !SAMPLES_RULE.test(f.ruleId)
    && (!judge || judge.has(at.get(key(f.path))!.e)) && !skip?.(at.get(key(f.path))!.e, f.ruleId));
  // the warnings and infos of the file written (the same lint, the same severities), for the ones the file before does not get
  const others = brought ? all.filter((f) => f.severity === 'warning' || f.severity === 'info') : [];
  if (!found.length && !others.length) return out;
  // what lint gives the file before (linted once, and only when the file written gets a finding)
  let baseKeys: Set<string> | undefined;
  const beforeBase = (): Set<string> => (baseKeys ??= new Set(lintOf(base, file).map((f) => `${f.ruleId} ${key(f.path)}`)));
  if (others.length) {
    const changed = units.filter((u) => valueAt(base, u.path) !== u.e.target);
    for (const f of others) {
      if (beforeBase().has(`${f.ruleId} ${key(f.path)}`)) continue;
      // the unit at the finding's text; else the one whose text is inside the part the finding is at (a changed one first), or holds it
      const own = at.get(key(f.path));
      let unit = own?.e;
      if (!unit) {
        const inside = (p: readonly (string | number)[]): boolean => p.length >= f.path.length && f.path.every((k, i) => String(k) === String(p[i]));
        unit = [...changed, ...units].find((u) => inside(u.path))?.e;
        for (let n = f.path.length - 1; !unit && n > 0; n--) unit = at.get(key(f.path.slice(0, n)))?.e;
      }
      brought!.push({ ruleId: f.ruleId, path: f.path, message: f.message, severity: f.severity as 'warning' | 'info', ...(unit ? { unit } : {}), exact: own !== undefined });
    }
  }
  if (!found.length) return out;
  // a finding the field's text before gets too is not the translation's (the file's own text imported back), nor one the
  // source's text gets (a translation follows its source: that is lint's to say in the source file)
  const before = new Set([...beforeBase(), ...(from === base ? [] : lintOf(from, file).map((f) => `${f.ruleId} ${key(f.path)}`))]);
  for (const f of found) {
    const u = at.get(key(f.path))!;
    if (before.has(`${f.ruleId} ${key(f.path)}`)) continue;
    const said = `${f.message.replace(/\.$/, '')} (${f.ruleId})`;
    const ms = out.get(u.e) ?? out.set(u.e, []).get(u.e)!;
    if (!ms.includes(said)) ms.push(said);
  }
  return out;
}

/** The severity lint gives a rule in a template file (as the plan names it: the file written), the config's overrides applied: a limit's refusal follows its rule's. */
export type SeveritiesOf = (file: string, rule: string) => SeveritySetting;

/**
 * Pure: why a new file of `template` is not written at `file`, which another template holds, and what to do: the target
 * variant of a template whose source was renamed (the source file's `name:` changed, the translation's not) takes its
 * new name in that file too; any other file is moved away, or one of the two templates named otherwise.
 */
function notTheVariant(file: string, template: string, targetLang: string, sourceLang: string, sources: ReadonlyMap<string, SourceTemplate>, targets: ReadonlyMap<string, TargetTemplate>): string {
  const said = `${file} exists and is not the ${targetLang} variant of ${template}`;
  const holder = [...targets].find(([, t]) => t.file === file)?.[0];
  const newName = template.slice(template.indexOf('/') + 1);
  if (holder !== undefined && !sources.has(holder)) {
    return `${said}: it holds ${holder}, which has no ${sourceLang} template any more. If ${holder} was renamed ${template}, write \`name: ${newName}\` in ${file} too (lint's language-coverage reports the two halves) and import again; its texts are then updated in place`;
  }
  return `${said}${holder !== undefined ? `: it holds ${holder}` : ''}. Move ${file} away, or give one of the two templates another name (its source file's \`name:\`), and import again`;
}

/** Pure: planImport of entries already grouped by template (groupByTemplate), in the groups' order. */
export function planGroups(groups: Iterable<readonly [string, readonly Entry[]]>, sourceLang: string, targetLang: string,
  sources: ReadonlyMap<string, SourceTemplate>, targets: ReadonlyMap<string, TargetTemplate>, takenFiles: ReadonlySet<string> = new Set(),
  fuzzy: readonly NotFinal[] = [], severities?: SeveritiesOf, lintOf?: LintOf): ImportPlan {
  const plan: ImportPlan = { writes: [], refusals: [], skipped: [], unchanged: [], kept: [] };
  for (const [template, es] of groups) {
    // a template's plan is its own: an error planning it (a bug) refuses it alone, whatever of it was planned taken back,
    // and the others are planned as usual (no file of it is written, and the import's summary is said)
    const mark = markOf(plan);
    try {
      const src = sources.get(template);
      if (!src) {
        for (const e of es) plan.refusals.push({ template, id: e.id, line: e.line, message: e.refuse ?? `no ${sourceLang} template ${template || '(unit id without a template)'} in this project` });
        continue;
      }
      // the source's own texts were translated from the target language (a spreadsheet with its language columns swapped): importing would overwrite the texts they came from
      if (str(obj(src.value.translated_from)?.language) === targetLang) {
        plan.refusals.push({ template, id: template, line: Math.min(...es.map((e) => e.line)), message: `its ${sourceLang} file was translated from ${targetLang} (translated_from in ${src.file}): importing ${sourceLang} -> ${targetLang} would overwrite the texts it was made from; check the translation file's languages (its source and target columns, srcLang and trgLang, or Language header)` });
        continue;
      }
      const fields = fieldsOf(src.value);
      // the target file's record: a text it holds made from the current source text is not replaced by one made from an older
      const record = obj(targets.get(template)?.value.translated_from);
      const madeFrom = str(record?.language) === sourceLang ? obj(record?.texts) : undefined;
      // the texts an import wrote from a translation file with its targets as exported (translated_from.imported): which export, and which text
      const wroteBy = importedOf(record, sourceLang);
      const downgrade = (field: string, current: string): string | undefined => (madeFrom?.[field] !== undefined && String(madeFrom[field]) === hashOf(current)
        ? `the ${targetLang} file's text here was made from the current ${sourceLang} text, and this translation from another (the translation file's source text is not the template's: it was exported before the ${sourceLang} text changed, or its source was edited, as a spreadsheet's autocorrect does): not imported, so as not to replace the newer translation; export again, or put the file's source text back as the template has it`
        : undefined);
      const unique = uniqueEntries(template, es);
      const refused: Refusal[] = unique.refused;
      const ok: { e: Entry; path: (string | number)[] }[] = [];
      /** the units refused by the import's own checks (checkEntry, smsOver), whose lint findings are added to their refusal */
      const checked: { e: Entry; path: (string | number)[]; r: Refusal; rule: string | undefined }[] = [];
      const warnings: NonNullable<Write['warnings']> = [];
      const older: NonNullable<Write['older']> = [];
      // the findings the target file's own comments turn off (# tplsync-disable-next-line RULE): neither refused nor said, as lint gives none
      const suppress = directivesOf(targets.get(template));
      // the severities lint will judge the written file by (the target's file, or the one this import makes): a limit whose rule is
      // an error refuses, one a warning or info writes with the finding said, one turned off is not checked (as lint would not)
      const judged = targets.get(template)?.file ?? targetFileName(src.file, sourceLang, targetLang);
      /** the rule is an error for the file written (the placement and line-break checks are refusals only then) */
      const refuses = (rule: string): boolean => !severities || severities(judged, rule) === 'error';
      for (const given of unique.ok) {
        if (given.refuse) { refused.push({ template, id: given.id, line: given.line, message: given.refuse }); continue; }
        const field = given.id.slice(template.length + 1);
        const f = fields.get(field);
        if (!f) { refused.push({ template, id: given.id, line: given.line, message: `the ${sourceLang} template has no text at ${field}` }); continue; }
        // a source cell a spreadsheet's autocorrect retyped (I'll -> I’ll, -- -> –): the template's own text, not another source
        const e = given.source && given.source !== f.text && typographic(given.source) === typographic(f.text) ? { ...given, source: f.text } : given;
        // the placeholders the translator was given are those of the exported source text
        // the template's own string when the exported source is that text (most are): the memos' hash of it is computed once, not once a language
        // a source text in the file other than the template's (exported before it changed, or edited in a spreadsheet) is taken only with the template's placeholders
        const stale = e.source && e.source !== f.text ? layoutAdded(e.source, f.text) ?? sourceDiffers(e.source, f.text) ?? downgrade(field, f.text) : undefined;
        const held = targets.get(template);
        const heldValue = held === undefined ? undefined : valueAt(held.value, f.path);
        const heldText = typeof heldValue === 'string' ? heldValue : undefined;
        // the target file's own text sent back, which its record says was made from the template's current text (a re-import
        // of what the file holds, or a translation file exported after the import): nothing of it changes, and it was checked
        // when it was imported (a text written by hand is lint's to judge, at its line in the file): taken as it is, unchecked
        // (an import of 18,000 files that hold their texts checked 73,000 units that write nothing). Only the record's
        // import note (translated_from.imported) may change; the edit below brings it up to date
        if (heldText === e.target && (!e.source || e.source === f.text) && madeFrom?.[field] !== undefined && String(madeFrom[field]) === hashOf(f.text)) {
          ok.push({ e, path: f.path });
          continue;
        }
        // the target file's text changed since the translation file was exported (a reviewer's edit, a later import)
        // (a translation the file already holds is no change: the same file imported again)
        // (a text missing from the file then and now is no change: its exported target was empty)
        // (nor is the text an import of this same export wrote, unedited since: a corrected delivery of the translation file replaces it)
        const ownImport = e.exported !== undefined && heldText !== undefined && wroteBy[field] === importedHash(e.exported, heldText);
        if (held && e.exported !== undefined && !ownImport && heldText !== e.target && targetHash(heldText ?? '') !== e.exported) {
          // the translation is the text as exported: the file's newer text is kept, not put back
          if (targetHash(e.target) === e.exported) { plan.kept.push({ template, id: e.id, line: e.line, file: held.file }); continue; }
          // a translation made from another source text is said as such: that is why it cannot be taken, whatever the file holds
          refused.push({ template, id: e.id, line: e.line, message: stale ?? `the ${targetLang} file's text here changed after this translation file was exported (${held.file} edited by hand, or a later import), and the translation changed too: which is right is a person's call: to keep the translation, write it in ${held.file} at ${field}; to keep the file's text, write that text as this unit's translation in the translation file; then import again` });
          continue;
        }
        // the file's own text sent back, which its record says is outdated (its source text changed since), by a file that
        // cannot say it was checked: one without the export's notes (a CSV without its notes column, a PO whose comments a
        // tool dropped), or an XLIFF segment with no state whose target is the one exported (a tool dropped the state="initial"
        // export gave the outdated unit; XLIFF 2.0 reads no state as "initial"): not marked current; the export's outdated
        // marker, removed by the translator (a state="translated" in XLIFF), is what says "still right"
        const stateless = e.stateless === true && e.exported !== undefined && targetHash(e.target) === e.exported;
        if (held && (e.exported === undefined || stateless) && heldText === e.target && madeFrom?.[field] !== undefined && String(madeFrom[field]) !== hashOf(f.text)) {
          (plan.stillOutdated ??= []).push({ template, id: e.id, line: e.line, file: held.file, ...(stateless ? { stateless: true as const } : {}) });
          continue;
        }
        // a limit lint only warns about refuses nothing: the translation is written and the warning said (limitWarning)
        const limitSeverity: SeveritySetting = !f.rule ? 'error' : suppress?.(f.path, f.rule) ? 'off' : severities ? severities(judged, f.rule) : f.warning ? 'warning' : 'error';
        // (one SMS is not a count of characters: an error's refusal is smsOver's)
        const why = stale ?? checkEntry(e, !e.source || e.source === f.text ? f.text : e.source, limitSeverity !== 'error' || f.sms ? undefined : f.limit, f.text, f.bytes === true, heldText, f.rendered ? f.samples : undefined, { body: field === 'body.text' && src.value.category !== 'AUTHENTICATION' && refuses('placeholder-position'), rcs: field.startsWith('message.') || !refuses('placeholder-adjacent'), ...(!refuses('header-footer-line-break') ? {} : field === 'footer' ? { oneLine: 'the footer' } : field === 'header.text' ? { oneLine: 'a text header' } : {}), ...(f.rule ? { rule: f.rule } : {}) });
        const sms = !why && f.sms && limitSeverity === 'error' ? smsOver(e.target, f.samples) : undefined;
        if (why || sms) {
          const r: Refusal = { template, id: e.id, line: e.line, message: why ?? `${sms} (${f.rule} is an error in this project's config)` };
          refused.push(r);
          // what lint says of the same text besides (a label too long that holds an emoji too): said with it, below
          // (judged as it would be written: without a tool's padding, which is said already and would make a line break of its own)
          if (!stale) checked.push({ e: { ...e, target: unpadded(e.target, f.text) }, path: f.path, r, rule: f.rule });
          continue;
        }
        ok.push({ e, path: f.path });
        // made from a source text other than the template's, with the same placeholders (a reworded source): the record below keeps that
        // text's hash, not the template's, so lint says translation-outdated; said now, not found at the next lint
        if (e.source && e.source !== f.text) older.push({ id: e.id, line: e.line, message: `translated from an older ${sourceLang} text than the template's (this file's source text is not ${src.file}'s): imported, and recorded as made from that text, so lint will say translation-outdated until it is translated again from the current text` });
        const warned = limitWarning(e.target, f, limitSeverity);
        if (warned) warnings.push({ id: e.id, line: e.line, message: warned, ...(f.rule ? { rule: f.rule } : {}) });
        // the source text sent back as the translation (a translator who left the English, a tool's pre-fill): recorded as
        // translated, so translation-missing is silent after; said now
        const kept = sourceKept(e.target, e.source ? [f.text, e.source] : [f.text], heldText, madeFrom?.[field] !== undefined, sourceLang, targetLang);
        if (kept) warnings.push({ id: e.id, line: e.line, message: kept });
        // a character inside the text that prints nothing and does no job there (a zero-width space pasted with it): written, and said
        // as lint's text-characters will say it, unless the template's text or the file's holds it too
        const unseen = heldText === e.target ? undefined : invisibleAdded(e.target, f.text, heldText);
        if (unseen) warnings.push({ id: e.id, line: e.line, message: unseen, rule: 'text-characters' });
        // (a text the target file already holds was said when it was imported)
        // (a one-line header or footer's line break is header-footer-line-break's, refused or said below)
        const lost = heldText === e.target ? undefined : lostBreaks(e, f.text, sourceLang) ?? (field === 'footer' || field === 'header.text' ? undefined : addedBreaks(e.target, f.text, sourceLang));
        if (lost) warnings.push({ id: e.id, line: e.line, message: lost });
        // a placement or line-break rule the config makes a warning (or info): written, and said as lint will say it
        if (severities && heldText !== e.target) {
          const source = !e.source || e.source === f.text ? f.text : e.source;
          const isBody = field === 'body.text' && src.value.category !== 'AUTHENTICATION';
          const oneLine = field === 'footer' ? 'the footer' : field === 'header.text' ? 'a text header' : undefined;
          const checks: [string, boolean, Parameters<typeof checkEntry>[7]][] = [
            ['placeholder-position', isBody, { body: true, rcs: true }],
            ['placeholder-adjacent', !field.startsWith('message.'), { body: false, rcs: false }],
            ['header-footer-line-break', oneLine !== undefined, { rcs: true, ...(oneLine ? { oneLine } : {}) }],
          ];
          for (const [rule, applies, only] of checks) {
            const level = applies ? severities(judged, rule) : 'off';
            if (level !== 'warning' && level !== 'info') continue;
            const m = checkEntry(e, source, undefined, f.text, false, heldText, undefined, only);
            // (the rule named once, with its level: a refusal's words end with the rule's id)
            if (m) warnings.push({ id: e.id, line: e.line, rule, message: `${m.endsWith(` (${rule})`) ? m.slice(0, -rule.length - 3) : m} (${rule}, ${level === 'info' ? 'info' : 'a warning'}: written all the same)` });
          }
        }
      }
      // what lint says of each translated field (a button label's emoji or line break, a text's length, a blank text), by lint's own
      // rules on the template as it would be written: a finding its rule makes an error, which the field's text before did not get, is
      // the unit's refusal at its line (lint would stop the file written), with every other refusal of the file in this one pass
      // (and the warnings and infos lint will give the file written that its text before does not get: said with the write)
      const brought: Brought[] = [];
      if (lintOf && ok.length) {
        const held = targets.get(template);
        const byLint = lintRefusals(lintOf, judged, held?.value ?? { ...src.value, language: targetLang }, src.value, ok, undefined, undefined, brought, suppress);
        if (byLint.size) {
          for (const [e, message] of byLint) refused.push({ template, id: e.id, line: e.line, message });
          ok.splice(0, ok.length, ...ok.filter(({ e }) => !byLint.has(e)));
          const gone = new Set([...byLint.keys()].map((e) => e.id));
          warnings.splice(0, warnings.length, ...warnings.filter((w) => !gone.has(w.id)));
        }
      }
      // a unit the import's own checks refused: lint's other mistakes of its text named in the same refusal (a label too long that
      // holds an emoji as well), not learned at the next import. The rules those checks stand for are not said twice: the field's
      // length rule, the placeholders' (whose text was refused for them), the one-line header's and footer's
      if (lintOf && checked.length) {
        const held = targets.get(template);
        const byRule = new Map(checked.map((c) => [c.e, c]));
        const more = lintFindingsOf(lintOf, judged, held?.value ?? { ...src.value, language: targetLang }, src.value, [...ok, ...checked], new Set(byRule.keys()),
          (e, rule) => rule === byRule.get(e)!.rule || rule.startsWith('placeholder-') || rule === 'header-footer-line-break', undefined, suppress);
        for (const [e, ms] of more) {
          const c = byRule.get(e)!;
          if (c.e.target === '') continue;
          c.r.message = everyMistake([c.r.message, ...ms]);
        }
      }
      if (refused.length) {
        // a new file needs every text: the ones without a translation are said with the refusals, not after they are corrected
        if (!targets.has(template)) {
          const given = new Set([...ok.map(({ e }) => e.id), ...refused.map((r) => r.id)]);
          for (const field of fields.keys()) {
            const id = `${template}:${field}`;
            if (given.has(id)) continue;
            const f = fuzzy.find((x) => x.id === id);
            const e = es.find((x) => x.id === id);
            if (f) refused.push({ template, id, line: f.line, message: `${notFinalWhy(f)}; a new file is written only when all its texts are translated` });
            else if (e) refused.push({ template, id, line: e.line, message: `no translation; a new file is written only when all its texts are translated` });
          }
        }
        append(plan.refusals, refused.sort((a, b) => a.line - b.line));
        continue;
      }
      // every unit kept as the file has it (the translations are the texts as exported): nothing to import for this template
      if (!ok.length) continue;
      const hashes = Object.fromEntries(ok.map(({ e }) => {
        const field = e.id.slice(template.length + 1);
        const own = fields.get(field)!.text;
        return [field, hashOf(!e.source || e.source === own ? own : e.source)];
      }));
      const existing = targets.get(template);
      const line = Math.min(...ok.map(({ e }) => e.line));
      /** the units written from an older source text (those lint's findings did not refuse) */
      const olderOf = (): { older?: NonNullable<Write['older']> } => { const kept = older.filter((o) => ok.some(({ e }) => e.id === o.id)); return kept.length ? { older: kept } : {}; };
      /** what the record keeps of the texts written from a translation file with its targets as exported (translated_from.imported) */
      const importedBy = (written: readonly { e: Entry }[]): Record<string, string> =>
        Object.fromEntries(written.filter(({ e }) => e.exported !== undefined).map(({ e }) => [e.id.slice(template.length + 1), importedHash(e.exported!, e.target)]));
      /** the edited text, read back: undefined (the template refused) when the edit is not exactly the intended one */
      const edit = (text: string, before: unknown, texts: { path: (string | number)[]; text: string }[], doc?: TextDoc, imported: Record<string, string> = {}): string | undefined => {
        let why: string | undefined;
        let out: string | undefined;
        try {
          // on the text, when its layout is proven: the texts changed read back in their places, and the file is not read again whole
          const quick = doc && doc.text === text ? editOnText(doc, texts, sourceLang, hashes, imported) : undefined;
          out = quick?.out ?? applyTexts(text, texts, sourceLang, hashes, undefined, src.value, imported);
          // the file as it is (a re-import of what it holds): nothing is written, nothing to check
          if (out === text) return out;
          why = quick?.readBack ? undefined : checkApplied(out, before, texts, sourceLang, hashes, src.value, imported);
        } catch (e) {
          if (!(e instanceof EditRefused)) throw e;
          why = `${e.message} (not written)`;
        }
        if (why === undefined) return keptCanonical(text, out!, texts);
        plan.refusals.push({ template, id: template, line, message: why });
        return undefined;
      };
      if (existing) {
        // the units whose text the file does not hold yet (looked up once: four uses below)
        const differing = ok.filter(({ e, path }) => valueAt(existing.value, path) !== e.target);
        // the file's texts recorded as translated from another language: a file records one source language, so this import
        // records its own only when it translates every text of the file; texts sent back as they are say nothing of this source
        const recorded = str(record?.language);
        if (recorded !== undefined && recorded !== sourceLang) {
          const changed = differing.length;
          if (changed === 0) { (plan.otherSource ??= []).push({ template, file: existing.file, recorded, line }); continue; }
          if (changed < fields.size) {
            plan.refusals.push({ template, id: template, line, message: `the ${targetLang} file's texts are recorded as translated from ${recorded} (translated_from in ${existing.file}), and this translation from ${sourceLang} changes ${changed} of its ${fields.size} texts: a file records one source language, and the others were not translated from ${sourceLang}; export from ${recorded} (tplsync translations export --source ${recorded} --target ${targetLang}), or translate every text of it from ${sourceLang} (not written)` });
            continue;
          }
        }
        // a text goes to the same path in the target file: the item there must be of the same kind (a URL button's label onto a QUICK_REPLY one, no)
        const crossed = ok.map(({ path }) => kindMismatch(src.value, existing.value, path)).find((m) => m !== undefined);
        if (crossed) {
          plan.refusals.push({ template, id: template, line, message: `the ${targetLang} file's ${crossed.at} is ${an(crossed.b)} where the ${sourceLang} file's is ${an(crossed.a)}: the two files' items are not in the same order; put them in the same order, then import (not written)` });
          continue;
        }
        // a text whose place the file shares with another through a YAML anchor (`&b` repeated by `*b`, a part reached through an
        // alias, a text a merge key gives): changing it there would change the other place too; the template is refused, each
        // such unit at its line with the file's line (the file keeps every byte but its texts, so its anchors are not undone here)
        const shared = sharedPlaces(existing.text, differing.map(({ path }) => path));
        if (shared.length) {
          for (const x of shared) {
            const { e } = differing[x.index]!;
            plan.refusals.push({ template, id: e.id, line: e.line, message: `${existing.file}:${x.line}: ${x.message} (nothing of this template written)` });
          }
          continue;
        }
        // a text the file already holds is not rewritten (a folded block keeps its lines and its style): only its record is brought up to date
        const text = edit(existing.text, existing.value, differing.map(({ e, path }) => ({ path, text: e.target })), existing.doc, importedBy(differing));
        if (text === undefined) continue;
        // the file as it is (its texts and its record): nothing to write, nor to say of what would be written
        if (text === existing.text) { plan.unchanged.push({ template, file: existing.file }); continue; }
        // a merge key in the file (`<<: *card`): tplsync does not read it and lint refuses the file, so nothing is written into it,
        // not even its record; each text the merge key gives named at its unit (translated or not), else the merge key itself
        const merges = mergeKeys(existing.text);
        if (merges.length) {
          const all = [...fields.values()].map((f) => f.path);
          const given = sharedPlaces(existing.text, all).filter((x) => x.merge);
          for (const x of given) {
            const id = `${template}:${fieldKey(all[x.index]!)}`;
            plan.refusals.push({ template, id, line: es.find((y) => y.id === id)?.line ?? line, message: `${existing.file}:${x.line}: ${x.message} (nothing of this template written)` });
          }
          if (!given.length) {
            const m = merges[0]!;
            plan.refusals.push({ template, id: template, line, message: `${existing.file}:${m.line}: the file holds the merge key <<:${m.name}, which tplsync does not read (YAML 1.2 has none) and lint refuses; write the keys out in full in this file in place of <<:${m.name}, then import again (nothing of this template written)` });
          }
          continue;
        }
        // a placeholder the translation gains or loses (following its source): its sample in the target file is the file's to edit;
        // said at the unit's line with what to write, not left for lint to find after an "updated"
        append(warnings, sampleNotes(src.value, existing.value, existing.file, differing, sourceLang, targetLang).map((w) => ({ ...w, rule: 'placeholder-sample' })));
        append(warnings, itemsAdded(src.value, existing.value, existing.file, differing, sourceLang, targetLang));
        append(warnings, broughtWarnings(brought, warnings, { id: template, line }));
        const added = addedParts(existing.value, ok.map((x) => x.path), src.value, sourceLang);
        plan.writes.push({ file: existing.file, text, created: false, before: existing.text, template, units: ok.length, changed: differing.length, line, ...(madeFrom === undefined ? { adopted: true } : {}), ...(warnings.length ? { warnings } : {}), ...(added.length ? { added } : {}), ...olderOf() });
        continue;
      }
      if (ok.length < fields.size) {
        const fz = fuzzy.filter((f) => f.id.startsWith(`${template}:`) && fields.has(f.id.slice(template.length + 1)) && !ok.some(({ e }) => e.id === f.id));
        // every text without a translation named: marked not final (with its line), else empty or not in the file at all
        const done = new Set(ok.map(({ e }) => e.id));
        const untranslated = [...fields.keys()].map((f) => `${template}:${f}`).filter((id) => !done.has(id));
        const named = untranslated.map((id) => {
          const f = fz.find((x) => x.id === id);
          if (f) return `${id} at line ${f.line}: ${notFinalWhy(f)}`;
          const e = es.find((x) => x.id === id);
          return e ? `${id} at line ${e.line}: no translation` : `${id}: not in the file`;
        });
        plan.skipped.push({ template, reason: `${untranslated.length} of its ${fields.size} texts ${untranslated.length === 1 ? 'has' : 'have'} no ${targetLang} translation (${named.join('; ')}); a new file is written only when all are translated` });
        continue;
      }
      const file = targetFileName(src.file, sourceLang, targetLang);
      if (file === src.file || takenFiles.has(file)) {
        plan.skipped.push({ template, reason: notTheVariant(file, template, targetLang, sourceLang, sources, targets) });
        continue;
      }
      // the source file with the language and the texts changed; its own publicId and record left out
      let base = src.text;
      let before: unknown = src.value;
      // an authentication body in WhatsApp's preset wording of the source language: WhatsApp writes it in each
      // template's language, so the new file asks for it (body.add_security_recommendation) instead of keeping the sentence
      const srcBody = obj(src.value.body);
      const preset = src.value.category === 'AUTHENTICATION' && typeof srcBody?.text === 'string' ? readPresetAuthenticationBody(srcBody.text, sourceLang) : undefined;
      if (src.value.publicId !== undefined || src.value.translated_from !== undefined || preset) {
        const doc = parseDocument(src.text, { logLevel: 'error' });
        keepNumbersAsWritten(doc);
        doc.delete('publicId');
        doc.delete('translated_from');
        const { publicId: _p, translated_from: _t, ...rest } = src.value as Record<string, unknown>;
        if (preset) {
          const { text: _x, examples: _e, ...body } = srcBody! as Record<string, unknown>;
          // said either way: an authentication template has a body (`body: {}` would do; the flag says which wording)
          body.add_security_recommendation = preset.addSecurityRecommendation;
          doc.deleteIn(['body', 'text']);
          doc.deleteIn(['body', 'examples']);
          doc.setIn(['body', 'add_security_recommendation'], preset.addSecurityRecommendation);
          rest.body = body;
        }
        base = doc.toString({ lineWidth: 0 });
        before = rest;
      }
      // the note pull wrote on top of the source file (`# Pulled from a Meta export by tplsync 0.1.0 on ...`) is not true of a translation
      if (PULL_NOTE.test(base)) base = base.replace(PULL_NOTE_LINES, '');
      // a text whose place the source file shares through a YAML anchor (`&t` and `*t`, a part repeated by an alias): the new
      // file writes that place out in full, so that each of its texts is its own (the source file's anchors are its own to keep)
      base = unshared(base, ok.map(({ path }) => path));
      const text = edit(base, before, [{ path: ['language'], text: targetLang }, ...ok.map(({ e, path }) => ({ path, text: e.target }))], base === src.text ? src.doc : undefined, importedBy(ok));
      if (text === undefined) continue;
      // named as its source is with the language added (Rechnung.yaml -> Rechnung.fr.yaml): the command says what lint's file-name says of the two
      const namedLike = file === src.file.replace(/(\.ya?ml)$/i, `.${targetLang}$1`) ? { namedLike: src.file } : {};
      // the samples it keeps from the source (a translation file holds none): said, so that they are written in the language
      const samples = samplesHeld(before as Loose);
      append(warnings, broughtWarnings(brought, warnings, { id: template, line }));
      plan.writes.push({ file, text, created: true, template, units: ok.length, line, ...namedLike, ...(warnings.length ? { warnings } : {}), ...olderOf(), ...(samples.length ? { samples } : {}) });
    } catch (err) {
      backTo(plan, mark);
      const line = es.length ? Math.min(...es.map((e) => e.line)) : 0;
      plan.refusals.push({ template, id: template, line, internal: true, message: `an internal error while planning it: ${err instanceof Error ? err.message : String(err)} (a bug in tplsync: please report it, with the template file; nothing of this template was written, and the other templates were imported as usual)` });
    }
  }
  return plan;
}
