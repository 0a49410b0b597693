// trial-ad F12 (data loss): `translations import` read its target files with a loose UTF-8 decode, so a
// file with a Latin-1 byte in a comment was rewritten with U+FFFD in place of its bytes (exit 0; lint's
// `encoding` finding gone with them), though the import keeps every byte but the translated texts. A
// template file that is not UTF-8 text is decoded by the document (openDocument), strictly: the import
// refuses it, names it and the byte (as lint's `encoding` rule does), writes nothing of it, exits 1.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeTranslations } from '../src/translations/formats.ts';
import { extractUnits } from '../src/translations/units.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { existingTemplates } from '../src/plan/existing.ts';
import { loadConfig } from '../src/config/load.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const en = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hello {{first_name}}, your order is ready for collection at our store.\n  examples:\n    first_name: Maria\n';
// a comment saved in Latin-1 (0xfc, 0xdf): not UTF-8
const de = Buffer.concat([
  Buffer.from('channel: wa\nname: order_ready\nlanguage: de\ncategory: UTILITY\n# Gr'),
  Buffer.from([0xfc, 0xdf]),
  Buffer.from('e vom Team\nbody:\n  text: Hallo {{first_name}}, deine Bestellung liegt bereit.\n  examples:\n    first_name: Maria\n'),
]);

for (const [what, bytes] of [['a Latin-1 byte in a comment', de], ['a NUL byte', Buffer.concat([de.subarray(0, 60), Buffer.from('\n#\0\n'), de.subarray(60)]).map((b) => (b === 0xfc || b === 0xdf ? 0x65 : b))]] as const) {
  test(`F12: a target file with ${what} is refused by translations import, named, not written (exit 1)`, async () => {
    const dir = tempDir('tplsync-import-not-utf8-');
    try {
      writeFiles(dir, {
        'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp }\n',
        'templates/wa/order_ready.en_US.yaml': en,
      });
      const target = path.join(dir, 'templates/wa/order_ready.de.yaml');
      writeFileSync(target, bytes);
      // exported from the file as its texts read (the comment aside): the import has a translation to write into it
      const units = extractUnits([{ file: 'templates/wa/order_ready.en_US.yaml', value: readTemplateValue(en) },
        { file: 'templates/wa/order_ready.de.yaml', value: readTemplateValue(Buffer.from(bytes).toString('utf8')) }], 'en_US', 'de')
        .map((u) => ({ ...u, target: 'Hallo {{first_name}}, deine Bestellung liegt zur Abholung bereit.' }));
      writeFileSync(path.join(dir, 'de.po'), writeTranslations('po', units, 'en_US', 'de'));
      const r = await cliIn(['translations', 'import', 'de.po'], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.ok(Buffer.from(readFileSync(target)).equals(Buffer.from(bytes)), 'the file keeps every byte');
      assert.match(r.stderr, /templates\/wa\/order_ready\.de\.yaml: not read, so not written: \d+:\d+: .*(not valid UTF-8|NUL byte)/);
      assert.match(r.stdout, /^0 files written; 1 refused/m);
    } finally { cleanup(dir); }
  });
}

// pull's reading stage (existingTemplates: the files it writes over, keeping their comments) decoded them so too: a
// non-UTF-8 file is left out of it (pull keeps no comment read with U+FFFD), as its doc says lint reports it
test('F12: existingTemplates (what pull writes over, keeping its comments) leaves out a file that is not UTF-8', async () => {
  const dir = tempDir('tplsync-existing-not-utf8-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f }\nchannels:\n  wa: { kind: whatsapp }\n',
      'templates/wa/order_ready.en_US.yaml': en,
    });
    writeFileSync(path.join(dir, 'templates/wa/order_ready.de.yaml'), de);
    const config = await loadConfig({ cwd: dir });
    const found = await existingTemplates(config, config.environments!.local!, dir);
    assert.equal(found.map((e) => e.file).sort(), ['templates/wa/order_ready.en_US.yaml']);
  } finally { cleanup(dir); }
});

test.run();
