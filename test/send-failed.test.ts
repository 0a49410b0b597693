// A send the service takes and answers failed (its answer's `messages[].status` is 3, schema/openapi.yaml):
// not delivered, so `tplsync send` fails (exit 3, nothing on stdout in text format, the outcome document with
// --format json, the id named) and the library throws
// SendFailed. The emulator answers so with the fault failedSendRate, no proxy needed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { SendFailed, sendText } from '../src/send/send.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('the library: a send answered with status 3 throws SendFailed with its id and the answer; status reports it failed', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', backoffBaseMs: 1 });
  emu.setFaults({ failedSendRate: 1, operations: ['send'] });
  const id = 'c0ffee00-0000-4000-8000-000000000003';
  try {
    await sendText(client, CHANNEL_A, '+447700900123', 'Parcel DC1 is out for delivery', [], id);
    assert.unreachable('a failed message was reported sent');
  } catch (e) {
    assert.instance(e, SendFailed);
    const f = e as SendFailed;
    assert.is(f.exitCode, 3);
    assert.is(f.clientMessageId, id);
    assert.is(f.response.messages[0]!.status, 3);
    assert.match(f.message, `failed (status 3): it was not delivered. Its clientMessageId is ${id}`);
  } finally { emu.setFaults({}); }
  // the delivery status says failed (2) for that receiver
  const list = await client.allMessageStatuses(id);
  assert.is(list[0]!.status, 2);
  // without the fault, the same client sends (status 2): no error
  const ok = await sendText(client, CHANNEL_A, '+447700900123', 'Parcel DC1 is out for delivery');
  assert.is(ok.response.messages[0]!.status, 2);
});

test('tplsync send: a message answered failed exits 3, prints no id on stdout, and names it on stderr', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rcs: ${CHANNEL_A} }\nchannels:\n  rcs: { kind: rcs }\n`,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    emu.setFaults({ failedSendRate: 1, operations: ['send'] });
    let r;
    try { r = await cliIn(['send', '--channel', 'rcs', '--to', '+447700900123', '--text', 'Parcel DC1 is out for delivery'], { cwd: dir, env }); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 3, r.stderr);
    assert.is(r.stdout, '');
    assert.match(r.stderr, /answered that the message failed \(status 3\): it was not delivered\. Its clientMessageId is [0-9a-f-]{36}/);
    // with --format json stdout holds the outcome document (a program reads it), as send.md says: "nothing on stdout" is the text format's
    emu.setFaults({ failedSendRate: 1, operations: ['send'] });
    try { r = await cliIn(['send', '--channel', 'rcs', '--to', '+447700900123', '--text', 'Parcel DC1 is out for delivery', '--format', 'json'], { cwd: dir, env }); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 3, r.stderr);
    const doc = JSON.parse(r.stdout) as { outcome: string; clientMessageId: string; messages: { status: number }[] };
    assert.is(doc.outcome, 'failed');
    assert.equal(doc.messages.map((m) => m.status), [3]);
    const page = readFileSync(path.join(ROOT, 'docs', 'commands', 'send.md'), 'utf8').replace(/\s+/g, ' ');
    assert.match(page, 'in text format nothing is on stdout, and with `--format json` stdout has the `outcome: "failed"` document');
    assert.not.match(page, /`clientMessageId`, with nothing on stdout/);
    r = await cliIn(['send', '--channel', 'rcs', '--to', '+447700900123', '--text', 'Parcel DC1 is out for delivery'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^[0-9a-f-]{36}$/);
  } finally { cleanup(dir); }
});

test.run();
