// The library as a service developer uses it (trial-bn): what `import ... from 'tplsync'` refuses
// before any request, and with which class; what a refusal of the send gate tells a program (a
// pause's end, whether waiting helps) without parsing its message; what it exports for the errors
// and types a caller meets; and messages worded for code, not for the command line.
import { readFileSync } from 'node:fs';
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

test.run();
