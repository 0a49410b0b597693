// What only the process shows: `tplsync translations` exit codes and messages (a refused unit is
// exit 1 with FILE:LINE: UNIT-ID on stderr; a bad action or option is exit 3, no stack trace).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const EN = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order {{order_id}} is on its way and should arrive within three working days."
  examples: { customer: Maria, order_id: A-1042 }
`;

test('export, a tampered placeholder, import: exit 1 at the line of the unit; a good file: exit 0 and the new file', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    assert.match(out.stdout, /translations\/de\.po: 1 unit of 1 template\(s\), 0 translated already/);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8');
    const line = po.split('\n').findIndex((l) => l.startsWith('msgctxt "shop-whatsapp/order_shipped:body.text"')) + 1;
    writeFiles(dir, { 'translations/de.po': po.replace(/msgstr ""\n*$/, 'msgstr "Hallo {{customer}}, deine Bestellung ist unterwegs."\n') });
    const bad = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(bad.exitCode, 1);
    assert.match(bad.stderr, new RegExp(`^translations/de\\.po:${line}: shop-whatsapp/order_shipped:body\\.text: refused: the placeholders changed \\(dropped \\{\\{order_id\\}\\}\\)`, 'm'));
    assert.not.match(bad.stderr, /\n\s+at /);
    writeFiles(dir, { 'translations/de.po': po.replace(/msgstr ""\n*$/, 'msgstr "Hallo {{customer}}, deine Bestellung {{order_id}} ist unterwegs und kommt in drei Werktagen an."\n') });
    const good = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(good.exitCode, 0, good.stderr);
    assert.match(good.stdout, /created templates\/order_shipped\.de\.yaml \(1 text\)/);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});

test('two files of one run that translate one unit differently: that template is refused in both, naming both lines (exit 1), in whatever order they are named; the same translation twice is no conflict', async () => {
  const dir = tempDir();
  try {
    const OTHER = EN.replace('name: order_shipped', 'name: order_ready').replace('is on its way and should arrive within three working days', 'is ready for pickup at the store today');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_ready.en_US.yaml': OTHER });
    const src = 'Hi {{customer}}, your order {{order_id}} is on its way and should arrive within three working days.';
    const ready = 'shop-whatsapp/order_ready:body.text,"Hi {{customer}}, your order {{order_id}} is ready for pickup at the store today.","Hallo {{customer}}, Ihre Bestellung {{order_id}} liegt heute zur Abholung bereit."';
    const row = (t: string) => `id,en_US,de\r\nshop-whatsapp/order_shipped:body.text,"${src}","${t}"\r\n`;
    writeFiles(dir, {
      'a.csv': row('Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs (A).'),
      // in b.csv the conflicting row comes second, after the template's other file's row: its refusal names its own row (3), not the first
      'b.csv': `${row('Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs (B).').replace(/\r\nshop-whatsapp/, `\r\n${ready}\r\nshop-whatsapp`)}`,
    });
    for (const files of [['a.csv', 'b.csv'], ['b.csv', 'a.csv']]) {
      const r = await cliIn(['translations', 'import', ...files], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /a\.csv:2: shop-whatsapp\/order_shipped:body\.text: refused: .*two different de translations in this run, (a\.csv:2 and b\.csv:3|b\.csv:3 and a\.csv:2); which is right is the translator's call/);
      assert.match(r.stderr, /b\.csv:3: shop-whatsapp\/order_shipped:body\.text: refused: /);
      assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')), 'neither translation written');
      assert.ok(existsSync(path.join(dir, 'templates/order_ready.de.yaml')), 'the other template of the file is written');
    }
    writeFiles(dir, { 'b.csv': row('Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs (A).') });
    const same = await cliIn(['translations', 'import', 'a.csv', 'b.csv'], { cwd: dir });
    assert.is(same.exitCode, 0, same.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /unterwegs \(A\)/);
    // a template of two texts, the footer agreed on (first in each file), the body not: each file's refusal at its body row
    writeFiles(dir, { 'templates/order_late.en_US.yaml': `${EN.replace('name: order_shipped', 'name: order_late')}footer: Reply STOP to opt out\n` });
    const late = (t: string) => `id,en_US,de\r\nshop-whatsapp/order_late:footer,Reply STOP to opt out,Antworten Sie STOP\r\nshop-whatsapp/order_late:body.text,"${src}","${t}"\r\n`;
    writeFiles(dir, { 'c.csv': late('Hallo {{customer}}, {{order_id}} kommt spaeter (C).'), 'd.csv': late('Hallo {{customer}}, {{order_id}} kommt spaeter (D).') });
    const r = await cliIn(['translations', 'import', 'c.csv', 'd.csv'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^c\.csv:3: shop-whatsapp\/order_late:body\.text: refused: shop-whatsapp\/order_late:body\.text has two different de translations in this run, c\.csv:3 and d\.csv:3/m);
    assert.match(r.stderr, /^d\.csv:3: shop-whatsapp\/order_late:body\.text: refused: /m);
    // three files, three translations: every file's row named in each refusal
    writeFiles(dir, { 'e.csv': late('Hallo {{customer}}, {{order_id}} kommt spaeter (E).') });
    const three = await cliIn(['translations', 'import', 'c.csv', 'd.csv', 'e.csv'], { cwd: dir });
    assert.is(three.exitCode, 1, three.stderr);
    assert.match(three.stderr, /^e\.csv:3: shop-whatsapp\/order_late:body\.text: refused: shop-whatsapp\/order_late:body\.text has 3 different de translations in this run, c\.csv:3, d\.csv:3, e\.csv:3/m);
  } finally { cleanup(dir); }
});

test('a PO whose Language has a gettext modifier (de_DE@formal) is refused, echoed as written, with the code to write', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'f.po': 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de_DE@formal\\n"\n"X-Source-Language: en_US\\n"\n\nmsgctxt "shop-whatsapp/order_shipped:body.text"\nmsgid "x"\nmsgstr "y"\n' });
    const r = await cliIn(['translations', 'import', 'f.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, "f.po:1: the file's language 'de_DE@formal' is not a language code like de or pt_BR; gettext's modifier @formal is no part of a WhatsApp language code: write de_DE");
  } finally { cleanup(dir); }
});

test('an import of many files without a record says the explanation once, each file\'s line short (trial-ab finding 6)', async () => {
  const dir = tempDir();
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (let i = 0; i < 5; i++) {
      const en = EN.replace('name: order_shipped', `name: order_shipped_${i}`);
      files[`templates/order_shipped_${i}.en_US.yaml`] = en;
      files[`templates/order_shipped_${i}.de.yaml`] = en.replace('language: en_US', 'language: de').replace('Hi {{customer}}, your order {{order_id}} is on its way and should arrive within three working days.', 'Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs.');
    }
    writeFiles(dir, files);
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const r = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('updated '));
    assert.is(lines.length, 5, r.stdout);
    for (const l of lines) assert.match(l, /^updated templates\/order_shipped_\d\.de\.yaml \(no text changed; no record before: see below\)$/);
    assert.is(r.stdout.split('check that they are current').length - 1, 1, r.stdout);
    assert.match(r.stdout, '5 files had no record of the source texts their translations were made from');
  } finally { cleanup(dir); }
});

test('a first import that changes no text of a file without a record says its translations are taken as made from today\'s source, to be checked; a later one says marked current', async () => {
  const dir = tempDir();
  try {
    const DE = EN.replace('language: en_US', 'language: de').replace('Hi {{customer}}, your order {{order_id}} is on its way and should arrive within three working days.', 'Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs.');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const first = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    assert.match(first.stdout, 'updated templates/order_shipped.de.yaml (no text changed; no record before: see below)');
    assert.match(first.stdout, '1 file had no record of the source texts its translations were made from (marked "no record before" above): its translations are now recorded as made from the current source texts; check that they are current');
    const again = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.not.match(again.stdout, 'had no record');
    assert.not.match(again.stdout, 'no record before');
  } finally { cleanup(dir); }
});

test('usage errors are exit 3', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    for (const args of [['translations', 'publish'], ['translations', 'export', '--target', 'de'], ['translations', 'export', '--source', 'en_US', '--target', 'templates/'], ['translations', 'import', 'notes.md']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stderr}`);
      assert.not.match(r.stderr, /\n\s+at /);
    }
  } finally { cleanup(dir); }
});

