// A template reached through a folder linked into the project (templates/shared -> ../shared): git tracks it at its
// real path (shared/...), and plan asked git for the link's path, which has no history. A console edit of such a
// template was never marked drift (plan), drift against the base (plan --base) or a conflict (plan --base, preview
// --changes --base): a plain update, and apply replaced the console's edit without a word. The history is now read
// where git has the file.
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { git } from './drift-repo.ts';

const tpl = (name: string, when: string): string => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your ${name} appointment is confirmed for ${when}."\n  examples: { "1": Ana }\n`;

test('a console edit of a template reached through a linked folder: drift in plan, in plan --base and a conflict in plan/preview --changes --base, as for a file of its own', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const root = tempDir('tplsync-drift-linked-');
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(root, {
      'tplsync.config.yaml': `templates: ["templates/*.yaml", "templates/shared/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/plain.en_US.yaml': tpl('plain', 'tomorrow'),
      'shared/linked.en_US.yaml': tpl('linked', 'tomorrow'),
      'README.md': 'one\n',
      '.gitignore': '.tplsync/\n',
    });
    symlinkSync('../shared', path.join(root, 'templates', 'shared'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'one');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: root, env })).exitCode, 0);
    // an edit on the channel (applied from a file no commit has), then the files back as committed
    writeFiles(root, { 'templates/plain.en_US.yaml': tpl('plain', 'tomorrow noon'), 'shared/linked.en_US.yaml': tpl('linked', 'tomorrow noon') });
    const edit = await cliIn(['apply', '--auto-approve'], { cwd: root, env });
    assert.is(edit.exitCode, 0, edit.stdout + edit.stderr);
    emu.advanceClock(25 * 3600_000);
    git(root, 'checkout', '--', 'templates', 'shared');
    const outside = /~ update wa\/(plain|linked)\/en_US \(drift: edited outside tplsync, no commit of the file has the channel's text; apply would revert it\)/g;
    const plan = await cliIn(['plan'], { cwd: root, env });
    assert.equal([...plan.stdout.matchAll(outside)].map((m) => m[1]).sort(), ['linked', 'plain'], plan.stdout + plan.stderr);
    assert.match(plan.stdout, `no commit of ${path.join('templates', 'shared', 'linked.en_US.yaml')} has`);
    // a branch that changed only the README: both drift against the base
    git(root, 'checkout', '-q', '-b', 'feat');
    writeFileSync(path.join(root, 'README.md'), 'two\n');
    git(root, 'commit', '-qam', 'readme');
    const based = await cliIn(['plan', '--base', 'main'], { cwd: root, env });
    const notHere = /~ update wa\/(plain|linked)\/en_US \(drift: changed on the channel, not in this branch; apply would revert it\)/g;
    assert.equal([...based.stdout.matchAll(notHere)].map((m) => m[1]).sort(), ['linked', 'plain'], based.stdout + based.stderr);
    // a branch that edits the files too: a conflict of both sides, in plan and in the preview of the changes
    git(root, 'checkout', '-q', '-b', 'feat2', 'main');
    writeFiles(root, { 'templates/plain.en_US.yaml': tpl('plain', 'tomorrow evening'), 'shared/linked.en_US.yaml': tpl('linked', 'tomorrow evening') });
    git(root, 'commit', '-qam', 'evening');
    const both = await cliIn(['plan', '--base', 'main'], { cwd: root, env });
    const conflict = /~ update wa\/(plain|linked)\/en_US \(conflict: changed on the channel and in this branch; apply would replace the channel's edit\)/g;
    assert.equal([...both.stdout.matchAll(conflict)].map((m) => m[1]).sort(), ['linked', 'plain'], both.stdout + both.stderr);
    const out = path.join(root, 'changes');
    const preview = await cliIn(['preview', '--changes', '--base', 'main', '--out', out], { cwd: root, env });
    assert.is(preview.exitCode, 0, preview.stdout + preview.stderr);
    const { readdirSync, readFileSync } = await import('node:fs');
    const pages = readdirSync(out).filter((f) => f.includes('linked') && f.endsWith('.html'));
    assert.ok(pages.length > 0, readdirSync(out).join(' '));
    assert.match(pages.map((f) => readFileSync(path.join(out, f), 'utf8')).join('\n'), /conflict/i);
  } finally { cleanup(root); await emu.close(); }
});

test.run();
