// The emulator under hostile or unlucky input (issue 11, items 3 to 8): it acknowledges only what
// its journal holds, changes nothing before that, bounds bodies and slow clients, guards its
// control endpoints, answers only what the contract declares, and enforces the edit limits.
// Everything over real HTTP on 127.0.0.1; no assertion on how fast anything is.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { checkContract } from '../src/schemas/contract.ts';
import { RequestError } from '../src/api/errors.ts';
import { contractBreach, declaredStatuses } from '../src/emulator/answers.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { execa } from 'execa';
import { BIN, CHANNEL_A, CHANNEL_B, cleanup, firstLines, raw, tempDir, withChild, writeBody } from './helpers.ts';

const HOUR = 3600_000;
/** fixed ids, so that seeded faults replay exactly */
const fixedId = (i: number) => `0b7c3c4e-6f0e-4a4b-9a43-${String(i).padStart(12, '0')}`;
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const tplUrl = (emu: RunningEmulator, id: string, ch = CHANNEL_A) => `${emu.url}/channel/${ch}/template/${id}`;
const errorOf = (body: unknown) => { assert.is(checkContract('Error', body), undefined, `an Error body: ${JSON.stringify(body)}`); return body as { message: string; errors: { name?: string; code: string }[] }; };

/** a request sent exactly as written (no client-side path normalisation) */
function rawHttp(port: number, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      let text = '';
      res.on('data', (d) => { text += d; });
      res.on('end', () => { let b: unknown = text; try { b = JSON.parse(text); } catch { /* not JSON */ } resolve({ status: res.statusCode!, body: b }); });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** bytes written on a raw socket, and everything the server answered until it closed */
function rawSocket(port: number, data: string | null, dribbleEveryMs?: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const s = connect(port, '127.0.0.1', () => { if (data !== null) s.write(data); if (dribbleEveryMs) timer = setInterval(() => s.write('x'), dribbleEveryMs); });
    s.on('data', (d) => { text += d; });
    s.on('error', () => {});
    s.on('close', () => { clearInterval(timer); resolve(text); });
  });
}

/** the first whole HTTP answer on a raw socket (headers and a content-length body); then the socket is closed by this side */
function rawAnswer(port: number, data: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const s = connect(port, '127.0.0.1', () => s.write(data));
    s.on('data', (d) => {
      text += d;
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) { s.destroy(); resolve(text); }
    });
    s.on('error', reject);
    s.on('close', () => reject(new Error(`closed before a whole answer: ${JSON.stringify(text)}`)));
  });
}

/** Waits for `cond`, however long a loaded machine takes: a hang is failed by the runner's per-file limit, not by a clock here. */
async function until(what: string, cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 2));
}

/** An emulator whose journal syncs wait until `release()`: what reaches the journal is held there. */
async function heldInSync(): Promise<{ dir: string; emu: Awaited<ReturnType<typeof startEmulator>>; release: () => void; syncs: () => number }> {
  const dir = tempDir();
  let release!: () => void;
  const gate = new Promise<void>((r) => { release = r; });
  let syncs = 0;
  const emu = await startEmulator({ keys: ['k1'], dataFile: path.join(dir, 'emu.json'), beforeJournalSync: async () => { syncs++; await gate; } });
  return { dir, emu, release, syncs: () => syncs };
}

