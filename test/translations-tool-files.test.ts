// Translation files as translators' tools and spreadsheets leave them, not as tplsync wrote them:
// a PO entry whose msgctxt (the unit id) a converter dropped, msgcat's conflict markers left in a
// translation, XLIFF 2.0's <cp> code points, HTML entities in an XLIFF file (not XML), an XLIFF 1.2
// file, a CSV with a blank line, short rows and recapitalised column names. Nothing is dropped in
// silence: a text tplsync cannot place or trust is refused at its line, and exits 1.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const template = (name: string, body: string, footer: string): string => `channel: shop-whatsapp
name: ${name}
language: en_US
category: UTILITY
body:
  text: "${body}"
  examples: { customer: Maria }
footer: ${footer}
`;

function project(): string {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': CONFIG,
    'templates/shipped.en_US.yaml': template('shipped', 'Hi {{customer}}, your order is on its way.', 'Reply STOP to opt out'),
    'templates/delayed.en_US.yaml': template('delayed', 'Hi {{customer}}, your order is late.', 'We are sorry'),
    'templates/ready.en_US.yaml': template('ready', 'Hi {{customer}}, your order is ready.', 'See you soon'),
  });
  return dir;
}

const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;
const read = (dir: string, file: string): string => readFileSync(path.join(dir, file), 'utf8');

test('PO: an entry without its msgctxt, and one with msgcat\'s conflict markers, are refused at their lines; the rest is imported', async () => {
  const dir = project();
  try {
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fr', '--format', 'po'], { cwd: dir })).exitCode, 0);
    let po = read(dir, 'translations/fr.po');
    const fill = (ctx: string, str: string): void => {
      const at = po.indexOf(`msgctxt "${ctx}"`);
      assert.ok(at >= 0, ctx);
      const s = po.indexOf('msgstr ""', at);
      po = po.slice(0, s) + `msgstr "${str}"` + po.slice(s + 'msgstr ""'.length);
    };
    fill('shop-whatsapp/shipped:body.text', 'Bonjour {{customer}}, votre commande est en route.');
    fill('shop-whatsapp/shipped:footer', 'Répondez STOP pour vous désabonner');
    fill('shop-whatsapp/delayed:body.text', 'Bonjour {{customer}}, votre commande est en retard.');
    fill('shop-whatsapp/delayed:footer', '"\n"#-#-#-#-#  a.po  #-#-#-#-#\\n"\n"Désolés\\n"\n"#-#-#-#-#  b.po  #-#-#-#-#\\n"\n"Nous sommes désolés');
    fill('shop-whatsapp/ready:body.text', 'Bonjour {{customer}}, votre commande est prête.');
    fill('shop-whatsapp/ready:footer', 'À bientôt');
    // a converter's round trip (translate-toolkit's xliff2po) drops the context lines
    po = po.replace(/msgctxt "shop-whatsapp\/ready:[^"]*"\n/g, '');
    writeFiles(dir, { 'translations/fr.po': po });
    const r = await cliIn(['translations', 'import', 'translations/fr.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    const readyBody = lineOf(po, 'msgid "Hi {{customer}}, your order is ready."');
    const noCtx = [...r.stderr.matchAll(/^translations\/fr\.po:(\d+): this entry has no msgctxt, where tplsync exports the unit id/gm)].map((m) => Number(m[1]));
    assert.is(noCtx.length, 2, r.stderr);
    // each at its own entry: the first of them at its msgid line or the comments just above it
    assert.ok(noCtx[0]! <= readyBody && noCtx[0]! >= readyBody - 4, `${noCtx[0]} near ${readyBody}`);
    assert.match(r.stderr, new RegExp(`^translations/fr\\.po:${lineOf(po, 'msgctxt "shop-whatsapp/delayed:footer"')}: shop-whatsapp/delayed:footer: refused: this translation holds msgcat's conflict markers`, 'm'));
    assert.match(r.stderr, /nothing written for shop-whatsapp\/delayed/);
    // the delayed template is refused whole; the shipped one is written
    assert.match(read(dir, 'templates/shipped.fr.yaml'), /Répondez STOP pour vous désabonner/);
    assert.throws(() => read(dir, 'templates/delayed.fr.yaml'));
    assert.throws(() => read(dir, 'templates/ready.fr.yaml'));
  } finally { cleanup(dir); }
});

