// A project in a folder of a repository (a monorepo's teams/messaging), checked in GitHub Actions
// (working-directory: teams/messaging, GITHUB_ACTIONS=true): the developer who reads the failed
// check stands at the repository's root. `types --check` and `fmt --check` said `update it with:
// tplsync types` and named `templates/...`: run from the root, the advice found no config and said
// "run tplsync init", and the file was any team's templates/ folder (trial-bk F1). They now name
// each file from the repository's root, say where to run the fix (`cd teams/messaging && npx tplsync
// ...`: tplsync is the root package.json's devDependency, which the action runs as `node
// $TPLSYNC_BIN`) and annotate each file as lint does. Lint's job summary and plan's comment named
// files from the config's folder while the annotations named them from the root (trial-bk F2): all
// name them from the root now; a project at the root keeps its paths as they were.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cli, cliIn, tempDir } from './helpers.ts';

/** a git repository whose root package.json has tplsync as a devDependency, with a project made by init in `folder` ('' the root) */
async function repoWithProject(folder: string): Promise<{ repo: string; project: string }> {
  const repo = tempDir('tplsync-mono-ci-');
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
  writeFileSync(path.join(repo, 'package.json'), `${JSON.stringify({ name: 'mono', private: true, devDependencies: { tplsync: '^0.1.0' } }, null, 2)}\n`);
  const project = path.join(repo, folder);
  mkdirSync(project, { recursive: true });
  const init = await cliIn(['init', '--channel', 'shop-whatsapp', '--yes'], { cwd: project });
  assert.is(init.exitCode, 0, init.stderr);
  return { repo, project };
}

const WELCOME = 'templates/welcome_message.en_US.yaml';
/** a template not in the canonical layout (its keys out of order), lint-clean */
const MESSY = 'name: order_ready\nlanguage: en_US\ncategory: UTILITY\nchannel: shop-whatsapp\nbody:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n';

test('in GitHub Actions, a project in a folder: fmt --check and types --check name files from the root, advise `cd teams/messaging && npx tplsync ...`, and annotate', async () => {
  const { repo, project } = await repoWithProject('teams/messaging');
  try {
    const gh = () => ({ GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: repo });
    // a body edited without regenerating the module, and a file out of the layout
    const welcome = path.join(project, WELCOME);
    writeFileSync(welcome, readFileSync(welcome, 'utf8').replace('this is a new message from us', 'this is a newer message from us'));
    writeFileSync(path.join(project, 'templates/order_ready.en_US.yaml'), MESSY);

    const types = await cli(['types', '--check'], { cwd: project, env: gh() });
    assert.is(types.exitCode, 1, types.stdout + types.stderr);
    assert.match(types.stderr, 'teams/messaging/tplsync-templates.ts is stale; update it with: cd teams/messaging && npx tplsync types');
    assert.match(types.stdout, /^::error file=teams\/messaging\/tplsync-templates\.ts,line=1,title=tplsync types::teams\/messaging\/tplsync-templates\.ts is stale; update it with: cd teams\/messaging && npx tplsync types%0A {2}added \(1\): shop-whatsapp\/order_ready\/en_US%0A {2}other metadata changed, the calls compile as they did \(1\): shop-whatsapp\/welcome_message\/en_US \(body\)$/m);

    const fmt = await cli(['fmt', '--check'], { cwd: project, env: gh() });
    assert.is(fmt.exitCode, 1, fmt.stdout + fmt.stderr);
    assert.match(fmt.stdout, /^teams\/messaging\/templates\/order_ready\.en_US\.yaml$/m);
    // the annotation at the file's first line out of the layout (its first: `channel` goes first)
    assert.match(fmt.stdout, /^::error file=teams\/messaging\/templates\/order_ready\.en_US\.yaml,line=1,title=tplsync fmt::not in the canonical layout; run: cd teams\/messaging && npx tplsync fmt$/m);
    assert.match(fmt.stderr, '1 file not in the canonical layout; run: cd teams/messaging && npx tplsync fmt');

    // the advice runs as given from the root: the module and the layout are made there
    for (const advice of [types.stderr.split('update it with: ')[1]!.split('\n')[0]!.trim(), fmt.stderr.split('run: ')[1]!.trim()]) {
      const [cd, command] = advice.split(' && ');
      assert.is(cd, 'cd teams/messaging');
      const r = await cliIn(command!.replace(/^npx tplsync /, '').split(' '), { cwd: path.join(repo, cd!.slice(3)) });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
    }
    assert.is((await cliIn(['types', '--check'], { cwd: project, env: gh() })).exitCode, 0);
    assert.is((await cliIn(['fmt', '--check'], { cwd: project, env: gh() })).exitCode, 0);

    // on a terminal in the folder, the advice is the folder's as before: no annotation, no cd, no npx (no npm, no CI)
    writeFileSync(welcome, readFileSync(welcome, 'utf8').replace('this is a newer message', 'this is the newest message'));
    const local = await cliIn(['types', '--check'], { cwd: project });
    assert.is(local.exitCode, 1);
    assert.match(local.stderr, /^tplsync-templates\.ts is stale; update it with: tplsync types$/m);
    assert.not.match(local.stdout, '::error');
    // from the root with --config: the advice says where to run it
    const root = await cliIn(['types', '--check', '--config', 'teams/messaging/tplsync.config.yaml'], { cwd: repo });
    assert.match(root.stderr, 'update it with: cd teams/messaging && tplsync types');
  } finally { cleanup(repo); }
});

