// `translations import` as the process reports it (exit code and the summary only the process
// shows): a template whose new language file is not written because some of its texts have no
// translation is exit 1 (the translator's work is not all in the files; the complete template is
// written all the same), and importing the same file again writes nothing (each file kept as it
// is: the same inode, no rename over it) and says the files are already up to date, exit 0.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const template = (name: string) => `channel: shop-whatsapp
name: ${name}
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order is on its way." # body
  examples: { customer: Maria }
footer: 'Reply STOP to opt out'
`;

/** the exported PO with a translation given to the units whose source text is in `give` */
function fill(po: string, give: Record<string, string>): string {
  return po.replace(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr ""/g, (m, id: string) => (give[id] !== undefined ? `msgid "${id}"\nmsgstr "${give[id]}"` : m));
}

test('a template left out for an untranslated text is exit 1; the same import again writes nothing and says so, exit 0', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/order_shipped.en_US.yaml': template('order_shipped'),
      'templates/order_ready.en_US.yaml': template('order_ready').replace('your order is on its way', 'your order is ready').replace('Reply STOP', 'Send STOP'),
    });
    const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8');
    // order_shipped: both texts; order_ready: the body only (its footer untranslated)
    writeFiles(dir, { 'translations/de.po': fill(po, {
      'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.',
      'Reply STOP to opt out': 'Antworte STOP zum Abbestellen',
      'Hi {{customer}}, your order is ready.': 'Hallo {{customer}}, deine Bestellung ist fertig.',
    }) });

    const first = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(first.exitCode, 1, first.stdout + first.stderr);
    assert.match(first.stderr, /^translations\/de\.po: shop-whatsapp\/order_ready: not written: 1 of its 2 texts has no de translation \(shop-whatsapp\/order_ready:footer(: not in the file| at line \d+: no translation| at line \d+: its translation is empty \(not translated yet\))\)/m);
    assert.match(first.stdout, /^created templates\/order_shipped\.de\.yaml \(2 texts\)$/m);
    assert.match(first.stdout, /^1 file written; 1 not written \(see above\)$/m);
    assert.not.match(first.stderr, /\n\s+at /);

    // the complete translation of order_ready: the import writes it, and is clean
    writeFiles(dir, { 'translations/de.po': fill(po, {
      'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.',
      'Reply STOP to opt out': 'Antworte STOP zum Abbestellen',
      'Hi {{customer}}, your order is ready.': 'Hallo {{customer}}, deine Bestellung ist fertig.',
      'Send STOP to opt out': 'Sende STOP zum Abbestellen',
    }) });
    const second = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stdout + second.stderr);
    assert.match(second.stdout, /^created templates\/order_ready\.de\.yaml \(2 texts\)$/m);
    assert.match(second.stdout, /^1 file written; 1 already up to date \(not written\)$/m);

    // again: nothing changes, nothing is written (a written file would be a new inode: temp file + rename)
    const files = ['templates/order_shipped.de.yaml', 'templates/order_ready.de.yaml'].map((f) => path.join(dir, f));
    const before = files.map((f) => ({ ino: statSync(f).ino, text: readFileSync(f, 'utf8') }));
    const third = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(third.exitCode, 0, third.stdout + third.stderr);
    assert.is(third.stdout.trim(), '0 files written; 2 already up to date (not written)');
    assert.is(third.stderr.trim(), '');
    assert.equal(files.map((f) => ({ ino: statSync(f).ino, text: readFileSync(f, 'utf8') })), before);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});


test('units left out as not finished (an outdated text sent back untouched) are counted as not imported, not as up to date, exit 1', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': template('order_shipped') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    const po = readFileSync(path.join(dir, 'translations/de.po'), 'utf8');
    writeFiles(dir, { 'translations/de.po': fill(po, {
      'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.',
      'Reply STOP to opt out': 'Antworte STOP zum Abbestellen',
    }) });
    assert.is((await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir })).exitCode, 0);
    // the English body changes: its German text goes out outdated (XLIFF state "initial"), and comes back untouched
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': template('order_shipped').replace('is on its way', 'has left the warehouse') });
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'xliff', '--out', 'tr2'], { cwd: dir })).exitCode, 0);
    const r = await cliIn(['translations', 'import', 'tr2/de.xlf'], { cwd: dir });
    assert.match(r.stderr, /^tr2\/de\.xlf:\d+: shop-whatsapp\/order_shipped:body\.text: not imported: its segment is in state "initial"/m);
    assert.is(r.stdout.trim(), '0 files written; 1 not imported (see above)');
    assert.not.match(r.stdout, /up to date/);
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
  } finally { cleanup(dir); }
});

test('a unit refused with its template is said once, with one verdict, and counted once (not also "not imported")', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_video.en_US.yaml': template('order_video') });
    const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'xliff'], { cwd: dir });
    assert.is(exp.exitCode, 0, exp.stderr);
    const xlf = readFileSync(path.join(dir, 'translations/de.xlf'), 'utf8');
    // segments without a state: the body's translation drops {{customer}} (refused), the footer's is its source word for word (a pre-fill)
    const filled = xlf
      .replace(/(<source[^>]*>Hi <ph [^>]*\/>, your order is on its way\.<\/source>)/, '$1<target>Hallo, deine Bestellung ist unterwegs.</target>')
      .replace(/(<source[^>]*>Reply STOP to opt out<\/source>)/, '$1<target>Reply STOP to opt out</target>');
    assert.is(filled.match(/<target>/g)?.length, 2, filled);
    writeFiles(dir, { 'translations/de.xlf': filled });
    const r = await cliIn(['translations', 'import', 'translations/de.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    const footer = r.stderr.split('\n').filter((l) => l.includes('order_video:footer'));
    assert.is(footer.length, 1, r.stderr);
    assert.match(footer[0]!, /: refused: its segment has no state and its target is its source word for word/);
    assert.match(r.stderr, /order_video:body\.text: refused: the placeholders changed/);
    // (a template refused is one, whatever number of its units are)
    assert.match(r.stdout, /^0 files written; 1 refused \(see above\)$/m, r.stdout);
    assert.not.match(r.stdout, /not imported/);
  } finally { cleanup(dir); }
});

test.run();
