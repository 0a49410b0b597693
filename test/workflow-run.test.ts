// The example workflows' own commands, run as GitHub runs them (test/actions-runner.ts) with
// TPLSYNC_ENV=staging against a standalone emulator on 127.0.0.1: each job takes the key of the
// environment it runs against (the secret TPLSYNC_STAGING_API_KEY, or the one the variable
// TPLSYNC_API_KEY_ENV names), never the production one.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { evaluate, runWorkflow, writeShims, type RunOptions, type StepResult } from './actions-runner.ts';
import { workflowFiles } from '../src/init/workflows.ts';
import { BIN, CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `staging-${randomUUID()}`;
const WORKFLOWS = path.join(ROOT, '.github', 'workflows');
/** the sample templates the repository the workflows run in holds */
const SAMPLES = readdirSync(path.join(ROOT, 'templates'), { recursive: true }).filter((f) => /\.ya?ml$/.test(String(f))).length;
let emu: RunningEmulator;
let github: Server;
const comments: { id: number; body: string }[] = [];

test.before(async () => {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, statusDelayMs: 0 });
  // GitHub's issue-comment operations, for `tplsync comment`
  github = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    const json = (status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (req.headers.authorization !== 'Bearer gh-token') return json(401, { message: 'Bad credentials' });
    const url = new URL(req.url!, 'http://gh');
    if (url.pathname === '/repos/acme/shop/issues/7/comments' && req.method === 'GET') return json(200, Number(url.searchParams.get('page') ?? 1) === 1 ? comments : []);
    if (url.pathname === '/repos/acme/shop/issues/7/comments' && req.method === 'POST') {
      const c = { id: comments.length + 1, body: JSON.parse(raw).body as string, html_url: 'https://github.example/c' };
      comments.push(c);
      return json(201, c);
    }
    const m = /^\/repos\/acme\/shop\/issues\/comments\/(\d+)$/.exec(url.pathname);
    const c = m && req.method === 'PATCH' ? comments.find((x) => x.id === Number(m[1])) : undefined;
    if (c) { c.body = JSON.parse(raw).body as string; return json(200, { ...c, html_url: 'https://github.example/c' }); }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
});
test.after(async () => { await emu.close(); await new Promise((r) => github.close(r)); });

const channels = `    channels:\n      shop-whatsapp: ${CHANNEL_A}\n      shop-rcs: ${CHANNEL_B}\n`;
const config = (url: string, stagingKeyEnv: string) => `templates: ["templates/**/*.{yaml,yml}"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
${channels}  staging:
    baseUrl: ${url}
    apiKeyEnv: ${stagingKeyEnv}
${channels}  production:
    baseUrl: http://127.0.0.1:9
    apiKeyEnv: TPLSYNC_PRODUCTION_API_KEY
${channels}`;

const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });

