// init over a project that has its config already (package.json#tplsync, .tplsyncrc.json, a
// tplsync.config.yaml of the team's) (trial-x F10): the pull-request workflow checks the types
// module (`types --check`), and init wrote it only with a config of its own, so the first pull
// request of such a project failed, and a second init said everything was there. It is written
// from the kept config (its typesOut), whatever its place (test/init-path-filters.test.ts: the
// workflows' filters of the same projects).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { cleanup, cliIn, writeFiles } from './helpers.ts';
import { CHANNEL, config, TEMPLATE, repo, workflow, runs, KEPT } from './init-kept.ts';

for (const [what, files, configFilter] of KEPT) {
  test(`a kept config (${what}): init writes the types module its workflow checks, and the workflows run on msgs/** and the config's file`, async () => {
    const dir = repo({ ...files, 'msgs/order_ready.en_US.yaml': TEMPLATE });
    try {
      const r = await cliIn(['init', '--yes'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stdout, 'wrote tplsync-templates.ts (1 template)');
      assert.ok(existsSync(path.join(dir, 'tplsync-templates.ts')));
      const check = await cliIn(['types', '--check'], { cwd: dir });
      assert.is(check.exitCode, 0, check.stdout + check.stderr);
      // the filters: the templates' folder, the config's own file, the module
      const pr = workflow(dir, 'tplsync-pull-request.yml').on.pull_request!.paths;
      assert.equal(pr, ['msgs/**', configFilter, 'tplsync-templates.ts', '.github/workflows/tplsync-pull-request.yml']);
      const apply = workflow(dir, 'tplsync-apply.yml').on.push!.paths;
      assert.equal(apply, ['msgs/**', configFilter]);
      for (const filters of [pr, apply]) {
        assert.ok(runs(filters, 'msgs/order_ready.en_US.yaml'), `a template edit runs ${filters.join(' ')}`);
        assert.ok(runs(filters, 'msgs/eu/order_ready.de.yaml'), 'in a folder below too');
        assert.ok(runs(filters, Object.keys(files)[0]!), 'a config edit');
        assert.not.ok(runs(filters, 'src/app.ts'), 'not any change');
      }
      assert.match(r.stdout, `The workflows run when these change: msgs/**, ${configFilter}, tplsync-templates.ts`);
      // a second init finds everything, the module included, and changes nothing
      const again = await cliIn(['init', '--yes'], { cwd: dir });
      assert.is(again.exitCode, 0, again.stderr);
      assert.match(again.stdout, /exists\s+tplsync-templates\.ts \(left as it is\)/);
      assert.match(again.stdout, 'Everything init writes is already here; nothing was changed.');
    } finally { cleanup(dir); }
  });
}

test('a kept config\'s typesOut is the module init writes and the workflow watches; templates that do not lint clean yet: the workflows are written, the module is said to wait', async () => {
  const dir = repo({ 'package.json': JSON.stringify({ name: 'shop', private: true, tplsync: config('messages/*.yaml', 'src/generated/messages.ts') }), 'messages/order_ready.en_US.yaml': TEMPLATE });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'wrote src/generated/messages.ts (1 template)');
    assert.equal(workflow(dir, 'tplsync-pull-request.yml').on.pull_request!.paths, ['messages/**', 'package.json', 'src/generated/messages.ts', '.github/workflows/tplsync-pull-request.yml']);
    assert.is((await cliIn(['types', '--check'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
  const bad = repo({ '.tplsyncrc.json': JSON.stringify(config('msgs/**/*.yaml')), 'msgs/x.en_US.yaml': TEMPLATE.replace('name: order_ready', 'name: Bad-Name') });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: bad });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /created\s+\.github\/workflows\/tplsync-pull-request\.yml/);
    assert.match(r.stdout, /skipped\s+tplsync-templates\.ts \(not generated: the templates must lint clean first; then run `tplsync types` and commit the module, which the pull-request workflow checks\)/);
    assert.not.ok(existsSync(path.join(bad, 'tplsync-templates.ts')));
    // fixed, init again writes it (and does not say everything was there)
    writeFiles(bad, { 'msgs/x.en_US.yaml': TEMPLATE });
    const again = await cliIn(['init', '--yes'], { cwd: bad });
    assert.match(again.stdout, 'wrote tplsync-templates.ts (1 template)');
    assert.not.match(again.stdout, 'Everything init writes is already here');
  } finally { cleanup(bad); }
});

