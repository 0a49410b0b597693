// The workflows init writes run on changes to the project's own files (trial-x F11): they filtered on
// templates/** and tplsync.config.* whatever the config said, so templates in msgs/ or a config in
// package.json or .tplsyncrc.json ran neither lint nor plan, and no apply on merge. The filters are
// now the folders of the config's globs, the config's own file and the types module.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { expandBraces, watchedPaths } from '../src/init/watch-paths.ts';
import { cleanup, cliIn } from './helpers.ts';
import { config, TEMPLATE, repo, workflow } from './init-kept.ts';

// the kept configs' filters (msgs/**, the config's own file, the module) are checked with their types module in
// init-kept-config.test.ts

test('a config in a folder of a monorepo (package.json#tplsync of teams/support): its filters from the repository\'s root', async () => {
  const dir = repo({ 'teams/support/package.json': JSON.stringify({ name: 'support', private: true, tplsync: config('msgs/**/*.yaml') }), 'teams/support/msgs/order_ready.en_US.yaml': TEMPLATE });
  try {
    const r = await cliIn(['init', '--yes'], { cwd: path.join(dir, 'teams/support') });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.equal(workflow(dir, 'tplsync-pull-request-teams-support.yml').on.pull_request!.paths, ['teams/support/msgs/**', 'teams/support/package.json', 'teams/support/tplsync-templates.ts', '.github/workflows/tplsync-pull-request-teams-support.yml']);
  } finally { cleanup(dir); }
});

test('a new project keeps init\'s filters: templates/**, tplsync.config.* and the module', async () => {
  const dir = repo({});
  try {
    assert.is((await cliIn(['init', '--yes'], { cwd: dir })).exitCode, 0);
    assert.equal(workflow(dir, 'tplsync-pull-request.yml').on.pull_request!.paths, ['templates/**', 'tplsync.config.*', 'tplsync-templates.ts', '.github/workflows/tplsync-pull-request.yml']);
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
