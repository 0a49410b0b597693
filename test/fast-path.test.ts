// The fast read (js-yaml, no positions) is only an optimisation: for any input, linting with
// it must give exactly what the position-keeping parse gives, facts and spans included.
import { isUtf8 } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { lintBytes, lintClean, lintParsed } from '../src/lint/engine.ts';
import { parseTemplateBytes } from '../src/files/parse.ts';
import { fastValue, topLevelScalarSpan } from '../src/files/fast-parse.ts';
import { locate, locateRange, type Path } from '../src/files/locate.ts';
import { indexText, locateRangeText, locateText } from '../src/files/text-locate.ts';
import { ROOT } from './helpers.ts';
import { mutate } from './arbitraries.ts';

const now = new Date('2026-01-01T00:00:00Z');
// keepValue: the plain value each path reads is compared too
const slow = (bytes: Uint8Array) => lintParsed(parseTemplateBytes('t.yaml', bytes), { now, keepValue: true });
const fast = (bytes: Uint8Array) => lintBytes('t.yaml', bytes, { now, keepValue: true });

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

/** every path of a plain value, and under each mapping a key that is not there */
function paths(v: unknown, at: Path = []): Path[] {
  const out: Path[] = [at];
  if (Array.isArray(v)) { v.forEach((x, i) => out.push(...paths(x, [...at, i]))); out.push([...at, v.length], [...at, 'x']); }
  else if (v && typeof v === 'object') { for (const [k, x] of Object.entries(v)) out.push(...paths(x, [...at, k])); out.push([...at, 'missing', 0]); }
  return out;
}

/** the text locator answers as the yaml locator does wherever it answers at all; how often it answered */
function sameSpans(bytes: Uint8Array): number {
  // lint reads text only from valid UTF-8 (anything else is an encoding finding)
  if (!isUtf8(bytes)) return 0;
  const text = Buffer.from(bytes).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) return 0;
  const doc = indexText(text);
  if (!doc || (!doc.value && fastValue(text) === undefined)) return 0;
  // one parse for both questions below (it was made twice for each file the text path read whole)
  const parsed = parseTemplateBytes('t.yaml', bytes);
  if (doc.value) {
    // a value read off the text is the value yaml gives, of a file yaml reads without a complaint
    assert.equal(parsed.problems, [], text);
    assert.equal(doc.value, parsed.value, text);
  }
  if (!parsed.doc) return 0;
  let answered = 0;
  for (const p of paths(parsed.value)) {
    for (const part of ['key', 'value'] as const) {
      const s = locateText(doc, p, part);
      if (s) { answered++; assert.equal(s, locate(parsed, p, part), `${JSON.stringify(p)} ${part}`); }
    }
    let v: unknown = parsed.value;
    for (const seg of p) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[seg] : undefined;
    if (typeof v === 'string' && v.length > 0) {
      for (const [a, b] of [[0, v.length], [0, 1], [v.length - 1, v.length], [v.length >> 1, v.length], [0, 0]] as const) {
        const s = locateRangeText(doc, p, v, a, b);
        if (s) { answered++; assert.equal(s, locateRange(parsed, p, v, a, b), `${JSON.stringify(p)} [${a}, ${b})`); }
      }
    }
  }
  return answered;
}

test('the text locator places the findings of generated files with findings, without the yaml parse', () => {
  for (let i = 0; i < 60; i++) {
    for (const kind of ['realistic', 'dirty'] as const) {
      const text = templateText(i, kind);
      assert.ok(indexText(text), `${kind} ${i}`);
      assert.ok(sameSpans(Buffer.from(text)) > 10);
    }
  }
});

test('emoji and other astral characters: the text path, with the spans yaml gives', () => {
  for (let i = 0; i < 12; i++) {
    const text = templateText(i, 'realistic').replace('Hi {{customer}}', 'Hi 🎉 {{customer}} 👋🏽').replace('Track parcel', 'Track 📦 parcel');
    assert.ok(indexText(text)?.value, `${i}`);
    const b = Buffer.from(text);
    assert.equal(fast(b), slow(b));
    assert.ok(sameSpans(b) > 10);
  }
});

test('property: the text locator gives the spans yaml gives, for every path, key and range', () => {
  let answered = 0;
  fc.assert(fc.property(mutated, (bytes) => { answered += sameSpans(bytes); }), { numRuns: 3000 });
  assert.ok(answered > 1000, `answered ${answered}`);
});

test('the text locator leaves what it cannot prove to the parser', () => {
  const sample = 'channel: x\nbody:\n  text: |\n    Hi\n  examples: { a: [1] }\n';
  const doc = indexText(sample)!;
  assert.is(doc.value, undefined);
  assert.is(locateText(doc, ['body', 'text']), undefined);
  assert.is(locateText(doc, ['body', 'examples', 'a']), undefined);
  assert.ok(locateText(doc, ['body', 'text'], 'key'));
  for (const partial of ['a: "\\n"\n', 'a: 1.5\n', 'a: -1\n', 'a:\nb: 1\n', 'a: x\n  y\n', 'a: [b:c]\n']) assert.is(indexText(partial)?.value, undefined, partial);
  for (const odd of ['a: 1\r2: b\n', 'a:\tb\n', '--- \na: 1\n', '"q": 1\n', 'true: 1\n', '  a: 1\n']) assert.is(indexText(odd), undefined, odd);
});

test.run();
