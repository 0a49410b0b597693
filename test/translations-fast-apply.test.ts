// Property (seeded): the import's edit made on the text (text-locate's positions, no parse) gives
// the very bytes of the edit made through yaml's parse, on every layout text-locate proves, with
// or without an earlier translated_from record; and a text inside a one-line flow mapping is
// quoted when a plain scalar would end early.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse } from 'yaml';
import './seed.ts';
import { indexText, readsBackInPlace, scalarAtPath } from '../src/files/text-locate.ts';
import { applyOnText, applyTexts, checkApplied, editOnText } from '../src/translations/apply.ts';

const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.constantFrom('Hola, amigo', 'a: b', 'x #y', '[a]', '{b}', "it's", '"q"', 'yes', '12', ' lead', 'x\ny', '{{1}} ok', 'Größe'));
const quoted = fc.constantFrom((s: string) => s, (s: string) => `"${s}"`, (s: string) => `'${s}'`);
const comment = fc.constantFrom('', '   # keep', ' # note: x');
const record = fc.constantFrom('', 'translated_from:\n  language: en_US\n  texts:\n    body.text: "0123abcd"\n    zz.last: "ffffffff"\n', 'translated_from:\n  language: fr\n  texts:\n    footer: "00000000"\n');
const after = fc.constantFrom('', 'category: UTILITY\n');

const file = fc.record({ q1: quoted, q2: quoted, q3: quoted, c1: comment, c2: comment, record, after, flow: fc.boolean() }).map((o) =>
  `# head\nchannel: shop\nname: x\nlanguage: de\nbody:\n  text: ${o.q1('Hallo Welt')}${o.c1}\n  examples: { a: 1 }\nfooter: ${o.q2('Alt und gut')}${o.c2}\n`
  + (o.flow ? 'message:\n  suggestions:\n    - { action: reply, text: Verfolgen, postbackData: t }\n' : `buttons:\n  - type: QUICK_REPLY\n    text: ${o.q3('Los')}\n`)
  + o.record + o.after);

test('applyTexts on the text = applyTexts through the parse, byte for byte', () => {
  let quick = 0;
  fc.assert(fc.property(file, text, text, text, fc.constantFrom('en_US', 'fr'), (f, a, b, c, source) => {
    const third = f.includes('suggestions') ? ['message', 'suggestions', 0, 'text'] : ['buttons', 0, 'text'];
    const texts = [{ path: ['body', 'text'], text: a }, { path: ['footer'], text: b }, { path: third, text: c }];
    const hashes = { 'body.text': 'aaaaaaaa', footer: 'bbbbbbbb' };
    const doc = indexText(f);
    assert.ok(doc, 'a layout text-locate proves');
    const slow = applyTexts(f, texts, source, hashes);
    const fast = applyTexts(f, texts, source, hashes, doc);
    assert.is(fast, slow);
    const v = parse(fast);
    assert.is(v.body.text, a);
    assert.is(v.footer, b);
    // what follows the record stays (an earlier version of the parse's edit took the next line with it)
    if (f.endsWith('category: UTILITY\n')) assert.is(v.category, 'UTILITY');
    assert.is(f.includes('suggestions') ? v.message.suggestions[0].text : v.buttons[0].text, c);
    const direct = applyOnText(doc!, texts, source, hashes);
    if (direct !== undefined) { quick++; assert.is(direct, slow); }
  }), { seed: 2731, numRuns: 600 });
  // the fast edit is the one made on every such file (a multi-line text takes the parse: it is not one here)
  assert.ok(quick >= 500, `the edit on the text was made for ${quick} of 600 files`);
});

test('a new file (the source with its language and texts changed) on the text = through the parse, byte for byte', () => {
  let quick = 0;
  fc.assert(fc.property(file, text, text, fc.constantFrom('de', 'pt_BR', 'ja'), (f0, a, b, target) => {
    // a source file: no record of its own (planImport takes the parse road for one with a record or a publicId)
    const f = f0.replace(/translated_from:\n(?: {2}.*\n)*/, '');
    const texts = [{ path: ['language'], text: target }, { path: ['body', 'text'], text: a }, { path: ['footer'], text: b }];
    const hashes = { 'body.text': 'aaaaaaaa', footer: 'bbbbbbbb' };
    const doc = indexText(f);
    assert.ok(doc, 'a layout text-locate proves');
    const slow = applyTexts(f, texts, 'en_US', hashes);
    const fast = applyTexts(f, texts, 'en_US', hashes, doc);
    assert.is(fast, slow);
    const v = parse(fast);
    assert.is(v.language, target);
    assert.is(v.body.text, a);
    assert.is(v.translated_from.language, 'en_US');
    if (applyOnText(doc!, texts, 'en_US', hashes) !== undefined) quick++;
  }), { seed: 2732, numRuns: 400 });
  assert.ok(quick >= 300, `the edit on the text was made for ${quick} of 400 files`);
});

