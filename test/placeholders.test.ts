// The placeholder scanner and compiler: examples, and properties over arbitrary text.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compileText, fullScan, numbering, renderText, scanPlaceholders, charLength, MAX_PLACEHOLDER_NUMBER, NAMED, NUMBERED, placeholderNameFor } from '../src/model/placeholders.ts';

test('scans named and numbered placeholders with offsets', () => {
  const s = scanPlaceholders('Hi {{name}}, order {{2}}.');
  assert.equal(s.placeholders.map((p) => [p.key, p.style, p.start, p.end]), [['name', 'named', 3, 11], ['2', 'numbered', 19, 24]]);
  assert.equal(s.texts, ['Hi ', ', order ', '.']);
  assert.equal(s.problems, []);
});

test('reports malformed braces by kind', () => {
  const kinds = (t: string) => scanPlaceholders(t).problems.map((p) => p.kind);
  assert.equal(kinds('a {{ 1 }} b'), ['whitespace']);
  assert.equal(kinds('a {{1} b'), ['unclosed']);
  assert.equal(kinds('a 1}} b'), ['unopened']);
  assert.equal(kinds('a {{}} b'), ['empty']);
  assert.equal(kinds('a {{0}} b'), ['zero']);
  assert.equal(kinds('a {{$x}} b'), ['forbidden']);
  assert.equal(kinds('a {{{1}}} b'), ['malformed']);
  assert.equal(kinds('a {{Name}} b'), ['malformed']);
  assert.equal(kinds('a {single} b'), []);
});

test('named placeholders are numbered by first appearance; numbered keep their number', () => {
  assert.equal([...numbering(scanPlaceholders('{{b}} {{a}} {{b}}').placeholders)], [['b', 1], ['a', 2]]);
  assert.equal(compileText('Hi {{customer}}, order {{order_id}} for {{customer}}'), 'Hi {{1}}, order {{2}} for {{1}}');
  assert.equal(compileText('Hi {{2}} and {{1}}'), 'Hi {{2}} and {{1}}');
});

test('renders samples into a text', () => {
  assert.equal(renderText('Hi {{name}}, {{x}}', { name: 'Ana' }), 'Hi Ana, {{x}}');
});

test('counts code points, as the platforms do', () => {
  assert.is(charLength('😀é'), 2);
});

const textArb = fc.string({ unit: fc.constantFrom('{', '}', 'a', '1', ' ', '_', '#', 'Z', '0', 'é', '\n'), maxLength: 60 });

test('property: scanning is total and loses nothing', () => {
  fc.assert(fc.property(textArb, (t) => {
    const s = scanPlaceholders(t);
    assert.is(s.texts.length, s.placeholders.length + 1);
    let rebuilt = s.texts[0]!;
    s.placeholders.forEach((p, i) => { rebuilt += p.raw + s.texts[i + 1]!; assert.is(t.slice(p.start, p.end), p.raw); });
    assert.is(rebuilt, t);
    for (const p of s.problems) assert.is(t.slice(p.start, p.end), p.raw);
  }), { numRuns: 2000 });
});

const nameArb = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
const templateArb = fc.array(fc.tuple(fc.stringMatching(/^[a-zA-Z ,.!]{1,10}$/), nameArb), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.map(([text, name]) => `${text}{{${name}}}`).join('') + ' end');

test('property: compiling named placeholders yields 1..n in order of first appearance, and rendering agrees', () => {
  fc.assert(fc.property(templateArb, (t) => {
    const named = scanPlaceholders(t);
    const compiled = compileText(t);
    const wire = scanPlaceholders(compiled);
    assert.is(wire.placeholders.length, named.placeholders.length);
    assert.ok(wire.placeholders.every((p) => p.style === 'numbered'));
    const map = numbering(named.placeholders);
    assert.equal([...new Set(wire.placeholders.map((p) => Number(p.key)))], [...map.values()]);
    assert.equal([...map.values()], Array.from({ length: map.size }, (_, i) => i + 1));
    // substituting by name or by number gives the same message
    const byName: Record<string, string> = {};
    const byNumber: Record<string, string> = {};
    for (const [k, n] of map) { byName[k] = `<${k}>`; byNumber[String(n)] = `<${k}>`; }
    assert.is(renderText(t, byName), renderText(compiled, byNumber));
    // compiling is idempotent
    assert.is(compileText(compiled), compiled);
  }), { numRuns: 1000 });
});

