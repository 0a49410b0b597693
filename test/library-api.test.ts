// The library as a service developer uses it (trial-bn): what `import ... from 'tplsync'` refuses
// before any request, and with which class; what a refusal of the send gate tells a program (a
// pause's end, whether waiting helps) without parsing its message; what it exports for the errors
// and types a caller meets; and messages worded for code, not for the command line.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, type Client } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { templateMeta, type TemplateMeta } from '../src/model/meta.ts';
import { NotSendable } from '../src/send/gate.ts';
import { ParamError } from '../src/send/render.ts';
import { sendTemplateWith, sendText, type SendTemplateOptions } from '../src/send/send.ts';
import type { TemplateParamValues } from '../src/send/render.ts';
import * as lib from '../src/index.ts';
import { cleanup, CHANNEL_A, emulatorReview, ROOT, typesProject } from './helpers.ts';
import { codedLines, compileConsumer } from './consumer-compile.ts';

const meta = (file: string): TemplateMeta => {
  const v = readTemplateValue(readFileSync(path.join(ROOT, 'templates', file), 'utf8'));
  return templateMeta(fromFile(v, String(v.channel), ''), String(v.channel));
};
const shipped = meta('whatsapp/order_shipped.en_US.yaml');

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

/** a client whose every HTTP attempt is counted */
function counted(): { client: Client; requests: string[] } {
  const requests: string[] = [];
  return { client: createClient({ baseUrl: emu.url, apiKey: 'k', channels: { 'shop-whatsapp': CHANNEL_A }, log: (l) => requests.push(l), retries: 0 }), requests };
}

async function thrown(p: Promise<unknown> | (() => unknown)): Promise<Error & { exitCode?: number }> {
  try { await (typeof p === 'function' ? p() : p); } catch (e) { return e as Error & { exitCode?: number }; }
  throw new Error('expected a refusal');
}

// trial-bn F10: params left out or null escaped as a bare TypeError ("Cannot convert undefined or null to object"), after the gate's read
test('sendTemplateWith with params missing, null, a string or an array: ParamError (exitCode 3) naming what it takes, before any request', async () => {
  const { client, requests } = counted();
  for (const [params, said] of [[undefined, 'params is missing'], [null, 'params is null'], ['Maria', "params is the string 'Maria', not an object"], [['Maria'], 'params is an array']] as const) {
    for (const remoteCheck of [true, false]) {
      const o = { to: '+4915112345678', params, textOnly: true, remoteCheck } as unknown as SendTemplateOptions<TemplateParamValues>;
      const e = await thrown(sendTemplateWith(client, shipped, o));
      assert.instance(e, ParamError, `${e.name}: ${e.message}`);
      assert.is(e.exitCode, 3);
      assert.match(e.message, said);
      assert.match(e.message, 'shop-whatsapp/order_shipped/en_US takes its values as an object, { customer, order_id, button_2 }');
      assert.match(e.message, 'Nothing was sent, no request was made.');
    }
  }
  assert.equal(requests, [], 'not even the gate\'s read');
});

// trial-bn F3: the status reads asked the service for '' (and blamed its 404 on the baseUrl), and sent a limit of 0 or 5000
test('status reads refuse an id that is no clientMessageId and a limit outside 1..1000 (ParamError) before any request, as tplsync status does', async () => {
  const { client, requests } = counted();
  const id = '3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44';
  const cases: [unknown, unknown, string][] = [
    ['', undefined, 'clientMessageId is an empty string, not a clientMessageId (a UUID): is a variable or a stored id unset?'],
    ['abc/../../x', undefined, "clientMessageId 'abc/../../x' is not a clientMessageId (a UUID, as a send returns it)"],
    [null, undefined, 'clientMessageId is null'],
    [42, undefined, 'clientMessageId is a number'],
    [id, { limit: 0 }, 'limit takes a whole number from 1 to 1000 (a page\'s size), not 0'],
    [id, { limit: 5000 }, 'not 5000'],
    [id, { limit: 1.5 }, 'not 1.5'],
    [id, { limit: '10' }, "not the string '10'"],
    [id, { cursor: 5 }, 'cursor must be a string'],
    [id, null, 'a status read takes its options as an object'],
  ];
  for (const [given, page, said] of cases) {
    const calls: (() => Promise<unknown>)[] = [
      () => client.getMessageStatus(given as string, page as never),
      () => client.allMessageStatuses(given as string, page as never),
      () => client.messageStatusPages(given as string, page as never).next(),
    ];
    for (const call of calls) {
      // (the cursor is one page's: the listings take a limit alone)
      if (call !== calls[0] && (page as { cursor?: unknown } | null)?.cursor !== undefined) continue;
      const e = await thrown(call);
      assert.instance(e, ParamError, `${String(given)} ${JSON.stringify(page)}: ${e.name}: ${e.message}`);
      assert.is(e.exitCode, 3);
      assert.match(e.message, said);
      assert.match(e.message, 'no request was made');
      assert.not.match(e.message, /baseUrl|environment/);
    }
  }
  assert.equal(requests, []);
  // an id in capitals is the same message, read as a send sent it (in small letters), as `tplsync status` reads it
  const sent = await sendText(client, CHANNEL_A, '+4915100000081', 'Hello');
  const entries = await client.allMessageStatuses(sent.clientMessageId.toUpperCase(), { limit: 1000 });
  assert.equal(entries.map((e) => e.external_userid), ['+4915100000081']);
});