test('an edit proven to read back in place is one the whole file read back accepts (checkApplied is not run on it)', () => {
  let proven = 0;
  fc.assert(fc.property(file, text, text, text, fc.constantFrom('en_US', 'fr'), (f, a, b, c, source) => {
    const third = f.includes('suggestions') ? ['message', 'suggestions', 0, 'text'] : ['buttons', 0, 'text'];
    const texts = [{ path: ['body', 'text'], text: a }, { path: ['footer'], text: b }, { path: third, text: c }];
    const hashes = { 'body.text': 'aaaaaaaa', footer: 'bbbbbbbb' };
    const doc = indexText(f)!;
    const r = editOnText(doc, texts, source, hashes);
    if (!r?.readBack) return;
    proven++;
    assert.is(checkApplied(r.out, parse(f), texts, source, hashes), undefined, `${JSON.stringify([a, b, c])} in\n${r.out}`);
  }), { seed: 2733, numRuns: 600 });
  // most are (the texts with escapes, a backslash or a quote in double quotes, are read back whole)
  assert.ok(proven >= 300, `proven in place for ${proven} of 600 files`);
});

test('readsBackInPlace: a rendering that a comment, a flow indicator, a type or an escape would change is not proven', () => {
  const at = (f: string, path: (string | number)[]) => { const doc = indexText(f)!; return { doc, at: scalarAtPath(doc, path)! }; };
  const block = at('body:\n  text: Hallo   # keep\nfooter: x\n', ['body', 'text']);
  assert.ok(readsBackInPlace(block.doc, block.at, 'Guten Tag', 'Guten Tag'));
  assert.ok(readsBackInPlace(block.doc, block.at, "'it''s'", "it's"));
  assert.ok(readsBackInPlace(block.doc, block.at, '"a: b"', 'a: b'));
  // a plain rendering the comment marker cuts, or a colon makes a key of, or that reads as another type
  assert.not.ok(readsBackInPlace(block.doc, block.at, 'a #b', 'a #b'));
  assert.not.ok(readsBackInPlace(block.doc, block.at, 'a: b', 'a: b'));
  assert.not.ok(readsBackInPlace(block.doc, block.at, '12', '12'));
  assert.not.ok(readsBackInPlace(block.doc, block.at, 'true', 'true'));
  assert.not.ok(readsBackInPlace(block.doc, block.at, 'trailing ', 'trailing '));
  // an unclosed quote, or escapes: not proven here (the whole file is read back)
  assert.not.ok(readsBackInPlace(block.doc, block.at, '"open', '"open'));
  assert.not.ok(readsBackInPlace(block.doc, block.at, '"say \\"hi\\""', 'say "hi"'));
  const flow = at('message:\n  suggestions:\n    - { action: reply, text: Track, postbackData: t }\n', ['message', 'suggestions', 0, 'text']);
  assert.ok(readsBackInPlace(flow.doc, flow.at, 'Suivre', 'Suivre'));
  assert.ok(readsBackInPlace(flow.doc, flow.at, '"Suivre, vite"', 'Suivre, vite'));
  assert.not.ok(readsBackInPlace(flow.doc, flow.at, 'Suivre, vite', 'Suivre, vite'));
  assert.not.ok(readsBackInPlace(flow.doc, flow.at, 'a}', 'a}'));
});

test('a translation with a comma in a one-line flow mapping is quoted, not cut at the comma', () => {
  const f = 'message:\n  suggestions:\n    - { action: reply, text: Track, postbackData: t }\n';
  for (const doc of [undefined, indexText(f)]) {
    const out = applyTexts(f, [{ path: ['message', 'suggestions', 0, 'text'], text: 'Suivre, vite' }], 'en_US', { x: '00000000' }, doc);
    assert.is(parse(out).message.suggestions[0].text, 'Suivre, vite');
    assert.is(parse(out).message.suggestions[0].postbackData, 't');
  }
});

test.run();
