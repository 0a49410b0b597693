// The composite action (action.yml) run step by step as GitHub runs it: every line of a
// multi-line `args` reaches tplsync; an `api-key` without `environment` or `api-key-env` is
// refused by name (it would have been exported as TPLSYNC__API_KEY, which no config names);
// `from: project` (the default) runs the tplsync of the repository's node_modules, and says
// how to pin one when there is none; a cancelled step's SIGINT and SIGTERM reach tplsync; in a
// folder's workflow, a refused or missing key is named as the folder's secret.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { EXIT_INTERRUPTED, EXIT_TERMINATED } from '../src/core/interrupt.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { interpolate, parseCommandFile, runWorkflow, writeShims, type RunOptions } from './actions-runner.ts';
import { BIN, CHANNEL_A, cleanup, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

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

/**
 * The action's `tplsync` step (id: run) as the runner starts it: its own `run:` script from action.yml
 * under `bash --noprofile --norc -eo pipefail`, its `env:` from the inputs (over their defaults),
 * TPLSYNC_BIN as the install step sets it, in a process group of its own (the runner's step).
 */
function actionRunStep(dir: string, cwd: string, given: Record<string, string>, extraEnv: Record<string, string> = {}) {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { steps: { id?: string; run?: string; env?: Record<string, string> }[] } };
  const step = action.runs.steps.find((s) => s.id === 'run')!;
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? v.default ?? '']));
  const script = path.join(dir, 'run-step.sh');
  writeFileSync(script, step.run!);
  const output = path.join(dir, 'github-output');
  writeFileSync(output, '');
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, NO_COLOR: '1', GITHUB_ACTIONS: 'true', CI: 'true', GITHUB_WORKSPACE: dir, GITHUB_OUTPUT: output, TPLSYNC_BIN: BIN,
    ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(v, { inputs })])), ...extraEnv,
  };
  const proc = execa('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env, extendEnv: false, detached: true, reject: false, all: true, timeout: 120_000 });
  return { proc, outputs: () => parseCommandFile(readFileSync(output, 'utf8')) };
}

/** whether a process of group `pgid` is left (a zombie counts: nobody waited for it) */
function groupAlive(pgid: number): boolean {
  try { process.kill(-pgid, 0); return true; } catch { return false; }
}

