// RCS templates end to end through the CLI (a child process) against the emulator on 127.0.0.1:
// RCS-only files lint, apply, plan, pull, scaffold and send; every action's keys and rules; an
// expired campaign holds back only its own template; per-path overrides in the config.
import { readFileSync, readdirSync, rmSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import { checkParams, renderTemplate } from '../src/send/render.ts';
import { campaignEnded, NotSendable } from '../src/send/gate.ts';
import { sendTemplateWith } from '../src/send/send.ts';
import { createClient } from '../src/api/client.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, lintInProcess, ROOT, tempDir, writeFiles } from './helpers.ts';

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });
const env = { TPLSYNC_API_KEY: 'k' };

const config = (extra = '') => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n${extra}`;

const STORE = `channel: shop-rcs
name: store_opening_NAME
language: en_US
description: New store card with every kind of suggestion
message:
  type: rich_card
  richCards:
    - title: "New store in {{city}}"
      description: Opening Saturday, 10:00
      fileUrl: https://cdn.example.com/stores/berlin.jpg
      suggestions:
        - { action: reply, text: Count me in, postbackData: rsvp_yes }
        - { action: open_url, text: Website, postbackData: "https://shop.example.com/berlin", openUrlApplication: WEBVIEW, webviewType: TALL }
        - { action: dial, text: Call the store, phoneNumber: "+4930123456", postbackData: call_store }
        - action: view_location
          text: Directions
          latLong: { latitude: 52.5200, longitude: 13.4050 }
          label: tplsync store Berlin
          postbackData: map
  suggestions:
    - { action: share_location, text: Share location, postbackData: share }
    - action: create_calendar_event
      text: Save the date
      startTime: "2030-05-04T08:00:00.000Z"
      endTime: "2030-05-04T16:00:00.000Z"
      title: Store opening
      description: Coffee and a welcome gift
      postbackData: calendar
  examples: { city: Berlin }
  # the picture beside the text, as the store_opening sample has it: a vertical card with media shows at most three of its four chips (RBM's 344 dp, rcs-card-height)
  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }
  fallback:
    text: "Our {{city}} store opens Saturday 10:00: https://shop.example.com/berlin"
