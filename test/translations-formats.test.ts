// The exported files are what translators' tools read: XLIFF 2.0 valid against the OASIS schema
// (xmllint, Debian's libxml2-utils, with the schema vendored in test/fixtures/xliff), PO that
// `msgfmt --check` accepts (Debian's gettext), CSV as RFC 4180; each read back by a well-kept
// parser that is not our reader (fast-xml-parser's DOM-like tree, gettext-parser, csv-parse).
// Without xmllint or msgfmt these tests fail, on a contributor's machine too (CONTRIBUTING.md says
// to install them; CI installs both: .ci/run).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLParser } from 'fast-xml-parser';
import { parse as parseCsv } from 'csv-parse/sync';
import { readTemplateValue } from '../src/files/value.ts';
import { decodeTranslationFile, readCsv, readPo, readXliff, writeTranslations } from '../src/translations/formats.ts';
import { extractUnits, type TemplateFile, type Unit } from '../src/translations/units.ts';
import { cleanup, FIXTURES, ROOT, tempDir, writeFiles } from './helpers.ts';

const XSD = path.join(FIXTURES, 'xliff', 'xliff_core_2.0.xsd');

function tool(name: string): void {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} is not installed: this test needs it, on every machine (CONTRIBUTING.md, "What to install"). Debian and Ubuntu: apt-get install ${name === 'xmllint' ? 'libxml2-utils' : 'gettext'}; Fedora: dnf install ${name === 'xmllint' ? 'libxml2' : 'gettext'}; macOS: brew install ${name === 'xmllint' ? 'libxml2' : 'gettext'}`);
}

/** every template of the project's own examples, plus texts that stress escaping */
function units(): Unit[] {
  const dir = path.join(ROOT, 'templates');
  const files: TemplateFile[] = [];
  for (const sub of ['whatsapp', 'rcs']) {
    for (const f of execFileSync('ls', [path.join(dir, sub)], { encoding: 'utf8' }).trim().split('\n')) {
      files.push({ file: f, value: readTemplateValue(readFileSync(path.join(dir, sub, f), 'utf8')) });
    }
  }
  files.push({ file: 'x', value: { channel: 'shop-whatsapp', name: 'escapes', language: 'en_US', body: { text: 'Tom & "Jerry" <b> \\ it\'s 50% {{1}}\nline two, tab\there', examples: { 1: 'x' } }, footer: 'a, "b"; c' } });
  files.push({ file: 'y', value: { channel: 'shop-whatsapp', name: 'escapes', language: 'de', body: { text: 'Tom & "Jerry" <b> \\ {{1}}\nZeile zwei' }, footer: 'ä, "ö"; ü' } });
  const all = extractUnits(files, 'en_US', 'de');
  assert.ok(all.length > 40 && all.some((u) => u.target !== undefined) && all.some((u) => u.placeholders.length > 1));
  return all;
}

test('XLIFF 2.0: valid against the OASIS schema (xmllint), placeholders as <ph>, notes with limit and samples', () => {
  tool('xmllint');
  const dir = tempDir();
  try {
    const us = units();
    writeFiles(dir, { 'de.xlf': writeTranslations('xliff', us, 'en_US', 'de') });
    const r = spawnSync('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'de.xlf')], { encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    assert.match(r.stderr, /validates/);
    const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['file', 'unit', 'ph', 'note'].includes(n) }).parse(readFileSync(path.join(dir, 'de.xlf'), 'utf8'));
    assert.is(tree.xliff['@srcLang'], 'en-US');
    assert.is(tree.xliff['@trgLang'], 'de');
    const all = tree.xliff.file.flatMap((f: { '@original': string; unit: unknown[] }) => f.unit.map((u) => ({ original: f['@original'], u: u as Record<string, any> })));
    assert.is(all.length, us.length);
    for (const [i, { original, u }] of all.entries()) {
      assert.is(`${original}:${u['@id']}`, us[i]!.id);
      assert.is(u['@name'], us[i]!.id);
      const phs = (u.segment.source.ph ?? []).map((p: Record<string, string>) => p['@equiv']);
      assert.equal(phs, us[i]!.placeholders, `the placeholders of ${us[i]!.id} are <ph> codes`);
      if (us[i]!.limit !== undefined) assert.ok(u.notes.note.some((n: Record<string, string>) => n['@category'] === 'limit' && String(n['#text']).includes(String(us[i]!.limit))));
      assert.is(u.segment.target !== undefined, us[i]!.target !== undefined);
    }
  } finally { cleanup(dir); }
});

test('XLIFF: a text with a character XML cannot hold (a vertical tab pasted from Word, U+0001, U+FFFE, a CR) is exported as <cp hex>, valid against the schema, and read back as it was; such a character raw or as &#N; in a file is refused at its line', () => {
  tool('xmllint');
  const dir = tempDir();
  try {
    const footer = 'Northbank\u000b AG\u0001 \ufffe end\r';
    const us = extractUnits([
      { file: 'a', value: { channel: 'shop-whatsapp', name: 'ctl', language: 'en_US', body: { text: 'Hello {{1}}, tab\there', examples: { 1: 'x' } }, footer } },
      { file: 'b', value: { channel: 'shop-whatsapp', name: 'ctl', language: 'de', body: { text: 'Hallo {{1}}, Tab\thier' }, footer: `${footer}!` } },
    ], 'en_US', 'de');
    const text = writeTranslations('xliff', us, 'en_US', 'de');
    assert.match(text, 'Northbank<cp hex="000B"/> AG<cp hex="0001"/> <cp hex="FFFE"/> end<cp hex="000D"/>');
    writeFiles(dir, { 'de.xlf': text });
    const r = spawnSync('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'de.xlf')], { encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    const back = readXliff(text).entries.find((e) => e.id === 'shop-whatsapp/ctl:footer')!;
    assert.is(back.source, footer);
    assert.is(back.target, `${footer}!`);
    const raw = text.replace('Northbank<cp hex="000B"/>', 'Northbank\u000b');
    const line = raw.slice(0, raw.indexOf('\u000b')).split('\n').length;
    assert.throws(() => readXliff(raw), (e: Error & { line?: number }) => /not well-formed XML: the character U\+000B cannot appear in XML; a translation holds it as <cp hex="000B"\/>/.test(e.message) && e.line === line);
    assert.throws(() => readXliff(text.replace('<cp hex="0001"/>', '&#0;')), /the reference &#0; \(U\+0000\) cannot appear in XML/);
    assert.throws(() => readXliff(text.replace('<cp hex="000B"/>', '&#x0B;')), /&#x0B;/);
  } finally { cleanup(dir); }
});

test('PO: msgfmt --check accepts it; gettext-parser reads every unit with its context, source and target', async () => {
  tool('msgfmt');
  const dir = tempDir();
  try {
    const us = units();
    const text = writeTranslations('po', us, 'en_US', 'de');
    writeFiles(dir, { 'de.po': text });
    const r = spawnSync('msgfmt', ['--check', '-o', '/dev/null', path.join(dir, 'de.po')], { encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
    const gp = (await import('gettext-parser' as string)) as { po: { parse(b: Buffer | string): { headers: Record<string, string>; translations: Record<string, Record<string, { msgctxt?: string; msgid: string; msgstr: string[]; comments?: { extracted?: string } }>> } } };
    const po = gp.po.parse(Buffer.from(text));
    assert.is(po.headers.Language, 'de');
    assert.is(po.headers['X-Source-Language'], 'en_US');
    for (const u of us) {
      const e = po.translations[u.id]?.[u.source];
      assert.ok(e, `${u.id} is read`);
      assert.is(e!.msgstr[0], u.target ?? '');
      if (u.limit !== undefined) assert.match(e!.comments?.extracted ?? '', u.sms ? /at most one SMS: 160 characters of the GSM 7-bit alphabet, or 70/ : new RegExp(`at most ${u.limit} ${u.bytes ? 'bytes of UTF-8' : 'characters'}`));
    }
  } finally { cleanup(dir); }
});

test('CSV: each row\'s line is where it starts, a CRLF inside a quoted cell counted once, blank lines and a BOM and non-Latin text before it counted right', () => {
  const text = '\ufeffid,en_US,de\r\nshop-whatsapp/a:footer,Reply STOP,"Antworten Sie\r\nSTOP"\r\n\r\nshop-whatsapp/b:footer,"Grüße\r\naus\r\nBerlin","日本\n語"\r\nshop-whatsapp/c:footer,x,y\r\n';
  assert.equal(readCsv(text).entries.map((e) => [e.id, e.line]), [['shop-whatsapp/a:footer', 2], ['shop-whatsapp/b:footer', 5], ['shop-whatsapp/c:footer', 9]]);
  const lf = text.replace(/\r\n/g, '\n');
  assert.equal(readCsv(lf).entries.map((e) => e.line), [2, 5, 9]);
});

test('CSV: RFC 4180 (CRLF, every field quoted, quotes doubled) as csv-parse reads it strictly', () => {
  const us = units();
  const text = writeTranslations('csv', us, 'en_US', 'de');
  assert.ok(text.endsWith('\r\n'));
  // the UTF-8 byte-order mark first, once (Excel on Windows reads the file as UTF-8 by it)
  assert.ok(text.startsWith('\ufeff"id",'));
  const rows = parseCsv(text.slice(1), { record_delimiter: '\r\n', relax_quotes: false, relax_column_count: false, skip_empty_lines: false }) as string[][];
  assert.equal(rows[0], ['id', 'en_US', 'de', 'limit', 'notes', 'target as exported']);
  assert.is(rows.length, us.length + 1);
  us.forEach((u, i) => assert.equal(rows[i + 1]!.slice(0, 4), [u.id, u.source, u.target ?? '', u.limit === undefined ? '' : u.sms ? '1 SMS: 160 GSM-7 / 70 UCS-2 (samples included)' : u.bytes ? `${u.limit} bytes (UTF-8)` : u.rendered ? `${u.limit} (samples included)` : String(u.limit)]));
});

test('read as translators\' tools write them: XLIFF 2.1, XLIFF with a namespace prefix, a CSV cell with a line break saved as CRLF', () => {
  const units = `<file id="f1"><unit id="u" name="shop-whatsapp/x:body.text"><segment state="translated"><source>Hi <ph id="1" equiv="{{n}}"/></source><target>Hallo <ph id="1" equiv="{{n}}"/></target></segment></unit></file>`;
  const plain = readXliff(`<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de">${units}</xliff>`);
  assert.equal(plain.entries.map((e) => [e.id, e.source, e.target]), [['shop-whatsapp/x:body.text', 'Hi {{n}}', 'Hallo {{n}}']]);
  const v21 = readXliff(`<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en-US" trgLang="de">${units}</xliff>`);
  assert.equal(v21.entries, plain.entries);
  const prefixed = readXliff(`<?xml version="1.0"?>\n<xlf:xliff xmlns:xlf="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de">${units.replace(/<(\/?)(file|unit|segment|source|target|ph)\b/g, '<$1xlf:$2')}</xlf:xliff>`);
  assert.equal(prefixed.entries, plain.entries);
  assert.equal([prefixed.source, prefixed.target], ['en_US', 'de']);
  const csv = readCsv('id,en_US,de,limit,notes\r\n"shop-whatsapp/x:body.text","Hi,\r\nthere","Hallo,\r\nda",,\r\n');
  assert.equal(csv.entries.map((e) => [e.source, e.target]), [['Hi,\nthere', 'Hallo,\nda']]);
});

