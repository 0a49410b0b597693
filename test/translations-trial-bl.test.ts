// A localisation lead's trial (trial bl). F4: a translator's remark in a CSV's `notes` cell, or a
// column they added, was dropped without a word by the next export (XLIFF notes and PO comments
// were kept), and the import never said it. F5: a unit not imported because the import refuses
// other texts of its template named only the first of them. F9: an import that brought a new lint
// warning (placeholder-density) said nothing; lint found it right after.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readCsv, writeCsv } from '../src/translations/formats.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { shop: 6a1d1e0e-1c2b-4f33-9d3e-5f0a8b7c6d21 }
channels:
  shop: { kind: whatsapp }
`;
const ORDER_READY = `channel: shop
name: order_ready
language: en_US
category: UTILITY
body:
  text: "Hi {{name}}, your order {{order}} is ready for pickup at {{store}}."
  examples: { name: Ana, order: A-17, store: Berlin Mitte }
footer: Questions? Reply to this message.
buttons:
  - type: QUICK_REPLY
    text: On my way
  - type: QUICK_REPLY
    text: Pick up tomorrow
`;
const RETURN_LABEL = `channel: shop
name: return_label
language: en_US
category: UTILITY
body:
  text: "Your return for order {{order}} is registered. Print the label and drop the parcel at any post office."
  examples: { order: A-17 }
