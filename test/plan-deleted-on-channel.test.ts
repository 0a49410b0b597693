// A template deleted on the platform (DELETED, PENDING_DELETION: what "remove it in the console"
// leaves, docs/recovery.md) is no orphan: the listing may still name it, but there is nothing to
// pull or remove. plan (text, Markdown, JSON, --detailed-exitcode, --orphans-if-listed, --base)
// does not count it as drift and says once that it is deleted; pull --all writes no file for it.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { cleanup, cliIn, listedServiceConfig, raw, tempDir, VALID, writeBody, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });
const env = { TPLSYNC_TEST_KEY: KEY };

async function create(channel: string, name: string): Promise<string> {
  const id = randomUUID();
  const r = await raw(`${emu.url}/channel/${channel}/template/${id}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(writeBody(name)) });
  assert.is(r.status, 200);
  return id;
}
async function setState(channel: string, template: string, statusText: string): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel, template, statusText }) });
  assert.is(res.status, 200, await res.text());
}
function project(channel: string): string {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': listedServiceConfig(emu.url, channel),
    'templates/order_ready.en_US.yaml': VALID,
  });
  return dir;
}

for (const state of ['DELETED', 'PENDING_DELETION']) {
  test(`a listed template ${state} on the platform: no orphan, no drift (text, JSON, Markdown), said once; pull --all writes no file for it`, async () => {
    const channel = randomUUID();
    const gone = await create(channel, 'flight_update');
    const kept = await create(channel, 'console_made');
    await setState(channel, gone, state);
    const dir = project(channel);
    try {
      const ap = await cliIn(['apply', '--auto-approve'], { cwd: dir, env }); assert.is(ap.exitCode, 0, ap.stdout + ap.stderr);
      // the console-made template is an orphan (drift), the deleted one is not
      let r = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed'], { cwd: dir, env });
      assert.is(r.exitCode, 2, r.stdout + r.stderr);
      assert.match(r.stdout, /orphan shop-whatsapp\/console_made/);
      assert.not.match(r.stdout, /orphan shop-whatsapp\/flight_update/);
      assert.match(r.stdout, new RegExp(`, 1 orphaned|1 template is on the channel in test that no file defines`));
      assert.match(r.stdout, `Deleted on the platform, so not orphans (nothing to pull or remove; not drift): shop-whatsapp/flight_update/en_US (${state}).`);
      const json = JSON.parse((await cliIn(['plan', '--orphans-if-listed', '--format', 'json'], { cwd: dir, env })).stdout) as { summary: Record<string, number>; changes: { name: string }[]; deletedOnChannel: { name: string; state: string; publicId: string }[] };
      assert.is(json.summary.orphan, 1);
      assert.equal(json.changes.map((c) => c.name).sort(), ['console_made', 'order_ready']);
      assert.equal(json.deletedOnChannel.map((d) => [d.name, d.state, d.publicId]), [['flight_update', state, gone]]);
      // once the console-made one is deleted too, the drift check is green
      await setState(channel, kept, 'DELETED');
      r = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^No changes\. 1 template in test matches its file\.$/m);
      assert.not.match(r.stdout, /remove (it|them) in the console/);
      const md = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed', '--format', 'markdown'], { cwd: dir, env });
      assert.is(md.exitCode, 0, md.stdout + md.stderr);
      assert.match(md.stdout, '✅ No changes: the channels match the files.');
      assert.match(md.stdout, /Deleted on the platform, so not orphans .*`shop-whatsapp\/console_made\/en_US` \(DELETED\)/);
      // pull --all: no file for a deleted template, said on its line
      const pull = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp', '--dir', 'pulled'], { cwd: dir, env });
      assert.is(pull.exitCode, 0, pull.stdout + pull.stderr);
      assert.match(pull.stdout, `flight_update/en_US (${gone}): deleted on the platform (${state}), not written (skipped)`);
      assert.not.ok(existsSync(path.join(dir, 'pulled', 'flight_update.en_US.yaml')));
      assert.not.ok(existsSync(path.join(dir, 'pulled', 'console_made.en_US.yaml')));
    } finally { cleanup(dir); }
  });
}

test('plan --base: a file removed since the base whose template was deleted in the console is no orphan', async () => {
  const channel = randomUUID();
  const dir = project(channel);
  try {
    writeFiles(dir, { 'templates/flight_update.en_US.yaml': VALID.replace(/name: \S+/, 'name: flight_update') });
    const ap = await cliIn(['apply', '--auto-approve'], { cwd: dir, env }); assert.is(ap.exitCode, 0, ap.stdout + ap.stderr);
    const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    const id = (JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { name: string; publicId: string }[] }).changes.find((c) => c.name === 'flight_update')!.publicId;
    rmSync(path.join(dir, 'templates', 'flight_update.en_US.yaml'));
    let r = await cliIn(['plan', '--detailed-exitcode', '--base', 'HEAD'], { cwd: dir, env });
    assert.is(r.exitCode, 2, 'still on the channel: an orphan');
    await setState(channel, id, 'DELETED');
    r = await cliIn(['plan', '--detailed-exitcode', '--base', 'HEAD'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'Deleted on the platform, so not orphans (nothing to pull or remove; not drift): shop-whatsapp/flight_update/en_US (DELETED).');
    assert.ok(readFileSync(path.join(dir, 'templates', 'order_ready.en_US.yaml'), 'utf8'));
  } finally { cleanup(dir); }
});

test.run();
