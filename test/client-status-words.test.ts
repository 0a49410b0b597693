// The library's status reads (documented in docs/commands/types.md): each send_list entry carries
// its number's meaning as statusText beside the number, since the scale is not the send answer's
// (2 is "success" in a send's answer and "failed: not a contact" in a status read).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { MESSAGE_STATUS_WORDS, messageStatusText } from '../src/api/shapes.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { SendFailed, sendText } from '../src/send/send.ts';
import * as lib from '../src/index.ts';
import { CHANNEL_A } from './helpers.ts';

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('getMessageStatus and allMessageStatuses give each entry its statusText: 1 sent, 2 failed: not a contact', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', backoffBaseMs: 1 });
  const ok = await sendText(client, CHANNEL_A, '+4915100000071', 'Hello');
  let failedId = '';
  emu.setFaults({ failedSendRate: 1 });
  try { await sendText(client, CHANNEL_A, '+4915100000072', 'Hello'); assert.unreachable(); } catch (e) {
    assert.instance(e, SendFailed);
    failedId = (e as SendFailed).clientMessageId;
  } finally { emu.setFaults({}); }
  const page = await client.getMessageStatus(ok.clientMessageId);
  assert.equal(page.status.send_list.map((e) => [e.status, e.statusText]), [[1, 'sent']]);
  const all = await client.allMessageStatuses(failedId);
  assert.equal(all.map((e) => [e.status, e.statusText]), [[2, 'failed: not a contact']]);
  for (const e of (await client.messageStatusPages(failedId).next()).value!.status.send_list) assert.is(e.statusText, 'failed: not a contact');
  // the scale, and a number outside it
  assert.equal(MESSAGE_STATUS_WORDS, { 0: 'not sent', 1: 'sent', 2: 'failed: not a contact', 3: 'failed: quota reached' });
  assert.is(messageStatusText(7), null);
  assert.is(lib.messageStatusText, messageStatusText);
});

test.run();
