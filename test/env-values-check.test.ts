// The values an environment fills in must pass the rules lint checked with the references: a host
// without https:// or a secret that makes the body too long is refused by plan, apply of a saved
// plan and promote (exit 1, nothing written), named by file, field and rule, and the secret
// (a canary) never printed; an environment whose values fit plans as usual.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { errorsInEnvironment, warningsInEnvironment } from '../src/lint/in-environment.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
const CANARY = `cnry${randomBytes(6).toString('hex')}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const TEMPLATE = `channel: wa
name: spring_offer
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, your code ((promo_token)) takes 10% off your next order this spring."
  examples: { 1: Ana }
buttons:
  - type: URL
    text: Open the shop
    url: ((shop_host))/spring/{{1}}
    example: ((shop_host))/spring/A-1042
`;

const config = (values: Record<string, string>) => `templates: ["templates/**/*.yaml"]
defaultEnvironment: good
environments:
${Object.entries(values).map(([env, host], i) => `  ${env}:
    baseUrl: ${emu.url}
    channels: { wa: ${[CHANNEL_A, CHANNEL_B][i]} }
    values:
      shop_host: ${host}
      promo_token: { env: ${env.toUpperCase()}_PROMO }`).join('\n')}
channels:
  wa: { kind: whatsapp }
