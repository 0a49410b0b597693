// apply paces creations to the creation quota (issue 26 item 3): it writes what the quota allows,
// waits for the next window (announced), honours a server's 429 Retry-After, stops cleanly on
// Ctrl-C, and with --no-wait-for-quota holds the rest back (exit 5; a re-run continues). Time is
// never waited for: the pacing clock is injected and each of its "sleeps" moves the emulator's
// clock by as much, so the server's window and apply's agree without any real timer. The CLI's
// own wait (an hour) is only ever ended by Ctrl-C, sent once the wait was announced.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { applyItems, type ApplyItem } from '../src/apply/apply.ts';
import { applyExit } from '../src/apply/run.ts';
import { describeQuotaWait, type PaceClock, type QuotaWait } from '../src/apply/quota.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import Ajv from 'ajv';
import { execa } from 'execa';
import { BIN, CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, withChild, writeBody, writeFiles } from './helpers.ts';

const HOUR = 3600_000;
const id = (i: number) => `7b2e3c4d-5e6f-4a70-8b81-${String(i).padStart(12, '0')}`;
const item = (i: number, channelId = CHANNEL_A): ApplyItem => ({
  channel: channelId === CHANNEL_A ? 'shop-whatsapp' : 'shop-other', name: `paced_${i}`, language: 'en_US', publicId: id(i), channelId, action: 'create', body: writeBody(`paced_${i}`),
});

/** the pacing clock of a test: real time plus what was "slept", and every sleep moves the emulator's clock as far */
function movingClock(emu: RunningEmulator, onSleep: (ms: number) => void = () => {}): PaceClock & { slept: number[] } {
  let offset = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => Date.now() + offset,
    sleep: async (ms) => { slept.push(ms); offset += ms; emu.advanceClock(ms); onSleep(ms); },
  };
}

async function withEmu(quota: { limit: number; windowSeconds: number } | undefined, use: (emu: RunningEmulator) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0, ...(quota ? { createQuota: quota } : {}) });
  try { await use(emu); } finally { await emu.close(); }
}
const client = (emu: RunningEmulator) => createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });

test('a write the service acknowledged is reported written when reading it back fails (the read says nothing of the write), with a note that it was not checked', () => withEmu(undefined, async (emu) => {
  emu.setFaults({ errorRate: 1, operations: ['read'] });
  const { results } = await applyItems(client(emu), [item(1), item(2)], { parallelism: 2 });
  emu.setFaults({});
  assert.equal(results.map((r) => r.outcome), ['created', 'created']);
  for (const r of results) assert.match(r.note ?? '', /^the service acknowledged the write; reading it back failed \(.*\), so what the channel holds was not checked: tplsync plan shows it$/);
  assert.is(emu.state.templates.size, 2);
}));

test('the emulator\'s latency slows only the operations faults are limited to', () => withEmu(undefined, async (emu) => {
  emu.setFaults({ latencyMs: 60_000, operations: ['write'] });
  // a read answers at once (a read held 60 s would outlast the test's own limit)
  assert.is(await client(emu).getTemplate(CHANNEL_A, id(9)), null);
  emu.setFaults({});
}));

