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
    const { readAheadStats } = await import(path.join(ROOT, 'dist', 'files', 'read-ahead.js')) as typeof import('../src/files/read-ahead.ts');
    const before = readAheadStats.delivered;
    const ahead = await run.lintEntries(entries, { now, workers: 2 });
    assert.ok(readAheadStats.delivered - before >= 1500, `read ahead: ${readAheadStats.delivered - before} files`);
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

test.run();
