// A saved plan is self-consistent whatever its run masked: its digest is of the entries as the
// file holds them (masked), and apply compares the plan's bodies with what the files compile to
// now with each mask of the plan standing for the text apply, knowing fewer secrets, shows in
// clear (an earlier value the channel's copy or the files at --base said was a secret).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, WINTER_CHECKOUT, writeFiles } from './helpers.ts';
import { addSecret, redact } from '../src/core/redact.ts';
import { sameAsShown, toSaved, wholePlanProblems } from '../src/plan/saved.ts';
import type { Plan } from '../src/plan/plan.ts';

const ENV = { G_PROMO: 'Wint3rDealz' };
const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });

test('toSaved: the digest is of the plan as its file holds it, so a text masked only in this run (a held reason) does not read as an edit', () => {
  const plan: Plan = {
    version: 1, summary: { create: 0, update: 0, noop: 1, orphan: 0 },
    changes: [{ channel: 'wa', name: 'spring_sale', language: 'en_US', publicId: '5f0c9b1e-2a3d-5e4f-8a9b-0c1d2e3f4a5b', channelId: '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', action: 'noop', remoteFingerprint: 'f'.repeat(64) }],
    held: [{ channel: 'wa', name: 'autumn_sale', language: 'en_US', file: 'templates/autumn.en_US.yaml', reasons: ['the channel holds Code OLDC0DE99x here'] }],
  };
  // an earlier value the channel's copy held, known to this run only
  addSecret('OLDC0DE99x', 'value');
  const saved = toSaved(plan, { environment: 'staging', target: 'emulator', toolVersion: '0.1.0', now: new Date(0) });
  // as plan --out writes it (writeFileAtomic masks the text), and apply reads it
  const file = redact(`${JSON.stringify(saved, null, 2)}\n`);
  assert.not.match(file, 'OLDC0DE99x');
  assert.equal(wholePlanProblems(JSON.parse(file), '0.1.0'), []);
});

test('sameAsShown: a mask of the plan stands for any text of the built body there; every other difference is one', () => {
  const built = { name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at checkout.' }] };
  assert.ok(sameAsShown(built, built));
  assert.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at (secret).' }] }, built));
  assert.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon [redacted] at checkout.' }] }, built));
  assert.not.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at checkout!' }] }, built), 'text beside a mask edited');
  assert.not.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at checkout.' }, { type: 'FOOTER', text: 'x' }] }, built), 'a component added');
  assert.not.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at checkout.', extra: 1 }] }, built), 'a key added');
  assert.not.ok(sameAsShown({ name: 'winter_(secret)', components: built.components }, { ...built, name: 'winter_' }), 'a mask stands for some text, not none');
  assert.ok(sameAsShown({ name: 'winter_checkout', components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon (secret) at checkout.' }] }, { ...built, components: [{ type: 'BODY', text: 'Hi {{1}}, use the coupon OLDC0DE99x at checkout.' }] }), 'a text the plan masked and apply shows in clear (it knows no such secret): the same text');
  // masks side by side, at the ends, and many of them: each stands for one character or more, in order
  assert.ok(sameAsShown('(secret)(secret)', 'ab'));
  assert.not.ok(sameAsShown('(secret)(secret)', 'a'));
  assert.ok(sameAsShown('(secret) at (secret)', 'x at y at z'));
  assert.not.ok(sameAsShown('(secret) at (secret)', 'x at '));
  assert.not.ok(sameAsShown('a (secret) b (secret) c', 'a x c y b'), 'the texts around the masks in another order');
  const many = `${'(secret) '.repeat(60)}end`;
  assert.not.ok(sameAsShown(many, `${'a '.repeat(2000)}en`), 'no match, found in linear time');
  assert.ok(sameAsShown(many, `${'a '.repeat(60)}end`));
});

test('plan --base --out, then apply FILE: a text the plan masked only because the base said it was a secret (its value now typed into the file, the secret gone from the config) applies as planned', async () => {
  const dir = tempDir('tplsync-secret-typed-');
  const config = (values: string) => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\n${values}`;
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config('    values:\n      promo: { env: G_PROMO }\n'), 'templates/winter.en_US.yaml': WINTER_CHECKOUT.replace('coupon Checkout at', 'coupon ((promo)) at'), '.gitignore': '.tplsync/\n*.plan\n' });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(applied.exitCode, 0, applied.stderr);
    await git(dir, ['init', '-q']); await git(dir, ['add', '-A']); await git(dir, ['commit', '-qm', 'approved']);
    // the code is no secret any more: typed into the text, and the secret removed from the config (its variable unset)
    writeFiles(dir, { 'tplsync.config.yaml': config(''), 'templates/winter.en_US.yaml': WINTER_CHECKOUT.replace('coupon Checkout at', 'coupon Wint3rDealz at').replace('Winter Checkout offer', 'Winter offer') });
    const planned = await cliIn(['plan', '--base', 'HEAD', '--out', 'w.plan'], { cwd: dir, env: {} });
    assert.is(planned.exitCode, 0, planned.stderr);
    assert.not.match(planned.stdout, 'Wint3rDealz');
    assert.not.match(readFileSync(path.join(dir, 'w.plan'), 'utf8'), 'Wint3rDealz');
    const done = await cliIn(['apply', 'w.plan', '--auto-approve', '--wait'], { cwd: dir, env: {} });
    assert.is(done.exitCode, 0, `${done.stdout}\n${done.stderr}`);
    assert.match(done.stdout, 'winter_checkout');
  } finally { cleanup(dir); }
});


test.run();
