// `plan --base origin/main` in a shallow clone names a fetch that works: the hint is run here,
// in a real shallow clone, and the plan then goes through.
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fetchHint } from '../src/plan/orphans.ts';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const gitEnv = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };

test('fetchHint: a remote-tracking name is fetched into itself; other refs from the first remote', () => {
  assert.is(fetchHint('origin/main', ['origin']), 'git fetch --depth=1 origin main:refs/remotes/origin/main');
  assert.is(fetchHint('upstream/release/1.x', ['origin', 'upstream']), 'git fetch --depth=1 upstream release/1.x:refs/remotes/upstream/release/1.x');
  assert.is(fetchHint('feature/x', ['origin']), 'git fetch --depth=1 origin feature/x');
  assert.is(fetchHint('v1.2.0', []), 'git fetch --depth=1 origin v1.2.0');
  // an ancestor of HEAD is no remote's ref (`git fetch --depth=1 origin HEAD~1`: invalid refspec): the history deepened
  assert.is(fetchHint('HEAD~1', ['origin']), 'git fetch --deepen=1');
  assert.is(fetchHint('HEAD^', ['origin']), 'git fetch --deepen=1');
  assert.is(fetchHint('HEAD~3', ['origin']), 'git fetch --deepen=3');
  assert.is(fetchHint('HEAD~2^', ['origin']), 'git fetch --deepen=3');
});

test('the hint plan prints in a shallow clone works as printed', async () => {
  const dir = tempDir('tplsync-shallow-');
  try {
    const origin = path.join(dir, 'origin');
    writeFiles(origin, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n',
      'templates/order_ready.en_US.yaml': VALID,
    });
    const git = (cwd: string, args: string[]) => execa('git', args, { cwd, env: gitEnv });
    await git(origin, ['init', '-q', '-b', 'main']);
    await git(origin, ['add', '.']);
    await git(origin, ['commit', '-qm', 'one']);
    await git(origin, ['checkout', '-qb', 'feature']);
    writeFiles(origin, { 'templates/order_ready.en_US.yaml': VALID.replace('Ana', 'Maria') });
    await git(origin, ['commit', '-qam', 'two']);
    const clone = path.join(dir, 'clone');
    // what actions/checkout does on a pull request: one commit of the head branch, no others
    await git(dir, ['clone', '-q', '--depth=1', '--single-branch', '--branch', 'feature', `file://${origin}`, clone]);
    const r = await cliIn(['plan', '--base', 'origin/main'], { cwd: clone });
    assert.is(r.exitCode, 3, r.stderr);
    const hint = /fetch it first: (git fetch [^)]+)\)/.exec(r.stderr)?.[1];
    assert.is(hint, 'git fetch --depth=1 origin main:refs/remotes/origin/main');
    const fetched = await execa('sh', ['-c', hint!], { cwd: clone, reject: false, all: true });
    assert.is(fetched.exitCode, 0, fetched.all);
    const again = await cliIn(['plan', '--base', 'origin/main'], { cwd: clone });
    assert.is(again.exitCode, 0, again.stderr);
  } finally { cleanup(dir); }
});

test.run();
