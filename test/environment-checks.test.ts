// The config's environments checked against each other and against the templates (trial-ag F4, F7, F8):
// a misspelt alias in one environment (`wha:` for `wa:`) that silently dropped every `wa` template from
// it (plan "No changes", exit 0), an environment block with neither baseUrl nor emulator (a misspelt
// `prodution:`) that only `--env prodution` refused, and two environments on the same channel of the
// same service (a copy-pasted block) that let production's plan rewrite staging's templates.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cliIn, inProjectDir, lintInProcess } from './helpers.ts';

const CHANNEL_C = '6a0d9c1e-2b3f-4c5d-8e7f-9a0b1c2d3e4f';

/** the trial's project: staging with `wa` and `beta`, production with `wa` only; `staging` given as written */
const config = (staging: string, more = ''): string => `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/staging.json
    channels:
${staging}
    values: { shop_host: https://staging.shop.example }
  production:
    emulator: .tplsync/production.json
    channels:
      wa: ${CHANNEL_C}
    values: { shop_host: https://www.shop.example }
${more}channels:
  wa: { kind: whatsapp, languages: [en_US] }
  beta: { kind: whatsapp }
`;

const template = (channel: string, name: string): string => `channel: ${channel}
name: ${name}
language: en_US
category: UTILITY
body:
  text: "Hello {{1}}, your order ${name.replace(/_/g, ' ')} is ready for pickup at the store."
  examples: { 1: Ana }
`;

const TEMPLATES = { 'templates/order_ready.yaml': template('wa', 'order_ready'), 'templates/order_late.yaml': template('wa', 'order_late'), 'templates/beta_feature.yaml': template('beta', 'beta_feature') };

test('F8: an alias misspelt in one environment (wha for wa) is an error at each template it leaves out, with did you mean', () => inProjectDir({ 'tplsync.config.yaml': config(`      wha: ${CHANNEL_A}\n      beta: ${CHANNEL_B}`), ...TEMPLATES }, async (dir) => {
  const r = await lintInProcess(dir);
  const found = r.diagnostics.filter((d) => d.ruleId === 'env-channel-misspelt');
  assert.equal(found.map((d) => [path.basename(d.file), d.line, d.column, d.severity]).sort(), [['order_late.yaml', 1, 10, 'error'], ['order_ready.yaml', 1, 10, 'error']]);
  assert.match(found[0]!.message, "Channel alias 'wa' is not one of staging's channels, so staging leaves this template out");
  assert.match(found[0]!.message, "staging has 'wha' instead, which no template is on; did you mean 'wa'? Correct environments.staging.channels.wha in the config");
  assert.is(r.exitCode, 1);
}));

test('F8: an alias only some environments define stays a template only they have (no finding), also beside an alias of another name no template is on', () => inProjectDir({ 'tplsync.config.yaml': config(`      wa: ${CHANNEL_A}\n      beta: ${CHANNEL_B}`).replace(`      wa: ${CHANNEL_C}\n`, `      wa: ${CHANNEL_C}\n      rcs: 7e9f1a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b\n`), ...TEMPLATES }, async (dir) => {
  const r = await lintInProcess(dir);
  assert.equal(r.diagnostics.map((d) => `${d.ruleId} ${d.message}`), []);
}));

/** staging on `stagingAlias`, production on `alias`, channels: declaring `declared` */
const twoAliases = (stagingAlias: string, alias: string, declared: string[]): string => `templates: ["templates/**/*.yaml"]
environments:
  staging:
    emulator: .tplsync/staging.json
    channels: { ${stagingAlias}: ${CHANNEL_A} }
  production:
    emulator: .tplsync/production.json
    channels: { ${alias}: ${CHANNEL_C} }
${declared.length ? `channels:\n${declared.map((a) => `  ${a}: { kind: whatsapp }\n`).join('')}` : ''}`;