test('item 3: a duplicate write arriving while the first is being synced is answered only after that sync', async () => {
  const { dir, emu, release, syncs } = await heldInSync();
  try {
    const id = randomUUID();
    const events: string[] = [];
    const first = raw(tplUrl(emu, id), json(writeBody())).then((r) => { events.push('first answered'); return r; });
    await until('the first write to reach the journal', () => syncs() === 1);
    const dup = raw(tplUrl(emu, id), json(writeBody())).then((r) => { events.push('duplicate answered'); return r; });
    // both requests are inside the emulator: the first held in its sync, the duplicate queued behind it
    await until('the duplicate to arrive', () => emu.inFlight() === 2);
    // a read sees nothing that is not in the journal yet
    assert.is((await raw(tplUrl(emu, id))).status, 404);
    assert.equal(events, [], 'nothing acknowledged before the sync');
    events.push('sync released');
    release();
    const [a, b] = await Promise.all([first, dup]);
    assert.is(a.status, 200);
    assert.is(b.status, 200);
    assert.equal(events.slice(0, 1), ['sync released']);
    assert.is(emu.state.templates.get(`${CHANNEL_A}/${id}`)?.writes, 1, 'written once');
  } finally { release(); await emu.close(); cleanup(dir); }
});

test('item 3: the same holds for a repeated conversation send', async () => {
  const { dir, emu, release, syncs } = await heldInSync();
  try {
    const req = { clientMessageId: randomUUID(), messages: [{ receiver: '+4915100000009', type: 'text', data: { message: 'hi' } }] };
    let answered = 0;
    const first = raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, json(req)).then((r) => { answered++; return r; });
    await until('the send to reach the journal', () => syncs() === 1);
    const dup = raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, json(req)).then((r) => { answered++; return r; });
    await until('the repeat to arrive', () => emu.inFlight() === 2);
    assert.is(answered, 0, 'no send acknowledged before the sync');
    release();
    const [a, b] = await Promise.all([first, dup]);
    assert.is(a.status, 200);
    assert.equal(b.body, a.body, 'the repeat is answered with the first result');
  } finally { release(); await emu.close(); cleanup(dir); }
});

test('item 4: a body nested 5,000 deep is a 400 and changes nothing; the id stays writable', async () => {
  const dir = tempDir();
  const emu = await startEmulator({ keys: ['k1'], dataFile: path.join(dir, 'emu.json') });
  try {
    const id = randomUUID();
    const deep = `${JSON.stringify(writeBody()).slice(0, -1)},"extra":${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}}`;
    const r = await raw(tplUrl(emu, id), json(deep));
    assert.is(r.status, 400);
    assert.match(errorOf(r.body).message, /nests arrays and objects 5002 deep; at most 32/);
    assert.is((await raw(tplUrl(emu, id))).status, 404, 'nothing was stored');
    assert.is((await raw(tplUrl(emu, id), json(writeBody()))).status, 200, 'a later write to the id works');
    assert.is((await raw(tplUrl(emu, id))).status, 200);
    // a deep body on the conversation endpoint too
    assert.is((await raw(`${emu.url}/channel/${CHANNEL_A}/conversation`, json('['.repeat(5000) + ']'.repeat(5000)))).status, 400);
  } finally { await emu.close(); cleanup(dir); }
});

test('item 4: when the journal write fails, the write is a 500 and the state is unchanged; the next write succeeds', async () => {
  const dir = tempDir();
  let fail = true;
  const emu = await startEmulator({ keys: ['k1'], dataFile: path.join(dir, 'emu.json'), beforeJournalSync: async () => { if (fail) throw new Error('disk full (simulated)'); } });
  try {
    const id = randomUUID();
    const r = await raw(tplUrl(emu, id), json(writeBody()));
    assert.is(r.status, 500);
    errorOf(r.body);
    assert.is((await raw(tplUrl(emu, id))).status, 404, 'not acknowledged, not visible');
    fail = false;
    assert.is((await raw(tplUrl(emu, id), json(writeBody()))).status, 200);
    assert.is(emu.state.templates.get(`${CHANNEL_A}/${id}`)?.writes, 1);
  } finally { await emu.close(); cleanup(dir); }
});