/** a template written to the emulator's channel (approved at once: reviewDelayMs 0): its metadata, as a generated module holds it, and its id */
async function approvedOnChannel(client: Client, name: string): Promise<{ meta: TemplateMeta; id: string }> {
  const file = readTemplateValue(`channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, your order is on its way."\n  examples: { customer: Maria }\n`);
  const id = templateId(CHANNEL_A, name, 'en_US');
  await client.writeTemplate(CHANNEL_A, id, toWriteBody(fromFile(file, CHANNEL_A, id).canonical));
  return { meta: templateMeta(fromFile(file, 'wa', ''), 'wa'), id };
}

// trial-bn F4: a pause's end was only in the message's text, `status` a plain string
test('NotSendable not-approved: status is the state (TemplateState), waitFor says whether it ends by itself, pausedUntil when a pause ends', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { wa: CHANNEL_A } });
  const o = { to: '+4915112345678', params: { customer: 'Maria' } };
  const { meta: m, id } = await approvedOnChannel(client, 'lib_paused');
  assert.ok((await sendTemplateWith(client, m, o)).clientMessageId, 'approved: sent');
  assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: id, pause: true }), 200);
  const paused = await thrown(sendTemplateWith(client, m, o));
  assert.instance(paused, NotSendable, paused.message);
  const p = paused as NotSendable;
  assert.is(p.reason, 'not-approved');
  assert.is(p.status, 'PAUSED');
  assert.is(p.statusText, 'PAUSED');
  assert.is(p.waitFor, 'pause');
  // the read's end of the pause, as the message says it: 3 hours on the emulator's clock for a first pause
  const read = await client.getTemplate(CHANNEL_A, id);
  assert.ok(read?.pausedUntil);
  assert.is(p.pausedUntil, read!.pausedUntil);
  assert.match(p.message, `not approved until ${read!.pausedUntil}`);
  for (const [statusText, wait] of [['PENDING', 'review'], ['IN_APPEAL', 'review'], ['REJECTED', undefined], ['DISABLED', undefined], ['FLAGGED', undefined]] as const) {
    assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: id, statusText }), 200);
    const e = await thrown(sendTemplateWith(client, m, o)) as NotSendable;
    assert.instance(e, NotSendable, e.message);
    assert.is(e.status, statusText);
    assert.is(e.waitFor, wait, statusText);
    assert.is(e.pausedUntil, undefined);
  }
  // another reason waits for nothing: someone must act (apply it)
  const absent = await thrown(sendTemplateWith(client, { ...m, name: 'lib_never_applied' }, o)) as NotSendable;
  assert.is(absent.reason, 'absent');
  assert.is(absent.waitFor, undefined);
  assert.is(absent.status, undefined);
});

// trial-bn F1, F7: what a caller meets it can import
test('the package exports Interrupted (what a status listing stopped by stopSignal rejects with), and it is the class thrown', async () => {
  const stop = new AbortController();
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', stopSignal: stop.signal });
  stop.abort();
  const e = await thrown(client.allMessageStatuses('3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44'));
  assert.instance(e, lib.Interrupted, `${e.name}: ${e.message}`);
  assert.is(e.exitCode, 130);
  assert.is(e.name, 'Interrupted');
});