test('XLIFF 2.0 as tools structure it: units inside groups (nested too), a target moved with order="N", codes kept in the unit\'s originalData', () => {
  const head = '<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de">';
  const unit = (n: string, src: string, tgt: string) => `<unit id="${n}" name="shop-whatsapp/x:${n}"><segment state="translated"><source>${src}</source><target>${tgt}</target></segment></unit>`;
  const grouped = readXliff(`${head}<file id="f1">${unit('footer', 'Stop', 'Halt')}<group id="g1"><group id="g2">${unit('body.text', 'Hi', 'Hallo')}</group>${unit('buttons.0.text', 'Go', 'Los')}</group></file></xliff>`);
  assert.equal(grouped.entries.map((e) => [e.id, e.target]), [['shop-whatsapp/x:footer', 'Halt'], ['shop-whatsapp/x:body.text', 'Hallo'], ['shop-whatsapp/x:buttons.0.text', 'Los']]);
  // lines in document order, the grouped units' too
  assert.ok(grouped.entries.every((e) => e.line === 2));
  // two sentences swapped: the first segment's target at position 3, the second's at 1, the ignorable between them stays at 2
  const ordered = readXliff(`${head}<file id="f1"><unit id="u" name="shop-whatsapp/x:body.text"><segment state="translated"><source>For your trip you need a visa.</source><target order="3">Bitte laden Sie Ihren Pass hoch.</target></segment><ignorable><source> </source></ignorable><segment state="translated"><source>Please upload your passport.</source><target order="1">Für Ihre Reise brauchen Sie ein Visum.</target></segment></unit></file></xliff>`);
  assert.is(ordered.entries[0]!.target, 'Für Ihre Reise brauchen Sie ein Visum. Bitte laden Sie Ihren Pass hoch.');
  assert.throws(() => readXliff(`${head}<file id="f1"><unit id="u" name="shop-whatsapp/x:body.text"><segment state="translated"><source>A.</source><target order="2">B.</target></segment><segment state="translated"><source>C.</source><target order="2">D.</target></segment></unit></file></xliff>`), /order/);
  // a placeholder kept as original data: <ph dataRef> and <data>
  const refs = readXliff(`${head}<file id="f1"><unit id="u" name="shop-whatsapp/x:body.text"><originalData><data id="d1">{{country}}</data></originalData><segment state="translated"><source>Visa for <ph id="1" dataRef="d1"/></source><target>Visum für <ph id="1" dataRef="d1"/></target></segment></unit></file></xliff>`);
  assert.equal(refs.entries.map((e) => [e.source, e.target, e.unknownCode]), [['Visa for {{country}}', 'Visum für {{country}}', undefined]]);
});

