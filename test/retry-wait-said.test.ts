// A server's Retry-After on a read or an edit: honoured up to MAX_RETRY_AFTER_MS (120 s; it was
// cut to 30 s, so a Retry-After of 45 s or 60 s saw every retry early and tplsync gave up without
// ever waiting as asked), and a wait of more than a few seconds is said on stderr when it begins
// (it was silent without TPLSYNC_DEBUG, so a CI log looked hung).
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, type RetryInfo } from '../src/api/client.ts';
import { describeRetryWait, MAX_RETRY_AFTER_MS, retryWaitLines } from '../src/api/retry.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;

test('a Retry-After of 45 s is waited for in full (it was cut to 30 s); one past the bound is cut to it, and the line says so', async () => {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  try {
    for (const [sec, expected] of [[45, 45_000], [600, MAX_RETRY_AFTER_MS]] as const) {
      emu.setFaults({ rateLimitRate: 1, retryAfterSec: sec, operations: ['read'] });
      // the wait is ended at once (the run is "interrupted" as it begins): only how long it would be is looked at
      const stop = new AbortController();
      const seen: RetryInfo[] = [];
      const client = createClient({ baseUrl: emu.url, apiKey: KEY, retries: 2, stopSignal: stop.signal, onRetry: (r) => { seen.push(r); stop.abort(); } });
      await client.getTemplate(CHANNEL_A, randomUUID()).then(() => assert.unreachable('a 429 every time'), () => {});
      assert.equal(seen.map((r) => [r.delayMs, r.retryAfterMs]), [[expected, sec * 1000]]);
      assert.match(describeRetryWait(seen[0]!), sec === 45
        ? 'template read: HTTP 429; waiting 45 s before trying again (retry 1 of 2; as the server asked (Retry-After))'
        : 'template read: HTTP 429; waiting 120 s before trying again (retry 1 of 2; the server asked for 600 s (Retry-After), cut to 120 s, the most tplsync waits)');
    }
  } finally { emu.setFaults({}); await emu.close(); }
});

test('plan says on stderr when it waits out a Retry-After of several seconds, then goes on', async () => {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const target = new URL(emu.url);
  let limited = 0;
  // the first read is answered 429 with Retry-After: 5; every other request goes through
  const proxy: Server = createServer((req, res) => {
    if (req.method === 'GET' && limited++ === 0) {
      req.resume();
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end(JSON.stringify({ code: 429, message: 'slow down', errors: [{ code: 'RATE_LIMITED', message: 'slow down' }] }));
      return;
    }
    const fwd = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => { res.writeHead(r.statusCode!, r.headers); r.pipe(res); });
    req.pipe(fwd);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  const dir = tempDir('tplsync-retry-said-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: http://127.0.0.1:${(proxy.address() as AddressInfo).port}\n    apiKeyEnv: RW_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/one.en_US.yaml': VALID,
    });
    const plan = await cliIn(['plan'], { cwd: dir, env: { RW_KEY: KEY, TPLSYNC_DEBUG: undefined } });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stderr, 'tplsync: template read: HTTP 429; waiting 5 s before trying again (retry 1 of 4; as the server asked (Retry-After))');
    assert.match(plan.stdout, '1 to create');
  } finally { cleanup(dir); await emu.close(); await new Promise((ok) => proxy.close(ok)); }
});

test('requests rate-limited together are said in one line: waits that begin while a said one runs are counted in the next line', () => {
  let t = 0;
  const lines: string[] = [];
  const onRetry = retryWaitLines(() => t, (l) => lines.push(l));
  const wait = (delayMs: number) => ({ operation: 'template read', attempt: 1, of: 4, delayMs, reason: 'HTTP 429', retryAfterMs: delayMs });
  // a hundred reads answered 429 with Retry-After: 30 at once: one line
  for (let i = 0; i < 100; i++) { onRetry(wait(30_000)); t += 10; }
  assert.is(lines.length, 1);
  assert.is(lines[0], 'template read: HTTP 429; waiting 30 s before trying again (retry 1 of 4; as the server asked (Retry-After))');
  // a short wait is never said, nor counted
  t = 31_000;
  onRetry(wait(1_000));
  assert.is(lines.length, 1);
  // the next long wait after the said one ended: said, with the 99 that waited meanwhile
  onRetry(wait(6_000));
  assert.equal(lines.slice(1), ['template read: HTTP 429; waiting 6 s before trying again (retry 1 of 4; as the server asked (Retry-After)) (99 other requests waited too since the last such line)']);
  onRetry(wait(6_000));
  t += 6_000;
  onRetry(wait(6_000));
  assert.match(lines[2]!, /\(1 other request waited too since the last such line\)$/);
});

test.run();
