// Config errors read like lint findings: FILE:LINE:COLUMN, the key, a suggestion; and a missing
// config says how to make one. All exit 3.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cli, tempDir, writeFiles } from './helpers.ts';

const run = async (files: Record<string, string>, args = ['plan']) => {
  const dir = tempDir();
  try { writeFiles(dir, files); return await cli(args, { cwd: dir }); } finally { cleanup(dir); }
};

test('a YAML syntax error in the config names its line and column', async () => {
  const r = await run({ 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: x.json\n   channels: {}\n' });
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /tplsync\.config\.yaml:4:\d+: YAML syntax error: bad indentation of a mapping entry/);
  const j = await run({ 'tplsync.config.json': '{"environments": {"local": {"emulator": "x.json",}}}\n' });
  assert.is(j.exitCode, 3);
  assert.match(j.stderr, /tplsync\.config\.json:1:\d+: JSON syntax error: /);
});

test('schema errors name the key\'s line and suggest the nearest key or value; every problem is listed', async () => {
  const r = await run({ 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nenviroments:\n  local:\n    emulator: x.json\nrules:\n  placeholder-density: warnn\n' });
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /The config has 2 problems:/);
  assert.match(r.stderr, /tplsync\.config\.yaml:2:1: unknown key 'enviroments'; did you mean 'environments'\?/);
  assert.match(r.stderr, /tplsync\.config\.yaml:6:3: rules\.placeholder-density: 'warnn' is not allowed; did you mean 'warn'\?/);
  const nested = await run({ 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: x.json\n    chanels: {}\n' });
  assert.match(nested.stderr, /tplsync\.config\.yaml:4:5: environments\.local: unknown key 'chanels'; did you mean 'channels'\?/);
  const pkg = await run({ 'package.json': '{\n  "name": "x",\n  "tplsync": { "enviroments": {} }\n}\n' });
  assert.match(pkg.stderr, /package\.json:3:16: unknown key 'enviroments'; did you mean 'environments'\?/);
  const env = await run({ 'tplsync.config.yaml': 'defaultEnvironment: locl\nenvironments:\n  local:\n    emulator: x.json\n' });
  assert.match(env.stderr, /tplsync\.config\.yaml:1:1: defaultEnvironment 'locl' is not one of the environments; did you mean 'local'\?/);
});

test('no config found: says where it looked and how to create one', async () => {
  const r = await run({ 'package.json': '{}\n' });
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /No config found: looked for tplsync\.config\.yaml, \.tplsyncrc\*, package\.json#tplsync from /);
  assert.match(r.stderr, /Create tplsync\.config\.yaml in the project's root \(or name one with --config FILE\), for example:\n\n  templates:/);
  const missing = await run({ 'package.json': '{}\n' }, ['plan', '--config', 'nope.yaml']);
  assert.is(missing.exitCode, 3);
  assert.match(missing.stderr, /Config file not found: nope\.yaml\nCreate tplsync\.config\.yaml/);
});

test.run();
