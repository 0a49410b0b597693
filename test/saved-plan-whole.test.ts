// A saved plan is checked as a whole: an entry removed, duplicated or relabelled by hand makes
// apply refuse the plan (exit 4) and write nothing, where each entry alone would still have passed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { wholePlanProblems, type SavedPlan } from '../src/plan/saved.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Z9q`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

async function planned(): Promise<{ dir: string; plan: SavedPlan }> {
  const dir = tempDir('tplsync-whole-');
  const files: Record<string, string> = {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: WHOLE_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
  };
  const tag = Math.random().toString(36).slice(2, 8);
  for (const n of ['one', 'two', 'three']) files[`templates/${n}.en_US.yaml`] = VALID.replace('order_ready', `${n}_${tag}`);
  writeFiles(dir, files);
  const r = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env: { WHOLE_KEY: KEY } });
  assert.is(r.exitCode, 0, r.stderr);
  return { dir, plan: JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as SavedPlan };
}

const EDITS: Record<string, (p: SavedPlan) => void> = {
  'an entry removed (and the summary fixed to match)': (p) => { p.changes.pop(); p.summary.create--; },
  'an entry duplicated': (p) => { p.changes.push({ ...p.changes[0]! }); p.summary.create++; },
  'an entry relabelled (its name)': (p) => { p.changes[1]!.name = 'something_else'; },
  'the summary changed': (p) => { p.summary.noop = 7; },
  'its date changed': (p) => { p.createdAt = '2020-01-01T00:00:00.000Z'; },
};

test('wholePlanProblems: a plan as made has none; every hand edit shows', async () => {
  const { dir, plan } = await planned();
  try {
    assert.equal(wholePlanProblems(plan), []);
    for (const [what, edit] of Object.entries(EDITS)) {
      const copy = JSON.parse(JSON.stringify(plan)) as SavedPlan;
      edit(copy);
      assert.ok(wholePlanProblems(copy).length > 0, what);
    }
  } finally { cleanup(dir); }
});

test('a plan made by another tplsync version, or that says none, is refused (exit 4), nothing written', async () => {
  const { dir, plan } = await planned();
  try {
    const { toolVersion } = await import('../src/core/version.ts');
    assert.equal(wholePlanProblems(plan, toolVersion()), []);
    for (const [version, said] of [['0.0.9', 'the plan was made by tplsync 0.0.9; this is tplsync'], [undefined, 'the plan names no tplsync version that made it (its "toolVersion" is missing)']] as const) {
      const copy = JSON.parse(JSON.stringify(plan)) as Record<string, unknown>;
      if (version === undefined) delete copy.toolVersion; else copy.toolVersion = version;
      writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(copy));
      const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env: { WHOLE_KEY: KEY } });
      assert.is(r.exitCode, 4, r.stdout + r.stderr);
      assert.match(r.stdout + r.stderr, said);
      assert.match(r.stdout + r.stderr, 'which applies only the plans it makes');
    }
    const after = await cliIn(['plan', '--format', 'json'], { cwd: dir, env: { WHOLE_KEY: KEY } });
    assert.is((JSON.parse(after.stdout) as { summary: { create: number } }).summary.create, 3, 'nothing was written');
  } finally { cleanup(dir); }
});