test('item 5: a body over 1 MiB gets a 413 with the error body, not a reset', async () => {
  const emu = await startEmulator({ keys: ['k1'] });
  try {
    // sent whole: bodies up to 64 MiB are read to their end before the 413 (two sizes suffice:
    // the byte past the limit, and a few MiB; a larger upload only tests the machine's speed)
    for (const size of [1024 * 1024 + 1, 4 * 1024 * 1024]) {
      const r = await raw(tplUrl(emu, randomUUID()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(size, 0x20) });
      assert.is(r.status, 413, `${size} bytes`);
      assert.match(errorOf(r.body).message, /at most 1048576 bytes/);
    }
    // declared beyond 64 MiB: the 413 goes at once, before the body (none is sent here, so the
    // answer cannot race an upload)
    const text = await rawAnswer(emu.port, `POST /channel/${CHANNEL_A}/template/${randomUUID()} HTTP/1.1\r\nHost: x\r\napiKey: k1\r\ncontent-type: application/json\r\ncontent-length: ${80 * 1024 * 1024}\r\n\r\n`);
    assert.match(text, /^HTTP\/1\.1 413 /);
    assert.match(errorOf(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).message, /The body is 83886080 bytes; at most 1048576 bytes/);
    assert.ok(declaredStatuses('write').has(413) && declaredStatuses('send').has(413), '413 is declared for the writes');
  } finally { await emu.close(); }
});

test('item 5: blank, unfinished or dribbled requests get a 408 within the configured time-outs; CONNECT gets an answer', async () => {
  const emu = await startEmulator({ keys: ['k1'], headersTimeoutMs: 200, requestTimeoutMs: 400 });
  try {
    for (const [what, data, dribble] of [
      ['nothing at all', null, undefined],
      ['blank lines', '\r\n\r\n', undefined],
      ['unfinished headers', 'GET /_emulator/health HTTP/1.1\r\nHost: x\r\n', undefined],
      ['a body dribbled a byte at a time', `POST /channel/${CHANNEL_A}/conversation HTTP/1.1\r\nHost: x\r\napiKey: k1\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n`, 50],
    ] as const) {
      const text = await rawSocket(emu.port, data, dribble);
      assert.match(text, /^HTTP\/1\.1 408 /, what);
      errorOf(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)));
    }
    const text = await rawSocket(emu.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    assert.match(text, /^HTTP\/1\.1 405 /);
    assert.match(errorOf(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).message, /CONNECT is not supported/);
    // still serving
    assert.is((await raw(tplUrl(emu, randomUUID()), json(writeBody()))).status, 200);
  } finally { await emu.close(); }
  for (const bad of [{ headersTimeoutMs: 0 }, { headersTimeoutMs: 500, requestTimeoutMs: 100 }, { requestTimeoutMs: 1e308 }]) {
    try { await startEmulator({ keys: ['k1'], ...bad }); assert.unreachable(JSON.stringify(bad)); } catch (e) { assert.match((e as Error).message, /Timeout/, JSON.stringify(bad)); }
  }
});

