// The emulator's 400 answers name the field as the request has it: `name` for a body without
// one (`{}`), the missing key by its own path (chatapp.chatapp), a wrong value by its full path.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, raw } from './helpers.ts';

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k1'] }); });
test.after(async () => { await emu.close(); });

const write = (body: unknown) => raw(`${emu.url}/channel/${CHANNEL_A}/template/7563f4f9-7a7c-590e-8843-8b805ca99f15`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
});
const refused = async (body: unknown): Promise<{ message: string; field: string }> => {
  const r = await write(body);
  assert.is(r.status, 400, JSON.stringify(r.body));
  const b = r.body as { message: string; errors: { name: string; message: string }[] };
  assert.is(b.errors[0]!.message, b.message);
  return { message: b.message, field: b.errors[0]!.name };
};

test('{}: the missing name is named', async () => {
  assert.equal(await refused({}), { message: 'name is required', field: 'name' });
});

test('a body with a name and nothing else: chatapp, or message and language', async () => {
  const r = await refused({ name: 'x' });
  assert.is(r.field, 'chatapp');
  assert.match(r.message, 'chatapp is required (a WhatsApp template), or message and language (an RCS-only template)');
});

test('the inner chatapp left out: named by its own path, not its parent\'s followed by ajv\'s sentence', async () => {
  assert.equal(await refused({ name: 'x', chatapp: { category: 'UTILITY', components: [] } }), { message: 'chatapp.chatapp is required', field: 'chatapp.chatapp' });
});

test('a wrong value deep inside: its full path as the request has it', async () => {
  const r = await refused({ name: 'x', chatapp: { chatapp: { name: 'x', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 5 }] } } });
  assert.is(r.field, 'chatapp.chatapp.components[0].text');
  assert.match(r.message, /^chatapp\.chatapp\.components\[0\]\.text must be string$/);
});

test.run();
