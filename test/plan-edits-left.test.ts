// `plan` shows, for an edit of an APPROVED template, how many edits remain when the service
// says so (the emulator's x-template-edits-remaining header on the read), and the apply of an
// edit beyond the limit fails with the emulator's clear refusal, and apply says when to re-run.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { makeReview } from '../src/review/review.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

/**
 * A project on an emulator of its own (channels shop-whatsapp and shop-rcs), a template name of its
 * own for each test: `use` gets the emulator, the folder, the key's variable and the name; both are
 * removed however `use` ends.
 */
async function onEmulator(reviewDelayMs: number, prefix: string, use: (p: { emu: Awaited<ReturnType<typeof startEmulator>>; dir: string; env: Record<string, string>; name: string }) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs });
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n` });
    await use({ emu, dir, env: { TPLSYNC_API_KEY: 'k' }, name: `${prefix}${randomUUID().slice(0, 6)}` });
  } finally { cleanup(dir); await emu.close(); }
}

test('plan: "N edits left" for an edit of an APPROVED template; none left names when, and apply is refused', async () => {
  await onEmulator(0, 'e', async ({ emu, dir, env, name }) => {
    const version = (n: number) => templateText(1).replace('name: template_1', `name: ${name}`).replace('within three working days', `within ${n + 2} working days`);
    writeFiles(dir, { 'templates/t.yaml': version(1) });
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    writeFiles(dir, { 'templates/t.yaml': version(2) });
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /uses one of its limited edits \(1 per 24 h, 10 per 30 days\): 10 edits left/, r.stdout);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // the day's edit is used: the plan says so, and the service refuses the next
    writeFiles(dir, { 'templates/t.yaml': version(3) });
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /no edit left before \d{4}-\d\d-\d\dT[\d:.]+Z: the service will refuse this one/, r.stdout);
    const planned = /no edit left before (\S+):/.exec(r.stdout)![1]!;
    r = await cliIn(['apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /edit limit \(1 edit per 24 hours, 10 per 30 days; 9 left in the 30 days\); the next edit is possible from /);
    // the advice is to wait and re-run (or rename), not "a re-run is refused again"
    assert.match(r.stderr, `1 template not edited: the edit allowance of an APPROVED template is used up (the next edit is possible from ${planned}) (see results.json); a re-run then writes it`);
    assert.not.match(r.stderr, /refused again/);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { outcome: string; deferred?: string; retryAt?: string }[] };
    assert.equal(results.results.map((x) => [x.outcome, x.deferred, x.retryAt]), [['failed', 'edit-limit', planned]]);
    // a day later: 9 left, and the re-run the advice names writes it
    emu.advanceClock(25 * 3600_000);
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /: 9 edits left/, r.stdout);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
  });
});

test('an RCS-only template is not limited: WhatsApp\'s edit limit is not applied, budgeted or shown (emulator, plan, review)', async () => {
  await onEmulator(0, 'r', async ({ emu, dir, env, name }) => {
    const version = (n: number) => `channel: shop-rcs\nname: ${name}\nlanguage: en_US\nmessage:\n  type: text\n  message: "Something new is waiting for you, version ${n}."\n`;
    writeFiles(dir, {
      'templates/r.yaml': version(1),
    });
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // three edits of the APPROVED template within the hour: each planned without a budget and applied
    for (const n of [2, 3, 4]) {
      writeFiles(dir, { 'templates/r.yaml': version(n) });
      r = await cliIn(['plan'], { cwd: dir, env });
      assert.match(r.stdout, /update/, r.stdout);
      assert.not.match(r.stdout, /limited edits|Edit budget|edits? left/, r.stdout);
      r = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
      assert.not.match(r.stdout, /"editBudget"|"edit"\s*:/, r.stdout);
      r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 0, `edit ${n - 1}: ${r.stdout}${r.stderr}`);
      emu.advanceClock(60_000);
    }
    r = await cliIn(['review', '--format', 'json'], { cwd: dir, env });
    const review = JSON.parse(r.stdout) as { templates: { state: string; editsLeft?: number }[] };
    assert.equal(review.templates.map((t) => [t.state, t.editsLeft]), [['APPROVED', undefined]]);
  });
});

test('review: a service that states an allowance for an RCS-only template is not shown as EDITS LEFT; a WhatsApp one is', () => {
  const row = (read: object) => makeReview('t', [{ channel: 'c', name: 'n', language: 'en_US', publicId: 'p', file: 'f', read: read as TemplateReadResponse, allowance: { remaining: 3 } }], new Set()).templates[0]!;
  assert.is(row({ statusText: 'APPROVED', message: { type: 'text', message: 'Hi' } }).editsLeft, undefined);
  assert.is(row({ statusText: 'APPROVED', chatapp: { category: 'UTILITY' }, message: { type: 'text', message: 'Hi' } }).editsLeft, 3);
});

test('a change WhatsApp never sees (the description, the RCS message of a template with both) is no edit: no review, no edit spent, no warning', async () => {
  await onEmulator(0, 'd', async ({ emu, dir, env, name }) => {
    const file = (description: string, card: string, days = 3) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\ndescription: ${description}\nbody:\n  text: "Hi {{1}}, your repotting appointment is in ${days} days."\n  examples: { 1: Ana }\nmessage:\n  type: text\n  message: "${card}"\n`;
    writeFiles(dir, { 'templates/t.yaml': file('Repotting reminder', 'Your appointment is soon.') });
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // the description, then the RCS message: each planned and written, neither an edit of the WhatsApp template
    for (const next of [file('Repotting appointment reminder', 'Your appointment is soon.'), file('Repotting appointment reminder', 'Your appointment is very soon.')]) {
      writeFiles(dir, { 'templates/t.yaml': next });
      r = await cliIn(['plan'], { cwd: dir, env });
      assert.match(r.stdout, /~ update/, r.stdout);
      assert.not.match(r.stdout, /limited edits|back to review/, r.stdout);
      r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
      assert.is(r.exitCode, 0, `in sync and APPROVED: ${r.stdout}`);
    }
    // the day's one edit is still there for a change of the body
    writeFiles(dir, { 'templates/t.yaml': file('Repotting appointment reminder', 'Your appointment is very soon.', 2) });
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /uses one of its limited edits \(1 per 24 h, 10 per 30 days\): 10 edits left/, r.stdout);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
  });
});