test('F8: two letters apart count when channels: declares the templates\' alias and not the environment\'s; a shortened name, or one channels: declares too, does not', async () => {
  const misspelt = async (stagingAlias: string, alias: string, declared: string[]): Promise<string[]> => {
    let out: string[] = [];
    await inProjectDir({ 'tplsync.config.yaml': twoAliases(stagingAlias, alias, declared), 'templates/a.yaml': template(alias, 'order_ready') }, async (dir) => {
      out = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'env-channel-misspelt').map((d) => d.message);
    });
    return out;
  };
  assert.match((await misspelt('whatsap-shp', 'whatsapp-shop', ['whatsapp-shop']))[0] ?? '', "staging has 'whatsap-shp' instead, which no template is on; did you mean 'whatsapp-shop'?");
  assert.equal(await misspelt('whatsap-shp', 'whatsapp-shop', ['whatsapp-shop', 'whatsap-shp']), [], 'both declared: two channels');
  assert.equal(await misspelt('whatsap-shp', 'whatsapp-shop', []), [], 'two letters apart, nothing declared: not judged a misspelling');
  assert.equal(await misspelt('shop-wa', 'shop-whatsapp', ['shop-whatsapp']), [], 'a shorter name is another channel');
  assert.equal((await misspelt('Wa', 'wa', [])).length, 1, 'a letter\'s case');
});

test('F8: plan in the environment with the misspelt alias stops with the finding (exit 1), not "No changes"', () => inProjectDir({ 'tplsync.config.yaml': config(`      wha: ${CHANNEL_A}\n      beta: ${CHANNEL_B}`), ...TEMPLATES }, async (dir) => {
  const r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir });
  assert.is(r.exitCode, 1, r.stdout + r.stderr);
  assert.not.match(r.stdout, 'No changes');
  assert.match(r.stderr, "did you mean 'wa'?");
  assert.match(r.stderr, 'env-channel-misspelt');
}));

test('F8: lint does not advise declaring the misspelt alias\'s kind: it names the declared alias it is near', () => inProjectDir({ 'tplsync.config.yaml': config(`      wha: ${CHANNEL_A}\n      beta: ${CHANNEL_B}`), ...TEMPLATES }, async (dir) => {
  const r = await cliIn(['lint'], { cwd: dir });
  assert.not.match(r.stderr, 'channels: { wha: { kind');
  assert.match(r.stderr, "tplsync: warning: environments.staging.channels.wha: channels: declares no 'wha'; did you mean 'wa'?");
}));

test('F7: an environment with neither baseUrl nor emulator is a problem of the config at its key, with the environment of a close name it was meant for', async () => {
  const { resolveConfig } = await import('../src/config/load.ts');
  const { ConfigText } = await import('../src/config/diagnose.ts');
  const text = config(`      wa: ${CHANNEL_A}`, '  prodution:\n    values:\n      promo_banner: https://cdn.example/x.png\n');
  const { load } = await import('js-yaml');
  const error = await resolveConfig(load(text), '/project/tplsync.config.yaml', async () => new ConfigText(text)).then(() => undefined, (e: Error) => e);
  assert.ok(error, 'refused');
  assert.match(error!.message, "tplsync.config.yaml:14:3: environments.prodution has neither baseUrl nor emulator, so no command can use it; did you mean 'production'? If so, move its values (promo_banner) under environments.production and remove environments.prodution");
  // of no close name, holding channels: what to give it
  const lone = text.replace('prodution:\n    values:\n      promo_banner: https://cdn.example/x.png', `reporting:\n    channels: { wa: ${CHANNEL_B} }`);
  const other = await resolveConfig(load(lone), '/project/tplsync.config.yaml', async () => new ConfigText(lone)).then(() => undefined, (e: Error) => e);
  assert.match(other!.message, 'environments.reporting has neither baseUrl nor emulator, so no command can use it: give it an emulator (emulator: .tplsync/reporting.json) or a baseUrl');
  assert.not.match(other!.message, 'did you mean');
});

