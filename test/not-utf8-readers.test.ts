// trial-ad F12 (the rest): the readers of user files that write or send what they read decoded a file
// that is not UTF-8 lossily, U+FFFD in place of its letters: init rewrote a .gitignore saved in
// Latin-1 with them (adding .tplsync/), a config value came in so (and was sent so), a saved plan's
// texts too. Each such file is now refused at its byte (file:line:column, the offset), nothing of it
// written; a file that is UTF-8 (with a byte-order mark too) is read as before.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { strictUtf8, FileRefused } from '../src/core/read-regular.ts';
import { writeInit } from '../src/init/init.ts';
import { loadConfig } from '../src/config/load.ts';
import { loadPlanFile } from '../src/apply/run.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');

test('strictUtf8: the first byte that is not UTF-8 by line, column and offset; UTF-8 (and its BOM) read as it is', () => {
  const o = { shown: 'x.txt', what: 'a file' };
  assert.throws(() => strictUtf8(latin1('a: 1\nname: Caf\u00e9 Bar\n'), o), (e: unknown) => e instanceof FileRefused
    && /^x\.txt:2:10: a file is not UTF-8 text: byte 0xE9 at offset 14 is not valid UTF-8 \(Latin-1 or Windows-1252\?\)/.test((e as Error).message));
  assert.is(strictUtf8(Buffer.from('\ufeffname: Café\n'), o), '\ufeffname: Café\n');
});

test('init: a .gitignore saved in Latin-1 is refused at its byte and left as it was (it was rewritten with U+FFFD)', () => {
  const dir = tempDir('tplsync-not-utf8-init-');
  try {
    const had = latin1('# Entw\u00fcrfe\ndrafts/\n');
    writeFileSync(path.join(dir, '.gitignore'), had);
    assert.throws(() => writeInit(dir, [{ file: 'tplsync.config.yaml', text: 'templates: ["templates/**/*.yaml"]\n' } as Parameters<typeof writeInit>[1][number]]),
      /\.gitignore:1:7: the \.gitignore is not UTF-8 text: byte 0xFC at offset 6/);
    assert.ok(readFileSync(path.join(dir, '.gitignore')).equals(had), 'the .gitignore keeps every byte');
    assert.not.ok(existsSync(path.join(dir, 'tplsync.config.yaml')), 'init wrote nothing');
  } finally { cleanup(dir); }
});

test('config: a config (or a package.json) saved in Latin-1 is refused at its byte, not read with U+FFFD in its values', async () => {
  const dir = tempDir('tplsync-not-utf8-config-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': latin1('templates: ["templates/**/*.yaml"]\nvalues:\n  shop_name: Caf\u00e9 Lumi\u00e8re\n'),
    });
    let err: unknown;
    try { await loadConfig({ cwd: dir }); } catch (e) { err = e; }
    assert.ok(err instanceof FileRefused, String(err));
    assert.match((err as Error).message, /tplsync\.config\.yaml:3:17: the config is not UTF-8 text: byte 0xE9 at offset 59/);
    // cosmiconfig's own files (package.json's "tplsync" key) so too
    cleanup(dir);
    writeFiles(dir, { 'package.json': latin1('{ "name": "x", "tplsync": { "templates": ["t/**/*.yaml"], "values": { "shop_name": "Caf\u00e9" } } }\n') });
    err = undefined;
    try { await loadConfig({ cwd: dir, configFile: 'package.json' }); } catch (e) { err = e; }
    assert.ok(err instanceof FileRefused, String(err));
    assert.match((err as Error).message, /package\.json:1:\d+: .* is not UTF-8 text: byte 0xE9/);
  } finally { cleanup(dir); }
});

test('apply FILE: a saved plan that is not UTF-8 is refused at its byte, its texts never read with U+FFFD', () => {
  const dir = tempDir('tplsync-not-utf8-plan-');
  try {
    const file = path.join(dir, 'plan.json');
    writeFileSync(file, latin1('{\n  "format": "tplsync-plan",\n  "text": "Gr\u00fc\u00dfe"\n}\n'));
    assert.throws(() => loadPlanFile(file), (e: unknown) => e instanceof FileRefused && /plan\.json:3:14: a saved plan \(or template file\) is not UTF-8 text: byte 0xFC/.test((e as Error).message));
  } finally { cleanup(dir); }
});

test.run();
