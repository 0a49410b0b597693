// pull over a template whose file refers to secret values (`((name))`, `{ env: VAR }`): the file
// written keeps the references, whatever value the channel holds (the current one, an earlier one
// after a rotation, with the variable unset), and never holds a secret in clear nor the gate's
// [redacted]; where the channel's text around an earlier value changed too, the file is not written.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `${emulatorConfig({ channels: { wa: CHANNEL_A }, values: { note: { env: 'NOTE_SECRET' }, code: { env: 'CODE_SECRET' } } })}channels:
  wa: { kind: whatsapp }
`;
const TEMPLATE = `channel: wa
name: account_news
language: en_US
category: UTILITY
body:
  text: "Hello {{name}}, news about your account. ((note)) Code ((code))."
  examples:
    name: Maria
`;
const NOTE = 'cnryLineOneXq7 first\ncnryLineTwoZp4 second';
const CODE = 'cnryCodeK3j9Hd';
const ID = templateId(CHANNEL_A, 'account_news', 'en_US');

/** every file under `dir`'s folder `sub`, as text */
const filesOf = (dir: string, sub: string): string => readdirSync(path.join(dir, sub)).map((f) => readFileSync(path.join(dir, sub, f), 'utf8')).join('\n');
const CANARY = /cnry|\[redacted\]|first\n|second Code/;


/** the project with its template applied to the embedded emulator, the secrets' variables set: what the channel then holds; the variables */
async function appliedProject(dir: string): Promise<{ NOTE_SECRET: string; CODE_SECRET: string }> {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/account_news.yaml': TEMPLATE });
  const env = { NOTE_SECRET: NOTE, CODE_SECRET: CODE };
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(applied.exitCode, 0, applied.stderr);
  return env;
}

test('pulled over a file with secret references: the references come back (multi-line, rotated, variables unset); an earlier value beside other edits is not written', async () => {
  const dir = tempDir();
  try {
    const env = await appliedProject(dir);

    // the channel holds the current values: the file says ((note)) and ((code)), names kept
    let r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'same', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    let text = filesOf(dir, 'same');
    assert.match(text, 'text: Hello {{name}}, news about your account. ((note)) Code ((code)).');
    assert.not.match(text, CANARY);

    // both rotated since: the channel holds the earlier values, which go back as the references too
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'rotated', '--force'], { cwd: dir, env: { NOTE_SECRET: 'cnryOtherNoteA1\nx', CODE_SECRET: 'cnryNewCode777' } });
    assert.is(r.exitCode, 0, r.stderr);
    text = filesOf(dir, 'rotated');
    assert.match(text, 'text: Hello {{name}}, news about your account. ((note)) Code ((code)).', 'the names kept too');
    assert.not.match(text, CANARY);

    // the variables unset: the file's references say where the secrets stand all the same
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'unset', '--force'], { cwd: dir, env: {} });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(filesOf(dir, 'unset'), 'text: Hello {{name}}, news about your account. ((note)) Code ((code)).');
    assert.not.match(r.stderr, /changed on the channel/, r.stderr);
    assert.not.match(filesOf(dir, 'unset'), CANARY);
    // and over the file itself (no --dir): its texts are compared with the plain values filled in, the secrets left unread
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--force'], { cwd: dir, env: {} });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(filesOf(dir, 'templates'), 'text: "Hello {{name}}, news about your account. ((note)) Code ((code))."');
    assert.not.match(filesOf(dir, 'templates'), CANARY);

    // the text edited on the channel around the current values (as in the console): the edit is pulled, the values are the references
    writeFiles(dir, { 'templates/account_news.yaml': TEMPLATE.replace('news about', 'news on') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'templates/account_news.yaml': TEMPLATE });
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'console', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(filesOf(dir, 'console'), 'news on your account. ((note)) Code ((code)).');
    assert.not.match(filesOf(dir, 'console'), CANARY);
    // rotated, and the file's text around the secrets edited too: the earlier value cannot be placed, so nothing is written
    writeFiles(dir, { 'templates/account_news.yaml': TEMPLATE.replace('news about', 'news today about') });
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'edited', '--force'], { cwd: dir, env: { ...env, CODE_SECRET: 'cnryNewCode777' } });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /account_news\/en_US \(\S+\) not written to edited\/account_news\.en_US\.yaml: in body\.text the file has a secret value and the channel's text around it differs too/);
    assert.not.ok(existsSync(path.join(dir, 'edited')), 'nothing written');
    assert.not.match(r.stdout + r.stderr, /cnry/);
  } finally { cleanup(dir); }
});

test('a secret value the channel holds where the file has none (a console edit), its variable unset: written as its reference, learned from where the file has it', async () => {
  const dir = tempDir();
  try {
    // the channel's copy: the code also in the footer (as someone typed it in the console)
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/account_news.yaml': `${TEMPLATE}footer: "Code ${CODE} Reply STOP"\n` });
    const env = { NOTE_SECRET: NOTE, CODE_SECRET: CODE };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'templates/account_news.yaml': TEMPLATE });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'learned', '--force'], { cwd: dir, env: {} });
    assert.is(r.exitCode, 0, r.stderr);
    const text = filesOf(dir, 'learned');
    assert.match(text, 'footer: Code ((code)) Reply STOP');
    assert.not.match(text + r.stdout + r.stderr, /cnry/);
  } finally { cleanup(dir); }
});

test('pulled with no file to align with, a secret value of the environment goes into the file as its reference, or the file is not written', async () => {
  const dir = tempDir();
  try {
    const env = await appliedProject(dir);
    // the file gone: the channel's copy is all there is; the current values are found in its strings (a value of several lines included)
    writeFiles(dir, { 'templates/account_news.yaml': TEMPLATE.replace('name: account_news', 'name: other_one') });
    let r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'fresh'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(filesOf(dir, 'fresh'), 'news about your account. ((note)) Code ((code)).');
    // a value rotated to one that shares a piece with it, and no file to say where it stood: the earlier one would be written with that piece masked
    r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--dir', 'fresh2'], { cwd: dir, env: { ...env, CODE_SECRET: 'cnryCodeK3j9-new' } });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /not written to fresh2\/account_news\.en_US\.yaml: the channel's copy holds text that tplsync masks as a secret/);
    // no file of the project holds the template: nothing to apply first; what to do instead
    assert.match(r.stderr, /No file of the project holds this template, so there is none to apply: write the file by hand with the reference/);
    assert.not.match(r.stderr, /Apply the file first/);
    assert.not.ok(existsSync(path.join(dir, 'fresh2')));
  } finally { cleanup(dir); }
});

test('pulled over its own unchanged file that refers to secrets: already as the channel has it, not written (variables set or unset); a rotated secret is written', async () => {
  const dir = tempDir();
  try {
    const env = await appliedProject(dir);
    const file = path.join(dir, 'templates/account_news.yaml');
    for (const vars of [env, {}]) {
      const r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--force'], { cwd: dir, env: vars });
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(r.stdout, 'templates/account_news.yaml: account_news/en_US already as the channel has it (not written)');
      assert.is(readFileSync(file, 'utf8'), TEMPLATE, 'byte for byte');
      assert.not.match(r.stdout + r.stderr, /cnry/);
    }
    // the variable now holds another value than the channel's copy (rotated since the apply): the file in this environment differs
    const r = await cliIn(['pull', '--channel', 'wa', '--id', ID, '--force'], { cwd: dir, env: { ...env, CODE_SECRET: 'cnryNewCode777' } });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(r.stdout, /already as the channel has it/);
    assert.match(readFileSync(file, 'utf8'), 'text: "Hello {{name}}, news about your account. ((note)) Code ((code))."');
    assert.not.match(readFileSync(file, 'utf8'), CANARY);
  } finally { cleanup(dir); }
});

test.run();
