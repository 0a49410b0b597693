// An edit of a template in review (PENDING) after an edit of it when APPROVED: that edit used the
// allowance (1 per 24 h), and the read says so during the review (x-template-edits-remaining: 0,
// x-template-next-edit-at). plan says the update is refused past the review's end, until then,
// counts it in the edit budget (text and JSON); apply --wait does not wait for the review (its end
// cannot make the write possible) and defers it to that moment; review shows the edits left.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (days: number) => `channel: shop-whatsapp\nname: login_code\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your repotting appointment is in ${days} days."\n  examples: { 1: Ana }\n`;

test('an edit of a template in review whose edit under review used the allowance: plan, budget, JSON, apply --wait, review', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 3_600_000 });
  const dir = tempDir();
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`, 'templates/t.yaml': file(3) });
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    emu.advanceClock(2 * 3_600_000); // approved
    writeFiles(dir, { 'templates/t.yaml': file(4) });
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr); // the day's edit spent: PENDING again
    writeFiles(dir, { 'templates/t.yaml': file(5) });
    r = await cliIn(['plan'], { cwd: dir, env });
    const m = /refused until the review ends, and once the review approves it, until (\S+Z): the edit under review used its 24-hour allowance \(1 edit per 24 h\), so apply --wait does not wait for the review/.exec(r.stdout);
    assert.ok(m, r.stdout);
    const at = m![1]!;
    assert.match(r.stdout, /Edit budget in t: this change spends 1 edit of APPROVED templates .*; 1 would exceed its allowance\./);
    assert.match(r.stdout, `shop-whatsapp/login_code/en_US would exceed its 24-hour allowance (1 edit per 24 h) once its review (PENDING) approves it: the service refuses it; possible from ${at}`);
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { edit?: Record<string, unknown> }[]; editBudget?: { spends: number; exceeding: number } };
    assert.equal(json.changes[0]!.edit, { remaining: 0, left30d: 9, exceeds: '24h', possibleFrom: at, inReview: true });
    assert.equal([json.editBudget?.spends, json.editBudget?.exceeding], [1, 1]);
    // review: the edits left once approved, and when the next edit is possible
    r = await cliIn(['review'], { cwd: dir, env });
    assert.match(r.stdout, new RegExp(`PENDING +- +- +0 \\(next ${at.replace(/[.]/g, '\\.')}\\)`), r.stdout);
    assert.match(r.stdout, `once it is approved, no edit is possible before ${at} (the edit under review used its allowance)`);
    // apply --wait: no wait for a review whose end cannot make the write possible; deferred to the moment the limit allows
    r = await cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '20', '--results', 'results.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.not.match(r.stderr, /waiting up to/);
    assert.match(r.stdout + r.stderr, `its edit allowance is used up (the edit under review spent it) until ${at}: re-run apply from then`);
    assert.match(r.stderr, `1 template not edited: the edit allowance of an APPROVED template is used up (the next edit is possible from ${at})`);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { outcome: string; deferred?: string; retryAt?: string }[] };
    assert.equal(results.results.map((x) => [x.outcome, x.deferred, x.retryAt]), [['skipped', 'edit-limit', at]]);
    // the same through a saved plan
    // (apply skips it: the plan exits 5, trial-bd F1)
    r = await cliIn(['plan', '--out', 'p.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    // plan --wait decides as apply --wait does (one function): no wait for it, so a skip, exit 5 (trial-bk F5)
    r = await cliIn(['plan', '--wait', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, 'Plan for t: 0 to create, 0 to update, 1 that apply will skip, 0 unchanged.');
    assert.match(r.stderr, 'apply --wait would skip 1 update (marked "apply does not attempt this update" above');
    // with the --wait-timeout apply --wait will run with: an allowance that allows the edit again within it is waited for
    // (the same function, given the time the wait has), so the edit counts as written, not as a skip
    r = await cliIn(['plan', '--wait', '--wait-timeout', '48h', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 2, r.stdout + r.stderr);
    assert.match(r.stdout, 'Plan for t: 0 to create, 1 to update (1 of them in review: apply --wait writes it once the review ends), 0 unchanged.');
    r = await cliIn(['plan', '--wait', '--wait-timeout', '10m', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    r = await cliIn(['plan', '--wait-timeout', '48h'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, '--wait-timeout goes with --wait');
    r = await cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '20', '--results', 'saved.json', 'p.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.not.match(r.stderr, /waiting up to/);
    const saved = JSON.parse(readFileSync(path.join(dir, 'saved.json'), 'utf8')) as { results: { outcome: string; deferred?: string; retryAt?: string }[] };
    assert.equal(saved.results.map((x) => [x.outcome, x.deferred, x.retryAt]), [['skipped', 'edit-limit', at]]);
    // after the window (the review long approved), the edit goes through
    emu.advanceClock(25 * 3_600_000);
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /: 9 edits left/, r.stdout);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
