// A localisation engineer's trial with real translation tools (trial P): what a translator's file
// brings back that tplsync took for something else. A header's sample taken from the body's (F3);
// full-width braces and a renamed placeholder said as what was typed (F4); a cell of only invisible
// characters, and invisible padding (F8); a tool's own element inside an XLIFF <target> (F9).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keepTranslatorWork, readXliff, readPo, readCsv, writeTranslations } from '../src/translations/formats.ts';
import { extractUnits } from '../src/translations/units.ts';
import { checkEntry, invisibleAdded } from '../src/translations/apply.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const SHIPPED = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
header: { format: TEXT, text: "Order {{order_id}} shipped" }
body:
  text: "Hi {{customer}}, your order {{order_id}} left our warehouse today."
  examples: { customer: Maria, order_id: A-1042 }
footer: Reply to this message
buttons:
  - { type: QUICK_REPLY, text: Confirm }
  - { type: QUICK_REPLY, text: Reschedule }
`;
/** order_shipped translated into German, its header, body and button labels */
const SHIPPED_DE = SHIPPED.replace('language: en_US', 'language: de').replace('Order {{order_id}} shipped', 'Bestellung {{order_id}} versandt').replace('Hi {{customer}}, your order {{order_id}} left our warehouse today.', 'Hallo {{customer}}, Ihre Bestellung {{order_id}} ist heute unterwegs.').replace('text: Confirm', 'text: Bestätigen').replace('text: Reschedule', 'text: Verschieben');

test('F3: a text header\'s named placeholder without header.examples gets the body\'s sample of that name in every format; a numbered one never takes the body\'s', () => {
  const value = { channel: 'shop-whatsapp', name: 'order_shipped', language: 'en_US', category: 'UTILITY', header: { format: 'TEXT', text: 'Order {{order_id}} shipped' }, body: { text: 'Hi {{customer}}, your order {{order_id}} left.', examples: { customer: 'Maria', order_id: 'A-1042' } } };
  const units = extractUnits([{ file: 'a', value }], 'en_US', 'de');
  const header = units.find((u) => u.field === 'header.text')!;
  assert.equal(header.samples, { order_id: 'A-1042' });
  assert.match(writeTranslations('po', units, 'en_US', 'de'), /#\. samples: \{\{order_id\}\} = A-1042\n(#\. .*\n)*msgctxt "shop-whatsapp\/order_shipped:header\.text"/);
  assert.match(writeTranslations('xliff', units, 'en_US', 'de'), /<unit id="header\.text"[^]*?<note category="samples">\{\{order_id\}\} = A-1042<\/note>[^]*?<\/unit>/);
  assert.match(writeTranslations('csv', units, 'en_US', 'de'), /"shop-whatsapp\/order_shipped:header\.text",[^\r]*samples: \{\{order_id\}\} = A-1042/);
  // header.examples wins; a numbered header placeholder is the header's own parameter
  const own = extractUnits([{ file: 'a', value: { ...value, header: { format: 'TEXT', text: 'Order {{order_id}}', examples: { order_id: 'B-7' } } } }], 'en_US', 'de');
  assert.equal(own.find((u) => u.field === 'header.text')!.samples, { order_id: 'B-7' });
  const numbered = extractUnits([{ file: 'a', value: { ...value, header: { format: 'TEXT', text: 'Order {{1}}' }, body: { text: 'Hi {{1}}', examples: { 1: 'Maria' } } } }], 'en_US', 'de');
  assert.equal(numbered.find((u) => u.field === 'header.text')!.samples, {});
});

test('F4: full-width braces, a full-width low line, capital letters and a translated name are said as what the translator typed, not as "dropped"', () => {
  const entry = (target: string) => ({ id: 't/x:body.text', source: '', target, line: 3 });
  const src = 'Dear {{1}}, your invoice {{2}} of {{3}} is due on {{4}}.';
  const wide = checkEntry(entry('お客様 {{1}}、請求書 ｛｛2｝｝（{{3}}）のお支払い期限は{{4}}です。'), src, undefined)!;
  assert.match(wide, /｛｛2｝｝ is typed with full-width characters \(｛ U\+FF5B, ｝ U\+FF5D: an input method's full-width mode\), which are sent as text, not filled in: write \{\{2\}\} with the half-width \(ASCII\) characters/);
  assert.not.match(wide, /dropped/);
  const named = 'Hi {{first_name}}, welcome.';
  assert.match(checkEntry(entry('Hallo {{first＿name}}, willkommen.'), named, undefined)!, /\{\{first＿name\}\} is typed with full-width characters \(＿ U\+FF3F/);
  assert.match(checkEntry(entry('Hallo {{First_Name}}, willkommen.'), named, undefined)!, /\{\{First_Name\}\} has capital letters where the source has \{\{first_name\}\}.*: write \{\{first_name\}\}/);
  assert.match(checkEntry(entry('Hallo {{vorname}}, willkommen.'), named, undefined)!, /\{\{vorname\}\} where the source has \{\{first_name\}\} \(a name changed: a placeholder's name is never translated\): write \{\{first_name\}\}/);
  // a placeholder really dropped is still said so
  assert.match(checkEntry(entry('Hallo, willkommen.'), named, undefined)!, /the placeholders changed \(dropped \{\{first_name\}\}\)/);
});

test('a placeholder typed with the digits of another script ({{١}}, {{१}}) is said with the digit it was written with, not as "dropped"', () => {
  const entry = (target: string) => ({ id: 't/x:body.text', source: '', target, line: 3 });
  const src = 'Shop now through November and use code {{1}} to get {{2}} off of all merchandise!';
  const ar = checkEntry(entry('تسوّق الآن حتى نوفمبر واستخدم الرمز {{١}} للحصول على خصم {{2}} على جميع المنتجات!'), src, undefined)!;
  assert.equal(ar, 'the placeholders changed: {{١}} is written with the Arabic-Indic digit ١ (U+0661), which is sent as text, not filled in: write {{1}} with the ASCII digits 0-9; keep {{1}} {{2}} exactly as written');
  // another script's digits, two of them in one placeholder, and both placeholders so written
  assert.match(checkEntry(entry('अभी खरीदें और कोड {{१}} से {{२}} की छूट पाएं!'), src, undefined)!, /\{\{१\}\} is written with the Devanagari digit १ \(U\+0967\).*write \{\{1\}\} with the ASCII digits 0-9; \{\{२\}\} is written with the Devanagari digit २ .*write \{\{2\}\}/);
  assert.match(checkEntry(entry('Utilisez {{1}}, {{2}} et {{١٢}} maintenant.'), 'Use {{1}}, {{2}} and {{12}} now.', undefined)!, /\{\{١٢\}\} is written with the Arabic-Indic digits ١, ٢ \(U\+0661, U\+0662\).*write \{\{12\}\}/);
  // a full-width digit is one of the full-width characters, as before
  assert.match(checkEntry(entry('コード {{１}} で {{2}} 割引!'), src, undefined)!, /\{\{１\}\} is typed with full-width characters \(１ U\+FF11/);
  for (const m of [ar]) assert.not.match(m, /dropped/);
});

test('F8: a translation of only invisible characters is empty (not imported, in every format); invisible padding is refused and named', () => {
  for (const zw of ['\u200b', '\u2060', '\u200b \u00a0', '\ufeff\u200b']) {
    const po = readPo(`msgid ""\nmsgstr "Language: de\\nX-Source-Language: en_US\\n"\n\nmsgctxt "t/x:footer"\nmsgid "Reply"\nmsgstr "${zw}"\n`);
    assert.equal(po.entries, [], JSON.stringify(zw));
    assert.equal(po.fuzzy, [{ id: 't/x:footer', line: 4, mark: 'empty' }]);
    const csv = readCsv(`id,en_US,de\r\nt/x:footer,Reply,"${zw}"\r\n`);
    assert.equal(csv.entries, []);
    for (const pre of ['', ' xml:space="preserve"']) {
      const x = readXliff(`<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de"><file id="f1" original="t/x"><unit id="footer" name="t/x:footer"><segment state="translated"><source>Reply</source><target${pre}>${zw}</target></segment></unit></file></xliff>\n`);
      assert.equal(x.entries, [], `xliff ${JSON.stringify(zw)} ${pre}`);
    }
  }
  const entry = (target: string) => ({ id: 't/x:buttons.1.text', source: 'Reschedule', target, line: 3 });
  assert.match(checkEntry(entry('Verschieben\u200b'), 'Reschedule', 25)!, /the translation ends with U\+200B ZERO WIDTH SPACE \(invisible\) where the template's text has none/);
  assert.match(checkEntry(entry('\u2060Verschieben'), 'Reschedule', 25)!, /the translation begins with U\+2060 WORD JOINER \(invisible\) where/);
  assert.match(checkEntry(entry(' Verschieben'), 'Reschedule', 25)!, /begins with " " where the template's text has none/);
  // inside the text: written, and said as lint's text-characters says it
  assert.match(invisibleAdded('Ver\u200bschieben', 'Reschedule')!, /holds an invisible character, U\+200B ZERO WIDTH SPACE, which the template's text does not .*text-characters/);
  assert.is(invisibleAdded('Ver\u200bschieben', 'Re\u200bschedule'), undefined);
  assert.is(invisibleAdded('می\u200cخواهم', 'Reschedule'), undefined);
  // the direction marks of right-to-left text and an emoji's variation selector are not padding
  assert.is(checkEntry(entry('\u200fتغيير'), 'Reschedule', 25), undefined);
  assert.is(checkEntry(entry('Neu ❤\ufe0f'), 'Reschedule', 25), undefined);
});

test('F8 end to end: a CSV cell of only U+200B leaves the file\'s translation as it is; a trailing U+200B is refused at its line (exit 1)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SHIPPED,
      'templates/order_shipped.de.yaml': SHIPPED_DE });
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'csv', '--out', 'de.csv'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    const csv = readFileSync(path.join(dir, 'de.csv'), 'utf8');
    writeFiles(dir, { 'de.csv': csv.replace('"Bestätigen"', '"\u200b"') });
    const only = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /text: Bestätigen/);
    assert.not.match(only.stdout, /\(\d+ texts? changed\)/, only.stdout + only.stderr);
    writeFiles(dir, { 'de.csv': csv.replace('"Verschieben"', '"Verschieben\u200b"') });
    const padded = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.is(padded.exitCode, 1, padded.stdout + padded.stderr);
    assert.match(padded.stderr, /^de\.csv:\d+: shop-whatsapp\/order_shipped:buttons\.1\.text: refused: the translation ends with U\+200B ZERO WIDTH SPACE \(invisible\)/m);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /text: Verschieben \}/);
  } finally { cleanup(dir); }
});

