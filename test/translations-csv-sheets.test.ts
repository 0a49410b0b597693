// Found trying the walkthrough as a translator would: a CSV saved by a spreadsheet in a German or
// French locale is separated by semicolons (Excel), a "tab-separated" download by tabs, with a
// BOM and quotes only where needed. It was refused ("Invalid Record Length: expect 1, got 3");
// now the header's separator is the file's, and the entries are those of the comma file.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import './seed.ts';
import { readCsv, TranslationFileError } from '../src/translations/formats.ts';

/** a field as a spreadsheet writes it: quoted only when it holds the separator, a quote or a line break */
const field = (s: string, sep: string): string => (s.includes(sep) || s.includes('"') || s.includes('\n') || s.includes('\r') ? `"${s.replace(/"/g, '""')}"` : s);
const sheet = (rows: string[][], sep: string, bom: boolean): string => (bom ? '\ufeff' : '') + rows.map((r) => r.map((f) => field(f, sep)).join(sep)).join('\r\n') + '\r\n';

const text = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }), fc.constantFrom('a; b', 'a, b', 'tab\there', '"quoted"', 'Größe {{1}}', 'line\nbreak'));

test('comma, semicolon and tab files give the same entries', () => {
  fc.assert(fc.property(fc.array(fc.tuple(text, text), { minLength: 1, maxLength: 6 }), fc.boolean(), (pairs, bom) => {
    const rows = [['id', 'en_US', 'de', 'limit', 'notes'], ...pairs.map(([s, t], i) => [`wa/x:f${i}`, s, t, '25', 'keep {{1}}'])];
    const want = readCsv(sheet(rows, ',', false));
    assert.is(want.entries.length, pairs.length);
    for (const sep of [';', '\t']) assert.equal(readCsv(sheet(rows, sep, bom)), want);
  }), { seed: 2751, numRuns: 300 });
});

test('a file whose first row is not the header is still refused at line 1', () => {
  try { readCsv('name;en_US;de\r\nx;y;z\r\n'); assert.unreachable('accepted'); } catch (e) {
    assert.instance(e, TranslationFileError);
    assert.is((e as TranslationFileError).line, 1);
  }
});

test.run();
