// The workflows init writes run on changes to the project's own files (trial-x F11): they filtered on
// templates/** and tplsync.config.* whatever the config said, so templates in msgs/ or a config in
// package.json or .tplsyncrc.json ran neither lint nor plan, and no apply on merge. The filters are
// now the folders of the config's globs, the config's own file and the types module.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { expandBraces, watchedPaths } from '../src/init/watch-paths.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CHANNEL = '3b66178b-585b-549b-8664-15b9ad34b735';
const config = (templates: string, extra = ''): Record<string, unknown> => ({ templates: [templates], defaultEnvironment: 'local', environments: { local: { emulator: '.tplsync/emulator.json', channels: { wa: CHANNEL } } }, channels: { wa: { kind: 'whatsapp' } }, ...(extra ? { typesOut: extra } : {}) });
const yamlConfig = (templates: string): string => `templates: ["${templates}"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL} }\nchannels:\n  wa: { kind: whatsapp }\n`;
const TEMPLATE = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n';

function repo(files: Record<string, string>, branch = 'main'): string {
  const dir = tempDir('tplsync-init-kept-');
  execFileSync('git', ['init', '-q', '-b', branch], { cwd: dir });
  writeFiles(dir, files);
  return dir;
}

type Workflow = { on: { pull_request?: { paths: string[] }; push?: { branches: string[]; paths: string[] } } };
const workflow = (dir: string, name: string): Workflow => parse(readFileSync(path.join(dir, '.github/workflows', name), 'utf8')) as Workflow;
/** whether a change to `file` (from the repository's root) runs a workflow of these path filters (GitHub's globs) */
const runs = (filters: readonly string[], file: string): boolean => filters.some((f) => picomatch(f, { dot: true })(file));

const KEPT: [string, Record<string, string>, string][] = [
  ['package.json#tplsync', { 'package.json': JSON.stringify({ name: 'shop', private: true, tplsync: config('msgs/**/*.{yaml,yml}') }, null, 2) }, 'package.json'],
  ['.tplsyncrc.json', { '.tplsyncrc.json': JSON.stringify(config('msgs/**/*.{yaml,yml}')) }, '.tplsyncrc.json'],
  ['a tplsync.config.yaml of the team\'s', { 'tplsync.config.yaml': yamlConfig('msgs/**/*.{yaml,yml}') }, 'tplsync.config.*'],
];

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
