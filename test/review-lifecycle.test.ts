// The review lifecycle end to end: the emulator's control endpoint moves a template through the
// platform's states (REJECTED with a reason and recommendation, a RED rating that leaves it
// APPROVED, pauses for low quality of 3 h, then 6 h, then disabled, a re-categorisation), and plan
// (text, json, markdown) and `tplsync review` show
// each with its exit code; a user following only what tplsync prints gets the template APPROVED.
import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { NOT_EDITABLE_STATES } from '../src/emulator/state.ts';
import { NOT_EDITABLE } from '../src/plan/review-state.ts';
import { REVIEWING } from '../src/apply/apply.ts';
import { CHANNEL_A, cleanup, cliIn, refusedUrl, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Zr4`;
const HOUR = 3600_000;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const ajv = new Ajv.default({ allErrors: true, strict: true });
const validReview = ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'review.v1.schema.json'), 'utf8')));
const validResults = ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')));
const validPlan = ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

function project(): { dir: string; file: string; run: (args: string[]) => ReturnType<typeof cliIn> } {
  const dir = tempDir('tplsync-lifecycle-');
  const name = `order_ready_${Math.random().toString(36).slice(2, 8)}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: LC_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    'templates/order.en_US.yaml': `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
  });
  return { dir, file: path.join(dir, 'templates', 'order.en_US.yaml'), run: (args) => cliIn(args, { cwd: dir, env: { LC_KEY: KEY } }) };
}

async function control(name: string, body: unknown, token = emu.controlToken): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${emu.url}/_emulator/${name}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() as Record<string, unknown> };
}

async function appliedId(run: (args: string[]) => ReturnType<typeof cliIn>): Promise<string> {
  const a = await run(['apply', '--auto-approve']);
  assert.is(a.exitCode, 0, a.stdout + a.stderr);
  const p = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { publicId: string }[] };
  return p.changes[0]!.publicId;
}

/** a project whose template was applied, then moved by the control endpoint (`change`: a state, a category); `use` runs with it, the folder removed after */
async function withReviewed(change: Record<string, unknown>, use: (p: { dir: string; file: string; run: (args: string[]) => ReturnType<typeof cliIn>; id: string }) => Promise<void>): Promise<void> {
  const { dir, file, run } = project();
  try {
    const id = await appliedId(run);
    assert.is((await control('review', { channel: CHANNEL_A, template: id, ...change })).status, 200);
    await use({ dir, file, run, id });
  } finally { cleanup(dir); }
}

interface PlanJson { changes: { action: string; needsAttention?: Record<string, unknown> }[] }
interface ReviewJson { templates: Record<string, unknown>[]; summary: Record<string, number> }

test('POST /_emulator/review: 401 without the token, 404 for an unknown template, 400 for an unknown state or field, 405 for GET', async () => {
  const { dir, run } = project();
  try {
    const id = await appliedId(run);
    assert.is((await control('review', { channel: CHANNEL_A, template: id, statusText: 'REJECTED' }, 'wrong')).status, 401);
    const unknown = await control('review', { channel: CHANNEL_A, template: '00000000-0000-4000-8000-000000000000', statusText: 'REJECTED' });
    assert.is(unknown.status, 404);
    assert.match(String(unknown.body.message), 'No template');
    const state = await control('review', { channel: CHANNEL_A, template: id, statusText: 'SOMEWHAT_APPROVED' });
    assert.is(state.status, 400);
    assert.match(String(state.body.message), 'statusText must be one of PENDING, APPROVED, REJECTED');
    assert.is((await control('review', { channel: CHANNEL_A, template: id, quality: 'PURPLE' })).status, 400);
    assert.is((await control('review', { channel: CHANNEL_A, template: id, colour: 'x' })).status, 400);
    assert.is((await control('review', { channel: 'not-a-uuid', template: id })).status, 400);
    // a known control endpoint asked with another method: 405 with Allow; an unknown one: 404
    const get = await fetch(`${emu.url}/_emulator/review`, { headers: { authorization: `Bearer ${emu.controlToken}` } });
    assert.is(get.status, 405);
    assert.is(get.headers.get('allow'), 'POST');
    assert.match(String(((await get.json()) as { message: string }).message), 'GET is not allowed on /_emulator/review; use POST');
    const none = await fetch(`${emu.url}/_emulator/reviews`, { headers: { authorization: `Bearer ${emu.controlToken}` } });
    assert.is(none.status, 404);
    await none.body?.cancel();
    const ok = await control('review', { channel: CHANNEL_A, template: id, quality: 'GREEN' });
    assert.is(ok.status, 200);
    assert.is(ok.body.qualityScore, 'GREEN');
    assert.is(ok.body.statusText, 'APPROVED');
  } finally { cleanup(dir); }
});

test('REJECTED with a reason and recommendation: plan (text, json, markdown) and review show it, name the rule, exit 2; an edit applied gets it APPROVED', async () => {
  const { dir, file, run } = project();
  try {
    const id = await appliedId(run);
    const r = await control('review', { channel: CHANNEL_A, template: id, statusText: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: 'Remove the variable at the start of the text' });
    assert.is(r.status, 200);
    assert.is(r.body.rejectionReason, 'INVALID_FORMAT');

    const text = await run(['plan', '--detailed-exitcode']);
    assert.is(text.exitCode, 2, text.stdout + text.stderr);
    assert.match(text.stdout, 'is REJECTED (INVALID_FORMAT; recommendation: Remove the variable at the start of the text)');
    assert.match(text.stdout, 'lint rule placeholder-position'); // the recommendation's words: a variable at the start
    const json = await run(['plan', '--format', 'json']);
    const pj = JSON.parse(json.stdout) as PlanJson;
    assert.ok(validPlan(pj), ajv.errorsText(validPlan.errors));
    assert.equal([pj.changes[0]!.needsAttention!.state, pj.changes[0]!.needsAttention!.rule, pj.changes[0]!.needsAttention!.recommendation], ['REJECTED', 'placeholder-position', 'Remove the variable at the start of the text']);
    const md = await run(['plan', '--format', 'markdown']);
    assert.match(md.stdout, '### Needs attention');
    assert.match(md.stdout, 'REJECTED (INVALID_FORMAT');

    const review = await run(['review']);
    assert.is(review.exitCode, 2, review.stdout + review.stderr);
    assert.match(review.stdout, /REJECTED/);
    assert.match(review.stdout, 'recommendation: Remove the variable at the start of the text');
    assert.match(review.stdout, 'lint rule placeholder-position checks this');
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    assert.ok(validReview(rj), ajv.errorsText(validReview.errors));
    assert.equal(rj.summary, { total: 1, approved: 0, pending: 0, absent: 0, needsAttention: 1 });

    // applying the unchanged file again writes nothing and is no success: the template stands REJECTED
    const again = await run(['apply', '--auto-approve', '--results', 'again.json']);
    assert.is(again.exitCode, 5, again.stdout + again.stderr);
    assert.match(again.stdout, 'is REJECTED (INVALID_FORMAT');
    assert.match(again.stderr, /1 template this run did not write is not approved on the channel \(marked ! above\): shop-whatsapp\/order_ready_\w+\/en_US REJECTED; its file says what the channel has, so applying again changes nothing/);
    const results = JSON.parse(readFileSync(path.join(dir, 'again.json'), 'utf8')) as { results: unknown[]; standing: { status: string; reason: string; todo: string; file: string }[]; summary: Record<string, number> };
    assert.ok(validResults(results), ajv.errorsText(validResults.errors));
    assert.equal(results.results, []);
    assert.equal([results.standing[0]!.status, results.standing[0]!.reason, results.standing[0]!.file, results.summary.standing], ['REJECTED', 'INVALID_FORMAT', 'templates/order.en_US.yaml', 1]);
    assert.ok(results.standing[0]!.todo.length > 10, results.standing[0]!.todo);

    // following what tplsync printed: fix the text, apply; the new review approves it
    writeFileSync(file, readFileSync(file, 'utf8').replace('Hello {{1}}, your order', 'Hello {{1}}, good news: your order'));
    const fixed = await run(['apply', '--auto-approve', '--wait']);
    assert.is(fixed.exitCode, 0, fixed.stdout + fixed.stderr);
    const after = await run(['review']);
    assert.is(after.exitCode, 0, after.stdout + after.stderr);
    assert.match(after.stdout, 'The template in remote is approved.');
    assert.is((await run(['plan', '--detailed-exitcode'])).exitCode, 0);
  } finally { cleanup(dir); }
});

test('a pause for low quality (pause: true) pauses an APPROVED template for 3 h, then 6 h, then disables it; plan and review say so; a DISABLED template cannot be edited', async () => {
  const { dir, file, run } = project();
  try {
    const id = await appliedId(run);
    let r = await control('review', { channel: CHANNEL_A, template: id, quality: 'RED', pause: true });
    assert.equal([r.body.statusText, r.body.pauseCount, r.body.qualityScore], ['PAUSED', 1, 'RED']);
    const until = Date.parse(String(r.body.pausedUntil));
    assert.ok(Math.abs(until - (emu.state.now() + 3 * HOUR)) < 60_000, String(r.body.pausedUntil));
    const plan = await run(['plan', '--detailed-exitcode']);
    assert.is(plan.exitCode, 2, plan.stdout);
    assert.match(plan.stdout, `paused until ${String(r.body.pausedUntil)}`);
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    assert.ok(validReview(rj), ajv.errorsText(validReview.errors));
    assert.equal([rj.templates[0]!.state, rj.templates[0]!.quality, rj.templates[0]!.pauses], ['PAUSED', 'RED', 1]);

    emu.advanceClock(3 * HOUR + 1000); // the pause ends: APPROVED, still rated RED (trial-bf F7: said, exit 0)
    const resumed = await run(['review']);
    assert.is(resumed.exitCode, 0, resumed.stdout);
    assert.match(resumed.stdout, 'quality RED, 1 pause so far: approved and sendable, but Meta says it "is in danger of being paused or disabled soon"; a second pause lasts 6 hours, and a third disables it');
    r = await control('review', { channel: CHANNEL_A, template: id, pause: true });
    assert.equal([r.body.statusText, r.body.pauseCount], ['PAUSED', 2]);
    assert.ok(Math.abs(Date.parse(String(r.body.pausedUntil)) - (emu.state.now() + 6 * HOUR)) < 60_000);
    emu.advanceClock(6 * HOUR + 1000);
    assert.match((await run(['review'])).stdout, 'quality RED, 2 pauses so far: approved and sendable, but Meta says it "is in danger of being paused or disabled soon"; the next pause disables it for good');
    r = await control('review', { channel: CHANNEL_A, template: id, pause: true });
    assert.equal([r.body.statusText, r.body.pauseCount], ['DISABLED', 3]);
    // a DISABLED template is not paused again
    const again = await control('review', { channel: CHANNEL_A, template: id, pause: true });
    assert.equal([again.status, (again.body.errors as { name: string }[])[0]!.name], [400, 'pause']);
    assert.match(String(again.body.message), 'A DISABLED template is not paused');
    const review = await run(['review']);
    assert.is(review.exitCode, 2);
    assert.match(review.stdout, 'DISABLED');
    assert.match(review.stdout, 'create a new template under another name');

    writeFileSync(file, readFileSync(file, 'utf8').replace('at the store', 'at our store'));
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    // not attempted: the channel would refuse it, and the plan already said what to do instead
    assert.match(apply.stdout + apply.stderr, 'not attempted: the template is DISABLED on the channel and takes no edit: create a new template under another name');
    assert.not.match(apply.stdout + apply.stderr, 'A DISABLED template cannot be edited');
    assert.match(apply.stderr, '1 template not attempted: the channel takes no edit of it as it stands; each line above says what to do instead (docs/recovery.md)');
    assert.is(JSON.stringify(emu.state.templates.get(`${CHANNEL_A}/${id}`)?.body ?? [...emu.state.templates.values()][0]!.body).includes('at our store'), false, 'nothing was written');
  } finally { cleanup(dir); }
});

test('a re-categorised template (UTILITY approved as MARKETING) is drift without --base; setting the file to MARKETING makes it in sync', () => withReviewed({ category: 'MARKETING' }, async ({ dir, file, run }) => {
  // (apply skips the update, which would change the category: exit 5, with --detailed-exitcode too, trial-bg F2)
  const plan = await run(['plan', '--detailed-exitcode']);
  assert.is(plan.exitCode, 5, plan.stdout + plan.stderr);
  assert.match(plan.stdout, 'category: "MARKETING" → "UTILITY"');
  // one short line for the template (trial-bg F3), the why and the other ways out once below the summary
  assert.match(plan.stdout, '! apply does not attempt this update: approved as MARKETING, the file says UTILITY: set category: MARKETING in the file, or accept it for remote with environments.remote.categories:');
  assert.match(plan.stdout, 'or appeal the category in the console within 60 days');
  // the Markdown comment: a category is no line of the customer's text, so no empty diff or preview is drawn
  const md = await run(['plan', '--format', 'markdown']);
  assert.match(md.stdout, '| `category` | "MARKETING" | "UTILITY" |', md.stdout);
  assert.not.match(md.stdout, /```diff\n```/);
  assert.not.match(md.stdout, /What the customer sees:\n\n```text\n\n?```/);
  const review = await run(['review']);
  assert.is(review.exitCode, 2);
  assert.match(review.stdout, 'set category: MARKETING or appeal');
  // sending it is refused: the platform bills and routes it as MARKETING, not as the file says
  const name = /name: (\S+)/.exec(readFileSync(file, 'utf8'))![1]!;
  const send = await run(['send', '--to', '+4915112345678', '--template', name, '--param', '1=Ana']);
  assert.is(send.exitCode, 3, send.stdout + send.stderr);
  assert.match(send.stderr, 'is approved on the channel as MARKETING, and the file says UTILITY');
  assert.match(send.stderr, 'Set category: MARKETING in the file');
  assert.match(send.stderr, 'Nothing was sent');
  // no edit counted: the write would be refused, so it spends none
  assert.not.match(md.stdout, 'uses one of its limited edits');
  // applying the file's UTILITY is not attempted: the category of an APPROVED template cannot change
  const apply = await run(['apply', '--auto-approve']);
  assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
  assert.match(apply.stdout, 'not attempted: the channel has it approved as MARKETING and the category of an approved template cannot change: set category: MARKETING in the file');
  // a saved plan, and a promotion, know it as well: not attempted, where the write went out and was refused (exit 5 alike)
  assert.is((await run(['plan', '--out', 'recat-plan.json'])).exitCode, 5);
  assert.match(readFileSync(path.join(dir, 'recat-plan.json'), 'utf8'), '"remoteCategory": "MARKETING"');
  const saved = await run(['apply', '--auto-approve', 'recat-plan.json']);
  assert.is(saved.exitCode, 5, saved.stdout + saved.stderr);
  assert.match(saved.stdout, 'not attempted: the channel has it approved as MARKETING and the category of an approved template cannot change');
  assert.not.match(saved.stdout + saved.stderr, 'HTTP 400');
  writeFileSync(file, readFileSync(file, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
  const after = await run(['plan', '--detailed-exitcode']);
  assert.is(after.exitCode, 0, after.stdout + after.stderr);
  assert.is((await run(['review'])).exitCode, 0);
}));

test('REINSTATED is approved again: review counts it (exit 0), plan says an edit spends one of the limited edits, send sends it', () => withReviewed({ statusText: 'REINSTATED' }, async ({ file, run }) => {
  const review = await run(['review', '--format', 'json']);
  assert.is(review.exitCode, 0, review.stdout + review.stderr);
  assert.is((JSON.parse(review.stdout) as ReviewJson).summary.approved, 1);
  // where it was read, as plan's JSON names it (a dashboard comparing the two needs both)
  const planJson = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { environment: string; target: string };
  assert.equal(Object.keys(JSON.parse(review.stdout) as object).slice(0, 3), ['version', 'environment', 'target']);
  assert.is((JSON.parse(review.stdout) as { target: string }).target, planJson.target);
  assert.ok(validReview(JSON.parse(review.stdout)), JSON.stringify(validReview.errors));
  assert.is((await run(['plan', '--detailed-exitcode'])).exitCode, 0);
  writeFileSync(file, readFileSync(file, 'utf8').replace('ready for pickup', 'ready to collect'));
  const plan = await run(['plan', '--format', 'json']);
  const edit = (JSON.parse(plan.stdout) as { editBudget?: { spends: number } }).editBudget;
  assert.is(edit?.spends, 1, plan.stdout);
  const text = (await run(['plan'])).stdout;
  assert.match(text, 'uses one of its limited edits');
  // the summary counts what is marked ! (an edit that spends one is marked, though the template is approved)
  assert.match(text, 'Plan for remote: 0 to create, 1 to update, 0 unchanged. 1 needs attention (marked ! above).');
}));

test('the states the emulator refuses an edit in are those plan and apply do not attempt one in, and those in review (WhatsApp edits only APPROVED, REJECTED and PAUSED)', () => {
  // (PENDING is the emulator's own review, whose refusal says when it ends: refused apart)
  assert.equal([...NOT_EDITABLE_STATES].sort(), [...Object.keys(NOT_EDITABLE), ...[...REVIEWING].filter((x) => x !== 'PENDING')].sort());
  for (const editable of ['APPROVED', 'REINSTATED', 'REJECTED', 'PAUSED']) assert.not.ok(NOT_EDITABLE_STATES.has(editable), editable);
});

for (const [state, why, todo] of [
  ['LIMIT_EXCEEDED', 'the WhatsApp account is at its template limit (LIMIT_EXCEEDED)', 'Bring the account\'s template count under its limit'],
  // WhatsApp edits only APPROVED, REJECTED and PAUSED templates: a FLAGGED one is none of them (trial-u F6)
  ['FLAGGED', 'the template is FLAGGED on the channel', 'WhatsApp edits only APPROVED, REJECTED and PAUSED templates'],
] as const) {
  test(`an edit of a ${state} template: plan says apply does not attempt it, why and what to do; apply does not send it (not "change what the reason names"), and the emulator refuses it (trial-u F3/F6)`, () => withReviewed({ statusText: state }, async ({ file, run, id }) => {
    writeFileSync(file, readFileSync(file, 'utf8').replace('ready for pickup', 'ready to collect'));
    const plan = (await run(['plan'])).stdout.replace(/\s+/g, ' ');
    assert.match(plan, `apply does not attempt this update: ${why}`);
    assert.match(plan, todo);
    // no edit spent: WhatsApp takes none
    assert.not.match(plan, 'uses one of its limited edits');
    const writes = emu.state.template(CHANNEL_A, id)!.writes;
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stdout + apply.stderr, `not attempted: ${why}`);
    assert.match(apply.stderr, '1 template not attempted: the channel takes no edit of it as it stands');
    assert.not.match(apply.stderr, 'change what the reason names');
    assert.is(emu.state.template(CHANNEL_A, id)!.writes, writes, 'nothing written');
    // the emulator refuses the write as the platform would (a rehearsal fails where WhatsApp would)
    const body = emu.state.template(CHANNEL_A, id)!.body;
    const edited = { ...body, chatapp: { ...body.chatapp!, chatapp: { ...body.chatapp!.chatapp, components: body.chatapp!.chatapp.components.map((c) => ('text' in c && typeof c.text === 'string' ? { ...c, text: `${c.text} Thanks.` } : c)) } } };
    const planned = emu.state.planTemplateWrite(CHANNEL_A, id, edited as typeof body);
    assert.is(planned.kind, 'refused');
  }));
}

test('an edit of a template in review (PENDING) is not attempted (exit 5, re-run after the review); apply --wait with nothing to write follows the review', () => withReviewed({ statusText: 'PENDING' }, async ({ dir, file, run, id }) => {
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace('ready for pickup', 'ready to collect'));
  const results = path.join(dir, 'results.json');
  // --results at a folder: said before anything is read or written (it was an internal error, exit 70)
  const folder = await run(['apply', '--auto-approve', '--results', dir]);
  assert.is(folder.exitCode, 3, folder.stdout + folder.stderr);
  assert.match(folder.stderr, `--results ${dir} is a folder: give the results file, e.g. --results ${path.join(dir, 'results.json')}`);
  // --results at a link, dangling or not: refused, the link left as it was (it was removed and a file put in its place)
  const link = path.join(dir, 'linked-results.json');
  symlinkSync(path.join(dir, 'nowhere', 'r.json'), link);
  const linked = await run(['apply', '--auto-approve', '--results', link]);
  assert.is(linked.exitCode, 3, linked.stdout + linked.stderr);
  assert.match(linked.stderr, `--results ${link} is a symbolic link: tplsync does not replace a link with a file`);
  assert.ok(lstatSync(link).isSymbolicLink());
  const apply = await run(['apply', '--auto-approve', '--results', results]);
  assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
  assert.match(apply.stderr, 'not edited: in review (PENDING) or in appeal (IN_APPEAL), and WhatsApp takes no edit until the review ends');
  assert.not.match(apply.stderr, 'change what the reason names');
  const r = JSON.parse(readFileSync(results, 'utf8')) as { results: { outcome: string; deferred?: string }[] };
  assert.equal(r.results.map((x) => [x.outcome, x.deferred]), [['skipped', 'review']]);
  // with --wait: the wait for the review is said when it begins, and its end without a decision is said as a time-out, not as advice to wait
  const waited = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '1']);
  assert.is(waited.exitCode, 5, waited.stdout + waited.stderr);
  assert.match(waited.stderr, /order_ready_\w+\/en_US is in review, and WhatsApp takes no edit until the review ends: waiting up to 1 s \(--wait-timeout\) for it, then writing the edit/);
  assert.match(waited.stdout, 'not attempted: the template was still in review (PENDING) when the wait ended (--wait-timeout, 1 s)');
  assert.match(waited.stderr, 'the review did not end within --wait-timeout');
  assert.not.match(waited.stdout + waited.stderr, 'apply --wait');
  // the file as the channel has it, still in review: --wait follows it (here until its short wait ends)
  writeFileSync(file, text);
  const wait = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '1', '--results', results]);
  assert.is(wait.exitCode, 5, wait.stdout + wait.stderr);
  // the results say what the exit code says: the review followed, and where it ended
  const followed = JSON.parse(readFileSync(results, 'utf8')) as { results: unknown[]; followed?: { publicId: string; status?: string }[] };
  assert.equal(followed.results, []);
  assert.equal(followed.followed?.map((f) => [f.publicId, f.status]), [[id, 'PENDING']]);
  assert.ok(validResults(followed), JSON.stringify(validResults.errors));
  assert.match(wait.stdout, 'Following the review of 1 template in review (nothing to write)');
  assert.match(wait.stdout, /in review shop-whatsapp\/order_ready_\w+\/en_US → PENDING/);
  assert.match(wait.stderr, '1 template still PENDING when the wait ended');
  // a saved plan that leaves it as it is: apply --wait PLANFILE follows the review as a plain apply does (it said "Nothing to write." and exited 0)
  const planFile = path.join(dir, 'in-review.plan.json');
  assert.is((await run(['plan', '--out', planFile])).exitCode, 0);
  const savedWait = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '1', '--results', results, planFile]);
  assert.is(savedWait.exitCode, 5, savedWait.stdout + savedWait.stderr);
  assert.match(savedWait.stdout, 'Following the review of 1 template in review (nothing to write)');
  assert.match(savedWait.stderr, '1 template still PENDING when the wait ended');
  assert.equal((JSON.parse(readFileSync(results, 'utf8')) as { followed?: { publicId: string; status?: string }[] }).followed?.map((f) => [f.publicId, f.status]), [[id, 'PENDING']]);
  assert.is((await control('review', { channel: CHANNEL_A, template: id, statusText: 'APPROVED' })).status, 200);
  const done = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '1']);
  assert.is(done.exitCode, 0, done.stdout + done.stderr);
  assert.not.match(done.stdout, 'Following the review');
  // the same saved plan once the review has ended: nothing to follow
  const savedDone = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '1', planFile]);
  assert.is(savedDone.exitCode, 0, savedDone.stdout + savedDone.stderr);
  assert.not.match(savedDone.stdout, 'Following the review');
}));

test('followReviews reads each template in review until it is decided', async () => {
  const { dir, run } = project();
  try {
    const id = await appliedId(run);
    assert.is((await control('review', { channel: CHANNEL_A, template: id, statusText: 'REJECTED' })).status, 200);
    const { createClient } = await import('../src/api/client.ts');
    const { followReviews } = await import('../src/apply/apply.ts');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, allowInsecureHttp: true });
    const rows = [{ channelId: CHANNEL_A, publicId: id, status: 'PENDING' as string | undefined }];
    await followReviews(client, rows, { timeoutMs: 60_000, pollMs: 1 });
    assert.is(rows[0]!.status, 'REJECTED');
  } finally { cleanup(dir); }
});

test('followReviews slows down: pauses from pollMs growing by half to 30 s, never past the deadline (a 15-minute wait read a template ~1,800 times)', async () => {
  const { followReviews, REVIEW_POLL_MAX_MS } = await import('../src/apply/apply.ts');
  let t = 0;
  const sleeps: number[] = [];
  const clock = { now: () => t, sleep: async (ms: number) => { sleeps.push(ms); t += ms; } };
  let reads = 0;
  // a client whose template stays in review (only getTemplate is asked for)
  const client = { getTemplate: async () => { reads++; return { statusText: 'PENDING' }; } } as never;
  const rows = [{ channelId: CHANNEL_A, publicId: 'x', status: 'PENDING' as string | undefined }];
  await followReviews(client, rows, { timeoutMs: 900_000, pollMs: 500, clock });
  assert.equal(sleeps.slice(0, 4), [500, 750, 1125, 1688]);
  assert.ok(sleeps.every((ms) => ms <= REVIEW_POLL_MAX_MS));
  assert.is(sleeps.reduce((a, b) => a + b, 0), 900_000, 'the last pause ends at the deadline');
  assert.is(reads, sleeps.length);
  assert.ok(reads < 50, `${reads} reads in 15 minutes`);
});

test('apply --wait keeps one deadline: the time a template in review took before its edit counts against the wait of the templates written (60 s waited 120)', async () => {
  const { applyItems } = await import('../src/apply/apply.ts');
  let t = 0;
  const clock = { now: () => t, sleep: async (ms: number) => { t += ms; } };
  const reads: [string, number][] = [];
  const client = {
    getTemplate: async (_c: string, id: string) => { reads.push([id, t]); return { name: 'x', publicId: id, description: '', status: 1, statusText: 'PENDING', chatapp: { name: 'x', language: 'en_US', status: 'PENDING', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello' }] } }; },
    writeTemplate: async (_c: string, id: string) => ({ name: 'x', publicId: id, status: 1, statusText: 'PENDING' }),
  } as never;
  const body = { name: 'x', description: '', chatapp: { chatapp: { name: 'x', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello' }] }, example: {} } } as never;
  const base = { channel: 'wa', language: 'en_US', channelId: CHANNEL_A, body };
  const items = [
    { ...base, name: 'in_review', publicId: '00000000-0000-4000-8000-000000000001', action: 'update' as const, refusal: 'in review', deferred: 'review' as const },
    { ...base, name: 'new_one', publicId: '00000000-0000-4000-8000-000000000002', action: 'create' as const },
  ];
  const { results } = await applyItems(client, items, { parallelism: 1, wait: { timeoutMs: 60_000, pollMs: 500, clock } });
  assert.is(t, 60_000, `the whole run waited ${t} ms`);
  assert.equal(results.map((r) => r.outcome), ['skipped', 'created'], JSON.stringify(results));
  assert.ok(reads.every(([, at]) => at <= 60_000), 'no read after the deadline');
});

test('re-categorised by the platform, its file set to the new category: a description-only change is no WhatsApp edit (stays APPROVED, spends no edit), as plan says', async () => {
  const { dir, file, run } = project();
  try {
    const id = await appliedId(run);
    assert.is((await control('review', { channel: CHANNEL_A, template: id, statusText: 'APPROVED', category: 'MARKETING' })).status, 200);
    writeFileSync(file, readFileSync(file, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
    assert.match((await run(['plan'])).stdout, /No changes/);
    writeFileSync(file, `description: Sent when an order is ready\n${readFileSync(file, 'utf8')}`);
    const plan = await run(['plan']);
    assert.match(plan.stdout, /description: \(none\) → "Sent when an order is ready"/, plan.stdout);
    assert.not.match(plan.stdout, /back to review/);
    const a = await run(['apply', '--auto-approve']);
    assert.is(a.exitCode, 0, a.stdout + a.stderr);
    const rec = [...emu.state.templates.values()].find((r) => r.templateId.toLowerCase() === id.toLowerCase())!;
    assert.is(emu.state.statusOf(rec), 'APPROVED', JSON.stringify(rec) + a.stdout);
    assert.is(rec.editsAfterApproval ?? 0, 0);
  } finally { cleanup(dir); }
});

test('review: ABSENT and PENDING are not approved (exit 2); an unreachable channel is exit 7', async () => {
  const { dir, run } = project();
  try {
    const absent = await run(['review']);
    assert.is(absent.exitCode, 2, absent.stdout + absent.stderr);
    assert.match(absent.stdout, 'ABSENT');
    assert.match(absent.stdout, /run tplsync apply --env \S+ to create it/);
    const cfg = path.join(dir, 'tplsync.config.yaml');
    // a port nothing listens on, for as long as the test runs
    const url = await refusedUrl();
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace(emu.url, `${url}\n    retries: 0`));
    const down = await cliIn(['review'], { cwd: dir, env: { LC_KEY: KEY } });
    assert.is(down.exitCode, 7, down.stdout + down.stderr);
  } finally { cleanup(dir); }
});

test('apply --wait: a template the review approves under another category than the file\'s is not a success (exit 5, named, approvedAs in the results)', async () => {
  // reviews that never end by themselves: this test ends the review through the control endpoint
  const requests: string[] = [];
  const slow = await startEmulator({ keys: [KEY], reviewDelayMs: 24 * HOUR, log: (l) => { requests.push(l); } });
  const dir = tempDir('tplsync-recat-wait-');
  try {
    const name = `back_in_stock_${Math.random().toString(36).slice(2, 8)}`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${slow.url}\n    apiKeyEnv: LC_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/stock.en_US.yaml': `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, the item you asked about is back in stock."\n  examples: { 1: Ana }\n`,
    });
    const applying = cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '600', '--results', 'results.json'], { cwd: dir, env: { LC_KEY: KEY } });
    // once it is written (PENDING), the review approves it as MARKETING
    let id: string | undefined;
    while (!(id = [...slow.state.templates.values()].find((t) => JSON.stringify(t.body).includes(name))?.templateId)) await new Promise((r) => setTimeout(r, 10));
    const res = await fetch(`${slow.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${slow.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText: 'APPROVED', category: 'MARKETING' }) });
    assert.is(res.status, 200, await res.text());
    const r = await applying;
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, `✗ created shop-whatsapp/${name}/en_US → APPROVED as MARKETING`);
    assert.match(r.stderr, /1 template APPROVED under another category than the file's/);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { approvedAs?: string }[] };
    assert.is(results.results[0]!.approvedAs, 'MARKETING');
    // the same when apply only follows a review it did not write (a second template, written, then followed)
    writeFiles(dir, { 'templates/stock2.en_US.yaml': readFileSync(path.join(dir, 'templates/stock.en_US.yaml'), 'utf8').replace(name, `${name}_b`) });
    const written = await cliIn(['apply', '--auto-approve', 'templates/stock2.en_US.yaml'], { cwd: dir, env: { LC_KEY: KEY } });
    assert.is(written.exitCode, 0, written.stdout + written.stderr);
    const id2 = [...slow.state.templates.values()].find((t) => JSON.stringify(t.body).includes(`${name}_b`))!.templateId;
    const from = requests.length;
    const following = cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '600', '--results', 'followed.json', 'templates/stock2.en_US.yaml'], { cwd: dir, env: { LC_KEY: KEY } });
    // the review ends once apply follows it: its plan read the template (PENDING), and a first poll read it again
    const reads = () => requests.slice(from).filter((l) => l.startsWith('GET ') && l.includes(id2)).length;
    while (reads() < 2) await new Promise((r) => setTimeout(r, 10));
    const res2 = await fetch(`${slow.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${slow.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id2, statusText: 'APPROVED', category: 'MARKETING' }) });
    assert.is(res2.status, 200, await res2.text());
    const f = await following;
    assert.is(f.exitCode, 5, f.stdout + f.stderr);
    assert.match(f.stdout, `✗ in review shop-whatsapp/${name}_b/en_US → APPROVED as MARKETING`, f.stdout + f.stderr);
    const followed = JSON.parse(readFileSync(path.join(dir, 'followed.json'), 'utf8')) as { followed: { approvedAs?: string }[] };
    assert.is(followed.followed[0]!.approvedAs, 'MARKETING');
    assert.ok(validResults(followed), JSON.stringify(validResults.errors));
  } finally { cleanup(dir); await slow.close(); }
});

