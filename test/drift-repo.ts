// The repository the drift tests share (test/plan-drift.test.ts, plan-drift-sides.test.ts): a bare
// origin and a clone A of a project with summer_sale and gate_changed, applied to an emulator (the
// emulator approves at once), and git run with a fixed identity and no user or system config.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' };
export const git = (cwd: string, ...args: string[]): string => execFileSync('git', ['-c', 'init.defaultBranch=main', '-c', 'advice.detachedHead=false', ...args], { cwd, env: GIT_ENV, encoding: 'utf8' });

export const file = (name: string, text: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { destination: Mallorca }\n`;
export const SALE = 'Summer sale: flights to {{destination}} until Sunday. Book now.';

/** origin (bare) and a clone A with summer_sale and gate_changed applied to the emulator (approved) */
export async function driftRepo(emu: RunningEmulator, prefix: string): Promise<{ root: string; a: string; env: Record<string, string> }> {
  const root = tempDir(prefix);
  const seed = path.join(root, 'seed');
  writeFiles(seed, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    'templates/summer_sale.en_US.yaml': file('summer_sale', SALE),
    'templates/gate_changed.en_US.yaml': file('gate_changed', 'Gate change: your flight to {{destination}} boards at gate B.'),
    '.gitignore': '.tplsync/\n',
  });
  git(root, 'init', '-q', '--bare', 'origin.git');
  git(seed, 'init', '-q');
  git(seed, 'add', '.');
  git(seed, 'commit', '-qm', 'seed');
  git(seed, 'remote', 'add', 'origin', path.join(root, 'origin.git'));
  git(seed, 'push', '-q', 'origin', 'main');
  git(root, 'clone', '-q', path.join(root, 'origin.git'), 'A');
  const a = path.join(root, 'A');
  const env = { TPLSYNC_API_KEY: 'k' };
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
  assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
  return { root, a, env };
}

/**
 * `use` run on a drift repository of its own and an emulator that approves at once; the emulator is closed and the
 * repository removed whatever happens, its set-up failing included (a test that starts a process ends it)
 */
export async function inDriftRepo(prefix: string, use: (r: { emu: RunningEmulator; root: string; a: string; env: Record<string, string> }) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  let root: string | undefined;
  try {
    const r = await driftRepo(emu, prefix);
    root = r.root;
    await use({ emu, ...r });
  } finally {
    if (root) cleanup(root);
    await emu.close();
  }
}
