// A few hundred random malformed requests never crash the emulator, and every error it gives
// is a JSON error body of the contract. Also: the emulator CLI never prints or stores its keys.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkContract } from '../src/schemas/contract.ts';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { FaultPlan, requestIdentity } from '../src/emulator/faults.ts';
import { v5 as uuidv5 } from 'uuid';
import { BIN, CHANNEL_A, cleanup, firstLines, tempDir, withChild, writeBody } from './helpers.ts';

const NS = '5b0c3f7e-2d41-4c55-8e7a-6f1d2c3b4a59';
/** the client's attempts at each write in the CLI test */
const ATTEMPTS = 7;

const uuid = fc.uuid();
const pathArb = fc.oneof(
  fc.tuple(fc.constantFrom('channel'), fc.oneof(uuid, fc.string()), fc.constantFrom('template', 'conversation', 'x'), fc.oneof(uuid, fc.string())).map((p) => `/${p.map(encodeURIComponent).join('/')}`),
  fc.tuple(uuid, fc.string()).map(([u, q]) => `/chatapp-message-status/${u}?limit=${encodeURIComponent(q)}&cursor=${encodeURIComponent(q)}`),
  fc.webPath(),
);
const jsonish = fc.oneof(fc.json(), fc.jsonValue().map((v) => JSON.stringify({ name: 'x', chatapp: { chatapp: v } })), fc.string(), fc.constant(JSON.stringify(writeBody())));
const requestArb = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
  path: pathArb,
  key: fc.constantFrom('k1', 'wrong', ''),
  type: fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', ''),
  body: jsonish,
});

test('property: random requests get JSON answers of the contract, and the emulator stays up', async () => {
  const emu = await startEmulator({ keys: ['k1'] });
  try {
    await fc.assert(fc.asyncProperty(requestArb, async (r) => {
      const headers: Record<string, string> = {};
      if (r.key) headers.apiKey = r.key;
      if (r.type) headers['content-type'] = r.type;
      const withBody = r.method !== 'GET';
      const res = await fetch(`${emu.url}${r.path.startsWith('/') ? r.path : `/${r.path}`}`, { method: r.method, headers, ...(withBody ? { body: r.body } : {}) });
      const text = await res.text();
      assert.ok(res.status < 500, `${r.method} ${r.path}: ${res.status} ${text}`);
      const body = JSON.parse(text);
      if (res.status >= 400) assert.is(checkContract('Error', body), undefined, text);
    }), { numRuns: 300 });
    // raw garbage on the socket
    for (const junk of ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n', '\u0000\u0001\u0002 nonsense\r\n\r\n', 'POST /channel HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n']) {
      await new Promise<void>((resolve) => {
        const s = connect(emu.port, '127.0.0.1', () => s.end(junk));
        s.on('data', () => {}); s.on('close', () => resolve()); s.on('error', () => resolve());
      });
    }
    const ok = await createClient({ baseUrl: emu.url, apiKey: 'k1' }).writeTemplate(CHANNEL_A, randomUUID(), writeBody());
    assert.is(ok.name, 'order_ready');
  } finally { await emu.close(); }
});

test('the emulator CLI: first line `listening on URL`, and its key appears in no output or file', async () => {
  const dir = tempDir();
  const canary = `canary-${randomUUID()}`;
  try {
    const dataFile = path.join(dir, 'emu.json');
    await withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', canary, '--data', dataFile, '--verbose', '--error-rate', '0.3', '--seed', '5'], { reject: false }), async (proc) => {
      const [line] = await firstLines(proc);
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line!)![1]!;
      // faults are a function of (seed, request, attempt): fixed ids make a fixed scenario, in which
      // no write draws an injected 500 on all of its attempts (checked by faultsLeaveAnAttempt below)
      const ids = Array.from({ length: 10 }, (_, i) => uuidv5(`emulator cli write ${i}`, NS));
      const c = createClient({ baseUrl: url, apiKey: canary, backoffBaseMs: 1, retries: ATTEMPTS - 1 });
      for (const id of ids) await c.writeTemplate(CHANNEL_A, id, writeBody());
      await fetch(`${url}/channel/${CHANNEL_A}/template/${randomUUID()}`, { headers: { apiKey: `${canary}x` } });
      proc.kill('SIGTERM');
      const r = await proc;
      assert.ok(String(r.stderr).includes('POST /channel/'), 'requests were logged');
      for (const [what, text] of [['stdout', String(r.stdout)], ['stderr', String(r.stderr)], ['data file', readFileSync(dataFile, 'utf8')]] as const) {
        assert.not.ok(text.includes(canary), `${what} holds the key`);
      }
    });
  } finally { cleanup(dir); }
});

