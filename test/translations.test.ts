// Translations as a round trip (in process, real files in a temp dir): export, fill the targets,
// import, lint clean, export again gives the same units; tampered placeholders and broken limits
// refused at the translation file's line with nothing of that template written; an existing
// target file keeps its comments, order and quoting; translation-outdated and language-coverage.
import { readFileSync, existsSync } from 'node:fs';
import { renderText } from '../src/model/placeholders.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import './seed.ts';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { readTranslations, writeTranslations, type Format } from '../src/translations/formats.ts';
import { extractUnits, partsOf, type Unit } from '../src/translations/units.ts';
import { applyTexts, targetFileName } from '../src/translations/apply.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

/** a "translation" that keeps every placeholder and the length: letters shifted by one */
const shift = (s: string): string => partsOf(s).map((p) => ('ph' in p ? p.ph : p.text.replace(/[a-y]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1)).replace(/z/g, 'a'))).join('');

const word = fc.constantFrom('order', 'parcel', 'your', 'today', 'Hello', 'ready', 'shop', 'thanks', 'café', 'größe', '"quoted"', 'a: b', '#tag', '50%');
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));

interface Spec { name: string; body: string; names: string[]; footer?: string; buttons: string[] }
const spec = fc.record({
  name: fc.stringMatching(/^[a-z]{3,10}$/),
  names: fc.uniqueArray(fc.constantFrom('customer', 'order_id', 'day', 'code'), { minLength: 0, maxLength: 3 }),
  lead: words(6, 8), tail: words(6, 8),
  footer: fc.option(words(1, 4).map((s) => s.slice(0, 50)), { nil: undefined }),
  buttons: fc.array(words(1, 3).map((s) => s.slice(0, 20)), { maxLength: 3 }),
}).map((r): Spec => ({ name: r.name, names: r.names, body: `${r.lead} ${r.names.map((n) => `{{${n}}}`).join(' and ')} ${r.tail}`.trim(), ...(r.footer ? { footer: r.footer } : {}), buttons: r.buttons }));

const yamlString = (s: string): string => JSON.stringify(s);
function templateYaml(s: Spec, language: string): string {
  const lines = [`# ${s.name}: a comment the import keeps`, 'channel: shop-whatsapp', `name: ${s.name}`, `language: ${language}`, 'category: UTILITY', 'body:', `  text: ${yamlString(s.body)}`];
  if (s.names.length) lines.push('  examples:', ...s.names.map((n) => `    ${n}: sample`));
  if (s.footer) lines.push(`footer: ${yamlString(s.footer)}`);
  if (s.buttons.length) lines.push('buttons:', ...s.buttons.flatMap((b) => ['  - type: QUICK_REPLY', `    text: ${yamlString(b)}`]));
  return lines.join('\n') + '\n';
}

const fill = (units: readonly Unit[]): Unit[] => units.map((u) => ({ ...u, target: shift(u.source) }));
const strip = (units: readonly Unit[]): unknown[] => units.map(({ id, source, target, placeholders, limit }) => ({ id, source, target, placeholders, limit }));

