// One import run of several translation files: a later file reads what an earlier one wrote (the
// same target language twice: both files' texts end in the file; a chain en_US -> de -> fr: the
// de files the first one created are the sources of the second). The import lets go of a
// language's templates once no later file reads it; these hold that it keeps them while one does.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { writeTranslations } from '../src/translations/formats.ts';
import { groupByTemplate, importOrder } from '../src/translations/apply.ts';
import fc from 'fast-check';
import { extractUnits, type TemplateFile } from '../src/translations/units.ts';
import { shift, writeTranslationsProject } from '../bench/translations-fixture.ts';
import { cleanup, cliIn, tempDir } from './helpers.ts';

async function templates(dir: string): Promise<(TemplateFile & { abs: string })[]> {
  const config = await loadConfig({ cwd: dir });
  return (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, abs: f.abs, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
}

test('the same target language in two files of one run: the second edits what the first wrote', async () => {
  const dir = tempDir();
  try {
    writeTranslationsProject(dir, 3);
    const files = await templates(dir);
    const units = extractUnits(files, 'en_US', 'de');
    const body = units.filter((u) => u.field === 'body.text' || u.field === 'body');
    const rest = units.filter((u) => !body.includes(u));
    assert.ok(body.length > 0 && rest.length > 0, 'the fixture has body texts and others');
    mkdirSync(path.join(dir, 'in'));
    writeFileSync(path.join(dir, 'in', 'a.xlf'), writeTranslations('xliff', body.map((u) => ({ ...u, target: shift(u.source, 4) })), 'en_US', 'de'));
    writeFileSync(path.join(dir, 'in', 'b.xlf'), writeTranslations('xliff', rest.map((u) => ({ ...u, target: shift(u.source, 6) })), 'en_US', 'de'));
    const r = await importTranslations(await loadConfig({ cwd: dir }), ['in/a.xlf', 'in/b.xlf'], dir);
    assert.equal(r.refusals, []);
    const after = extractUnits(await templates(dir), 'en_US', 'de');
    for (const u of after) {
      const want = shift(u.source, body.some((b) => b.id === u.id) ? 4 : 6);
      assert.is(u.target, want, `${u.id}: both files' texts are in the file`);
      assert.not.ok(u.outdated, `${u.id}: its record holds both files' hashes`);
    }
  } finally { cleanup(dir); }
});

// named in either order: a file whose source another file writes is imported after it
for (const named of [['in/de.xlf', 'in/fr.xlf'], ['in/fr.xlf', 'in/de.xlf']]) test(`a chain in one run (${named.join(', ')}): en_US -> de creates the de files, de -> fr reads them as its sources`, async () => {
  const dir = tempDir();
  try {
    writeTranslationsProject(dir, 3, { sourceOnly: true });
    const files = await templates(dir);
    const toDe = extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 2) }));
    // what the de files will hold once written, exported as a translator's de -> fr file
    const toFr = toDe.map((u) => ({ ...u, source: u.target, target: shift(u.target, 3) }));
    mkdirSync(path.join(dir, 'in'));
    writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', toDe, 'en_US', 'de'));
    writeFileSync(path.join(dir, 'in', 'fr.xlf'), writeTranslations('xliff', toFr, 'de', 'fr'));
    const r = await importTranslations(await loadConfig({ cwd: dir }), named, dir);
    assert.equal(r.refusals, []);
    assert.equal(r.skipped, []);
    assert.is(r.written.filter((w) => w.created).length, 6, 'three de files and three fr files created');
    const fr = extractUnits(await templates(dir), 'de', 'fr');
    assert.is(fr.length, toFr.length);
    for (const u of fr) assert.is(u.target, shift(u.source, 3), `${u.id}: the fr text made from the de text the run wrote`);
  } finally { cleanup(dir); }
});

