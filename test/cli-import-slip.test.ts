// `tplsync import FILE.xlf` (import is pull's other name) typed for `tplsync translations import
// FILE.xlf` (trial-ao F4): it asked for --channel, then said pull reads files only with --from,
// then that the XLIFF was an HTML page. A translation file (.xlf, .xliff, .po, .csv) given to
// pull/import is said first, with the command meant, exit 3, before any option is asked for.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const XLF = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en-US" trgLang="de"><file id="f"></file></xliff>\n';

test('import or pull given a translation file: did you mean `tplsync translations import FILE`?, before asking for --channel', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n', 'translations/de.xlf': XLF, 'translations/pt_BR.csv': 'id,source,target\n', 'translations/ja.po': '', 'translations/ar.XLIFF': XLF });
    const cases: [string[], string][] = [
      [['import', 'translations/de.xlf'], 'translations/de.xlf'],
      [['import', 'translations/pt_BR.csv'], 'translations/pt_BR.csv'],
      [['pull', 'translations/ja.po'], 'translations/ja.po'],
      [['import', '--channel', 'wa', 'translations/ar.XLIFF'], 'translations/ar.XLIFF'],
      [['import', '--channel', 'wa', '--from', 'meta', 'translations/de.xlf'], 'translations/de.xlf'],
      // global options before the command's name
      [['--config', 'tplsync.config.yaml', 'import', 'translations/de.xlf'], 'translations/de.xlf'],
      // two files: both named in the command meant
      [['import', 'translations/de.xlf', 'translations/pt_BR.csv'], 'translations/de.xlf translations/pt_BR.csv'],
    ];
    for (const [args, files] of cases) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, `did you mean \`tplsync translations import ${files}\`?`, args.join(' '));
      assert.not.match(r.stderr, /--channel/, `${args.join(' ')}: said before the channel is asked for`);
      assert.not.match(r.stderr, /HTML or XML page|reads files only with --from/);
      assert.is(r.stdout, '');
    }
    assert.not.ok(existsSync(path.join(dir, 'templates')), 'nothing written');
  } finally { cleanup(dir); }
});

test('pull/import without a translation file: as before (a JSON export, no file, a word after the command that is no file)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n' });
    const r = await cliIn(['import', 'export.json'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /required option '--channel <alias>' not specified/);
    assert.not.match(r.stderr, /translations import/);
    // `translations import` itself is not refused by it
    const t = await cliIn(['translations', 'import', 'nope.xlf'], { cwd: dir });
    assert.not.match(t.stderr, /did you mean `tplsync translations import/);
  } finally { cleanup(dir); }
});

test.run();
