// apply --wait: --wait-timeout bounds the wait for the reviews, not the creation quota's pacing
// (a run whose quota wait outlasted it ended "still PENDING", exit 5, without reading a template
// again), each template is read at least once after the writes, and every write is reported when
// it ends, before the quota's wait (nothing was said until every write and wait had ended). Time
// is the test's: one injected clock paces the quota and the reviews and moves the emulator's.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { applyItems, type ApplyItem, type ApplyResult } from '../src/apply/apply.ts';
import type { PaceClock } from '../src/apply/quota.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, writeBody } from './helpers.ts';

const HOUR = 3600_000;
const id = (i: number) => `7b2e3c4d-5e6f-4a70-8b81-${String(i).padStart(12, '0')}`;
const item = (i: number): ApplyItem => ({ channel: 'shop-whatsapp', name: `waited_${i}`, language: 'en_US', publicId: id(i), channelId: CHANNEL_A, action: 'create', body: writeBody(`waited_${i}`) });

/** the test's clock: real time plus what was "slept"; a sleep first lets `before` run, then moves the emulator's clock as far */
function movingClock(emu: RunningEmulator, before: () => Promise<void> = async () => {}): PaceClock & { slept: number[] } {
  let offset = 0;
  const slept: number[] = [];
  return { slept, now: () => Date.now() + offset, sleep: async (ms) => { await before(); slept.push(ms); offset += ms; emu.advanceClock(ms); } };
}

async function withEmu(use: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  // a review takes 1 s of the emulator's clock: the read right after a write finds it PENDING
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 1000, createQuota: { limit: 3, windowSeconds: 3600 } });
  try { await use(emu); } finally { await emu.close(); }
}
const client = (emu: RunningEmulator) => createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });

test('a quota wait longer than --wait-timeout does not use it up: the reviews are followed after the writes, and end APPROVED', () => withEmu(async (emu) => {
  const clock = movingClock(emu);
  const waits: { before: string; timeoutMs: number }[] = [];
  const { results } = await applyItems(client(emu), [1, 2, 3, 4, 5].map(item), {
    parallelism: 4, quota: { limit: 3, windowSeconds: 3600 }, clock, wait: { timeoutMs: 15_000, pollMs: 500, clock }, onReviewWait: (w) => waits.push(w),
  });
  assert.ok(clock.slept.some((ms) => ms > 15_000), `the quota wait (${clock.slept.join(', ')} ms) is longer than the time-out`);
  assert.equal(results.map((r) => [r.outcome, r.status]), [1, 2, 3, 4, 5].map(() => ['created', 'APPROVED']));
  // the whole time-out is granted to the wait for the reviews, which begins when the writes end
  assert.equal(waits.map((w) => [w.before, w.timeoutMs]), [['written', 15_000]]);
}));

test('with no time left for the reviews, each template written PENDING is still read once before it is called pending', () => withEmu(async (emu) => {
  const clock = movingClock(emu);
  const { results } = await applyItems(client(emu), [item(1)], {
    parallelism: 1, quota: { limit: 3, windowSeconds: 3600 }, clock,
    wait: { timeoutMs: 1, pollMs: 500, clock: { now: clock.now, sleep: async (ms) => { await clock.sleep(Math.max(ms, 2000)); } } },
  });
  assert.equal(results.map((r) => [r.outcome, r.status]), [['created', 'APPROVED']]);
}));

test('with --wait, each write is reported when it ends (before the quota wait), and each review when it ends', () => withEmu(async (emu) => {
  const events: string[] = [];
  let reported = 0;
  // the quota's wait begins once the first three are written: it lets their reports come first (bounded, never a race the test depends on)
  const clock = movingClock(emu, async () => {
    for (let i = 0; i < 500 && reported < 3; i++) await new Promise((r) => setTimeout(r, 10));
    events.push(`wait after ${reported}`);
  });
  const { results } = await applyItems(client(emu), [1, 2, 3, 4, 5].map(item), {
    parallelism: 4, quota: { limit: 3, windowSeconds: 3600 }, clock, wait: { timeoutMs: HOUR, pollMs: 500, clock },
    onResult: (r: ApplyResult) => { reported++; events.push(`write ${r.name} ${r.status}`); },
    onWritesDone: () => events.push('writes done'),
    onReviewed: (r: ApplyResult) => events.push(`review ${r.name} ${r.status}`),
  });
  assert.equal(results.map((r) => r.status), ['APPROVED', 'APPROVED', 'APPROVED', 'APPROVED', 'APPROVED']);
  const firstWait = events.findIndex((e) => e.startsWith('wait after'));
  assert.is(events[firstWait], 'wait after 3', events.join('\n'));
  assert.is(events.filter((e) => e.startsWith('write ')).length, 5, events.join('\n'));
  assert.ok(events.filter((e) => e.startsWith('write ')).every((e) => e.endsWith('PENDING')), events.join('\n'));
  const done = events.indexOf('writes done');
  assert.ok(done > 0 && events.slice(done + 1).filter((e) => e.startsWith('review ')).length === 5, events.join('\n'));
}));

test.run();
