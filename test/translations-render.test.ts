// Property (seeded): a text written into a YAML file in any quoting style reads back as itself.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse } from 'yaml';
import './seed.ts';
import { applyTexts, render } from '../src/translations/apply.ts';

const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constantFrom('yes', 'No', '1e3', '0x1F', '~', 'a: b', 'a #b', '- x', '? x', 'x\ny', "it's", '"q"', ' lead', 'trail ', '\t', '\u2028', '{{1}} ok'));

test('render: every style reads back as the text', () => {
  fc.assert(fc.property(text, fc.constantFrom('PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL'), (t, type) => {
    assert.is(parse(`k: ${render(t, type)}\n`).k ?? '', t);
  }), { seed: 2728, numRuns: 2000 });
});

test('applyTexts: only the texts and translated_from change, whatever the texts', () => {
  const file = "# head\nname: x   # keep\nbody:\n  text: 'old'\n  examples: { a: 1 }\nfooter: plain old\n";
  fc.assert(fc.property(text, text, (a, b) => {
    const out = applyTexts(file, [{ path: ['body', 'text'], text: a }, { path: ['footer'], text: b }], 'en_US', { 'body.text': '0123abcd' });
    const v = parse(out);
    assert.is(v.body.text, a);
    assert.is(v.footer, b);
    assert.equal(v.translated_from, { language: 'en_US', texts: { 'body.text': '0123abcd' } });
    assert.ok(out.startsWith('# head\nname: x   # keep\nbody:\n  text: '));
  }), { seed: 2729, numRuns: 500 });
});

test.run();
