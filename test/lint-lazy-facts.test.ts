// A lint run without a cache works out each file's translation hashes and variant facts only when
// a rule reads them (FileLintOptions.lazyFacts, translationFacts, deferredVariantFacts): the
// results, written as JSON (what the cache keeps) or read through, are those of the eager facts,
// on every sample template and every kind of the benchmark corpora; and translation-outdated and
// variant-mismatch find the same findings on lazy facts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes, type FileResult, type PathFinding } from '../src/lint/engine.ts';
import { textHash } from '../src/translations/units.ts';
import { templateText } from '../bench/generate.ts';
import { ROOT } from './helpers.ts';

const now = new Date('2026-11-25T12:00:00Z');
const samples = ['whatsapp', 'rcs'].flatMap((d) => readdirSync(path.join(ROOT, 'templates', d)).map((f) => [`${d}/${f}`, readFileSync(path.join(ROOT, 'templates', d, f), 'utf8')] as const));
const generated = Array.from({ length: 72 }, (_, i) => [`gen_${i}.yaml`, templateText(i, (['mix', 'realistic', 'dirty'] as const)[i % 3])] as const);
const lint = (file: string, text: string, lazyFacts: boolean): FileResult => lintBytes(file, Buffer.from(text), { now, ...(lazyFacts ? { lazyFacts } : {}) });

test('lazy facts: the same result as JSON and as read, for every sample and every generated kind', () => {
  let hashed = 0;
  let deferred = 0;
  for (const [file, text] of [...samples, ...generated]) {
    const eager = lint(file, text, false);
    // as JSON before anything read the hashes (the cache's road), then read through
    assert.is(JSON.stringify(lint(file, text, true)), JSON.stringify(eager), file);
    const lazy = lint(file, text, true);
    // the road is taken: facts whose hashes are not worked out yet (not a plain object)
    if (Object.getPrototypeOf(lazy.facts.translation) !== Object.prototype) deferred++;
    if (Object.getPrototypeOf(lazy.facts.variant) !== Object.prototype) deferred++;
    const v = lazy.facts.variant;
    const read = v && { kind: v.kind, ...(v.category ? { category: v.category } : {}), header: v.header, buttons: v.buttons, ...(v.cards ? { cards: v.cards } : {}), ...(v.suggestions ? { suggestions: v.suggestions } : {}), ...(v.rcsCards ? { rcsCards: v.rcsCards } : {}), placeholders: v.placeholders };
    assert.equal(read, eager.facts.variant, `${file}: variant facts read one by one`);
    assert.equal(lazy.facts.translation?.hashes, eager.facts.translation?.hashes, file);
    assert.is(lazy.facts.translation?.from, eager.facts.translation?.from, file);
    assert.is(JSON.stringify(lazy), JSON.stringify(eager), `${file}, after the hashes were read`);
    hashed += Object.keys(eager.facts.translation?.hashes ?? {}).length;
  }
  assert.ok(hashed > 200, `texts hashed: ${hashed}`);
  assert.ok(deferred > 2 * generated.length, `files with deferred hashes: ${deferred}`);
});

test('lazy facts: translation-outdated and variant-mismatch find what they find on eager facts', () => {
  const source = templateText(0, 'clean');
  const body = /^ {2}text: "(.*)"$/m.exec(source)![1]!;
  const translated = (language: string, bodyHash: string) => source
    .replace(/^language: \S+$/m, `language: ${language}`)
    .concat(`translated_from:\n  language: en_US\n  texts:\n    body.text: "${bodyHash}"\n    footer: "${textHash('Reply STOP to opt out')}"\n`);
  const files = [
    ['en.yaml', source],
    ['de.yaml', translated('de', '00000000')], // made from another source text: outdated
    ['fr.yaml', translated('fr', textHash(body))], // up to date
    ['it.yaml', translated('it', textHash(body)).replace('{{customer}}', '{{client}}')], // a variant that differs (a placeholder renamed)
  ] as const;
  // the findings at paths, as they come (a run places them on the files: lint-files.ts)
  const place = (found: readonly PathFinding[]) => found.map((f) => ({ file: f.file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: f.ruleId, message: `${f.path.join('.')}: ${f.message}` }));
  const run = (lazy: boolean) => finishProject(files.map(([f, t]) => lint(f, t, lazy)), { severities: {}, place });
  const eager = run(false);
  assert.equal(run(true), eager);
  assert.equal(eager.filter((d) => d.ruleId === 'translation-outdated').map((d) => d.file), ['de.yaml']);
  assert.equal(eager.filter((d) => d.ruleId === 'variant-mismatch').map((d) => d.file), ['it.yaml']);
});

test.run();
