// What an application gets from the library (the package's entry, src/index.ts): a key an HTTP
// header cannot carry is a UsageError (exit 3) before any request, never "unavailable"; the
// server's Retry-After stays on the RateLimitedError once the retries ran out; a redirect's
// Location and the log lines never hold the key, as the CLI's output never does.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, RateLimitedError, RedirectError, UsageError } from '../src/index.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

test('a key with a line break or a character beyond ASCII: UsageError (exported, exitCode 3) before any request, the key not in the message; no key at all too', async () => {
  let requests = 0;
  const server = createServer((_req, res) => { requests++; res.end('{}'); });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    for (const apiKey of ['bad€key-secret', 'secret-key\n', 'secret key', '']) {
      try { createClient({ baseUrl, apiKey }); assert.unreachable(apiKey); } catch (e) {
        assert.instance(e, UsageError);
        assert.is((e as UsageError).exitCode, 3);
        if (apiKey) assert.not.match((e as Error).message, /secret/);
      }
    }
    assert.is(requests, 0);
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${baseUrl}\n    apiKeyEnv: LIB_KEY\n    channels: { wa: ${CHANNEL_A} }\n` });
      const r = await cliIn(['status', randomUUID()], { cwd: dir, env: { LIB_KEY: 'bad€key-secret' } });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, "The API key has a character an HTTP header cannot carry at position 4 (not printable ASCII; the key is the variable LIB_KEY of environment 't')");
      assert.is(requests, 0, 'nothing was sent');
    } finally { cleanup(dir); }
  } finally { server.close(); }
});

test('a redirect whose Location carries the key: the RedirectError\'s location and the log line are redacted', async () => {
  const key = `Lib${randomUUID().replace(/-/g, '')}Key`;
  const server = createServer((_req, res) => { res.writeHead(302, { location: `https://evil.example/?k=${key}` }); res.end(); });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const lines: string[] = [];
  try {
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: key, log: (l) => lines.push(l) });
    try { await client.getTemplate(CHANNEL_A, randomUUID()); assert.unreachable(); } catch (e) {
      assert.instance(e, RedirectError);
      assert.not.match(JSON.stringify(e) + (e as Error).message, key.slice(3, 20));
      assert.match((e as RedirectError).location, 'https://evil.example/?k=[redacted]');
    }
    assert.ok(lines.length > 0);
    for (const l of lines) assert.not.match(l, key.slice(3, 20));
  } finally { server.close(); }
});

test('rate limited until the retries ran out: the RateLimitedError keeps the server\'s Retry-After', async () => {
  const emu = await startEmulator({ keys: ['k-lib'] });
  try {
    emu.setFaults({ seed: 1, rateLimitRate: 1, retryAfterSec: 2 });
    const client = createClient({ baseUrl: emu.url, apiKey: 'k-lib', retries: 1, maxRetryAfterMs: 10 });
    try { await client.getTemplate(CHANNEL_A, randomUUID()); assert.unreachable(); } catch (e) {
      assert.instance(e, RateLimitedError);
      assert.is((e as RateLimitedError).retryAfterMs, 2000);
    }
  } finally { await emu.close(); }
});

test.run();
