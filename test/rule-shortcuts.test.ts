// The rules that take shortcuts for speed (counting words without splitting, skipping the render
// when no sample can reach the limit, one test before three) report exactly what the plain
// formulation reports, held here against that formulation as an oracle.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runRules } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { charLength, renderText, scanPlaceholders } from '../src/model/placeholders.ts';

const now = new Date('2026-01-01T00:00:00Z');
const run = (id: string, t: Record<string, unknown>) => runRules(t, [RULES_BY_ID.get(id)!], { now });

const CH = fc.constantFrom('a', 'Z', '1', '٣', 'é', ' ', ' ', '\t', '\n', '\u00a0', '\u2028', '-', '.', '!', '😀', '{', '}', ',', '{{1}}', '{{2}}', '{{name}}');
const text = (max: number) => fc.array(CH, { maxLength: max }).map((a) => a.join(''));

test('placeholder-density counts the words a split on whitespace counts', () => {
  fc.assert(fc.property(text(40), (body) => {
    const s = scanPlaceholders(body);
    const n = s.placeholders.length;
    const words = s.texts.join(' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
    const found = run('placeholder-density', { body: { text: body } });
    const expected = n > 0 && words + n < 3 * n + 1; // words and placeholders together at least 3n+1
    assert.is(found.length, expected ? 1 : 0, JSON.stringify(body));
    if (expected) assert.match(found[0]!.message, new RegExp(`and ${words} fixed word`));
  }), { numRuns: 3000 });
});

test('rendered-length reports exactly when the rendered body is over 1024 characters', () => {
  const sampleText = fc.oneof(fc.constantFrom('', 'Ana', 'x'.repeat(300), 'y'.repeat(700), '😀'.repeat(400)), fc.string({ maxLength: 20 }));
  fc.assert(fc.property(fc.constantFrom('Hi {{1}} and {{2}}, see {{1}}.', `${'w '.repeat(300)}{{1}}`, `{{1}}{{1}}{{1}} ${'z'.repeat(100)}`, 'no placeholders here', `${'é'.repeat(1000)} {{name}}`),
    fc.dictionary(fc.constantFrom('1', '2', 'name'), sampleText), (body, examples) => {
      const values: Record<string, string> = {};
      for (const [k, v] of Object.entries(examples)) values[k] = v;
      const over = charLength(body) <= 1024 && charLength(renderText(body, values)) > 1024;
      const found = run('rendered-length', { body: { text: body, examples } });
      assert.is(found.length, over ? 1 : 0, `${body.slice(0, 20)} ${JSON.stringify(Object.fromEntries(Object.entries(examples).map(([k, v]) => [k, v.length])))}`);
    }), { numRuns: 2000 });
});

test('sample-format names what a sample holds, as three separate tests would', () => {
  fc.assert(fc.property(fc.array(fc.constantFrom('a', ' ', '\n', '\r', '\t', 'b'), { maxLength: 12 }).map((a) => a.join('')), (s) => {
    const expected = /\n|\r/.test(s) ? 'a newline' : /\t/.test(s) ? 'a tab' : / {5,}/.test(s) ? 'a run of 5 or more spaces' : undefined;
    const found = run('sample-format', { body: { text: 'Hi {{1}}', examples: { 1: s } } });
    assert.is(found.length, expected ? 1 : 0, JSON.stringify(s));
    if (expected) assert.ok(found[0]!.message.includes(expected), found[0]!.message);
  }), { numRuns: 2000 });
});

test.run();
