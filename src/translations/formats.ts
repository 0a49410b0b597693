// Pure: the translation files: units written as XLIFF 2.0, PO or CSV (RFC 4180), and read back
// into entries (unit id, target text, the line of the unit in the file). Placeholders are kept
// as written (`{{customer}}`): in XLIFF as `<ph>` inline codes, in PO and CSV as the text itself.
import { isUtf8 } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { baseLanguage, hasWords, partsOf, targetHash, type Unit } from './units.js';
import { LANG, languageCode } from '../core/language.js';
import { blank, BREAK_BETWEEN, collapsed, EXPORTED_NOTE, exportedNoteIn, exportedNoteText, languageOfBcp47, layoutTrimmed, lineIndex, OWN_NOTES, readExportedNote, readXliffFast, runsCollapsed, STATE_RANK, stateOfRank, translatorNote, type UnitNotes, type XliffNote } from './xliff-fast.js';

export { EXPORTED_NOTE, exportedNoteText, OWN_NOTES, readExportedNote, type UnitNotes, type XliffNote };

import type { Format } from './format-of-file.js';
export type { Format } from './format-of-file.js';
export const FORMATS: readonly Format[] = ['xliff', 'po', 'csv'];
export const EXTENSION: Record<Format, string> = { xliff: 'xlf', po: 'po', csv: 'csv' };

/** A language code as the template files write it (`de`, `pt_BR`: the schema's `ll` or `ll_CC`): what `--source` and `--target` take, and a translation file's languages. */
export { LANG } from '../core/language.js';

/** a language's name as a spreadsheet's column may say it (in English and in the language itself) → its code */
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en', german: 'de', deutsch: 'de', french: 'fr', francais: 'fr', spanish: 'es', espanol: 'es', italian: 'it', italiano: 'it',
  portuguese: 'pt', portugues: 'pt', dutch: 'nl', nederlands: 'nl', polish: 'pl', polski: 'pl', turkish: 'tr', turkce: 'tr',
  swedish: 'sv', svenska: 'sv', danish: 'da', dansk: 'da', norwegian: 'nb', norsk: 'nb', finnish: 'fi', suomi: 'fi',
  russian: 'ru', japanese: 'ja', chinese: 'zh', korean: 'ko', arabic: 'ar', hindi: 'hi', indonesian: 'id', czech: 'cs', greek: 'el',
  hungarian: 'hu', romanian: 'ro', ukrainian: 'uk', hebrew: 'he', thai: 'th', vietnamese: 'vi',
};

/**
 * Pure: `; did you mean 'de'?` for something meant as a language code (`Deutsch`, `DE`, `pt-br`), or ''. The code meant is
 * said as the project writes that language (`known`: its languages; `Português` in a project of pt_BR is 'pt_BR', not 'pt'),
 * else, where `listed` (WhatsApp's codes) lacks it, as the codes `listed` has of it ('pt_BR' or 'pt_PT': WhatsApp has no `pt`).
 */
export function languageHint(input: string, known: readonly string[] = [], listed?: ReadonlySet<string>): string {
  // gettext's modifier (de_DE@formal): WhatsApp has no such variant of a language
  const at = input.indexOf('@');
  if (at > 0) return `; gettext's modifier ${input.slice(at)} is no part of a WhatsApp language code: write ${languageCode(input.slice(0, at).trim())}`;
  const parts = input.trim().split(/[-_]/);
  // a script subtag: WhatsApp has the region instead (zh-Hant: zh_TW or zh_HK; zh-Hans: zh_CN)
  const script = parts[1]?.toLowerCase();
  if (parts[0]!.toLowerCase() === 'zh' && (script === 'hant' || script === 'hans')) return script === 'hant' ? "; WhatsApp writes Traditional Chinese as 'zh_TW' or 'zh_HK'" : "; WhatsApp writes Simplified Chinese as 'zh_CN'";
  const fixed = [parts[0]!.toLowerCase(), ...parts.slice(1, 2).map((p) => (p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase()))].join('_');
  const meant = parts.length <= 2 && LANG.test(fixed) && fixed !== input ? fixed : LANGUAGE_NAMES[input.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '')];
  return meant ? `; did you mean ${codesFor(meant, known, listed).map((c) => `'${c}'`).join(' or ')}?` : '';
}

/** the codes to suggest for `meant`: itself when the project has it; else the project's codes of its language; else, when `listed` lacks it, the codes `listed` has of it; else itself */
function codesFor(meant: string, known: readonly string[], listed?: ReadonlySet<string>): string[] {
  if (known.includes(meant)) return [meant];
  const base = meant.split('_')[0]!;
  const kin = [...new Set(known.filter((l) => l.split('_')[0] === base))].sort();
  if (kin.length) return kin;
  if (!listed || listed.has(meant)) return [meant];
  const theirs = [...listed].filter((l) => l.split('_')[0] === base);
  return theirs.length ? theirs : [meant];
}

/** `en_US` as BCP 47 (`en-US`), for XLIFF's srcLang and trgLang and PO's Language. */
export const bcp47 = (lang: string): string => lang.replace(/_/g, '-');
/**
 * BCP 47 back to the template files' form (`en-US` → `en_US`), its case as the files write it
 * (BCP 47 ignores case: a tool's `de-de` or `EN-us` is `de_DE`, `en_US`; `zh-hant` is `zh_Hant`).
 */
export const fromBcp47 = languageOfBcp47;

/**
 * The languages an XLIFF 2.0-2.2 file's root element says, read off its start alone: undefined
 * unless the file begins in the plain form tplsync writes (an optional XML declaration, then
 * `<xliff ...>` with double-quoted attributes and no entity in them). An import reads such files
 * whole while it reads the templates; readXliff gives the same languages (or refuses the file).
 */
export function xliffLanguages(text: string): { source: string; target: string } | undefined {
  const m = /^\ufeff?(?:<\?xml[^?<>]*\?>\s*)?<xliff\s([^<>&]*)>/.exec(text);
  if (!m) return undefined;
  const attr = (name: string): string | undefined => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(m[1]!)?.[1];
  const version = attr('version'); const src = attr('srcLang'); const trg = attr('trgLang');
  if (!version || !/^2\.[0-2]$/.test(version) || !src || !trg) return undefined;
  return { source: fromBcp47(src), target: fromBcp47(trg) };
}

