// Translation files read on a worker thread (src/translations/parse-ahead.ts) while the templates
// are read: an import's XLIFF files, and the files an export replaces. These hold that the road
// changes nothing but which thread reads: the same imports and exports, refusals at the same
// lines, with the worker and without it; that the road is taken (the worker's count); and that a
// worker that fails to start or ends gives its files back to the calling thread.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations, type ImportResult } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { readTranslations, writeTranslations } from '../src/translations/formats.ts';
import { parseAhead, parseAheadStats, parseHere } from '../src/translations/parse-ahead.ts';
import { extractUnits, type TemplateFile } from '../src/translations/units.ts';
import { shift, writeTranslationsProject } from '../bench/translations-fixture.ts';
import { cleanup, ROOT, tempDir } from './helpers.ts';

async function templates(dir: string): Promise<TemplateFile[]> {
  const config = await loadConfig({ cwd: dir });
  return (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
}

/** every template file under dir, by path */
function tree(dir: string, files: readonly string[]): Record<string, string> {
  return Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));
}

/** a project of n templates in 10 languages, and XLIFF files for de and fr with every text changed; fr broken at its third unit when `broken` */
async function project(dir: string, n: number, broken: boolean): Promise<void> {
  writeTranslationsProject(dir, n);
  mkdirSync(path.join(dir, 'in'));
  const files = await templates(dir);
  writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de'));
  const fr = writeTranslations('xliff', extractUnits(files, 'en_US', 'fr').map((u) => ({ ...u, target: shift(u.source, 6) })), 'en_US', 'fr');
  const at = fr.split('<target').slice(0, 4).join('<target').length;
  writeFileSync(path.join(dir, 'in', 'fr.xlf'), broken ? `${fr.slice(0, at)}<target xml:space="preserve">&nbsp;${fr.slice(at + '<target xml:space="preserve">'.length)}` : fr);
}

const shape = (r: ImportResult) => ({ written: r.written.map((w) => [w.file, w.created, w.units]).sort(), refusals: r.refusals.map((x) => [x.file, x.line, x.id, x.message]), unchanged: [...r.unchanged].sort(), early: r.early });

for (const broken of [false, true]) {
  test(`an import whose XLIFF files are read on a worker thread writes what an import reading them itself writes${broken ? ' (one file broken: refused at the same line)' : ''}`, async () => {
    const base = tempDir();
    try {
      const results: ImportResult[] = [];
      const trees: Record<string, string>[] = [];
      for (const parse of [true, false]) {
        const dir = path.join(base, String(parse));
        await project(dir, 12, broken);
        const config = await loadConfig({ cwd: dir });
        const before = parseAheadStats.parsed;
        results.push(await importTranslations(config, ['in/de.xlf', 'in/fr.xlf'], dir, false, undefined, { parseAhead: parse }));
        // the worker read both files (the broken one answers with its error, not as read)
        assert.is(parseAheadStats.parsed - before, parse ? (broken ? 1 : 2) : 0, 'the files read on the worker');
        trees.push(tree(dir, (await discoverFiles(config, [], dir)).map((f) => f.file)));
      }
      const [ahead, here] = results as [ImportResult, ImportResult];
      assert.equal(shape(ahead), shape(here));
      assert.ok(ahead.written.length >= (broken ? 12 : 24), `${ahead.written.length} written`);
      if (broken) assert.match(ahead.refusals[0]!.message, /not well-formed XML/);
      assert.equal(trees[0], trees[1]);
    } finally { cleanup(base); }
  });
}

