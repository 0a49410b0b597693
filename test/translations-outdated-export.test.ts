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
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const EN = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order is on its way."
  examples: { customer: Maria }
footer: Reply STOP to opt out
`;
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

test('an outdated translation goes out marked (XLIFF initial + note, PO fuzzy, CSV note); an untouched PO does not clear it', async () => {
  const dir = tempDir();
  try {
    const { textHash } = await import('../src/translations/units.ts');
    const de = DE.replace('HASH_BODY', textHash('Hi {{customer}}, your order is on its way.')).replace('HASH_FOOTER', textHash('Reply STOP to opt out'));
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN.replace('is on its way.', 'has left the warehouse.'), 'templates/order_shipped.de.yaml': de });
    const config = await loadConfig({ cwd: dir });
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

test.run();
