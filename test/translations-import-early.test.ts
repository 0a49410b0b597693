// An import plans a template, and hands its file to the writer, as soon as its source and its
// target are read, while the next template files are still read (when each translation file has a
// target language of its own that no other file reads). These hold that this changes nothing but
// when the writes start: on seeded projects of every kind of outcome (updated, unchanged, created,
// skipped, refused; missing targets, two files of one template, per-folder and per-language layouts)
// the import planned while reading and the import planned after reading give the same result and
// the same files; and that a full rewrite is planned while reading, a chain of languages is not.
import { appendFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import './seed.ts';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations, type ImportResult } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { writeTranslations, type Format } from '../src/translations/formats.ts';
import { extractUnits, type TemplateFile, type Unit } from '../src/translations/units.ts';
import { shift, TARGETS, writeTranslationsProject } from '../bench/translations-fixture.ts';
import { Interrupted } from '../src/core/interrupt.ts';
import { cleanup, ROOT, tempDir } from './helpers.ts';

async function templates(dir: string): Promise<TemplateFile[]> {
  const config = await loadConfig({ cwd: dir });
  return (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
}

/** every file under dir: a template's text, anything else (a temp file left) by name alone */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of (readdirSync(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
    const rel = path.relative(dir, path.join(f.parentPath ?? f.path, f.name));
    out[rel] = rel.endsWith('.yaml') ? readFileSync(path.join(dir, rel), 'utf8') : 'file';
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** what a translator did with a unit */
type Fate = 'translated' | 'kept' | 'untranslated' | 'placeholder dropped' | 'too long';
const FATES: Fate[] = ['translated', 'translated', 'translated', 'kept', 'untranslated', 'placeholder dropped', 'too long'];

interface Case {
  n: number;
  languages: string[];
  /** per language: the template numbers whose target file is removed before the import */
  missing: number[][];
  /** per unit, in export order, a number choosing its fate */
  fates: number[];
  /** template numbers with a second file of one of their languages (lint's duplicate) */
  twice: number[];
  layout: 'folders' | 'languages';
  format: Format;
}

const cases: fc.Arbitrary<Case> = fc.record({
  n: fc.integer({ min: 1, max: 6 }),
  languages: fc.uniqueArray(fc.constantFrom(...TARGETS), { minLength: 1, maxLength: 4 }),
  missing: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), { minLength: 4, maxLength: 4 }),
  fates: fc.array(fc.nat(), { minLength: 64, maxLength: 64 }),
  twice: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { maxLength: 2 }),
  layout: fc.constantFrom('folders', 'languages'),
  format: fc.constantFrom<Format>('xliff', 'po', 'csv'),
});

