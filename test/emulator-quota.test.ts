// The emulator's creation quota (`--create-quota N/SECONDS`, issue 26 item 3): per channel,
// creations beyond N within the window answer 429 with Retry-After and an Error body; edits do
// not count; the window follows the emulator's clock (moved with advanceClock / POST
// /_emulator/clock), so nothing here waits for real time.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkContract } from '../src/schemas/contract.ts';
import { CreateQuota, parseCreateQuota } from '../src/emulator/quota.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { BIN, CHANNEL_A, CHANNEL_B, firstLines, raw, withChild, writeBody } from './helpers.ts';
import { execa } from 'execa';

const id = (i: number) => `6a1d2b3c-4d5e-4f60-8a71-${String(i).padStart(12, '0')}`;
const post = (emu: { url: string }, i: number, ch = CHANNEL_A, text?: string) => raw(`${emu.url}/channel/${ch}/template/${id(i)}`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(writeBody(`quota_${i}`, text)),
});

async function withEmu(use: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  // the emulator's clock stands still but for advanceClock: the Retry-After asserted does not depend on how fast a loaded machine runs the requests
  const frozen = Date.parse('2026-06-01T12:00:00Z');
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0, createQuota: { limit: 3, windowSeconds: 3600 }, baseClock: () => frozen });
  try { await use(emu); } finally { await emu.close(); }
}

test('parseCreateQuota: N/SECONDS, bounded', () => {
  assert.equal(parseCreateQuota('100/3600'), { limit: 100, windowSeconds: 3600 });
  assert.equal(parseCreateQuota(' 5 / 10 '), { limit: 5, windowSeconds: 10 });
  for (const bad of ['', '100', '0/10', '10/0', '-1/10', '1.5/10', '10/99999999', 'a/b']) assert.ok('error' in parseCreateQuota(bad), bad);
});

test('CreateQuota: a sliding window; the oldest creation frees the next slot', () => {
  const q = new CreateQuota({ limit: 2, windowSeconds: 10 });
  assert.equal(q.take('c', 0), { ok: true });
  assert.equal(q.take('c', 4000), { ok: true });
  assert.equal(q.take('c', 5000), { ok: false, retryAfterMs: 5000, used: 2 });
  assert.equal(q.take('other', 5000), { ok: true }, 'per channel');
  assert.equal(q.take('c', 10_000), { ok: true }, 'the creation at 0 left the window at 10 s');
  assert.equal(q.take('c', 10_001), { ok: false, retryAfterMs: 3999, used: 2 });
});

test('beyond N creations in the window: 429, Retry-After in seconds, an Error body; edits and other channels are not held', () => withEmu(async (emu) => {
  for (let i = 0; i < 3; i++) assert.is((await post(emu, i)).status, 200);
  const refused = await post(emu, 3);
  assert.is(refused.status, 429);
  assert.is(refused.headers.get('retry-after'), '3600');
  assert.is(checkContract('Error', refused.body), undefined);
  const body = refused.body as { message: string; errors: { code: string }[] };
  assert.is(body.errors[0]!.code, 'QUOTA_EXCEEDED');
  assert.match(body.message, /3 templates per 3600 s/);
  assert.is(emu.state.template(CHANNEL_A, id(3)), undefined, 'nothing was created');
  const edited = 'Hello {{1}}, your order is now ready for pickup at the store.';
  assert.is((await post(emu, 0, CHANNEL_A, edited)).status, 200, 'an edit takes no slot');
  assert.is((await post(emu, 0, CHANNEL_A, edited)).status, 200, 'an unchanged write neither');
  assert.is((await post(emu, 10, CHANNEL_B)).status, 200, 'another channel has its own quota');
}));

test('the window follows the emulator clock: advancing it (POST /_emulator/clock) frees the slots', () => withEmu(async (emu) => {
  for (let i = 0; i < 3; i++) assert.is((await post(emu, i)).status, 200);
  emu.advanceClock(1800_000);
  const half = await post(emu, 3);
  assert.is(half.status, 429);
  const after = Number(half.headers.get('retry-after'));
  assert.is(after, 1800, 'half an hour left');
  const moved = await raw(`${emu.url}/_emulator/clock`, { key: null, method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: after * 1000 }) });
  assert.is(moved.status, 200);
  assert.is((await post(emu, 3)).status, 200);
  assert.is((await post(emu, 4)).status, 200);
  assert.is((await post(emu, 5)).status, 200);
  assert.is((await post(emu, 6)).status, 429);
}));

test('concurrent creations never exceed the quota', () => withEmu(async (emu) => {
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(emu, 100 + i)));
  assert.is(answers.filter((a) => a.status === 200).length, 3);
  assert.is(answers.filter((a) => a.status === 429).length, 9);
  assert.is([...emu.state.templates.values()].length, 3);
}));

test('tplsync emulator --create-quota: enforced; a bad value is a usage error', async () => {
  const bad = await execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--create-quota', '10'], { reject: false, timeout: 60_000 });
  assert.is(bad.exitCode, 3);
  assert.match(bad.stderr, /--create-quota: expected N\/SECONDS/);
  await withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--review-delay', '0', '--create-quota', '1/60'], { reject: false }), async (proc) => {
    const [line] = await firstLines(proc);
    const url = line!.replace('listening on ', '').trim();
    assert.is((await post({ url }, 1)).status, 200);
    const r = await post({ url }, 2);
    assert.is(r.status, 429);
    // the command line's emulator runs on the machine's clock: the seconds left are 60 less what the two requests took (the exact figure: the in-process tests above, on a clock that stands still)
    const left = Number(r.headers.get('retry-after'));
    assert.ok(Number.isInteger(left) && left >= 1 && left <= 60, `Retry-After ${r.headers.get('retry-after')}`);
  });
});

test.run();