const XML_SPECIAL = /[&<>"]/;
/** characters XML 1.0 cannot hold, raw or as a reference (and CR, which a reader turns into LF) */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const hex4 = (c: string): string => c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
/** text for an attribute or a note: the characters XML cannot hold written as \uXXXX (a note informs; it is not read back) */
const xmlEscape = (s: string): string => (!XML_SPECIAL.test(s) ? s : s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'))
  .replace(NOT_XML, (c) => `\\u${hex4(c)}`);
/** text inside <source> and <target>: the characters XML cannot hold as XLIFF 2.0's <cp hex="..."/>, which import reads back */
const inlineEscape = (s: string): string => (!XML_SPECIAL.test(s) ? s : s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'))
  .replace(NOT_XML, (c) => `<cp hex="${hex4(c)}"/>`);

/** a unit's limit as its notes say it: characters, or bytes of UTF-8 (a field counted in bytes) */
const limitText = (u: Unit): string => (u.sms ? 'one SMS: 160 characters of the GSM 7-bit alphabet, or 70 if any character is outside it (Arabic, Hebrew, Cyrillic, Chinese or Japanese letters, an emoji, a curly quote: the whole text is then sent as UCS-2), counted with the samples in place of the placeholders; a longer text is sent as several SMS' : u.bytes ? `${u.limit} bytes of UTF-8 (a non-Latin character takes 2 to 4)` : u.rendered ? `${u.limit} characters, counted with the samples in place of the placeholders` : `${u.limit} characters`);

const samplesNote = (u: Unit): string => Object.entries(u.samples).map(([k, v]) => `{{${k}}} = ${v}`).join('; ');

/** The inline content of a source (`ids` unset: numbered in order) or a target (each placeholder takes the id of the same placeholder in the source). */
function xliffContent(text: string, ids?: Map<string, string[]>): string {
  let n = 0;
  const used = new Map<string, number>();
  return partsOf(text).map((p) => {
    if (!('ph' in p)) return inlineEscape(p.text);
    let id: string;
    if (!ids) id = `ph${++n}`;
    else {
      const k = used.get(p.ph) ?? 0;
      used.set(p.ph, k + 1);
      id = ids.get(p.ph)?.[k] ?? `new${++n}`;
    }
    return `<ph id="${id}" disp="${xmlEscape(p.ph)}" equiv="${xmlEscape(p.ph)}"/>`;
  }).join('');
}

/** per placeholder of a source text, the ids its occurrences get in xliffContent */
function sourceIds(text: string): Map<string, string[]> {
  const ids = new Map<string, string[]>();
  let n = 0;
  for (const p of partsOf(text)) if ('ph' in p) (ids.get(p.ph) ?? ids.set(p.ph, []).get(p.ph)!).push(`ph${++n}`);
  return ids;
}

/**
 * What an export says of a unit whose target file holds the source text word for word, never
 * imported (Unit's `copy`): it goes out with no target (XLIFF: no `<target>` and no state; PO: an
 * empty msgstr; CSV: an empty target cell), which every translation tool counts and shows as
 * untranslated. A target of the source text in state "initial" (or `#, fuzzy`) would be shown as a
 * draft to edit, taken by some tools' "confirm all" as it is, and left out of a word count as done.
 */
const copyNote = (source: string, target: string): string => `the ${target} file holds the ${source} text here word for word, and no import wrote it: a copy, never translated`;

/** whether `o` has a key (without making the array of its keys) */
function hasKeys(o: object): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return true;
  return false;
}

/** units of an XLIFF file joined into one string at a time */
const CHUNK = 128;

/** XLIFF 2.0: one `<file>` per template, one `<unit>` per text (id = field path, name = unit id). */
export function writeXliff(units: readonly Unit[], source: string, target: string): string {
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`,
    `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${bcp47(source)}" trgLang="${bcp47(target)}">`];
  let fileNo = 0;
  let current: string | undefined;
  // one string a unit (its lines joined here): 8,000 units a language, 9 languages, without an array entry a line; the
  // units' strings joined into one flat string every CHUNK units, so that the pieces each made of are let go young (the
  // garbage collector copied each piece of 8,000 units' strings that lived through a collection)
  let pending = 0;
  const chunks: string[] = [];
  const flush = (): void => { chunks.push(out.join('\n')); out.length = 0; pending = 0; };
  for (const u of units) {
    if (++pending === CHUNK) flush();
    if (u.template !== current) {
      if (current !== undefined) out.push('  </file>');
      current = u.template;
      out.push(`  <file id="f${++fileNo}" original="${xmlEscape(u.template)}">`);
    }
    let notes = '';
    if (u.limit !== undefined) notes += `\n      <note category="limit">at most ${limitText(u)}</note>`;
    if (hasKeys(u.samples)) notes += `\n      <note category="samples">${xmlEscape(samplesNote(u))}</note>`;
    if (u.outdated) notes += `\n      <note category="outdated">the ${xmlEscape(source)} text changed since this translation was made: translate it again</note>`;
    if (u.copy) notes += `\n      <note category="untranslated">${xmlEscape(copyNote(source, target))}</note>`;
    // the target as exported, by its hash: import tells a translation left as it was from one changed, and keeps an edit made to the file since
    if (u.asExported !== undefined) notes += `\n      <note category="${EXPORTED_NOTE}">${exportedNoteText(targetHash(u.asExported), target)}</note>`;
    // a translation of the file replaced that its import does not write: why, in the import's words
    if (u.notImported !== undefined) notes += `\n      <note category="not imported">${xmlEscape(u.notImported)}</note>`;
    // the translator's own notes, kept from the file this export replaced, after tplsync's
    for (const n of u.notes ?? []) notes += `\n      ${noteElement(n)}`;
    // xml:space="preserve" on the unit too: a target a tool writes without it (Python's ElementTree, many scripts) inherits it, and keeps its line breaks
    // an outdated translation is the target to start from, not a finished one (XLIFF 2.0 state "initial")
    // (a translator's draft kept from the file this export replaced: not finished either)
    out.push(`    <unit id="${xmlEscape(u.field)}" name="${xmlEscape(u.id)}" xml:space="preserve">${notes ? `\n      <notes>${notes}\n      </notes>` : ''}
      <segment${u.target !== undefined ? (u.outdated || u.draft ? ' state="initial"' : ` state="${u.state ?? 'translated'}"`) : ''}>
        <source xml:space="preserve">${xliffContent(u.source)}</source>${u.target !== undefined ? `
        <target xml:space="preserve">${xliffContent(u.target, sourceIds(u.source))}</target>` : ''}
      </segment>
    </unit>`);
  }
  if (current !== undefined) out.push('  </file>');
  out.push('</xliff>', '');
  flush();
  return chunks.join('\n');
}

/**
 * A translator's note as an XLIFF 2.0 <note>: its text and category as the file had them; its id, appliesTo and priority
 * when they are values the schema takes (an NMTOKEN; source or target; 1 to 10), so that the file still validates
 */
function noteElement(n: XliffNote): string {
  const attrs = [n.id !== undefined && /^[\p{L}\p{N}._:\-\u00b7\u0300-\u036f\u203f\u2040]+$/u.test(n.id) ? ` id="${xmlEscape(n.id)}"` : '',
    n.category !== undefined ? ` category="${xmlEscape(n.category)}"` : '',
    n.appliesTo === 'source' || n.appliesTo === 'target' ? ` appliesTo="${n.appliesTo}"` : '',
    n.priority !== undefined && /^(?:[1-9]|10)$/.test(n.priority) ? ` priority="${n.priority}"` : ''].join('');
  return `<note${attrs}>${xmlEscape(n.text)}</note>`;
}

const poString = (s: string): string => {
  const esc = s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
  const lines = esc.split('\n');
  if (lines.length === 1) return `"${esc}"`;
  // a multi-line text: an empty first string, then one string per line (the gettext convention)
  return ['""', ...lines.map((l, i) => `"${l}${i < lines.length - 1 ? '\\n' : ''}"`).filter((l) => l !== '""')].join('\n');
};

/** PO: msgctxt = unit id, msgid = source, msgstr = target (empty: not translated yet). */
export function writePo(units: readonly Unit[], source: string, target: string): string {
  const out = ['# Translations exported by tplsync. Keep every {{placeholder}} and ((value)) exactly as written.',
    'msgid ""', 'msgstr ""',
    '"Project-Id-Version: tplsync templates\\n"', '"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"', '"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"', '"Language-Team: LANGUAGE <LL@li.org>\\n"',
    '"MIME-Version: 1.0\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Content-Transfer-Encoding: 8bit\\n"',
    `"Language: ${target}\\n"`, `"X-Source-Language: ${source}\\n"`, '"X-Generator: tplsync\\n"', ''];
  for (const u of units) {
    // the translator's own comments first, as gettext orders them (kept from the file this export replaced)
    if (u.comments) out.push(...u.comments);
    if (u.limit !== undefined) out.push(`#. limit: at most ${limitText(u)}`);
    if (Object.keys(u.samples).length) out.push(`#. samples: ${samplesNote(u).replace(/\n/g, ' ')}`);
    if (u.placeholders.length) out.push(`#. placeholders: ${u.placeholders.join(' ')}`);
    // gettext's mark of a translation to check again: tools show it, msgfmt and import leave it out until it is cleared
    if (u.asExported !== undefined) out.push(`#. ${EXPORTED_NOTE}: ${exportedNoteText(targetHash(u.asExported), target)}`);
    if (u.outdated) out.push(`#. outdated: the ${source} text changed since this translation was made`);
    if (u.notImported !== undefined) out.push(`#. not imported: ${u.notImported.replace(/\s*\n\s*/g, ' ')}`);
    else if (u.draft) out.push('#. draft: a translator\'s unfinished translation, kept from the file this export replaced');
    if (u.copy) out.push(`#. untranslated: ${copyNote(source, target)}`);
    if (u.outdated || u.draft) out.push('#, fuzzy');
    out.push(`msgctxt ${poString(u.id)}`, `msgid ${poString(u.source)}`, `msgstr ${poString(u.target ?? '')}`, '');
  }
  return out.join('\n');
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return first:
 * OWASP's CSV injection) starts with an apostrophe, which spreadsheets show as the text it prefixes:
 * a template's `=HYPERLINK(...)` footer must not run on the translator's machine. Import takes the
 * apostrophe off again (csvCell). A text that starts with apostrophes of its own before such a
 * character gets one more, which import takes for the guard: the text comes back as it was.
 */
const GUARDED = /^'*[=+\-@\t\r]/;
const csvField = (s: string): string => `"${(GUARDED.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
/** a source or target cell as its text: the one apostrophe export put before it taken off, as a spreadsheet shows the cell */
const csvCell = (s: string | undefined): string | undefined => (s !== undefined && s.startsWith("'") && GUARDED.test(s.slice(1)) ? s.slice(1) : s);

/**
 * CSV (RFC 4180, CRLF): id, SOURCE-LANGUAGE, TARGET-LANGUAGE, limit, notes, target as exported; UTF-8 with a byte-order
 * mark first (RFC 4180 permits it), by which Excel on Windows reads the file as UTF-8: without it,
 * Excel reads it in the ANSI code page, and an Arabic, Hebrew or Persian text is mojibake. Import
 * reads a file with or without it (readCsv).
 */
export const CSV_BOM = '\ufeff';
/**
 * A note of tplsync's own as a piece of the CSV `notes` cell: on one line and without `|` (written `¦`), the separator of the
 * cell's pieces, so that import tells each of them from a translator's text in the cell (csvTranslatorNote)
 */
const csvOwnNote = (s: string): string => s.replace(/\s*\r?\n\s*/g, ' ').replace(/\|/g, '\u00a6');
export function writeCsv(units: readonly Unit[], source: string, target: string, columns: readonly string[] = []): string {
  // the target as exported in a column of its own (CSV_EXPORTED), not in the notes: a reviewer who does what an outdated
  // note says ("check it, then delete this note") clears the notes cell, which took the hash with it, and the import then
  // could not tell the translation was checked. Its cells say what they are (`target as exported: 1a2b3c4d (de)`): a bare hash
  // of digits (`01234567`, `1234e100`) is a number to a spreadsheet, and would come back as another text
  // (the columns a translator added to the file this export replaces: after tplsync's, with their header and each row's cell)
  const rows = [['id', source, target, 'limit', 'notes', CSV_EXPORTED, ...columns]];
  for (const u of units) {
    // (a translation the import of the file replaced does not write: its notes say why; marked to check again when the import refused it)
    const notImported = u.notImported;
    const own = [u.outdated ? `${CSV_OUTDATED} the ${source} text changed since this translation was made (check it, then delete this note)` : u.draft ? (notImported !== undefined ? `${CSV_OUTDATED} not imported: ${notImported} (correct it, then delete this note)` : `${CSV_OUTDATED} a translator's draft, kept from the file this export replaced (check it, then delete this note)`) : notImported !== undefined ? `not imported: ${notImported}` : '', u.copy ? `untranslated: ${copyNote(source, target)}` : '', Object.keys(u.samples).length ? `samples: ${samplesNote(u)}` : '', u.placeholders.length ? `keep ${u.placeholders.join(' ')}` : ''].filter(Boolean).map(csvOwnNote);
    // the translator's own text in the cell, kept from the file this export replaced: after tplsync's notes, as they wrote it
    const notes = [...own, ...(u.notes ?? []).map((n) => n.text)].join(' | ');
    const exported = u.asExported !== undefined ? `${EXPORTED_NOTE}: ${exportedNoteText(targetHash(u.asExported), target)}` : '';
    rows.push([u.id, u.source, u.target ?? '', u.limit !== undefined ? (u.sms ? '1 SMS: 160 GSM-7 / 70 UCS-2 (samples included)' : u.bytes ? `${u.limit} bytes (UTF-8)` : u.rendered ? `${u.limit} (samples included)` : String(u.limit)) : '', notes, exported, ...columns.map((_, i) => u.cells?.[i] ?? '')]);
  }
  return CSV_BOM + rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The units of an export, with what a translator wrote in the file it replaces (`earlier`, that file
 * as read) and the templates do not hold, as msgmerge keeps it: a draft (PO's `#, fuzzy` msgstr,
 * XLIFF's `state="initial"` target, a CSV row still noted `outdated:`) that is neither the target the
 * templates give the unit nor its source word for word (a tool's pre-fill) is the unit's target
 * again, still marked not finished; a PO entry's translator comments (`# ...`) stay above it, and an
 * XLIFF unit's translator notes (`<note>`s of a category not tplsync's own) stay in its notes. An
 * XLIFF unit the file marks "reviewed" or "final" keeps that state when its source and target are
 * the file's (neither changed since: an outdated unit is marked to translate again whatever it had).
 * `carry`: the finished translations of the file that its import does not write (the export's caller
 * asks the import), by unit id, with why: each is the unit's target again, marked unfinished when
 * `draft` (the import refuses it) and said in its notes. The target as exported (its hash,
 * EXPORTED_NOTE) stays the templates'. Pure: the units are not changed.
 */
export function keepTranslatorWork(units: readonly Unit[], earlier: TranslationDoc | undefined, carry?: ReadonlyMap<string, { why: string; draft: boolean }>): { units: Unit[]; drafts: number; comments: number; notes: number; states: number; carried: number; cells: number; columns?: string[]; notHeld?: string[] } {
  const none = { drafts: 0, comments: 0, notes: 0, states: 0, carried: 0, cells: 0 };
  if (!earlier || (!earlier.fuzzy?.length && !earlier.comments?.length && !earlier.notes?.length && !earlier.columns && !carry?.size && !earlier.entries.some((e) => e.state !== undefined))) return { units: [...units], ...none };
  // a CSV's columns of the translator's own: their header, and each row's cells by unit id
  const cells = new Map((earlier.columns?.rows ?? []).map((r) => [r.id, r.cells]));
  const drafts = new Map<string, string>();
  // (a draft that is the target the file was exported with, by its note's hash, is the export's own text: the outdated
  // translation it sent out to start from, never a translator's work, and the templates' text since replaces it)
  for (const f of earlier.fuzzy ?? []) if (f.draft !== undefined && !blank(f.draft) && !(f.exported !== undefined && targetHash(f.draft) === f.exported)) drafts.set(f.id, f.draft);
  const comments = new Map((earlier.comments ?? []).map((c) => [c.id, c.lines]));
  const notes = new Map((earlier.notes ?? []).map((n) => [n.id, n.notes]));
  // the finished units of the file (their state, and the translations carried)
  const entries = new Map(earlier.entries.map((e) => [e.id, e]));
  const n = { ...none };
  const out = units.map((u) => {
    const d = drafts.get(u.id);
    const c = comments.get(u.id);
    const ns = notes.get(u.id);
    const cs = cells.get(u.id);
    const e = entries.get(u.id);
    const carried = e !== undefined ? carry?.get(u.id) : undefined;
    const draft = d !== undefined && !sameText(d, u.target ?? '') && d !== u.source ? d : undefined;
    // the state a reviewer gave the unit: kept while its source and target are the ones they saw
    const target = carried ? e!.target : u.target;
    const state = e?.state !== undefined && !u.outdated && draft === undefined && !carried?.draft && target !== undefined && sameText(e.target, target) && sameText(e.source, u.source) ? e.state : undefined;
    if (draft === undefined && !carried && !c && !ns && !state && !cs) return u;
    if (draft !== undefined) n.drafts++;
    if (cs) n.cells++;
    if (carried) n.carried++;
    if (c) n.comments++;
    if (ns) n.notes++;
    if (state) n.states++;
    let v: Unit = u;
    // (a carried translation is the translator's text of the current source: neither the templates' outdated one nor an untranslated copy)
    if (carried) { const { outdated: _o, copy: _c, ...rest } = u; v = { ...rest, target: e!.target, ...(carried.draft ? { draft: true as const } : {}), notImported: carried.why, asExported: u.asExported ?? '' }; }
    else if (draft !== undefined) v = { ...u, target: draft, draft: true as const, asExported: u.asExported ?? '' };
    return { ...v, ...(c ? { comments: c } : {}), ...(ns ? { notes: ns } : {}), ...(state ? { state } : {}), ...(cs ? { cells: cs } : {}) };
  });
  // the translator's remarks (comments, notes, cells of their columns) of units this export does not hold (a text removed
  // from its template, a template deleted, an export of some paths): not in the file written, and said (never lost in silence)
  const exported = new Set(units.map((u) => u.id));
  const notHeld = [...new Set([...comments.keys(), ...notes.keys(), ...[...cells].filter(([, cs]) => cs.some((c) => !blank(c))).map(([id]) => id)])].filter((id) => !exported.has(id)).sort();
  return { units: out, ...n, ...(earlier.columns ? { columns: earlier.columns.names } : {}), ...(notHeld.length ? { notHeld } : {}) };
}

/** two translations that differ only in their white space (a tool's re-wrap) are one */
export const sameText = (a: string, b: string): boolean => a === b || a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** `columns`: CSV, the columns a translator added to the file replaced (keepTranslatorWork), written after tplsync's */
export function writeTranslations(format: Format, units: readonly Unit[], source: string, target: string, columns?: readonly string[]): string {
  return format === 'xliff' ? writeXliff(units, source, target) : format === 'po' ? writePo(units, source, target) : writeCsv(units, source, target, columns);
}

/** One translated unit as read from a translation file. */
export interface Entry {
  id: string;
  /** the source text the translation was made from (as the file holds it) */
  source: string;
  target: string;
  /** 1-based line of the unit in the translation file */
  line: number;
  /** the id of an inline code of the target (XLIFF `<ph>`, `<pc>`, `<sc>`, `<ec>`) that the source has no such code for */
  unknownCode?: string;
  /** that code's element (`ph` unless said), and the ids of the source's codes of its kind (ph; pc, sc and ec, which stand for one another) */
  unknownKind?: 'ph' | 'pc' | 'sc' | 'ec';
  sourceCodes?: string[];
  /** an entry refused as it was read, and why (with what to do): a translation without its unit id (`id` is ''), msgcat's conflict markers */
  refuse?: string;
  /** the hash of the target as the file was exported with it (EXPORTED_NOTE), when it had one */
  exported?: string;
  /** the language that note says the unit was exported for (a file of an older tplsync names none) */
  exportedFor?: string;
  /** an XLIFF segment of the unit has no state (XLIFF 2.0 reads it as "initial"): the file does not say the translation was checked */
  stateless?: true;
  /** an XLIFF target that neither says nor inherits xml:space="preserve" had line breaks between its words, read as spaces (XML's default white space), and has none */
  breaksRead?: true;
  /** an XLIFF unit whose every segment is in state "reviewed" or "final" (the lower of them): an export keeps it while neither its source nor its target changes */
  state?: 'reviewed' | 'final';
}

/** an entry's fields of a note of EXPORTED_NOTE: its hash, and the language it names */
const exportedFields = (note: { hash: string; language?: string } | undefined): { exported?: string; exportedFor?: string } =>
  (!note ? {} : note.language !== undefined ? { exported: note.hash, exportedFor: note.language } : { exported: note.hash });

/**
 * Pure: the units of a translation file that its notes of EXPORTED_NOTE say were exported for a
 * language other than the one the file says it is in (`doc.target`: XLIFF's trgLang, PO's Language
 * header, the CSV's third column): the first such language, its first unit, and how many of the
 * file's units name it. Undefined when none does (a file of an older tplsync names no language).
 * Such a file's header was rewritten (a tool's, or a hand's, `trgLang="fr"` on the German file):
 * importing it would write its texts into the other language's templates.
 */
export function exportedForOther(doc: TranslationDoc): { language: string; line: number; id: string; count: number; of: number } | undefined {
  const other = doc.entries.filter((e) => e.exportedFor !== undefined && e.exportedFor !== doc.target);
  const first = other[0];
  if (!first) return undefined;
  return { language: first.exportedFor!, line: first.line, id: first.id, count: other.filter((e) => e.exportedFor === first.exportedFor).length, of: doc.entries.length };
}

export interface TranslationDoc {
  source: string; target: string; entries: Entry[];
  /**
   * Units with a translation not marked finished: not imported, said with their line. PO's `#, fuzzy`
   * (msgfmt leaves them out), XLIFF's `state="initial"` (a tool's copy of the source, or an outdated
   * text as export wrote it), a CSV row whose notes still say `outdated:` (as export wrote it).
   */
  fuzzy?: NotFinal[];
  /** PO: the translator's comments (`# ...` lines) of each entry with a unit id, as written: an export keeps them */
  comments?: { id: string; lines: string[] }[];
  /**
   * XLIFF: the translator's notes of each unit (a <note> of a category not tplsync's own), translated or not; CSV: the text a
   * translator wrote in a row's `notes` cell, tplsync's own notes taken out (csvTranslatorNote). An export keeps them
   */
  notes?: UnitNotes[];
  /**
   * CSV: the columns a translator added (any but id, the two languages, limit, notes and the target as exported): their
   * headers, and the cells of each row with an id that has a value in one. An export keeps them, after its own columns
   */
  columns?: { names: string[]; rows: { id: string; line: number; cells: string[] }[] };
}

/**
 * Pure: the translator's notes of a translation file as its import says them, each at its unit's line: XLIFF's `<note>`s; a CSV's
 * text of the translator's own in the `notes` cell, and the value of each column they added (its header as the note's category)
 */
export function notesToSay(doc: Pick<TranslationDoc, 'notes' | 'columns'>): UnitNotes[] {
  if (!doc.columns) return doc.notes ?? [];
  const byId = new Map<string, UnitNotes>();
  for (const x of doc.notes ?? []) byId.set(x.id, { ...x, notes: [...x.notes] });
  const names = doc.columns.names;
  for (const r of doc.columns.rows) {
    const said = r.cells.flatMap((c, i) => (blank(c) ? [] : [{ text: c, category: names[i]!.trim() || 'a column without a header' }]));
    if (!said.length) continue;
    const x = byId.get(r.id);
    if (x) x.notes.push(...said); else byId.set(r.id, { id: r.id, line: r.line, notes: said });
  }
  return [...byId.values()].sort((a, b) => a.line - b.line);
}

/**
 * Pure: a translation file whose every finished translation is its source text word for word, two of them at least with words
 * enough to tell (hasWords, rule translation-missing's judgement), in a language of another base: a copy of the source, not a
 * translation (gettext's msgen fills every msgstr with its msgid; a spreadsheet's source column copied into the target's; a
 * tool's "copy source to target" confirmed). How many such texts, and the line of the first; undefined for any other file (one
 * text kept in the source language among translated ones, or a file of a single such text: a slogan kept as it is).
 */
export function copiedThroughout(doc: TranslationDoc): { texts: number; line: number } | undefined {
  if (baseLanguage(doc.source) === baseLanguage(doc.target)) return undefined;
  let texts = 0;
  let line = 0;
  for (const e of doc.entries) {
    if (e.refuse !== undefined) continue;
    if (e.target !== e.source) return undefined;
    if (hasWords(e.source)) { texts++; if (!line) line = e.line; }
  }
  return texts >= 2 ? { texts, line } : undefined;
}

/** what an import says of a file copiedThroughout finds: refused whole */
export function copiedWhy(doc: Pick<TranslationDoc, 'source' | 'target'>, texts: number): string {
  return `every translation in this file is its ${doc.source} text word for word (${texts} texts with words, none translated: what gettext's msgen, a spreadsheet's ${doc.source} column copied into the ${doc.target} one, or a tool's "copy source to target" writes): nothing of it was imported: the ${doc.target} templates would hold the ${doc.source} text, which WhatsApp rejects as not in the template's language (TAG_CONTENT_MISMATCH); translate the texts and import the file again (a text right in ${doc.target} as it is, a slogan kept in ${doc.source}, is imported beside the translated ones, with a warning)`;
}

/** a unit not imported because its file does not mark its translation finished (`mark`: how; none: PO's `#, fuzzy`) */
/** a translation of nothing but white space (a stray space in a spreadsheet's cell) or characters that print as nothing (U+200B): not translated yet, as an empty one */
export { blank };

export interface NotFinal {
  id: string; line: number; mark?: 'initial' | 'copy' | 'outdated' | 'partial' | 'empty';
  /** the text of a translation not marked finished (PO's fuzzy msgstr, XLIFF's state="initial" target, a CSV row still noted outdated): a translator's draft, which an export keeps */
  draft?: string;
  /** the hash of the target as the file was exported with it (EXPORTED_NOTE): a draft that is that text is the export's own, no translator's */
  exported?: string;
}

/** Why a unit of NotFinal was not imported, and what makes it imported. */
export function notFinalWhy(f: NotFinal): string {
  // (not said unit by unit: only where a new file needs every text, in what it lacks)
  if (f.mark === 'empty') return 'its translation is empty (not translated yet)';
  if (f.mark === 'initial') return 'its segment is in state "initial" (not a finished translation: a copy of the source, or a text outdated since it was made); check it and set state="translated" to import it';
  if (f.mark === 'copy') return 'its segment has no state and its target is its source word for word (what a translation tool pre-fills; XLIFF 2.0 takes a segment without a state as "initial"); check it and set state="translated" to import it';
  if (f.mark === 'partial') return 'a segment of it has a target and another has none (half translated); translate every segment to import it';
  if (f.mark === 'outdated') return 'its notes still say "outdated:" (the source text changed since this translation was made); check it and delete that note to import it';
  return 'marked fuzzy ("#, fuzzy"); check the translation and remove the mark to import it';
}

/** The CSV notes of an outdated unit begin so (writeCsv): a row that still says it was not checked again. */
export const CSV_OUTDATED = 'outdated:';
/** The CSV column of each unit's target as exported (`target as exported: 1a2b3c4d (de)`, EXPORTED_NOTE); a CSV exported before it has the same in its notes. */
export const CSV_EXPORTED = EXPORTED_NOTE;

export class TranslationFileError extends Error {
  /**
   * `notCode`: the file names a language with something that is not a code (a CSV's header `Português`): the message is
   * `before` and languageHint's answer for `input`, which the command says again once it knows the project's languages
   */
  constructor(message: string, readonly line: number, readonly notCode?: { before: string; input: string }) { super(message); }
}


type XNode = Record<string, unknown> & { ':@'?: Record<string, string> };
/** XLIFF 2.0's inline elements, the only elements a <source> or <target> holds (core, section 4.1.2) */
const INLINE = new Set(['cp', 'ph', 'pc', 'sc', 'ec', 'mrk', 'sm', 'em']);
/** XLIFF 2.0's states of a segment: a translation in any but the first is finished; no state: taken as finished, as tools that write none mean it */
const XLIFF_STATES = new Set(['initial', 'translated', 'reviewed', 'final']);
const tagOf = (n: XNode): string | undefined => Object.keys(n).find((k) => k !== ':@');
const kids = (n: XNode): XNode[] => (n[tagOf(n)!] as XNode[]) ?? [];

/** Pure: read an XLIFF 2.0 file (its units with a target): the fast read when it can prove its answer, else the parse. */
export function readXliff(text: string): TranslationDoc {
  // no document type declarations: no entities of the file's own to expand
  if (/<!DOCTYPE/i.test(text)) throw new TranslationFileError('a DOCTYPE is not accepted in a translation file: remove it (XLIFF needs none)', lineIndex(text)(text.search(/<!DOCTYPE/i)));
  // a character XML cannot hold, raw or as a reference: the file is not XML, whatever a lenient reader would make of it
  const bad = notXmlCharacter(text);
  if (bad) throw new TranslationFileError(`not well-formed XML: ${bad.what} cannot appear in XML; a translation holds it as <cp hex="${bad.hex}"/>`, lineIndex(text)(bad.at));
  return readXliffFast(text) ?? readXliffTree(text);
}

/** Pure: read an XLIFF 2.0 file with fast-xml-parser (any well-formed file, and the error and its line for one that is not). */
export function readXliffTree(text: string): TranslationDoc {
  // character references (`&#233;`, `&#x2019;`) are characters; the five named XML entities too (htmlEntities: those and numeric ones)
  // removeNSPrefix: a file that names XLIFF's namespace with a prefix (<xlf:xliff xmlns:xlf="...">) is the same file
  const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, parseAttributeValue: false, trimValues: false, processEntities: true, htmlEntities: true, removeNSPrefix: true });
  if (/<!DOCTYPE/i.test(text)) throw new TranslationFileError('a DOCTYPE is not accepted in a translation file: remove it (XLIFF needs none)', lineIndex(text)(text.search(/<!DOCTYPE/i)));
  const notXml = entityNotXml(text);
  if (notXml) throw new TranslationFileError(`not well-formed XML: ${notXml.what} (XML knows &amp; &lt; &gt; &quot; &apos; and character references like &#160;; an HTML entity such as &nbsp; is not XML)`, lineIndex(text)(notXml.at));
  let tree: XNode[];
  try { tree = parser.parse(text, true) as XNode[]; } catch (e) {
    // fast-xml-parser ends its message with `:LINE:COLUMN` (older versions said `Line: N`)
    const msg = String((e as { message?: string }).message ?? '').split('\n')[0]!;
    // elements left open at the end (its list of their names, at line 1): a file cut short, said at its last line
    const open = /^Invalid '\[([^\]]*)\]' found/.exec(msg);
    if (open) {
      const names = [...open[1]!.matchAll(/"([^"]+)"/g)].map((m) => `<${m[1]}>`);
      if (names.length) throw new TranslationFileError(`not well-formed XML: the file ends with ${names.join(', ')} not closed: it was cut short (a copy or a save that did not finish); take the whole file from the translator's tool again, or export again`, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
    }
    const at = /:(\d+):\d+$/.exec(msg);
    const m = at ?? /Line: (\d+)/.exec(msg);
    throw new TranslationFileError(`not well-formed XML: ${at ? msg.slice(0, at.index) : msg}`, m ? Number(m[1]) : 1);
  }
  const root = tree.find((n) => tagOf(n) === 'xliff');
  if (!root) throw new TranslationFileError('no <xliff> element', 1);
  const attrs = root[':@'] ?? {};
  // 2.1 and 2.2 keep 2.0's core (what is read here) and add modules
  const rootLine = lineIndex(text)(Math.max(0, text.search(/<(?:[A-Za-z_][\w.-]*:)?xliff\b/)));
  if (!/^2\.[0-2]$/.test(attrs.version ?? '')) {
    const old = /^1\./.test(attrs.version ?? '') ? ' (XLIFF 1.x is another format: have the tool save XLIFF 2.0 as tplsync exported it, or export PO or CSV for it)' : '';
    throw new TranslationFileError(`XLIFF version ${attrs.version ?? '(none)'}: only 2.0, 2.1 and 2.2 are read${old}`, rootLine);
  }
  if (!attrs.srcLang || !attrs.trgLang) throw new TranslationFileError('the <xliff> element needs srcLang and trgLang', rootLine);
  // the unit elements in document order, to find each one's line
  const unitStarts: number[] = [];
  for (const m of text.matchAll(/<(?:[A-Za-z_][\w.-]*:)?unit\b/g)) unitStarts.push(m.index!);
  let unitNo = 0;
  const lineAt = lineIndex(text);
  const entries: Entry[] = [];
  const fuzzy: NotFinal[] = [];
  const notes: UnitNotes[] = [];
  // a file's units, in document order, also inside groups (XLIFF 2.0: a <file> holds units and groups, a group units and groups)
  const unitsIn = (n: XNode): XNode[] => kids(n).flatMap((k) => (tagOf(k) === 'unit' ? [k] : tagOf(k) === 'group' ? unitsIn(k) : []));
  for (const file of kids(root).filter((n) => tagOf(n) === 'file')) {
    for (const unit of unitsIn(file)) {
      const line = lineAt(unitStarts[unitNo++] ?? 0);
      // the unit id tplsync writes as its name; a tool that dropped it leaves the file's original (the template) and the unit's id (the field)
      const original = file[':@']?.original;
      const name = unit[':@']?.name?.trim() || (original && unit[':@']?.id ? `${original}:${unit[':@'].id}` : undefined);
      if (!name) throw new TranslationFileError('a <unit> without the name attribute tplsync wrote (the unit id), in a <file> without its original', line);
      // a translator's notes (of a category not tplsync's own): an export that replaces the file writes them again
      const own = kids(unit).filter((n) => tagOf(n) === 'notes').flatMap((n) => kids(n)).filter((n) => tagOf(n) === 'note')
        .flatMap((n) => { const x = translatorNote((k) => n[':@']?.[k], kids(n).map((c) => (tagOf(c) === '#text' ? String(c['#text']) : '')).join('')); return x ? [x] : []; });
      if (own.length) notes.push({ id: name, line, notes: own });
      // the unit's text is its segments' and ignorables' (the space or markup between segments) in document order
      const segments = kids(unit).filter((n) => tagOf(n) === 'segment' || tagOf(n) === 'ignorable');
      // a code a tool keeps in the unit's original data (<ph dataRef="d1"/> and <data id="d1">{{country}}</data>)
      const data = new Map<string, string>();
      for (const od of kids(unit).filter((n) => tagOf(n) === 'originalData')) {
        for (const d of kids(od).filter((n) => tagOf(n) === 'data')) data.set(d[':@']?.id ?? '', kids(d).map((c) => (tagOf(c) === '#text' ? String(c['#text']) : tagOf(c) === 'cp' ? codePoint(c[':@']?.hex, line) : '')).join(''));
      }
      const codes = new Map<string, string>();
      /** the ids of the source's paired codes (<pc>, and <sc>/<ec>, which XLIFF 2.0 takes for a <pc> split in two) */
      const paired = new Set<string>();
      let source = '';
      let target: string | undefined;
      let unknown: { id: string; kind: 'ph' | 'pc' | 'sc' | 'ec' } | undefined;
      /** an element of the target that XLIFF 2.0's core does not put in a text (a tool's own, an XLIFF 1.2 <g>): its name as written */
      let foreign: string | undefined;
      const content = (el: XNode, resolve: boolean): string => kids(el).map((c) => {
        const tag = tagOf(c);
        if (tag === '#text') return String(c['#text']);
        // (a comment is no text, and fast-xml-parser keeps none here; a processing instruction is no text either)
        if (resolve && tag !== undefined && !tag.startsWith('?') && !INLINE.has(tag)) { foreign ??= tag; return ''; }
        // XLIFF 2.0's code point: a character XML cannot hold as text (or any other a tool chose to write so)
        if (tag === 'cp') return codePoint(c[':@']?.hex, line);
        if (tag === 'ph') {
          const id = c[':@']?.id ?? '';
          const ref = c[':@']?.dataRef;
          const own = c[':@']?.equiv ?? (ref !== undefined ? data.get(ref) : undefined) ?? c[':@']?.disp;
          if (!resolve) { const raw = own ?? ''; codes.set(id, raw); return raw; }
          // a code the source does not have (XLIFF 2.0: a target's codes are the source's): refused (checkEntry), whatever its
          // equiv or disp says; read as its equiv, so that a placeholder it adds is said as such
          const raw = codes.get(id);
          if (raw === undefined) { unknown ??= { id, kind: 'ph' }; return own ?? ''; }
          return raw;
        }
        if (tag === 'pc' || tag === 'sc' || tag === 'ec') {
          // an <ec> that closes an <sc> of the same content names it by startRef; an isolated one has an id of its own
          const id = c[':@']?.id ?? (tag === 'ec' ? undefined : '');
          if (id !== undefined) { if (!resolve) paired.add(id); else if (!paired.has(id)) unknown ??= { id, kind: tag }; }
        }
        return content(c, resolve);
      }).join('');
      // XML's default white space, element by element: a source or target that does not say (or inherit)
      // xml:space="preserve" has its runs of white space read as one space; a side of the unit (its source,
      // its target) none of whose texts says preserve is also trimmed as a whole, once its segments and
      // ignorables are joined: a tool's pretty-printed `<target>\n  Ouvrir\n</target>` is `Ouvrir`, and the
      // space a segment ends with is one space between its words
      const spaceOf = (el: XNode, seg: XNode): string | undefined => [el, seg, unit, file, root].map((n) => n[':@']?.space ?? n[':@']?.['xml:space']).find((v) => v !== undefined);
      const kept = { source: false, target: false };
      let breaksRead = false;
      const textOf = (el: XNode, seg: XNode, resolve: boolean, side: 'source' | 'target'): string => {
        const raw = content(el, resolve);
        if (spaceOf(el, seg) === 'preserve') {
          kept[side] = true;
          // a target that inherits preserve without saying it: a pretty-printer's layout at its ends is not its text
          const own = el[':@']?.space ?? el[':@']?.['xml:space'];
          return side === 'target' && tagOf(el) === 'target' && own === undefined ? layoutTrimmed(raw) : raw;
        }
        if (side === 'target' && tagOf(el) === 'target' && BREAK_BETWEEN.test(raw)) breaksRead = true;
        return runsCollapsed(raw);
      };
      for (const seg of segments) {
        const src = kids(seg).find((n) => tagOf(n) === 'source');
        if (src) source += textOf(src, seg, false, 'source');
      }
      const pieces: ({ el: XNode; seg: XNode } | undefined)[] = [];
      let untranslated = false;
      // a segment in state "initial" (XLIFF 2.0: not translated yet; a tool's copy of the source, an outdated text as export wrote it)
      const initial = segments.some((seg) => tagOf(seg) === 'segment' && seg[':@']?.state === 'initial');
      // a segment without a state is "initial" in XLIFF 2.0; one whose target differs from its source is taken as
      // translated (tools that set no state), one whose target is its source word for word is a pre-fill
      const stateless = segments.some((seg) => tagOf(seg) === 'segment' && seg[':@']?.state === undefined);
      // the segments' lowest state: a unit reviewed or signed off (final) in every segment keeps it through an export
      const rank = Math.min(...segments.filter((seg) => tagOf(seg) === 'segment').map((seg) => STATE_RANK[seg[':@']?.state ?? 'initial'] ?? 0));
      const odd = segments.map((seg) => seg[':@']?.state).find((st) => st !== undefined && !XLIFF_STATES.has(st));
      if (odd !== undefined) throw new TranslationFileError(`a segment's state is '${odd}', not one of XLIFF 2.0's (initial, translated, reviewed, final)`, line);
      for (const seg of segments) {
        const tgt = kids(seg).find((n) => tagOf(n) === 'target');
        // an ignorable without a target keeps its source (XLIFF 2.0: it is not translated)
        const el = tgt ?? (tagOf(seg) === 'ignorable' ? kids(seg).find((n) => tagOf(n) === 'source') : undefined);
        pieces.push(el ? { el, seg } : undefined);
        if (tagOf(seg) === 'segment') { if (tgt) target = ''; else untranslated = true; }
      }
      // a segment without a target: the unit is not translated yet (not a part of its text)
      if (untranslated) { fuzzy.push({ id: name, line, mark: target !== undefined ? 'partial' : 'empty' }); continue; }
      // XLIFF 2.0's order: a target that says order="N" stands at position N of the unit's segments and ignorables (a translator's sentences swapped)
      const placed = pieces.map((p, i) => ({ p, at: Number(p?.el !== undefined && tagOf(p.el) === 'target' ? p.el[':@']?.order ?? i + 1 : i + 1) }));
      if (placed.some(({ at }) => !Number.isInteger(at) || at < 1 || at > pieces.length) || new Set(placed.map(({ at }) => at)).size !== placed.length) {
        throw new TranslationFileError(`a <target order="..."> that is not a position of the unit's ${pieces.length} segments and ignorables, or two of them at one position`, line);
      }
      if (target !== undefined) for (const { p } of placed.sort((a, b) => a.at - b.at)) if (p) target += textOf(p.el, p.seg, true, 'target');
      if (!kept.source) source = collapsed(source);
      if (target !== undefined && !kept.target) target = collapsed(target);
      // an element tplsync cannot place: the unit refused at the element's line, its text neither dropped nor kept
      if (foreign !== undefined && target !== undefined && !initial) {
        const at = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${foreign.replace(/[.]/g, '\\.')}[\\s/>]`, 'g');
        at.lastIndex = unitStarts[unitNo - 1] ?? 0;
        const m = at.exec(text);
        const written = m ? m[0].slice(1, -1) : foreign;
        entries.push({ id: name, source, target, line: m ? lineAt(m.index) : line, refuse: `the target holds the element <${written}>, which is not one of XLIFF 2.0's inline elements (<cp>, <ph>, <pc>, <sc>, <ec>, <mrk>, <sm>, <em>): tplsync cannot tell whether its text is a part of the translation (a translation tool's comment or markup); delete the element (keep its text only if it belongs to the translation) and import again` });
        continue;
      }
      const exportedNote = kids(unit).filter((n) => tagOf(n) === 'notes').flatMap((n) => kids(n)).find((n) => tagOf(n) === 'note' && n[':@']?.category === EXPORTED_NOTE);
      const exported = exportedNote ? readExportedNote(kids(exportedNote).map((c) => (tagOf(c) === '#text' ? String(c['#text']) : '')).join('')) : undefined;
      if (target === undefined || blank(target)) { fuzzy.push({ id: name, line, mark: 'empty' }); continue; }
      if (initial) { fuzzy.push({ id: name, line, mark: 'initial', draft: target, ...(exported ? { exported: exported.hash } : {}) }); continue; }
      if (stateless && target === source) { fuzzy.push({ id: name, line, mark: 'copy' }); continue; }
      entries.push({ id: name, source, target, line, ...(unknown !== undefined ? { unknownCode: unknown.id, unknownKind: unknown.kind, sourceCodes: [...(unknown.kind === 'ph' ? codes.keys() : paired)] } : {}), ...exportedFields(exported), ...(stateless ? { stateless: true as const } : {}), ...(breaksRead && !target.includes('\n') ? { breaksRead: true as const } : {}), ...stateOfRank(rank) });
    }
  }
  return { source: fromBcp47(attrs.srcLang), target: fromBcp47(attrs.trgLang), entries, ...(fuzzy.length ? { fuzzy } : {}), ...(notes.length ? { notes } : {}) };
}

/** The first character XML 1.0 cannot hold, raw (CR aside: XML allows it) or as a character reference (&#0;, &#x0B;). */
export function notXmlCharacter(text: string): { at: number; what: string; hex: string } | undefined {
  // eslint-disable-next-line no-control-regex
  const raw = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.exec(text);
  let first = raw ? { at: raw.index, what: `the character U+${hex4(raw[0])}`, hex: hex4(raw[0]) } : undefined;
  for (const m of text.matchAll(/&#(?:([0-9]{1,8})|x([0-9A-Fa-f]{1,6}));/g)) {
    if (first && m.index! > first.at) break;
    const n = m[1] !== undefined ? Number(m[1]) : parseInt(m[2]!, 16);
    const ok = n === 0x9 || n === 0xa || n === 0xd || (n >= 0x20 && n <= 0xd7ff) || (n >= 0xe000 && n <= 0xfffd) || (n >= 0x10000 && n <= 0x10ffff);
    if (!ok) { const hex = n.toString(16).toUpperCase().padStart(4, '0'); first = { at: m.index!, what: `the reference ${m[0]} (U+${hex})`, hex }; break; }
  }
  return first;
}

/** `<cp hex="..."/>`'s character */
function codePoint(hex: string | undefined, line: number): string {
  const n = hex && /^[0-9A-Fa-f]{1,6}$/.test(hex) ? parseInt(hex, 16) : NaN;
  if (!(n <= 0x10ffff) || (n >= 0xd800 && n <= 0xdfff)) throw new TranslationFileError(`a <cp> whose hex, '${hex ?? ''}', is not a Unicode code point`, line);
  return String.fromCodePoint(n);
}

/**
 * The first `&` of the text (outside comments, CDATA sections and processing instructions) that
 * does not begin one of XML's references: the five named entities and character references. A
 * parser that knows HTML's entities (fast-xml-parser's htmlEntities, which reads the character
 * references) would take `&nbsp;` or a bare `&` that no XML tool accepts.
 */
export function entityNotXml(text: string): { at: number; what: string } | undefined {
  const skip: [number, number][] = [];
  for (const m of text.matchAll(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g)) skip.push([m.index!, m.index! + m[0].length]);
  let k = 0;
  for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
    while (k < skip.length && skip[k]![1] <= i) k++;
    if (k < skip.length && skip[k]![0] <= i) continue;
    XML_REF.lastIndex = i;
    if (XML_REF.test(text)) continue;
    const name = /^&[^\s&<;]{0,20};?/.exec(text.slice(i, i + 24))?.[0] ?? '&';
    return { at: i, what: name.endsWith(';') ? `'${name}' is not an XML entity` : `a '&' that begins no reference (write it &amp;)` };
  }
  return undefined;
}
const XML_REF = /&(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/y;

const unPo = (s: string, line: number): string => s.replace(/\\(.)/g, (_m, c: string) => {
  switch (c) {
    case 'n': return '\n'; case 't': return '\t'; case 'r': return '\r'; case '"': return '"'; case '\\': return '\\';
    default: throw new TranslationFileError(`unknown escape \\${c}`, line);
  }
});

const PO_PLURAL = 'this entry has plural forms (msgid_plural, msgstr[0], msgstr[1]...): a template\'s text has one form, whatever the numbers in it; write it as msgid and one msgstr, as tplsync exported it';
const MSGCAT_CONFLICT = /^#-#-#-#-#  .*  #-#-#-#-#$/m;
const PO_NO_CONTEXT = 'this entry has no msgctxt, where tplsync exports the unit id (a tool dropped it: translate-toolkit\'s po2xliff and xliff2po do), so it cannot tell which text it translates; put the msgctxt lines back, or translate the PO file tplsync exported';

/** Pure: read a PO file (its entries with a msgctxt and a non-empty msgstr; a translated entry without one is given with `refuse`). */
export function readPo(text: string): TranslationDoc {
  const lines = text.split(/\r?\n/);
  interface Raw { line: number; ctx?: string; id?: string; str?: string; fuzzy: boolean; plural?: boolean; exported?: { hash: string; language?: string }; comments?: string[] }
  const raws: Raw[] = [];
  let cur: Raw | undefined;
  let field: 'ctx' | 'id' | 'str' | 'skip' | undefined;
  const fresh = (line: number): Raw => { const r: Raw = { line, fuzzy: false }; raws.push(r); field = undefined; return r; };
  const used = (r: Raw | undefined): boolean => !r || r.ctx !== undefined || r.id !== undefined || r.str !== undefined;
  lines.forEach((l, i) => {
    const line = i + 1;
    const t = l.trim();
    if (t === '') { cur = undefined; field = undefined; return; }
    if (t.startsWith('#')) {
      if (used(cur)) cur = fresh(line);
      if (t.startsWith('#,') && /\bfuzzy\b/.test(t)) cur!.fuzzy = true;
      // a translator's comment (gettext: `# ` or a lone `#`), kept by msgmerge and by an export that replaces the file
      if (t === '#' || t.startsWith('# ')) (cur!.comments ??= []).push(l.replace(/\r$/, ''));
      if (t.startsWith('#.')) { const h = exportedNoteIn(t.slice(2)); if (h) cur!.exported = h; }
      return;
    }
    const m = /^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\])\s+"(.*)"$/.exec(t);
    if (m) {
      const key = m[1]!;
      // plural forms (a tool's, or a translator's): that entry refused below, the others read
      if (key === 'msgid_plural' || key.startsWith('msgstr[')) {
        if (!cur || cur.id === undefined) throw new TranslationFileError(`${key} without a msgid`, line);
        cur.plural = true;
        // msgstr[0] stands for the entry's text (so that it counts as translated); the other forms are not read
        if (key === 'msgstr[0]') { field = 'str'; cur.str = unPo(m[2]!, line); } else field = 'skip';
        return;
      }
      if (key === 'msgctxt' && used(cur)) cur = fresh(line);
      if (key === 'msgid' && (!cur || cur.id !== undefined || cur.str !== undefined)) cur = fresh(line);
      if (key === 'msgstr' && (!cur || cur.id === undefined)) throw new TranslationFileError('msgstr without a msgid', line);
      if (key === 'msgctxt') cur!.line = line;
      field = key === 'msgctxt' ? 'ctx' : key === 'msgid' ? 'id' : 'str';
      cur![field] = unPo(m[2]!, line);
      return;
    }
    const c = /^"(.*)"$/.exec(t);
    if (c && cur && field === 'skip') return;
    if (c && cur && field) { const f = field as 'ctx' | 'id' | 'str'; cur[f] = (cur[f] ?? '') + unPo(c[1]!, line); return; }
    throw new TranslationFileError(`cannot read this line of the PO file: ${t.slice(0, 60)}`, line);
  });
  const header = raws.find((r) => r.id === '' && r.ctx === undefined);
  const hv = (k: string): string | undefined => new RegExp(`^${k}:\\s*(.+)$`, 'm').exec(header?.str ?? '')?.[1]?.trim();
  const target = hv('Language');
  const source = hv('X-Source-Language');
  if (!target || !source) throw new TranslationFileError('the PO header needs "Language" and "X-Source-Language" (as tplsync exports it)', header?.line ?? 1);
  const entries: Entry[] = [];
  const fuzzy: NotFinal[] = [];
  for (const r of raws) {
    // an entry not translated yet: named (at its line) where a new file needs every text, not imported
    if (r.ctx !== undefined && r.id !== undefined && r.id !== '' && r.str !== undefined && blank(r.str)) { fuzzy.push({ id: r.ctx, line: r.line, mark: 'empty' }); continue; }
    if (r.id === undefined || r.str === undefined || blank(r.str)) continue;
    // the header (msgid ""), or a translation a tool left without tplsync's unit id: refused, not dropped in silence
    if (r.ctx === undefined) {
      if (r.id !== '') entries.push({ id: '', source: r.id, target: r.str, line: r.line, refuse: PO_NO_CONTEXT });
      continue;
    }
    if (r.plural) { entries.push({ id: r.ctx, source: r.id, target: r.str, line: r.line, refuse: PO_PLURAL }); continue; }
    if (r.fuzzy) { fuzzy.push({ id: r.ctx, line: r.line, draft: r.str, ...(r.exported ? { exported: r.exported.hash } : {}) }); continue; }
    // msgcat's merge of two files that translate one entry differently: both, between its markers, and marked fuzzy until a person chooses
    const conflict = MSGCAT_CONFLICT.test(r.str) ? { refuse: 'this translation holds msgcat\'s conflict markers (#-#-#-#-#  FILE  #-#-#-#-#): two files translated it differently; keep one translation and delete the markers' } : {};
    entries.push({ id: r.ctx, source: r.id, target: r.str, line: r.line, ...conflict, ...exportedFields(r.exported) });
  }
  const comments = raws.filter((r) => r.ctx !== undefined && r.comments?.length).map((r) => ({ id: r.ctx!, lines: r.comments! }));
  return { source: fromBcp47(source), target: fromBcp47(target), entries, ...(fuzzy.length ? { fuzzy } : {}), ...(comments.length ? { comments } : {}) };
}

