// A template only some environments have: its channel alias is defined in those environments
// alone. Lint takes it (an alias no environment defines is still an error: a misspelling); plan,
// apply, promote and review of an environment without the alias leave its file out and say so;
// the environments that define it plan and apply it as any other. The module `types` makes for an
// environment holds the templates that environment has, by the same rule.
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
/** a template on the alias every environment defines (shop) and one on the alias dev alone defines (beta) */
const PROJECT = {
  'tplsync.config.yaml': CONFIG,
  'templates/order.yaml': template('shop', 'order_ready', 'Hi {{1}}, your order is ready for pickup at the store.'),
  'templates/beta.yaml': template('beta', 'beta_invite', 'Hi {{1}}, you are invited to try our new app before everyone else.'),
};

test('a template on an alias only dev defines: lint clean; dev plans and applies it; staging\'s plan, apply, promote and review leave it out and say so', () => inProjectDir(PROJECT, async (dir) => {
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

test('types: the module of an environment holds only its templates (the ones on its aliases), says which it left out, and types --check agrees', () => inProjectDir(PROJECT, async (dir) => {
  const run = (args: string[]) => cliIn(args, { cwd: dir });
  const staging = await run(['types', '--env', 'staging', '--out', 'gen.staging.ts']);
  assert.is(staging.exitCode, 0, staging.stdout + staging.stderr);
  assert.match(staging.stdout, 'wrote gen.staging.ts (1 template)');
  assert.match(staging.stderr, "templates/beta.yaml: left out of environment 'staging': its channel alias 'beta' is not one of staging's channels");
  const module = readFileSync(path.join(dir, 'gen.staging.ts'), 'utf8');
  assert.match(module, 'shop/order_ready/en_US');
  assert.not.match(module, 'beta_invite');
  // --check reads the environment from the module's first line, and leaves out the same templates
  const check = await run(['types', '--check', '--out', 'gen.staging.ts']);
  assert.is(check.exitCode, 0, check.stdout + check.stderr);
  assert.match(check.stdout, 'gen.staging.ts is up to date (1 template)');
  assert.match(check.stderr, "templates/beta.yaml: left out of environment 'staging'");
  // the default environment (dev) defines both aliases: both templates, nothing said
  const dev = await run(['types', '--out', 'gen.ts']);
  assert.is(dev.exitCode, 0, dev.stdout + dev.stderr);
  assert.match(dev.stdout, 'wrote gen.ts (2 templates)');
  assert.is(dev.stderr, '');
  // a default environment without the alias: its module (the default one) leaves the template out too
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('defaultEnvironment: dev', 'defaultEnvironment: staging'));
  const byDefault = await run(['types', '--out', 'gen.ts']);
  assert.is(byDefault.exitCode, 0, byDefault.stdout + byDefault.stderr);
  assert.match(byDefault.stdout, 'wrote gen.ts (1 template)');
  assert.match(byDefault.stderr, "templates/beta.yaml: left out of environment 'staging'");
  assert.not.match(readFileSync(path.join(dir, 'gen.ts'), 'utf8'), 'beta_invite');
  // no default environment among several: the module is no environment's, and holds every template
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('defaultEnvironment: dev\n', ''));
  const none = await run(['types', '--out', 'all.ts']);
  assert.is(none.exitCode, 0, none.stdout + none.stderr);
  assert.match(none.stdout, 'wrote all.ts (2 templates)');
  assert.is(none.stderr, '');
}));

test('preview --env of an environment without an alias leaves its templates out and says so, as plan and types do; every page names the environment (trial-bt F3)', () => inProjectDir(PROJECT, async (dir) => {
  const staging = await cliIn(['preview', '--env', 'staging', '--out', 'site'], { cwd: dir });
  assert.is(staging.exitCode, 0, staging.stdout + staging.stderr);
  assert.match(staging.stderr, "templates/beta.yaml: left out of environment 'staging': its channel alias 'beta' is not one of staging's channels");
  assert.match(staging.stderr, 'and 1 template page');
  const index = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
  assert.match(index, '<title>tplsync preview · staging</title>');
  assert.match(index, 'environment <b>staging</b>');
  assert.match(index, 'order_ready');
  assert.not.match(index, 'beta_invite');
  assert.match(readFileSync(path.join(dir, 'site/shop_order_ready_en_US.html'), 'utf8'), 'environment <b>staging</b>');
  // dev defines both aliases: both templates, nothing said; its pages name dev (the staging run's pages replaced)
  const dev = await cliIn(['preview', '--env', 'dev', '--out', 'site'], { cwd: dir });
  assert.is(dev.exitCode, 0, dev.stdout + dev.stderr);
  assert.not.match(dev.stderr, 'left out');
  const devIndex = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
  assert.match(devIndex, 'beta_invite');
  assert.match(devIndex, 'environment <b>dev</b>');
  // with no environment to choose (several, no default), the references are shown as written and every template is there
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('defaultEnvironment: dev\n', ''));
  const none = await cliIn(['preview', '--out', 'all'], { cwd: dir });
  assert.is(none.exitCode, 0, none.stdout + none.stderr);
  assert.match(none.stderr, 'and 2 template pages');
  assert.not.match(readFileSync(path.join(dir, 'all/index.html'), 'utf8'), 'environment <b>');
}));

test('send --env of a template only other environments have names its file and those environments, not an alias the user never typed (trial-bt F4)', () => inProjectDir(PROJECT, async (dir) => {
  const send = await cliIn(['send', '--env', 'staging', '--template', 'beta_invite', '--to', '+4915112345678', '--param', '1=Ana', '--dry-run'], { cwd: dir });
  assert.is(send.exitCode, 3, send.stdout + send.stderr);
  assert.match(send.stderr, "templates/beta.yaml: beta/beta_invite/en_US is not in environment 'staging' (channel alias 'beta' is not among staging's channels): nothing was sent; the environment that has it: dev (--env dev)");
  assert.not.match(send.stderr, 'neither a UUID nor an alias');
  // the environment that has it sends it (a dry run: the emulator has not got it yet, which is another refusal)
  const dev = await cliIn(['send', '--env', 'dev', '--template', 'beta_invite', '--to', '+4915112345678', '--param', '1=Ana', '--dry-run'], { cwd: dir });
  assert.not.match(dev.stderr, 'is not in environment');
}));

test.run();
