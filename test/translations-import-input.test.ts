// What a translation file may hold that an import must not write as it comes: the same unit twice
// (a merge of two translators' files; any format), a file in another encoding than UTF-8 (Excel's
// plain "CSV" is Windows-1252; its "Unicode Text" is UTF-16), a CSV column header that is a
// language's name rather than its code, a PO entry marked fuzzy; and the in-place updater itself,
// which refuses two edits of one place and reads its result back before anything is written.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations, translationsExport } from '../src/cli/translations.ts';
import { decodeTranslationFile, readCsv, readTranslations, TranslationFileError, writeTranslations } from '../src/translations/formats.ts';
import { readXliffFast } from '../src/translations/xliff-fast.ts';
import { applyTexts, checkApplied, EditRefused, planImport } from '../src/translations/apply.ts';
import { indexText } from '../src/files/text-locate.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { UsageError } from '../src/core/errors.ts';
import { cleanup, cli, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const S = 'Hello {{first_name}}, welcome to our shop. Reply here if you have questions.';
const EN = `channel: shop-whatsapp
name: welcome
language: en_US
category: UTILITY
body:
  # the greeting
  text: "${S}"
  examples: { first_name: Maria }
# optional: at most 60 characters, no placeholders
footer: Reply STOP to opt out
`;
const FR = `channel: shop-whatsapp
name: welcome
language: fr
category: UTILITY
body:
  # the greeting
  text: "Bonjour {{first_name}}, bienvenue."
  examples: { first_name: Maria }
# optional: at most 60 characters, no placeholders
footer: STOP pour arrêter
`;
const csv = (lang: string, rows: [string, string, string][]): string =>
  [`id,en_US,${lang},limit,notes`, ...rows.map(([id, s, t]) => `${id},"${s}","${t}",,`)].join('\r\n') + '\r\n';
const po = (lang: string, entries: string[]): string =>
  ['msgid ""', 'msgstr ""', `"Language: ${lang}\\n"`, '"X-Source-Language: en_US\\n"', '', ...entries].join('\n');

async function project(files: Record<string, string | Uint8Array>, use: (dir: string, imp: (f: string) => ReturnType<typeof importTranslations>) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/welcome.en_US.yaml': EN, ...files });
    const config = await loadConfig({ cwd: dir });
    await use(dir, (f) => importTranslations(config, [f], dir));
  } finally { cleanup(dir); }
}

const read = (dir: string, f: string): string => readFileSync(path.join(dir, f), 'utf8');

