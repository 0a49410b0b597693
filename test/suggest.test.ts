// "Did you mean": the closest candidate by edit distance, else the one candidate the input is a
// shortening of (prod for production); the unknown-environment message reads as one sentence.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { selectEnvironment, type Config } from '../src/config/load.ts';
import { closest, didYouMean } from '../src/core/suggest.ts';

const ENVS = ['local', 'production', 'staging'];

test('closest: a typo, another case, a shortening; nothing for what resembles none or several', () => {
  assert.is(closest('prodution', ENVS), 'production');
  assert.is(closest('Production', ENVS), 'production');
  assert.is(closest('prod', ENVS), 'production');
  assert.is(closest('stag', ENVS), 'staging');
  assert.is(closest('qa', ENVS), undefined);
  assert.is(closest('st', ['staging', 'stable']), undefined);
  assert.is(closest('sta', ['staging', 'stable']), undefined, 'a shortening of two: no guess');
  assert.is(didYouMean('production', ENVS), '', 'nothing to suggest for an exact name');
});

test('--env with an unknown name: one sentence with the suggestion and the names the config has', () => {
  const config = { environments: Object.fromEntries(ENVS.map((n) => [n, { name: n, channels: {} }])) } as unknown as Config;
  assert.throws(() => selectEnvironment(config, 'prod'), (e: Error) => e.message === "Unknown environment 'prod'; did you mean 'production'? (the config has: local, production, staging)");
  assert.throws(() => selectEnvironment(config, 'qa'), (e: Error) => e.message === "Unknown environment 'qa' (the config has: local, production, staging)");
});

test.run();