test('an export reads the files it replaces on a worker thread: a translator\'s work not imported is kept, as without it; a file that holds the export already is neither read nor written', async () => {
  const base = tempDir();
  try {
    const said: string[][] = [];
    for (const parse of [true, false]) {
      const dir = path.join(base, String(parse));
      writeTranslationsProject(dir, 8);
      const config = await loadConfig({ cwd: dir });
      const o = { source: 'en_US', targets: ['de', 'fr'], format: 'xliff' as const, out: 'tr', parseAhead: parse };
      await exportTranslations(config, [], dir, o);
      // a translator fills in de (not imported yet); fr is left as exported
      const files = await templates(dir);
      writeFileSync(path.join(dir, 'tr', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 3) })), 'en_US', 'de'));
      const deBefore = readFileSync(path.join(dir, 'tr', 'de.xlf'), 'utf8');
      const before = parseAheadStats.parsed;
      const again = await exportTranslations(config, [], dir, o);
      assert.is(parseAheadStats.parsed - before, parse ? 1 : 0, 'de read on the worker; fr, as exported, not read at all');
      assert.match(again[0]!.skipped ?? '', /translations? that the templates do not have yet/);
      assert.is(again[1]!.skipped, undefined);
      assert.is(again[1]!.unchanged, true, 'fr holds the export already');
      assert.is(readFileSync(path.join(dir, 'tr', 'de.xlf'), 'utf8'), deBefore, 'the translator\'s file kept');
      said.push(again.map((r) => `${r.file}: ${r.skipped ?? r.units}`));
    }
    assert.equal(said[0], said[1]);
  } finally { cleanup(base); }
});

test('a worker that fails to start, or ends before answering, leaves its files to the calling thread: the same answers', async () => {
  const dir = tempDir();
  try {
    writeTranslationsProject(dir, 4);
    const files = await templates(dir);
    const text = writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 5) })), 'en_US', 'de');
    const broken = text.replace('<segment', '<segment><bad');
    const inputs = [{ format: 'xliff' as const, text }, { format: 'xliff' as const, text: broken }, { format: 'po' as const, text: 'msgid "x"\n' }];
    const expected = inputs.map((f) => parseHere(f.format, f.text));
    const failing = path.join(dir, 'failing-worker.mjs');
    writeFileSync(failing, "throw new Error('the worker fails as it starts');\n");
    const ending = path.join(dir, 'ending-worker.mjs');
    writeFileSync(ending, "import { parentPort } from 'node:worker_threads';\nparentPort.once('message', () => process.exit(0));\n");
    for (const workerFile of [failing, ending]) {
      const ahead = parseAhead(inputs, { minChars: 0, workerFile });
      assert.ok(ahead, 'a worker was started');
      try {
        for (const [k, e] of expected.entries()) {
          const got = await ahead.result(k);
          if ('doc' in e) assert.equal('doc' in got ? got.doc : got, e.doc);
          else assert.equal('error' in got ? [got.error.message, got.error.line] : got, [e.error.message, e.error.line]);
        }
      } finally { ahead.close(); }
    }
    // and the real worker, as built and as the command line's bundle has it beside itself, gives readTranslations' answers to the letter
    for (const workerFile of [path.join(ROOT, 'dist', 'translations', 'parse-worker.js'), path.join(ROOT, 'dist', 'bundle', 'parse-worker.js')]) {
      assert.ok(existsSync(workerFile), `${workerFile} is missing (npm run build makes it)`);
      const before = parseAheadStats.parsed;
      const ahead = parseAhead(inputs, { minChars: 0, workerFile });
      assert.ok(ahead);
      try {
        const got = await ahead.result(0);
        assert.equal('doc' in got ? got.doc : got, readTranslations('xliff', text));
        const bad = await ahead.result(1);
        assert.ok('error' in bad && 'error' in expected[1]! && bad.error.line === expected[1].error.line && bad.error.message === expected[1].error.message);
        assert.ok(parseAheadStats.parsed > before, 'read on the worker');
      } finally { ahead.close(); }
    }
  } finally { cleanup(dir); }
});

