// The client against every fault the emulator can inject: it recovers where it should and
// fails with the right typed error where it should not. The whole matrix runs with a canary
// key, and no message, log line or file may contain it.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { v5 as uuidv5 } from 'uuid';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, type ClientOptions, type RetryInfo } from '../src/api/client.ts';
import { ApiError, AuthError, ContractError, NotFoundError, RateLimitedError, UnavailableError } from '../src/api/errors.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import type { FaultSettings } from '../src/emulator/faults.ts';
import { CHANNEL_A, cleanup, refusedUrl, tempDir, writeBody } from './helpers.ts';

const CANARY = `tplsync-canary-${randomUUID()}`;
// Faults are decided from each request (seed, identity, attempt), so the ids are fixed too:
// the same run gives the same faults every time, whatever order the concurrent requests arrive in.
const NS = '3d1f4c1e-7a53-4d0a-9a3e-1f2b3c4d5e6f';
const fixedId = (what: string): string => uuidv5(what, NS);
const seen: string[] = []; // every message, log line and error rendering, for the canary check
const dir = tempDir();
const dataFile = path.join(dir, 'emu.json');
let emu: RunningEmulator;

// Each attempt's time-out is a signal the test holds, not a timer: it fires when the emulator
// reports that it hung that very request, and never otherwise. A healthy request on a slow,
// loaded machine is never cut off, and a hung one is given up at once.
const attempts = new Map<string, AbortController[]>();
const timeoutSignal: NonNullable<ClientOptions['timeoutSignal']> = (ms, a) => {
  const c = new AbortController();
  const key = `${a.method} ${a.target}`;
  attempts.set(key, [...(attempts.get(key) ?? []), c]);
  return c.signal;
};
function onLog(line: string): void {
  seen.push(line);
  const hung = /^(\S+ \S+) hung /.exec(line);
  if (!hung) return;
  // every attempt of that request still waiting (an attempt already answered ignores the abort)
  for (const c of attempts.get(hung[1]!) ?? []) c.abort(new DOMException('the emulator hung the request', 'TimeoutError'));
  attempts.delete(hung[1]!);
}

test.before(async () => {
  emu = await startEmulator({ keys: [CANARY], dataFile, reviewDelayMs: 0, statusDelayMs: 0, log: onLog });
});
test.after(async () => { await emu.close(); cleanup(dir); });

function client(o: Partial<ClientOptions> = {}, retries: RetryInfo[] = []) {
  return createClient({
    baseUrl: emu.url, apiKey: CANARY, backoffBaseMs: 1, backoffCapMs: 4, maxRetryAfterMs: 20, retries: 6, timeoutSignal,
    onRetry: (r) => { retries.push(r); seen.push(JSON.stringify(r)); }, ...o,
  });
}
function record(e: unknown): unknown {
  seen.push(String(e), (e as Error).message, (e as Error).stack ?? '', inspect(e, { depth: 5 }), JSON.stringify(e));
  return e;
}
async function expectError<T extends ApiError>(p: Promise<unknown>, type: new (...a: never[]) => T, exitCode: number): Promise<T> {
  try { await p; } catch (e) {
    record(e);
    assert.instance(e, type, `${(e as Error).name}: ${(e as Error).message}`);
    assert.is((e as ApiError).exitCode, exitCode);
    return e as T;
  }
  assert.unreachable(`expected ${type.name}`);
  throw new Error('unreachable');
}

const recoveries: [string, FaultSettings][] = [
  ['500/502/503', { errorRate: 0.5 }],
  ['429 with Retry-After', { rateLimitRate: 0.5, retryAfterSec: 1 }],
  ['connection reset', { resetRate: 0.5 }],
  ['a hang (time-out)', { hangRate: 0.3 }],
  ['a truncated body', { truncateRate: 0.5 }],
  ['a body that is not JSON', { nonJsonRate: 0.5 }],
  ['written but the response lost', { lostResponseRate: 0.5 }],
  ['latency with jitter', { latencyMs: 5, jitterMs: 10 }],
];

for (const [name, faults] of recoveries) {
  test(`recovers from ${name}: every write lands exactly once, reads and sends succeed`, async () => {
    // seed 12: a fixed scenario (faults are a function of seed, request and attempt) in which no
    // request draws a fault on all 7 of its attempts; it replays identically on every run
    emu.setFaults({ seed: 12, ...faults });
    const retries: RetryInfo[] = [];
    const c = client({}, retries);
    const ids = Array.from({ length: 12 }, (_, i) => fixedId(`${name} template ${i}`));
    await Promise.all(ids.map((id) => c.writeTemplate(CHANNEL_A, id, writeBody(`f_${id.slice(0, 6)}`))));
    for (const id of ids) assert.is((await c.getTemplate(CHANNEL_A, id))?.name, `f_${id.slice(0, 6)}`);
    const cm = fixedId(`${name} message`);
    const req = { clientMessageId: cm, messages: [{ receiver: '+4915100000005', type: 'text', data: { message: 'hello' } }] };
    const sent = await c.sendConversation(CHANNEL_A, req);
    assert.is(sent.clientMessageId, cm);
    assert.is((await c.allMessageStatuses(cm)).length, 1);
    emu.setFaults({});
    // exactly once: the retried send was answered with the first result, not sent again
    assert.equal(await c.sendConversation(CHANNEL_A, req), sent);
    for (const id of ids) assert.is(emu.state.templates.get(`${CHANNEL_A}/${id}`)?.writes, 1, 'one write per template');
    if (!faults.latencyMs) assert.ok(retries.length > 0, 'the fault was actually hit');
    if (faults.rateLimitRate) assert.ok(retries.some((r) => r.reason === 'HTTP 429' && r.delayMs === 20), 'Retry-After honoured, capped at maxRetryAfterMs');
  });
}

