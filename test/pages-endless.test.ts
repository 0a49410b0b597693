// A service that mints a new cursor for every page and never lists anything new (a cursor sent
// back in a form it does not read, or a broken server): the template listing and the message
// status pages are followed for STALE_PAGES pages, then stop with an error, instead of requesting
// for ever (167,000 requests in 90 s, memory growing). An interrupted run stops between pages.
// Against a real server on 127.0.0.1; its answers are decided by the request, not by timing.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, STALE_PAGES } from '../src/api/client.ts';
import { listTemplateIds } from '../src/api/list.ts';
import { Interrupted } from '../src/core/interrupt.ts';

const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const LIST = { path: '/channel/{channelId}/templates', items: 'items', id: 'publicId', next: 'nextCursor' };

async function serve(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<{ url: string; count: () => number; close: () => void }> {
  let n = 0;
  const server = createServer((req, res) => { n++; handler(req, res, n); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => n, close: () => server.close() };
}
const json = (res: ServerResponse, v: unknown): void => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };

test('the listing: the same template with a new cursor each page stops after STALE_PAGES pages; real pages are followed to the end', async () => {
  const s = await serve((_req, res, n) => json(res, { items: [{ publicId: '11111111-1111-4111-8111-111111111111' }], nextCursor: `c${n}` }));
  try {
    const client = createClient({ baseUrl: s.url, apiKey: 'key-9f8e7d-1a2b' });
    const err = await listTemplateIds(client, CHANNEL, LIST).then(() => undefined, (e: unknown) => e as Error);
    assert.match(err?.message ?? '', `${STALE_PAGES} pages in a row listed no template an earlier page had not`);
    assert.is(s.count(), STALE_PAGES + 1);
  } finally { s.close(); }
  // twelve pages of new templates, then the end: all of them
  const real = await serve((req, res) => {
    const at = Number(new URL(req.url!, 'http://x').searchParams.get('cursor') ?? 0);
    json(res, { items: [{ publicId: `11111111-1111-4111-8111-${String(at).padStart(12, '0')}` }], ...(at < 11 ? { nextCursor: String(at + 1) } : {}) });
  });
  try {
    const ids = await listTemplateIds(createClient({ baseUrl: real.url, apiKey: 'key-9f8e7d-1a2b' }), CHANNEL, LIST);
    assert.is(ids.length, 12);
  } finally { real.close(); }
});

test('the message status: the same entry with a new cursor each page stops after STALE_PAGES pages', async () => {
  const s = await serve((_req, res, n) => json(res, { result: { errcode: 0 }, status: { errcode: 0, next_cursor: `c${n}`, send_list: [{ external_userid: '+4915112345678', userid: 'u1', status: 1 }] } }));
  try {
    const client = createClient({ baseUrl: s.url, apiKey: 'key-9f8e7d-1a2b' });
    const err = await client.allMessageStatuses('6d1b0b8e-3c2a-4f1e-9a7d-5b4c3a2e1f00').then(() => undefined, (e: unknown) => e as Error);
    assert.match(err?.message ?? '', `${STALE_PAGES} pages in a row brought no entry that an earlier page had not`);
    assert.is(s.count(), STALE_PAGES + 1);
  } finally { s.close(); }
});

test('an interrupted run follows no further page', async () => {
  const stop = new AbortController();
  const s = await serve((_req, res, n) => { if (n === 2) stop.abort(); json(res, { items: [{ publicId: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}` }], nextCursor: `c${n}` }); });
  try {
    const client = createClient({ baseUrl: s.url, apiKey: 'key-9f8e7d-1a2b', stopSignal: stop.signal });
    const err = await listTemplateIds(client, CHANNEL, LIST).then(() => undefined, (e: unknown) => e);
    assert.instance(err, Interrupted);
    assert.is(s.count(), 2);
  } finally { s.close(); }
});

test.run();