test('PAUSED: review, plan and send say the pause ends by itself (no edit needed; an edit sends it to review), and it does (trial av F4)', async () => {
  await withReviewed({ quality: 'RED', pause: true }, async ({ run }) => {
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    const until = String(rj.templates[0]!.pausedUntil);
    const review = await run(['review']);
    const plan = await run(['plan']);
    for (const out of [review.stdout, plan.stdout, String(rj.templates[0]!.todo)]) {
      assert.match(out, `paused until ${until} after low quality ratings: sends fail until then; it resumes by itself then (no edit needed: an edit, apply, sends it to review again, unsendable until approved)`);
      assert.not.match(out, /edit it to resume/);
    }
    const send = await run(['send', '--to', '+4915100000042', '--template', String(rj.templates[0]!.name), '--param', '1=Ana']);
    assert.is(send.exitCode, 3, send.stderr);
    assert.match(send.stderr, `not approved until ${until}, when it resumes by itself: send it again then`);
    // as said: no edit, the pause over, APPROVED again
    emu.advanceClock(3 * HOUR + 1000);
    assert.is((await run(['review'])).exitCode, 0);
  });
});

test('plan --format json of a re-categorised template says its environment and target as the saved plan does, counts what text plan says needs attention, and does not call the category it compared unobservable (trial-az F2, F5)', () => withReviewed({ category: 'MARKETING' }, async ({ dir, run }) => {
  // (apply would skip the update, which would change the category: exit 5, trial-bg F2)
  const text = await run(['plan']);
  assert.is(text.exitCode, 5, text.stdout + text.stderr);
  const r = await run(['plan', '--format', 'json', '--out', 'saved.json']);
  assert.is(r.exitCode, 5, r.stderr);
  const json = JSON.parse(r.stdout) as { environment?: string; target?: string; notObservable: string[]; summary: { needsAttention?: number }; changes: { changes?: { path: string }[] }[] };
  assert.ok(validPlan(json), ajv.errorsText(validPlan.errors));
  const saved = JSON.parse(readFileSync(path.join(dir, 'saved.json'), 'utf8')) as { environment: string; target: string };
  assert.equal([json.environment, json.target], ['remote', saved.target]);
  assert.match(saved.target, /^http:\/\/127\.0\.0\.1:\d+/);
  // the category change the read reports is compared, so not among what the API does not return; the text line says the same list
  assert.ok(json.changes.some((c) => c.changes?.some((f) => f.path === 'category')), r.stdout);
  assert.not.ok(json.notObservable.includes('category'), r.stdout);
  const said = /Not compared, because the API does not return them: (.*)\./.exec(text.stdout)?.[1]!.split(', ') ?? [];
  assert.equal(json.notObservable, said, text.stdout);
  // "1 needs attention (marked ! above)" in the text, summary.needsAttention in the JSON
  const marked = /(\d+) needs? attention \(marked ! above\)/.exec(text.stdout);
  assert.ok(marked, text.stdout);
  assert.is(json.summary.needsAttention, Number(marked![1]));
}));

