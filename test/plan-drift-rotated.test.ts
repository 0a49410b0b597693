// A rotated secret (its variable changed, no file changed) was planned as drift "edited outside tplsync", with a
// `pull --force` advice that changes nothing (the file says ((promo_code)) already), while the same plan's field line said
// the only difference was a secret's value (trial-bt F1): the file's committed versions were filled with today's value of
// the secret, so the channel's copy, written with the earlier one, matched none. A copy that is a version of the file with
// other texts where it refers to a secret is now that version: an ordinary update, said as a rotation; a console edit
// (a direct write through the API) is still drift.
import { readFileSync, writeFileSync } from 'node:fs';
import Ajv from 'ajv';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { templateId } from '../src/model/ids.ts';
import { fillMarks } from '../src/model/remnants.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, ROOT, tempDir, writeFiles } from './helpers.ts';
import { git } from './drift-repo.ts';

/** the plan JSON's schema (valuesChanged is one of its fields) */
const PLAN_SCHEMA = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema/output/plan.v1.schema.json'), 'utf8')));
const OLD = 'DEVSAVE2024X';
const NEW = 'DEVSAVE2025Z';
const PROMO_ID = templateId(CHANNEL_A, 'weekly_promo', 'en_US');
const promo = (text: string) => `channel: shop\nname: weekly_promo\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;
const TEXT = 'Hi {{1}}, use code ((promo_code)) for 10% off this week.';
const config = (url: string) => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${url}\n    channels: { shop: ${CHANNEL_A} }\n    values:\n      promo_code: { env: ROT_PROMO }\n`;

/** a repository with weekly_promo committed and applied with the secret OLD (its clone B, with an upstream, when `clone`) */
async function inRotatedRepo(use: (r: { emu: RunningEmulator; dir: string; root: string }) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const root = tempDir('tplsync-drift-rotated-');
  try {
    const dir = path.join(root, 'A');
    writeFiles(dir, { 'tplsync.config.yaml': config(emu.url), 'templates/promo.en_US.yaml': promo(TEXT), '.gitignore': '.tplsync/\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'promo');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: OLD } });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    emu.advanceClock(25 * 3600_000);
    await use({ emu, dir, root });
  } finally {
    cleanup(root);
    await emu.close();
  }
}

function noSecret(out: string, what: string): void {
  for (const v of [OLD, NEW]) assert.not.ok(out.includes(v), `${what}: ${v} in clear:\n${out}`);
}

/** the plan of `dir` with the secret rotated to NEW, in text, JSON and Markdown: an ordinary update said as a rotation, no drift */
async function saysRotation(dir: string, what: string): Promise<void> {
  const env = { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW };
  const text = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
  assert.is(text.exitCode, 2, `${what}: ${text.stdout}${text.stderr}`);
  noSecret(text.stdout + text.stderr, `${what} text`);
  assert.match(text.stdout, /~ update shop\/weekly_promo\/en_US(?! \(drift)/, `${what}: ${text.stdout}`);
  assert.not.match(text.stdout, /drift|outside tplsync|pull --channel|conflict/, `${what}: ${text.stdout}`);
  assert.match(text.stdout, 'the environment\'s value of ((promo_code)) (a secret) changed since the last apply: the update writes the current value', what);
  assert.match(text.stdout, /Plan for dev: 0 to create, 1 to update, \d unchanged\./, what);
  const json = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
  noSecret(json.stdout, `${what} json`);
  const doc = JSON.parse(json.stdout) as { changes: { name: string; action: string; drift?: unknown; valuesChanged?: string[] }[] };
  assert.ok(PLAN_SCHEMA(doc), `${what}: ${JSON.stringify(PLAN_SCHEMA.errors)}`);
  const change = doc.changes.find((c) => c.name === 'weekly_promo')!;
  assert.is(change.action, 'update', what);
  assert.is(change.drift, undefined, what);
  assert.equal(change.valuesChanged, ['promo_code'], what);
  const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
  noSecret(md.stdout, `${what} markdown`);
  assert.not.match(md.stdout, /🔴|drift|outside tplsync|pull --channel/, `${what}: ${md.stdout}`);
  assert.match(md.stdout, 'ℹ️ 1 update writes the environment\'s current value of ((promo_code)), changed since the last apply', what);
}

test('trial-bt F1: a secret rotated (no file changed, a branch without upstream) is an ordinary update said as a rotation, not "edited outside tplsync"; apply writes the new value; a console edit is still drift', async () => {
  await inRotatedRepo(async ({ emu, dir }) => {
    await saysRotation(dir, 'local branch');
    // the file's text changed and committed too: the channel's copy (the older text with the older value) is an older version
    writeFileSync(path.join(dir, 'templates/promo.en_US.yaml'), promo('Hi {{1}}, use code ((promo_code)) for 15% off this week.'));
    git(dir, 'commit', '-qam', '15%');
    const both = await cliIn(['plan'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW } });
    assert.match(both.stdout, /~ update shop\/weekly_promo\/en_US(?! \(drift)/, both.stdout + both.stderr);
    assert.not.match(both.stdout, /drift|outside tplsync|pull --channel/, both.stdout);
    assert.match(both.stdout, 'the environment\'s value of ((promo_code)) (a secret) changed since the last apply');
    noSecret(both.stdout + both.stderr, 'file changed');
    git(dir, 'reset', '-q', '--hard', 'HEAD~1');
    // apply writes the current value: the next plan has nothing to do
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW } });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    emu.advanceClock(25 * 3600_000);
    const after = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW } });
    assert.is(after.exitCode, 0, after.stdout + after.stderr);
    // a console edit (a direct write through the API) of the words around the secret is still an edit outside tplsync
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, PROMO_ID, { name: 'weekly_promo', description: '', chatapp: { chatapp: { name: 'weekly_promo', language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text: `Hi {{1}}, use code ${NEW} for 50% off today.` }], example: { 1: 'Ana' } } } } as never);
    emu.advanceClock(25 * 3600_000);
    const console = await cliIn(['plan'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW } });
    assert.match(console.stdout, /~ update shop\/weekly_promo\/en_US \(drift: edited outside tplsync/, console.stdout + console.stderr);
    assert.not.match(console.stdout, 'changed since the last apply');
  });
});

