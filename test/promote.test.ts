// Promotion: the review in the source environment is the gate. From an emulator "staging" to an
// emulator "production": approved, pending, rejected, absent and edited templates; a saved
// promotion applied, and refused (exit 4) after the source moved.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cli, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';
import { git } from './drift-repo.ts';

const KEY_S = `s${Math.random().toString(36).slice(2)}Pq1`;
const KEY_P = `p${Math.random().toString(36).slice(2)}Rw2`;
let staging: RunningEmulator;
let production: RunningEmulator;
test.before(async () => {
  staging = await startEmulator({ keys: [KEY_S], reviewDelayMs: 0 });
  production = await startEmulator({ keys: [KEY_P], reviewDelayMs: 0 });
});
test.after(async () => { await staging.close(); await production.close(); });

const ajv = new Ajv.default({ allErrors: true, strict: true });
const schema = (f: string) => ajv.compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', f), 'utf8')));
const validPlan = schema('plan.v1.schema.json');
const validSaved = schema('saved-plan.v1.schema.json');

const T = (name: string, text: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

function project(): { dir: string; tag: string; run: (args: string[]) => ReturnType<typeof cli> } {
  const dir = tempDir('tplsync-promote-');
  const tag = Math.random().toString(36).slice(2, 7);
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    baseUrl: ${staging.url}\n    apiKeyEnv: KEY_S\n    channels: { wa: ${CHANNEL_A} }\n  production:\n    baseUrl: ${production.url}\n    apiKeyEnv: KEY_P\n    channels: { wa: ${CHANNEL_A} }\n`,
    'templates/approved.yaml': T(`approved_${tag}`, 'Hello {{1}}, your order is ready for pickup at the store.'),
    'templates/pending.yaml': T(`pending_${tag}`, 'Hello {{1}}, your parcel has left our warehouse today.'),
    'templates/rejected.yaml': T(`rejected_${tag}`, 'Hello {{1}}, your invoice for this month is now available.'),
    'templates/edited.yaml': T(`edited_${tag}`, 'Hello {{1}}, your table for tonight is confirmed.'),
  });
  return { dir, tag, run: (args) => cliIn(args, { cwd: dir, env: { KEY_S, KEY_P } }) };
}

async function move(emu: RunningEmulator, template: string, body: Record<string, string | boolean>): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template, ...body }) });
  await res.arrayBuffer();
  assert.is(res.status, 200);
}

interface PlanJson { changes: { name: string; action: string; publicId: string }[]; held?: { name: string; reasons: string[]; kind?: string }[] }

test('promote plans production for what staging approved as the files have it; the rest are held with the reason', async () => {
  const { dir, tag, run } = project();
  try {
    // staging: three applied (then one moved to PENDING, one REJECTED), one edited since; "absent" never applied
    writeFiles(dir, { 'templates/absent.yaml': T(`absent_${tag}`, 'Hello {{1}}, we miss you at the shop this season.') });
    const applied = await run(['apply', '--auto-approve', 'templates/approved.yaml', 'templates/pending.yaml', 'templates/rejected.yaml', 'templates/edited.yaml']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const ids = new Map((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes.map((c) => [c.name, c.publicId]));
    await move(staging, ids.get(`pending_${tag}`)!, { statusText: 'PENDING' });
    await move(staging, ids.get(`rejected_${tag}`)!, { statusText: 'REJECTED', reason: 'PROMOTIONAL' });
    const f = path.join(dir, 'templates', 'edited.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('is confirmed', 'is confirmed for 8 pm'));

    const text = await run(['promote', '--from', 'staging', '--to', 'production', '--detailed-exitcode']);
    assert.is(text.exitCode, 2, text.stdout + text.stderr);
    assert.match(text.stdout, 'Promotion from staging to production: 1 template approved in staging as the files have it, 4 held.');
    assert.match(text.stdout, new RegExp(`\\+ create\\s+wa/approved_${tag}/en_US`));
    assert.match(text.stdout, 'PENDING in staging: promoted once the review there approves it');
    assert.match(text.stdout, 'REJECTED in staging (PROMOTIONAL)');
    assert.match(text.stdout, 'not in staging: apply it there first');
    assert.match(text.stdout, 'the content differs from what staging approved (body.text)');
    // the pull-request comment: titled as a promotion (the plan's comment on the same pull request is "tplsync plan: production"), with the text's first line
    const md = await run(['promote', '--from', 'staging', '--to', 'production', '--format', 'markdown']);
    assert.is(md.exitCode, 0, md.stderr);
    assert.match(md.stdout, /^<!-- tplsync-promote:staging:production -->\n## tplsync promote: staging → production\n\nPromotion from staging to production: 1 template approved in staging as the files have it, 4 held\.\n/);
    assert.not.match(md.stdout, /tplsync plan:/);
    const json = await run(['promote', '--from', 'staging', '--to', 'production', '--format', 'json']);
    const pj = JSON.parse(json.stdout) as PlanJson;
    assert.ok(validPlan(pj), ajv.errorsText(validPlan.errors));
    assert.equal(pj.changes.map((c) => `${c.action} ${c.name}`), [`create approved_${tag}`]);
    assert.equal(pj.held!.map((h) => `${h.kind} ${h.name}`).sort(), [`source absent_${tag}`, `source edited_${tag}`, `source pending_${tag}`, `source rejected_${tag}`]);
    assert.is(production.state.templates.size, 0, 'nothing written to production by a promotion plan');

    // saved and applied: production gets only the approved template
    const saved = await run(['promote', '--from', 'staging', '--to', 'production', '--out', 'promotion.json']);
    assert.is(saved.exitCode, 0, saved.stderr);
    const doc = JSON.parse(readFileSync(path.join(dir, 'promotion.json'), 'utf8')) as { source: { environment: string; templates: unknown[] } };
    assert.ok(validSaved(doc), ajv.errorsText(validSaved.errors));
    assert.is(doc.source.environment, 'staging');
    assert.is(doc.source.templates.length, 1);
    const apply = await run(['apply', 'promotion.json', '--auto-approve']);
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.equal([...production.state.templates.values()].map((t) => t.body.name), [`approved_${tag}`]);
    // promoted again: nothing to do
    assert.is((await run(['promote', '--from', 'staging', '--to', 'production', '--detailed-exitcode', 'templates/approved.yaml'])).exitCode, 0);
    // re-categorised in staging (approved as MARKETING, the file says UTILITY): held, as plan and review flag it
    await move(staging, ids.get(`approved_${tag}`)!, { category: 'MARKETING' });
    const recat = await run(['promote', '--from', 'staging', '--to', 'production', '--detailed-exitcode', 'templates/approved.yaml']);
    assert.match(recat.stdout, 'approved in staging as MARKETING, and the file says UTILITY (the platform re-categorised staging\'s copy)');
    assert.match(recat.stdout, '0 templates approved in staging as the files have them, 1 held');
  } finally { cleanup(dir); }
});

test('a saved promotion is refused (exit 4, nothing written) when the source moved since', async () => {
  const { dir, tag, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve', 'templates/approved.yaml'])).exitCode, 0);
    const saved = await run(['promote', '--from', 'staging', '--to', 'production', '--out', 'promotion.json', 'templates/approved.yaml']);
    assert.is(saved.exitCode, 0, saved.stderr);
    const id = (JSON.parse(readFileSync(path.join(dir, 'promotion.json'), 'utf8')) as { source: { templates: { publicId: string }[] } }).source.templates[0]!.publicId;
    await move(staging, id, { quality: 'RED', pause: true }); // paused in staging after the promotion was made
    const before = production.state.templates.size;
    const apply = await run(['apply', 'promotion.json', '--auto-approve']);
    assert.is(apply.exitCode, 4, apply.stdout + apply.stderr);
    assert.match(apply.stderr, `wa/approved_${tag}/en_US: the template in staging, the promotion's source, changed (now PAUSED): promote it again`);
    assert.match(apply.stderr, "Make a new promotion (tplsync promote --from staging --to production --out FILE)");
    assert.not.match(apply.stderr, "tplsync plan --out");
    assert.is(production.state.templates.size, before, 'nothing written');
    // a promotion edited by hand (its source list) is refused by the digest
    const doc = JSON.parse(readFileSync(path.join(dir, 'promotion.json'), 'utf8')) as { source: { templates: unknown[] } };
    doc.source.templates = [];
    writeFileSync(path.join(dir, 'promotion.json'), JSON.stringify(doc));
    const edited = await run(['apply', 'promotion.json', '--auto-approve']);
    assert.is(edited.exitCode, 4, edited.stdout + edited.stderr);
    assert.match(edited.stderr, 'do not match its digest');
  } finally { cleanup(dir); }
});

