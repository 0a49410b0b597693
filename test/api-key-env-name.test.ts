// The key pasted where its variable's name goes (`apiKeyEnv: sk_live_…`): the message that asks
// for the key does not print it (it would land in CI logs), nor does any other output of the run.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

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

test.run();
