// `init --yes` in a project that already has a config of its own writes no template (one for an
// alias the config lacks would fail lint; a sample the team deleted would come back and be
// created by the next apply), and a second run changes nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = `${statSync(p).mtimeMs} ${readFileSync(p, 'utf8')}`;
    }
  };
  walk(dir);
  return out;
}

test('init --yes in a project with a config of its own writes no template, whatever the alias', async () => {
  const dir = tempDir('tplsync-init-rerun-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n',
      'templates/keep.en_US.yaml': 'channel: shop\nname: keep\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /skipped\s+templates\/welcome_message\.en_US\.yaml \(tplsync\.config\.yaml was kept: init writes its first template only with a new config; `tplsync new` writes a template\)/);
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome_message.en_US.yaml')));
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    // with an alias the config has, neither
    const again = await cliIn(['init', '--yes', '--channel', 'shop'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome_message.en_US.yaml')));
  } finally { cleanup(dir); }
});

test('a sample template the team deleted does not come back with a second init (the next apply would create it on the channel)', async () => {
  const dir = tempDir('tplsync-init-deleted-');
  try {
    const first = await cliIn(['init', '--yes', '--channel', 'main-wa'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    rmSync(path.join(dir, 'templates/welcome_message.en_US.yaml'));
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': 'channel: main-wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n' });
    rmSync(path.join(dir, '.github'), { recursive: true });
    const again = await cliIn(['init', '--yes', '--channel', 'main-wa'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.match(again.stdout, /created\s+\.github\/workflows\/tplsync-pull-request\.yml/);
    assert.match(again.stdout, /skipped\s+templates\/welcome_message\.en_US\.yaml/);
    assert.not.ok(existsSync(path.join(dir, 'templates/welcome_message.en_US.yaml')));
    const plan = await cliIn(['plan', '--format', 'json'], { cwd: dir });
    assert.not.match(plan.stdout, /welcome_message/);
  } finally { cleanup(dir); }
});

test('init --yes in a project configured in package.json#tplsync writes no tplsync.config.yaml to take its place', async () => {
  const dir = tempDir('tplsync-init-pkg-');
  try {
    writeFiles(dir, {
      'package.json': JSON.stringify({ name: 'shop', private: true, tplsync: { templates: ['msg/**/*.yaml'], defaultEnvironment: 'local', environments: { local: { emulator: '.tplsync/emulator.json', channels: { shop: '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11' } } } } }, null, 2),
      // a template with an error: lint must go on finding it after init
      'msg/x.en_US.yaml': 'channel: shop\nname: Bad-Name\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready."\n  examples: { 1: Ana }\n',
    });
    const before = await cliIn(['lint'], { cwd: dir });
    assert.is(before.exitCode, 1, before.stdout + before.stderr);
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /skipped\s+tplsync\.config\.yaml \(the project's config is package\.json#tplsync; a tplsync\.config\.yaml beside it would be read instead of it\)/);
    // what to do next names the config that was kept, not a tplsync.config.yaml that is not there
    assert.not.match(r.stdout, /in tplsync\.config\.yaml|embedded emulator \(environment "local"\)/);
    assert.match(r.stdout, /package\.json#tplsync, which was kept, must define it/);
    assert.not.ok(existsSync(path.join(dir, 'tplsync.config.yaml')));
    assert.not.ok(existsSync(path.join(dir, 'templates')));
    assert.ok(existsSync(path.join(dir, '.github', 'workflows')), 'the workflows are still written');
    const after = await cliIn(['lint'], { cwd: dir });
    assert.is(after.exitCode, 1, after.stdout + after.stderr);
    assert.match(after.stdout, 'msg/x.en_US.yaml');
  } finally { cleanup(dir); }
});

test('init --yes with --config naming the project\'s config: it is kept (no tplsync.config.yaml, no template of init\'s), and named in what to do next', async () => {
  const dir = tempDir('tplsync-init-named-');
  try {
    writeFiles(dir, { 'conf/team.json': JSON.stringify({ templates: ['msg/**/*.yaml'], defaultEnvironment: 'local', environments: { local: { emulator: '.tplsync/emulator.json', channels: { shop: '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11' } } } }) });
    const r = await cliIn(['--config', 'conf/team.json', 'init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.ok(existsSync(path.join(dir, 'tplsync.config.yaml')), 'no config written to be found before the named one');
    assert.not.ok(existsSync(path.join(dir, 'templates')));
    assert.match(r.stdout, /conf\/team\.json, which was kept, must define it/);
    assert.match(r.stdout, /add --config conf\/team\.json to each step's args/);
    const missing = await cliIn(['--config', 'conf/none.json', 'init', '--yes'], { cwd: dir });
    assert.is(missing.exitCode, 3, missing.stdout + missing.stderr);
  } finally { cleanup(dir); }
});

test('a second init --yes changes nothing, the generated types included', async () => {
  const dir = tempDir('tplsync-init-rerun-');
  try {
    const first = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    assert.ok(existsSync(path.join(dir, 'tplsync-templates.ts')), 'init writes the types the pull-request workflow checks');
    assert.match(readFileSync(path.join(dir, '.github/workflows/tplsync-pull-request.yml'), 'utf8'), /command: types\n\s+args: --check/);
    const before = snapshot(dir);
    const second = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stderr);
    assert.match(second.stdout, /nothing was changed/);
    assert.equal(snapshot(dir), before);
    assert.is((await cliIn(['types', '--check'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
});

test('init run again after a first run was killed before it wrote the generated types: the types are written (the pull-request workflow checks them), not "everything is already here"', async () => {
  const dir = tempDir();
  try {
    assert.is((await cliIn(['init', '--yes'], { cwd: dir })).exitCode, 0);
    rmSync(path.join(dir, 'tplsync-templates.ts'));
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(r.stdout, /Everything init writes is already here/);
    assert.ok(existsSync(path.join(dir, 'tplsync-templates.ts')));
    assert.is((await cliIn(['types', '--check'], { cwd: dir })).exitCode, 0);
    const again = await cliIn(['init', '--yes'], { cwd: dir });
    assert.match(again.stdout, /Everything init writes is already here; nothing was changed/);
  } finally { cleanup(dir); }
});

test('init says what it finds at tplsync-templates.ts: its own module exists, a file of the user\'s or a pipe is skipped, left as it is, with what to do', async () => {
  const base = tempDir();
  try {
    const cases: [string, (f: string) => void, RegExp][] = [
      ['a file of the user\'s', (f) => writeFileSync(f, '// mine\nexport const x = 1;\n'), /skipped\s+tplsync-templates\.ts \(a file tplsync did not write: left as it is, and the types module was not written; .*set typesOut in tplsync\.config\.yaml/],
      ['a pipe', (f) => execFileSync('mkfifo', [f]), /skipped\s+tplsync-templates\.ts \(not a regular file: the types module was not written; remove it, or/],
      ['a module tplsync generated', (f) => writeFileSync(f, '// Generated by tplsync types from tplsync.config.yaml. Do not edit: run `tplsync types` to update it.\n'), /exists\s+tplsync-templates\.ts \(left as it is\)/],
    ];
    for (const [k, [what, make, said]] of cases.entries()) {
      const dir = path.join(base, String(k));
      mkdirSync(dir);
      const file = path.join(dir, 'tplsync-templates.ts');
      make(file);
      const before = lstatSync(file);
      const r = await cliIn(['init', '--yes'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(r.stdout, said, `${what}: ${r.stdout}`);
      assert.ok(lstatSync(file).isFIFO() === before.isFIFO() && lstatSync(file).size === before.size, `${what} left as it is`);
    }
  } finally { cleanup(base); }
});

test.run();