test('the fixed scenario of the CLI test: some writes draw a 500, none on all of its attempts', async () => {
  const settings = { errorRate: 0.3, seed: 5 };
  const plan = new FaultPlan(settings);
  let expected = 0; // the retries the client makes: the faults drawn before each write's first success
  for (let i = 0; i < 10; i++) {
    const id = uuidv5(`emulator cli write ${i}`, NS);
    const identity = requestIdentity('POST', `/channel/${CHANNEL_A}/template/${id}`, Buffer.from(JSON.stringify(writeBody())));
    const drawn = Array.from({ length: ATTEMPTS }, () => plan.decide('write', identity).kind);
    const first = drawn.indexOf(undefined);
    assert.ok(first >= 0, `write ${i} draws a fault on all ${ATTEMPTS} attempts`);
    expected += first;
  }
  assert.ok(expected > 0, 'the scenario injects faults at all');
  // the prediction is the emulator's own: the same writes to it in-process meet exactly these faults
  const emu = await startEmulator({ keys: ['k1'], faults: settings });
  try {
    let retries = 0;
    const c = createClient({ baseUrl: emu.url, apiKey: 'k1', backoffBaseMs: 1, retries: ATTEMPTS - 1, onRetry: () => { retries++; } });
    for (let i = 0; i < 10; i++) await c.writeTemplate(CHANNEL_A, uuidv5(`emulator cli write ${i}`, NS), writeBody());
    assert.is(retries, expected);
  } finally { await emu.close(); }
});

test('emulator usage errors exit 3, said with the flag\'s name', async () => {
  for (const [args, said] of [
    [['emulator', '--port', '0'], /key/],
    [['emulator', '--port', '0', '--key', 'k', '--error-rate', '2'], /^tplsync: --error-rate takes a number from 0 to 1, not '2'/m],
    [['emulator', '--port', 'x', '--key', 'k'], /--port/],
    [['emulator', '--port', '0', '--key', 'k', '--error-rate', '0.5', '--fault-operations', ''], /^tplsync: --fault-operations needs a value for <list>, got an empty string: is a variable unset\?/m],
    [['emulator', '--port', '0', '--key', 'k', '--host', 'nosuch.invalid'], /--host nosuch\.invalid: no address of that name/],
    [['emulator', '--port', '0', '--key', 'k', '--host', ''], /--host needs a value for <address>, got an empty string/],
    [['emulator', '--port', '0', '--key', 'k', '--error-rate', ''], /--error-rate needs a value for <r>, got an empty string/],
    [['emulator', '--port', '0', '--key', 'k', '--error-rate', '0x1'], /--error-rate takes a number from 0 to 1, not '0x1'/],
    [['emulator', '--port', '1e3', '--key', 'k'], /--port takes a port number from 0 to 65535, not '1e3'/],
    // the real rule for every spelling of a number out of range (1e12 was 'not a number >= 0')
    [['emulator', '--port', '0', '--key', 'k', '--latency', '1e12'], /--latency takes a duration such as 30s, 2m or 0 \(a whole number with ms, s, m or h; a bare number is milliseconds\), up to 1m, not '1e12'/],
    [['emulator', '--port', '0', '--key', 'k', '--latency', '100000000000'], /--latency takes a duration such as 30s, 2m or 0 \(a whole number with ms, s, m or h; a bare number is milliseconds\), up to 1m, not '100000000000'/],
  ] as const) {
    const r = await execa('node', [BIN, ...args], { reject: false, env: { TPLSYNC_API_KEY: undefined } as never, extendEnv: true, timeout: 20_000 });
    assert.is(r.exitCode, 3, `${args.join(' ')}: ${String(r.stderr)}`);
    assert.match(String(r.stderr), said, args.join(' '));
  }
});

test.run();