test('F9: an element of a tool\'s own namespace (or XLIFF 1.2\'s <g>) inside a <target> refuses the unit at its line; its text is never glued into the translation', async () => {
  const file = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:tool="urn:example:cat-tool" version="2.0" srcLang="en-US" trgLang="de">
  <file id="f1" original="shop-whatsapp/order_shipped">
    <unit id="buttons.0.text" name="shop-whatsapp/order_shipped:buttons.0.text" xml:space="preserve">
      <segment state="translated">
        <source xml:space="preserve">Confirm</source>
        <target xml:space="preserve">${inner}</target>
      </segment>
    </unit>
    <unit id="footer" name="shop-whatsapp/order_shipped:footer">
      <segment state="translated"><source>Reply</source><target>Antworten</target></segment>
    </unit>
  </file>
</xliff>
`;
  const tool = readXliff(file('Bestätigen<tool:comment>Bitte prüfen</tool:comment>'));
  const e = tool.entries.find((x) => x.id.endsWith('buttons.0.text'))!;
  assert.is(e.line, 7);
  assert.match(e.refuse!, /the target holds the element <tool:comment>, which is not one of XLIFF 2\.0's inline elements/);
  assert.is(tool.entries.find((x) => x.id.endsWith('footer'))!.refuse, undefined);
  const g = readXliff(file('<g id="1">Bestätigen</g>')).entries[0]!;
  assert.match(g.refuse!, /the element <g>/);
  // XLIFF 2.0's own inline elements are read as before
  assert.is(readXliff(file('<mrk id="m1" translate="yes">Bestätigen</mrk>')).entries[0]!.target, 'Bestätigen');
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SHIPPED, 'templates/order_shipped.de.yaml': SHIPPED.replace('language: en_US', 'language: de').replace('text: Confirm', 'text: Bestätigen'), 'de.xlf': file('Online zahlen<tool:comment>Bitte prüfen</tool:comment>') });
    const r = await cliIn(['translations', 'import', 'de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^de\.xlf:7: shop-whatsapp\/order_shipped:buttons\.0\.text: refused: the target holds the element <tool:comment>/m);
    assert.not.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /Bitte prüfen/);
  } finally { cleanup(dir); }
});

test('F7: a re-export keeps a translator\'s draft (PO #, fuzzy msgstr, XLIFF state="initial" target, a CSV row still noted outdated) as a draft, and PO translator comments; import still leaves drafts out', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SHIPPED });
    const exp = (format: string) => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `de.${format === 'xliff' ? 'xlf' : format}`], { cwd: dir });
    assert.is((await exp('po')).exitCode, 0);
    const po = readFileSync(path.join(dir, 'de.po'), 'utf8');
    const body = 'msgctxt "shop-whatsapp/order_shipped:body.text"';
    writeFiles(dir, { 'de.po': po.replace(body, `# Übersetzer: bitte mit Rechtsabteilung klären\n#, fuzzy\n${body}`).replace(/(msgctxt "shop-whatsapp\/order_shipped:body\.text"\nmsgid "[^"]*"\nmsgstr )""/, '$1"Hallo {{customer}}, Ihre Bestellung {{order_id}} ENTWURF"')
      .replace('msgctxt "shop-whatsapp/order_shipped:footer"', '# nur ein Kommentar\nmsgctxt "shop-whatsapp/order_shipped:footer"') });
    const again = await exp('po');
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /de\.po: 5 units of 1 template\(s\), 0 translated already; 1 translator's draft kept from the file replaced \(still marked unfinished\); translator comments of 2 units kept/, again.stdout);
    const kept = readFileSync(path.join(dir, 'de.po'), 'utf8');
    assert.match(kept, /# Übersetzer: bitte mit Rechtsabteilung klären\n(#\. .*\n)*#, fuzzy\nmsgctxt "shop-whatsapp\/order_shipped:body\.text"\nmsgid "[^"]*"\nmsgstr "Hallo \{\{customer\}\}, Ihre Bestellung \{\{order_id\}\} ENTWURF"/);
    // a third export keeps them again (nothing doubled)
    await exp('po');
    assert.is(readFileSync(path.join(dir, 'de.po'), 'utf8'), kept);
    // still a draft: import leaves it out, at its line
    const imp = await cliIn(['translations', 'import', 'de.po'], { cwd: dir });
    assert.match(imp.stderr, /de\.po:\d+: shop-whatsapp\/order_shipped:body\.text: (not imported: marked fuzzy|.*marked fuzzy)/);
    // XLIFF: a target in state="initial" that the translator started
    assert.is((await exp('xliff')).exitCode, 0);
    const x = readFileSync(path.join(dir, 'de.xlf'), 'utf8');
    const started = x.replace(/(<unit id="footer"[^]*?<segment)>([^]*?<\/source>)/, '$1 state="initial">$2\n        <target xml:space="preserve">Antworten ENTWURF</target>');
    assert.not.equal(started, x);
    writeFiles(dir, { 'de.xlf': started });
    const x2 = await exp('xliff');
    assert.match(x2.stdout, /1 translator's draft kept/);
    assert.match(readFileSync(path.join(dir, 'de.xlf'), 'utf8'), /<unit id="footer"[^]*?<segment state="initial">[^]*?<target xml:space="preserve">Antworten ENTWURF<\/target>/);
    // a tool's copy of the source in state="initial" is no draft
    writeFiles(dir, { 'de.xlf': x.replace(/(<unit id="footer"[^]*?<segment)>([^]*?<source xml:space="preserve">)([^<]*)(<\/source>)/, '$1 state="initial">$2$3$4\n        <target xml:space="preserve">$3</target>') });
    assert.not.match((await exp('xliff')).stdout, /draft/);
  } finally { cleanup(dir); }
  // CSV: a row still noted outdated whose translation the translator changed is their draft; one left as exported is not
  const u = { template: 't/x', field: 'footer', id: 't/x:footer', source: 'Reply now', placeholders: [], samples: {}, target: 'Antworte', asExported: 'Antworte', outdated: true as const };
  const csv = writeTranslations('csv', [u], 'en_US', 'de');
  const edited = readCsv(csv.replace('"Antworte"', '"Jetzt antworten"'));
  const kept = keepTranslatorWork([u], edited);
  assert.is(kept.drafts, 1);
  assert.equal([kept.units[0]!.target, kept.units[0]!.draft, kept.units[0]!.asExported], ['Jetzt antworten', true, 'Antworte']);
  assert.match(writeTranslations('csv', kept.units, 'en_US', 'de'), /"Jetzt antworten","[^"]*","outdated: /);
  assert.is(keepTranslatorWork([u], readCsv(csv)).drafts, 0);
});