test('writes what the quota allows, waits for the next window (announced once per wait), and creates everything', () => withEmu({ limit: 3, windowSeconds: 3600 }, async (emu) => {
  const clock = movingClock(emu);
  const waits: QuotaWait[] = [];
  const items = [...Array.from({ length: 7 }, (_, i) => item(i)), item(50, CHANNEL_B), item(51, CHANNEL_B)];
  const { results } = await applyItems(client(emu), items, { parallelism: 4, quota: { limit: 3, windowSeconds: 3600 }, clock, onQuotaWait: (w) => waits.push(w) });
  assert.equal(results.map((r) => r.outcome), Array(9).fill('created'), JSON.stringify(results.filter((r) => r.outcome !== 'created')));
  assert.is(emu.state.templates.size, 9);
  // 7 creations at 3 a window: two waits, both on channel A, both for the quota (no 429 was needed)
  assert.is(waits.length, 2, JSON.stringify(waits));
  assert.ok(waits.every((w) => w.channelId === CHANNEL_A && w.cause === 'quota' && w.ms > HOUR - 600_000 && w.ms <= HOUR), JSON.stringify(waits));
  assert.match(describeQuotaWait(waits[0]!), /^channel shop-whatsapp: 3 creations within 3600 s, the environment's creation quota; waiting until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((\d+ h )?\d+ min( \d+ s)?\) for the next window; Ctrl-C stops, a re-run continues$/);
}));

test('a 429 of the server (its quota is smaller than the config says) waits for its Retry-After and goes on', () => withEmu({ limit: 2, windowSeconds: 3600 }, async (emu) => {
  const clock = movingClock(emu);
  const waits: QuotaWait[] = [];
  const items = Array.from({ length: 5 }, (_, i) => item(100 + i));
  const { results } = await applyItems(client(emu), items, { parallelism: 8, quota: { limit: 100, windowSeconds: 3600 }, clock, onQuotaWait: (w) => waits.push(w) });
  assert.equal(results.map((r) => r.outcome), Array(5).fill('created'), JSON.stringify(results));
  assert.is(emu.state.templates.size, 5);
  assert.ok(waits.length >= 2 && waits.every((w) => w.cause === 'server'), JSON.stringify(waits));
  assert.match(describeQuotaWait(waits[0]!), /the service answered 429/);
  // each wait is the server's Retry-After (whole seconds, up to an hour)
  assert.ok(clock.slept.every((ms) => ms > 0 && ms <= HOUR), JSON.stringify(clock.slept));
}));

test('Ctrl-C during a wait: the wait ends, nothing new starts, the rest is not started (notStarted)', () => withEmu({ limit: 3, windowSeconds: 3600 }, async (emu) => {
  const ctl = new AbortController();
  const clock: PaceClock = { now: () => Date.now(), sleep: async () => { ctl.abort(); } };
  const items = Array.from({ length: 6 }, (_, i) => item(200 + i));
  const out = await applyItems(client(emu), items, { parallelism: 2, quota: { limit: 3, windowSeconds: 3600 }, clock, signal: ctl.signal });
  assert.is(out.results.filter((r) => r.outcome === 'created').length, 3);
  assert.is(out.results.filter((r) => r.outcome === 'skipped' && r.notStarted === true && !r.deferred).length, 3);
  assert.is(emu.state.templates.size, 3);
}));

test('without waiting: what the quota allows is created, the rest held back with when; exit 5, a re-run continues', () => withEmu(undefined, async (emu) => {
  const clock = movingClock(emu);
  const items = [...Array.from({ length: 5 }, (_, i) => item(300 + i)), { ...item(400), action: 'update' as const }];
  const out = await applyItems(client(emu), items, { parallelism: 3, quota: { limit: 2, windowSeconds: 3600 }, waitForQuota: false, clock });
  assert.equal(clock.slept, [], 'never waits');
  const deferred = out.results.filter((r) => r.deferred === 'quota');
  assert.is(out.results.filter((r) => r.outcome === 'created').length, 2);
  assert.is(deferred.length, 3);
  assert.ok(deferred.every((r) => r.outcome === 'skipped' && r.retryAt && /re-run continues/.test(r.error!)), JSON.stringify(deferred));
  assert.is(out.results.find((r) => r.name === 'paced_400')!.outcome, 'updated', 'an update takes no slot');
  const exit = applyExit(out, { waited: false, interrupted: false });
  assert.is(exit.code, 5);
  assert.match(exit.message!, /^3 templates not created: the creation quota is used up \(the next window from \d{4}-.*\); a re-run continues with them/);
  // held back before anything was written (the server's window was full): still 5, not "unavailable"
  const onlyDeferred = { results: deferred };
  assert.is(applyExit(onlyDeferred, { waited: false, interrupted: false }).code, 5);
}));

test('CLI: --no-wait-for-quota stops at the server\'s 429 with exit 5 and the results say what is left; after the window a re-run creates the rest', async () => {
  const dir = tempDir();
  await withEmu({ limit: 2, windowSeconds: 3600 }, async (emu) => {
    try {
      const files: Record<string, string> = { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n` };
      for (const i of [0, 1, 2]) files[`templates/t${i}.yaml`] = templateText(i);
      writeFiles(dir, files);
      const env = { TPLSYNC_API_KEY: 'k1' };
      let r = await cliIn(['apply', '--auto-approve', '--no-wait-for-quota', '--parallelism', '1', '--results', 'out.json'], { cwd: dir, env });
      assert.is(r.exitCode, 5, r.stdout + r.stderr);
      assert.match(r.stderr, /1 template not created: the creation quota is used up \(the next window from .*\) \(see out\.json\); a re-run continues/);
      const doc = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { results: { outcome: string; deferred?: string }[] };
      assert.is(doc.results.filter((x) => x.deferred === 'quota' && x.outcome === 'skipped').length, 1);
      const resultsSchema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')));
      assert.ok(resultsSchema(doc), JSON.stringify(resultsSchema.errors));
      assert.is(emu.state.templates.size, 2);
      emu.advanceClock(HOUR);
      r = await cliIn(['apply', '--auto-approve', '--no-wait-for-quota'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /1 created, 0 updated, 0 failed/);
    } finally { cleanup(dir); }
  });
});

test('CLI: Ctrl-C during an hour-long wait for the window ends it at once: exit 130, the results written, a re-run continues', async () => {
  const dir = tempDir();
  await withEmu({ limit: 1, windowSeconds: 3600 }, async (emu) => {
    try {
      const files: Record<string, string> = { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n` };
      for (const i of [0, 1]) files[`templates/t${i}.yaml`] = templateText(i);
      writeFiles(dir, files);
      const r = await withChild(() => execa('node', [BIN, 'apply', '--auto-approve', '--parallelism', '1', '--results', 'out.json'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k1' }, reject: false }), async (proc) => {
        // the signal goes once the wait was announced (the emulator's Retry-After is an hour)
        await new Promise<void>((resolve, reject) => {
          let err = '';
          proc.stderr!.on('data', (d: Buffer) => { err += d.toString(); if (/waiting until/.test(err)) resolve(); });
          proc.once('exit', () => reject(new Error(`apply ended before waiting: ${err}`)));
        });
        proc.kill('SIGINT');
        return proc;
      });
      assert.is(r.exitCode, 130, String(r.stderr));
      assert.match(String(r.stderr), /tplsync: channel shop-whatsapp: the service answered 429 Too Many Requests to a creation; waiting until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(\d+ (h|min) [^)]*\) for the next window; Ctrl-C stops, a re-run continues/);
      const doc = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { summary: { created: number; skipped: number } };
      assert.equal([doc.summary.created, doc.summary.skipped], [1, 1]);
      assert.is(emu.state.templates.size, 1);
    } finally { cleanup(dir); }
  });
});

test('config: createQuota per environment, 100 per hour by default; a bad one is refused at its place', async () => {
  const { loadConfig } = await import('../src/config/load.ts');
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  a:\n    emulator: e.json\n    createQuota: { limit: 5, windowSeconds: 60 }\n  b:\n    emulator: f.json\n` });
    const c = await loadConfig({ cwd: dir });
    assert.equal(c.environments.a!.createQuota, { limit: 5, windowSeconds: 60 });
    assert.equal(c.environments.b!.createQuota, { limit: 100, windowSeconds: 3600 });
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  a:\n    emulator: e.json\n    createQuota: { limit: 0, windowSeconds: 60 }\n` });
    let message = '';
    try { await loadConfig({ cwd: dir }); } catch (e) { message = (e as Error).message; }
    assert.match(message, /tplsync\.config\.yaml:4:\d+.*createQuota/s);
  } finally { cleanup(dir); }
});

test.run();