test('promote: usage errors name the flag (exit 3)', async () => {
  const { dir, run } = project();
  try {
    for (const [args, re] of [
      [['promote', '--from', 'staging', '--to', 'staging'], /both 'staging'/],
      [['promote', '--from', 'stagin', '--to', 'production'], /--from stagin: no such environment/],
      [['promote', '--to', 'production'], /--from/],
    ] as const) {
      const r = await run([...args]);
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, re);
    }
  } finally { cleanup(dir); }
});

test('promote and new where there is no config: said as every command says it (where tplsync looked), exit 3, nothing written', async () => {
  const dir = tempDir('tplsync-no-config-');
  try {
    const p = await cliIn(['promote', '--from', 'local', '--to', 'production'], { cwd: dir });
    assert.is(p.exitCode, 3, p.stderr);
    assert.match(p.stderr, /No config found: looked for tplsync\.config\.\{yaml,/);
    assert.not.match(p.stderr, /no such environment/);
    const n = await cliIn(['new', '--channel', 'wa', '--name', 'hi'], { cwd: dir });
    assert.is(n.exitCode, 3, n.stderr);
    assert.match(n.stderr, /No config found: looked for tplsync\.config\.\{yaml,.*tplsync init/s);
    assert.equal(readdirSync(dir), [], 'no template, no .tplsync/');
  } finally { cleanup(dir); }
});

test('two environments kept in one embedded emulator file: promote runs one emulator for both, not a lock it waits on for ever', async () => {
  const dir = tempDir('tplsync-promote-one-file-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    emulator: .tplsync/shared.json\n    channels: { wa: ${CHANNEL_A} }\n  production:\n    emulator: .tplsync/shared.json\n    channels: { wa: ${CHANNEL_B} }\n`,
      'templates/approved.yaml': T('approved_here', 'Hello {{1}}, your order is ready for pickup at the store.'),
    });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const r = await cliIn(['promote', '--from', 'staging', '--to', 'production', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /Another tplsync/);
    const plan = JSON.parse(r.stdout) as PlanJson;
    assert.equal(plan.changes.map((c) => [c.name, c.action]), [['approved_here', 'create']]);
    // and the emulator was stopped and its lock released: the next run takes it
    const again = await cliIn(['plan', '--env', 'production'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
  } finally { cleanup(dir); }
});

test('trial-ag F5: a console edit in the target is drift in the promotion as in `plan --env TARGET` (text, summary and JSON)', async () => {
  const { dir, tag, run } = project();
  try {
    for (const f of ['pending', 'rejected', 'edited']) rmSync(path.join(dir, 'templates', `${f}.yaml`));
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'templates');
    const f = path.join(dir, 'templates', 'approved.yaml');
    const committed = readFileSync(f, 'utf8');
    for (const env of ['staging', 'production']) {
      const applied = await run(['apply', '--auto-approve', '--env', env]);
      assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    }
    // production's copy edited outside the files (a text no commit has), the file as committed
    writeFileSync(f, committed.replace('for pickup at the store', 'for pickup at the front desk'));
    const edited = await run(['apply', '--auto-approve', '--env', 'production']);
    assert.is(edited.exitCode, 0, edited.stdout + edited.stderr);
    writeFileSync(f, committed);

    const plan = await run(['plan', '--env', 'production']);
    const promote = await run(['promote', '--from', 'staging', '--to', 'production']);
    assert.is(promote.exitCode, 0, promote.stdout + promote.stderr);
    const marked = new RegExp(`~ update wa/approved_${tag}/en_US \\(drift: edited outside tplsync`);
    assert.match(plan.stdout, marked, plan.stdout);
    assert.match(promote.stdout, marked, promote.stdout);
    // the same `!` attention line and the same count in the summary
    const attention = (out: string) => out.split('\n').filter((l) => /^\s+! drift:/.test(l));
    assert.ok(attention(plan.stdout).length > 0, plan.stdout);
    assert.equal(attention(promote.stdout), attention(plan.stdout));
    const summary = (out: string) => /^Plan for production: .*$/m.exec(out)?.[0];
    assert.match(summary(promote.stdout)!, '1 of them drift');
    assert.is(summary(promote.stdout), summary(plan.stdout));
    const json = JSON.parse((await run(['promote', '--from', 'staging', '--to', 'production', '--format', 'json'])).stdout) as { changes: { name: string; drift?: unknown }[] };
    const planJson = JSON.parse((await run(['plan', '--env', 'production', '--format', 'json'])).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.ok(json.changes.find((c) => c.name === `approved_${tag}`)?.drift, JSON.stringify(json.changes));
    assert.equal(json.changes.find((c) => c.name === `approved_${tag}`)?.drift, planJson.changes.find((c) => c.name === `approved_${tag}`)?.drift);
  } finally { cleanup(dir); }
});

test('trial-ag F3: a template whose alias only the source defines is not counted as promoted, and is named; --from typo gets a did you mean', async () => {
  const { dir, tag, run } = project();
  try {
    for (const f of ['pending', 'rejected', 'edited']) rmSync(path.join(dir, 'templates', `${f}.yaml`));
    const config = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(`channels: { wa: ${CHANNEL_A} }`, `channels: { wa: ${CHANNEL_A}, beta: ${CHANNEL_B} }`) + 'channels:\n  beta: { kind: whatsapp }\n');
    writeFiles(dir, { 'templates/beta.yaml': T(`beta_${tag}`, 'Hello {{1}}, try the new feature in our app today.').replace('channel: wa', 'channel: beta') });
    const applied = await run(['apply', '--auto-approve']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const promote = await run(['promote', '--from', 'staging', '--to', 'production']);
    assert.is(promote.exitCode, 0, promote.stdout + promote.stderr);
    assert.match(promote.stdout, `Promotion from staging to production: 1 template approved in staging as the files have it; 1 template of staging is not production's (beta/beta_${tag}/en_US: its channel alias is not one of production's channels).`);
    assert.match(promote.stdout, 'Plan for production: 1 to create');
    const typo = await run(['promote', '--from', 'stagin', '--to', 'production']);
    assert.is(typo.exitCode, 3, typo.stdout + typo.stderr);
    assert.match(typo.stderr, "--from stagin: no such environment in the config; did you mean 'staging'? (staging, production)");
  } finally { cleanup(dir); }
});

test('trial-am F4: a copy re-categorised in the source and accepted there (environments.<from>.categories) is in sync, as staging\'s plan says: promoted with the file\'s category; unaccepted, the advice is recovery.md\'s', async () => {
  const { dir, tag, run } = project();
  try {
    for (const f of ['pending', 'rejected', 'edited']) rmSync(path.join(dir, 'templates', `${f}.yaml`));
    const applied = await run(['apply', '--auto-approve']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const id = (JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes.find((c) => c.name === `approved_${tag}`)!.publicId;
    await move(staging, id, { category: 'MARKETING' });
    // not accepted: held, and the advice is the config key for staging alone (the file serves production too), never the file's category alone
    const held = await run(['promote', '--from', 'staging', '--to', 'production']);
    assert.is(held.exitCode, 0, held.stdout + held.stderr);
    assert.match(held.stdout, '0 templates approved in staging as the files have them, 1 held');
    assert.match(held.stdout, `set environments.staging.categories: { "wa/approved_${tag}": MARKETING } in the config`);
    assert.match(held.stdout, 'docs/recovery.md#recategorised');
    assert.not.match(held.stdout, /set category: MARKETING in the file \(see/);
    // accepted for staging, as review advised and recovery.md says: staging's plan is in sync, and promote agrees
    const config = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(`apiKeyEnv: KEY_S\n    channels: { wa: ${CHANNEL_A} }\n`, `apiKeyEnv: KEY_S\n    channels: { wa: ${CHANNEL_A} }\n    categories: { "wa/approved_${tag}": MARKETING }\n`));
    const plan = await run(['plan', '--detailed-exitcode']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const promote = await run(['promote', '--from', 'staging', '--to', 'production', '--format', 'json']);
    assert.is(promote.exitCode, 0, promote.stdout + promote.stderr);
    const pj = JSON.parse(promote.stdout) as PlanJson;
    assert.equal(pj.changes.map((c) => `${c.action} ${c.name}`), [`create approved_${tag}`]);
    assert.equal(pj.held ?? [], []);
    // applied: production's copy has the file's UTILITY (production goes on comparing with the file)
    assert.is((await run(['promote', '--from', 'staging', '--to', 'production', '--out', 'p.json'])).exitCode, 0);
    const apply = await run(['apply', 'p.json', '--auto-approve']);
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.equal([...production.state.templates.values()].filter((t) => t.body.name === `approved_${tag}`).map((t) => t.body.chatapp?.chatapp.category), ['UTILITY']);
    // production's copy re-categorised too, and accepted there: promote's plan of production is in sync, as `plan --env production` is
    const pid = (JSON.parse((await run(['plan', '--env', 'production', '--format', 'json'])).stdout) as PlanJson).changes.find((c) => c.name === `approved_${tag}`)?.publicId ?? id;
    const res = await fetch(`${production.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${production.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: pid, category: 'MARKETING' }) });
    await res.arrayBuffer();
    writeFileSync(config, readFileSync(config, 'utf8').replace(`apiKeyEnv: KEY_P\n    channels: { wa: ${CHANNEL_A} }\n`, `apiKeyEnv: KEY_P\n    channels: { wa: ${CHANNEL_A} }\n    categories: { "wa/approved_${tag}": MARKETING }\n`));
    assert.is((await run(['plan', '--env', 'production', '--detailed-exitcode'])).exitCode, 0);
    const again = await run(['promote', '--from', 'staging', '--to', 'production', '--detailed-exitcode']);
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
  } finally { cleanup(dir); }
});

test('promote --format json says the environment it plans and the source it promotes from, with their targets, as the saved promotion does (trial-az F2)', async () => {
  const { dir, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve', 'templates/approved.yaml'])).exitCode, 0);
    const r = await run(['promote', '--from', 'staging', '--to', 'production', '--format', 'json', '--out', 'promotion.json', 'templates/approved.yaml']);
    assert.is(r.exitCode, 0, r.stderr);
    const json = JSON.parse(r.stdout) as { environment?: string; target?: string; source?: { environment: string; target: string }; summary: { create: number } };
    assert.ok(validPlan(json), ajv.errorsText(validPlan.errors));
    const saved = JSON.parse(readFileSync(path.join(dir, 'promotion.json'), 'utf8')) as { environment: string; target: string; source: { environment: string; target: string } };
    assert.equal([json.environment, json.target], ['production', saved.target]);
    assert.equal(json.source, { environment: 'staging', target: saved.source.target });
    assert.is(saved.target.replace(/\/$/, ''), production.url.replace(/\/$/, ''));
    assert.is(saved.source.target.replace(/\/$/, ''), staging.url.replace(/\/$/, ''));
    assert.is(json.summary.create, 1);
    // a plan has no source
    const plan = JSON.parse((await run(['plan', '--env', 'production', '--format', 'json'])).stdout) as { environment?: string; source?: unknown };
    assert.equal([plan.environment, plan.source], ['production', undefined]);
  } finally { cleanup(dir); }
});

test.run();
