// The one bounded work queue (src/core/bounded.ts): at most N items at once, in order; and the
// variant the writers of many files use, which starts nothing after the first failure, lets what
// is under way finish, then throws that first failure. No timers: each item waits on a promise
// the test resolves.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { forEachBounded, forEachBoundedByGroup, forEachUntilFailure } from '../src/core/bounded.ts';

function gate() {
  let open!: () => void;
  let fail!: (e: unknown) => void;
  const p = new Promise<void>((res, rej) => { open = res; fail = rej; });
  return { p, open, fail };
}
const tick = () => new Promise<void>((r) => setImmediate(r));

test('forEachBounded: never more than N at once, every item once', async () => {
  let running = 0;
  let most = 0;
  const seen: number[] = [];
  await forEachBounded([...Array(50).keys()], 3, async (x) => {
    running++; most = Math.max(most, running);
    await tick();
    seen.push(x);
    running--;
  });
  assert.is(most, 3);
  assert.equal(seen.sort((a, b) => a - b), [...Array(50).keys()]);
});

test('forEachUntilFailure: nothing starts after the first failure, what runs finishes, the first failure is thrown', async () => {
  const gates = Array.from({ length: 10 }, gate);
  const started: number[] = [];
  const finished: number[] = [];
  const run = forEachUntilFailure(gates, 2, async (g, i) => { started.push(i); await g.p; finished.push(i); });
  await tick();
  assert.equal(started, [0, 1]);
  gates[0]!.fail(new Error('disk full at 0'));
  await tick();
  // item 1 is still under way; nothing new started
  assert.equal(started, [0, 1]);
  gates[1]!.fail(new Error('second failure'));
  const error = await run.then(() => undefined, (e: unknown) => e);
  assert.match(String(error), /disk full at 0/);
  assert.equal(started, [0, 1]);
  assert.equal(finished, []);
});

test('forEachUntilFailure: all succeed, every item once', async () => {
  const done: number[] = [];
  await forEachUntilFailure([1, 2, 3, 4, 5], 2, async (x) => { await tick(); done.push(x); });
  assert.equal(done.sort(), [1, 2, 3, 4, 5]);
});

test('by group: items of a waiting group are set aside while others go on; each waiting group gets a worker, so a group whose wait ends first goes on before the others (apply: one channel per quota window)', async () => {
  const tick = () => new Promise<void>((res) => setImmediate(res));
  // A and B both wait (their quota windows used up); B's wait ends first
  const waiting = new Set(['A', 'B']);
  const waits = { A: gate(), B: gate() };
  const items = ['a1', 'a2', 'a3', 'x1', 'b1', 'b2', 'x2'];
  const done: string[] = [];
  const run = forEachBoundedByGroup(items, 3, (it) => { const g = it[0]!.toUpperCase(); return waiting.has(g) ? g : undefined; }, async (it) => {
    const g = it[0]!.toUpperCase() as 'A' | 'B';
    if (waiting.has(g)) { await waits[g].p; waiting.delete(g); }
    done.push(it);
  });
  await tick();
  // the items no group holds went on at once, in order
  assert.equal(done, ['x1', 'x2']);
  waits.B.open();
  for (let i = 0; i < 5; i++) await tick();
  // B's wait ended: both of B's items written while A still waits (before, every worker waited on A)
  assert.equal(done, ['x1', 'x2', 'b1', 'b2']);
  waits.A.open();
  await run;
  assert.equal(done.slice(4).sort(), ['a1', 'a2', 'a3']);
});

test.run();