/** the case's project in `dir` and its translation files (in/LANG.EXT): the names of those files */
async function make(dir: string, c: Case): Promise<string[]> {
  writeTranslationsProject(dir, c.n);
  // the project holds every language of TARGETS: keep en_US and the case's languages
  for (const f of readdirSync(path.join(dir, 'templates'), { recursive: true }) as string[]) {
    const m = /template_(\d+)\.([A-Za-z_]+)\.yaml$/.exec(f);
    if (m && m[2] !== 'en_US' && !c.languages.includes(m[2]!)) rmSync(path.join(dir, 'templates', f));
  }
  const units = c.languages.map(async (l) => extractUnits(await templates(dir), 'en_US', l));
  const perLanguage = await Promise.all(units);
  // a second file of a template in one of its languages, with other texts: the first read is the one translated
  for (const i of c.twice.filter((i) => i < c.n)) {
    const l = c.languages[i % c.languages.length]!;
    const from = path.join(dir, 'templates', '0', `template_${i}.${l}.yaml`);
    writeFileSync(path.join(dir, 'templates', '0', `template_${i}.${l}.copy.yaml`), readFileSync(from, 'utf8').replace(/^(\s*text: "?)(.*?)("?)$/gm, (_m, a: string, t: string, b: string) => `${a}${shift(t, 7)}${b}`));
  }
  c.languages.forEach((l, k) => {
    for (const i of c.missing[k]!.filter((i) => i < c.n)) rmSync(path.join(dir, 'templates', '0', `template_${i}.${l}.yaml`), { force: true });
  });
  if (c.layout === 'languages') {
    // templates/LANG/template_N.LANG.yaml: a template's languages far apart in the order files are read
    for (const f of readdirSync(path.join(dir, 'templates', '0'))) {
      const l = /\.([A-Za-z_]+)(?:\.copy)?\.yaml$/.exec(f)![1]!;
      mkdirSync(path.join(dir, 'templates', l), { recursive: true });
      renameSync(path.join(dir, 'templates', '0', f), path.join(dir, 'templates', l, f));
    }
  }
  mkdirSync(path.join(dir, 'in'));
  let u = 0;
  return c.languages.map((l, k) => {
    const filled: Unit[] = [];
    for (const unit of perLanguage[k]!) {
      const fate = FATES[c.fates[u++ % c.fates.length]! % FATES.length]!;
      const text = fate === 'kept' ? unit.target ?? shift(unit.source, 3)
        : fate === 'untranslated' ? undefined
          : fate === 'placeholder dropped' ? shift(unit.source, 3).replace(/\{\{[^}]*\}\}/, '') || 'x'
            : fate === 'too long' ? `${shift(unit.source, 3)} ${'lang '.repeat(250)}`
              : shift(unit.source, 3 + k);
      filled.push(text === undefined ? { ...unit, target: undefined } : { ...unit, target: text });
    }
    const ext = { xliff: 'xlf', po: 'po', csv: 'csv' }[c.format];
    const name = `in/${l}.${ext}`;
    writeFileSync(path.join(dir, name), writeTranslations(c.format, filled, 'en_US', l));
    return name;
  });
}

/** bench/translations-fixture's project of n templates in every language, an empty in/ for the translation files: its template files */
async function fullProject(dir: string, n: number): Promise<TemplateFile[]> {
  writeTranslationsProject(dir, n);
  mkdirSync(path.join(dir, 'in'));
  return templates(dir);
}

const comparable = (r: ImportResult) => ({ ...r, early: 0, onThreads: false, lazy: 0 });

test('planned while reading or after: the same result and the same files (seeded projects of every outcome)', async () => {
  let early = 0;
  let planned = 0;
  await fc.assert(fc.asyncProperty(cases, async (c) => {
    const base = tempDir();
    try {
      const one = path.join(base, 'one');
      const two = path.join(base, 'two');
      const names = await make(one, c);
      // the same project twice (the translations' placeholders are the same; make is deterministic)
      await make(two, c);
      assert.equal(tree(two), tree(one), 'the two copies of the case are the same');
      const after = await importTranslations(await loadConfig({ cwd: one }), names, one, false, undefined, { early: false });
      const during = await importTranslations(await loadConfig({ cwd: two }), names, two, false, undefined, {});
      assert.is(after.early, 0);
      assert.equal(comparable(during), comparable(after));
      assert.equal(tree(two), tree(one));
      early += during.early;
      planned += during.written.length;
    } finally { cleanup(base); }
  }), { numRuns: 40 });
  // the cases wrote files, and most of them were planned while reading
  assert.ok(planned > 100 && early > planned / 2, `${early} of ${planned} written files planned while reading`);
});

