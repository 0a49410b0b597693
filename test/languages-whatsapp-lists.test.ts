// A language code WhatsApp does not list, where the user can correct it: the config's
// channels.<alias>.languages of a WhatsApp channel (lint says so once, and language-coverage's
// finding names the config rather than only asking for the variant), `translations export
// --target` for WhatsApp templates, and withdrawn ISO 639 codes (iw, in, ji) with the current code
// as did-you-mean, in lint and in an import's notes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = ORDER_SHIPPED_EN;

const withLanguages = (languages: string): string => `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp, languages: [${languages}] }\n  shop-rcs: { kind: rcs }\n`;

test('a WhatsApp channel\'s languages naming de_DE: lint warns at the config with the supported variants, and the coverage finding names the config', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_DE'), 'templates/order_shipped.en_US.yaml': EN });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stderr, /^tplsync: warning: channels\.shop-whatsapp\.languages in the config names de_DE: WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH\. Rule language-coverage asks every template on shop-whatsapp for a variant in de_DE, which WhatsApp would reject on submission: correct it in tplsync\.config\.yaml$/m);
    assert.match(r.stdout, /has no de_DE variant; channel shop-whatsapp requires en_US, de_DE\. WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH\. Correct channels\.shop-whatsapp\.languages in the config\./);
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
    assert.match(r.stderr, /^tplsync: warning: WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH\. The templates of shop-whatsapp are WhatsApp templates, so a template in de_DE would be rejected on submission \(rule language-unknown\): export to a code WhatsApp lists, and correct channels\.shop-whatsapp\.languages in the config$/m);
    const de = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.not.match(de.stderr, /does not list/);
  } finally { cleanup(dir); }
});

test('a withdrawn code: iw in the config is did-you-mean he; an iw translation file beside he says it is Hebrew', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, iw'), 'templates/order_shipped.en_US.yaml': EN });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stderr, /names iw: WhatsApp does not list language 'iw': 'iw' is an older code of the language WhatsApp lists as 'he'; did you mean 'he'\? Rule language-coverage asks every template on shop-whatsapp for a variant in iw, which/);
    // a question ends its sentence: no '?.' (in the config's warning, nor in language-unknown's finding)
    assert.not.match(r.stderr + r.stdout, /\?\./);
    // the project has he; a tool wrote the file's language as iw
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, he'), 'templates/order_shipped.he.yaml': EN.replace('language: en_US', 'language: he').replace('Hi {{customer}}, your order is on its way.', 'שלום {{customer}}, ההזמנה שלך בדרך.') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'he', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/he.po'), 'utf8').replace('"Language: he\\n"', '"Language: iw\\n"');
    // its units' notes say they were exported for he: refused whole, the header to correct named
    writeFiles(dir, { 'translations/iw.po': po });
    const named = await cliIn(['translations', 'import', 'translations/iw.po', '--dry-run'], { cwd: dir });
    assert.is(named.exitCode, 1);
    assert.match(named.stderr, /^translations\/iw\.po:\d+: its unit was exported for he [^\n]*its header's Language says iw \(iw is the withdrawn ISO 639 code of he, which some tools still write\): [^\n]*correct its header's Language to he/m);
    // a file whose notes name no language (an older export, a tool's own file): imported as a new language, with the notes
    writeFiles(dir, { 'translations/iw.po': po.replace(/ \(he\)$/gm, '') });
    const imp = await cliIn(['translations', 'import', 'translations/iw.po', '--dry-run'], { cwd: dir });
    assert.match(imp.stderr, /^translations\/iw\.po: note: iw is not among the languages the config lists .*did you mean 'he'\?/m);
    assert.match(imp.stderr, /^translations\/iw\.po: note: no template was in iw before this import, and the project has he \('iw' is a withdrawn ISO 639 code of the language now written 'he'; did you mean 'he'\?/m);
  } finally { cleanup(dir); }
});