test('F7: a draft of a template the export leaves out (it names some paths) keeps the file from being replaced, as a finished translation does', async () => {
  const dir = tempDir();
  try {
    const other = SHIPPED.replace('name: order_shipped', 'name: order_ready');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SHIPPED, 'templates/order_ready.en_US.yaml': other });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po', '--out', 'de.po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'de.po'), 'utf8');
    const fuzzied = po.replace(/(msgctxt "shop-whatsapp\/order_ready:footer"\nmsgid "[^"]*"\nmsgstr )""/, '$1"Antworten ENTWURF"').replace('msgctxt "shop-whatsapp/order_ready:footer"', '#, fuzzy\nmsgctxt "shop-whatsapp/order_ready:footer"');
    assert.match(fuzzied, /#, fuzzy\nmsgctxt "shop-whatsapp\/order_ready:footer"\nmsgid "[^"]*"\nmsgstr "Antworten ENTWURF"/);
    writeFiles(dir, { 'de.po': fuzzied });
    const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po', '--out', 'de.po', 'templates/order_shipped.en_US.yaml'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /de\.po: not written: it holds 1 translation that the templates do not have yet \(shop-whatsapp\/order_ready:footer, line \d+\)/);
    assert.is(readFileSync(path.join(dir, 'de.po'), 'utf8'), fuzzied);
  } finally { cleanup(dir); }
});

