// writeFilesAtomic (pull of a catalogue writes thousands of files, several in flight): each file
// by temp file and rename, redacted, the mode of a file it replaces kept; a link or a read-only
// file refused (WriteRefused) with the files before it written and no temporary file left behind.
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addSecret } from '../src/core/redact.ts';
import { WriteRefused, writeFilesAtomic } from '../src/files/write.ts';
import { cleanup, tempDir } from './helpers.ts';

test('many files: all written, redacted, modes kept, nothing left over', async () => {
  const dir = tempDir('tplsync-write-many-');
  try {
    addSecret('canary-key-0123456789abcdef');
    mkdirSync(path.join(dir, 'a'));
    writeFileSync(path.join(dir, 'a', 'keep.yaml'), 'old', { mode: 0o640 });
    const files = Array.from({ length: 50 }, (_, i) => ({ file: path.join(dir, 'a', `t${i}.yaml`), data: `n: ${i}\n` }));
    files.push({ file: path.join(dir, 'a', 'keep.yaml'), data: 'key: canary-key-0123456789abcdef\n' });
    const texts = await writeFilesAtomic(files, { concurrency: 4 });
    assert.is(texts.length, 51);
    assert.is(readFileSync(path.join(dir, 'a', 't49.yaml'), 'utf8'), 'n: 49\n');
    assert.not.match(readFileSync(path.join(dir, 'a', 'keep.yaml'), 'utf8'), 'canary-key');
    assert.is(texts[50], readFileSync(path.join(dir, 'a', 'keep.yaml'), 'utf8'));
    assert.is(lstatSync(path.join(dir, 'a', 'keep.yaml')).mode & 0o777, 0o640);
    assert.equal(readdirSync(path.join(dir, 'a')).filter((f) => f.endsWith('.tmp')), []);
  } finally { cleanup(dir); }
});

test('a link or a read-only file: refused, the rest before it written, no temporary file', async () => {
  const dir = tempDir('tplsync-write-many-');
  try {
    writeFileSync(path.join(dir, 'target.txt'), 'not mine');
    symlinkSync(path.join(dir, 'target.txt'), path.join(dir, 'link.yaml'));
    const files = [{ file: path.join(dir, 'first.yaml'), data: 'a: 1\n' }, { file: path.join(dir, 'link.yaml'), data: 'b: 2\n' }];
    await writeFilesAtomic(files, { concurrency: 1 }).then(() => assert.unreachable('a link was replaced'), (e) => assert.instance(e, WriteRefused));
    assert.is(readFileSync(path.join(dir, 'first.yaml'), 'utf8'), 'a: 1\n');
    assert.is(readFileSync(path.join(dir, 'target.txt'), 'utf8'), 'not mine');
    writeFileSync(path.join(dir, 'ro.yaml'), 'ro');
    chmodSync(path.join(dir, 'ro.yaml'), 0o444);
    await writeFilesAtomic([{ file: path.join(dir, 'ro.yaml'), data: 'x' }]).then(() => assert.unreachable(), (e) => assert.match((e as Error).message, 'read-only'));
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  } finally { cleanup(dir); }
});

test.run();