test('two files of one language, one refusing a unit of a template the other wrote: the refusal names its file, the file is counted once', async () => {
  const dir = tempDir();
  try {
    writeTranslationsProject(dir, 2);
    const units = extractUnits(await templates(dir), 'en_US', 'de');
    mkdirSync(path.join(dir, 'in'));
    // a.xlf: every text but template_0's with placeholders; b.xlf: the same translations, and those (no unit translated two ways: that is a conflict, test/translations-cli.test.ts)
    const withPh = (u: (typeof units)[number]): boolean => u.template.endsWith('template_0') && u.placeholders.length > 0;
    writeFileSync(path.join(dir, 'in', 'a.xlf'), writeTranslations('xliff', units.filter((u) => !withPh(u)).map((u) => ({ ...u, target: shift(u.source, 4) })), 'en_US', 'de'));
    // b.xlf: template_0's body with a placeholder it does not have
    const tampered = units.map((u) => ({ ...u, target: withPh(u) ? `${shift(u.source, 4)} {{nope}}` : shift(u.source, 4) }));
    assert.ok(tampered.some((u) => u.target.includes('{{nope}}')), 'the fixture has a placeholder to tamper with');
    writeFileSync(path.join(dir, 'in', 'b.xlf'), writeTranslations('xliff', tampered, 'en_US', 'de'));
    const r = await cliIn(['translations', 'import', 'in/a.xlf', 'in/b.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^nothing written from in\/b\.xlf for shop-[a-z]+\/template_0$/m);
    assert.not.match(r.stderr, /^nothing written for/m);
    // a.xlf wrote both files; b.xlf's template_1 is what a.xlf wrote: two files, each listed once
    assert.is(r.stdout.split('\n').filter((l) => /^updated /.test(l)).length, 2, r.stdout);
    assert.match(r.stdout, /^2 files written; 1 refused/m);
  } finally { cleanup(dir); }
});

test('importOrder: after the files that write its source; else as given; a cycle as given', () => {
  const f = (s: string) => s.split(' ').map((p) => { const [source, target] = p.split('>'); return { source: source!, target: target! }; });
  assert.equal(importOrder(f('en>de en>fr')), [0, 1]);
  assert.equal(importOrder(f('de>fr en>de')), [1, 0]);
  assert.equal(importOrder(f('pt>es de>it en>pt en>de')), [2, 0, 3, 1]);
  assert.equal(importOrder(f('de>fr fr>de')), [0, 1]);
  // a file outside the cycle first; then the cycle's files, as given
  assert.equal(importOrder(f('fr>it de>fr fr>de en>es')), [3, 0, 1, 2]);
  assert.equal(importOrder([]), []);
});

test('groupByTemplate: each template\'s units in file order, whatever their ids (the group of the unit before taken without a lookup)', () => {
  // ids from a few parts with ':' in them, so that one template's name is another's prefix
  // (shop/a and shop/a:b), units of one template apart and together, and ids without a template
  const part = fc.constantFrom('shop/a', 'shop/ab', 'shop/a:b', 'x', 'x:y', '', 'body.text', 'buttons.0.text');
  const id = fc.tuple(part, fc.constantFrom(':', ':', ''), part).map(([a, sep, b]) => `${a}${sep}${b}`);
  fc.assert(fc.property(fc.array(id, { maxLength: 40 }), (ids) => {
    const entries = ids.map((x, line) => ({ id: x, target: '', line }) as unknown as Parameters<typeof groupByTemplate>[0][number]);
    const naive = new Map<string, number[]>();
    for (const e of entries) {
      const i = e.id.lastIndexOf(':');
      const t = i > 0 ? e.id.slice(0, i) : '';
      (naive.get(t) ?? naive.set(t, []).get(t)!).push(e.line);
    }
    const got = [...groupByTemplate(entries)].map(([t, es]) => [t, es.map((e) => e.line)]);
    assert.equal(got, [...naive]);
  }), { seed: 27, numRuns: 500 });
});

test.run();