test('export --out: - is standard output; a file where a folder is needed, or named for another format, is a usage error (it crashed with exit 70); nothing to export writes no broken file', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'existing.po': 'x', 'templates/broken.en_US.yaml': 'channel: [unclosed\n' });
    const export_ = (...args: string[]) => cliIn(['translations', 'export', '--source', 'en_US', ...args], { cwd: dir });
    const piped = await export_('--target', 'de', '--out', '-');
    assert.is(piped.exitCode, 0, piped.stderr);
    assert.match(piped.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<xliff /);
    assert.match(piped.stderr, /^\(standard output\): 1 unit of 1 template\(s\), 0 translated already$/m);
    // a template file that does not parse: said, not skipped in silence
    assert.match(piped.stderr, /^templates\/broken\.en_US\.yaml: not exported: it does not read as a template/m);
    // named on the command line (a file or its folder): said once (a trial saw it twice)
    for (const named of ['templates/broken.en_US.yaml', 'templates']) {
      const once = await export_('--target', 'de', '--out', '-', named);
      assert.is(once.stderr.split('broken.en_US.yaml: not exported').length - 1, 1, once.stderr);
    }
    const two = await export_('--target', 'de', '--target', 'fr', '--out', '-');
    assert.is(two.exitCode, 3);
    assert.match(two.stderr, /--out - \(standard output\) takes one --target/);
    const onFile = await export_('--target', 'de', '--target', 'fr', '--out', 'existing.po', '--format', 'po');
    assert.is(onFile.exitCode, 3, onFile.stderr);
    assert.match(onFile.stderr, /--out existing\.po is a file; with several --target languages, --out names a folder/);
    assert.is(readFileSync(path.join(dir, 'existing.po'), 'utf8'), 'x');
    const misnamed = await export_('--target', 'de', '--format', 'po', '--out', 'de.xlf');
    assert.is(misnamed.exitCode, 3);
    assert.match(misnamed.stderr, /--out de\.xlf is not named as a po file .*name it de\.po, or give --format xliff/);
    // a target-language file named as the paths: no en_US text, no file (an XLIFF without a <file> fails its schema)
    writeFiles(dir, { 'templates/order_shipped.de.yaml': EN.replace('language: en_US', 'language: de') });
    const empty = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'x/de.xlf', 'templates/order_shipped.de.yaml'], { cwd: dir });
    assert.is(empty.exitCode, 1, empty.stderr);
    assert.match(empty.stderr, /^x\/de\.xlf: not written: no en_US text to translate in the templates under templates\/order_shipped\.de\.yaml/m);
    assert.not.ok(existsSync(path.join(dir, 'x', 'de.xlf')));
  } finally { cleanup(dir); }
});

test('export --dry-run writes nothing; an export option given to import is refused, not ignored; pt-BR is pt_BR; --out de.po without --format is PO', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    const dry = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--dry-run'], { cwd: dir });
    assert.is(dry.exitCode, 0, dry.stderr);
    assert.match(dry.stdout, /^would write translations\/de\.xlf: 1 unit of 1 template\(s\)/m);
    assert.not.ok(existsSync(path.join(dir, 'translations')));
    const bcp = await cliIn(['translations', 'export', '--source', 'en-US', '--target', 'pt-BR', '--out', 'tr/pt_BR.po'], { cwd: dir });
    assert.is(bcp.exitCode, 0, bcp.stderr);
    assert.match(readFileSync(path.join(dir, 'tr/pt_BR.po'), 'utf8'), /^"Language: pt_BR\\n"$/m);
    const wrong = await cliIn(['translations', 'import', 'tr/pt_BR.po', '--target', 'fr'], { cwd: dir });
    assert.is(wrong.exitCode, 3);
    assert.match(wrong.stderr, /--target is an option of export; import takes the languages and the format from the translation files/);
  } finally { cleanup(dir); }
});

