// `tplsync translations export|import`: the files and the terminal around the pure core of
// src/translations (units, formats, apply).
import { withProjectWrites } from '../files/project-lock.js';
import { lstatSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { unlistedLanguage, type Config } from '../config/load.js';
import { configSeverities } from '../config/overrides.js';
import type { SeveritySetting } from '../core/diagnostic.js';
import { severityOf } from '../lint/finish.js';
import { collectFindings } from '../lint/check.js';
import { enabledOffRules } from '../lint/lint-files.js';
import { UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { Interrupted, interruptSignal, throwIfInterrupted } from '../core/interrupt.js';
import { discoverFiles } from '../files/discover.js';
import { refusedOf } from '../files/refusals.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { readAhead } from '../files/read-ahead.js';
import { systemError } from '../core/system-error.js';
import { readTemplateValue } from '../files/value.js';
import { AtomicWriter, writeFileAtomic, WritesStopped } from '../files/write.js';
import { namesStdout, outputPlace, refuseLinkedOutput, writeOutput, writtenInPlace } from '../files/output-file.js';
import { openDocument, type LocatedDocument, type TextDoc } from '../files/document.js';
import { str, type Loose } from '../model/loose.js';
import { groupByTemplate, importOrder, planGroups, planImport, type ImportPlan, type LintOf, type Write } from '../translations/apply.js';
import { closest } from '../core/suggest.js';
import { parseAhead, parseHere, parseOnRequest, type Parsed, type ParseAhead } from '../translations/parse-ahead.js';
import { bcp47, copiedThroughout, copiedWhy, decodeTranslationFile, EXPORTED_NOTE, exportedForOther, EXTENSION, FORMATS, formatOfFile, importFormatOfFile, IMPORT_NAMES, fromBcp47, LANG, languageHint, notFinalWhy, readTranslations, blank, keepTranslatorWork, notesToSay, sameText, TranslationFileError, writeTranslations, xliffLanguages, type Entry, type Format, type NotFinal, type TranslationDoc } from '../translations/formats.js';
import { extractUnitsFor, fieldTexts, targetHash, unitsByTarget, type TemplateFile, type Unit } from '../translations/units.js';
import { commandConfig, lockWait, leadsOutThroughLink } from './context.js';
import { unlistedWhatsappLanguage, WHATSAPP_LANGUAGES } from '../lint/rules/languages.js';
import { io } from '../core/io.js';
import { codeInPlaceOf, renamedLanguage } from '../core/language.js';
import { append } from '../core/append.js';
import { visible } from '../core/visible.js';
import { readRegularFile } from '../core/read-regular.js';

export interface ExportOptions { config?: string; source?: string; target?: string[]; format?: string; out?: string; dryRun?: boolean }
export interface ImportOptions { config?: string; dryRun?: boolean; lockTimeout?: string }

/** a template file as read: `text` only when the reader asked for it (an import, which edits files on their text) */
interface Read { file: string; abs: string; text?: string; value: Loose; doc?: TextDoc | undefined }

/** a translation file holds the texts of many templates: bounded, but far above one template file's bound */
export const MAX_TRANSLATION_FILE_BYTES = 64 * 1024 * 1024;

// regular files only (a FIFO or a device a pull request committed is refused, never waited on or read without end)
function readBoundedBytes(abs: string, shown: string, max: number): Buffer {
  return readRegularFile(abs, { max, shown, what: 'a translation file' });
}

function readTemplateBytes(abs: string, shown: string, max: number = MAX_FILE_BYTES): Buffer {
  return readRegularFile(abs, { max, shown, what: 'a template file' });
}

/**
 * The project's templates, each read once: value and node positions off the text in one pass
 * when its layout is one text-locate proves (kept, as `doc`, for the files `keepDoc` asks for:
 * an import edits them on the text), else the plain value alone.
 */
async function readTemplates(config: Config, paths: readonly string[], cwd: string = io().cwd(), keepDoc?: (language: string | undefined) => boolean, unreadable?: (file: string) => void): Promise<Read[]> {
  const out: Read[] = [];
  await readEach(await discoverFiles(config, paths, cwd), keepDoc, (r) => { out.push(r); return true; }, unreadable);
  return out;
}

/**
 * readTemplates' loop over discovered files: `each` is given every template as it is read (an
 * import plans and writes a template's translation while the next files are read), and stops the
 * loop by answering false.
 */
async function readEach(files: readonly { file: string; abs: string }[], keepDoc: ((language: string | undefined) => boolean) | undefined, each: (r: Read) => boolean, unreadable?: (file: string) => void,
  refused?: (file: string, message: string) => void, withText = false): Promise<void> {
  // a file discovery refused (a link out of the project, a FIFO: files/refusals.ts, what lint and fmt refuse) is never
  // read, so never written: it is one `unreadable` is told of (an import makes no file in its place), and `refused` says why
  const shut = refusedOf();
  const open = shut.size ? files.filter((f) => { const no = shut.get(f.abs); if (no) { unreadable?.(f.file); refused?.(f.file, no.message); } return !no; }) : files;
  files = open;
  // the files' bytes read on another thread just ahead of this one (as lint does), when there are many
  const ahead = files.length >= READ_AHEAD_MIN && availableParallelism() >= 2 ? readAhead(files.map((f) => f.abs)) : undefined;
  try {
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      if (ahead && (i & 63) === 0) await ahead.arrived(i);
      const bytes = ahead?.bytes(i);
      const raw = bytes && bytes.length <= MAX_FILE_BYTES ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) : readTemplateBytes(f.abs, f.file);
      // decoded by the document, strictly: a file that is not UTF-8 text (a Latin-1 byte in a comment, a NUL) is never
      // decoded with U+FFFD in place of its bytes, so never written back so (lint's `encoding` finding names the byte)
      const opened = openDocument(f.file, raw);
      const notText = notTextOf(opened);
      if (notText) { unreadable?.(f.file); refused?.(f.file, notText); continue; }
      // the text as the file holds it (a byte-order mark and CRs kept: an import edits no byte but the translated texts):
      // the document's own when the file has neither (decoded once), and only when asked for (an export reads values alone)
      const text = !withText ? undefined : raw[0] !== 0xef && !raw.includes(13) ? opened.text : raw.toString('utf8');
      // offsets of the index are into the text without a byte-order mark: such a file is edited by the parse
      const doc = raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf ? undefined : opened.textIndex();
      let value: Loose;
      try { value = (opened.value ?? opened.parsed().value) as Loose; } catch { unreadable?.(f.file); continue; } // lint reports files that do not parse
      if (!value || typeof value !== 'object') unreadable?.(f.file);
      else if (!each({ file: f.file, abs: f.abs, ...(text !== undefined ? { text } : {}), value, doc: keepDoc?.(str(value.language)) ? doc : undefined })) break;
    }
  } finally { ahead?.close(); }
}

/** why a template file's bytes are not text (not UTF-8, a NUL byte: its loading finding, at its line and column), or undefined */
function notTextOf(opened: LocatedDocument): string | undefined {
  if (opened.text !== '') return undefined;
  const p = opened.loading().find((x) => x.kind === 'not-utf8');
  return p && `${p.span.line}:${p.span.column}: ${p.message} (tplsync lint: encoding)`;
}

/** fewer files than this are read by this thread alone (and an import writes them on libuv's threads) */
const READ_AHEAD_MIN = 2000;
/**
 * the worker threads of an import's writes, when it has READ_AHEAD_MIN files or more: four, on two
 * cores as well, since a replaced file's write waits on the device more than it works (ext4 flushes
 * a file truncated and renamed over another at once: docs/benchmarks.md, seventh session); four
 * threads keep more of those waits overlapped (18,000 files rewritten: 3.38 s against 3.58 s)
 */
const WRITE_THREADS = 4;

