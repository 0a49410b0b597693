// pull --force over a file a person wrote (trial bz P4, F6): the file changes only where the channel's copy says
// otherwise, in its own layout (key order, folded text, quotes, flow mappings, comments), with no line pull adds to a
// new file (the schema modeline, the note of the pull) and no key that says nothing more (a header's samples that are
// the body's); a ((reference)) stays where the channel's text holds its value, and where the channel's text there is
// another value (a value the config changed since, not applied), the text is written and the reference named with its field.
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateId } from '../src/model/ids.ts';
import { editedInPlace } from '../src/pull/splice.ts';
import { changedValues } from '../src/project/values.ts';
import type { EnvironmentConfig } from '../src/config/load.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const config = (clinic: string) => `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/local.json
    channels: { wa: ${CHANNEL_A} }
    values: { clinic: "${clinic}", portal: "https://book.dental.example" }
  staging:
    emulator: .tplsync/staging.json
    channels: { wa: ${CHANNEL_B} }
    values: { clinic: "Practice Test Site", portal: "https://book.staging.dental.example" }
channels:
  wa: { kind: whatsapp }
`;
// hand-written: name first, a folded text, single quotes, a flow mapping, a list not indented, comments, a named
// header placeholder whose sample is the body's (no examples of its own)
const FILE = `# Appointment reminder (owner: front desk)
name: appointment_reminder
channel: wa
language: en_GB
category: UTILITY

header:
  format: TEXT
  text: 'Appointment {{ref}}'
body:
  # keep it short
  text: >-
    Hello {{patient}}, this is a reminder of your appointment {{ref}}
    at ((clinic)) on {{day}}.
  examples: {patient: 'Priya', ref: 'AP-204', day: 'Tuesday'}
footer: 'Reply CANCEL to cancel'   # legal wording
buttons:
- type: URL
  text: "Manage booking"
  url: ((portal))/booking/{{1}}
  example: ((portal))/booking/AP-204
`;
const F = 'templates/appointment.yaml';

async function inProject(fn: (dir: string, git: (...a: string[]) => string) => Promise<void>): Promise<void> {
  const dir = tempDir('tplsync-hand-written-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config('Smile Dental Care'), [F]: FILE, '.gitignore': '.tplsync\n' });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    await fn(dir, git);
  } finally { cleanup(dir); }
}
const read = (dir: string): string => readFileSync(path.join(dir, F), 'utf8');
/** the channel's copy edited: the file so edited applied, then the file as it was again */
async function editOnChannel(dir: string, edit: (s: string) => string, envName: string): Promise<void> {
  writeFiles(dir, { [F]: edit(FILE) });
  const r = await cliIn(['apply', '--auto-approve', '--env', envName], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  writeFiles(dir, { [F]: FILE });
}

test('pull over a hand-written file that says what the channel has: byte for byte, with and without --force', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    const id = templateId(CHANNEL_A, 'appointment_reminder', 'en_GB');
    for (const force of [[], ['--force']]) {
      const r = await cliIn(['pull', '--channel', 'wa', '--id', id, ...force], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.is(read(dir), FILE);
    }
  });
});

test('pull --force of a channel copy whose body and footer changed: those lines alone change, the references kept, nothing added', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--auto-approve', '--env', 'staging'], { cwd: dir })).exitCode, 0);
    await editOnChannel(dir, (s) => s.replace('on {{day}}.', 'on {{day}}. Please arrive ten minutes early.').replace('Reply CANCEL to cancel', 'Reply CANCEL to call it off'), 'staging');
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_B, 'appointment_reminder', 'en_GB'), '--force', '--env', 'staging'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // (the folded text keeps the file's lines, the sentence added a line of its own; the footer in its quotes, its comment kept)
    assert.is(read(dir), FILE.replace('    at ((clinic)) on {{day}}.\n', '    at ((clinic)) on {{day}}.\n    Please arrive ten minutes early.\n')
      .replace('\'Reply CANCEL to cancel\'   # legal', '\'Reply CANCEL to call it off\'   # legal'));
    assert.not.match(r.stderr, /referred to/);
    assert.match(r.stderr, "which replaced the file's body.text, footer (");
  });
});

test('pull --force after a committed change of a value the channel does not have yet: the channel\'s text written where the reference stood, the field and the reference named', async () => {
  await inProject(async (dir, git) => {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { 'tplsync.config.yaml': config('Bright Smile Dental') });
    git('commit', '-qam', 'the clinic renamed');
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'appointment_reminder', 'en_GB'), '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(read(dir), FILE.replace('at ((clinic)) on', 'at Smile Dental Care on'));
    assert.match(r.stderr, `${F}: the file referred to ((clinic)), and the written file writes the channel's text in its place (body.text): the channel's text there is not local's value of it`);
    assert.match(r.stderr, 'a value it refers to changed after it (a commit of the config)');
  });
});

