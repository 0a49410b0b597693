// A secret reference put where the channel's approved text had a word of its own ("use the code
// below" becomes "use the code ((promo_code))"): the channel's copy holds no secret there (a word
// shorter than any secret value), so the plan, its Markdown (the pull-request comment) and its JSON
// show the approved text as it is beside the file's, and claim no rotation of a secret.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

const PROMO = (code: string) => `channel: wa\nname: promo_note\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, use the code ${code} at checkout to get 5% back on your card."\n  examples: { 1: Ana }\nfooter: Reply STOP to opt out\n`;
const BEFORE = 'Hi {{1}}, use the code below at checkout to get 5% back on your card.';
const AFTER = 'Hi {{1}}, use the code (secret) at checkout to get 5% back on your card.';

test('plan: a secret added where the approved text had a word shows the approved text, in text, Markdown and JSON', async () => {
  const dir = tempDir('tplsync-secret-added-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'staging', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'STAGING_PROMO' } } }), 'templates/promo.en_US.yaml': PROMO('below') });
    const env = { STAGING_PROMO: 'SPRING2026X' };
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    const file = path.join(dir, 'templates/promo.en_US.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('the code below', 'the code ((promo_code))'));
    const text = await cliIn(['plan'], { cwd: dir, env });
    assert.ok(text.stdout.includes(`body.text: "${BEFORE}" → "${AFTER}"`), text.stdout);
    assert.not.match(text.stdout, 'a secret value differs');
    assert.not.match(text.stdout, 'SPRING2026X');
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.ok(md.stdout.includes(BEFORE), md.stdout);
    assert.not.match(md.stdout, 'a secret value differs');
    const json = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    const change = (JSON.parse(json.stdout) as { changes: { changes?: { path: string; before: unknown; after: unknown }[] }[] }).changes[0]!.changes!.find((c) => c.path === 'body.text')!;
    assert.equal([change.before, change.after], [BEFORE, AFTER]);
  } finally { cleanup(dir); }
});

const CASHBACK = (header: string, body: string) => `channel: wa\nname: cashback_note\nlanguage: en_US\ncategory: MARKETING\nheader: { format: TEXT, text: "${header}" }\nbody:\n  text: "Dear {{1}}, enter the voucher ${body} when you pay online to get 3% back."\n  examples: { 1: Ana }\n`;

test('plan: a secret put where the approved text had several words, or a word of 8 characters or more, shows that text; the template\'s name is never masked', async () => {
  const dir = tempDir('tplsync-secret-words-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'staging', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'STAGING_PROMO' } } }), 'templates/cb.en_US.yaml': CASHBACK('Your autumn cashback', 'shown in the app') });
    const env = { STAGING_PROMO: 'AUTUMN77Q' };
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    // the approved text committed on a branch with no upstream: HEAD says what was text (with no base at all it is hidden:
    // plan-secret-local.test.ts)
    writeFileSync(path.join(dir, '.gitignore'), '.tplsync/\n');
    const git = (args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
    await git(['init', '-q']); await git(['add', '-A']); await git(['commit', '-qm', 'approved']);
    const file = path.join(dir, 'templates/cb.en_US.yaml');
    // several words replaced by the secret
    writeFileSync(file, CASHBACK('Your autumn cashback', '((promo_code))'));
    const body = await cliIn(['plan'], { cwd: dir, env });
    assert.ok(body.stdout.includes('body.text: "Dear {{1}}, enter the voucher shown in the app when you pay online to get 3% back." → "Dear {{1}}, enter the voucher (secret) when you pay online to get 3% back."'), body.stdout);
    assert.not.match(body.stdout, 'a secret value differs');
    assert.not.match(body.stdout, 'AUTUMN77Q');
    // a word of 8 characters, which the name holds too, replaced by the secret in the header
    writeFileSync(file, CASHBACK('Your autumn ((promo_code))', 'shown in the app'));
    const header = await cliIn(['plan'], { cwd: dir, env });
    assert.match(header.stdout, 'wa/cashback_note/en_US');
    assert.not.match(header.stdout, '(secret)_note');
    assert.ok(header.stdout.includes('header.text: "Your autumn cashback" → "Your autumn (secret)"'), header.stdout);
    assert.not.match(header.stdout, 'a secret value differs');
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, 'wa/cashback_note/en_US');
    assert.not.match(md.stdout, '(secret)_note');
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { name: string; changes?: { path: string; before: unknown; after: unknown }[] }[] };
    assert.is(json.changes[0]!.name, 'cashback_note');
    const change = json.changes[0]!.changes!.find((c) => c.path === 'header.text')!;
    assert.equal([change.before, change.after], ['Your autumn cashback', 'Your autumn (secret)']);
    assert.not.match(JSON.stringify(json), 'AUTUMN77Q');
  } finally { cleanup(dir); }
});

test('plan: a rotated secret (an earlier value of the same form on the channel) is still masked', async () => {
  const dir = tempDir('tplsync-secret-rotated-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'staging', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'STAGING_PROMO' } } }), 'templates/cb.en_US.yaml': CASHBACK('Your autumn cashback', '((promo_code))') });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: { STAGING_PROMO: 'SUMMER2026X' } });
    assert.is(applied.exitCode, 0, applied.stderr);
    for (const format of ['text', 'markdown', 'json']) {
      const shown = await cliIn(['plan', '--format', format], { cwd: dir, env: { STAGING_PROMO: 'AUTUMN77Q' } });
      assert.not.match(shown.stdout, 'SUMMER2026X');
      assert.not.match(shown.stdout, 'AUTUMN77Q');
      assert.match(shown.stdout, 'cashback_note');
    }
  } finally { cleanup(dir); }
});

test('plan: a text the template\'s name holds is never masked, even where it could be a secret\'s earlier value', async () => {
  const dir = tempDir('tplsync-secret-name-');
  const tpl = (code: string) => `channel: wa\nname: autumn2025x_offer\nlanguage: en_US\ncategory: MARKETING\nheader: { format: TEXT, text: "Code ${code}" }\nbody:\n  text: "Dear {{1}}, enter the code in the app when you pay online."\n  examples: { 1: Ana }\n`;
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'staging', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'STAGING_PROMO' } } }), 'templates/offer.en_US.yaml': tpl('autumn2025x') });
    const env = { STAGING_PROMO: 'spring2026q' };
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    writeFileSync(path.join(dir, 'templates/offer.en_US.yaml'), tpl('((promo_code))'));
    for (const format of ['text', 'markdown', 'json']) {
      const shown = await cliIn(['plan', '--format', format], { cwd: dir, env });
      assert.match(shown.stdout, 'autumn2025x_offer');
      assert.not.match(shown.stdout, '(secret)_offer');
      assert.not.match(shown.stdout, 'spring2026q');
    }
  } finally { cleanup(dir); }
});

test.run();
