// A localisation manager's trial (trial "as"): what a translator's tool or a spreadsheet sends back
// that the import took in silence or answered with the wrong advice. A translation that is the
// English text, or a whole file of them (gettext's msgen), imported without a word (F2); a CSV note "check it, then
// delete this note" whose cell also held the target as exported (F4); Excel's "Unicode Text" save
// is named .txt (F5); a CSV language header `Português` was answered 'pt', a code WhatsApp does not
// list, in a project of pt_BR (F6); a PO whose Language header was wrong (zh) created templates on
// a WhatsApp channel in a language WhatsApp does not list (F7).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseCsv } from 'csv-parse/sync';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { copiedThroughout, languageHint, writeTranslations } from '../src/translations/formats.ts';
import { sourceKept } from '../src/translations/apply.ts';
import { extractUnits, type Unit } from '../src/translations/units.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { WHATSAPP_LANGUAGES } from '../src/lint/rules/languages.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = (languages = '') => `templates: ["templates/**/*.yaml"]
channels:
  wa: { kind: whatsapp${languages ? `, languages: [${languages}]` : ''} }
  rcs: { kind: rcs${languages ? `, languages: [${languages}]` : ''} }
`;
const ORDER = `channel: wa
name: order
language: en_US
category: UTILITY
body:
  text: "Hi {{1}}, your order is on its way to you."
  examples: { 1: Maria }
footer: Thank you for shopping with us
`;
const PROMO = `channel: rcs
name: promo
language: en_US
description: Weekend deals
message:
  type: text
  message: "Our weekend deals are here, see what is new in the store."
`;
const FILES = { 'templates/wa/order.en_US.yaml': ORDER, 'templates/rcs/promo.en_US.yaml': PROMO };

/** the project's units into `target`, each translated by `translate` */
function translated(target: string, translate: (u: Unit) => string): Unit[] {
  const units = extractUnits([{ file: 'templates/wa/order.en_US.yaml', value: readTemplateValue(ORDER) }, { file: 'templates/rcs/promo.en_US.yaml', value: readTemplateValue(PROMO) }], 'en_US', target);
  return units.map((u) => ({ ...u, target: translate(u) }));
}
const JA: Record<string, string> = {
  'wa/order:body.text': 'こんにちは{{1}}様、ご注文の商品を発送しました。',
  'wa/order:footer': 'ご利用ありがとうございます',
  'rcs/promo:message.message': '週末セールが始まりました。店舗の新商品をご覧ください。',
};