test('a file for a language no template had, beside one of the same base (de_DE beside de): imported, with a note that its header may be a tool\'s', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': EN.replace('language: en_US', 'language: de') });
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de_DE', '--format', 'po'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    const po = readFileSync(path.join(dir, 'translations/de_DE.po'), 'utf8');
    writeFiles(dir, { 'translations/de_DE.po': po.replace(/msgstr ""\n*$/, 'msgstr "Hallo {{customer}}, deine Bestellung {{order_id}} ist unterwegs und kommt in drei Werktagen an."\n') });
    const r = await cliIn(['translations', 'import', 'translations/de_DE.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/order_shipped\.de_DE\.yaml/);
    assert.match(r.stderr, /^translations\/de_DE\.po: note: no template was in de_DE before this import, and the project has de: if the file was meant for de, correct its language/m);
    // a language the project already has: no note
    const again = await cliIn(['translations', 'import', 'translations/de_DE.po'], { cwd: dir });
    assert.not.match(again.stderr, /note:/);
  } finally { cleanup(dir); }
});

test('round two of the trial: padding refused; en-us into en_US is the same language; --out x.po for several targets is refused; a field added to a CRLF file keeps CRLF', async () => {
  const dir = tempDir();
  try {
    const en = 'channel: shop-whatsapp\nname: menu\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "Hi {{customer}}, done.", examples: { customer: Ana } }\nbuttons:\n  - { type: QUICK_REPLY, text: OK }\n  - { type: QUICK_REPLY, text: Help }\n';
    const de = 'channel: shop-whatsapp\r\nname: menu\r\nlanguage: de\r\ncategory: UTILITY\r\nbody: { text: "Hallo {{customer}}, fertig.", examples: { customer: Ana } }\r\nbuttons:\r\n  - { type: QUICK_REPLY, text: OK }\r\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/menu.en_US.yaml': en, 'templates/menu.de.yaml': de });
    const several = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--target', 'fr', '--out', 'x.po'], { cwd: dir });
    assert.is(several.exitCode, 3);
    assert.match(several.stderr, /--out x\.po names one file; with several --target languages, --out names a folder/);
    assert.not.ok(existsSync(path.join(dir, 'x.po')));
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'de.csv'], { cwd: dir })).exitCode, 0);
    const csv = readFileSync(path.join(dir, 'de.csv'), 'utf8');
    writeFiles(dir, { 'padded.csv': csv.replace('"Help",""', '"Help"," Hilfe "') });
    const padded = await cliIn(['translations', 'import', 'padded.csv'], { cwd: dir });
    assert.is(padded.exitCode, 1);
    assert.match(padded.stderr, /buttons\.1\.text: refused: the translation begins with " " where the template.s text has none/);
    writeFiles(dir, { 'same.csv': csv.replace('"id","en_US","de"', '"id","en-us","EN_us"') });
    assert.match((await cliIn(['translations', 'import', 'same.csv'], { cwd: dir })).stderr, /translates en_US into en_US/);
    writeFiles(dir, { 'de.csv': csv.replace('"Help",""', '"Help","Hilfe"') });
    const ok = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stderr);
    const after = readFileSync(path.join(dir, 'templates/menu.de.yaml'), 'utf8');
    assert.match(after, /text: Hilfe/);
    assert.not.match(after.replace(/\r\n/g, ''), /\n/, 'CRLF kept');
  } finally { cleanup(dir); }
});

