// Where a template's API key is to be taken out of (keyRemedy, what plan, types and export say):
// the file when its own text says it; the environment value a reference fills in when only that
// holds it; both when both do; and the text the two make when neither holds it whole. Pure, given
// the registry of secrets (the key registered as the transport registers it).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addSecret } from '../src/core/redact.ts';
import type { EnvironmentConfig } from '../src/config/load.ts';
import { keyRemedy } from '../src/project/values.ts';

const KEY = 'key-4b1d-remedy-77aa-0c3e';
addSecret(KEY);
const env: EnvironmentConfig = {
  name: 'staging', apiKeyEnv: 'STAGING_KEY', allowInsecureHttp: false, channels: {},
  values: { coupon: { text: `Code ${KEY.slice(2, 14)}` }, half: { text: KEY.slice(4, 10) }, shop: { text: 'https://shop.example' } },
} as EnvironmentConfig;
const t = (text: string, footer?: string) => ({ channel: 'wa', name: 'promo', language: 'en_US', body: { text }, ...(footer ? { footer } : {}) });

test('the file, the value, both, or the text they make', () => {
  assert.is(keyRemedy('templates/p.yaml', t(`Use ${KEY} today`), env), 'take it out of templates/p.yaml');
  assert.is(keyRemedy('templates/p.yaml', t('Use ((coupon)) at ((shop))'), env), "it is not written in templates/p.yaml: the reference ((coupon)) there fills it in from environment 'staging' (environments.staging.values in the config, or the variable a { env: VAR } value reads); take it out of that value");
  assert.match(keyRemedy('templates/p.yaml', t('Use ((coupon)) today', `Ref ${KEY}`), env), /^take it out of templates\/p\.yaml, and out of the value \(\(coupon\)\) of environment 'staging'/);
  // a key split across the file's text and a value: neither holds it whole
  assert.match(keyRemedy('templates/p.yaml', t(`Use ${KEY.slice(0, 4)}((half)) today`), env), /^neither templates\/p\.yaml nor one value holds it whole/);
  // no environment to fill references in: the file
  assert.is(keyRemedy('templates/p.yaml', t('Use ((coupon))'), undefined), 'take it out of templates/p.yaml');
});

test.run();
