// Two applies at once, two checkouts with different edits of one template (trial-bq F5): the other job's edit reaches
// the channel between this apply's plan and its write, so WhatsApp refuses the write while that edit is in review. With a
// review of seconds and an API slow to answer, the review had ended by the time apply read the template again, and the
// refusal was said as one of the request ("a re-run is refused again: change what the reason names first", exit 3 in the
// results), with no `deferred`. The order is made certain, never timed: a relay in front of the emulator makes the other
// job's edit just before it passes this apply's write on, and ends a review (the emulator's clock) where the case asks.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv from 'ajv';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, emulatorReview, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
const ID = templateId(CHANNEL_A, 'incident_notice', 'en_US');
const file = (text: string) => `channel: bank-wa\nname: incident_notice\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { name: Maria }\n`;
const FIRST = 'Hello {{name}}, card payments are delayed. We expect a fix soon.';
const MINE = 'Hello {{name}}, card payments are delayed. We expect a fix by 14:00.';
const THEIRS = 'Hello {{1}}, your money is safe. We expect a fix by 14:00.';

interface Relayed { method: string; url: string; body: Buffer }
interface Answer { status: number; headers: IncomingHttpHeaders; body: Buffer }

/** An HTTP relay to `target`: `handle` is given each request and the means to pass it on; what it returns is answered. */
async function relay(target: string, handle: (req: Relayed, forward: () => Promise<Answer>) => Promise<Answer>): Promise<{ url: string; close(): void }> {
  const to = new URL(target);
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = () => new Promise<Answer>((ok, fail) => {
        const out = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
          const got: Buffer[] = [];
          r.on('data', (c: Buffer) => got.push(c));
          r.on('end', () => ok({ status: r.statusCode!, headers: r.headers, body: Buffer.concat(got) }));
        });
        out.on('error', fail);
        out.end(body);
      });
      handle({ method: req.method!, url: req.url!, body }, forward).then((a) => {
        const headers = { ...a.headers };
        delete headers['transfer-encoding'];
        headers['content-length'] = String(a.body.length);
        res.writeHead(a.status, headers);
        res.end(a.body);
      }, (e: unknown) => { res.writeHead(502); res.end(String(e)); });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => { server.close(); } };
}

/**
 * A project on the emulator through a relay, its template applied as FIRST and then as `start` (APPROVED, or REJECTED by
 * its review), its file edited to MINE. `race`: the other job's edit is made just before this apply's first write is
 * passed on; `ended`: its review ends before the refusal is answered (the trial: it ended before apply read it again),
 * else it ends on the second read after the refusal (the first is apply's look at the template: in review). From then on
 * each read ends the review under way (this apply's own, with --wait).
 */
