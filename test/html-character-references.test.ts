// Found verifying large imports (verify-7 V-3): `&nbsp;` in a PO target (a translator's tool that
// pastes web markup) was imported as the literal text "&nbsp;", and lint said nothing; the
// customer would have read "&nbsp;" (XLIFF refuses it, as XML must). Now import refuses a PO, CSV
// (or XLIFF, escaped as &amp;nbsp;) target holding an HTML character reference that its source
// text does not hold, at its line, with the character to write; a source that holds it keeps it
// allowed. Lint's text-characters warns about one in a template's text, and `lint --fix` writes
// the character.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { characterReferences, withoutReferences } from '../src/model/character-references.ts';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out\n`;
/** a source text that holds a reference of its own (a company's name written so) */
const EN_AMP = EN.replace('Reply STOP to opt out', 'AT&amp;T customers reply STOP to opt out');

async function project(en: string): Promise<{ dir: string; config: Awaited<ReturnType<typeof loadConfig>> }> {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': en });
  return { dir, config: await loadConfig({ cwd: dir }) };
}

test('the references HTML reads are found, with their characters; a word after & that is no entity is text', () => {
  assert.equal(characterReferences('a&nbsp;b &amp; &#8217; &#x2019; &#X41; R&D; &Co; &#0;').map((r) => [r.ref, r.ch]),
    [['&nbsp;', '\u00a0'], ['&amp;', '&'], ['&#8217;', '\u2019'], ['&#x2019;', '\u2019'], ['&#X41;', 'A'], ['&#0;', undefined]]);
  assert.is(withoutReferences('Hi&nbsp;{{1}} &amp;nbsp; &#0;'), 'Hi\u00a0{{1}} \u00a0 &#0;');
});

test('import: a PO or CSV target with an HTML reference its source lacks is refused at its line (exit 1, nothing of the template written), naming the character to write', async () => {
  const { dir, config } = await project(EN);
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'po', out: 'tr' });
    const po = readFileSync(path.join(dir, 'tr/ja.po'), 'utf8');
    const lines = po.split('\n');
    const bodyLine = 1 + lines.findIndex((l) => l.includes('msgctxt "shop-whatsapp/order_shipped:body.text"'));
    const filled = po
      .replace(/(msgid "Hi \{\{customer\}\}, your order is on its way\."\nmsgstr )""/, '$1"v2 お知らせ&nbsp;{{customer}}様、ご注文の商品は発送されました。"')
      .replace(/(msgid "Reply STOP to opt out"\nmsgstr )""/, '$1"配信停止はSTOPと返信"');
    writeFiles(dir, { 'tr/ja.po': filled });
    const r = await importTranslations(config, ['tr/ja.po'], dir);
    assert.equal(r.refusals.map((x) => [x.line, x.id]), [[bodyLine, 'shop-whatsapp/order_shipped:body.text']]);
    assert.match(r.refusals[0]!.message, /&nbsp;.*U\+00A0 NO-BREAK SPACE/);
    assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.ja.yaml')));
    const cli = await cliIn(['translations', 'import', 'tr/ja.po'], { cwd: dir });
    assert.is(cli.exitCode, 1);
    assert.match(cli.stdout + cli.stderr, new RegExp(`tr/ja\\.po:${bodyLine}: .*&nbsp;`));

    // CSV: a numeric reference and &amp;, each said with its character
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['fr'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/fr.csv'), 'utf8')
      .replace(/("shop-whatsapp\/order_shipped:body\.text","(?:[^"]|"")*",)""/, '$1"Bonjour {{customer}}, votre commande est en route&#8230;"')
      .replace(/("shop-whatsapp\/order_shipped:footer","[^"]*",)""/, '$1"R&amp;D : STOP pour arrêter"');
    writeFiles(dir, { 'tr/fr.csv': csv });
    const c = await importTranslations(config, ['tr/fr.csv'], dir);
    assert.equal(c.refusals.map((x) => [x.line, x.id]), [[2, 'shop-whatsapp/order_shipped:body.text'], [3, 'shop-whatsapp/order_shipped:footer']]);
    assert.match(c.refusals[0]!.message, /&#8230;.*"…" \(U\+2026\)/);
    assert.match(c.refusals[1]!.message, /&amp;.*"&"/);
    // written as characters: imported
    writeFiles(dir, { 'tr/fr.csv': csv.replace('&#8230;', '…').replace('R&amp;D', 'R&D') });
    const ok = await importTranslations(config, ['tr/fr.csv'], dir);
    assert.equal(ok.refusals, []);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.fr.yaml'), 'utf8'), /R&D : STOP/);
    // a reference the target file already holds (written before this check, or by hand) goes out and comes back: its own, not refused
    const fr = path.join(dir, 'templates/order_shipped.fr.yaml');
    writeFiles(dir, { 'templates/order_shipped.fr.yaml': readFileSync(fr, 'utf8').replace('R&D : STOP', 'R&amp;D : STOP') });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['fr'], format: 'csv', out: 'tr2' });
    const back = readFileSync(path.join(dir, 'tr2/fr.csv'), 'utf8');
    assert.match(back, /R&amp;D : STOP/);
    writeFiles(dir, { 'tr2/fr.csv': back.replace('route…', 'route !') });
    const again = await importTranslations(config, ['tr2/fr.csv'], dir);
    assert.equal(again.refusals, []);
  } finally { cleanup(dir); }
});

