// bench/translations: export and import of 2,000 templates x 10 languages (20,000 files), in
// process, against reading and parsing the same files alone (the floor of any command that
// looks at them). Export: the en_US texts to 9 target languages (XLIFF, the existing
// translations as targets). Import: the 9 files back with every text changed (18,000 files
// rewritten), then the same 9 files again (every file already holds its texts: nothing written);
// and a first import: the same 9 files into a project of the 2,000 en_US templates alone (18,000
// files created), a new project each run, against read+parse plus creating 18,000 files of the same
// size alone. No run deletes files until the end: on ext4 without a journal, creating a file walks
// past the inodes freed in the last 30 s, and a user's first import does not follow a mass
// deletion. Each median of --runs, wall-clock time and the CPU time of the process (user +
// system, this thread and the read-ahead thread) beside it: the machine is shared, and the CPU
// time moves less with its load than the wall clock does. The writing floors use the import's
// writer (four write threads: the built dist/files/write-worker.js, so `npm run build` first).
//   npm run bench:translations [-- --templates 2000 --runs 5 --format xliff]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { EXTENSION, readTranslations, writeTranslations, type Format } from '../src/translations/formats.ts';
import { extractUnits, type TemplateFile } from '../src/translations/units.ts';
import { AtomicWriter } from '../src/files/write.ts';
import { BENCH_CONFIG } from './generate.ts';
import { TARGETS, shift, writeTranslationsProject } from './translations-fixture.ts';

/** the write threads an import of this size uses (src/cli/translations.ts) */
const WRITE_THREADS = 4;

const arg = (name: string, d: string): string => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1]! : d; };
const N = Number(arg('templates', '2000'));
const RUNS = Number(arg('runs', '5'));
const FORMAT = arg('format', 'xliff') as Format;
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const ms = (t0: bigint): number => Number(process.hrtime.bigint() - t0) / 1e6;
/** wall-clock and CPU milliseconds of `fn` */
async function timed<T>(wall: number[], cpu: number[], fn: () => T | Promise<T>): Promise<T> {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const r = await fn();
  wall.push(ms(t0));
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  sysOf.set(cpu, [...(sysOf.get(cpu) ?? []), c.system / 1000]);
  return r;
}
/** the system part of each CPU figure (the kernel's work: opening, writing, renaming files) */
const sysOf = new Map<number[], number[]>();