test('F2: a translation that is the source text word for word is said at its line (as translation-missing judges a text), and a file that is the source throughout (msgen) is refused', async () => {
  // the file's judgement: every finished translation its source word for word, two of them with words at least, another base language
  const doc = (pairs: [string, string][], target = 'it') => ({ source: 'en_US', target, entries: pairs.map(([source, t], i) => ({ id: `wa/x:f${i}`, source, target: t, line: 10 + i })) });
  const msgen: [string, string][] = [['Hi {{1}}, your order is on its way.', 'Hi {{1}}, your order is on its way.'], ['Thank you for shopping with us', 'Thank you for shopping with us'], ['OK', 'OK']];
  assert.equal(copiedThroughout(doc(msgen)), { texts: 2, line: 10 });
  // a text translated beside them, a single text kept (a slogan), a language of the same base, texts without words: no copy of the file
  assert.is(copiedThroughout(doc([...msgen, ['Track it', 'Seguilo']])), undefined);
  assert.is(copiedThroughout(doc([['Just do it, every day', 'Just do it, every day']])), undefined);
  assert.is(copiedThroughout(doc(msgen, 'en_GB')), undefined);
  assert.is(copiedThroughout(doc([['OK', 'OK'], ['Acme Shop', 'Acme Shop'], ['{{1}} {{2}}', '{{1}} {{2}}']])), undefined);
  // the unit's judgement: words enough (a name, "OK" or a brand is no copy), not said again of a text an import recorded
  assert.match(sourceKept('Thank you for shopping with us', ['Thank you for shopping with us'], undefined, false, 'en_US', 'pt_BR')!, /^the translation is the en_US text word for word .*: written, and recorded as the pt_BR text, so lint's translation-missing will not report it; .*translate it and import again$/);
  assert.is(sourceKept('Acme Shop', ['Acme Shop'], undefined, false, 'en_US', 'pt_BR'), undefined);
  assert.is(sourceKept('Thank you for shopping with us', ['Thank you for shopping with us'], undefined, false, 'en_US', 'en_GB'), undefined);
  assert.is(sourceKept('Thank you for shopping with us', ['Thank you for shopping with us'], 'Thank you for shopping with us', true, 'en_US', 'pt_BR'), undefined);
  assert.ok(sourceKept('Thank you for shopping with us', ['Thank you for shopping with us'], 'Thank you for shopping with us', false, 'en_US', 'pt_BR'));

  const dir = tempDir('tplsync-slips-copy-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(), ...FILES });
    // gettext's msgen: every msgstr its msgid; nothing written, and said once
    writeFiles(dir, { 'tr/it.po': writeTranslations('po', translated('it', (u) => u.source), 'en_US', 'it') });
    const r = await cliIn(['translations', 'import', 'tr/it.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^tr\/it\.po:\d+: every translation in this file is its en_US text word for word \(3 texts with words, none translated: what gettext's msgen, .*\): nothing of it was imported: the it templates would hold the en_US text, .*; translate the texts and import the file again/m);
    assert.match(r.stdout, /^0 files written; 1 refused/m);
    assert.not.ok(existsSync(path.join(dir, 'templates/wa/order.it.yaml')));
    // the same as XLIFF the translator's tool confirmed (state="translated"): the same refusal
    writeFiles(dir, { 'tr/it.xlf': writeTranslations('xliff', translated('it', (u) => u.source), 'en_US', 'it') });
    const x = await cliIn(['translations', 'import', 'tr/it.xlf'], { cwd: dir });
    assert.is(x.exitCode, 1, x.stderr);
    assert.match(x.stderr, /every translation in this file is its en_US text word for word/);
    // one footer left in English among translations (a spreadsheet, `;`-separated): written, and said at its line with its id
    const pt = (u: Unit): string => ({ 'wa/order:body.text': 'Olá {{1}}, seu pedido está a caminho.', 'wa/order:footer': u.source, 'rcs/promo:message.message': 'Nossas ofertas de fim de semana chegaram.' })[u.id]!;
    const csv = writeTranslations('csv', translated('pt_BR', pt), 'en_US', 'pt_BR');
    const line = csv.split('\r\n').findIndex((l) => l.startsWith('"wa/order:footer"')) + 1;
    writeFiles(dir, { 'tr/pt_BR.csv': csv });
    const one = await cliIn(['translations', 'import', 'tr/pt_BR.csv'], { cwd: dir });
    assert.is(one.exitCode, 0, one.stderr);
    assert.equal(one.stderr.split('\n').filter(Boolean), [`tr/pt_BR.csv:${line}: wa/order:footer: warning: the translation is the en_US text word for word (left untranslated, or pre-filled by a tool: gettext's msgen, a "copy source to target"): written, and recorded as the pt_BR text, so lint's translation-missing will not report it; WhatsApp rejects a template whose text is not in its language (TAG_CONTENT_MISMATCH): unless it is meant to stay as it is (a slogan or a name kept in en_US), translate it and import again`]);
    assert.match(readFileSync(path.join(dir, 'templates/wa/order.pt_BR.yaml'), 'utf8'), /footer: Thank you for shopping with us/);
    // kept as it is (a slogan), imported again: recorded already, nothing more said
    writeFiles(dir, { 'tr/pt_BR.csv': writeTranslations('csv', translated('pt_BR', (u) => (u.id === 'wa/order:body.text' ? 'Olá {{1}}, seu pedido já está a caminho.' : pt(u))), 'en_US', 'pt_BR') });
    const again = await cliIn(['translations', 'import', 'tr/pt_BR.csv'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.is(again.stderr, '');
  } finally { cleanup(dir); }
});

test('F4: a CSV row noted outdated whose notes cell a reviewer cleared ("check it, then delete this note") marks the translation current: the target as exported is a column of its own', async () => {
  const dir = tempDir('tplsync-slips-notes-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(), ...FILES });
    const config = await loadConfig({ cwd: dir });
    // pt_BR translated and imported, then the English footer changed: the Portuguese footer is outdated
    const pt = (u: Unit): string => ({ 'wa/order:body.text': 'Olá {{1}}, seu pedido está a caminho.', 'wa/order:footer': 'Obrigado pela preferência', 'rcs/promo:message.message': 'Nossas ofertas de fim de semana chegaram.' })[u.id]!;
    writeFiles(dir, { 'tr/pt_BR.csv': writeTranslations('csv', translated('pt_BR', pt), 'en_US', 'pt_BR') });
    assert.equal((await importTranslations(config, ['tr/pt_BR.csv'], dir)).refusals, []);
    writeFiles(dir, { 'templates/wa/order.en_US.yaml': ORDER.replace('footer: Thank you for shopping with us', 'footer: Thank you for shopping with us today') });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['pt_BR'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/pt_BR.csv'), 'utf8');
    const rows = parseCsv(csv, { bom: true }) as string[][];
    assert.equal(rows[0], ['id', 'en_US', 'pt_BR', 'limit', 'notes', 'target as exported']);
    const footer = rows.findIndex((r) => r[0] === 'wa/order:footer');
    assert.match(rows[footer]![4]!, /^outdated: the en_US text changed since this translation was made \(check it, then delete this note\)$/);
    assert.match(rows[footer]![5]!, /^target as exported: [0-9a-f]{8} \(pt_BR\)$/);
    const saved = (edit: (r: string[]) => string[]): string => rows.map((r) => edit([...r]).map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
    // the reviewer checked "Obrigado pela preferência" and cleared the note's cell, as it says
    writeFiles(dir, { 'tr/checked.csv': saved((r) => { if (r[0] === 'wa/order:footer') r[4] = ''; return r; }) });
    const r = await importTranslations(config, ['tr/checked.csv'], dir);
    assert.equal([r.refusals, r.stillOutdated, r.fuzzy], [[], [], []]);
    assert.equal(r.written.map((w) => [w.file, w.changed]), [['templates/wa/order.pt_BR.yaml', 0]]);
    const lint = await cliIn(['lint', 'templates/wa/order.pt_BR.yaml'], { cwd: dir });
    assert.not.match(lint.stdout, /translation-outdated/);
    // a file whose notes column was deleted cannot say the translation was checked: it stays outdated, as before
    writeFiles(dir, { 'templates/wa/order.en_US.yaml': ORDER.replace('footer: Thank you for shopping with us', 'footer: Thanks for shopping with us') });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['pt_BR'], format: 'csv', out: 'tr' });
    const again = parseCsv(readFileSync(path.join(dir, 'tr/pt_BR.csv'), 'utf8'), { bom: true }) as string[][];
    rows.splice(0, rows.length, ...again);
    writeFiles(dir, { 'tr/no-notes.csv': saved((x) => [...x.slice(0, 4), ...x.slice(5)]) });
    const gone = await importTranslations(config, ['tr/no-notes.csv'], dir);
    assert.equal(gone.stillOutdated.map((x) => x.id), ['wa/order:footer']);
    // a CSV exported before the column (its hash in the notes) still imports: its outdated note deleted up to the `|`
    const older = saved((x) => {
      const notes = [x[4], x[5]].filter(Boolean).join(' | ');
      return [...x.slice(0, 4), x[0] === 'id' ? 'notes' : x[0] === 'wa/order:footer' ? notes.replace(/^outdated:[^|]*\| /, '') : notes];
    });
    assert.match(older, /"wa\/order:footer","Thanks for shopping with us","Obrigado pela preferência","60","target as exported: [0-9a-f]{8} \(pt_BR\)"/);
    writeFiles(dir, { 'tr/older.csv': older });
    const old = await importTranslations(config, ['tr/older.csv'], dir);
    assert.equal([old.refusals, old.stillOutdated, old.fuzzy], [[], [], []]);
    assert.equal(old.written.map((w) => [w.file, w.changed]), [['templates/wa/order.pt_BR.yaml', 0]]);
  } finally { cleanup(dir); }
});

test('F5: Excel\'s "Unicode Text" save (UTF-16 LE with its BOM, tab-separated, CRLF), named .txt as Excel names it, or .tsv, is read as the CSV it is', async () => {
  const dir = tempDir('tplsync-slips-txt-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(), ...FILES });
    // the CSV as exported, then as Excel saves it as "Unicode Text": the cells tab-separated, quoted only where needed
    const csv = writeTranslations('csv', translated('ja', (u) => JA[u.id]!), 'en_US', 'ja');
    const rows = csv.replace(/^\ufeff/, '').split('\r\n').filter(Boolean).map((r) => r.slice(1, -1).split('","').map((c) => c.replace(/""/g, '"')));
    const tabbed = rows.map((r) => r.map((c) => (/[\t"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join('\t')).join('\r\n') + '\r\n';
    const unicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabbed, 'utf16le')]);
    writeFiles(dir, { 'tr/ja.txt': unicodeText, 'tr/ja.tsv': unicodeText });
    const r = await cliIn(['translations', 'import', 'tr/ja.txt'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/wa\/order\.ja\.yaml \(2 texts\)/);
    assert.match(readFileSync(path.join(dir, 'templates/wa/order.ja.yaml'), 'utf8'), /ご注文の商品を発送しました/);
    // the same bytes as .tsv: the texts are in the files already
    const again = await cliIn(['translations', 'import', 'tr/ja.tsv'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /0 files written; 2 already up to date/);
    // any other name is still no translation file, and the message names what is read
    writeFiles(dir, { 'tr/ja.md': tabbed });
    const md = await cliIn(['translations', 'import', 'tr/ja.md'], { cwd: dir });
    assert.is(md.exitCode, 3);
    assert.match(md.stderr, /tr\/ja\.md: not a translation file \(\.xlf, \.xliff, \.po, \.csv, or a spreadsheet's tab-separated \.txt or \.tsv\)/);
    // `tplsync import notes.txt` (pull's other name) is not taken for a translation file's slip
    const slip = await cliIn(['import', 'tr/ja.txt'], { cwd: dir });
    assert.not.match(slip.stderr, /did you mean `.*translations import/);
  } finally { cleanup(dir); }
});

test('F6: a language header that is not a code is answered with the code the project writes (pt_BR for Português), else with the codes WhatsApp lists', async () => {
  // the project's code of that language; else WhatsApp's, which has no `pt`; a language WhatsApp lists as it is stays as it is
  assert.is(languageHint('Português', ['en_US', 'pt_BR'], WHATSAPP_LANGUAGES), "; did you mean 'pt_BR'?");
  assert.is(languageHint('Português', ['en_US'], WHATSAPP_LANGUAGES), "; did you mean 'pt_BR' or 'pt_PT'?");
  assert.is(languageHint('PT', ['pt_BR', 'pt_PT']), "; did you mean 'pt_BR' or 'pt_PT'?");
  assert.is(languageHint('Deutsch', ['en_US'], WHATSAPP_LANGUAGES), "; did you mean 'de'?");
  assert.is(languageHint('English', ['en_US', 'de']), "; did you mean 'en_US'?");
  assert.is(languageHint('Português'), "; did you mean 'pt'?");
  for (const [config, files] of [[CONFIG('en_US, pt_BR'), {}], [CONFIG(), { 'templates/wa/order.pt_BR.yaml': ORDER.replace('language: en_US', 'language: pt_BR') }]] as const) {
    const dir = tempDir('tplsync-slips-header-');
    try {
      writeFiles(dir, { 'tplsync.config.yaml': config, ...FILES, ...files });
      const csv = writeTranslations('csv', translated('pt_BR', (u) => `${u.source} (pt)`), 'en_US', 'pt_BR').replace('"pt_BR"', '"Português"');
      writeFiles(dir, { 'tr/pt.csv': csv });
      const r = await importTranslations(await loadConfig({ cwd: dir }), ['tr/pt.csv'], dir);
      assert.equal(r.refusals.map((x) => [x.line, x.message]), [[1, "column 3 of the first row, 'Português', must be the target language as a code like de or pt_BR; did you mean 'pt_BR'?"]]);
    } finally { cleanup(dir); }
  }
});

test('F7: a file whose language WhatsApp does not list, new to a WhatsApp channel, creates none of that channel\'s templates: refused at line 1, the RCS ones written', async () => {
  const dir = tempDir('tplsync-slips-zh-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('en_US, ja'), ...FILES });
    // a Japanese PO whose Language header a tool rewrote to zh, and which dropped the export's comments (with them, the notes
    // naming the language each unit was exported for refuse the file whole: translations-exported-for.test.ts)
    const po = writeTranslations('po', translated('ja', (u) => JA[u.id]!), 'en_US', 'ja').replace('"Language: ja\\n"', '"Language: zh\\n"').replace(/^#\. .*\n/gm, '');
    assert.not.match(po, /target as exported/);
    writeFiles(dir, { 'tr/ja.po': po });
    const r = await cliIn(['translations', 'import', 'tr/ja.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^tr\/ja\.po:1: WhatsApp does not list language 'zh'; supported variants: zh_CN, zh_HK, zh_TW\. The channel wa is a WhatsApp channel with no template in zh, and the config does not list zh for it: the file's template of that channel \(wa\/order\) was not created, as WhatsApp would reject it \(rule language-unknown\); correct the file's language \(XLIFF's trgLang, PO's Language header, the CSV's third column header\) and import it again$/m);
    assert.not.ok(existsSync(path.join(dir, 'templates/wa/order.zh.yaml')));
    // the RCS channel may have zh (the note says to add it to the config if it is meant)
    assert.match(r.stdout, /created templates\/rcs\/promo\.zh\.yaml \(1 text\)\n1 file written; 1 refused \(see above\)/);
    // a channel that has the language already (a template of it in zh) is not refused: lint's language-unknown says it there
    writeFiles(dir, { 'templates/wa/other.zh.yaml': ORDER.replace('name: order', 'name: other').replace('language: en_US', 'language: zh') });
    const had = await cliIn(['translations', 'import', 'tr/ja.po'], { cwd: dir });
    assert.is(had.exitCode, 0, had.stderr);
    assert.match(had.stdout, /created templates\/wa\/order\.zh\.yaml/);
  } finally { cleanup(dir); }
});

test.run();