footer: Thanks for shopping with us
`;

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

test('F5: a unit not imported because the import refuses other texts of its template names them all (the export\'s note on the unit, its line on stderr): two by name, more than three with a count', async () => {
  const { otherTextsRefused } = await import('../src/cli/translations.ts');
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': ORDER_READY });
    const exportIt = () => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'de.xlf'], { cwd: dir });
    assert.is((await exportIt()).exitCode, 0);
    const file = path.join(dir, 'de.xlf');
    let xlf = readFileSync(file, 'utf8');
    const de: Record<string, string> = {
      'body.text': 'Hallo <ph id="ph1" disp="{{name}}" equiv="{{name}}"/>, Ihre Bestellung <ph id="ph2" disp="{{order}}" equiv="{{order}}"/> ist abholbereit.', // {{store}} dropped: refused
      footer: 'Fragen? Antworten Sie auf diese Nachricht.',
      'buttons.0.text': 'Bin unterwegs',
      'buttons.1.text': 'Ich hole es morgen Nachmittag ab', // 33 characters: refused
    };
    for (const [field, t] of Object.entries(de)) {
      xlf = xlf.replace(new RegExp(`(<unit id="${escapeRe(field)}"[^]*?<segment)>([^]*?</source>)`), (_m, a: string, b: string) => `${a} state="final">${b}\n        <target xml:space="preserve">${t}</target>`);
    }
    writeFileSync(file, xlf);
    let r = await cliIn(['translations', 'import', 'de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    const both = 'the import refuses 2 other texts of shop/order_ready (shop/order_ready:body.text, shop/order_ready:buttons.1.text) and writes none of it';
    const out = readFileSync(file, 'utf8');
    for (const field of ['footer', 'buttons.0.text']) {
      const unit = new RegExp(`<unit id="${escapeRe(field)}"[^]*?</unit>`).exec(out)![0];
      assert.ok(unit.includes(`<note category="not imported">${both}</note>`), unit);
    }
    assert.match(r.stderr, new RegExp(`^de\\.xlf:\\d+: shop/order_ready: 2 translations not imported \\(${escapeRe(both)}\\): kept in the file as the translator finished them$`, 'm'));
    // one by name; more than three: the first three, and a count
    assert.is(otherTextsRefused('a/b', ['a/b:body.text']), 'the import refuses another text of a/b (a/b:body.text) and writes none of it');
    assert.is(otherTextsRefused('a/b', ['a/b:1', 'a/b:2', 'a/b:3', 'a/b:4', 'a/b:5']), 'the import refuses 5 other texts of a/b (a/b:1, a/b:2, a/b:3 and 2 more) and writes none of it');
  } finally { cleanup(dir); }
});

/** rows of cells as Excel's "CSV UTF-8" saves them: a byte-order mark, CRLF, a cell quoted only when it holds a comma, a quote or a line break */
function asExcelSaves(rows: readonly (readonly string[])[]): string {
  const cell = (c: string): string => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c);
  return '\ufeff' + rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

test('F4: a CSV as Excel saves it, with a translator\'s remark in the notes cells and a column of their own: the import says each at its row, the next export keeps them (RFC 4180 quoting as written), and a further export writes the file it holds', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': ORDER_READY, 'templates/return_label.en_US.yaml': RETURN_LABEL });
    const exportIt = () => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es', '--out', 'es.csv'], { cwd: dir });
    let r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    const file = path.join(dir, 'es.csv');
    // the translator's spreadsheet: the rows as exported, the es cells filled, remarks in notes cells, a column "comment" added
    const rows = readCsvRows(readFileSync(file, 'utf8'));
    assert.equal(rows[0], ['id', 'en_US', 'es', 'limit', 'notes', 'target as exported']);
    const es: Record<string, string> = {
      'shop/order_ready:body.text': 'Hola {{name}}, tu pedido {{order}} está listo en {{store}}, "la tienda".',
      'shop/order_ready:footer': '¿Preguntas? Responde a este mensaje.',
      'shop/order_ready:buttons.0.text': 'Voy en camino',
      'shop/order_ready:buttons.1.text': 'Mañana',
      'shop/return_label:body.text': 'Tu devolución del pedido {{order}} está registrada. Imprime la etiqueta y deja el paquete en correos.',
      'shop/return_label:footer': 'Gracias por tu compra',
    };
    const remarks: Record<string, string> = {
      // a cell with no note of tplsync's: the remark alone
      'shop/order_ready:footer': 'translator: usar tú',
      // after tplsync's notes, on a line of its own (Alt+Enter in the cell)
      'shop/order_ready:body.text': '\n¿"tienda" o "local"?',
      // after a bar, as tplsync separates its own notes
      'shop/return_label:body.text': ' | correos = Correos, a name',
    };
    const comments: Record<string, string> = { 'shop/order_ready:buttons.1.text': 'shortened, ok?\nsee the "limit", 25' };
    const filled = rows.map((row, i) => {
      if (i === 0) return [...row, 'comment'];
      const id = row[0]!;
      return [id, row[1]!, es[id] ?? row[2]!, row[3]!, remarks[id] !== undefined ? row[4]! + remarks[id] : row[4]!, row[5]!, comments[id] ?? ''];
    });
    writeFileSync(file, asExcelSaves(filled));
    const saved = readFileSync(file, 'utf8');

    r = await cliIn(['translations', 'import', 'es.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /2 files written/);
    assert.match(readFileSync(path.join(dir, 'templates/order_ready.es.yaml'), 'utf8'), /está listo en \{\{store\}\}, \\"la tienda\\"\./);
    // each remark said at its row, as XLIFF's notes are (and the column's cell, with its header)
    const row = (id: string): number => lineOf(saved, `${id},`);
    assert.match(r.stderr, new RegExp(`^es\\.csv:${row('shop/order_ready:footer')}: shop/order_ready:footer: note: the translator's note: translator: usar tú$`, 'm'));
    assert.match(r.stderr, new RegExp(`^es\\.csv:${row('shop/order_ready:body.text')}: shop/order_ready:body\\.text: note: the translator's note: ¿"tienda" o "local"\\?$`, 'm'));
    assert.match(r.stderr, new RegExp(`^es\\.csv:${row('shop/return_label:body.text')}: shop/return_label:body\\.text: note: the translator's note: correos = Correos, a name$`, 'm'));
    assert.match(r.stderr, new RegExp(`^es\\.csv:${row('shop/order_ready:buttons.1.text')}: shop/order_ready:buttons\\.1\\.text: note: the translator's note \\(comment\\): shortened, ok\\?\\\\nsee the "limit", 25$`, 'm'));
    // tplsync's own notes are no translator's note
    assert.not.match(r.stderr, /note: the translator's note: (samples|keep|target as exported)/);

    // the next export keeps each remark after tplsync's notes, and the column with its header and cells
    r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^es\.csv: 6 units of 2 template\(s\), 6 translated already; translator notes of 3 units kept; the translator's column 'comment' kept \(1 row with a value\)$/m);
    const out = readFileSync(file, 'utf8');
    const doc = readCsv(out);
    const notes = new Map((doc.notes ?? []).map((n) => [n.id, n.notes.map((x) => x.text).join('')]));
    assert.equal(Object.fromEntries(notes), { 'shop/order_ready:body.text': '¿"tienda" o "local"?', 'shop/order_ready:footer': 'translator: usar tú', 'shop/return_label:body.text': 'correos = Correos, a name' });
    assert.equal(doc.columns?.names, ['comment']);
    assert.equal(doc.columns?.rows.map((x) => [x.id, x.cells]), [['shop/order_ready:buttons.1.text', ['shortened, ok?\nsee the "limit", 25']]]);
    const written = readCsvRows(out);
    assert.equal(written[0], ['id', 'en_US', 'es', 'limit', 'notes', 'target as exported', 'comment']);
    const cells = new Map(written.slice(1).map((x) => [x[0]!, x]));
    assert.is(cells.get('shop/order_ready:footer')![4], 'translator: usar tú');
    assert.is(cells.get('shop/order_ready:body.text')![4], 'samples: {{name}} = Ana; {{order}} = A-17; {{store}} = Berlin Mitte | keep {{name}} {{order}} {{store}} | ¿"tienda" o "local"?');
    assert.is(cells.get('shop/order_ready:buttons.1.text')![6], 'shortened, ok?\nsee the "limit", 25');
    // exported afresh as the file is: nothing to import, and the same file again (no remark doubled, no loop)
    r = await cliIn(['translations', 'import', 'es.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /shop\/order_ready:footer: note: the translator's note: translator: usar tú/);
    r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /\(the file holds them already: not written again\)$/m);
    assert.is(readFileSync(file, 'utf8'), out);

    // the translator deletes the remark and the column: the next export has neither
    writeFileSync(file, asExcelSaves(readCsvRows(out).map((x) => (x[0] === 'shop/order_ready:footer' ? [...x.slice(0, 4), '', ...x.slice(5, 6)] : x.slice(0, 6)))));
    r = await exportIt();
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(readFileSync(file, 'utf8'), /usar tú|comment/);
  } finally { cleanup(dir); }
});

