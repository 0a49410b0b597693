// A saved plan is judged on what it writes: a template it leaves alone (a noop) whose review ends
// (PENDING → APPROVED) between plan and apply moves nothing the plan writes, so the plan applies
// (trial-o F12: exit 4, "status PENDING → APPROVED", for a template the plan did not touch). A
// template the plan writes whose status moves, and a noop whose content moves, still make it stale.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Z9q`;
const HOUR = 3600_000;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 24 * HOUR }); });
test.after(async () => { await emu.close(); });

const file = (name: string, text: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

async function review(name: string, statusText: string, reason?: string): Promise<void> {
  const id = [...emu.state.templates.values()].find((t) => JSON.stringify(t.body).includes(`"${name}"`))!.templateId;
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText, ...(reason ? { reason } : {}) }) });
  assert.is(res.status, 200, await res.text());
}

async function project(): Promise<{ dir: string; a: string; b: string; env: Record<string, string> }> {
  const dir = tempDir('tplsync-review-ends-');
  const tag = Math.random().toString(36).slice(2, 8);
  const a = `visa_reminder_${tag}`, b = `trip_cancelled_${tag}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RE_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    'templates/a.en_US.yaml': file(a, 'Hello {{1}}, check your visa documents.'),
    'templates/b.en_US.yaml': file(b, 'Hello {{1}}, your trip is cancelled.'),
  });
  const env = { RE_KEY: KEY };
  const first = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  return { dir, a, b, env };
}

test('a review that ends on a template the saved plan does not write leaves the plan applicable', async () => {
  const { dir, a, b, env } = await project();
  try {
    await review(a, 'APPROVED');
    // b stays PENDING: a noop of the plan; a is edited: the plan's one update
    writeFiles(dir, { 'templates/a.en_US.yaml': file(a, 'Hello {{1}}, please check your visa documents.') });
    const planned = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as { changes: { name: string; action: string; remoteContent?: string }[] };
    assert.equal(saved.changes.map((c) => [c.name, c.action]).sort(), [[a, 'update'], [b, 'noop']].sort());
    await review(b, 'APPROVED');
    const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'stale');
    assert.match(r.stdout, `updated shop-whatsapp/${a}/en_US`);
  } finally { cleanup(dir); }
});

test('verify-10: an update the plan held for its review ("apply it then"): the review approving it, the content as planned, leaves the plan applicable and the update is written', async () => {
  const { dir, a, env } = await project();
  try {
    // a is PENDING and edited: the plan updates it, and says the update is refused until the review ends
    writeFiles(dir, { 'templates/a.en_US.yaml': file(a, 'Hello {{1}}, please check your visa documents.') });
    // (apply skips it until the review ends: the plan exits 5, trial-bd F1)
    const planned = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 5, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /refused until the review ends; apply it then/);
    await review(a, 'APPROVED');
    const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'stale');
    assert.match(r.stdout, `updated shop-whatsapp/${a}/en_US`);
  } finally { cleanup(dir); }
});

test('a status change of a template the plan writes, other than its review approving it, still makes it stale (REJECTED: the reason is worth a new plan)', async () => {
  const { dir, a, env } = await project();
  try {
    writeFiles(dir, { 'templates/a.en_US.yaml': file(a, 'Hello {{1}}, please check your visa documents.') });
    const planned = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 5, planned.stdout + planned.stderr);
    // verify-11: the plan said "apply it then"; it says now that a rejection makes the saved plan stale (decided so)
    assert.match(planned.stdout, /apply it then \(a saved plan applies once the review approves the template; a rejection makes it stale: plan again, to read the reason\)/);
    await review(a, 'REJECTED', 'INVALID_FORMAT');
    const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /the review the plan held this update for ended in a rejection \(status PENDING → REJECTED: INVALID_FORMAT\), which the plan's reviewer has not seen; WhatsApp takes an edit of a REJECTED template, so a new plan shows the update with the rejection's reason/);
    // the new plan does: the update, with the reason
    const again = await cliIn(['plan'], { cwd: dir, env });
    assert.match(again.stdout, `~ update shop-whatsapp/${a}/en_US`);
    assert.match(again.stdout, 'INVALID_FORMAT');
  } finally { cleanup(dir); }
});

test('a content change of a template the plan does not write still makes it stale', async () => {
  const { dir, a, b, env } = await project();
  try {
    await review(a, 'APPROVED');
    await review(b, 'APPROVED');
    writeFiles(dir, { 'templates/a.en_US.yaml': file(a, 'Hello {{1}}, please check your visa documents.') });
    const planned = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    // someone edits b on the channel (another text): what the plan said of b ("no changes") no longer holds
    const t = [...emu.state.templates.values()].find((x) => JSON.stringify(x.body).includes(`"${b}"`))!;
    const res = await fetch(`${emu.url}/channel/${CHANNEL_A}/template/${t.templateId}`, { method: 'POST', headers: { apikey: KEY, 'content-type': 'application/json' }, body: JSON.stringify(JSON.parse(JSON.stringify(t.body).replace('your trip is cancelled', 'your trip is off'))) });
    assert.ok(res.status < 300, await res.text());
    const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, `shop-whatsapp/${b}/en_US: the template on the channel changed`);
  } finally { cleanup(dir); }
});

test.run();
