// Where a translation may put its placeholders: WhatsApp refuses a body that starts or ends with one
// and two with only white space between them (placeholder-position, placeholder-adjacent); an RCS
// text is not held to the second (lint does not apply it there), and a text whose source already
// does the same is lint's matter, not the import's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEntry } from '../src/translations/apply.ts';

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

test.run();
