// apply --wait of an edit of a template in review, when the review ends while apply waits for it (trial-bl F10, F7, F8).
// A saved plan (plan --wait --out) said of such an update "a saved plan applies once the review approves the template; a
// rejection makes it stale", and a rejection before apply made it stale (exit 4); a rejection during apply's wait wrote the
// edit all the same, exit 0, the rejection never said. The review's end during the wait is judged as the plan's staleness
// judges it before apply. The runs are the CLI's main in this process; the review is rejected (or the run interrupted)
// when apply's stderr says the wait begins ("waiting up to"), through the emulator's control endpoint: no timer decides.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliEnv, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
const HOUR = 3_600_000;
let emu: RunningEmulator;
// every write stays PENDING until the control endpoint decides it
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 24 * HOUR }); });
test.after(async () => { await emu.close(); });

const validResults = new Ajv.default({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')) as object);

const file = (name: string, text: string): string => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

async function review(id: string, statusText: string, reason?: string): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText, ...(reason ? { reason } : {}) }) });
  assert.is(res.status, 200, await res.text());
}

/** the id and body text the channel holds for the template of this name */
function onChannel(name: string): { id: string; text: string } {
  const t = [...emu.state.templates.values()].find((x) => JSON.stringify(x.body).includes(`"${name}"`))!;
  const text = (t.body.chatapp!.chatapp.components.find((c) => c.type === 'BODY') as { text: string }).text;
  return { id: t.templateId, text };
}

/** a project whose template `name` is on the channel, in review (PENDING), with its file edited since */
async function inReviewProject(): Promise<{ dir: string; name: string; id: string; env: Record<string, string> }> {
  const dir = tempDir('tplsync-wait-review-end-');
  const name = `stock_alert_${randomUUID().slice(0, 6)}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: WRE_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    'templates/stock_alert.en_US.yaml': file(name, 'Hello {{1}}, the item is back in stock.'),
  });
  const env = { WRE_KEY: KEY };
  const first = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  const { id } = onChannel(name);
  await review(id, 'APPROVED');
  // someone's edit under review
  await review(id, 'PENDING');
  writeFiles(dir, { 'templates/stock_alert.en_US.yaml': file(name, 'Hello {{1}}, the item you wanted is back in stock.') });
  return { dir, name, id, env };
}

/** a stream that keeps what is written to it, and calls `on` with all of it after each write */
function captured(on?: (all: string) => void): Writable & { text(): string } {
  let out = '';
  const w = new Writable({ write(c, _e, cb) { out += String(c); on?.(out); cb(); } });
  return Object.assign(w, { text: () => out });
}

/** `tplsync ARGS` in this process; `onStderr(all, interrupt)` sees its stderr as it comes, and may interrupt the run as Ctrl-C does */
async function run(dir: string, env: Record<string, string>, args: string[], onStderr: (all: string, interrupt: () => void) => void): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const [{ main }, { runWithIo }, { interruptRun }] = await Promise.all([import('../src/cli/main.ts'), import('../src/core/io.ts'), import('../src/core/interrupt.ts')]);
  let interrupt = (): void => undefined;
  const stdout = captured();
  const stderr = captured((all) => onStderr(all, () => interrupt()));
  const exitCode = await runWithIo({ stdout, stderr, stdin: Readable.from([]), cwd: dir, env: cliEnv(env), args }, () => {
    // the signal reaches this run as the process's handler would deliver it
    const inRun = AsyncLocalStorage.snapshot();
    interrupt = () => inRun(() => interruptRun());
    return main(args);
  });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}

/** rejects the review once, when the wait before the edit begins */
function rejectWhenWaiting(id: string): (all: string) => void {
  let done = false;
  return (all) => {
    if (done || !/waiting up to .* for it, then writing the edit/.test(all)) return;
    done = true;
    void review(id, 'REJECTED', 'INVALID_FORMAT');
  };
}

test('F7: plan --wait --out advises apply with --wait, as the plan was counted (without it the edit in review is a skip, exit 5)', async () => {
  const { dir, env } = await inReviewProject();
  try {
    const planned = await cliIn(['plan', '--wait', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    assert.match(planned.stdout, '1 to update (1 of them in review: apply --wait writes it once the review ends)');
    assert.match(planned.stderr, 'Saved the plan to plan.json; apply it with: tplsync apply --auto-approve --wait plan.json');
    // a plan without --wait: apply without it, as before
    const plain = await cliIn(['plan', '--out', 'plain.json'], { cwd: dir, env });
    assert.match(plain.stderr, 'Saved the plan to plain.json; apply it with: tplsync apply --auto-approve plain.json');
  } finally { cleanup(dir); }
});

test('F10: apply --wait PLANFILE: the review the plan held an update for ends in a rejection during the wait: the plan is stale for it, the rejection and its reason said, nothing written, exit 4', async () => {
  const { dir, name, id, env } = await inReviewProject();
  try {
    const planned = await cliIn(['plan', '--wait', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    assert.match(planned.stdout.replace(/\s+/g, ' '), 'a rejection makes it stale: plan again, to read the reason');
    const before = onChannel(name).text;
    const r = await run(dir, env, ['apply', '--auto-approve', '--wait', '--wait-timeout', '60s', '--results', 'results.json', 'plan.json'], rejectWhenWaiting(id));
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    // the wait says up front what a rejection does
    assert.match(r.stderr, 'then writing the edit if the review approves the template (a rejection makes the saved plan stale: not written, the reason said)');
    // the template's line names the rejection and its reason, and the new plan to make
    assert.match(r.stdout, `✗ skipped shop-whatsapp/${name}/en_US: not attempted: the plan went stale while apply waited for the review: the review the plan held this update for ended in a rejection (status PENDING → REJECTED: INVALID_FORMAT), which the plan's reviewer has not seen`);
    assert.match(r.stdout, 'make a new plan (tplsync plan --out FILE --env dev) and review it');
    assert.match(r.stdout, 'Applied to dev: 0 created, 0 updated, 0 failed, 1 skipped.');
    assert.not.match(r.stdout, /updated shop-whatsapp/);
    assert.match(r.stderr, `1 template of the saved plan not written: its review ended while apply waited for it, otherwise than in approval (shop-whatsapp/${name}/en_US REJECTED: INVALID_FORMAT), which the plan's reviewer has not seen, so the plan is stale for it (see results.json); make a new plan`);
    // nothing of it written: the channel holds the text under review, rejected
    assert.is(onChannel(name).text, before);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { outcome: string; status?: string; rejectionReason?: string; errorExitCode?: number }[] };
    assert.ok(validResults(results), JSON.stringify(validResults.errors));
    assert.equal(results.results.map((x) => [x.outcome, x.status, x.rejectionReason, x.errorExitCode]), [['skipped', 'REJECTED', 'INVALID_FORMAT', 4]]);
    // as the same rejection before apply: the plan is refused, and a new plan shows the update with the reason
    const again = await cliIn(['apply', '--auto-approve', '--wait', 'plan.json'], { cwd: dir, env });
    assert.is(again.exitCode, 4, again.stdout + again.stderr);
    assert.match(again.stderr, 'ended in a rejection (status PENDING → REJECTED: INVALID_FORMAT)');
    const fresh = await cliIn(['plan'], { cwd: dir, env });
    assert.match(fresh.stdout, `~ update shop-whatsapp/${name}/en_US`);
    assert.match(fresh.stdout, 'INVALID_FORMAT');
  } finally { cleanup(dir); }
});

