// Worker threads change nothing but speed: the same findings in the same order.
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

test.run();
