// `tplsync translations export|import`: the files and the terminal around the pure core of
// src/translations (units, formats, apply).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { discoverFiles } from '../files/discover.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { readTemplateValue } from '../files/value.js';
import { writeFileAtomic } from '../files/write.js';
import { str, type Loose } from '../model/loose.js';
import { planImport, type SourceTemplate, type TargetTemplate } from '../translations/apply.js';
import { EXTENSION, FORMATS, formatOfFile, readTranslations, TranslationFileError, writeTranslations, type Format } from '../translations/formats.js';
import { extractUnits, type TemplateFile } from '../translations/units.js';
import { commandConfig } from './context.js';

export interface ExportOptions { config?: string; source?: string; target?: string[]; format?: string; out?: string }
export interface ImportOptions { config?: string; dryRun?: boolean }

interface Read { file: string; abs: string; text: string; value: Loose }

/** a translation file holds the texts of many templates: bounded, but far above one template file's bound */
export const MAX_TRANSLATION_FILE_BYTES = 64 * 1024 * 1024;

function readBounded(abs: string, shown: string, max: number = MAX_FILE_BYTES): string {
  if (statSync(abs).size > max) throw new UsageError(`${shown}: larger than ${max} bytes`);
  return readFileSync(abs, 'utf8');
}

async function readTemplates(config: Config, paths: readonly string[], cwd: string = process.cwd()): Promise<Read[]> {
  const files = await discoverFiles(config, paths, cwd);
  const out: Read[] = [];
  for (const f of files) {
    const text = readBounded(f.abs, f.file);
    let value: Loose;
    try { value = readTemplateValue(text) as Loose; } catch { continue; } // lint reports files that do not parse
    if (value && typeof value === 'object') out.push({ file: f.file, abs: f.abs, text, value });
  }
  return out;
}

const LANG = /^[a-z]{2,3}(_[A-Z]{2}|_[A-Za-z]{4})?$/;

export async function translationsExport(paths: string[], o: ExportOptions): Promise<number> {
  const source = o.source;
  const targets = o.target ?? [];
  if (!source) throw new UsageError('translations export: --source LANG is required (the language translators translate from)');
  if (!targets.length) throw new UsageError('translations export: name at least one --target LANG');
  for (const l of [source, ...targets]) if (!LANG.test(l)) throw new UsageError(`translations export: '${l}' is not a language code like de or pt_BR`);
  const format = (o.format ?? 'xliff') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`translations export: --format must be one of ${FORMATS.join(', ')}`);
  const config = await commandConfig(o);
  for (const r of await exportTranslations(config, paths, process.cwd(), { source, targets, format, out: o.out ?? 'translations' })) {
    process.stdout.write(`${r.file}: ${r.units} unit${r.units === 1 ? '' : 's'} of ${r.templates} template(s), ${r.translated} translated already\n`);
  }
  return EXIT.OK;
}

/** Write one translation file per target language; what each holds. */
export async function exportTranslations(config: Config, paths: readonly string[], cwd: string, o: { source: string; targets: readonly string[]; format: Format; out: string }): Promise<{ file: string; units: number; templates: number; translated: number }[]> {
  // the paths choose the source templates; their translations are looked for among all of the project's
  const all = await readTemplates(config, [], cwd);
  const chosen = paths.length ? new Set((await discoverFiles(config, paths, cwd)).map((f) => f.abs)) : undefined;
  const files: TemplateFile[] = all.filter((r) => !chosen || chosen.has(r.abs) || str(r.value.language) !== o.source).map((r) => ({ file: r.file, value: r.value }));
  const out = path.resolve(cwd, o.out);
  const single = o.targets.length === 1 && /\.[a-z]+$/i.test(out) && !safeIsDir(out);
  return o.targets.map((target) => {
    const units = extractUnits(files, o.source, target);
    const file = single ? out : path.join(out, `${target}.${EXTENSION[o.format]}`);
    writeFileAtomic(file, writeTranslations(o.format, units, o.source, target));
    return { file: path.relative(cwd, file) || file, units: units.length, templates: new Set(units.map((u) => u.template)).size, translated: units.filter((u) => u.target !== undefined).length };
  });
}

