// The key pasted where its variable's name goes (`apiKeyEnv: sk_live_…`): the message that asks
// for the key does not print it (it would land in CI logs), nor does any other output of the run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const PASTED = 'sk_live_51HxQ2eLkdfj39dkfjJ3k2';

test('apiKeyEnv holding a key, not a variable\'s name: exit 3, the key not printed, what to do said', async () => {
  const dir = tempDir('tplsync-key-name-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: production\nenvironments:\n  production:\n    baseUrl: https://api.example.com\n    apiKeyEnv: ${PASTED}\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    for (const args of [['plan'], ['plan', '--format', 'json'], ['apply', '--auto-approve'], ['review']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(PASTED.slice(8)), `${args.join(' ')} printed the key: ${r.stderr}`);
      assert.match(r.stderr, /its apiKeyEnv names: none of that name is set.*revoke the key/);
    }
    // a variable's name is named, as before
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: production\nenvironments:\n  production:\n    baseUrl: https://api.example.com\n    apiKeyEnv: SHOP_PRODUCTION_KEY\n    channels: { wa: ${CHANNEL_A} }\n` });
    const named = await cliIn(['plan'], { cwd: dir });
    assert.is(named.exitCode, 3);
    assert.match(named.stderr, /in the environment variable SHOP_PRODUCTION_KEY/);
  } finally { cleanup(dir); }
});

test('in GitHub Actions, a key handed over as TPLSYNC_<ENV>_API_KEY while apiKeyEnv names another: both fixes said, no secret of the wrong name advised, the key not printed', async () => {
  const dir = tempDir('tplsync-key-name-');
  const KEY = 'canary-XYZ-1234567890';
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  ci:\n    baseUrl: https://api.example.com\n    apiKeyEnv: TPLSYNC_X_API_KEY\n    channels: { wa: ${CHANNEL_B} }\n`,
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    // what the action's run step does for `environment: ci`
    const r = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', TPLSYNC_CI_API_KEY: KEY } });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.not.ok(`${r.stdout}${r.stderr}`.includes(KEY), r.stderr);
    assert.match(r.stderr, 'the workflow handed a key over as TPLSYNC_CI_API_KEY');
    assert.match(r.stderr, 'either set apiKeyEnv: TPLSYNC_CI_API_KEY in the config');
    assert.match(r.stderr, 'or set the repository variable TPLSYNC_API_KEY_ENV to TPLSYNC_X_API_KEY');
    assert.match(r.stderr, 'A secret named TPLSYNC_X_API_KEY alone changes nothing');
    // no key handed over at all: the same two fixes, said of the workflows
    const none = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.match(none.stderr, /the workflows hand the key of environment 'ci' over as TPLSYNC_CI_API_KEY.*either set apiKeyEnv: TPLSYNC_CI_API_KEY/);
    // outside GitHub Actions: the variable alone, as before
    const local = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: undefined, TPLSYNC_CI_API_KEY: KEY } });
    assert.match(local.stderr, /in the environment variable TPLSYNC_X_API_KEY\n?$/);
    assert.not.match(local.stderr, 'GitHub Actions');
  } finally { cleanup(dir); }
});