test('F4: the translator\'s text of a notes cell is whatever is not one of tplsync\'s notes; tplsync\'s own are written on one line each and without a bar, so a sample holding " | " is no translator\'s note (a file exported again does not grow)', async () => {
  const { csvTranslatorNote } = await import('../src/translations/formats.ts');
  assert.is(csvTranslatorNote(''), '');
  assert.is(csvTranslatorNote('translator: usar tú'), 'translator: usar tú');
  assert.is(csvTranslatorNote('samples: {{name}} = Ana | keep {{name}}'), '');
  assert.is(csvTranslatorNote('samples: {{name}} = Ana | keep {{name}} | usar tú | no usted'), 'usar tú | no usted');
  assert.is(csvTranslatorNote('usar tú\nsamples: {{name}} = Ana\r\nkeep {{name}}'), 'usar tú');
  assert.is(csvTranslatorNote('keep {{name}} {{order}} formal'), 'formal');
  assert.is(csvTranslatorNote('outdated: the en_US text changed since this translation was made (check it, then delete this note) | keep {{x}}'), '');
  assert.is(csvTranslatorNote('not imported: the import refuses 2 other texts of a/b (a/b:body.text, a/b:footer) and writes none of it'), '');
  assert.is(csvTranslatorNote('target as exported: 811c9dc5 (es) | ok'), 'ok');
  // a sample or the import's words with a bar of their own: written as ¦, so that they read back as tplsync's
  const unit = { template: 't/x', field: 'body.text', id: 't/x:body.text', source: 'Pick {{a}} now', placeholders: ['{{a}}'], samples: { a: 'left | right' }, target: 'Toma {{a}} ya' };
  const once = writeCsv([{ ...unit, notImported: 'the import refuses it: "x | y"\nz' }], 'en_US', 'es');
  const doc = readCsv(once);
  assert.is(doc.notes, undefined, JSON.stringify(doc.notes));
  assert.match(once, /samples: \{\{a\}\} = left ¦ right/);
  assert.match(once, /not imported: the import refuses it: ""x ¦ y"" z/);
});

/** a PO export of the project in `dir` to `lang`, every unit translated as `give` says (by unit id) */
async function translatedPo(dir: string, lang: string, give: Record<string, string>): Promise<string> {
  const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', lang, '--out', `${lang}.po`], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  let po = readFileSync(path.join(dir, `${lang}.po`), 'utf8');
  for (const [id, t] of Object.entries(give)) po = po.replace(new RegExp(`(msgctxt "${escapeRe(id)}"\\nmsgid "(?:[^"\\\\]|\\\\.)*"\\nmsgstr )"(?:[^"\\\\]|\\\\.)*"`), (_m, head: string) => `${head}"${t}"`);
  writeFileSync(path.join(dir, `${lang}.po`), po);
  return po;
}