/** a team's repository: the sample templates, a staging environment on the emulator, committed, origin/main at HEAD */
async function repository(stagingKeyEnv = 'TPLSYNC_STAGING_API_KEY', folder = ''): Promise<{ dir: string; head: string; log: string; options: (o?: Partial<RunOptions>) => RunOptions }> {
  const dir = tempDir();
  // (the project in a folder of the repository, a monorepo's team, when `folder` names one)
  const project = path.join(dir, folder);
  cpSync(path.join(ROOT, 'templates'), path.join(project, 'templates'), { recursive: true });
  writeFiles(project, { 'tplsync.config.yaml': config(emu.url, stagingKeyEnv), '.gitignore': '.tplsync/\n' });
  writeFiles(dir, { 'event.json': JSON.stringify({ pull_request: { number: 7 } }) });
  const types = await cliIn(['types'], { cwd: project });
  assert.is(types.exitCode, 0, types.stderr);
  await git(dir, ['init', '-q', '-b', 'main']);
  await git(dir, ['add', '.']);
  await git(dir, ['commit', '-qm', 'templates']);
  await git(dir, ['update-ref', 'refs/remotes/origin/main', 'HEAD']);
  const head = (await git(dir, ['rev-parse', 'HEAD'])).stdout.trim();
  const shims = path.join(dir, '.shims');
  mkdirSync(shims);
  const log = path.join(dir, '.shims', 'calls.log');
  writeShims(shims, BIN, log);
  const options = (o: Partial<RunOptions> = {}): RunOptions => ({
    workspace: dir,
    // `uses: ./` is this repository's own action.yml (the workflows are tplsync's own)
    localActions: ROOT,
    actionOutputs: { 'actions/upload-artifact': { 'artifact-url': 'https://github.example/acme/shop/actions/runs/1/artifacts/2' } },
    github: {
      repository: 'acme/shop', base_ref: 'main', token: 'gh-token', event_name: 'pull_request',
      event: { before: head, pull_request: { number: 7, head: { repo: { full_name: 'acme/shop' } } } },
    },
    vars: { TPLSYNC_ENV: 'staging' },
    secrets: { TPLSYNC_STAGING_API_KEY: KEY },
    baseEnv: {
      PATH: `${shims}:${process.env.PATH}`, HOME: process.env.HOME ?? dir, NO_COLOR: '1',
      GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: path.join(dir, 'event.json'), GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    },
    ...o,
  });
  return { dir, head, log, options };
}

const ran = (results: StepResult[]) => results.map((r) => `${r.job} / ${r.name.split('\n')[0]}: ${r.outcome}${r.exitCode ? ` (${r.exitCode})` : ''}`);
function expectOk(results: StepResult[]): void {
  const failed = results.filter((r) => r.outcome === 'failure' && r.name !== '(summary)');
  assert.equal(failed.map((r) => `${r.job} / ${r.name.split('\n')[0]} (exit ${r.exitCode}):\n${r.output.slice(0, 2000)}`), [], ran(results).join('\n'));
}

test('the expression subset: contexts are case-insensitive, format, ||, ==', () => {
  const ctx = { secrets: { TPLSYNC_STAGING_API_KEY: 's' }, vars: {}, env: { TPLSYNC_ENV: 'staging' } };
  assert.is(evaluate("secrets[vars.TPLSYNC_API_KEY_ENV || format('TPLSYNC_{0}_API_KEY', env.TPLSYNC_ENV)]", ctx), 's');
  assert.is(evaluate("vars.TPLSYNC_ENV || 'production'", ctx), 'production');
  assert.is(evaluate("env.tplsync_env == 'STAGING' && !vars.x", ctx), true);
});

