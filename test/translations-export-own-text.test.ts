// trial-aw F4 and F6: a unit of the file an export replaces whose target is the one that file was
// exported with (its "target as exported" note's hash) is the export's own text, never a
// translator's work. When the templates' text changed since (a reviewer's correction in the YAML,
// an import of another file), the export writes the templates' text: it neither keeps the old one
// as a "translator's draft" (which a translator confirming it would put back over the correction)
// nor refuses to replace the file as holding "a translation the templates do not have yet".
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

const EN = `channel: wa
name: order_ready
language: en_US
category: UTILITY
description: Order ready for pickup
body:
  text: "Hi {{customer}}, your order is ready for pickup at our store today."
  examples:
    customer: Maria
footer: Thanks for shopping with us
`;
const DE = `channel: wa
name: order_ready
language: de
category: UTILITY
description: Order ready for pickup
body:
  text: "Hallo {{customer}}, Ihre Bestellung liegt heute in unserer Filiale bereit."
  examples:
    customer: Maria
footer: Danke für Ihren Einkauf
translated_from:
  language: en_US
`;

for (const format of ['po', 'csv', 'xliff'] as const) {
  test(`${format}: a re-export after a reviewer corrected the YAML writes the correction, outdated or not; no draft of the export's own text kept, and the file is not held`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ channels: { wa: CHANNEL_A } }), 'templates/order_ready.en_US.yaml': EN });
      const ext = format === 'xliff' ? 'xlf' : format;
      const out = path.join(dir, 'translations', `de.${ext}`);
      const run = async (args: string[]) => { const r = await cliIn(args, { cwd: dir }); return r; };
      // the German file, imported from the first export filled in by a translator
      let r = await run(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format]);
      assert.is(r.exitCode, 0, r.stderr);
      let text = readFileSync(out, 'utf8');
      const fill = (t: string, source: string, target: string): string => {
        if (format === 'po') return t.replace(`msgid "${source}"\nmsgstr ""`, `msgid "${source}"\nmsgstr "${target}"`);
        if (format === 'csv') return t.replace(`"${source}",""`, `"${source}","${target}"`);
        return t.replace(`>${source}</source>`, `>${source}</source>\n        <target xml:space="preserve">${target}</target>`).replace(/<segment>/g, '<segment state="translated">');
      };
      text = fill(text, 'Thanks for shopping with us', 'Danke für Ihren Einkauf');
      text = format === 'xliff'
        ? text.replace(/(>Hi <ph [^>]*\/>, your order is ready for pickup at our store today\.<\/source>)/, '$1\n        <target xml:space="preserve">Hallo <ph id="ph1" disp="{{customer}}" equiv="{{customer}}"/>, Ihre Bestellung liegt heute in unserer Filiale bereit.</target>')
        : fill(text, 'Hi {{customer}}, your order is ready for pickup at our store today.', 'Hallo {{customer}}, Ihre Bestellung liegt heute in unserer Filiale bereit.');
      writeFileSync(out, text);
      r = await run(['translations', 'import', out]);
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(readFileSync(path.join(dir, 'templates/order_ready.de.yaml'), 'utf8'), /footer: Danke für Ihren Einkauf/);
      // the English footer changes: the German one goes out outdated
      writeFiles(dir, { 'templates/order_ready.en_US.yaml': EN.replace('footer: Thanks for shopping with us', 'footer: Thank you for shopping with us') });
      r = await run(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format]);
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(r.stdout, /1 outdated/);
      // a reviewer corrects the German footer (outdated) and the body (current) in the YAML
      const de = readFileSync(path.join(dir, 'templates/order_ready.de.yaml'), 'utf8');
      writeFileSync(path.join(dir, 'templates/order_ready.de.yaml'), de.replace('footer: Danke für Ihren Einkauf', 'footer: Vielen Dank für Ihren Einkauf').replace('Ihre Bestellung liegt heute', 'Ihre Bestellung ist heute'));
      r = await run(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', format]);
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.match(r.stdout, /draft/, r.stdout);
      const now = readFileSync(out, 'utf8');
      assert.ok(now.includes('Vielen Dank für Ihren Einkauf'), now);
      assert.not.ok(now.includes('Danke für Ihren Einkauf') && !now.includes('Vielen Dank'), now);
      assert.not.match(now, /(^|[^n] )Danke für Ihren Einkauf/m);
      assert.ok(now.includes('Ihre Bestellung ist heute'), now);
      // sent back as exported: nothing changes; the reviewer's correction stays
      r = await run(['translations', 'import', out]);
      assert.match(readFileSync(path.join(dir, 'templates/order_ready.de.yaml'), 'utf8'), /footer: Vielen Dank für Ihren Einkauf/);
    } finally { cleanup(dir); }
  });
}

test.run();
