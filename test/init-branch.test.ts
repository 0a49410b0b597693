// The apply workflow of init runs on pushes to the repository's branch (trial-x F13): it was
// `branches: [main]` in a repository whose branch is `master` (or any other), so merges were never
// applied, with nothing said. It is now the remote's default branch (origin/HEAD), else the
// repository's branch, init.defaultBranch, main or master, else the current one, said by init; and
// `main` with a note to check when git cannot tell.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { chooseBranch } from '../src/init/branch.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

/** git's own settings only: no global or system config decides a branch here */
const GIT_ENV = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };

function repo(files: Record<string, string>, branch = 'main'): string {
  const dir = tempDir('tplsync-init-branch-');
  execFileSync('git', ['init', '-q', '-b', branch], { cwd: dir });
  writeFiles(dir, files);
  return dir;
}

type Workflow = { on: { push?: { branches: string[] } } };
const workflow = (dir: string, name: string): Workflow => parse(readFileSync(path.join(dir, '.github/workflows', name), 'utf8')) as Workflow;

test('the apply workflow is written for the repository\'s branch, and init says which', async () => {
  // a repository whose branch is master (git's default without init.defaultBranch)
  const master = repo({}, 'master');
  try {
    const r = await cliIn(['init', '--yes'], { cwd: master, env: GIT_ENV });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(workflow(master, 'tplsync-apply.yml').on.push!.branches, ['master']);
    assert.match(r.stdout, '.github/workflows/tplsync-apply.yml applies what is pushed to master (the repository\'s branch)\n');
    // and the workflows say so: the apply's comment, the drift issue's title
    assert.match(readFileSync(path.join(master, '.github/workflows/tplsync-apply.yml'), 'utf8'), '# tplsync on merge: make the channels match master.');
    assert.match(readFileSync(path.join(master, '.github/workflows/tplsync-drift.yml'), 'utf8'), 'drifted from master in $TPLSYNC_ENV');
  } finally { cleanup(master); }
  // on a feature branch of a clone: the remote's default branch (origin/HEAD), not the feature branch
  const clone = repo({ 'README.md': 'x\n' }, 'develop');
  try {
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: clone });
    git('add', '-A'); git('commit', '-qm', 'first');
    git('remote', 'add', 'origin', 'https://example.com/shop.git');
    git('update-ref', 'refs/remotes/origin/develop', 'HEAD');
    git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/develop');
    git('checkout', '-qb', 'add-tplsync');
    const r = await cliIn(['init', '--yes'], { cwd: clone, env: GIT_ENV });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(workflow(clone, 'tplsync-apply.yml').on.push!.branches, ['develop']);
    assert.match(r.stdout, 'applies what is pushed to develop (origin/HEAD, the remote\'s default branch)');
  } finally { cleanup(clone); }
  // no repository and no init.defaultBranch: main, said as a guess to check
  const none = tempDir('tplsync-init-nogit-');
  try {
    const r = await cliIn(['init', '--yes'], { cwd: none, env: GIT_ENV });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(workflow(none, 'tplsync-apply.yml').on.push!.branches, ['main']);
    assert.match(r.stdout, 'applies what is pushed to main (no git repository here to tell): if merges go to another branch, change branches: [main] in it');
  } finally { cleanup(none); }
});

test('chooseBranch (pure): origin/HEAD, then the only branch, then init.defaultBranch, main or master, the current one; main when nothing tells', () => {
  const base = { inRepository: true, unborn: false, branches: [] as string[] };
  assert.is(chooseBranch({ ...base, remoteHead: 'trunk', current: 'feature', branches: ['feature', 'trunk'] }).branch, 'trunk');
  assert.equal(chooseBranch({ ...base, current: 'master', unborn: true }), { branch: 'master', why: 'the repository\'s branch', sure: true });
  assert.is(chooseBranch({ ...base, current: 'feature', branches: ['feature', 'prod'], defaultBranch: 'prod' }).branch, 'prod');
  assert.is(chooseBranch({ ...base, current: 'feature', branches: ['feature', 'master'] }).branch, 'master');
  assert.equal(chooseBranch({ ...base, current: 'feature', branches: ['feature', 'other'] }).sure, false);
  assert.is(chooseBranch({ ...base, branches: ['a', 'b'] }).branch, 'main');
  assert.equal(chooseBranch({ inRepository: false, unborn: true, branches: [], defaultBranch: 'trunk' }).branch, 'trunk');
  assert.equal(chooseBranch({ inRepository: false, unborn: true, branches: [] }), { branch: 'main', why: 'no git repository here to tell', sure: false });
});

test.run();