test('F1, F5: an import\'s language notes are judged per channel of the file\'s templates (channels.ALIAS.languages), not by every language of the project', async () => {
  const dir = tempDir();
  try {
    const config = `templates: ["templates/**/*.{yaml,yml}"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { wa: 1e0c1a52-3d4b-4c6e-8f10-a1b2c3d4e5f6, rcs: 2f1d2b63-4e5c-4d7f-9021-b2c3d4e5f6a7 }
channels:
  wa: { kind: whatsapp, languages: [en_US, de] }
  rcs: { kind: rcs, languages: [en_US, de_DE] }
`;
    const hello = (lang: string, text: string) => `channel: wa\nname: hello\nlanguage: ${lang}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': config,
      'templates/hello.en_US.yaml': hello('en_US', 'Hello {{1}}, your table is ready.'), 'templates/hello.de.yaml': hello('de', 'Hallo {{1}}, Ihr Tisch ist bereit.'),
      'templates/bye.en_US.yaml': hello('en_US', 'Goodbye {{1}}, thanks for your visit.').replace('name: hello', 'name: bye'),
      'templates/news.en_US.yaml': 'channel: rcs\nname: news\nlanguage: en_US\nmessage: { type: text, message: Our new store is open. }\n' });
    // F1: RCS templates into de_DE, which the RCS channel lists: no advice to make it de (WhatsApp's code, on another channel)
    writeFiles(dir, { 'de_DE.csv': 'id,en_US,de_DE\r\nrcs/news:message.message,Our new store is open.,Unser neuer Laden ist offen.\r\n' });
    const f1 = await cliIn(['translations', 'import', 'de_DE.csv'], { cwd: dir });
    assert.is(f1.exitCode, 0, f1.stderr);
    assert.match(f1.stdout, /created templates\/news\.de_DE\.yaml/);
    assert.not.match(f1.stderr, /note/, f1.stderr);
    // F5: WhatsApp templates into de_DE (a tool rewrote the header) while RCS has de_DE: the note names de, WhatsApp's channel's code
    writeFiles(dir, { 'bye.csv': 'id,en_US,de_DE\r\nwa/bye:body.text,"Goodbye {{1}}, thanks for your visit.","Auf Wiedersehen {{1}}, danke für Ihren Besuch."\r\n' });
    const f5 = await cliIn(['translations', 'import', 'bye.csv'], { cwd: dir });
    assert.match(f5.stderr, /^bye\.csv: note: no template of wa was in de_DE before this import, and that channel has de: if the file was meant for de, correct its language/m, f5.stderr);
  } finally { cleanup(dir); }
});

test('F2: an import whose translation gains or loses a placeholder (following its source) says, at the unit\'s line, which sample to add (the source\'s offered) or remove', async () => {
  const dir = tempDir();
  try {
    const en = `channel: shop-whatsapp\nname: reminder\nlanguage: en_US\ncategory: UTILITY\nheader: { format: TEXT, text: "Visit {{ref}}" }\nbody:\n  text: "Hi {{1}}, see you on {{2}}. Call {{3}} to change it."\n  examples: { 1: Jonas, 2: 12 May, 3: "030 123456", ref: "A-1" }\n`;
    const de = `channel: shop-whatsapp\nname: reminder\nlanguage: de\ncategory: UTILITY\nheader: { format: TEXT, text: "Besuch {{ref}}" }\nbody:\n  text: "Hallo {{1}}, bis zum {{2}}."\n  examples: { 1: Jonas, 2: 12. Mai, ref: "A-1" }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/reminder.en_US.yaml': en, 'templates/reminder.de.yaml': de,
      'de.csv': 'id,en_US,de\r\nshop-whatsapp/reminder:body.text,"Hi {{1}}, see you on {{2}}. Call {{3}} to change it.","Hallo {{1}}, bis zum {{2}}. Rufen Sie {{3}} an, um ihn zu ändern."\r\n' });
    const gained = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.match(gained.stdout, /updated templates\/reminder\.de\.yaml \(1 text changed\)/);
    assert.match(gained.stderr, /^de\.csv:2: shop-whatsapp\/reminder:body\.text: warning: the translation adds \{\{3\}\} \(as its en_US text has it\), and templates\/reminder\.de\.yaml has no sample for it: add `3: 030 123456` \(the en_US sample; .*\) under body\.examples; lint's placeholder-sample refuses the file until then$/m, gained.stderr);
    // the source drops {{2}}: the translation following it leaves a sample without a placeholder
    writeFiles(dir, { 'templates/reminder.en_US.yaml': en.replace(', see you on {{2}}.', '.').replace('2: 12 May, ', ''), 'templates/reminder.de.yaml': de.replace('examples: { 1: Jonas,', 'examples: { 1: Jonas, 3: "030 123456",').replace('bis zum {{2}}.', 'bis zum {{2}}. Rufen Sie {{3}} an.'),
      'de.csv': 'id,en_US,de\r\nshop-whatsapp/reminder:body.text,"Hi {{1}}. Call {{3}} to change it.","Hallo {{1}}. Rufen Sie {{3}} an, um ihn zu ändern."\r\n' });
    const lost = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.match(lost.stderr, /^de\.csv:2: shop-whatsapp\/reminder:body\.text: warning: the translation no longer has \{\{2\}\} \(as its en_US text\), and templates\/reminder\.de\.yaml still has its sample: remove `2` from body\.examples/m, lost.stderr);
    // a named sample the header still uses is not said to be removed
    assert.not.match(lost.stderr, /\{\{ref\}\}/);
  } finally { cleanup(dir); }
});