test('PO: an entry with plural forms is refused at its line, naming its unit and what to write; the other entries are imported', async () => {
  const dir = project();
  try {
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    let po = read(dir, 'translations/de.po');
    const fill = (ctx: string, str: string): void => {
      const at = po.indexOf(`msgctxt "${ctx}"`);
      const s = po.indexOf('msgstr ""', at);
      po = po.slice(0, s) + str + po.slice(s + 'msgstr ""'.length);
    };
    fill('shop-whatsapp/shipped:body.text', 'msgstr "Hallo {{customer}}, Ihre Bestellung ist unterwegs."');
    fill('shop-whatsapp/shipped:footer', 'msgstr "Antworte STOP"');
    // a translator's tool made the delayed body a plural entry
    fill('shop-whatsapp/delayed:body.text', 'msgid_plural "Hi {{customer}}, your orders are late."\nmsgstr[0] "Hallo {{customer}}, Ihre Bestellung ist spät."\nmsgstr[1] "Hallo {{customer}}, "\n"Ihre Bestellungen sind spät."');
    fill('shop-whatsapp/delayed:footer', 'msgstr "Entschuldigung"');
    writeFiles(dir, { 'translations/de.po': po });
    const r = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`^translations/de\\.po:${lineOf(po, 'msgctxt "shop-whatsapp/delayed:body.text"')}: shop-whatsapp/delayed:body\\.text: refused: this entry has plural forms .*write it as msgid and one msgstr`, 'm'));
    assert.match(read(dir, 'templates/shipped.de.yaml'), /Antworte STOP/);
    assert.throws(() => read(dir, 'templates/delayed.de.yaml'));
  } finally { cleanup(dir); }
});

