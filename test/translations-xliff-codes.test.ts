// Found trying the tool as a translator's XLIFF tool would answer (trial-i): a target
// `<ph id="ph3" disp="x"/>` whose id the source unit does not have was imported as the literal
// text "x" (and a `<pc>` the source lacks, or an `<sc>`/`<ec>`, was read through as if it were
// not there). XLIFF 2.0 keeps a target's inline codes those of its source: such a unit is now
// refused at its line, naming the code's id and the ids the source has; nothing of its template
// is written. The fast read and the full read agree.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations } from '../src/cli/translations.ts';
import { readXliff, readXliffTree } from '../src/translations/formats.ts';
import { CONFIG, cleanup, cliIn, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out\n`;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de">\n  <file id="f1" original="shop-whatsapp/order_shipped">\n';
const FOOTER = '    <unit id="footer" name="shop-whatsapp/order_shipped:footer" xml:space="preserve">\n      <segment state="translated">\n        <source xml:space="preserve">Reply STOP to opt out</source>\n        <target xml:space="preserve">Antworte STOP zum Abmelden</target>\n      </segment>\n    </unit>\n';
/** the body's unit (line 4 of the file) with this target */
const body = (target: string): string => `${HEAD}    <unit id="body.text" name="shop-whatsapp/order_shipped:body.text" xml:space="preserve">\n      <segment state="translated">\n        <source xml:space="preserve">Hi <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, your order is on its way.</source>\n        <target xml:space="preserve">${target}</target>\n      </segment>\n    </unit>\n${FOOTER}  </file>\n</xliff>\n`;

test('a target code whose id the source does not have is refused at its unit\'s line, naming the id and the source\'s ids; nothing of the template is written', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
  try {
    const config = await loadConfig({ cwd: dir });
    const cases: [string, RegExp][] = [
      // trial-i's: a <ph> with a disp only, once imported as "x"
      ['Hallo <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, <ph id="ph3" disp="x"/> unterwegs.', /<ph id="ph3">.*the source's <ph> codes are id="ph1"/],
      // one whose equiv is a placeholder of the template (the id still not the source's)
      ['Hallo <ph id="ph2" disp="{{customer}}" equiv="{{customer}}"/>, deine Bestellung ist unterwegs.', /<ph id="ph2">.*id="ph1"/],
      // a paired code the source has none of: its text was read through as if the markup were not there
      ['Hallo <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, <pc id="b1">deine</pc> Bestellung ist unterwegs.', /<pc id="b1">.*the source has no paired code/],
      ['Hallo <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, <sc id="s1"/>deine<ec startRef="s1"/> Bestellung ist unterwegs.', /<sc id="s1">/],
    ];
    for (const [target, said] of cases) {
      writeFiles(dir, { 'tr/de.xlf': body(target) });
      const r = await importTranslations(config, ['tr/de.xlf'], dir);
      assert.equal(r.written, [], target);
      assert.equal(r.refusals.map((x) => [x.line, x.id]), [[4, 'shop-whatsapp/order_shipped:body.text']], target);
      assert.match(r.refusals[0]!.message, said);
      assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')));
      // the two readers agree on it
      assert.equal(readXliff(body(target)), readXliffTree(body(target)));
    }
    // the command line: exit 1, the file and line said
    writeFiles(dir, { 'tr/de.xlf': body(cases[0]![0]) });
    const cli = await cliIn(['translations', 'import', 'tr/de.xlf'], { cwd: dir });
    assert.is(cli.exitCode, 1);
    assert.match(cli.stdout + cli.stderr, /tr\/de\.xlf:4: .*<ph id="ph3">/);
    // the source's own codes, a paired one included, are imported as before
    const ok = await importTranslations(config, ['tr/de.xlf'], dir).then(async () => {
      writeFiles(dir, { 'tr/de.xlf': body('Hallo <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, deine Bestellung ist unterwegs.') });
      return importTranslations(config, ['tr/de.xlf'], dir);
    });
    assert.equal(ok.refusals, []);
    assert.match(readFileSync(path.join(dir, 'templates/order_shipped.de.yaml'), 'utf8'), /Hallo \{\{customer\}\}, deine Bestellung ist unterwegs\./);
    const paired = readXliff(body('x').replace('<source xml:space="preserve">Hi ', '<source xml:space="preserve"><pc id="b1">Hi</pc> ').replace('>x<', '><pc id="b1">Hallo</pc> <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, unterwegs.<'));
    assert.equal(paired.entries.find((e) => e.id.endsWith('body.text'))?.unknownCode, undefined);
  } finally { cleanup(dir); }
});

test.run();
