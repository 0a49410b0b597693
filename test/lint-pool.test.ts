// Worker threads change nothing but speed: the same findings in the same order.
import { chmodSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, VALID, ROOT, cleanup, tempDir, writeFiles } from './helpers.ts';

test('a pool of workers gives exactly the in-process result (built dist)', async () => {
  const run = await import(path.join(ROOT, 'dist', 'lint', 'lint-files.js')) as typeof import('../src/lint/lint-files.ts');
  const { discoverFiles } = await import(path.join(ROOT, 'dist', 'files', 'discover.js')) as typeof import('../src/files/discover.ts');
  const { loadConfig } = await import(path.join(ROOT, 'dist', 'config', 'load.js')) as typeof import('../src/config/load.ts');
  const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
  for (let i = 0; i < 500; i++) {
    let t = VALID.replace('order_ready', `t${i}`);
    if (i % 3 === 0) t = t.replace('UTILITY', 'UTILTY');
    if (i % 5 === 0) t = t.replace('language: en_US', '# tplsync-disable-next-line language-unknown -- test\nlanguage: xx_YY');
    files[`templates/t${i}.yaml`] = t;
  }
  const dir = tempDir();
  try {
    writeFiles(dir, files);
    const config = await loadConfig({ cwd: dir });
    const entries = await discoverFiles(config, [], dir);
    const now = new Date('2026-01-01T00:00:00Z');
    const pooled = await run.lintEntries(entries, { now, pool: 'always', workers: 2 });
    const inline = await run.lintEntries(entries, { now, pool: 'never' });
    assert.is(pooled.length, 500);
    assert.equal(pooled, inline);
    assert.is(inline.filter((r) => r.diagnostics.some((d) => d.ruleId === 'category')).length, 167);
  } finally { cleanup(dir); }
});

test('files read ahead on a worker give exactly the in-process result, odd files included (built dist)', async () => {
  const run = await import(path.join(ROOT, 'dist', 'lint', 'lint-files.js')) as typeof import('../src/lint/lint-files.ts');
  const { discoverFiles } = await import(path.join(ROOT, 'dist', 'files', 'discover.js')) as typeof import('../src/files/discover.ts');
  const { loadConfig } = await import(path.join(ROOT, 'dist', 'config', 'load.js')) as typeof import('../src/config/load.ts');
  const files: Record<string, string | Uint8Array> = { 'tplsync.config.yaml': CONFIG };
  // enough files for the read-ahead (2,000 or more), and among them every kind of file it hands back
  for (let i = 0; i < 2100; i++) files[`templates/t${String(i).padStart(4, '0')}.yaml`] = VALID.replace('order_ready', `t${i}`).replace(i % 4 === 0 ? 'UTILITY' : '@', 'UTILTY');
  files['templates/t0300.yaml'] = '';
  files['templates/t0700.yaml'] = `${VALID}description: "${'x'.repeat(70_000)}"\n`; // larger than one read of the worker
  files['templates/t0900.yaml'] = `${VALID}# ${'y'.repeat(1_100_000)}\n`; // over the size bound
  files['templates/t1100.yaml'] = new Uint8Array([0xff, 0xfe, 0x6e, 0x00]); // not UTF-8
  files['templates/t1500.yaml'] = 'name: [unclosed\n';
  const dir = tempDir();
  try {
    writeFiles(dir, files);
    const config = await loadConfig({ cwd: dir });
    const entries = await discoverFiles(config, [], dir);
    // one file gone between discovery and the read, one unreadable
    rmSync(path.join(dir, 'templates', 't1900.yaml'));
    const locked = path.join(dir, 'templates', 't2000.yaml');
    chmodSync(locked, 0o000);
    const now = new Date('2026-01-01T00:00:00Z');
    // how many files come from the worker depends on timing; the findings may not
    const ahead = await run.lintEntries(entries, { now, workers: 2 });
    const alone = await run.lintEntries(entries, { now, pool: 'never' });
    const kept = await run.lintEntries(entries, { now, workers: 2, keepValue: true });
    const keptAlone = await run.lintEntries(entries, { now, pool: 'never', keepValue: true });
    chmodSync(locked, 0o644);
    assert.is(ahead.length, 2100);
    assert.equal(ahead, alone);
    assert.equal(kept, keptAlone, 'values and hashes too');
    const ids = (name: string) => alone.find((r) => r.file.endsWith(name))!.diagnostics.map((d) => d.ruleId);
    assert.ok(ids('t0900.yaml').includes('file-too-large'), ids('t0900.yaml').join());
    assert.ok(ids('t1900.yaml').includes('file-unreadable'), ids('t1900.yaml').join());
    assert.is(kept.find((r) => r.file.endsWith('t0700.yaml'))!.value!.description, 'x'.repeat(70_000));
  } finally { cleanup(dir); }
});

test('the read-ahead worker hands back the bytes of each file, or nothing for a file the caller must read itself', async () => {
  const { readAhead } = await import(path.join(ROOT, 'dist', 'files', 'read-ahead.js')) as typeof import('../src/files/read-ahead.ts');
  const dir = tempDir();
  try {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`f${String(i).padStart(4, '0')}.yaml`] = `name: f${i}\n${'x'.repeat(i % 97)}\n`;
    files['f0300.yaml'] = 'y'.repeat(70_000); // more than one read of the worker
    writeFiles(dir, files);
    const names = Object.keys(files).sort();
    const abs = names.map((n) => path.join(dir, n));
    rmSync(abs[400]!); // gone before it is read
    const r = readAhead(abs)!;
    assert.ok(r, 'a worker is started for more than a few hundred files');
    try {
      // the caller never waits for the worker; this test does, for the first batch it reads (256..511)
      // however long a loaded machine takes (a worker that never delivers fails the file at the runner's limit)
      while (r.bytes(256) === undefined) await r.arrived(0);
      let delivered = 0;
      for (let i = 256; i < 512; i++) {
        const b = r.bytes(i);
        if (i === 300 || i === 400) { assert.is(b, undefined, names[i]); continue; }
        assert.ok(b, names[i]);
        assert.is(Buffer.from(b!).toString('utf8'), files[names[i]!]);
        delivered++;
      }
      assert.is(delivered, 254);
      assert.is(r.bytes(100), undefined, 'before the first batch: read by the caller');
    } finally { r.close(); }
  } finally { cleanup(dir); }
});

test.run();
