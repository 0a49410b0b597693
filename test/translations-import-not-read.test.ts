// verify-17 NEW-2: a template file discovery refuses to open (a link out of the project) was counted by
// `translations import` as "refused" even when no translation of the run was for it (an es import: "21
// files written; 1 refused", exit 0), and a target file refused for two reasons (not read; is there but
// not a template tplsync can read) was counted twice. The summary counts target files refused, once
// each; a refusal exits 1; a file that is not read and is no target of the import is a warning.
import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { refusedCount } from '../src/cli/translations.ts';
import { writeTranslations } from '../src/translations/formats.ts';
import { extractUnits } from '../src/translations/units.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (name: string, lang: string, text: string) => `channel: wa\nname: ${name}\nlanguage: ${lang}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { customer: Ann }\n`;

/** a project of two en_US templates and order_shipped's de file, that one a link out of the project; es.xlf and de.xlf translating both */
function project(root: string): string {
  const dir = path.join(root, 'proj');
  mkdirSync(dir);
  writeFiles(dir, {
    'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp, languages: [en_US, de, es] }\n',
    'templates/wa/order_shipped.en_US.yaml': file('order_shipped', 'en_US', 'Good news {{customer}}: shipped.'),
    'templates/wa/welcome.en_US.yaml': file('welcome', 'en_US', 'Welcome {{customer}}.'),
  });
  const en = ['order_shipped', 'welcome'].map((n) => { const f = `templates/wa/${n}.en_US.yaml`; return { file: f, value: readTemplateValue(readFileSync(path.join(dir, f), 'utf8')) }; });
  for (const lang of ['es', 'de']) {
    const units = extractUnits(en, 'en_US', lang).map((u) => ({ ...u, target: `${u.source} (${lang})` }));
    writeFileSync(path.join(dir, `${lang}.xlf`), writeTranslations('xliff', units, 'en_US', lang));
  }
  mkdirSync(path.join(root, 'ext'));
  writeFileSync(path.join(root, 'ext', 'order_shipped.de.yaml'), file('order_shipped', 'de', 'Gute Nachricht {{customer}}: versandt.'));
  symlinkSync('../../../ext/order_shipped.de.yaml', path.join(dir, 'templates/wa/order_shipped.de.yaml'));
  return dir;
}

test('NEW-2: a linked-out file no translation is for is a warning (exit 0, nothing refused); a target refused for two reasons counts once, exit 1', async () => {
  const root = tempDir('tplsync-import-not-read-');
  try {
    const dir = project(root);
    const linked = path.join(root, 'ext', 'order_shipped.de.yaml');
    const before = readFileSync(linked, 'utf8');
    const es = await cliIn(['translations', 'import', 'es.xlf'], { cwd: dir });
    assert.is(es.exitCode, 0, es.stdout + es.stderr);
    assert.match(es.stdout, /^2 files written$/m);
    assert.not.match(es.stdout, 'refused');
    assert.match(es.stderr, /^templates\/wa\/order_shipped\.de\.yaml: warning: not read: The file leads out of the project .*No translation of this import is for it, so nothing of it was refused/m);
    assert.ok(existsSync(path.join(dir, 'templates/wa/welcome.es.yaml')));
    const de = await cliIn(['translations', 'import', 'de.xlf'], { cwd: dir });
    assert.is(de.exitCode, 1, de.stdout + de.stderr);
    assert.match(de.stdout, /^1 file written; 1 refused \(see above\)$/m);
    // one refusal of it, at the translation file's line, saying why (not read: it leads out of the project)
    const about = de.stderr.split('\n').filter((l) => l.includes('order_shipped.de.yaml'));
    assert.is(about.length, 1, de.stderr);
    assert.match(about[0]!, /^de\.xlf:\d+: wa\/order_shipped: refused: templates\/wa\/order_shipped\.de\.yaml: not read, so not written: The file leads out of the project/);
    assert.not.match(de.stderr, 'warning: not read');
    assert.is(readFileSync(linked, 'utf8'), before, 'nothing written through the link');
  } finally { cleanup(root); }
});

test('refusedCount: a target file once, however many of its units or reasons or translation files; a translation file refused whole once', () => {
  const r = (file: string, template?: string) => ({ file, line: 1, id: template ?? '', message: 'm', ...(template ? { template } : {}) });
  const languageOf = (file: string) => ({ 'de.xlf': 'de', 'de2.po': 'de', 'fr.xlf': 'fr' } as Record<string, string>)[file];
  assert.is(refusedCount([], languageOf), 0);
  assert.is(refusedCount([r('de.xlf', 'wa/a'), r('de.xlf', 'wa/a'), r('de2.po', 'wa/a')], languageOf), 1);
  assert.is(refusedCount([r('de.xlf', 'wa/a'), r('fr.xlf', 'wa/a'), r('de.xlf', 'wa/b')], languageOf), 3);
  assert.is(refusedCount([r('x.csv'), r('x.csv'), r('y.po')], languageOf), 2);
});

test.run();
