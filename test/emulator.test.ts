// The emulator's behaviour over real HTTP on 127.0.0.1: validation, keys and scopes, review,
// conversations and message status paging.
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { checkContract } from '../src/schemas/contract.ts';
import { AuthError } from '../src/api/errors.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, raw, writeBody } from './helpers.ts';

let emu: RunningEmulator;
test.before(async () => {
  emu = await startEmulator({
    keys: ['k1', { key: 'only-b', channels: [CHANNEL_B], messageStatus: false }],
    reviewDelayMs: 60_000, statusDelayMs: 60_000,
  });
});
test.after(async () => { await emu.close(); });

const tpl = (ch = CHANNEL_A, id = randomUUID()) => `${emu.url}/channel/${ch}/template/${id}`;
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const errorOf = (r: { body: unknown }) => { assert.is(checkContract('Error', r.body), undefined, 'an Error body'); return r.body as { message: string; errors: { name?: string; code: string }[] }; };

test('a bad body, a bad UUID, a wrong content type are 400s, a body over 1 MiB a 413, each with a clear error body', async () => {
  let r = await raw(tpl(), json({ name: 'x' }));
  assert.is(r.status, 400);
  assert.match(errorOf(r).message, /chatapp/);
  r = await raw(`${emu.url}/channel/not-a-uuid/template/${randomUUID()}`, json(writeBody()));
  assert.is(r.status, 400);
  assert.is(errorOf(r).errors[0]!.name, 'publicId');
  r = await raw(tpl(), { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(writeBody()) });
  assert.is(r.status, 400);
  assert.match(errorOf(r).message, /Content-Type must be application\/json/);
  r = await raw(tpl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
  assert.is(r.status, 400);
  assert.match(errorOf(r).message, /not valid JSON/);
  const big = writeBody();
  big.description = 'x'.repeat(1024 * 1024 + 10);
  r = await raw(tpl(), json(big));
  assert.is(r.status, 413);
  assert.match(errorOf(r).message, /at most 1048576 bytes/);
  r = await raw(`${emu.url}/nowhere`, {});
  assert.is(r.status, 404);
  r = await raw(tpl(), { method: 'DELETE' });
  assert.is(r.status, 405);
  assert.is(r.headers.get('allow'), 'GET, HEAD, POST');
});

// trial-x F6: a POST to health was 401 (no token) and, with one, 400 for its Content-Type; a form POST to state 400:
// the method is judged first, as docs/emulator.md says (405 with Allow), token or body whatever they are
test('control endpoints: a method an endpoint does not take is 405 with Allow before the token and the body are judged', async () => {
  const bearer = { authorization: `Bearer ${emu.controlToken}` };
  for (const [path, init, allow] of [
    ['health', { method: 'POST', key: null }, 'GET, HEAD'],
    ['health', { method: 'POST', key: null, headers: bearer }, 'GET, HEAD'],
    ['state', { method: 'POST', key: null, headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' }, 'GET, HEAD'],
    ['faults', { method: 'DELETE', key: null }, 'GET, HEAD, POST'],
    ['review', { method: 'GET', key: null }, 'POST'],
    ['clock', { method: 'PUT', key: null, body: '{}' }, 'POST'],
  ] as const) {
    const r = await raw(`${emu.url}/_emulator/${path}`, init as RequestInit & { key: null });
    assert.is(r.status, 405, `${init.method} ${path}`);
    assert.is(r.headers.get('allow'), allow);
    assert.match(errorOf(r).message, new RegExp(`^${init.method} is not allowed on /_emulator/${path}; use ${allow}`));
  }
  // the right method still needs the token (health excepted), and an unknown endpoint is not told apart without it
  assert.is((await raw(`${emu.url}/_emulator/health`, { key: null })).status, 200);
  assert.is((await raw(`${emu.url}/_emulator/state`, { key: null })).status, 401);
  assert.is((await raw(`${emu.url}/_emulator/nothing`, { method: 'POST', key: null })).status, 401);
});

// HEAD is GET without its body: a container's or load balancer's health check (`curl -I`) was answered 405
test('control endpoints: HEAD of an endpoint that takes GET answers as GET does, without a body', async () => {
  const head = async (path: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${emu.url}/_emulator/${path}`, { method: 'HEAD', headers });
    return { status: r.status, body: await r.text() };
  };
  assert.equal(await head('health'), { status: 200, body: '' });
  assert.equal(await head('state'), { status: 401, body: '' }, 'the token is still asked for');
  assert.equal(await head('state', { authorization: `Bearer ${emu.controlToken}` }), { status: 200, body: '' });
  assert.is((await head('review')).status, 405);
  // the API's own GET routes too (verify-16: a template's read, the listing and a message's status answered 405)
  const id = randomUUID();
  assert.is((await raw(tpl(CHANNEL_A, id), json(writeBody()))).status, 200);
  for (const url of [tpl(CHANNEL_A, id), `${emu.url}/channel/${CHANNEL_A}/templates`]) {
    const r = await raw(url, { method: 'HEAD' });
    assert.is(r.status, 200, url);
    assert.is(r.body, '', `${url}: no body`);
  }
  const send = await raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, { method: 'HEAD' });
  assert.is(send.status, 405);
  assert.is(send.headers.get('allow'), 'POST');
});

test('keys: missing or unknown is 401; a key scoped to channels gets 403 elsewhere and never sees other data', async () => {
  const id = randomUUID();
  assert.is((await raw(tpl(CHANNEL_A, id), json(writeBody()))).status, 200);
  let r = await raw(tpl(CHANNEL_A, id), { key: null });
  assert.is(r.status, 401);
  assert.is(errorOf(r).errors[0]!.code, 'API_KEY_NOT_FOUND');
  assert.is((await raw(tpl(CHANNEL_A, id), { key: 'wrong' })).status, 401);
  r = await raw(tpl(CHANNEL_A, id), { key: 'only-b' });
  assert.is(r.status, 403);
  assert.is(errorOf(r).errors[0]!.code, 'FORBIDDEN_ERROR');
  // the same template id in channel B is another template: not found, not leaked
  assert.is((await raw(tpl(CHANNEL_B, id), { key: 'only-b' })).status, 404);
  const c = createClient({ baseUrl: emu.url, apiKey: 'only-b', retries: 0 });
  try { await c.getTemplate(CHANNEL_A, id); assert.unreachable(); } catch (e) { assert.instance(e, AuthError); assert.is((e as AuthError).exitCode, 6); }
});

test('message status is refused to a key without that permission', async () => {
  const c = createClient({ baseUrl: emu.url, apiKey: 'only-b' });
  const cm = randomUUID();
  await c.sendConversation(CHANNEL_B, { clientMessageId: cm, messages: [{ receiver: '+4915100000001', type: 'text', data: { message: 'hi' } }] });
  const r = await raw(`${emu.url}/chatapp-message-status/${cm}`, { key: 'only-b' });
  assert.is(r.status, 403);
  // message ids belong to the key that sent them: another key (k1, which may use every channel) does not see it
  assert.is((await raw(`${emu.url}/chatapp-message-status/${cm}`)).status, 404);
});

test('review: pending, then approved after the delay; a broken rule is rejected with a reason; editing an approved template sends it back', async () => {
  const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
  const id = randomUUID();
  const w = await c.writeTemplate(CHANNEL_A, id, writeBody());
  assert.is(w.statusText, 'PENDING');
  assert.is(w.publicId, id);
  assert.is((await c.getTemplate(CHANNEL_A, id))!.statusText, 'PENDING');
  emu.advanceClock(61_000);
  const read = (await c.getTemplate(CHANNEL_A, id))!;
  assert.is(read.statusText, 'APPROVED');
  assert.is(read.chatapp!.status, 'APPROVED');
  // the read shape of the reference
  assert.equal(read.chatapp!.components[0], { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/a.png'] } });
  assert.equal(read.chatapp!.components[1]!.example, { body_text: [['Ana']] });
  // the same body again changes nothing
  assert.is((await c.writeTemplate(CHANNEL_A, id, writeBody())).statusText, 'APPROVED');
  // a real edit goes back to review
  const edited = writeBody('order_ready', 'Hello {{1}}, your order is now ready for pickup at our store.');
  assert.is((await c.writeTemplate(CHANNEL_A, id, edited)).statusText, 'PENDING');
  const st = await (await fetch(`${emu.url}/_emulator/state`, { headers: { authorization: `Bearer ${emu.controlToken}` } })).json() as { templates: { templateId: string; editsAfterApproval: number; writes: number }[] };
  const rec = st.templates.find((t) => t.templateId === id)!;
  assert.is(rec.editsAfterApproval, 1);
  assert.is(rec.writes, 2);
  // like WhatsApp, the category of an APPROVED template cannot change
  emu.advanceClock(61_000);
  const recat = writeBody('order_ready', 'Hello {{1}}, your order is now ready for pickup at our store.');
  recat.chatapp!.chatapp.category = 'MARKETING';
  const refused = await raw(tpl(CHANNEL_A, id), json(recat));
  assert.is(refused.status, 400);
  assert.match(errorOf(refused).message, /category of an APPROVED template cannot change \(UTILITY -> MARKETING\)/);
  // a template that starts with a placeholder is rejected, with the rule as the reason
  const bad = randomUUID();
  await c.writeTemplate(CHANNEL_A, bad, writeBody('bad_one', '{{1}} is your code. Do not share it with anyone at all.'));
  emu.advanceClock(61_000);
  const rej = (await c.getTemplate(CHANNEL_A, bad))!;
  assert.is(rej.statusText, 'REJECTED');
  assert.match(rej.rejectionReason!, /^placeholder-position: /);
});

test('conversation: the same clientMessageId and body answers the same; another body is refused', async () => {
  const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
  const req = { clientMessageId: randomUUID(), messages: [{ receiver: '+4915100000002', type: 'text', data: { message: 'Your parcel is here' } }] };
  const a = await c.sendConversation(CHANNEL_A, req);
  const b = await c.sendConversation(CHANNEL_A, req);
  assert.equal(a, b);
  assert.is(a.messages[0]!.status, 2);
  const r = await raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, json({ ...req, messages: [{ ...req.messages[0], data: { message: 'other' } }] }));
  assert.is(r.status, 409);
  assert.is(errorOf(r).errors[0]!.name, 'clientMessageId');
  const bad = await raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, json({ clientMessageId: randomUUID(), messages: [{ receiver: 'x', type: 'text', data: { message: 'm' }, suggestions: [{ action: 'open_url', text: 'Go', postbackData: 'not a url' }] }] }));
  assert.is(bad.status, 400);
});

test('message status: pages of `limit` (default 500, at most 1000), an opaque cursor, statuses advancing over time', async () => {
  const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
  const cm = randomUUID();
  const receivers = Array.from({ length: 1203 }, (_, i) => (i === 7 ? 'not-a-phone' : `+49151${String(i).padStart(7, '0')}`));
  await c.sendConversation(CHANNEL_A, { clientMessageId: cm, messages: receivers.map((r) => ({ receiver: r, type: 'text', data: { message: 'hi' } })) });
  const first = await c.getMessageStatus(cm);
  assert.is(first.status.send_list.length, 500);
  assert.ok(first.status.next_cursor.length > 0);
  assert.ok(first.status.send_list.every((s) => s.status === 0), 'not sent yet');
  const pages: number[] = [];
  for await (const p of c.messageStatusPages(cm, { limit: 1000 })) pages.push(p.status.send_list.length);
  assert.equal(pages, [1000, 203]);
  emu.advanceClock(61_000);
  const all = await c.allMessageStatuses(cm, { limit: 400 });
  assert.equal(all.map((s) => s.external_userid), receivers);
  assert.is(all[7]!.status, 2);
  assert.ok(all.filter((_, i) => i !== 7).every((s) => s.status === 1));
  for (const limit of ['0', '1001', 'abc']) assert.is((await raw(`${emu.url}/chatapp-message-status/${cm}?limit=${limit}`)).status, 400, limit);
  const badCursor = await raw(`${emu.url}/chatapp-message-status/${cm}?cursor=bogus`);
  assert.is(badCursor.status, 400);
  assert.is(errorOf(badCursor).errors[0]!.name, 'cursor');
  assert.is((await raw(`${emu.url}/chatapp-message-status/${randomUUID()}`)).status, 404);
});

test('every answer of the emulator, success or error, matches schema/openapi.yaml', async () => {
  const { openapiDocument } = await import('../src/schemas/contract.ts');
  const doc = openapiDocument() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  const id = randomUUID();
  const cm = randomUUID();
  const cases: [string, string, string, RequestInit & { key?: string | null }, 'TemplateWriteResponse' | 'TemplateReadResponse' | 'ConversationResponse' | 'MessageStatusResponse'][] = [
    ['/channel/{publicId}/template/{publicTemplateId}', 'post', tpl(CHANNEL_A, id), json(writeBody()), 'TemplateWriteResponse'],
    ['/channel/{publicId}/template/{publicTemplateId}', 'get', tpl(CHANNEL_A, id), {}, 'TemplateReadResponse'],
    ['/channel/{publicId}/template/{publicTemplateId}', 'get', tpl(CHANNEL_A), {}, 'TemplateReadResponse'],
    ['/channel/{publicId}/template/{publicTemplateId}', 'get', tpl(CHANNEL_A, id), { key: 'nope' }, 'TemplateReadResponse'],
    ['/channel/{publicId}/conversation', 'post', `${emu.url}/channel/${CHANNEL_A}/conversation`, json({ clientMessageId: cm, messages: [{ receiver: '+4915100000003', type: 'text', data: { message: 'x' } }] }), 'ConversationResponse'],
    ['/channel/{publicId}/conversation', 'post', `${emu.url}/channel/${CHANNEL_A}/conversation`, json({ clientMessageId: 'x', messages: [] }), 'ConversationResponse'],
    ['/chatapp-message-status/{clientMessageId}', 'get', `${emu.url}/chatapp-message-status/${cm}?limit=1`, {}, 'MessageStatusResponse'],
    ['/chatapp-message-status/{clientMessageId}', 'get', `${emu.url}/chatapp-message-status/${cm}?limit=5000`, {}, 'MessageStatusResponse'],
  ];
  for (const [p, method, url, init, schema] of cases) {
    const r = await raw(url, init);
    assert.ok(doc.paths[p]![method]!.responses[String(r.status)], `${method} ${p} declares ${r.status}`);
    assert.is(checkContract(r.status === 200 ? schema : 'Error', r.body), undefined, `${method} ${url} ${r.status}`);
  }
});

test.run();