test('the same unit twice with different translations (CSV, PO, XLIFF) into a translated file: refused with both lines, the file untouched', async () => {
  const xlf = (t1: string, t2: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="fr">
  <file id="f1" original="shop-whatsapp/welcome">
    <unit id="body.text" name="shop-whatsapp/welcome:body.text"><segment><source>${S.replace('{{first_name}}', '<ph id="ph1" equiv="{{first_name}}"/>')}</source><target>${t1}</target></segment></unit>
  </file>
  <file id="f2" original="shop-whatsapp/welcome">
    <unit id="body.text" name="shop-whatsapp/welcome:body.text"><segment><source>${S.replace('{{first_name}}', '<ph id="ph1" equiv="{{first_name}}"/>')}</source><target>${t2}</target></segment></unit>
  </file>
</xliff>
`;
  const inputs: Record<string, [string, number, number]> = {
    'b.csv': [csv('fr', [['shop-whatsapp/welcome:body.text', S, 'Bonjour {{first_name}}, un.'], ['shop-whatsapp/welcome:body.text', S, 'Bonjour {{first_name}}, deux.']]), 2, 3],
    'b.po': [po('fr', ['msgctxt "shop-whatsapp/welcome:body.text"', `msgid "${S}"`, 'msgstr "Bonjour {{first_name}}, un."', '', 'msgctxt "shop-whatsapp/welcome:body.text"', `msgid "${S}"`, 'msgstr "Salut {{first_name}}, deux."', '']), 6, 10],
    'b.xlf': [xlf('Bonjour <ph id="ph1" equiv="{{first_name}}"/>, un.', 'Salut <ph id="ph1" equiv="{{first_name}}"/>, deux.'), 4, 7],
  };
  for (const [name, [text, l1, l2]] of Object.entries(inputs)) {
    await project({ 'templates/welcome.fr.yaml': FR, [name]: text }, async (dir, imp) => {
      const r = await imp(name);
      assert.equal(r.written, [], name);
      assert.is(r.refusals.length, 1, name);
      assert.equal({ ...r.refusals[0], message: undefined }, { file: name, line: l2, id: 'shop-whatsapp/welcome:body.text', template: 'shop-whatsapp/welcome', message: undefined }, name);
      assert.match(r.refusals[0]!.message, `twice (lines ${l1} and ${l2})`, name);
      assert.is(read(dir, 'templates/welcome.fr.yaml'), FR, name);
    });
  }
});

test('the same unit twice into a new file: refused, no file; the same translation twice: imported once', async () => {
  const dup = (t2: string): string => csv('fr', [['shop-whatsapp/welcome:body.text', S, 'Bonjour {{first_name}}, un.'], ['shop-whatsapp/welcome:footer', 'Reply STOP to opt out', 'STOP pour arrêter'], ['shop-whatsapp/welcome:body.text', S, t2]]);
  await project({ 'a.csv': dup('Bonjour {{first_name}}, deux.') }, async (dir, imp) => {
    const r = await imp('a.csv');
    assert.equal(r.written, []);
    assert.match(r.refusals[0]!.message, 'twice (lines 2 and 4)');
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome.fr.yaml')));
  });
  await project({ 'a.csv': dup('Bonjour {{first_name}}, un.') }, async (dir, imp) => {
    const r = await imp('a.csv');
    assert.equal(r.refusals, []);
    assert.equal(r.written.map((w) => [w.file, w.units]), [['templates/welcome.fr.yaml', 2]]);
    const v = readTemplateValue(read(dir, 'templates/welcome.fr.yaml')) as { body: { text: string }; footer: string };
    assert.is(v.body.text, 'Bonjour {{first_name}}, un.');
    assert.is(v.footer, 'STOP pour arrêter');
  });
});

test('the updater refuses two edits of one place, whichever road it takes, and never writes a corrupt text', () => {
  const texts = [{ path: ['body', 'text'], text: 'Bonjour {{first_name}}, un.' }, { path: ['body', 'text'], text: 'Bonjour {{first_name}}, deux.' }];
  for (const doc of [undefined, indexText(FR)]) {
    assert.throws(() => applyTexts(FR, texts, 'en_US', { 'body.text': '00000000' }, doc), (e: unknown) => e instanceof EditRefused && /two edits of one place/.test((e as Error).message));
  }
});

test('the result is read back: a text that does not parse, or lost or changed a field, is named', () => {
  const before = readTemplateValue(FR);
  const texts = [{ path: ['body', 'text'], text: 'Bonjour {{first_name}}, deux.' }];
  const hashes = { 'body.text': '3d3a9890' };
  const good = applyTexts(FR, texts, 'en_US', hashes);
  assert.is(checkApplied(good, before, texts, 'en_US', hashes), undefined);
  // what two edits at stale offsets made of the file (the new-user trial's output)
  const corrupt = good.replace('text: "Bonjour {{first_name}}, deux."\n  examples: { first_name: Maria }', 'text: "Bonjour {{first_name}}, deux."ples: { first_name: Maria }');
  assert.match(checkApplied(corrupt, before, texts, 'en_US', hashes) ?? '', 'would not read as a template');
  assert.match(checkApplied(good.replace(/^footer: .*\n/m, ''), before, texts, 'en_US', hashes) ?? '', 'would not hold the intended texts');
  assert.match(checkApplied(good.replace('deux', 'trois'), before, texts, 'en_US', hashes) ?? '', '(body.text differs)');
  assert.ok(checkApplied(good.replace('3d3a9890', '00000000'), before, texts, 'en_US', hashes));
});

test('an import whose read-back differs from the intended file refuses that template and writes nothing of it', () => {
  const source = { template: 'shop-whatsapp/welcome', file: 'templates/welcome.en_US.yaml', text: EN, value: readTemplateValue(EN) };
  // the target's value as the import was given it disagrees with its text (here: a key the text lacks): the edit cannot be the intended file
  const target = { file: 'templates/welcome.fr.yaml', text: FR, value: { ...readTemplateValue(FR), extra: 'x' } };
  const plan = planImport([{ id: 'shop-whatsapp/welcome:footer', source: 'Reply STOP to opt out', target: 'STOP', line: 7 }], 'en_US', 'fr',
    new Map([[source.template, source]]), new Map([[source.template, target]]));
  assert.equal(plan.writes, []);
  assert.equal(plan.refusals.map((r) => [r.template, r.line]), [['shop-whatsapp/welcome', 7]]);
  assert.match(plan.refusals[0]!.message, 'would not hold the intended texts');
});

test('a CSV in Windows-1252 is refused at its line with how to save it; UTF-16 with a byte-order mark is read', async () => {
  const text = csv('de', [['shop-whatsapp/welcome:body.text', S, 'Hallo {{first_name}}, willkommen im Geschäft.'], ['shop-whatsapp/welcome:footer', 'Reply STOP to opt out', 'Antworte STOP – Grüße']]).replace(/,/g, ';').replace(/(\{\{first_name\}\});/g, '$1,');
  const cp1252 = Buffer.from(text.replace('–', '\u0096'), 'latin1');
  await project({ 'de.csv': cp1252 }, async (dir, imp) => {
    const r = await imp('de.csv');
    assert.equal(r.written, []);
    assert.is(r.refusals.length, 1);
    assert.is(r.refusals[0]!.line, 2);
    assert.match(r.refusals[0]!.message, /not a UTF-8 text: byte 0xE4 .*Gesch\\xE4ft.*save it as "CSV UTF-8/);
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome.de.yaml')));
  });
  const tabbed = text.replace(/;/g, '\t');
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabbed, 'utf16le')]);
  const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(tabbed, 'utf16le').swap16()]);
  for (const bytes of [le, be]) {
    await project({ 'de.csv': bytes }, async (dir, imp) => {
      const r = await imp('de.csv');
      assert.equal(r.refusals, []);
      const v = readTemplateValue(read(dir, 'templates/welcome.de.yaml')) as { body: { text: string }; footer: string };
      assert.is(v.body.text, 'Hallo {{first_name}}, willkommen im Geschäft.');
      assert.is(v.footer, 'Antworte STOP – Grüße');
    });
  }
  // UTF-16 without its mark: said, not read as text with NULs
  assert.throws(() => decodeTranslationFile(Buffer.from(tabbed, 'utf16le'), 'csv'), (e: unknown) => e instanceof TranslationFileError && /NUL bytes \(UTF-16 without a byte-order mark\?\)/.test(e.message));
});

test('a CSV column header that is not a language code is refused at line 1, with the code it may mean', async () => {
  for (const [head, hint] of [['Deutsch', "did you mean 'de'?"], ['Français', "did you mean 'fr'?"], ['Klingon', undefined]] as const) {
    const text = csv(head, [['shop-whatsapp/welcome:body.text', S, 'Hallo {{first_name}}.']]);
    assert.throws(() => readCsv(text), (e: unknown) => e instanceof TranslationFileError && e.line === 1 && e.message.includes(`column 3 of the first row, '${head}', must be the target language as a code`) && (hint ? e.message.endsWith(hint) : !e.message.includes('did you mean')), head);
  }
  assert.is(readCsv(csv('pt-BR', [])).target, 'pt_BR');
  // BCP 47 ignores case: a tool's pt-br and ZH-tw are the files' pt_BR and zh_TW; a script subtag is no language of the templates'
  assert.is(readCsv(csv('pt-br', [])).target, 'pt_BR');
  assert.is(readCsv(csv('ZH-tw', [])).target, 'zh_TW');
  assert.throws(() => readCsv(csv('zh-Hant', [])), /must be the target language as a code.*; WhatsApp writes Traditional Chinese as 'zh_TW' or 'zh_HK'$/);
  assert.throws(() => readCsv(csv('zh-Hans', [])), /; WhatsApp writes Simplified Chinese as 'zh_CN'$/);
  await project({ 'a.csv': csv('Deutsch', [['shop-whatsapp/welcome:body.text', S, 'Hallo {{first_name}}, willkommen.']]) }, async (dir, imp) => {
    const r = await imp('a.csv');
    assert.equal(r.written, []);
    assert.equal(r.refusals.map((x) => x.line), [1]);
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome.Deutsch.yaml')));
  });
});

test('a fuzzy PO entry is said to be fuzzy, with its line, in a new language and in a translated one', async () => {
  const entries = (fuzzyFooter: boolean): string[] => ['msgctxt "shop-whatsapp/welcome:body.text"', `msgid "${S}"`, 'msgstr "Bonjour {{first_name}}, bienvenue."', '',
    ...(fuzzyFooter ? ['#, fuzzy'] : []), 'msgctxt "shop-whatsapp/welcome:footer"', 'msgid "Reply STOP to opt out"', 'msgstr "STOP pour arrêter"', ''];
  await project({ 'fr.po': po('fr', entries(true)) }, async (_dir, imp) => {
    const r = await imp('fr.po');
    assert.equal(r.written, []);
    assert.is(r.skipped.length, 1);
    assert.match(r.skipped[0]!.reason, /^1 of its 2 texts has no fr translation \(shop-whatsapp\/welcome:footer at line 11: marked fuzzy \("#, fuzzy"\); check the translation and remove the mark to import it\)/);
    assert.equal(r.fuzzy, []);
  });
  await project({ 'templates/welcome.fr.yaml': FR, 'fr.po': po('fr', entries(true)) }, async (_dir, imp) => {
    const r = await imp('fr.po');
    assert.equal(r.fuzzy, [{ file: 'fr.po', line: 11, id: 'shop-whatsapp/welcome:footer' }]);
  });
});

test('export: a source language no template has is a usage error naming the one meant; a target equal to the source too', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/welcome.en_US.yaml': EN });
    const config = await loadConfig({ cwd: dir });
    for (const [source, hint] of [['en', "did you mean 'en_US'?"], ['en_GB', "did you mean 'en_US'?"], ['es', undefined]] as const) {
      await exportTranslations(config, [], dir, { source, targets: ['de'], format: 'xliff', out: 'tr' }).then(
        () => assert.unreachable(source),
        (e: unknown) => {
          assert.instance(e, UsageError);
          assert.match((e as Error).message, `no template is in --source ${source}`);
          assert.match((e as Error).message, '(the templates\' languages: en_US)');
          if (hint) assert.match((e as Error).message, hint);
        });
    }
    assert.not.ok(existsSync(path.join(dir, 'tr')));
    await translationsExport([], { source: 'en_US', target: ['de', 'en_US'] }).then(() => assert.unreachable(), (e: unknown) => {
      assert.instance(e, UsageError);
      assert.match((e as Error).message, '--target en_US is the source language');
    });
    // the exit code only the process shows
    const r = await cliIn(['translations', 'export', '--source', 'en', '--target', 'de'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "did you mean 'en_US'?");
  } finally { cleanup(dir); }
});


test('a translation of nothing but white space (a stray space in a cell) is not translated yet, as an empty one, in every format', () => {
  const unit = (field: string, target: string) => ({ template: 'shop-whatsapp/order', field, id: `shop-whatsapp/order:${field}`, source: field === 'footer' ? 'Reply STOP' : 'Hi {{name}}', placeholders: field === 'footer' ? [] : ['{{name}}'], samples: {}, target });
  const units = [unit('body.text', 'Hallo {{name}}'), unit('footer', ' \t ')];
  for (const format of ['xliff', 'po', 'csv'] as const) {
    const text = writeTranslations(format, units, 'en_US', 'de');
    const doc = readTranslations(format, text);
    assert.equal(doc.entries.map((e) => e.id), ['shop-whatsapp/order:body.text'], format);
    assert.equal(doc.fuzzy?.map((f) => [f.id, f.mark]), [['shop-whatsapp/order:footer', 'empty']], format);
    if (format === 'xliff') assert.equal(readXliffFast(text)?.fuzzy?.map((f) => [f.id, f.mark]), [['shop-whatsapp/order:footer', 'empty']], 'the fast reader too');
  }
});

test.run();