test('item 6: control endpoints need the token, however the path is spelled; values are bounded', async () => {
  const emu = await startEmulator({ keys: ['k1'], controlToken: 'a-control-token-for-tests' });
  try {
    const auth = { authorization: `Bearer ${emu.controlToken}` };
    assert.is(emu.controlToken, 'a-control-token-for-tests');
    assert.is((await rawHttp(emu.port, 'GET', '/_emulator/health')).status, 200, 'health stays open');
    for (const target of ['/_emulator/state', '/channel/../_emulator/state', '/channel/%2e%2e/_emulator/state', '/%5Femulator/state', '//_emulator//state', '/_emulator/./state', '/_emulator/faults', '/_emulator/nowhere']) {
      const r = await rawHttp(emu.port, 'GET', target);
      assert.is(r.status, 401, target);
      assert.is(errorOf(r.body).errors[0]!.code, 'CONTROL_TOKEN_REQUIRED');
      assert.is((await rawHttp(emu.port, 'GET', target, { authorization: 'Bearer wrong-token-wrong-token' })).status, 401, `${target} with a wrong token`);
    }
    assert.is((await rawHttp(emu.port, 'GET', '/channel/../_emulator/state', auth)).status, 200, 'the normalised path, with the token');
    assert.is((await rawHttp(emu.port, 'POST', '/_emulator/clock', { ...auth, 'content-type': 'application/json' }, '{"advanceMs": 1}')).status, 200);
    // an encoded slash or a path above the root is refused, not guessed at
    assert.is((await rawHttp(emu.port, 'GET', '/channel%2F..%2F_emulator/state', auth)).status, 400);
    assert.is((await rawHttp(emu.port, 'GET', '/../_emulator/state', auth)).status, 400);
    // values
    for (const [p, body] of [
      ['/_emulator/clock', '{"advanceMs": 1e400}'], ['/_emulator/clock', '{"advanceMs": -1}'], ['/_emulator/clock', '{"advanceMs": "5"}'], ['/_emulator/clock', '{"advanceMs": 1e15}'],
      ['/_emulator/faults', '{"latencyMs": 1e308}'], ['/_emulator/faults', '{"jitterMs": 1e400}'], ['/_emulator/faults', '{"errorRate": 1e400}'],
      ['/_emulator/faults', '{"seed": 1.5}'], ['/_emulator/faults', '{"retryAfterSec": 1e9}'], ['/_emulator/faults', '[1,2]'],
      // an empty list of operations would turn every rate beside it off, in silence
      ['/_emulator/faults', '{"errorRate": 1, "operations": []}'],
    ] as const) {
      const r = await rawHttp(emu.port, 'POST', p, { ...auth, 'content-type': 'application/json' }, body);
      assert.is(r.status, 400, `${p} ${body}`);
      errorOf(r.body);
    }
    assert.throws(() => emu.advanceClock(Infinity));
    assert.throws(() => emu.setFaults({ latencyMs: 1e308 }));
    // every later send still works (the clock was not broken)
    const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    const sent = await c.sendConversation(CHANNEL_A, { clientMessageId: randomUUID(), messages: [{ receiver: '+4915100000010', type: 'text', data: { message: 'hi' } }] });
    assert.ok(!Number.isNaN(Date.parse(sent.messages[0]!.createdDate)));
  } finally { await emu.close(); }
  try { await startEmulator({ keys: ['k1'], controlToken: 'short' }); assert.unreachable(); } catch (e) { assert.match((e as Error).message, /control token/); }
});

test('item 6: message ids are scoped per key: another key\'s id is neither revealed (409) nor readable', async () => {
  const emu = await startEmulator({ keys: ['k1', 'k2'], statusDelayMs: 0 });
  try {
    const cm = randomUUID();
    const send = (key: string, text: string) => raw(`${emu.url}/channel/${CHANNEL_B}/conversation`, { ...json({ clientMessageId: cm, messages: [{ receiver: '+4915100000011', type: 'text', data: { message: text } }] }), key });
    assert.is((await send('k1', 'from k1')).status, 200);
    assert.is((await send('k2', 'from k2, another text')).status, 200, 'the same id under another key is another message');
    assert.is((await send('k1', 'from k1, changed')).status, 409, 'still one id per message within a key');
    const s1 = await raw(`${emu.url}/chatapp-message-status/${cm}`, { key: 'k1' });
    const s2 = await raw(`${emu.url}/chatapp-message-status/${cm}`, { key: 'k2' });
    assert.is(s1.status, 200);
    assert.is(s2.status, 200);
    assert.is(emu.state.conversations.size, 2);
  } finally { await emu.close(); }
});