test('pull request, apply on merge, drift check: every tplsync command runs against staging with the staging key', async () => {
  const { dir, log, options } = await repository();
  try {
    // pull request: lint, fmt, types and the plan, posted as a comment
    let results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options());
    expectOk(results);
    const planStep = results.find((r) => r.name === 'Plan')!;
    assert.is(planStep.outcome, 'success');
    const plan = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    assert.match(plan, new RegExp(`## tplsync plan: staging\\n\\n\\| create \\| update \\| unchanged \\| orphaned \\|[^\\n]*\\n[^\\n]*\\n\\| ${SAMPLES} \\| 0 \\| 0 \\| 0 \\|`));
    assert.ok(comments.some((c) => c.body.includes('tplsync-plan:staging')), 'the plan comment carries the staging marker');
    assert.ok(!plan.includes(KEY) && !readFileSync(log, 'utf8').includes(KEY), 'the key is never printed');

    // merge: apply writes everything to staging and keeps the results
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-apply.yml'), options({ github: { ...options().github, event_name: 'push' } }));
    expectOk(results);
    const applied = JSON.parse(readFileSync(path.join(dir, 'tplsync-results.json'), 'utf8')) as { results: { outcome?: string; status?: string }[] };
    assert.ok(Array.isArray(applied.results) && applied.results.length === SAMPLES, JSON.stringify(applied).slice(0, 300));

    // next morning: nothing drifted, no issue
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-drift.yml'), options());
    expectOk(results);
    assert.not.match(readFileSync(log, 'utf8'), /gh issue create/);

    // the review rejected a template after the apply: its content matches main, but it is not in
    // sync, so the drift check fails on it and the issue says why and what to do
    const rejected = [...emu.state.templates.values()].find((t) => t.channelId === CHANNEL_A.toLowerCase())!;
    const move = (body: Record<string, string>) => fetch(`${emu.url}/_emulator/review`, {
      method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: CHANNEL_A, template: rejected.templateId, ...body }),
    }).then(async (r) => { await r.arrayBuffer(); assert.is(r.status, 200); });
    await move({ statusText: 'REJECTED', reason: 'TAG_CONTENT_MISMATCH' });
    const issues = () => readFileSync(log, 'utf8').split('\n').filter((l) => /gh issue create --title Templates drifted from main in staging/.test(l)).length;
    assert.is(issues(), 0);
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-drift.yml'), options());
    assert.is(results.find((r) => r.name.startsWith('Plan with'))!.outcome, 'success');
    assert.is(results.find((r) => r.name === 'Open an issue about the drift')!.outcome, 'failure');
    assert.is(issues(), 1);
    const drift = readFileSync(path.join(dir, 'drift.md'), 'utf8');
    assert.match(drift, '### Needs attention');
    assert.match(drift, `${rejected.body.chatapp!.chatapp.name}`);
    assert.match(drift, 'is REJECTED (TAG_CONTENT_MISMATCH)');
    // the issue's body is drift.md: that templates made in the console were not looked for (staging has no listing) is said in it
    assert.match(drift, "Orphans not looked for: environment 'staging' has no template listing (environments.staging.list)");
    await move({ statusText: 'APPROVED' });
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-drift.yml'), options());
    expectOk(results);
    assert.is(issues(), 1, 'approved again: no new issue');

    // a file changed on main without an apply: the drift check fails and opens an issue
    const f = path.join(dir, 'templates', 'whatsapp', 'order_shipped.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace(/footer: .*/, 'footer: Reply STOP to unsubscribe now'));
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-drift.yml'), options());
    assert.is(results.find((r) => r.name.startsWith('Plan with'))!.outcome, 'success');
    assert.is(results.find((r) => r.name === 'Open an issue about the drift')!.outcome, 'failure');
    assert.match(readFileSync(log, 'utf8'), /gh issue create --title Templates drifted from main in staging/);

    // every workflow ran tplsync with --env staging, and production was never used
    const calls = readFileSync(log, 'utf8').split('\n').filter((l) => l.startsWith('tplsync '));
    for (const cmd of [/^tplsync plan --env staging /, /^tplsync preview --env staging --changes /, /^tplsync apply --env staging /, /^tplsync comment /, /^tplsync lint /, /^tplsync fmt --check/, /^tplsync types --check/]) {
      assert.ok(calls.some((c) => cmd.test(c)), `${cmd} ran: ${calls.join('\n')}`);
    }
    assert.not.ok(calls.some((c) => c.includes('production')));
  } finally { cleanup(dir); }
});

test('the secret is the one the variable TPLSYNC_API_KEY_ENV names, exported under that name', async () => {
  const { dir, options } = await repository('ACME_STAGING_KEY');
  try {
    const results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ vars: { TPLSYNC_ENV: 'staging', TPLSYNC_API_KEY_ENV: 'ACME_STAGING_KEY' }, secrets: { ACME_STAGING_KEY: KEY }, jobs: ['plan'] }));
    expectOk(results);
    assert.match(readFileSync(path.join(dir, 'plan.md'), 'utf8'), /## tplsync plan: staging\n/);
  } finally { cleanup(dir); }
});