test('trial-bd F4, trial-bf F7: a RED rating leaves an APPROVED template APPROVED and sendable (Meta: it "can be sent"); review and plan count it approved (exit 0) and warn of a coming pause, naming it', async () => {
  await withReviewed({ quality: 'RED' }, async ({ run, id }) => {
    const read = emu.state.readTemplate(CHANNEL_A, id)!;
    assert.equal([read.statusText, read.qualityScore, read.pauseCount], ['APPROVED', 'RED', undefined]);
    const warning = 'quality RED, 0 pauses so far: approved and sendable, but Meta says it "is in danger of being paused or disabled soon"; a first pause lasts 3 hours, a second 6 hours, and a third disables it (sends fail while paused)';
    const review = await run(['review']);
    assert.is(review.exitCode, 0, review.stdout + review.stderr);
    const key = String(/shop-whatsapp\/order_ready_\w+\/en_US/.exec(review.stdout)?.[0]);
    assert.match(review.stdout, `    ! ${warning}`);
    assert.match(review.stdout, 'The template in remote is approved. It is rated RED, at risk of a pause (marked ! above).');
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    assert.ok(validReview(rj), ajv.errorsText(validReview.errors));
    assert.equal([rj.templates[0]!.state, rj.templates[0]!.quality, rj.summary.approved, rj.summary.qualityRed, rj.summary.needsAttention], ['APPROVED', 'RED', 1, 1, 0]);
    assert.match(String(rj.templates[0]!.warning), warning);
    assert.is(rj.templates[0]!.todo, undefined);
    // plan: in sync (no change, exit 0 with --detailed-exitcode), and the template named with the warning after the verdict
    const plan = await run(['plan', '--detailed-exitcode']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stdout, 'No changes. 1 template in remote matches its file.');
    assert.match(plan.stdout, `! ${key}: ${warning}`);
    const pj = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { needsAttention?: unknown; qualityWarning?: { quality: string; warning: string } }[]; summary: Record<string, number> };
    assert.ok(validPlan(pj), ajv.errorsText(validPlan.errors));
    assert.equal([pj.changes[0]!.needsAttention, pj.changes[0]!.qualityWarning?.quality, pj.summary.qualityRed, pj.summary.needsAttention], [undefined, 'RED', 1, undefined]);
    const md = await run(['plan', '--format', 'markdown']);
    assert.match(md.stdout, '✅ No changes: the channels match the files.');
    assert.match(md.stdout, `⚠️ \`${key}\`: quality RED, 0 pauses so far`);
    // sendable: the send gate lets it through
    const send = await run(['send', '--to', '+4915100000042', '--template', key.split('/')[1]!, '--param', '1=Ana']);
    assert.is(send.exitCode, 0, send.stdout + send.stderr);
    // and the send says the rating as review and plan do (on stderr: the clientMessageId alone on stdout, as ever)
    assert.match(send.stderr, `tplsync: warning: ${key}: ${warning}`);
    assert.not.match(send.stdout, 'quality');
    const dry = await run(['send', '--dry-run', '--to', '+4915100000042', '--template', key.split('/')[1]!, '--param', '1=Ana']);
    assert.is(dry.exitCode, 0, dry.stdout + dry.stderr);
    assert.match(dry.stderr, `tplsync: warning: ${key}: quality RED`);
  });
});

