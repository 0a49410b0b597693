// An interrupted run (Ctrl-C, SIGTERM: ClientOptions.stopSignal) tries no request again: the
// attempt in flight finishes, its failure is not retried, and a wait for a Retry-After ends at
// once. Before, a cancelled CI job went on retrying for minutes and was killed before it wrote
// its results. Against a real server on 127.0.0.1 that answers 503 with Retry-After: 20; the
// signal is aborted by the server's handler while the first attempt is in flight (no timer race).
// A read in flight ends at once (a server that never answers kept a cancelled job for its 30 s
// time-out); a write in flight is answered and its answer kept.
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { UnavailableError } from '../src/api/errors.ts';

const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const ID = '11111111-1111-4111-8111-111111111111';

/** A server on 127.0.0.1 answering with `handle`, for the length of `use` (given its base URL); closed after, also on failure. */
async function serving(handle: RequestListener, use: (base: string) => Promise<void>): Promise<void> {
  const server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try { await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`); } finally { server.close(); }
}
/** a client of that server, 4 retries, stopped by `stop` */
const clientOf = (baseUrl: string, stop: AbortController, extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
  createClient({ baseUrl, apiKey: 'key-9f8e7d-1a2b', retries: 4, stopSignal: stop.signal, ...extra });

test('a write answered 503 with Retry-After, the signal while it was in flight: one attempt, the error says it was not tried again', async () => {
  const stop = new AbortController();
  let seen = 0;
  await serving((req, res) => {
    seen++;
    stop.abort(); // the run is interrupted while this attempt is in flight
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '20' });
    res.end(JSON.stringify({ code: 503, message: 'busy' }));
  }, async (base) => {
    const client = clientOf(base, stop);
    const err = await client.writeTemplate(CHANNEL, ID, { name: 'order_update' } as never).then(() => undefined, (e: unknown) => e);
    assert.instance(err, UnavailableError);
    assert.match((err as Error).message, 'HTTP 503');
    assert.match((err as Error).message, 'not tried again: the run was interrupted');
    assert.is(seen, 1);
  });
});

test('the signal during the wait for a retry ends the wait: no second attempt', async () => {
  const stop = new AbortController();
  let seen = 0;
  await serving((_req, res) => {
    seen++;
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '20' });
    res.end(JSON.stringify({ code: 503, message: 'busy' }));
  }, async (base) => {
    // the retry is announced (onRetry) before its wait starts: the signal comes then
    const client = clientOf(base, stop, { onRetry: () => { queueMicrotask(() => stop.abort()); } });
    const err = await client.getTemplate(CHANNEL, ID).then(() => undefined, (e: unknown) => e);
    assert.match((err as Error).message, 'not tried again: the run was interrupted');
    assert.is(seen, 1);
  });
});

test('the signal while a read waits for an answer that never comes: the read ends at once, not at its time-out', async () => {
  const stop = new AbortController();
  let seen = 0;
  const held: ServerResponse[] = [];
  // the client's socket closing is how the server sees the read given up
  let closed!: () => void;
  const gaveUp = new Promise<void>((r) => { closed = r; });
  await serving((req, res) => {
    seen++;
    held.push(res); // never answered
    req.socket.on('close', closed);
    stop.abort();
  }, async (base) => {
    // only a broken build reaches this: the read would otherwise wait out its 10-minute time-out
    let failSafe: NodeJS.Timeout | undefined;
    try {
      const client = clientOf(base, stop, { timeoutMs: 600_000 });
      const err = await Promise.race([
        client.getTemplate(CHANNEL, ID).then(() => undefined, (e: unknown) => e),
        new Promise((r) => { failSafe = setTimeout(() => r(new Error('the read was still waiting 60 s after the interrupt')), 60_000); }),
      ]);
      assert.instance(err, UnavailableError, String(err));
      assert.match((err as Error).message, 'interrupted before');
      assert.match((err as Error).message, 'nothing was written');
      assert.is(seen, 1);
      await gaveUp;
    } finally { clearTimeout(failSafe); for (const r of held) r.destroy(); }
  });
});

test('the signal while a write is in flight: the write is answered and its answer kept', async () => {
  const stop = new AbortController();
  let seen = 0;
  await serving((req, res) => {
    seen++;
    req.resume();
    req.on('end', () => {
      stop.abort(); // interrupted before the answer is sent
      setImmediate(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ name: 'order_update', publicId: ID, status: 1, statusText: 'PENDING' }));
      });
    });
  }, async (base) => {
    const client = clientOf(base, stop);
    const r = await client.writeTemplate(CHANNEL, ID, { name: 'order_update' } as never);
    assert.is(r.publicId, ID);
    assert.is(seen, 1);
  });
});

test.run();