test('placeholder numbers are bounded: above MAX_PLACEHOLDER_NUMBER is a range problem, not a placeholder', () => {
  assert.is(MAX_PLACEHOLDER_NUMBER, 1000);
  const s = scanPlaceholders('a {{1000}} b {{1001}} c {{99999999999999999999}} d {{0001}} e');
  assert.equal(s.placeholders.map((p) => p.key), ['1000']);
  assert.equal(s.problems.map((p) => [p.kind, p.raw]), [['range', '{{1001}}'], ['range', '{{99999999999999999999}}'], ['zero', '{{0001}}']]);
  // nothing downstream ever sees the number: compiling leaves the text as it is
  assert.is(compileText('Hi {{99999999999999999999}} there'), 'Hi {{99999999999999999999}} there');
  assert.equal([...numbering(scanPlaceholders('{{2}} {{99999999}}').placeholders)], [['2', 2]]);
});

const digits = fc.oneof(fc.integer({ min: 0, max: 5000 }).map(String), fc.stringMatching(/^[0-9]{1,30}$/));
const numberedText = fc.array(fc.oneof(digits.map((d) => `{{${d}}}`), fc.constantFrom('a', ' ', '{', '}', '{{', 'x}}')), { maxLength: 20 }).map((xs) => xs.join(''));

test('property: every numbered placeholder is within 1..MAX; every larger number is one range problem on its own text', () => {
  fc.assert(fc.property(numberedText, (t) => {
    const s = scanPlaceholders(t);
    for (const p of s.placeholders) if (p.style === 'numbered') assert.ok(Number(p.key) >= 1 && Number(p.key) <= MAX_PLACEHOLDER_NUMBER, p.raw);
    for (const p of s.problems) {
      assert.is(t.slice(p.start, p.end), p.raw);
      const inner = p.raw.slice(2, -2);
      if (p.kind === 'range') assert.ok(NUMBERED.test(inner) && BigInt(inner) > BigInt(MAX_PLACEHOLDER_NUMBER), p.raw);
    }
    // placeholders and problems never overlap and come in order
    const spans = [...s.placeholders, ...s.problems].sort((a, b) => a.start - b.start);
    for (let i = 1; i < spans.length; i++) assert.ok(spans[i]!.start >= spans[i - 1]!.end, t);
  }), { seed: 1101, numRuns: 2000 });
});

/** runs `fn` counting the characters String.prototype.indexOf examines (a measure of work, not of time) */
function charactersSearched(fn: () => void): number {
  const original = String.prototype.indexOf;
  let n = 0;
  String.prototype.indexOf = function (this: string, needle: string, from?: number): number {
    const at = original.call(this, needle, from);
    n += (at < 0 ? this.length : at + needle.length) - Math.max(0, from ?? 0);
    return at;
  };
  try { fn(); } finally { String.prototype.indexOf = original; }
  return n;
}

test('the scanner reads a text a bounded number of times, whatever it holds (no quadratic rescans)', () => {
  for (const text of ['{{'.repeat(20_000), '}}'.repeat(20_000), '{{a'.repeat(20_000) + '}}', `${'{{1}} x '.repeat(5_000)}{{`, '{{{'.repeat(10_000)]) {
    let s!: ReturnType<typeof scanPlaceholders>;
    const work = charactersSearched(() => { s = scanPlaceholders(text); });
    assert.ok(work <= 8 * text.length + 100, `${JSON.stringify(text.slice(0, 9))}…: ${work} characters searched for ${text.length}`);
    assert.ok(s.placeholders.length + s.problems.length > 0);
  }
});

// verify-16 NEW-5: another platform's variable name ({{City-Name}}) as a placeholder name: always one a placeholder takes
test('placeholderNameFor: a name NAMED takes for any string, one placeholder scanned as named', () => {
  assert.equal(['FirstName', 'City-Name', 'OrderID', 'Köln', '1st', ' ', 'İstanbul', '名前', 'a--b c'].map(placeholderNameFor),
    ['first_name', 'city_name', 'order_id', 'koln', 'v_1st', 'v', 'istanbul', 'v', 'a_b_c']);
  fc.assert(fc.property(fc.string({ unit: 'binary' }), (k) => {
    const n = placeholderNameFor(k);
    assert.ok(NAMED.test(n), n);
    const scan = scanPlaceholders(`a {{${n}}} b`);
    assert.equal([scan.problems, scan.placeholders.map((p) => p.style)], [[], ['named']]);
  }));
});


test('property (seeded): the quick scan of well-formed texts gives what the full scan gives, for any text', () => {
  const piece = fc.constantFrom('{', '}', '{{', '}}', 'a', 'x_1', '1', '0', '1000', '1001', '12345', ' ', '#', 'Name', '((r))', 'é');
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), (ps) => {
    const t = ps.join('');
    assert.equal(scanPlaceholders(t), fullScan(t));
  }), { numRuns: 3000 });
  for (const t of ['Hi {{name}}, order {{2}}.', '{{a}}{{b}}', '{{1000}}', '{{1001}}', 'x {{a}} }', '{ {{a}}', '{{a}}}', '{{{a}}', '{{a{b}}'])
    assert.equal(scanPlaceholders(t), fullScan(t), t);
});

test.run();
