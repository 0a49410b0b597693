// Where a translation may put its placeholders: WhatsApp refuses a body that starts or ends with one
// and two with only white space between them (placeholder-position, placeholder-adjacent); an RCS
// text is not held to the second (lint does not apply it there), and a text whose source already
// does the same is lint's matter, not the import's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEntry } from '../src/translations/apply.ts';
import { cleanup, cliIn, CONFIG, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const source = 'Hi {{name}}, your order {{order}} arrives {{when}}, thanks.';
const entry = (target: string) => ({ id: 'x', source, target, line: 2 });

test('two placeholders side by side: refused in a WhatsApp text, taken in an RCS one', () => {
  assert.match(checkEntry(entry('{{name}}: Bestellung {{order}} {{when}}, danke.'), source, undefined) ?? '', /placeholder-adjacent/);
  assert.is(checkEntry(entry('{{name}}: Bestellung {{order}} {{when}}, danke.'), source, undefined, source, false, undefined, undefined, { rcs: true }), undefined);
  // a body starting with one: refused; another field (a header, an RCS text) may
  assert.match(checkEntry(entry('{{name}}, Bestellung {{order}} kommt {{when}}, danke.'), source, undefined, source, false, undefined, undefined, { body: true }) ?? '', /placeholder-position/);
  assert.is(checkEntry(entry('{{name}}, Bestellung {{order}} kommt {{when}}, danke.'), source, undefined), undefined);
});

test('the adjacent placeholders\' refusal says what is between them: nothing (Japanese, written without spaces), or only white space', () => {
  const src = 'Hi {{product}}, {{customer}}: {{when}}.';
  const ent = (target: string) => ({ id: 'x', source: src, target, line: 2 });
  assert.match(checkEntry(ent('お知らせです：ご希望の{{product}}{{customer}}様、{{when}}に再入荷しました！'), src, undefined) ?? '', /the translation has \{\{product\}\} and \{\{customer\}\} next to each other \(nothing between them\), which WhatsApp refuses \(placeholder-adjacent\)/);
  assert.match(checkEntry(ent('Hallo {{product}} {{customer}}: {{when}}.'), src, undefined) ?? '', /next to each other \(only white space between them\)/);
});

test('a zero-width space, word joiner or byte-order mark between two placeholders is no text: refused at import, and lint says placeholder-adjacent', async () => {
  const src = 'Hi {{product}}, {{customer}}: {{when}}.';
  const ent = (target: string) => ({ id: 'x', source: src, target, line: 2 });
  for (const c of ['\u200b', '\u2060', '\ufeff', ' \u200b ']) {
    assert.match(checkEntry(ent(`ご希望の{{product}}${c}{{customer}}様、{{when}}に再入荷しました！`), src, undefined) ?? '', /next to each other \(only (two spaces and )?an? (zero-width space \(U\+200B\)|word joiner \(U\+2060\)|byte-order mark \(U\+FEFF\)) between them\).*placeholder-adjacent/, JSON.stringify(c));
  }
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/back.ja.yaml': 'channel: shop-whatsapp\nname: back\nlanguage: ja\ncategory: UTILITY\nbody:\n  text: "ご希望の{{product}}\\u200b{{customer}}様、再入荷しました！"\n  examples: { product: 靴, customer: 花子 }\n' });
    const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.ok(r.stdout.includes('"placeholder-adjacent"'), r.stdout);
  } finally { cleanup(dir); }
});

test('a direction mark or isolate between two placeholders is said by its name and code point, at import and in lint alike (it was "only white space": a translator looked for a space that is not there)', async () => {
  const src = 'Hi {{product}}, {{customer}}: {{when}}.';
  const ent = (target: string) => ({ id: 'x', source: src, target, line: 2 });
  const cases: [string, string][] = [
    ['\u200f', 'only a right-to-left mark (U+200F)'],
    ['\u200e', 'only a left-to-right mark (U+200E)'],
    ['\u061c', 'only an Arabic letter mark (U+061C)'],
    [' \u200f', 'only a space and a right-to-left mark (U+200F)'],
    ['\u2067\u2069', 'only a right-to-left isolate (U+2067) and a pop directional isolate (U+2069)'],
    ['\u2066\u2066', 'only two left-to-right isolates (U+2066)'],
    ['\u3164', 'only a Hangul filler (U+3164)'],
  ];
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
    for (const [c, said] of cases) {
      const quote = said.replace(/[()+]/g, '\\$&');
      // the import (an Arabic translation: the marks are what its tools write around a placeholder)
      assert.match(checkEntry(ent(`مرحبا {{product}}${c}{{customer}}: {{when}}.`), src, undefined) ?? '', new RegExp(`next to each other \\(${quote} between them\\), which WhatsApp refuses \\(placeholder-adjacent\\)`), JSON.stringify(c));
      // lint, the same words
      writeFiles(dir, { 'templates/back.ar.yaml': `channel: shop-whatsapp\nname: back\nlanguage: ar\ncategory: UTILITY\nbody:\n  text: ${JSON.stringify(`مرحبا {{product}}${c}{{customer}}، وصل طلبك اليوم.`)}\n  examples: { product: حذاء, customer: سارة }\n` });
      const found = (await lintInProcess(dir)).diagnostics.filter((f) => f.ruleId === 'placeholder-adjacent');
      assert.equal(found.map((f) => f.message), [`{{product}} and {{customer}} have no text between them: ${said}; delete it and put a word or punctuation between them, as in {{product}}, {{customer}}.`], JSON.stringify(c));
    }
  } finally { cleanup(dir); }
});

test('a right-to-left mark or a zero-width space before the first placeholder or after the last is no text: the body starts (ends) with it, at import as in lint', async () => {
  const body = { body: true } as const;
  const check = (target: string) => checkEntry(entry(target), source, undefined, source, false, undefined, undefined, body) ?? '';
  for (const c of ['\u200f', '\u200e', '\u061c', '\u200b']) {
    assert.match(check(`${c}{{name}}، طلبك {{order}} يصل {{when}}، شكراً.`), /the translation starts with the placeholder \{\{name\}\}.*placeholder-position/, JSON.stringify(c));
    assert.match(check(`طلبك {{order}} يصل {{when}}، شكراً يا {{name}}${c}`), /the translation ends with the placeholder \{\{name\}\}.*placeholder-position/, JSON.stringify(c));
  }
  assert.is(checkEntry(entry('\u200fمرحبا {{name}}، طلبك {{order}} يصل {{when}}، شكراً.'), source, undefined, source, false, undefined, undefined, body), undefined);
});

test.run();
