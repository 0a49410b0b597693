// trial-bk F5: a pull request's plan exited 5 (its check red) for an edit of a template in someone else's review, while
// its comment said the apply job (apply --wait, as init writes it) would write it once the review ends: nothing on the
// branch could make the check pass. `plan --wait` plans as apply --wait runs: such an edit is written after the review,
// no skip (0, or 2 with --detailed-exitcode), still shown and counted as in review; a skip --wait cannot help (a category
// change) still exits 5. Where the plan goes to a file, the stderr line names the templates apply skips (it pointed at
// marks "above" that were in plan.md, not in the job's log).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, emulatorReview, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Wt3`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

const control = (body: unknown): Promise<number> => emulatorReview(emu, body);

interface PlanJson {
  changes: { name: string; publicId: string; action: string; attention?: string[]; applySkips?: string; afterReview?: string }[];
  summary: { create: number; update: number; noop: number; orphan: number; applySkips?: number; afterReview?: number };
  inReview?: { name: string; state: string; action: string }[];
}

test('plan --wait: an edit of a template in review is no skip (exit 0, 2 with --detailed-exitcode), said as written after the review; a category change still exits 5', async () => {
  const dir = tempDir('tplsync-plan-wait-');
  const [pending, appeal, recat] = ['back_in_stock', 'order_ready', 'payment_received'].map((n) => `${n}_${process.pid}`) as [string, string, string];
  const file = (n: string): string => path.join(dir, `templates/${n}.en_US.yaml`);
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: production\nenvironments:\n  production:\n    baseUrl: ${emu.url}\n    apiKeyEnv: WT_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    ...Object.fromEntries([pending, appeal, recat].map((n) => [`templates/${n}.en_US.yaml`, `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`])),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { WT_KEY: KEY } });
  const edit = (n: string, from: string, to: string): void => writeFileSync(file(n), readFileSync(file(n), 'utf8').replace(from, to));
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    // someone else's edit under review (PENDING), and an appeal under review (IN_APPEAL); this branch edits both
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(pending), statusText: 'PENDING' }), 200);
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(appeal), statusText: 'IN_APPEAL' }), 200);
    edit(pending, 'at the store', 'at our store');
    edit(appeal, 'at the store', 'at our store');

    // without --wait: apply skips them (exit 5), and the line on stderr says that apply --wait writes them
    let r = await run(['plan']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, 'Plan for production: 0 to create, 0 to update, 2 that apply will skip (2 of them in review: apply --wait writes them once the review ends), 1 unchanged.');
    assert.match(r.stderr, 'apply would skip 2 updates (marked "apply does not attempt this update" above, each with what to do) and end with exit 5; the plan exits 5 too. They are edits of templates in review: apply --wait writes them once the review ends (plan --wait plans as apply --wait runs).');

    // with --wait: written once the review ends, no skip
    r = await run(['plan', '--wait']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(r.stderr, '');
    assert.match(r.stdout, 'Plan for production: 0 to create, 2 to update (2 of them in review: apply --wait writes them once the review ends), 1 unchanged.');
    assert.not.match(r.stdout, 'apply does not attempt');
    const block = (out: string, n: string): string => out.split('\n\n').find((b) => b.includes(`/${n}/`))!.replace(/\s+/g, ' ');
    assert.match(block(r.stdout, pending), '! apply --wait writes this update once the review ends: the template is PENDING review');
    assert.match(block(r.stdout, appeal), '! apply --wait writes this update once the review ends: WhatsApp takes no edit while an appeal of its rejection is under review (IN_APPEAL)');
    assert.match(r.stdout, `2 templates in review in production, not sendable until approved: shop-whatsapp/${pending}/en_US (PENDING), shop-whatsapp/${appeal}/en_US (IN_APPEAL); apply --wait waits for the review to end, then writes their updates;`);
    assert.is((await run(['plan', '--wait', '--detailed-exitcode'])).exitCode, 2);

    const json = JSON.parse((await run(['plan', '--wait', '--format', 'json'])).stdout) as PlanJson;
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.equal(json.summary, { create: 0, update: 2, noop: 1, orphan: 0, afterReview: 2, needsAttention: 2 });
    for (const n of [pending, appeal]) {
      const c = json.changes.find((x) => x.name === n)!;
      assert.is(c.applySkips, undefined, n);
      assert.match(c.afterReview ?? '', /WhatsApp takes no edit until/, n);
    }
    assert.equal(json.inReview?.map((t) => [t.name, t.state, t.action]), [[pending, 'PENDING', 'update'], [appeal, 'IN_APPEAL', 'update']]);

    r = await run(['plan', '--wait', '--format', 'markdown', '--output', 'plan.md']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const md = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    assert.match(md, '| create | update | unchanged | orphaned |');
    assert.match(md, '| 0 | 2 (2 of them in review: apply --wait writes them once the review ends) | 1 | 0 |');
    assert.match(md, 'apply --wait waits for the review to end, then writes their updates');
    assert.match(md, '<b>(apply --wait writes it after the review)</b>');
    assert.not.match(md, 'apply will skip');

    // a skip that no wait helps: the category of an approved template changed in its file; the plan to a file names it on stderr
    edit(recat, 'category: UTILITY', 'category: MARKETING');
    for (const args of [['--wait'], ['--wait', '--detailed-exitcode']]) {
      r = await run(['plan', ...args]);
      assert.is(r.exitCode, 5, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, 'Plan for production: 0 to create, 2 to update (2 of them in review: apply --wait writes them once the review ends), 1 that apply will skip, 0 unchanged.');
    }
    r = await run(['plan', '--wait', '--format', 'markdown', '--output', 'plan.md']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stderr, `tplsync: apply --wait would skip 1 update: shop-whatsapp/${recat}/en_US (why, and what to do: in plan.md) and end with exit 5; the plan exits 5 too.`);
    assert.match(readFileSync(path.join(dir, 'plan.md'), 'utf8'), '| 0 | 2 (2 of them in review: apply --wait writes them once the review ends) | 1 | 0 | 0 |');
    // without --wait, to a file: the three named, and what apply --wait would do of those in review
    r = await run(['plan', '--output', 'plan.txt']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    const names = [pending, appeal, recat].map((n) => `shop-whatsapp/${n}/en_US`).sort();
    assert.match(r.stderr, `tplsync: apply would skip 3 updates: ${names.join(', ')} (why, and what to do: in plan.txt) and end with exit 5; the plan exits 5 too. 2 of them are edits of templates in review: apply --wait writes them once the review ends`);
    r = await run(['plan', '--format', 'json']);
    assert.match(r.stderr, `tplsync: apply would skip 3 updates: ${names.join(', ')} (why, and what to do: applySkips in the JSON above)`);
  } finally { cleanup(dir); }
});