`;

test('pure: the filled-in template is checked by the schema and the per-file rules, at the config\'s severities', () => {
  const t = { channel: 'wa', name: 'x', language: 'en_US', category: 'UTILITY', body: { text: 'Hello {{1}}, your order is ready for pickup at the store today.', examples: { 1: 'Ana' } },
    buttons: [{ type: 'URL', text: 'Open', url: 'shop.example/o/{{1}}', example: 'shop.example/o/1' }] };
  const found = errorsInEnvironment(t, new Date(0));
  assert.ok(found.some((f) => f.path.join('.') === 'buttons.0.url'), JSON.stringify(found));
  assert.equal(errorsInEnvironment({ ...t, buttons: [{ ...t.buttons[0], url: 'https://shop.example/o/{{1}}', example: 'https://shop.example/o/1' }] }, new Date(0)), []);
  const long = { ...t, buttons: undefined, body: { text: `Hello {{1}}, ${'x'.repeat(1100)} thanks.`, examples: { 1: 'Ana' } } };
  assert.ok(errorsInEnvironment(long, new Date(0)).some((f) => f.ruleId === 'body-length'));
  assert.equal(errorsInEnvironment(long, new Date(0), { 'body-length': 'warning' }).filter((f) => f.ruleId === 'body-length'), []);
});

test('the warnings an environment\'s values bring (lint sees the references): plan and apply say them on stderr; the file\'s own are not repeated', async () => {
  const t = (footer: string, phone: string) => ({ channel: 'wa', name: 'plants', language: 'en_US', category: 'MARKETING', body: { text: 'Hi {{1}}, our new plants have arrived in every store this week.', examples: { 1: 'Ana' } }, footer, buttons: [{ type: 'PHONE_NUMBER', text: 'Call us', phone_number: phone }] });
  const now = new Date('2026-01-01T00:00:00Z');
  assert.equal(warningsInEnvironment(t('Lucky Shrub 🌵', '030 1234567'), t('((brand))', '((phone))'), now).map((w) => w.ruleId).sort(), ['button-phone-country', 'header-footer-emoji']);
  // a rule the reference itself fails as text (((phone)) is no E.164 number), which lint does not report: the value's warning is said
  const dial = (n: string) => ({ channel: 'rcs', name: 'store_call', language: 'en_US', message: { type: 'text', message: 'Our store is open today until 20:00, call us any time.', suggestions: [{ action: 'dial', text: 'Call the store', postbackData: 'call', phoneNumber: n }] } });
  assert.equal(warningsInEnvironment(dial('+44 7700 900 123'), dial('((phone))'), now, { 'rcs-dial': 'warning' }).map((w) => w.ruleId), ['rcs-dial']);
  // a warning the file has as written is lint's to show
  assert.equal(warningsInEnvironment(t('Lucky Shrub 🌵', '+49 30 1234567'), t('Lucky Shrub 🌵', '((phone))'), now), []);
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n    values:\n      brand: "Lucky Shrub 🌵"\n      phone: "030 1234567"\nchannels:\n  wa: { kind: whatsapp }\n`,
      'templates/plants.yaml': 'channel: wa\nname: plants_warned\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, our new plants have arrived in every store this week."\n  examples: { 1: Ana }\nfooter: "((brand))"\nbuttons:\n  - type: PHONE_NUMBER\n    text: Call us\n    phone_number: "((phone))"\n',
    });
    // an embedded emulator of its own: the other tests count the shared one's templates
    const env = {};
    const lint = await cliIn(['lint'], { cwd: dir, env });
    assert.match(lint.stdout, 'no problems');
    assert.is((await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env })).exitCode, 0);
    for (const args of [['plan'], ['apply', 'plan.json', '--auto-approve'], ['apply', '--auto-approve']]) {
      const r = await cliIn(args, { cwd: dir, env });
      assert.is(r.exitCode, 0, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, "templates/plants.yaml: with the values of environment 'local': warning  footer  The footer should hold no emoji (WhatsApp's guidelines allow them in the body only), but this footer holds '🌵'");
      assert.match(r.stderr, "with the values of environment 'local': warning  buttons.0.phone_number  '030 1234567' is written as dialled at home");
    }
    // the config's overrides for the file hold for what the values bring too
    const plainConfig = readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${plainConfig}overrides:\n  - files: ["templates/plants.yaml"]\n    rules: { header-footer-emoji: off }\n`);
    const overridden = await cliIn(['plan'], { cwd: dir, env });
    assert.not.match(overridden.stderr, 'header-footer-emoji');
    assert.match(overridden.stderr, 'button-phone-country');
    // a secret value that brings a warning: said without the message, which would show the secret in another form (its digits)
    const secretConfig = plainConfig.replace('phone: "030 1234567"', 'phone: { env: HOTLINE }');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), secretConfig);
    const hidden = await cliIn(['plan'], { cwd: dir, env: { HOTLINE: '+39 06 1234 5678' } });
    assert.is(hidden.exitCode, 0, hidden.stdout + hidden.stderr);
    assert.match(hidden.stderr, "buttons.0.phone_number  a secret value of environment 'local' here breaks this rule (its message is not shown");
    assert.not.match(hidden.stderr + hidden.stdout, '612345678');
    assert.not.match(hidden.stderr + hidden.stdout, '1234 5678');
  } finally { cleanup(dir); }
});

test('plan refuses an environment whose values break a rule (exit 1, by file, field and rule, no secret shown); another environment plans', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': config({ good: 'https://shop.example', bad: 'local.shop.example' }), 'templates/spring.yaml': TEMPLATE });
  const env = { TPLSYNC_API_KEY: KEY, GOOD_PROMO: 'SPRING10OFF', BAD_PROMO: CANARY };
  try {
    const lint = await cliIn(['lint'], { cwd: dir, env });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    const good = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(good.exitCode, 2, good.stderr);
    const bad = await cliIn(['plan', '--env', 'bad'], { cwd: dir, env });
    assert.is(bad.exitCode, 1, bad.stdout + bad.stderr);
    assert.match(bad.stderr, /templates\/spring\.yaml: with the values of environment 'bad':/);
    assert.match(bad.stderr, /buttons\.0\.url .*button-url/);
    assert.match(bad.stderr, /Fix the value under environments\.bad\.values/);
    // a secret long enough to break the body's limit: refused too, and never shown
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), config({ good: 'https://shop.example', bad: 'https://shop.example' }));
    const longSecret = `${CANARY}${'z'.repeat(1100)}`;
    const tooLong = await cliIn(['apply', '--auto-approve', '--env', 'bad'], { cwd: dir, env: { ...env, BAD_PROMO: longSecret } });
    assert.is(tooLong.exitCode, 1, tooLong.stdout + tooLong.stderr);
    assert.match(tooLong.stderr, /body\.text .*body-length/);
    // the fix of a secret value is in its variable, not in the config
    assert.match(tooLong.stderr, 'or the environment variable a secret value comes from (BAD_PROMO)');
    assert.not.ok((tooLong.stdout + tooLong.stderr).includes(CANARY), 'the secret is never printed');
    assert.is(emu.state.templates.size, 0, 'nothing was written');
  } finally { cleanup(dir); }
});

test('export fills in the environment\'s values (--env, else the default), and never writes a secret: a template with one is listed, exit 1', async () => {
  const dir = tempDir();
  const plain = TEMPLATE.replace('spring_offer', 'spring_plain').replace('your code ((promo_token)) takes', 'your code SPRING takes');
  writeFiles(dir, { 'tplsync.config.yaml': config({ good: 'https://shop.example', other: 'https://other.example' }), 'templates/spring.yaml': TEMPLATE, 'templates/plain.yaml': plain });
  const env = { TPLSYNC_API_KEY: KEY, GOOD_PROMO: CANARY, OTHER_PROMO: CANARY };
  try {
    for (const to of ['meta', 'twilio']) {
      const r = await cliIn(['export', '--to', to, '--env', 'other'], { cwd: dir, env });
      assert.is(r.exitCode, 1, r.stderr);
      assert.match(r.stderr, /spring_offer\/en_US \(templates\/spring\.yaml\): refers to the secret value \(\(promo_token\)\) of environment 'other'/);
      assert.ok(r.stdout.includes('https://other.example/spring/'), r.stdout);
      assert.not.ok(r.stdout.includes('((shop_host))'), 'no reference is left in a create request');
      assert.not.ok((r.stdout + r.stderr).includes(CANARY));
    }
    const byDefault = await cliIn(['export', '--to', 'meta', 'templates/plain.yaml'], { cwd: dir, env });
    assert.is(byDefault.exitCode, 0, byDefault.stderr);
    assert.ok(byDefault.stdout.includes('https://shop.example/spring/'), byDefault.stdout);
  } finally { cleanup(dir); }
});

test('pull --force over a file with values: compared with the file in that environment (not "changed"), and its references stay references', async () => {
  const dir = tempDir();
  const plain = TEMPLATE.replace('spring_offer', 'spring_pull').replace('your code ((promo_token)) takes', 'your code SPRING takes');
  writeFiles(dir, { 'tplsync.config.yaml': config({ good: 'https://pull.shop.example' }), 'templates/plain.yaml': plain });
  const env = { TPLSYNC_API_KEY: KEY, GOOD_PROMO: CANARY };
  try {
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] };
    const r = await cliIn(['pull', '--channel', 'wa', '--id', plan.changes[0]!.publicId, '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /changed on the channel/);
    // (--dir is the folder the file is in: pulled over that file, no second one)
    assert.not.ok(existsSync(path.join(dir, 'templates', 'spring_pull.en_US.yaml')));
    const written = readFileSync(path.join(dir, 'templates', 'plain.yaml'), 'utf8');
    assert.match(written, /\(\(shop_host\)\)\/spring\/\{\{1\}\}/, written);
    assert.not.ok(written.includes('pull.shop.example'), written);
  } finally { cleanup(dir); }
});

test('a plain value that breaks a field beside a secret is named as the plain value\'s finding, not blamed on the secret; a secret that breaks it is still not shown', async () => {
  const dir = tempDir();
  try {
    const cfg = (host: string) => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n    values:\n      shop_host: ${host}\n      care_token: { env: CARE_TOKEN }\nchannels:\n  wa: { kind: whatsapp }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': cfg('www.shop.example'),
      'templates/care.yaml': 'channel: wa\nname: care_followup\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "How was your visit, {{1}}?"\n  examples: { 1: Ana }\nbuttons:\n  - type: URL\n    text: Rate us\n    url: "((shop_host))/care/((care_token))/{{1}}"\n    example: "((shop_host))/care/((care_token))/A-1"\n',
    });
    const plain = await cliIn(['plan'], { cwd: dir, env: { CARE_TOKEN: CANARY } });
    assert.is(plain.exitCode, 1, plain.stdout + plain.stderr);
    assert.match(plain.stderr, 'buttons.0.url  The URL must be an absolute http:// or https:// address.  button-url');
    assert.not.match(plain.stderr, 'a secret value of environment');
    // the fix is in the config's value: no variable named, and lint --env finds it too
    assert.not.match(plain.stderr, 'CARE_TOKEN');
    assert.match(plain.stderr, '`tplsync lint --env local` finds these too');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), cfg('https://www.shop.example'));
    const secret = await cliIn(['plan'], { cwd: dir, env: { CARE_TOKEN: `${CANARY} x` } });
    assert.is(secret.exitCode, 1, secret.stdout + secret.stderr);
    assert.match(secret.stderr, "buttons.0.url  a secret value of environment 'local' here breaks this rule");
    assert.match(secret.stderr, 'the environment variable a secret value comes from (CARE_TOKEN)');
    assert.not.match(secret.stdout + secret.stderr, CANARY);
  } finally { cleanup(dir); }
});

test('lint --env NAME checks each template with that environment\'s plain values too, at the field; a secret is not read; an unknown environment is a usage error', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    emulator: .tplsync/dev.json\n    channels: { wa: ${CHANNEL_A} }\n    values: { shop_host: "https://shop.example", note: Thanks for shopping with us, care_token: { env: DEV_CARE } }\n  production:\n    emulator: .tplsync/prod.json\n    channels: { wa: ${CHANNEL_A} }\n    values: { shop_host: shop.example, note: "Thanks for shopping with us, and see you again very soon at our stores", care_token: { env: PROD_CARE } }\nchannels:\n  wa: { kind: whatsapp }\n`,
      'templates/care.yaml': 'channel: wa\nname: care_followup\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "How was your visit, {{1}}?"\n  examples: { 1: Ana }\nfooter: "((note))"\nbuttons:\n  - type: URL\n    text: Rate us\n    url: "((shop_host))/care/((care_token))/{{1}}"\n    example: "((shop_host))/care/((care_token))/A-1"\n',
    });
    // no secret variable set: lint needs none
    const plain = await cliIn(['lint'], { cwd: dir, env: {} });
    assert.is(plain.exitCode, 0, plain.stdout + plain.stderr);
    assert.is((await cliIn(['lint', '--env', 'dev'], { cwd: dir, env: {} })).exitCode, 0);
    const prod = await cliIn(['lint', '--env', 'production', '--format', 'json'], { cwd: dir, env: {} });
    assert.is(prod.exitCode, 1, prod.stdout + prod.stderr);
    const found = (JSON.parse(prod.stdout) as { diagnostics: { line: number; ruleId: string; severity: string; message: string }[] }).diagnostics.map((d) => `${d.line} ${d.ruleId} ${d.severity} ${d.message}`);
    assert.equal(found, [
      "8 footer error With the values of environment 'production': The footer is 70 characters; the limit is 60.",
      "12 button-url error With the values of environment 'production': The URL must be an absolute http:// or https:// address.",
    ]);
    // a finding of the file as written (a sample missing) is lint's alone: said once, not again "with the values"
    writeFiles(dir, { 'templates/hours.yaml': 'channel: wa\nname: store_hours\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, the store is open until 9pm tonight. See the hours online."\nbuttons:\n  - type: URL\n    text: Store hours\n    url: "((shop_host))/hours"\n' });
    const once = await cliIn(['lint', '--env', 'dev', '--format', 'json'], { cwd: dir, env: {} });
    assert.equal((JSON.parse(once.stdout) as { diagnostics: { ruleId: string; message: string }[] }).diagnostics.map((d) => `${d.ruleId} ${d.message.startsWith('With the values') ? 'env' : 'file'}`), ['placeholder-sample file']);
    const unknown = await cliIn(['lint', '--env', 'prod'], { cwd: dir, env: {} });
    assert.is(unknown.exitCode, 3);
    assert.match(unknown.stderr, "Unknown environment 'prod'; did you mean 'production'?");
  } finally { cleanup(dir); }
});

test.run();