test('round three of the trial: languages on the command line in any case, once each; a folder named with a slash; padding judged against the template, not the file\'s source; a key the file lacks placed where the source has it', async () => {
  const dir = tempDir();
  try {
    const zh = EN.replace('language: en_US', 'language: zh_TW').replace(/text: ".*"/, 'text: "{{customer}}，您的訂單 {{order_id}} 已出貨，將在三個工作天內送達。"');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': `${EN}footer: Reply STOP to opt out\n`, 'templates/order_shipped.zh_TW.yaml': zh });
    const r = await cliIn(['translations', 'export', '--source', 'en-us', '--target', 'zh-tw', '--target', 'ZH_TW', '--out', 'tr.xlf/'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n'), ['tr.xlf/zh_TW.xlf: 2 units of 1 template(s), 1 translated already']);
    // a script subtag is no language of the templates (the schema's ll or ll_CC: lint would refuse the files)
    const script = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'zh-hant'], { cwd: dir });
    assert.is(script.exitCode, 3);
    // a tool that padded the source and the target alike: the template's text has no padding
    const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n"X-Source-Language: en_US\\n"\n\nmsgctxt "shop-whatsapp/order_shipped:footer"\nmsgid "  Reply STOP to opt out"\nmsgstr "  Antworte STOP"\n`;
    writeFiles(dir, { 'de.po': po });
    const padded = await cliIn(['translations', 'import', 'de.po'], { cwd: dir });
    assert.is(padded.exitCode, 1, padded.stdout);
    assert.match(padded.stderr, /the translation begins with "  " where the template's text has none/);
    // a footer the German file lacks goes after its body, as in the source, not after translated_from at the end
    writeFiles(dir, { 'templates/order_shipped.de.yaml': `${EN.replace('language: en_US', 'language: de')}buttons:\n  - { type: QUICK_REPLY, text: OK }\n`, 'templates/order_shipped.en_US.yaml': `${EN}footer: Reply STOP to opt out\nbuttons:\n  - { type: QUICK_REPLY, text: OK }\n`, 'de.po': po.replace(/"  /g, '"') });
    const added = await cliIn(['translations', 'import', 'de.po'], { cwd: dir });
    assert.is(added.exitCode, 0, added.stderr);
    const keys = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8').split('\n').filter((l) => /^[a-z_]+:/.test(l)).map((l) => l.split(':')[0]);
    assert.equal(keys, ['channel', 'name', 'language', 'category', 'body', 'footer', 'buttons', 'translated_from']);
  } finally { cleanup(dir); }
});

test("a target file's own text exported and imported back unchanged is not refused for the line break a `|` block keeps", async () => {
  const dir = tempDir();
  try {
    const de = 'channel: shop-whatsapp\nname: order_shipped\nlanguage: de\ncategory: UTILITY\nbody:\n  text: |\n    Hallo {{customer}}, Ihre Bestellung {{order_id}} ist unterwegs.\n  examples:\n    customer: Maria\n    order_id: A-1\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': de });
    for (const format of ['po', 'xliff', 'csv']) {
      const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `rt-${format}`], { cwd: dir });
      assert.is(out.exitCode, 0, out.stderr);
      const file = `rt-${format}/de.${format === 'xliff' ? 'xlf' : format}`;
      const back = await cliIn(['translations', 'import', file], { cwd: dir });
      assert.is(back.exitCode, 0, `${format}: ${back.stderr}`);
      assert.not.match(back.stderr, /refused/);
    }
    // the text kept as it was (the import recorded its source, nothing else)
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /text: \|\n {4}Hallo \{\{customer\}\}, Ihre Bestellung \{\{order_id\}\} ist unterwegs\.\n/);
  } finally { cleanup(dir); }
});

test("an import that changes no text of a file leaves its folded and literal blocks as they are written (only the record is brought up to date)", async () => {
  const dir = tempDir();
  try {
    const en = `${EN}footer: Reply STOP to opt out of these messages\n`;
    const de = 'channel: shop-whatsapp\nname: order_shipped\nlanguage: de\ncategory: UTILITY\nbody:\n  text: >\n    Hallo {{customer}}, Ihre Bestellung {{order_id}}\n    ist unterwegs.\n  examples:\n    customer: Maria\n    order_id: A-1\nfooter: >-\n  Antworte STOP\n  zum Abmelden\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': en, 'templates/order_shipped.de.yaml': de });
    for (const format of ['xliff', 'po', 'csv']) {
      const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `rt-${format}`], { cwd: dir });
      assert.is(out.exitCode, 0, out.stderr);
      const back = await cliIn(['translations', 'import', `rt-${format}/de.${format === 'xliff' ? 'xlf' : format}`], { cwd: dir });
      assert.is(back.exitCode, 0, `${format}: ${back.stderr}`);
      const after = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
      // every byte of the texts as written: the record added (first import) or kept
      assert.ok(after.startsWith(de), `${format}:\n${after}`);
    }
  } finally { cleanup(dir); }
});

test('export over a translator\'s file not imported yet (filled in since): not written (exit 1), the file kept, with the unit and how to go on; once imported, exported again', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order.yaml': EN });
    const exportIt = () => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po'], { cwd: dir });
    assert.is((await exportIt()).exitCode, 0);
    const file = path.join(dir, 'translations', 'it.po');
    const filled = readFileSync(file, 'utf8').replace(/msgstr ""\n*$/, 'msgstr "Ciao {{customer}}, il tuo ordine {{order_id}} è in viaggio e dovrebbe arrivare entro tre giorni lavorativi."\n');
    writeFiles(dir, { 'translations/it.po': filled });
    const r = await exportIt();
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /translations\/it\.po: not written: it holds 1 translation that the templates do not have yet \(shop-whatsapp\/order_shipped:body\.text, line \d+\): a translator's work not imported; import it first \(tplsync translations import translations\/it\.po\)/);
    assert.is(readFileSync(file, 'utf8'), filled);
    const imported = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.is(imported.exitCode, 0, imported.stderr);
    const again = await exportIt();
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /1 translated already/);
  } finally { cleanup(dir); }
});

test('a new translated file a crash left cut short (empty, or the start of the text that no longer reads): written again by the same import; a file of other text is not replaced', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order.yaml': EN });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/it.po'), 'utf8').replace(/msgstr ""\n*$/, 'msgstr "Ciao {{customer}}, il tuo ordine {{order_id}} è in viaggio e dovrebbe arrivare entro tre giorni lavorativi."\n');
    writeFiles(dir, { 'translations/it.po': po });
    assert.is((await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir })).exitCode, 0);
    const whole = readFileSync(path.join(dir, 'templates/order.it.yaml'), 'utf8');
    // the start of the text, cut inside the quoted body (it no longer reads), and an empty file
    const cut = whole.slice(0, whole.indexOf('Ciao') + 10);
    for (const torn of [cut, '']) {
      writeFiles(dir, { 'templates/order.it.yaml': torn });
      const r = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      assert.is(readFileSync(path.join(dir, 'templates/order.it.yaml'), 'utf8'), whole);
    }
    writeFiles(dir, { 'templates/order.it.yaml': 'junk: [\n' });
    const other = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.is(other.exitCode, 1);
    assert.match(other.stderr, /templates\/order\.it\.yaml is there but is not a template tplsync can read/);
    assert.is(readFileSync(path.join(dir, 'templates/order.it.yaml'), 'utf8'), 'junk: [\n');
  } finally { cleanup(dir); }
});

test('export of some templates over a file that holds another template\'s translation not imported yet: not written; one of a template the project no longer has, or one imported, does not hold it', async () => {
  const dir = tempDir();
  try {
    const other = EN.replace('name: order_shipped', 'name: order_delayed').replace('is on its way and should arrive', 'is delayed and should now arrive');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/shipped/order.yaml': EN, 'templates/delayed/order.yaml': other });
    const exportAll = () => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po'], { cwd: dir });
    const exportShipped = () => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po', 'templates/shipped'], { cwd: dir });
    assert.is((await exportAll()).exitCode, 0);
    const file = path.join(dir, 'translations/it.po');
    // the translator fills in the delayed template's unit only
    const po = readFileSync(file, 'utf8');
    const at = po.indexOf('msgctxt "shop-whatsapp/order_delayed:body.text"');
    const end = po.indexOf('msgstr ""', at);
    const filled = `${po.slice(0, end)}msgstr "Ciao {{customer}}, il tuo ordine {{order_id}} è in ritardo e dovrebbe arrivare entro tre giorni lavorativi."${po.slice(end + 'msgstr ""'.length)}`;
    writeFiles(dir, { 'translations/it.po': filled });
    const r = await exportShipped();
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /not written: it holds 1 translation that the templates do not have yet \(shop-whatsapp\/order_delayed:body\.text/);
    assert.is(readFileSync(file, 'utf8'), filled);
    // imported: the export of some templates writes them alone
    assert.is((await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir })).exitCode, 0);
    assert.is((await exportShipped()).exitCode, 0);
    // a file with the translation of a template the project does not have (deleted, or another project's): not written over either
    writeFiles(dir, { 'translations/it.po': filled.replaceAll('order_delayed', 'order_gone').replace('è in ritardo', 'è ancora in ritardo') });
    const gone = await exportShipped();
    assert.is(gone.exitCode, 1, gone.stderr);
    assert.match(gone.stderr, /not written: it holds 1 translation of a template this project does not have \(shop-whatsapp\/order_gone; shop-whatsapp\/order_gone:body\.text, line \d+\)/);
    // its units blank (nothing translated): written over
    writeFiles(dir, { 'translations/it.po': po.replaceAll('order_delayed', 'order_gone') });
    assert.is((await exportShipped()).exitCode, 0);
  } finally { cleanup(dir); }
});

const IT_SHIPPED = 'Ciao {{customer}}, il tuo ordine {{order_id}} è in viaggio e arriverà entro tre giorni lavorativi.';
const exportItalian = (dir: string) => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po'], { cwd: dir });
/** the last unit of the project's translations/it.po filled with the Italian of EN */
function fillItalian(dir: string): void {
  const po = readFileSync(path.join(dir, 'translations/it.po'), 'utf8');
  const end = po.lastIndexOf('msgstr ""');
  writeFiles(dir, { 'translations/it.po': `${po.slice(0, end)}msgstr "${IT_SHIPPED}"${po.slice(end + 'msgstr ""'.length)}` });
}
/** a project of EN whose Italian was exported to PO, translated and imported (templates/order_shipped.it.yaml) */
async function italianImported(dir: string): Promise<void> {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
  assert.is((await exportItalian(dir)).exitCode, 0);
  fillItalian(dir);
  const imported = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
  assert.is(imported.exitCode, 0, imported.stderr);
  assert.ok(existsSync(path.join(dir, 'templates/order_shipped.it.yaml')));
}

// verify-12 NEW-1: a template renamed after its translation was imported held the next export to the same file (the
// file "held a translation of a template this project does not have"), with advice fit for another project
test('export after a template was renamed: its translation imported before is in the project (written); one not imported yet holds the file, and the advice to name it anew in the unit ids imports it', async () => {
  const dir = tempDir();
  try {
    const exportIt = () => exportItalian(dir);
    const fill = () => fillItalian(dir);
    const rename = (from: string, to: string) => {
      for (const lang of ['en_US', 'it']) {
        const old = path.join(dir, `templates/${from}.${lang}.yaml`);
        if (!existsSync(old)) continue;
        writeFiles(dir, { [`templates/${to}.${lang}.yaml`]: readFileSync(old, 'utf8').replace(`name: ${from}`, `name: ${to}`) });
        rmSync(old);
      }
    };
    await italianImported(dir);
    rename('order_shipped', 'order_sent');
    const again = await exportIt();
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(readFileSync(path.join(dir, 'translations/it.po'), 'utf8'), /msgctxt "shop-whatsapp\/order_sent:body\.text"\nmsgid "[^"]*"\nmsgstr "Ciao/);
    // filled and not imported, then renamed: held, with the unit id to write
    rmSync(path.join(dir, 'templates/order_sent.it.yaml'));
    rmSync(path.join(dir, 'translations/it.po'));
    assert.is((await exportIt()).exitCode, 0);
    fill();
    rename('order_sent', 'order_dispatched');
    const held = await exportIt();
    assert.is(held.exitCode, 1, held.stderr);
    assert.match(held.stderr, /not written: it holds 1 translation of a template this project does not have \(shop-whatsapp\/order_sent; shop-whatsapp\/order_sent:body\.text, line \d+\): templates of this project's channel deleted or renamed since the export .*for a renamed template, write its new name in the unit ids \(shop-whatsapp\/NEW_NAME:body\.text\)/);
    const po = readFileSync(path.join(dir, 'translations/it.po'), 'utf8');
    writeFiles(dir, { 'translations/it.po': po.replaceAll('shop-whatsapp/order_sent:', 'shop-whatsapp/order_dispatched:') });
    const followed = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.is(followed.exitCode, 0, followed.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/order_dispatched.it.yaml'), 'utf8'), /name: order_dispatched[\s\S]*Ciao \{\{customer\}\}/);
    assert.is((await exportIt()).exitCode, 0);
  } finally { cleanup(dir); }
});

// verify-13 NEW-6: two templates' names swapped (in their source and target files) after the import: each translation in
// the file stands under the other's unit id, and the project holds it (that source text, that field) under the other name
test('export after two templates\' names were swapped since the import: the translations are held by the project (written); a new one not imported still holds the file', async () => {
  const dir = tempDir();
  try {
    const LATE = EN.replace('name: order_shipped', 'name: order_late').replace('is on its way and should arrive within three working days.', 'is late: it should arrive next week.').replace(/\n  examples: \{[^}]*\}/, '\n  examples: { customer: Maria, order_id: A-1042 }');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_late.en_US.yaml': LATE });
    assert.is((await exportItalian(dir)).exitCode, 0);
    const po = path.join(dir, 'translations/it.po');
    const IT_LATE = 'Ciao {{customer}}, il tuo ordine {{order_id}} è in ritardo: arriverà la settimana prossima.';
    writeFileSync(po, readFileSync(po, 'utf8')
      .replace(/(msgctxt "shop-whatsapp\/order_shipped:body\.text"\n(?:msgid .*\n(?:".*"\n)*))msgstr ""/, `$1msgstr "${IT_SHIPPED}"`)
      .replace(/(msgctxt "shop-whatsapp\/order_late:body\.text"\n(?:msgid .*\n(?:".*"\n)*))msgstr ""/, `$1msgstr "${IT_LATE}"`));
    const imported = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.is(imported.exitCode, 0, imported.stderr);
    // the names swapped in the source and the target files alike
    for (const lang of ['en_US', 'it']) {
      const a = path.join(dir, `templates/order_shipped.${lang}.yaml`);
      const b = path.join(dir, `templates/order_late.${lang}.yaml`);
      writeFileSync(a, readFileSync(a, 'utf8').replace('name: order_shipped', 'name: order_late'));
      writeFileSync(b, readFileSync(b, 'utf8').replace('name: order_late', 'name: order_shipped'));
    }
    const r = await exportItalian(dir);
    assert.is(r.exitCode, 0, r.stderr);
    const written = readFileSync(po, 'utf8');
    assert.match(written, /msgctxt "shop-whatsapp\/order_late:body\.text"\nmsgid "Hi \{\{customer\}\}, your order \{\{order_id\}\} is on its way[^]*?msgstr "Ciao \{\{customer\}\}, il tuo ordine \{\{order_id\}\} è in viaggio/);
    assert.match(written, /msgctxt "shop-whatsapp\/order_shipped:body\.text"\nmsgid "Hi \{\{customer\}\}, your order \{\{order_id\}\} is late[^]*?msgstr "Ciao \{\{customer\}\}, il tuo ordine \{\{order_id\}\} è in ritardo/);
    // a translator's new text in the file, not imported: still held against the export
    writeFileSync(po, written.replace('è in ritardo: arriverà la settimana prossima.', 'è in ritardo: arriva la settimana prossima.'));
    const held = await exportItalian(dir);
    assert.is(held.exitCode, 1, held.stderr);
    assert.match(held.stderr, /it holds 1 translation that the templates do not have yet \(shop-whatsapp\/order_shipped:body\.text/);
  } finally { cleanup(dir); }
});

// verify-13 NEW-7: the source template renamed and its translation not (yet): the translation file's units name the old
// template, which the project still has in the target language (its file holds those texts): nothing is lost, so written
test('export after only the source template was renamed: the translations the target file holds are not held against the export', async () => {
  const dir = tempDir();
  try {
    const exportIt = () => exportItalian(dir);
    await italianImported(dir);
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': EN.replace('name: order_shipped', 'name: order_sent') });
    const r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(readFileSync(path.join(dir, 'translations/it.po'), 'utf8'), /msgctxt "shop-whatsapp\/order_sent:body\.text"/);
    // a translation the target file does not hold (edited after the import) is still held against it
    const again = readFileSync(path.join(dir, 'translations/it.po'), 'utf8');
    writeFiles(dir, { 'translations/it.po': `${again}\nmsgctxt "shop-whatsapp/order_shipped:body.text"\nmsgid "${JSON.parse(JSON.stringify('Hi {{customer}}, your order {{order_id}} is on its way and should arrive within three working days.'))}"\nmsgstr "Ciao {{customer}}, l'ordine {{order_id}} è partito e arriverà entro tre giorni lavorativi."\n` });
    const held = await exportIt();
    assert.is(held.exitCode, 1, held.stderr);
    assert.match(held.stderr, /a template this project does not have \(shop-whatsapp\/order_shipped;/);
  } finally { cleanup(dir); }
});

// verify-15 (observation b): the source renamed, its translation file not: importing the new name's translation said only
// "templates/order_shipped.it.yaml exists and is not the it variant of shop-whatsapp/order_sent", without the cure.
// It says which template the file holds, and what to do: write the new name in that file too and import again.
test('import for a renamed source template whose translation file keeps the old name: the file\'s name: to change is said, and doing it imports', async () => {
  const dir = tempDir();
  try {
    await italianImported(dir);
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': EN.replace('name: order_shipped', 'name: order_sent').replace('three working days', 'two working days') });
    assert.is((await exportItalian(dir)).exitCode, 0);
    fillItalian(dir);
    const r = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.match(r.stderr, 'shop-whatsapp/order_sent: not written: templates/order_shipped.it.yaml exists and is not the it variant of shop-whatsapp/order_sent: it holds shop-whatsapp/order_shipped, which has no en_US template any more. If shop-whatsapp/order_shipped was renamed shop-whatsapp/order_sent, write `name: order_sent` in templates/order_shipped.it.yaml too');
    writeFiles(dir, { 'templates/order_shipped.it.yaml': readFileSync(path.join(dir, 'templates/order_shipped.it.yaml'), 'utf8').replace('name: order_shipped', 'name: order_sent') });
    const again = await cliIn(['translations', 'import', 'translations/it.po'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.match(again.stdout, 'templates/order_shipped.it.yaml');
    assert.not.match(again.stderr, /not the it variant/);
  } finally { cleanup(dir); }
});

// verify-16 NEW-6: the source renamed, the translation file exported after it (its targets empty: the new name had no fr file)
// and translated afresh; the import said to write the new name in the fr file "and import again; its texts are then updated in
// place", and doing exactly that had both units refused as changed since the export. The export takes what the file the new
// name's variant would be written to holds (the old name's texts) as its targets then, so the advice's import updates them.
test('the source renamed, exported and translated again: the advice to write the new name in the fr file too leads to an import that updates it in place', async () => {
  const dir = tempDir();
  try {
    const GREET = 'channel: shop-whatsapp\nname: greet\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, your order is ready for pickup at our store today."\n  examples: { customer: Maria }\nfooter: Thanks for shopping with us\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/greet.en_US.yaml': GREET });
    /** the translator's work: the fr column filled in (CSV, as the user did) */
    const fill = (file: string, body: string, footer: string) => writeFiles(dir, { [file]: readFileSync(path.join(dir, file), 'utf8')
      .replace('today.","",', `today.","${body}",`).replace('with us","",', `with us","${footer}",`) });
    const exportTo = (out: string) => cliIn(['translations', 'export', '--format', 'csv', '--source', 'en_US', '--target', 'fr', '--out', out], { cwd: dir });
    assert.is((await exportTo('tr')).exitCode, 0);
    fill('tr/fr.csv', 'Bonjour {{customer}}, votre commande vous attend en magasin aujourd\'hui.', 'Merci de vos achats');
    const first = await cliIn(['translations', 'import', 'tr/fr.csv'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    // only the source renamed, exported again, translated afresh
    writeFiles(dir, { 'templates/greet.en_US.yaml': GREET.replace('name: greet', 'name: greeting') });
    assert.is((await exportTo('tr2')).exitCode, 0);
    assert.match(readFileSync(path.join(dir, 'tr2/fr.csv'), 'utf8'), /"shop-whatsapp\/greeting:body\.text","Hi \{\{customer\}\}, your order is ready for pickup at our store today\.","",/);
    fill('tr2/fr.csv', 'Salut {{customer}}, votre commande est prête au magasin aujourd\'hui.', 'Merci pour vos achats');
    const advised = await cliIn(['translations', 'import', 'tr2/fr.csv'], { cwd: dir });
    assert.is(advised.exitCode, 1);
    assert.match(advised.stderr, 'If shop-whatsapp/greet was renamed shop-whatsapp/greeting, write `name: greeting` in templates/greet.fr.yaml too');
    assert.match(advised.stderr, 'its texts are then updated in place');
    // what the advice says, exactly
    writeFiles(dir, { 'templates/greet.fr.yaml': readFileSync(path.join(dir, 'templates/greet.fr.yaml'), 'utf8').replace(/^name: greet$/m, 'name: greeting') });
    const followed = await cliIn(['translations', 'import', 'tr2/fr.csv'], { cwd: dir });
    assert.is(followed.exitCode, 0, followed.stdout + followed.stderr);
    assert.match(followed.stdout, 'updated templates/greet.fr.yaml (2 texts changed)');
    const fr = readFileSync(path.join(dir, 'templates/greet.fr.yaml'), 'utf8');
    assert.match(fr, /name: greeting\n/);
    assert.match(fr, /text: "Salut \{\{customer\}\}, votre commande est prête au magasin aujourd'hui\."/);
    assert.match(fr, /footer: Merci pour vos achats\n/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    // the fr file edited by hand after that export is still a change the import does not overwrite in silence
    writeFiles(dir, { 'templates/greet.fr.yaml': fr.replace('name: greeting', 'name: greet') });
    rmSync(path.join(dir, 'tr2'), { recursive: true });
    assert.is((await exportTo('tr2')).exitCode, 0);
    fill('tr2/fr.csv', 'Coucou {{customer}}, votre commande est prête au magasin aujourd\'hui.', 'Merci à vous');
    writeFiles(dir, { 'templates/greet.fr.yaml': fr.replace('Merci pour vos achats', 'Merci beaucoup') });
    const edited = await cliIn(['translations', 'import', 'tr2/fr.csv'], { cwd: dir });
    assert.is(edited.exitCode, 1);
    assert.match(edited.stderr, /shop-whatsapp\/greeting:footer: refused: the fr file's text here changed after this translation file was exported/);
  } finally { cleanup(dir); }
});

// verify-13 NEW-2: renamed after the import and its source text edited too: the translation is held by the renamed
// template's file (marked outdated there), not lost: written
test('export after a template was renamed and its source text edited since the import: written, the translation outdated', async () => {
  const dir = tempDir();
  try {
    const exportIt = () => exportItalian(dir);
    await italianImported(dir);
    writeFiles(dir, {
      'templates/order_sent.en_US.yaml': EN.replace('name: order_shipped', 'name: order_sent').replace('three working days', 'two working days'),
      'templates/order_sent.it.yaml': readFileSync(path.join(dir, 'templates/order_shipped.it.yaml'), 'utf8').replace('name: order_shipped', 'name: order_sent'),
    });
    rmSync(path.join(dir, 'templates/order_shipped.en_US.yaml'));
    rmSync(path.join(dir, 'templates/order_shipped.it.yaml'));
    const r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout + r.stderr, /1 outdated|outdated/);
  } finally { cleanup(dir); }
});

// trial t F12: two products of a monorepo exporting to one translation file (the same --out, or the default
// translations/ from the repository root): product B's export wrote over product A's translations, filled in and not imported
for (const format of ['po', 'xliff'] as const) {
  test(`export of one project over a ${format} file holding another project's finished translations: refused, naming them; another --out, or the file removed once imported, is written`, async () => {
    const dir = tempDir();
    try {
      const project = (p: string) => ({
        [`${p}/tplsync.config.yaml`]: CONFIG.replace('shop-whatsapp', `${p}-wa`),
        [`${p}/templates/hello_${p}.en_US.yaml`]: EN.replace('shop-whatsapp', `${p}-wa`).replace('order_shipped', `hello_${p}`),
      });
      writeFiles(dir, { ...project('a'), ...project('b') });
      const file = format === 'po' ? 'it.po' : 'it.xlf';
      const exportOf = (p: string, out = file) => cliIn(['translations', 'export', '--config', `${p}/tplsync.config.yaml`, '--source', 'en_US', '--target', 'it', '--out', out], { cwd: dir });
      assert.is((await exportOf('a')).exitCode, 0);
      const text = readFileSync(path.join(dir, file), 'utf8');
      const it = 'Ciao {{customer}}, il tuo ordine {{order_id}} è in viaggio.';
      const filled = format === 'po'
        ? text.replace(/msgstr ""\n*$/, `msgstr "${it}"\n`)
        : text.replace('</source>', `</source>\n        <target xml:space="preserve">${it.replace('{{customer}}', '<ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>').replace('{{order_id}}', '<ph id="ph2" disp="{{order_id}}" equiv="{{order_id}}"/>')}</target>`);
      assert.is.not(filled, text);
      writeFiles(dir, { [file]: filled });
      const b = await exportOf('b');
      assert.is(b.exitCode, 1, b.stderr);
      assert.match(b.stderr, new RegExp(`^${file.replace('.', '\\.')}: not written: it holds 1 translation of a template this project does not have \\(a-wa/hello_a; a-wa/hello_a:body\\.text, line \\d+\\): another project's export to the same file, or templates since deleted, and writing the file would lose it; export to another file \\(--out\\)`, 'm'));
      assert.is(readFileSync(path.join(dir, file), 'utf8'), filled);
      // what the message offers: another file, or a's import (the translation then lives in a's templates)
      assert.is((await exportOf('b', format === 'po' ? 'b-it.po' : 'b-it.xlf')).exitCode, 0);
      const imported = await cliIn(['translations', 'import', '--config', 'a/tplsync.config.yaml', file], { cwd: dir });
      assert.is(imported.exitCode, 0, imported.stderr);
      assert.ok(existsSync(path.join(dir, 'a/templates/hello_a.it.yaml')));
    } finally { cleanup(dir); }
  });
}

// verify-12 NEW-4: two products with the same channel alias and template name (their unit ids the same) and other
// English texts: B's export over A's filled file said "import it first", which would have put A's Italian into B's template
test('export over a filled file whose units are this project\'s ids but whose source texts are not the templates\': refused, and told to check which before importing', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'a/tplsync.config.yaml': CONFIG, 'a/templates/order.en_US.yaml': EN,
      'b/tplsync.config.yaml': CONFIG, 'b/templates/order.en_US.yaml': EN.replace('is on its way', 'left our warehouse'),
    });
    const exportOf = (p: string) => cliIn(['translations', 'export', '--config', `${p}/tplsync.config.yaml`, '--source', 'en_US', '--target', 'it', '--out', 'it.po'], { cwd: dir });
    assert.is((await exportOf('a')).exitCode, 0);
    const filled = readFileSync(path.join(dir, 'it.po'), 'utf8').replace(/msgstr ""\n*$/, 'msgstr "Ciao {{customer}}, il tuo ordine {{order_id}} è in viaggio."\n');
    writeFiles(dir, { 'it.po': filled });
    const b = await exportOf('b');
    assert.is(b.exitCode, 1, b.stderr);
    assert.match(b.stderr, "a translator's work not imported; made from a source text other than the template's (an export made before the texts changed, or another project's with the same channel aliases and template names, whose unit ids are these): check which before you import it");
    assert.not.match(b.stderr, 'import it first');
    assert.is(readFileSync(path.join(dir, 'it.po'), 'utf8'), filled);
  } finally { cleanup(dir); }
});

