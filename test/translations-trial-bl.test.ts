// A localisation lead's trial (trial bl). F4: a translator's remark in a CSV's `notes` cell, or a
// column they added, was dropped without a word by the next export (XLIFF notes and PO comments
// were kept), and the import never said it. F5: a unit not imported because the import refuses
// other texts of its template named only the first of them. F9: an import that brought a new lint
// warning (placeholder-density) said nothing; lint found it right after.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
