// An update apply does not attempt (a DISABLED template, an APPROVED template whose category the
// channel holds as another) is judged by plan as apply judges it (one function, applyRefusal):
// marked `! apply does not attempt this update: ...` with why, and counted apart from the updates
// apply writes in the text, the JSON and the Markdown a reviewer reads (trial-an F5). Apply then
// skips exactly those the plan said, and writes the others.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TEMPLATE_STATUS } from '../src/api/shapes.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, emulatorReview, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Zs5`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

const control = (body: unknown): Promise<number> => emulatorReview(emu, body);

/** a project of one UTILITY template per kind on the emulator's channel A (names unique to this file's run), its CLI and an edit of a file's text */
let projects = 0;
function project(prefix: string, kinds: string[]) {
  const dir = tempDir(prefix);
  const names = kinds.map((n) => `${n}_${process.pid}_${++projects}`);
  const file = (n: string): string => `templates/${n}.en_US.yaml`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SK_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    ...Object.fromEntries(names.map((n) => [file(n), `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`])),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { SK_KEY: KEY } });
  const edit = (n: string): void => { const f = path.join(dir, file(n)); writeFileSync(f, readFileSync(f, 'utf8').replace('at the store', 'at our store')); };
  return { dir, names, run, edit };
}

interface PlanJson {
  changes: { name: string; publicId: string; action: string; attention?: string[]; applySkips?: string }[];
  summary: { create: number; update: number; noop: number; orphan: number; applySkips?: number };
}

test('plan counts the updates apply will skip apart (text, JSON, Markdown), each marked with why; apply skips exactly those', async () => {
  const { dir, names, run, edit } = project('tplsync-skips-', ['disabled', 'recat', 'edited', 'kept']);
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    const [disabled, recat, edited] = names as [string, string, string, string];
    // DISABLED on the channel, and edited in its file; re-categorised by the platform (the file unchanged); an ordinary edit
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(disabled), statusText: 'DISABLED' }), 200);
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(recat), category: 'MARKETING' }), 200);
    edit(disabled);
    edit(edited);

    const text = await run(['plan']);
    const flat = text.stdout.replace(/\s+/g, ' ');
    assert.match(text.stdout, 'Plan for remote: 0 to create, 1 to update, 2 that apply will skip, 1 unchanged. 3 need attention (marked ! above).', text.stdout);
    // each skipped update says so on its ! line, with why (the re-categorised one lacked it)
    const block = (n: string): string => text.stdout.split('\n\n').find((b) => b.includes(`/${n}/`))!.replace(/\s+/g, ' ');
    assert.match(block(disabled), '! apply does not attempt this update: the template is DISABLED on the channel and takes no edit');
    assert.match(block(recat), '! apply does not attempt this update: approved as MARKETING, the file says UTILITY: set category: MARKETING in the file');
    assert.not.match(block(edited), 'apply does not attempt');
    assert.is(flat.split('apply does not attempt this update').length - 1, 2, text.stdout);

    const json = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson;
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    // (the three updates marked !, as the text counts them)
    assert.equal(json.summary, { create: 0, update: 3, noop: 1, orphan: 0, applySkips: 2, needsAttention: 3 });
    assert.equal(json.changes.filter((c) => c.applySkips !== undefined).map((c) => c.name).sort(), [disabled, recat].sort());

    const md = (await run(['plan', '--format', 'markdown'])).stdout;
    assert.match(md, '| create | update | apply will skip | unchanged | orphaned |');
    assert.match(md, '| 0 | 1 | 2 | 1 | 0 |');

    // apply skips exactly the updates the plan counted apart, and writes the other
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    const skipped = [...apply.stdout.matchAll(/✗ skipped \S+\/(\w+)\/en_US/g)].map((m) => m[1]).sort();
    assert.equal(skipped, [disabled, recat].sort(), apply.stdout);
    assert.match(apply.stdout + apply.stderr, '1 updated');
    assert.match(apply.stdout + apply.stderr, '2 skipped');
  } finally { cleanup(dir); }
});

