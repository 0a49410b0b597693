// The composite action (action.yml) run step by step as GitHub runs it: every line of a
// multi-line `args` reaches tplsync; an `api-key` without `environment` or `api-key-env` is
// refused by name (it would have been exported as TPLSYNC__API_KEY, which no config names);
// `from: project` (the default) runs the tplsync of the repository's node_modules, and says
// how to pin one when there is none.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runWorkflow, writeShims, type RunOptions } from './actions-runner.ts';
import { BIN, cleanup, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

function repo(): { dir: string; log: string; options: RunOptions } {
  const dir = tempDir('tplsync-action-');
  writeFiles(dir, {
    'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n',
    'templates/order_ready.en_US.yaml': VALID,
  });
  const shims = path.join(dir, '.shims');
  mkdirSync(shims);
  const log = path.join(shims, 'calls.log');
  writeShims(shims, BIN, log);
  return {
    dir, log,
    options: { workspace: dir, localActions: ROOT, github: { repository: 'acme/shop', event_name: 'push', event: {} }, vars: {}, secrets: {}, baseEnv: { PATH: `${shims}:${process.env.PATH}`, HOME: process.env.HOME ?? dir, NO_COLOR: '1' } },
  };
}
const workflow = (dir: string, w: Record<string, string>) => {
  const lines = Object.entries(w).map(([k, v]) => (v.includes('\n') ? `          ${k}: |\n${v.split('\n').map((l) => `            ${l}`).join('\n')}` : `          ${k}: ${JSON.stringify(v)}`));
  writeFiles(dir, { 'wf.yml': `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - id: t\n        uses: ./\n        with:\n${lines.join('\n')}\n` });
  return path.join(dir, 'wf.yml');
};

test('multi-line args: every line reaches tplsync', async () => {
  const { dir, log, options } = repo();
  try {
    const results = await runWorkflow(workflow(dir, { from: 'action', command: 'lint', args: '--format json\n--output lint.json\n--max-warnings 0' }), options);
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'success', JSON.stringify(results));
    assert.match(readFileSync(log, 'utf8'), 'tplsync lint --format json --output lint.json --max-warnings 0');
    assert.ok(existsSync(path.join(dir, 'lint.json')), 'the second line was honoured');
  } finally { cleanup(dir); }
});

test('api-key without environment or api-key-env is refused by name, and tplsync is not run', async () => {
  const { dir, log, options } = repo();
  try {
    const results = await runWorkflow(workflow(dir, { from: 'action', command: 'plan', 'api-key': 'canary-key-0123456789' }), options);
    const step = results.find((r) => r.name.startsWith('tplsync plan'))!;
    assert.is(step.outcome, 'failure');
    assert.is(step.exitCode, 3);
    assert.match(step.output, 'api-key needs environment');
    assert.not.match(step.output, 'canary-key');
    assert.not.match(readFileSync(log, 'utf8'), 'tplsync plan');
  } finally { cleanup(dir); }
});

test('from: project (the default) runs the tplsync the repository installed; without one, says how to pin it', async () => {
  const { dir, log, options } = repo();
  try {
    let results = await runWorkflow(workflow(dir, { command: 'lint' }), options);
    const install = results.find((r) => r.name.includes('Install tplsync') || r.output.includes('is not installed'));
    assert.ok(install && install.outcome === 'failure', JSON.stringify(results.map((r) => [r.name, r.outcome])));
    assert.match(install!.output, 'tplsync is not installed');
    assert.match(install!.output, 'npm install --save-dev');
    // a repository that pins tplsync (here: node_modules/tplsync is this checkout)
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
    results = await runWorkflow(workflow(dir, { command: 'lint' }), options);
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'success', JSON.stringify(results.map((r) => [r.name, r.outcome, r.output.slice(0, 300)])));
    assert.match(readFileSync(log, 'utf8'), 'tplsync lint');
  } finally { cleanup(dir); }
});

test('from: project in a workspace of an npm-workspaces repository: the root\'s lock file is installed, and the folder\'s tplsync runs', async () => {
  const { dir, log, options } = repo();
  try {
    // the team's folder holds the config; the lock file is the repository's, at its root
    writeFiles(dir, {
      'package.json': '{ "private": true, "workspaces": ["teams/*"] }\n', 'package-lock.json': '{}\n',
      'teams/support/package.json': '{ "name": "support", "devDependencies": { "tplsync": "file:../../tplsync.tgz" } }\n',
      'teams/support/tplsync.config.yaml': readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), 'teams/support/templates/order_ready.en_US.yaml': VALID,
    });
    // npm ci as npm does it in a workspace: node_modules at the root, where it ran
    writeFileSync(path.join(dir, '.shims', 'npm'), `#!/usr/bin/env bash\nif [ "$1" = ci ]; then printf 'npm ci in %s\\n' "$PWD" >> '${log}'; mkdir -p node_modules && ln -sfn '${ROOT}' node_modules/tplsync; exit 0; fi\nexit 127\n`, { mode: 0o755 });
    const results = await runWorkflow(workflow(dir, { command: 'lint', 'working-directory': 'teams/support' }), options);
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'success', JSON.stringify(results.map((r) => [r.name, r.outcome, r.output.slice(0, 300)])));
    const calls = readFileSync(log, 'utf8');
    assert.match(calls, `npm ci in ${dir}\n`);
    assert.match(calls, 'tplsync lint');
  } finally { cleanup(dir); }
});

test('from: registry is refused with what to do, before anything is installed or run (tplsync is not on the npm registry: that name there is someone else\'s)', async () => {
  const { dir, log, options } = repo();
  try {
    const results = await runWorkflow(workflow(dir, { from: 'registry', command: 'plan', environment: 'local', 'api-key': 'canary-key-0123456789' }), options);
    const install = results.find((r) => r.name.includes('Install tplsync'))!;
    assert.is(install.outcome, 'failure', JSON.stringify(results.map((r) => [r.name, r.outcome])));
    assert.match(install.output, 'from: registry is not offered: tplsync is not published on the npm registry');
    assert.match(install.output, 'from: project');
    assert.not.match(install.output, /npm \w+: not available in this test/, 'npm was not asked to install anything');
    assert.not.match(readFileSync(log, 'utf8'), 'tplsync plan');
    assert.is(results.find((r) => r.name === '(summary)')!.outcome, 'failure');
  } finally { cleanup(dir); }
});

test.run();