test('a full rewrite is planned while reading; a chain en_US -> de -> fr is planned after, one file at a time', async () => {
  const dir = tempDir();
  try {
    const files = await fullProject(dir, 4);
    const de = extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) }));
    const fr = extractUnits(files, 'en_US', 'fr').map((u) => ({ ...u, target: shift(u.source, 6) }));
    writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', de, 'en_US', 'de'));
    writeFileSync(path.join(dir, 'in', 'fr.xlf'), writeTranslations('xliff', fr, 'en_US', 'fr'));
    const full = await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf', 'in/fr.xlf'], dir);
    assert.equal(full.refusals, []);
    assert.is(full.written.length, 8);
    assert.is(full.early, 8, 'every file of the full rewrite planned while reading');
    assert.is(full.lazy, 2, 'the two XLIFF files read whole while the templates were read');
    // de -> fr reads the de texts the same run writes: after reading, one file at a time
    const now = await templates(dir);
    const toFr = extractUnits(now, 'de', 'fr').map((u) => ({ ...u, target: shift(u.source, 9) }));
    // (exported again: a file exported before the first import would have its changed texts refused, the de files having changed since)
    writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(now, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 8) })), 'en_US', 'de'));
    writeFileSync(path.join(dir, 'in', 'fr.xlf'), writeTranslations('xliff', toFr, 'de', 'fr'));
    const chain = await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf', 'in/fr.xlf'], dir);
    assert.is(chain.early, 0, 'a chain is planned after reading');
    assert.is(chain.lazy, 0, 'a chain reads its files first');
    assert.is(chain.written.length, 8, JSON.stringify(chain.refusals.slice(0, 2)));
  } finally { cleanup(dir); }
});

test('an XLIFF file read while the templates are read and found broken is refused at its line; the other files are written as when every file is read first', async () => {
  const base = tempDir();
  try {
    const results: ImportResult[] = [];
    const trees: Record<string, string>[] = [];
    for (const early of [true, false]) {
      const dir = path.join(base, String(early));
      const files = await fullProject(dir, 6);
      const de = writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de');
      // the fr file well-formed up to its third unit, then an HTML entity (not XML)
      const fr = writeTranslations('xliff', extractUnits(files, 'en_US', 'fr').map((u) => ({ ...u, target: shift(u.source, 6) })), 'en_US', 'fr');
      const at = fr.split('<target').slice(0, 4).join('<target').length;
      writeFileSync(path.join(dir, 'in', 'de.xlf'), de);
      writeFileSync(path.join(dir, 'in', 'fr.xlf'), `${fr.slice(0, at)}<target xml:space="preserve">&nbsp;${fr.slice(at + '<target xml:space="preserve">'.length)}`);
      results.push(await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf', 'in/fr.xlf'], dir, false, undefined, { early }));
      trees.push(tree(dir));
    }
    const [lazy, eager] = results as [ImportResult, ImportResult];
    assert.is(lazy.lazy, 2);
    assert.is(eager.lazy, 0);
    assert.equal(lazy.refusals.map((r) => [r.file, r.line, r.message]), eager.refusals.map((r) => [r.file, r.line, r.message]));
    assert.match(lazy.refusals[0]!.message, /not well-formed XML/);
    assert.is(lazy.written.length, 6, 'the de files written');
    assert.equal(lazy.written.map((w) => w.file).sort(), eager.written.map((w) => w.file).sort());
    assert.equal(Object.values(trees[0]!), Object.values(trees[1]!));
  } finally { cleanup(base); }
});

/** a signal that reads as aborted from its `after`-th look on (a Ctrl-C at a point the test chooses, not at a time) */
class SignalAfter extends EventTarget {
  looks = 0;
  constructor(private readonly after: number) { super(); }
  get aborted(): boolean { return ++this.looks >= this.after; }
}

test('Ctrl-C while the templates are read: the files planned before it are written whole, no other changes, and it says how many', async () => {
  const dir = tempDir();
  try {
    const files = await fullProject(dir, 8);
    writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de'));
    const before = tree(dir);
    // the import looks at the signal once per template read once it plans (and the write threads once, when made)
    const signal = new SignalAfter(40) as unknown as AbortSignal;
    let err: unknown;
    try {
      await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf'], dir, false, signal, { threads: 2, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') });
    } catch (e) { err = e; }
    assert.instance(err, Interrupted);
    const m = /stopped while reading the templates: (\d+) translated files? written \(listed above\), each whole; no other file was changed \(0 planned were not started, and the templates not yet read were not planned\)/.exec((err as Error).message);
    assert.ok(m, (err as Error).message);
    const after = tree(dir);
    const changed = Object.keys(after).filter((f) => after[f] !== before[f]);
    assert.is(changed.length, Number(m![1]));
    assert.ok(changed.length > 0 && changed.length < 8, `${changed.length} of 8 files written before the signal`);
    assert.ok(changed.every((f) => f.endsWith('.de.yaml')), changed.join(' '));
    assert.equal(Object.keys(after), Object.keys(before), 'no file made or left behind');
    // which files: the lines a finished run prints for them (the command prints them before the message)
    assert.equal([...(err as { lines: string[] }).lines].map((l) => /^updated (\S+) \(/.exec(l)?.[1]).sort(), changed.map((f) => path.relative(dir, path.resolve(dir, f))).sort());
    // a signal before the first template is planned: nothing written, and it says so
    let early: unknown;
    try {
      await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf'], dir, false, new SignalAfter(1) as unknown as AbortSignal, { threads: 2, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') });
    } catch (e) { early = e; }
    assert.instance(early, Interrupted);
    assert.match((early as Error).message, /^stopped before writing: no file was written$/);
    assert.equal(tree(dir), after);
  } finally { cleanup(dir); }
});