test('F7: lint says it (exit 3, as the config\'s other problems), where it passed before', () => inProjectDir({ 'tplsync.config.yaml': config(`      wa: ${CHANNEL_A}`, '  prodution:\n    values:\n      promo_banner: https://cdn.example/x.png\n'), 'templates/a.yaml': template('wa', 'order_ready') }, async (dir) => {
  const r = await cliIn(['lint'], { cwd: dir });
  assert.is(r.exitCode, 3, r.stdout + r.stderr);
  assert.match(r.stderr, "tplsync.config.yaml:14:3: environments.prodution has neither baseUrl nor emulator");
}));

/** staging and production on one service (`prodService`: production's baseUrl, apiKeyEnv and channel as written) */
const sameService = (prodService: string): string => `templates: ["templates/**/*.yaml"]
environments:
  staging:
    baseUrl: http://127.0.0.1:45117
    apiKeyEnv: STG_KEY
    channels: { wa: ${CHANNEL_A}, beta: ${CHANNEL_B} }
  production:
${prodService}
`;

test('F4: two environments on one channel of one service (a copied block) is a problem naming both environments and aliases; another id, service or emulator file is not', async () => {
  const { resolveConfig } = await import('../src/config/load.ts');
  const { ConfigText } = await import('../src/config/diagnose.ts');
  const { load } = await import('js-yaml');
  const problem = async (text: string): Promise<string | undefined> => resolveConfig(load(text), '/project/tplsync.config.yaml', async () => new ConfigText(text)).then(() => undefined, (e: Error) => e.message);
  // the same service written another way (a trailing slash, the host in capitals), the same id in capitals, under another alias
  const copied = await problem(sameService(`    baseUrl: http://127.0.0.1:45117/\n    apiKeyEnv: PRD_KEY\n    channels: { shop: ${CHANNEL_A.toUpperCase()} }`));
  assert.match(copied ?? '', `tplsync.config.yaml:10:17: environments.production.channels.shop is the channel ${CHANNEL_A.toUpperCase()} of the service at http://127.0.0.1:45117, as environments.staging.channels.wa is: two environments on one channel write each other's templates`);
  assert.equal(await problem(sameService(`    baseUrl: http://127.0.0.1:45117\n    channels: { wa: ${CHANNEL_C} }`)), undefined, 'another channel of the service');
  assert.equal(await problem(sameService(`    baseUrl: https://api.example.com\n    channels: { wa: ${CHANNEL_A} }`)), undefined, 'another service');
  const emulators = (b: string): string => `environments:\n  local:\n    emulator: .tplsync/a.json\n    channels: { wa: ${CHANNEL_A} }\n  test:\n    emulator: ${b}\n    channels: { wa: ${CHANNEL_A} }\n`;
  assert.match(await problem(emulators('./.tplsync/a.json')) ?? '', `environments.test.channels.wa is the channel ${CHANNEL_A} of the emulator .tplsync/a.json, as environments.local.channels.wa is`);
  assert.equal(await problem(emulators('.tplsync/b.json')), undefined, 'another emulator file');
});

test('F4: promote from staging to a production on the same channel is refused (exit 3) before reading anything', () => inProjectDir({ 'tplsync.config.yaml': sameService(`    baseUrl: http://127.0.0.1:45117\n    apiKeyEnv: STG_KEY\n    channels: { wa: ${CHANNEL_A} }`), 'templates/a.yaml': template('wa', 'order_ready') }, async (dir) => {
  const r = await cliIn(['promote', '--from', 'staging', '--to', 'production'], { cwd: dir, env: { STG_KEY: 'stg-key-12345678' } });
  assert.is(r.exitCode, 3, r.stdout + r.stderr);
  assert.match(r.stderr, 'environments.production.channels.wa is the channel');
  assert.match(r.stderr, 'as environments.staging.channels.wa is');
}));

