// A pull request that removes a secret's last use: the channel's copy still holds the secret, and
// the plan shows the channel's copy beside the file's. CI gives `plan` no secret variables, and
// the change may remove the secret from the config too: what the channel holds where the files
// at the base (--base) referred to it is masked all the same, in every format.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

// a fixed canary (no randomness in tests): a string that appears nowhere else
const CANARY = 'cnryB4s3Ek7Wq9Tz';
const CONFIG = emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'DEV_PROMO_CODE' } } });
const BEFORE = `channel: wa
name: spring_sale
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, use code ((promo_code)) at checkout for 20% off this spring."
  examples: { 1: Ana }
buttons:
  - type: QUICK_REPLY
    text: Not interested
  - type: URL
    text: Redeem
    url: https://shop.example/redeem?code=((promo_code))
`;
const AFTER = `channel: wa
name: spring_sale
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, get 20% off at checkout this spring."
  examples: { 1: Ana }
buttons:
  - type: QUICK_REPLY
    text: Not interested
`;

const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });

/** the template with its secret committed and applied: the canary on the channel */
async function appliedWithSecret(dir: string): Promise<void> {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/spring_sale.en_US.yaml': BEFORE, '.gitignore': '.tplsync/\n' });
  await git(dir, ['init', '-q']);
  await git(dir, ['add', '-A']);
  await git(dir, ['commit', '-qm', 'base']);
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { DEV_PROMO_CODE: CANARY } });
  assert.is(applied.exitCode, 0, applied.stderr);
}

/** the template with its secret committed and applied, then the secret's use removed in the working tree */
async function removedAfterApply(dir: string): Promise<void> {
  await appliedWithSecret(dir);
  writeFileSync(path.join(dir, 'templates/spring_sale.en_US.yaml'), AFTER);
}

/**
 * The secret applied, then made a plain value (WELCOME5) in one commit with `files` changed beside it, on a branch with
 * no upstream: plan, text and JSON, shows the channel's copy masked, never the secret in clear.
 */
async function secretRotatedOut(files: Record<string, string>): Promise<void> {
  const dir = tempDir();
  try {
    await appliedWithSecret(dir);
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A }, values: { promo_code: 'WELCOME5' } }), ...files });
    await git(dir, ['commit', '-qam', 'public code']);
    for (const format of ['text', 'json']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { DEV_PROMO_CODE: undefined } });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(CANARY), `${format}: the secret in clear:\n${r.stdout}`);
      assert.ok(r.stdout.includes('(secret)'), `${format}: the channel's copy is shown, masked:\n${r.stdout}`);
    }
  } finally { cleanup(dir); }
}

test('a change that removes a secret\'s last use (its variable unset, or the secret gone from the config): the channel\'s copy of it is masked in the plan, by the files at --base', async () => {
  const dir = tempDir();
  try {
    await removedAfterApply(dir);
    for (const [how, env] of [['the variable unset', {}], ['the variable set', { DEV_PROMO_CODE: CANARY }]] as const) {
      for (const format of ['text', 'markdown', 'json']) {
        const r = await cliIn(['plan', '--base', 'HEAD', '--format', format], { cwd: dir, env: { DEV_PROMO_CODE: undefined, ...env } });
        assert.is(r.exitCode, 0, r.stderr);
        assert.not.ok(`${r.stdout}${r.stderr}`.includes(CANARY), `${how}, ${format}: the secret in clear:\n${r.stdout}`);
        assert.ok(r.stdout.includes('(secret)'), `${how}, ${format}: the channel's copy is shown, masked`);
      }
    }
    // the change also removes the secret from the config: the files at the base still say where it stood
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), emulatorConfig({ env: 'dev', channels: { wa: CHANNEL_A } }));
    assert.not.match(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), 'promo_code');
    for (const env of [{}, { DEV_PROMO_CODE: CANARY }]) {
      const r = await cliIn(['plan', '--base', 'HEAD', '--format', 'markdown'], { cwd: dir, env: { DEV_PROMO_CODE: undefined, ...env } });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(CANARY), `the secret in clear:\n${r.stdout}`);
      assert.ok(r.stdout.includes('(secret)'));
    }
  } finally { cleanup(dir); }
});

test('a change that removes a secret\'s last use, on a branch with no upstream (no --base): the files at HEAD say where it stood, and the channel\'s copy of it is masked', async () => {
  const dir = tempDir();
  try {
    await removedAfterApply(dir);
    for (const format of ['text', 'markdown', 'json']) {
      const r = await cliIn(['plan', '--format', format], { cwd: dir, env: { DEV_PROMO_CODE: undefined } });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(CANARY), `${format}: the secret in clear:\n${r.stdout}`);
      assert.ok(r.stdout.includes('(secret)'), `${format}: the channel's copy is shown, masked`);
      // the categories are compared with a pull request's base only, not with HEAD
      assert.not.match(r.stdout, 'merge base');
    }
  } finally { cleanup(dir); }
});

test('a secret made a plain value in the config (rotated out) while the file changed its reference\'s line, committed on a branch with no upstream: its last version that referred to it, judged with its own commit\'s config, masks the channel\'s copy (verify-18 NEW-C, the values of the commit)', async () => {
  // the code is no secret any more (a public one replaces it), and the text around it changed in the same commit
  await secretRotatedOut({ 'templates/spring_sale.en_US.yaml': BEFORE.replace('for 20% off this spring', 'for 25% off this spring') });
});

test('a secret made a plain value in a commit of the config alone (the file unchanged), on a branch with no upstream: the file\'s version before that commit, judged with that commit\'s config, masks the channel\'s copy', async () => {
  await secretRotatedOut({});
});

test.run();