test('XLIFF: <cp> is its character; an HTML entity, or a bare &, is not well-formed XML, refused at its line; XLIFF 1.2 refused at its root element\'s line', async () => {
  const dir = project();
  try {
    const exp = await cliIn(['translations', 'export', 'templates/shipped.en_US.yaml', '--source', 'en_US', '--target', 'fr'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const xlf = read(dir, 'translations/fr.xlf');
    const withTargets = (footer: string): string => xlf
      .replace(/(<source xml:space="preserve">Hi <ph id="ph1"[^>]*\/>, your order is on its way\.<\/source>)/, '$1<target>Bonjour <ph id="ph1"/>, en route<cp hex="1F69A"/></target>')
      .replace(/(<source xml:space="preserve">Reply STOP to opt out<\/source>)/, `$1<target xml:space="preserve">${footer}</target>`);
    writeFiles(dir, { 'translations/cp.xlf': withTargets('STOP<cp hex="0009"/>pour arrêter') });
    const ok = await cliIn(['translations', 'import', 'translations/cp.xlf'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stderr);
    const fr = read(dir, 'templates/shipped.fr.yaml');
    assert.match(fr, /Bonjour \{\{customer\}\}, en route🚚/);
    assert.match(fr, /STOP\\tpour arrêter/);
    const cases: [string, RegExp][] = [['STOP&nbsp;pour arrêter', /'&nbsp;' is not an XML entity/], ['Prix & conditions', /a '&' that begins no reference \(write it &amp;\)/]];
    for (const [footer, why] of cases) {
      const bad = withTargets(footer);
      writeFiles(dir, { 'translations/bad.xlf': bad });
      const r = await cliIn(['translations', 'import', 'translations/bad.xlf'], { cwd: dir });
      assert.is(r.exitCode, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`^translations/bad\\.xlf:${lineOf(bad, footer)}: not well-formed XML: `, 'm'));
      assert.match(r.stderr, why);
    }
    // an & inside a comment or a CDATA section is XML's own (a file made anew from the same export: the one made
    // above would count as changed since the export, as a reviewer's edit would)
    rmSync(path.join(dir, 'templates/shipped.fr.yaml'));
    writeFiles(dir, { 'translations/cdata.xlf': withTargets('<![CDATA[STOP & pour arrêter]]>').replace('<file ', '<!-- a note & more -->\n  <file ') });
    const cdata = await cliIn(['translations', 'import', 'translations/cdata.xlf'], { cwd: dir });
    assert.is(cdata.exitCode, 0, cdata.stderr);
    assert.match(read(dir, 'templates/shipped.fr.yaml'), /STOP & pour arrêter/);
    // a unit split into two segments, one of them translated: said with its line, not imported (half a text is no translation)
    const half = withTargets('STOP pour arrêter').replace(/(<target xml:space="preserve">STOP pour arrêter<\/target>\s*<\/segment>)/, '$1<segment><source> Thanks.</source></segment>');
    assert.ok(half.includes('<source> Thanks.</source>'));
    writeFiles(dir, { 'translations/half.xlf': half });
    const before = read(dir, 'templates/shipped.fr.yaml');
    const h = await cliIn(['translations', 'import', 'translations/half.xlf'], { cwd: dir });
    assert.match(h.stderr, new RegExp(`^translations/half\\.xlf:${lineOf(half, '<unit id="footer"')}: shop-whatsapp/shipped:footer: not imported: a segment of it has a target and another has none`, 'm'));
    assert.match(read(dir, 'templates/shipped.fr.yaml'), /STOP & pour arrêter/);
    assert.not.match(read(dir, 'templates/shipped.fr.yaml'), /Thanks/);
    assert.ok(before.includes('STOP & pour'));
    const v12 = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n<file source-language="en-US" target-language="fr" datatype="plaintext" original="x"><body></body></file>\n</xliff>\n';
    writeFiles(dir, { 'translations/v12.xlf': v12 });
    const old = await cliIn(['translations', 'import', 'translations/v12.xlf'], { cwd: dir });
    assert.is(old.exitCode, 1);
    assert.match(old.stderr, /^translations\/v12\.xlf:2: XLIFF version 1\.2: only 2\.0, 2\.1 and 2\.2 are read \(XLIFF 1\.x is another format/m);
  } finally { cleanup(dir); }
});

test('CSV as a spreadsheet or a hand leaves it: a blank line, rows without their last empty cells, column names in capitals; a row with a translation and no id is refused', async () => {
  const dir = project();
  try {
    const csv = [
      '"ID";"en_US";"fr";"Limit";"Notes"',
      '"shop-whatsapp/shipped:body.text";"Hi {{customer}}, your order is on its way.";"Bonjour {{customer}}, votre commande est en route."',
      '',
      '"shop-whatsapp/shipped:footer";"Reply STOP to opt out";"Répondez STOP pour vous désabonner";"60"',
      ';;;;',
      '"shop-whatsapp/ready:body.text";"Hi {{customer}}, your order is ready.";"Bonjour {{customer}}, votre commande est prête."',
      '"";"See you soon";"À bientôt";"60";""',
    ].join('\r\n') + '\r\n';
    writeFiles(dir, { 'translations/fr.csv': csv });
    const r = await cliIn(['translations', 'import', 'translations/fr.csv'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^translations\/fr\.csv:7: this row has a translation but no id/m);
    assert.match(r.stdout, /created templates\/shipped\.fr\.yaml \(2 texts\)/);
    assert.match(read(dir, 'templates/shipped.fr.yaml'), /Bonjour \{\{customer\}\}, votre commande est en route\./);
    // the ready template lacks its footer's translation (the row without an id): no new file with half its texts
    assert.throws(() => read(dir, 'templates/ready.fr.yaml'));
    // an update says how many texts changed, not how many the file has
    writeFiles(dir, { 'translations/fix.csv': 'id,en_US,fr\r\n"shop-whatsapp/shipped:body.text","Hi {{customer}}, your order is on its way.","Bonjour {{customer}}, votre colis est en route."\r\n"shop-whatsapp/shipped:footer","Reply STOP to opt out","Répondez STOP pour vous désabonner"\r\n' });
    const fix = await cliIn(['translations', 'import', 'translations/fix.csv'], { cwd: dir });
    assert.is(fix.exitCode, 0, fix.stderr);
    assert.match(fix.stdout, /^updated templates\/shipped\.fr\.yaml \(1 text changed\)$/m);
    writeFiles(dir, { 'translations/one.csv': 'id|en_US|fr\r\nx|y|z\r\n' });
    const one = await cliIn(['translations', 'import', 'translations/one.csv'], { cwd: dir });
    assert.match(one.stderr, /the first row must be: id, SOURCE-LANGUAGE, TARGET-LANGUAGE, limit, notes \(it has 1 column\)/);
    // the source column named in a language no template has (a header `en`, the project en_US): said once, for the file
    writeFiles(dir, { 'translations/en.csv': 'id,en,fr\r\n"shop-whatsapp/shipped:footer","Reply STOP to opt out","STOP"\r\n"shop-whatsapp/ready:footer","See you soon","À bientôt"\r\n' });
    const en = await cliIn(['translations', 'import', 'translations/en.csv'], { cwd: dir });
    assert.is(en.exitCode, 1);
    assert.equal(en.stderr.split('\n').filter((l) => l.startsWith('translations/en.csv')), ['translations/en.csv:1: translates from en, and no template of this project is in en (the project has en_US): correct the file\'s source language (XLIFF\'s srcLang, PO\'s X-Source-Language header, the CSV\'s second column header) and import it again; nothing of it was imported']);
    writeFiles(dir, { 'translations/key.csv': 'key,en_US,fr\r\nx,y,z\r\n' });
    const key = await cliIn(['translations', 'import', 'translations/key.csv'], { cwd: dir });
    assert.match(key.stderr, /its first cell is 'key', not 'id'/);
  } finally { cleanup(dir); }
});

test.run();
