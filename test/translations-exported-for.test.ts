// trial-as F1: the German XLIFF, its header rewritten to trgLang="fr" (a CAT tool's, or a hand's, mistake), overwrote
// every French template with German and exited 0: each unit's note "target as exported" of a first export is the hash of
// an empty text, the same in every language's file, so the guard against texts changed since the export took the French
// texts the fr import had written for the ones "this export" wrote. Same with a PO whose Language said ar on the Japanese
// file. Now the note names the language the unit was exported for (`811c9dc5 (de)`), and a file whose units were
// exported for another language than its header says is refused whole, naming both; a file exported before (a hash
// alone) imports as it did.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { CONFIG, cleanup, cliIn, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out\n`;
const BODY = 'shop-whatsapp/order_shipped:body.text';
const FOOTER = 'shop-whatsapp/order_shipped:footer';
const TEXTS: Record<string, Record<string, string>> = {
  de: { [BODY]: 'Hallo {{customer}}, deine Bestellung ist unterwegs.', [FOOTER]: 'Antworte STOP zum Abmelden' },
  fr: { [BODY]: 'Bonjour {{customer}}, votre commande est en route.', [FOOTER]: 'Répondez STOP pour vous désabonner' },
};
type Format = 'xliff' | 'po' | 'csv';
const EXT: Record<Format, string> = { xliff: 'xlf', po: 'po', csv: 'csv' };

/** a first export's file with each unit's target filled in, as the translator's tool sends it back */
function fill(format: Format, text: string, targets: Record<string, string>): string {
  if (format === 'xliff') {
    return text.replace(/(<unit id="[^"]+" name="([^"]+)"[\s\S]*?<segment)>(\s*<source xml:space="preserve">[\s\S]*?<\/source>)/g, (_m, head: string, id: string, source: string) =>
      `${head} state="translated">${source}\n        <target xml:space="preserve">${targets[id]!.replace('{{customer}}', '<ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>')}</target>`);
  }
  if (format === 'po') return text.replace(/msgctxt "([^"]+)"\nmsgid ("(?:[^"\\]|\\.)*")\nmsgstr ""/g, (_m, id: string, source: string) => `msgctxt "${id}"\nmsgid ${source}\nmsgstr "${targets[id]!}"`);
  return text.replace(/"([^"]+)","((?:[^"]|"")*)",""/g, (_m, id: string, source: string) => `"${id}","${source}","${targets[id]!}"`);
}

/** the file's header made to say `to` where it says `from` (XLIFF's trgLang, PO's Language, the CSV's third column) */
function relabel(format: Format, text: string, from: string, to: string): string {
  const [a, b] = format === 'xliff' ? [`trgLang="${from}"`, `trgLang="${to}"`] : format === 'po' ? [`"Language: ${from}\\n"`, `"Language: ${to}\\n"`] : [`"id","en_US","${from}",`, `"id","en_US","${to}",`];
  assert.ok(text.includes(a), a);
  return text.replace(a, b);
}

/** the line of the file's first unit */
const firstUnitLine = (format: Format, text: string): number => (format === 'csv' ? 2 : text.slice(0, text.indexOf(format === 'xliff' ? '<unit' : 'msgctxt')).split('\n').length);

for (const format of ['xliff', 'po', 'csv'] as const) {
  test(`${format}: a file exported for de whose header says fr is refused whole, before and after fr was imported; the right header imports it`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
      const config = await loadConfig({ cwd: dir });
      await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de', 'fr'], format, out: 'tr' });
      const exported = (l: string): string => readFileSync(path.join(dir, `tr/${l}.${EXT[format]}`), 'utf8');
      // each unit's note names the language it was exported for
      assert.match(exported('de'), format === 'xliff' ? /<note category="target as exported">811c9dc5 \(de\)<\/note>/ : /target as exported: 811c9dc5 \(de\)/);
      assert.not.match(exported('de'), /[0-9a-f]{8} \(fr\)/);
      const de = fill(format, exported('de'), TEXTS.de!);
      const deAsFr = relabel(format, de, 'de', 'fr');
      writeFiles(dir, { [`tr/de-as-fr.${EXT[format]}`]: deAsFr });
      const fr = path.join(dir, 'templates/order_shipped.fr.yaml');
      const refusedWhole = async (): Promise<void> => {
        const r = await importTranslations(config, [`tr/de-as-fr.${EXT[format]}`], dir);
        assert.equal(r.written, []);
        assert.is(r.refusals.length, 1);
        assert.is(r.refusals[0]!.line, firstUnitLine(format, deAsFr));
        assert.match(r.refusals[0]!.message, /its 2 units were exported for de [^\n]*says fr: importing it would write the de translations into the fr templates/);
        assert.match(r.refusals[0]!.message, format === 'xliff' ? /correct its trgLang to de/ : format === 'po' ? /correct its header's Language to de/ : /correct the header of its third column to de/);
        assert.match(r.refusals[0]!.message, /nothing of it was imported$/);
      };
      // no fr file yet: none is made from the German texts
      await refusedWhole();
      assert.not.ok(existsSync(fr));
      // the fr file imported from its own translation file; the mislabelled German one does not overwrite it
      writeFiles(dir, { [`tr/fr.${EXT[format]}`]: fill(format, exported('fr'), TEXTS.fr!) });
      const r = await importTranslations(config, [`tr/fr.${EXT[format]}`], dir);
      assert.equal([r.refusals, r.written.map((w) => w.file)], [[], ['templates/order_shipped.fr.yaml']]);
      const french = readFileSync(fr, 'utf8');
      await refusedWhole();
      assert.is(readFileSync(fr, 'utf8'), french, 'the fr file as the fr import wrote it');
      if (format === 'xliff') {
        // the full read (a carriage return sends the file to it) and the import that reads every file first say the same
        writeFiles(dir, { 'tr/de-as-fr.xlf': deAsFr.replace(/\n/g, '\r\n') });
        await refusedWhole();
        writeFiles(dir, { 'tr/de-as-fr.xlf': deAsFr });
        const late = await importTranslations(config, ['tr/de-as-fr.xlf'], dir, false, undefined, { early: false });
        assert.equal([late.written, late.refusals.map((x) => x.line)], [[], [firstUnitLine(format, deAsFr)]]);
        assert.is(readFileSync(fr, 'utf8'), french);
      }
      // the CLI says it at the unit's line, exit 1
      const cli = await cliIn(['translations', 'import', `tr/de-as-fr.${EXT[format]}`], { cwd: dir });
      assert.is(cli.exitCode, 1);
      assert.match(cli.stderr, new RegExp(`tr/de-as-fr\\.${EXT[format]}:${firstUnitLine(format, deAsFr)}: its 2 units were exported for de`));
      // its right header: imported
      writeFiles(dir, { [`tr/de.${EXT[format]}`]: de });
      const right = await importTranslations(config, [`tr/de.${EXT[format]}`], dir);
      assert.equal([right.refusals, right.written.map((w) => w.file)], [[], ['templates/order_shipped.de.yaml']]);
      assert.is(readFileSync(fr, 'utf8'), french);
    } finally { cleanup(dir); }
  });
}