test('import: a reference the source text holds is allowed; XLIFF markup escaped once (&amp;nbsp;) is refused as PO\'s', async () => {
  const { dir, config } = await project(EN_AMP);
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'po', out: 'tr' });
    const po = readFileSync(path.join(dir, 'tr/de.po'), 'utf8')
      .replace(/(msgid "Hi \{\{customer\}\}, your order is on its way\."\nmsgstr )""/, '$1"Hallo {{customer}}, deine Bestellung ist unterwegs."')
      .replace(/(msgid "AT&amp;T customers reply STOP to opt out"\nmsgstr )""/, '$1"AT&amp;T-Kunden antworten STOP zum Abmelden"');
    writeFiles(dir, { 'tr/de.po': po });
    const r = await importTranslations(config, ['tr/de.po'], dir);
    assert.equal(r.refusals, []);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /AT&amp;T-Kunden antworten/);

    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['es'], format: 'xliff', out: 'tr' });
    const xlf = readFileSync(path.join(dir, 'tr/es.xlf'), 'utf8');
    const unitLine = 1 + xlf.split('\n').findIndex((l) => l.includes('name="shop-whatsapp/order_shipped:body.text"'));
    const filled = xlf.replace(/(<source xml:space="preserve">Hi (<ph [^>]*\/>), your order is on its way\.<\/source>)/, '$1\n        <target xml:space="preserve">Hola&amp;nbsp;$2, tu pedido está en camino.</target>')
      .replace(/(<source xml:space="preserve">AT&amp;amp;T customers reply STOP to opt out<\/source>)/, '$1\n        <target xml:space="preserve">AT&amp;amp;T responde STOP para darte de baja</target>');
    assert.ok(filled.includes('Hola&amp;nbsp;'));
    writeFiles(dir, { 'tr/es.xlf': filled });
    const x = await importTranslations(config, ['tr/es.xlf'], dir);
    assert.equal(x.refusals.map((e) => [e.line, e.id]), [[unitLine, 'shop-whatsapp/order_shipped:body.text']]);
    assert.match(x.refusals[0]!.message, /&nbsp;.*NO-BREAK SPACE/);
  } finally { cleanup(dir); }
});

test('lint: text-characters warns about an HTML reference in a text, at it, with the character to write; lint --fix writes the character; the description and R&D; are left alone', async () => {
  const dir = tempDir();
  const file = `${ORDER_SHIPPED_EN.replace('Hi {{customer}}, your', 'Hi&nbsp;{{customer}}, your')}footer: "R&D; team: reply STOP&#8230;"\ndescription: "Q&amp;A follow-up"\n`;
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': file });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'text-characters');
    assert.equal(found.map((d) => [d.line, d.column, d.severity]), [[6, 12, 'warning'], [8, 31, 'warning']]);
    assert.match(found[0]!.message, /&nbsp;.*the customer reads "&nbsp;".*U\+00A0 NO-BREAK SPACE/);
    assert.match(found[1]!.message, /&#8230;.*"…"/);
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(fix.exitCode, 0, fix.stdout + fix.stderr);
    const fixed = readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8');
    assert.match(fixed, /Hi\u00a0\{\{customer\}\}, your/);
    assert.match(fixed, /R&D; team: reply STOP…/);
    assert.match(fixed, /Q&amp;A follow-up/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'text-characters'), []);
  } finally { cleanup(dir); }
});

test('lint: an HTML reference in a sample or a URL button\'s example is warned as in a text; lint --fix writes the character in the URL and its example alike (verify-8 S-1)', async () => {
  const dir = tempDir();
  const file = `channel: shop-whatsapp\nname: oferta\nlanguage: es_ES\ncategory: MARKETING\nbody:\n  text: "Hola {{1}}, tu oferta te espera."\n  examples: { 1: "Ana &amp; Luis" }\nbuttons:\n  - type: URL\n    text: Ver oferta\n    url: "https://tienda.example.com/o?c=may&amp;u={{1}}"\n    example: "https://tienda.example.com/o?c=may&amp;u=ana"\n`;
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/oferta.es_ES.yaml': file });
  try {
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'text-characters');
    assert.equal(found.map((d) => [d.line, d.column]), [[7, 23], [11, 45], [12, 49]]);
    assert.match(found[0]!.message, /^The sample holds the HTML character reference &amp;, which the reviewers and preview read as it is written/);
    assert.match(found[2]!.message, /^The sample holds the HTML character reference &amp;/);
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(fix.exitCode, 0, fix.stdout + fix.stderr);
    const fixed = readFileSync(path.join(dir, 'templates/oferta.es_ES.yaml'), 'utf8');
    assert.match(fixed, 'examples: { 1: "Ana & Luis" }');
    assert.match(fixed, 'url: "https://tienda.example.com/o?c=may&u={{1}}"');
    assert.match(fixed, 'example: "https://tienda.example.com/o?c=may&u=ana"');
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'text-characters'), []);
  } finally { cleanup(dir); }
});

test.run();
