// An API that cannot be reached (nothing listens at the baseUrl, its name not found) is found out
// once for the run: the first request whose connection does not open tries again with its backoff
// while the others wait for what it finds, and once it gives up, the requests that follow are not
// sent (trial-az F4: 140 reads each went through its own backoff, 701 requests and 36 s for exit 7).
// A live server that answers 5xx or resets is not that: each request is retried on its own.
// Requests are counted from the client's own log (one line per attempt), the waits are made zero
// (the jitter source), and the pause after the API was found unreachable runs on an injected clock.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, type ClientOptions } from '../src/api/client.ts';
import { ApiError, UnavailableError } from '../src/api/errors.ts';
import { HOST_DOWN_MS } from '../src/api/retry.ts';
import { applyItems, type ApplyItem } from '../src/apply/apply.ts';
import { applyExit } from '../src/apply/run.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, refusedUrl, tempDir, writeBody } from './helpers.ts';

const KEY = 'key-unreachable-7c1d';
const id = (i: number) => `5c3e2a1b-7d6f-4e80-9a12-${String(i).padStart(12, '0')}`;

/** a client with zero waits before retries, its attempts counted (each log line of an attempt starts with its method) */
function counted(baseUrl: string, o: Partial<ClientOptions> = {}): { client: ReturnType<typeof createClient>; attempts: () => number; log: string[] } {
  const log: string[] = [];
  const client = createClient({ baseUrl, apiKey: KEY, retries: 4, concurrency: 8, random: () => 0, log: (l) => log.push(l), ...o });
  return { client, attempts: () => log.filter((l) => /^(GET|POST) /.test(l)).length, log };
}

/** each promise's error, in the order they settle */
async function errorsInOrder(ps: Promise<unknown>[]): Promise<unknown[]> {
  const out: unknown[] = [];
  await Promise.all(ps.map((p) => p.then(() => { out.push(undefined); }, (e: unknown) => { out.push(e); })));
  return out;
}

test('40 reads where nothing listens: one request\'s retries, then the rest fail at once (at most parallelism + retries attempts, not 40 x 5)', async () => {
  const url = await refusedUrl();
  const { client, attempts, log } = counted(url);
  const errors = await errorsInOrder(Array.from({ length: 40 }, (_, i) => client.getTemplate(CHANNEL_A, id(i))));
  assert.ok(attempts() <= 8 + 4, `${attempts()} attempts:\n${log.join('\n')}`);
  for (const e of errors) { assert.instance(e, UnavailableError); assert.is((e as ApiError).exitCode, 7); }
  // the first failure heard is the one that explains (a CLI prints it): its own attempts, and what to do
  const host = new URL(url).host.replace(/\./g, '\\.');
  assert.match((errors[0] as Error).message, new RegExp(`network error ECONNREFUSED \\(${host}\\) \\(gave up after 5 attempts\\); nothing answers at ${host}: start the API there`));
  // the others say why they were not sent (or not tried again), with the same advice
  const rest = errors.slice(1).map((e) => (e as Error).message);
  const notSent = rest.filter((m) => / not sent: another request has just failed 5 times with network error ECONNREFUSED/.test(m));
  assert.ok(notSent.length >= 40 - 8, rest.join('\n'));
  for (const m of rest) assert.match(m, /another request has just failed 5 times with network error ECONNREFUSED .*; nothing answers at/);
  for (const e of errors.slice(1)) if ((e as ApiError).notAttempted !== undefined) assert.ok((e as ApiError).notSent);
});

test('a live server answering 503, or resetting: no request is held back, each tries again on its own', async () => {
  const dir = tempDir();
  const emu = await startEmulator({ port: 0, keys: [KEY], dataFile: path.join(dir, 'emu.json'), reviewDelayMs: 0 });
  try {
    for (const fault of [{ errorRate: 1 }, { resetRate: 1 }]) {
      emu.setFaults({ ...fault, operations: ['read'] });
      const { client, attempts } = counted(emu.url, { retries: 2 });
      const errors = await errorsInOrder(Array.from({ length: 6 }, (_, i) => client.getTemplate(CHANNEL_A, id(i))));
      assert.is(attempts(), 6 * 3, JSON.stringify(fault));
      for (const e of errors) {
        assert.instance(e, UnavailableError);
        assert.match((e as Error).message, /gave up after 3 attempts/);
        assert.not.match((e as Error).message, /not sent|another request/);
      }
    }
  } finally { emu.setFaults({}); await emu.close(); cleanup(dir); }
});