`;

/** what lint finds, in this process (the rules and positions are pure; no need of a CLI process) */
async function lintJson(dir: string): Promise<{ exitCode: number; d: { ruleId: string; line: number; column: number; message: string; severity: string }[] }> {
  const r = await lintInProcess(dir);
  return { exitCode: r.exitCode, d: r.diagnostics };
}

test('lint: an RCS-only template needs no category or body, and WhatsApp rules stay off RCS texts', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(),
      'templates/store.yaml': STORE.replace('NAME', 'a'),
      // an RCS one-time code: starts with its placeholder, which WhatsApp would refuse in a body
      'templates/otp.yaml': 'channel: shop-rcs\nname: rcs_code\nlanguage: en_US\nmessage:\n  type: text\n  message: "{{code}} is your code"\n  examples: { code: "123456" }\n',
      // both parts: the WhatsApp rules judge the body, not the message (adjacent placeholders are a WhatsApp rule)
      'templates/both.yaml': 'channel: shop-rcs\nname: both\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{first}}, your order is ready for pickup at the store."\n  examples: { first: Ana, last: Li }\nmessage:\n  type: text\n  message: "Hello {{first}} {{last}}, it is ready."\n',
      // no message and no body: still a WhatsApp template without its body
      'templates/empty.yaml': 'channel: shop-whatsapp\nname: empty\nlanguage: en_US\ncategory: UTILITY\n',
    });
    const { exitCode, d } = await lintJson(dir);
    assert.is(exitCode, 1);
    assert.equal(d.map((x) => `${x.ruleId}@${x.line}:${x.column}`), ['components@1:1'], JSON.stringify(d));
  } finally { cleanup(dir); }
});

test('lint: each action takes its own keys and obeys its rules, reported at the key', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(),
      'templates/bad.yaml': [
        'channel: shop-rcs', 'name: bad_chips', 'language: en_US', 'message:', '  type: text', '  message: Questions? We are here to help.', '  suggestions:',
        '    - { action: reply, text: Call us, phoneNumber: "+4930123456" }', // 8: a dial key on a reply
        '    - { action: dial, text: Call us }', // 9: no number
        '    - { action: dial, text: Call us, phoneNumber: "+49 30 123456" }', // 10: not E.164
        '    - { action: view_location, text: Map }', // 11: no place
        '    - { action: view_location, text: Map, latLong: { latitude: 95, longitude: 13.4 } }', // 12
        '    - { action: share_location, text: Share, query: here }', // 13: share_location takes no query
        '    - { action: create_calendar_event, text: Save, startTime: "2030-05-04T16:00:00.000Z", endTime: "2030-05-04T08:00:00.000Z", title: X }', // 14
        '    - { action: create_calendar_event, text: Save, startTime: "4 May 2030", endTime: "2030-05-04T08:00:00.000Z", title: X }', // 15
        '',
      ].join('\n'),
    });
    const { d } = await lintJson(dir);
    const got = d.map((x) => `${x.ruleId}@${x.line}:${x.column}`);
    for (const want of ['rcs-action-keys@8:39', 'rcs-action-keys@9:9', 'rcs-dial@10:51', 'rcs-view-location@11:17', 'rcs-view-location@12:64', 'rcs-action-keys@13:46', 'rcs-calendar-event@14:100', 'rcs-calendar-event@15:63']) {
      assert.ok(got.includes(want), `${want} in ${JSON.stringify(got)}`);
    }
    const msg = (at: string) => d.find((x) => `${x.ruleId}@${x.line}:${x.column}` === at)!.message;
    assert.match(msg('rcs-action-keys@8:39'), /'phoneNumber' belongs to a dial suggestion, not to reply/);
    assert.match(msg('rcs-action-keys@9:9'), /A dial suggestion needs 'phoneNumber'/);
    assert.match(msg('rcs-dial@10:51'), /write '\+4930123456'/);
  } finally { cleanup(dir); }
});

// overrides (per-path severities, did-you-mean): test/lint-in-process.test.ts

test('apply an RCS-only template: no WhatsApp definition on the wire, placeholders numbered; plan again: no changes', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(), 'templates/store.yaml': STORE.replace('NAME', 'apply') });
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /created shop-rcs\/store_opening_apply\/en_US → APPROVED/);
    const rec = [...emu.state.templates.values()].find((x) => x.body.name === 'store_opening_apply')!;
    assert.is(rec.body.chatapp, undefined);
    assert.is(rec.body.language, 'en_US');
    assert.is(rec.body.message!.richCards![0]!.title, 'New store in {{1}}');
    assert.equal(rec.body.message!.richCards![0]!.suggestions![2], { action: 'dial', phoneNumber: '+4930123456', postbackData: 'call_store', text: 'Call the store' });
    assert.is(rec.body.message!.fallback!.text, 'Our {{1}} store opens Saturday 10:00: https://shop.example.com/berlin');
    r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /No changes/);
  } finally { cleanup(dir); }
});

test('an expired campaign is reported and held back; every other template plans and applies', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(),
      'templates/store.yaml': STORE.replace('NAME', 'held'),
      'templates/sale.yaml': 'channel: shop-rcs\nname: flash_sale_done\nlanguage: en_US\nmessage:\n  type: text\n  message: Flash sale until midnight.\n  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2020-01-01T00:00:00.000Z" }\n',
    });
    const lint = await lintJson(dir);
    assert.is(lint.exitCode, 1);
    assert.equal(lint.d.map((x) => `${x.ruleId}@${x.line}:${x.column}`), ['rcs-expired@7:51']);
    let r = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const plan = JSON.parse(r.stdout);
    assert.equal(plan.changes.map((c: { name: string; action: string }) => `${c.action} ${c.name}`), ['create store_opening_held']);
    assert.is(plan.held[0].name, 'flash_sale_done');
    assert.match(plan.held[0].reasons[0], /expireTime 2020-01-01T00:00:00.000Z is in the past.*rcs-expired/);
    r = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.match(r.stdout, /⛔ `shop-rcs\/flash_sale_done\/en_US` is held back \(not planned, not applied\)/);
    r = await cliIn(['types', '--out', 'types.ts'], { cwd: dir });
    assert.is(r.exitCode, 0, `types are generated for the other templates too: ${r.stderr}`);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /! held +shop-rcs\/flash_sale_done\/en_US/);
    assert.match(r.stdout, /Applied to t: 1 created, 0 updated, 0 failed/);
    assert.match(r.stderr, 'tplsync: 1 template was held back by its file and not written (held above): shop-rcs/flash_sale_done/en_US.', 'said at the end too');
    assert.ok(![...emu.state.templates.values()].some((x) => x.body.name === 'flash_sale_done'), 'the expired template was not written');
    r = await cliIn(['send', '--channel', 'shop-rcs', '--to', '+4915100000001', '--template', 'flash_sale_done'], { cwd: dir, env });
    assert.is(r.exitCode, 1, 'nor sent');
    // retiring it: delete the file; the plan is clean again
    rmSync(path.join(dir, 'templates', 'sale.yaml'));
    assert.is((await lintJson(dir)).exitCode, 0);
  } finally { cleanup(dir); }
});

test('pull: the weekend_offers sample and an RCS-only template come back in one placeholder style, lint-clean once the samples pull could not know are written, and plan as unchanged', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(),
      'templates/weekend.yaml': readFileSync(path.join(ROOT, 'templates', 'rcs', 'weekend_offers.en_US.yaml'), 'utf8').replace('name: weekend_offers', 'name: weekend_offers_pull'),
      'templates/store.yaml': STORE.replace('NAME', 'pull'),
    });
    let r = await cliIn(['apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const ids = (JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')).results as { publicId: string }[]).map((x) => x.publicId);
    // the originals out of the project first: pull writes no second file of a template a file holds
    renameSync(path.join(dir, 'templates'), path.join(dir, 'applied'));
    r = await cliIn(['pull', '--channel', 'shop-rcs', '--dir', 'pulled', ...ids.flatMap((id) => ['--id', id])], { cwd: dir, env });
    // written, and the samples the channel did not return are flagged for a person to write (exit 1)
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /store_opening_pull\.en_US\.yaml[\s\S]*is still the stub \(sample 1\) that pull wrote[\s\S]*sample-stub/);
    const weekend = readFileSync(path.join(dir, 'pulled', 'weekend_offers_pull.en_US.yaml'), 'utf8');
    assert.match(weekend, /text: Hi \{\{1\}\}, three weekend offers/);
    assert.match(weekend, /message: Weekend offers for \{\{1\}\}/, 'the message numbered like the body: one style');
    const store = readFileSync(path.join(dir, 'pulled', 'store_opening_pull.en_US.yaml'), 'utf8');
    assert.not.match(store, /category:|body:/, 'an RCS-only template stays RCS-only');
    assert.match(store, /the API does not return samples of RCS placeholders/);
    // the pulled files replace the originals: lint flags only the samples pull could not know (sample-stub);
    // once a person writes them, lint clean, fmt-stable, and nothing to change
    rmSync(path.join(dir, 'applied'), { recursive: true });
    renameSync(path.join(dir, 'pulled'), path.join(dir, 'templates'));
    // (and, an info, that the carousel's text is a message of its own on RCS: the sample's directive that accepts it is a
    // comment, which the channel does not keep)
    const beside = (d: { ruleId: string; severity: string }[]) => d.filter((x) => x.ruleId === 'rcs-text-beside-content').map((x) => x.severity);
    const stubs = (await lintJson(dir)).d;
    assert.ok(stubs.length > 0);
    assert.equal(beside(stubs), ['info']);
    assert.equal([...new Set(stubs.filter((x) => x.ruleId !== 'rcs-text-beside-content').map((x) => x.ruleId))], ['sample-stub']);
    const storeFile = path.join(dir, 'templates', 'store_opening_pull.en_US.yaml');
    writeFileSync(storeFile, readFileSync(storeFile, 'utf8').replace(/\(sample (\w+)\)/g, 'Ana'));
    const after = (await lintJson(dir)).d;
    assert.equal(beside(after), ['info']);
    assert.equal(after.filter((x) => x.ruleId !== 'rcs-text-beside-content'), []);
    r = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
  } finally { cleanup(dir); }
});

test('new --kind rcs scaffolds an RCS-only template that lints clean (but for its description stub) and applies', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config() });
    let r = await cliIn(['new', '--kind', 'rcs', '--channel', 'shop-rcs', '--name', 'hello_rcs'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, 'templates', 'hello_rcs.en_US.yaml'), 'utf8');
    assert.not.match(text, /^(category|body):/m);
    // the stub the author is to replace, and nothing else
    assert.equal((await lintJson(dir)).d.map((x) => `${x.ruleId} ${x.severity} ${x.line}:${x.column}`), ['scaffold-stub warning 7:14']);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    r = await cliIn(['new', '--kind', 'sms', '--channel', 'shop-rcs', '--name', 'x'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /--kind is standard, carousel, offer, authentication, call, gif, app-link, flow, product, product-carousel, call-permission, order-details, order-status, rcs, not/);
  } finally { cleanup(dir); }
});

test('send: an RCS-only text with reply and open_url chips goes whole; a card is refused naming its parts; --text-only needs text', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(),
      'templates/rsvp.yaml': readFileSync(path.join(ROOT, 'templates', 'rcs', 'tasting_rsvp.en_US.yaml'), 'utf8').replace('TTL, ttl: 172800', 'TTL, ttl: 172800').replace(/  rcsExpireOpts.*\n/, '').replace(/  fallback:\n.*\n/, ''),
      'templates/store.yaml': STORE.replace('NAME', 'send'),
      'templates/support.yaml': readFileSync(path.join(ROOT, 'templates', 'rcs', 'support_callback.en_US.yaml'), 'utf8'),
    });
    // applied first: send sends only what the channel approved
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const before = emu.state.conversations.size;
    let r = await cliIn(['send', '--channel', 'shop-rcs', '--to', '+4915100000002', '--template', 'tasting_rsvp', '--param', 'first_name=Jo'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(r.stderr, '', 'nothing left out');
    assert.ok(emu.state.conversation(r.stdout.trim()));
    const v = readTemplateValue(readFileSync(path.join(dir, 'templates', 'rsvp.yaml'), 'utf8'));
    assert.equal(renderTemplate(templateMeta(fromFile(v, 'shop-rcs', ''), 'shop-rcs'), { first_name: 'Jo' }), {
      text: 'Hi Jo, join our coffee tasting on Friday at 18:00? Tap an answer below.',
      suggestions: [{ action: 'reply', text: "Yes, I'll come", postbackData: 'tasting_yes' }, { action: 'reply', text: 'Not this time', postbackData: 'tasting_no' }],
    });
    r = await cliIn(['send', '--channel', 'shop-rcs', '--to', '+4915100000002', '--template', 'store_opening_send', '--param', 'city=Berlin'], { cwd: dir, env });
    // a card alone has no text: said at once, with or without --text-only, and never advising --text-only (which would be refused again)
    for (const extra of [[], ['--text-only']]) {
      r = await cliIn(['send', '--channel', 'shop-rcs', '--to', '+4915100000002', '--template', 'store_opening_send', '--param', 'city=Berlin', ...extra], { cwd: dir, env });
      assert.is(r.exitCode, 3);
      assert.match(r.stderr, /has no text to send: its content is RCS rich card 1 "New store in \{\{city\}\}" with its 4 suggestions; suggestion index 0, share_location "Share location"; suggestion index 1, create_calendar_event "Save the date"; the SMS fallback, which a conversation message cannot carry\. Nothing was sent, and --text-only \(textOnly\) would not help/);
      assert.match(r.stderr, 'The API sends messages through one operation, the conversation message, which is a text with reply and open_url suggestions (no card, no media)');
      assert.match(r.stderr, 'send a text (tplsync send --text "...", the wording of its SMS fallback for example)');
      assert.not.match(r.stderr, /pass --text-only/);
    }
    r = await cliIn(['send', '--channel', 'shop-rcs', '--to', '+4915100000002', '--template', 'support_callback', '--text-only'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /left out: suggestion index 0, dial "Call support"; the SMS fallback/);
    assert.is(emu.state.conversations.size, before + 2);
  } finally { cleanup(dir); }
});

test('send --text-only needs the values of the text part alone: a placeholder only in a card is not asked for, and its value is refused (it is not sent)', () => {
  const v = readTemplateValue('channel: shop-rcs\nname: both\nlanguage: en_US\nmessage:\n  type: rich_card\n  message: "Hi {{1}}, order {{2}} is on its way."\n  richCards:\n    - title: "Arriving in {{3}}"\n      description: Track it in the app\n      fileUrl: https://cdn.example.com/van.png\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n  examples: { 1: Ana, 2: A-1042, 3: Sydney }\n');
  const m = templateMeta(fromFile(v, 'shop-rcs', ''), 'shop-rcs');
  assert.equal(m.params, ['1', '2', '3']);
  assert.equal(checkParams(m, { 1: 'Ana', 2: 'A-1042' }, true), { 1: 'Ana', 2: 'A-1042' });
  assert.throws(() => checkParams(m, { 1: 'Ana', 2: 'A-1042' }), /'3' is missing/);
  assert.throws(() => checkParams(m, { 1: 'Ana' }, true), /'2' is missing\. It takes: 1, 2\. \(3: only of the parts --text-only leaves out, which are not sent: give none\)$/);
  // given all the same: refused by name, as a carousel card's value is (it would go nowhere)
  assert.throws(() => checkParams(m, { 1: 'Ana', 2: 'A-1042', 3: ' ' }, true), /'3' is used only by RCS rich card 1 "Arriving in \{\{3\}\}", which a conversation message cannot carry/);
});

test('types: an RCS-only template takes the parameters of its message texts and fallback', () => {
  const files = readdirSync(path.join(ROOT, 'templates', 'rcs'));
  assert.ok(files.includes('launch_event.en_US.yaml'));
  const v = readTemplateValue(readFileSync(path.join(ROOT, 'templates', 'rcs', 'launch_event.en_US.yaml'), 'utf8'));
  const m = templateMeta(fromFile(v, 'shop-rcs', ''), 'shop-rcs');
  assert.equal(m.params, ['first_name']);
  assert.equal(m.buttons, []);
});

const OUTAGE = 'channel: shop-rcs\nname: outage_notice\nlanguage: en_GB\nmessage:\n  type: text\n  message: "We are fixing a network fault near {{postcode}}. Service should be back by {{eta}}."\n  examples: { postcode: SW1A 1AA, eta: "18:00", balance: "£5" }\n  fallback:\n    text: "Fault near {{postcode}}, back by {{eta}}. Balance {{balance}}."\n';

test('send: an RCS message text is held to RBM\'s 3072 characters and takes line breaks, not WhatsApp\'s 1024 and error 132018', () => {
  const m = templateMeta(fromFile(readTemplateValue(OUTAGE), 'shop-rcs', ''), 'shop-rcs');
  assert.is(m.rcs, true);
  const long = 'x'.repeat(1500);
  const params = checkParams(m, { postcode: 'SW1', eta: long }, true);
  assert.is(renderTemplate(m, params).text.length, 'We are fixing a network fault near SW1. Service should be back by .'.length + 1500);
  assert.throws(() => renderTemplate(m, checkParams(m, { postcode: 'SW1', eta: 'x'.repeat(3100) }, true)), /message text of shop-rcs\/outage_notice\/en_GB is \d+ characters; an RCS message takes at most 3072/);
  assert.equal(checkParams(m, { postcode: 'SW1', eta: '18:00\nor sooner' }, true), { postcode: 'SW1', eta: '18:00\nor sooner' });
  // a WhatsApp body keeps WhatsApp's rules
  const wa = templateMeta(fromFile(readTemplateValue('channel: shop-whatsapp\nname: w\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Back by {{eta}} today, we are sorry for the trouble."\n  examples: { eta: "18:00" }\n'), 'shop-whatsapp', ''), 'shop-whatsapp');
  assert.throws(() => checkParams(wa, { eta: '18:00\nor sooner' }), /contains a newline \(WhatsApp refuses it: error 132018\)/);
  assert.throws(() => renderTemplate(wa, checkParams(wa, { eta: long })), /WhatsApp takes at most 1024/);
});

test('types: a value only the SMS fallback uses is no parameter of a textOnly call (nothing sends it, and sendTemplate refuses it); the text\'s values stay required', () => {
  const m = templateMeta(fromFile(readTemplateValue(OUTAGE), 'shop-rcs', ''), 'shop-rcs');
  assert.equal(m.params, ['postcode', 'eta', 'balance']);
  const generated = generateTypes([m], { source: 'tplsync.config.yaml' });
  assert.match(generated, /"shop-rcs\/outage_notice\/en_GB": Omit<SendTemplateOptions<\{ postcode: string; eta: string \}>, 'textOnly'> & \{ textOnly: true \}/);
  assert.equal(checkParams(m, { postcode: 'SW1', eta: '18:00' }, true), { postcode: 'SW1', eta: '18:00' });
  assert.throws(() => checkParams(m, { postcode: 'SW1', eta: '18:00', balance: '£5' }, true), /'balance' is used only by the parts --text-only leaves out \(the SMS fallback\), which a conversation message cannot carry/);
  // TemplateParams says the same (a trial's values built from it had to give what is never sent)
  assert.match(generated, /"shop-rcs\/outage_notice\/en_GB": \{ postcode: string; eta: string \}/);
});

test('the generated module carries what the library decides by: an RCS-only template\'s rcs and its expireTime (it dropped both, and the library sent an ended campaign under WhatsApp\'s limits)', () => {
  const m = templateMeta(fromFile(readTemplateValue(OUTAGE.replace('  fallback:', '  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2021-03-01T10:00:00Z" }\n  fallback:')), 'shop-rcs', ''), 'shop-rcs');
  const generated = generateTypes([m], { source: 'tplsync.config.yaml' });
  const entry = generated.slice(generated.indexOf('export const templates'));
  assert.match(entry, /\n {2}"shop-rcs\/outage_notice\/en_GB": \{[^\n]*, rcs: true, expireTime: "2021-03-01T10:00:00\.000Z", /);
});

test('the library sends no RCS campaign past its expireTime, textOnly or not, remote check or not (it dropped the expiry and sent it)', async () => {
  const ended = templateMeta(fromFile(readTemplateValue(OUTAGE.replace('  fallback:', '  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2021-03-01T10:00:00Z" }\n  fallback:')), 'shop-rcs', ''), 'shop-rcs');
  assert.is(ended.expireTime, '2021-03-01T10:00:00.000Z');
  assert.ok(campaignEnded(ended, Date.parse('2021-03-01T10:00:00Z')));
  assert.not.ok(campaignEnded(ended, Date.parse('2021-03-01T09:59:59Z')));
  assert.not.ok(campaignEnded({}, 0));
  const client = createClient({ baseUrl: emu.url, apiKey: 'k', channels: { 'shop-rcs': CHANNEL_B } });
  const before = emu.state.conversations.size;
  for (const remoteCheck of [true, false]) {
    const e = await sendTemplateWith(client, ended, { to: '+447700900123', params: { postcode: 'SW1', eta: '18:00' }, textOnly: true, remoteCheck }).then(() => undefined, (x: unknown) => x);
    assert.instance(e, NotSendable);
    assert.is((e as NotSendable).reason, 'expired');
    assert.match((e as Error).message, /shop-rcs\/outage_notice\/en_GB is a campaign that ended at 2021-03-01T10:00:00\.000Z/);
  }
  assert.is(emu.state.conversations.size, before, 'nothing was sent');
  // one that ends far ahead is sent (its expiry left out, as textOnly says)
  const later = { ...ended, expireTime: '2999-01-01T00:00:00.000Z', omitted: ['the expiry (expireTime 2999-01-01T00:00:00.000Z)', 'the SMS fallback'] };
  const sent = await sendTemplateWith(client, later, { to: '+447700900123', params: { postcode: 'SW1', eta: '18:00' }, textOnly: true, remoteCheck: false });
  assert.ok(emu.state.conversation(sent.clientMessageId));
});


test('a template with WhatsApp and RCS parts names an RCS card it cannot send by its title as the file writes it, not the wire numbers', () => {
  const v = readTemplateValue('channel: both\nname: parcel_eta\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, order {{order_id}} is on its way."\n  examples: { customer: Ana, order_id: LS-1 }\nmessage:\n  type: rich_card\n  richCards:\n    - title: "Parcel {{order_id}} arrives {{eta}}"\n      description: "Driver {{driver}}"\n      fileUrl: https://cdn.example.com/van.png\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n  examples: { eta: today, driver: Sam }\n');
  const m = templateMeta(fromFile(v, CHANNEL_A, ''), 'both');
  assert.ok(m.omitted?.includes('RCS rich card 1 "Parcel {{order_id}} arrives {{eta}}"'), JSON.stringify(m.omitted));
});

test.run();