test('export and import to de, the code lint gives for the config\'s de_DE: no did-you-mean de_DE; the note says to correct the config and rename the de_DE templates', async () => {
  const dir = tempDir();
  try {
    const DE = EN.replace('language: en_US', 'language: de_DE').replace('Hi {{customer}}, your order is on its way.', 'Hallo {{customer}}, deine Bestellung ist unterwegs.');
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_DE'), 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de_DE.yaml': DE });
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    assert.not.match(ex.stderr, /did you mean 'de_DE'/);
    assert.match(ex.stderr, /^tplsync: note: de is not among the languages the config lists .*it is the code WhatsApp lists in place of the config's de_DE: correct channels\.shop-whatsapp\.languages in the config \(de_DE to de\) and rename the de_DE templates to de$/m);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8').replace(/msgstr ""\n(?!")/g, (m, i: number) => i > 0 ? 'msgstr "Hallo {{customer}}, deine Bestellung ist da."\n' : m);
    writeFiles(dir, { 'translations/de.po': po });
    const imp = await cliIn(['translations', 'import', 'translations/de.po', '--dry-run'], { cwd: dir });
    assert.not.match(imp.stderr, /did you mean 'de_DE'|meant for de_DE/);
    assert.match(imp.stderr, /^translations\/de\.po: note: de is not among .*code WhatsApp lists in place of the config's de_DE/m);
    assert.match(imp.stderr, /^translations\/de\.po: note: no template was in de before this import, and the project has de_DE, which WhatsApp lists as de: to keep one variant, rename the de_DE templates to de \(and the config's de_DE\)$/m);
    // an RCS-only or unkinded project keeps the did-you-mean (no WhatsApp list applies)
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp: { languages: [en_US, de_DE] }\n` });
    const plain = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po', '--dry-run'], { cwd: dir });
    assert.match(plain.stderr, /did you mean 'de_DE'\?/);
  } finally { cleanup(dir); }
});

test('iw-IL beside the project\'s he: one suggestion, he (not he_IL)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, he'), 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.he.yaml': EN.replace('language: en_US', 'language: he').replace('Hi {{customer}}, your order is on its way.', 'שלום {{customer}}, ההזמנה שלך בדרך.') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'he', '--format', 'po'], { cwd: dir })).exitCode, 0);
    // (an older export's notes, which name no language: a file whose notes say he is refused whole, naming he)
    const po = readFileSync(path.join(dir, 'translations/he.po'), 'utf8').replace('"Language: he\\n"', '"Language: iw-IL\\n"').replace(/ \(he\)$/gm, '');
    writeFiles(dir, { 'translations/iw-IL.po': po });
    const imp = await cliIn(['translations', 'import', 'translations/iw-IL.po', '--dry-run'], { cwd: dir });
    const meant = [...imp.stderr.matchAll(/did you mean '([^']+)'|meant for (\S+),/g)].map((m) => m[1] ?? m[2]);
    assert.ok(meant.length >= 2, imp.stderr);
    assert.equal([...new Set(meant)], ['he'], imp.stderr);
  } finally { cleanup(dir); }
});

const WELCOME_RCS = `channel: shop-rcs
name: rcs_welcome
language: en_US
message:
  type: text
  message: "Welcome to our shop, {{customer}}!"
  examples: { customer: Maria }
`;

test('de over WhatsApp and RCS templates whose channels both list de_DE: the WhatsApp channel is told to correct the config, only the RCS channel is offered de_DE', async () => {
  const dir = tempDir();
  try {
    const both = `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp, languages: [en_US, de_DE] }\n  shop-rcs: { kind: rcs, languages: [en_US, de_DE] }\n`;
    const DE = EN.replace('language: en_US', 'language: de_DE').replace('Hi {{customer}}, your order is on its way.', 'Hallo {{customer}}, deine Bestellung ist unterwegs.');
    const RCS_DE = WELCOME_RCS.replace('language: en_US', 'language: de_DE').replace('Welcome to our shop, {{customer}}!', 'Willkommen, {{customer}}!');
    writeFiles(dir, { 'tplsync.config.yaml': both, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de_DE.yaml': DE, 'templates/rcs_welcome.en_US.yaml': WELCOME_RCS, 'templates/rcs_welcome.de_DE.yaml': RCS_DE });
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    const note = /^tplsync: note: (de is not among .*)$/m.exec(ex.stderr)?.[1] ?? '';
    assert.match(note, /For the templates of shop-whatsapp \(a WhatsApp channel\), de is the code WhatsApp lists in place of the config's de_DE: correct channels\.shop-whatsapp\.languages in the config \(de_DE to de\) and rename shop-whatsapp's de_DE templates to de\./, ex.stderr);
    assert.match(note, /For the templates of shop-rcs \(an RCS channel\), the config lists this language as de_DE: translate them into de_DE/);
    // the one channel offered de_DE is the RCS channel: not the WhatsApp channel's templates
    assert.is(note.match(/translate them into de_DE/g)?.length, 1, note);
    assert.ok(note.indexOf('translate them into de_DE') > note.indexOf('shop-rcs (an RCS'), note);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8').replace(/msgid "([^"]*)"\nmsgstr ""\n(?!")/g, (m, id: string) => id ? `msgid "${id}"\nmsgstr "${id} (de)"\n` : m);
    writeFiles(dir, { 'translations/de.po': po });
    const imp = await cliIn(['translations', 'import', 'translations/de.po', '--dry-run'], { cwd: dir });
    assert.match(imp.stderr, /^translations\/de\.po: note: de is not among .*shop-whatsapp \(a WhatsApp channel\), de is the code WhatsApp lists in place of the config's de_DE/m, imp.stderr);
    assert.match(imp.stderr, /^translations\/de\.po: note: no template was in de before this import, and the project has de_DE, which WhatsApp lists as de: for the templates of shop-whatsapp \(WhatsApp\), to keep one variant, rename the de_DE templates of shop-whatsapp to de \(and the config's de_DE\); for those of shop-rcs, not WhatsApp's, de_DE is a code to keep/m, imp.stderr);
    // a file of the WhatsApp templates alone with no finished unit: still judged by its units' channel, not by every channel
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'translations/empty.po', 'templates/order_shipped.en_US.yaml'], { cwd: dir })).exitCode, 0);
    const empty = await cliIn(['translations', 'import', 'translations/empty.po', '--dry-run'], { cwd: dir });
    assert.not.match(empty.stderr, /did you mean 'de_DE'/, empty.stderr);
  } finally { cleanup(dir); }
});

test('--target nb where the config lists the withdrawn no: nb is said to be the current code of no\'s language, the config to be corrected', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, no'), 'templates/order_shipped.en_US.yaml': EN });
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'nb', '--format', 'po', '--dry-run'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    assert.match(ex.stderr, /^tplsync: note: nb is not among the languages the config lists .*, but it is the current code of the language the config lists as no \('no' is a withdrawn ISO 639 code\): correct channels\.shop-whatsapp\.languages in the config \(no to nb\) and rename the no templates to nb$/m);
    // on an RCS channel too: a withdrawn code is never the suggestion
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp: { kind: rcs, languages: [en_US, no] }\n` });
    const rcs = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'nb', '--format', 'po', '--dry-run'], { cwd: dir });
    assert.match(rcs.stderr, /current code of the language the config lists as no/);
    assert.not.match(rcs.stderr, /did you mean 'no'/);
  } finally { cleanup(dir); }
});