test('apply of a saved plan announces its writes as the plan counted them: the updates it will skip apart (trial-aq F7)', async () => {
  const { dir, names, run, edit } = project('tplsync-skips-saved-', ['disabled', 'recat', 'edited']);
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    const [disabled, recat, edited] = names as [string, string, string];
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(disabled), statusText: 'DISABLED' }), 200);
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(recat), category: 'MARKETING' }), 200);
    edit(disabled);
    edit(edited);
    const plan = await run(['plan', '--out', 'p.json']);
    assert.match(plan.stdout, 'Plan for remote: 0 to create, 1 to update, 2 that apply will skip, 0 unchanged.', plan.stdout);
    const apply = await run(['apply', '--auto-approve', 'p.json']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stdout, 'Applying the saved plan (0 to create, 1 to update, 2 that apply will skip) to remote.', apply.stdout);
    assert.match(apply.stdout + apply.stderr, '1 updated');
    assert.match(apply.stdout + apply.stderr, '2 skipped');
  } finally { cleanup(dir); }
});

// trial-bd F1: plan counted an edit of a PENDING or IN_APPEAL template as "to update" (6 to update, 3 that apply will
// skip) while apply skipped it (4 updated, 5 skipped, exit 5), and IN_APPEAL had no "apply does not attempt" line. One
// decision (apply-refusal.ts applySkips, over review-state.ts's IN_REVIEW and NOT_EDITABLE) now serves both: for every
// state the emulator's control endpoint sets, what plan counts apart is what apply skips, in the text, the JSON, a saved
// plan's announcement and apply's own counts.
const BY_STATE: readonly (readonly [state: string, apply: 'writes' | 'skips'])[] = [
  ['APPROVED', 'writes'], ['REINSTATED', 'writes'], ['REJECTED', 'writes'], ['PAUSED', 'writes'],
  ['PENDING', 'skips'], ['IN_APPEAL', 'skips'],
  ['DISABLED', 'skips'], ['FLAGGED', 'skips'], ['LIMIT_EXCEEDED', 'skips'], ['LOCKED', 'skips'], ['ARCHIVED', 'skips'], ['PENDING_DELETION', 'skips'], ['DELETED', 'skips'],
];

