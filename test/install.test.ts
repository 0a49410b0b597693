// test-runner: time limit 900 s
// (npm installing from a tag and a tarball: 15 s alone on a quiet machine, 227 s once beside eight
// busy loops and a second suite; the default 300 s limit would fail a slow run, not a hung one)
// tplsync installed as a team installs it, with no registry entry of its own: from a release tag
// of a git repository (git+file:// standing in for git+https://) and from the release tarball,
// each into a fresh project; then `npx tplsync init --yes && npx tplsync lint`, no install-script
// warning, and the pull-request workflow init wrote run step by step with the action taken from
// the tag and tplsync from the project's own node_modules (the action's default, from: project).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runWorkflow, writeShims } from './actions-runner.ts';
import { cleanup, ROOT, tempDir, writeFiles } from './helpers.ts';

const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
const quiet = ['--prefer-offline', '--no-audit', '--no-fund'];
const gitEnv = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
const npmEnv = { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'warn' };

let work: string;
let source: string;
let tarball: string;
/** the projects installed from the tag and from the tarball (init, lint and types checked) */
let fromTag: Promise<string>;
let fromTarball: Promise<string>;

test.before(async () => {
  work = tempDir('tplsync-install-');
  // tplsync's repository as committed (HEAD), with the built dist/ of this checkout. HEAD alone,
  // without its history: the install from the tag clones the tag's repository three times (npm's
  // git fetcher, seen with a git wrapper logging its calls), and each clone of the whole history
  // packed and indexed every object of it again; nothing here reads an older commit.
  source = path.join(work, 'tplsync');
  await execa('git', ['clone', '--quiet', '--depth', '1', pathToFileURL(ROOT).href, source]);
  cpSync(path.join(ROOT, 'dist'), path.join(source, 'dist'), { recursive: true });
  // a folder for the tarball that cannot be made (under a file) is refused before anything is tagged or packed
  const blocked = await execa(process.execPath, ['scripts/release.mjs', '--no-build', '--out', path.join(source, 'package.json', 'out')], { cwd: source, env: { ...npmEnv, ...gitEnv }, reject: false, all: true });
  assert.is(blocked.exitCode, 3, blocked.all);
  assert.match(blocked.all, /cannot make the folder .* nothing was tagged or packed/);
  assert.is((await execa('git', ['tag', '--list'], { cwd: source })).stdout, '', 'no tag left behind');
  // --out names a folder that does not exist yet: it is made
  const release = await execa(process.execPath, ['scripts/release.mjs', '--no-build', '--out', path.join(work, 'out')], { cwd: source, env: { ...npmEnv, ...gitEnv }, reject: false, all: true });
  assert.is(release.exitCode, 0, release.all);
  assert.is((await execa('git', ['status', '--porcelain'], { cwd: source })).stdout, '', 'the checkout is left as it was (package.json restored)');
  assert.not.ok(existsSync(path.join(source, '.package.json.prepack')), 'no backup of package.json left');
  tarball = path.join(work, 'out', readdirSync(path.join(work, 'out')).find((f) => f.endsWith('.tgz'))!);
  await execa('git', ['clone', '--quiet', '--bare', source, path.join(work, 'tplsync.git')]);
  // both installs start now and run side by side (each mostly waits on npm and git); each test
  // awaits its own and asserts on it. A failure is kept for its test (marked handled meanwhile).
  fromTag = project('from-tag').then(async (dir) => { await installAndUse(dir, `git+file://${path.join(work, 'tplsync.git')}#v${version}`); return dir; });
  fromTarball = project('from-tarball').then(async (dir) => { await installAndUse(dir, tarball); return dir; });
  for (const p of [fromTag, fromTarball]) p.catch(() => undefined);
});
test.after(async () => {
  await Promise.allSettled([fromTag, fromTarball]);
  cleanup(work);
});

async function project(name: string): Promise<string> {
  const dir = path.join(work, name);
  mkdirSync(dir);
  writeFiles(dir, { 'package.json': JSON.stringify({ name, version: '1.0.0', private: true }, null, 2) });
  await execa('git', ['init', '-q'], { cwd: dir });
  return dir;
}

/**
 * `npm install`, watched: npm's extraction of a tarball was seen to stall for good (14 minutes, no
 * CPU used, a file of the package half written) once in a few runs. A process that used no CPU
 * at all for two minutes is stalled, not slow (beside eight busy loops it still gets its share of
 * a core): it is killed and the install run once more. No wall-clock limit: a slow install is
 * waited for.
 */