test('minor: a value ending with / before a / of the template (((shop_host))/track) is a warning of lint --env, at the URL; the file alone is clean', () => inProjectDir({
  'tplsync.config.yaml': config(`      wa: ${CHANNEL_A}`).replace('shop_host: https://www.shop.example', 'shop_host: https://www.shop.example/'),
  'templates/a.yaml': `${template('wa', 'order_ready')}buttons:\n  - type: URL\n    text: Track order\n    url: ((shop_host))/track/{{1}}\n    example: ((shop_host))/track/A-1042\n`,
}, async (dir) => {
  const plain = await cliIn(['lint'], { cwd: dir });
  assert.is(plain.exitCode, 0, plain.stdout + plain.stderr);
  assert.not.match(plain.stdout, 'url-double-slash');
  const r = await cliIn(['lint', '--env', 'production'], { cwd: dir });
  assert.match(r.stdout, /11:10 {2}warning {2}With the values of environment 'production': The address https:\/\/www\.shop\.example\/\/track\/\{\{1\}\} has a doubled \/ in its path[^\n]*url-double-slash/);
  assert.not.match((await cliIn(['lint', '--env', 'staging'], { cwd: dir })).stdout, 'url-double-slash');
}));

test('minor: plan and apply naming only files the environment leaves out are refused (exit 3) with the environment that has them, not "No changes" exit 0', () => inProjectDir({ 'tplsync.config.yaml': config(`      wa: ${CHANNEL_A}\n      beta: ${CHANNEL_B}`), ...TEMPLATES }, async (dir) => {
  const r = await cliIn(['apply', '--env', 'production', '--auto-approve', 'templates/beta_feature.yaml'], { cwd: dir });
  assert.is(r.exitCode, 3, r.stdout + r.stderr);
  assert.not.match(r.stdout, 'No changes');
  assert.match(r.stderr, "templates/beta_feature.yaml: not in environment 'production' (channel alias 'beta' is not among production's channels): nothing to plan or apply there; the environment that has it: staging (--env staging)");
  assert.is((await cliIn(['plan', '--env', 'production', 'templates/beta_feature.yaml'], { cwd: dir })).exitCode, 3);
  // one of them in the environment: that one is planned, the other said on stderr
  const some = await cliIn(['plan', '--env', 'production', 'templates/beta_feature.yaml', 'templates/order_ready.yaml'], { cwd: dir });
  assert.is(some.exitCode, 0, some.stdout + some.stderr);
  assert.match(some.stdout, 'order_ready');
  assert.match(some.stderr, "templates/beta_feature.yaml: left out of environment 'production'");
}));

test('verify-19 N1: a block of no close name that holds only values (a YAML anchor the environments merge) is kept (no template reaches it; --env common is refused when it connects)', async () => {
  const { resolveConfig } = await import('../src/config/load.ts');
  const { ConfigText } = await import('../src/config/diagnose.ts');
  const { load } = await import('js-yaml');
  const text = `templates: ["templates/**/*.yaml"]
environments:
  common:
    values: &common
      support_phone: "+4930123456"
  staging:
    emulator: .tplsync/staging.json
    channels: { wa: ${CHANNEL_A} }
    values: { <<: *common, shop_host: https://staging.shop.example }
  production:
    emulator: .tplsync/production.json
    channels: { wa: ${CHANNEL_C} }
    values: { <<: *common, shop_host: https://www.shop.example }
`;
  const config = await resolveConfig(load(text), '/project/tplsync.config.yaml', async () => new ConfigText(text));
  assert.equal(config.environments.production!.values?.support_phone, { text: '+4930123456' });
  // still said when it holds channels (templates would go there) or its name is near an environment's
  for (const block of [`  common:\n    channels: { wa: ${CHANNEL_B} }\n`, '  stagin:\n    values: { a: b }\n']) {
    const bad = text.replace(/  common:\n    values: &common\n      support_phone: "\+4930123456"\n/, `${block}  shared:\n    values: &common\n      support_phone: "+4930123456"\n`);
    const error = await resolveConfig(load(bad), '/project/tplsync.config.yaml', async () => new ConfigText(bad)).then(() => undefined, (e: Error) => e);
    assert.ok(error, bad);
    assert.match(error!.message, 'has neither baseUrl nor emulator');
    assert.not.match(error!.message, 'environments.shared');
  }
});

test.run();