const FR: Record<string, string> = {
  // 3 placeholders and 6 fixed words: placeholder-density warns (the source has 8 words)
  'shop/order_ready:body.text': 'Bonjour {{name}}, votre commande {{order}} est prête à {{store}}.',
  'shop/order_ready:footer': 'Des questions ? Répondez à ce message.',
  'shop/order_ready:buttons.0.text': 'Je suis en route',
  'shop/order_ready:buttons.1.text': 'Demain',
};

test('F9: a warning lint will give the file written that the file before did not get is said at the unit\'s line with its rule (a new file, an existing one); not one the file had already, nor one the config turns off; a re-import says none', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': ORDER_READY });
    const po = await translatedPo(dir, 'fr', FR);
    const bodyLine = lineOf(po, 'msgctxt "shop/order_ready:body.text"');
    let r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /created templates\/order_ready\.fr\.yaml \(4 texts\)/);
    const said = new RegExp(`^fr\\.po:${bodyLine}: shop/order_ready:body\\.text: warning: The body has 3 placeholders and 6 fixed words; WhatsApp tends to reject fewer than 7 \\(words and placeholders together at least 10\\) \\(placeholder-density, a warning: written all the same\\)$`, 'm');
    assert.match(r.stderr, said);
    // lint says the same of the file written: no news
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.match(lint.stdout, /placeholder-density/);
    // the same file again writes nothing and says nothing
    r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /placeholder-density/);
    // a new text with the warning the file has already: not said again
    await translatedPo(dir, 'fr', { ...FR, 'shop/order_ready:body.text': 'Salut {{name}}, ta commande {{order}} est prête à {{store}}.' });
    r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /updated templates\/order_ready\.fr\.yaml \(1 text changed\)/);
    assert.not.match(r.stderr, /placeholder-density/);
    // an existing file whose text had enough words: the warning the translation brings is said; a duplicate label too, at its unit
    await translatedPo(dir, 'fr', { ...FR, 'shop/order_ready:body.text': 'Bonjour {{name}}, votre commande {{order}} vous attend au magasin {{store}} dès maintenant.' });
    r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /placeholder-density/);
    const po2 = await translatedPo(dir, 'fr', { ...FR, 'shop/order_ready:buttons.1.text': 'Je suis en route' });
    r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`^fr\\.po:${lineOf(po2, 'msgctxt "shop/order_ready:body.text"')}: shop/order_ready:body\\.text: warning: .*\\(placeholder-density, a warning: written all the same\\)$`, 'm'));
    assert.match(r.stderr, /^fr\.po:\d+: shop\/order_ready:buttons\.\d\.text: warning: .*\(button-label-duplicate, a warning: written all the same\)$/m);

    // the config turns the rule off: the import says nothing of it, as lint would not
    const other = tempDir();
    try {
      writeFiles(other, { 'tplsync.config.yaml': `${CONFIG}rules:\n  placeholder-density: "off"\n`, 'templates/order_ready.en_US.yaml': ORDER_READY });
      await translatedPo(other, 'fr', FR);
      r = await cliIn(['translations', 'import', 'fr.po'], { cwd: other });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.match(r.stderr, /placeholder-density/);
    } finally { cleanup(other); }
  } finally { cleanup(dir); }
});

