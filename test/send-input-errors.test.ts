// The library's refusals of a send's inputs, made before any request and thrown as the class the
// error table of docs/commands/types.md gives them: a malformed id is a ParamError (never a
// RequestError, "the server refused", when no server was asked), a channel the client's setup does
// not map a UsageError, a template key the module does not hold a UsageError naming it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { RequestError } from '../src/api/errors.ts';
import { UsageError } from '../src/core/errors.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta, type TemplateMeta } from '../src/model/meta.ts';
import { ParamError } from '../src/send/render.ts';
import { sendTemplateWith, templateOf } from '../src/send/send.ts';
import * as lib from '../src/index.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, ROOT } from './helpers.ts';

const meta = (file: string): TemplateMeta => {
  const v = readTemplateValue(readFileSync(path.join(ROOT, 'templates', file), 'utf8'));
  return templateMeta(fromFile(v, String(v.channel), ''), String(v.channel));
};
const shipped = meta('whatsapp/order_shipped.en_US.yaml');
const params = { customer: 'Maria', order_id: 'A-1', button_2: 'x' };

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

/** a client whose every HTTP attempt is counted */
function counted(channels: Record<string, string> = { 'shop-whatsapp': CHANNEL_A }): { client: ReturnType<typeof createClient>; requests: string[] } {
  const requests: string[] = [];
  return { client: createClient({ baseUrl: emu.url, apiKey: 'k', channels, log: (l) => requests.push(l) }), requests };
}

async function thrown(p: Promise<unknown>): Promise<Error & { exitCode?: number }> {
  try { await p; } catch (e) { return e as Error & { exitCode?: number }; }
  throw new Error('expected a refusal');
}

test('a clientMessageId or channelId that is not a UUID: ParamError naming it, before any request (not RequestError, not "the read failed")', async () => {
  const { client, requests } = counted();
  for (const [o, what] of [[{ clientMessageId: 'abc' }, "clientMessageId 'abc' is not a UUID"], [{ channelId: 'nope' }, "channelId 'nope' is not a UUID"]] as const) {
    for (const remoteCheck of [true, false]) {
      const e = await thrown(sendTemplateWith(client, shipped, { to: '+4915112345678', params, textOnly: true, remoteCheck, ...o }));
      assert.instance(e, ParamError, `${e.name}: ${e.message}`);
      assert.not.instance(e, RequestError);
      assert.is(e.exitCode, 3);
      assert.match(e.message, what);
      assert.match(e.message, 'no request was made');
      assert.not.match(e.message, /read of the template before the send/);
    }
  }
  // the client's own calls: the same class for the same mistake
  for (const call of [() => client.getTemplate('nope', CHANNEL_A), () => client.sendConversation(CHANNEL_A, { clientMessageId: 'abc', messages: [] })]) {
    const e = await thrown((async () => call())());
    assert.instance(e, ParamError, e.message);
    assert.match(e.message, /'(nope|abc)' is not a UUID/);
  }
  assert.equal(requests, [], 'no request made');
  // the class is the package's own export
  assert.is(lib.ParamError, ParamError);
});

test('a channel alias the client does not map: UsageError (a setup to fix), before any request', async () => {
  const { client, requests } = counted({ wa: CHANNEL_A });
  const e = await thrown(sendTemplateWith(client, shipped, { to: '+4915112345678', params, textOnly: true }));
  assert.instance(e, UsageError, `${e.name}: ${e.message}`);
  assert.is(e.exitCode, 3);
  assert.match(e.message, "No channel id for 'shop-whatsapp': pass channelId, or createClient({ channels: { 'shop-whatsapp': '<uuid>' } })");
  // a map whose id is not a UUID is the setup's mistake too
  const bad = counted({ 'shop-whatsapp': 'not-a-uuid' });
  const e2 = await thrown(sendTemplateWith(bad.client, shipped, { to: '+4915112345678', params, textOnly: true }));
  assert.instance(e2, UsageError, e2.message);
  assert.match(e2.message, "'shop-whatsapp': 'not-a-uuid'");
  assert.equal([...requests, ...bad.requests], []);
});

test('a template key the generated module does not hold (run-time data, a plain-JS caller): UsageError naming the key and what the module holds', async () => {
  const templates: Record<string, TemplateMeta> = { 'shop-whatsapp/order_shipped/en_US': shipped };
  assert.is(templateOf(templates, 'shop-whatsapp/order_shipped/en_US'), shipped);
  for (const key of ['shop-whatsapp/order_shiped/en_US', 'constructor', '__proto__', undefined as unknown as string, 42 as unknown as string]) {
    let e: Error & { exitCode?: number } | undefined;
    try { templateOf(templates, key); } catch (x) { e = x as Error; }
    assert.instance(e, UsageError, String(key));
    assert.is(e!.exitCode, 3);
    assert.match(e!.message, /No template .* in the generated module \(it holds 1: shop-whatsapp\/order_shipped\/en_US\)/);
  }
  let e: Error | undefined;
  try { templateOf(templates, 'shop-whatsapp/order_shiped/en_US'); } catch (x) { e = x as Error; }
  assert.match(e!.message, "did you mean 'shop-whatsapp/order_shipped/en_US'?");
  // sendTemplateWith given no metadata (a lookup that found nothing): a UsageError, not a TypeError
  const { client, requests } = counted();
  const u = await thrown(sendTemplateWith(client, undefined as unknown as TemplateMeta, { to: '+49', params: {} }));
  assert.instance(u, UsageError, u.message);
  assert.equal(requests, []);
  assert.is(lib.templateOf, templateOf);
  // the generated sendTemplate looks its key up through templateOf
  assert.match(generateTypes([shipped], { source: 'templates' }), 'return sendTemplateWith(client, templateOf(templates, key), ');
});

// verify-9 #1: with the channel down, a send whose values are wrong too said only "unavailable"; the values' problem was
// found (before the read) and held back until the channel answered: both are said now
test('a send gate read that fails (the channel unreachable) says the values\' problem too, as "Also:"', async () => {
  // a port that was just free: a server listened on it and is closed (connections refused)
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  const down = createClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'k', channels: { 'shop-whatsapp': CHANNEL_A }, retries: 0 });
  const e = await thrown(sendTemplateWith(down, shipped, { to: '+4915112345678', params: { customer: 'Maria' }, textOnly: true }));
  assert.is(e.exitCode, 7, e.message);
  assert.match(e.message, 'the read of the template before the send (the send gate) failed');
  assert.match(e.message, /\nAlso: .*order_id/);
});

test.run();
