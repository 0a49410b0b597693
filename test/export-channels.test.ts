// export --to meta|twilio of a project with several channels: --channel ALIAS chooses them; two
// requests of one name and language (two WhatsApp channels) are refused, naming both files (trial-z
// F6); an RCS-only template is listed once, whatever its values (verify-15); what Meta's create
// request has no place for (an authentication text of its own, trial-z F4) is listed by field on
// stderr (exit 1); a description, tplsync's own (trial-z F1), is noted once for all templates (exit 0,
// trial-ax F1).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { runWithIo, shownPath } from '../src/core/io.ts';

const CHANNEL_C = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: dev
channels:
  wa: { kind: whatsapp }
  wa2: { kind: whatsapp }
  rcs: { kind: rcs }
environments:
  dev:
    emulator: .tplsync/e.json
    channels: { wa: ${CHANNEL_A}, wa2: ${CHANNEL_B}, rcs: ${CHANNEL_C} }
    values: { base: "https://shop.example.org", start: "2019-05-01T10:00:00Z", end: "2019-05-01T12:00:00Z" }
  stage:
    emulator: .tplsync/s.json
    channels: { wa: ${CHANNEL_A}, wa2: ${CHANNEL_B}, rcs: ${CHANNEL_C} }
    values: { base: "shop.example.org", start: "2031-03-05T09:00:00Z", end: "2031-03-05T09:30:00Z" }
