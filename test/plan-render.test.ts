// Plan renderings speak the file's language: named placeholders stay named in the diffs, and the
// "not compared" note appears only when a compared template sets such a field.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { fromFile, withoutFile, type CanonicalTemplate } from '../src/model/canonical.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderJson, renderMarkdown, renderText } from '../src/plan/render.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, emulatorReview, ROOT, tempDir, writeFiles } from './helpers.ts';
import { templateId } from '../src/model/ids.ts';

test('a file written with names shows its names in the plan diff and field changes, not {{1}}', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    const name = `n${randomUUID().slice(0, 6)}`;
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
      'templates/t.yaml': `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: "Order {{order_id}}"\n  examples: { order_id: A-1 }\nbody:\n  text: "Hi {{first_name}}, your order {{order_id}} is ready for pickup at the store."\n  examples: { first_name: Ana, order_id: A-1 }\n`,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const f = path.join(dir, 'templates', 't.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('ready for pickup', 'ready for collection').replace('"Order {{order_id}}"', '"Your order {{order_id}}"'));
    const r = await cliIn(['plan'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /body\.text: "Hi \{\{first_name\}\}, your order \{\{order_id\}\} is ready for pickup at the store\." → "Hi \{\{first_name\}\}, your order \{\{order_id\}\} is ready for collection/);
    assert.match(r.stdout, /header\.text: "Order \{\{order_id\}\}" → "Your order \{\{order_id\}\}"/);
    assert.match(r.stdout, /-  text: Hi \{\{first_name\}\}, your order \{\{order_id\}\} is ready for pickup/);
    assert.match(r.stdout, /\+  text: Hi \{\{first_name\}\}, your order \{\{order_id\}\} is ready for collection/);
    assert.match(r.stdout, /first_name: Ana/);
    assert.not.match(r.stdout, /\{\{1\}\}|\{\{2\}\}/);
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, /Hi \{\{first_name\}\}/);
    assert.not.match(md.stdout, /\{\{1\}\}/);
  } finally { cleanup(dir); await emu.close(); }
});

const ID = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

