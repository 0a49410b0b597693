// A secret reference put where the channel's approved text had a word of its own, with secret
// values of mixed case (as real tokens are): the plan masks only what IS a secret (the variable's
// value, an earlier value the files at the base say stood there), never the channel's words, in
// whatever case, nor the template's name, nor unchanged text, nor a template that holds no secret;
// and a plan saved with `--out` applies as it was made, whatever its display masked.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, WINTER_CHECKOUT, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/e.json
    channels: { wa: ${CHANNEL_A}, rc: ${CHANNEL_B} }
    values:
      promo: { env: G_PROMO }
      track_token: { env: G_TOKEN }
      card_code: { env: G_CARD }
channels:
  wa: { kind: whatsapp }
  rc: { kind: rcs }
`;
const TRACK = `channel: wa
name: parcel_tracking
language: en_US
category: UTILITY
body:
  text: "Your parcel {{1}} is on its way. Track it in the app any time."
  examples: { 1: "A-1042" }
buttons:
  - type: URL
    text: Track parcel
    url: "https://track.example.com/p/Shipments/{{1}}"
    example: "https://track.example.com/p/Shipments/A-1042"
`;
const CARD = `channel: rc
name: loyalty_card
language: en_US
message:
  type: rich_card
  richCards:
    - title: Your loyalty reward
      description: "Hello {{first_name}}, show the barcode Membership at the till for a free coffee."
      fileUrl: https://cdn.example.com/loyalty/coffee.jpg
      suggestions:
        - { action: open_url, text: Open rewards, postbackData: "https://shop.example.com/rewards/Membership", openUrlApplication: BROWSER }
  examples: { first_name: Ana }
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }
  fallback:
    text: "Hi {{first_name}}, show Membership at the till for a free coffee."
`;
// mixed-case secret values, as real tokens are
const ENV = { G_PROMO: 'Wint3rDealz', G_TOKEN: 'tok_CANARY4242abc', G_CARD: 'CardCanary77' };
const VALUES = Object.values(ENV);

const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });

/** the three templates applied as the channel's approved copies, then a secret reference put where one capitalised word stood */
async function project(o: { git?: boolean } = {}): Promise<string> {
  const dir = tempDir('tplsync-secret-words-');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/winter.en_US.yaml': WINTER_CHECKOUT, 'templates/track.en_US.yaml': TRACK, 'templates/card.en_US.yaml': CARD, '.gitignore': '.tplsync/\n*.plan\n' });
  const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
  assert.is(applied.exitCode, 0, applied.stderr);
  if (o.git) { await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'approved']); }
  const edit = (f: string, from: RegExp, to: string) => { const p = path.join(dir, 'templates', f); writeFileSync(p, readFileSync(p, 'utf8').replace(from, to)); };
  edit('winter.en_US.yaml', /coupon Checkout at/, 'coupon ((promo)) at');
  edit('track.en_US.yaml', /p\/Shipments\//g, 'p/((track_token))/');
  edit('card.en_US.yaml', /barcode Membership at/, 'barcode ((card_code)) at');
  edit('card.en_US.yaml', /rewards\/Membership/, 'rewards/((card_code))');
  return dir;
}

type JsonPlan = { changes: { name: string; action: string; changes?: { path: string; before: unknown; after: unknown }[] }[] };
const at = (plan: JsonPlan, name: string, p: string) => plan.changes.find((c) => c.name === name)!.changes!.find((c) => c.path === p)!;

for (const withGit of [false, true]) {
  // (the files at HEAD say the words were text: plain plan on a branch with no upstream, or --base HEAD; with no base at
  // all the channel's text where a secret stands is hidden: plan-secret-local.test.ts)
  test(`plan: the channel's capitalised words where a mixed-case secret now stands are shown as the change they are, the name and unchanged text never masked${withGit ? ' (--base HEAD)' : ' (HEAD, no upstream)'}`, async () => {
    const dir = await project({ git: true });
    try {
      const base = withGit ? ['--base', 'HEAD'] : [];
      const text = await cliIn(['plan', ...base], { cwd: dir, env: ENV });
      assert.is(text.exitCode, 0, text.stderr);
      assert.match(text.stdout, 'wa/winter_checkout/en_US');
      assert.not.match(text.stdout, '(secret)_');
      assert.not.match(text.stdout, 'a secret value differs');
      assert.ok(text.stdout.includes('body.text: "Hi {{1}}, use the coupon Checkout at checkout to save 15% on boots." → "Hi {{1}}, use the coupon (secret) at checkout to save 15% on boots."'), text.stdout);
      const json = JSON.parse((await cliIn(['plan', '--format', 'json', ...base], { cwd: dir, env: ENV })).stdout) as JsonPlan;
      assert.equal(json.changes.map((c) => c.name).sort(), ['loyalty_card', 'parcel_tracking', 'winter_checkout']);
      assert.equal(Object.values(at(json, 'winter_checkout', 'body.text')).slice(1), ['Hi {{1}}, use the coupon Checkout at checkout to save 15% on boots.', 'Hi {{1}}, use the coupon (secret) at checkout to save 15% on boots.']);
      assert.equal([at(json, 'parcel_tracking', 'buttons[0].url').before, at(json, 'parcel_tracking', 'buttons[0].url').after], ['https://track.example.com/p/Shipments/{{1}}', 'https://track.example.com/p/(secret)/{{1}}']);
      const desc = json.changes.find((c) => c.name === 'loyalty_card')!.changes!.find((c) => /description$/.test(c.path))!;
      assert.equal([desc.before, desc.after], ['Hello {{first_name}}, show the barcode Membership at the till for a free coffee.', 'Hello {{first_name}}, show the barcode (secret) at the till for a free coffee.']);
      const post = json.changes.find((c) => c.name === 'loyalty_card')!.changes!.find((c) => /postbackData$/.test(c.path))!;
      assert.equal([post.before, post.after], ['https://shop.example.com/rewards/Membership', 'https://shop.example.com/rewards/(secret)']);
      const md = await cliIn(['plan', '--format', 'markdown', ...base], { cwd: dir, env: ENV });
      assert.match(md.stdout, 'wa/winter_checkout/en_US');
      assert.match(md.stdout, 'Winter Checkout offer');
      assert.match(md.stdout, 'show Membership at the till');
      assert.not.match(md.stdout, '(secret)_');
      for (const out of [text.stdout, text.stderr, JSON.stringify(json), md.stdout]) for (const v of VALUES) assert.not.ok(out.includes(v), v);
    } finally { cleanup(dir); }
  });
}

