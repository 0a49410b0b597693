// Pure parts of the client: backoff, Retry-After, base URL safety.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkBaseUrl } from '../src/api/base-url.ts';
import { backoffDelay, parseRetryAfter } from '../src/api/retry.ts';
import { UsageError } from '../src/core/errors.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CHANNEL_A, NOT_FOUND_ANSWER, ORDER_SHIPPED_EN, cleanup, cliIn, jsonService, listedServiceConfig, tempDir, writeFiles } from './helpers.ts';

test('property: full-jitter backoff stays within [0, min(cap, base * 2^attempt))', () => {
  fc.assert(fc.property(fc.nat(30), fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 60_000 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, baseMs, capMs, r) => {
    const d = backoffDelay(attempt, { baseMs, capMs, random: () => r });
    assert.ok(d >= 0 && d < Math.max(1, Math.min(capMs, baseMs * 2 ** attempt)));
  }));
});

test('Retry-After: seconds, an HTTP date, or nothing', () => {
  assert.is(parseRetryAfter('3'), 3000);
  assert.is(parseRetryAfter(' 0 '), 0);
  assert.is(parseRetryAfter(new Date(10_000).toUTCString(), 4_000), 6000);
  assert.is(parseRetryAfter(new Date(1_000).toUTCString(), 4_000), 0);
  assert.is(parseRetryAfter('soon'), undefined);
  assert.is(parseRetryAfter(null), undefined);
});

test('base URLs: https anywhere, http only on loopback unless explicitly allowed, never credentials', () => {
  assert.is(checkBaseUrl('https://api.example.com').href, 'https://api.example.com/');
  assert.is(checkBaseUrl('https://api.example.com/v1').href, 'https://api.example.com/v1/');
  for (const ok of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:8787']) assert.ok(checkBaseUrl(ok));
  assert.throws(() => checkBaseUrl('http://api.example.com'), (e: unknown) => e instanceof UsageError && /allowInsecureHttp/.test((e as Error).message));
  assert.ok(checkBaseUrl('http://10.0.0.5:8080', true));
  const usage = (e: unknown) => e instanceof UsageError;
  assert.throws(() => checkBaseUrl('https://user:pw@api.example.com'), usage);
  assert.throws(() => checkBaseUrl('ftp://x'), usage);
  assert.throws(() => checkBaseUrl('not a url'), (e: unknown) => usage(e) && !/expands no environment variables/.test((e as Error).message));
  // a shell's variable in a YAML config is read as written: said so, with what to do (trial-bb)
  for (const v of ['${API_BASE_URL}', '$API_BASE_URL/v1']) assert.throws(() => checkBaseUrl(v), (e: unknown) => usage(e) && /is not a URL: a YAML or JSON config expands no environment variables \(\$\{?API_BASE_URL\}? is read as written\); write the URL itself, or use a JavaScript config/.test((e as Error).message), v);
  assert.throws(() => checkBaseUrl('${GH}', false, { name: 'GITHUB_API_URL', secret: 't', allow: 'x' }), (e: unknown) => usage(e) && !/YAML/.test((e as Error).message));
  // ports fetch never connects to fail here, before any attempt
  for (const bad of ['http://127.0.0.1:6000', 'https://api.example.com:9', 'http://localhost:1']) assert.throws(() => checkBaseUrl(bad), (e: unknown) => usage(e) && /bad ports/.test((e as Error).message));
});

test('a base URL with a query string or fragment is refused without echoing it: requests would drop it, saved plans would record it', () => {
  for (const bad of ['http://127.0.0.1:18787/?key=s3cr3t-q#frag', 'https://api.example.com/v1?tenant=acme', 'https://api.example.com/#x', 'https://api.example.com/?', 'https://api.example.com/#']) {
    assert.throws(() => checkBaseUrl(bad), (e: unknown) => e instanceof UsageError && /query string or fragment/.test(e.message) && !e.message.includes('s3cr3t') && !e.message.includes('acme'), bad);
  }
  // the GitHub API URL is checked the same way
  assert.throws(() => checkBaseUrl('https://api.github.example/?token=t', false, { name: 'GITHUB_API_URL', secret: 'the GitHub token', allow: 'x' }), (e: unknown) => e instanceof UsageError && /GITHUB_API_URL must not contain a query/.test(e.message));
  assert.is(checkBaseUrl('https://api.example.com/v1/').href, 'https://api.example.com/v1/');
});

test('plan against a baseUrl with ?key= exits 3 before any request, and writes no saved plan carrying it', async () => {
  const seen: string[] = [];
  const service = await jsonService((req) => { seen.push(req.url); return NOT_FOUND_ANSWER; });
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': listedServiceConfig(`"${service.url}/?key=s3cr3t-q#frag"`, CHANNEL_A, null),
      'templates/order_shipped.en_US.yaml': ORDER_SHIPPED_EN,
    });
    const r = await cliIn(['plan', '--out', 'p.json'], { cwd: dir, env: { TPLSYNC_TEST_KEY: 'k1' } });
    assert.is(r.exitCode, 3, r.stderr + r.stdout);
    assert.match(r.stderr, /baseUrl must not contain a query string or fragment/);
    assert.not.match(r.stderr + r.stdout, /s3cr3t/);
    assert.equal(seen, []);
    assert.not.ok(existsSync(path.join(dir, 'p.json')));
  } finally { service.close(); cleanup(dir); }
});

test.run();
