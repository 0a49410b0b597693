// A reference to an environment's value, ((promo_code)), is a protected code of a translation,
// like a placeholder: exported as an XLIFF <ph> and named in the PO and CSV notes, and a
// translation that drops, adds or renames one is refused (it was imported, and the Arabic
// customers never got the code).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkEntry } from '../src/translations/apply.ts';
import { partsOf, placeholdersOf } from '../src/translations/units.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const TEXT = 'Hi {{customer}}, use ((promo_code)) at ((shop_host))/cart before Sunday.';

test('partsOf and placeholdersOf: placeholders and references in order; an escaped reference is text', () => {
  assert.equal(partsOf(TEXT), [
    { text: 'Hi ' }, { ph: '{{customer}}' }, { text: ', use ' }, { ph: '((promo_code))' }, { text: ' at ' }, { ph: '((shop_host))' }, { text: '/cart before Sunday.' },
  ]);
  assert.equal(placeholdersOf(TEXT), ['{{customer}}', '((promo_code))', '((shop_host))']);
  assert.equal(placeholdersOf('Literal \\((promo_code)) stays'), []);
  assert.equal(partsOf('((a))((b))'), [{ ph: '((a))' }, { ph: '((b))' }]);
});

test('checkEntry: an RCS card\'s texts are limited in characters, as RBM\'s CardContent counts them, the RCS message to 3072 characters (lint would refuse what import wrote)', async () => {
  const { textFields } = await import('../src/translations/units.ts');
  const rcs = { channel: 'shop-rcs', name: 'card', language: 'en_US', message: { type: 'rich_card', message: 'Hi', richCards: [{ title: 'New store', description: 'Opening soon' }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' } } };
  const entry = (target: string) => ({ id: 'u', source: '', target, line: 1 });
  const fields = new Map(textFields(rcs).map((f) => [f.path.join('.'), f]));
  assert.equal([fields.get('message.message')?.limit, fields.get('message.message')?.bytes], [3072, undefined]);
  assert.equal([fields.get('message.richCards.0.title')?.limit, fields.get('message.richCards.0.title')?.bytes], [200, undefined]);
  assert.equal([fields.get('message.richCards.0.description')?.limit, fields.get('message.richCards.0.description')?.bytes], [2000, undefined]);
  // 150 characters of é (300 bytes) and 80 Japanese ones (240 bytes): within 200 characters
  assert.is(checkEntry(entry('é'.repeat(150)), 'New store', 200, 'New store'), undefined);
  assert.is(checkEntry(entry('東'.repeat(80)), 'New store', 200, 'New store'), undefined);
  assert.match(checkEntry(entry('東'.repeat(201)), 'New store', 200, 'New store') ?? '', /201 characters; this field takes at most 200/);
  assert.match(checkEntry(entry('x'.repeat(3073)), 'Hi', 3072) ?? '', /3073 characters; this field takes at most 3072/);
});

test('checkEntry: a dropped, added or renamed reference is refused', () => {
  const entry = (target: string) => ({ id: 'u', source: TEXT, target, line: 1 });
  assert.is(checkEntry(entry('مرحبا {{customer}}، استخدم ((promo_code)) على ((shop_host))/cart قبل الأحد.'), TEXT, 1024), undefined);
  assert.match(checkEntry(entry('مرحبا {{customer}}، على ((shop_host))/cart قبل الأحد.'), TEXT, 1024)!, 'dropped ((promo_code))');
  assert.match(checkEntry(entry('مرحبا {{customer}}، ((promo)) على ((shop_host))/cart.'), TEXT, 1024)!, 'dropped ((promo_code)); added ((promo))');
});

const EN = `channel: shop-whatsapp
name: coupon_code
language: en_US
category: MARKETING
body:
  text: "Hi {{customer}}, use the code ((promo_code)) at checkout this week."
  examples: { customer: Maria }
`;
const CONFIG_WITH_VALUES = `${CONFIG}    values:\n      promo_code: SPRING-2026\n`;

test('the CLI: the PO names the reference, a translation without it is refused at its line, nothing written', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG_WITH_VALUES, 'templates/coupon_code.en_US.yaml': EN });
    const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'ar', '--format', 'po'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const po = readFileSync(path.join(dir, 'translations/ar.po'), 'utf8');
    assert.match(po, '#. placeholders: {{customer}} ((promo_code))');
    const lines = po.split('\n');
    const at = lines.findIndex((l) => l.startsWith('msgid "Hi {{customer}}, use the code'));
    lines[at + 1] = 'msgstr "مرحبا {{customer}}، استخدم الرمز عند الدفع هذا الأسبوع."';
    writeFiles(dir, { 'translations/ar.po': lines.join('\n') });
    const imp = await cliIn(['translations', 'import', 'translations/ar.po'], { cwd: dir });
    assert.is(imp.exitCode, 1, imp.stdout + imp.stderr);
    assert.match(imp.stderr, new RegExp(`translations/ar\\.po:${at}:.*dropped \\(\\(promo_code\\)\\)`));
    assert.not.ok(readFileSync(path.join(dir, 'templates/coupon_code.en_US.yaml'), 'utf8').includes('مرحبا'));
    const xlf = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'ar'], { cwd: dir });
    assert.is(xlf.exitCode, 0, xlf.stderr);
    assert.match(readFileSync(path.join(dir, 'translations/ar.xlf'), 'utf8'), '<ph id="ph2" disp="((promo_code))" equiv="((promo_code))"/>');
  } finally { cleanup(dir); }
});

test.run();