// trial-bk F4: GitHub cancels a step by SIGINT to its entry process (the bash of the `run:` script), SIGTERM
// 7.5 s later, then kills it. tplsync, a child of that bash, heard neither: it kept starting writes until
// killed, with no results and no 130/143. The signal is sent once the first write is said, never after a sleep.
for (const [signal, code] of [['SIGINT', EXIT_INTERRUPTED], ['SIGTERM', EXIT_TERMINATED]] as const) {
  test(`the action's tplsync step cancelled (${signal} to its bash): tplsync hears it, starts no new write, writes its results, the step ends with ${code}, nothing left running`, async () => {
    const KEY = `k${randomUUID().replace(/-/g, '')}`;
    let writes = 0;
    const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, log: (l) => { if (/^POST \/channel\//.test(l)) writes++; } });
    // every write takes a second: once the first is said, the second is in flight (or about to be) and four are not started
    emu.setFaults({ latencyMs: 1000, operations: ['write'] });
    const dir = tempDir('tplsync-action-cancel-');
    let pgid: number | undefined;
    try {
      const tag = randomUUID().slice(0, 6);
      const files: Record<string, string> = {
        'teams/messaging/tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  staging:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_STAGING_API_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      };
      for (let i = 0; i < 6; i++) files[`teams/messaging/templates/t${i}.en_US.yaml`] = VALID.replace('order_ready', `t${i}_${tag}`);
      writeFiles(dir, files);
      const cwd = path.join(dir, 'teams/messaging');
      const { proc, outputs } = actionRunStep(dir, cwd, { command: 'apply', args: '--auto-approve --results tplsync-results.json --parallelism 1', environment: 'staging', 'api-key': KEY, 'name-suffix': 'TEAMS_MESSAGING', 'working-directory': 'teams/messaging' });
      pgid = proc.pid!;
      let all = '';
      await new Promise<void>((resolve, reject) => {
        proc.all!.on('data', (d: Buffer) => { all += d.toString(); if (/✓ created/.test(all)) resolve(); });
        proc.once('exit', () => { reject(new Error(`the step ended before a write was said:\n${all}`)); });
      });
      // to the step's entry process alone, as the runner sends it
      process.kill(proc.pid!, signal);
      const r = await proc;
      const out = String(r.all);
      assert.is(r.exitCode, code, `${r.signal ?? ''}\n${out}`);
      assert.match(out, signal === 'SIGTERM' ? 'tplsync: terminated (SIGTERM); finishing what is in flight, starting nothing new' : 'tplsync: interrupted; finishing what is in flight, starting nothing new');
      assert.is(outputs()['exit-code'], String(code), 'the exit-code output is tplsync\'s');
      // the first write and the one in flight at the signal: none started after it
      assert.ok(writes <= 2, `${writes} writes:\n${out}`);
      const results = JSON.parse(readFileSync(path.join(cwd, 'tplsync-results.json'), 'utf8')) as { results: { outcome: string }[] };
      assert.is(results.results.length, 6);
      const skipped = results.results.filter((x) => x.outcome === 'skipped').length;
      assert.ok(skipped >= 4 && results.results.filter((x) => x.outcome === 'created').length === 6 - skipped, JSON.stringify(results.results.map((x) => x.outcome)));
      assert.not.ok(groupAlive(pgid), 'every process of the step ended with it');
    } finally {
      if (pgid !== undefined && groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
      cleanup(dir);
      await emu.close();
    }
  });
}

// trial-bk F6: a folder's workflow (name-suffix) with a key the API refuses said "the key is the variable
// TPLSYNC_PRODUCTION_API_KEY", a variable the developer has nowhere: the secret to correct is the folder's,
// as the message for a missing key already said. Both messages, from the action's own run step.
test('a folder\'s workflow: a refused key (exit 6) and a missing one (exit 3) both name the folder\'s secret TPLSYNC_<SUFFIX>_<ENV>_API_KEY', async () => {
  const KEY = `k${randomUUID().replace(/-/g, '')}`;
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-action-key-');
  try {
    writeFiles(dir, {
      'teams/messaging/tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  production:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_PRODUCTION_API_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'teams/messaging/templates/order_ready.en_US.yaml': VALID,
    });
    const cwd = path.join(dir, 'teams/messaging');
    const inputs = { command: 'plan', environment: 'production', 'name-suffix': 'TEAMS_MESSAGING', 'working-directory': 'teams/messaging' };
    const refused = await actionRunStep(dir, cwd, { ...inputs, 'api-key': 'wrong-key-123456' }).proc;
    assert.is(refused.exitCode, 6, String(refused.all));
    assert.match(String(refused.all), "authentication refused: The API key is not known (the key is the secret TPLSYNC_TEAMS_MESSAGING_PRODUCTION_API_KEY, of the repository or of the GitHub environment 'production' for the apply job, which the workflow hands tplsync as the variable TPLSYNC_PRODUCTION_API_KEY of environment 'production')");
    assert.not.match(String(refused.all), 'wrong-key-123456');
    const missing = await actionRunStep(dir, cwd, inputs).proc;
    assert.is(missing.exitCode, 3, String(missing.all));
    assert.match(String(missing.all), "the workflows read it from the secret TPLSYNC_TEAMS_MESSAGING_PRODUCTION_API_KEY (of the repository, or of the GitHub environment 'production' for the apply job): add that secret");
    // the right key: the plan runs
    const ok = await actionRunStep(dir, cwd, { ...inputs, 'api-key': KEY }).proc;
    assert.is(ok.exitCode, 0, String(ok.all));
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