test('for every state a template can be in, plan counts apart exactly the edits apply skips (text, JSON, saved plan, apply)', async () => {
  assert.equal(BY_STATE.map(([st]) => st).sort(), Object.keys(TEMPLATE_STATUS).sort(), 'every state the API knows is in the table');
  const { dir, names, run, edit } = project('tplsync-skips-states-', BY_STATE.map(([st]) => st.toLowerCase()));
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    for (const [i, [statusText]] of BY_STATE.entries()) {
      assert.is(await control({ channel: CHANNEL_A, template: ids.get(names[i]!), statusText }), 200, statusText);
      edit(names[i]!);
    }
    const skips = names.filter((_n, i) => BY_STATE[i]![1] === 'skips').sort();
    const writes = names.length - skips.length;
    const inReview = BY_STATE.filter(([st]) => st === 'PENDING' || st === 'IN_APPEAL').length;

    const json = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson & { inReview?: { name: string; state: string }[] };
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.equal([json.summary.update, json.summary.applySkips], [names.length, skips.length]);
    for (const [i, [state, what]] of BY_STATE.entries()) {
      const c = json.changes.find((x) => x.name === names[i])!;
      assert.is(c.applySkips !== undefined, what === 'skips', `${state}: ${c.applySkips}`);
      // every update apply skips is marked so on its line, IN_APPEAL's too (it had no such line)
      assert.is(c.attention?.some((a) => a.startsWith('apply does not attempt this update: ')) ?? false, what === 'skips', `${state}: ${JSON.stringify(c.attention)}`);
    }
    assert.equal(json.inReview?.map((t) => t.state).sort(), ['IN_APPEAL', 'PENDING']);
    const text = await run(['plan', '--out', 'p.json']);
    assert.is(text.exitCode, 5, text.stdout + text.stderr);
    const counted = `0 to create, ${writes} to update, ${skips.length} that apply will skip (${inReview} of them in review: apply --wait writes them once the review ends)`;
    assert.match(text.stdout, `Plan for remote: ${counted}, 0 unchanged.`);

    // the saved plan: announced as the plan counted it, and applied so (skipped exactly those the plan counted apart)
    const saved = await run(['apply', '--auto-approve', 'p.json']);
    assert.is(saved.exitCode, 5, saved.stdout + saved.stderr);
    assert.match(saved.stdout, `Applying the saved plan (${counted}) to remote.`);
    const skippedBy = (out: string): string[] => [...out.matchAll(/✗ skipped \S+\/(\w+)\/en_US/g)].map((m) => m[1]!).sort();
    assert.equal(skippedBy(saved.stdout), skips, saved.stdout);
    assert.match(saved.stdout, `Applied to remote: 0 created, ${writes} updated, 0 failed, ${skips.length} skipped.`);

    // the written ones are approved again: plan and apply agree on the rest alike
    const again = await run(['plan']);
    assert.match(again.stdout, `Plan for remote: 0 to create, 0 to update, ${skips.length} that apply will skip (${inReview} of them in review: apply --wait writes them once the review ends), ${writes} unchanged.`);
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.equal(skippedBy(apply.stdout), skips, apply.stdout);
    assert.match(apply.stdout, `Applied to remote: 0 created, 0 updated, 0 failed, ${skips.length} skipped.`);
  } finally { cleanup(dir); }
});

// trial-bg F2: a pull request changing the category of an APPROVED template planned with exit 0 (2 with
// --detailed-exitcode), and the apply after the merge refused it (exit 5). The plan exits 5 when apply would skip an
// update, with or without --detailed-exitcode (whose 0 and 2 keep their meaning: no changes; changes apply writes).
test('plan exits 5 when apply would skip an update, with --detailed-exitcode too; 2 and 0 as before otherwise', async () => {
  const { dir, names, run, edit } = project('tplsync-skips-exit-', ['recat', 'edited']);
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const [recat, edited] = names as [string, string];
    assert.is((await run(['plan', '--detailed-exitcode'])).exitCode, 0);
    edit(edited);
    // an ordinary edit: 0, and 2 with --detailed-exitcode
    assert.is((await run(['plan'])).exitCode, 0);
    assert.is((await run(['plan', '--detailed-exitcode'])).exitCode, 2);
    // the category of an approved template changed in its file: apply will skip it
    const f = path.join(dir, `templates/${recat}.en_US.yaml`);
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
    for (const args of [[], ['--detailed-exitcode'], ['--format', 'markdown', '--output', 'plan.md'], ['--format', 'json']]) {
      const r = await run(['plan', ...args]);
      assert.is(r.exitCode, 5, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      // the marks are above on the same stream only for text on stdout; else the line names the template (trial-bk F5)
      assert.match(r.stderr, args.includes('--format')
        ? `apply would skip 1 update: shop-whatsapp/${recat}/en_US (why, and what to do: ${args.includes('json') ? 'applySkips in the JSON above' : 'in plan.md'}) and end with exit 5`
        : 'apply would skip 1 update (marked "apply does not attempt this update" above, each with what to do) and end with exit 5');
    }
    // the comment a pull request gets is written all the same, with what apply will skip and what to do
    const md = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    assert.match(md, '| 0 | 1 | 1 | 0 | 0 |');
    assert.match(md, `\`shop-whatsapp/${recat}/en_US\`: apply does not attempt this update: approved as UTILITY, the file says MARKETING: set category: UTILITY in the file`);
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
  } finally { cleanup(dir); }
});

test.run();
