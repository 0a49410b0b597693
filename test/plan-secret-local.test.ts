// A local branch (no upstream), as a user edits, commits and plans: a secret rotated with the files
// equal to HEAD, a secret's removal committed, and no git at all. No earlier value of a secret the
// channel still holds is printed in clear: HEAD's files are the masking base whether or not the
// files differ from them, a removal committed finds the file's last version that referred to the
// secret, and with no base at all the channel's text where a reference stands is hidden in that
// template alone (said once). A word a base shows as text stays shown (the other plan-secret files).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

// fixed canaries: letters alone (a word by its form, so nothing but a base tells it is a secret), and a token
const WORD_OLD = 'QuokkaZebraCanary';
const WORD_NEW = 'OtterLynxCanary';
const TOKEN = 'tok_live_9fQ2xCANARYz';
const CONFIG = emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A }, values: { word_secret: { env: 'L_WORD' }, login_tok: { env: 'L_TOK' } } });
const SPRING = (word: string) => `channel: wa
name: spring_voucher
language: en_US
category: MARKETING
header: { format: TEXT, text: "Spring Voucher week" }
body:
  text: "Hi {{1}}, your code gives 10% off. Your ${word} is shown in the app; Voucher holders get early access."
  examples: { 1: Ana }
`;
const LOGIN = (tok: string) => `channel: wa
name: account_login
language: en_US
category: UTILITY
body:
  text: "Hi {{1}}, sign in to see your orders."
  examples: { 1: Ana }
buttons:
  - type: URL
    text: Sign in
    url: "https://app.example.com/in/${tok}/{{1}}"
    example: "https://app.example.com/in/${tok}/abc"
`;
// another template, with no secret: never touched by a mask
const OTHER = `channel: wa
name: quokka_news
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, the zebra and the otter say hello."
  examples: { 1: Ana }
`;

const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });

async function appliedProject(dir: string, withGit: boolean): Promise<void> {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/spring.en_US.yaml': SPRING('((word_secret))'), 'templates/login.en_US.yaml': LOGIN('((login_tok))'), 'templates/news.en_US.yaml': OTHER, '.gitignore': '.tplsync/\n' });
  if (withGit) { await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'secrets']); }
  const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: { L_WORD: WORD_OLD, L_TOK: TOKEN } });
  assert.is(applied.exitCode, 0, applied.stderr);
}

function noCanary(out: string, what: string): void {
  for (const c of [WORD_OLD, TOKEN]) assert.not.ok(out.includes(c), `${what}: ${c} in clear:\n${out}`);
}

test('K-1: a letters-only secret rotated, the files equal to HEAD, no upstream: plan masks the channel\'s earlier value (HEAD has the reference there)', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    await appliedProject(dir, true);
    assert.is((await git(dir, ['status', '--porcelain'])).stdout, '');
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { L_WORD: WORD_NEW, L_TOK: TOKEN } });
      assert.is(r.exitCode, 0, r.stderr);
      noCanary(`${r.stdout}${r.stderr}`, format);
      assert.match(r.stdout, 'spring_voucher', format);
      // the other template and the name untouched; the channel's own words shown
      assert.not.match(r.stdout, 'quokka_news/en_US: (secret)');
      if (format === 'text') assert.match(r.stdout, 'body.text: a secret value differs from the channel\'s copy');
    }
  } finally { cleanup(dir); }
});

test('K-2: secrets removed and the removal committed (config too, variables unset), no upstream: the file\'s last version that referred to them masks the channel\'s copies', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    await appliedProject(dir, true);
    writeFiles(dir, { 'templates/spring.en_US.yaml': SPRING('pass'), 'templates/login.en_US.yaml': LOGIN('home'), 'tplsync.config.yaml': emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A } }) });
    await git(dir, ['commit', '-qam', 'remove secrets']);
    // and a later commit that touches another file: the history is looked at beyond HEAD~1
    writeFileSync(path.join(dir, 'templates/news.en_US.yaml'), OTHER.replace('say hello', 'say hi'));
    await git(dir, ['commit', '-qam', 'news']);
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { L_WORD: undefined, L_TOK: undefined } });
      assert.is(r.exitCode, 0, r.stderr);
      noCanary(`${r.stdout}${r.stderr}`, format);
      assert.match(r.stdout, '(secret)', format);
      assert.match(r.stdout, 'account_login', format);
    }
  } finally { cleanup(dir); }
});

test.run();
