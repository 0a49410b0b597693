// XLIFF targets and line breaks: export writes xml:space="preserve" on each <unit> as well as on
// its source and target, so that a target a tool writes anew without the attribute (Python's
// ElementTree, many scripts) inherits it and keeps the translator's line breaks; both readers
// read the inheritance (a pretty-printer's layout at the ends of such a target is not its text).
// A target read in XML's default white space (an older export, a tool that drops the unit's
// attribute too) whose source text has line breaks and that has none left is written and said.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';
import { readXliffTree } from '../src/translations/formats.ts';
import { readXliffFast } from '../src/translations/xliff-fast.ts';

const EN = `channel: shop-whatsapp
name: delayed
language: en_US
category: UTILITY
body:
  text: "Sorry {{customer}}, your parcel is late by {{days}} days. 🙏\\n\\nWe are on it today."
  examples: { customer: Maria, days: "2" }
footer: Reply STOP to opt out
`;

async function exported(): Promise<{ dir: string; xlf: string }> {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/delayed.en_US.yaml': EN });
  const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'xliff'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  return { dir, xlf: readFileSync(path.join(dir, 'translations/de.xlf'), 'utf8') };
}

/** the file as ElementTree writes it back: each <target> a new element, without xml:space */
function withTargets(xlf: string, body: string, footer: string): string {
  return xlf.replace(/(<source xml:space="preserve">(.*?)<\/source>)/gs, (_m, src: string, inner: string) => {
    const t = inner.startsWith('Sorry') ? body : footer;
    return `${src}\n        <target>${t}</target>`;
  });
}

const BODY = 'Entschuldigung <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, dein Paket kommt <ph id="ph2" disp="{{days}}" equiv="{{days}}"/> Tage später. 🙏\n\nWir kümmern uns heute darum.';

