// trial-bq F2: the emulator created a template under the name and language of one deleted a minute
// before, although WhatsApp refuses a deleted approved template's name for 30 days from the
// deletion ("If you delete an approved template, you cannot create a new template with the same
// name for 30 days": Meta, Template management), and tplsync's own plan warns of it. The emulator
// now keeps when a template was deleted (the review control's DELETED or PENDING_DELETION; the
// read does not say it) and refuses such a create with a 400 naming the date the name is free
// again, by its clock; the journal keeps the deletion's time across a restart.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { cleanup, emulatorReview, raw, tempDir, writeBody } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
const DAY = 86_400_000;
/** the emulator's clock starts here and moves only by advanceClock or the clock endpoint */
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();

function create(emu: RunningEmulator, channel: string, id: string, body = writeBody('flight_update')): Promise<{ status: number; body: unknown }> {
  return raw(`${emu.url}/channel/${channel}/template/${id}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
function inLanguage(language: string, name = 'flight_update'): ReturnType<typeof writeBody> {
  const b = writeBody(name);
  b.chatapp!.chatapp.language = language;
  return b;
}
type Refusal = { code: number; message: string; errors: { name?: string; code: string; message: string }[] };
async function stateOf(emu: RunningEmulator, id: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/_emulator/state`, { headers: { authorization: `Bearer ${emu.controlToken}` } });
  return ((await res.json()) as { templates: Record<string, unknown>[] }).templates.find((t) => t.templateId === id)!;
}

for (const state of ['DELETED', 'PENDING_DELETION']) {
  test(`${state}: a new template of a deleted approved template's name and language is refused (400, the date it is free) for 30 days of the emulator's clock, then created`, async () => {
    const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, baseClock: () => T0 });
    const channel = randomUUID();
    try {
      const gone = randomUUID();
      assert.is((await create(emu, channel, gone)).status, 200);
      emu.advanceClock(60_000);
      const deletedAt = T0 + 60_000;
      assert.is(await emulatorReview(emu, { channel, template: gone, statusText: state }), 200);
      emu.advanceClock(60_000);
      const fresh = randomUUID();
      const r = await create(emu, channel, fresh);
      assert.is(r.status, 400, JSON.stringify(r.body));
      const err = r.body as Refusal;
      assert.is(err.errors[0]!.code, 'INVALID');
      assert.is(err.errors[0]!.name, 'name');
      assert.match(err.message, `The name flight_update (en_US) is blocked until ${iso(deletedAt + 30 * DAY)}: the template of this name and language ${gone} was deleted on ${iso(deletedAt)}`);
      // nothing was created
      assert.is((await raw(`${emu.url}/channel/${channel}/template/${fresh}`, { key: KEY })).status, 404);
      // the state endpoint says when it was deleted (the read does not)
      const s = await stateOf(emu, gone);
      assert.is(s.deletedAt, iso(deletedAt));
      assert.is(s.nameBlockedUntil, iso(deletedAt + 30 * DAY));
      // another language, another name, another channel: not blocked
      assert.is((await create(emu, channel, randomUUID(), inLanguage('de'))).status, 200);
      assert.is((await create(emu, channel, randomUUID(), writeBody('flight_update_v2'))).status, 200);
      assert.is((await create(emu, randomUUID(), randomUUID())).status, 200);
      // a millisecond before the 30 days are over: still refused; then created
      emu.advanceClock(deletedAt + 30 * DAY - 1 - (T0 + 2 * 60_000));
      assert.is((await create(emu, channel, fresh)).status, 400);
      emu.advanceClock(1);
      const made = await create(emu, channel, fresh);
      assert.is(made.status, 200, JSON.stringify(made.body));
      assert.is((made.body as { statusText: string }).statusText, 'APPROVED');
    } finally { await emu.close(); }
  });
}

test('the deletion counts from its first step: PENDING_DELETION then DELETED keeps the time; a template never approved blocks no name', async () => {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, baseClock: () => T0 });
  const channel = randomUUID();
  try {
    const gone = randomUUID();
    assert.is((await create(emu, channel, gone)).status, 200);
    assert.is(await emulatorReview(emu, { channel, template: gone, statusText: 'PENDING_DELETION' }), 200);
    emu.advanceClock(10 * DAY);
    assert.is(await emulatorReview(emu, { channel, template: gone, statusText: 'DELETED' }), 200);
    assert.is((await stateOf(emu, gone)).deletedAt, iso(T0));
    const r = await create(emu, channel, randomUUID());
    assert.is(r.status, 400);
    assert.match((r.body as Refusal).message, `blocked until ${iso(T0 + 30 * DAY)}`);
    // a REJECTED template deleted: Meta blocks the name of an approved one only
    const rejected = randomUUID();
    assert.is((await create(emu, channel, rejected, writeBody('boarding_pass'))).status, 200);
    assert.is(await emulatorReview(emu, { channel, template: rejected, statusText: 'REJECTED', reason: 'INVALID_FORMAT' }), 200);
    assert.is(await emulatorReview(emu, { channel, template: rejected, statusText: 'DELETED' }), 200);
    const s = await stateOf(emu, rejected);
    assert.is(s.deletedAt, iso(T0 + 10 * DAY));
    assert.is(s.nameBlockedUntil, undefined);
    assert.is((await create(emu, channel, randomUUID(), writeBody('boarding_pass'))).status, 200);
  } finally { await emu.close(); }
});

test('with a data file, a restart keeps the deletion\'s time: the name stays blocked, and the clock endpoint frees it after 30 days', async () => {
  const dir = tempDir();
  const dataFile = path.join(dir, 'emu.json');
  const channel = randomUUID();
  const gone = randomUUID();
  const fresh = randomUUID();
  try {
    let emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, dataFile, baseClock: () => T0 });
    try {
      assert.is((await create(emu, channel, gone)).status, 200);
      assert.is(await emulatorReview(emu, { channel, template: gone, statusText: 'DELETED' }), 200);
    } finally { await emu.close(); }
    emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, dataFile, baseClock: () => T0 });
    const clock = (advanceMs: number) => fetch(`${emu.url}/_emulator/clock`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs }) }).then((res) => res.status);
    try {
      assert.is((await stateOf(emu, gone)).deletedAt, iso(T0));
      assert.is(await clock(29 * DAY), 200);
      const r = await create(emu, channel, fresh);
      assert.is(r.status, 400, JSON.stringify(r.body));
      assert.match((r.body as Refusal).message, `blocked until ${iso(T0 + 30 * DAY)}`);
      assert.is(await clock(DAY), 200);
    } finally { await emu.close(); }
    // the clock's move is kept too: after another restart the 30 days are over
    emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, dataFile, baseClock: () => T0 });
    try {
      assert.is((await create(emu, channel, fresh)).status, 200);
    } finally { await emu.close(); }
  } finally { cleanup(dir); }
});

test.run();
