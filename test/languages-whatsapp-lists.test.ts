// A language code WhatsApp does not list, where the user can correct it: the config's
// channels.<alias>.languages of a WhatsApp channel (lint says so once, and language-coverage's
// finding names the config rather than only asking for the variant), `translations export
// --target` for WhatsApp templates, and withdrawn ISO 639 codes (iw, in, ji) with the current code
// as did-you-mean, in lint and in an import's notes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const EN = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order is on its way."
  examples: { customer: Maria }
`;

const withLanguages = (languages: string): string => `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp, languages: [${languages}] }\n  shop-rcs: { kind: rcs }\n`;

test('a WhatsApp channel\'s languages naming de_DE: lint warns at the config with the supported variants, and the coverage finding names the config', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_DE'), 'templates/order_shipped.en_US.yaml': EN });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stderr, /^tplsync: warning: channels\.shop-whatsapp\.languages in the config names de_DE: WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH\. Rule language-coverage asks every template on shop-whatsapp for a de_DE variant, which WhatsApp would reject on submission: correct it in tplsync\.config\.yaml$/m);
    assert.match(r.stdout, /has no de_DE variant; channel shop-whatsapp requires en_US, de_DE\. WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH: correct channels\.shop-whatsapp\.languages in the config\./);
    // a code WhatsApp lists: neither
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de') });
    const ok = await cliIn(['lint'], { cwd: dir });
    assert.not.match(ok.stderr, /does not list/);
    assert.not.match(ok.stdout, /does not list/);
    assert.match(ok.stdout, /has no de variant; channel shop-whatsapp requires en_US, de\./);
  } finally { cleanup(dir); }
});

test('export --target de_DE of WhatsApp templates warns; a listed code does not', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_DE'), 'templates/order_shipped.en_US.yaml': EN });
    const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de_DE', '--format', 'po'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /^tplsync: warning: WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH, and the templates of shop-whatsapp are WhatsApp templates: a template in de_DE would be rejected on submission \(rule language-unknown\); export to a code WhatsApp lists, and correct channels\.shop-whatsapp\.languages in the config$/m);
    const de = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.not.match(de.stderr, /does not list/);
  } finally { cleanup(dir); }
});

test('a withdrawn code: iw in the config is did-you-mean he; an iw translation file beside he says it is Hebrew', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, iw'), 'templates/order_shipped.en_US.yaml': EN });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stderr, /names iw: WhatsApp does not list language 'iw': 'iw' is an older code of the language WhatsApp lists as 'he'; did you mean 'he'\?/);
    // the project has he; a tool wrote the file's language as iw
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, he'), 'templates/order_shipped.he.yaml': EN.replace('language: en_US', 'language: he').replace('Hi {{customer}}, your order is on its way.', 'שלום {{customer}}, ההזמנה שלך בדרך.') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'he', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/he.po'), 'utf8').replace('"Language: he\\n"', '"Language: iw\\n"');
    writeFiles(dir, { 'translations/iw.po': po });
    const imp = await cliIn(['translations', 'import', 'translations/iw.po', '--dry-run'], { cwd: dir });
    assert.match(imp.stderr, /^translations\/iw\.po: note: iw is not among the languages the config lists .*did you mean 'he'\?/m);
    assert.match(imp.stderr, /^translations\/iw\.po: note: no template was in iw before this import, and the project has he \('iw' is a withdrawn ISO 639 code of the language now written 'he'; did you mean 'he'\?/m);
  } finally { cleanup(dir); }
});

test.run();