/** Pure: read a CSV file (RFC 4180) with the columns tplsync exports (separated by commas, or by semicolons or tabs as spreadsheets save them). */
export function readCsv(text: string): TranslationDoc {
  let records: { record: string[]; info: { lines: number; bytes: number } }[];
  // a spreadsheet saves with the separator of its locale: `;` (Excel in German, French, ...) or a tab; the header says which
  const delimiter = /^\ufeff?"?id"?([,;\t])/i.exec(text)?.[1] ?? ',';
  try {
    // a blank line, or a row whose last empty cells a spreadsheet or a hand left out, is no error: the cells it lacks are empty
    records = parseCsv(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, delimiter }) as never;
  } catch (e) {
    const err = e as { lines?: number; message?: string };
    throw new TranslationFileError(`not valid CSV: ${err.message ?? String(e)}`, err.lines ?? 1);
  }
  const head = records[0]?.record;
  const first = 'the first row must be: id, SOURCE-LANGUAGE, TARGET-LANGUAGE, limit, notes';
  if (!head || head.length < 3) throw new TranslationFileError(`${first} (it has ${head?.length ?? 0} column${head?.length === 1 ? '' : 's'}${head?.length === 1 && /[,;\t]/.test(head[0]!) ? `: its separator is none of , ; or a tab` : ''})`, 1);
  // the names of the columns as a spreadsheet may have recapitalised them
  if (head[0]!.trim().toLowerCase() !== 'id') throw new TranslationFileError(`${first}: its first cell is '${head[0]}', not 'id'`, 1);
  // the column headers name the languages: a header that is not a language code would name the new files (`welcome.Deutsch.yaml`)
  for (const [col, which] of [[1, 'source'], [2, 'target']] as const) {
    if (!LANG.test(fromBcp47(head[col]!))) {
      const before = `column ${col + 1} of the first row, '${head[col]}', must be the ${which} language as a code like de or pt_BR`;
      throw new TranslationFileError(`${before}${languageHint(head[col]!)}`, 1, { before, input: head[col]! });
    }
  }
  const entries: Entry[] = [];
  const fuzzy: NotFinal[] = [];
  const notes: UnitNotes[] = [];
  const notesAt = head.findIndex((h) => h.trim().toLowerCase() === 'notes');
  const exportedAt = head.findIndex((h) => h.trim().toLowerCase() === CSV_EXPORTED);
  // the columns a translator added (a comment, a status): any but id, the languages and tplsync's own, kept by the next export
  const widest = records.reduce((n, r) => Math.max(n, r.record.length), 0);
  const added = Array.from({ length: Math.max(0, widest - 3) }, (_, k) => k + 3).filter((i) => !CSV_OWN_COLUMNS.has((head[i] ?? '').trim().toLowerCase()));
  const rows: NonNullable<TranslationDoc['columns']>['rows'] = [];
  // a record's line: where its first character is, after the previous record's end (info.bytes, UTF-8
  // bytes from the file's start) and any blank lines. Counted here, a CRLF once: csv-parse's
  // info.lines counts the CR and the LF of a CRLF inside a quoted cell as two lines
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  let counted = 1;
  const lineAt = (offset: number): number => {
    for (; at < offset; at++) {
      const b = bytes[at];
      if (b === 0x0a || (b === 0x0d && bytes[at + 1] !== 0x0a)) counted++;
    }
    return counted;
  };
  let prevEnd = records[0]!.info.bytes;
  for (const { record, info } of records.slice(1)) {
    let start = prevEnd;
    while (start < bytes.length && (bytes[start] === 0x0a || bytes[start] === 0x0d)) start++;
    const line = lineAt(start);
    prevEnd = info.bytes;
    // a line break within a cell as a spreadsheet saves it (CRLF) is the template's line break
    const [id, crSource, crTarget] = record;
    // the translator's own text in the notes cell and in the columns they added, of a row with an id (translated or not)
    if (id) {
      const own = notesAt > 2 ? csvTranslatorNote(csvCell(record[notesAt] ?? '') ?? '') : '';
      if (own) notes.push({ id, line, notes: [{ text: own }] });
      const cells = added.map((i) => csvCell(record[i] ?? '')!.replace(/\r\n?/g, '\n'));
      if (cells.some((c) => c !== '')) rows.push({ id, line, cells });
    }
    const source = csvCell(crSource)?.replace(/\r\n?/g, '\n');
    const target = csvCell(crTarget)?.replace(/\r\n?/g, '\n');
    if (!target || blank(target)) { if (id) fuzzy.push({ id, line, mark: 'empty' }); continue; }
    if (!id) { entries.push({ id: '', source: source ?? '', target, line, refuse: 'this row has a translation but no id (the first column), so tplsync cannot tell which text it translates; put the id back from the exported file' }); continue; }
    // the target as exported: its column, else (a CSV exported before it had one) the notes. A file without its notes column
    // cannot say an outdated translation was checked (its outdated note went with it): the hash is not read, as before it had a column
    const own = exportedAt > 2 ? (record[exportedAt] ?? '').trim() : '';
    const exported = notesAt > 2 ? (exportedNoteIn(own) ?? readExportedNote(own) ?? exportedNoteIn(record[notesAt] ?? '')) : undefined;
    // the outdated translation export wrote as the one to start from: imported once its note is deleted
    if (notesAt > 2 && (record[notesAt] ?? '').trimStart().startsWith(CSV_OUTDATED)) { fuzzy.push({ id, line, mark: 'outdated', draft: target, ...(exported ? { exported: exported.hash } : {}) }); continue; }
    entries.push({ id, source: source ?? '', target, line, ...exportedFields(exported) });
  }
  // (a column with neither a header nor a value in any row, as a spreadsheet may save the cells past the last, is none)
  const kept = added.map((i, k) => ({ name: csvCell(head[i] ?? '')!.trim(), k })).filter((c) => c.name !== '' || rows.some((r) => r.cells[c.k] !== ''));
  const columns = kept.length ? { names: kept.map((c) => c.name), rows: rows.map((r) => ({ ...r, cells: kept.map((c) => r.cells[c.k]!) })).filter((r) => r.cells.some((c) => c !== '')) } : undefined;
  return { source: fromBcp47(head[1]!), target: fromBcp47(head[2]!), entries, ...(fuzzy.length ? { fuzzy } : {}), ...(notes.length ? { notes } : {}), ...(columns ? { columns } : {}) };
}

