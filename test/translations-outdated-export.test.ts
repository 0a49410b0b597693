// Found walking the docs as a new user: after the English text changed, export sent the German
// translation out exactly like an up-to-date one (XLIFF state "translated"), so neither the
// translator nor the tool could tell which texts to translate again. Now an outdated translation
// is marked in every format, as translators' tools read it: XLIFF state "initial" and a note, PO
// `#, fuzzy` (which import, like msgfmt, leaves out until the translator clears it), CSV a note;
// the summary counts them. The file still validates (msgfmt --check for PO).
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out\n`;
const DE = `channel: shop-whatsapp
name: order_shipped
language: de
category: UTILITY
body:
  text: "Hallo {{customer}}, deine Bestellung ist unterwegs."
  examples: { customer: Maria }
footer: Antworte STOP zum Abmelden
translated_from:
  language: en_US
  texts:
    body.text: "HASH_BODY"
    footer: "HASH_FOOTER"
`;

/** the German file as made from EN's texts (its hashes theirs) */
async function deMadeFromEn(): Promise<string> {
  const { textHash } = await import('../src/translations/units.ts');
  return DE.replace('HASH_BODY', textHash('Hi {{customer}}, your order is on its way.')).replace('HASH_FOOTER', textHash('Reply STOP to opt out'));
}

/** a project in a new temp folder: the config and these files, and the config loaded */
/**
 * The CSV export with the order_shipped template's target cells filled, as a translator fills them:
 * the body's and the footer's (a cell already filled is left as it is).
 */
function fillCsv(csv: string, body: string, footer: string): string {
  return csv
    .replace(/("shop-whatsapp\/order_shipped:body\.text","(?:[^"]|"")*",)""/, (_m, head: string) => `${head}"${body}"`)
    .replace(/("shop-whatsapp\/order_shipped:footer","[^"]*",)""/, (_m, head: string) => `${head}"${footer}"`);
}

async function project(files: Record<string, string>): Promise<{ dir: string; config: Awaited<ReturnType<typeof loadConfig>> }> {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return { dir, config: await loadConfig({ cwd: dir }) };
}

test('an outdated translation goes out marked (XLIFF initial + note, PO fuzzy, CSV note); an untouched PO does not clear it', async () => {
  const de = await deMadeFromEn();
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': de });
  try {
    const before = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated');
    assert.is(before.length, 1);
    for (const format of ['xliff', 'po', 'csv'] as const) {
      const [r] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr' });
      assert.equal([r!.translated, r!.outdated], [2, 1]);
    }
    const xlf = readFileSync(path.join(dir, 'tr/de.xlf'), 'utf8');
    const body = xlf.slice(xlf.indexOf('<unit id="body.text"'), xlf.indexOf('</unit>'));
    assert.match(body, /<note category="outdated">the en_US text changed since this translation was made: translate it again<\/note>/);
    assert.match(body, /<segment state="initial">/);
    assert.match(xlf.slice(xlf.indexOf('<unit id="footer"')), /<segment state="translated">/);
    const po = readFileSync(path.join(dir, 'tr/de.po'), 'utf8');
    assert.match(po, /#\. outdated: the en_US text changed since this translation was made\n#, fuzzy\nmsgctxt "shop-whatsapp\/order_shipped:body\.text"/);
    assert.not.match(po, /#, fuzzy\nmsgctxt "shop-whatsapp\/order_shipped:footer"/);
    const check = spawnSync('msgfmt', ['--check', '-o', '/dev/null', path.join(dir, 'tr/de.po')], { encoding: 'utf8' });
    if (!check.error) assert.is(check.status, 0, check.stderr);
    const csv = readFileSync(path.join(dir, 'tr/de.csv'), 'utf8');
    assert.match(csv, /"shop-whatsapp\/order_shipped:body\.text",[^\r]*"outdated: the en_US text changed since this translation was made/);
    // the translator did not touch it: importing the PO leaves the translation outdated
    await importTranslations(config, ['tr/de.po'], dir);
    const after = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated');
    assert.is(after.length, 1);
    // cleared and translated again: it is up to date
    writeFiles(dir, { 'tr/de.po': po.replace('#, fuzzy\n', '').replace('msgstr "Hallo {{customer}}, deine Bestellung ist unterwegs."', 'msgstr "Hallo {{customer}}, deine Bestellung hat das Lager verlassen."') });
    const r = await importTranslations(config, ['tr/de.po'], dir);
    assert.equal(r.refusals, []);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated'), []);
  } finally { cleanup(dir); }
});

test('an untouched XLIFF or CSV does not clear it either: a unit still in state "initial" or still noted outdated is not imported, and says what imports it', async () => {
  const de = await deMadeFromEn();
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': de });
  try {
    const outdated = async () => (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated').length;
    for (const format of ['xliff', 'csv'] as const) {
      await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr' });
      const file = `tr/de.${format === 'xliff' ? 'xlf' : 'csv'}`;
      const r = await importTranslations(config, [file], dir);
      assert.equal(r.fuzzy.map((f) => [f.id, f.mark]), [['shop-whatsapp/order_shipped:body.text', format === 'xliff' ? 'initial' : 'outdated']], format);
      assert.is(await outdated(), 1, `${format}: still outdated`);
      // the CLI says why, at the unit's line, and how to import it
      const { cliIn } = await import('./helpers.ts');
      const cli = await cliIn(['translations', 'import', file], { cwd: dir });
      assert.match(cli.stderr, format === 'xliff' ? /tr\/de\.xlf:\d+: shop-whatsapp\/order_shipped:body\.text: not imported: its segment is in state "initial".*set state="translated"/ : /tr\/de\.csv:\d+: shop-whatsapp\/order_shipped:body\.text: not imported: its notes still say "outdated:".*delete that note/);
    }
    // checked by the translator: marked finished (XLIFF) or the note deleted (CSV): imported, up to date
    const xlf = readFileSync(path.join(dir, 'tr/de.xlf'), 'utf8').replace('<segment state="initial">', '<segment state="translated">');
    writeFiles(dir, { 'tr/de.xlf': xlf });
    assert.equal((await importTranslations(config, ['tr/de.xlf'], dir)).fuzzy, []);
    assert.is(await outdated(), 0);
  } finally { cleanup(dir); }
});

// trial-as F3: a tool that writes no state attributes sent the XLIFF back untouched: the outdated unit (exported with
// state="initial" and a note "outdated") came back without its state, its target the one exported, and was taken as
// translated (no state, target not the source): marked current, though nobody had checked it. XLIFF 2.0 reads no state
// as "initial": such a unit, sent back as exported, stays outdated; one whose target the translator changed is imported.
test('an XLIFF whose tool dropped the state attributes does not mark an outdated translation current when it comes back as exported', async () => {
  const de = await deMadeFromEn();
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': de });
  try {
    const outdated = async () => (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated').length;
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'xliff', out: 'tr' });
    const exported = readFileSync(path.join(dir, 'tr/de.xlf'), 'utf8');
    assert.match(exported, /<note category="outdated">/);
    const stateless = exported.replace(/ state="[a-z]*"/g, '');
    assert.not.match(stateless, /state=/);
    // the fast read, and the full read (a carriage return sends the file to it), say the same
    for (const text of [stateless, stateless.replace(/\n/g, '\r\n')]) {
      writeFiles(dir, { 'tr/de.xlf': text });
      const r = await importTranslations(config, ['tr/de.xlf'], dir);
      assert.equal(r.written, [], 'nothing written: the footer is current already, the body was not checked');
      assert.equal(r.stillOutdated.map((x) => [x.id, x.stateless]), [['shop-whatsapp/order_shipped:body.text', true]]);
      assert.equal(r.refusals, []);
      assert.is(await outdated(), 1, 'still outdated');
    }
    // the CLI says why, at the unit's line, and what imports it (exit 1)
    const { cliIn } = await import('./helpers.ts');
    const cli = await cliIn(['translations', 'import', 'tr/de.xlf'], { cwd: dir });
    assert.is(cli.exitCode, 1);
    assert.match(cli.stderr, /tr\/de\.xlf:\d+: shop-whatsapp\/order_shipped:body\.text: not imported: [^\n]*outdated[^\n]*its <segment> has no state[^\n]*set state="translated"/);
    // checked, and marked so: imported, current
    writeFiles(dir, { 'tr/de.xlf': stateless.replace(/(<unit id="body\.text"[\s\S]*?<segment)>/, '$1 state="translated">') });
    assert.equal((await importTranslations(config, ['tr/de.xlf'], dir)).stillOutdated, []);
    assert.is(await outdated(), 0);
  } finally { cleanup(dir); }
});

test('an XLIFF without states whose outdated target the translator changed is imported as translated', async () => {
  const de = await deMadeFromEn();
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': de });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'xliff', out: 'tr' });
    const stateless = readFileSync(path.join(dir, 'tr/de.xlf'), 'utf8').replace(/ state="[a-z]*"/g, '')
      .replace('deine Bestellung ist unterwegs.</target>', 'deine Bestellung hat das Lager verlassen.</target>');
    writeFiles(dir, { 'tr/de.xlf': stateless });
    const r = await importTranslations(config, ['tr/de.xlf'], dir);
    assert.equal([r.stillOutdated, r.refusals, r.written.map((w) => w.file)], [[], [], ['templates/order_shipped.de.yaml']]);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /hat das Lager verlassen/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated'), []);
  } finally { cleanup(dir); }
});

test('a tool\'s copy of the source in state "initial" makes no new file; the same unit marked translated does', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['es'], format: 'xliff', out: 'tr' });
    // as a CAT tool pre-fills each segment: the target a copy of the source, state initial
    const copied = readFileSync(path.join(dir, 'tr/es.xlf'), 'utf8').replace(/<segment>\s*<source xml:space="preserve">([\s\S]*?)<\/source>/g, (_m, src: string) => `<segment state="initial">\n        <source xml:space="preserve">${src}</source>\n        <target xml:space="preserve">${src}</target>`);
    assert.match(copied, /<segment state="initial">/);
    writeFiles(dir, { 'tr/es.xlf': copied });
    for (const text of [copied, copied.replace(/\n/g, '\r\n')]) {
      // the fast read and the full read (a carriage return sends the file to the full read) say the same
      writeFiles(dir, { 'tr/es.xlf': text });
      const r = await importTranslations(config, ['tr/es.xlf'], dir);
      assert.equal(r.written, []);
      assert.is(r.fuzzy.length, 2);
      assert.ok(r.fuzzy.every((f) => f.mark === 'initial'));
    }
    // (the footer translated: a file of nothing but the source's texts, however marked, is a copy refused whole; the body kept as it is is said)
    const footer = '<target xml:space="preserve">Reply STOP to opt out</target>';
    assert.ok(copied.includes(footer));
    writeFiles(dir, { 'tr/es.xlf': copied.replace(/state="initial"/g, 'state="translated"').replace(footer, '<target xml:space="preserve">Responde STOP para darte de baja</target>') });
    const r = await importTranslations(config, ['tr/es.xlf'], dir);
    assert.equal(r.written.map((w) => w.file), ['templates/order_shipped.es.yaml']);
    assert.equal(r.written[0]!.warnings?.map((w) => w.id), ['shop-whatsapp/order_shipped:body.text']);
  } finally { cleanup(dir); }
});

test('a file that translates a language into itself, or into the language its source was translated from, is refused whole', async () => {
  const de = await deMadeFromEn();
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': de });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/de.csv'), 'utf8');
    // the same language twice (a header edited by hand)
    assert.ok(csv.startsWith('\ufeff"id","en_US","de",'), csv.slice(0, 40));
    writeFiles(dir, { 'tr/same.csv': csv.replace('"id","en_US","de",', '"id","en_US","en_US",') });
    const same = await importTranslations(config, ['tr/same.csv'], dir);
    assert.equal(same.written, []);
    assert.match(same.refusals[0]!.message, /translates en_US into en_US/);
    // the columns swapped by a spreadsheet: de -> en_US, where the de file was made from en_US
    const [head, ...rows] = csv.split('\r\n');
    const swap = (line: string): string => { const cells = line.match(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)!.map((c) => c.replace(/,$/, '')); [cells[1], cells[2]] = [cells[2]!, cells[1]!]; return cells.join(','); };
    writeFiles(dir, { 'tr/swapped.csv': [swap(head!), ...rows.map((r) => (r ? swap(r) : r))].join('\r\n') });
    const swapped = await importTranslations(config, ['tr/swapped.csv'], dir);
    assert.equal(swapped.written, []);
    // its notes say the units were exported for de, which the file now says is its source
    assert.match(swapped.refusals[0]!.message, /exported for de [^\n]*the file now translates de into en_US: its second and third columns were swapped/);
    // the same without the notes column (a spreadsheet that lost it): the de file's record says it was translated from en_US
    const noNotes = (line: string): string => line.replace(/,"[^"]*",?$/, '');
    writeFiles(dir, { 'tr/swapped.csv': [swap(head!), ...rows.map((r) => (r ? swap(r) : r))].map(noNotes).join('\r\n') });
    const unnoted = await importTranslations(config, ['tr/swapped.csv'], dir);
    assert.equal(unnoted.written, []);
    assert.match(unnoted.refusals[0]!.message, /its de file was translated from en_US/);
    assert.is(readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8'), EN, 'the source untouched');
  } finally { cleanup(dir); }
});

test('a translation whose file\'s source text has other placeholders than the template\'s is refused; a reworded source with the same ones is imported, then outdated', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/de.csv'), 'utf8');
    // a spreadsheet where the placeholder was taken out of both the source and the target cell
    const tampered = fillCsv(csv.replace('"Hi {{customer}}, your order is on its way."', '"Hi, your order is on its way."'), 'Hallo, deine Bestellung ist unterwegs.', 'Antworte STOP');
    writeFiles(dir, { 'tr/de.csv': tampered });
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(r.written, []);
    assert.match(r.refusals.map((x) => x.message).join('\n'), /the source text in this file is not the template's: it lacks \{\{customer\}\}; export again/);
    // reworded, the same placeholder: imported, and lint then says it is outdated
    const reworded = fillCsv(csv.replace('"Hi {{customer}}, your order is on its way."', '"Hello {{customer}}, your parcel is on its way."'), 'Hallo {{customer}}, dein Paket ist unterwegs.', 'Antworte STOP');
    writeFiles(dir, { 'tr/de.csv': reworded });
    const ok = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(ok.refusals, []);
    assert.equal(ok.written.map((w) => w.file), ['templates/order_shipped.de.yaml']);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated').map((d) => d.file), ['templates/order_shipped.de.yaml']);
  } finally { cleanup(dir); }
});

test('a text over several lines keeps a file in fmt\'s layout in it (the pull-request check runs fmt --check); a file in its own layout keeps its own', async () => {
  const { formatTemplate } = await import('../src/fmt/format.ts');
  const en = formatTemplate(EN.replace('"Hi {{customer}}, your order is on its way."', '"Hi {{customer}},\\nyour order is on its way."')).text;
  const own = 'channel: shop-whatsapp\nname: welcome\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "Welcome,\\nMaria" }\nfooter:   Reply STOP\n';
  assert.is.not(formatTemplate(own).text, own, 'not in fmt\'s layout');
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': en, 'templates/welcome.en_US.yaml': own });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = fillCsv(readFileSync(path.join(dir, 'tr/de.csv'), 'utf8'), 'Hallo {{customer}},\ndeine Bestellung ist unterwegs.', 'Antworte STOP')
      .replace(/("shop-whatsapp\/welcome:body\.text","(?:[^"]|"")*",)""/, '$1"Willkommen,\nMaria"')
      .replace(/("shop-whatsapp\/welcome:footer","[^"]*",)""/, '$1"Antworte STOP"');
    writeFiles(dir, { 'tr/de.csv': csv });
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(r.written.map((w) => w.file).sort(), ['templates/order_shipped.de.yaml', 'templates/welcome.de.yaml']);
    const de = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
    assert.is(formatTemplate(de).text, de, 'in fmt\'s layout');
    const welcome = readFileSync(path.join(dir, 'templates/welcome.de.yaml'), 'utf8');
    assert.match(welcome, /^body: \{ text: "Willkommen,\\nMaria" \}$/m, 'its own layout kept');
  } finally { cleanup(dir); }
});

/**
 * Items in another order in the two files, told apart by their kind: export gives the texts no
 * translation (it would pair one item's label with another's), import refuses the template.
 */
const CROSSED = [
  {
    what: 'buttons (a URL one and a QUICK_REPLY one)', name: 'shop',
    en: 'channel: shop-whatsapp\nname: shop\nlanguage: en_US\ncategory: MARKETING\nbody: { text: "See the shop." }\nbuttons:\n  - { type: URL, text: Open shop, url: "https://shop.example.com" }\n  - { type: QUICK_REPLY, text: Help }\n',
    de: 'channel: shop-whatsapp\nname: shop\nlanguage: de\ncategory: MARKETING\nbody: { text: "Sieh dir den Shop an." }\nbuttons:\n  - { type: QUICK_REPLY, text: Hilfe }\n  - { type: URL, text: Shop öffnen, url: "https://shop.example.com" }\n',
    unpaired: /"shop-whatsapp\/shop:buttons\.0\.text","Open shop","",/,
    paired: /"shop-whatsapp\/shop:body\.text","See the shop\.","Sieh dir den Shop an\.",/,
    fill: (csv: string) => csv.replace('"Open shop","",', '"Open shop","Shop öffnen",').replace('"Help","",', '"Help","Hilfe",'),
    refused: /the de file's buttons\.0 is a QUICK_REPLY where the en_US file's is a URL: the two files' items are not in the same order/,
  },
  {
    what: 'reply chips (their postback data tells them apart)', name: 'rsvp',
    en: 'channel: shop-rcs\nname: rsvp\nlanguage: en_US\nmessage:\n  message: Will you come?\n  suggestions:\n    - { action: reply, text: "Yes, I\'ll come", postbackData: rsvp_yes }\n    - { action: reply, text: Not this time, postbackData: rsvp_no }\n',
    de: 'channel: shop-rcs\nname: rsvp\nlanguage: de\nmessage:\n  message: Kommst du?\n  suggestions:\n    - { action: reply, text: Diesmal nicht, postbackData: rsvp_no }\n    - { action: reply, text: "Ja, ich komme", postbackData: rsvp_yes }\n',
    unpaired: /"shop-rcs\/rsvp:message\.suggestions\.0\.text","Yes, I'll come","",/,
    paired: /"shop-rcs\/rsvp:message\.message","Will you come\?","Kommst du\?",/,
    fill: (csv: string) => csv.replace(`"Yes, I'll come","",`, '"Yes, I\'ll come","Ja, gerne",'),
    refused: /message\.suggestions\.0 is a reply \(postbackData rsvp_no\) where the en_US file's is a reply \(postbackData rsvp_yes\)/,
  },
  {
    // verify-11: the refusal said "is a open_url"; an item's kind is said with its article (an open_url, a dial)
    what: 'a dial and an open_url suggestion', name: 'contact',
    en: 'channel: shop-rcs\nname: contact\nlanguage: en_US\nmessage:\n  message: Talk to us.\n  suggestions:\n    - { action: dial, text: Call us, phoneNumber: "+15551234567" }\n    - { action: open_url, text: Website, postbackData: "https://shop.example.com", openUrlApplication: BROWSER }\n',
    de: 'channel: shop-rcs\nname: contact\nlanguage: de\nmessage:\n  message: Sprich mit uns.\n  suggestions:\n    - { action: open_url, text: Webseite, postbackData: "https://shop.example.com", openUrlApplication: BROWSER }\n    - { action: dial, text: Anrufen, phoneNumber: "+15551234567" }\n',
    unpaired: /"shop-rcs\/contact:message\.suggestions\.0\.text","Call us","",/,
    paired: /"shop-rcs\/contact:message\.message","Talk to us\.","Sprich mit uns\.",/,
    fill: (csv: string) => csv.replace('"Call us","",', '"Call us","Anrufen",'),
    refused: /the de file's message\.suggestions\.0 is an open_url where the en_US file's is a dial: the two files' items are not in the same order/,
  },
];

for (const c of CROSSED) {
  test(`${c.what} in another order in the two files: no translation exported for them, the import refused`, async () => {
    const { dir, config } = await project({ [`templates/${c.name}.en_US.yaml`]: c.en, [`templates/${c.name}.de.yaml`]: c.de });
    try {
      await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
      const csv = readFileSync(path.join(dir, 'tr/de.csv'), 'utf8');
      assert.match(csv, c.unpaired, 'not paired with another item\'s label');
      assert.match(csv, c.paired, 'the texts around them still paired');
      writeFiles(dir, { 'tr/de.csv': c.fill(csv) });
      const r = await importTranslations(config, ['tr/de.csv'], dir);
      assert.equal(r.written, []);
      assert.match(r.refusals.map((x) => x.message).join('\n'), c.refused);
      assert.is(readFileSync(path.join(dir, `templates/${c.name}.de.yaml`), 'utf8'), c.de, 'untouched');
    } finally { cleanup(dir); }
  });
}

test('an open_url suggestion whose address is the language\'s own (a site\'s /he/ pages) is the same item: its label exported with its translation and imported', async () => {
  const en = 'channel: shop-rcs\nname: offers\nlanguage: en_US\nmessage:\n  message: See our cards.\n  suggestions:\n    - { action: reply, text: Not now, postbackData: later }\n    - { action: open_url, text: Details, postbackData: "https://bank.example/en/cards", openUrlApplication: BROWSER }\n';
  const he = 'channel: shop-rcs\nname: offers\nlanguage: he\nmessage:\n  message: ראו את הכרטיסים שלנו.\n  suggestions:\n    - { action: reply, text: לא עכשיו, postbackData: later }\n    - { action: open_url, text: פרטים, postbackData: "https://bank.example/he/cards", openUrlApplication: BROWSER }\n';
  const { dir, config } = await project({ 'templates/offers.en_US.yaml': en, 'templates/offers.he.yaml': he });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['he'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/he.csv'), 'utf8');
    assert.match(csv, /"shop-rcs\/offers:message\.suggestions\.1\.text","Details","פרטים",/, 'the label paired with its translation');
    writeFiles(dir, { 'tr/he.csv': csv.replace('"Details","פרטים",', '"Details","לפרטים",') });
    const r = await importTranslations(config, ['tr/he.csv'], dir);
    assert.equal(r.refusals, []);
    const after = readFileSync(path.join(dir, 'templates/offers.he.yaml'), 'utf8');
    assert.match(after, /text: לפרטים, postbackData: "https:\/\/bank\.example\/he\/cards"/, 'the new label written, the language\'s own address kept');
  } finally { cleanup(dir); }
});

test('a translation that puts a placeholder where WhatsApp refuses one (a body starting or ending with it, two side by side) is refused at its line, as lint would flag it', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['ja'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/ja.csv'), 'utf8');
    const fill = (body: string) => fillCsv(csv, body, '配信停止はSTOPと返信');
    for (const [body, why] of [
      ['{{customer}}様、ご注文の商品は発送されました。', /starts with the placeholder \{\{customer\}\}.*placeholder-position/],
      ['ご注文の商品は発送されました、{{customer}}', /ends with the placeholder \{\{customer\}\}.*placeholder-position/],
    ] as const) {
      writeFiles(dir, { 'tr/ja.csv': fill(body) });
      const r = await importTranslations(config, ['tr/ja.csv'], dir);
      assert.equal(r.written, []);
      assert.match(r.refusals.map((x) => x.message).join('\n'), why);
      assert.ok(r.refusals.every((x) => x.line > 1), 'at the unit\'s line');
    }
    // the same placement as the template's own text is the template's matter (lint), not the translation's
    writeFiles(dir, { 'tr/ja.csv': fill('こんにちは{{customer}}さん、ご注文の商品は発送されました。') });
    assert.equal((await importTranslations(config, ['tr/ja.csv'], dir)).refusals, []);
  } finally { cleanup(dir); }
});

test('a new language file made from a pulled source file does not carry the pull\'s note (it was not pulled), and keeps the schema line', async () => {
  const pulled = `# yaml-language-server: $schema=../schema/template.schema.json\n# Pulled from a Meta (WhatsApp Business) export by tplsync 0.1.0 on 2026-11-29.\n${EN}`;
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': pulled });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, 'tr/de.csv'), 'utf8');
    writeFiles(dir, { 'tr/de.csv': fillCsv(csv, 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Antworte STOP') });
    const r = await importTranslations(config, ['tr/de.csv'], dir);
    assert.equal(r.refusals, []);
    const de = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
    assert.not.match(de, /Pulled from/);
    assert.match(de, /^# yaml-language-server: \$schema=\.\.\/schema\/template\.schema\.json\n/);
    assert.match(de, /^language: de$/m);
  } finally { cleanup(dir); }
});

test('an export made before the source changed does not replace a translation made from the current source', async () => {
  const { dir, config } = await project({ 'templates/order_shipped.en_US.yaml': EN });
  try {
    // the old export, translated
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'old' });
    const fill = (csv: string, body: string) => fillCsv(csv, body, 'Antworte STOP');
    const old = fill(readFileSync(path.join(dir, 'old/de.csv'), 'utf8'), 'Hallo {{customer}}, deine Bestellung ist unterwegs.');
    // the source changes; a new export is translated and imported
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.') });
    const now = await loadConfig({ cwd: dir });
    await exportTranslations(now, [], dir, { source: 'en_US', targets: ['de'], format: 'csv', out: 'new' });
    writeFiles(dir, { 'new/de.csv': fill(readFileSync(path.join(dir, 'new/de.csv'), 'utf8'), 'Hallo {{customer}}, deine Bestellung hat das Lager verlassen.') });
    assert.equal((await importTranslations(now, ['new/de.csv'], dir)).refusals, []);
    const current = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
    // then the old file comes back from the translator
    writeFiles(dir, { 'old/de.csv': old });
    const r = await importTranslations(now, ['old/de.csv'], dir);
    assert.match(r.refusals.map((x) => x.message).join('\n'), /made from the current en_US text, and this translation from another \(.*exported before the en_US text changed, or its source was edited/);
    assert.is(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), current, 'the newer translation kept');
  } finally { cleanup(dir); }
});


