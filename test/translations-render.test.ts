// Property (seeded): a text written into a YAML file in any quoting style reads back as itself.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { parse } from 'yaml';
import './seed.ts';
import { applyTexts, checkApplied, render } from '../src/translations/apply.ts';

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

test('applyTexts: block scalars (|-, >, |+, indented, with a comment) and CRLF files take any text, and keep the keys after them on their lines', () => {
  // a trial found every import into such a file refused ("would not read as a template"): the edit took the block's line break
  const files = [
    'body:\n  text: |-\n    Hi there,\n    second line\n  examples: { a: 1 }\nfooter: >-\n  Reply STOP\n  to opt out\nname: x\n',
    'body:\n  text: |   # the body\n      deep indent\n      two\n\n  examples: { a: 1 }\nfooter: >\n  folded\nname: x\n',
    'body:\n  text: |+\n    kept\n\n  examples: { a: 1 }\nfooter: |-\n  last\n',
    'body:\r\n  text: |-\r\n    Hi,\r\n    CRLF\r\n  examples: { a: 1 }\r\nfooter: >-\r\n  Reply\r\n  STOP\r\nname: x\r\n',
  ];
  const multi = fc.oneof(text, fc.array(fc.constantFrom('line', 'zwei Zeilen', 'مرحبا', '  indented', '', '#not a comment', 'a: b'), { minLength: 1, maxLength: 4 }).map((ls) => ls.join('\n')), fc.constantFrom('ends\n', 'ends\n\n', '\nleads', 'x\r\ny'));
  for (const file of files) {
    fc.assert(fc.property(multi, multi, (a, b) => {
      const out = applyTexts(file, [{ path: ['body', 'text'], text: a }, { path: ['footer'], text: b }], 'en_US', { 'body.text': '0123abcd' });
      const v = parse(out);
      assert.is(v.body.text, a);
      assert.is(v.footer, b);
      assert.equal(v.body.examples, { a: 1 });
      if (file.includes('name: x')) assert.is(v.name, 'x');
      assert.equal(v.translated_from, { language: 'en_US', texts: { 'body.text': '0123abcd' } });
      // a CRLF file keeps CRLF: no line ends with a bare LF
      if (file.includes('\r\n')) assert.not.match(out.replace(/\r\n/g, ''), /\n/, JSON.stringify(out));
      // the comment on a block's header line stays (after the indicator, or after the quoted text a block cannot hold)
      if (file.includes('# the body')) assert.match(out, /\n {2}text: (?:[|>][-+]?|".*")   # the body\n/, JSON.stringify(out));
    }), { seed: 2730, numRuns: 300 });
  }
  // a text a literal block holds is written as one, at the block's indentation
  const out = applyTexts(files[0]!, [{ path: ['body', 'text'], text: 'Hallo,\nzweite Zeile' }, { path: ['footer'], text: 'Antworte STOP' }], 'en_US', {});
  assert.ok(out.startsWith('body:\n  text: |-\n    Hallo,\n    zweite Zeile\n  examples: { a: 1 }\nfooter: >-\n  Antworte STOP\nname: x\n'), out);
});

test('applyTexts: the blank lines and the comment after a |- or >- block stay where they were (a trial found the blank line deleted)', () => {
  const files = [
    'body:\n  text: |-\n    Hallo {{customer}}, Ihre Bestellung wartet.\n\n    Abholzeiten: Mo-Sa.\n\n  # reviewer: keep the dash\n  examples: { customer: Ana }\nname: x\n',
    'body:\n  text: >-\n    Hallo {{customer}}.\n\n\n  examples: { customer: Ana }\nname: x\n',
  ];
  for (const file of files) {
    const out = applyTexts(file, [{ path: ['body', 'text'], text: 'Hallo {{customer}}, jetzt.\n\nAbholzeiten: Mo-Sa.' }], 'en_US', {});
    const blanks = /\n(\n+)( {2}(?:# reviewer|examples))/.exec(file)![1];
    assert.match(out, `.\n${blanks}  ${file.includes('# reviewer') ? '# reviewer' : 'examples'}`, JSON.stringify(out));
    assert.is(parse(out).body.text, 'Hallo {{customer}}, jetzt.\n\nAbholzeiten: Mo-Sa.');
    // a text that ends with blank lines of its own is written keep-chomped: the file's blank lines would be its text, and are not added
    const kept = applyTexts(file, [{ path: ['body', 'text'], text: 'Ende\n\n' }], 'en_US', {});
    assert.is(parse(kept).body.text, 'Ende\n\n');
    assert.equal(parse(kept).body.customer, undefined);
  }
});

test('applyTexts: a text the file lacks (a button, a card the source gained) comes with what the source has around it: the button\'s type and URL, the card\'s media', () => {
  // a trial found the new button written as `- text: Adresse ändern`, without its type: a file lint refuses
  const source = {
    body: { text: 'Hi' },
    buttons: [{ type: 'URL', text: 'Shop now', url: 'https://shop.example.com' }, { type: 'QUICK_REPLY', text: 'Change address' }],
    carousel: { cards: [{ header: { format: 'IMAGE', examples: { media: 'https://x/1.png' } }, body: { text: 'One' } }, { header: { format: 'IMAGE', examples: { media: 'https://x/2.png' } }, body: { text: 'Two' }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }] },
  };
  const file = 'body:\n  text: Hallo\nbuttons:\n  - type: URL\n    text: Jetzt kaufen\n    url: https://shop.example.com\ncarousel:\n  cards:\n    - header: { format: IMAGE, examples: { media: "https://x/1.png" } }\n      body: { text: Eins }\n';
  const before = parse(file);
  const texts = [{ path: ['buttons', 1, 'text'], text: 'Adresse ändern' }, { path: ['carousel', 'cards', 1, 'body', 'text'], text: 'Zwei' }, { path: ['carousel', 'cards', 1, 'buttons', 0, 'text'], text: 'Mehr' }];
  const out = applyTexts(file, texts, 'en_US', { 'buttons.1.text': 'aaaaaaaa' }, undefined, source);
  const v = parse(out);
  assert.equal(v.buttons[1], { type: 'QUICK_REPLY', text: 'Adresse ändern' });
  assert.equal(v.carousel.cards[1], { header: { format: 'IMAGE', examples: { media: 'https://x/2.png' } }, body: { text: 'Zwei' }, buttons: [{ type: 'QUICK_REPLY', text: 'Mehr' }] });
  assert.equal(v.buttons[0], before.buttons[0], 'what was there is kept');
  // the check before writing expects the same: the edit passes it
  assert.is(checkApplied(out, before, texts, 'en_US', { 'buttons.1.text': 'aaaaaaaa' }, source), undefined);
  // and refuses a file that lacks what the source has around the text
  const bare = applyTexts(file, texts, 'en_US', { 'buttons.1.text': 'aaaaaaaa' });
  assert.match(checkApplied(bare, before, texts, 'en_US', { 'buttons.1.text': 'aaaaaaaa' }, source) ?? '', /would not hold the intended texts/);
});

test.run();
