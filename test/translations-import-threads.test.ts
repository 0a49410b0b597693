// Import writes on two worker threads of its own in a large project (AtomicWriter's `threads`,
// chosen by the project's size). The files it writes there must be the files it writes on
// libuv's threads, byte for byte: a rewrite of every translated file and a first import that
// creates them, each imported both ways into copies of one project and the trees compared. The
// threads are asked for here (the size that chooses them is the bench's 2,000 templates) with the
// build's worker, as the command line finds it beside its bundle.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations, type ImportResult, type ImportWriting } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { writeTranslations } from '../src/translations/formats.ts';
import { extractUnits } from '../src/translations/units.ts';
import { TARGETS, shift, writeTranslationsProject } from '../bench/translations-fixture.ts';
import { cleanup, ROOT, tempDir } from './helpers.ts';

const WORKER = path.join(ROOT, 'dist', 'files', 'write-worker.js');
const N = 30;
const LANGS = TARGETS.slice(0, 3);

/** every file under `dir` (relative path -> bytes), the translation files left out */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const abs = path.join(dir, f);
    if (f.startsWith('in') || !f.endsWith('.yaml')) continue;
    out.set(f, readFileSync(abs, 'latin1'));
  }
  return out;
}

/** the translators' files: every text of LANGS changed from what the project holds */
async function translatorsFiles(dir: string): Promise<string[]> {
  const config = await loadConfig({ cwd: dir });
  const files = (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
  mkdirSync(path.join(dir, 'in'), { recursive: true });
  return LANGS.map((l, k) => {
    const units = extractUnits(files, 'en_US', l).map((u) => ({ ...u, target: shift(u.source, k + 3) }));
    const name = `in/${l}.xlf`;
    writeFileSync(path.join(dir, name), writeTranslations('xliff', units, 'en_US', l));
    return name;
  });
}

async function importInto(dir: string, names: string[], writing: ImportWriting): Promise<ImportResult> {
  return importTranslations(await loadConfig({ cwd: dir }), names, dir, false, undefined, writing);
}

test('the build has the write worker the threads run (npm run build makes it)', () => {
  assert.ok(existsSync(WORKER), `${WORKER} is missing`);
  assert.ok(existsSync(path.join(ROOT, 'dist', 'bundle', 'write-worker.js')), 'the command line bundle has no write worker beside it');
});

test('rewriting every translated file: the same bytes on worker threads as on libuv threads', async () => {
  const base = tempDir();
  try {
    const one = path.join(base, 'one');
    writeTranslationsProject(one, N);
    // the project holds every language of TARGETS: keep en_US and LANGS
    for (const f of readdirSync(one, { recursive: true }) as string[]) {
      const m = /\.([A-Za-z_]+)\.yaml$/.exec(f);
      if (m && m[1] !== 'en_US' && !LANGS.includes(m[1]!)) rmSync(path.join(one, f));
    }
    const names = await translatorsFiles(one);
    const two = path.join(base, 'two');
    cpSync(one, two, { recursive: true });
    const plain = await importInto(one, names, { threads: 0 });
    const threaded = await importInto(two, names, { threads: 2, workerFile: WORKER });
    assert.is(plain.onThreads, false);
    assert.is(threaded.onThreads, true, 'the writes were not made on the worker threads');
    assert.is(plain.refusals.length, 0, JSON.stringify(plain.refusals.slice(0, 3)));
    assert.is(plain.written.length, N * LANGS.length);
    assert.equal(threaded.written, plain.written);
    assert.equal(tree(two), tree(one));
    // nothing left of the writes: no temporary file, no spare
    const stray = (readdirSync(two, { recursive: true }) as string[]).filter((f) => !/\.(yaml|xlf)$/.test(f) && !existsSync(path.join(one, f)));
    assert.equal(stray, []);
    // and again: nothing to write either way
    const again = await importInto(two, names, { threads: 2, workerFile: WORKER });
    assert.is(again.written.length, 0);
    assert.is(again.unchanged.length, N * LANGS.length);
  } finally { cleanup(base); }
});

test('a first import that creates every translated file: the same bytes on worker threads as on libuv threads', async () => {
  const base = tempDir();
  try {
    const full = path.join(base, 'full');
    writeTranslationsProject(full, N);
    const names = await translatorsFiles(full);
    const one = path.join(base, 'one');
    writeTranslationsProject(one, N, { sourceOnly: true });
    cpSync(path.join(full, 'in'), path.join(one, 'in'), { recursive: true });
    const two = path.join(base, 'two');
    cpSync(one, two, { recursive: true });
    const plain = await importInto(one, names, { threads: 0 });
    const threaded = await importInto(two, names, { threads: 2, workerFile: WORKER });
    assert.is(threaded.onThreads, true);
    assert.is(plain.written.length, N * LANGS.length, JSON.stringify(plain.refusals.slice(0, 3)));
    assert.ok(threaded.written.every((w) => w.created));
    assert.equal(threaded.written, plain.written);
    assert.equal(tree(two), tree(one));
  } finally { cleanup(base); }
});

test.run();