// trial t F5: a new file named after a source file whose name holds no language (Rechnung.yaml, name invoice_ready) is
// Rechnung.fr.yaml, which lint's file-name then warned of (the source is not judged): the import now says so, with the rule's words
test('import naming a new file after a source whose name holds no language: what file-name says of the new file is said, and that the source is not judged', async () => {
  const dir = tempDir();
  try {
    const t = (name: string) => EN.replace('name: order_shipped', `name: ${name}`);
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a_one.en_US.yaml': t('a_one'), 'templates/a_two.en_US.yaml': t('a_two'), 'templates/Rechnung.yaml': t('invoice_ready') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fr', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/fr.po'), 'utf8');
    writeFiles(dir, { 'translations/fr.po': po.replace(/msgid "Hi ([^"]*)"\nmsgstr ""/g, 'msgid "Hi $1"\nmsgstr "Salut $1"') });
    const r = await cliIn(['translations', 'import', 'translations/fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/Rechnung\.fr\.yaml/);
    assert.match(r.stderr, /^templates\/Rechnung\.fr\.yaml:2:7: note: named like its source templates\/Rechnung\.yaml with the language added \(its name holds none\); lint's file-name warns of it, not of the source, whose name holds no language and so is not judged: The file is named Rechnung\.fr\.yaml, but `name:` is invoice_ready/m);
    // the files named NAME.LANG after their sources: nothing said of them
    assert.not.match(r.stderr, /a_one|a_two/);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.match(lint.stdout, /Rechnung\.fr\.yaml[\s\S]*file-name/);
  } finally { cleanup(dir); }
});


// trial-bg F8: a file the import makes starts with the source language's samples (a translation file holds none: an export
// shows them as notes), so the plan showed reviewers "Lo sentimos Maria ... Monday, June 15", and the import said nothing
// of it. Now each new file's line is followed by its samples, as the source's, by where they are, and a note says once
// what that means and what to do; a file updated (its samples its own) and a file without samples say nothing of it.
test('trial-bg F8: an import that makes a file says its samples are the source language\'s, where they are, and to write the language\'s own', async () => {
  const dir = tempDir();
  try {
    const delayed = `channel: shop-whatsapp
name: delivery_delayed
language: en_US
category: UTILITY
header: { format: TEXT, text: "Order {{order_id}} is late" }
body:
  text: "Sorry {{first_name}}, order {{order_id}} is delayed. New delivery date: {{weekday}}, {{date}}."
  examples: { first_name: Maria, order_id: RX-88125, weekday: Monday, date: June 15 }
`;
    const plain = 'channel: shop-whatsapp\nname: store_hours\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Our store is open every day until nine in the evening."\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/delivery_delayed.en_US.yaml': delayed, 'templates/store_hours.en_US.yaml': plain });
    const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es_MX', '--format', 'po'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const po = readFileSync(path.join(dir, 'translations/es_MX.po'), 'utf8');
    const give: Record<string, string> = {
      'Order {{order_id}} is late': 'El pedido {{order_id}} viene tarde',
      'Sorry {{first_name}}, order {{order_id}} is delayed. New delivery date: {{weekday}}, {{date}}.': 'Lo sentimos {{first_name}}, el pedido {{order_id}} viene con retraso. Nueva fecha de entrega: {{weekday}}, {{date}}.',
      'Our store is open every day until nine in the evening.': 'Nuestra tienda abre todos los días hasta las nueve de la noche.',
    };
    writeFiles(dir, { 'translations/es_MX.po': po.replace(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr ""/g, (m, id: string) => (give[id] !== undefined ? `msgid "${id}"\nmsgstr "${give[id]}"` : m)) });
    const r = await cliIn(['translations', 'import', 'translations/es_MX.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.equal(r.stdout.split('\n').filter(Boolean), [
      'created templates/delivery_delayed.es_MX.yaml (2 texts)',
      '  its samples are en_US\'s: body.examples first_name, order_id, weekday, date',
      'created templates/store_hours.es_MX.yaml (1 text)',
      'the new file keeps the en_US samples (examples) of its source (said under it above): a translation file holds no samples, so none was translated, and the plan, the preview and WhatsApp\'s review show them in the es_MX text; write es_MX samples there (a date, a weekday, a place, a name)',
      '2 files written',
    ]);
    // the file holds them as the source wrote them: what the note says
    assert.match(readFileSync(path.join(dir, 'templates/delivery_delayed.es_MX.yaml'), 'utf8'), /examples: \{ first_name: Maria, order_id: RX-88125, weekday: Monday, date: June 15 \}/);
    // an update of a file that has its own samples says nothing of them
    writeFiles(dir, { 'translations/es_MX.po': readFileSync(path.join(dir, 'translations/es_MX.po'), 'utf8').replace('Nueva fecha de entrega', 'Nueva fecha') });
    const again = await cliIn(['translations', 'import', 'translations/es_MX.po'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.not.match(again.stdout, /samples/);
  } finally { cleanup(dir); }
});

test.run();
