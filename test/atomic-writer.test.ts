// The writer of many files at once (an import): every file replaced through a temp file and a
// rename, two writes of one file in the order asked, a read-only file or a link refused, and no
// temp file left behind whatever happens.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AtomicWriter, WriteRefused } from '../src/files/write.ts';

const leftovers = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));

test('many files, one of them twice: each holds the last text asked for, with its mode kept', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
  try {
    writeFileSync(path.join(dir, 'kept.yaml'), 'old\n', { mode: 0o640 });
    chmodSync(path.join(dir, 'kept.yaml'), 0o640);
    const w = new AtomicWriter({}, 4);
    for (let i = 0; i < 200; i++) w.write(path.join(dir, 'sub', `f${i}.yaml`), `text ${i}\n`);
    for (let k = 0; k < 20; k++) w.write(path.join(dir, 'kept.yaml'), `version ${k}\n`);
    await w.flush();
    for (let i = 0; i < 200; i++) assert.is(readFileSync(path.join(dir, 'sub', `f${i}.yaml`), 'utf8'), `text ${i}\n`);
    assert.is(readFileSync(path.join(dir, 'kept.yaml'), 'utf8'), 'version 19\n');
    assert.is(statSync(path.join(dir, 'kept.yaml')).mode & 0o777, 0o640);
    assert.equal(leftovers(dir), []);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('a read-only file and a link are refused; flush throws the refusal; no temp file is left', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
  try {
    writeFileSync(path.join(dir, 'target.yaml'), 'target\n');
    symlinkSync(path.join(dir, 'target.yaml'), path.join(dir, 'link.yaml'));
    const w = new AtomicWriter();
    w.write(path.join(dir, 'link.yaml'), 'replaced\n');
    let err: unknown;
    try { await w.flush(); } catch (e) { err = e; }
    assert.instance(err, WriteRefused);
    assert.match(String((err as Error).message), /symbolic link/);
    assert.is(readFileSync(path.join(dir, 'target.yaml'), 'utf8'), 'target\n');
    writeFileSync(path.join(dir, 'ro.yaml'), 'ro\n');
    chmodSync(path.join(dir, 'ro.yaml'), 0o444);
    const w2 = new AtomicWriter();
    w2.write(path.join(dir, 'ro.yaml'), 'changed\n');
    err = undefined;
    try { await w2.flush(); } catch (e) { err = e; }
    assert.instance(err, WriteRefused);
    assert.is(readFileSync(path.join(dir, 'ro.yaml'), 'utf8'), 'ro\n');
    assert.equal(leftovers(dir), []);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