test('plan --out, then apply FILE: a plan whose display masked text applies as it was made (not "edited after it was made"), and no secret is written into it', async () => {
  const dir = await project();
  try {
    const planned = await cliIn(['plan', '--format', 'markdown', '--out', 'g.plan'], { cwd: dir, env: ENV });
    assert.is(planned.exitCode, 0, planned.stderr);
    const saved = readFileSync(path.join(dir, 'g.plan'), 'utf8');
    for (const v of VALUES) assert.not.ok(saved.includes(v), v);
    assert.match(saved, '(secret)');
    const applied = await cliIn(['apply', 'g.plan', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(applied.exitCode, 0, `${applied.stdout}\n${applied.stderr}`);
    assert.match(applied.stdout, 'winter_checkout');
    for (const v of VALUES) assert.not.ok(`${applied.stdout}${applied.stderr}`.includes(v), v);
    const again = await cliIn(['plan'], { cwd: dir, env: ENV });
    assert.match(again.stdout, 'No changes');
  } finally { cleanup(dir); }
});

const CB = (header: string) => `channel: wa\nname: cashback_note\nlanguage: en_US\ncategory: MARKETING\nheader: { format: TEXT, text: "${header}" }\nbody:\n  text: "Dear {{1}}, enter the voucher shown in the app when you pay online to get 3% back."\n  examples: { 1: Ana }\n`;
const FAQ = 'channel: wa\nname: cashback_faq\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your Cashback for October is paid on the 5th. Questions about cashback? Reply HELP."\n  examples: { 1: Ana }\n';

test('plan: a capitalised word replaced by a secret of a typical promo-code form (Autumn77q) masks neither the name nor a new template without a secret; its saved plan applies', async () => {
  const dir = tempDir('tplsync-secret-cashback-');
  const env = { STAGING_PROMO: 'Autumn77q' };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\n    values:\n      promo_code: { env: STAGING_PROMO }\n`, 'templates/cb.en_US.yaml': CB('Your autumn Cashback'), '.gitignore': '.tplsync/\n*.plan\n' });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    // the approved text committed (a branch with no upstream: HEAD says Cashback was text)
    await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'approved']);
    writeFiles(dir, { 'templates/cb.en_US.yaml': CB('Your autumn ((promo_code))'), 'templates/faq.en_US.yaml': FAQ });
    const text = await cliIn(['plan'], { cwd: dir, env });
    assert.is(text.exitCode, 0, text.stderr);
    assert.match(text.stdout, 'wa/cashback_note/en_US');
    assert.match(text.stdout, 'wa/cashback_faq/en_US');
    assert.ok(text.stdout.includes('header.text: "Your autumn Cashback" → "Your autumn (secret)"'), text.stdout);
    assert.not.match(text.stdout, 'a secret value differs');
    const md = await cliIn(['plan', '--format', 'markdown', '--out', 'cb.plan'], { cwd: dir, env });
    assert.match(md.stdout, 'your Cashback for October is paid on the 5th. Questions about cashback? Reply HELP.');
    assert.not.match(md.stdout, '(secret)_');
    assert.not.match(md.stdout, 'Autumn77q');
    const saved = readFileSync(path.join(dir, 'cb.plan'), 'utf8');
    assert.not.match(saved, 'Autumn77q');
    assert.match(saved, 'cashback_faq');
    const done = await cliIn(['apply', 'cb.plan', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(done.exitCode, 0, `${done.stdout}\n${done.stderr}`);
  } finally { cleanup(dir); }
});

test('plan: a code the channel\'s approved text had as text of its own, replaced by a secret, is masked only while nothing says it was text: the files at HEAD (a branch with no upstream) or at --base do', async () => {
  const dir = tempDir('tplsync-secret-code-');
  const tpl = (code: string) => WINTER_CHECKOUT.replace('coupon Checkout at', `coupon ${code} at`);
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/winter.en_US.yaml': tpl('SAVE2024NOW'), '.gitignore': '.tplsync/\n' });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(applied.exitCode, 0, applied.stderr);
    writeFiles(dir, { 'templates/winter.en_US.yaml': tpl('((promo))') });
    // no git: a code of the value's kinds where the secret now stands could be its earlier value (a rotation)
    const plain = await cliIn(['plan'], { cwd: dir, env: ENV });
    assert.is(plain.exitCode, 0, plain.stderr);
    assert.not.match(plain.stdout, 'SAVE2024NOW');
    assert.match(plain.stdout, 'wa/winter_checkout/en_US');
    // the files committed with the code as text, the reference not: HEAD says it was text, as --base HEAD does
    writeFiles(dir, { 'templates/winter.en_US.yaml': tpl('SAVE2024NOW') });
    await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'approved']);
    writeFiles(dir, { 'templates/winter.en_US.yaml': tpl('((promo))') });
    for (const args of [['plan'], ['plan', '--base', 'HEAD'], ['plan', '--format', 'json'], ['plan', '--base', 'HEAD', '--format', 'json']]) {
      const based = await cliIn(args, { cwd: dir, env: ENV });
      assert.is(based.exitCode, 0, based.stderr);
      assert.match(based.stdout, 'use the coupon SAVE2024NOW at checkout', args.join(' '));
      assert.match(based.stdout, 'use the coupon (secret) at checkout');
      assert.not.match(based.stdout, 'Wint3rDealz');
    }
  } finally { cleanup(dir); }
});

test('plan --base HEAD, the reference committed (not applied yet): a word the template\'s file has as its own text elsewhere (the header\'s Checkout, the fallback\'s Membership) is no secret where the base had the reference; the name never masked', async () => {
  const dir = await project({ git: true });
  try {
    await git(dir, ['commit', '-qam', 'the secrets put in']);
    for (const format of ['text', 'json', 'markdown']) {
      const r = await cliIn(['plan', '--base', 'HEAD', '--format', format], { cwd: dir, env: ENV });
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(r.stdout, 'winter_checkout');
      assert.not.match(r.stdout, '(secret)_');
      assert.match(r.stdout, 'use the coupon Checkout at checkout');
      assert.match(r.stdout, 'show the barcode Membership at the till');
      if (format !== 'json') assert.match(r.stdout, 'Winter Checkout offer');
      for (const v of VALUES) assert.not.ok(r.stdout.includes(v), v);
    }
  } finally { cleanup(dir); }
});

test('promote: the target\'s capitalised word (Bargains) where a mixed-case secret now stands is shown as the change it is, the name never masked', async () => {
  const dir = tempDir('tplsync-secret-promote-');
  const env = { S_PROMO: 'Wint3rDealz', P_PROMO: 'Pr0dDealz99' };
  // (a word no other text of the template, nor its name, has: nothing but its form tells it from an earlier value)
  const winter = (code: string) => WINTER_CHECKOUT.replace('coupon Checkout at', `coupon ${code} at`).replace('Winter Checkout offer', 'Winter offer');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    emulator: .tplsync/s.json\n    channels: { wa: ${CHANNEL_A} }\n    values: { promo: { env: S_PROMO } }\n  production:\n    emulator: .tplsync/p.json\n    channels: { wa: ${CHANNEL_A} }\n    values: { promo: { env: P_PROMO } }\n`,
      'templates/winter.en_US.yaml': winter('Bargains'),
    });
    const prod = await cliIn(['apply', '--env', 'production', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(prod.exitCode, 0, prod.stderr);
    writeFiles(dir, { 'templates/winter.en_US.yaml': winter('((promo))') });
    const staged = await cliIn(['apply', '--env', 'staging', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(staged.exitCode, 0, staged.stderr);
    const r = await cliIn(['promote', '--from', 'staging', '--to', 'production', '--format', 'json'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const json = JSON.parse(r.stdout) as JsonPlan;
    assert.equal(json.changes.map((c) => c.name), ['winter_checkout']);
    const body = at(json, 'winter_checkout', 'body.text');
    assert.equal([body.before, body.after], ['Hi {{1}}, use the coupon Bargains at checkout to save 15% on boots.', 'Hi {{1}}, use the coupon (secret) at checkout to save 15% on boots.']);
    for (const v of Object.values(env)) assert.not.ok(`${r.stdout}${r.stderr}`.includes(v), v);
  } finally { cleanup(dir); }
});

test.run();