test('an XLIFF or PO file that declares ISO-8859-1 (as xmllint and msgfmt read it) is read in it; a UTF-8 one as before; a declared encoding Node lacks is said', () => {
  const xlf = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-1"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="fr"><file id="f"><unit id="u" name="shop-whatsapp/x:footer"><segment state="translated"><source>Reply</source><target>Répondez à nous</target></segment></unit></file></xliff>`, 'latin1');
  assert.equal(readXliff(decodeTranslationFile(xlf, 'xliff')).entries.map((e) => e.target), ['Répondez à nous']);
  const po = Buffer.from('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n"Language: fr\\n"\n"X-Source-Language: en_US\\n"\n\nmsgctxt "shop-whatsapp/x:footer"\nmsgid "Reply"\nmsgstr "Répondez"\n', 'latin1');
  assert.equal(readPo(decodeTranslationFile(po, 'po')).entries.map((e) => e.target), ['Répondez']);
  // not declared: UTF-8 is required, as before
  assert.throws(() => decodeTranslationFile(Buffer.from('id,en_US,fr\n"a:b","x","Répondez"\n', 'latin1'), 'csv'), /not a UTF-8 text/);
  assert.throws(() => decodeTranslationFile(Buffer.from('<?xml version="1.0" encoding="x-no-such"?><xliff/>'), 'xliff'), /declares the encoding x-no-such, which tplsync cannot read/);
  // declared ISO-8859-1 or Shift_JIS, written in UTF-8 (a tool's template header): refused at the line, not read as mojibake
  const utf8Po = Buffer.from(po.toString('latin1'), 'utf8');
  assert.throws(() => decodeTranslationFile(utf8Po, 'po'), (e: Error & { line?: number }) => /declares the encoding ISO-8859-1, but its text is UTF-8 \("msgstr "Répondez"" would be read as "msgstr "RÃ©pondez""\): correct the declaration to UTF-8/.test(e.message) && e.line === 9);
  assert.throws(() => decodeTranslationFile(Buffer.from(xlf.toString('latin1').replace('ISO-8859-1', 'Shift_JIS'), 'utf8'), 'xliff'), /declares the encoding Shift_JIS, but its text is UTF-8 \("[^"]*Répondez[^"]*" would be misread as Shift_JIS\)/);
  // a PO template's placeholder charset is no declaration
  assert.is(decodeTranslationFile(Buffer.from('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=CHARSET\\n"\n'), 'po').length > 0, true);
});

