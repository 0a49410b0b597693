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

/** the applied project, then its secrets removed from the files (the word `word` where the secret word stood) and the config, and committed */
async function removedAndCommitted(dir: string, word: string): Promise<void> {
  await appliedProject(dir, true);
  writeFiles(dir, { 'templates/spring.en_US.yaml': SPRING(word), 'templates/login.en_US.yaml': LOGIN('home'), 'tplsync.config.yaml': emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A } }) });
  await git(dir, ['commit', '-qam', 'remove secrets']);
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
    await removedAndCommitted(dir, 'pass');
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

// a template with two secrets: a word in its body, a token in its button's address
const BOTH = (word: string) => LOGIN('((login_tok))').replace('name: account_login', 'name: member_login').replace('sign in to see your orders.', `your ${word} opens the members' lounge.`);

test('some of a template\'s secrets removed and the removal committed while it keeps another, no upstream: the file\'s last version that referred to the removed one masks the channel\'s copy of it (verify-6 R-1)', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/member.en_US.yaml': BOTH('((word_secret))'), '.gitignore': '.tplsync/\n' });
    await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'secrets']);
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: { L_WORD: WORD_OLD, L_TOK: TOKEN } });
    assert.is(applied.exitCode, 0, applied.stderr);
    // the word's secret removed from the file and the config; the token kept (its variable set, as for a send)
    writeFiles(dir, { 'templates/member.en_US.yaml': BOTH('badge'), 'tplsync.config.yaml': emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A }, values: { login_tok: { env: 'L_TOK' } } }) });
    await git(dir, ['commit', '-qam', 'remove the word secret']);
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { L_WORD: undefined, L_TOK: TOKEN } });
      assert.is(r.exitCode, 0, r.stderr);
      noCanary(`${r.stdout}${r.stderr}`, format);
      assert.match(r.stdout, 'member_login', format);
      // the file's new word is its own text: shown
      assert.match(r.stdout, 'badge', format);
    }
  } finally { cleanup(dir); }
});

test('no git: a letters-only secret rotated: the channel\'s text where the reference stands is hidden in that template only, and said once why', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    await appliedProject(dir, false);
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { L_WORD: WORD_NEW, L_TOK: TOKEN } });
      assert.is(r.exitCode, 0, r.stderr);
      noCanary(`${r.stdout}${r.stderr}`, format);
      assert.match(r.stdout, 'spring_voucher', format);
      assert.match(r.stdout, 'no base to tell whether the channel\'s text where ((word_secret)) stands is an earlier value', format);
      assert.is(r.stdout.split('no base to tell').length, 2, `${format}: said once`);
      if (format === 'text') assert.match(r.stdout, 'body.text: a secret value differs from the channel\'s copy');
    }
  } finally { cleanup(dir); }
});

test('no git: a word the channel\'s text has where a secret now stands is hidden in that template\'s copy only: never in its name, nor in another template (a new one with the same word)', async () => {
  const dir = tempDir('tplsync-secret-local-');
  const CB = (header: string) => `channel: wa\nname: cashback_note\nlanguage: en_US\ncategory: MARKETING\nheader: { format: TEXT, text: "${header}" }\nbody:\n  text: "Dear {{1}}, enter the voucher shown in the app when you pay online to get 3% back."\n  examples: { 1: Ana }\n`;
  const FAQ = 'channel: wa\nname: cashback_faq\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your Cashback for October is paid on the 5th. Questions about cashback? Reply HELP."\n  examples: { 1: Ana }\n';
  const env = { L_PROMO: 'Autumn77q' };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'L_PROMO' } } }), 'templates/cb.en_US.yaml': CB('Your autumn Cashback') });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    writeFiles(dir, { 'templates/cb.en_US.yaml': CB('Your autumn ((promo_code))'), 'templates/faq.en_US.yaml': FAQ });
    const text = await cliIn(['plan'], { cwd: dir, env });
    assert.is(text.exitCode, 0, text.stderr);
    assert.match(text.stdout, 'wa/cashback_note/en_US');
    assert.match(text.stdout, 'wa/cashback_faq/en_US');
    assert.not.match(text.stdout, '(secret)_');
    assert.not.match(text.stdout, 'Your autumn Cashback');
    assert.match(text.stdout, 'no base to tell whether the channel\'s text where ((promo_code)) stands is an earlier value: hidden; plan --base REF shows it');
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.ok(md.stdout.includes('your Cashback for October is paid on the 5th. Questions about cashback? Reply HELP.'), md.stdout);
    assert.not.match(md.stdout, '(secret)_');
    assert.match(md.stdout, 'no base to tell whether');
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { secretsHidden?: string; changes: { name: string; changes?: { path: string; before: unknown }[] }[] };
    assert.is(json.changes.find((c) => c.name === 'cashback_note')!.changes!.find((c) => c.path === 'header.text')!.before, 'Your autumn (secret)');
    assert.match(json.secretsHidden ?? '', '((promo_code))');
    // the saved plan applies as it was made
    const saved = await cliIn(['plan', '--out', 'cb.plan'], { cwd: dir, env });
    assert.is(saved.exitCode, 0, saved.stderr);
    const done = await cliIn(['apply', 'cb.plan', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(done.exitCode, 0, `${done.stdout}\n${done.stderr}`);
  } finally { cleanup(dir); }
});

test('a removal committed and applied: the file\'s earlier version is no reason to mask the text the file now has in clear, in it or in another template', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    await removedAndCommitted(dir, 'voucher code');
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: {} });
    assert.is(applied.exitCode, 0, applied.stderr);
    writeFileSync(path.join(dir, 'templates/news.en_US.yaml'), OTHER.replace('say hello', 'say: your voucher code is in the app'));
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env: {} });
    assert.is(md.exitCode, 0, md.stderr);
    assert.ok(md.stdout.includes('your voucher code is in the app'), md.stdout);
    assert.not.match(md.stdout, '(secret)');
  } finally { cleanup(dir); }
});

test('no git, the references removed, the secrets still declared: a declared secret whose variable is set is masked where the channel holds it, an unset one is no error', async () => {
  const dir = tempDir('tplsync-secret-local-');
  try {
    await appliedProject(dir, false);
    writeFiles(dir, { 'templates/spring.en_US.yaml': SPRING('pass'), 'templates/login.en_US.yaml': LOGIN('home') });
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { L_WORD: WORD_OLD, L_TOK: undefined } });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(WORD_OLD), `${format}:\n${r.stdout}`);
      assert.match(r.stdout, 'spring_voucher');
    }
  } finally { cleanup(dir); }
});

test.run();