async function project(start: 'APPROVED' | 'REJECTED', race: { ended: boolean }): Promise<{ dir: string; emu: RunningEmulator; close(): Promise<void> }> {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 600_000 });
  let armed = false;
  let refused = false;
  let readsAfter = 0;
  const theirs = createClient({ baseUrl: emu.url, apiKey: KEY, retries: 0 });
  const r = await relay(emu.url, async (req, forward) => {
    if (req.method === 'POST' && armed && req.url.includes(`/template/${ID}`)) {
      armed = false;
      // the other checkout's apply: the same template, its own edit (this write's body with the other text)
      await theirs.writeTemplate(CHANNEL_A, ID, JSON.parse(req.body.toString('utf8').replace('card payments are delayed. We expect a fix by 14:00.', 'your money is safe. We expect a fix by 14:00.')));
      const a = await forward();
      refused = a.status === 400;
      if (refused && race.ended) emu.advanceClock(600_001);
      return a;
    }
    if (req.method === 'GET' && refused && (race.ended || ++readsAfter >= 2)) emu.advanceClock(600_001);
    return forward();
  });
  const dir = tempDir('tplsync-meanwhile-');
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${r.url}\n    apiKeyEnv: MEANWHILE_KEY\n    channels: { bank-wa: ${CHANNEL_A} }\n`,
    'templates/incident_notice.en_US.yaml': file(FIRST),
  });
  const first = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { MEANWHILE_KEY: KEY } });
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  emu.advanceClock(600_001);
  if (start === 'REJECTED') assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: ID, statusText: 'REJECTED', reason: 'INVALID_FORMAT' }), 200);
  writeFiles(dir, { 'templates/incident_notice.en_US.yaml': file(MINE) });
  armed = true;
  return { dir, emu, close: async () => { cleanup(dir); r.close(); await emu.close(); } };
}

const onChannel = async (emu: RunningEmulator) => (await createClient({ baseUrl: emu.url, apiKey: KEY, retries: 0 }).getTemplate(CHANNEL_A, ID))?.chatapp?.components.find((c) => c.type === 'BODY')?.text;
const validResults = new Ajv.default({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema/output/apply-results.v1.schema.json'), 'utf8')) as object);
/** the results file, as its schema has it */
function results(dir: string): { results: { outcome: string; deferred?: string; errorExitCode?: number; retryAt?: string; note?: string }[] } {
  const doc = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as ReturnType<typeof results>;
  assert.ok(validResults(doc), JSON.stringify(validResults.errors));
  return doc;
}

test('the other job\'s review ended before apply read the template again: deferred review, exit 5, and the closing line says it was written since the plan (not "refused again")', async () => {
  const p = await project('REJECTED', { ended: true });
  try {
    const r = await cliIn(['apply', '--auto-approve', '--results', 'r.json'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, '✗ failed bank-wa/incident_notice/en_US: template write');
    assert.match(r.stdout, 'This template is PENDING review');
    assert.not.match(r.stderr, /refused again|change what the reason names/);
    assert.match(r.stderr, 'tplsync: 1 template refused by the API because it was in review (PENDING): another apply (another job) wrote it since the plan, and WhatsApp takes no edit until the review ends (see r.json); re-run apply once `tplsync review --env dev` shows it decided (`tplsync apply --wait --env dev` waits for the review, then writes the edit): it writes this text, replacing the one written meanwhile.');
    assert.equal(results(p.dir).results.map((x) => [x.outcome, x.deferred, x.errorExitCode]), [['failed', 'review', 5]]);
    assert.is(await onChannel(p.emu), THEIRS);
    // what the closing line promises: a re-run (the review has ended) writes this text
    const again = await cliIn(['apply', '--auto-approve'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.is(await onChannel(p.emu), MINE.replace('{{name}}', '{{1}}'));
  } finally { await p.close(); }
});

test('the same race on an APPROVED template (the trial\'s): the other job\'s edit used the edit allowance, said as the edit limit with the time the next edit is possible (deferred edit-limit), not "refused again"', async () => {
  const p = await project('APPROVED', { ended: true });
  try {
    const r = await cliIn(['apply', '--auto-approve', '--results', 'r.json'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.not.match(r.stderr, /refused again|change what the reason names/);
    const [x] = results(p.dir).results;
    assert.equal([x!.outcome, x!.deferred, x!.errorExitCode], ['failed', 'edit-limit', 5]);
    assert.ok(x!.retryAt !== undefined);
    assert.match(r.stdout, `another apply (another job) wrote it since the plan, and that edit used its edit allowance until ${x!.retryAt}: re-run apply from then`);
    assert.match(r.stderr, `tplsync: 1 template not edited: the edit allowance of an APPROVED template is used up (the next edit is possible from ${x!.retryAt})`);
  } finally { await p.close(); }
});

for (const ended of [false, true]) {
  test(`apply --wait: the write refused for the other job's edit in review (${ended ? 'its review ended before apply read the template again' : 'read in review'}) is written once that review ends, exit 0`, async () => {
    const p = await project('REJECTED', { ended });
    try {
      const r = await cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '60s', '--results', 'r.json'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, '✓ updated bank-wa/incident_notice/en_US → ');
      assert.match(r.stdout, '(refused at first: another apply (another job) wrote the template since the plan, and WhatsApp takes no edit while that edit is in review; written once its review ended, replacing the text written meanwhile)');
      assert.match(r.stdout, 'Applied to dev: 0 created, 1 updated, 0 failed.');
      // a wait said when it begins: only when the template was read in review
      if (ended) assert.not.match(r.stderr, 'went into review since the plan');
      else assert.match(r.stderr, 'tplsync: bank-wa/incident_notice/en_US went into review since the plan read it (another apply wrote it meanwhile), and WhatsApp refused this run\'s edit until the review ends: waiting up to 1 min 0 s (--wait-timeout) for it, then writing the edit, replacing the text written meanwhile');
      const [x] = results(p.dir).results;
      assert.equal([x!.outcome, x!.deferred], ['updated', undefined]);
      assert.is(await onChannel(p.emu), MINE.replace('{{name}}', '{{1}}'));
    } finally { await p.close(); }
  });
}

test('apply --wait PLANFILE: the text another apply wrote meanwhile makes the saved plan stale for the edit once that review ends: not written over, exit 4', async () => {
  const p = await project('REJECTED', { ended: false });
  try {
    const plan = await cliIn(['plan', '--out', 'plan.json'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const r = await cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '60s', '--results', 'r.json', 'plan.json'], { cwd: p.dir, env: { MEANWHILE_KEY: KEY } });
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, 'went into review since the plan read it (another apply wrote it meanwhile)');
    assert.match(r.stderr, 'then writing the edit if the saved plan is still what the channel holds');
    assert.match(r.stdout, 'not attempted: the plan went stale while apply waited for the review');
    assert.equal(results(p.dir).results.map((x) => [x.outcome, x.errorExitCode]), [['skipped', 4]]);
    assert.is(await onChannel(p.emu), THEIRS);
  } finally { await p.close(); }
});

test.run();
