// Applying a saved plan says what a plain apply says of the templates it leaves as they are that
// the channel does not approve (trial-bf F1): `apply PLANFILE` said "Nothing to write.", exit 0,
// over a REJECTED template the plan itself recorded as REJECTED, where `apply` without a plan exits
// 5 and names it; and a template rejected on the channel between `plan --out` and the apply was
// not mentioned at all. Both ways now mark it ! with its state and what to do, list it under
// `standing` in --results, and exit 5; the state is the one read at apply time.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Zs7`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const ajv = new Ajv.default({ allErrors: true, strict: true });
const validResults = ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')));

const file = (name: string, text: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

async function review(name: string, change: Record<string, unknown>): Promise<void> {
  const id = [...emu.state.templates.values()].find((t) => JSON.stringify(t.body).includes(`"${name}"`))!.templateId;
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, ...change }) });
  assert.is(res.status, 200, await res.text());
}

/** two templates applied and APPROVED: `refund` and `order` */
async function project(): Promise<{ dir: string; refund: string; order: string; run: (args: string[]) => ReturnType<typeof cliIn> }> {
  const dir = tempDir('tplsync-saved-standing-');
  const tag = Math.random().toString(36).slice(2, 8);
  const refund = `refund_${tag}`, order = `order_confirmed_${tag}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SS_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    'templates/refund.en_US.yaml': file(refund, 'Hello {{1}}, your refund is on its way.'),
    'templates/order.en_US.yaml': file(order, 'Hello {{1}}, we have your order.'),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { SS_KEY: KEY } });
  const first = await run(['apply', '--auto-approve']);
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  return { dir, refund, order, run };
}

interface Results { results: unknown[]; standing?: { name: string; status: string; reason?: string; todo: string; file?: string }[]; summary: Record<string, number> }
const results = (dir: string, f: string): Results => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Results;

test('a saved plan over a template REJECTED on the channel: named with its reason and what to do, under standing in --results, exit 5, as apply without a plan', async () => {
  const { dir, refund, run } = await project();
  try {
    await review(refund, { statusText: 'REJECTED', reason: 'SPAM', recommendation: 'Do not promise refunds' });
    const planned = await run(['plan', '--out', 'saved.plan', 'templates/refund.en_US.yaml']);
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    const saved = JSON.parse(readFileSync(path.join(dir, 'saved.plan'), 'utf8')) as { changes: { action: string; remoteStatus: string }[] };
    assert.equal(saved.changes.map((c) => [c.action, c.remoteStatus]), [['noop', 'REJECTED']]);

    const direct = await run(['apply', '--auto-approve', '--results', 'direct.json', 'templates/refund.en_US.yaml']);
    const fromPlan = await run(['apply', '--auto-approve', '--results', 'saved.json', 'saved.plan']);
    assert.is(direct.exitCode, 5, direct.stdout + direct.stderr);
    assert.is(fromPlan.exitCode, 5, fromPlan.stdout + fromPlan.stderr);
    assert.match(fromPlan.stdout, 'Nothing to write.');
    // the line a plan made now shows, marked !: the state, the reason and the recommendation, what to do
    const marked = `= noop   shop-whatsapp/${refund}/en_US (remote: REJECTED)`;
    for (const r of [direct, fromPlan]) {
      assert.match(r.stdout, marked);
      assert.match(r.stdout, '! the template on the channel is REJECTED (SPAM; recommendation: Do not promise refunds): fix what the reason names in the file and apply again');
    }
    // the closing line of both: the same words
    const closing = (s: string) => s.split('\n').find((l) => l.includes('did not write'));
    assert.is(closing(fromPlan.stderr), closing(direct.stderr));
    assert.match(closing(fromPlan.stderr) ?? '', `1 template this run did not write is not approved on the channel (marked ! above): shop-whatsapp/${refund}/en_US REJECTED`);
    const a = results(dir, 'direct.json');
    const b = results(dir, 'saved.json');
    assert.ok(validResults(b), ajv.errorsText(validResults.errors));
    assert.equal(b.standing, a.standing);
    assert.equal([b.standing?.[0]?.name, b.standing?.[0]?.status, b.standing?.[0]?.reason, b.standing?.[0]?.file, b.summary.standing], [refund, 'REJECTED', 'SPAM', 'templates/refund.en_US.yaml', 1]);
  } finally { cleanup(dir); }
});

test('a template rejected on the channel after plan --out is named at apply (the state read then), and one approved since is not', async () => {
  const { dir, refund, order, run } = await project();
  try {
    // refund REJECTED when the plan is made, approved (its content as planned) by the time it is applied; order the other way round
    await review(refund, { statusText: 'REJECTED', reason: 'SPAM' });
    const planned = await run(['plan', '--out', 'saved.plan']);
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    await review(refund, { statusText: 'APPROVED' });
    await review(order, { statusText: 'REJECTED', reason: 'TAG_CONTENT_MISMATCH', recommendation: 'This looks like marketing' });
    const r = await run(['apply', '--auto-approve', '--results', 'saved.json', 'saved.plan']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'stale');
    assert.match(r.stdout, `= noop   shop-whatsapp/${order}/en_US (remote: REJECTED)`);
    assert.match(r.stdout, 'is REJECTED (TAG_CONTENT_MISMATCH; recommendation: This looks like marketing)');
    assert.not.match(r.stdout, refund);
    assert.match(r.stderr, `1 template this run did not write is not approved on the channel (marked ! above): shop-whatsapp/${order}/en_US REJECTED`);
    assert.equal(results(dir, 'saved.json').standing?.map((s) => [s.name, s.status, s.reason]), [[order, 'REJECTED', 'TAG_CONTENT_MISMATCH']]);
    // all approved again: the same plan applies with exit 0
    await review(order, { statusText: 'APPROVED' });
    const ok = await run(['apply', '--auto-approve', 'saved.plan']);
    assert.is(ok.exitCode, 0, ok.stdout + ok.stderr);
    assert.not.match(ok.stdout, '! the template on the channel');
  } finally { cleanup(dir); }
});

test('a saved plan that writes: the writes are made, and a standing PAUSED template beside them still makes the run exit 5', async () => {
  const { dir, refund, order, run } = await project();
  try {
    await review(order, { statusText: 'PAUSED' });
    writeFiles(dir, { 'templates/refund.en_US.yaml': file(refund, 'Hello {{1}}, your refund is on its way to you.') });
    assert.is((await run(['plan', '--out', 'saved.plan'])).exitCode, 0);
    const r = await run(['apply', '--auto-approve', 'saved.plan']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, `updated shop-whatsapp/${refund}/en_US`);
    assert.match(r.stdout, `= noop   shop-whatsapp/${order}/en_US (remote: PAUSED)`);
    assert.match(r.stderr, `1 template this run did not write is not approved on the channel (marked ! above): shop-whatsapp/${order}/en_US PAUSED`);
  } finally { cleanup(dir); }
});

test.run();
