// Found verifying the re-creation of a deleted template (verify-6 N-1): with the suggested new
// publicId in the file at once, plan showed a plain "+ create" although WhatsApp refuses a new
// template under a deleted template's name for 30 days from the deletion. Where the plan sees the
// deleted template (the listing: plan --orphans / --orphans-if-listed; or the files at --base), the
// create is marked: the name is a deleted template's, and neither the listing nor the read says
// when it was deleted. A create of another name is not marked.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { cleanup, cliIn, listedServiceConfig, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
const env = { TPLSYNC_TEST_KEY: KEY };
/** the new publicId a user gives the file (any id the channel has not) */
const FRESH = '6d1c6f8e-2b3a-4c5d-9e8f-0a1b2c3d4e5f';

for (const state of ['DELETED', 'PENDING_DELETION']) {
  test(`${state}: a create under the name and language of a deleted template the listing names is marked, with why and what to do`, async () => {
    const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
    const channel = randomUUID();
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': listedServiceConfig(emu.url, channel), 'templates/order_ready.en_US.yaml': VALID });
      let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      const id = (JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
      const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel, template: id, statusText: state }) });
      assert.is(res.status, 200);
      // the file given a new publicId at once, and a second file of another name
      writeFiles(dir, {
        'templates/order_ready.en_US.yaml': VALID.replace(/^(name: .*\n)/m, `$1publicId: ${FRESH}\n`),
        'templates/other.en_US.yaml': VALID.replace(/^name: .*$/m, 'name: pickup_ready'),
      });
      for (const flag of ['--orphans', '--orphans-if-listed']) {
        r = await cliIn(['plan', flag], { cwd: dir, env });
        assert.is(r.exitCode, 0, r.stdout + r.stderr);
        const lines = r.stdout.split('\n');
        const at = lines.findIndex((l) => /create shop-whatsapp\/order_ready\/en_US/.test(l));
        assert.ok(at >= 0, r.stdout);
        assert.match(lines[at + 1] ?? '', new RegExp(`! the channel has a template of this name and language ${state === 'DELETED' ? 'deleted' : 'being deleted'} \\(id ${id}\\): WhatsApp refuses a new template under a deleted template's name until 30 days after the deletion, and neither the listing nor the read says when that was`));
        assert.match(r.stdout, /2 to create.*1 needs attention/);
      }
      const json = JSON.parse((await cliIn(['plan', '--orphans', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { name: string; action: string; attention?: string[] }[] };
      const create = json.changes.find((c) => c.name === 'order_ready')!;
      assert.is(create.action, 'create');
      assert.match(create.attention![0]!, /30 days after the deletion/);
      assert.is(json.changes.find((c) => c.name === 'pickup_ready')!.attention, undefined);
      // the Markdown comment lists it among what needs attention
      r = await cliIn(['plan', '--orphans', '--format', 'markdown'], { cwd: dir, env });
      assert.match(r.stdout, /Needs attention[\s\S]*30 days after the deletion/);
      // a plain plan, one of the file alone and apply list the channel for their creates (the environment has a listing) and
      // read the deleted template: they mark the create too, rather than drop what they learnt (trial-u F5)
      for (const args of [['plan'], ['plan', 'templates/order_ready.en_US.yaml'], ['plan', '--format', 'json']]) {
        r = await cliIn(args, { cwd: dir, env });
        assert.is(r.exitCode, 0, r.stdout + r.stderr);
        assert.match(r.stdout, new RegExp(`the channel has a template of this name and language ${state === 'DELETED' ? 'deleted' : 'being deleted'} \\(id ${id}\\): WhatsApp refuses a new template under a deleted template's name until 30 days after the deletion`), args.join(' '));
        assert.match(r.stdout, /Apply this create once the deletion is 30 days old, or give templates\/order_ready\.en_US\.yaml a new name/, args.join(' '));
        assert.is(r.stdout.match(/30 days after the deletion/g)!.length, 1, 'said once, of the create');
      }
      const other = await cliIn(['plan', 'templates/other.en_US.yaml'], { cwd: dir, env });
      assert.not.match(other.stdout, /30 days after the deletion/);
      // the plan's mark stays in apply's plan, and the platform (the emulator, trial-bq F2) refuses the create: a
      // deletion a moment ago blocks the name until 30 days after it; the template is said failed with that date (exit 5)
      const applied = await cliIn(['apply', '--auto-approve', 'templates/order_ready.en_US.yaml'], { cwd: dir, env });
      assert.match(applied.stdout, /! the channel has a template of this name and language .*30 days after the deletion/);
      assert.is(applied.exitCode, 5, applied.stdout + applied.stderr);
      assert.match(applied.stdout + applied.stderr, new RegExp(`✗ failed shop-whatsapp/order_ready/en_US: .*HTTP 400: The name order_ready \\(en_US\\) is blocked until \\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z: the template of this name and language ${id} was deleted on `));
      assert.match(applied.stdout + applied.stderr, /Applied to test: 0 created, 0 updated, 1 failed\./);
      writeFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), VALID.replace(/^(name: .*\n)/m, `$1publicId: ${FRESH}\n`));
      writeFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), VALID.replace(/^name: .*$/m, 'name: order_ready_v2'));
      r = await cliIn(['plan', '--orphans'], { cwd: dir, env });
      assert.not.match(r.stdout, /30 days after the deletion/);
    } finally { cleanup(dir); await emu.close(); }
  });
}

test.run();