test('a spreadsheet that swapped its language columns is told so: the units were exported for the language it now names its source', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    const config = await loadConfig({ cwd: dir });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = fill('csv', readFileSync(path.join(dir, 'tr/de.csv'), 'utf8'), TEXTS.de!);
    // the header's languages swapped (the cells as well: a spreadsheet's columns moved)
    const swapped = csv.replace('"id","en_US","de",', '"id","de","en_US",').replace(/("[^"]+",)("(?:[^"]|"")*",)("(?:[^"]|"")*",)/g, (m, id: string, a: string, b: string) => (id === '"id",' ? m : id + b + a));
    writeFiles(dir, { 'tr/swapped.csv': swapped });
    const r = await importTranslations(config, ['tr/swapped.csv'], dir);
    assert.equal(r.written, []);
    assert.match(r.refusals[0]!.message, /exported for de [^\n]*the file now translates de into en_US: its second and third columns were swapped[^\n]*swap them back as exported \(en_US the source, de the target\)/);
    assert.is(readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8'), EN, 'the source untouched');
  } finally { cleanup(dir); }
});

test('a file exported before the notes named a language (the hash alone) imports as it did, its guard kept', async () => {
  for (const format of ['xliff', 'po', 'csv'] as const) {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
      const config = await loadConfig({ cwd: dir });
      await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr' });
      const old = fill(format, readFileSync(path.join(dir, `tr/de.${EXT[format]}`), 'utf8'), TEXTS.de!).replace(/([0-9a-f]{8}) \(de\)/g, '$1');
      assert.not.match(old, /\(de\)/);
      writeFiles(dir, { [`tr/de.${EXT[format]}`]: old });
      const r = await importTranslations(config, [`tr/de.${EXT[format]}`], dir);
      assert.equal([r.refusals, r.written.map((w) => w.file)], [[], ['templates/order_shipped.de.yaml']], format);
      // its notes still guard the file: a reviewer's edit made since is not overwritten by the same translation file sent again changed
      const file = path.join(dir, 'templates/order_shipped.de.yaml');
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(file, 'utf8').replace('Antworte STOP zum Abmelden', 'Mit STOP abbestellen') });
      writeFiles(dir, { [`tr/de.${EXT[format]}`]: old.replace('Antworte STOP zum Abmelden', 'Antworte mit STOP') });
      const again = await importTranslations(config, [`tr/de.${EXT[format]}`], dir);
      assert.equal(again.refusals.map((x) => x.id), [FOOTER], format);
      assert.match(again.refusals[0]!.message, /changed after this translation file was exported/);
    } finally { cleanup(dir); }
  }
});

test.run();