for (const format of ['xliff', 'po', 'csv'] as Format[]) {
  test(`round trip (${format}, seeded): export, fill, import, lint clean, export again gives the same units`, async () => {
    await fc.assert(fc.asyncProperty(fc.uniqueArray(spec, { minLength: 1, maxLength: 4, selector: (s) => s.name }), async (specs) => {
      const dir = tempDir();
      try {
        writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...Object.fromEntries(specs.map((s) => [`templates/${s.name}.en_US.yaml`, templateYaml(s, 'en_US')])) });
        const config = await loadConfig({ cwd: dir });
        const findings = async () => (await lintInProcess(dir)).diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`);
        assert.equal(await findings(), [], 'the generated sources lint clean');
        const [first] = await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr' });
        const exported = readTranslations(format, readFileSync(path.join(dir, first!.file), 'utf8'));
        assert.is(exported.entries.length, 0, 'nothing is translated yet');
        // the translator's work: the same units with targets
        const files = specs.map((s) => ({ file: s.name, value: readTemplateValue(templateYaml(s, 'en_US')) }));
        const filled = fill(extractUnits(files, 'en_US', 'de'));
        writeFiles(dir, { [`tr/de.${format}`]: writeTranslations(format, filled, 'en_US', 'de') });
        const r = await importTranslations(config, [`tr/de.${format}`], dir);
        assert.equal(r.refusals, []);
        assert.is(r.written.length, specs.length);
        for (const s of specs) assert.ok(existsSync(path.join(dir, 'templates', `${s.name}.de.yaml`)), `${s.name}.de.yaml written next to the source`);
        assert.equal(await findings(), []);
        await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format, out: 'tr2' });
        const again = readFileSync(path.join(dir, 'tr2', `de.${format === 'xliff' ? 'xlf' : format}`), 'utf8');
        const all = specs.flatMap((s) => ['en_US', 'de'].map((l) => ({ file: s.name, value: readTemplateValue(readFileSync(path.join(dir, 'templates', `${s.name}.${l}.yaml`), 'utf8')) })));
        assert.equal(strip(extractUnits(all, 'en_US', 'de')), strip(filled));
        // the same file, each unit now with the hash of its target as exported (EXPORTED_NOTE)
        assert.is(again, writeTranslations(format, filled.map((u) => ({ ...u, asExported: u.target! })), 'en_US', 'de'));
      } finally { cleanup(dir); }
    }), { seed: 2727, numRuns: 12 });
  });
}

const EN = `# the order template
channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order {{order_id}} is on its way."
  examples: { customer: Maria, order_id: A-1042 }
footer: Reply STOP to opt out
buttons:
  - type: QUICK_REPLY
    text: Track parcel
`;
const DE = `# Deutsch: von Hand gepflegt
channel: shop-whatsapp
name: order_shipped
language: de
category: UTILITY
body:
  text: 'Hallo {{customer}}, alt {{order_id}}.'   # a comment after the value
  examples: { customer: Maria, order_id: A-1042 }
footer: Antworte STOP
buttons:
  - type: QUICK_REPLY
    text: "Paket verfolgen"
`;

test('import into an existing file: only the texts change (comments, order, quoting kept); translated_from records the source', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
    const config = await loadConfig({ cwd: dir });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'po', out: 'tr' });
    const po = readFileSync(path.join(dir, 'tr/de.po'), 'utf8');
    assert.match(po, /msgstr "Hallo \{\{customer\}\}, alt \{\{order_id\}\}\."/, 'the existing translation is exported as the target');
    writeFiles(dir, { 'tr/de.po': po.replace('msgstr "Hallo {{customer}}, alt {{order_id}}."', 'msgstr "Hallo {{customer}}, deine Bestellung {{order_id}} ist unterwegs."') });
    const r = await importTranslations(config, ['tr/de.po'], dir);
    assert.equal(r.refusals, []);
    const after = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
    assert.is(after.split('translated_from:')[0], DE.replace("'Hallo {{customer}}, alt {{order_id}}.'", "'Hallo {{customer}}, deine Bestellung {{order_id}} ist unterwegs.'"));
    assert.match(after, /translated_from:\n  language: en_US\n  texts:\n    body\.text: "[0-9a-f]{8}"\n/);
    const lint = await lintInProcess(dir);
    assert.equal(lint.diagnostics.filter((d) => d.ruleId === 'translation-outdated'), []);
    // the English text changes: the German one is outdated, at its own line
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.') });
    const stale = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated');
    assert.equal(stale.map((d) => [path.basename(d.file), d.line]), [['order_shipped.de.yaml', 7]]);
    // comments a hand wrote inside the record, and a hash of a text this import does not touch, are kept: only the changed hash changes
    const de = path.join(dir, 'templates/order_shipped.de.yaml');
    const commented = readFileSync(de, 'utf8').replace('translated_from:\n', 'translated_from:   # do not edit\n').replace(/(    body\.text: "[0-9a-f]{8}")\n/, '$1   # checked by Anna\n    footer: "f1f7fa06"   # kept by hand\n');
    writeFiles(dir, { 'templates/order_shipped.de.yaml': commented });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['de'], format: 'po', out: 'tr' });
    const po2 = readFileSync(path.join(dir, 'tr/de.po'), 'utf8');
    writeFiles(dir, { 'tr/de.po': po2.replace(/#, fuzzy\n/g, '').replace(/msgstr "Hallo \{\{customer\}\}, deine Bestellung \{\{order_id\}\} ist unterwegs\."/, 'msgstr "Hallo {{customer}}, deine Bestellung {{order_id}} hat das Lager verlassen."') });
    const again = await importTranslations((await loadConfig({ cwd: dir })), ['tr/de.po'], dir);
    assert.equal(again.refusals, []);
    const kept = readFileSync(de, 'utf8');
    assert.match(kept, /translated_from: {3}# do not edit\n  language: en_US\n  texts:\n    body\.text: "[0-9a-f]{8}" {3}# checked by Anna\n    footer: "f1f7fa06" {3}# kept by hand\n/);
    assert.not.match(kept, commented.match(/body\.text: "([0-9a-f]{8})"/)![1]!, 'the changed text\'s hash is the new one');
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated'), []);
  } finally { cleanup(dir); }
});

for (const format of ['xliff', 'po', 'csv'] as Format[]) {
  test(`import (${format}): a dropped, added or renamed placeholder or a broken limit is refused at its line; nothing of that template is written, the rest is`, async () => {
    const dir = tempDir();
    try {
      const other = EN.replace('order_shipped', 'order_ready').replace('# the order template\n', '');
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_ready.en_US.yaml': other });
      const config = await loadConfig({ cwd: dir });
      const files = [{ file: 'a', value: readTemplateValue(EN) }, { file: 'b', value: readTemplateValue(other) }];
      const units = fill(extractUnits(files, 'en_US', 'de'));
      const bad = units.map((u) => (u.template === 'shop-whatsapp/order_shipped' && u.field === 'body.text' ? { ...u, target: u.target!.replace('{{order_id}}', '{{order}}') }
        : u.template === 'shop-whatsapp/order_shipped' && u.field === 'buttons.0.text' ? { ...u, target: 'x'.repeat(26) } : u));
      const text = writeTranslations(format, bad, 'en_US', 'de');
      writeFiles(dir, { [`tr/de.${format}`]: text });
      const r = await importTranslations(config, [`tr/de.${format}`], dir);
      const lines = text.split(/\r?\n/);
      const lineOf = (id: string): number => 1 + lines.findIndex((l) => l.includes(format === 'xliff' ? `name="${id}"` : id));
      assert.equal(r.refusals.map((x) => [x.id, x.line]).sort(), [
        ['shop-whatsapp/order_shipped:body.text', lineOf('shop-whatsapp/order_shipped:body.text')],
        ['shop-whatsapp/order_shipped:buttons.0.text', lineOf('shop-whatsapp/order_shipped:buttons.0.text')],
      ]);
      assert.match(r.refusals.find((x) => x.id.endsWith('body.text'))!.message, /\{\{order\}\} where the source has \{\{order_id\}\} \(a name changed: a placeholder.s name is never translated\): write \{\{order_id\}\}/);
      assert.match(r.refusals.find((x) => x.id.endsWith('buttons.0.text'))!.message, /26 characters; this field takes at most 25/);
      assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')), 'nothing of the refused template');
      assert.ok(existsSync(path.join(dir, 'templates/order_ready.de.yaml')), 'the other template is written');
    } finally { cleanup(dir); }
  });
}

test('language-coverage names the languages a channel requires that a template lacks, at its language', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, de, fr]\n`, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'language-coverage');
    assert.equal(found.map((d) => [path.basename(d.file), d.line, d.severity]), [['order_shipped.en_US.yaml', 4, 'error']]);
    assert.match(found[0]!.message, /no fr variant/);
    // the en_US file mid-edit (it does not parse): its variant is not said to be missing from the de file (only the syntax error is)
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, de]\n`, 'templates/order_shipped.en_US.yaml': EN.replace(/^body:/m, 'body: [') });
    const midEdit = (await lintInProcess(dir)).diagnostics;
    assert.equal(midEdit.filter((d) => d.ruleId === 'language-coverage'), [], JSON.stringify(midEdit));
    assert.ok(midEdit.some((d) => d.ruleId === 'yaml-syntax'));
    // only the broken file's language waits: another missing one is still named; a broken file of another name (order_shipped.notes.yaml) changes nothing
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, de, fr, es]\n`, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.fr.yaml': 'body: [\n', 'templates/order_shipped.notes.yaml': 'x: [\n' });
    const cov = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'language-coverage');
    assert.is(cov.length, 1, JSON.stringify(cov));
    assert.match(cov[0]!.message, /has no es variant;/);
  } finally { cleanup(dir); }
});

test('export and import say when a language is not among those the config lists for its channels (a typo, a tool\'s es for es_ES)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, de, es_ES]\n`, 'templates/order_shipped.en_US.yaml': EN });
    const listed = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--target', 'es-es', '--format', 'po', '--out', 'tr'], { cwd: dir });
    assert.is(listed.exitCode, 0, listed.stderr);
    assert.not.match(listed.stderr, /note/, 'listed languages (in any spelling): no note');
    const odd = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es', '--format', 'po', '--out', 'tr'], { cwd: dir });
    assert.is(odd.exitCode, 0, odd.stderr);
    assert.match(odd.stderr, /^tplsync: note: es is not among the languages the config lists for the templates' channels \(channels\.shop-whatsapp\.languages: de, en_US, es_ES\): no rule asks for it; if it is meant, add it to channels\.shop-whatsapp\.languages in the config, else correct the language; did you mean 'es_ES'\?$/m);
    const po = readFileSync(path.join(dir, 'tr/es.po'), 'utf8').replace(/(msgctxt "[^"]+"\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr )""/g, (_m, head: string, id: string) => `${head}"${id} (es)"`);
    writeFiles(dir, { 'tr/es.po': po });
    const imported = await cliIn(['translations', 'import', 'tr/es.po'], { cwd: dir });
    assert.is(imported.exitCode, 0, imported.stderr);
    assert.match(imported.stderr, /^tr\/es\.po: note: es is not among the languages the config lists/m);
    // judged by the templates' own channels: a language another channel lists is still noted (a verify round)
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, de]\n  shop-rcs:\n    languages: [en_US, es_MX]\n` });
    const other = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es_MX', '--format', 'po', '--out', 'tr'], { cwd: dir });
    assert.match(other.stderr, /note: es_MX is not among the languages the config lists for the templates' channels \(channels\.shop-whatsapp\.languages: de, en_US\)/);
  } finally { cleanup(dir); }
});

test('language-coverage reads the config\'s languages in any case and with - or _ (pt_br, pt-BR, DE are pt_BR, de): no false finding; what is missing named in the files\' form', async () => {
  const dir = tempDir();
  try {
    const PT = DE.replace('language: de', 'language: pt_BR');
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [EN_us, pt_br, pt-BR, DE, fr-fr]\n`, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE, 'templates/order_shipped.pt_BR.yaml': PT });
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'language-coverage');
    assert.is(found.length, 1, found.map((d) => d.message).join('\n'));
    assert.match(found[0]!.message, /no fr_FR variant/);
    assert.not.match(found[0]!.message, /pt_br|pt-BR|EN_us|DE\b/);
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, German]\n` });
    const bad = await cliIn(['lint'], { cwd: dir });
    assert.is(bad.exitCode, 3, bad.stderr);
    assert.match(bad.stderr, "channels.shop-whatsapp.languages[1]: 'German' is not a language code like de, en_US or pt_BR");
    // a script code no template file can have (language-code refuses zh_Hant): refused in the config, with what WhatsApp writes
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [en_US, zh-Hant]\n` });
    const script = await cliIn(['lint'], { cwd: dir });
    assert.is(script.exitCode, 3, script.stderr);
    assert.match(script.stderr, "'zh-Hant' is not a language code like de, en_US or pt_BR (WhatsApp has no script codes: Traditional Chinese is zh_TW or zh_HK");
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp:\n    languages: [es_419]\n` });
    const numeric = await cliIn(['lint'], { cwd: dir });
    assert.is(numeric.exitCode, 3, numeric.stderr);
    assert.match(numeric.stderr, "'es_419' is not a language code like de, en_US or pt_BR (a numeric region such as 419 is not in WhatsApp's list");
  } finally { cleanup(dir); }
});

test('a record written by a hand in flow style, or of another source language, is written again whole; its comments are kept on its first line', () => {
  const flow = 'channel: shop\nname: a\nlanguage: de\nbody:\n  text: "Alt"\ntranslated_from: { language: en_US, texts: { body.text: "20802ebc", footer: "0bdb6fcf" } }  # flow record\n';
  const out = applyTexts(flow, [{ path: ['body', 'text'], text: 'Neu' }], 'en_US', { 'body.text': '11111111' });
  assert.match(out, /translated_from: {3}# flow record\n {2}language: en_US\n {2}texts:\n {4}body\.text: "11111111"\n {4}footer: "0bdb6fcf"\n$/);
  const other = 'channel: shop\nname: a\nlanguage: de\nbody:\n  text: "Alt"\ntranslated_from:   # top\n  # inside\n  language: fr\n  texts: { body.text: "20802ebc" }  # flow texts\n';
  const out2 = applyTexts(other, [{ path: ['body', 'text'], text: 'Neu' }], 'en_US', { 'body.text': '11111111' });
  for (const c of ['# top', '# inside', '# flow texts']) assert.match(out2, c);
  assert.match(out2, /language: en_US\n {2}texts:\n {4}body\.text: "11111111"\n$/);
});

test('the new file is named like the source language\'s', () => {
  assert.is(targetFileName('templates/order.en_US.yaml', 'en_US', 'de'), 'templates/order.de.yaml');
  assert.is(targetFileName('templates/en_US/order.yaml', 'en_US', 'pt_BR'), 'templates/pt_BR/order.yaml');
  assert.is(targetFileName('templates/order.yaml', 'en_US', 'fr'), 'templates/order.fr.yaml');
  assert.is(targetFileName('templates/order_en-US.yml', 'en_US', 'fr'), 'templates/order_fr.yml');
  // spelled as BCP 47 or in other cases (a trial's en-US folder got a German file inside it)
  assert.is(targetFileName('templates/naming/en-US/dash_dir.yaml', 'en_US', 'de'), 'templates/naming/de/dash_dir.yaml');
  assert.is(targetFileName('templates/EN_us/order.yaml', 'en_US', 'de'), 'templates/de/order.yaml');
  assert.is(targetFileName('templates/enUS.en_us.yaml', 'en_US', 'de'), 'templates/enUS.de.yaml');
  // in the folder and the name both: both (the German file was made in the English folder)
  assert.is(targetFileName('templates/EN_us/back_in_stock.EN_us.yaml', 'en_US', 'de_DE'), 'templates/de_DE/back_in_stock.de_DE.yaml');
  assert.is(targetFileName('templates/en_US/order.en_US.yaml', 'en_US', 'fr'), 'templates/fr/order.fr.yaml');
});

test("each button label's limit in a translation file is the one lint holds it to (a call button's is 20)", async () => {
  const dir = tempDir();
  try {
    const kinds: Record<string, string> = {
      QUICK_REPLY: '',
      URL: '\n    url: https://shop.example.com/orders',
      PHONE_NUMBER: '\n    phone_number: "+14155550123"',
      VOICE_CALL: '\n    ttl_minutes: 1440',
    };
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (const [k, extra] of Object.entries(kinds)) {
      files[`templates/b_${k.toLowerCase()}.en_US.yaml`] = `channel: shop-whatsapp\nname: b_${k.toLowerCase()}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your ${k.toLowerCase()} order is ready for pickup at the store."\n  examples: { 1: Ana }\nbuttons:\n  - type: ${k}\n    text: Go${extra}\n`;
    }
    writeFiles(dir, files);
    const read = Object.entries(files).filter(([f]) => f.startsWith('templates/')).map(([f, text]) => ({ file: f, value: readTemplateValue(text) }));
    const units = extractUnits(read, 'en_US', 'de').filter((u) => u.id.endsWith(':buttons.0.text'));
    assert.is(units.length, Object.keys(kinds).length);
    // every label at its translation limit: lint has nothing to say of its length
    for (const u of units) {
      const f = `templates/${u.id.split('/')[1]!.split(':')[0]}.en_US.yaml`;
      writeFiles(dir, { [f]: files[f]!.replace('text: Go', `text: ${'W'.repeat(u.limit!)}`) });
    }
    const findings = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId.startsWith('button') || /label/.test(d.message));
    assert.equal(findings.map((d) => `${d.file} ${d.ruleId} ${d.message}`), []);
    assert.is(units.find((u) => u.id.includes('voice_call'))?.limit, 20);
  } finally { cleanup(dir); }
});

