// Found trying the tool with a Persian translator (trial-i): the CSV export had no UTF-8 byte-order
// mark, so Excel on Windows, which reads a CSV without one in the ANSI code page, showed the
// Arabic-script texts as mojibake. Every CSV export now begins with the BOM (RFC 4180 permits it),
// and import reads the file with it, as exported and as a spreadsheet saves it back, its rows at
// the lines they are on.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { exportTranslations, importTranslations } from '../src/cli/translations.ts';
import { readCsv } from '../src/translations/formats.ts';
import { CONFIG, cleanup, cliIn, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out\n`;

test('a CSV export begins with the UTF-8 BOM (to a file and on standard output); import reads it back, at the right lines', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
  try {
    const config = await loadConfig({ cwd: dir });
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['fa'], format: 'csv', out: 'tr' });
    const bytes = readFileSync(path.join(dir, 'tr/fa.csv'));
    assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    // one BOM, then the header as before
    assert.ok(bytes.toString('utf8').startsWith('\ufeff"id","en_US","fa",'));
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fa', '--format', 'csv', '--out', '-'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    assert.ok(out.stdout.startsWith('\ufeff"id",'), JSON.stringify(out.stdout.slice(0, 10)));
    // the PO and XLIFF exports are unchanged: no BOM
    await exportTranslations(config, [], dir, { source: 'en_US', targets: ['fa'], format: 'po', out: 'tr' });
    assert.is(readFileSync(path.join(dir, 'tr/fa.po'))[0], '#'.charCodeAt(0));

    // the translator fills the Persian cells; the BOM stays where it is
    const csv = bytes.toString('utf8');
    const doc = readCsv(csv);
    assert.is(doc.target, 'fa');
    const filled = csv
      .replace(/("shop-whatsapp\/order_shipped:body\.text","(?:[^"]|"")*",)""/, (_m, head: string) => `${head}"سلام {{customer}}، سفارش شما در راه است."`)
      .replace(/("shop-whatsapp\/order_shipped:footer","[^"]*",)""/, (_m, head: string) => `${head}"{{1}} برای لغو"`);
    assert.ok(filled.startsWith('\ufeff'));
    writeFiles(dir, { 'tr/fa.csv': filled });
    const r = await importTranslations(config, ['tr/fa.csv'], dir);
    // the footer's row (line 3) is refused at its own line: the BOM moved no line
    assert.equal(r.refusals.map((x) => [x.line, x.id]), [[3, 'shop-whatsapp/order_shipped:footer']]);
    const fixed = filled.replace('{{1}} برای لغو', 'برای لغو STOP را بفرستید');
    writeFiles(dir, { 'tr/fa.csv': fixed });
    const ok = await importTranslations(config, ['tr/fa.csv'], dir);
    assert.equal(ok.refusals, []);
    const written = readFileSync(path.join(dir, 'templates/order_shipped.fa.yaml'), 'utf8');
    assert.match(written, /سلام \{\{customer\}\}، سفارش شما در راه است\./);
    // no BOM carried into a template's text or id
    assert.not.match(written, /\ufeff/);
  } finally { cleanup(dir); }
});

test.run();