/**
 * The new `target` language of an authentication template in WhatsApp's preset wording, through a
 * CSV whose labels `fill` translates: the file written, after checking that the preset body was
 * no text to translate, that nothing was refused, and that lint takes the file.
 */
async function presetTranslated(name: string, en: string, target: string, fill: (csv: string) => string): Promise<string> {
  const { dir, config } = await project({ [`templates/${name}.en_US.yaml`]: en });
  try {
    await exportTranslations(config, [], dir, { source: 'en_US', targets: [target], format: 'csv', out: 'tr' });
    const csv = readFileSync(path.join(dir, `tr/${target}.csv`), 'utf8');
    assert.not.match(csv, /body\.text/, 'the preset body is no text to translate');
    writeFiles(dir, { [`tr/${target}.csv`]: fill(csv) });
    const r = await importTranslations(config, [`tr/${target}.csv`], dir);
    assert.equal(r.refusals, []);
    const text = readFileSync(path.join(dir, `templates/${name}.${target}.yaml`), 'utf8');
    assert.not.match(text, /verification code|examples/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.file.endsWith(`${name}.${target}.yaml`)), []);
    return text;
  } finally { cleanup(dir); }
}

test('a new language of an authentication template in WhatsApp\'s preset English wording asks for WhatsApp\'s text in its language (add_security_recommendation), not the English sentence', async () => {
  const en = 'channel: shop-whatsapp\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "{{1}} is your verification code. For your security, do not share this code."\n  examples:\n    1: "483920"\nbuttons:\n  - type: OTP\n    text: Copy code\n    otp_type: COPY_CODE\n';
  const fr = await presetTranslated('login_code', en, 'fr', (csv) => csv.replace('"Copy code","",', '"Copy code","Copier le code",'));
  assert.match(fr, /^body:\n  add_security_recommendation: true\n/m);
});

test('a new language of an authentication template in the preset wording without the security sentence keeps a body (add_security_recommendation: false), which lint takes', async () => {
  const en = 'channel: shop-whatsapp\nname: verify_login\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "*{{1}}* is your verification code."\n  examples:\n    1: "483920"\nbuttons:\n  - type: OTP\n    text: Autofill\n    otp_type: ONE_TAP\n    autofill_text: Autofill\n    supported_apps:\n      - package_name: com.example.app\n        signature_hash: K8a/AINcGX7\n';
  const de = await presetTranslated('verify_login', en, 'de', (csv) => csv.replace(/"Autofill",""/g, '"Autofill","Automatisch ausfüllen"'));
  assert.match(de, /^body:\n  add_security_recommendation: false\n/m);
});

test.run();
