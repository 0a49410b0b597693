// Found by a new-user trial (trial-ao F3): a language started as a copy of the source file
// (`cp x.en_US.yaml x.ja.yaml` with a new `language:`, or `tplsync new --language ja`, which writes
// an English body) holds the source text, and export sent it out as a finished translation (XLIFF
// state="translated", PO msgstr = msgid, counted as "translated already"), so the translator's tool
// skipped it, and lint said nothing, though WhatsApp rejects a template whose content is not in its
// language (TAG_CONTENT_MISMATCH). Now such a text (the source text word for word, in a language of
// another base, with words enough to tell, no translated_from hash for it) goes out untranslated (no
// target in any format, counted apart), and lint warns of it (translation-missing) at its line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { copySources, hasWords, isUntranslatedCopy, templateSource, textHash } from '../src/translations/units.ts';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: ACME
buttons:
  - { type: QUICK_REPLY, text: Track my order }
`;
/** the English file copied and given another language: every text the English one */
const copyIn = (lang: string): string => EN.replace('language: en_US', `language: ${lang}`);

async function project(files: Record<string, string>): Promise<{ dir: string; config: Awaited<ReturnType<typeof loadConfig>> }> {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return { dir, config: await loadConfig({ cwd: dir }) };
}

const missing = async (dir: string, paths: string[] = []): Promise<string[]> =>
  (await lintInProcess(dir, paths)).diagnostics.filter((d) => d.ruleId === 'translation-missing').map((d) => `${d.file}:${d.line}`);

test('hasWords: two words or more, not counting placeholders, references, addresses, digits, one-letter and capitals-only words', () => {
  for (const yes of ['Track my order', 'Hi {{customer}}, your order is on its way.', 'Copy code', 'ご注文ありがとうございます', 'Bestellung verfolgen']) assert.ok(hasWords(yes), yes);
  for (const no of ['OK', 'Ok', 'ACME', 'Menu', '{{1}} {{2}}', '{{customer}}: {{order_id}}', '((promo_code))', 'https://shop.example.com/track/order', 'help@example.com', '1Z999AA10123456784', 'SMS OK', 'A-1042 / 12:30', '東京', 'Acme {{1}}', 'Acme GmbH', 'Acme Shop', 'iPhone 15 Pro', 'Thank You']) assert.not.ok(hasWords(no), no);
  // a name among words: the words still count; a sentence's first word may start with a capital
  for (const yes of ['Visit Acme Shop today', 'Hola. Gracias amigo', 'Hello there']) assert.ok(hasWords(yes), yes);
});

test('isUntranslatedCopy: the same text in another base language, with words, not recorded', () => {
  const t = 'Track my order';
  assert.ok(isUntranslatedCopy(t, t, 'en_US', 'ja', false));
  assert.not.ok(isUntranslatedCopy(t, t, 'en_US', 'ja', true), 'an import wrote it: a person sent it back as the translation');
  assert.not.ok(isUntranslatedCopy(t, t, 'en_US', 'en_GB', false), 'English in both');
  assert.not.ok(isUntranslatedCopy(t, 'Bestellung verfolgen', 'en_US', 'de', false));
  assert.not.ok(isUntranslatedCopy('OK', 'OK', 'en_US', 'de', false));
});

test('export: a copy of the source text goes out untranslated in every format (no target), counted apart from "translated already"; a text the same in both languages for want of words does not', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.ja.yaml': copyIn('ja') });
  try {
    for (const format of ['xliff', 'po', 'csv'] as const) {
      const [r] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format, out: 'tr' });
      // the footer (ACME: no words to tell) is the one translation; the body and the button are copies
      assert.equal([r!.units, r!.translated, r!.copies], [3, 1, 2], format);
    }
    const xlf = readFileSync(path.join(dir, 'tr/ja.xlf'), 'utf8');
    const unit = (id: string): string => { const at = xlf.indexOf(`<unit id="${id}"`); return xlf.slice(at, xlf.indexOf('</unit>', at)); };
    for (const id of ['body.text', 'buttons.0.text']) {
      assert.match(unit(id), /<note category="untranslated">the ja file holds the en_US text here word for word, and no import wrote it/);
      assert.match(unit(id), /<segment>\n/, `${id}: no state`);
      assert.not.match(unit(id), /<target/, `${id}: no target`);
    }
    assert.match(unit('footer'), /<segment state="translated">[\s\S]*<target xml:space="preserve">ACME<\/target>/);
    const po = readFileSync(path.join(dir, 'tr/ja.po'), 'utf8');
    assert.match(po, /#\. untranslated: the ja file holds the en_US text here word for word[^\n]*\nmsgctxt "shop-whatsapp\/order_shipped:body\.text"\nmsgid "Hi \{\{customer\}\}, your order is on its way\."\nmsgstr ""\n/);
    assert.match(po, /msgctxt "shop-whatsapp\/order_shipped:footer"\nmsgid "ACME"\nmsgstr "ACME"\n/);
    const csv = readFileSync(path.join(dir, 'tr/ja.csv'), 'utf8');
    assert.match(csv, /"shop-whatsapp\/order_shipped:buttons\.0\.text","Track my order","","25","untranslated: the ja file holds/);
    // the summary says so
    const said = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'ja', '--out', 'tr/ja.xlf'], { cwd: dir });
    assert.is(said.exitCode, 0, said.stderr);
    assert.match(said.stdout, /tr\/ja\.xlf: 3 units of 1 template\(s\), 1 translated already; 2 texts of the ja files are copies of the en_US text, never imported: exported as untranslated/);
  } finally { cleanup(dir); }
});

test('import: the copies translated replace the file\'s texts and are recorded; a copy sent back as the translation (the text right as it is) is recorded too, and is no copy after', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.ja.yaml': copyIn('ja') });
  try {
    assert.equal(await missing(dir), ['templates/order_shipped.ja.yaml:6', 'templates/order_shipped.ja.yaml:10']);
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'po', out: 'tr' });
    const po = readFileSync(path.join(dir, 'tr/ja.po'), 'utf8');
    // the body translated; the button's label kept in English on purpose
    writeFiles(dir, { 'tr/ja.po': po
      .replace(/(msgid "Hi \{\{customer\}\}, your order is on its way\."\n)msgstr ""/, '$1msgstr "こんにちは {{customer}} 様、ご注文の商品を発送しました。"')
      .replace(/(msgid "Track my order"\n)msgstr ""/, '$1msgstr "Track my order"') });
    const r = await importTranslations(config, ['tr/ja.po'], dir);
    assert.equal(r.refusals, []);
    assert.equal(r.written.map((w) => [w.file, w.changed]), [['templates/order_shipped.ja.yaml', 1]]);
    const ja = readFileSync(path.join(dir, 'templates/order_shipped.ja.yaml'), 'utf8');
    assert.match(ja, /ご注文の商品を発送しました/);
    assert.match(ja, new RegExp(`buttons\\.0\\.text: "${textHash('Track my order')}"`));
    assert.equal(await missing(dir), []);
    const [again] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'xliff', out: 'tr' });
    assert.equal([again!.translated, again!.copies], [3, undefined]);
  } finally { cleanup(dir); }
});

test('lint translation-missing: at the copied text\'s line of the other language\'s file, with why; not the source\'s, not an en_GB file, not a recorded text, not a text without words; the file linted alone reads its sibling', async () => {
  const recorded = `${copyIn('fr')}translated_from:\n  language: en_US\n  texts:\n    body.text: "${textHash('Hi {{customer}}, your order is on its way.')}"\n`;
  const { dir } = await project({
    'templates/order_shipped.en_US.yaml': EN,
    'templates/order_shipped.ja.yaml': copyIn('ja'),
    'templates/order_shipped.en_GB.yaml': copyIn('en_GB'),
    'templates/order_shipped.fr.yaml': recorded,
  });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-missing');
    assert.equal(found.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity}`), [
      // fr: its body is recorded (an import wrote it); its button's label is not
      'templates/order_shipped.fr.yaml:10:32 warning',
      'templates/order_shipped.ja.yaml:6:9 warning',
      'templates/order_shipped.ja.yaml:10:32 warning',
    ]);
    assert.match(found[1]!.message, /^The ja text at body\.text is the en_US text word for word \(templates\/order_shipped\.en_US\.yaml\), and no import recorded it as translated \(translated_from\): an untranslated copy, which WhatsApp may reject as not in ja \(TAG_CONTENT_MISMATCH\)/);
    assert.equal(await missing(dir, ['templates/order_shipped.ja.yaml']), ['templates/order_shipped.ja.yaml:6', 'templates/order_shipped.ja.yaml:10']);
  } finally { cleanup(dir); }
});