test('XLIFF as tools write it: a pretty-printed target without xml:space="preserve" is its text (either read); a lower-case region is the files\' case; a unit without name is its file\'s original and its id; a state XLIFF lacks is refused', async () => {
  const { readXliffTree } = await import('../src/translations/formats.ts');
  const { readXliffFast } = await import('../src/translations/xliff-fast.ts');
  const doc = (attrs: string, unit: string) => `<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-us" trgLang="fr-fr"${attrs}><file id="f" original="shop-whatsapp/x">${unit}</file></xliff>`;
  const pretty = doc('', `<unit id="buttons.0.text" name="shop-whatsapp/x:buttons.0.text"><segment state="translated">\n  <source>Open  shop <ph id="1" equiv="{{n}}"/></source>\n  <target>\n          Ouvrir <ph id="1" equiv="{{n}}"/>\n        </target>\n</segment></unit>`);
  for (const read of [readXliffTree, readXliffFast]) {
    const r = read(pretty)!;
    assert.equal([r.source, r.target], ['en_US', 'fr_FR']);
    assert.equal(r.entries.map((e) => [e.source, e.target]), [['Open shop {{n}}', 'Ouvrir {{n}}']], read.name);
  }
  // preserved where it is said, on the element or around it
  const kept = readXliff(doc(' xml:space="preserve"', `<unit id="u" name="shop-whatsapp/x:footer"><segment><source> a</source><target> b </target></segment></unit>`));
  assert.equal(kept.entries.map((e) => e.target), [' b ']);
  const unnamed = readXliff(doc('', `<unit id="footer"><segment><source>Reply</source><target>Répondez</target></segment></unit>`));
  assert.equal(unnamed.entries.map((e) => e.id), ['shop-whatsapp/x:footer']);
  assert.throws(() => readXliff(doc('', `<unit id="u" name="shop-whatsapp/x:footer"><segment state="bogus"><source>a</source><target>b</target></segment></unit>`)), /state is 'bogus', not one of XLIFF 2\.0's/);
});

test('an <ignorable> between segments keeps its space without xml:space="preserve" (either read); a unit with an empty name is its file\'s original and id', async () => {
  const { readXliffTree } = await import('../src/translations/formats.ts');
  const { readXliffFast } = await import('../src/translations/xliff-fast.ts');
  const text = `<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="pt"><file id="f" original="shop-rcs/delivery"><unit id="message.message" name=""><segment state="translated"><source>Near the entrance.</source><target>Perto da entrada.</target></segment><ignorable><source> </source></ignorable><segment state="translated"><source>Share your location.</source><target>Partilhe a sua localização.</target></segment></unit></file></xliff>`;
  for (const read of [readXliffTree, readXliffFast]) {
    const r = read(text);
    if (!r) continue; // the fast read may leave a file to the full one; the full one answers
    assert.equal(r.entries.map((e) => [e.id, e.source, e.target]), [['shop-rcs/delivery:message.message', 'Near the entrance. Share your location.', 'Perto da entrada. Partilhe a sua localização.']], read.name);
  }
  assert.equal(readXliffTree(text).entries.length, 1);
});

test('XML\'s default white space is the unit\'s: a space a segment ends with, or an ignorable\'s line break, is one space between words (either read); a name of spaces is no name', async () => {
  const { readXliffTree } = await import('../src/translations/formats.ts');
  const { readXliffFast } = await import('../src/translations/xliff-fast.ts');
  const doc = (unit: string) => `<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de"><file id="f" original="shop-whatsapp/promo">${unit}</file></xliff>`;
  const seg = (src: string, tgt: string) => `<segment state="translated"><source>${src}</source><target>${tgt}</target></segment>`;
  const cases = [
    doc(`<unit id="footer" name=" ">${seg('Reply STOP ', 'Antworte STOP ')}${seg('to opt out', 'zum Abmelden')}</unit>`),
    doc(`<unit id="footer" name=" ">${seg('Reply STOP', 'Antworte STOP')}<ignorable><source>\n   </source></ignorable>${seg('to opt out', 'zum Abmelden')}</unit>`),
    doc(`<unit id="footer">${seg('\n    Reply STOP\n    to opt out\n  ', '\n    Antworte STOP\n    zum Abmelden\n  ')}</unit>`),
  ];
  for (const text of cases) {
    for (const read of [readXliffTree, readXliffFast]) {
      const r = read(text);
      if (!r) continue; // the fast read leaves some files to the full one
      assert.equal(r.entries.map((e) => [e.id, e.source, e.target]), [['shop-whatsapp/promo:footer', 'Reply STOP to opt out', 'Antworte STOP zum Abmelden']], `${read.name}: ${text}`);
    }
    assert.equal(readXliffTree(text).entries.length, 1);
  }
});

test('xml:space is each element\'s: tplsync\'s preserved source beside a tool\'s target that says nothing: the target\'s white space is XML\'s default (either read)', async () => {
  const { readXliffTree } = await import('../src/translations/formats.ts');
  const { readXliffFast } = await import('../src/translations/xliff-fast.ts');
  const doc = (segs: string) => `<?xml version="1.0"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de"><file id="f" original="shop-whatsapp/x"><unit id="body.text" name="shop-whatsapp/x:body.text">${segs}</unit></file></xliff>`;
  const cases: [string, string, string][] = [
    // a line break a tool wrapped into the target
    [doc(`<segment state="translated"><source xml:space="preserve">Hi <ph id="1" equiv="{{n}}"/>, on its way.</source><target>Hallo <ph id="1" equiv="{{n}}"/>,\n          unterwegs.</target></segment>`), 'Hi {{n}}, on its way.', 'Hallo {{n}}, unterwegs.'],
    // pretty-printed
    [doc(`<segment state="translated"><source xml:space="preserve">Hi</source><target>\n   Hallo\n  </target></segment>`), 'Hi', 'Hallo'],
    // one segment preserved, the next not: each element its own
    [doc(`<segment state="translated"><source xml:space="preserve">One. </source><target xml:space="preserve">Eins. </target></segment><segment state="translated"><source xml:space="preserve">Two.</source><target>Zwei\n     kommt.</target></segment>`), 'One. Two.', 'Eins. Zwei kommt.'],
  ];
  for (const [text, source, target] of cases) {
    for (const read of [readXliffTree, readXliffFast]) {
      const r = read(text);
      if (!r) continue;
      assert.equal(r.entries.map((e) => [e.source, e.target]), [[source, target]], `${read.name}: ${text}`);
    }
    assert.equal(readXliffTree(text).entries.length, 1);
  }
});

test('an XLIFF file cut short after a unit is refused at its last line, naming the elements left open (it was said at line 1 with the parser\'s list)', () => {
  const text = writeTranslations('xliff', units(), 'en_US', 'de');
  const lines = text.split('\n');
  // cut after the first </unit>: <file> and <xliff> left open
  const cut = `${lines.slice(0, lines.findIndex((l) => l.includes('</unit>')) + 1).join('\n')}\n`;
  const last = cut.split('\n').length - 1;
  assert.throws(() => readXliff(cut), (e: Error & { line?: number }) => /the file ends with <xliff>, <file> not closed: it was cut short/.test(e.message) && e.line === last);
});

test.run();