test("every text with a limit (a single-product body, a carousel card's body with its samples, a limited-time offer's, labels) at its translation limit is imported and lints clean; one character more is refused", async () => {
  const dir = tempDir();
  try {
    const head = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: MARKETING\n`;
    const files: Record<string, string> = {
      'tplsync.config.yaml': CONFIG,
      'templates/spm.en_US.yaml': `${head('spm_offer')}header:\n  format: PRODUCT\nbody:\n  text: "Use code {{code}} to get a discount on our newest succulent today!"\n  examples: { code: 15OFF }\nbuttons:\n  - type: SPM\n    text: View\n`,
      'templates/cards.en_US.yaml': `${head('cards_offer')}body:\n  text: "New arrivals for you, {{first_name}}: swipe to see them all."\n  examples: { first_name: Ana }\ncarousel:\n${[1, 2].map((k) => `  - header:\n      format: IMAGE\n      example: https://cdn.example.com/p/${k}.png\n    body:\n      text: "Linen shirt number ${k}, now {{price}} in every size."\n      examples:\n        price: "Only ${'9'.repeat(40)} euros"\n    buttons:\n      - type: QUICK_REPLY\n        text: Tell me more\n`).join('')}`,
      'templates/lto.en_US.yaml': `${head('lto_offer')}header:\n  format: IMAGE\n  example: https://cdn.example.com/o.png\nlimited_time_offer:\n  text: Expiring offer!\n  has_expiration: true\nbody:\n  text: "Good news, {{1}}! Use code {{2}} to get 25% off all our packages!"\n  examples:\n    1: "${'P'.repeat(100)}"\n    2: CARIBE25\nbuttons:\n  - type: COPY_CODE\n    example: CARIBE25\n  - type: URL\n    text: Book now!\n    url: https://travel.example.com/offers?code={{1}}\n    example: https://travel.example.com/offers?code=n3mtql\n`,
    };
    writeFiles(dir, files);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`), [], 'the sources lint clean');
    const read = Object.entries(files).filter(([f]) => f.startsWith('templates/')).map(([f, text]) => ({ file: f, value: readTemplateValue(text) }));
    const units = extractUnits(read, 'en_US', 'de').filter((u) => u.limit !== undefined);
    assert.is(units.find((u) => u.id === 'shop-whatsapp/spm_offer:body.text')?.limit, 160);
    assert.ok(units.find((u) => u.id === 'shop-whatsapp/cards_offer:carousel.0.body.text')?.rendered);
    assert.ok(units.find((u) => u.id === 'shop-whatsapp/lto_offer:body.text')?.rendered);
    /** a translation that keeps the placeholders and is `n` characters as the limit counts it */
    const sized = (u: Unit, n: number): string => {
      const core = `Ab ${u.placeholders.join(' cd ')} ef`;
      const counted = (t: string) => [...(u.rendered ? renderText(t, u.samples) : t)].length;
      let t = core;
      while (counted(t) + 3 <= n) t += ' gh';
      while (counted(t) < n) t += 'i';
      return t;
    };
    const at = (extra: number) => units.map((u) => ({ ...u, target: sized(u, u.limit! + extra) }));
    writeFiles(dir, { 'over.xlf': writeTranslations('xliff', at(1), 'en_US', 'de'), 'at.xlf': writeTranslations('xliff', at(0), 'en_US', 'de') });
    const over = await cliIn(['translations', 'import', 'over.xlf'], { cwd: dir });
    assert.is(over.exitCode, 1, over.stdout);
    for (const u of units) assert.match(over.stderr, `${u.id}: refused: the translation has ${u.limit! + 1} characters`);
    const ok = await cliIn(['translations', 'import', 'at.xlf'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stderr);
    const errors = (await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error' && d.file.includes('.de.'));
    assert.equal(errors.map((d) => `${d.file}:${d.line} ${d.ruleId} ${d.message}`), []);
  } finally { cleanup(dir); }
});

test('an export older than the files (every text edited since): 20 units said by their line, the rest in one count, not thousands of lines', async () => {
  const dir = tempDir();
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (let i = 0; i < 12; i++) {
      files[`templates/order_shipped_${i}.en_US.yaml`] = EN.replace('name: order_shipped', `name: order_shipped_${i}`);
      files[`templates/order_shipped_${i}.de.yaml`] = DE.replace('name: order_shipped', `name: order_shipped_${i}`);
    }
    writeFiles(dir, files);
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'tr/de.xlf'], { cwd: dir })).exitCode, 0);
    // every German text edited after the export (3 a file: body, footer, button)
    for (let i = 0; i < 12; i++) writeFiles(dir, { [`templates/order_shipped_${i}.de.yaml`]: files[`templates/order_shipped_${i}.de.yaml`]!.replace('alt ', 'neu ').replace('Antworte STOP', 'Antworte mit STOP').replace('Paket verfolgen', 'Sendung verfolgen') });
    const r = await cliIn(['translations', 'import', 'tr/de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const lines = r.stderr.split('\n').filter((l) => l.includes('not imported: templates/'));
    assert.is(lines.length, 20);
    assert.match(r.stderr, /^tr\/de\.xlf: and 16 more units not imported for the same reason \(36 in all, in 12 template files\): this file is older than the templates; export again and translate what changed$/m);
  } finally { cleanup(dir); }
});

for (const format of ['xliff', 'po', 'csv'] as Format[]) {
  test(`${format}: a text of the target file edited after the export is kept when the translation is the text as exported, refused when both changed`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
      const ext = format === 'xliff' ? 'xlf' : format;
      const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `tr/de.${ext}`], { cwd: dir });
      assert.is(out.exitCode, 0, out.stderr);
      const exported = readFileSync(path.join(dir, `tr/de.${ext}`), 'utf8');
      // a reviewer corrects the footer in the German file after the export
      const de = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
      writeFiles(dir, { 'templates/order_shipped.de.yaml': de.replace('footer: Antworte STOP', 'footer: Antworte mit STOP') });
      // the translator changes the body and leaves the footer as exported
      writeFiles(dir, { [`tr/de.${ext}`]: exported.replace('alt ', 'neu ') });
      let r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stderr, new RegExp(`^tr/de\\.${ext}:\\d+: shop-whatsapp/order_shipped:footer: not imported: templates/order_shipped\\.de\\.yaml changed here after this file was exported, and the translation is the text as exported; the file's text is kept$`, 'm'));
      let after = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
      assert.match(after, 'footer: Antworte mit STOP', 'the reviewer\'s edit kept');
      assert.match(after, /neu \{\{order_id\}\}/, 'the new translation written');
      // the same file again: nothing to do, nothing refused
      r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^0 files written; 1 already up to date/m);
      // a translator who changed the footer too, from the same export: which is right is a person's call
      writeFiles(dir, { [`tr/de.${ext}`]: exported.replace('alt ', 'neuer ').replace(/Antworte STOP(?= *["<\r\n])/, 'Schreib STOP') });
      assert.is.not(readFileSync(path.join(dir, `tr/de.${ext}`), 'utf8'), exported.replace('alt ', 'neuer '), 'the footer changed in the translation file');
      r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /shop-whatsapp\/order_shipped:footer: refused: the de file's text here changed after this translation file was exported .*and the translation changed too/);
      after = readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8');
      assert.match(after, 'footer: Antworte mit STOP');
      assert.not.match(after, /neuer/, 'nothing of the template written');
    } finally { cleanup(dir); }
  });

  test(`${format}: a language with no file at the export: the file an import made and a reviewer corrected is not put back by the same translation file`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': 'channel: shop-whatsapp\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Your parcel is on its way.\n' });
      const ext = format === 'xliff' ? 'xlf' : format;
      assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `tr/de.${ext}`], { cwd: dir })).exitCode, 0);
      const exported = readFileSync(path.join(dir, `tr/de.${ext}`), 'utf8');
      assert.match(exported, 'target as exported', 'each unit says it had no translation then');
      const filled = format === 'po'
        ? exported.replace(/(msgid "Your parcel is on its way\."\nmsgstr )""/, '$1"Ihr Paket ist unterwegs."')
        : format === 'csv'
          ? exported.replace(/("Your parcel is on its way\.",)""/, '$1"Ihr Paket ist unterwegs."')
          : exported.replace(/(<source xml:space="preserve">Your parcel is on its way\.<\/source>)/, '$1\n        <target xml:space="preserve">Ihr Paket ist unterwegs.</target>').replace(/(<unit id="body\.text"[^]*?<segment)>/, '$1 state="translated">');
      assert.is.not(filled, exported, 'the translator filled the body');
      writeFiles(dir, { [`tr/de.${ext}`]: filled });
      let r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      const made = path.join(dir, 'templates/order_shipped.de.yaml');
      assert.match(readFileSync(made, 'utf8'), 'Ihr Paket ist unterwegs.');
      // a reviewer corrects the new file; the old translation file is imported again
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(made, 'utf8').replace('Ihr Paket ist', 'Ihr Paket ist jetzt') });
      r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /shop-whatsapp\/order_shipped:body\.text: refused: the de file's text here changed after this translation file was exported/);
      assert.match(readFileSync(made, 'utf8'), 'Ihr Paket ist jetzt unterwegs.', 'the correction kept');
    } finally { cleanup(dir); }
  });

  test(`${format}: a text the target file did not have at the export, added by a reviewer since, is not replaced in silence`, async () => {
    const dir = tempDir();
    try {
      const en = EN.replace('footer: Reply STOP to opt out\n', 'footer: Reply STOP to opt out\nheader:\n  format: TEXT\n  text: Your parcel\n');
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': en, 'templates/order_shipped.de.yaml': DE });
      const ext = format === 'xliff' ? 'xlf' : format;
      assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', `tr/de.${ext}`], { cwd: dir })).exitCode, 0);
      const exported = readFileSync(path.join(dir, `tr/de.${ext}`), 'utf8');
      // the reviewer adds the header's text to the German file; the translator translates it too
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8').replace('footer: Antworte STOP', 'footer: Antworte STOP\nheader:\n  format: TEXT\n  text: Ihr Paket (Reviewer)') });
      const filled = format === 'po'
        ? exported.replace(/(msgctxt "shop-whatsapp\/order_shipped:header\.text"\nmsgid "Your parcel"\nmsgstr )""/, '$1"Dein Paket"')
        : format === 'csv'
          ? exported.replace(/("shop-whatsapp\/order_shipped:header\.text","Your parcel",)""/, '$1"Dein Paket"')
          : exported.replace(/(<source xml:space="preserve">Your parcel<\/source>)/, '$1\n        <target xml:space="preserve">Dein Paket</target>').replace(/(<unit id="header\.text"[^]*?<segment)>/, '$1 state="translated">');
      assert.is.not(filled, exported, 'the translator filled the header');
      writeFiles(dir, { [`tr/de.${ext}`]: filled });
      const r = await cliIn(['translations', 'import', `tr/de.${ext}`], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /shop-whatsapp\/order_shipped:header\.text: refused: the de file's text here changed after this translation file was exported/);
      assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), 'Ihr Paket (Reviewer)');
    } finally { cleanup(dir); }
  });

  test(`${format}: a corrected delivery of the same translation file replaces the text its own import wrote; a text edited since is refused, and the refusal's advice works either way`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de.yaml': DE });
      const ext = format === 'xliff' ? 'xlf' : format;
      const tr = `tr/de.${ext}`;
      const de = path.join(dir, 'templates/order_shipped.de.yaml');
      assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', tr], { cwd: dir })).exitCode, 0);
      const exported = readFileSync(path.join(dir, tr), 'utf8');
      // the first delivery: the body translated anew
      writeFiles(dir, { [tr]: exported.replace('alt ', 'bald ') });
      let r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(de, 'utf8'), /bald \{\{order_id\}\}/);
      // the translator corrects it in the same file: its own import's text is replaced
      writeFiles(dir, { [tr]: exported.replace('alt ', 'heute ') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.match(r.stderr, /refused/);
      assert.match(readFileSync(de, 'utf8'), /heute \{\{order_id\}\}/, 'the correction written');
      // and a third time, from the same export
      writeFiles(dir, { [tr]: exported.replace('alt ', 'morgen ') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(de, 'utf8'), /morgen \{\{order_id\}\}/);
      // a reviewer edits the body since: the next delivery of that export is a person's call
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(de, 'utf8').replace('morgen ', 'spaetestens morgen ') });
      writeFiles(dir, { [tr]: exported.replace('alt ', 'uebermorgen ') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /body\.text: refused: the de file's text here changed after this translation file was exported .*to keep the translation, write it in templates\/order_shipped\.de\.yaml at body\.text; to keep the file's text, write that text as this unit's translation in the translation file; then import again/);
      assert.match(readFileSync(de, 'utf8'), 'spaetestens morgen', 'the reviewer\'s edit kept');
      // the advice followed, keeping the file's text: written in the translation file, the import goes through
      writeFiles(dir, { [tr]: exported.replace('alt ', 'spaetestens morgen ') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(de, 'utf8'), 'spaetestens morgen');
      // keeping the translation instead (after another edit): written in the file, the import goes through
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(de, 'utf8').replace('spaetestens morgen ', 'sofort ') });
      writeFiles(dir, { [tr]: exported.replace('alt ', 'uebermorgen ') });
      assert.is((await cliIn(['translations', 'import', tr], { cwd: dir })).exitCode, 1);
      writeFiles(dir, { 'templates/order_shipped.de.yaml': readFileSync(de, 'utf8').replace('sofort ', 'uebermorgen ') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(de, 'utf8'), /uebermorgen \{\{order_id\}\}/);
      // the translation file holds nothing the templates lack: export writes over it
      await exportWritesOverLintClean(dir, format, tr);
    } finally { cleanup(dir); }
  });

  test(`${format}: a file made by import, its translation corrected in the same translation file: imported again, and export then writes over it`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/parcel.en_US.yaml': 'channel: shop-whatsapp\nname: parcel\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Your parcel is at the door.\nfooter: See you soon\n' });
      const ext = format === 'xliff' ? 'xlf' : format;
      const tr = `tr/de.${ext}`;
      assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', tr], { cwd: dir })).exitCode, 0);
      const exported = readFileSync(path.join(dir, tr), 'utf8');
      const filled = (footer: string): string => format === 'po'
        ? exported.replace(/(msgid "Your parcel is at the door\."\nmsgstr )""/, '$1"Dein Paket ist da."').replace(/(msgid "See you soon"\nmsgstr )""/, `$1"${footer}"`)
        : format === 'csv'
          ? exported.replace(/("Your parcel is at the door\.",)""/, '$1"Dein Paket ist da."').replace(/("See you soon",)""/, `$1"${footer}"`)
          : exported.replace(/(<source xml:space="preserve">Your parcel is at the door\.<\/source>)/, '$1\n        <target xml:space="preserve">Dein Paket ist da.</target>').replace(/(<source xml:space="preserve">See you soon<\/source>)/, `$1\n        <target xml:space="preserve">${footer}</target>`).replace(/(<segment)>/g, '$1 state="translated">');
      writeFiles(dir, { [tr]: filled('Bis bald') });
      let r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      const made = path.join(dir, 'templates/parcel.de.yaml');
      assert.match(readFileSync(made, 'utf8'), 'footer: Bis bald');
      writeFiles(dir, { [tr]: filled('Bis ganz bald') });
      r = await cliIn(['translations', 'import', tr], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(made, 'utf8'), 'footer: Bis ganz bald');
      await exportWritesOverLintClean(dir, format, tr);
    } finally { cleanup(dir); }
  });
}

/** the translation file holds nothing the templates lack: export writes over it, and the templates lint clean */
async function exportWritesOverLintClean(dir: string, format: string, tr: string): Promise<void> {
  const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format, '--out', tr], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.not.match(r.stdout + r.stderr, /not written/);
  const lint = await cliIn(['lint', 'templates'], { cwd: dir });
  assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
}

test.run();