test('POST /_emulator/review pause: true, or left out; not with statusText; only a template WhatsApp sends is paused', async () => {
  await withReviewed({ statusText: 'REJECTED', reason: 'INVALID_FORMAT' }, async ({ id }) => {
    for (const [body, message] of [
      [{ pause: false }, 'pause must be true'],
      [{ pause: true, statusText: 'PAUSED' }, 'Give statusText or pause, not both'],
      [{ pause: true }, 'A REJECTED template is not paused'],
    ] as const) {
      const r = await control('review', { channel: CHANNEL_A, template: id, ...body });
      assert.equal([r.status, (r.body.errors as { name: string }[] | undefined)?.[0]?.name], [400, 'pause'], JSON.stringify(r.body));
      assert.match(String(r.body.message), message);
    }
    assert.is(emu.state.readTemplate(CHANNEL_A, id)!.statusText, 'REJECTED', 'nothing changed');
  });
});

// trial-bo F3: a YELLOW rating was shown in the column and never explained; Meta (template quality rating): YELLOW "has received
// negative feedback from multiple WhatsApp users, or low read-rates, and may soon become paused or disabled. Message templates with
// this status can still be sent."
test('trial-bo F3: a YELLOW rating gets a note (lighter than RED\'s warning) in review, plan (text, json, markdown) and send; every exit code stays as for an approved template', async () => {
  await withReviewed({ quality: 'YELLOW' }, async ({ run }) => {
    const note = 'quality YELLOW (medium): approved and sendable, but Meta says it "has received negative feedback from multiple WhatsApp users, or low read-rates, and may soon become paused or disabled"';
    const review = await run(['review']);
    assert.is(review.exitCode, 0, review.stdout + review.stderr);
    const key = String(/shop-whatsapp\/order_ready_\w+\/en_US/.exec(review.stdout)?.[0]);
    assert.match(review.stdout, `    i ${note}`);
    assert.not.match(review.stdout, /^\s+! /m);
    assert.match(review.stdout, 'The template in remote is approved. It is rated YELLOW, medium quality (noted i above).');
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    assert.ok(validReview(rj), ajv.errorsText(validReview.errors));
    assert.equal([rj.templates[0]!.quality, rj.templates[0]!.warning, rj.templates[0]!.todo, rj.summary.approved, rj.summary.qualityRed, rj.summary.qualityYellow, rj.summary.needsAttention], ['YELLOW', undefined, undefined, 1, undefined, 1, 0]);
    assert.match(String(rj.templates[0]!.note), note);
    const plan = await run(['plan', '--detailed-exitcode']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stdout, 'No changes. 1 template in remote matches its file.');
    assert.match(plan.stdout, `i ${key}: ${note}`);
    assert.not.match(plan.stdout, /^! /m);
    const pj = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { qualityWarning?: unknown; qualityNote?: { quality: string; warning: string } }[]; summary: Record<string, number> };
    assert.ok(validPlan(pj), ajv.errorsText(validPlan.errors));
    assert.equal([pj.changes[0]!.qualityWarning, pj.changes[0]!.qualityNote?.quality, pj.summary.qualityRed, pj.summary.qualityYellow, pj.summary.needsAttention], [undefined, 'YELLOW', undefined, 1, undefined]);
    const md = await run(['plan', '--format', 'markdown']);
    assert.match(md.stdout, '✅ No changes: the channels match the files.');
    assert.match(md.stdout, `ℹ️ \`${key}\`: quality YELLOW (medium)`);
    assert.not.match(md.stdout, '⚠️');
    const send = await run(['send', '--to', '+4915100000042', '--template', key.split('/')[1]!, '--param', '1=Ana']);
    assert.is(send.exitCode, 0, send.stdout + send.stderr);
    assert.match(send.stderr, `tplsync: note: ${key}: ${note}`);
    assert.not.match(send.stderr, 'warning');
  });
});

