// translations import of a unit whose part the target file lacks (a suggestion added to the
// source, trial-s F9): the part is said with what it takes from the source, and every other byte
// of the file stays (a double-quoted text with \n was printed again as a folded one).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const EN = `channel: shop-rcs
name: booking_confirmed
language: en_US
message:
  type: text
  message: "Thanks {{name}}! Booking {{pnr}} is confirmed.\\nSee you on board."
  examples: { name: Dana, pnr: X7K2QP }
  suggestions:
    - { action: reply, text: Add a bag, postbackData: add_bag }
    - { action: open_url, text: Manage booking, postbackData: "https://example.com/manage" }
`;
const DIAL = '    - { action: dial, text: Call reservations, phoneNumber: "+18005550199", postbackData: call_res }\n';

test('a suggestion added to the source: import says it added it, and keeps the bytes of the untouched texts', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/booking_confirmed.en_US.yaml': EN });
    // a first round: de made by import
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'csv', '--out', 'de.csv'], { cwd: dir })).exitCode, 0);
    const first = readFileSync(path.join(dir, 'de.csv'), 'utf8')
      .replace('"Thanks {{name}}! Booking {{pnr}} is confirmed.\nSee you on board.",""', '"Thanks {{name}}! Booking {{pnr}} is confirmed.\nSee you on board.","Danke {{name}}! Buchung {{pnr}} ist bestätigt.\nBis bald an Bord."')
      .replace('"Add a bag",""', '"Add a bag","Gepäck hinzufügen"').replace('"Manage booking",""', '"Manage booking","Buchung verwalten"');
    writeFileSync(path.join(dir, 'de.csv'), first);
    const made = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.is(made.exitCode, 0, made.stderr);
    const de = path.join(dir, 'templates/booking_confirmed.de.yaml');
    // the de file as a person keeps it: its text double-quoted with \n, as the source writes it
    const before = readFileSync(de, 'utf8').replace(/^ {2}message: .*$/m, '  message: "Danke {{name}}! Buchung {{pnr}} ist bestätigt.\\nBis bald an Bord."');
    writeFileSync(de, before);
    // a suggestion added to en_US only, then exported and its label translated
    writeFileSync(path.join(dir, 'templates/booking_confirmed.en_US.yaml'), EN + DIAL);
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'csv', '--out', 'de2.csv'], { cwd: dir })).exitCode, 0);
    writeFileSync(path.join(dir, 'de2.csv'), readFileSync(path.join(dir, 'de2.csv'), 'utf8').replace('"Call reservations",""', '"Call reservations","Reservierung anrufen"'));
    const r = await cliIn(['translations', 'import', 'de2.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /updated templates\/booking_confirmed\.de\.yaml \(1 text changed; added message\.suggestions\.2 \(a dial suggestion: phoneNumber, postbackData as in en_US\)\)/);
    const after = readFileSync(de, 'utf8');
    // every line of the file before is in it, in order: the new suggestion and its record lines only are added (its source's hash, and
    // under imported what this import wrote)
    const added = after.split('\n').filter((l) => !before.split('\n').includes(l));
    assert.equal(added, ['    - { action: dial, text: Reservierung anrufen, phoneNumber: "+18005550199", postbackData: call_res }', added[1]!, added[2]!]);
    assert.match(added[1]!, /^ {4}message\.suggestions\.2\.text: "[0-9a-f]{8}"$/);
    assert.match(added[2]!, /^ {4}message\.suggestions\.2\.text: "[0-9a-f]{8}"$/);
    assert.match(after, /\n  imported:\n(?: {4}.*\n)*? {4}message\.suggestions\.2\.text: "[0-9a-f]{8}"\n/);
    assert.ok(after.includes('  message: "Danke {{name}}! Buchung {{pnr}} ist bestätigt.\\nBis bald an Bord."\n'), after);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
});

test.run();