export async function translationsExport(paths: string[], o: ExportOptions): Promise<number> {
  // BCP 47 (pt-BR, as XLIFF and PO write languages) is taken as the files write it (pt_BR)
  const source = o.source === undefined ? undefined : fromBcp47(o.source);
  // each language once, in the files' case (de-de is de_DE)
  const targets = [...new Set((o.target ?? []).map(fromBcp47))];
  if (!source) throw new UsageError('translations export: --source LANG is required (the language translators translate from)');
  if (!targets.length) throw new UsageError('translations export: name at least one --target LANG');
  if (!LANG.test(source) || !targets.every((l) => LANG.test(l))) {
    // (the code meant as the config's channels write it, else as WhatsApp lists it; the templates are not read yet)
    const known = (await commandConfig(o).then((c) => Object.values(c.channels ?? {}).flatMap((x) => x?.languages ?? []), () => []));
    for (const l of [source, ...targets]) if (!LANG.test(l)) throw new UsageError(`translations export: '${l}' is not a language code like de or pt_BR${languageHint(l, known, WHATSAPP_LANGUAGES)}`);
  }
  if (targets.includes(source)) throw new UsageError(`translations export: --target ${source} is the source language: name the languages to translate into`);
  // --out /dev/stdout is --out -: the file on standard output, the summary on standard error
  const named = o.out !== undefined && namesStdout(o.out) ? '-' : o.out;
  // no --format: the one file's extension says it (--out de.po), else XLIFF
  const format = (o.format ?? (named && named !== '-' ? formatOfFile(named) : undefined) ?? 'xliff') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`translations export: --format must be one of ${FORMATS.join(', ')}`);
  const out = named ?? 'translations';
  if (out === '-' && targets.length > 1) throw new UsageError('translations export: --out - (standard output) takes one --target; with several, --out names a folder');
  const config = await commandConfig(o);
  // the default folder is the project's: one that is a link out of it is refused (an --out named is the user's, when it is no
  // link itself: a link, named or the default, is refused as every command's output path that is one)
  const away = o.out === undefined ? leadsOutThroughLink(config.dir, path.resolve(io().cwd(), out)) : undefined;
  if (away) throw new UsageError(`translations export: ${out}/ (the default --out) leads out of the project through a link (to ${away}); name the real folder with --out if you mean it`);
  if (o.out === undefined) refuseLinkedOutput(path.resolve(io().cwd(), out), `translations export: ${out}/ (the default --out)`, { folder: true });
  const results = await exportTranslations(config, paths, io().cwd(), { source, targets, format, out, dryRun: Boolean(o.dryRun) });
  // with the file on standard output, the summary goes to standard error
  const say = out === '-' ? io().stderr : io().stdout;
  for (const [k, r] of results.entries()) {
    if (r.skipped) { io().stderr.write(reportLines([`${r.file}: not written: ${r.skipped}\n`])); continue; }
    // (said before the summary line, which counts them: "see above")
    const kept = carriedLines(r);
    if (kept.length) io().stderr.write(reportLines(kept));
    say.write(reportLines([`${o.dryRun ? 'would write ' : ''}${r.file}: ${r.units} unit${r.units === 1 ? '' : 's'} of ${r.templates} template(s), ${r.translated} translated already${r.outdated ? ` (${r.outdated} outdated: marked to translate again)` : ''}${r.copies ? `; ${r.copies} text${r.copies === 1 ? '' : 's'} of the ${targets[k]} files ${r.copies === 1 ? 'is a copy' : 'are copies'} of the ${source} text, never imported: exported as untranslated` : ''}${r.drafts ? `; ${r.drafts} translator's draft${r.drafts === 1 ? '' : 's'} kept from the file replaced (still marked unfinished)` : ''}${r.comments ? `; translator comments of ${r.comments} unit${r.comments === 1 ? '' : 's'} kept` : ''}${r.notes ? `; translator notes of ${r.notes} unit${r.notes === 1 ? '' : 's'} kept` : ''}${r.columns ? `; the translator's column${r.columns.names.length === 1 ? '' : 's'} ${r.columns.names.map((c) => (c ? `'${c}'` : 'without a header')).join(', ')} kept (${r.columns.rows ? `${r.columns.rows} row${r.columns.rows === 1 ? '' : 's'} with a value` : 'its header alone: no row of this file has a value in it'})` : ''}${r.states ? `; the reviewed or final state of ${r.states} unit${r.states === 1 ? '' : 's'} kept` : ''}${r.notHeld ? `; the translator's remarks (comments, notes, cells of added columns) of ${r.notHeld.length} unit${r.notHeld.length === 1 ? '' : 's'} this export does not hold (${r.notHeld.slice(0, 3).join(', ')}${r.notHeld.length > 3 ? `, and ${r.notHeld.length - 3} more` : ''}: a text no longer in its template, or one of a template not exported) are not in the file written` : ''}${carriedSummary(r.carried)}${r.unchanged ? ' (the file holds them already: not written again)' : ''}\n`]));
  }
  for (const f of results[0]?.unreadable ?? []) io().stderr.write(reportLines([`${f}: not exported: it does not read as a template (tplsync lint says why)\n`]));
  // judged by the channels of the templates each file holds (a language one channel lists and another lacks)
  targets.forEach((t, k) => { const note = unlistedLanguage(config, t, results[k]?.channels, WHATSAPP_LANGUAGES); if (note) io().stderr.write(reportLines([`tplsync: note: ${note}\n`])); });
  // a target WhatsApp does not list, for templates on a WhatsApp channel: its translations would make templates WhatsApp rejects
  targets.forEach((t, k) => {
    const unlisted = unlistedWhatsappLanguage(t);
    const on = (results[k]?.channels ?? []).filter((a) => config.channels?.[a]?.kind === 'whatsapp');
    // two sentences: WhatsApp's (which may end in its question), then what it means for these templates
    if (unlisted && on.length) io().stderr.write(reportLines([`tplsync: warning: ${unlisted}${unlisted.endsWith('?') ? '' : '.'} The templates of ${on.join(', ')} ${on.length === 1 ? 'are' : 'are all'} WhatsApp templates, so a template in ${t} would be rejected on submission (rule language-unknown): export to a code WhatsApp lists${config.channels?.[on[0]!]?.languages?.includes(t) ? `, and correct channels.${on[0]}.languages in the config` : ''}\n`]));
  });
  // nothing written at all: the run did not do what it was asked
  return results.every((r) => r.skipped) ? EXIT.FINDINGS : EXIT.OK;
}

/** the summary's part of the translations an import does not write, kept in the file written (ExportResult's `carried`) */
function carriedSummary(carried: ExportResult['carried']): string {
  if (!carried?.length) return '';
  const drafts = carried.filter((c) => c.draft).length;
  return `; ${carried.length} translation${carried.length === 1 ? '' : 's'} the import does not write kept from the file replaced (see above${drafts ? `; ${drafts === carried.length ? (drafts === 1 ? 'it is' : 'all are') : `${drafts} ${drafts === 1 ? 'is' : 'are'}`} marked unfinished until corrected` : ''})`;
}

/**
 * The translations of a file an export kept that an import of it does not write, said on stderr at their lines of the file
 * written: each unit the import refuses (marked unfinished there), and the others by template and reason (finished as the
 * translator left them: their template is written once the rest of it is)
 */
function carriedLines(r: ExportResult): string[] {
  const out: string[] = [];
  const groups = new Map<string, NonNullable<ExportResult['carried']>>();
  for (const c of r.carried ?? []) {
    if (c.draft) { out.push(`${r.file}:${c.line}: ${c.id}: not imported (${c.why}): kept in the file, marked unfinished: correct it there, mark it finished and import the file\n`); continue; }
    const k = `${c.template}\u0000${c.why}`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(c);
  }
  for (const cs of groups.values()) {
    const first = cs[0]!;
    out.push(`${r.file}:${first.line}: ${first.template}: ${cs.length === 1 ? `${first.id.slice(first.template.length + 1)} not imported` : `${cs.length} translations not imported`} (${first.why}): kept in the file as the translator finished ${cs.length === 1 ? 'it' : 'them'}\n`);
  }
  return out;
}

const copiesOf = (units: readonly Unit[]): { copies?: number } => { const n = units.filter((u) => u.copy).length; return n ? { copies: n } : {}; };

/** Write one translation file per target language; what each holds. */
export interface ExportResult {
  file: string; units: number; templates: number; translated: number; outdated: number;
  /** units whose target file holds the source text word for word, never imported (Unit's `copy`): exported as untranslated, not counted in `translated` */
  copies?: number;
  /** the channel aliases of the templates it holds */
  channels?: string[];
  /** units whose translator's draft (not marked finished) in the file replaced was written again as a draft; units whose translator's comments were */
  drafts?: number; comments?: number;
  /** XLIFF and CSV: units whose translator's notes in the file replaced were written again; XLIFF: units whose "reviewed" or "final" state was */
  notes?: number; states?: number;
  /** CSV: the columns a translator added to the file replaced, written again (their headers), and the rows whose cells of them were */
  columns?: { names: string[]; rows: number };
  /** units of the file replaced this export does not hold, whose translator's comments, notes or column cells are not in the file written */
  notHeld?: string[];
  /** translations of the file replaced that an import of it does not write, kept in the file written (at `line` of it), and why; `draft`: marked unfinished (the import refuses the unit) */
  carried?: { id: string; template: string; line: number; why: string; draft: boolean }[];
  /** why the file was not written (no unit: a translation file must hold one) */
  skipped?: string;
  /** the file held what the export would write, byte for byte: not written again */
  unchanged?: true;
  /** template files that do not read as templates: their texts are not in the files */
  unreadable?: string[];
}

/**
 * Write one translation file per target language (`out` '-': the one target's on standard output); what each holds.
 * `parseAhead`: the files it replaces read on a worker thread (undefined: when they are large enough; true: whatever their size).
 */
export async function exportTranslations(config: Config, paths: readonly string[], cwd: string, o: { source: string; targets: readonly string[]; format: Format; out: string; dryRun?: boolean; parseAhead?: boolean }): Promise<ExportResult[]> {
  const out = o.out === '-' ? undefined : path.resolve(cwd, o.out);
  // where the files go, checked before anything is read: a file where a folder is needed, a name of another format
  // a name that ends with a separator is a folder's, whatever its extension
  const kind = out ? (/[\\/]$/.test(o.out) ? 'dir' : kindOf(out, o.out)) : 'stdout';
  // an --out (or the default folder) that is a symbolic link is refused, as every command's output path that is one; a link to
  // a device or a named pipe is written to in place, as the device (files/output-file.ts)
  if (out && kind !== 'special') refuseLinkedOutput(out, `translations export: --out ${o.out}`, { folder: kind === 'dir' || (kind === 'none' && !/\.[a-z]+$/i.test(out)) });
  // a name of a translation file for several languages: one file cannot hold them, and a folder of that name would mislead
  if (o.targets.length > 1 && kind === 'none' && formatOfFile(out!)) throw new UsageError(`translations export: --out ${o.out} names one file; with several --target languages, --out names a folder (one file a language in it): --out ${path.dirname(o.out) === '.' ? 'translations' : path.dirname(o.out)}`);
  if (o.targets.length > 1 && (kind === 'file' || kind === 'special')) throw new UsageError(`translations export: --out ${o.out} is a file; with several --target languages, --out names a folder (one file a language in it)`);
  const single = kind === 'stdout' || kind === 'special' || (o.targets.length === 1 && (kind === 'file' || (kind === 'none' && /\.[a-z]+$/i.test(out!))));
  if (single && out && kind !== 'special') {
    const named = formatOfFile(out);
    if (named !== o.format) throw new UsageError(`translations export: --out ${o.out} is not named as a ${o.format} file (import reads a file by its extension): name it ${path.basename(out).replace(/\.[^.]*$/, '')}.${EXTENSION[o.format]}${named ? `, or give --format ${named}` : ''}`);
  }
  const fileOf = (target: string): string => (!out ? '(standard output)' : single ? out : path.join(out, `${target}.${EXTENSION[o.format]}`));
  // the files this export replaces, their bytes: a file that holds what this export writes is neither read nor written
  // again; another is read (on a worker thread, beside this one's work) for a translator's work not imported, never replaced
  const before = out && kind !== 'special' ? o.targets.map((t) => translationFileBytes(fileOf(t))) : [];
  const parser = o.parseAhead === false ? undefined : parseOnRequest(before.reduce((n, b) => n + (b?.length ?? 0), 0), o.parseAhead ? { minChars: 0 } : {});
  const texts = new Map<number, string>();
  const textOf = (k: number): string | undefined => {
    if (!texts.has(k)) { try { texts.set(k, decodeTranslationFile(before[k]!, o.format)); } catch { return undefined; } }
    return texts.get(k);
  };
  try {
    return await exportWith(config, paths, cwd, o, { out, kind, single, fileOf,
      present: (k) => before[k] !== undefined,
      holds: (k, text) => { const b = before[k]; return b !== undefined && b.length === Buffer.byteLength(text) && b.equals(Buffer.from(text)); },
      ask: (k) => { const text = before[k] && textOf(k); if (text !== undefined) parser?.ask(k, { format: o.format, text }); },
      earlier: async (k) => {
        const text = before[k] && textOf(k);
        if (text === undefined) return undefined;
        try {
          const got = parser ? await parser.result(k) : parseHere(o.format, text);
          return 'doc' in got ? got.doc : undefined;
        } catch { return undefined; }
      } });
  } finally { parser?.close(); }
}

/** the bytes of the translation file at `file`, or undefined when there is none or it cannot be read (an export writes it afresh) */
function translationFileBytes(file: string): Buffer | undefined {
  try { return readRegularFile(file, { max: MAX_TRANSLATION_FILE_BYTES, shown: file, what: 'a translation file' }); } catch { return undefined; }
}

/**
 * exportTranslations with the files it replaces at hand: `present(k)` whether target k has a file
 * there; `holds(k, text)` whether it holds `text` byte for byte; `ask(k)` starts reading that file (on a worker thread, if
 * any); `earlier(k)` its entries, if it reads.
 */
async function exportWith(config: Config, paths: readonly string[], cwd: string, o: { source: string; targets: readonly string[]; format: Format; out: string; dryRun?: boolean },
  w: { out: string | undefined; kind: string; single: boolean; fileOf: (target: string) => string; present: (k: number) => boolean; holds: (k: number, text: string) => boolean; ask: (k: number) => void; earlier: (k: number) => Promise<TranslationDoc | undefined> }): Promise<ExportResult[]> {
  const { out, kind, single } = w;
  // the paths choose the source templates; their translations are looked for among all of the project's
  // each file once: a file named on the command line that does not read was not among those read (it is read again)
  const unreadableFiles = new Set<string>();
  const all = await readTemplates(config, [], cwd, undefined, (f) => unreadableFiles.add(f));
  // files named that the config's globs do not take (a folder of drafts): read as well, as lint reads them
  if (paths.length) {
    const known = new Set(all.map((r) => r.abs));
    const outside = (await discoverFiles(config, paths, cwd)).filter((f) => !known.has(f.abs));
    if (outside.length) await readEach(outside, undefined, (r) => { all.push(r); return true; }, (f) => unreadableFiles.add(f));
  }
  const unreadable = [...unreadableFiles];
  // a source language no template has would export empty files: a usage error, with the project's languages
  const languages = [...new Set(all.map((r) => str(r.value.language)).filter((l): l is string => l !== undefined))].sort();
  if (all.length && !languages.includes(o.source)) {
    const sameBase = languages.filter((l) => l.split('_')[0] === o.source.split('_')[0]);
    const near = sameBase.length === 1 ? sameBase[0] : closest(o.source, languages);
    throw new UsageError(`translations export: no template is in --source ${o.source}${near ? `; did you mean '${near}'?` : ''} (the templates' languages: ${languages.join(', ') || 'none'})`);
  }
  const chosen = paths.length ? new Set((await discoverFiles(config, paths, cwd)).map((f) => f.abs)) : undefined;
  const files: TemplateFile[] = all.filter((r) => !chosen || chosen.has(r.abs) || str(r.value.language) !== o.source).map((r) => ({ file: r.file, value: r.value }));
  // each language's units made as its file is written (and let go after it)
  const unitsOf = unitsByTarget(files, o.source, o.targets);
  // every template of the project in the source language (`channel/name`): a unit of one this export leaves out (paths) is still the project's
  const projectTemplates = new Set(all.filter((r) => str(r.value.language) === o.source).map((r) => `${str(r.value.channel) ?? ''}/${str(r.value.name) ?? ''}`));
  const projectChannels = new Set(all.map((r) => str(r.value.channel)).filter((c): c is string => c !== undefined));
  // each language's units and text, and whether its file holds that text already (an export again, nothing changed
  // since): such a file is neither read nor written
  const make = (target: string, k: number): { units: Unit[]; counts: Omit<ExportResult, 'file'>; fresh?: string; unchanged?: true } => {
    const units = unitsOf(target);
    const counts = { units: units.length, templates: new Set(units.map((u) => u.template)).size, translated: units.filter((u) => u.target !== undefined).length, outdated: units.filter((u) => u.outdated).length, ...copiesOf(units), channels: [...new Set(units.map((u) => u.template.split('/')[0]!))] };
    if (units.length === 0) return { units, counts };
    const fresh = writeTranslations(o.format, units, o.source, target);
    // the units and text of a file that holds them already are let go at once
    if (w.holds(k, fresh)) return { units: [], counts, unchanged: true };
    return { units, counts, fresh };
  };
  // the languages whose file is there first: a file that differs is read on the worker thread while this one makes the
  // next language's text; a language with no file yet is made when it is written (and let go after it)
  const early = new Map<number, ReturnType<typeof make>>();
  for (const [k, target] of o.targets.entries()) {
    if (!w.present(k)) continue;
    const m = make(target, k);
    early.set(k, m);
    if (!m.unchanged) w.ask(k);
  }
  const results: ExportResult[] = [];
  for (const [k, target] of o.targets.entries()) results.push(await (async (): Promise<ExportResult> => {
    const made = early.get(k) ?? make(target, k);
    early.delete(k);
    const { units, counts, fresh } = made;
    const file = w.fileOf(target);
    // (a device or a pipe as the option named it: /dev/null, not ../../dev/null)
    const shown = kind === 'special' ? o.out : out ? path.relative(cwd, file) || file : file;
    const also = k === 0 && unreadable.length ? { unreadable } : {};
    if (made.unchanged) return { file: shown, ...counts, unchanged: true, ...also };
    // XLIFF's schema wants a <file> in a file, msgfmt and spreadsheets a row: an empty file would be a broken one
    if (fresh === undefined) return { file: shown, ...counts, skipped: `no ${o.source} text to translate in the templates${paths.length ? ` under ${paths.join(', ')}` : ''}`, ...also };
    // a translator's file not imported yet (filled in since the last export): not replaced by an export of the project's texts
    // (the units of the whole project, for a file that holds templates this export leaves out: made only then)
    const everyUnit = (): readonly Unit[] => (chosen ? extractUnitsFor(all.map((r) => ({ file: r.file, value: r.value })), o.source, [target])[0]! : units);
    const earlier = out && kind !== 'special' ? await w.earlier(k) : undefined;
    // the texts the project's files in this language hold, by field: a translation of a template the project no longer has
    // that one of them holds in the same field is not lost by writing the file over it (the template renamed after the
    // import, its source renamed and its translation not yet, its source text edited since). A unit of a template the
    // project has is judged by the project's units: held if one of them (under any name: two names swapped) has that
    // source text and that translation in that field; otherwise its translation not imported is that template's work
    let targetTexts: Set<string> | undefined;
    const heldInTarget = (field: string, text: string): boolean => {
      targetTexts ??= new Set(all.filter((r) => str(r.value.language) === target).flatMap((r) => [...fieldTexts(r.value)].map(([f, v]) => `${f}\u0000${squeezed(v)}`)));
      return targetTexts.has(`${field}\u0000${squeezed(text)}`);
    };
    const pending = earlier ? unimportedTranslations(earlier, units, projectTemplates, everyUnit, heldInTarget) : undefined;
    // the translator's work the templates do not have: imported first when an import of the file writes it, else kept in
    // the file this export writes (an import refused it, or left its template out), else the file is not written
    let carry: Map<string, { why: string; draft: boolean }> | undefined;
    if (pending?.own) {
      const held = await holdWork(config, shown, cwd, pending.own.units, o.source);
      if (held.refuse !== undefined) return { file: shown, ...counts, skipped: held.refuse, ...also };
      carry = held.carry;
    }
    // a translation of a template this project does not have: another project's export to the same file (a monorepo's
    // products, one shared folder), or a template since deleted. Never written over: the translator's work would be lost
    if (pending?.foreign) {
      const f = pending.foreign;
      const some = f.templates.slice(0, 3).join(', ') + (f.templates.length > 3 ? ` and ${f.templates.length - 3} more` : '');
      const held = `it holds ${f.count} translation${f.count === 1 ? '' : 's'} of ${f.templates.length === 1 ? 'a template' : `${f.templates.length} templates`} this project does not have (${some}; ${f.first.id}, line ${f.first.line})`;
      const them = f.count === 1 ? 'it' : 'them';
      // of this project's channels: most likely its own templates, deleted or renamed since (a renamed template whose
      // translation was imported before is no such unit: unimportedTranslations finds the text in the project)
      const ours = f.templates.every((t) => projectChannels.has(t.split('/')[0]!));
      return { file: shown, ...counts, skipped: ours
        ? `${held}: templates of this project's channel${f.templates.length === 1 ? '' : 's'} deleted or renamed since the export (or another project's with the same channel alias), and writing the file would lose ${them}; export to another file (--out); for a renamed template, write its new name in the unit ids (${f.first.id.replace(/\/[^/:]*:/, '/NEW_NAME:')}) and import the file (tplsync translations import ${shown}); remove the file if ${them === 'it' ? 'it is' : 'they are'} no longer wanted`
        : `${held}: another project's export to the same file, or templates since deleted, and writing the file would lose ${them}; export to another file (--out), or remove the file once ${f.count === 1 ? 'it is' : 'they are'} imported by the project that has ${f.templates.length === 1 ? 'that template' : 'those templates'} (tplsync translations import ${shown} --config ITS_CONFIG) or no longer wanted`, ...also };
    }
    // a translator's drafts (not marked finished), PO comments, XLIFF notes and review states in the file replaced, and its
    // translations an import does not write: written again, drafts as drafts (msgmerge keeps them)
    const kept = keepTranslatorWork(units, earlier, carry);
    const changed = kept.drafts || kept.comments || kept.notes || kept.states || kept.carried || kept.columns;
    let text = changed ? writeTranslations(o.format, kept.units, o.source, target, kept.columns) : fresh;
    // each translation kept, at its line of the file written (and the lines the import's words name, of units of this file, made that file's)
    let carried: NonNullable<ExportResult['carried']> | undefined;
    if (kept.carried) {
      const lines = unitLines(o.format, text);
      const relined = kept.units.map((u) => (u.notImported === undefined ? u : { ...u, notImported: relineWhy(u.notImported, lines) }));
      if (relined.some((u, i) => u !== kept.units[i] && u.notImported !== kept.units[i]!.notImported)) text = writeTranslations(o.format, relined, o.source, target, kept.columns);
      carried = relined.filter((u) => u.notImported !== undefined).map((u) => ({ id: u.id, template: u.template, line: lines.get(u.id) ?? 0, why: u.notImported!, draft: u.draft === true }));
    }
    // the file holds it already, byte for byte (its translator's work kept as it was): not written again
    const holds = changed && out !== undefined && kind !== 'special' && w.holds(k, text);
    if (o.dryRun || holds) { /* what would be written is said, nothing is */ } else if (!out) io().stdout.write(text);
    // a device or a pipe (/dev/null, /dev/stderr, a named pipe): written to in place, never read nor replaced (files/output-file.ts)
    else if (kind === 'special') await writeOutput(out, text, { shown });
    else writeFileAtomic(file, text);
    return { file: shown, ...counts, ...(kept.drafts ? { drafts: kept.drafts } : {}), ...(kept.comments ? { comments: kept.comments } : {}), ...(kept.notes ? { notes: kept.notes } : {}), ...(kept.states ? { states: kept.states } : {}), ...(kept.columns ? { columns: { names: kept.columns, rows: kept.cells } } : {}), ...(kept.notHeld && !holds ? { notHeld: kept.notHeld } : {}), ...(carried ? { carried } : {}), ...(holds ? { unchanged: true as const } : {}), ...also };
  })());
  return results;
}

/** what an import of a translation file makes of one of its units (importVerdicts): written, or not and why (`refused`: the unit itself is refused) */
type Verdict = { importable: true } | { importable: false; why: string; refused: boolean };

/**
 * What an import of the translation file `file` (as the project is now, nothing written: a dry run of the import itself)
 * makes of each unit of `ids`: written, or why not, in the import's words: the file refused whole, the unit refused (at
 * its line, by the import's checks and lint's rules), another unit of its template refused (nothing of a template is
 * written then), the template left out (a new file only once every text is translated), or not finished.
 */
async function importVerdicts(config: Config, file: string, cwd: string, ids: readonly string[]): Promise<Map<string, Verdict>> {
  const r = await importTranslations(config, [file], cwd, true);
  const templateOf = (id: string): string => id.slice(0, Math.max(0, id.lastIndexOf(':')));
  const written = new Set(r.written.map((x) => x.template));
  const unitRefused = new Map<string, string>();
  /** per template refused: its first refusal of the whole template (its message), and every unit of it refused, in the import's order */
  const templateRefused = new Map<string, { message?: string; ids: string[] }>();
  let whole: string | undefined;
  for (const x of r.refusals) {
    if (x.template === undefined) { if (!x.id) whole ??= x.message; continue; }
    if (x.id && x.id !== x.template && !unitRefused.has(x.id)) unitRefused.set(x.id, x.message);
    const t = templateRefused.get(x.template) ?? templateRefused.set(x.template, { ids: [] }).get(x.template)!;
    if (x.id === x.template || !x.id) t.message ??= x.message;
    else if (!t.ids.includes(x.id)) t.ids.push(x.id);
  }
  const skipped = new Map(r.skipped.map((x) => [x.template, x.reason]));
  const notFinal = new Map(r.fuzzy.map((f) => [f.id, notFinalWhy(f)]));
  return new Map(ids.map((id): [string, Verdict] => {
    const template = templateOf(id);
    if (whole !== undefined) return [id, { importable: false, why: `the import refuses the whole file: ${whole}`, refused: true }];
    const own = unitRefused.get(id);
    if (own !== undefined) return [id, { importable: false, why: `the import refuses it: ${own}`, refused: true }];
    const t = templateRefused.get(template);
    if (t) return [id, { importable: false, why: t.message !== undefined ? `the import refuses ${template}: ${t.message}` : otherTextsRefused(template, t.ids), refused: false }];
    const skip = skipped.get(template);
    if (skip !== undefined) return [id, { importable: false, why: `the import leaves ${template} out: ${skip}`, refused: false }];
    const nf = notFinal.get(id);
    if (nf !== undefined) return [id, { importable: false, why: `the import leaves it out: ${nf}`, refused: false }];
    if (written.has(template)) return [id, { importable: true }];
    return [id, { importable: false, why: 'an import of the file does not write it', refused: false }];
  }));
}

/** how many of the texts an import refuses are named where another text of their template is said not imported (the rest counted) */
const REFUSED_NAMED = 3;

/**
 * Pure: why a unit is not imported when the import refuses other texts of its template (`ids`, the units refused): every one
 * of them named (the first REFUSED_NAMED, then a count), so that a translator who corrects one of them knows it is not all
 */
export function otherTextsRefused(template: string, ids: readonly string[]): string {
  const named = ids.slice(0, REFUSED_NAMED).join(', ') + (ids.length > REFUSED_NAMED ? ` and ${ids.length - REFUSED_NAMED} more` : '');
  return `the import refuses ${ids.length === 1 ? 'another text' : `${ids.length} other texts`} of ${template} (${named}) and writes none of it`;
}

/**
 * What an export does with the finished translations (and drafts of units it leaves out) of the file it replaces that the
 * templates do not have (`own`), by what an import of that file makes of them: `refuse`, why the file is not written (with
 * advice that helps: an import writes some of them; or some can be neither imported as they are nor kept, at their lines;
 * or they were made from other source texts); else `carry`, those this export keeps in the file, by unit id, with why.
 */
async function holdWork(config: Config, shown: string, cwd: string, own: readonly OwnPending[], source: string): Promise<{ refuse?: string; carry?: Map<string, { why: string; draft: boolean }> }> {
  const n = (k: number): string => `${k} translation${k === 1 ? '' : 's'}`;
  const them = (k: number): string => (k === 1 ? 'it' : 'them');
  const held = (xs: readonly OwnPending[]): string => `it holds ${n(xs.length)} that the templates do not have yet (${xs[0]!.id}, line ${xs[0]!.line}): a translator's work not imported`;
  const verdicts = await importVerdicts(config, shown, cwd, own.map((u) => u.id));
  const verdict = (u: OwnPending): Verdict => verdicts.get(u.id) ?? { importable: true };
  const why = (u: OwnPending): string => { const v = verdict(u); return v.importable ? '' : v.why; };
  const importable = own.filter((u) => verdict(u).importable);
  // an import does not write them, and this export cannot keep them: it holds no unit of theirs, or they were made from
  // another source text (kept as the unit's draft, such a translation could stand in for the newer one the template holds)
  const lost = own.filter((u) => !verdict(u).importable && (!u.exported || u.otherSource));
  const keep = own.filter((u) => !verdict(u).importable && u.exported && !u.otherSource);
  if (lost.length) {
    const listed = lost.slice(0, 3).map((u) => `line ${u.line}: ${u.id}: ${why(u)}`).join('; ') + (lost.length > 3 ? `; and ${lost.length - 3} more` : '');
    const count = (k: number, what: string): string => (k === 0 ? '' : `${k === lost.length ? (k === 1 ? 'it is' : 'they are') : `${k} ${k === 1 ? 'is' : 'are'}`} ${what}`);
    const noText = lost.filter((u) => u.noText && !u.otherSource).length;
    const other = lost.filter((u) => u.otherSource).length;
    const out = lost.length - noText - other;
    const cause = [count(other, `made from ${other === 1 ? 'a source text other than the template\'s' : 'source texts other than the templates\''} (an export made before the texts changed, or another project's with the same channel aliases and template names, whose unit ids are these)`),
      count(noText, `of a text no ${source} template of the project has`),
      count(out, `of ${out === 1 ? 'a template' : 'templates'} this export leaves out (it names some paths; exported too, the translations an import does not write are kept in the file)`)].filter(Boolean).join('; ');
    const also = importable.length ? ` (it writes the other ${n(importable.length)} not imported yet)` : '';
    return { refuse: `${held(lost)}, which an import of the file does not write and this export cannot keep in the file (${listed}): ${cause}; correct (or delete) ${them(lost.length)} in the file and import it (tplsync translations import ${shown})${also}, export to another file (--out), or remove the file to export afresh` };
  }
  if (importable.length) {
    const mine = importable.filter((u) => !u.otherSource);
    // made from other source texts, every one: which project's (and which export's) is the question before an import
    if (!mine.length) return { refuse: `${held(importable)}; made from ${importable.length === 1 ? 'a source text other than the template\'s' : 'source texts other than the templates\''} (an export made before the texts changed, or another project's with the same channel aliases and template names, whose unit ids are these): check which before you import it (tplsync translations import ${shown}; another project's export goes to its own --out), or remove the file to export afresh` };
    const after = keep.length ? `: it writes ${them(importable.length)}, and the next export keeps in the file the other ${n(keep.length)}, which it does not write (${why(keep[0]!)})` : '';
    return { refuse: `${held(importable)}; import it first (tplsync translations import ${shown})${after}, or remove the file to export afresh` };
  }
  return { carry: new Map(keep.map((u) => { const v = verdict(u); return [u.id, { why: v.importable ? '' : v.why, draft: !v.importable && v.refused }]; })) };
}

/** the line of each unit of a translation file's text (finished or not), by unit id */
function unitLines(format: Format, text: string): Map<string, number> {
  try {
    const doc = readTranslations(format, text);
    return new Map([...doc.entries, ...(doc.fuzzy ?? [])].map((e) => [e.id, e.line]));
  } catch { return new Map(); }
}

/** the import's words with the lines they give units of the file (`ID at line N`) made those of the file written (`lines`) */
function relineWhy(why: string, lines: ReadonlyMap<string, number>): string {
  return why.replace(/([^\s();]+) at line (\d+)/g, (m, id: string) => (lines.has(id) ? `${id} at line ${lines.get(id)}` : m));
}

/** whether the file at `abs` holds the start of `text` and no more (a write of it cut short), and is a regular file */
function tornCopyOf(abs: string, text: string): boolean {
  try {
    const st = lstatSync(abs);
    if (!st.isFile() || st.size >= Buffer.byteLength(text)) return false;
    return Buffer.from(text).subarray(0, st.size).equals(readFileSync(abs));
  } catch { return false; }
}

/**
 * The finished translations (and drafts of units the export does not hold) of a translation file's
 * `entries` (one an earlier export wrote, filled in since) that the templates do not hold (`units`:
 * this export's, with the templates' targets), in two parts: `own`, of the project's templates
 * (`project`: `channel/name` of its source templates), and `foreign`, of templates the project does
 * not have (another project's export to the same file, or a template deleted since), with those
 * templates' `channel/name`. Either is a translator's work that writing the file would lose. Undefined
 * when there is no such file (no entries: it does not read as a translation file of this format
 * either), or every translation in it is the templates' already (imported).
 */
function unimportedTranslations(doc: TranslationDoc | undefined, units: readonly HeldUnit[], project: ReadonlySet<string>, everyUnit: () => readonly HeldUnit[], heldInTarget: (field: string, text: string) => boolean = () => false): { own?: Pending & { units: OwnPending[] }; foreign?: Pending & { templates: string[] } } | undefined {
  if (!doc) return undefined;
  // the text the target file holds: its translation, or an untranslated copy of the source (exported with no target: an
  // earlier export's file, which sent the copy out as a translation, holds nothing the templates lack)
  const heldText = (u: HeldUnit | undefined): string | undefined => u?.target ?? (u?.copy ? u.asExported : undefined);
  const same = sameText;
  const byId = new Map(units.map((u) => [u.id, u]));
  // a translator's draft of a unit this export leaves out (it names some paths, or the template is not the project's) is
  // their work too: the file is not replaced (the drafts of the units it holds are written again, keepTranslatorWork)
  const entries: readonly { id: string; source?: string; target: string; line: number; exported?: string }[] = [...doc.entries, ...(doc.fuzzy ?? []).flatMap((f) => (f.draft !== undefined && !byId.has(f.id) ? [{ id: f.id, target: f.draft, line: f.line, ...(f.exported !== undefined ? { exported: f.exported } : {}) }] : []))];
  const templateOf = (id: string): string => id.slice(0, Math.max(0, id.lastIndexOf(':')));
  // a unit this export holds whose translation the templates do not have; or one of a template of the project this
  // export leaves out (it names some paths): either would be lost
  let all: Map<string, HeldUnit> | undefined;
  // (a target that is the one the file was exported with, by its note's hash, is the export's own text, whatever the templates
  // hold since: a reviewer's correction in the YAML, or an import of another file, is the project's newer text, not a reason to keep it)
  const live = entries.filter((e) => !blank(e.target) && !(e.exported !== undefined && targetHash(e.target) === e.exported));
  const fieldOf = (id: string): string => id.slice(id.lastIndexOf(':') + 1);
  // a translation the project holds, of that source text in that field, under whatever name: two templates' names
  // swapped after the import (or one renamed to another's old name) leave each translation under the other's id; it is
  // the project's, not a translator's work to import (a unit id is a name, which can change; the texts are what is held)
  let held: Set<string> | undefined;
  const heldKey = (id: string, source: string, target: string): string => `${fieldOf(id)}\u0000${squeezed(source)}\u0000${squeezed(target)}`;
  const heldByProject = (e: { id: string; source?: string; target: string }): boolean => {
    if (e.source === undefined) return false;
    held ??= new Set(everyUnit().flatMap((x) => { const t = heldText(x); return x.source !== undefined && t !== undefined && !blank(t) ? [heldKey(x.id, x.source, t)] : []; }));
    return held.has(heldKey(e.id, e.source, e.target));
  };
  const own = live.filter((e) => {
    const u = byId.get(e.id);
    if (u) return !same(heldText(u) ?? '', e.target) && !heldByProject(e);
    if (!project.has(templateOf(e.id))) return false;
    all ??= new Map(everyUnit().map((x) => [x.id, x]));
    return !same(heldText(all.get(e.id)) ?? '', e.target) && !heldByProject(e);
  });
  // one of a template the project does not have: no template of this project holds it, so it is not imported here
  // (unless the project holds that translation in that field: heldInTarget, as above)
  const foreign = live.filter((e) => !byId.has(e.id) && !project.has(templateOf(e.id)) && !heldInTarget(fieldOf(e.id), e.target));
  const first = (xs: readonly { id: string; line: number }[]): Pending => ({ count: xs.length, first: { id: xs[0]!.id, line: xs[0]!.line } });
  if (!own.length && !foreign.length) return undefined;
  // translations whose file holds a source text other than the template's: made from another text (an export before the
  // text changed, or another project's with the same channel aliases and template names: the unit ids are the same)
  const sourceOf = (id: string): string | undefined => byId.get(id)?.source ?? (all ??= new Map(everyUnit().map((x) => [x.id, x]))).get(id)?.source;
  const ownUnits = own.map((e) => ({ id: e.id, line: e.line, ...(e.source !== undefined && sourceOf(e.id) !== undefined && !same(sourceOf(e.id)!, e.source) ? { otherSource: true as const } : {}), ...(byId.has(e.id) ? { exported: true as const } : {}), ...(!byId.has(e.id) && !(all ??= new Map(everyUnit().map((x) => [x.id, x]))).has(e.id) ? { noText: true as const } : {}) }));
  return { ...(own.length ? { own: { ...first(own), units: ownUnits } } : {}), ...(foreign.length ? { foreign: { ...first(foreign), templates: [...new Set(foreign.map((e) => templateOf(e.id)))] } } : {}) };
}

/**
 * A translation of a file an export replaces that the templates do not hold (unimportedTranslations' `own`): `otherSource`,
 * the file holds a source text other than the template's; `exported`, this export holds its unit (it can keep the
 * translation in the file it writes); `noText`, no template of the project has that text (its field, or a template the
 * project has in no other language either)
 */
interface OwnPending { id: string; line: number; otherSource?: true; exported?: true; noText?: true }

/** what unimportedTranslations reads of a unit: its id, source, and the text the templates hold (Unit's) */
type HeldUnit = { id: string; source?: string; target?: string | undefined; copy?: true; asExported?: string };

interface Pending { count: number; first: { id: string; line: number } }

/** a text with its runs of white space as one space, trimmed (as sameText compares) */
const squeezed = (t: string): string => t.replace(/\s+/g, ' ').trim();

/**
 * Two translation files of one run that give one unit (in one target language) different
 * translations: which is right is the translator's call, not the order the files were named in.
 * That template is refused in every file of the run, each refusal naming the other file and line;
 * a unit given the same translation twice is no conflict.
 */
export function refuseCrossFileConflicts(docs: { file: string; doc: TranslationDoc }[], refusals: ImportResult['refusals']): void {
  // every file's row of each unit (one a file: its own repeats are planGroups' to say), per target language
  // (the first row of a unit kept alone; a list only for the few units a second file has too)
  type Row = { file: string; line: number; target: string };
  const first = new Map<string, Row>();
  const rows = new Map<string, Row[]>();
  const templateOf = (id: string): string => id.slice(0, Math.max(0, id.lastIndexOf(':')));
  for (const { file, doc } of docs) {
    for (const e of doc.entries) {
      const k = `${doc.target}\u0000${e.id}`;
      const f = first.get(k);
      if (!f) { first.set(k, { file, line: e.line, target: e.target }); continue; }
      if (f.file === file) continue;
      const rs = rows.get(k) ?? rows.set(k, [f]).get(k)!;
      if (!rs.some((r) => r.file === file)) rs.push({ file, line: e.line, target: e.target });
    }
  }
  const conflicted = new Map<string, { why: string; ids: Set<string> }>(); // `${language}\0${template}` -> why, and the units in conflict
  for (const [k, rs] of rows) {
    if (new Set(rs.map((r) => r.target)).size < 2) continue;
    const [language, id] = k.split('\u0000') as [string, string];
    const t = `${language}\u0000${templateOf(id)}`;
    const c = conflicted.get(t);
    if (c) { c.ids.add(id); continue; }
    const n = new Set(rs.map((r) => r.target)).size;
    conflicted.set(t, { why: `${id} has ${n === 2 ? 'two' : n} different ${language} translations in this run, ${rs.map((r) => `${r.file}:${r.line}`).join(rs.length === 2 ? ' and ' : ', ')}; which is right is the translator's call: import one of the files, or make them agree; nothing of this template was imported`, ids: new Set([id]) });
  }
  if (!conflicted.size) return;
  for (const d of docs) {
    const kept: typeof d.doc.entries = [];
    // each file's refusal at its own row of a unit in conflict (else at the template's first row in it)
    const at = new Map<string, TranslationDoc['entries'][number]>();
    for (const e of d.doc.entries) {
      const template = templateOf(e.id);
      const c = conflicted.get(`${d.doc.target}\u0000${template}`);
      if (c === undefined) { kept.push(e); continue; }
      const prev = at.get(template);
      if (!prev || (!c.ids.has(prev.id) && c.ids.has(e.id))) at.set(template, e);
    }
    for (const [template, e] of at) refusals.push({ file: d.file, line: e.line, id: e.id, template, message: conflicted.get(`${d.doc.target}\u0000${template}`)!.why });
    d.doc = { ...d.doc, entries: kept };
  }
}

/** Report lines (each ending with its line break), each kept on one line: a file name's or a text's line breaks and control characters printed as escapes. */
function reportLines(lines: readonly string[]): string {
  return lines.map((l) => `${visible(l.endsWith('\n') ? l.slice(0, -1) : l, { oneLine: true })}\n`).join('');
}

/** what is at the path --out names: a device, a named pipe or standard error is written in place (files/output-file.ts) */
function kindOf(p: string, shown: string): 'none' | 'dir' | 'file' | 'special' {
  if (writtenInPlace(outputPlace(p, `--out ${shown}`))) return 'special';
  try {
    const st = statSync(p);
    return st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'special';
  } catch { return 'none'; }
}

export interface ImportResult {
  written: { file: string; created: boolean; units: number; changed?: number; template: string; adopted?: boolean; added?: string[];
    /** a new file named after this source file, the language added (Rechnung.yaml -> Rechnung.fr.yaml) */
    namedLike?: string;
    /** translations written over a limit that lint only warns about, at their lines of the translation file `file` */
    warnings?: { file: string; id: string; line: number; message: string }[];
    /** units translated from an older source text than the template's: written, recorded as made from it (translation-outdated), at their lines of `file` */
    older?: { file: string; id: string; line: number; message: string }[];
    /** a new file's samples, kept from the source language `from` (a translation file holds none), by the mapping that holds them */
    samples?: { from: string; to: string; at: { at: string; names: string[] }[] } }[];
  /** `internal`: an error of tplsync's own planning the template (a bug): refused alone, and the import exits 70 after its summary */
  refusals: { file: string; line: number; id: string; message: string; template?: string; internal?: true }[];
  /** the files refused, each once (refusedCount): target files (a template in a language), and translation files refused whole */
  refusedFiles: number;
  /**
   * template files discovery refused to open (a link out of the project, a FIFO) that no translation
   * of the run was for: not read, and nothing of the import refused for them (warned; lint reports them)
   */
  notRead: { file: string; message: string }[];
  skipped: { file: string; template: string; reason: string }[];
  /** translation files without a single translated unit (nothing to import from them) */
  empty: string[];
  /** target files that already held every text imported into them: not written */
  unchanged: string[];
  /** target files recorded as translated from another language, sent back with no text changed: not written (ImportPlan's otherSource) */
  otherSource: { file: string; target: string; template: string; recorded: string; source: string; line: number }[];
  /** units sent back as the target file's outdated text by a file that cannot say they were checked: not imported (ImportPlan's stillOutdated) */
  stillOutdated: { file: string; target: string; id: string; line: number; stateless?: true }[];
  /** units whose translation is not marked finished, not imported (those of a template not written for lack of them are in its `skipped` reason) */
  fuzzy: (NotFinal & { file: string })[];
  /** a translation file whose target language no template had, beside one of the same base language (`de_DE` beside `de`): its header may be a translation tool's */
  newLanguages: { file: string; language: string; near: string;
    /** the current code of the file's language, when it is a withdrawn ISO 639 code (iw: he) */
    renamed?: string;
    /** the file's language is the code WhatsApp lists for the project's (de for de_DE), on WhatsApp channels: the project is what to correct */
    listedFor?: string;
    /** with listedFor, when the file also holds templates of channels of another kind (RCS): the channels of each, said apart */
    whatsappChannels?: string[]; otherChannels?: string[];
    /** the file's channels whose templates lack its language, when another channel of the project has it (RCS's de_DE beside WhatsApp's de) */
    lacking?: string[] }[];
  /** a translation file into a language no channel of the config lists (when some list languages) */
  unlisted: { file: string; note: string }[];
  /** units not imported because the target file's text changed after the export and the translation is the text as exported: the file's text kept */
  kept: { file: string; line: number; id: string; template: string; target: string }[];
  /** the translator's notes of the files' units (XLIFF: a <note> of a category not tplsync's own, a question to the lead, a remark; CSV: their text in a row's notes cell, and each column they added), at their units' lines */
  notes: { file: string; line: number; id: string; notes: readonly { text: string; category?: string }[] }[];
  /** whether the writes were made on worker threads of their own (AtomicWriter's `threads`) */
  onThreads: boolean;
  /** of `written`, the files planned (and handed to the writer, unless a dry run) while the templates were still being read */
  early: number;
  /** the translation files read whole while the templates were being read (XLIFF files whose root says their languages, in a streamed run) */
  lazy: number;
}

/**
 * How an import works (the tests compare the roads): `threads` its write threads (0: libuv's
 * threads; undefined: by the project's size), `workerFile` their module; `early: false` plans each
 * translation file after every template is read, even when they could be planned while reading;
 * `parseAhead` reads the XLIFF files of an early import on a worker thread (undefined: when they
 * are large enough; false: on this thread; true: whatever their size), `parseWorkerFile` its module.
 */
export interface ImportWriting { threads?: number; workerFile?: string; early?: boolean; parseAhead?: boolean; parseWorkerFile?: string }

const UNREADABLE: Record<string, string> = {
  ENOENT: 'no such file', EACCES: 'permission denied', EPERM: 'permission denied', EISDIR: 'a folder, not a file', ENOTDIR: 'no such file',
  ENAMETOOLONG: 'the path, or a name in it, is longer than the file system takes', ELOOP: 'too many symbolic links in the path',
};

/**
 * Why a translation file is refused whole whose units were exported for another language than its
 * header says (exportedForOther): its header was rewritten, by a tool or a hand, and importing it
 * would write one language's texts into another's templates.
 */
function exportedForOtherWhy(format: Format, doc: TranslationDoc, o: NonNullable<ReturnType<typeof exportedForOther>>): string {
  const as = (l: string): string => (format === 'xliff' ? bcp47(l) : l);
  const header = format === 'xliff' ? 'its trgLang' : format === 'po' ? 'its header\'s Language' : 'the header of its third column';
  const units = o.count === o.of ? (o.of === 1 ? 'its unit was' : `its ${o.of} units were`) : `${o.count} of its ${o.of} units were`;
  // (a CSV's are in a column of their own; an older CSV's in its notes)
  const notes = format === 'csv' ? 'their cells of the target as exported say' : 'their notes say';
  // a withdrawn code of the language exported for (iw for he), as Java and some tools still write it
  const now = renamedLanguage(doc.target);
  const withdrawn = now !== undefined && now.split('_')[0] === o.language.split('_')[0] ? ` (${doc.target.split('_')[0]} is the withdrawn ISO 639 code of ${now.split('_')[0]}, which some tools still write)` : '';
  // the language exported for is the file's source now: its two language columns (or srcLang and trgLang) swapped
  if (o.language === doc.source) {
    const which = format === 'xliff' ? 'srcLang and trgLang' : format === 'po' ? 'Language and X-Source-Language headers' : 'second and third columns';
    return `${units} exported for ${o.language} (${notes} "${EXPORTED_NOTE}: ... (${o.language})": the first here, ${o.id}), and the file now translates ${doc.source} into ${doc.target}: its ${which} were swapped (a spreadsheet's or a tool's edit), and importing it would overwrite the ${doc.target} texts the translations were made from; swap them back as exported (${as(doc.target)} the source, ${as(o.language)} the target) and import it again; nothing of it was imported`;
  }
  return `${units} exported for ${o.language} (${notes} "${EXPORTED_NOTE}: ... (${o.language})": the first here, ${o.id}), and ${header} says ${as(doc.target)}${withdrawn}: importing it would write the ${o.language} translations into the ${doc.target} templates. If its translations are ${o.language}, correct ${header} to ${as(o.language)} and import it again; if the file is meant for ${doc.target}, translate the one exported for it (tplsync translations export --source ${doc.source} --target ${doc.target}); nothing of it was imported`;
}

/** A template as an import sees it: its source (a later file of the run reads what an earlier one wrote). */
class Current {
  private v: Loose | undefined;
  private d: TextDoc | undefined | null;
  constructor(readonly template: string, readonly file: string, readonly text: string, value?: Loose, doc?: TextDoc | null) { this.v = value; this.d = doc; }
  get value(): Loose { return (this.v ??= readTemplateValue(this.text) as Loose); }
  /** indexed when first asked for (null: asked, and not a layout text-locate proves) */
  get doc(): TextDoc | undefined { if (this.d === undefined) this.d = this.text.charCodeAt(0) === 0xfeff ? null : openDocument(this.file, this.text).textIndex() ?? null; return this.d ?? undefined; }
}

/** The import of translation files into the templates of `config` (paths relative to `cwd`). */
export async function importTranslations(config: Config, files: readonly string[], cwd: string, dryRun = false, signal?: AbortSignal, writing: ImportWriting = {}): Promise<ImportResult> {
  const result: ImportResult = { written: [], refusals: [], refusedFiles: 0, notRead: [], skipped: [], empty: [], unchanged: [], otherSource: [], stillOutdated: [], fuzzy: [], newLanguages: [], unlisted: [], kept: [], notes: [], onThreads: false, early: 0, lazy: 0 };
  const discovered = await discoverFiles(config, [], cwd);
  // thousands of files to write, and a second core: the writes on threads of their own (AtomicWriter's `threads`)
  const threads = writing.threads ?? (discovered.length >= READ_AHEAD_MIN && availableParallelism() >= 2 ? WRITE_THREADS : 0);
  const writerOptions = { ...(signal ? { signal } : {}), threads, collectRefusals: true, ...(writing.workerFile ? { workerFile: writing.workerFile } : {}) };
  // (the write threads start with the first write, ~0.2 s into a full rewrite: started before it, an
  // import with nothing to write paid ~0.45 s of CPU for four threads that never wrote)
  let writer: AtomicWriter | undefined;
  // the XLIFF files read whole on a worker thread while the templates are read (an early import's)
  let ahead: ParseAhead | undefined;
  // each file handed to the writer: the translation file and template it is for (a file the writer refuses is that template's refusal)
  const origin = new Map<string, { file: string; template: string; line: number; rel: string; said: string }>();
  /** the lines of the files the writer has written, as a finished run prints them (a run stopped part way lists them) */
  const writtenLines = (): string[] => [...new Set(writer?.writtenFiles ?? [])].flatMap((abs) => { const o = origin.get(abs); return o ? [`${o.said}\n`] : []; });
  try {
    return await importInto();
  } finally {
    ahead?.close();
    // whatever way the import ended, the writes handed over are made (or the threads started for none are ended); a failure of theirs was the import's to report
    await writer?.flush().catch(() => {});
  }

  /** the import itself, with the templates' reader and the writer started */
  async function importInto(): Promise<ImportResult> {
    // the translation files first: their languages say which templates are edited
    const docs: { file: string; doc: TranslationDoc }[] = [];
    /** refusals of a file whose language is not a code (a CSV's header `Português`): its hint said again once the project's languages are known */
    const notCodes: { refusal: { message: string }; before: string; input: string; after: string }[] = [];
    const read: { file: string; format: Format; text: string }[] = [];
    for (const file of files) {
      // (a spreadsheet's .txt or .tsv, as Excel names its "Unicode Text" save, read as CSV)
      const format = importFormatOfFile(file);
      if (!format) throw new UsageError(`${file}: not a translation file (${IMPORT_NAMES})`);
      let bytes: Buffer;
      try { bytes = readBoundedBytes(path.resolve(cwd, file), file, MAX_TRANSLATION_FILE_BYTES); } catch (e) {
        // a file that is not there (a typo) or cannot be read: refused like a broken one, the others are imported
        const why = UNREADABLE[(e as NodeJS.ErrnoException).code ?? ''];
        if (why) { result.refusals.push({ file, line: 0, id: '', message: `cannot be read: ${why}` }); continue; }
        throw e;
      }
      try { read.push({ file, format, text: decodeTranslationFile(bytes, format) }); } catch (e) {
        if (e instanceof TranslationFileError) { result.refusals.push({ file, line: e.line, id: '', message: e.message }); continue; }
        throw e;
      }
    }
    // XLIFF files whose root elements say their languages, each its own target and none another's
    // source: read whole while the templates are read, so that the first files are planned and
    // written while the others are still to read (a full rewrite's nine files took half a second
    // before the first write); any other run reads every file first
    const heads = read.map((r) => (r.format === 'xliff' ? xliffLanguages(r.text) : undefined));
    const lazy = writing.early !== false && heads.every((h) => h !== undefined && LANG.test(h.source) && LANG.test(h.target) && h.source !== h.target)
      && new Set(heads.map((h) => h!.target)).size === heads.length && heads.every((h) => !heads.some((g) => g!.target === h!.source));
    /** each file of `docs`: read whole yet (a lazy one is not until parseDoc), and its text until then */
    const parsed: boolean[] = [];
    const unparsed: (string | undefined)[] = [];
    for (const [k, { file, format, text }] of read.entries()) {
      if (lazy) {
        docs.push({ file, doc: { source: heads[k]!.source, target: heads[k]!.target, entries: [] } });
        parsed.push(false);
        unparsed.push(text);
        continue;
      }
      let doc: TranslationDoc;
      try { doc = readTranslations(format, text); } catch (e) {
        if (e instanceof TranslationFileError) {
          const refusal = { file, line: e.line, id: '', message: e.message };
          result.refusals.push(refusal);
          if (e.notCode) notCodes.push({ refusal, ...e.notCode, after: '' });
          continue;
        }
        throw e;
      }
      const odd = [doc.source, doc.target].find((l) => !LANG.test(l));
      if (odd !== undefined) {
        // the language would name the files written (`welcome.Deutsch.yaml`)
        const before = `the file's language '${odd}' is not a language code like de or pt_BR`;
        const after = ' (XLIFF\'s srcLang and trgLang, PO\'s Language and X-Source-Language headers, the CSV\'s language columns)';
        const refusal = { file, line: 1, id: '', message: `${before}${languageHint(odd)}${after}` };
        result.refusals.push(refusal);
        notCodes.push({ refusal, before, input: odd, after });
        continue;
      }
      if (doc.source === doc.target) {
        // one language into itself: its texts would overwrite the source files' own
        result.refusals.push({ file, line: 1, id: '', message: `translates ${doc.source} into ${doc.target}: the source and target language are the same (XLIFF's srcLang and trgLang, PO's Language header and its source, the CSV's language columns), and importing it would overwrite the ${doc.source} texts; export with --target set to the language of the translation` });
        continue;
      }
      // its units exported for another language than its header says (trgLang="fr" on the German file): refused whole
      const other = exportedForOther(doc);
      if (other) { result.refusals.push({ file, line: other.line, id: '', message: exportedForOtherWhy(format, doc, other) }); continue; }
      // every translation the source text word for word (msgen's output, a copied column): refused whole, not 12 templates in English
      const copied = copiedThroughout(doc);
      if (copied) { result.refusals.push({ file, line: copied.line, id: '', message: copiedWhy(doc, copied.texts) }); continue; }
      if (doc.entries.length === 0) result.empty.push(file);
      docs.push({ file, doc });
      parsed.push(true);
      unparsed.push(undefined);
    }
    refuseCrossFileConflicts(docs, result.refusals);
    /** each translation file's target language (a refusal of a template is of that language's file of it) */
    const languageOfFile = new Map(docs.map((d) => [d.file, d.doc.target]));
    // a file whose source language another file of the run writes comes after it, whatever order they were named in
    const inOrder = importOrder(docs.map((d) => d.doc));
    if (inOrder.some((k, i) => k !== i)) {
      docs.splice(0, docs.length, ...inOrder.map((k) => docs[k]!));
      parsed.splice(0, parsed.length, ...inOrder.map((k) => parsed[k]!));
      unparsed.splice(0, unparsed.length, ...inOrder.map((k) => unparsed[k]));
    }
    // the indexed text kept for the languages edited, and for the sources (a new file is the source's text with its texts changed)
    const edited = new Set(docs.flatMap((d) => [d.doc.target, d.doc.source]));
    const taken = new Set<string>();
    // the config's severities (overrides by path) of the file each template's translation is written to: its limits refuse as lint would judge it
    const ofFile = configSeverities(config);
    // (without overrides one set for every file; with them each file's looked up once, not once a rule and text)
    const everyFile = config.overrides?.length ? undefined : ofFile(cwd);
    const ofWritten = new Map<string, Readonly<Record<string, SeveritySetting>>>();
    const severities = (file: string, rule: string): SeveritySetting => {
      let set = everyFile ?? ofWritten.get(file);
      if (!set) ofWritten.set(file, (set = ofFile(path.resolve(cwd, file))));
      return severityOf(rule, set);
    };
    // lint's own rules on each template as an import would write it (a translated button label with an emoji is refused as lint refuses it)
    const lintNow = new Date();
    const enable = new Set(enabledOffRules(config));
    const lintOf: LintOf = (value, file) => collectFindings(value, { now: lintNow, enable }).map((f) => ({ ruleId: f.ruleId, path: f.path, message: f.message, severity: severities(file, f.ruleId) }));
    // per language, `channel/name` → the template: what an earlier file of this run wrote is what a later one reads
    const byLanguage = new Map<string, Map<string, Current>>();
    const languageMap = (language: string): Map<string, Current> => byLanguage.get(language) ?? byLanguage.set(language, new Map()).get(language)!;
    // two files of one template and language (lint's duplicate): the first one read is the one translated
    const seen = new Set<string>();
    const none = new Map<string, Current>();
    // a signal (Ctrl-C) lets the writes under way finish and starts no other (a new file is written in place)
    // template files that do not parse, or hold no mapping: a new file is never made in place of one (lint says what is wrong with it)
    const unreadable = new Set<string>();
    // of those, the files discovery refused to open (a link out of the project, a FIFO), and why: a refusal only of a
    // template this import writes (once, with the template), else a warning (`notRead`): the import was never to write them
    const shut = new Map<string, string>();
    const targeted = new Set<string>();
    const held = new Map<string, { file: string; line: number; id: string; template: string; message: string }>();
    const send = (w: Write, file: string): void => {
      // a new file an earlier import of the same text left torn (a crash, kill -9 during its write: empty or short) is
      // the start of what is written now: written again, as docs/commands/translations.md says; any other is not replaced
      const no = w.created ? shut.get(w.file) : undefined;
      if (no !== undefined) {
        targeted.add(w.file);
        held.set(w.file, { file, line: w.line, id: w.template, template: w.template, message: `${w.file}: not read, so not written: ${no}` });
        return;
      }
      if (w.created && unreadable.has(w.file) && tornCopyOf(path.resolve(cwd, w.file), w.text)) {
        if (!dryRun) rmSync(path.resolve(cwd, w.file), { force: true });
        unreadable.delete(w.file);
      }
      if (w.created && unreadable.has(w.file)) {
        held.set(w.file, { file, line: w.line, id: w.template, template: w.template, message: `${w.file} is there but is not a template tplsync can read (\`tplsync lint ${w.file}\` says why): not replaced` });
        return;
      }
      if (!dryRun) {
        const abs = path.resolve(cwd, w.file);
        // an update replaces the file only if it still holds the text read (an edit saved while the import ran is kept, and
        // said); a file an earlier translation file of this run wrote holds that write's text, checked when it was written
        const expect = origin.has(abs) ? undefined : w.before;
        origin.set(abs, { file, template: w.template, line: w.line, rel: w.file, said: `${w.created ? 'created' : 'updated'} ${w.file} (${texts(w)})` });
        // a link, a read-only file, a file where a new one was to be made, a file changed since it was read: refused, and the others written (collectRefusals)
        (writer ??= new AtomicWriter(writerOptions)).write(abs, w.text, { create: w.created, expect });
      }
      taken.add(w.file);
    };
    /**
     * the writes finished; a write that failed (the disk full, an input/output error) stopped the
     * others: said with its file, and how many translated files were written before it (each whole)
     */
    async function flushOrSay(): Promise<void> {
      if (!writer) return;
      try { await writer.flush(); } catch (e) {
        // stopped by a signal: the files written said, as a finished run says them
        if (e instanceof WritesStopped) throw new ImportStopped(`stopped: ${e.written} of ${e.written + e.notStarted} files written${e.written ? ' (listed above)' : ''}; the other ${e.notStarted} are as they were`, writtenLines());
        const system = systemError(e);
        if (!system) throw e;
        const left = origin.size - writer.written - writer.refused.length;
        throw new UsageError(`${system}; the import stopped there: ${writer.written} translated file${writer.written === 1 ? '' : 's'} written (each whole), ${left} not written (as they were); make room or correct the cause, then import again (a file already written is not written again)`);
      }
    }
    /** the writes under way finished: how many of those handed over were made (the rest refused, or not started after a signal) */
    const settle = async (): Promise<{ written: number; notStarted: number }> => {
      if (!writer || origin.size === 0) return { written: 0, notStarted: 0 };
      try {
        await writer.flush();
        return { written: origin.size - writer.refused.length, notStarted: 0 };
      } catch (e) {
        if (e instanceof WritesStopped) return { written: e.written, notStarted: e.notStarted };
        throw e;
      }
    };
    // Each translation file its own target language, none of them another's source (no file reads what
    // another writes): a template is planned, and its file handed to the writer, as soon as its source
    // and its target are read, while the next files are read (the writes of a full rewrite no longer
    // wait for the last of 20,000 templates). A template whose target file is not found is planned
    // when all are read (its new file's name must not be taken). Otherwise each file in turn, after reading.
    const targetsOf = docs.map((d) => d.doc.target);
    const streamed = writing.early !== false && new Set(targetsOf).size === docs.length && docs.every((d) => !targetsOf.includes(d.doc.source));
    const pending = docs.map(({ doc }) => ({ groups: groupByTemplate(doc.entries), parts: new Map<string, ImportPlan>() }));
    const order = pending.map((p) => [...p.groups.keys()]);
    const docsOf = new Map<string, number[]>();
    docs.forEach(({ doc }, i) => { for (const l of new Set([doc.source, doc.target])) (docsOf.get(l) ?? docsOf.set(l, []).get(l)!).push(i); });
    let sent = 0;
    const planEarly = (i: number, template: string): void => {
      const doc = docs[i]!.doc;
      const es = pending[i]!.groups.get(template);
      const sources = byLanguage.get(doc.source); const targets = byLanguage.get(doc.target);
      if (!parsed[i] || !es || !sources?.has(template) || !targets?.has(template)) return;
      pending[i]!.groups.delete(template);
      const plan = planGroups([[template, es]], doc.source, doc.target, sources, targets, taken, doc.fuzzy, severities, lintOf);
      pending[i]!.parts.set(template, plan);
      // (the text is the writer's once handed over: the part kept for the file's report holds no copy of it, 18,000 texts of ~2 kB that the collector would move)
      for (const w of plan.writes) { send(w, docs[i]!.file); sent++; w.text = ''; w.before = undefined; }
      // let go of what no file still waits for: the target (no other file reads its language), the source once planned in every language
      targets.delete(template);
      if (!docsOf.get(doc.source)!.some((j) => !parsed[j] || pending[j]!.groups.has(template))) sources.delete(template);
    };
    // the lazy files read on a worker thread while this one reads the templates, when they are large enough and there is a second core
    if (lazy && writing.parseAhead !== false) ahead = parseAhead(unparsed.map((text) => ({ format: 'xliff' as const, text: text! })), { ...(writing.parseAhead === true ? { minChars: 0 } : {}), ...(writing.parseWorkerFile ? { workerFile: writing.parseWorkerFile } : {}) });
    // else a lazy file is read whole after every so many templates, all of them in the first eighth of the templates
    const step = Math.max(16, Math.floor(discovered.length / (8 * Math.max(1, docs.length))));
    let readCount = 0;
    let nextLazy = 0;
    /**
     * a lazy file read whole (its entries grouped, and the templates read so far planned in it); one
     * that does not read is refused at its line, as it would have been before the templates were read
     */
    const parseDoc = (k: number, got?: Parsed): void => {
      if (parsed[k]) return;
      parsed[k] = true;
      const { file, doc: head } = docs[k]!;
      const text = unparsed[k]!;
      unparsed[k] = undefined;
      let doc: TranslationDoc;
      try {
        const answer = got ?? parseHere('xliff', text);
        if ('error' in answer) throw answer.error;
        doc = answer.doc;
        if (doc.source !== head.source || doc.target !== head.target) throw new TranslationFileError(`its languages read whole (${doc.source} -> ${doc.target}) are not those its <xliff> element says (${head.source} -> ${head.target})`, 1);
        const other = exportedForOther(doc);
        if (other) throw new TranslationFileError(exportedForOtherWhy('xliff', doc, other), other.line);
        const copied = copiedThroughout(doc);
        if (copied) throw new TranslationFileError(copiedWhy(doc, copied.texts), copied.line);
      } catch (e) {
        if (!(e instanceof TranslationFileError)) throw e;
        result.refusals.push({ file, line: e.line, id: '', message: e.message });
        return;
      }
      docs[k]!.doc = doc;
      if (doc.entries.length === 0) result.empty.push(file);
      pending[k] = { groups: groupByTemplate(doc.entries), parts: new Map() };
      order[k] = [...pending[k]!.groups.keys()];
      const targets = byLanguage.get(doc.target);
      if (targets) for (const template of [...targets.keys()]) planEarly(k, template);
    };

    /** the languages of the project's templates */
    const languages = new Set<string>();
    /** the languages of each channel's templates (by alias) */
    const languagesOn = new Map<string, Set<string>>();
    const onRead = (t: Read): boolean => {
      const rel = t.file; // discoverFiles' path relative to cwd (path.relative's answer, without its work for each of 20,000 files)
      taken.add(rel);
      const channel = str(t.value.channel); const name = str(t.value.name); const language = str(t.value.language);
      if (!channel || !name || !language) return true;
      languages.add(language);
      (languagesOn.get(channel) ?? languagesOn.set(channel, new Set()).get(channel)!).add(language);
      const template = `${channel}/${name}`;
      if (seen.has(`${language}\n${template}`)) return true;
      seen.add(`${language}\n${template}`);
      languageMap(language).set(template, new Current(template, rel, t.text!, t.value, t.doc ?? null)); // read with its text (readEach's withText)
      if (!streamed) return true;
      // after a signal: nothing more is planned or written
      if (signal?.aborted) return false;
      if (ahead) {
        // the files the worker has read since: planned with the templates read so far
        for (let k = 0; k < docs.length; k++) if (!parsed[k]) { const got = ahead.take(k); if (got) { parseDoc(k, got); result.lazy++; } }
      } else if (nextLazy < docs.length && readCount++ % step === 0) {
        while (nextLazy < docs.length && parsed[nextLazy]) nextLazy++;
        if (nextLazy < docs.length) { parseDoc(nextLazy++); result.lazy++; }
      }
      for (const i of docsOf.get(language) ?? []) planEarly(i, template);
      return true;
    };
    try {
      await readEach(discovered, (language) => language !== undefined && edited.has(language), onRead, (file) => unreadable.add(file),
        // never read (lint refuses it: file-outside-project): refused if a translation of this run is for it (send), else warned
        (file, message) => shut.set(file, message), true);
    } catch (e) {
      // a template file that cannot be read (larger than the bound): the files already handed to the writer are written, no other
      if (!writer || origin.size === 0) throw e;
      const { written } = await settle();
      if (e instanceof UsageError) throw new UsageError(`${e.message} (the import stopped there: ${written} translated file${written === 1 ? '' : 's'} planned before it written, no other file changed)`);
      throw e;
    }
    if (signal?.aborted && writer && origin.size > 0) {
      const { written, notStarted } = await settle();
      if (written > 0) throw new ImportStopped(`stopped while reading the templates: ${written} translated file${written === 1 ? '' : 's'} written (listed above), each whole; no other file was changed (${notStarted} planned were not started, and the templates not yet read were not planned)`, writtenLines());
    }
    throwIfInterrupted(signal, 'stopped before writing: no file was written');
    // a language that is not a code: the code meant as this project writes it (`Português`: its pt_BR, not pt), else as WhatsApp lists it
    if (notCodes.length) {
      const known = [...new Set([...Object.values(config.channels ?? {}).flatMap((c) => c?.languages ?? []), ...languages])];
      for (const n of notCodes) n.refusal.message = `${n.before}${languageHint(n.input, known, WHATSAPP_LANGUAGES)}${n.after}`;
    }
    /** a translation file's notes: a language no template has (and the project's near codes), a language its channels do not list */
    const notesOf = (file: string, doc: TranslationDoc): void => {
      const channels = aliasesOf(doc);
      const note = unlistedLanguage(config, doc.target, channels.length ? channels : undefined, WHATSAPP_LANGUAGES);
      if (note) result.unlisted.push({ file, note });
      // judged per channel of the file's templates: a channel is this language's when its config lists it (channels.ALIAS.languages),
      // or, listing none, when a template of it is in it; a language another channel has (RCS's de_DE beside WhatsApp's de) is not this one's
      const own = (a: string): ReadonlySet<string> => new Set(config.channels?.[a]?.languages ?? languagesOn.get(a) ?? []);
      const aliases = channels.length ? channels.filter((a) => !own(a).has(doc.target)) : languages.has(doc.target) ? [] : channels;
      if (channels.length ? aliases.length === 0 : languages.has(doc.target)) return;
      // the same language of another region, or of its current code when it is a withdrawn one (iw: he)
      const bases = [doc.target, renamedLanguage(doc.target)].filter((c) => c !== undefined).map((c) => c.split('_')[0]!);
      // WhatsApp's code on a WhatsApp channel, the channel's own code on another
      const onWhatsapp = aliases.filter((a) => config.channels?.[a]?.kind === 'whatsapp');
      // (for WhatsApp templates the codes WhatsApp lists first: the one suggested is never a code lint calls unlisted there when another fits)
      const unlisted = (l: string): number => (onWhatsapp.length && !WHATSAPP_LANGUAGES.has(l) ? 1 : 0);
      // the codes of the channels that lack this one (of the project's templates there, and their config's); the project's without channels
      const theirs = aliases.length ? new Set(aliases.flatMap((a) => [...own(a), ...(languagesOn.get(a) ?? [])])) : languages;
      const near = [...theirs].filter((l) => l !== doc.target && bases.includes(l.split('_')[0]!)).sort((a, b) => unlisted(a) - unlisted(b) || (a < b ? -1 : a > b ? 1 : 0));
      // the project's code of the language the withdrawn one names (iw-IL: the project's he, not he_IL): one suggestion, the project's
      const now = renamedLanguage(doc.target);
      const renamed = now === undefined ? undefined : near.find((l) => l === now) ?? near.find((l) => l.split('_')[0] === now.split('_')[0]) ?? now;
      // (the project's code WhatsApp lists as this one: de_DE for de, never for de_AT, Austrian German, a language variant of its own)
      const listedFor = onWhatsapp.length && WHATSAPP_LANGUAGES.has(doc.target) && near.every((l) => !WHATSAPP_LANGUAGES.has(l)) ? near.find((l) => codeInPlaceOf(doc.target, l)) : undefined;
      const others = listedFor ? aliases.filter((a) => !onWhatsapp.includes(a)) : [];
      // (the project has the language on another channel: the note names the channels that lack it)
      if (near.length) result.newLanguages.push({ file, language: doc.target, near: near.join(', '), ...(languages.has(doc.target) ? { lacking: aliases } : {}), ...(renamed ? { renamed } : {}), ...(listedFor ? { listedFor, ...(others.length ? { whatsappChannels: onWhatsapp, otherChannels: others } : {}) } : {}) });
    };
    /**
     * of `templates` (new in the file's language: no file of theirs is in it), those on a channel of `kind: whatsapp` when
     * WhatsApp does not list the file's language and that channel neither lists it (channels.ALIAS.languages) nor has a
     * template in it: WhatsApp would reject each, and the unlisted note says to correct the language. Refused once, at the
     * file's first line, naming them (as a wrong source language is), and not planned; the others are imported
     */
    const unlistedOnWhatsapp = (file: string, doc: TranslationDoc, templates: readonly string[]): Set<string> => {
      const unlisted = unlistedWhatsappLanguage(doc.target);
      if (unlisted === undefined) return new Set();
      const aliasOf = (t: string): string => t.slice(0, t.indexOf('/'));
      const unfit = (a: string): boolean => config.channels?.[a]?.kind === 'whatsapp' && !config.channels[a]!.languages?.includes(doc.target) && !languagesOn.get(a)?.has(doc.target);
      const out = new Set(templates.filter((t) => unfit(aliasOf(t))));
      if (!out.size) return out;
      const channels = [...new Set([...out].map(aliasOf))].sort();
      const names = [...out].sort();
      const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
      result.refusals.push({ file, line: 1, id: '', message: `${unlisted}${unlisted.endsWith('?') ? '' : '.'} ${channels.length === 1 ? `The channel ${channels[0]} is a WhatsApp channel` : `The channels ${channels.join(', ')} are WhatsApp channels`} with no template in ${doc.target}, and the config does not list ${doc.target} for ${channels.length === 1 ? 'it' : 'them'}: ${names.length === 1 ? 'the file\'s template' : `the file's ${names.length} templates`} of ${channels.length === 1 ? 'that channel' : 'those channels'} (${shown}) ${names.length === 1 ? 'was' : 'were'} not created, as WhatsApp would reject ${names.length === 1 ? 'it' : 'them'} (rule language-unknown); correct the file's language (XLIFF's trgLang, PO's Language header, the CSV's third column header) and import it again` });
      return out;
    };
    // a file whose source language no template has (a spreadsheet's header `en` where the project has en_US): said once, not once a unit
    const noSource = new Set<number>();
    docs.forEach(({ file, doc }, i) => {
      if (languages.has(doc.source) || docs.some((d) => d.doc.target === doc.source)) return;
      const base = doc.source.split('_')[0]!;
      const near = [...languages].filter((l) => l.split('_')[0] === base).sort();
      noSource.add(i);
      result.refusals.push({ file, line: 1, id: '', message: `translates from ${doc.source}, and no template of this project is in ${doc.source}${near.length ? ` (the project has ${near.join(', ')})` : ''}: correct the file's source language (XLIFF's srcLang, PO's X-Source-Language header, the CSV's second column header) and import it again; nothing of it was imported` });
    });
    const unchanged = new Set<string>();
    /** a translation file's plan, into the result (its writes already sent) */
    const record = (file: string, doc: TranslationDoc, plan: ImportPlan): void => {
      for (const x of notesToSay(doc)) result.notes.push({ file, line: x.line, id: x.id, notes: x.notes });
      const skippedHere = new Set(plan.skipped.map((x) => x.template));
      /** templates of this file with a unit left out (not marked finished, or still outdated): not up to date, whatever else of them is */
      const leftOut = new Set<string>();
      // a unit the plan refused with its template (a new file needs every text): said there, once, with that one verdict
      const refusedHere = new Set(plan.refusals.map((x) => x.id));
      for (const f of doc.fuzzy ?? []) {
        const template = f.id.slice(0, Math.max(0, f.id.lastIndexOf(':')));
        if (refusedHere.has(f.id)) { leftOut.add(template); continue; }
        // (the draft's text is the export's to keep, not the import's to say)
        if (f.mark !== 'empty' && !skippedHere.has(template)) { const { draft: _draft, ...said } = f; result.fuzzy.push({ file, ...said }); leftOut.add(template); }
      }
      for (const u of plan.stillOutdated ?? []) leftOut.add(u.template);
      append(result.refusals, plan.refusals.map((r) => ({ file, ...r })));
      append(result.skipped, plan.skipped.map((s) => ({ file, ...s })));
      append(result.kept, plan.kept.map((k) => ({ line: k.line, id: k.id, template: k.template, target: k.file, file })));
      for (const u of plan.unchanged) if (!leftOut.has(u.template)) unchanged.add(u.file);
      for (const u of plan.stillOutdated ?? []) result.stillOutdated.push({ file, target: u.file, id: u.id, line: u.line, ...(u.stateless ? { stateless: true as const } : {}) });
      for (const u of plan.otherSource ?? []) result.otherSource.push({ file, target: u.file, template: u.template, recorded: u.recorded, source: doc.source, line: u.line });
      for (const w of plan.writes) {
        const h = held.get(w.file);
        if (h) result.refusals.push(h);
        else result.written.push({ file: w.file, created: w.created, units: w.units, ...(w.changed !== undefined ? { changed: w.changed } : {}), template: w.template, ...(w.adopted ? { adopted: true } : {}), ...(w.added ? { added: w.added } : {}), ...(w.namedLike ? { namedLike: w.namedLike } : {}), ...(w.warnings ? { warnings: w.warnings.map((x) => ({ ...x, file })) } : {}), ...(w.older ? { older: w.older.map((x) => ({ ...x, file })) } : {}), ...(w.samples ? { samples: { from: doc.source, to: doc.target, at: w.samples } } : {}) });
      }
    };
    // the last translation file that reads each language (its source or its target): the templates of a language no later file reads are let go once planned
    const lastReader = new Map<string, number>();
    docs.forEach(({ doc }, i) => { lastReader.set(doc.source, i); lastReader.set(doc.target, i); });
    try {
      for (let i = 0; i < docs.length; i++) {
        // a lazy file not read whole yet (the worker's later ones): waited for here, so that the files before it are planned and
        // written while the worker reads it (a first import waited ~0.7 s for all nine before planning any)
        if (!parsed[i]) parseDoc(i, ahead ? await ahead.result(i) : undefined);
        const { file } = docs[i]!;
        let { doc } = docs[i]!;
        notesOf(file, doc);
        // its entries are not needed after its plan: 73,000 of them for 9 languages of 2,000 templates
        (docs as ({ file: string; doc: TranslationDoc } | undefined)[])[i] = undefined;
        if (noSource.has(i)) { pending[i] = { groups: new Map(), parts: new Map() }; continue; }
        const sources = byLanguage.get(doc.source) ?? none;
        const targets = byLanguage.get(doc.target) ?? none;
        // new templates on a WhatsApp channel in a language WhatsApp does not list, and the channel neither has nor lists: a
        // wrong language in the file's header (a PO's `Language: zh` on a Japanese file); refused, not created for the user to find and delete
        const unfit = unlistedOnWhatsapp(file, doc, order[i]!.filter((t) => !pending[i]!.parts.has(t) && !targets.has(t) && sources.has(t)));
        if (unfit.size) {
          order[i] = order[i]!.filter((t) => !unfit.has(t));
          const mine = (id: string): boolean => unfit.has(id.slice(0, Math.max(0, id.lastIndexOf(':'))));
          doc = { ...doc, entries: doc.entries.filter((e) => !mine(e.id)), ...(doc.fuzzy ? { fuzzy: doc.fuzzy.filter((f) => !mine(f.id)) } : {}) };
        }
        if (streamed) {
          // the parts planned while reading and the rest now, joined in the order one plan of the file would have
          const { groups, parts } = pending[i]!;
          const plan: ImportPlan = { writes: [], refusals: [], skipped: [], unchanged: [], kept: [] };
          for (const template of order[i]!) {
            let part = parts.get(template);
            if (!part) { part = planGroups([[template, groups.get(template)!]], doc.source, doc.target, sources, targets, taken, doc.fuzzy, severities, lintOf); for (const w of part.writes) send(w, file); }
            append(plan.writes, part.writes); append(plan.refusals, part.refusals); append(plan.skipped, part.skipped); append(plan.unchanged, part.unchanged); append(plan.kept, part.kept); if (part.otherSource) append(plan.otherSource ??= [], part.otherSource); if (part.stillOutdated) append(plan.stillOutdated ??= [], part.stillOutdated);
          }
          pending[i] = { groups: new Map(), parts: new Map() };
          record(file, doc, plan);
          continue;
        }
        const readLater = lastReader.get(doc.target)! > i;
        const plan = planImport(doc.entries, doc.source, doc.target, sources, targets, taken, doc.fuzzy, severities, lintOf);
        for (const w of plan.writes) {
          send(w, file);
          // what a later file of this run reads: the written text kept only when one will (18,000 texts of a full rewrite, else kept to the end)
          if (readLater) languageMap(doc.target).set(w.template, new Current(w.template, w.file, w.text));
        }
        record(file, doc, plan);
        for (const l of [doc.source, doc.target]) if (lastReader.get(l) === i) byLanguage.delete(l);
      }
    } finally {
      await flushOrSay();
    }
    // the files the writer refused: their templates' refusals (the path as the user wrote it), not written
    if (writer?.refused.length) {
      const refused = new Set<string>();
      for (const r of writer.refused) {
        const o = origin.get(r.file);
        if (!o) continue;
        refused.add(o.rel);
        result.refusals.push({ file: o.file, line: o.line, id: o.template, template: o.template, message: r.message.split(r.file).join(o.rel) });
      }
      result.written = result.written.filter((w) => !refused.has(w.file));
    }
    for (const [file, message] of shut) if (!targeted.has(file)) result.notRead.push({ file, message });
    result.refusedFiles = refusedCount(result.refusals, (file) => languageOfFile.get(file));
    // a file another translation file of this run wrote is not unchanged
    for (const w of result.written) unchanged.delete(w.file);
    result.unchanged = [...unchanged];
    result.onThreads = origin.size > 0 && (writer?.threaded ?? false);
    result.early = sent;
    return result;
  }
}

/**
 * How many files an import refused, each once: a target file (a template in the target language
 * of the translation file refusing it, `languageOf`) however many of its units were refused, for
 * however many reasons, by however many translation files; a translation file refused whole.
 */
export function refusedCount(refusals: ImportResult['refusals'], languageOf: (file: string) => string | undefined): number {
  return new Set(refusals.map((x) => (x.template !== undefined ? `t\u0000${languageOf(x.file) ?? x.file}\u0000${x.template}` : `f\u0000${x.file}`))).size;
}

/** An import stopped by a signal part way: the lines of the files it wrote (printed to stdout before the message, as a finished run lists them). */
class ImportStopped extends Interrupted {
  constructor(message: string, readonly lines: string[]) { super(message); }
}

/** what a written file got: its texts (a new file), or the texts that changed (an update; none: its record of the source texts brought up to date) */
function texts(w: { units: number; changed?: number; created: boolean; adopted?: boolean; older?: unknown[] }): string {
  const n = (k: number): string => `${k} text${k === 1 ? '' : 's'}`;
  if (w.created || w.changed === undefined) return n(w.units);
  // the file had no record of its source: what it holds is taken as made from today's source text, which nothing checked
  // (the explanation said once, after the files; an import of 2,000 such files printed it 2,000 times)
  if (w.changed === 0 && w.adopted) return 'no text changed; no record before: see below';
  return w.changed === 0 ? (w.older?.length ? 'no text changed: its translations recorded as made from the source texts said above' : 'no text changed: its translations marked current') : `${n(w.changed)} changed`;
}

/** how many units kept by their line a translation file lists before it says the rest in a count */
/** what to do of a file in a language no template had (ImportResult's newLanguages): per kind of channel when its templates are of both */
function newLanguageAdvice(n: ImportResult['newLanguages'][number]): string {
  const meantFor = (c: string): string => `if the file was meant for ${c}, correct its language (a translation tool may have rewritten the header) and import it again`;
  if (!n.listedFor) return `: ${meantFor(n.renamed ?? n.near.split(', ')[0]!)}`;
  const rename = `to keep one variant, rename the ${n.listedFor} templates${n.otherChannels ? ` of ${n.whatsappChannels!.join(', ')}` : ''} to ${n.language} (and the config's ${n.listedFor})`;
  if (!n.otherChannels) return `, which WhatsApp lists as ${n.language}: ${rename}`;
  return `, which WhatsApp lists as ${n.language}: for the templates of ${n.whatsappChannels!.join(', ')} (WhatsApp), ${rename}; for those of ${n.otherChannels.join(', ')}, not WhatsApp's, ${n.listedFor} is a code to keep: this file makes ${n.language} variants of them beside their ${n.listedFor} ones (if it was meant for ${n.listedFor} there, export and import their texts as ${n.listedFor} apart)`;
}

/** the channel aliases of a translation file's units, finished or not (a file with no finished unit is still of its templates' channels) */
function aliasesOf(doc: TranslationDoc): string[] {
  return [...new Set([...doc.entries, ...(doc.fuzzy ?? [])].map((e) => e.id.split('/')[0]!).filter(Boolean))];
}

const KEPT_SHOWN = 20;
/** how many translator's notes a translation file's import says, each at its line, before it says the rest in a count */
const NOTES_SHOWN = 20;

/** the notes of the new files named after a source file whose name holds no language: lint's file-name finding of each, and whether the source has the same */
async function namedLikeNotes(config: Config, written: ImportResult['written']): Promise<string[]> {
  const named = written.filter((w) => w.created && w.namedLike !== undefined);
  if (!named.length) return [];
  const { lintProject } = await import('../lint/run.js');
  const cwd = io().cwd();
  const files = [...new Set(named.flatMap((w) => [w.file, w.namedLike!]))];
  let found: { file: string; line: number; column: number; ruleId: string; message: string }[];
  try { found = (await lintProject(config, files, cwd)).diagnostics.filter((d) => d.ruleId === 'file-name'); } catch { return []; }
  const at = (f: string) => found.find((d) => path.resolve(cwd, d.file) === path.resolve(cwd, f));
  return named.flatMap((w) => {
    const mine = at(w.file);
    if (!mine) return [];
    const theirs = at(w.namedLike!);
    return [`${w.file}:${mine.line}:${mine.column}: note: named like its source ${w.namedLike} with the language added (its name holds none); ${theirs ? `lint's file-name warns of the source as of it (named alike, warned alike): ${mine.message}` : `lint's file-name warns of it, not of the source, whose name holds no language and so is not judged: ${mine.message}`}\n`];
  });
}

export async function translationsImport(files: string[], o: ImportOptions): Promise<number> {
  if (!files.length) throw new UsageError('translations import: name the translation files (.xlf, .po or .csv)');
  // as discovery says of a template path: no file's path is that long (and the message would repeat it)
  const long = files.find((f) => f.length > 4096);
  if (long !== undefined) throw new UsageError(`translations import: a path of ${long.length.toLocaleString('en')} characters (${long.slice(0, 40)}...): no file's path is that long (at most 4,096); check the command line`);
  const config = await commandConfig(o);
  const run = (): Promise<ImportResult> => importTranslations(config, files, io().cwd(), Boolean(o.dryRun), interruptSignal());
  let r: ImportResult;
  try { r = o.dryRun ? await run() : await withProjectWrites(config.dir, 'translations import', run, lockWait(o)); } catch (e) {
    if (e instanceof ImportStopped && e.lines.length) io().stdout.write(reportLines(e.lines));
    throw e;
  }
  const err: string[] = [];
  for (const x of r.refusals) err.push(`${x.file}${x.line ? `:${x.line}` : ''}: ${x.id ? `${x.id}: refused: ` : ''}${x.message}\n`);
  for (const x of r.notRead) err.push(`${x.file}: warning: not read: ${x.message} No translation of this import is for it, so nothing of it was refused (tplsync lint reports it)\n`);
  for (const f of r.empty) err.push(`${f}: no unit has a finished translation (an empty target, PO's #, fuzzy, XLIFF's state="initial" or a CSV row still noted outdated is not imported): nothing to import from it\n`);
  // by translation file: another file of the run may have written the same template (two files of one language)
  const held = new Map<string, Set<string>>();
  for (const x of r.refusals) if (x.template) (held.get(x.file) ?? held.set(x.file, new Set()).get(x.file)!).add(x.template);
  const fromMany = held.size > 1 || files.length > 1;
  for (const [file, templates] of held) err.push(`nothing written${fromMany ? ` from ${file}` : ''} for ${[...templates].join(', ')}\n`);
  for (const s of r.skipped) err.push(`${s.file}: ${s.template}: not written: ${s.reason}\n`);
  for (const u of r.unlisted) err.push(`${u.file}: note: ${u.note}\n`);
  for (const n of r.newLanguages) err.push(`${n.file}: note: no template ${n.lacking ? `of ${n.lacking.join(', ')} ` : ''}was in ${n.language} before this import, and ${n.lacking ? `${n.lacking.length === 1 ? 'that channel has' : 'those channels have'}` : 'the project has'} ${n.near}${n.renamed ? ` ('${n.language.split('_')[0]}' is a withdrawn ISO 639 code of the language now written '${n.renamed.split('_')[0]}'; did you mean '${n.renamed}'? Java and some translation tools still write it)` : ''}${newLanguageAdvice(n)}\n`);
  for (const f of r.fuzzy) err.push(`${f.file}:${f.line}: ${f.id}: not imported: ${notFinalWhy(f)}\n`);
  for (const x of r.stillOutdated) {
    err.push(x.stateless
      ? `${x.file}:${x.line}: ${x.id}: not imported: the translation is ${x.target}'s own text, which is outdated (its source text changed since it was translated), sent back as exported, and its <segment> has no state (a tool dropped it: XLIFF 2.0 reads no state as "initial"), so nothing says it was checked: it stays outdated; translate it, or once checked set state="translated" on its <segment> and import again\n`
      : `${x.file}:${x.line}: ${x.id}: not imported: the translation is ${x.target}'s own text, which is outdated (its source text changed since it was translated), and this file cannot say it was checked (no notes column, or the export's notes removed): it stays outdated; translate it, or send back the file as exported with its outdated marker removed\n`);
  }
  for (const x of r.otherSource) err.push(`${x.file}:${x.line}: ${x.template}: not imported: ${x.target} records its texts as translated from ${x.recorded}, and this file translates from ${x.source} without changing any: nothing was recorded (its outdated texts stay outdated; tplsync translations export --source ${x.recorded} shows them)\n`);
  // each unit by its line, up to KEPT_SHOWN a translation file: a whole export older than the files (thousands of units) is said in a count
  const keptBy = new Map<string, typeof r.kept>();
  for (const k of r.kept) (keptBy.get(k.file) ?? keptBy.set(k.file, []).get(k.file)!).push(k);
  for (const [file, units] of keptBy) {
    for (const k of units.slice(0, KEPT_SHOWN)) err.push(`${k.file}:${k.line}: ${k.id}: not imported: ${k.target} changed here after this file was exported, and the translation is the text as exported; the file's text is kept\n`);
    if (units.length > KEPT_SHOWN) {
      const files = new Set(units.map((k) => k.target)).size;
      err.push(`${file}: and ${(units.length - KEPT_SHOWN).toLocaleString('en')} more units not imported for the same reason (${units.length.toLocaleString('en')} in all, in ${files.toLocaleString('en')} template file${files === 1 ? '' : 's'}): this file is older than the templates; export again and translate what changed\n`);
    }
  }
  // a translator's notes (XLIFF's; a CSV's text in its notes cell and its columns added), each at its unit's line: a question to the lead or a remark is read where it was written;
  // the first NOTES_SHOWN of a file, the rest in a count
  const notesBy = new Map<string, typeof r.notes>();
  for (const x of r.notes) (notesBy.get(x.file) ?? notesBy.set(x.file, []).get(x.file)!).push(x);
  for (const [file, units] of notesBy) {
    const lines = units.flatMap((x) => x.notes.map((n) => `${x.file}:${x.line}: ${x.id}: note: the translator's note${n.category !== undefined ? ` (${n.category})` : ''}: ${n.text.trim()}\n`));
    append(err, lines.slice(0, NOTES_SHOWN));
    if (lines.length > NOTES_SHOWN) err.push(`${file}: and ${lines.length - NOTES_SHOWN} more translator's notes (read them in the file)\n`);
  }
  // written over a limit lint only warns about: the warning lint will give the written file, said here at the translation's line
  for (const w of r.written) for (const x of w.warnings ?? []) err.push(`${x.file}:${x.line}: ${x.id}: warning: ${x.message}\n`);
  // a translation of an older source text: written, and recorded so that lint says translation-outdated; said now
  for (const w of r.written) for (const x of w.older ?? []) err.push(`${x.file}:${x.line}: ${x.id}: note: ${x.message}\n`);
  // a new file named after a source file whose name holds no language (Rechnung.yaml -> Rechnung.fr.yaml): what lint's
  // file-name says of it, beside what it says of the source (the same: the name is the project's; only the new file: said
  // with the name the rule asks for), so that a file the import made is not a warning it kept quiet about
  if (!o.dryRun) for (const line of await namedLikeNotes(config, r.written)) err.push(line);
  // one write of each stream (an import of thousands of files prints thousands of lines)
  // file names, unit ids and texts are the files' own: their control characters printed as escapes
  if (err.length) io().stderr.write(reportLines(err));
  // a part the file lacked, added from the source with the text (a suggestion, a button, a card): said, as a text is
  // (a new file's samples, the source's, said under it: where they are, to be written in its language)
  const out = r.written.flatMap((w) => [`${o.dryRun ? 'would write' : w.created ? 'created' : 'updated'} ${w.file} (${texts(w)}${w.added?.length ? `; added ${w.added.join(', ')}` : ''})\n`,
    ...(w.samples ? [`  its samples are ${w.samples.from}'s: ${w.samples.at.map((s) => `${s.at} ${s.names.join(', ')}`).join('; ')}\n`] : [])]);
  // a new file keeps the source's samples (a translation file holds none): what a reviewer reads in the plan and the preview, and
  // WhatsApp's review with the template, is the translated text with them ("Monday, June 15" in a Spanish message); said once
  const kept = r.written.filter((w) => w.samples);
  if (kept.length) {
    const from = [...new Set(kept.map((w) => w.samples!.from))].join(', ');
    const to = [...new Set(kept.map((w) => w.samples!.to))].join(', ');
    const one = kept.length === 1;
    out.push(`${one ? 'the new file keeps' : `${kept.length} new files keep`} the ${from} samples (examples) of ${one ? 'its' : 'their'} source (said under ${one ? 'it' : 'each'} above): a translation file holds no samples, so none was translated, and the plan, the preview and WhatsApp's review show them in the ${to} text; write ${to} samples there (a date, a weekday, a place, a name)\n`);
  }
  const adopted = new Set(r.written.filter((w) => !w.created && w.changed === 0 && w.adopted).map((w) => w.file)).size;
  if (adopted) out.push(`${adopted === 1 ? '1 file had' : `${adopted} files had`} no record of the source texts ${adopted === 1 ? 'its translations were' : 'their translations were'} made from (marked "no record before" above): ${adopted === 1 ? 'its translations are' : 'their translations are'} now recorded as made from the current source texts; check that they are current\n`);
  // a file two translation files of the run wrote (two files of one language) is one file
  const n = new Set(r.written.map((w) => w.file)).size;
  // units the file does not mark finished, or sends back outdated: left out, so what the translator sent is not all in the files
  const notImported = r.fuzzy.length + r.stillOutdated.length;
  const refused = r.refusedFiles;
  const notes = [
    r.unchanged.length ? `${r.unchanged.length} already up to date (not written)` : '',
    refused ? `${refused} refused (see above)` : '',
    r.skipped.length ? `${r.skipped.length} not written (see above)` : '',
    notImported ? `${notImported} not imported (see above)` : '',
  ].filter(Boolean);
  out.push(`${n} file${n === 1 ? '' : 's'} ${o.dryRun ? 'to write' : 'written'}${notes.length ? `; ${notes.join('; ')}` : ''}\n`);
  io().stdout.write(reportLines(out));
  // a refused unit, translated units left out (a new file needs every text), or units not imported (not marked finished,
  // still outdated): what the translator sent is not all in the files, and lint still reports them
  // an error of tplsync's own planning a template (a bug): that template refused, the others written and the summary said; exit 70
  if (r.refusals.some((x) => x.internal)) return EXIT.INTERNAL;
  return r.refusals.length || r.skipped.length || notImported ? EXIT.FINDINGS : EXIT.OK;
}