test('no secret for the environment: the first step that reads the channel stops with exit 3, naming the variable', async () => {
  const { dir, options } = await repository();
  try {
    const results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ secrets: { TPLSYNC_PRODUCTION_API_KEY: 'not-this-one' }, jobs: ['plan'] }));
    const first = results.find((r) => r.outcome === 'failure' && r.exitCode !== undefined)!;
    assert.ok(first, ran(results).join('\n'));
    assert.is(first.exitCode, 3, first.output);
    assert.match(first.output, /TPLSYNC_STAGING_API_KEY/);
  } finally { cleanup(dir); }
});

test('a local composite action runs too: inputs, outputs, shell bash, working-directory, GITHUB_ACTION_PATH', async () => {
  const { dir, log, options } = await repository();
  const actions = tempDir();
  try {
    // a change to plan, whatever the channel holds already
    const f = path.join(dir, 'templates', 'whatsapp', 'invoice_ready.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace(/footer: .*/, `footer: Questions? Reply here ${randomUUID().slice(0, 8)}`));
    writeFiles(actions, {
      'tplsync/action.yml': `name: tplsync
inputs:
  command: { required: true }
  args: { default: "" }
  environment: { default: "" }
  ok-exit-codes: { default: "0" }
outputs:
  exit-code:
    value: \${{ steps.run.outputs.exit-code }}
runs:
  using: composite
  steps:
    - uses: actions/setup-node@v4
    - id: run
      shell: bash
      working-directory: .
      run: |
        set +e
        test -f "$GITHUB_ACTION_PATH/action.yml" || exit 99
        read -r -a extra <<< "$ARGS"
        npx tplsync "$COMMAND" --env "$ENVIRONMENT" "\${extra[@]}"
        code=$?
        echo "exit-code=$code" >> "$GITHUB_OUTPUT"
        for ok in $OK; do [ "$code" = "$ok" ] && exit 0; done
        exit "$code"
      env:
        COMMAND: \${{ inputs.command }}
        ARGS: \${{ inputs.args }}
        ENVIRONMENT: \${{ inputs.environment }}
        OK: \${{ inputs.ok-exit-codes }}
`,
      'workflow.yml': `on: push
jobs:
  drift:
    runs-on: ubuntu-latest
    env:
      TPLSYNC_ENV: \${{ vars.TPLSYNC_ENV || 'production' }}
    steps:
      - name: API key
        run: echo "TPLSYNC_STAGING_API_KEY=$KEY" >> "$GITHUB_ENV"
        env:
          KEY: \${{ secrets.TPLSYNC_STAGING_API_KEY }}
      - id: plan
        uses: ./tplsync
        with:
          command: plan
          environment: \${{ env.TPLSYNC_ENV }}
          args: --detailed-exitcode --output drift.txt
          ok-exit-codes: "0 2"
      - name: Drift
        if: steps.plan.outputs.exit-code == '2'
        run: echo drift
      - name: Never
        if: steps.plan.outputs.exit-code == '0'
        run: exit 1
`,
    });
    const results = await runWorkflow(path.join(actions, 'workflow.yml'), options({ localActions: actions }));
    expectOk(results);
    assert.equal(ran(results), [
      'drift / API key: success', 'drift / actions/setup-node@v4: skipped', 'drift / set +e: success', 'drift / ./tplsync: success',
      'drift / Drift: success', 'drift / Never: skipped', 'drift / (summary): success',
    ]);
    assert.match(readFileSync(path.join(dir, 'drift.txt'), 'utf8'), /Plan for staging/);
    assert.match(readFileSync(log, 'utf8'), /^tplsync plan --env staging --detailed-exitcode/m);
  } finally { cleanup(dir); cleanup(actions); }
});

// trial-ao F2: the workflows of a team in a folder read the secret of the repository (TPLSYNC_<ENV>_API_KEY),
// the same as every other team's: two teams on two accounts could not keep two keys. Run as GitHub runs
// them, a folder's plan takes the folder's secret, and without it stops (exit 3, naming that secret)
// rather than run with the repository's, another team's key.
test('a team in a folder: its plan takes the folder\'s own secret, never the repository\'s (another team\'s key)', async () => {
  const { dir, options } = await repository('TPLSYNC_STAGING_API_KEY', 'teams/support');
  const wf = tempDir();
  try {
    const files = workflowFiles({ uses: './', extraWith: { from: 'action' }, apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production', typesCheck: true, dir: 'teams/support' });
    const pr = path.join(wf, 'pr.yml');
    writeFileSync(pr, files['.github/workflows/tplsync-pull-request-teams-support.yml']!);
    // the folder's variable picks staging; the repository's TPLSYNC_ENV (another team's) says production
    const vars = { TPLSYNC_ENV: 'production', TPLSYNC_ENV_TEAMS_SUPPORT: 'staging' };
    // the repository's secret holds another team's key: never handed to this folder's run
    const other = 'other-teams-key-0123456789';
    let results = await runWorkflow(pr, options({ vars, secrets: { TPLSYNC_STAGING_API_KEY: other, TPLSYNC_TEAMS_SUPPORT_STAGING_API_KEY: KEY }, jobs: ['plan'] }));
    expectOk(results);
    assert.match(readFileSync(path.join(dir, 'teams/support/plan.md'), 'utf8'), /## tplsync plan: staging\n/);
    results = await runWorkflow(pr, options({ vars, secrets: { TPLSYNC_STAGING_API_KEY: KEY }, jobs: ['plan'] }));
    const first = results.find((r) => r.outcome === 'failure' && r.exitCode !== undefined)!;
    assert.ok(first, ran(results).join('\n'));
    assert.is(first.exitCode, 3, first.output);
    assert.match(first.output, 'add that secret');
    assert.match(first.output, 'TPLSYNC_TEAMS_SUPPORT_STAGING_API_KEY');
    // the folder's variable names a secret of the team's choice (one account for two teams: the shared one, said explicitly)
    results = await runWorkflow(pr, options({ vars: { ...vars, TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT: 'TPLSYNC_STAGING_API_KEY' }, secrets: { TPLSYNC_STAGING_API_KEY: KEY }, jobs: ['plan'] }));
    expectOk(results);
  } finally { cleanup(dir); cleanup(wf); }
});

const planComment = (): string => comments.find((c) => c.body.startsWith('<!-- tplsync-plan:staging -->'))?.body ?? '';

// trial-bg F2: the pull request's check was green (plan exit 0) for a change the apply after the merge refuses (the
// category of an approved template: apply exit 5).
test('the pull request\'s check fails when apply would skip an update, and its comment says which and what to do; the drift check takes it as drift', async () => {
  const { dir, log, options } = await repository();
  try {
    // main applied to staging
    let results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-apply.yml'), options({ github: { ...options().github, event_name: 'push' } }));
    expectOk(results);
    // the branch changes the category of an approved template
    const f = path.join(dir, 'templates', 'whatsapp', 'order_shipped.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ jobs: ['plan'] }));
    assert.is(results.find((r) => r.name === 'Plan')!.outcome, 'failure', ran(results).join('\n'));
    assert.is(results.find((r) => r.name === 'tplsync plan')!.exitCode, 5);
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'failure', 'the check fails');
    // the comment is posted all the same, and says what apply will skip and what to do
    assert.is(results.find((r) => r.name.startsWith('Comment the plan'))!.outcome, 'success', ran(results).join('\n'));
    assert.match(planComment(), '| create | update | apply will skip | unchanged | orphaned |');
    assert.match(planComment(), '`shop-whatsapp/order_shipped/en_US`: apply does not attempt this update: category UTILITY → MARKETING');
    assert.match(results.find((r) => r.name === '(summary)')!.output, 'apply will skip');
    // merged unnoticed, the drift check says it as drift (5: apply would skip some) and opens its issue
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-drift.yml'), options());
    assert.is(results.find((r) => r.name.startsWith('Plan with'))!.outcome, 'success', ran(results).join('\n'));
    assert.is(results.find((r) => r.name === 'Open an issue about the drift')!.outcome, 'failure');
    assert.match(readFileSync(log, 'utf8'), /gh issue create --title Templates drifted from main in staging/);
  } finally { cleanup(dir); }
});

// trial-bg F5: a push with a lint error made the plan step fail, the comment step was skipped, and the comment of the
// earlier push stayed, still saying what it would change.
test('a push that cannot be planned (lint errors) replaces the plan comment of the earlier push with why', async () => {
  const { dir, options } = await repository();
  try {
    let results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ jobs: ['plan'] }));
    expectOk(results);
    assert.match(planComment(), '| create | update | unchanged | orphaned |');
    // the next push has a lint error: nothing can be planned, and the comment says so instead of the plan it showed
    writeFiles(dir, { 'templates/whatsapp/flash_sale.en_US.yaml': 'channel: shop-whatsapp\nname: flash_sale\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, {{2}}{{3}} off today."\n' });
    // (a run's checkout is fresh: actions/checkout removes the files the earlier run left, its plan.md too)
    rmSync(path.join(dir, 'plan.md'));
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ jobs: ['plan'] }));
    assert.is(results.find((r) => r.name === 'tplsync plan')!.exitCode, 1, ran(results).join('\n'));
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'failure');
    assert.is(results.find((r) => r.name.startsWith('No plan, said in the comment'))?.outcome, 'success', ran(results).join('\n'));
    assert.is(results.find((r) => r.name.startsWith('Comment the plan'))!.outcome, 'success', ran(results).join('\n'));
    assert.match(planComment(), '## tplsync plan: staging\n\n❌ **plan failed: lint errors in the templates', planComment());
    assert.match(planComment(), 'the plan of an earlier push no longer holds');
    assert.not.match(planComment(), '| create |');
    assert.match(results.find((r) => r.name === '(summary)')!.output, 'plan failed: lint errors');
  } finally { cleanup(dir); }
});

