// The texts lint hashes for every file (textsOf: path and text only, for translation-outdated)
// are exactly those of textFields (what `translations export` and `translated_from` use), in the
// same order; and textHash (the one-shot crypto.hash) is the first 8 hex digits of the SHA-256
// of the text's UTF-8, as translated files keep it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { textFields, textHash, textsOf } from '../src/translations/units.ts';
import { templateText } from '../bench/generate.ts';
import { ROOT } from './helpers.ts';

const samples = ['whatsapp', 'rcs'].flatMap((d) => readdirSync(path.join(ROOT, 'templates', d)).map((f) => path.join(ROOT, 'templates', d, f)));

test('textsOf gives the paths and texts of textFields, in order, for every sample template and every kind of the mix', () => {
  const values = [
    ...samples.map((f) => yaml.load(readFileSync(f, 'utf8')) as Record<string, unknown>),
    ...Array.from({ length: 48 }, (_, i) => yaml.load(templateText(i, i % 2 ? 'mix' : 'dirty')) as Record<string, unknown>),
  ];
  assert.ok(values.length > 60);
  let texts = 0;
  for (const v of values) {
    const lean = textsOf(v);
    assert.equal(lean.map((f) => [f.path, f.text]), textFields(v).map((f) => [f.path, f.text]));
    texts += lean.length;
  }
  assert.ok(texts > values.length * 2, 'texts found');
});

test('property: textHash is the first 8 hex digits of the SHA-256 of the UTF-8 text', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
    assert.is(textHash(s), createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 8));
  }), { seed: 21, numRuns: 500 });
});

test.run();