test('F10: the same with another template of the plan written: the rejected one not written, exit 5 (written in part)', async () => {
  const { dir, name, id, env } = await inReviewProject();
  const other = `restock_${randomUUID().slice(0, 6)}`;
  try {
    writeFiles(dir, { 'templates/restock.en_US.yaml': file(other, 'Hello {{1}}, we restocked your size.') });
    const planned = await cliIn(['plan', '--wait', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    const before = onChannel(name).text;
    // (the created template's own review is decided when its wait begins, so that the run ends there)
    let approved = false;
    const reject = rejectWhenWaiting(id);
    const r = await run(dir, env, ['apply', '--auto-approve', '--wait', '--wait-timeout', '60s', 'plan.json'], (all) => {
      reject(all);
      if (!approved && /waiting up to .* for the review of/.test(all)) { approved = true; void review(onChannel(other).id, 'APPROVED'); }
    });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, `created shop-whatsapp/${other}/en_US`);
    assert.match(r.stdout, `✗ skipped shop-whatsapp/${name}/en_US: not attempted: the plan went stale while apply waited for the review`);
    assert.match(r.stdout, 'Applied to dev: 1 created, 0 updated, 0 failed, 1 skipped.');
    assert.match(r.stderr, `(shop-whatsapp/${name}/en_US REJECTED: INVALID_FORMAT)`);
    assert.is(onChannel(name).text, before);
  } finally { cleanup(dir); }
});

test('F10: apply --wait without a plan file keeps writing the edit once the review ends, a rejection too (there is no reviewed plan: the files are what it writes)', async () => {
  const { dir, name, id, env } = await inReviewProject();
  try {
    let approved = false;
    const reject = rejectWhenWaiting(id);
    const r = await run(dir, env, ['apply', '--auto-approve', '--wait', '--wait-timeout', '60s'], (all) => {
      reject(all);
      // the edit written goes for review: approved when apply begins to wait for it
      if (!approved && /waiting up to .* for the review of/.test(all)) { approved = true; void review(id, 'APPROVED'); }
    });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'if the review approves the template');
    assert.match(r.stdout, `updated shop-whatsapp/${name}/en_US`);
    assert.is(onChannel(name).text, 'Hello {{1}}, the item you wanted is back in stock.');
  } finally { cleanup(dir); }
});

test('F8: Ctrl-C while apply --wait waits for a review before an edit: the closing line and the interrupt line count the template the same way (1 not started)', async () => {
  const { dir, name, env } = await inReviewProject();
  try {
    let stopped = false;
    const r = await run(dir, env, ['apply', '--auto-approve', '--wait', '--wait-timeout', '60s', '--results', 'results.json'], (all, interrupt) => {
      if (stopped || !/waiting up to .* for it, then writing the edit/.test(all)) return;
      stopped = true;
      interrupt();
    });
    assert.is(r.exitCode, 130, r.stdout + r.stderr);
    assert.match(r.stdout, `- not started shop-whatsapp/${name}/en_US: interrupted while waiting for its review (PENDING) to end`);
    assert.match(r.stdout, 'Applied to dev: 0 created, 0 updated, 0 failed, 1 not started.');
    assert.match(r.stderr, 'tplsync: interrupted: 0 written, 1 not started, 0 failed; a re-run is safe');
    assert.not.match(r.stdout + r.stderr, /\d skipped/);
    // the results keep their one outcome word (skipped: the schema's "not started" among them), marked and counted as not started (trial-bq F6)
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { summary: { skipped: number; notStarted?: number }; results: { notStarted?: boolean }[] };
    assert.is(results.summary.skipped, 1);
    assert.is(results.summary.notStarted, 1);
    assert.equal(results.results.map((x) => x.notStarted), [true]);
  } finally { cleanup(dir); }
});

test.run();