test('a first import plans and writes a language as soon as its file is read, while the worker reads the next ones', async () => {
  // the worker answers the first file (de) and holds the second (fr) until the import has written a de file: an import
  // that waited for every file before planning any would never write one (the worker then answers after a minute, and says so)
  const dir = tempDir();
  try {
    writeTranslationsProject(dir, 6, { sourceOnly: true });
    mkdirSync(path.join(dir, 'in'));
    const files = await templates(dir);
    for (const [k, l] of ['de', 'fr'].entries()) writeFileSync(path.join(dir, 'in', `${l}.xlf`), writeTranslations('xliff', extractUnits(files, 'en_US', l).map((u) => ({ ...u, target: shift(u.source, k + 2) })), 'en_US', l));
    const awaited = path.join(dir, 'templates', '0', 'template_0.de.yaml');
    const said = path.join(dir, 'worker-saw');
    const worker = path.join(dir, 'holding-worker.mjs');
    writeFileSync(worker, [
      "import { existsSync, writeFileSync } from 'node:fs';",
      "import { parentPort } from 'node:worker_threads';",
      `import { readTranslations } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', 'translations', 'formats.js')).href)};`,
      'parentPort.on(\'message\', async (m) => {',
      '  if (m.k === 1) {',
      '    const until = Date.now() + 60000;',
      `    while (!existsSync(${JSON.stringify(awaited)}) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));`,
      `    writeFileSync(${JSON.stringify(said)}, existsSync(${JSON.stringify(awaited)}) ? 'written first' : 'not written in a minute');`,
      '  }',
      '  parentPort.postMessage({ k: m.k, doc: readTranslations(m.format, m.text) });',
      '});',
    ].join('\n'));
    const config = await loadConfig({ cwd: dir });
    const before = parseAheadStats.parsed;
    const r = await importTranslations(config, ['in/de.xlf', 'in/fr.xlf'], dir, false, undefined, { parseAhead: true, parseWorkerFile: worker, threads: 0 });
    assert.is(parseAheadStats.parsed - before, 2, 'both files read on the worker');
    assert.is(readFileSync(said, 'utf8'), 'written first', 'the de files were written while the worker held fr');
    assert.is(r.refusals.length, 0);
    assert.equal(r.written.map((w) => w.file).sort(), files.flatMap((f) => ['de', 'fr'].map((l) => f.file.replace('.en_US.', `.${l}.`))).sort());
    assert.ok(r.written.every((w) => w.created));
  } finally { cleanup(dir); }
});

test('an export again with nothing changed writes no file (the same file, not replaced); a changed source text, a file edited by hand and a file gone are written again, each format', async () => {
  for (const format of ['xliff', 'po', 'csv'] as const) {
    const dir = tempDir();
    try {
      writeTranslationsProject(dir, 6);
      const config = await loadConfig({ cwd: dir });
      const o = { source: 'en_US', targets: ['de', 'fr', 'ja'], format, out: 'tr', parseAhead: false };
      const ext = { xliff: 'xlf', po: 'po', csv: 'csv' }[format];
      const file = (l: string): string => path.join(dir, 'tr', `${l}.${ext}`);
      const first = await exportTranslations(config, [], dir, o);
      assert.equal(first.map((r) => r.unchanged), [undefined, undefined, undefined], format);
      const ino = (l: string): number => statSync(file(l)).ino;
      const before = Object.fromEntries(o.targets.map((l) => [l, { ino: ino(l), text: readFileSync(file(l), 'utf8') }]));
      const again = await exportTranslations(config, [], dir, o);
      assert.equal(again.map((r) => r.unchanged), [true, true, true], format);
      for (const l of o.targets) assert.is(ino(l), before[l]!.ino, `${format} ${l}: not replaced`);
      // an English text changed: every file written again, with the new text
      const en = (await discoverFiles(config, [], dir)).find((f) => f.file.endsWith('.en_US.yaml'))!;
      const enText = readFileSync(en.abs, 'utf8');
      const changed = enText.replace(/(body:\n  text: ")/, '$1Now ');
      assert.is.not(changed, enText);
      writeFileSync(en.abs, changed);
      // ja edited by hand (a blank line added at the end): written again as the export has it; fr removed: written afresh
      writeFileSync(file('ja'), `${before.ja!.text}\n`);
      rmSync(file('fr'));
      const third = await exportTranslations(await loadConfig({ cwd: dir }), [], dir, o);
      assert.equal(third.map((r) => r.unchanged), [undefined, undefined, undefined], format);
      for (const l of o.targets) {
        assert.ok(readFileSync(file(l), 'utf8').includes('Now '), `${format} ${l}: the changed text`);
      }
      const fourth = await exportTranslations(await loadConfig({ cwd: dir }), [], dir, o);
      assert.equal(fourth.map((r) => r.unchanged), [true, true, true], format);
    } finally { cleanup(dir); }
  }
});

test.run();