test('in GitHub Actions, an environment whose name no secret name takes (staging-eu), and the repository variable TPLSYNC_API_KEY_ENV already set: the fix that works is said', async () => {
  const dir = tempDir('tplsync-key-name-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  staging-eu:\n    baseUrl: https://api.example.com\n    apiKeyEnv: STAGING_KEY\n    channels: { wa: ${CHANNEL_A} }\n  ci:\n    baseUrl: https://api.example.com\n    apiKeyEnv: TPLSYNC_X_API_KEY\n    channels: { wa: ${CHANNEL_B} }\n`,
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const eu = await cliIn(['plan', '--env', 'staging-eu'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.is(eu.exitCode, 3, eu.stdout + eu.stderr);
    assert.match(eu.stderr, "cannot hand the key of environment 'staging-eu' over by its name (TPLSYNC_STAGING-EU_API_KEY is no name a secret may have): set the repository variable TPLSYNC_API_KEY_ENV to STAGING_KEY and keep the key in a secret named STAGING_KEY");
    // the variable names the config's apiKeyEnv (the action hands it over as API_KEY_ENV) and its secret is missing: add it, never "changes nothing"
    const set = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', API_KEY_ENV: 'TPLSYNC_X_API_KEY' } });
    assert.is(set.exitCode, 3, set.stdout + set.stderr);
    assert.match(set.stderr, 'the workflows look up the secret TPLSYNC_X_API_KEY (the repository variable TPLSYNC_API_KEY_ENV names it), and none was delivered: add the secret TPLSYNC_X_API_KEY');
    assert.not.match(set.stderr, 'changes nothing');
    // the variable names another: the two made to agree
    const other = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', API_KEY_ENV: 'OTHER_KEY' } });
    assert.match(other.stderr, "the repository variable TPLSYNC_API_KEY_ENV names OTHER_KEY, while the config's apiKeyEnv of 'ci' is TPLSYNC_X_API_KEY: set the variable to TPLSYNC_X_API_KEY");
  } finally { cleanup(dir); }
});

test('a misspelt apiKeyEnv (TRIAL_DEV_KYE) while a variable one typo away is set: that name is said (did you mean), never its value', async () => {
  const dir = tempDir('tplsync-key-name-');
  const KEY = 'canary-near-name-0987654321';
  const config = (name: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  dev:\n    baseUrl: https://api.example.com\n    apiKeyEnv: ${name}\n    channels: { wa: ${CHANNEL_A} }\n`;
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config('TRIAL_DEV_KYE'),
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const r = await cliIn(['plan'], { cwd: dir, env: { GITHUB_ACTIONS: undefined, TRIAL_DEV_KEY: KEY } });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.is(r.stderr.trimEnd(), "tplsync: Set the API key of environment 'dev' in the environment variable TRIAL_DEV_KYE: none of that name is set, but TRIAL_DEV_KEY is (did you mean TRIAL_DEV_KEY? Then correct apiKeyEnv of environment 'dev' in the config, or the variable's name)");
    assert.not.ok(`${r.stdout}${r.stderr}`.includes(KEY));
    // one letter wrong, missing or extra, a variable in another case: said (an apiKeyEnv in lower case may be a key pasted there, never said); an empty variable, or one two typos away (another environment's key), is not
    for (const [name, set] of [['TRIAL_DEV_KEX', 'TRIAL_DEV_KEY'], ['TRIAL_DEV_KE', 'TRIAL_DEV_KEY'], ['TRIAL_DEV_KEYS', 'TRIAL_DEV_KEY'], ['TRIAL_DEVKEY', 'TRIAL_DEV_KEY'], ['TRIAL_DEV_KEY', 'trial_dev_key']] as const) {
      writeFiles(dir, { 'tplsync.config.yaml': config(name) });
      const x = await cliIn(['plan'], { cwd: dir, env: { GITHUB_ACTIONS: undefined, [set]: KEY } });
      assert.is(x.exitCode, 3, x.stderr);
      assert.match(x.stderr, `did you mean ${set}?`, `${name}: ${x.stderr}`);
      assert.not.ok(x.stderr.includes(KEY));
    }
    writeFiles(dir, { 'tplsync.config.yaml': config('TRIAL_DEV_KYE') });
    for (const env of [{ TRIAL_DEV_KEY: '' }, { TRIAL_QA_KYE: KEY }, { TRIAL_PROD_KEY: KEY }]) {
      const x = await cliIn(['plan'], { cwd: dir, env: { GITHUB_ACTIONS: undefined, ...env } });
      assert.is(x.exitCode, 3, x.stderr);
      assert.match(x.stderr, /in the environment variable TRIAL_DEV_KYE\n?$/, JSON.stringify(env));
    }
  } finally { cleanup(dir); }
});

test('oneTypoApart: one letter wrong, missing, extra or two swapped, case ignored; nothing further', async () => {
  const { oneTypoApart } = await import('../src/core/suggest.ts');
  for (const [a, b] of [['KEY', 'KYE'], ['KEY', 'KEX'], ['KEY', 'KE'], ['KEY', 'KEYS'], ['KEY', 'AKEY'], ['key', 'KEY'], ['KEY', 'EKY']] as const) assert.ok(oneTypoApart(a, b), `${a} ${b}`);
  for (const [a, b] of [['KEY', 'YEK'], ['KEY', 'K'], ['KEY', 'KEYSS'], ['QA_KEY', 'CI_KEY'], ['ABCD', 'BADC']] as const) assert.not.ok(oneTypoApart(a, b), `${a} ${b}`);
});

// trial-ao F2: a folder's workflows (a monorepo's team) read the secret TPLSYNC_<SUFFIX>_<ENV>_API_KEY and the
// variable TPLSYNC_API_KEY_ENV_<SUFFIX> (the action's name-suffix says which, as TPLSYNC_NAME_SUFFIX): the
// message names those, never the repository's secret, which that folder's workflows do not read.
test('in GitHub Actions, a folder\'s workflow (name-suffix TEAMS_SUPPORT): the folder\'s secret and variable are said, not the repository\'s', async () => {
  const dir = tempDir('tplsync-key-name-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  ci:\n    baseUrl: https://api.example.com\n    apiKeyEnv: TPLSYNC_CI_API_KEY\n    channels: { wa: ${CHANNEL_B} }\n  eu:\n    baseUrl: https://api.example.com\n    apiKeyEnv: EU_KEY\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const env = { GITHUB_ACTIONS: 'true', TPLSYNC_NAME_SUFFIX: 'TEAMS_SUPPORT' };
    const missing = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env });
    assert.is(missing.exitCode, 3, missing.stderr);
    assert.match(missing.stderr, 'the workflows read it from the secret TPLSYNC_TEAMS_SUPPORT_CI_API_KEY');
    assert.match(missing.stderr, "this folder's workflows never read the repository's TPLSYNC_CI_API_KEY");
    const other = await cliIn(['plan', '--env', 'eu'], { cwd: dir, env });
    assert.match(other.stderr, 'over as TPLSYNC_EU_API_KEY (from the secret TPLSYNC_TEAMS_SUPPORT_EU_API_KEY)');
    assert.match(other.stderr, 'or set the repository variable TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT to EU_KEY');
    assert.not.match(other.stderr, /TPLSYNC_API_KEY_ENV /);
    const named = await cliIn(['plan', '--env', 'eu'], { cwd: dir, env: { ...env, API_KEY_ENV: 'SALES_KEY' } });
    assert.match(named.stderr, 'the repository variable TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT names SALES_KEY');
    // an unknown environment: the folder's variable that picks it
    const unknown = await cliIn(['plan', '--env', 'staging'], { cwd: dir, env });
    assert.match(unknown.stderr, 'or set the repository variable TPLSYNC_ENV_TEAMS_SUPPORT to one the config has');
    // a workflow written before folders had names of their own passes no suffix: the repository's names, as it reads them
    const old = await cliIn(['plan', '--env', 'ci'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.match(old.stderr, 'the workflows read it from the secret TPLSYNC_CI_API_KEY');
  } finally { cleanup(dir); }
});

// trial-bk F6: a key the API refuses (exit 6) is named as the missing one is (exit 3), from the one place that
// knows which secret the workflows read it from: the secret to correct, not the variable the action set.
test('a refused key (exit 6) names the secret the workflows read it from: the folder\'s, the root\'s, the one the variable names; the variable alone outside GitHub Actions or when the workflows hand it over otherwise', async () => {
  const emu = await startEmulator({ keys: ['the-right-key-0123456789'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-key-name-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  ci:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_CI_API_KEY\n    channels: { wa: ${CHANNEL_B} }\n  eu:\n    baseUrl: ${emu.url}\n    apiKeyEnv: EU_KEY\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const refused = async (env: string, vars: Record<string, string | undefined>) => {
      const r = await cliIn(['plan', '--env', env], { cwd: dir, env: vars });
      assert.is(r.exitCode, 6, r.stdout + r.stderr);
      assert.not.match(r.stderr, 'wrong-key');
      return /\((the key is [^\n]*)\)\n?$/.exec(r.stderr)?.[1] ?? r.stderr;
    };
    const gh = { GITHUB_ACTIONS: 'true', TPLSYNC_CI_API_KEY: 'wrong-key-123456' };
    assert.is(await refused('ci', { ...gh, TPLSYNC_NAME_SUFFIX: 'TEAMS_SUPPORT' }), "the key is the secret TPLSYNC_TEAMS_SUPPORT_CI_API_KEY, of the repository or of the GitHub environment 'ci' for the apply job, which the workflow hands tplsync as the variable TPLSYNC_CI_API_KEY of environment 'ci'");
    assert.is(await refused('ci', gh), "the key is the secret TPLSYNC_CI_API_KEY, of the repository or of the GitHub environment 'ci' for the apply job, which the workflow hands tplsync as the variable TPLSYNC_CI_API_KEY of environment 'ci'");
    // the folder's variable names the config's apiKeyEnv: that secret
    assert.is(await refused('eu', { GITHUB_ACTIONS: 'true', TPLSYNC_NAME_SUFFIX: 'TEAMS_SUPPORT', API_KEY_ENV: 'EU_KEY', EU_KEY: 'wrong-key-123456' }), "the key is the secret EU_KEY (the repository variable TPLSYNC_API_KEY_ENV_TEAMS_SUPPORT names it), of the repository or of the GitHub environment 'eu' for the apply job, which the workflow hands tplsync as the variable EU_KEY of environment 'eu'");
    // the workflows hand the key over under another name than apiKeyEnv (set otherwise), and outside GitHub Actions: the variable
    assert.is(await refused('eu', { GITHUB_ACTIONS: 'true', TPLSYNC_NAME_SUFFIX: 'TEAMS_SUPPORT', EU_KEY: 'wrong-key-123456' }), "the key is the variable EU_KEY of environment 'eu'");
    assert.is(await refused('ci', { GITHUB_ACTIONS: undefined, TPLSYNC_NAME_SUFFIX: 'TEAMS_SUPPORT', TPLSYNC_CI_API_KEY: 'wrong-key-123456' }), "the key is the variable TPLSYNC_CI_API_KEY of environment 'ci'");
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
