// bench/translations: export and import of 2,000 templates x 10 languages (20,000 files), in
// process, against reading and parsing the same files alone (the floor of any command that
// looks at them). Export: the en_US texts to 9 target languages (XLIFF, the existing
// translations as targets). Import: the 9 files back with every text changed (18,000 files
// rewritten). Each median of --runs.
//   npm run bench:translations [-- --templates 2000 --runs 3 --format xliff]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { EXTENSION, readTranslations, writeTranslations, type Format } from '../src/translations/formats.ts';
import { extractUnits, partsOf, type TemplateFile } from '../src/translations/units.ts';
import { writeFileAtomic } from '../src/files/write.ts';
import { BENCH_CONFIG, templateText } from './generate.ts';

const arg = (name: string, d: string): string => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1]! : d; };
const N = Number(arg('templates', '2000'));
const RUNS = Number(arg('runs', '3'));
const FORMAT = arg('format', 'xliff') as Format;
const TARGETS = ['de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'sv', 'ja'];
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;

/** a stand-in translation that keeps the placeholders and the length: letters shifted k places */
const shift = (s: string, k: number): string => partsOf(s).map((p) => ('ph' in p ? p.ph : p.text.replace(/[a-z]/g, (c) => String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + k) % 26))))).join('');

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-translations-'));
try {
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), BENCH_CONFIG);
  for (let i = 0; i < N; i++) {
    const sub = path.join(dir, 'templates', String(Math.floor(i / 500)));
    if (i % 500 === 0) mkdirSync(sub, { recursive: true });
    const en = templateText(i).replace(/^language: \S+$/m, 'language: en_US');
    writeFileSync(path.join(sub, `template_${i}.en_US.yaml`), en);
    for (const [k, l] of TARGETS.entries()) {
      writeFileSync(path.join(sub, `template_${i}.${l}.yaml`), en.replace(/^language: \S+$/m, `language: ${l}`).replace(/^(\s*text: "?)(.*?)("?)$/gm, (_m, a: string, t: string, b: string) => `${a}${shift(t, k + 1)}${b}`));
    }
  }
  const config = await loadConfig({ cwd: dir });
  const entries = await discoverFiles(config, [], dir);
  console.log(`${N} templates x ${TARGETS.length + 1} languages: ${entries.length} files; format ${FORMAT}; ${RUNS} runs each`);

  const readAll = (): TemplateFile[] => entries.map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
  const baseline: number[] = [];
  const exp: number[] = [];
  let files: TemplateFile[] = [];
  for (let r = 0; r < RUNS; r++) {
    let t0 = process.hrtime.bigint();
    files = readAll();
    baseline.push(ms(t0));
    t0 = process.hrtime.bigint();
    const out = await exportTranslations(config, [], dir, { source: 'en_US', targets: TARGETS, format: FORMAT, out: 'tr' });
    exp.push(ms(t0));
    if (r === 0) console.log(`export wrote ${out.length} files, ${out[0]!.units} units each, ${out[0]!.translated} translated already`);
  }

  const xml = new XMLParser({ preserveOrder: true, ignoreAttributes: false });
  const imp: number[] = [];
  const impBase: number[] = [];
  const writeFloor: number[] = [];
  const targetFiles = entries.filter((f) => !f.abs.endsWith('.en_US.yaml'));
  for (let r = 0; r < RUNS; r++) {
    // the translators' files of this run: every text changed from what the files hold now
    const names: string[] = [];
    for (const [k, l] of TARGETS.entries()) {
      const units = extractUnits(files, 'en_US', l).map((u) => ({ ...u, target: shift(u.source, k + 2 + r) }));
      const name = `in/${l}.${EXTENSION[FORMAT]}`;
      mkdirSync(path.join(dir, 'in'), { recursive: true });
      writeFileSync(path.join(dir, name), writeTranslations(FORMAT, units, 'en_US', l));
      names.push(name);
    }
    let t0 = process.hrtime.bigint();
    readAll();
    for (const n of names) {
      const text = readFileSync(path.join(dir, n), 'utf8');
      if (FORMAT === 'xliff') xml.parse(text); else readTranslations(FORMAT, text);
    }
    impBase.push(ms(t0));
    // the floor of writing: the same files replaced atomically (temp file + rename) with their own bytes
    t0 = process.hrtime.bigint();
    for (const f of targetFiles) writeFileAtomic(f.abs, readFileSync(f.abs, 'utf8'));
    writeFloor.push(ms(t0));
    t0 = process.hrtime.bigint();
    const res = await importTranslations(config, names, dir);
    imp.push(ms(t0));
    if (res.refusals.length || res.written.length !== N * TARGETS.length) throw new Error(`import: ${res.written.length} written, ${res.refusals.length} refused`);
    files = readAll();
  }
  const e = median(exp); const b = median(baseline); const i = median(imp); const ib = median(impBase); const w = median(writeFloor);
  console.log(`read+parse ${entries.length} templates:            median ${b.toFixed(0)} ms  (${baseline.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`export to ${TARGETS.length} languages:                 median ${e.toFixed(0)} ms  (${exp.map((x) => x.toFixed(0)).join(', ')})  ratio ${(e / b).toFixed(2)}`);
  console.log(`read+parse templates + ${TARGETS.length} translation files: median ${ib.toFixed(0)} ms  (${impBase.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`import ${TARGETS.length} files (${N * TARGETS.length} files rewritten): median ${i.toFixed(0)} ms  (${imp.map((x) => x.toFixed(0)).join(', ')})  ratio ${(i / ib).toFixed(2)}`);
  console.log(`atomic rewrite of the same ${targetFiles.length} files alone: median ${w.toFixed(0)} ms  (${writeFloor.map((x) => x.toFixed(0)).join(', ')})`);
  console.log(`import against read+parse+atomic rewrite: ratio ${(i / (ib + w)).toFixed(2)}; import minus the write floor: ${(i - w).toFixed(0)} ms`);
  console.log(`budget 2000 ms each: export ${e < 2000 ? 'within' : 'OVER'}, import ${i < 2000 ? 'within' : 'OVER'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