// a plan saved with --wait counts an edit in review as written after the review: applied without --wait, that edit is a
// skip (exit 5) the reviewed plan never showed. The plan records the flag (under its digest), and apply says so with the
// apply that does what the plan counted
test('plan --wait --out: the plan records --wait; applied without --wait, apply says the in-review edits are skipped and how to apply it as planned', async () => {
  const dir = tempDir('tplsync-plan-wait-out-');
  const n = `stock_alert_${process.pid}`;
  const file = path.join(dir, `templates/${n}.en_US.yaml`);
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: production\nenvironments:\n  production:\n    baseUrl: ${emu.url}\n    apiKeyEnv: WT_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    [`templates/${n}.en_US.yaml`]: `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, the item you asked about is back."\n  examples: { 1: Ana }\n`,
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { WT_KEY: KEY } });
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const id = (JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes[0]!.publicId;
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'PENDING' }), 200);
    writeFileSync(file, readFileSync(file, 'utf8').replace('is back', 'is back in stock'));
    let r = await run(['plan', '--wait', '--out', 'plan.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as { wait?: boolean };
    assert.is(saved.wait, true);
    // the flag is under the digest: taken out by hand, the plan is refused as edited
    writeFileSync(path.join(dir, 'edited.json'), JSON.stringify({ ...saved, wait: undefined }));
    r = await run(['apply', '--auto-approve', 'edited.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, 'do not match its digest');
    // applied without --wait: said, with the apply that waits, and the edit is skipped (exit 5)
    r = await run(['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stderr, 'tplsync: the plan was made with --wait and counts an edit of a template in review as written once the review ends; without --wait apply skips it (exit 5). Apply it as it was planned: tplsync apply --auto-approve --wait plan.json');
    // a plan made without --wait says nothing of it
    r = await run(['plan', '--out', 'plain.json']);
    assert.is(JSON.parse(readFileSync(path.join(dir, 'plain.json'), 'utf8')).wait, undefined);
    r = await run(['apply', '--auto-approve', 'plain.json']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'made with --wait');
  } finally { cleanup(dir); }
});

test.run();