test('lint translation-missing: two files without a record, neither English: the one after the other by code is the copy; an RCS copy says what the customer gets', async () => {
  const rcs = (lang: string) => `channel: shop-rcs\nname: deals\nlanguage: ${lang}\nmessage:\n  message: "Our summer deals are here"\n`;
  const { dir } = await project({
    'templates/order_shipped.fr.yaml': copyIn('fr'),
    'templates/order_shipped.de.yaml': copyIn('de'),
    'templates/deals.en_US.yaml': rcs('en_US'),
    'templates/deals.he.yaml': rcs('he'),
  });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-missing');
    assert.equal(found.map((d) => `${d.file}:${d.line}`), ['templates/deals.he.yaml:5', 'templates/order_shipped.fr.yaml:6', 'templates/order_shipped.fr.yaml:10']);
    assert.match(found[0]!.message, /an untranslated copy: a customer who chose he gets the en_US text; translate it/);
    assert.match(found[1]!.message, /^The fr text at body\.text is the de text word for word/);
  } finally { cleanup(dir); }
});

test('export over a file an earlier export wrote with the copies as translations (msgstr = msgid): replaced, not held as a translator\'s work the templates lack', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.ja.yaml': copyIn('ja') });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'po', out: 'tr' });
    const po = readFileSync(path.join(dir, 'tr/ja.po'), 'utf8');
    writeFiles(dir, { 'tr/ja.po': po.replace(/msgid (".*")\nmsgstr ""\n/g, (_m, id: string) => `msgid ${id}\nmsgstr ${id}\n`) });
    const [r] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'po', out: 'tr' });
    assert.is(r!.skipped, undefined);
    assert.equal([r!.translated, r!.copies], [1, 2]);
    assert.is(readFileSync(path.join(dir, 'tr/ja.po'), 'utf8'), po);
  } finally { cleanup(dir); }
});

