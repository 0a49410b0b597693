// The writer of many files at once (an import): every file replaced through a temp file and a
// rename, two writes of one file in the order asked, a read-only file or a link refused, and no
// temp file left behind whatever happens.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, linkSync, mkdirSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { AtomicWriter, WriteRefused, WritesStopped } from '../src/files/write.ts';
import { ROOT } from './helpers.ts';
import { Interrupted } from '../src/core/interrupt.ts';

const require0 = (d: string): void => { mkdirSync(d, { recursive: true }); };
const leftovers = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));

// each test on both roads: the writes on libuv's threads through callbacks, and on two worker
// threads of the writer's own (`threads`: the worker as built, dist/files/write-worker.js)
for (const road of ['callbacks', 'threads'] as const) {
  const writer = (o: ConstructorParameters<typeof AtomicWriter>[0] = {}, concurrency?: number): AtomicWriter => {
    const w = new AtomicWriter(road === 'threads' ? { ...o, threads: 2 } : o, concurrency);
    assert.is(w.threaded, road === 'threads', 'the road taken');
    return w;
  };

  test(`${road}: many files, one of them twice: each holds the last text asked for, with its mode kept`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      writeFileSync(path.join(dir, 'kept.yaml'), 'old\n', { mode: 0o640 });
      chmodSync(path.join(dir, 'kept.yaml'), 0o640);
      const w = writer({}, 4);
      for (let i = 0; i < 200; i++) w.write(path.join(dir, 'sub', `f${i}.yaml`), `text ${i}\n`);
      for (let k = 0; k < 20; k++) w.write(path.join(dir, 'kept.yaml'), `version ${k}\n`);
      await w.flush();
      for (let i = 0; i < 200; i++) assert.is(readFileSync(path.join(dir, 'sub', `f${i}.yaml`), 'utf8'), `text ${i}\n`);
      assert.is(readFileSync(path.join(dir, 'kept.yaml'), 'utf8'), 'version 19\n');
      assert.is(statSync(path.join(dir, 'kept.yaml')).mode & 0o777, 0o640);
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: a read-only file and a link are refused; flush throws the refusal; no temp file is left`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      writeFileSync(path.join(dir, 'target.yaml'), 'target\n');
      symlinkSync(path.join(dir, 'target.yaml'), path.join(dir, 'link.yaml'));
      const w = writer();
      w.write(path.join(dir, 'link.yaml'), 'replaced\n');
      let err: unknown;
      try { await w.flush(); } catch (e) { err = e; }
      assert.instance(err, WriteRefused);
      assert.match(String((err as Error).message), /symbolic link/);
      assert.is(readFileSync(path.join(dir, 'target.yaml'), 'utf8'), 'target\n');
      writeFileSync(path.join(dir, 'ro.yaml'), 'ro\n');
      chmodSync(path.join(dir, 'ro.yaml'), 0o444);
      const w2 = writer();
      w2.write(path.join(dir, 'ro.yaml'), 'changed\n');
      err = undefined;
      try { await w2.flush(); } catch (e) { err = e; }
      assert.instance(err, WriteRefused);
      assert.is(readFileSync(path.join(dir, 'ro.yaml'), 'utf8'), 'ro\n');
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: replaced files lend their inodes to the next writes: a hard-linked file's other name keeps its text, every mode is kept, no temp file is left`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      const modes = [0o644, 0o640, 0o600, 0o664];
      for (let i = 0; i < 40; i++) { const f = path.join(dir, String(i % 3), `f${i}.yaml`); if (i < 3) require0(path.dirname(f)); writeFileSync(f, `old ${i}\n`.repeat(i + 1)); chmodSync(f, modes[i % 4]!); }
      // f7 has a second name (a hard link outside the writer's files): its inode is never reused
      linkSync(path.join(dir, '1', 'f7.yaml'), path.join(dir, 'other-name.yaml'));
      const ino = (i: number): number => lstatSync(path.join(dir, String(i % 3), `f${i}.yaml`)).ino;
      for (let round = 0; round < 3; round++) {
        const before = new Set(Array.from({ length: 40 }, (_, i) => ino(i)));
        const w = writer({}, 4);
        for (let i = 0; i < 40; i++) w.write(path.join(dir, String(i % 3), `f${i}.yaml`), `round ${round} file ${i}\n`.repeat((i * 7 + round) % 5 + 1));
        await w.flush();
        for (let i = 0; i < 40; i++) {
          const f = path.join(dir, String(i % 3), `f${i}.yaml`);
          assert.is(readFileSync(f, 'utf8'), `round ${round} file ${i}\n`.repeat((i * 7 + round) % 5 + 1));
          assert.is(statSync(f).mode & 0o777, modes[i % 4], `mode of f${i}`);
          assert.is(lstatSync(f).nlink, 1);
        }
        assert.is(readFileSync(path.join(dir, 'other-name.yaml'), 'utf8'), 'old 7\n'.repeat(8));
        // the mechanism: most files now live in an inode one of them had before (the first writes of a batch make new ones)
        const reused = Array.from({ length: 40 }, (_, i) => ino(i)).filter((n) => before.has(n)).length;
        assert.ok(reused >= 30, `${reused} of 40 inodes reused`);
        assert.equal(leftovers(dir), []);
      }
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: a refusal in the middle of many replacements: each file holds its old text or its new one whole, no temp file or kept inode is left`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      for (let i = 0; i < 60; i++) writeFileSync(path.join(dir, `f${i}.yaml`), `old ${i}\n`);
      writeFileSync(path.join(dir, 'target.txt'), 'not mine\n');
      symlinkSync(path.join(dir, 'target.txt'), path.join(dir, 'f30.yaml.link'));
      const w = writer({}, 4);
      for (let i = 0; i < 60; i++) {
        w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
        if (i === 30) w.write(path.join(dir, 'f30.yaml.link'), 'through a link\n');
      }
      let err: unknown;
      try { await w.flush(); } catch (e) { err = e; }
      assert.instance(err, WriteRefused);
      let written = 0;
      for (let i = 0; i < 60; i++) {
        const t = readFileSync(path.join(dir, `f${i}.yaml`), 'utf8');
        assert.ok(t === `old ${i}\n` || t === `new ${i}\n`, `f${i}: ${JSON.stringify(t)}`);
        if (t.startsWith('new')) written++;
      }
      // one after another on libuv's threads, the files asked before the link are written before it; on two threads of their own, the other thread stops wherever it is when the refusal is published
      if (road === 'callbacks') assert.ok(written >= 30 && written < 60, `${written} written`);
      else assert.ok(written < 60, `${written} written`);
      assert.is(readFileSync(path.join(dir, 'target.txt'), 'utf8'), 'not mine\n');
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: create: a new file is made in place; a file or a link already at its name is refused and left as it was`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      writeFileSync(path.join(dir, 'there.yaml'), 'a file the writer did not expect\n');
      writeFileSync(path.join(dir, 'target.txt'), 'target\n');
      symlinkSync(path.join(dir, 'target.txt'), path.join(dir, 'link.yaml'));
      const w = writer({}, 2);
      for (let i = 0; i < 10; i++) w.write(path.join(dir, 'new', `n${i}.yaml`), `new ${i}\n`, { create: true });
      await w.flush();
      for (let i = 0; i < 10; i++) assert.is(readFileSync(path.join(dir, 'new', `n${i}.yaml`), 'utf8'), `new ${i}\n`);
      for (const name of ['there.yaml', 'link.yaml']) {
        const w2 = writer();
        w2.write(path.join(dir, name), 'replaced\n', { create: true });
        let err: unknown;
        try { await w2.flush(); } catch (e) { err = e; }
        assert.instance(err, WriteRefused, name);
      }
      assert.is(readFileSync(path.join(dir, 'there.yaml'), 'utf8'), 'a file the writer did not expect\n');
      assert.is(readFileSync(path.join(dir, 'target.txt'), 'utf8'), 'target\n');
      assert.ok(lstatSync(path.join(dir, 'link.yaml')).isSymbolicLink());
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: collectRefusals: a link, a read-only file and an existing file to create are listed, every other file written, flush does not throw`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      writeFileSync(path.join(dir, 'target.yaml'), 'target\n');
      symlinkSync(path.join(dir, 'target.yaml'), path.join(dir, 'link.yaml'));
      writeFileSync(path.join(dir, 'ro.yaml'), 'ro\n');
      chmodSync(path.join(dir, 'ro.yaml'), 0o444);
      writeFileSync(path.join(dir, 'there.yaml'), 'there\n');
      for (let i = 0; i < 50; i++) writeFileSync(path.join(dir, `f${i}.yaml`), `old ${i}\n`);
      const w = writer({ collectRefusals: true });
      for (let i = 0; i < 50; i++) {
        w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
        if (i === 10) w.write(path.join(dir, 'link.yaml'), 'replaced\n');
        if (i === 20) w.write(path.join(dir, 'ro.yaml'), 'changed\n');
        if (i === 30) w.write(path.join(dir, 'there.yaml'), 'made\n', { create: true });
      }
      await w.flush();
      assert.equal(w.refused.map((r) => `${path.basename(r.file)}: ${/symbolic link|read-only|exists/.exec(r.message)?.[0]}`).sort(), ['link.yaml: symbolic link', 'ro.yaml: read-only', 'there.yaml: exists']);
      for (let i = 0; i < 50; i++) assert.is(readFileSync(path.join(dir, `f${i}.yaml`), 'utf8'), `new ${i}\n`);
      assert.is(readFileSync(path.join(dir, 'target.yaml'), 'utf8'), 'target\n');
      assert.is(readFileSync(path.join(dir, 'ro.yaml'), 'utf8'), 'ro\n');
      assert.is(readFileSync(path.join(dir, 'there.yaml'), 'utf8'), 'there\n');
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: collectRefusals and a signal: the count of files written leaves the refused out`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      writeFileSync(path.join(dir, 'ro.yaml'), 'ro\n');
      chmodSync(path.join(dir, 'ro.yaml'), 0o444);
      for (let i = 0; i < 6; i++) writeFileSync(path.join(dir, `f${i}.yaml`), `old ${i}\n`);
      const stop = new AbortController();
      const w = writer({ signal: stop.signal, collectRefusals: true });
      w.write(path.join(dir, 'ro.yaml'), 'changed\n');
      for (let i = 0; i < 3; i++) w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
      // the first four made (or refused) before the signal: on the threads' road, the batch is sent at flush, after the abort
      if (road === 'callbacks') { await new Promise((r) => setTimeout(r, 0)); await w.flush().catch(() => undefined); }
      stop.abort();
      for (let i = 3; i < 6; i++) w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
      let err: unknown;
      try { await w.flush(); } catch (e) { err = e; }
      const written = [0, 1, 2, 3, 4, 5].filter((i) => readFileSync(path.join(dir, `f${i}.yaml`), 'utf8') === `new ${i}\n`).length;
      assert.is(readFileSync(path.join(dir, 'ro.yaml'), 'utf8'), 'ro\n');
      assert.instance(err, WritesStopped);
      assert.is((err as WritesStopped).written, written, (err as Error).message);
      assert.is((err as WritesStopped).written + (err as WritesStopped).notStarted + w.refused.length, 7);
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: an aborted signal: no write starts, flush says how many were not written, the files are as they were`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      for (let i = 0; i < 5; i++) writeFileSync(path.join(dir, `f${i}.yaml`), `old ${i}\n`);
      const stop = new AbortController();
      stop.abort();
      const w = writer({ signal: stop.signal });
      for (let i = 0; i < 5; i++) w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
      w.write(path.join(dir, 'n.yaml'), 'new\n', { create: true });
      let err: unknown;
      try { await w.flush(); } catch (e) { err = e; }
      assert.instance(err, Interrupted);
      assert.match((err as Error).message, /0 of 6 files written; the other 6 are as they were/);
      for (let i = 0; i < 5; i++) assert.is(readFileSync(path.join(dir, `f${i}.yaml`), 'utf8'), `old ${i}\n`);
      assert.equal(readdirSync(dir).sort(), ['f0.yaml', 'f1.yaml', 'f2.yaml', 'f3.yaml', 'f4.yaml']);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  test(`${road}: a signal aborted between writes: the files not started are as they were, the others hold their new text whole, and flush counts them right`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
    try {
      const N = 400;
      for (let i = 0; i < N; i++) writeFileSync(path.join(dir, `f${i}.yaml`), `old ${i}\n`);
      const stop = new AbortController();
      const w = writer({ signal: stop.signal });
      for (let i = 0; i < N; i++) {
        if (i === N / 2) stop.abort();
        w.write(path.join(dir, `f${i}.yaml`), `new ${i}\n`);
      }
      let err: unknown;
      try { await w.flush(); } catch (e) { err = e; }
      let written = 0;
      for (let i = 0; i < N; i++) {
        const t = readFileSync(path.join(dir, `f${i}.yaml`), 'utf8');
        assert.ok(t === `old ${i}\n` || t === `new ${i}\n`, `f${i}: ${JSON.stringify(t)}`);
        if (t.startsWith('new')) written++;
      }
      // the files asked for after the abort are never started
      assert.ok(written <= N / 2, `${written} written`);
      assert.instance(err, Interrupted);
      assert.match((err as Error).message, `stopped: ${written} of ${N} files written; the other ${N - written} are as they were`);
      assert.equal(leftovers(dir), []);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
}

test('a write that fails on either road names its file and says how many were written before it (a file larger than the process may write)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-writer-'));
  try {
    const script = `import { AtomicWriter } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', 'files', 'write.js')).href)};\n`
      + `import { systemError } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', 'core', 'system-error.js')).href)};\n`
      + `for (const threads of [0, 1]) {\n`
      + `  const w = new AtomicWriter({ threads });\n`
      + `  for (let i = 0; i < 5; i++) w.write(${JSON.stringify(dir)} + '/t' + threads + '-' + i + '.txt', 'small\\n');\n`
      + `  w.write(${JSON.stringify(dir)} + '/big' + threads + '.txt', 'x'.repeat(8192));\n`
      + `  try { await w.flush(); console.log('no failure'); } catch (e) { console.log(threads + ' ' + w.written + ' ' + systemError(e)); }\n`
      + `}\n`;
    writeFileSync(path.join(dir, 'big.mjs'), script);
    // 4 blocks of 1024 bytes: the small files are written, the big one is not
    const r = spawnSync('bash', ['-c', `ulimit -f 4 && exec "${process.execPath}" big.mjs`], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
    const lines = r.stdout.trim().split('\n');
    assert.is(lines.length, 2, r.stdout + r.stderr);
    for (const [k, l] of lines.entries()) {
      const [road, written, ...why] = l.split(' ');
      assert.is(road, String(k));
      assert.is(written, '5', l);
      assert.match(why.join(' '), new RegExp(`^cannot write ${dir.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/big${k}\\.txt: the file would be larger than this process may write \\(ulimit -f\\) \\(EFBIG\\)$`));
    }
    assert.equal(leftovers(dir), []);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
