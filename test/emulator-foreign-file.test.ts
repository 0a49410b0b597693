// The emulator's data file and the lock files tplsync takes never destroy a file that is not
// tplsync's. A one-line file named as the emulator's data (`--data .env`, `emulator: NOTES.md`) was
// read as a journal whose only line was a write cut off by a crash, dropped, and the file emptied by
// the compaction; a file where a lock goes (`--data Cargo` beside Cargo.lock, `emulator: yarn`
// beside yarn.lock) was taken for a stale lock, removed, and gone when the emulator stopped.
import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { isLockText } from '../src/core/pid-lock.ts';
import { projectLockFile } from '../src/files/project-lock.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeBody, writeFiles } from './helpers.ts';

const refusedStart = async (dataFile: string): Promise<Error> => {
  try { const emu = await startEmulator({ keys: ['k1'], dataFile }); await emu.close(); } catch (e) { return e as Error; }
  throw new Error(`the emulator started on ${dataFile}`);
};

test('a one-line file that is not a journal (.env, Markdown, with or without its last newline) is refused and left as it is; an empty file is an empty journal', async () => {
  const dir = tempDir();
  try {
    for (const [name, text] of [['one.env', 'TOKEN=do-not-lose-me\n'], ['NOTES.md', '# my notes\n'], ['bare.env', 'TOKEN=no-newline'], ['two.env', 'A=1\nB=2\n'], ['json.txt', '{"a":1}\n']] as const) {
      const file = path.join(dir, name);
      writeFileSync(file, text);
      const e = await refusedStart(file);
      assert.match(e.message, `${file}: not an emulator data file (line 1 is not one of the emulator's JSON lines, and no line is); it was left as it is`);
      assert.is(readFileSync(file, 'utf8'), text, `${name} unchanged`);
      assert.not.ok(existsSync(`${file}.lock`), 'its lock released');
    }
    // an empty file: what an emulator stopped before its first write leaves; used as an empty journal
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '');
    const emu = await startEmulator({ keys: ['k1'], dataFile: empty });
    await createClient({ baseUrl: emu.url, apiKey: 'k1' }).writeTemplate(CHANNEL_A, randomUUID(), writeBody());
    await emu.close();
    assert.is(readFileSync(empty, 'utf8').trim().split('\n').length, 1);
  } finally { cleanup(dir); }
});

test('a real journal cut mid-record is repaired (the torn write dropped), a complete last line that is not an entry is damage, and a first write cut off alone is a torn write too', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    const emu = await startEmulator({ keys: ['k1'], dataFile });
    await createClient({ baseUrl: emu.url, apiKey: 'k1' }).writeTemplate(CHANNEL_A, randomUUID(), writeBody());
    await emu.close();
    const good = readFileSync(dataFile, 'utf8');
    appendFileSync(dataFile, '{"t":"template","key":"x","rec":{"chan');
    const again = await startEmulator({ keys: ['k1'], dataFile });
    assert.is(again.state.templates.size, 1);
    await again.close();
    assert.is(readFileSync(dataFile, 'utf8'), good, 'compacted without the torn line');
    // the same line with its newline is whole: a line no write of the emulator's makes, refused
    writeFileSync(dataFile, `${good}not json\n`);
    assert.match((await refusedStart(dataFile)).message, `${dataFile}:2: the emulator data file is damaged (not a JSON line)`);
    assert.is(readFileSync(dataFile, 'utf8'), `${good}not json\n`);
    // a crash during the very first write: the start of an entry's line, no newline
    writeFileSync(dataFile, '{"t":"template","key":"0b7c');
    const first = await startEmulator({ keys: ['k1'], dataFile });
    assert.is(first.state.templates.size, 0);
    await first.close();
  } finally { cleanup(dir); }
});

test('embedded: `emulator: NOTES.md` over a one-line file is refused by plan and apply (exit 3), the file unchanged', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: NOTES.md\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'templates/t.yaml': VALID, 'NOTES.md': 'my readme\n' });
    for (const args of [['plan'], ['apply', '--auto-approve']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, 'NOTES.md: not an emulator data file');
      assert.is(readFileSync(path.join(dir, 'NOTES.md'), 'utf8'), 'my readme\n');
    }
  } finally { cleanup(dir); }
});

test('isLockText: the lines tplsync writes (and older ones) are locks; Cargo.lock, yarn.lock, package-lock.json, an empty file are not', () => {
  for (const ok of ['123 456 ns=4026531836 emulator\n', '123 - ns=- embedded emulator\n', '123 456 fmt in /p\n', '123\n', '123']) assert.ok(isLockText(ok), ok);
  for (const no of ['', '# This file is automatically @generated by Cargo.\nversion = 3\n', '# yarn lockfile v1\n', '{\n  "lockfileVersion": 3\n}\n', 'GEM\n', '123 456 emulator\nsecond line\n', '0\n']) assert.not.ok(isLockText(no), no);
});

test('a file where a lock goes that is not a tplsync lock is refused with its name and never removed: standalone --data Cargo, embedded emulator: yarn, the project\'s writes.lock', async () => {
  const dir = tempDir();
  try {
    const cargo = '# This file is automatically @generated by Cargo.\nversion = 3\n';
    writeFileSync(path.join(dir, 'Cargo.lock'), cargo);
    const e = await refusedStart(path.join(dir, 'Cargo'));
    assert.match(e.message, `${path.join(dir, 'Cargo.lock')} is there and is not a lock file of tplsync's`);
    assert.is(readFileSync(path.join(dir, 'Cargo.lock'), 'utf8'), cargo);
    assert.not.ok(existsSync(path.join(dir, 'Cargo')), 'no data file made either');
    // an empty file of that name: not a lock either (the one line of a lock is written at once)
    writeFileSync(path.join(dir, 'Empty.lock'), '');
    assert.match((await refusedStart(path.join(dir, 'Empty'))).message, 'is not a lock file of tplsync\'s (it is not one line with a process id: it is empty)');
    assert.ok(existsSync(path.join(dir, 'Empty.lock')));

    const yarn = '# THIS IS AN AUTOGENERATED FILE. DO NOT EDIT THIS FILE DIRECTLY.\n# yarn lockfile v1\n';
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: yarn\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'templates/t.yaml': VALID, 'yarn.lock': yarn });
    const r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, `${path.join(dir, 'yarn.lock')} is there and is not a lock file of tplsync's`);
    assert.is(readFileSync(path.join(dir, 'yarn.lock'), 'utf8'), yarn);

    // the project's write lock: fmt refuses rather than removing a file it did not write
    const lock = projectLockFile(dir);
    mkdirSync(path.dirname(lock), { recursive: true });
    writeFileSync(lock, 'notes of mine\nkeep\n');
    const f = await cliIn(['fmt'], { cwd: dir });
    assert.is(f.exitCode, 3, f.stderr);
    assert.match(f.stderr, 'writes.lock is there and is not a lock file of tplsync\'s');
    assert.is(readFileSync(lock, 'utf8'), 'notes of mine\nkeep\n');
  } finally { cleanup(dir); }
});

test.run();