/** the CSV columns of tplsync's own past the first three (id and the two languages), by their header as read (trimmed, lower case) */
const CSV_OWN_COLUMNS: ReadonlySet<string> = new Set(['limit', 'notes', EXPORTED_NOTE]);

/**
 * Pure: the text of a translator's own in a CSV `notes` cell (as read: csvCell), or ''. The cell is cut into pieces at
 * each `|` and line break; a piece of tplsync's own notes (writeCsv: `outdated: ...`, `not imported: ...`, `untranslated:
 * ...`, `samples: {{...`, `keep {{...}}`, `target as exported: ...`, which it writes on one line and without `|`) is taken
 * out, and the rest, with the separators between its pieces as written, is the translator's: a remark typed into the cell
 * (alone, or after tplsync's notes, on a line of its own or after a `|`) is kept by the next export, and said by the import.
 */
export function csvTranslatorNote(cell: string): string {
  if (!cell.trim()) return '';
  const out: string[] = [];
  let sep = '';
  for (const m of cell.matchAll(/([^|\r\n]*)([|\r\n]*)/g)) {
    if (!m[0]) break;
    const piece = m[1]!;
    const rest = ownNoteRest(piece.trim());
    if (rest !== '') { if (out.length) out.push(sep); out.push(rest === piece.trim() ? piece : rest); }
    // the separator before the next piece: what stood between the last piece kept and it, as written
    sep = rest !== '' || !out.length ? m[2]! : sep;
  }
  return out.join('').trim();
}