// trial-bg F1: a retailer's es_MX and pt_BR files, hand-written from the en_US one, both say "Ver pedido" and
// "Pedido {{1}} enviado" (right in both languages); lint warned the pt_BR file was the es_MX text word for word
// ("which WhatsApp rejects"), as it compared a file with any other language's. A copy is of the language a file
// is translated from: its record's, and the template's source (no record: an en one); another translation's
// text the same is no copy. Lint and export judge it alike (copySources).
const shipped = (lang: string, header: string, label: string, footer: string): string => `channel: shop-whatsapp
name: order_shipped
language: ${lang}
category: UTILITY
header: { format: TEXT, text: "${header}", examples: { 1: A-1042 } }
body:
  text: "Hi {{customer}}, your order is on its way."
  examples: { customer: Maria }
footer: ${footer}
buttons:
  - { type: QUICK_REPLY, text: ${label} }
`;
const SHOP_EN = shipped('en_US', 'Order {{1}} shipped', 'View order', 'Thank you for shopping with us');
const SHOP_ES = shipped('es_MX', 'Pedido {{1}} enviado', 'Ver pedido', 'Gracias por comprar con nosotros').replace('Hi {{customer}}, your order is on its way.', 'Hola {{customer}}, tu pedido va en camino.');
// right Portuguese: the header and the label are the Spanish text too; the footer was left in English
const SHOP_PT = shipped('pt_BR', 'Pedido {{1}} enviado', 'Ver pedido', 'Thank you for shopping with us').replace('Hi {{customer}}, your order is on its way.', 'Olá {{customer}}, seu pedido está a caminho.');

