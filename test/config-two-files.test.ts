// Two or more configs in the folder where the search stops (trial-ao F1): tplsync.config.yaml beside
// tplsync.config.json, .tplsyncrc.json or package.json#tplsync. The search reads only the first of
// them, so an edit to the other changed nothing, without a word. Refused (exit 3), naming every file
// found and the one that would be read, unless --config chooses.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const YAML = 'templates: ["templates/**/*.yaml"]\n';
const BOGUS_JSON = '{ "templates": ["templates/**/*.yaml"], "bogus": 1 }\n';

/** `files` in a temp dir, with a template the globs above find (and one for pkg/t/) */
async function inDir<T>(files: Record<string, string>, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = tempDir();
  try { writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALID, 'pkg/t/order_ready.en_US.yaml': VALID, ...files }); return await use(dir); } finally { cleanup(dir); }
}

test('two configs in one folder: every command that reads the config refuses, naming both and the one that would be read', async () => {
  const layouts: [Record<string, string>, string][] = [
    [{ 'tplsync.config.yaml': YAML, 'tplsync.config.json': BOGUS_JSON }, 'tplsync.config.json'],
    [{ 'tplsync.config.yaml': YAML, '.tplsyncrc.json': BOGUS_JSON }, '.tplsyncrc.json'],
    [{ 'tplsync.config.yaml': YAML, 'package.json': '{ "name": "shop", "tplsync": { "bogus": 1 } }\n' }, 'package.json#tplsync'],
    // a JavaScript config (read by cosmiconfig, not the direct reader) counts as well
    [{ 'tplsync.config.yaml': YAML, 'tplsync.config.mjs': 'export default { templates: ["templates/**/*.yaml"] };\n' }, 'tplsync.config.mjs'],
    // an empty file is a config the search takes (an empty one)
    [{ 'tplsync.config.yaml': '', '.tplsyncrc.yaml': YAML }, '.tplsyncrc.yaml'],
  ];
  for (const [files, other] of layouts) {
    await inDir(files, async (dir) => {
      for (const cmd of [['lint'], ['plan'], ['types', '--check']]) {
        const r = await cliIn(cmd, { cwd: dir });
        assert.is(r.exitCode, 3, `${cmd[0]} ${other}: ${r.stderr}`);
        assert.match(r.stderr, `2 config files in the working directory: tplsync.config.yaml and ${other}`);
        assert.match(r.stderr, `tplsync reads only tplsync.config.yaml (the first of the names it looks for) and would ignore ${other}`);
        assert.match(r.stderr, /delete one of them \(or merge them into one\), or choose one with --config FILE \(--config tplsync\.config\.yaml\)/);
        assert.is(r.stdout, '');
      }
    });
  }
});

test('three configs: all named; the refusal is made where the search stops, whichever folder that is', async () => {
  await inDir({ 'tplsync.config.yml': YAML, '.tplsyncrc': YAML, 'package.json': '{ "tplsync": {} }\n' }, async (dir) => {
    const r = await cliIn(['lint'], { cwd: path.join(dir, 'pkg') });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, '3 config files in ..: tplsync.config.yml, .tplsyncrc and package.json#tplsync');
    assert.match(r.stderr, 'would ignore .tplsyncrc and package.json#tplsync');
    assert.match(r.stderr, '(--config ../tplsync.config.yml)');
  });
});

test('not two configs: one config and a package.json without the key; a config in a folder above another; --config chooses', async () => {
  await inDir({ 'tplsync.config.yaml': YAML, 'package.json': '{ "name": "shop" }\n' }, async (dir) => {
    const r = await cliIn(['lint'], { cwd: dir });
    assert.not.match(r.stderr, /config files in/);
    assert.not.equal(r.exitCode, 3, r.stderr);
  });
  // a project of its own below another (a monorepo's package): the nearer is the one, as always
  await inDir({ 'tplsync.config.yaml': YAML, 'pkg/.tplsyncrc.json': '{ "templates": ["t/**/*.yaml"] }\n' }, async (dir) => {
    const r = await cliIn(['lint'], { cwd: path.join(dir, 'pkg') });
    assert.not.match(r.stderr, /config files in/);
    assert.not.equal(r.exitCode, 3, r.stderr);
  });
  await inDir({ 'tplsync.config.yaml': YAML, 'tplsync.config.json': BOGUS_JSON }, async (dir) => {
    const yaml = await cliIn(['lint', '--config', 'tplsync.config.yaml'], { cwd: dir });
    assert.not.equal(yaml.exitCode, 3, yaml.stderr);
    assert.not.match(yaml.stderr, /config files in/);
    // the other, chosen, is read (and its own problem said)
    const json = await cliIn(['lint', '--config', 'tplsync.config.json'], { cwd: dir });
    assert.is(json.exitCode, 3);
    assert.match(json.stderr, /unknown key 'bogus'/);
  });
});

test('loadConfig refuses two configs as a UsageError (the LSP and every caller of the loader see it)', async () => {
  const { loadConfig } = await import('../src/config/load.ts');
  const { UsageError } = await import('../src/core/errors.ts');
  await inDir({ 'tplsync.config.yaml': YAML, 'tplsync.config.json': BOGUS_JSON }, async (dir) => {
    const e = await loadConfig({ cwd: dir }).then(() => undefined, (x: unknown) => x);
    assert.ok(e instanceof UsageError, String(e));
    assert.match((e as Error).message, /config files in/);
    const chosen = await loadConfig({ cwd: dir, configFile: 'tplsync.config.yaml' });
    assert.is(chosen.file, path.join(dir, 'tplsync.config.yaml'));
  });
});

test('init in a folder with two configs: refused as every command refuses it, nothing written', async () => {
  await inDir({ 'tplsync.config.yaml': YAML, 'package.json': '{ "name": "shop", "tplsync": { "templates": ["t/**/*.yaml"] } }\n' }, async (dir) => {
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, '2 config files in the working directory: tplsync.config.yaml and package.json#tplsync');
    assert.match(r.stderr, /Nothing was written/);
    assert.not.ok(existsSync(path.join(dir, '.github')));
  });
});

test.run();
