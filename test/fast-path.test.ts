// The fast read (js-yaml, no positions) is only an optimisation: for any input, linting with
// it must give exactly what the position-keeping parse gives, facts and spans included.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { lintBytes, lintClean, lintParsed } from '../src/lint/engine.ts';
import { parseTemplateBytes } from '../src/files/parse.ts';
import { topLevelScalarSpan } from '../src/files/fast-parse.ts';
import { ROOT } from './helpers.ts';
import { mutate } from './arbitraries.ts';

const now = new Date('2026-01-01T00:00:00Z');
const slow = (bytes: Uint8Array) => lintParsed(parseTemplateBytes('t.yaml', bytes), { now });
const fast = (bytes: Uint8Array) => lintBytes('t.yaml', bytes, { now });

const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(path.join(ROOT, 'templates', f)));

test('the fast path is taken for clean sample files', () => {
  let taken = 0;
  for (const s of samples) if (lintClean('t.yaml', s.toString('utf8'), { now })) taken++;
  assert.ok(taken >= samples.length - 2, `fast path taken for ${taken} of ${samples.length}`);
  for (let i = 0; i < 20; i++) assert.ok(lintClean('t.yaml', templateText(i), { now }), `generated template ${i}`);
});

test('clean files: identical results, spans of facts included', () => {
  for (const s of samples) assert.equal(fast(s), slow(s));
  for (let i = 0; i < 50; i++) { const b = Buffer.from(templateText(i)); assert.equal(fast(b), slow(b)); }
});

test('CRLF files: the same findings at the same positions on both paths', () => {
  for (const bytes of samples) {
    const crlf = Buffer.from(bytes.toString('utf8').replace(/\n/g, '\r\n'));
    assert.equal(fast(crlf), slow(crlf));
    const broken = Buffer.from(crlf.toString('utf8').replace('category: ', 'category: X'));
    assert.equal(fast(broken), slow(broken));
  }
});

test('top-level scalar spans match the parser for quoting and comments', () => {
  for (const line of ['name: abc', 'name: "abc"  # c', "name: 'a''b'", 'name: abc # c', 'name: "a\\"b"']) {
    const text = `channel: x\n${line}\nlanguage: en\n`;
    const parsed = slow(Buffer.from(`${text}category: UTILITY\nbody: { text: "Hello there, this is a body text." }\n`));
    assert.equal(topLevelScalarSpan(text, 'name'), parsed.facts.identitySpan, line);
  }
  assert.is(topLevelScalarSpan('name: |\n  x\n', 'name'), undefined);
  assert.is(topLevelScalarSpan('name: a\n  b\n', 'name'), undefined);
});

const mutated = mutate([...samples, ...Array.from({ length: 10 }, (_, i) => Buffer.from(templateText(i)))], ' :-#"\'\n{}[]&*|>!%@\tabz019_.,?\\`=~^$', 8);

test('property: fast and full reads agree on every mutated file', () => {
  fc.assert(fc.property(mutated, (bytes) => { assert.equal(fast(bytes), slow(bytes)); }), { numRuns: 4000 });
});

test.run();