test('trial-bg F1: lint translation-missing: a pt_BR text the same as the es_MX one is no copy (the source is en_US); pt_BR\'s English text still is', async () => {
  const { dir } = await project({ 'templates/order_shipped.en_US.yaml': SHOP_EN, 'templates/order_shipped.es_MX.yaml': SHOP_ES, 'templates/order_shipped.pt_BR.yaml': SHOP_PT });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-missing');
    assert.equal(found.map((d) => `${d.file}:${d.line}`), ['templates/order_shipped.pt_BR.yaml:9']);
    assert.match(found[0]!.message, /^The pt_BR text at footer is the en_US text word for word \(templates\/order_shipped\.en_US\.yaml\), and no import recorded it as translated \(translated_from\): an untranslated copy, which WhatsApp may reject as not in pt_BR \(TAG_CONTENT_MISMATCH\)/);
    // judged the same with the file linted alone
    assert.equal(await missing(dir, ['templates/order_shipped.pt_BR.yaml']), ['templates/order_shipped.pt_BR.yaml:9']);
  } finally { cleanup(dir); }
});

test('trial-bg F1: a file whose record names es_MX as its source: an unrecorded text the same as the es_MX one is a copy of its source', async () => {
  // pt_BR imported from es_MX (its header recorded), its label added by hand as the Spanish text
  const pt = `${SHOP_PT.replace('footer: Thank you for shopping with us', 'footer: Obrigado por comprar conosco')}translated_from:\n  language: es_MX\n  texts:\n    header.text: "${textHash('Pedido {{1}} enviado')}"\n`;
  const { dir } = await project({ 'templates/order_shipped.en_US.yaml': SHOP_EN, 'templates/order_shipped.es_MX.yaml': SHOP_ES, 'templates/order_shipped.pt_BR.yaml': pt });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-missing');
    assert.equal(found.map((d) => `${d.file}:${d.line}`), ['templates/order_shipped.pt_BR.yaml:11']);
    assert.match(found[0]!.message, /^The pt_BR text at buttons\.0\.text is the es_MX text word for word/);
  } finally { cleanup(dir); }
});

test('trial-bg F1: export judges a copy as lint does: from en_US, pt_BR\'s English footer is untranslated; from es_MX, its texts the same as the Spanish are translations', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': SHOP_EN, 'templates/order_shipped.es_MX.yaml': SHOP_ES, 'templates/order_shipped.pt_BR.yaml': SHOP_PT });
  try {
    const [en] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['pt_BR'], format: 'csv', out: 'tr/en.csv' });
    assert.equal([en!.units, en!.translated, en!.copies], [4, 3, 1]);
    assert.match(readFileSync(path.join(dir, 'tr/en.csv'), 'utf8'), /"shop-whatsapp\/order_shipped:footer","Thank you for shopping with us","","60","untranslated: the pt_BR file holds the en_US text/);
    const [es] = await exportTranslations(config, [], dir, { source: 'es_MX', targets: ['pt_BR'], format: 'csv', out: 'tr/es.csv' });
    assert.equal([es!.units, es!.translated, es!.copies], [4, 4, undefined]);
    const csv = readFileSync(path.join(dir, 'tr/es.csv'), 'utf8');
    assert.match(csv, /"shop-whatsapp\/order_shipped:buttons\.0\.text","Ver pedido","Ver pedido",/);
    assert.match(csv, /"shop-whatsapp\/order_shipped:header\.text","Pedido \{\{1\}\} enviado","Pedido \{\{1\}\} enviado",/);
  } finally { cleanup(dir); }
});

test('copySources: the language a file records, and the template\'s source (records, then en, then by code)', () => {
  const vs = [{ language: 'pt_BR' }, { language: 'es_MX' }, { language: 'en_US' }];
  assert.equal(templateSource(vs), 'en_US');
  assert.equal(copySources(vs, vs[0]!), ['en_US']);
  assert.equal(copySources(vs, vs[2]!), []);
  const recorded = [{ language: 'pt_BR', from: 'es_MX' }, { language: 'es_MX', from: 'en_US' }, { language: 'en_US' }];
  assert.equal(copySources(recorded, recorded[0]!), ['es_MX', 'en_US']);
  assert.equal(templateSource([{ language: 'fr' }, { language: 'de' }]), 'de');
  assert.not.ok(isUntranslatedCopy('Ver pedido', 'Ver pedido', 'es_MX', 'pt_BR', false, undefined, ['en_US']));
  assert.ok(isUntranslatedCopy('View order', 'View order', 'en_US', 'pt_BR', false, undefined, ['en_US']));
  assert.ok(isUntranslatedCopy('View order', 'View order', 'en_GB', 'pt_BR', false, undefined, ['en_US']), 'a language of the source\'s base');
});

test.run();
