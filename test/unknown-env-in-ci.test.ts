// An unknown environment in a workflow (GITHUB_ACTIONS=true, as GitHub sets it) says what to do:
// the workflows init writes plan "production", which init leaves commented out in the config.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { selectEnvironment, type Config } from '../src/config/load.ts';

const config = { file: '/repo/tplsync.config.yaml', dir: '/repo', templates: [], rules: {}, environments: { local: { name: 'local' } } } as unknown as Config;

test('in a workflow: the message names the fix; on a laptop: the short message', () => {
  const before = process.env.GITHUB_ACTIONS;
  try {
    process.env.GITHUB_ACTIONS = 'true';
    assert.throws(() => selectEnvironment(config, 'production'), (e: Error) => /Unknown environment 'production' \(the config has: local\); add it under environments in tplsync\.config\.yaml \(init leaves production commented out\), or set the repository variable TPLSYNC_ENV/.test(e.message));
    delete process.env.GITHUB_ACTIONS;
    assert.throws(() => selectEnvironment(config, 'production'), (e: Error) => e.message === "Unknown environment 'production' (the config has: local)");
  } finally { if (before === undefined) delete process.env.GITHUB_ACTIONS; else process.env.GITHUB_ACTIONS = before; }
});

test.run();