test('an import into a new language beside two regions of it on WhatsApp: the one it may have meant is the code WhatsApp lists (de_CH), not the one before it in the alphabet that WhatsApp does not (de_BE)', async () => {
  const dir = tempDir();
  try {
    const region = (l: string, text: string): string => EN.replace('language: en_US', `language: ${l}`).replace('Hi {{customer}}, your order is on its way.', text);
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_BE, de_CH'), 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de_BE.yaml': region('de_BE', 'Hallo {{customer}}, deine Bestellung ist unterwegs.'), 'templates/order_shipped.de_CH.yaml': region('de_CH', 'Grüezi {{customer}}, Ihre Bestellung ist unterwegs.') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8').replace(/msgstr ""\n(?!")/g, (m, i: number) => i > 0 ? 'msgstr "Hallo {{customer}}, deine Bestellung ist da."\n' : m);
    writeFiles(dir, { 'translations/de.po': po });
    const imp = await cliIn(['translations', 'import', 'translations/de.po', '--dry-run'], { cwd: dir });
    assert.match(imp.stderr, /^translations\/de\.po: note: no template was in de before this import, and the project has de_CH, de_BE: if the file was meant for de_CH, correct its language/m, imp.stderr);
    assert.not.match(imp.stderr, /meant for de_BE|did you mean 'de_BE'/, imp.stderr);
  } finally { cleanup(dir); }
});