/** a piece of a CSV notes cell with the note of tplsync's own it begins with taken off: '' for one of them, the piece itself for a translator's */
function ownNoteRest(piece: string): string {
  if (piece === '') return '';
  // (a note whose text is tplsync's to the end of the piece: the import's words, the samples, a note about a copy)
  if (/^(?:not imported: |untranslated: the |samples: \{\{)/.test(piece)) return '';
  const m = /^outdated: .*\((?:check|correct) it, then delete this note\)/.exec(piece)
    ?? /^keep(?: (?:\{\{[^{}]*\}\}|\(\([^()]*\)\)))+/.exec(piece)
    ?? new RegExp(`^${EXPORTED_NOTE}:\\s*[0-9a-f]{8}(?:[ \\t]*\\([^()]*\\))?`).exec(piece);
  return m ? piece.slice(m[0].length).trim() : piece;
}

/** the offset of the first byte that does not begin or continue a UTF-8 sequence, or -1 */
function firstNonUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c < 0x80) { i++; continue; }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (!n) return i;
    // the second byte's range: no overlong form, no surrogate, nothing above U+10FFFF
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return -1;
}

const lineOfByte = (b: Uint8Array, at: number): number => { let line = 1; for (let i = 0; i < at; i++) if (b[i] === 10) line++; return line; };

