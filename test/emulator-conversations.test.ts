// GET /_emulator/conversations/<clientMessageId>: what a send carried, as the emulator received it,
// for an application's tests to check (trial-ac F7); bounded, behind the control token, never the key.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { EmulatorState } from '../src/emulator/state.ts';

/** the sends whose bodies are kept (docs/emulator.md) */
const MAX_RECEIVED = 1000;
import { sendText } from '../src/send/send.ts';
import { CHANNEL_A } from './helpers.ts';

const KEY = 'emulator-conversations-key-0123456789';
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const get = async (p: string, token: string | undefined = emu.controlToken): Promise<{ status: number; body: unknown }> => {
  const r = await fetch(`${emu.url}/_emulator/${p}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, body: await r.json() };
};

test('a send\'s messages are read back by its clientMessageId: text, receiver and suggestions as received', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: KEY, allowInsecureHttp: true });
  const id = '6f1f3c52-8a51-4d35-9b8e-1a2b3c4d5e6f';
  await sendText(client, CHANNEL_A, '+4915112345678', 'Hi Maria,\nyour order is on its way.', { suggestions: [{ action: 'reply', text: 'Track', postbackData: 'APPT-991' }], clientMessageId: id });
  const r = await get(`conversations/${id.toUpperCase()}`);
  assert.is(r.status, 200, JSON.stringify(r.body));
  const b = r.body as { channelId: string; clientMessageId: string; receivedAt: string; messages: unknown[] };
  assert.is(b.channelId, CHANNEL_A.toLowerCase());
  assert.is(b.clientMessageId, id);
  assert.ok(!Number.isNaN(Date.parse(b.receivedAt)));
  assert.equal(b.messages, [{ receiver: '+4915112345678', type: 'text', data: { message: 'Hi Maria,\nyour order is on its way.' }, suggestions: [{ action: 'reply', text: 'Track', postbackData: 'APPT-991' }] }]);
  // behind the control token, as the other control endpoints
  assert.is((await get(`conversations/${id}`, '')).status, 401);
  // an id with no send, and one that is no id
  assert.is((await get('conversations/6f1f3c52-8a51-4d35-9b8e-000000000000')).status, 404);
  assert.is((await get('conversations/nope')).status, 400);
  assert.is((await get('conversations')).status, 404);
  const post = await fetch(`${emu.url}/_emulator/conversations/${id}`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}` } });
  assert.is(post.status, 405);
  await post.body?.cancel();
});

test('the key that sent a message is never in what is kept of it, and the oldest are dropped beyond the bound', async () => {
  // a client other than tplsync's (which refuses a text holding its key) sends one that does
  const id = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
  const sent = await fetch(`${emu.url}/channel/${CHANNEL_A}/conversation`, {
    method: 'POST', headers: { apikey: KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ clientMessageId: id, messages: [{ receiver: '+4915112345678', type: 'text', data: { message: `your key: ${KEY}` } }] }),
  });
  assert.is(sent.status, 200);
  await sent.body?.cancel();
  const r = await get(`conversations/${id}`);
  assert.is(r.status, 200);
  assert.not.match(JSON.stringify(r.body), KEY);
  assert.match(JSON.stringify(r.body), 'your key: [redacted: the API key]');

  // bounded: the newest MAX_RECEIVED are kept
  const state = new EmulatorState({ reviewDelayMs: 0, statusDelayMs: 0, now: () => 0 });
  const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  for (let i = 0; i <= MAX_RECEIVED; i++) state.keepReceived('s', CHANNEL_A, { clientMessageId: idOf(i), messages: [{ receiver: '+4915112345678', type: 'text', data: { message: `m${i}` } }] });
  assert.is(state.receivedConversation(idOf(0)), undefined);
  assert.is(state.receivedConversation(idOf(MAX_RECEIVED))?.messages[0]?.data.message, `m${MAX_RECEIVED}`);
});

test.run();
