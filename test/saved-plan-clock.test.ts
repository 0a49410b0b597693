// A saved plan is applied later than it was made (a PR's plan, applied on merge). A template the
// clock holds back (an RCS campaign whose expireTime has passed, written in the file or as an
// environment value) is never in a plan; one whose time passes between the plan and `apply FILE`
// was written all the same: apply built it from its unchanged file without judging the time again,
// and created a campaign that was over. Now the plan is stale (what moved: the time), nothing written.
// The clock is injected (verifySavedBodies' `now`): no test waits for a time to pass.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { loadPlanFile } from '../src/apply/run.ts';
import { verifySavedBodies } from '../src/plan/verify.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const RCS = '1c8d4d5f-7a1f-4b5c-8b54-1e7e2e8e3b22';
const CONFIG = `templates: ["t/**/*.yaml"]
defaultEnvironment: local
channels:
  rcs: { kind: rcs }
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { rcs: ${RCS} }
    values:
      sale_end: "2099-06-30T00:00:00Z"
`;
const sale = (name: string, expireTime: string): string => `channel: rcs
name: ${name}
language: en_US
message:
  type: text
  message: "Flash sale on now: 20% off all houseplants until the end of the campaign."
  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: ${expireTime} }
  fallback:
    text: "Flash sale on now: 20% off all houseplants until the end of the campaign."
`;
const STEADY = `channel: rcs
name: opening_hours
language: en_US
message:
  type: text
  message: "Our shop is open every day from 9:00 to 20:00. Come and see the new plants."
  fallback:
    text: "Our shop is open every day from 9:00 to 20:00. Come and see the new plants."
`;

async function planned(): Promise<{ dir: string; verify: (now: Date) => ReturnType<typeof verifySavedBodies> }> {
  const dir = tempDir('tplsync-saved-clock-');
  writeFiles(dir, {
    'tplsync.config.yaml': CONFIG,
    't/literal.yaml': sale('sale_literal', '"2099-12-31T23:59:59Z"'),
    't/valued.yaml': sale('sale_valued', '((sale_end))'),
    't/steady.yaml': STEADY,
  });
  const r = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr + r.stdout);
  const config = await loadConfig({ cwd: dir });
  const saved = loadPlanFile(path.join(dir, 'plan.json'))!;
  assert.is(saved.changes.filter((c) => c.action === 'create').length, 3, 'the plan creates the three templates');
  return { dir, verify: (now) => verifySavedBodies(config, selectEnvironment(config, 'local'), saved, dir, undefined, now) };
}

test('apply FILE holds back, as stale, a template whose expireTime (literal or an environment value) passed since the plan', async () => {
  const { dir, verify } = await planned();
  try {
    // before either time: every write goes ahead
    const before = await verify(new Date('2099-01-01T00:00:00Z'));
    assert.equal(before.heldNow, []);
    assert.is(before.writes.length, 3);
    // after the value's time, before the literal's: the valued campaign alone is held
    const between = await verify(new Date('2099-07-01T00:00:00Z'));
    assert.equal(between.heldNow.map((h) => h.key), ['rcs/sale_valued/en_US']);
    assert.match(between.heldNow[0]!.what, /with the values of environment 'local': expireTime 2099-06-30T00:00:00Z is in the past.*rcs-expired/);
    assert.match(between.heldNow[0]!.what, /since the plan was made/);
    assert.equal(between.writes.map((w) => w.name).sort(), ['opening_hours', 'sale_literal']);
    // after both
    const after = await verify(new Date('2100-01-01T00:00:00Z'));
    assert.equal(after.heldNow.map((h) => h.key).sort(), ['rcs/sale_literal/en_US', 'rcs/sale_valued/en_US']);
    assert.match(after.heldNow.find((h) => h.key === 'rcs/sale_literal/en_US')!.what, /expireTime 2099-12-31T23:59:59Z is in the past.*rcs-expired, t\/literal\.yaml:\d+:\d+/);
    assert.equal(after.problems, [], 'the files match the plan: the time moved, not the files');
  } finally { cleanup(dir); }
});

/** runs `fn` with the process's clock at `at` (Date and Date.now; the run lints in this process: 3 files, no pool) */
async function atTime<T>(at: string, fn: () => Promise<T>): Promise<T> {
  const Real = Date;
  const fixed = Real.parse(at);
  class Fixed extends Real {
    constructor(...a: ConstructorParameters<DateConstructor> | []) { if (a.length) super(...(a as [number])); else super(fixed); }
    static override now(): number { return fixed; }
  }
  globalThis.Date = Fixed as DateConstructor;
  try { return await fn(); } finally { globalThis.Date = Real; }
}

test('apply FILE of such a plan says the plan is stale, names the template and why, and writes nothing (exit 4)', async () => {
  const { dir } = await planned();
  try {
    const r = await atTime('2099-07-01T00:00:00Z', () => cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir }));
    assert.is(r.exitCode, 4, r.stderr + r.stdout);
    assert.match(r.stderr, /the plan is stale; nothing was written/);
    assert.match(r.stderr, /rcs\/sale_valued\/en_US: held back now, its file unchanged: with the values of environment 'local': expireTime 2099-06-30T00:00:00Z is in the past/);
    assert.not.match(r.stderr, /sale_literal/);
    const listed = await cliIn(['plan'], { cwd: dir });
    assert.match(listed.stdout, /3 to create/, 'nothing was written');
  } finally { cleanup(dir); }
});

test.run();
