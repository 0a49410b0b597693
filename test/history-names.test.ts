// The files' history under names git would quote: a folder with a space and accents, a file with a
// curly apostrophe. `git log --name-only` quotes such paths ("templates/\303\211t\303\251 ...")
// unless told not to (and a path with a double quote, a backslash or a tab as a C string, always), and plan (an edit outside tplsync) and pull (the commit the channel's copy
// is) then found no version of the file at all.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { logCommits, unquoteGitPath } from '../src/files/git-blobs.ts';

const FILES = ['templates/Été promos/soldes d’été.en_US.yaml', 'templates/say "hi"\\now\tthen.en_US.yaml'];
const text = (words: string) => `channel: wa\nname: summer_sale\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Summer sale: flights to {{destination}} ${words}."\n  examples: { destination: Mallorca }\n`;
const env = { TPLSYNC_API_KEY: 'k' };
const id = templateId(CHANNEL_A, 'summer_sale', 'en_US');

for (const FILE of FILES) test(`a file whose path git quotes (${JSON.stringify(FILE)}): plan tells an older committed version from an edit outside tplsync, and pull names the commit the channel holds`, async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-history-names-');
  const git = (...a: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', ...a], { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x', GIT_CONFIG_NOSYSTEM: '1', HOME: '/nonexistent' } }).toString();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`, [FILE]: text('until Sunday'), '.gitignore': '.tplsync/\n' });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const applied = git('rev-parse', '--short', 'HEAD').trim();
    // a committed change not applied yet: an ordinary update, no edit outside
    writeFileSync(path.join(dir, FILE), text('until Monday'));
    git('commit', '-qam', 'monday');
    const plan = await cliIn(['plan'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stderr);
    assert.match(plan.stdout, '~ update wa/summer_sale/en_US');
    assert.not.match(plan.stdout, 'outside tplsync', plan.stdout);
    // pull --force names the commit whose version the channel holds
    const pull = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(pull.exitCode, 0, pull.stderr);
    assert.match(pull.stderr, `the channel's copy is what ${FILE} said at commit ${applied}: the file changed after it`);
    git('checkout', '-q', '--', '.');
    // an edit on the channel that no commit has: said as such
    writeFiles(dir, { 'other/sale.yaml': text('until Friday, book now') });
    assert.is((await cliIn(['apply', 'other/sale.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const outside = await cliIn(['plan'], { cwd: dir, env });
    assert.match(outside.stdout, `drift: the channel holds a text that no commit of ${FILE} has`, outside.stdout);
  } finally { cleanup(dir); await emu.close(); }
});

test('git\'s quoted paths read back: C escapes, octal bytes of UTF-8 (core.quotePath true), and paths left as they are', () => {
  assert.is(unquoteGitPath('"templates/\\303\\211t\\303\\251/a.yaml"'), 'templates/Été/a.yaml');
  assert.is(unquoteGitPath('"say \\"hi\\"\\\\now\\tthen.yaml"'), 'say "hi"\\now\tthen.yaml');
  assert.is(unquoteGitPath(' lead and trail .yaml '), ' lead and trail .yaml ');
  assert.equal(logCommits('\0abc123\n\ntemplates/a.yaml\n"b\\tc.yaml"\n\0def456\n'), [{ head: 'abc123', files: ['templates/a.yaml', 'b\tc.yaml'] }, { head: 'def456', files: [] }]);
});

test.run();
