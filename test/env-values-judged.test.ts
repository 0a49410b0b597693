// verify-14: where a template's field is one environment value, `((name))`, lint without an environment
// stands in a plausible value (lintStandIn); the environment's value is what lint --env, plan and
// export --env judge, by every rule:
// - NEW-1: an RCS event whose startTime alone was a reference was refused against the stand-in time
//   (2999-01-01), which no user wrote, by lint, lint --env and plan;
// - NEW-6: an expireTime (or event times) given as a reference whose value had passed was judged by no
//   rule: plan created the expired campaign (a literal past expireTime is held back);
// - NEW-8: export --env wrote the values filled in without judging them (exit 0, requests Meta refuses);
// - NEW-4: plan's refusal of a secret value pointed at lint --env, which reads no secret;
// - NEW-9: plan said a warning the file has of its own again, as one the values bring;
// - NEW-3: header-media-type said a .docx document sample "is a .pdf".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { COUPON } from './env-coupon.ts';

const WA = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const RCS = '1c8d4d5f-7a1f-4b5c-8b54-1e7e2e8e3b22';
const config = (values: string) => `templates: ["t/**/*.yaml"]
defaultEnvironment: local
channels:
  wa: { kind: whatsapp }
  rcs: { kind: rcs }
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { wa: ${WA}, rcs: ${RCS} }
    values:
${values}
`;

const EVENT = `channel: rcs
name: ev2
language: en_US
message:
  type: rich_card
  richCards:
    - title: The autumn collection, live
      description: "Join us for the launch stream."
      fileUrl: https://cdn.example.com/launch/teaser.mp4
      thumbnailUrl: https://cdn.example.com/launch/teaser-thumb.jpg
      suggestions:
        - action: create_calendar_event
          text: Save the date
          postbackData: save_launch
          startTime: ((start_time))
          endTime: "2030-09-12T18:00:00.000Z"
          title: autumn launch
          description: Live stream of the new collection
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }
  fallback:
    text: "Our autumn collection launches live: https://shop.example.com/launch"
`;

const EXPIRING = `channel: rcs
name: x10
language: en_US
message:
  type: text
  message: "Flash sale on now: 20% off all houseplants until midnight tonight."
  suggestions:
    - { action: open_url, text: Shop, postbackData: "https://shop.example.com/flash", openUrlApplication: BROWSER }
  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: ((past_time)) }
  fallback:
    text: "Flash sale on now: 20% off all houseplants until midnight tonight."
`;

const PAST_EVENT = `channel: rcs
name: pastev
language: en_US
message:
  type: text
  message: "Save the date for our summer party."
  suggestions:
    - { action: create_calendar_event, text: Save the date, postbackData: save, startTime: ((ev_start)), endTime: ((ev_end)), title: Party }
  fallback:
    text: "Save the date for our summer party."
`;

test('NEW-1: an event whose startTime alone is a reference is not judged against a stand-in; its value is judged with the environment', async () => {
  const dir = tempDir('tplsync-judged-');
  try {
    writeFiles(dir, { 't/ev2.yaml': EVENT, 'tplsync.config.yaml': config('      start_time: "2030-09-12T17:00:00.000Z"') });
    for (const args of [['lint'], ['lint', '--env', 'local'], ['plan']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 0, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.not.match(r.stdout + r.stderr, /2999/);
    }
    // the environment's start after the literal end: named, with the value, by lint --env and by plan
    writeFiles(dir, { 'tplsync.config.yaml': config('      start_time: "2030-09-12T19:00:00.000Z"') });
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['lint', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /With the values of environment 'local': endTime 2030-09-12T18:00:00.000Z is not after startTime 2030-09-12T19:00:00.000Z/);
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /not after startTime 2030-09-12T19:00:00.000Z.*rcs-calendar-event/);
  } finally { cleanup(dir); }
});

test('NEW-6: an expireTime or event time given as a reference whose value has passed is judged: lint --env says it, plan holds the template back', async () => {
  const dir = tempDir('tplsync-judged-');
  try {
    writeFiles(dir, {
      't/x10.yaml': EXPIRING, 't/pastev.yaml': PAST_EVENT,
      'tplsync.config.yaml': config('      past_time: "2020-01-01T00:00:00Z"\n      ev_start: "2020-05-04T08:00:00Z"\n      ev_end: "2020-05-04T10:00:00Z"'),
    });
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['lint', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /With the values of environment 'local': expireTime 2020-01-01T00:00:00Z is in the past.*rcs-expired/);
    assert.match(r.stdout, /With the values of environment 'local': The event ended at 2020-05-04T10:00:00Z.*rcs-calendar-past/);
    r = await cliIn(['plan', '--format', 'json'], { cwd: dir });
    const plan = JSON.parse(r.stdout) as { changes: { name: string }[]; held?: { name: string; reasons: string[] }[] };
    assert.equal(plan.changes.map((c) => c.name).sort(), ['pastev'], r.stdout + r.stderr);
    assert.equal(plan.held?.map((h) => h.name), ['x10']);
    assert.match(plan.held![0]!.reasons.join(' '), /with the values of environment 'local': expireTime 2020-01-01T00:00:00Z is in the past/);
    // the past event is a warning the values bring (the file's times are references)
    assert.match(r.stderr, /with the values of environment 'local':[\s\S]*The event ended at 2020-05-04T10:00:00Z/);
  } finally { cleanup(dir); }
});