test('editedInPlace: each changed value at its place in the file\'s style; a change of structure is none', () => {
  const before = '\ufeff# mine\r\nname: x\r\nbody:\r\n    text: >-\r\n      Hello {{a}},\r\n      see you soon.\r\n    examples: {a: \'Jo\'}  # who\r\nfooter: "Bye"\r\n';
  const target = 'body:\n  text: "Hello {{a}}, see you at noon."\n  examples: { a: Jo }\nname: x\nfooter: Goodbye\n';
  assert.is(editedInPlace(before, target), '\ufeff# mine\r\nname: x\r\nbody:\r\n    text: >-\r\n      Hello {{a}},\r\n      see you at noon.\r\n    examples: {a: \'Jo\'}  # who\r\nfooter: "Goodbye"\r\n');
  assert.is(editedInPlace(before, 'name: x\nbody:\n  text: "Hello {{a}}, see you soon."\n  examples: { a: Jo }\nfooter: Bye\n'), before);
  // a key added: not an edit in place
  assert.is(editedInPlace(before, 'name: x\nbody:\n  text: "Hello {{a}}, see you soon."\n  examples: { a: Jo }\nfooter: Bye\ncategory: UTILITY\n'), undefined);
  // a text with a comma in a flow mapping: quoted there
  assert.is(editedInPlace('a: {b: x}\n', 'a: { b: "x, y" }\n'), 'a: {b: "x, y"}\n');
});

test('pull --force after a change of a value in the config alone, not committed (trial aj 2): the value named as the cause, never an uncommitted edit of the file; a file edited too says both', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    const id = templateId(CHANNEL_A, 'appointment_reminder', 'en_GB');
    // the file byte for byte its commit; the clinic renamed in the config, not committed
    writeFiles(dir, { 'tplsync.config.yaml': config('Bright Smile Dental') });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, `it is what ${F} says in its last commit (`);
    assert.match(r.stderr, 'and the file is the same since; the value of ((clinic)) changed in the config since that commit (not committed), and that value was not applied to local');
    assert.match(r.stderr, `which replaced the file's body.text (git diff ${F} shows what changed)`);
    assert.not.match(r.stderr, /edited since|edit was not committed|git does not hold/);
  });
  // the file edited (not committed), no value changed: the edit is said, as before
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { [F]: FILE.replace('Reply CANCEL to cancel', 'Reply CANCEL to cancel it') });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'appointment_reminder', 'en_GB'), '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, 'and the file was edited since (not committed). Written over');
    assert.match(r.stderr, 'which replaced the file\'s footer: the edit was not committed, so git does not hold it');
    assert.not.match(r.stderr, /changed in the config/);
    assert.is(read(dir), FILE);
  });
  // both: the file edited and a value changed in the config, neither committed
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { [F]: FILE.replace('Reply CANCEL to cancel', 'Reply CANCEL to cancel it'), 'tplsync.config.yaml': config('Bright Smile Dental') });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'appointment_reminder', 'en_GB'), '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, 'and the file was edited since (not committed); the value of ((clinic)) also changed in the config since that commit. Written over');
  });
});

test('changedValues: the references whose value the config defines otherwise, and only those', () => {
  const env = (values: EnvironmentConfig['values']): EnvironmentConfig => ({ name: 'x', channels: {}, values } as unknown as EnvironmentConfig);
  const t = { name: 'n', body: { text: 'Visit ((site)) or call ((phone)) about ((promo)).' }, buttons: [{ url: '((site))/a' }] };
  const before = env({ site: { text: 'https://a.example' }, phone: { text: '555' }, promo: { env: 'PROMO' }, unused: { text: 'u' } });
  assert.equal(changedValues(t, before, before), []);
  assert.equal(changedValues(t, before, env({ site: { text: 'https://b.example' }, phone: { text: '555' }, promo: { env: 'PROMO2' }, unused: { text: 'v' } })), ['promo', 'site']);
  assert.equal(changedValues(t, before, env({ site: { text: 'https://a.example' }, promo: { env: 'PROMO' } })), ['phone']);
});

test.run();