// trial-bk F5: the pull request's check failed (plan exit 5) for an edit of a template in someone else's review, which the
// apply workflow (apply --wait) writes once the review ends: the plan step plans as the apply job runs (plan --wait).
test('the pull request\'s check passes for an edit of a template in review, which the apply job (apply --wait) writes once the review ends', async () => {
  const { dir, options } = await repository();
  let id: string | undefined;
  const review = async (statusText: string): Promise<number> => {
    const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText }) });
    await res.arrayBuffer();
    return res.status;
  };
  try {
    let results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-apply.yml'), options({ github: { ...options().github, event_name: 'push' } }));
    expectOk(results);
    const plan = await cliIn(['plan', '--env', 'staging', '--format', 'json'], { cwd: dir, env: { TPLSYNC_STAGING_API_KEY: KEY } });
    id = (JSON.parse(plan.stdout) as { changes: { name: string; language: string; publicId: string }[] }).changes.find((c) => c.name === 'invoice_ready' && c.language === 'en_US')!.publicId;
    // someone else's edit of it is under review; the branch edits its body text
    assert.is(await review('PENDING'), 200);
    const f = path.join(dir, 'templates', 'whatsapp', 'invoice_ready.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Thank you for shopping with us.', 'Thank you for your order.'));
    results = await runWorkflow(path.join(WORKFLOWS, 'tplsync-pull-request.yml'), options({ jobs: ['plan'] }));
    assert.is(results.find((r) => r.name === 'tplsync plan')!.exitCode, 0, ran(results).join('\n'));
    expectOk(results);
    assert.match(planComment(), '| 0 | 1 (1 of them in review: apply --wait writes it once the review ends) |');
    assert.match(planComment(), '`shop-whatsapp/invoice_ready/en_US`: apply --wait writes this update once the review ends');
    assert.not.match(planComment(), 'apply will skip');
  } finally {
    if (id) await review('APPROVED');
    cleanup(dir);
  }
});

test.run();