test('language-unknown on a template in a withdrawn code ends with its question, not "?."', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US'), 'templates/order_shipped.iw.yaml': EN.replace('language: en_US', 'language: iw') });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stdout, /WhatsApp does not list language 'iw': 'iw' is an older code of the language WhatsApp lists as 'he'; did you mean 'he'\?  language-unknown/, r.stdout);
  } finally { cleanup(dir); }
});

test('--target de_AT over a WhatsApp channel listing de_DE: an addition (Austrian German), never a rename of the de_DE templates; de still is (verify-5 L-2)', async () => {
  const dir = tempDir();
  try {
    const DE = EN.replace('language: en_US', 'language: de_DE').replace('Hi {{customer}}, your order is on its way.', 'Hallo {{customer}}, deine Bestellung ist unterwegs.');
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, de_DE'), 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.de_DE.yaml': DE });
    for (const target of ['de_AT', 'de_CH']) {
      const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', target, '--format', 'po'], { cwd: dir });
      assert.is(ex.exitCode, 0, ex.stderr);
      assert.not.match(ex.stderr, /rename|de_DE to|in place of/, ex.stderr);
      assert.match(ex.stderr, new RegExp(`^tplsync: note: ${target} is not among the languages the config lists .*: no rule asks for it; if it is meant, add it to channels\\.shop-whatsapp\\.languages in the config`, 'm'));
      // imported: the de_DE templates are not said to be what it replaces
      const po = readFileSync(path.join(dir, `translations/${target}.po`), 'utf8').replace(/msgstr ""\n(?!")/g, (m, i: number) => i > 0 ? 'msgstr "Servus {{customer}}, deine Bestellung ist unterwegs."\n' : m);
      writeFiles(dir, { [`translations/${target}.po`]: po });
      const imp = await cliIn(['translations', 'import', `translations/${target}.po`, '--dry-run'], { cwd: dir });
      assert.not.match(imp.stderr, /rename|which WhatsApp lists as|de_DE to/, imp.stderr);
    }
    // the code WhatsApp lists in de_DE's place still is a correction
    const de = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po', '--dry-run'], { cwd: dir });
    assert.match(de.stderr, /in place of the config's de_DE: correct channels\.shop-whatsapp\.languages in the config \(de_DE to de\)/);
  } finally { cleanup(dir); }
});

test('--target pt_PT, es_AR, en_AU beside the config\'s pt_BR, es_MX, en_US: an addition, as de_AT is, never did-you-mean another region; es still is (verify-8)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, pt_BR, es_MX, en_GB'), 'templates/order_shipped.en_US.yaml': EN });
    for (const target of ['pt_PT', 'es_AR', 'es_ES', 'en_AU', 'en_ZA']) {
      const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', target, '--format', 'po', '--dry-run'], { cwd: dir });
      assert.is(ex.exitCode, 0, ex.stderr);
      const note = /^tplsync: note: (.*)$/m.exec(ex.stderr)?.[1] ?? '';
      assert.match(note, new RegExp(`^${target} is not among the languages the config lists .*: no rule asks for it; if it is meant, add it to channels\\.shop-whatsapp\\.languages in the config`), ex.stderr);
      assert.not.match(note, /did you mean|translate them into/, note);
    }
    // a code without its region still gets the listed region's code
    const es = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'es', '--format', 'po', '--dry-run'], { cwd: dir });
    assert.match(es.stderr, /did you mean 'es_MX'\?/, es.stderr);
  } finally { cleanup(dir); }
});