test('in GitHub Actions, a project in a folder: lint\'s job summary and plan\'s comment name files from the root, as the annotations do; the comment says where its commands run', async () => {
  const { repo, project } = await repoWithProject('teams/messaging');
  try {
    const gh = (summary?: string) => ({ GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: repo, ...(summary ? { GITHUB_STEP_SUMMARY: summary } : {}) });
    const welcome = path.join(project, WELCOME);
    // lint --format github: the annotations and the job summary name the file alike, from the root
    writeFileSync(welcome, readFileSync(welcome, 'utf8').replace('text: "Hello {{first_name}}', 'text: "{{first_name}}'));
    const summary = path.join(tempDir('tplsync-summary-'), 'summary.md');
    writeFileSync(summary, '');
    const lint = await cli(['lint', '--format', 'github'], { cwd: project, env: gh(summary) });
    assert.is(lint.exitCode, 1, lint.stdout + lint.stderr);
    assert.match(lint.stdout, '::error file=teams/messaging/templates/welcome_message.en_US.yaml,');
    const table = readFileSync(summary, 'utf8');
    assert.match(table, '| `teams/messaging/templates/welcome_message.en_US.yaml` |');
    assert.not.match(table, '| `templates/');
    cleanup(path.dirname(summary));
    writeFileSync(welcome, readFileSync(welcome, 'utf8').replace('text: "{{first_name}}', 'text: "Hello {{first_name}}'));

    // the plan's comment: each file from the root, and where its commands run
    const plan = await cli(['plan', '--format', 'markdown'], { cwd: project, env: gh() });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stdout, `(<code>teams/messaging/${WELCOME}</code>)`);
    assert.not.match(plan.stdout, `<code>${WELCOME}</code>`);
    assert.match(plan.stdout, '<sub>📁 `teams/messaging`: the tplsync commands in this comment run in this folder (`cd teams/messaging` from the repository\'s root first), as `npx tplsync ...`; files are named from the repository\'s root.</sub>');
  } finally { cleanup(repo); }
});

