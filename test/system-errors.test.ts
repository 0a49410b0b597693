// An error of the machine that a command did not handle (a full disk, a file size limit, a
// read-only folder, a path through a file) is not "internal error ... This is a bug in tplsync"
// with exit 70: it is said with its file and what it means, exit 3. The errors are real ones: made
// by the file system calls in a temp folder, and by the command line under `ulimit -f 1`.
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { handleError } from '../src/cli/main.ts';
import { systemError } from '../src/core/system-error.ts';
import { BIN, CONFIG, ROOT, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

function caught(f: () => unknown): unknown {
  try { f(); } catch (e) { return e; }
  throw new Error('no error');
}

test('file system errors: said with the path and their meaning, exit 3; any other error is still a bug (70)', () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'a-file'), 'x');
    mkdirSync(path.join(dir, 'folder'));
    const through = caught(() => writeFileSync(path.join(dir, 'a-file', 'x.xlf'), 'y'));
    assert.is(systemError(through), `cannot open ${path.join(dir, 'a-file', 'x.xlf')}: a part of the path is not a folder (ENOTDIR)`);
    const folder = caught(() => openSync(path.join(dir, 'folder'), 'w'));
    assert.match(systemError(folder) ?? '', /: it is a folder \(EISDIR\)$/);
    let err = '';
    const write = process.stderr.write;
    process.stderr.write = ((s: string) => { err += s; return true; }) as typeof process.stderr.write;
    let codes: number[];
    try { codes = [handleError(through, false), handleError(new TypeError('x is undefined'), false)]; } finally { process.stderr.write = write; }
    assert.equal(codes, [3, 70]);
    assert.match(err, /^tplsync: cannot open .*a part of the path is not a folder \(ENOTDIR\)$/m);
    assert.match(err, /internal error: x is undefined/);
  } finally { cleanup(dir); }
});

test('preview --out naming a file, pull --from naming a folder: exit 3 with the path and what to give, not an internal error', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/hi.en_US.yaml': 'channel: shop-whatsapp\nname: hi\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hello there\n', 'exports/page.json': '{"data": []}' });
    const preview = await cliIn(['preview', '--out', 'templates/hi.en_US.yaml'], { cwd: dir });
    assert.is(preview.exitCode, 3, preview.stderr);
    assert.match(preview.stderr, /^tplsync: cannot write \S*templates\/hi\.en_US\.yaml: a file is there where a folder is to be made \(EEXIST\)$/m);
    const pulled = await cliIn(['pull', '--from', 'meta', 'exports', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(pulled.exitCode, 3, pulled.stderr);
    assert.match(pulled.stderr, /exports is a folder: give the export's JSON files \(exports\/\*\.json\)/);
  } finally { cleanup(dir); }
});

test('makeDirs: a folder and its parents made once; a file in the way, and a folder the file system refuses (/proc), fail at once (Node\'s recursive mkdir spins there without end)', async () => {
  const { makeDirs } = await import('../src/core/dirs.ts');
  const dir = tempDir();
  try {
    makeDirs(path.join(dir, 'a', 'b', 'c'));
    makeDirs(path.join(dir, 'a', 'b', 'c'));
    assert.ok(statSync(path.join(dir, 'a', 'b', 'c')).isDirectory());
    writeFileSync(path.join(dir, 'file'), 'x');
    assert.throws(() => makeDirs(path.join(dir, 'file', 'sub')), (e: unknown) => (e as NodeJS.ErrnoException).code === 'EEXIST' && systemError(e) === `cannot write ${path.join(dir, 'file')}: a file is there where a folder is to be made (EEXIST)`);
    if (existsSync('/proc/self')) {
      assert.throws(() => makeDirs('/proc/tplsync-x/y'), (e: unknown) => systemError(e) === 'cannot write /proc/tplsync-x: the file system does not let a folder be made there (ENOENT)');
      const r = await cliIn(['preview', '--out', '/proc/tplsync-x'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
    }
  } finally { cleanup(dir); }
});

// (a named pipe at --out, with and without a reader, and signals while it waits: output-in-place.test.ts)
test('--out at a full device, a folder or a folder of /proc: exit 3 at once, with the path and the reason, never a read without end', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/hi.en_US.yaml': 'channel: shop-whatsapp\nname: hi\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hello there, your order is ready for pickup.\n' });
    let r = await cliIn(['types', '--out', 'templates'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "--out templates is a folder: give the module's file");
    if (existsSync('/dev/full')) {
      r = await cliIn(['types', '--out', '/dev/full'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, 'cannot write /dev/full: no space left on the device (ENOSPC)');
      r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', '/dev/full'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, 'cannot write /dev/full: no space left on the device (ENOSPC)');
    }
    if (existsSync('/proc/self')) {
      r = await cliIn(['types', '--out', '/proc/tplsync-t.ts'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, 'cannot open /proc/tplsync-t.ts: the file system does not let a file be made there (ENOENT)');
    }
  } finally { cleanup(dir); }
});

test('the command line under a file size limit: exit 3 and what happened, not an internal error', async () => {
  const dir = tempDir();
  try {
    const en = 'channel: shop-whatsapp\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "' + 'Your order is on its way. '.repeat(30) + '"\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': en });
    const r = await execa('bash', ['-c', `ulimit -f 1 && exec node "$0" translations export --source en_US --target de`, BIN], { cwd: dir, reject: false });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /^tplsync: cannot write.*the file would be larger than this process may write \(ulimit -f\) \(EFBIG\)$/m);
    assert.not.match(r.stderr, /internal error|This is a bug/);
    // the export's file was not half-written: no temp file is left beside it
    assert.equal(readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp')), []);
  } finally { cleanup(dir); }
});

test('many files written at once under a file size limit: the files written are whole, the one that failed keeps its old text, no temp file is left', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'a/old.txt': 'old text\n' });
    // writeFilesAtomic (pull's road: many files in flight): the small files fit under 1 block of
    // 512 bytes, the large one does not, and replaces a file that must keep its old text
    const script = `const { writeFilesAtomic } = await import(${JSON.stringify(path.join(ROOT, 'dist', 'files', 'write.js'))});
      const files = [...Array(20).keys()].map((i) => ({ file: 'a/f' + i + '.txt', data: 'text ' + i + '\\n' }));
      files.splice(10, 0, { file: 'a/old.txt', data: 'x'.repeat(4096) });
      try { await writeFilesAtomic(files, { concurrency: 4 }); console.log('no error'); } catch (e) { console.log(e.code); }`;
    const r = await execa('bash', ['-c', `ulimit -f 1 && exec node --input-type=module -e "$0"`, script], { cwd: dir, reject: false });
    assert.is(r.stdout.trim(), 'EFBIG', r.stderr);
    assert.is(readFileSync(path.join(dir, 'a', 'old.txt'), 'utf8'), 'old text\n');
    const left = readdirSync(path.join(dir, 'a')).sort();
    assert.equal(left.filter((f) => f.endsWith('.tmp')), []);
    for (const f of left.filter((f) => /^f\d+\.txt$/.test(f))) assert.match(readFileSync(path.join(dir, 'a', f), 'utf8'), /^text \d+\n$/);
  } finally { cleanup(dir); }
});

test.run();
