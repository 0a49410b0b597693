// startWritingNewFolder (pull of a catalogue into a new --dir): every file written whole into a
// hidden sibling folder that is then renamed, redacted as every write is; declined (undefined)
// when the folder exists, a file lies elsewhere or two files share a name; a failure leaves
// neither the folder nor the hidden one; a folder that appears meanwhile gets the files one by one
// and keeps what it had.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addSecret } from '../src/core/redact.ts';
import { startWritingNewFolder } from '../src/files/write-dir.ts';
import { cleanup, tempDir } from './helpers.ts';

const many = (dir: string, n: number) => Array.from({ length: n }, (_, i) => ({ file: path.join(dir, `t${i}.yaml`), data: `n: ${i}\n` }));

test('a new folder: all files whole, redacted, nothing hidden left over', async () => {
  const root = tempDir('tplsync-new-folder-');
  try {
    addSecret('canary-key-0123456789abcdef');
    const dir = path.join(root, 'deep', 'templates');
    const files = [...many(dir, 40), { file: path.join(dir, 'k.yaml'), data: 'key: canary-key-0123456789abcdef\n' }];
    const batch = startWritingNewFolder(dir, files, { concurrency: 4 });
    assert.ok(batch, 'taken');
    assert.not.ok(existsSync(dir), 'no folder before every file is written');
    await batch.written;
    assert.is(readdirSync(dir).length, 41);
    assert.is(readFileSync(path.join(dir, 't39.yaml'), 'utf8'), 'n: 39\n');
    assert.not.match(readFileSync(path.join(dir, 'k.yaml'), 'utf8'), 'canary-key');
    assert.is(batch.texts[40], readFileSync(path.join(dir, 'k.yaml'), 'utf8'));
    assert.equal(readdirSync(path.join(root, 'deep')), ['templates']);
  } finally { cleanup(root); }
});

test('declined: the folder exists, a file elsewhere, two files of one name, nothing to write', () => {
  const root = tempDir('tplsync-new-folder-');
  try {
    mkdirSync(path.join(root, 'there'));
    assert.is(startWritingNewFolder(path.join(root, 'there'), many(path.join(root, 'there'), 2)), undefined);
    const dir = path.join(root, 'new');
    assert.is(startWritingNewFolder(dir, [...many(dir, 2), { file: path.join(root, 'x.yaml'), data: '' }]), undefined);
    assert.is(startWritingNewFolder(dir, [...many(dir, 2), { file: path.join(dir, 't1.yaml'), data: 'again' }]), undefined);
    assert.is(startWritingNewFolder(dir, []), undefined);
    assert.equal(readdirSync(root), ['there']);
  } finally { cleanup(root); }
});

test('a write that fails: the error, and neither the folder nor the hidden one', async () => {
  const root = tempDir('tplsync-new-folder-');
  try {
    const dir = path.join(root, 'templates');
    // a name longer than the file system takes (ENAMETOOLONG)
    const batch = startWritingNewFolder(dir, [...many(dir, 10), { file: path.join(dir, `${'x'.repeat(300)}.yaml`), data: 'x' }], { concurrency: 2 })!;
    await batch.written.then(() => assert.unreachable('written'), (e) => assert.match(String((e as Error).message), /ENAMETOOLONG|name too long/i));
    assert.equal(readdirSync(root), []);
  } finally { cleanup(root); }
});

test('the folder appears meanwhile: the files go into it one by one, what it had is kept', async () => {
  const root = tempDir('tplsync-new-folder-');
  try {
    const dir = path.join(root, 'templates');
    const batch = startWritingNewFolder(dir, many(dir, 20), { concurrency: 4 })!;
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'mine.yaml'), 'mine\n');
    await batch.written;
    assert.is(readdirSync(dir).length, 21);
    assert.is(readFileSync(path.join(dir, 'mine.yaml'), 'utf8'), 'mine\n');
    assert.is(readFileSync(path.join(dir, 't7.yaml'), 'utf8'), 'n: 7\n');
    assert.equal(readdirSync(root), ['templates']);
  } finally { cleanup(root); }
});

test('hidden folders a killed write left (its process gone, or its pid now another program\'s) are removed by the next write into that folder; a running process\'s stay', async () => {
  const root = tempDir('tplsync-new-folder-');
  const { spawn } = await import('node:child_process');
  // a live Node.js process (a pid of another kind of process is no tplsync's: its folder is a leftover too)
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
  try {
    const dir = path.join(root, 'meta');
    // a pid no process has (above the kernel's pid_max), and a live one
    for (const tmp of ['.meta.4194399.1700000000000.1.tmp', `.meta.${sleeper.pid}.1700000000000.2.tmp`]) {
      mkdirSync(path.join(root, tmp));
      writeFileSync(path.join(root, tmp, 'a.yaml'), 'n: 1\n');
    }
    const other = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      mkdirSync(path.join(root, `.meta.${other.pid}.1700000000000.3.tmp`));
      await startWritingNewFolder(dir, many(dir, 3))!.written;
    } finally { other.kill('SIGKILL'); }
    assert.equal(readdirSync(root).sort(), [`.meta.${sleeper.pid}.1700000000000.2.tmp`, 'meta']);
  } finally { sleeper.kill('SIGKILL'); cleanup(root); }
});

test.run();