test('item 7: every injected fault status is declared for its operation, and every answer is checked', async () => {
  const emu = await startEmulator({ keys: ['k1'] });
  try {
    emu.setFaults({ seed: 1, errorRate: 1 });
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const r = await raw(tplUrl(emu, fixedId(i)), i % 2 ? {} : json(writeBody()));
      seen.add(r.status);
      assert.ok(declaredStatuses(i % 2 ? 'read' : 'write').has(r.status), `${r.status} declared`);
      errorOf(r.body);
    }
    assert.equal([...seen].sort(), [500, 502, 503], 'all three injected statuses were hit');
    emu.setFaults({ rateLimitRate: 1 });
    const r = await raw(`${emu.url}/chatapp-message-status/${fixedId(0)}`);
    assert.is(r.status, 429);
    assert.ok(declaredStatuses('status').has(429));
    emu.setFaults({});
    for (const op of ['write', 'read', 'send', 'status'] as const) for (const s of [500, 502, 503, 429, 400, 401, 403]) assert.ok(declaredStatuses(op).has(s), `${op} ${s}`);
    // the check itself: an undeclared status or a body off the schema is a breach
    assert.match(contractBreach('write', 404, { code: 404, message: 'x', errors: [] })!, /not declared/);
    assert.match(contractBreach('read', 200, { name: 'x' }, 'TemplateReadResponse')!, /breaks the contract/);
    assert.is(contractBreach('send', 502, { code: 502, message: 'x', errors: [{ code: 'INTERNAL', message: 'x' }] }), undefined);
  } finally { await emu.close(); }
});

test('item 8: edits of an APPROVED template are limited to 1 per 24 h and 10 per 30 days; reads say how many remain', async () => {
  const emu = await startEmulator({ keys: ['k1'], reviewDelayMs: 60_000 });
  try {
    const c = createClient({ baseUrl: emu.url, apiKey: 'k1', retries: 0 });
    const id = randomUUID();
    const edit = (n: number) => writeBody('order_ready', `Hello {{1}}, your order number ${n} is ready for pickup at the store.`);
    await c.writeTemplate(CHANNEL_A, id, edit(0));
    // WhatsApp edits only APPROVED, REJECTED and PAUSED templates: one PENDING review is refused, and unchanged
    try { await c.writeTemplate(CHANNEL_A, id, edit(1)); assert.unreachable(); } catch (e) {
      assert.instance(e, RequestError);
      assert.is((e as RequestError).code, 'INVALID');
      assert.match((e as Error).message, /PENDING review; WhatsApp edits only APPROVED, REJECTED and PAUSED templates/);
    }
    assert.is(emu.state.template(CHANNEL_A, id)!.writes, 1);
    // the same body again is no edit: answered
    assert.is((await c.writeTemplate(CHANNEL_A, id, edit(0))).statusText, 'PENDING');
    emu.advanceClock(61_000);
    let r = await raw(tplUrl(emu, id));
    assert.is(r.headers.get('x-template-edits-remaining'), '10');
    assert.is(r.headers.get('x-template-next-edit-at'), null);
    await c.writeTemplate(CHANNEL_A, id, edit(2)); // the one edit of this day
    emu.advanceClock(61_000);
    r = await raw(tplUrl(emu, id));
    assert.is((r.body as { statusText: string }).statusText, 'APPROVED');
    assert.is(r.headers.get('x-template-edits-remaining'), '0', 'none left today');
    const nextAt = r.headers.get('x-template-next-edit-at')!;
    assert.ok(Date.parse(nextAt) > emu.state.now(), nextAt);
    try { await c.writeTemplate(CHANNEL_A, id, edit(3)); assert.unreachable(); } catch (e) {
      assert.instance(e, RequestError);
      assert.is((e as RequestError).code, 'EDIT_LIMIT_REACHED');
      assert.match((e as Error).message, /edit limit \(1 edit per 24 hours, 10 per 30 days; 9 left in the 30 days\); the next edit is possible from /);
      assert.is((e as RequestError).exitCode, 3);
    }
    // the same body again is no edit: still answered
    assert.is((await c.writeTemplate(CHANNEL_A, id, edit(2))).statusText, 'APPROVED');
    // a day later, the next edit; nine more over the month, then the month's limit
    for (let n = 4; n < 13; n++) {
      emu.advanceClock(25 * HOUR);
      await c.writeTemplate(CHANNEL_A, id, edit(n));
      emu.advanceClock(61_000);
    }
    emu.advanceClock(25 * HOUR);
    r = await raw(tplUrl(emu, id));
    assert.is(r.headers.get('x-template-edits-remaining'), '0');
    const refused = await raw(tplUrl(emu, id), json(edit(99)));
    assert.is(refused.status, 400);
    assert.is(errorOf(refused.body).errors[0]!.code, 'EDIT_LIMIT_REACHED');
    assert.match(errorOf(refused.body).message, /0 left in the 30 days/);
    // once the first of them is 30 days old, one edit is possible again
    emu.advanceClock(30 * 24 * HOUR);
    assert.is((await raw(tplUrl(emu, id), json(edit(100)))).status, 200);
    const st = await rawHttp(emu.port, 'GET', '/_emulator/state', { authorization: `Bearer ${emu.controlToken}` });
    assert.is((st.body as { templates: { editsAfterApproval: number }[] }).templates[0]!.editsAfterApproval, 11);
    // each template with its language: two languages of one name are told apart (the ids POST /_emulator/review takes)
    assert.is((st.body as { templates: { language: string }[] }).templates[0]!.language, 'en_US');
  } finally { await emu.close(); }
});

