// trial-w F7: a field that is one environment value, `((name))`, in a field whose form or length a
// rule judges (an Android app's package name and signature hash, a copy-code sample, an app deep
// link, a label, an RCS event's times) is judged by the environment's value, never by the
// reference's own text: lint without an environment takes it for a plausible value of the field
// (as it does a phone number, an app id, an address), lint --env and plan judge the value filled in.
// Before, whether a coupon template linted depended on the length of its value's name.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';
import { errorsInEnvironment } from '../src/lint/in-environment.ts';
import { lintStandIn, substituteValues } from '../src/model/values.ts';
import { parse } from 'yaml';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { COUPON } from './env-coupon.ts';

const now = new Date('2026-01-01T00:00:00Z');
const lint = (yaml: string) => lintBytes('t.yaml', Buffer.from(yaml), { now }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);

const APPS = `channel: wa
name: login_app
language: en_US
category: AUTHENTICATION
body: { add_security_recommendation: true }
buttons:
  - type: OTP
    otp_type: ONE_TAP
    autofill_text: ((autofill_label_of_this_environment))
    supported_apps:
      - { package_name: ((android_pkg)), signature_hash: ((android_hash)) }
`;
const OFFER = `channel: wa
name: offer
language: en_US
category: MARKETING
limited_time_offer: { text: ((offer_headline_text)), has_expiration: true }
body:
  text: "Good news, {{1}}! Use code {{2}} to get 25% off all Caribbean Getaway packages!"
  examples: { 1: Pablo, 2: CARIBE25 }
buttons:
  - { type: COPY_CODE, example: ((spring_promo_code)) }
  - { type: URL, text: Book now!, url: "https://www.example.com/" }
`;
const DEEP = `channel: wa
name: deals
language: en_US
category: MARKETING
header: { format: TEXT, text: ((header_text_of_this_environment_which_is_a_long_name_abcdefghij)) }
body:
  text: "Our summer deals are here, with new colours in every size for everyone."
footer: ((footer_text_of_this_environment_which_is_a_long_name_abcdefghijk))
buttons:
  - type: URL
    text: ((view_deals_label_long_name))
    url: https://www.luckyshrub.com/deals/summer/
    app_deep_link:
      meta_app_id: ((app))
      android_deep_link: ((deep))
  - { type: QUICK_REPLY, text: ((quick_reply_label_long_name)) }
`;
const EVENT = `channel: rcs
name: party
language: en_US
description: Event
message:
  type: text
  message: "Save the date for our summer party."
  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: ((campaign_end)) }
  suggestions:
    - { action: create_calendar_event, text: ((save_label_which_is_long)), startTime: ((event_start)), endTime: ((event_end)), title: Party }
`;

test('lint without an environment: a field that is one value is taken for a plausible value of its form, whatever the length of the value\'s name', () => {
  for (const [name, yaml] of Object.entries({ APPS, COUPON, OFFER, DEEP, EVENT })) assert.equal(lint(yaml), [], name);
  // the same template with the name cut short lints the same (it used to pass only below 16 characters)
  assert.equal(lint(COUPON.replace('spring_promo_code', 'promo')), []);
});

test('lintStandIn: each such field stands as a value of its form; a text around a reference, and the body, stay as written', () => {
  const v = lintStandIn({ body: { text: '((b))' }, buttons: [{ type: 'COPY_CODE', example: '((c))' }, { type: 'COPY_CODE', example: 'X((c))' }, { type: 'OTP', supported_apps: [{ package_name: '((p))', signature_hash: '((h))' }] }] }) as Record<string, any>;
  assert.is(v.body.text, '((b))');
  assert.is(v.buttons[0].example, 'CODE25');
  assert.is(v.buttons[1].example, 'X((c))', 'a code is not taken for an address');
  assert.equal(v.buttons[2].supported_apps[0], { package_name: 'com.example.app', signature_hash: 'AAAAAAAAAAA' });
  // two labels that are two values with the same long start are two labels (no duplicate-label finding of lint's own making)
  const labels = lintStandIn({ buttons: [{ type: 'QUICK_REPLY', text: '((reply_label_yes_please))' }, { type: 'QUICK_REPLY', text: '((reply_label_no_thanks))' }] }) as Record<string, any>;
  assert.not.equal(labels.buttons[0].text, labels.buttons[1].text);
  assert.ok(labels.buttons.every((b: { text: string }) => b.text.length <= 12), JSON.stringify(labels));
});

test('lint --env and plan judge the environment\'s values in those fields: valid ones pass, a wrong one is named', async () => {
  const dir = tempDir('tplsync-whole-fields-');
  try {
    const config = (pkg: string, hash: string, code: string, deep: string) => `templates: ["t/**/*.yaml"]
defaultEnvironment: local
channels:
  wa: { kind: whatsapp }
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }
    values:
      android_pkg: ${pkg}
      android_hash: "${hash}"
      autofill_label_of_this_environment: Autofill
      spring_promo_code: ${code}
      app: "634974688087057"
      deep: "${deep}"
      header_text_of_this_environment_which_is_a_long_name_abcdefghij: Summer deals
      footer_text_of_this_environment_which_is_a_long_name_abcdefghijk: Lucky Shrub
      view_deals_label_long_name: View deals
      quick_reply_label_long_name: Not now
`;
    writeFiles(dir, { 't/apps.yaml': APPS, 't/coupon.yaml': COUPON, 't/deals.yaml': DEEP, 'tplsync.config.yaml': config('com.example.shop.debug', 'AbCdEfGhIj1', 'SPRING25', 'luckyshrub://deals/summer/') });
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['lint', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // values that break the rules: named with the environment, by lint --env and by plan
    writeFiles(dir, { 'tplsync.config.yaml': config('shop', 'short', 'SPRING2025SUMMERSALES', 'deals/summer') });
    r = await cliIn(['lint', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    for (const said of [/With the values of environment 'local': 'shop' is not an Android package name/, /With the values of environment 'local': The signature hash is exactly 11 characters; this one has 5/,
      /With the values of environment 'local': The coupon code sample is 21 characters; the limit is 20/, /With the values of environment 'local': 'deals\/summer' is not a deep link URI/]) assert.match(r.stdout, said);
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /authentication-apps/);
    assert.match(r.stdout + r.stderr, /copy-code-length/);
    assert.match(r.stdout + r.stderr, /button-app-deep-link/);
  } finally { cleanup(dir); }
});

test('an RCS expiry per environment: lint takes expireTime: ((name)) as a time; the environment\'s value is judged as RFC 3339', () => {
  const t = parse(EVENT) as Record<string, unknown>;
  const fill = (end: string) => substituteValues(t, (name) => ({ value: ({ campaign_end: end, event_start: '2999-05-04T08:00:00Z', event_end: '2999-05-04T10:00:00Z', save_label_which_is_long: 'Save' } as Record<string, string>)[name]!, secret: false }));
  assert.equal(errorsInEnvironment(fill('2999-01-31T23:59:59Z'), now), []);
  assert.equal(errorsInEnvironment(fill('end of May'), now).map((f) => `${f.ruleId} ${f.path.join('.')}`), ['schema message.rcsExpireOpts.expireTime']);
});

test.run();