// trial-bn F11: code was told to run `tplsync status ID` and to pass --client-message-id / --no-remote-check
test('a send\'s errors raised in code name the client\'s calls and options, not the command line\'s', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { wa: CHANNEL_A }, retries: 0 });
  const { meta: m } = await approvedOnChannel(client, 'lib_words');
  const o = { to: '+4915112345678', params: { customer: 'Maria' } };
  try {
    // a lost answer: the message may have been delivered
    emu.setFaults({ seed: 1, lostResponseRate: 1, operations: ['send'] });
    const lost = await thrown(sendTemplateWith(client, m, o)) as lib.ApiError;
    assert.instance(lost, lib.UnavailableError, lost.message);
    const id = lost.clientMessageId!;
    assert.match(lost.message, `Look it up with client.allMessageStatuses('${id}'), or send it again with clientMessageId: '${id}' (e.clientMessageId)`);
    // taken, and answered failed
    emu.setFaults({ seed: 1, failedSendRate: 1, operations: ['send'] });
    const failed = await thrown(sendText(client, CHANNEL_A, '+4915112345678', 'Hello')) as lib.SendFailed;
    assert.instance(failed, lib.SendFailed);
    assert.match(failed.message, `(client.allMessageStatuses('${failed.clientMessageId}') shows its delivery)`);
    // the gate's read unavailable
    emu.setFaults({ seed: 1, errorRate: 1, operations: ['read'] });
    const unread = await thrown(sendTemplateWith(client, m, o));
    assert.match(unread.message, 'Send again once the channel can be read; remoteCheck: false sends when this read fails');
    for (const e of [lost, failed, unread]) assert.not.match(e.message, /tplsync status|--client-message-id|--no-remote-check/);
  } finally { emu.setFaults({}); }
  // a template the channel has not: the skip is named as code writes it
  const absent = await thrown(sendTemplateWith(client, { ...m, name: 'lib_words_absent' }, o));
  assert.match(absent.message, 'If this is a test service that keeps no templates, remoteCheck: false sends without reading it.');
  // a baseUrl whose path is no API's: the client's baseUrl, not an environment's
  const wrong = createClient({ baseUrl: `${emu.url}/wrong/`, apiKey: 'k', retries: 0 });
  const notFound = await thrown(wrong.getMessageStatus('3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44'));
  assert.instance(notFound, lib.NotFoundError, notFound.message);
  assert.match(notFound.message, "(not the API's answer: check that the client's baseUrl is the API's address, its path included)");
});

// trial-bn F6, F7: `clientMessageId: previous?.clientMessageId` did not compile under exactOptionalPropertyTypes (TS2379),
// though the run time takes undefined as absent; QualityWarning, FaultSettings and Interrupted could not be imported
test('a service compiles against the package under exactOptionalPropertyTypes: optional options take undefined, the types it meets are exported', () => {
  const dir = typesProject('tplsync-lib-api-');
  try {
    const source = `import { createClient, Interrupted, NotSendable, sendTemplateWith, sendText, type NotSendableWait, type QualityWarning, type Sent, type StatusPageOptions, type TemplateMeta, type TemplateState } from 'tplsync';
import type { FaultSettings } from 'tplsync/emulator';
declare const previous: Sent | undefined;
declare const meta: TemplateMeta;
declare const fromConfig: { timeoutMs?: number; log?: (line: string) => void };
const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', timeoutMs: fromConfig.timeoutMs, retries: undefined, log: fromConfig.log, channels: undefined, proxyEnv: {} });
export const again = sendTemplateWith(client, meta, { to: '+4915112345678', params: {}, clientMessageId: previous?.clientMessageId, channelId: undefined, textOnly: undefined, remoteCheck: undefined, presetText: undefined, environment: undefined });
export const text = sendText(client, '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', '+4915112345678', 'Hello', { clientMessageId: previous?.clientMessageId, channelKind: undefined, suggestions: undefined });
const page: StatusPageOptions = { limit: undefined, cursor: undefined };
export const read = client.getMessageStatus('3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44', page);
export const all = client.allMessageStatuses('3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44', { limit: undefined });
export const quality: QualityWarning | undefined = previous?.quality;
export const faults: FaultSettings = { seed: 1, hangRate: 1, operations: ['status'] };
/** what a job queue does with a refusal: a switch over the state, checked whole */
export function next(e: unknown): 'stop' | 'later' | 'never' {
  if (e instanceof Interrupted) return 'stop';
  if (!(e instanceof NotSendable)) return 'never';
  const wait: NotSendableWait | undefined = e.waitFor;
  if (wait !== undefined) return 'later';
  const state: TemplateState | undefined = e.status;
  switch (state) {
    case undefined: case 'APPROVED': case 'REINSTATED': case 'PENDING': case 'IN_APPEAL': case 'PAUSED': return 'later';
    case 'REJECTED': case 'DISABLED': case 'FLAGGED': case 'LIMIT_EXCEEDED': case 'LOCKED': case 'PENDING_DELETION': case 'DELETED': case 'ARCHIVED': return 'never';
    default: { const unhandled: never = state; return unhandled; }
  }
}
`;
    const options: ts.CompilerOptions = { exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, types: ['node'], typeRoots: [path.join(ROOT, 'node_modules', '@types')] };
    assert.is(codedLines(compileConsumer(dir, source, options)), '');
  } finally { cleanup(dir); }
});

