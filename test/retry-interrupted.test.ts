// An interrupted run (Ctrl-C, SIGTERM: ClientOptions.stopSignal) tries no request again: the
// attempt in flight finishes, its failure is not retried, and a wait for a Retry-After ends at
// once. Before, a cancelled CI job went on retrying for minutes and was killed before it wrote
// its results. Against a real server on 127.0.0.1 that answers 503 with Retry-After: 20; the
// signal is aborted by the server's handler while the first attempt is in flight (no timer race).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { UnavailableError } from '../src/api/errors.ts';

const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const ID = '11111111-1111-4111-8111-111111111111';

test('503 with Retry-After, then the signal: one attempt, the error says it was not tried again', async () => {
  const stop = new AbortController();
  let seen = 0;
  const server = createServer((req, res) => {
    seen++;
    stop.abort(); // the run is interrupted while this attempt is in flight
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '20' });
    res.end(JSON.stringify({ code: 503, message: 'busy' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'key-9f8e7d-1a2b', retries: 4, stopSignal: stop.signal });
    const err = await client.getTemplate(CHANNEL, ID).then(() => undefined, (e: unknown) => e);
    assert.instance(err, UnavailableError);
    assert.match((err as Error).message, 'HTTP 503');
    assert.match((err as Error).message, 'not tried again: the run was interrupted');
    assert.is(seen, 1);
  } finally { server.close(); }
});

test('the signal during the wait for a retry ends the wait: no second attempt', async () => {
  const stop = new AbortController();
  let seen = 0;
  const server = createServer((_req, res) => {
    seen++;
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '20' });
    res.end(JSON.stringify({ code: 503, message: 'busy' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    // the retry is announced (onRetry) before its wait starts: the signal comes then
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'key-9f8e7d-1a2b', retries: 4, stopSignal: stop.signal, onRetry: () => { queueMicrotask(() => stop.abort()); } });
    const err = await client.getTemplate(CHANNEL, ID).then(() => undefined, (e: unknown) => e);
    assert.match((err as Error).message, 'not tried again: the run was interrupted');
    assert.is(seen, 1);
  } finally { server.close(); }
});

test.run();