test('a kept config with no template yet: the workflows are written, the module said to wait for one', async () => {
  const dir = repo({ '.tplsyncrc.json': JSON.stringify(config('msgs/**/*.yaml')) });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /skipped\s+tplsync-templates\.ts \(not generated: no template files match msgs\/\*\*\/\*\.yaml \(from \.tplsyncrc\.json\); then run `tplsync types` and commit the module/);
  } finally { cleanup(dir); }
});

test('a config in a folder of a monorepo (package.json#tplsync of teams/support): its module beside it', async () => {
  const dir = repo({ 'teams/support/package.json': JSON.stringify({ name: 'support', private: true, tplsync: config('msgs/**/*.yaml') }), 'teams/support/msgs/order_ready.en_US.yaml': TEMPLATE });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: path.join(dir, 'teams/support') });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.ok(existsSync(path.join(dir, 'teams/support/tplsync-templates.ts')));
    assert.is((await cliIn(['types', '--check'], { cwd: path.join(dir, 'teams/support') })).exitCode, 0);
  } finally { cleanup(dir); }
});

test('a kept config whose environments read secret values: every step that plans or applies is given each variable from the secret of its name, and init says so (trial-bt F2)', async () => {
  const cfg = `templates: ["msgs/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { wa: ${CHANNEL} }
    values: { promo_code: LOCALCODE99 }
  staging:
    baseUrl: https://staging.api.example
    channels: { wa: 5b66178b-585b-549b-8664-15b9ad34b735 }
    values: { promo_code: { env: STAGING_PROMO_CODE } }
  production:
    baseUrl: https://api.example
    channels: { wa: 6b66178b-585b-549b-8664-15b9ad34b735 }
    values: { promo_code: { env: PROD_PROMO_CODE } }
channels:
  wa: { kind: whatsapp }
`;
  const dir = repo({ 'tplsync.config.yaml': cfg, 'msgs/order_ready.en_US.yaml': TEMPLATE });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, "The steps that plan and apply are given the variables tplsync.config.yaml's secret values are read from (PROD_PROMO_CODE, STAGING_PROMO_CODE), each from the repository's secret of that name");
    type Step = { name?: string; env?: Record<string, string>; with?: { command?: string } };
    const steps = (name: string) => Object.values((parse(readFileSync(path.join(dir, '.github/workflows', name), 'utf8')) as { jobs: Record<string, { steps: Step[] }> }).jobs).flatMap((j) => j.steps);
    const planning = ['tplsync-pull-request.yml', 'tplsync-apply.yml', 'tplsync-drift.yml'].flatMap(steps).filter((x) => ['plan', 'apply', 'preview'].includes(x.with?.command ?? ''));
    assert.is(planning.length, 4, 'the preview of the changes, the two plans and the apply');
    for (const x of planning) assert.equal(x.env, { PROD_PROMO_CODE: '${{ secrets.PROD_PROMO_CODE }}', STAGING_PROMO_CODE: '${{ secrets.STAGING_PROMO_CODE }}' }, x.name);
    // the other steps are handed none
    for (const x of ['tplsync-pull-request.yml'].flatMap(steps).filter((y) => ['lint', 'fmt', 'types'].includes(y.with?.command ?? ''))) assert.is(x.env, undefined, x.name);
  } finally { cleanup(dir); }
});

test.run();
