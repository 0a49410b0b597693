// --shard I/N: balanced (every shard within one template of the others) and stable (adding a
// template moves at most N-1 others, each to a neighbouring shard); plans of real corpora.
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generate } from '../bench/generate.ts';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { shardKeys } from '../src/plan/plan.ts';
import { parseShard, runPlan } from '../src/plan/run.ts';
import { cleanup, CONFIG, ROOT, tempDir, writeFiles } from './helpers.ts';

const keysOf = (n: number, prefix = 'shop-whatsapp/t') => Array.from({ length: n }, (_, i) => `${prefix}${String(i * 7919 % 1000).padStart(3, '0')}/en_US`);
const shards = (keys: string[], count: number) => Array.from({ length: count }, (_, i) => shardKeys(keys, { index: i + 1, count }));

test('every key is in exactly one shard, and the shards differ by at most one key', () => {
  for (let n = 0; n <= 40; n++) {
    for (let count = 1; count <= 7; count++) {
      const keys = keysOf(n);
      const parts = shards(keys, count);
      const sizes = parts.map((s) => s.size);
      assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `n=${n} N=${count}: ${sizes}`);
      assert.is(sizes.reduce((a, b) => a + b, 0), n);
      assert.equal(new Set(parts.flatMap((s) => [...s])).size, n, `n=${n} N=${count}: a key in two shards`);
    }
  }
});

test('the order the keys come in does not matter; the same keys give the same shards', () => {
  const keys = keysOf(23);
  const a = shards(keys, 4).map((s) => [...s].sort());
  const b = shards([...keys].reverse(), 4).map((s) => [...s].sort());
  assert.equal(a, b);
});

test('adding a template moves at most N-1 others, each to a neighbouring shard', () => {
  const count = 4;
  const keys = keysOf(30);
  const before = shards(keys, count);
  const shardOf = (parts: Set<string>[], k: string) => parts.findIndex((s) => s.has(k));
  for (const added of ['shop-whatsapp/a_first/en_US', 'shop-whatsapp/t500x/en_US', 'shop-whatsapp/zz_last/en_US']) {
    const after = shards([...keys, added], count);
    const moved = keys.filter((k) => shardOf(before, k) !== shardOf(after, k));
    assert.ok(moved.length <= count - 1, `${added}: ${moved.length} moved`);
    for (const k of moved) assert.is(Math.abs(shardOf(before, k) - shardOf(after, k)), 1, k);
  }
});

/**
 * The plan of shard i/n (in this process: the plan is the same code the CLI runs, and the
 * flag's way to it is tested with the CLI in plan-apply.test.ts): the keys it covers.
 */
async function planned(dir: string, shard: string): Promise<string[]> {
  const config = await loadConfig({ cwd: dir });
  const conn = await connect(config, {});
  try {
    const plan = await runPlan(config, conn, { paths: [], cwd: dir, shard: parseShard(shard)! });
    return plan.changes.map((c) => `${c.channel}/${c.name}/${c.language}`);
  } finally { await conn.close(); }
}

async function checkCorpus(dir: string, total: number, count: number): Promise<number[]> {
  const parts: string[][] = [];
  for (let i = 1; i <= count; i++) parts.push(await planned(dir, `${i}/${count}`));
  const sizes = parts.map((p) => p.length);
  assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes}`);
  const all = parts.flat();
  assert.is(all.length, total);
  assert.is(new Set(all).size, total, 'a template in two shards');
  // the same shard twice: the same templates
  assert.equal(await planned(dir, `2/${count}`), parts[1]);
  return sizes;
}

test('tplsync plan --shard I/4 on the sample templates: within one of each other, each sample once', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG.replace('templates/**/*.yaml', 'templates/**/*.{yaml,yml}') });
    const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true }).filter((f) => /\.ya?ml$/.test(String(f))).length;
    assert.ok(samples >= 8, `${samples} samples`);
    const sizes = await checkCorpus(dir, samples, 4);
    const q = Math.floor(samples / 4);
    assert.equal([...sizes].sort(), [q, q, q, q].map((x, i) => x + (i >= 4 - (samples % 4) ? 1 : 0)));
  } finally { cleanup(dir); }
});

test('tplsync plan --shard I/5 on 23 generated templates: within one of each other', async () => {
  const dir = tempDir();
  try {
    generate(dir, 23);
    await checkCorpus(dir, 23, 5);
  } finally { cleanup(dir); }
});

test.run();