test('verify-10 NEW-3: what an import leaves untranslated as showing nothing is exactly what lint calls blank (one set), the Braille blank U+2800 included', async () => {
  const { blank } = await import('../src/translations/formats.ts');
  const { blank: lintBlank } = await import('../src/lint/rule.ts');
  // every code point of the first planes, alone and padded with a space: the two agree
  for (let cp = 0; cp < 0x20000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const ch = String.fromCodePoint(cp);
    if (blank(ch) !== lintBlank(ch) || blank(` ${ch} `) !== lintBlank(` ${ch} `)) assert.unreachable(`U+${cp.toString(16).toUpperCase()}: import ${blank(ch)}, lint ${lintBlank(ch)}`);
  }
  for (const ch of ['\u2800', '\u3164', '\u115f', '\u2800 \u2800']) {
    const po = readPo(`msgid ""\nmsgstr "Language: de\\nX-Source-Language: en_US\\n"\n\nmsgctxt "t/x:buttons.1.text"\nmsgid "Reschedule"\nmsgstr "${ch}"\n`);
    assert.equal(po.entries, [], JSON.stringify(ch));
    assert.equal(readCsv(`id,en_US,de\r\nt/x:buttons.1.text,Reschedule,"${ch}"\r\n`).entries, []);
  }
  // a drawn format character (the Arabic end of ayah) is a text to lint, so it is a translation to the import
  assert.is(blank('\u06dd'), false);
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SHIPPED,
      'templates/order_shipped.de.yaml': SHIPPED_DE });
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po', '--out', 'tr'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    const po = readFileSync(path.join(dir, 'tr/de.po'), 'utf8');
    assert.match(po, /msgstr "Verschieben"/);
    writeFiles(dir, { 'tr/de.po': po.replace('msgstr "Verschieben"', 'msgstr "\u2800"') });
    const imported = await cliIn(['translations', 'import', 'tr/de.po'], { cwd: dir });
    assert.is(imported.exitCode, 0, imported.stdout + imported.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /text: Verschieben \}/);
    assert.not.match(imported.stdout, /\(\d+ texts? changed\)/, imported.stdout + imported.stderr);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});

test.run();