test('once found unreachable, a request is not sent for HOST_DOWN_MS; after it, a request tries again', async () => {
  const url = await refusedUrl();
  let now = 1_000_000;
  const { client, attempts } = counted(url, { retries: 2, now: () => now });
  await client.getTemplate(CHANNEL_A, id(1)).catch(() => undefined);
  assert.is(attempts(), 3);
  now += HOST_DOWN_MS - 1;
  const held = await client.writeTemplate(CHANNEL_A, id(2), writeBody('held_back')).then(() => undefined, (e: unknown) => e);
  assert.is(attempts(), 3, 'not sent within the pause');
  assert.instance(held, UnavailableError);
  // never sent: known not to have been acted on
  assert.is((held as ApiError).mayHaveReached, false);
  assert.match((held as ApiError).notAttempted ?? '', /^another request has just failed 3 times with network error ECONNREFUSED/);
  now += 1;
  const again = await client.getTemplate(CHANNEL_A, id(3)).then(() => undefined, (e: unknown) => e);
  assert.is(attempts(), 6, 'tried again after the pause');
  assert.match((again as Error).message, /gave up after 3 attempts/);
});

test('apply that loses the API after 3 writes: those 3 reported written, one write fails on its retries, the rest not attempted (exit 5, a re-run is safe)', async () => {
  const dir = tempDir();
  const emu = await startEmulator({ port: 0, keys: [KEY], dataFile: path.join(dir, 'emu.json'), reviewDelayMs: 0 });
  let closed: Promise<void> | undefined;
  let before = 0;
  try {
    const { client, attempts, log } = counted(emu.url, { retries: 3 });
    const items: ApplyItem[] = Array.from({ length: 8 }, (_, i) => ({ channel: 'shop-whatsapp', name: `lost_${i}`, language: 'en_US', publicId: id(i), channelId: CHANNEL_A, action: 'create', body: writeBody(`lost_${i}`) }));
    const seen: string[] = [];
    const outcome = await applyItems(client, items, {
      parallelism: 1,
      // the API goes away once the third template is written and read back (the port is closed at once: nothing listens)
      onResult: (r) => { seen.push(r.outcome); if (seen.length === 3) { before = attempts(); closed = emu.close(); } },
    });
    const { results } = outcome;
    assert.equal(results.map((r) => r.outcome), ['created', 'created', 'created', 'failed', 'skipped', 'skipped', 'skipped', 'skipped']);
    assert.is(emu.state.templates.size, 3);
    // after the loss: the failed write's own attempts (and at most one on a connection the server had just closed)
    assert.ok(attempts() - before <= 3 + 1 + 1, `${attempts() - before} attempts after the loss:\n${log.join('\n')}`);
    assert.match(results[3]!.error ?? '', /ECONNREFUSED .*gave up after 4 attempts\); nothing answers at/);
    for (const r of results.slice(4)) {
      assert.match(r.error ?? '', /^not attempted: another request has just failed 4 times with network error ECONNREFUSED .*; nothing answers at/);
      assert.is(r.errorExitCode, 7);
    }
    const exit = applyExit(outcome, { waited: false, interrupted: false });
    assert.is(exit.code, 5);
    assert.match(exit.message ?? '', /5 templates did not make it; a re-run is safe and writes only what is missing/);
  } finally { await (closed ?? emu.close()); cleanup(dir); }
});

test('plan of 30 templates where nothing listens: exit 7 with the usual message, after at most parallelism + retries requests', async () => {
  const url = await refusedUrl();
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    retries: 2\n    channels:\n      wa: ${CHANNEL_A}\nchannels:\n  wa: { kind: whatsapp }\n`);
    mkdirSync(path.join(dir, 'templates'));
    for (let i = 0; i < 30; i++) writeFileSync(path.join(dir, 'templates', `n${i}.en_US.yaml`), `channel: wa\nname: notice_${i}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order {{order_id}} of batch ${i} is ready for pickup at the store."\n  examples:\n    order_id: A-1042\n`);
    const r = await cliIn(['plan', '--parallelism', '4', '--debug'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(r.exitCode, 7, r.stderr);
    const gets = r.stderr.split('\n').filter((l) => l.startsWith('tplsync: http GET '));
    assert.ok(gets.length <= 4 + 2, `${gets.length} requests:\n${r.stderr}`);
    const host = new URL(url).host.replace(/\./g, '\\.');
    assert.match(r.stderr.split('\n').at(-1)!, new RegExp(`^tplsync: template read \\(GET [^)]*\\): network error ECONNREFUSED \\(${host}\\) \\(gave up after 3 attempts\\); nothing answers at ${host}: start the API there \\(or tplsync emulator\\), or check the environment's baseUrl$`));
  } finally { cleanup(dir); }
});

test.run();
