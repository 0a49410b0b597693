// What a send that failed says of its message: when an attempt may have been acted on (its answer
// lost, then 429s; a 2xx answer outside the contract), the error names the clientMessageId, so
// that the message is looked up or sent again under it, never twice; when no attempt reached the
// service (nothing listens), it says the message was not sent. And what is refused before
// anything is sent: a receiver that is no receiver, a text over the platforms' limits; the id
// sent in one spelling (a UUID in capitals is the same id).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { ApiError, ContractError, RateLimitedError, UnavailableError } from '../src/api/errors.ts';
import { ParamError } from '../src/send/render.ts';
import { receiverProblem, sendText } from '../src/send/send.ts';
import { CHANNEL_A, refusedUrl } from './helpers.ts';

/** a server answering the n-th request (from 0) as `answer` says, and recording each request's body */
async function serving(answer: (n: number, req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => { body += d; });
    req.on('end', () => { const n = bodies.length; bodies.push(body); answer(n, req, res); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const client = (baseUrl: string) => createClient({ baseUrl, apiKey: 'key-9f8e7d-1a2b', backoffBaseMs: 1, retries: 2, maxRetryAfterMs: 1 });
const caught = async (p: Promise<unknown>): Promise<ApiError> => {
  try { await p; } catch (e) { return e as ApiError; }
  throw new Error('the send did not fail');
};

test('the first answer lost, then 429 to every retry: the error names the clientMessageId (the message may have been delivered)', async () => {
  // the first attempt taken and its answer lost (the connection dropped after the request was read), then refused
  const s = await serving((n, _req, res) => { if (n === 0) res.socket!.destroy(); else json(res, 429, { message: 'Too many requests' }, { 'retry-after': '0' }); });
  try {
    const e = await caught(sendText(client(s.url), CHANNEL_A, '+4915112345678', 'Your table is ready'));
    assert.instance(e, RateLimitedError);
    assert.is(e.mayHaveReached, true);
    const id = JSON.parse(s.bodies[0]!).clientMessageId as string;
    assert.is(e.clientMessageId, id);
    assert.match(e.message, `The message may have been delivered: its clientMessageId is ${id}`);
    assert.ok(s.bodies.every((b) => JSON.parse(b).clientMessageId === id), 'every attempt under one id');
  } finally { await s.close(); }
});

test('a 2xx answer outside the contract: the message was taken, and the error names its id', async () => {
  const s = await serving((_n, _req, res) => json(res, 200, { unexpected: 'shape' }));
  try {
    const e = await caught(sendText(client(s.url), CHANNEL_A, '+4915112345678', 'Your table is ready'));
    assert.instance(e, ContractError);
    const id = JSON.parse(s.bodies[0]!).clientMessageId as string;
    assert.is(e.clientMessageId, id);
    assert.match(e.message, `may have been delivered: its clientMessageId is ${id}`);
    assert.is(s.bodies.length, 1, 'not tried again');
  } finally { await s.close(); }
});

test('refused at every attempt (429), or nothing listening: the message was not sent, and no id is offered as if it might have been', async () => {
  const s = await serving((_n, _req, res) => json(res, 429, { message: 'Too many requests' }, { 'retry-after': '0' }));
  try {
    const e = await caught(sendText(client(s.url), CHANNEL_A, '+4915112345678', 'Your table is ready'));
    assert.instance(e, RateLimitedError);
    assert.is(e.mayHaveReached, false);
    assert.is(e.clientMessageId, undefined);
    assert.match(e.message, 'The message was not sent');
    assert.not.match(e.message, 'may have been delivered');
  } finally { await s.close(); }
  // a port nothing listens on
  const e = await caught(sendText(client(await refusedUrl()), CHANNEL_A, '+4915112345678', 'Your table is ready'));
  assert.instance(e, UnavailableError);
  assert.match(e.message, /ECONNREFUSED/);
  assert.match(e.message, 'The message was not sent');
  assert.not.match(e.message, 'may have been delivered');
});

test('a clientMessageId in capitals is sent in small letters: the same id, one request however it was written', async () => {
  const s = await serving((_n, _req, res) => json(res, 200, { result: { errcode: 0, errmsg: 'ok' } }));
  try {
    const upper = '820365BD-3A49-4C8D-9E7F-0A1B2C3D4E5F';
    const sent = await sendText(client(s.url), CHANNEL_A, '+4915112345678', 'Your table is ready', [], upper).catch((e: unknown) => e);
    assert.is(JSON.parse(s.bodies[0]!).clientMessageId, upper.toLowerCase());
    if (!(sent instanceof Error)) assert.is((sent as { clientMessageId: string }).clientMessageId, upper.toLowerCase());
  } finally { await s.close(); }
});

test('receivers: a phone number in international form or an id; a local form, spaces, a list, nothing at all are refused before anything is sent', async () => {
  for (const ok of ['+14155550100', '14155550100', '+4915112345678', 'wa-receiver-7f3a']) assert.is(receiverProblem(ok), undefined, ok);
  for (const [bad, why] of [
    ['+1 415 555 0100', /is a phone number with spaces, dashes or brackets in it, which the API does not take: write \+14155550100$/], ['+1-415-555-0100', /write \+14155550100$/], ['(415) 555-0100', /not a phone number in international form/],
    ['+', /international form/], ['+44 7700 900123 ', /write \+447700900123$/], ['0170 1234567', /international form/], ['+44 (0)20 7946 0958', /not a phone number in international form/],
    ['+49\u201315112345678', /write \+4915112345678$/], ['+49\u200b15112345678', /"\+49\\u200b15112345678" holds an invisible character, U\+200B ZERO WIDTH SPACE .*: write \+4915112345678$/], ['+4915112345678\u202d', /U\+202D LEFT-TO-RIGHT OVERRIDE/], ['+\uff14\uff1915112345678', /full-width digits.*: write \+4915112345678$/],
    ['wa-\u200breceiver', /shows nothing/],
    ['+14155550100,+14155550101', /list separator/], ['hello world', /white space/], ['', /empty/], [undefined, /missing/],
  ] as const) assert.match(receiverProblem(bad) ?? '', why, String(bad));
  // the library refuses before any request
  const s = await serving((_n, _req, res) => json(res, 200, { result: { errcode: 0, errmsg: 'ok' } }));
  try {
    for (const to of ['+1 415 555 0100', undefined as unknown as string]) {
      const e = await sendText(client(s.url), CHANNEL_A, to, 'Hi').catch((x: unknown) => x);
      assert.instance(e, ParamError);
      assert.match((e as Error).message, 'Nothing was sent');
    }
    assert.is(s.bodies.length, 0, 'no request');
  } finally { await s.close(); }
});

test('a text over the platforms\' limits is refused: 4096 characters without chips (WhatsApp), 3072 with them (RCS)', async () => {
  const s = await serving((_n, _req, res) => json(res, 200, { result: { errcode: 0, errmsg: 'ok' } }));
  const over = async (text: string, chips: { action: string; text: string; postbackData: string }[]) => sendText(client(s.url), CHANNEL_A, '+4915112345678', text, chips).catch((x: unknown) => x);
  try {
    let e = await over('a'.repeat(4097), []);
  assert.instance(e, ParamError);
  assert.match((e as Error).message, 'The text is 4097 characters; a text message takes at most 4096');
  e = await over('a'.repeat(3073), [{ action: 'reply', text: 'Yes', postbackData: 'yes' }]);
  assert.instance(e, ParamError);
  assert.match((e as Error).message, 'an RCS message (it has suggestions) takes at most 3072');
  // an open_url address with a space or a port no URL has
  for (const url of ['https://shop.example.com/r /x', 'https://shop.example.com:99999/r']) {
    e = await sendText(client(s.url), CHANNEL_A, '+4915112345678', 'Your receipt', [{ action: 'open_url', text: 'Receipt', postbackData: url }]).catch((x: unknown) => x);
    assert.instance(e, ParamError, url);
    assert.match((e as Error).message, 'Nothing was sent');
  }
  assert.is(s.bodies.length, 0, 'no request');
  // emoji count as one character each
  e = await over('🙂'.repeat(4096), []);
  assert.not.instance(e, ParamError);
  assert.is(s.bodies.length, 1);
  } finally { await s.close(); }
});

test('a phone number in another address form (Twilio\'s whatsapp:+E164, a tel: link) or a + with letters after it is refused before anything is sent, with the number to write; an id of the channel\'s is sent', async () => {
  for (const [bad, why] of [
    ['whatsapp:+4915112345678', /"whatsapp:\+4915112345678" is a phone number in Twilio's WhatsApp address form \(whatsapp:\).*: write \+4915112345678$/],
    ['WhatsApp:+49 151 12345678', /: write \+4915112345678$/], ['tel:+4915112345678', /in a tel: link.*: write \+4915112345678$/], ['tel:4915112345678', /: write \+4915112345678$/],
    ['sms://+4915112345678', /in an sms: link.*: write \+4915112345678$/], ['rcs:+4915112345678', /in a "rcs:" address.*: write \+4915112345678$/],
    ['whatsapp:Maria', /is in Twilio's WhatsApp address form.*e\.g\. \+14155550100$/],
    ['+49151abc', /"\+49151abc" starts as a phone number \(with a \+\) but holds "abc", which no phone number has/], ['+4915112345678x', /holds "x"/], ['+49#15112345678', /holds "#"/],
  ] as const) assert.match(receiverProblem(bad) ?? '', why, bad);
  // ids of the channel's own, with a colon or letters, are taken as before
  for (const ok of ['wa-receiver-7f3a', 'user:42', 'contact:7f3a9c', '4915112345678']) assert.is(receiverProblem(ok), undefined, ok);
  const s = await serving((_n, _req, res) => json(res, 200, { result: { errcode: 0, errmsg: 'ok' } }));
  try {
    for (const to of ['whatsapp:+4915112345678', '+49151abc']) {
      const e = await sendText(client(s.url), CHANNEL_A, to, 'Hi').catch((x: unknown) => x);
      assert.instance(e, ParamError);
      assert.match((e as Error).message, 'Nothing was sent');
    }
    assert.is(s.bodies.length, 0, 'no request');
  } finally { await s.close(); }
});

test.run();