test('a code WhatsApp does not list is never advised to be added to a WhatsApp channel\'s languages; an RCS channel still may add it (verify-5 L-1)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, nb_NO, iw_IL, pt_BR'), 'templates/order_shipped.en_US.yaml': EN });
    for (const target of ['iw', 'he_IL', 'pt', 'xx']) {
      const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', target, '--format', 'po', '--dry-run'], { cwd: dir });
      const note = /^tplsync: note: (.*)$/m.exec(ex.stderr)?.[1] ?? '';
      assert.match(note, new RegExp(`WhatsApp does not list ${target}, so it cannot be added to channels\\.shop-whatsapp\\.languages: correct the language`), ex.stderr);
      assert.not.match(note, /add it to|or add/, note);
    }
    // the same code over WhatsApp and RCS templates: the RCS channel may add it, the WhatsApp one not
    const RCS = `channel: shop-rcs\nname: rcs_welcome\nlanguage: en_US\nmessage:\n  type: text\n  message: "Welcome to our shop, {{customer}}!"\n  examples: { customer: Maria }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp, languages: [en_US, pt_BR] }\n  shop-rcs: { kind: rcs, languages: [en_US, pt_BR] }\n`, 'templates/rcs_welcome.en_US.yaml': RCS });
    const both = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'pt', '--format', 'po', '--dry-run'], { cwd: dir });
    const note = /^tplsync: note: (.*)$/m.exec(both.stderr)?.[1] ?? '';
    assert.match(note, /For the templates of shop-whatsapp \(a WhatsApp channel\), the config lists this language as pt_BR: translate them into pt_BR \(WhatsApp does not list pt, so it cannot be added to channels\.shop-whatsapp\.languages\)\./, note);
    assert.match(note, /For the templates of shop-rcs \(an RCS channel\), the config lists this language as pt_BR: translate them into pt_BR, or add pt to channels\.shop-rcs\.languages if it is meant\./, note);
  } finally { cleanup(dir); }
});

test('the language notes are plain sentences: no question run on with ", and" or into a bracket, no unexplained "the channels call for different codes" (trial-ao F10)', async () => {
  const dir = tempDir();
  try {
    const both = `${CONFIG}channels:\n  shop-whatsapp: { kind: whatsapp, languages: [en_US, he, fr_FR] }\n  shop-rcs: { kind: rcs, languages: [en_US, he] }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': both, 'templates/order_shipped.en_US.yaml': EN, 'templates/rcs_welcome.en_US.yaml': WELCOME_RCS });
    const notes: string[] = [];
    for (const target of ['iw', 'fr', 'es']) {
      const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', target, '--dry-run'], { cwd: dir });
      assert.is(ex.exitCode, 0, ex.stderr);
      notes.push(ex.stderr);
      // a question ends its sentence: never followed by a comma, a colon or a closing bracket
      assert.not.match(ex.stderr, /\?['"]?[,:)]/, ex.stderr);
      assert.not.match(ex.stderr, /call for different codes/, ex.stderr);
    }
    const [iw, fr] = notes as [string, string];
    // the channels' advice differs: said as such, one sentence a channel
    assert.match(iw, /^tplsync: note: iw is not among the languages the config lists for the templates' channels \(channels\.shop-whatsapp\.languages and channels\.shop-rcs\.languages: en_US, fr_FR, he\)\. What to do differs by channel\. For the templates of shop-whatsapp \(a WhatsApp channel\), the config lists this language as he: translate them into he \(WhatsApp does not list iw, so it cannot be added to channels\.shop-whatsapp\.languages\)\. For the templates of shop-rcs \(an RCS channel\), the config lists this language as he: translate them into he, or add iw to channels\.shop-rcs\.languages if it is meant\.$/m, iw);
    assert.match(iw, /^tplsync: warning: WhatsApp does not list language 'iw': 'iw' is an older code of the language WhatsApp lists as 'he'; did you mean 'he'\? The templates of shop-whatsapp are WhatsApp templates, so a template in iw would be rejected on submission \(rule language-unknown\): export to a code WhatsApp lists\.?$/m, iw);
    assert.match(fr, /What to do differs by channel\. For the templates of shop-whatsapp \(a WhatsApp channel\), /, fr);
    // lint's notes of the config's withdrawn code (its warning, language-coverage's finding): the same
    writeFiles(dir, { 'tplsync.config.yaml': withLanguages('en_US, iw') });
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.match(lint.stdout, /has no iw variant/, lint.stdout);
    assert.not.match(lint.stdout + lint.stderr, /\?['"]?[,:)]/, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});

test.run();
