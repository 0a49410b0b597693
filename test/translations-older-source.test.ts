// Found by a new-user trial (trial-ao F11): a translation file exported before a source text
// changed (the same placeholders: a reworded footer) was imported without a word, and only the next
// `tplsync lint` said translation-outdated. The import knows: the unit's source text is not the
// template's. It still imports it, records the hash of the text it was made from (so lint reports
// it), and now says so at the unit's line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { textHash } from '../src/translations/units.ts';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const OLD_FOOTER = 'Reply STOP to opt out';
const NEW_FOOTER = 'Reply STOP to stop these messages';
const EN = `${ORDER_SHIPPED_EN}footer: ${OLD_FOOTER}\n`;

test('import of a unit translated from an older source text: written, recorded as made from that text, and said at its line (lint then says translation-outdated there)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'it', '--format', 'po', '--out', 'it.po'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    // the translator fills the file; meanwhile the English footer is reworded
    const po = readFileSync(path.join(dir, 'it.po'), 'utf8')
      .replace(/(msgid "Hi \{\{customer\}\}, your order is on its way\."\n)msgstr ""/, '$1msgstr "Ciao {{customer}}, il tuo ordine è in viaggio."')
      .replace(/(msgid "Reply STOP to opt out"\n)msgstr ""/, '$1msgstr "Rispondi STOP per annullare l\'iscrizione"');
    writeFiles(dir, { 'it.po': po, 'templates/order_shipped.en_US.yaml': EN.replace(OLD_FOOTER, NEW_FOOTER) });
    const footerLine = po.split('\n').findIndex((l) => l === 'msgctxt "shop-whatsapp/order_shipped:footer"') + 1;
    const r = await cliIn(['translations', 'import', 'it.po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/order_shipped\.it\.yaml \(2 texts\)/);
    // said per unit, at the unit's line of the translation file; the body, translated from the current text, is not
    assert.is(r.stderr.trim(), `it.po:${footerLine}: shop-whatsapp/order_shipped:footer: note: translated from an older en_US text than the template's (this file's source text is not templates/order_shipped.en_US.yaml's): imported, and recorded as made from that text, so lint will say translation-outdated until it is translated again from the current text`);
    // and what the note says is what was recorded, and what lint says
    const it = readFileSync(path.join(dir, 'templates/order_shipped.it.yaml'), 'utf8');
    assert.match(it, new RegExp(`footer: "${textHash(OLD_FOOTER)}"`));
    const outdated = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated');
    assert.equal(outdated.map((d) => `${d.file}:${d.line}`), ['templates/order_shipped.it.yaml:8']);
  } finally { cleanup(dir); }
});

test.run();