async function npmInstall(dir: string, spec: string): Promise<{ exitCode: number | undefined; all: string }> {
  for (let attempt = 0; ; attempt++) {
    const proc = execa('npm', ['install', '--save-dev', ...quiet, spec], { cwd: dir, env: npmEnv, reject: false, all: true });
    let last = -1; let still = 0; let stalled = false;
    const cpu = (): number => { try { const f = readFileSync(`/proc/${proc.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return Number(f[11]) + Number(f[12]); } catch { return -1; } };
    const watch = setInterval(() => {
      const now = cpu();
      if (now < 0) return; // no /proc (not Linux), or the process is gone
      still = now === last ? still + 1 : 0;
      last = now;
      if (still >= 8) { stalled = true; proc.kill('SIGKILL'); }
    }, 15_000);
    const r = await proc.finally(() => clearInterval(watch));
    if (!stalled || attempt >= 1) return { exitCode: r.exitCode, all: String(r.all ?? '') };
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
  }
}

async function installAndUse(dir: string, spec: string): Promise<void> {
  const install = await npmInstall(dir, spec);
  assert.is(install.exitCode, 0, install.all);
  assert.not.match(install.all, /install-scripts|prepare/, `npm warned about tplsync's scripts:\n${install.all}`);
  assert.ok(existsSync(path.join(dir, 'node_modules', 'tplsync', 'dist', 'bundle')), 'the installed package holds its build');
  const init = await execa('npx', ['--no-install', 'tplsync', 'init', '--yes'], { cwd: dir, env: npmEnv, reject: false, all: true });
  assert.is(init.exitCode, 0, init.all);
  const lint = await execa('npx', ['--no-install', 'tplsync', 'lint'], { cwd: dir, env: npmEnv, reject: false, all: true });
  assert.is(lint.exitCode, 0, lint.all);
  const types = await execa('npx', ['--no-install', 'tplsync', 'types', '--check'], { cwd: dir, env: npmEnv, reject: false, all: true });
  assert.is(types.exitCode, 0, types.all);
}

test('from a release tag: npm install git+URL#vX.Y.Z, then init and lint', async () => {
  const dir = await fromTag;
  assert.match(readFileSync(path.join(dir, 'package.json'), 'utf8'), new RegExp(`"tplsync": "git\\+file://.*#v${version.replace(/\./g, '\\.')}"`));
  // npm installed the tag as it is: any of these scripts makes npm's git fetcher (pacote) install
  // tplsync's devDependencies in its clone before packing it, on every team's machine and in CI
  const tagged = JSON.parse(readFileSync(path.join(dir, 'node_modules', 'tplsync', 'package.json'), 'utf8'));
  assert.equal(Object.keys(tagged.scripts ?? {}).filter((s) => ['build', 'preinstall', 'install', 'postinstall', 'prepack', 'prepare'].includes(s)), []);

  // the pull-request workflow init wrote, its lint job step by step: the action from the tag's
  // checkout, tplsync from the project's node_modules (installed from the git URL)
  const shims = path.join(work, 'shims-tag');
  mkdirSync(shims);
  const log = path.join(shims, 'calls.log');
  writeShims(shims, path.join(dir, 'node_modules', 'tplsync', 'bin', 'tplsync.js'), log);
  const results = await runWorkflow(path.join(dir, '.github', 'workflows', 'tplsync-pull-request.yml'), {
    workspace: dir, jobs: ['lint'], actionRepos: { 'tplsync/tplsync': source },
    github: { repository: 'acme/shop', event_name: 'pull_request', event: { pull_request: { number: 1, head: { repo: { full_name: 'acme/shop' } } } } },
    vars: {}, secrets: {}, baseEnv: { PATH: `${shims}:${process.env.PATH}`, HOME: process.env.HOME ?? dir, NO_COLOR: '1' },
  });
  const failed = results.filter((r) => r.outcome === 'failure');
  assert.equal(failed.map((r) => `${r.name}: ${r.output.slice(0, 800)}`), []);
  const calls = readFileSync(log, 'utf8');
  for (const c of ['tplsync lint --format github', 'tplsync fmt --check', 'tplsync types --check']) {
    assert.ok(calls.includes(c), `${c} ran:\n${calls}`);
  }
  // code scanning is init --code-scanning's: a private repository without it would fail the upload
  assert.not.match(calls, '--format sarif');
  // every tplsync the workflow ran is the project's own
  assert.ok(results.some((r) => r.uses === `tplsync/tplsync@v${version}` && r.outcome === 'success'));
});

test('from the release tarball: npm install ./tplsync-X.Y.Z.tgz, then init and lint', async () => {
  const dir = await fromTarball;
  const shipped = JSON.parse(readFileSync(path.join(dir, 'node_modules', 'tplsync', 'package.json'), 'utf8'));
  assert.is(shipped.scripts?.prepare, undefined);
  assert.ok(existsSync(path.join(dir, 'node_modules', 'tplsync', 'LICENSE')));
  // the lockfile names the tarball's file, as README's Install says (trial-bs F9: commit it too, else CI's `npm ci` finds nothing there)
  const lock = JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string }> };
  assert.match(lock.packages['node_modules/tplsync']?.resolved ?? '', /^file:.*\.tgz$/);
  assert.match(readFileSync(path.join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' '), 'From the tarball, the lockfile names the `.tgz`: commit it too');
});

test.run();
