// A templates folder that is a symbolic link out of the project: lint and fmt refuse its files (file-outside-project),
// and so does every writer. (trial-aa F4: `translations import` wrote them, exit 0; `pull --force --id` called such a
// file "deleted (not committed)", git not following the link, then wrote over it, dropping an imported translation and
// its translated_from record.)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (lang: string, text: string) => `channel: wa\nname: order_shipped\nlanguage: ${lang}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { customer: Ann }\n`;
const env = { TPLSYNC_API_KEY: 'k' };

/** a git project of an en_US and a de template on an emulator, committed and applied (the emulator closed by the caller) */
async function appliedProject(prefix: string) {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const root = tempDir(prefix);
  const dir = path.join(root, 'proj');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  try {
    mkdirSync(dir);
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp, languages: [en_US, de] }\n`,
      'templates/wa/order_shipped.en_US.yaml': file('en_US', 'Good news {{customer}}: shipped.'), 'templates/wa/order_shipped.de.yaml': file('de', 'Gute Nachricht {{customer}}: versandt.') });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
  } catch (e) { cleanup(root); await emu.close(); throw e; }
  return { emu, root, dir, git };
}

test('F4: files reached through a link out of the project: translations import and pull --force refuse them as lint does, the file untouched', async () => {
  const { emu, root, dir } = await appliedProject('tplsync-linked-writers-');
  try {
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', 'de.xlf'], { cwd: dir, env });
    assert.is(ex.exitCode, 0, ex.stderr);
    const xlf = readFileSync(path.join(dir, 'de.xlf'), 'utf8');
    assert.match(xlf, 'Gute Nachricht');
    writeFileSync(path.join(dir, 'de.xlf'), xlf.replace('Gute Nachricht', 'Neu: Gute Nachricht'));
    // the folder moved out of the project, a link left in its place (not committed: git sees the files as deleted)
    mkdirSync(path.join(root, 'ext'));
    renameSync(path.join(dir, 'templates/wa'), path.join(root, 'ext/wa'));
    symlinkSync('../../ext/wa', path.join(dir, 'templates/wa'));
    const de = path.join(root, 'ext/wa/order_shipped.de.yaml');
    const before = readFileSync(de, 'utf8');
    const lint = await cliIn(['lint'], { cwd: dir, env });
    assert.match(lint.stdout + lint.stderr, 'file-outside-project');
    const imp = await cliIn(['translations', 'import', 'de.xlf'], { cwd: dir, env });
    assert.is.not(imp.exitCode, 0, imp.stdout + imp.stderr);
    assert.match(imp.stderr, 'templates/wa/order_shipped.de.yaml');
    assert.match(imp.stderr, 'leads out of the project');
    assert.is(readFileSync(de, 'utf8'), before, 'import wrote nothing through the link');
    // the file edited there, then the channel's copy pulled: not "deleted", not written over
    writeFileSync(de, before.replace('Gute Nachricht', 'Neu: Gute Nachricht'));
    const id = templateId(CHANNEL_A, 'order_shipped', 'de');
    const pull = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(pull.exitCode, 1, pull.stdout + pull.stderr);
    assert.not.match(pull.stderr, 'deleted');
    assert.match(pull.stderr, 'not written to templates/wa/order_shipped.de.yaml');
    assert.match(pull.stderr, 'leads out of the project');
    assert.match(readFileSync(de, 'utf8'), 'Neu: Gute Nachricht');
  } finally { cleanup(root); await emu.close(); }
});

// verify-17 NEW-1: the link committed (git tracks the link, so it calls no file deleted): pull --force --id wrote a second
// file of the template at templates/NAME.LANG.yaml, saying nothing of the linked file. The refused file named for the
// template is its file: not written, said as in the uncommitted case, and no second copy made.
for (const shape of ['folder', 'file'] as const) {
  test(`NEW-1: a ${shape} linked out of the project and committed: pull --force --id writes no second copy, says the linked file`, async () => {
    const { emu, root, dir, git } = await appliedProject('tplsync-linked-committed-');
    try {
      mkdirSync(path.join(root, 'ext'));
      if (shape === 'folder') {
        renameSync(path.join(dir, 'templates/wa'), path.join(root, 'ext/wa'));
        symlinkSync('../../ext/wa', path.join(dir, 'templates/wa'));
      } else {
        mkdirSync(path.join(root, 'ext/wa'));
        renameSync(path.join(dir, 'templates/wa/order_shipped.de.yaml'), path.join(root, 'ext/wa/order_shipped.de.yaml'));
        symlinkSync('../../../ext/wa/order_shipped.de.yaml', path.join(dir, 'templates/wa/order_shipped.de.yaml'));
      }
      git('add', '-A'); git('commit', '-qm', 'linked');
      const de = path.join(root, 'ext/wa/order_shipped.de.yaml');
      writeFileSync(de, readFileSync(de, 'utf8').replace('Gute Nachricht', 'Neu: Gute Nachricht'));
      const pull = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'de'), '--force'], { cwd: dir, env });
      assert.is(pull.exitCode, 1, pull.stdout + pull.stderr);
      assert.match(pull.stderr, 'not written to templates/wa/order_shipped.de.yaml');
      assert.match(pull.stderr, 'leads out of the project');
      assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')), 'no second copy of the template');
      assert.is(git('status', '--porcelain'), '');
      assert.match(readFileSync(de, 'utf8'), 'Neu: Gute Nachricht');
    } finally { cleanup(root); await emu.close(); }
  });
}

// verify-18 NEW-B: the linked folder taken by the glob its refusal advises, pull --force wrote over a file with a local edit
// and said "git diff FILE shows what changed": git tracks the link, not the files behind it, so that showed nothing
test('NEW-B: pull --force over a file behind a linked folder (taken by a glob from the link): no git diff advice git cannot follow', async () => {
  const { emu, root, dir, git } = await appliedProject('tplsync-linked-diff-');
  try {
    mkdirSync(path.join(root, 'ext'));
    renameSync(path.join(dir, 'templates/wa'), path.join(root, 'ext/wa'));
    symlinkSync('../../ext/wa', path.join(dir, 'templates/wa'));
    const config = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('templates: ["templates/**/*.yaml"]', 'templates: ["templates/**/*.yaml", "templates/wa/**/*.yaml"]'));
    git('add', '-A'); git('commit', '-qm', 'linked, with the glob from the link');
    const de = path.join(root, 'ext/wa/order_shipped.de.yaml');
    writeFileSync(de, readFileSync(de, 'utf8').replace('Gute Nachricht', 'Neu: Gute Nachricht'));
    const pull = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'de'), '--force'], { cwd: dir, env });
    assert.is(pull.exitCode, 0, pull.stdout + pull.stderr);
    assert.match(pull.stderr, 'Written over with the channel\'s copy');
    assert.not.match(pull.stderr, 'git diff templates/wa/order_shipped.de.yaml');
    assert.match(pull.stderr, 'templates/wa/order_shipped.de.yaml lies behind the linked folder templates/wa, which git tracks as a link, not the files behind it');
    assert.match(pull.stderr, `no repository at its real path ${path.join('..', 'ext', 'wa', 'order_shipped.de.yaml')} has it`);
    assert.not.match(readFileSync(de, 'utf8'), 'Neu: Gute Nachricht');
  } finally { cleanup(root); await emu.close(); }
});

// trial-bb note: the real folder in the same repository, the file there never committed: said as that, not as "no repository has it"
test('pull --force over an uncommitted file behind a linked folder of the same repository: "git has no commit of it"', async () => {
  const { emu, root, dir, git } = await appliedProject('tplsync-linked-uncommitted-');
  try {
    mkdirSync(path.join(dir, 'src'));
    git('rm', '-rq', '--cached', 'templates/wa');
    renameSync(path.join(dir, 'templates/wa'), path.join(dir, 'src/wa'));
    symlinkSync('../src/wa', path.join(dir, 'templates/wa'));
    const config = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('templates: ["templates/**/*.yaml"]', 'templates: ["templates/**/*.yaml", "templates/wa/**/*.yaml"]'));
    git('add', 'tplsync.config.yaml', 'templates/wa'); git('commit', '-qm', 'the link, its files not committed');
    const de = path.join(dir, 'src/wa/order_shipped.de.yaml');
    writeFileSync(de, readFileSync(de, 'utf8').replace('Gute Nachricht', 'Neu: Gute Nachricht'));
    const pull = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'de'), '--force'], { cwd: dir, env });
    assert.is(pull.exitCode, 0, pull.stdout + pull.stderr);
    assert.match(pull.stderr, `git does not hold what it replaced (git has no commit of ${path.join('src', 'wa', 'order_shipped.de.yaml')}: it was not committed)`);
    assert.not.match(pull.stderr, 'no repository at its real path');
  } finally { cleanup(root); await emu.close(); }
});

test.run();
