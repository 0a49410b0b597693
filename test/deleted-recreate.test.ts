// A template deleted on the channel whose file is still there (or put back): WhatsApp blocks a
// deleted template's name for 30 days from the deletion, and the template's id stays the deleted
// one's. plan, apply and review say how to make it again (a new name at once; this name with a
// new publicId once the 30 days are over, a suggested one named), never "only under a new name";
// with the suggested publicId in the file, apply creates it under its own name.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const FILE = 'channel: shop-whatsapp\nname: flight_update\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your flight leaves from gate {{2}} today."\n  examples: { 1: Ana, 2: A1 }\n';

for (const state of ['DELETED', 'PENDING_DELETION']) {
  test(`${state}: plan, apply and review say when and how the name can be used again; the suggested publicId re-creates it`, async () => {
    const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
    const dir = tempDir();
    const env = { TPLSYNC_API_KEY: 'k' };
    try {
      writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`, 'templates/f.yaml': FILE });
      let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      const id = (JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
      const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText: state }) });
      assert.is(res.status, 200);
      // the suggested id: a new one, the same on every run
      const suggested = async () => /e\.g\. publicId: ([0-9a-f-]{36})/.exec((await cliIn(['plan'], { cwd: dir, env })).stdout)?.[1];
      const fresh = await suggested();
      assert.ok(fresh, 'a publicId suggested');
      assert.is.not(fresh, id);
      assert.is(await suggested(), fresh);
      const how = `under a new name at once, or under this name once WhatsApp's 30-day block of a deleted template's name is over (30 days from the deletion, which the console shows), by giving the file a new publicId (e.g. publicId: ${fresh})`;
      // the file as the channel had it (noop, not approved) and edited (an update apply does not write)
      for (const text of [FILE, FILE.replace('today', 'this afternoon')]) {
        writeFileSync(path.join(dir, 'templates/f.yaml'), text);
        r = await cliIn(['plan'], { cwd: dir, env });
        assert.match(r.stdout, how, r.stdout);
        assert.not.match(r.stdout, /only under a new name/);
        r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
        assert.is(r.exitCode, 5, r.stdout + r.stderr);
        assert.match(r.stdout + r.stderr, how);
        r = await cliIn(['review'], { cwd: dir, env });
        assert.match(r.stdout, how);
      }
      // 32 days on, the suggested publicId makes it again under its own name
      emu.advanceClock(32 * 86_400_000);
      writeFileSync(path.join(dir, 'templates/f.yaml'), FILE.replace('language: en_US\n', `language: en_US\npublicId: ${fresh}\n`));
      r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, 'created shop-whatsapp/flight_update/en_US');
      assert.ok(readFileSync(path.join(dir, 'templates/f.yaml'), 'utf8').includes(fresh));
    } finally { cleanup(dir); await emu.close(); }
  });
}

test.run();
