// init in a folder of a repository (a monorepo's team): GitHub reads workflows only from the
// root's .github/workflows, and resolves path filters, artifact paths and files read by `run:`
// steps from the root. init writes the workflows there, named for the folder and set to it (each
// use of the action with working-directory, the folder's path filters and files, its own
// concurrency groups and comment markers), so that two teams keep their own runs and comments.
// Before, it wrote root-relative workflows into the folder and a note to move them, and moved they
// never triggered and read files that were not there.
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { cleanup, cliIn, tempDir } from './helpers.ts';

test('two teams of one repository: each its own workflows at the root, set to its folder', async () => {
  const repo = tempDir('tplsync-mono-init-');
  try {
    mkdirSync(path.join(repo, '.git'));
    for (const team of ['teams/support', 'teams/growth']) {
      mkdirSync(path.join(repo, team), { recursive: true });
      // (support uploads to code scanning, growth not: the SARIF file is the folder's)
      const r = await cliIn(['init', '--yes', ...(team === 'teams/support' ? ['--code-scanning'] : [])], { cwd: path.join(repo, team) });
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(r.stdout, `created  ../../.github/workflows/tplsync-pull-request-${team.replace('/', '-')}.yml`);
      assert.ok(existsSync(path.join(repo, team, 'tplsync.config.yaml')));
      assert.not.ok(existsSync(path.join(repo, team, '.github')), 'no workflow left in the folder');
    }
    const pr = parse(readFileSync(path.join(repo, '.github/workflows/tplsync-pull-request-teams-support.yml'), 'utf8')) as {
      name: string; on: { pull_request: { paths: string[] } }; concurrency: { group: string };
      jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, string> }[] }>;
    };
    assert.is(pr.name, 'tplsync pull request (teams/support)');
    assert.equal(pr.on.pull_request.paths.slice(0, 2), ['teams/support/templates/**', 'teams/support/tplsync.config.*']);
    assert.match(pr.concurrency.group, /^tplsync-pr-teams-support-/);
    const steps = [...pr.jobs.lint!.steps, ...pr.jobs.plan!.steps];
    for (const s of steps.filter((x) => x.uses?.startsWith('tplsync/tplsync@'))) assert.is(s.with!['working-directory'], 'teams/support', JSON.stringify(s));
    assert.is(steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!.with!.sarif_file, 'teams/support/tplsync.sarif');
    assert.is(steps.find((s) => s.uses?.startsWith('actions/upload-artifact'))!.with!.path, 'teams/support/tplsync-changes/');
    assert.is(steps.find((s) => s.run?.includes('GITHUB_STEP_SUMMARY'))!.run, 'cat "teams/support/plan.md" >> "$GITHUB_STEP_SUMMARY"');
    // the plan and its comment carry the folder's marker; another team's is another
    const comment = steps.find((s) => s.with?.command === 'comment')!.with!.args!;
    assert.match(comment, '--marker tplsync-plan:teams-support:${{ env.TPLSYNC_ENV }}');
    const growth = readFileSync(path.join(repo, '.github/workflows/tplsync-pull-request-teams-growth.yml'), 'utf8');
    assert.match(growth, 'tplsync-plan:teams-growth:');
    assert.not.match(growth, /upload-sarif|security-events/);
    assert.match(readFileSync(path.join(repo, '.github/workflows/tplsync-apply-teams-growth.yml'), 'utf8'), 'group: tplsync-apply-teams-growth-');
    // an empty artifact URL adds no --preview-url (it took --output as its value)
    assert.match(readFileSync(path.join(repo, '.github/workflows/tplsync-pull-request-teams-support.yml'), 'utf8'), "steps.changes.outputs.artifact-url && format('--preview-url {0}', steps.changes.outputs.artifact-url) || ''");
  } finally { cleanup(repo); }
});

test('a folder whose name holds a space: its paths quoted in shell lines, its marker the slug; another folder of the same slug is refused, not taken for it', async () => {
  const repo = tempDir('tplsync-mono-space-');
  try {
    mkdirSync(path.join(repo, '.git'));
    mkdirSync(path.join(repo, 'teams', 'Sales EU'), { recursive: true });
    const r = await cliIn(['init', '--yes'], { cwd: path.join(repo, 'teams', 'Sales EU') });
    assert.is(r.exitCode, 0, r.stderr);
    const pr = readFileSync(path.join(repo, '.github/workflows/tplsync-pull-request-teams-sales-eu.yml'), 'utf8');
    assert.match(pr, 'run: cat "teams/Sales EU/plan.md" >> "$GITHUB_STEP_SUMMARY"');
    assert.match(pr, '--marker tplsync-plan:teams-sales-eu:${{ env.TPLSYNC_ENV }}');
    assert.match(readFileSync(path.join(repo, '.github/workflows/tplsync-drift-teams-sales-eu.yml'), 'utf8'), '--body-file "teams/Sales EU/drift.md"');
    // the args of each use of the action hold no space of the folder's name (the action splits them at spaces)
    for (const m of pr.matchAll(/^ +args: (.*)$/gm)) assert.not.match(m[1]!, 'Sales EU');
    mkdirSync(path.join(repo, 'teams', 'sales-eu'), { recursive: true });
    const other = await cliIn(['init', '--yes'], { cwd: path.join(repo, 'teams', 'sales-eu') });
    assert.is(other.exitCode, 3, other.stdout + other.stderr);
    assert.match(other.stderr, 'tplsync-pull-request-teams-sales-eu.yml');
    assert.match(other.stderr, 'run another folder than teams/sales-eu');
    assert.not.ok(existsSync(path.join(repo, 'teams', 'sales-eu', 'tplsync.config.yaml')), 'nothing written');
    // a quote in a folder's name: refused before anything is written
    mkdirSync(path.join(repo, "it's"), { recursive: true });
    const quoted = await cliIn(['init', '--yes'], { cwd: path.join(repo, "it's") });
    assert.is(quoted.exitCode, 3);
    assert.match(quoted.stderr, 'would break their shell lines');
  } finally { cleanup(repo); }
});

