// The workflows init writes run on changes to the project's own files (trial-x F11): they filtered on
// templates/** and tplsync.config.* whatever the config said, so templates in msgs/ or a config in
// package.json or .tplsyncrc.json ran neither lint nor plan, and no apply on merge. The filters are
// now the folders of the config's globs, the config's own file and the types module.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expandBraces, watchedPaths } from '../src/init/watch-paths.ts';
import { cleanup, cliIn } from './helpers.ts';
import { config, TEMPLATE, repo, workflow, runs, KEPT } from './init-kept.ts';

for (const [what, files, configFilter] of KEPT) {
  test(`a kept config (${what}): the workflows run on msgs/** and the config's own file`, async () => {
    const dir = repo({ ...files, 'msgs/order_ready.en_US.yaml': TEMPLATE });
    try {
      const r = await cliIn(['init', '--yes'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      // the filters: the templates' folder, the config's own file, the module
      const pr = workflow(dir, 'tplsync-pull-request.yml').on.pull_request!.paths;
      assert.equal(pr, ['msgs/**', configFilter, 'tplsync-templates.ts', '.github/workflows/tplsync-*.yml']);
      const apply = workflow(dir, 'tplsync-apply.yml').on.push!.paths;
      assert.equal(apply, ['msgs/**', configFilter]);
      for (const filters of [pr, apply]) {
        assert.ok(runs(filters, 'msgs/order_ready.en_US.yaml'), `a template edit runs ${filters.join(' ')}`);
        assert.ok(runs(filters, 'msgs/eu/order_ready.de.yaml'), 'in a folder below too');
        assert.ok(runs(filters, Object.keys(files)[0]!), 'a config edit');
        assert.not.ok(runs(filters, 'src/app.ts'), 'not any change');
      }
      assert.match(r.stdout, `The workflows run when these change: msgs/**, ${configFilter}, tplsync-templates.ts`);
    } finally { cleanup(dir); }
  });
}

test('a config in a folder of a monorepo (package.json#tplsync of teams/support): its filters from the repository\'s root', async () => {
  const dir = repo({ 'teams/support/package.json': JSON.stringify({ name: 'support', private: true, tplsync: config('msgs/**/*.yaml') }), 'teams/support/msgs/order_ready.en_US.yaml': TEMPLATE });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: path.join(dir, 'teams/support') });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.equal(workflow(dir, 'tplsync-pull-request-teams-support.yml').on.pull_request!.paths, ['teams/support/msgs/**', 'teams/support/package.json', 'teams/support/tplsync-templates.ts', '.github/workflows/tplsync-*.yml']);
  } finally { cleanup(dir); }
});

test('a new project keeps init\'s filters: templates/**, tplsync.config.* and the module', async () => {
  const dir = repo({});
  try {
    assert.is((await cliIn(['init', '--yes'], { cwd: dir })).exitCode, 0);
    assert.equal(workflow(dir, 'tplsync-pull-request.yml').on.pull_request!.paths, ['templates/**', 'tplsync.config.*', 'tplsync-templates.ts', '.github/workflows/tplsync-*.yml']);
    assert.equal(workflow(dir, 'tplsync-apply.yml').on.push!.paths, ['templates/**', 'tplsync.config.*']);
  } finally { cleanup(dir); }
});

test('watchedPaths (pure): the globs\' folders, the globs themselves at the root, nothing outside the repository', () => {
  assert.equal(expandBraces('a/{b,c}/*.{yaml,yml}'), ['a/b/*.yaml', 'a/b/*.yml', 'a/c/*.yaml', 'a/c/*.yml']);
  const w = watchedPaths({ configDir: '', templates: ['templates/**/*.yaml', 'templates/rcs/*.yaml', '*.tpl.{yaml,yml}', '!templates/drafts/**', '../shared/**/*.yaml', './more/x.yaml'], configFile: '.tplsyncrc.yaml', typesOut: 'src/t.ts' });
  assert.equal(w, { templates: ['templates/**', '*.tpl.yaml', '*.tpl.yml', 'more/**'], config: ['.tplsyncrc.yaml'], types: 'src/t.ts', outside: ['../shared/**/*.yaml'] });
  // a project in a folder: everything from the root; its ../shared inside the repository
  assert.equal(watchedPaths({ configDir: 'teams/a', templates: ['../shared/**/*.yaml'], configFile: 'teams/a/tplsync.config.json' }), { templates: ['teams/shared/**'], config: ['teams/a/tplsync.config.*'], outside: [] });
});

test.run();