function safeIsDir(p: string): boolean {
  try { return statSync(p).isDirectory(); } catch { return false; }
}

export interface ImportResult {
  written: { file: string; created: boolean; units: number; template: string }[];
  refusals: { file: string; line: number; id: string; message: string; template?: string }[];
  skipped: { file: string; template: string; reason: string }[];
}

/** The import of translation files into the templates of `config` (paths relative to `cwd`). */
export async function importTranslations(config: Config, files: readonly string[], cwd: string, dryRun = false): Promise<ImportResult> {
  const templates = await readTemplates(config, [], cwd);
  const taken = new Set(templates.map((t) => path.relative(cwd, t.abs)));
  const result: ImportResult = { written: [], refusals: [], skipped: [] };
  // what an earlier file of this run wrote is what a later one reads
  type Current = Read & { channel?: string; name?: string; language?: string };
  const current = new Map<string, Current>(templates.map((t) => [path.relative(cwd, t.abs), { ...t, channel: str(t.value.channel), name: str(t.value.name), language: str(t.value.language) }]));
  for (const file of files) {
    const format = formatOfFile(file);
    if (!format) throw new UsageError(`${file}: not a translation file (.xlf, .xliff, .po or .csv)`);
    let doc;
    try { doc = readTranslations(format, readBounded(path.resolve(cwd, file), file, MAX_TRANSLATION_FILE_BYTES)); } catch (e) {
      if (e instanceof TranslationFileError) { result.refusals.push({ file, line: e.line, id: '', message: e.message }); continue; }
      throw e;
    }
    const sources = new Map<string, SourceTemplate>();
    const targets = new Map<string, TargetTemplate>();
    for (const [rel, t] of current) {
      const { channel, name, language } = t;
      if (!channel || !name) continue;
      if (language === doc.source) sources.set(`${channel}/${name}`, { template: `${channel}/${name}`, file: rel, text: t.text, value: t.value });
      if (language === doc.target) targets.set(`${channel}/${name}`, { file: rel, text: t.text, value: t.value });
    }
    const plan = planImport(doc.entries, doc.source, doc.target, sources, targets, taken);
    result.refusals.push(...plan.refusals.map((r) => ({ file, ...r })));
    result.skipped.push(...plan.skipped.map((s) => ({ file, ...s })));
    for (const w of plan.writes) {
      if (!dryRun) writeFileAtomic(path.resolve(cwd, w.file), w.text);
      taken.add(w.file);
      // the value is read again only if a later file of this run needs it
      const text = w.text;
      let value: Loose | undefined;
      current.set(w.file, { file: w.file, abs: path.resolve(cwd, w.file), text, get value() { return (value ??= readTemplateValue(text) as Loose); }, channel: w.template.slice(0, w.template.indexOf('/')), name: w.template.slice(w.template.indexOf('/') + 1), language: doc.target });
      result.written.push({ file: w.file, created: w.created, units: w.units, template: w.template });
    }
  }
  return result;
}

export async function translationsImport(files: string[], o: ImportOptions): Promise<number> {
  if (!files.length) throw new UsageError('translations import: name the translation files (.xlf, .po or .csv)');
  const config = await commandConfig(o);
  const r = await importTranslations(config, files, process.cwd(), Boolean(o.dryRun));
  for (const x of r.refusals) process.stderr.write(`${x.file}:${x.line}: ${x.id ? `${x.id}: refused: ` : ''}${x.message}\n`);
  const held = [...new Set(r.refusals.filter((x) => x.template).map((x) => x.template))];
  if (held.length) process.stderr.write(`nothing written for ${held.join(', ')}\n`);
  for (const s of r.skipped) process.stderr.write(`${s.file}: ${s.template}: not written: ${s.reason}\n`);
  for (const w of r.written) process.stdout.write(`${o.dryRun ? 'would write' : w.created ? 'created' : 'updated'} ${w.file} (${w.units} text${w.units === 1 ? '' : 's'})\n`);
  const n = r.written.length;
  process.stdout.write(`${n} file${n === 1 ? '' : 's'} ${o.dryRun ? 'to write' : 'written'}${r.refusals.length ? `; ${r.refusals.length} refused (see above)` : ''}\n`);
  return r.refusals.length ? EXIT.FINDINGS : EXIT.OK;
}