for (const threads of [0, 2]) {
  test(`Ctrl-C while the files are written (${threads ? 'on write threads' : 'on the callbacks'}): the files written are listed as a finished run lists them, the others are as they were`, async () => {
    const dir = tempDir();
    try {
      const files = await fullProject(dir, 8);
      writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de'));
      const before = tree(dir);
      // planned after reading (early: false), so that the signal is first seen by the writer: a few writes start, then none
      // (on the threads' road the writer looks once, when it is made: nothing is written, and none is listed)
      const signal = new SignalAfter(threads ? 3 : 5) as unknown as AbortSignal;
      let err: unknown;
      try {
        await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf'], dir, false, signal, { early: false, threads, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') });
      } catch (e) { err = e; }
      assert.instance(err, Interrupted);
      const m = /^stopped: (\d+) of 8 files written( \(listed above\))?; the other (\d+) are as they were$/.exec((err as Error).message);
      assert.ok(m, (err as Error).message);
      const after = tree(dir);
      const changed = Object.keys(after).filter((f) => after[f] !== before[f]).map((f) => path.relative(dir, path.resolve(dir, f))).sort();
      assert.is(changed.length, Number(m![1]));
      if (!threads) assert.ok(changed.length > 0 && changed.length < 8, `${changed.length} of 8 files written before the signal`);
      assert.equal([...(err as { lines: string[] }).lines].map((l) => /^updated (\S+) \(\d+ texts? changed\)\n$/.exec(l)?.[1]).sort(), changed);
    } finally { cleanup(dir); }
  });
}

/** a signal never aborted whose first look (after the templates are read, before any write) runs `then`: an edit saved at that moment */
class LookThen extends EventTarget {
  private looked = false;
  constructor(private readonly then: () => void) { super(); }
  get aborted(): boolean { if (!this.looked) { this.looked = true; this.then(); } return false; }
}

for (const threads of [0, 2]) {
  test(`a template file saved by another program after the import read it keeps that save and is refused as changed (${threads ? 'write threads' : 'callbacks'}); the others are written`, async () => {
    const dir = tempDir();
    try {
      const files = await fullProject(dir, 8);
      writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de'));
      const before = tree(dir);
      const de = Object.keys(before).filter((f) => f.endsWith('.de.yaml')).sort();
      const edited = de[3]!;
      const signal = new LookThen(() => appendFileSync(path.join(dir, edited), '# saved by an editor\n')) as unknown as AbortSignal;
      const r = await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf'], dir, false, signal, { early: false, threads, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') });
      assert.is(readFileSync(path.join(dir, edited), 'utf8'), `${before[edited]}# saved by an editor\n`, 'the save is kept');
      const rel = (f: string): string => path.relative(dir, path.resolve(dir, f));
      assert.equal(r.refusals.map((x) => x.message), [`${rel(edited)}: changed while tplsync ran: not written, run again`]);
      assert.equal(r.written.map((w) => rel(w.file)).sort(), de.filter((f) => f !== edited).map(rel).sort());
      const after = tree(dir);
      for (const f of de) if (f !== edited) assert.is.not(after[f], before[f], `${f} written`);
    } finally { cleanup(dir); }
  });
}

test.run();