test('the "not compared" note lists only what a compared template sets, and is left out otherwise', () => {
  const { canonical: wa, ...waFile } = fromFile(readTemplateValue(templateText(1)), CHANNEL_A, ID(1));
  const rcsText = templateText(4).replace('  rcsExpireOpts: { type: TTL, ttl: 3600 }\n', '  rcsExpireOpts: { type: TTL, ttl: 3600 }\n  examples: { order_id: A-4 }\n');
  const { canonical: rcs, ...rcsFile } = fromFile(readTemplateValue(rcsText), CHANNEL_B, ID(4));
  assert.equal(rcsFile.unobservable, ['category', 'message.examples']);
  // creates only: nothing is compared, so no note
  const creates = makePlan({ desired: [{ file: 'a.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: wa, fileOnly: waFile }], remote: new Map() });
  assert.not.match(renderText(creates, { color: false, environment: 'e' }), /Not compared/);
  assert.not.match(renderMarkdown(creates, { environment: 'e' }), /Not compared/);
  const plan = makePlan({ desired: [{ file: 'a.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: wa, fileOnly: waFile }, { file: 'b.yaml', fileHash: 'h', channel: 'shop-rcs', canonical: rcs, fileOnly: rcsFile }], remote: new Map() });
  // compared templates (noop): a WhatsApp one sets its category, the RCS one message examples too;
  // the reads report no category (a read that does makes it observable: see the last lines)
  const withoutCategory = ({ category: _c, ...rest }: CanonicalTemplate) => rest;
  plan.changes = plan.changes.map((c) => ({ ...c, action: 'noop' as const, remote: withoutFile(withoutCategory(c.desired!.canonical)) }));
  const text = renderText(plan, { color: false, environment: 'e' });
  // (message.examples set by the RCS template alone: named, trial-bq F4)
  assert.match(text, /Not compared, because the API does not return them: category; message\.examples \(1 of 2 templates: shop-rcs\/template_4\/en_US\)\.\n$/);
  const waOnly = { ...plan, changes: plan.changes.filter((c) => c.channel === 'shop-whatsapp') };
  assert.match(renderText(waOnly, { color: false, environment: 'e' }), /Not compared, because the API does not return them: category\.\n$/);
  // a read that reports the category: nothing left that is not compared for the WhatsApp template
  const reported = { ...waOnly, changes: waOnly.changes.map((c) => ({ ...c, remote: withoutFile(c.desired!.canonical) })) };
  assert.not.match(renderText(reported, { color: false, environment: 'e' }), /Not compared/);
});

test('a plan of 600 edits with the same note and 1,000 creates: the comment stays under GitHub\'s limit; one line per note naming its templates; the changes not detailed are named as far as room allows', () => {
  const desired = Array.from({ length: 1600 }, (_, i) => {
    const { canonical, ...fileOnly } = fromFile(readTemplateValue(templateText(i % 4 === 3 ? 1 : i)), CHANNEL_A, ID(i));
    return { file: `t${i}.yaml`, fileHash: 'h', channel: 'shop-whatsapp', canonical: { ...canonical, name: `tpl_${String(i).padStart(4, '0')}` }, fileOnly };
  });
  const plan = makePlan({ desired, remote: new Map() });
  plan.changes = plan.changes.map((c, i) => (i < 600 ? { ...c, action: 'update' as const, attention: ['an edit of an approved template: 10 edits left in 30 days'], ...(i === 7 ? { attention: ['an edit the channel will refuse: no edit left today'] } : {}) } : c));
  const md = renderMarkdown(plan, { environment: 'production' });
  assert.ok(md.length <= 65_536, `${md.length} characters`);
  assert.match(md, /- ⚠️ 599 templates \(`shop-whatsapp\/tpl_0000\/en_US`, .* and 594 more\): an edit of an approved template: 10 edits left in 30 days/);
  // the rarer note first
  assert.ok(md.indexOf('no edit left today') < md.indexOf('599 templates'));
  assert.match(md, /more changes? not shown in detail/);
  // the command that shows all of them plans the comment's environment (a bare plan is the default environment's)
  assert.match(md, /not shown in detail: the comment would exceed GitHub's [\d,]+ characters\. Run `tplsync plan --env production` for all of them\._/);
  assert.match(md, /^- `(~ update|\+ create)` shop-whatsapp\/tpl_\d{4}\/en_US$/m);
  assert.match(md, /^- … and \d+ more$/m);
  // notes with each template's own time are one note; whatever the sections hold, never over the limit
  const timed = { ...plan, changes: plan.changes.map((c, i) => (i < 600 ? { ...c, attention: [`no edit left before 2026-11-${String(1 + (i % 28)).padStart(2, '0')}T03:07:16.827Z: the service will refuse this one`] } : c)) };
  const md2 = renderMarkdown(timed, { environment: 'production' });
  assert.ok(md2.length <= 65_536, `${md2.length} characters`);
  // the note says when: the earliest and the latest of its templates' times (a trial could not tell from "a time of its own")
  assert.match(md2, /- ⚠️ 600 templates \(.*\): no edit left before their own times \(from 2026-11-01T03:07:16.827Z to 2026-11-28T03:07:16.827Z\): the service will refuse each of them/);
  // templates that share the time: the time itself
  const same = { ...plan, changes: plan.changes.map((c, i) => (i < 3 ? { ...c, attention: ['no edit left before 2026-11-05T10:00:00Z'] } : c)) };
  assert.match(renderMarkdown(same, { environment: 'production' }), /- ⚠️ 3 templates \(.*\): no edit left before 2026-11-05T10:00:00Z$/m);
  const huge = renderMarkdown(plan, { environment: 'production', limit: 3000 });
  assert.ok(huge.length <= 3000, `${huge.length} characters`);
});

test('the JSON\'s notObservable is the list text plan says it did not compare, of this run: a category the reads report is not in it (trial-az F5)', () => {
  const { canonical: wa, ...waFile } = fromFile(readTemplateValue(templateText(1)), CHANNEL_A, ID(1));
  const rcsText = templateText(4).replace('  rcsExpireOpts: { type: TTL, ttl: 3600 }\n', '  rcsExpireOpts: { type: TTL, ttl: 3600 }\n  examples: { order_id: A-4 }\n');
  const { canonical: rcs, ...rcsFile } = fromFile(readTemplateValue(rcsText), CHANNEL_B, ID(4));
  const both = makePlan({ desired: [{ file: 'a.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: wa, fileOnly: waFile }, { file: 'b.yaml', fileHash: 'h', channel: 'shop-rcs', canonical: rcs, fileOnly: rcsFile }], remote: new Map() });
  const withoutCategory = ({ category: _c, ...rest }: CanonicalTemplate) => rest;
  const unreported = { ...both, changes: both.changes.map((c) => ({ ...c, action: 'noop' as const, remote: withoutFile(withoutCategory(c.desired!.canonical)) })) };
  // the reads report the category (as the emulator's do), and the platform approved the WhatsApp one as MARKETING: a category change, compared
  const reported = { ...both, changes: both.changes.map((c) => c.channel === 'shop-whatsapp'
    ? { ...c, action: 'update' as const, changes: [{ path: 'category', before: 'MARKETING', after: c.desired!.canonical.category }], remote: withoutFile({ ...c.desired!.canonical, category: 'MARKETING' }) }
    : { ...c, action: 'noop' as const, remote: withoutFile(c.desired!.canonical) }) };
  // (the fields, without the templates a field concerns where not all: `message.examples (1 of 2 templates: ...)`)
  const said = (text: string): string[] => /Not compared, because the API does not return them: (.*)\.\n/.exec(text)?.[1]!.replace(/ \([^)]*\)/g, '').split(/; |, /) ?? [];
  const cases: [string, typeof both, string[]][] = [['creates only', both, []], ['reads without category', unreported, ['category', 'message.examples']], ['reads with category', reported, ['message.examples']]];
  for (const [what, plan, expected] of cases) {
    const json = JSON.parse(renderJson(plan, { environment: 'staging', target: 'http://127.0.0.1:18782' })) as { notObservable: string[]; changes: { changes?: { path: string }[] }[] };
    assert.equal(json.notObservable, expected, what);
    assert.equal(json.notObservable, said(renderText(plan, { color: false, environment: 'staging' })), what);
    // a field the plan reports a change of is never one it says it could not compare
    for (const c of json.changes) for (const f of c.changes ?? []) assert.not.ok(json.notObservable.includes(f.path), `${what}: ${f.path}`);
  }
});

// trial-bq F4: a plan that compares a category (approved as MARKETING, the file says UTILITY) said below it "Not compared,
// because the API does not return them: category, message.examples", as the RCS-only templates' reads carry no category:
// an RCS-only template has none to compare (its write is the message alone; RBM has no category). Now category is left
// out for them, and a field said of some templates alone names them.
test('trial-bq F4: RCS-only templates beside WhatsApp ones: no "category" in the not-compared line (their category is never sent), message.examples named with its templates; the category change compared above it', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-not-compared-');
  try {
    const rcs = (name: string, text: string) => `channel: bank-rcs\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nmessage:\n  type: text\n  message: "${text}"\n  examples: { amount: "EUR 89.90" }\n  suggestions:\n    - { action: reply, text: "Yes", postbackData: yes_${name} }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { bank-wa: ${CHANNEL_A}, bank-rcs: ${CHANNEL_B} }\nchannels:\n  bank-wa: { kind: whatsapp }\n  bank-rcs: { kind: rcs }\n`,
      'templates/transfer.yaml': 'channel: bank-wa\nname: transfer_received\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "You received {{amount}} on your account."\n  examples: { amount: "EUR 50" }\n',
      'templates/fraud.yaml': rcs('fraud_alert', 'Did you just pay {{amount}}?'),
      'templates/refund.yaml': rcs('refund_sent', 'We sent you {{amount}}.'),
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const line = 'Not compared, because the API does not return them: message.examples (2 of 3 templates: bank-rcs/fraud_alert/en_US, bank-rcs/refund_sent/en_US).';
    const quiet = await cliIn(['plan'], { cwd: dir, env });
    assert.is(quiet.exitCode, 0, quiet.stdout + quiet.stderr);
    assert.ok(quiet.stdout.includes(line), quiet.stdout);
    // the platform re-categorises the WhatsApp template: the plan compares its category, and never says it does not
    assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: templateId(CHANNEL_A, 'transfer_received', 'en_US'), category: 'MARKETING' }), 200);
    const r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, 'category: "MARKETING" → "UTILITY"');
    assert.ok(r.stdout.includes(line), r.stdout);
    assert.not.match(r.stdout, /Not compared[^\n]*category/);
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { notObservable: string[]; notObservableTemplates?: Record<string, string[]> };
    const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.equal(json.notObservable, ['message.examples']);
    assert.equal(json.notObservableTemplates, { 'message.examples': ['bank-rcs/fraud_alert/en_US', 'bank-rcs/refund_sent/en_US'] });
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, '<sub>Not compared, because the API does not return them: message.examples (2 of 3 templates: `bank-rcs/fraud_alert/en_US`, `bank-rcs/refund_sent/en_US`).</sub>');
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