test('export: xml:space="preserve" on each unit, and a target without it inherits it: its blank line kept (both readers), and imported', async () => {
  const { dir, xlf } = await exported();
  try {
    assert.match(xlf, /<unit id="body\.text" name="shop-whatsapp\/delayed:body\.text" xml:space="preserve">/);
    const file = withTargets(xlf, BODY, 'Antworte STOP zum Abbestellen');
    const want = 'Entschuldigung {{customer}}, dein Paket kommt {{days}} Tage später. 🙏\n\nWir kümmern uns heute darum.';
    for (const [name, read] of [['fast', readXliffFast], ['tree', readXliffTree]] as const) {
      const doc = read(file)!;
      assert.is(doc.entries.find((e) => e.id.endsWith(':body.text'))?.target, want, name);
      assert.is(doc.entries.find((e) => e.id.endsWith(':body.text'))?.breaksRead, undefined, name);
    }
    // pretty-printed by a tool that does not read xml:space: its layout at the ends is not the text
    const pretty = withTargets(xlf, `\n          ${BODY}\n        `, '\n          Antworte STOP zum Abbestellen\n        ');
    for (const [name, read] of [['fast', readXliffFast], ['tree', readXliffTree]] as const) {
      assert.equal(read(pretty)!.entries.map((e) => e.target), [want, 'Antworte STOP zum Abbestellen'], name);
    }
    writeFiles(dir, { 'translations/de.xlf': file });
    const r = await cliIn(['translations', 'import', 'translations/de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(r.stderr, '');
    assert.match(readFileSync(path.join(dir, 'templates/delayed.de.yaml'), 'utf8'), /Tage später\. 🙏\\n\\nWir kümmern/);
  } finally { cleanup(dir); }
});

test('a target in XML\'s default white space whose line breaks were read as spaces is written on one line and said; one typed on one line is said too', async () => {
  const { dir, xlf } = await exported();
  try {
    // an older export, or a tool that dropped the unit's attribute as well
    const noUnit = withTargets(xlf, BODY, 'Antworte STOP zum Abbestellen').replace(/(<unit [^>]*?) xml:space="preserve">/g, '$1>');
    for (const [name, read] of [['fast', readXliffFast], ['tree', readXliffTree]] as const) {
      const body = read(noUnit)!.entries.find((e) => e.id.endsWith(':body.text'))!;
      assert.is(body.target, 'Entschuldigung {{customer}}, dein Paket kommt {{days}} Tage später. 🙏 Wir kümmern uns heute darum.', name);
      assert.is(body.breaksRead, true, name);
    }
    writeFiles(dir, { 'translations/de.xlf': noUnit });
    const r = await cliIn(['translations', 'import', 'translations/de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /^translations\/de\.xlf:\d+: shop-whatsapp\/delayed:body\.text: warning: the translation's line breaks were read as spaces, and the en_US text has 2 line breaks: its <target> neither says nor inherits xml:space="preserve"/m);
    assert.match(readFileSync(path.join(dir, 'templates/delayed.de.yaml'), 'utf8'), /Tage später\. 🙏 Wir kümmern/);
    // typed on one line (a CSV cell): written, and said
    const csv = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fr', '--format', 'csv'], { cwd: dir });
    assert.is(csv.exitCode, 0, csv.stderr);
    writeFiles(dir, { 'translations/fr.csv': 'id,en_US,fr\r\n"shop-whatsapp/delayed:body.text","","Désolé {{customer}}, votre colis a {{days}} jours de retard. 🙏 Nous nous en occupons."\r\n"shop-whatsapp/delayed:footer","","Répondez STOP"\r\n' });
    const f = await cliIn(['translations', 'import', 'translations/fr.csv'], { cwd: dir });
    assert.is(f.exitCode, 0, f.stdout + f.stderr);
    assert.match(f.stderr, /^translations\/fr\.csv:2: shop-whatsapp\/delayed:body\.text: warning: the translation has no line break, and the en_US text has 2 line breaks: written on one line/m);
  } finally { cleanup(dir); }
});

test('a file an XML pretty-printer laid out (each child of a preserved <source>/<target> on a line of its own): refused for that cause, not "exported before the text changed"', async () => {
  const { dir, xlf } = await exported();
  try {
    // minidom's toprettyxml: mixed content's text and <ph/> children each on a line of their own, indented
    const lay = (inner: string): string => `\n          ${inner.split(/(<ph [^>]*\/>)/).filter((x) => x !== '').join('\n          ')}\n        `;
    const file = withTargets(xlf, BODY, 'Antworte STOP zum Abbestellen')
      .replace(/(<(source|target)[^>]*>)(.*?)(<\/\2>)/gs, (_m, open: string, _t: string, inner: string, close: string) => inner.includes('<ph') ? `${open}${lay(inner)}${close}` : `${open}${inner}${close}`);
    writeFiles(dir, { 'translations/de.xlf': file });
    const r = await cliIn(['translations', 'import', 'translations/de.xlf', '--dry-run'], { cwd: dir });
    assert.match(r.stderr, /body\.text: refused: the source text in this file is the template's but for line breaks and indentation added inside it, as an XML pretty-printer lays out a file/, r.stderr);
    assert.not.match(r.stderr, /exported before/);
    assert.is(r.exitCode, 1);
  } finally { cleanup(dir); }
});

test('a tool that pads only <target> (the source as exported): every field refused for the padding, never for a length or a line break the padding alone makes', async () => {
  const dir = tempDir();
  try {
    const booking = `channel: shop-whatsapp
name: booking
language: en_US
category: UTILITY
header: { format: TEXT, text: Booking confirmed }
body:
  text: "See you at {{time}}."
  examples: { time: "19:30" }
footer: Reply STOP to opt out
buttons:
  - { type: QUICK_REPLY, text: Change booking }
`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/booking.en_US.yaml': booking });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fa', '--format', 'xliff'], { cwd: dir })).exitCode, 0);
    const fa: Record<string, string> = { 'Booking confirmed': 'رزرو تأیید شد', 'Reply STOP to opt out': 'برای لغو STOP بفرستید', 'Change booking': 'تغییر رزرو' };
    const xlf = readFileSync(path.join(dir, 'translations/fa.xlf'), 'utf8').replace(/(<source xml:space="preserve">(.*?)<\/source>)/gs, (_m, src: string, inner: string) =>
      `${src}\n        <target xml:space="preserve">\n          ${fa[inner] ?? inner.replace('See you at', 'تا')}\n        </target>`);
    writeFiles(dir, { 'translations/fa.xlf': xlf });
    const r = await cliIn(['translations', 'import', 'translations/fa.xlf', '--dry-run'], { cwd: dir });
    for (const field of ['header.text', 'body.text', 'footer', 'buttons.0.text']) assert.match(r.stderr, new RegExp(`${field.replace('.', '\\.')}: refused: the translation begins with "\\\\n {10}" where the template's text has none; write it as the template does \\(a translation tool's padding\\?\\)`), `${field}\n${r.stderr}`);
    // "تغییر رزرو" is 10 characters: the padding's 21 are not the translator's
    assert.not.match(r.stderr, /characters; this field takes at most|has a line break, and/, r.stderr);
  } finally { cleanup(dir); }
});

test.run();