test('in GitHub Actions, a project at the repository\'s root: paths and advice as the folder\'s (no cd), the comment without a folder line', async () => {
  const { repo, project } = await repoWithProject('');
  try {
    const gh = { GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: repo };
    writeFileSync(path.join(project, 'templates/order_ready.en_US.yaml'), MESSY);
    const fmt = await cli(['fmt', '--check'], { cwd: project, env: gh });
    assert.is(fmt.exitCode, 1);
    assert.match(fmt.stdout, /^templates\/order_ready\.en_US\.yaml$/m);
    assert.match(fmt.stdout, /^::error file=templates\/order_ready\.en_US\.yaml,line=1,title=tplsync fmt::not in the canonical layout; run: npx tplsync fmt$/m);
    const plan = await cli(['plan', '--format', 'markdown'], { cwd: project, env: gh });
    assert.is(plan.exitCode, 0, plan.stderr);
    assert.match(plan.stdout, `(<code>${WELCOME}</code>)`);
    assert.not.match(plan.stdout, '📁');
    // tplsync a devDependency: the comment's commands are run with npx
    assert.match(plan.stdout, '<sub>Run the tplsync commands of this comment, as `npx tplsync ...`.</sub>');
  } finally { cleanup(repo); }
});

test('in GitHub Actions, a project in a folder: a command stopped by lint errors names the files from the root, annotates each error, and advises lint --fix (or lint) runnable from the root (trial-bl F6)', async () => {
  const { repo, project } = await repoWithProject('apps/msg');
  try {
    const gh = () => ({ GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: repo });
    const welcome = path.join(project, WELCOME);
    const good = readFileSync(welcome, 'utf8');
    // an error lint --fix repairs (the category's letter case)
    writeFileSync(welcome, good.replace(/^category: \w+/m, 'category: utility'));
    const shown = 'apps/msg/templates/welcome_message.en_US.yaml';
    for (const [args, consequence] of [[['types', '--check'], 'nothing was generated'], [['plan', '--format', 'markdown'], 'nothing was planned'], [['apply', '--auto-approve'], 'nothing was written']] as const) {
      const r = await cli([...args], { cwd: project, env: gh() });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      // the report's file and the annotation named from the root; stdout (a plan's comment) holds no annotation
      assert.match(r.stderr, new RegExp(`^${shown}$`, 'm'));
      assert.not.match(r.stderr, /^templates\//m);
      assert.match(r.stderr, new RegExp(`^::error file=${shown},line=\\d+,col=\\d+,.*title=tplsync category::"utility" is not a valid category`, 'm'));
      assert.is(r.stdout, '');
      assert.match(r.stderr, `tplsync: fix the lint errors first; ${consequence}. To repair it: cd apps/msg && npx tplsync lint --fix`);
    }
    // the advice runs as given from the root, and repairs it
    const fix = await cliIn(['lint', '--fix'], { cwd: project });
    assert.is(fix.exitCode, 0, fix.stdout + fix.stderr);
    assert.match(readFileSync(welcome, 'utf8'), /^category: UTILITY/m);

    // errors lint --fix cannot repair (an empty body, and its sample without a placeholder): the advice is to lint again, from the root
    writeFileSync(welcome, good.replace(/^( {2}text: ).*$/m, '$1""'));
    const empty = await cli(['plan'], { cwd: project, env: gh() });
    assert.is(empty.exitCode, 1, empty.stdout + empty.stderr);
    assert.match(empty.stderr, 'tplsync: fix the lint errors first; nothing was planned. To check them again: cd apps/msg && npx tplsync lint');
    // and the category too: lint --fix repairs one of the three
    writeFileSync(welcome, good.replace(/^( {2}text: ).*$/m, '$1""').replace(/^category: \w+/m, 'category: utility'));
    const both = await cli(['plan'], { cwd: project, env: gh() });
    assert.match(both.stderr, 'To repair 1 of the 3: cd apps/msg && npx tplsync lint --fix');

    // on a terminal in the folder: the folder's paths and advice, no annotation
    const local = await cliIn(['plan'], { cwd: project });
    assert.is(local.exitCode, 1);
    assert.match(local.stderr, /^templates\/welcome_message\.en_US\.yaml$/m);
    assert.not.match(local.stderr, '::error');
    assert.match(local.stderr, 'tplsync: fix the lint errors first; nothing was planned. To repair 1 of the 3: tplsync lint --fix');
  } finally { cleanup(repo); }
});

test.run();