const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-translations-'));
try {
  writeTranslationsProject(dir, N);
  const config = await loadConfig({ cwd: dir });
  const entries = await discoverFiles(config, [], dir);
  console.log(`${N} templates x ${TARGETS.length + 1} languages: ${entries.length} files; format ${FORMAT}; ${RUNS} runs each; load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);

  const readAll = (): TemplateFile[] => entries.map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
  const W = { base: [] as number[], exp: [] as number[], impBase: [] as number[], write: [] as number[], writeCb: [] as number[], imp: [] as number[], again: [] as number[], firstBase: [] as number[], create: [] as number[], first: [] as number[] };
  const C = { base: [] as number[], exp: [] as number[], impBase: [] as number[], write: [] as number[], writeCb: [] as number[], imp: [] as number[], again: [] as number[], firstBase: [] as number[], create: [] as number[], first: [] as number[] };
  let files: TemplateFile[] = [];
  for (let r = 0; r < RUNS; r++) {
    files = await timed(W.base, C.base, readAll);
    const out = await timed(W.exp, C.exp, () => exportTranslations(config, [], dir, { source: 'en_US', targets: TARGETS, format: FORMAT, out: 'tr' }));
    if (r === 0) console.log(`export wrote ${out.length} files, ${out[0]!.units} units each, ${out[0]!.translated} translated already`);
  }

  const xml = new XMLParser({ preserveOrder: true, ignoreAttributes: false });
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
    // import's reading floor: the templates and the translation files read and parsed (fast-xml-parser for XLIFF)
    await timed(W.impBase, C.impBase, () => {
      readAll();
      for (const n of names) {
        const text = readFileSync(path.join(dir, n), 'utf8');
        if (FORMAT === 'xliff') xml.parse(text); else readTranslations(FORMAT, text);
      }
    });
    // import's writing floor: the same files replaced as the import replaces them (temp file + rename, on the import's write threads), with their own bytes;
    // and as before the threads (on libuv's threads through callbacks)
    const texts = targetFiles.map((f) => readFileSync(f.abs, 'utf8'));
    await timed(W.write, C.write, async () => {
      const w = new AtomicWriter({ threads: WRITE_THREADS });
      if (!w.threaded) throw new Error('no write threads: npm run build first (the worker is dist/files/write-worker.js)');
      targetFiles.forEach((f, i) => w.write(f.abs, texts[i]!));
      await w.flush();
    });
    await timed(W.writeCb, C.writeCb, async () => {
      const w = new AtomicWriter();
      targetFiles.forEach((f, i) => w.write(f.abs, texts[i]!));
      await w.flush();
    });
    const res = await timed(W.imp, C.imp, () => importTranslations(config, names, dir));
    if (res.refusals.length || res.written.length !== N * TARGETS.length) throw new Error(`import: ${res.written.length} written, ${res.refusals.length} refused`);
    // the same files imported again: every file already holds its texts, nothing is written
    const again = await timed(W.again, C.again, () => importTranslations(config, names, dir));
    if (again.written.length || again.unchanged.length !== N * TARGETS.length) throw new Error(`import again: ${again.written.length} written, ${again.unchanged.length} unchanged`);
    files = readAll();

    // a first import: the same translation files into a new project of the en_US templates alone
    const fresh = path.join(dir, `first-${r}`);
    mkdirSync(fresh);
    writeFileSync(path.join(fresh, 'tplsync.config.yaml'), BENCH_CONFIG);
    for (const f of entries.filter((e) => e.abs.endsWith('.en_US.yaml'))) {
      const to = path.join(fresh, path.relative(dir, f.abs));
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, readFileSync(f.abs));
    }
    mkdirSync(path.join(fresh, 'in'));
    for (const n of names) writeFileSync(path.join(fresh, n), readFileSync(path.join(dir, n)));
    const freshConfig = await loadConfig({ cwd: fresh });
    const freshEntries = await discoverFiles(freshConfig, [], fresh);
    await timed(W.firstBase, C.firstBase, () => {
      for (const f of freshEntries) readTemplateValue(readFileSync(f.abs, 'utf8'));
      for (const n of names) xml.parse(readFileSync(path.join(fresh, n), 'utf8'));
    });
    // creating as many files of the same texts alone (new files, as import creates them), in a folder of their own
    const scratch = path.join(dir, `create-${r}`);
    await timed(W.create, C.create, async () => {
      const w = new AtomicWriter({ threads: WRITE_THREADS });
      targetFiles.forEach((f, i) => w.write(path.join(scratch, path.relative(dir, f.abs)), texts[i]!, { create: true }));
      await w.flush();
    });
    const first = await timed(W.first, C.first, () => importTranslations(freshConfig, names, fresh));
    if (first.refusals.length || first.written.length !== N * TARGETS.length || first.written.some((w) => !w.created)) throw new Error(`first import: ${first.written.length} written, ${first.refusals.length} refused`);
  }
  const line = (label: string, k: keyof typeof W): string => `${label.padEnd(52)} median ${median(W[k]).toFixed(0).padStart(6)} ms wall (${W[k].map((x) => x.toFixed(0)).join(', ')}), ${median(C[k]).toFixed(0).padStart(6)} ms CPU (${median(sysOf.get(C[k]) ?? [0]).toFixed(0)} in the kernel)`;
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(line(`read+parse ${entries.length} templates`, 'base'));
  console.log(line(`export to ${TARGETS.length} languages`, 'exp') + `  ratio to read+parse ${(median(W.exp) / median(W.base)).toFixed(2)} wall, ${(median(C.exp) / median(C.base)).toFixed(2)} CPU`);
  console.log(line(`read+parse templates + ${TARGETS.length} translation files`, 'impBase'));
  console.log(line(`atomic rewrite of the same ${targetFiles.length} files alone`, 'write'));
  console.log(line(`  the same on libuv's threads (callbacks)`, 'writeCb'));
  console.log(line(`import ${TARGETS.length} files (${N * TARGETS.length} files rewritten)`, 'imp') + `  ratio to read+parse ${(median(W.imp) / median(W.impBase)).toFixed(2)} wall, ${(median(C.imp) / median(C.impBase)).toFixed(2)} CPU`);
  console.log(line(`the same import again (nothing to write)`, 'again') + `  ratio to read+parse ${(median(W.again) / median(W.impBase)).toFixed(2)} wall, ${(median(C.again) / median(C.impBase)).toFixed(2)} CPU`);
  console.log(`import against read+parse + atomic rewrite: ${(median(W.imp) / (median(W.impBase) + median(W.write))).toFixed(2)} wall, ${(median(C.imp) / (median(C.impBase) + median(C.write))).toFixed(2)} CPU`);
  console.log(line(`first import: read+parse ${N} templates + ${TARGETS.length} files`, 'firstBase'));
  console.log(line(`creating ${targetFiles.length} new files alone`, 'create'));
  console.log(line(`first import (${N * TARGETS.length} files created)`, 'first') + `  ratio to read+parse ${(median(W.first) / median(W.firstBase)).toFixed(2)} wall, ${(median(C.first) / median(C.firstBase)).toFixed(2)} CPU`);
  console.log(`first import against read+parse + creating: ${(median(W.first) / (median(W.firstBase) + median(W.create))).toFixed(2)} wall, ${(median(C.first) / (median(C.firstBase) + median(C.create))).toFixed(2)} CPU`);
  console.log(`budget 2000 ms wall each: export ${median(W.exp) < 2000 ? 'within' : 'OVER'}, import ${median(W.imp) < 2000 ? 'within' : 'OVER'}, import again ${median(W.again) < 2000 ? 'within' : 'OVER'}, first import ${median(W.first) < 2000 ? 'within' : 'OVER'}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
