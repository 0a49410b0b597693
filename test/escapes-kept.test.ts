// Escapes in double-quoted texts are how an author makes an invisible character visible (a
// no-break space written \u00A0, a thin space \u2009): fmt and lint --fix keep them as written
// where the value is unchanged, and a repaired text writes the characters its file escaped as
// escapes again. The values read back the same (property, seeded).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse } from 'yaml';
import './seed.ts';
import { formatTemplate } from '../src/fmt/format.ts';
import { fixText } from '../src/lint/fix.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const FILE = 'channel: shop-whatsapp\nname: pedido\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Hola {{ 1 }},\\u00A0tu pedido\\u2009n.\\u00BA 12 est\\u00e1 listo \\U0001F389 \\x27ok\\x27 \\"ya\\""\n  examples: { 1: Ana }\nfooter: "Tienda Centro\\u00A0\\u2022 Madrid"\n';

test('fmt keeps the escapes of texts it does not change; lint --fix keeps them in untouched texts and writes them again in a repaired one', () => {
  const f = formatTemplate(FILE);
  assert.is(f.error, undefined);
  assert.match(f.text, 'text: "Hola {{ 1 }},\\u00A0tu pedido\\u2009n.\\u00BA 12 est\\u00e1 listo \\U0001F389 \\x27ok\\x27 \\"ya\\""');
  assert.match(f.text, 'footer: "Tienda Centro\\u00A0\\u2022 Madrid"');
  assert.equal(parse(f.text), parse(FILE));
  const r = fixText(FILE, { findings, now });
  assert.equal(r.fixed, { 'placeholder-syntax': 1 });
  assert.match(r.text, 'footer: "Tienda Centro\\u00A0\\u2022 Madrid"');
  assert.match(r.text, 'text: "Hola {{1}},\\u00A0tu pedido\\u2009n.\\u00BA 12 est\\u00e1 listo \\U0001F389 \\x27ok\\x27 \\"ya\\""');
  assert.is(parse(r.text).body.text, parse(FILE).body.text.replace('{{ 1 }}', '{{1}}'));
});

test('a double-quoted text over several lines keeps its escapes too (laid out on one line)', () => {
  const file = 'channel: shop-whatsapp\nname: pedido\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Hola {{1}},\\ntu pedido\\u00A0est\\u00e1 listo \\u2013 gracias,\n    el equipo\\u2009Madrid"\n  examples: { 1: Ana }\n';
  const f = formatTemplate(file);
  assert.is(f.error, undefined);
  assert.match(f.text, 'text: "Hola {{1}},\\ntu pedido\\u00A0est\\u00e1 listo \\u2013 gracias, el equipo\\u2009Madrid"');
  assert.equal(parse(f.text), parse(file));
});

test("YAML's named escapes are kept over several lines too, and no separator is written raw", () => {
  const file = 'channel: shop-whatsapp\nname: pedido\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Eins\\_zwei \\N drei \\L vier\n    \\P f\\u00fcnf {{1}}"\n  examples: { 1: Ana }\n';
  const f = formatTemplate(file);
  assert.is(f.error, undefined);
  assert.match(f.text, 'text: "Eins\\_zwei \\N drei \\L vier \\P f\\u00fcnf {{1}}"');
  assert.not.ok(/[\u0085\u2028\u2029]/.test(f.text), 'a separator written raw');
  assert.equal(parse(f.text), parse(file));
});

test('property (seeded): fmt of a file with escaped texts reads back as the same value', () => {
  const escaped = fc.constantFrom('\\u00A0', '\\u2009', '\\x27', '\\U0001F389', '\\u00e9', '\\n', '\\t', '\\"', '\\\\', '\\x41', '\\u0041');
  const part = fc.oneof(fc.constantFrom('Hola ', 'pedido ', '{{1}} ', 'a', ' ', 'ñ', '"'.replace('"', '')), escaped);
  fc.assert(fc.property(fc.array(part, { minLength: 1, maxLength: 12 }), fc.array(part, { minLength: 1, maxLength: 6 }), (a, b) => {
    const file = `channel: shop-whatsapp\nname: x\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Hola {{1}} ${a.join('')}"\n  examples: { 1: Ana }\nfooter: "${b.join('')}x"\n`;
    const f = formatTemplate(file);
    assert.is(f.error, undefined, file);
    assert.equal(parse(f.text), parse(file), f.text);
    // and a repaired text (its malformed placeholder made whole) reads back as the repair made it, whatever it escaped
    // (a tab or a line break is text-characters' to repair too: the value would change twice)
    if (/\\[tn]/.test(file)) return;
    // (nor white space at the body's end or the footer's start, a no-break or thin space written escaped: text-edge-whitespace trims it)
    const read = parse(file) as { body: { text: string }; footer: string };
    if (/\s$/.test(read.body.text) || /^\s/.test(read.footer)) return;
    const broken = file.replace('"Hola {{1}} ', '"Hola {{ 1 }} ');
    const r = fixText(broken, { findings, now });
    assert.is(parse(r.text).body.text, parse(broken).body.text.replace('{{ 1 }}', '{{1}}'), r.text);
    assert.is(parse(r.text).footer, parse(file).footer);
  }), { numRuns: 300 });
});

test.run();
