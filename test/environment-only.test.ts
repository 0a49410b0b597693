// A template only some environments have: its channel alias is defined in those environments
// alone. Lint takes it (an alias no environment defines is still an error: a misspelling); plan,
// apply, promote and review of an environment without the alias leave its file out and say so;
// the environments that define it plan and apply it as any other.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cliIn, inProjectDir } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: dev
environments:
  dev:
    emulator: .tplsync/dev.json
    channels: { shop: ${CHANNEL_A}, beta: ${CHANNEL_B} }
  staging:
    emulator: .tplsync/staging.json
    channels: { shop: ${CHANNEL_A} }
channels:
  shop: { kind: whatsapp }
  beta: { kind: whatsapp }
`;
const template = (channel: string, name: string, text: string) => `channel: ${channel}\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

test('a template on an alias only dev defines: lint clean; dev plans and applies it; staging\'s plan, apply, promote and review leave it out and say so', () => inProjectDir({
  'tplsync.config.yaml': CONFIG,
  'templates/order.yaml': template('shop', 'order_ready', 'Hi {{1}}, your order is ready for pickup at the store.'),
  'templates/beta.yaml': template('beta', 'beta_invite', 'Hi {{1}}, you are invited to try our new app before everyone else.'),
}, async (dir) => {
  const run = (args: string[]) => cliIn(args, { cwd: dir });
  const lint = await run(['lint']);
  assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  const dev = await run(['apply', '--auto-approve']);
  assert.is(dev.exitCode, 0, dev.stdout + dev.stderr);
  assert.match(dev.stdout, 'Applied to dev: 2 created');
  const plan = await run(['plan', '--env', 'staging']);
  assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
  assert.match(plan.stderr, "templates/beta.yaml: left out of environment 'staging': its channel alias 'beta' is not one of staging's channels");
  assert.match(plan.stdout, '1 to create');
  assert.not.match(plan.stdout, 'beta_invite');
  const staging = await run(['apply', '--env', 'staging', '--auto-approve']);
  assert.is(staging.exitCode, 0, staging.stdout + staging.stderr);
  assert.match(staging.stdout, 'Applied to staging: 1 created');
  const promote = await run(['promote', '--from', 'dev', '--to', 'staging']);
  assert.is(promote.exitCode, 0, promote.stdout + promote.stderr);
  assert.match(promote.stderr, "templates/beta.yaml: left out of environment 'staging'");
  const review = await run(['review', '--env', 'staging']);
  assert.match(review.stderr, "templates/beta.yaml: left out of environment 'staging'");
  assert.not.match(review.stdout, 'beta_invite');
  // an alias no environment defines is still refused, with a suggestion
  await inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/x.yaml': template('betta', 'typo_one', 'Hi {{1}}, this template names a channel alias that no environment defines.') }, async (d) => {
    const r = await cliIn(['lint'], { cwd: d });
    assert.is(r.exitCode, 1);
    assert.match(r.stdout, "Channel alias 'betta' is not defined in the config; did you mean 'beta'?");
  });
}));

test.run();