test('issue 9.8: the same seed gives the same faults whatever order the requests arrive in', async () => {
  const emu = await startEmulator({ keys: ['k1'] });
  try {
    const ids = Array.from({ length: 30 }, (_, i) => fixedId(i));
    const outcome = async (order: string[], concurrent: boolean): Promise<Record<string, number[]>> => {
      emu.setFaults({ seed: 42, errorRate: 0.3, rateLimitRate: 0.2, retryAfterSec: 0 });
      const out: Record<string, number[]> = {};
      const one = async (id: string) => { out[id] = []; for (let a = 0; a < 3; a++) out[id]!.push((await raw(tplUrl(emu, id), json(writeBody()))).status); };
      if (concurrent) await Promise.all(order.map(one)); else for (const id of order) await one(id);
      emu.setFaults({});
      return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
    };
    const forward = await outcome(ids, false);
    const backward = await outcome([...ids].reverse(), false);
    const together = await outcome(ids, true);
    assert.equal(backward, forward);
    assert.equal(together, forward);
    assert.ok(Object.values(forward).flat().some((s) => s !== 200), 'faults were drawn');
    assert.ok(Object.values(forward).flat().some((s) => s === 200), 'and successes');
  } finally { await emu.close(); }
});

test('the CLI: the control token on the second line (random, or --control-token), time-out flags checked', async () => {
  for (const given of [undefined, 'cli-control-token-0123456789']) {
    await withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--headers-timeout', '300', '--request-timeout', '600', ...(given ? ['--control-token', given] : [])], { reject: false, buffer: false }), async (proc) => {
      const lines = await firstLines(proc, 2);
      const url = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(lines[0]!)!;
      const token = /^control token: (\S+)$/.exec(lines[1]!)![1]!;
      if (given) assert.is(token, given); else assert.match(token, /^[0-9a-f]{32}$/);
      assert.is((await fetch(`${url[1]}/_emulator/state`)).status, 401);
      assert.is((await fetch(`${url[1]}/_emulator/state`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
      // the --headers-timeout flag is in force
      assert.match(await rawSocket(Number(url[2]), 'GET / HTTP/1.1\r\n'), /^HTTP\/1\.1 408 /);
    });
  }
  for (const args of [['--control-token', 'short'], ['--headers-timeout', '0'], ['--request-timeout', 'x'], ['--headers-timeout', '900', '--request-timeout', '100'], ['--latency', '1e308']]) {
    const r = await execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', ...args], { reject: false, timeout: 20_000 });
    assert.is(r.exitCode, 3, `${args.join(' ')}: ${String(r.stderr)}`);
  }
});

test.run();