// trial-bn F9: stopSignal is the client's and one-shot; a call with a deadline of its own had to race a timer, leaving the request running
test('a call\'s own signal stops that call alone: a read in flight ends, a wait for a retry ends, a send not yet made is not made', async () => {
  const id = '3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44';
  // a service whose first status read never answers: the caller gives up on it (its signal aborted once the request arrived)
  const cancel = new AbortController();
  let reads = 0;
  const server = createServer((req, res) => {
    reads++;
    if (reads === 1) { cancel.abort(); return; }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ result: { errcode: 0 }, status: { errcode: 0, next_cursor: '', send_list: [{ external_userid: '+4915100000091', userid: 'u1', status: 1 }] } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k' });
    const e = await thrown(client.allMessageStatuses(id, { signal: cancel.signal }));
    assert.instance(e, lib.Interrupted, `${e.name}: ${e.message}`);
    assert.match(e.message, "stopped by the call's signal while reading the pages of the message status of");
    // the client goes on serving the calls that were not cancelled
    assert.equal((await client.allMessageStatuses(id)).map((x) => x.external_userid), ['+4915100000091']);
    assert.is(reads, 2, 'the cancelled read was not tried again');
  } finally { server.closeAllConnections(); server.close(); }

  const lines: string[] = [];
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { wa: CHANNEL_A }, retries: 1, maxRetryAfterMs: 60_000, log: (l) => lines.push(l) });
  // a signal aborted before the call: nothing is sent, not even the gate's read
  const before = emu.state.conversations.size;
  const gone = await thrown(sendText(client, CHANNEL_A, '+4915112345678', 'Hello', { signal: AbortSignal.abort() })) as lib.UnavailableError;
  assert.instance(gone, lib.UnavailableError, gone.message);
  assert.is(gone.notSent, true);
  assert.is(gone.mayHaveReached, false);
  assert.match(gone.message, "not sent: the call's signal was aborted");
  const { meta: m } = await approvedOnChannel(client, 'lib_cancelled');
  lines.length = 0;
  const gate = await thrown(sendTemplateWith(client, m, { to: '+4915112345678', params: { customer: 'Maria' }, signal: AbortSignal.abort() }));
  assert.match(gate.message, "Nothing was sent: the send's signal was aborted while the template was read before the send");
  assert.not.match(gate.message, /remoteCheck/);
  assert.equal(lines, [], 'no request made');
  assert.is(emu.state.conversations.size, before);
  // rate limited with a Retry-After of 60 s: the caller's abort ends the wait, and the send is not tried again
  try {
    emu.setFaults({ seed: 1, rateLimitRate: 1, retryAfterSec: 60, operations: ['send'] });
    const late = new AbortController();
    const limited = createClient({ baseUrl: emu.url, apiKey: 'k', retries: 1, maxRetryAfterMs: 60_000, onRetry: () => late.abort() });
    const r = await thrown(sendText(limited, CHANNEL_A, '+4915112345678', 'Hello', { signal: late.signal })) as lib.RateLimitedError;
    assert.instance(r, lib.RateLimitedError, r.message);
    assert.match(r.message, "(not tried again: the call's signal was aborted)");
    assert.is(r.mayHaveReached, false);
  } finally { emu.setFaults({}); }
  // a value that is no AbortSignal would never stop the call: refused before any request
  const odd = await thrown(client.getMessageStatus(id, { signal: 'soon' as unknown as AbortSignal }));
  assert.instance(odd, ParamError, odd.message);
});

test.run();