test('folders named in other scripts are names of their own: teams/客服 and teams/销售 each get workflows; accents dropped (Équipe Support: equipe-support)', async () => {
  const { folderSlug } = await import('../src/init/workflows.ts');
  assert.is(folderSlug('teams/Équipe Support'), 'teams-equipe-support');
  assert.is(folderSlug('teams/客服'), 'teams-客服');
  assert.is(folderSlug('Sales EU'), 'sales-eu');
  const repo = tempDir('tplsync-mono-script-');
  try {
    mkdirSync(path.join(repo, '.git'));
    for (const team of ['客服', '销售']) {
      mkdirSync(path.join(repo, 'teams', team), { recursive: true });
      const r = await cliIn(['init', '--yes'], { cwd: path.join(repo, 'teams', team) });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.ok(existsSync(path.join(repo, '.github/workflows', `tplsync-apply-teams-${team}.yml`)), team);
    }
  } finally { cleanup(repo); }
});

test('a .github that is a link out of the repository: init writes nothing, through it or anywhere', async () => {
  const repo = tempDir('tplsync-mono-link-');
  const outside = tempDir('tplsync-outside-');
  try {
    mkdirSync(path.join(repo, '.git'));
    symlinkSync(outside, path.join(repo, '.github'));
    const r = await cliIn(['init', '--yes'], { cwd: repo });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'init would write out of the repository through a linked folder: .github/workflows/tplsync-pull-request.yml');
    assert.equal(readdirSync(outside), []);
    assert.not.ok(existsSync(path.join(repo, 'tplsync.config.yaml')), 'nothing written');
  } finally { cleanup(repo); cleanup(outside); }
});

// trial-ao F2: two teams' workflows read the same repository-wide names (TPLSYNC_ENV, TPLSYNC_API_KEY_ENV,
// TPLSYNC_<ENV>_API_KEY), so two teams with two accounts could not keep two keys; init said to set
// TPLSYNC_PRODUCTION_API_KEY for either. Each folder's workflows read names of its own, and init says them.
test('two teams of one repository: init names each folder\'s own secret and variables, and each workflow reads those alone', async () => {
  const repo = tempDir('tplsync-mono-names-');
  try {
    mkdirSync(path.join(repo, '.git'));
    const said: Record<string, string> = {};
    for (const team of ['teams/support', 'teams/sales-rcs']) {
      mkdirSync(path.join(repo, team), { recursive: true });
      const r = await cliIn(['init', '--yes'], { cwd: path.join(repo, team) });
      assert.is(r.exitCode, 0, r.stderr);
      said[team] = r.stdout.replace(/\n/g, ' ');
    }
    assert.match(said['teams/support']!, 'set the secret TPLSYNC_TEAMS_SUPPORT_PRODUCTION_API_KEY in your repository');
    assert.match(said['teams/support']!, 'the repository variable TPLSYNC_ENV_TEAMS_SUPPORT, else TPLSYNC_ENV');
    assert.match(said['teams/sales-rcs']!, 'set the secret TPLSYNC_TEAMS_SALES_RCS_PRODUCTION_API_KEY in your repository');
    for (const text of Object.values(said)) assert.not.match(text, 'set the secret TPLSYNC_PRODUCTION_API_KEY');
    const read = (f: string) => readFileSync(path.join(repo, '.github/workflows', f), 'utf8');
    for (const [slug, suffix] of [['teams-support', 'TEAMS_SUPPORT'], ['teams-sales-rcs', 'TEAMS_SALES_RCS']] as const) {
      for (const kind of ['pull-request', 'apply', 'drift']) {
        const text = read(`tplsync-${kind}-${slug}.yml`);
        assert.match(text, `TPLSYNC_ENV: \${{ vars.TPLSYNC_ENV_${suffix} || vars.TPLSYNC_ENV || 'production' }}`);
        assert.match(text, `secrets[vars.TPLSYNC_API_KEY_ENV_${suffix} || format('TPLSYNC_${suffix}_{0}_API_KEY', env.TPLSYNC_ENV)]`);
        assert.not.match(text, /vars\.TPLSYNC_API_KEY_ENV[^_]|'TPLSYNC_\{0\}_API_KEY'/);
      }
    }
    assert.not.match(read('tplsync-pull-request-teams-support.yml'), '.github/workflows/tplsync-*.yml');
    // the root's project keeps today's names, and says them
    const root = await cliIn(['init', '--yes'], { cwd: repo });
    assert.is(root.exitCode, 0, root.stderr);
    assert.match(root.stdout, 'the secret TPLSYNC_PRODUCTION_API_KEY in your repository');
    assert.match(read('tplsync-pull-request.yml'), "secrets[vars.TPLSYNC_API_KEY_ENV || format('TPLSYNC_{0}_API_KEY', env.TPLSYNC_ENV)]");
  } finally { cleanup(repo); }
});

test('a folder whose name has no letter or digit is refused: its workflows would be the root\'s, with the root\'s secret', async () => {
  const repo = tempDir('tplsync-mono-noname-');
  try {
    mkdirSync(path.join(repo, '.git'));
    mkdirSync(path.join(repo, '🚀'), { recursive: true });
    const r = await cliIn(['init', '--yes'], { cwd: path.join(repo, '🚀') });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'has no letter or digit to name them by');
    assert.not.ok(existsSync(path.join(repo, '.github')), 'nothing written');
  } finally { cleanup(repo); }
});

test.run();