test('apply refuses a hand-edited plan whole (exit 4) and writes nothing', async () => {
  for (const [what, edit] of Object.entries(EDITS)) {
    const { dir, plan } = await planned();
    try {
      edit(plan);
      writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(plan));
      const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env: { WHOLE_KEY: KEY } });
      assert.is(r.exitCode, 4, `${what}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout + r.stderr, 'the plan was edited after it was made');
      const after = await cliIn(['plan', '--format', 'json'], { cwd: dir, env: { WHOLE_KEY: KEY } });
      assert.is((JSON.parse(after.stdout) as { summary: { create: number } }).summary.create, 3, `${what}: nothing was written`);
    } finally { cleanup(dir); }
  }
});

test('a saved plan run again after part of it was written (a run stopped, or failed on the way): what the channel holds as the plan writes it is done, the rest written (exit 0); a copy changed otherwise is still stale', async () => {
  const { dir } = await planned();
  try {
    const env = { WHOLE_KEY: KEY };
    // an earlier run of the plan wrote one of its three templates, then stopped
    const first = await cliIn(['apply', 'templates/one.en_US.yaml', '--auto-approve'], { cwd: dir, env });
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const again = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.match(again.stderr, '1 template of the plan is on the channel already as the plan writes it: written after the plan was made, by an earlier apply of this plan or by another run (another engineer\'s apply, a CI job): not written again');
    assert.match(again.stdout, '2 to create');
    const after = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    const { summary } = JSON.parse(after.stdout) as { summary: { create: number; update: number } };
    assert.equal([summary.create, summary.update], [0, 0], 'all three written, once');
  } finally { cleanup(dir); }
  // a template of the plan written with another text since (not what the plan writes): stale, nothing written
  const { dir: other } = await planned();
  try {
    const env = { WHOLE_KEY: KEY };
    const file = path.join(other, 'templates', 'one.en_US.yaml');
    const planned1 = readFileSync(file, 'utf8');
    writeFileSync(file, planned1.replace('is ready for pickup', 'is ready for collection'));
    assert.is((await cliIn(['apply', 'templates/one.en_US.yaml', '--auto-approve'], { cwd: other, env })).exitCode, 0);
    writeFileSync(file, planned1);
    const stale = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: other, env });
    assert.is(stale.exitCode, 4, stale.stdout + stale.stderr);
    assert.match(stale.stderr, 'the template now exists on the channel (APPROVED), and is not what the plan writes');
    assert.match(stale.stderr, 'Make a new plan (tplsync plan --out FILE --env remote)');
  } finally { cleanup(other); }
});

test('a plan of another tplsync version: the refusal\'s first line says so, not that the files changed; what moved besides follows (trial-bm F3)', async () => {
  const { dir, plan } = await planned();
  try {
    const { toolVersion } = await import('../src/core/version.ts');
    const env = { WHOLE_KEY: KEY };
    for (const [version, first] of [
      ['0.0.9', `tplsync: the plan was made by tplsync 0.0.9; this is tplsync ${toolVersion()}, which applies only the plans it makes: nothing was written`],
      [undefined, `tplsync: the plan names no tplsync version that made it (its "toolVersion" is missing); this is tplsync ${toolVersion()}, which applies only the plans it makes: nothing was written`],
    ] as const) {
      const copy = JSON.parse(JSON.stringify(plan)) as Record<string, unknown>;
      if (version === undefined) delete copy.toolVersion; else copy.toolVersion = version;
      writeFileSync(path.join(dir, 'plan.json'), JSON.stringify(copy));
      const r = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 4, r.stdout + r.stderr);
      assert.equal(r.stderr.split('\n'), [first, 'Make a new plan (tplsync plan --out FILE --env remote) and review it.']);
    }
    // a file changed too: said after the version, as what moved besides
    const file = path.join(dir, 'templates', 'one.en_US.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('is ready for pickup', 'is ready for collection'));
    writeFileSync(path.join(dir, 'plan.json'), JSON.stringify({ ...plan, toolVersion: '0.0.9' }));
    const both = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(both.exitCode, 4, both.stdout + both.stderr);
    const lines = both.stderr.split('\n');
    assert.match(lines[0]!, /^tplsync: the plan was made by tplsync 0\.0\.9; this is tplsync /);
    assert.match(lines[1]!, /^What moved since .* too:$/);
    assert.match(lines[2]!, 'templates/one.en_US.yaml changed since the plan');
    assert.not.match(both.stderr, 'the plan is stale');
    assert.not.match(both.stderr, 'does not match the files');
  } finally { cleanup(dir); }
});

test.run();