// trial-bo F1: Meta's status webhook: FLAGGED "has received negative feedback and is at risk of being disabled" (REINSTATED: no
// longer flagged); review and plan said "it will be paused unless its quality recovers"
test('trial-bo F1: a FLAGGED template is said, in review and plan, as at risk of being disabled (Meta\'s words), not as "will be paused"', () => withReviewed({ statusText: 'FLAGGED' }, async ({ run }) => {
  const review = await run(['review']);
  assert.is(review.exitCode, 2, review.stdout + review.stderr);
  const plan = await run(['plan']);
  for (const out of [review.stdout, plan.stdout]) {
    assert.match(out.replace(/\s+/g, ' '), 'flagged: Meta says it "has received negative feedback and is at risk of being disabled"');
    assert.match(out, 'until Meta reinstates it (REINSTATED)');
    assert.not.match(out, /will be paused|quality recovers/);
  }
}));

// trial-bq F1: review named the rule of INVALID_FORMAT only; docs/commands/review.md promises "the lint rule that covers the
// reason where one does", and utility-promotional (a UTILITY template's promotional wording) and translation-missing (whose
// doc names TAG_CONTENT_MISMATCH) do
for (const [reason, rule] of [['PROMOTIONAL', 'utility-promotional'], ['INCORRECT_CATEGORY', 'utility-promotional'], ['TAG_CONTENT_MISMATCH', 'translation-missing']] as const) {
  test(`trial-bq F1: a UTILITY template REJECTED for ${reason}: review and plan name lint rule ${rule}`, () => withReviewed({ statusText: 'REJECTED', reason }, async ({ run }) => {
    const review = await run(['review']);
    assert.is(review.exitCode, 2, review.stdout + review.stderr);
    assert.match(review.stdout, `    reason: ${reason}`);
    assert.match(review.stdout, `see docs/recovery.md#rejected (lint rule ${rule} checks this: run tplsync lint)`);
    const rj = JSON.parse((await run(['review', '--format', 'json'])).stdout) as ReviewJson;
    assert.ok(validReview(rj), ajv.errorsText(validReview.errors));
    assert.is(rj.templates[0]!.rule, rule);
    assert.match((await run(['plan'])).stdout, `(lint rule ${rule} checks this: run tplsync lint)`);
  }));
}

test.run();