test('a description-only change of a template in review (PENDING) is written, not held back as a WhatsApp edit; a body change is still held back', async () => {
  await onEmulator(3_600_000, 'p', async ({ emu, dir, env, name }) => {
    const file = (description: string, days = 3) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\ndescription: ${description}\nbody:\n  text: "Hi {{1}}, your repotting appointment is in ${days} days."\n  examples: { 1: Ana }\n`;
    writeFiles(dir, { 'templates/t.yaml': file('Reminder') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'templates/t.yaml': file('Repotting reminder') });
    let r = await cliIn(['plan'], { cwd: dir, env });
    assert.not.match(r.stdout, /PENDING review, and WhatsApp edits only/, r.stdout);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    assert.equal((JSON.parse(r.stdout) as { changes: { action: string }[] }).changes.map((c) => c.action), ['noop'], 'written');
    // the same through a saved plan (it skipped the write, exit 5: a verify round)
    writeFiles(dir, { 'templates/t.yaml': file('Repotting reminders') });
    r = await cliIn(['plan', '--out', 'p.json'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['apply', '--auto-approve', 'p.json'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    writeFiles(dir, { 'templates/t.yaml': file('Repotting reminders', 2) });
    r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /PENDING review, and WhatsApp edits only/, r.stdout);
    r = await cliIn(['plan', '--out', 'p2.json'], { cwd: dir, env });
    r = await cliIn(['apply', '--auto-approve', 'p2.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
  });
});

test.run();
