// A template folder linked into the project (templates/shared -> ../../shared) is read through the
// link. lint's advice for it used to be "add its folder to the config's templates globs"; doing so
// made every template there a duplicate of itself (duplicate-template both ways: one file reached
// by two paths). The same real file is now one file, and the advice is the glob through the link.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import { discoverFiles } from '../src/files/discover.ts';

const config = (globs: string[]): string => `templates: ${JSON.stringify(globs)}\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`;
const tpl = (name: string): string => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your ${name} appointment is confirmed for tomorrow."\n  examples: { "1": Ana }\n`;
const said = (d: { file: string; ruleId: string; message: string }[]) => d.map((x) => `${x.file} ${x.ruleId} ${x.message}`).join('\n');

/** root/shared/hello.en_US.yaml, root/proj/templates/own.en_US.yaml, root/proj/templates/Shared Bank -> ../../shared */
function monorepo(globs: string[]): { root: string; proj: string } {
  const root = tempDir('tplsync-linked-once-');
  writeFiles(root, { 'shared/hello.en_US.yaml': tpl('hello'), 'shared/sub/bye.en_US.yaml': tpl('bye'), 'proj/templates/own.en_US.yaml': tpl('own'), 'proj/tplsync.config.yaml': config(globs) });
  symlinkSync('../../shared', path.join(root, 'proj', 'templates', 'Shared Bank'));
  return { root, proj: path.join(root, 'proj') };
}

test('a linked folder under the globs leads out: the advice names the glob through the link, and following it lints clean', async () => {
  const { root, proj } = monorepo(['templates/**/*.yaml']);
  try {
    const r = await lintInProcess(proj);
    const text = said(r.diagnostics);
    assert.is(r.exitCode, 1, text);
    assert.match(text, `${path.join('templates', 'Shared Bank', 'hello.en_US.yaml')} file-outside-project`);
    assert.match(text, 'add a glob that starts from the link, "templates/Shared Bank/**/*.yaml"');
    assert.not.match(text, 'add its folder');
  } finally { cleanup(root); }
  // what it advises, in a project of its own (the refusals of discovery are the run's, and lintInProcess shares one run)
  const advised = monorepo(['templates/**/*.yaml', 'templates/Shared Bank/**/*.yaml']);
  try {
    const after = await lintInProcess(advised.proj);
    assert.is(after.exitCode, 0, said(after.diagnostics));
    assert.equal(after.diagnostics, []);
  } finally { cleanup(advised.root); }
});

for (const globs of [['templates/**/*.yaml', '../shared/**/*.yaml'], ['templates/**/*.yaml', 'templates/Shared Bank/**/*.yaml', '../shared/**/*.yaml'], ['templates/**/*.yaml', '../shared/*.yaml', '../shared/sub/*.yaml']]) {
  test(`the link's target folder added to the globs (${globs.join(', ')}): each file once, at its own path, no duplicate-template`, async () => {
    const { root, proj } = monorepo(globs);
    try {
      const r = await lintInProcess(proj);
      assert.equal(said(r.diagnostics), '');
      assert.is(r.exitCode, 0);
      const files = (await discoverFiles({ dir: proj, templates: globs }, [], proj)).map((f) => f.file);
      assert.equal(files.sort(), [path.join('..', 'shared', 'hello.en_US.yaml'), path.join('..', 'shared', 'sub', 'bye.en_US.yaml'), path.join('templates', 'own.en_US.yaml')]);
    } finally { cleanup(root); }
  });
}

test('two links to one folder: each file once', async () => {
  const { root, proj } = monorepo(['templates/**/*.yaml', 'templates/Shared Bank/**/*.yaml']);
  try {
    symlinkSync('../../shared', path.join(proj, 'templates', 'again'));
    writeFiles(proj, { 'tplsync.config.yaml': config(['templates/**/*.yaml', 'templates/Shared Bank/**/*.yaml', 'templates/again/**/*.yaml']) });
    const r = await lintInProcess(proj);
    assert.equal(said(r.diagnostics), '');
    const files = (await discoverFiles({ dir: proj, templates: ['templates/**/*.yaml', 'templates/Shared Bank/**/*.yaml', 'templates/again/**/*.yaml'] }, [], proj)).map((f) => f.file);
    assert.is(files.length, 3, files.join(' '));
  } finally { cleanup(root); }
});

test.run();