`;
const copy = (channel: string, text: string) => `channel: ${channel}\nname: cta_copy\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\nbuttons:\n  - { type: COPY_CODE, example: WEEK10 }\n  - { type: PHONE_NUMBER, text: Call us, phone_number: "+15550100200" }\n`;
const TWO_ACCOUNTS = {
  'tplsync.config.yaml': CONFIG,
  'templates/cta_copy.en_US.yaml': copy('wa', 'Hi {{1}}, here is your personal discount code for this week. Enjoy!'),
  'templates/cta_copy2.en_US.yaml': copy('wa2', 'Hello {{1}}, this is the second account and its own weekly discount code.'),
};

test('two WhatsApp channels with one name and language: the export is refused, naming both files and --channel; --channel exports one', async () => {
  const dir = tempDir('tplsync-export-channels-');
  try {
    writeFiles(dir, TWO_ACCOUNTS);
    for (const to of ['meta', 'twilio']) {
      const r = await cliIn(['export', '--to', to, '--out', `${to}.json`], { cwd: dir });
      assert.is(r.exitCode, 1, r.stderr);
      assert.match(r.stderr, 'cta_copy/en_US');
      assert.match(r.stderr, path.join('templates', 'cta_copy.en_US.yaml'));
      assert.match(r.stderr, path.join('templates', 'cta_copy2.en_US.yaml'));
      assert.match(r.stderr, '--channel wa');
      assert.match(r.stderr, 'Nothing was exported');
      assert.not.ok(existsSync(path.join(dir, `${to}.json`)), `${to}: nothing written`);
      for (const [alias, text] of [['wa', 'Hi {{1}}'], ['wa2', 'Hello {{1}}']] as const) {
        const one = await cliIn(['export', '--to', to, '--channel', alias, '--out', `${to}-${alias}.json`], { cwd: dir });
        assert.is(one.exitCode, 0, one.stderr);
        const written = readFileSync(path.join(dir, `${to}-${alias}.json`), 'utf8');
        assert.is((JSON.parse(written) as unknown[]).length, 1);
        assert.match(written, text);
      }
      // a channel id, as pull --channel takes it: the templates of its alias
      const byId = await cliIn(['export', '--to', to, '--channel', CHANNEL_B], { cwd: dir });
      assert.is(byId.exitCode, 0, byId.stderr);
      assert.match(byId.stdout, 'Hello {{1}}');
      assert.not.match(byId.stdout, 'Hi {{1}}');
      const both = await cliIn(['export', '--to', to, '--channel', 'wa', '--channel', 'wa2'], { cwd: dir });
      assert.is(both.exitCode, 1, both.stderr);
      assert.match(both.stderr, 'cta_copy2.en_US.yaml');
      const unknown = await cliIn(['export', '--to', to, '--channel', 'wa3'], { cwd: dir });
      assert.is(unknown.exitCode, 3, unknown.stderr);
      assert.match(unknown.stderr, 'wa3');
    }
  } finally { cleanup(dir); }
});

// verify-15: with a warning the values bring (an event past in dev) it was listed twice, with an error (stage) as the values' errors
test('an RCS-only template is listed once, as one, also when the environment\'s values bring a warning or an error', async () => {
  const dir = tempDir('tplsync-export-channels-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/store.yaml': 'channel: rcs\nname: rcs_store\nlanguage: en_US\nmessage:\n  type: text\n  message: "Visit our new store this weekend."\n  suggestions:\n    - { action: open_url, text: Website, postbackData: "((base))/store", openUrlApplication: BROWSER }\n    - { action: create_calendar_event, text: Save the date, postbackData: save, startTime: ((start)), endTime: ((end)), title: Open day }\n',
      'templates/ok.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    // (Twilio sends RCS: export --to twilio writes an RCS-only template, judged with its values, twilio-rcs.test.ts)
    for (const to of ['meta']) {
      for (const env of ['dev', 'stage']) {
        const r = await cliIn(['export', '--to', to, '--env', env], { cwd: dir });
        assert.is(r.exitCode, 1, r.stderr);
        assert.is(r.stderr.split('\n').filter((l) => l.includes('rcs_store')).length, 1, `${to} --env ${env}:\n${r.stderr}`);
        assert.match(r.stderr, 'RCS-only');
        assert.not.match(r.stderr, /rcs-open-url|rcs-calendar-past/);
        assert.equal((JSON.parse(r.stdout) as unknown[]).length, 1);
      }
    }
    // to Twilio: judged with the environment's values as every template is, then refused by name (a calendar chip has no Twilio action)
    const stage = await cliIn(['export', '--to', 'twilio', '--env', 'stage'], { cwd: dir });
    assert.is(stage.exitCode, 1, stage.stderr);
    assert.match(stage.stderr, /rcs_store\/en_US \(templates\/store\.yaml\): with the values of environment 'stage':/);
    const dev = await cliIn(['export', '--to', 'twilio', '--env', 'dev'], { cwd: dir });
    assert.is(dev.exitCode, 1, dev.stderr);
    assert.match(dev.stderr, /rcs_store\/en_US \(templates\/store\.yaml\): message\.suggestions\[1\]\.action: a create_calendar_event suggestion: [^\n]*not exported/);
    assert.equal((JSON.parse(dev.stdout) as unknown[]).length, 1);
  } finally { cleanup(dir); }
});

test('export --to meta notes a description (written without it) and lists an authentication text of its own (not written)', async () => {
  const dir = tempDir('tplsync-export-channels-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/order_update.en_US.yaml': 'channel: wa\nname: order_update\nlanguage: en_US\ncategory: UTILITY\ndescription: Order status update with tracking\nbody:\n  text: "Hi {{1}}, your order has shipped and is on its way to you."\n  examples: { 1: Maria }\n',
      'templates/auth_custom.de.yaml': 'channel: wa\nname: auth_custom\nlanguage: de\ncategory: AUTHENTICATION\nbody:\n  text: "{{1}} ist dein Bestätigungscode für unseren Shop."\n  examples: { 1: "123456" }\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Code kopieren }\n',
    });
    const r = await cliIn(['export', '--to', 'meta'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /note: description of order_update\/en_US: not in Meta's create request, which has no such field/);
    assert.match(r.stderr, /auth_custom\/de \([^)]*\): body\.text: an authentication template with a body text of its own/);
    const out = JSON.parse(r.stdout) as { name: string }[];
    assert.equal(out.map((x) => x.name), ['order_update']);
    assert.not.match(r.stdout, 'Order status update');
  } finally { cleanup(dir); }
});

test('export --out outside the project is named by its absolute path, inside it relative (trial aj 15); types says it so too', async () => {
  const dir = tempDir('tplsync-export-out-');
  const away = tempDir('tplsync-export-away-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/cta_copy.en_US.yaml': TWO_ACCOUNTS['templates/cta_copy.en_US.yaml'] });
    const outside = path.join(away, 'requests', 'meta.json');
    const r = await cliIn(['export', '--to', 'meta', '--out', outside], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, `Wrote 1 create request to ${outside}; pull --from meta reads it back`);
    assert.not.match(r.stderr, /\.\.\//);
    assert.ok(existsSync(outside));
    // inside: relative to the working directory, also from a folder of the project (../out.json stays in it)
    const inside = await cliIn(['export', '--to', 'meta', '--out', '../out/meta.json'], { cwd: path.join(dir, 'templates') });
    assert.is(inside.exitCode, 0, inside.stdout + inside.stderr);
    assert.match(inside.stderr, `Wrote 1 create request to ${path.join('..', 'out', 'meta.json')};`);
    const types = await cliIn(['types', '--out', path.join(away, 'types.ts')], { cwd: dir });
    assert.is(types.exitCode, 0, types.stdout + types.stderr);
    assert.match(types.stdout, `wrote ${path.join(away, 'types.ts')} (`);
  } finally { cleanup(dir); cleanup(away); }
});

test('shownPath: relative in the working directory or the project, absolute elsewhere', () => {
  const root = tempDir('tplsync-shown-path-');
  try {
    const project = path.join(root, 'project');
    const sink = { write: () => true } as unknown as NodeJS.WriteStream;
    runWithIo({ stdout: sink, stderr: sink, stdin: process.stdin, cwd: path.join(project, 'templates'), env: {} }, () => {
      assert.is(shownPath('a.yaml'), 'a.yaml');
      assert.is(shownPath(path.join(project, 'templates', 'wa', 'a.yaml')), path.join('wa', 'a.yaml'));
      assert.is(shownPath('../out/x.json', project), path.join('..', 'out', 'x.json'));
      // outside the project (or no project given): absolute
      assert.is(shownPath('../out/x.json'), path.join(project, 'out', 'x.json'));
      assert.is(shownPath('/tmp/x.json', project), '/tmp/x.json');
      assert.is(shownPath('../../x.json', project), path.join(root, 'x.json'));
      // a name that starts with two dots is inside
      assert.is(shownPath('..x.json', project), '..x.json');
    });
  } finally { cleanup(root); }
});

// trial-ax F1: every lint-clean template with a description (which lint's scaffold-stub asks for) made the export exit 1
test('export of lint-clean templates with descriptions exits 0, --to meta and --to twilio (RCS too): one note names the templates, the requests hold no description', async () => {
  const dir = tempDir('tplsync-export-described-');
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (let i = 1; i <= 7; i++) files[`templates/offer_${i}.en_US.yaml`] = `channel: wa\nname: offer_${i}\nlanguage: en_US\ncategory: UTILITY\ndescription: Welcome offer number ${i} for new customers\nbody:\n  text: "Hi {{1}}, your order ${i} has shipped and is on its way to you."\n  examples: { 1: Maria }\n`;
    files['templates/rcs_ready.en_US.yaml'] = 'channel: rcs\nname: rcs_ready\nlanguage: en_US\ndescription: Pickup notice for lockers\nmessage:\n  type: text\n  message: "Your parcel {{1}} is ready at the locker."\n  examples: { 1: A12 }\n';
    writeFiles(dir, files);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    const meta = await cliIn(['export', '--to', 'meta', '--channel', 'wa', '--out', 'meta.json'], { cwd: dir });
    assert.is(meta.exitCode, 0, meta.stderr);
    const notes = meta.stderr.split('\n').filter((l) => l.includes('description'));
    assert.equal(notes, ['tplsync: note: description of 7 templates (offer_1/en_US, offer_2/en_US, offer_3/en_US, offer_4/en_US, offer_5/en_US, and 2 more): not in Meta\'s create request, which has no such field; the description is tplsync\'s own (what the template is for: apply sends it with the template, and no platform reviews it); a file pulled back from this output (pull --from meta) has none']);
    assert.not.match(readFileSync(path.join(dir, 'meta.json'), 'utf8'), 'Welcome offer');
    assert.is((JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as unknown[]).length, 7);
    // Twilio: a WhatsApp template's description is its friendly_name; an RCS one's is noted as Meta's is
    const twilio = await cliIn(['export', '--to', 'twilio'], { cwd: dir });
    assert.is(twilio.exitCode, 0, twilio.stderr);
    const twilioNotes = twilio.stderr.split('\n').filter((l) => l.includes('description'));
    assert.is(twilioNotes.length, 1, twilio.stderr);
    assert.match(twilioNotes[0]!, /^tplsync: note: description of rcs_ready\/en_US: not in Twilio's resource/);
    assert.match(twilio.stdout, '"friendly_name": "Welcome offer number 1 for new customers"');
    // a part that is the platform's content and cannot be carried is still a finding
    writeFiles(dir, { 'templates/offer_1.en_US.yaml': files['templates/offer_1.en_US.yaml']!.replace('category: UTILITY\n', 'category: UTILITY\nmessage_send_ttl_seconds: 600\n') });
    const ttl = await cliIn(['export', '--to', 'twilio', '--channel', 'wa'], { cwd: dir });
    assert.is(ttl.exitCode, 1, ttl.stderr);
    assert.match(ttl.stderr, 'offer_1/en_US (templates/offer_1.en_US.yaml): message_send_ttl_seconds: Twilio\'s content types have no place for it');
  } finally { cleanup(dir); }
});

// a part Twilio's content types have no place for is listed with what the export writes instead (the request goes out
// without it), so the reader knows the resource is written and what it lacks, not only that something is wrong
test('export --to twilio: each part written without its place in Twilio says so on its line (limited-time offer, time to live, call permission request, FLOW button)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n',
      'templates/lto.en_US.yaml': 'channel: wa\nname: lto_sale\nlanguage: en_US\ncategory: MARKETING\nheader: { format: IMAGE, example: "https://cdn.example.com/a/sale.png" }\nlimited_time_offer: { text: Expiring offer!, has_expiration: true }\nmessage_send_ttl_seconds: 43200\nbody:\n  text: "Good news, {{1}}! Use code {{2}} to get 25% off all packages!"\n  examples: { 1: Pablo, 2: CARIBE25 }\nbuttons:\n  - { type: COPY_CODE, example: CARIBE25 }\n  - { type: URL, text: Book now!, url: "https://travel.example.com/offers" }\n',
      'templates/flow.en_US.yaml': 'channel: wa\nname: flow_signup\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, sign up for our newsletter in two taps and get news first."\n  examples: { 1: Pablo }\nbuttons:\n  - { type: FLOW, text: Sign up, flow_id: "1234567890", flow_action: navigate, navigate_screen: WELCOME }\n  - { type: QUICK_REPLY, text: Not now }\n',
      'templates/cpr.en_US.yaml': 'channel: wa\nname: cpr_vip\nlanguage: en_US\ncategory: MARKETING\ncall_permission_request: true\nbody:\n  text: "Hi {{1}}, may our advisers call you about your VIP account on WhatsApp?"\n  examples: { 1: Pablo }\n',
    });
    const r = await cliIn(['export', '--to', 'twilio'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    const line = (field: string): string => r.stderr.split('\n').find((l) => l.includes(`: ${field}: `)) ?? '';
    assert.match(line('limited_time_offer'), /; written without it, as a plain template \(no offer text, no expiry countdown\)$/);
    assert.match(line('message_send_ttl_seconds'), /; written without it \(the template gets WhatsApp's default time to live\)$/);
    assert.match(line('call_permission_request'), /; written without it \(a template that asks for no call permission\)$/);
    assert.match(r.stderr.split('\n').find((l) => l.startsWith('tplsync: flow_signup/en_US')) ?? '', /a FLOW button: .*; written without the button$/);
    // and the requests are written, without those parts
    const out = JSON.parse(r.stdout) as { content: { friendly_name: string; types: Record<string, unknown> } }[];
    assert.equal(out.map((x) => x.content.friendly_name).sort(), ['cpr_vip', 'flow_signup', 'lto_sale']);
    assert.not.match(r.stdout, /FLOW|Sign up/);
  } finally { cleanup(dir); }
});

test.run();