/**
 * Pure: the text of a translation file's bytes: UTF-8 (a byte-order mark left for the reader), or
 * UTF-16 with its byte-order mark (Excel's "Unicode Text") decoded; anything else is refused with
 * the line of the first byte that is not UTF-8 and how to save the file (a file in Windows-1252,
 * as Excel's plain "CSV" saves it, would otherwise import its accents as U+FFFD).
 */
export function decodeTranslationFile(bytes: Uint8Array, format: Format): string {
  const save = format === 'csv' ? 'save it as "CSV UTF-8 (Comma delimited)" (Excel) or with the encoding UTF-8 and import it again' : 'save it with the encoding UTF-8 and import it again';
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    const le = buf[0] === 0xff;
    if (buf.length % 2 !== 0) throw new TranslationFileError(`a UTF-16 file (byte-order mark ${le ? 'FF FE' : 'FE FF'}) with an odd number of bytes: cut short? ${save}`, 1);
    const body = Buffer.from(buf.subarray(2));
    return (le ? body : body.swap16()).toString('utf16le');
  }
  // an encoding the file declares (XML's declaration, PO's header charset), as msgfmt and XML parsers read it
  const declared = declaredEncoding(buf, format);
  // a file that says another encoding but whose bytes are UTF-8 with letters beyond ASCII (a tool
  // that wrote UTF-8 under a template's header): read as declared, 'Ü' would become 'Ã\u009c'. A
  // real ISO-8859-1 or Shift_JIS text is practically never valid UTF-8 as well
  if (declared && /[\x80-\xff]/.test(buf.toString('latin1')) && isUtf8(buf)) {
    const at = buf.findIndex((b) => b >= 0x80);
    // the line it is on, at most 40 bytes of it around the letter
    let from = Math.max(buf.lastIndexOf(10, at) + 1, at - 20);
    let to = buf.indexOf(10, at); if (to < 0 || to > at + 20) to = Math.min(buf.length, at + 20);
    while (from < at && (buf[from]! & 0xc0) === 0x80) from++; // not in the middle of a character
    while (to < buf.length && (buf[to]! & 0xc0) === 0x80) to++;
    const word = buf.toString('utf8', from, to).trim();
    // what a Latin-1 reader makes of it is shown; another encoding's misreading is only named
    const misread = /^(iso-?8859-1|latin-?1|l1|windows-1252|cp1252|us-ascii)$/i.test(declared) ? ` would be read as "${Buffer.from(word, 'utf8').toString('latin1').replace(/[\x80-\x9f]/g, '?')}"` : ` would be misread as ${declared}`;
    throw new TranslationFileError(`the file declares the encoding ${declared}, but its text is UTF-8 ("${word}"${misread}): correct the declaration to UTF-8 (${format === 'po' ? 'the header\'s "Content-Type: text/plain; charset=UTF-8"' : '<?xml version="1.0" encoding="UTF-8"?>'}) and import it again`, lineOfByte(buf, at));
  }
  if (declared) {
    let decoder: TextDecoder;
    try { decoder = new TextDecoder(declared, { fatal: true }); } catch {
      throw new TranslationFileError(`the file declares the encoding ${declared}, which tplsync cannot read; ${save}`, 1);
    }
    try { return decoder.encoding === 'windows-1252' ? windows1252(decoder.decode(buf)) : decoder.decode(buf); } catch {
      throw new TranslationFileError(`not a ${declared} text, as the file declares it; ${save}`, 1);
    }
  }
  const nul = buf.indexOf(0);
  if (nul >= 0) throw new TranslationFileError(`not a UTF-8 text: it holds NUL bytes (UTF-16 without a byte-order mark?); ${save}`, lineOfByte(buf, nul));
  const bad = isUtf8(buf) ? -1 : firstNonUtf8(buf);
  if (bad >= 0) {
    let from = bad; while (from > 0 && buf[from - 1] !== 10 && bad - from < 30) from--;
    const near = [...buf.subarray(from, Math.min(buf.length, bad + 12))].map((c) => (c >= 0x20 && c < 0x7f && c !== 0x5c ? String.fromCharCode(c) : c === 10 || c === 13 ? ' ' : `\\x${c.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
    throw new TranslationFileError(`not a UTF-8 text: byte 0x${buf[bad]!.toString(16).toUpperCase()} in "${near}" is not UTF-8 (the file is in another encoding, such as Windows-1252); ${save}`, lineOfByte(buf, bad));
  }
  return buf.toString('utf8');
}

/** windows-1252's letters at 0x80-0x9F (U+0000 where it has none), which Node 20's decoder gives as the C1 controls U+0080-U+009F */
const CP1252_HIGH = [0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178];

/**
 * A text decoded as windows-1252 (the label ISO-8859-1 and Latin-1 mean, in the Encoding Standard
 * every browser follows), with the letters of 0x80-0x9F in place of the C1 controls Node 20 gives
 * there: „STORNO“ – not \u0084STORNO\u0093 \u0096, which no person typed.
 */
function windows1252(text: string): string {
  return text.replace(/[\u0080-\u009f]/g, (c) => { const u = CP1252_HIGH[c.charCodeAt(0) - 0x80]!; return u ? String.fromCharCode(u) : c; });
}

/** the encoding an XLIFF or PO file declares when it is not UTF-8 (ISO-8859-1, windows-1252, ...), else undefined */
function declaredEncoding(buf: Buffer, format: Format): string | undefined {
  const head = buf.subarray(0, 4096).toString('latin1');
  const m = format === 'xliff' ? /^<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head)
    : format === 'po' ? /^"Content-Type:[^"\n]*charset=([A-Za-z0-9._:-]+)/m.exec(head) : null;
  const name = m?.[1];
  return name && !/^utf-?8$/i.test(name) && !/^charset$/i.test(name) ? name : undefined;
}

export { formatOfFile, importFormatOfFile, IMPORT_NAMES } from './format-of-file.js';

export function readTranslations(format: Format, text: string): TranslationDoc {
  return format === 'xliff' ? readXliff(text) : format === 'po' ? readPo(text) : readCsv(text);
}
