// pull --force of an RCS template over a file that does not say what the channel says: the message's placeholder names
// stay where which number is which name is certain, as a WhatsApp template's do (pull.md): the same fixed text around
// them in a text of the message (a card's title or description, the fallback), else the commit that says what the
// channel says. (trial-aa F2: a description edited locally, or in the console, pulled as {{1}} for every {{city}} in the
// title, the samples and the fallback, and the file then failed lint.)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { messageNames } from '../src/pull/names-from.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const card = (lang: string, title: string, description: string, fallback: string) => `channel: rcs
name: event_invite
language: ${lang}
description: card event_invite
message:
  type: rich_card
  richCards:
    - title: "${title}"
      description: "${description}"
      fileUrl: https://cdn.example.com/cards/event_invite.jpg
      suggestions:
        - { action: reply, text: Yes please, postbackData: yes_event_invite }
  examples: { city: Berlin, day: Friday }
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }
  fallback:
    text: "${fallback}"
`;
const EN = card('en_US', 'Acme event invite in {{city}} on {{day}}', 'Details inside, tap below right now!', 'See https://shop.example.com/event_invite for {{city}} details');
const DE = card('de', 'Einladung in {{city}} am {{day}}', 'Details drinnen!', 'Siehe https://shop.example.com/event_invite zu {{city}}');
const FILE = 'templates/event_invite.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };
const id = templateId(CHANNEL_B, 'event_invite', 'en_US');

async function inProject(fn: (dir: string, git: (...a: string[]) => string) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-rcs-names-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rcs: ${CHANNEL_B} }\nchannels:\n  rcs: { kind: rcs, languages: [en_US, de] }\n`, [FILE]: EN, 'templates/event_invite.de.yaml': DE });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    const a = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(a.exitCode, 0, a.stdout + a.stderr);
    await fn(dir, git);
  } finally { cleanup(dir); await emu.close(); }
}

const named = (text: string) => {
  assert.match(text, 'title: "Acme event invite in {{city}} on {{day}}"');
  assert.match(text, 'text: "See https://shop.example.com/event_invite for {{city}} details"');
  assert.match(text, /examples: \{ city: Berlin, day: Friday \}/);
  assert.not.match(text, /\{\{1\}\}|\{\{2\}\}/);
};

test('F2: an uncommitted edit of an RCS card\'s description, the channel as committed: the names kept, lint clean', async () => {
  await inProject(async (dir) => {
    writeFileSync(path.join(dir, FILE), EN.replace('right now!', 'LOCAL EDIT'));
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'the channel\'s copy did not change');
    assert.not.match(r.stderr, /channel's numbers|variant-mismatch/);
    const text = readFileSync(path.join(dir, FILE), 'utf8');
    named(text);
    assert.match(text, 'description: "Details inside, tap below right now!"');
  });
});

test('F2: an RCS card\'s description changed on the channel: the title\'s and the fallback\'s fixed text keep their names', async () => {
  await inProject(async (dir) => {
    writeFiles(dir, { 'other/invite.yaml': EN.replace('right now!', 'CONSOLE EDIT') });
    assert.is((await cliIn(['apply', 'other/invite.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'changed on the channel');
    assert.not.match(r.stderr, /channel's numbers|variant-mismatch|translation-outdated/);
    const text = readFileSync(path.join(dir, FILE), 'utf8');
    named(text);
    assert.match(text, 'description: "Details inside, tap below CONSOLE EDIT"');
    const plan = await cliIn(['plan', '--detailed-exitcode', 'templates'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
  });
});

test('an RCS title changed around a number no other text names: numbered, the field and the way to name them said (no --names-from meta advice)', async () => {
  await inProject(async (dir) => {
    writeFiles(dir, { 'other/invite.yaml': EN.replace('Acme event invite in {{city}} on {{day}}', 'Invite: {{city}}, {{day}}') });
    assert.is((await cliIn(['apply', 'other/invite.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', id, '--force'], { cwd: dir, env });
    assert.match(r.stderr, "its placeholders are the channel's numbers");
    assert.match(r.stderr, 'message.richCards[0].title: the text around the placeholders is not the file\'s');
    assert.match(r.stderr, `an RCS message has no Meta export to name them from: put the names back in ${FILE}`);
    assert.not.match(r.stderr, '--names-from meta');
  });
});

test('messageNames: a number named in one text of the message is named in each; fixed text changed around the only place of a number: numbered, said', () => {
  const file = { channel: 'rcs', name: 'x', language: 'en_US', message: { type: 'rich_card', richCards: [{ title: 'In {{city}} on {{day}}', description: 'For {{name}}' }], fallback: { text: '{{city}} {{day}}' } } };
  const c = fromFile(file, CHANNEL_B, '').canonical;
  // the title changed around {{1}} {{2}}, the fallback did not: both named by the fallback; the description's {{3}} by its own text
  const edited = { ...c, message: { ...c.message!, richCards: [{ ...c.message!.richCards![0]!, title: 'At {{1}}, {{2}}' }] } };
  assert.equal(messageNames(edited, file.message, undefined, { numbered: 'the channel\'s copy', named: 'the file' }), { names: ['city', 'day', 'name'], mismatches: [] });
  const lost = { ...edited, message: { ...edited.message, richCards: [{ ...edited.message.richCards[0]!, description: 'Dear {{3}}' }] } };
  const r = messageNames(lost, file.message, undefined, { numbered: 'the channel\'s copy', named: 'the file' });
  assert.is(r.names, undefined);
  assert.is(r.mismatches[0]?.field, 'message.richCards[0].description');
});

test.run();
