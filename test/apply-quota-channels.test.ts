// A channel waiting for its creation quota window holds only its own creations (trial-ab finding 2):
// the other channels' creations and every edit go on while it waits. Time is never waited for: the
// pacing clock is injected, and each "sleep" moves the emulator's clock as far.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { applyItems, type ApplyItem } from '../src/apply/apply.ts';
import type { PaceClock } from '../src/apply/quota.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, writeBody } from './helpers.ts';

const id = (i: number) => `7b2e3c4d-5e6f-4a70-8b81-${String(i).padStart(12, '0')}`;
const item = (i: number, channelId: string, action: 'create' | 'update' = 'create', text?: string): ApplyItem => ({
  channel: channelId === CHANNEL_A ? 'a' : 'b', name: `paced_${i}`, language: 'en_US', publicId: id(i), channelId, action, body: writeBody(`paced_${i}`, text),
});

test('a quota wait on one channel holds neither the other channel\'s creations nor the edits: they are written before the wait, the waiting channel\'s creations after it', async () => {
  const quota = { limit: 3, windowSeconds: 3600 };
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0, createQuota: quota });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    // a template of channel B that exists: its edit counts against no quota
    await client.writeTemplate(CHANNEL_B, id(60), writeBody('paced_60'));
    const log: string[] = [];
    let offset = 0;
    const clock: PaceClock = { now: () => Date.now() + offset, sleep: async (ms) => { log.push('wait'); offset += ms; emu.advanceClock(ms); } };
    // in plan order: channel A's 6 creations first (3 a window), then B's 2 creations and B's edit
    const items = [...Array.from({ length: 6 }, (_, i) => item(i, CHANNEL_A)), item(50, CHANNEL_B), item(51, CHANNEL_B), item(60, CHANNEL_B, 'update', 'Hello {{1}}, your order is ready at the counter.')];
    const { results } = await applyItems(client, items, { parallelism: 2, quota, clock, onResult: (r) => log.push(`${r.outcome} ${r.name}`) });
    assert.equal(results.map((r) => r.outcome), [...Array(6).fill('created'), 'created', 'created', 'updated'], JSON.stringify(results.filter((r) => r.outcome !== 'created')));
    const done = log.filter((l) => l !== 'wait');
    // A's 3 creations of the first window, then B's 2 creations and B's edit (started before the wait ended, never held by it),
    // then A's other 3, in order, after the wait for A's next window
    assert.equal(done.slice(0, 6).sort(), ['created paced_0', 'created paced_1', 'created paced_2', 'created paced_50', 'created paced_51', 'updated paced_60'], log.join(', '));
    assert.equal(done.slice(6), ['created paced_3', 'created paced_4', 'created paced_5'], log.join(', '));
    assert.ok(log.indexOf('wait') > 0 && log.indexOf('wait') < log.indexOf('created paced_3'), log.join(', '));
  } finally { await emu.close(); }
});

// verify-17 NEW-3: with fewer workers than channels waiting (--parallelism 1), only the channel the worker waited on had
// its wait announced; the other channel, its quota reached too, was held in silence (a CI log read as still creating it)
test('--parallelism 1: each channel\'s wait is announced when its quota is reached, once per window, the one no worker waits on too', async () => {
  const quota = { limit: 2, windowSeconds: 3600 };
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0, createQuota: quota });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    const log: string[] = [];
    let offset = 0;
    const clock: PaceClock = { now: () => Date.now() + offset, sleep: async (ms) => { log.push('sleep'); offset += ms; emu.advanceClock(ms); } };
    const items = [...Array.from({ length: 4 }, (_, i) => item(i, CHANNEL_A)), ...Array.from({ length: 4 }, (_, i) => item(10 + i, CHANNEL_B))];
    const { results } = await applyItems(client, items, {
      parallelism: 1, quota, clock,
      onResult: (r) => log.push(`${r.outcome} ${r.name}`),
      onQuotaWait: (w) => log.push(`wait ${w.channel} ${w.cause} ${Math.round(w.ms / 1000)}`),
    });
    assert.equal(results.map((r) => r.outcome), Array(8).fill('created'));
    const waits = log.filter((l) => l.startsWith('wait '));
    // one line a channel: A's as its second creation filled its window, B's as its own did, both before the worker slept
    assert.equal(waits.map((l) => l.split(' ').slice(0, 3).join(' ')), ['wait a quota', 'wait b quota'], log.join(', '));
    assert.is(log.indexOf(waits[0]!), log.indexOf('created paced_1') + 1, log.join(', '));
    assert.is(log.indexOf(waits[1]!), log.indexOf('created paced_11') + 1, log.join(', '));
    assert.ok(log.indexOf(waits[1]!) < log.indexOf('sleep'), log.join(', '));
  } finally { await emu.close(); }
});

test.run();
