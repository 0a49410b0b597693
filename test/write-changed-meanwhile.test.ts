// A writer that rewrites a file it read (fmt, lint --fix, translations import, pull over a file)
// replaces it only if it still holds what was read: an edit saved between the read and the rename
// (an editor, git checkout, a generator) is kept, and the file said "changed while tplsync ran".
// The moment is injected (the test changes the file between the two steps), never raced.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AtomicWriter, CHANGED_WHILE_RUNNING, FileChanged, writeFileAtomic } from '../src/files/write.ts';
import { formatFile } from '../src/fmt/run.ts';

const leftovers = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.tmp'));
const inTemp = async (use: (dir: string) => void | Promise<void>): Promise<void> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-changed-'));
  try { await use(dir); } finally { rmSync(dir, { recursive: true, force: true }); }
};

test('writeFileAtomic with expect: a file changed since it was read is left with the edit; FileChanged; no temp file', () => inTemp((dir) => {
  const f = path.join(dir, 'a.yaml');
  writeFileSync(f, 'read\n');
  const read = readFileSync(f);
  appendFileSync(f, '# saved by an editor meanwhile\n');
  let err: unknown;
  try { writeFileAtomic(f, 'formatted\n', { verbatim: true, expect: read }); } catch (e) { err = e; }
  assert.instance(err, FileChanged);
  assert.match((err as Error).message, CHANGED_WHILE_RUNNING);
  assert.is(readFileSync(f, 'utf8'), 'read\n# saved by an editor meanwhile\n');
  assert.equal(leftovers(dir), []);
  // the same size, other bytes: changed too; a text expected (as decoded) compares the same way
  writeFileSync(f, 'abcd\n');
  assert.throws(() => writeFileAtomic(f, 'x\n', { verbatim: true, expect: 'abce\n' }), (e: unknown) => e instanceof FileChanged);
  assert.is(readFileSync(f, 'utf8'), 'abcd\n');
  // a file removed meanwhile is not made again
  rmSync(f);
  assert.throws(() => writeFileAtomic(f, 'x\n', { verbatim: true, expect: 'abcd\n' }), (e: unknown) => e instanceof FileChanged);
  assert.equal(readdirSync(dir), []);
  // unchanged: written
  writeFileSync(f, 'read\n');
  writeFileAtomic(f, 'formatted\n', { verbatim: true, expect: readFileSync(f) });
  assert.is(readFileSync(f, 'utf8'), 'formatted\n');
  writeFileAtomic(f, 'again\n', { verbatim: true, expect: 'formatted\n' });
  assert.is(readFileSync(f, 'utf8'), 'again\n');
}));

for (const road of ['callbacks', 'threads'] as const) {
  test(`AtomicWriter (${road}): a file changed since it was read is refused as changed, the others written; no temp file, no spare left`, () => inTemp(async (dir) => {
    const files = [0, 1, 2, 3].map((i) => path.join(dir, `t${i}.de.yaml`));
    for (const f of files) writeFileSync(f, `old ${f}\n`);
    const read = files.map((f) => readFileSync(f, 'utf8'));
    appendFileSync(files[2]!, '# edit\n');
    const w = new AtomicWriter({ collectRefusals: true, ...(road === 'threads' ? { threads: 2 } : {}) });
    assert.is(w.threaded, road === 'threads');
    files.forEach((f, i) => w.write(f, `new ${i}\n`, { expect: read[i] }));
    await w.flush();
    assert.equal(w.refused.map((r) => ({ file: r.file, changed: r.changed })), [{ file: files[2], changed: true }]);
    assert.match(w.refused[0]!.message, CHANGED_WHILE_RUNNING);
    assert.is(readFileSync(files[2]!, 'utf8'), `${read[2]}# edit\n`);
    for (const i of [0, 1, 3]) assert.is(readFileSync(files[i]!, 'utf8'), `new ${i}\n`);
    // the files written, listed (what a run stopped part way says it wrote)
    assert.equal([...w.writtenFiles].sort(), [0, 1, 3].map((i) => files[i]));
    assert.equal(leftovers(dir), []);
  }));
}

test('fmt: a template saved by another program between fmt\'s read and its write keeps that save, and is said "changed while tplsync ran"', () => inTemp((dir) => {
  const abs = path.join(dir, 'welcome.en_US.yaml');
  const text = 'name: welcome\nchannel: wa\nlanguage: en_US\ncategory: UTILITY\nbody:\n    text:   Hello\n';
  writeFileSync(abs, text);
  const edited = `${text}# saved by an editor\n`;
  const r = formatFile({ file: 'welcome.en_US.yaml', abs }, true, () => writeFileSync(abs, edited));
  assert.is(r.kind, 'failed');
  if (r.kind === 'failed') assert.is(r.message, CHANGED_WHILE_RUNNING);
  assert.is(readFileSync(abs, 'utf8'), edited);
  assert.equal(leftovers(dir), []);
  // nothing saved meanwhile: formatted
  assert.is(formatFile({ file: 'welcome.en_US.yaml', abs }, true, () => {}).kind, 'written');
}));

test.run();