test('trial-bt F1: a secret rotated on a branch with an upstream (the merge base a base that is not HEAD): no drift, said as a rotation; a console edit is drift', async () => {
  await inRotatedRepo(async ({ emu, dir, root }) => {
    git(root, 'init', '-q', '--bare', 'origin.git');
    git(dir, 'remote', 'add', 'origin', path.join(root, 'origin.git'));
    git(dir, 'push', '-q', '-u', 'origin', 'main');
    git(dir, 'checkout', '-q', '-b', 'feature', '--track', 'origin/main');
    writeFiles(dir, { 'templates/other.en_US.yaml': promo('Hi {{1}}, our shop is open on Sunday.').replace('weekly_promo', 'sunday_open') });
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'another template');
    await cliIn(['apply', '--auto-approve', 'templates/other.en_US.yaml'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: OLD } });
    emu.advanceClock(25 * 3600_000);
    await saysRotation(dir, 'branch with upstream');
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, PROMO_ID, { name: 'weekly_promo', description: '', chatapp: { chatapp: { name: 'weekly_promo', language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text: `Hi {{1}}, use code ${OLD} for 50% off today.` }], example: { 1: 'Ana' } } } } as never);
    emu.advanceClock(25 * 3600_000);
    const console = await cliIn(['plan'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k', ROT_PROMO: NEW } });
    assert.match(console.stdout, /~ update shop\/weekly_promo\/en_US \(drift: changed on the channel/, console.stdout + console.stderr);
  });
});

test('a plain value changed in a config git does not track (its value at no commit is known): an ordinary update said as a value change, not "edited outside tplsync"', async () => {
  const dir = tempDir('tplsync-drift-untracked-config-');
  const cfg = (phone: string) => emulatorConfig({ env: 'dev', channels: { shop: CHANNEL_A }, values: { support_phone: phone } });
  try {
    writeFiles(dir, { 'tplsync.config.yaml': cfg('+4930111111'), 'templates/help.en_US.yaml': promo('Hi {{1}}, call us at ((support_phone)) any day.').replace('weekly_promo', 'help_line'), '.gitignore': '.tplsync/\ntplsync.config.yaml\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'help line');
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    writeFiles(dir, { 'tplsync.config.yaml': cfg('+4930222222') });
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.match(plan.stdout, /~ update shop\/help_line\/en_US(?! \(drift)/, plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, /drift|outside tplsync|pull --channel/, plan.stdout);
    assert.match(plan.stdout, 'the environment\'s value of ((support_phone)) changed since the last apply: the update writes the current value');
  } finally { cleanup(dir); }
});

test('fillMarks: a marked template filled with what the other holds at each mark; the text around a mark, or a name standing for two texts, refuses it', () => {
  const mark = (n: string) => `\uE000${n}\uE001`;
  const shape = { body: { text: `Use ${mark('code')} now, ${mark('code')} again` }, buttons: [{ url: `https://x.example/${mark('host')}/a` }], name: 'p' };
  const filled = fillMarks(shape, { body: { text: 'Use AB12CD34 now, AB12CD34 again' }, buttons: [{ url: 'https://x.example/h1/a' }], name: 'other' });
  assert.equal(filled?.filled, { body: { text: 'Use AB12CD34 now, AB12CD34 again' }, buttons: [{ url: 'https://x.example/h1/a' }], name: 'p' });
  assert.equal([...filled!.values], [['code', 'AB12CD34'], ['host', 'h1']]);
  assert.is(fillMarks(shape, { body: { text: 'Use AB12CD34 now, ZZ99 again' }, buttons: [{ url: 'https://x.example/h1/a' }] }), undefined);
  assert.is(fillMarks(shape, { body: { text: 'Take AB12CD34 now, AB12CD34 again' }, buttons: [{ url: 'https://x.example/h1/a' }] }), undefined);
  assert.is(fillMarks(shape, { body: { text: 'Use AB12CD34 now, AB12CD34 again' }, buttons: [] }), undefined);
  // a value that ends in a digit before a back-reference's place is no other group's number
  const digits = { t: `${mark('a')}1${mark('a')}` };
  assert.equal([...fillMarks(digits, { t: 'X91X9' })!.values], [['a', 'X9']]);
});

test.run();