test('Retry-After below the cap is honoured as given', async () => {
  emu.setFaults({ seed: 3, rateLimitRate: 0.3, retryAfterSec: 0 });
  const retries: RetryInfo[] = [];
  const c = client({}, retries);
  for (let i = 0; i < 8; i++) await c.getTemplate(CHANNEL_A, fixedId(`retry-after read ${i}`));
  emu.setFaults({});
  assert.ok(retries.length > 0, 'a 429 was hit');
  assert.ok(retries.every((r) => r.delayMs === 0));
});

test('gives up with typed errors: unavailable (7), rate limited (7), authentication (6), contract (70), network (7)', async () => {
  emu.setFaults({ errorRate: 1 });
  const e1 = await expectError(client({ retries: 2 }).getTemplate(CHANNEL_A, randomUUID()), UnavailableError, 7);
  assert.match(e1.message, /gave up after 3 attempts/);
  emu.setFaults({ rateLimitRate: 1, retryAfterSec: 0 });
  await expectError(client({ retries: 2 }).writeTemplate(CHANNEL_A, randomUUID(), writeBody()), RateLimitedError, 7);
  emu.setFaults({ hangRate: 1 });
  // every request hangs: the client's own timer (no injected signal) is what gives up
  const e3 = await expectError(createClient({ baseUrl: emu.url, apiKey: CANARY, backoffBaseMs: 1, retries: 1, timeoutMs: 100 }).getTemplate(CHANNEL_A, randomUUID()), UnavailableError, 7);
  assert.match(e3.message, /no answer within 100 ms/);
  emu.setFaults({});
  await expectError(createClient({ baseUrl: emu.url, apiKey: `${CANARY}-wrong` }).getTemplate(CHANNEL_A, randomUUID()), AuthError, 6);

  // a stand-in server whose answers break the contract
  const bad = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'x', publicId: 'not-a-uuid', status: 'two', statusText: 'APPROVED', chatapp: { name: 'x', components: [], language: 'en', status: 'APPROVED' }, echo: req.headers.apikey }));
  });
  await new Promise<void>((r) => bad.listen(0, '127.0.0.1', r));
  try {
    const port = (bad.address() as AddressInfo).port;
    const e4 = await expectError(createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: CANARY }).getTemplate(CHANNEL_A, randomUUID()), ContractError, 70);
    assert.is(e4.path, 'publicId');
  } finally { bad.close(); }

  // nothing listens: network error after the retries
  await expectError(createClient({ baseUrl: await refusedUrl(), apiKey: CANARY, retries: 1, backoffBaseMs: 1 }).getTemplate(CHANNEL_A, randomUUID()), UnavailableError, 7);
});

test('a server that echoes the key in an error never gets it into a message', async () => {
  const echo = createServer((req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 400, message: `bad key ${String(req.headers.apikey)}` }));
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  try {
    const port = (echo.address() as AddressInfo).port;
    try { await createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: CANARY }).getTemplate(CHANNEL_A, randomUUID()); } catch (e) {
      record(e);
      assert.match((e as Error).message, /\[redacted\]/);
    }
  } finally { echo.close(); }
});

test('a 404 that is not the API\'s answer (a wrong path in baseUrl) is an error, not "no such template"', async () => {
  // the emulator at a path it has no operation at: its own 404 (OPERATION_NOT_FOUND)
  const wrong = createClient({ baseUrl: `${emu.url}/v9`, apiKey: CANARY });
  const e = await expectError(wrong.getTemplate(CHANNEL_A, fixedId('wrong path')), NotFoundError, 3);
  assert.match(e.message, 'No operation at GET /v9/');
  // (a client of code's: its baseUrl is createClient's; the CLI's, made by connect, names the environment's)
  assert.match(e.message, "(not the API's answer for an absent template: check that the client's baseUrl is the API's address");
  // a web server's own page for a path it does not know (not JSON)
  const page = `<!DOCTYPE html>\n<html>\n<head><title>404 Not Found</title></head>\n<body>\n<h1>Not Found</h1>\n${'<p>The requested URL was not found on this server.</p>\n'.repeat(8)}</body>\n</html>\n`;
  const web = createServer((_req, res) => { res.writeHead(404, { 'content-type': 'text/html' }); res.end(page); });
  await new Promise<void>((r) => web.listen(0, '127.0.0.1', r));
  try {
    const port = (web.address() as AddressInfo).port;
    const html = await expectError(createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: CANARY }).getTemplate(CHANNEL_A, fixedId('html')), NotFoundError, 3);
    // the page's first words on one line, not its markup
    assert.match(html.message, 'not found: 404 Not Found Not Found The requested URL');
    assert.not.match(html.message, /<|\n/);
  } finally { web.close(); }
  // the API's own answer for an absent template stays "absent"
  assert.is(await client().getTemplate(CHANNEL_A, fixedId('absent')), null);
});

test('the canary key appears in no message, log line, error rendering or data file', () => {
  assert.ok(seen.length > 20, 'the matrix produced output to check');
  const leaks = seen.filter((s) => s.includes(CANARY));
  assert.equal(leaks, []);
  assert.not.ok(readFileSync(dataFile, 'utf8').includes(CANARY), 'data file');
});

test.run();
