// What a new user meets first with `tplsync translations import` (only the process shows the exit
// code and the messages): a translation file that is not there is refused by name, exit 1, no
// "bug in tplsync" and no stack trace, and the other files are still imported; a file in which
// nothing is translated yet says so instead of a bare "0 files written"; a translator's tool
// that writes character references (`&#233;`) gives the characters.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles, ORDER_SHIPPED_EN } from './helpers.ts';

const EN = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out # keep this comment\n`;

test('a missing translation file: exit 1, named, the other file imported; an untranslated file: said so', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': EN });
    const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fr', 'de'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const xlf = readFileSync(path.join(dir, 'translations/fr.xlf'), 'utf8')
      // as a translator's tool may write it: the code by id alone, characters as references
      .replace(/(<source xml:space="preserve">Hi <ph id="ph1"[^>]*\/>, your order is on its way\.<\/source>)/, '$1\n        <target>Bonjour <ph id="ph1"/>, votre commande est en route, d&#233;j&#xE0;.</target>')
      .replace(/(<source xml:space="preserve">Reply STOP to opt out<\/source>)/, '$1\n        <target>R&#233;pondez STOP pour vous d&#233;sabonner</target>');
    writeFiles(dir, { 'translations/fr.xlf': xlf });
    const r = await cliIn(['translations', 'import', 'translations/missing.xlf', 'translations/de.xlf', 'translations/fr.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /^translations\/missing\.xlf: cannot be read: no such file$/m);
    assert.match(r.stderr, /^translations\/de\.xlf: no unit has a finished translation/m);
    assert.not.match(r.stderr, /bug in tplsync|\n\s+at /);
    assert.match(r.stdout, /created templates\/order_shipped\.fr\.yaml \(2 texts\)/);
    const fr = readFileSync(path.join(dir, 'templates/order_shipped.fr.yaml'), 'utf8');
    assert.match(fr, /text: "Bonjour \{\{customer\}\}, votre commande est en route, déjà\."/);
    assert.match(fr, /^footer: Répondez STOP pour vous désabonner # keep this comment$/m);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    // a name longer than the file system takes: that file refused, named; a path longer than any: a usage error (exit 3), not an internal one
    const long = await cliIn(['translations', 'import', `${'d'.repeat(300)}.po`, 'translations/fr.xlf'], { cwd: dir });
    assert.is(long.exitCode, 1, long.stdout + long.stderr);
    assert.match(long.stderr, /^d{300}\.po: cannot be read: the path, or a name in it, is longer than the file system takes$/m);
    const longer = await cliIn(['translations', 'import', `${'e/'.repeat(2100)}x.po`], { cwd: dir });
    assert.is(longer.exitCode, 3, longer.stdout + longer.stderr);
    assert.match(longer.stderr, /a path of 4,204 characters \(e\/e\/.*\.\.\.\): no file's path is that long/);
    for (const r of [long, longer]) assert.not.match(r.stderr, /bug in tplsync|internal error/);
  } finally { cleanup(dir); }
});

test.run();