/** the rows of a CSV as RFC 4180 reads them (quoted cells, doubled quotes, line breaks inside quotes), a leading BOM dropped */
function readCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\ufeff/, '');
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && s[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

// the target file's own disable directives (# tplsync-disable-next-line RULE) turn a finding off for lint: the import neither
// says it as a new warning nor refuses a text over a limit whose rule the file turns off there, as lint gives no finding
test('an import honours the target file\'s disable directives: no warning said, no limit refused, for a rule the file turns off at that text; lint agrees', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': ORDER_READY });
    // an existing French file whose texts had no finding, with directives at the body and the second button
    const fr = ORDER_READY.replace('language: en_US', 'language: fr')
      .replace('body:\n  text: "Hi {{name}}, your order {{order}} is ready for pickup at {{store}}."', 'body:\n  # tplsync-disable-next-line placeholder-density -- French says it in fewer words\n  text: "Bonjour {{name}}, votre commande {{order}} vous attend au magasin {{store}} dès maintenant."')
      .replace('footer: Questions? Reply to this message.', 'footer: Des questions ? Répondez à ce message.')
      .replace('text: On my way', 'text: Je suis en route')
      .replace('    text: Pick up tomorrow', '    # tplsync-disable-next-line button-label -- the client agreed the long label\n    text: Demain')
      .replace('examples: { name: Ana, order: A-17, store: Berlin Mitte }', 'examples: { name: Ana, order: A-17, store: Paris Nord }');
    writeFiles(dir, { 'templates/order_ready.fr.yaml': fr });
    const longLabel = 'Je passerai demain matin sans faute';
    const po = await translatedPo(dir, 'fr', { ...FR, 'shop/order_ready:buttons.1.text': longLabel });
    let r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /updated templates\/order_ready\.fr\.yaml \(2 texts changed\)/);
    assert.not.match(r.stderr, /placeholder-density|button-label/, r.stderr);
    const written = readFileSync(path.join(dir, 'templates/order_ready.fr.yaml'), 'utf8');
    assert.match(written, `text: ${longLabel}`);
    assert.match(written, '# tplsync-disable-next-line placeholder-density');
    // lint gives neither (the directives turn them off), as the import said
    const lint = await cliIn(['lint', '--format', 'json', 'templates/order_ready.fr.yaml'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    assert.not.match(lint.stdout, /"ruleId": ?"(placeholder-density|button-label)"/);
    // without the directive on the button, the long label is refused at its unit, as lint would make it an error
    writeFiles(dir, { 'templates/order_ready.fr.yaml': fr.replace(/ *# tplsync-disable-next-line button-label[^\n]*\n/, '') });
    r = await cliIn(['translations', 'import', 'fr.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`^fr\\.po:${lineOf(po, 'msgctxt "shop/order_ready:buttons.1.text"')}: shop/order_ready:buttons\\.1\\.text: .*25`, 'm'));
  } finally { cleanup(dir); }
});

// the remarks of units an export does not hold (a text removed from its template, a template left out by the paths given)
// cannot go in the file written: said, with the units, never dropped in silence
test('an export over a file with translator remarks of units it does not hold says so, naming the units', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': ORDER_READY, 'templates/return_label.en_US.yaml': RETURN_LABEL });
    const exportIt = (...paths: string[]) => cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es', '--out', 'es.csv', ...paths], { cwd: dir });
    assert.is((await exportIt()).exitCode, 0);
    const file = path.join(dir, 'es.csv');
    const rows = readCsvRows(readFileSync(file, 'utf8'));
    const es: Record<string, string> = {
      'shop/order_ready:body.text': 'Hola {{name}}, tu pedido {{order}} está listo en {{store}}.',
      'shop/order_ready:footer': '¿Preguntas? Responde a este mensaje.',
      'shop/order_ready:buttons.0.text': 'Voy en camino',
      'shop/order_ready:buttons.1.text': 'Mañana',
      'shop/return_label:body.text': 'Tu devolución del pedido {{order}} está registrada. Imprime la etiqueta y deja el paquete en correos.',
      'shop/return_label:footer': 'Gracias por tu compra',
    };
    writeFileSync(file, asExcelSaves(rows.map((row, i) => (i === 0 ? [...row, 'comment'] : [row[0]!, row[1]!, es[row[0]!] ?? row[2]!, row[3]!, row[0] === 'shop/order_ready:footer' ? 'usar tú' : row[4]!, row[5]!, row[0] === 'shop/order_ready:buttons.1.text' ? 'shortened, ok?' : '']))));
    let r = await cliIn(['translations', 'import', 'es.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // an export of return_label alone over the file: order_ready's remarks cannot be in it
    r = await exportIt('templates/return_label.en_US.yaml');
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, "the translator's remarks (comments, notes, cells of added columns) of 2 units this export does not hold (shop/order_ready:buttons.1.text, shop/order_ready:footer: a text no longer in its template, or one of a template not exported) are not in the file written", r.stdout + r.stderr);
    assert.not.match(readFileSync(file, 'utf8'), /usar tú|shortened/);
    // an export that holds them all says nothing of the kind
    writeFileSync(file, asExcelSaves(rows.map((row, i) => (i === 0 ? [...row, 'comment'] : [row[0]!, row[1]!, es[row[0]!] ?? row[2]!, row[3]!, row[4]!, row[5]!, row[0] === 'shop/order_ready:buttons.1.text' ? 'shortened, ok?' : '']))));
    r = await exportIt();
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stdout, /does not hold/);
  } finally { cleanup(dir); }
});

test.run();