// verify-15 (observation c): promote from an environment whose values give the template an expireTime that has passed:
// that environment's plan holds it back, so it is not there, and promote said "not in local: apply it there first",
// which creates nothing. It says the template is held back there, and why.
test('promote of a template the source holds back (its expireTime value there has passed): said held there and why, not "apply it there first"', async () => {
  const dir = tempDir('tplsync-promote-held-');
  try {
    writeFiles(dir, {
      't/x10.yaml': EXPIRING,
      'tplsync.config.yaml': `templates: ["t/**/*.yaml"]\ndefaultEnvironment: local\nchannels:\n  rcs: { kind: rcs }\nenvironments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { rcs: ${RCS} }\n    values:\n      past_time: "2020-01-01T00:00:00Z"\n  production:\n    emulator: .tplsync/production.json\n    channels: { rcs: ${RCS} }\n    values:\n      past_time: "2999-01-01T00:00:00Z"\n`,
    });
    const r = await cliIn(['promote', '--from', 'local', '--to', 'production', '--format', 'json'], { cwd: dir });
    const plan = JSON.parse(r.stdout) as { changes: unknown[]; held?: { name: string; reasons: string[] }[] };
    assert.equal(plan.changes, [], r.stdout + r.stderr);
    assert.equal(plan.held?.map((h) => h.name), ['x10']);
    const why = plan.held![0]!.reasons.join(' ');
    assert.match(why, "not in local, and held back there: with the values of environment 'local', expireTime 2020-01-01T00:00:00Z is in the past");
    assert.match(why, 'plan and apply of local do not create it');
    assert.not.match(why, /apply it there first/);
  } finally { cleanup(dir); }
});

test('NEW-8: export --env judges the values filled in as plan does: a template they break is not exported (exit 1)', async () => {
  const dir = tempDir('tplsync-judged-');
  try {
    writeFiles(dir, { 't/coupon.yaml': COUPON, 'tplsync.config.yaml': config('      spring_promo_code: SPRING25') });
    let r = await cliIn(['export', '--to', 'meta', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /"example": "SPRING25"|SPRING25/);
    writeFiles(dir, { 'tplsync.config.yaml': config('      spring_promo_code: THISCODEISWAYTOOLONG2026') });
    r = await cliIn(['export', '--to', 'meta', '--env', 'local'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /with the values of environment 'local':[\s\S]*The coupon code sample is 24 characters; the limit is 20[\s\S]*copy-code-length[\s\S]*Not exported/);
    assert.not.match(r.stdout, /THISCODEISWAYTOOLONG2026/);
  } finally { cleanup(dir); }
});

test('NEW-4: plan\'s refusal of a secret value does not send the user to lint --env, which reads no secret', async () => {
  const dir = tempDir('tplsync-judged-');
  try {
    writeFiles(dir, { 't/coupon.yaml': COUPON, 'tplsync.config.yaml': config('      spring_promo_code: { env: V14_SEC }') });
    const r = await cliIn(['plan'], { cwd: dir, env: { V14_SEC: 'SUPERSECRETCODE2026XYZ' } });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /a secret value of environment 'local' here breaks this rule/);
    assert.match(r.stderr, /V14_SEC/);
    assert.not.match(r.stderr, /lint --env local` finds these/);
    assert.match(r.stderr, /judged by plan alone/);
  } finally { cleanup(dir); }
});

test('NEW-9: plan does not say a warning the file has of its own as one the environment\'s values bring', async () => {
  const dir = tempDir('tplsync-judged-');
  try {
    const long = 'x'.repeat(990);
    writeFiles(dir, {
      't/x14.yaml': `channel: wa\nname: x14\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, use code ((promo)) today. Details: {{2}} thanks"\n  examples: { 1: Ana, 2: "${long}" }\n`,
      'tplsync.config.yaml': config('      promo: SPRING25'),
    });
    let r = await cliIn(['lint'], { cwd: dir });
    assert.match(r.stdout, /rendered-length/, r.stdout + r.stderr);
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /with the values of environment/);
  } finally { cleanup(dir); }
});

test('NEW-3: header-media-type names the document sample\'s own type', () => {
  const yaml = `channel: wa\nname: inv\nlanguage: en_US\ncategory: UTILITY\nheader: { format: DOCUMENT, example: "https://cdn.example.com/invoice.docx" }\nbody:\n  text: "Your invoice is attached, thank you for your order."\n`;
  const found = lintBytes('t.yaml', Buffer.from(yaml), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'header-media-type');
  assert.is(found.length, 1);
  assert.match(found[0]!.message, /sample 'invoice\.docx' is a Word document/);
  assert.not.match(found[0]!.message, /is a \.pdf/);
});

test.run();
