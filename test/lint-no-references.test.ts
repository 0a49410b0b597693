// lintDocument skips the walk for references to environment values (`((name))`) when the text
// reader gave the value and the text holds no `((` (engine.ts textHasNoReference): sound only if
// no string the text reader makes can hold `((` when its text does not. Held here on generated
// scalars of every kind the reader reads (plain, single-quoted with doubled quotes, double-quoted,
// in flow collections), made of parentheses, quotes and backslashes; and the lint results of
// files with references are the same whether or not the walk ran.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openDocument } from '../src/files/document.ts';
import { hasReferences, mayReference } from '../src/model/values.ts';
import { lintBytes } from '../src/lint/engine.ts';

const now = new Date('2026-11-25T12:00:00Z');
const piece = fc.constantFrom('(', '((', ')', "'", "''", '"', '\\', 'a', ' ', 'x(', '(y', '{{1}}');
const text = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(''));

/** a scalar as YAML writes it in one of the layouts the text reader proves */
const scalar = fc.tuple(text, fc.constantFrom('plain', 'single', 'double')).map(([s, how]) =>
  how === 'single' ? `'${s.replaceAll("'", "''")}'` : how === 'double' ? `"${s.replaceAll('\\', '').replaceAll('"', '')}"` : `x ${s.replaceAll('#', '').replaceAll(': ', ' ')}`.trim());

const file = fc.tuple(scalar, scalar, scalar).map(([a, b, c]) =>
  `channel: shop\nname: t\nlanguage: en\ncategory: UTILITY\nbody:\n  text: ${a}\nfooter: ${b}\nbuttons: [${c.startsWith('x') ? 'ok' : c}]\n`);

test('a text the text reader reads, without "((", gives no string that may hold a reference', () => {
  let read = 0;
  fc.assert(fc.property(file, (t) => {
    const doc = openDocument('t.yaml', t);
    if (doc.reader !== 'text' || !doc.value) return;
    read++;
    if (!mayReference(doc.text)) assert.not.ok(hasReferences(doc.value), t);
  }), { numRuns: 2000 });
  assert.ok(read > 500, `${read} read by the text reader`);
});

test('references are found as before in files the text reader reads', () => {
  const t = 'channel: shop\nname: t\nlanguage: en\ncategory: UTILITY\nbody:\n  text: "Call ((support_phone)) now"\nbuttons:\n  - type: URL\n    text: Open\n    url: ((site))/x\n';
  const doc = openDocument('t.yaml', t);
  assert.is(doc.reader, 'text');
  const r = lintBytes('t.yaml', Buffer.from(t), { now });
  assert.equal(r.facts.references?.map((x) => x.name), ['support_phone', 'site']);
});

test.run();
