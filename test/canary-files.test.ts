// The canary key in no file tplsync writes, whatever the command: pull's files (a template whose
// text holds an echo of the key is not written: the file would hold it, or [redacted]), preview's pages
// (of the files and of the changes), review's and promote's renderings and saved promotion, even
// when the channel holds an echo of the key in another case or cut short (8 characters or more).
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const OTHER = '5b8e1f0a-3c2d-4e6f-9a7b-1c2d3e4f5a6b';

test('pull, preview, preview --changes, review and promote write no file and print nothing holding the key or an echo of it', async () => {
  const CANARY = `cn${randomUUID().replace(/-/g, '')}`;
  const echo = CANARY.slice(3, 15).toUpperCase(); // 12 characters of the key, in another case
  // a second key: the echo of the canary is put on the channel by someone else (apply holds back a template whose text holds its own key)
  const OTHER_KEY = `other-${randomUUID()}`;
  const emu = await startEmulator({ keys: [CANARY, OTHER_KEY], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-canary-files-');
  try {
    const tag = randomUUID().slice(0, 6);
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    baseUrl: ${emu.url}\n    apiKeyEnv: MY_KEY\n    channels: { wa: ${CHANNEL_A} }\n  next:\n    baseUrl: ${emu.url}\n    apiKeyEnv: MY_KEY\n    channels: { wa: ${OTHER} }\nchannels: { wa: { kind: whatsapp } }\n`,
      'templates/a.yaml': `channel: wa\nname: echo_${tag}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your reference ${echo} is ready for pickup."\n  examples: { 1: Ana }\n`,
      'templates/b.yaml': `channel: wa\nname: plain_${tag}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
    });
    const env = { MY_KEY: CANARY };
    const out: string[] = [];
    const run = async (args: string[]) => { const r = await cliIn(args, { cwd: dir, env }); out.push(r.stdout, r.stderr); return r; };
    // with the canary as the key, apply holds the template whose text holds an echo of it
    const held = await run(['plan']);
    assert.match(held.stdout, /its text holds the API key/);
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { MY_KEY: OTHER_KEY } })).exitCode, 0);
    // (the template holding the echo is held in the plan: its id is the one derived from channel, name and language)
    const ids = [...(JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { publicId: string }[] }).changes.flatMap((c) => ['--id', c.publicId]), '--id', templateId(CHANNEL_A, `echo_${tag}`, 'en_US')];
    // the template whose text holds the echo is not written (it would hold it, or [redacted] in its place); the other is
    const pulled = await run(['pull', '--channel', 'wa', ...ids, '--dir', 'pulled', '--force']);
    assert.is(pulled.exitCode, 1, pulled.stderr);
    assert.match(pulled.stderr, new RegExp(`echo_${tag}/en_US \\(\\S+\\) not written to pulled/echo_${tag}\\.en_US\\.yaml: the channel's copy holds text that tplsync masks as a secret`));
    await run(['preview', '--out', 'site']);
    writeFiles(dir, { 'templates/b.yaml': readFileSync(path.join(dir, 'templates', 'b.yaml'), 'utf8').replace('at the store', `at the store ${echo.toLowerCase()}`) });
    await run(['preview', '--changes', '--out', 'changes']);
    await run(['review', '--format', 'json', '--output', 'review.json']);
    await run(['promote', '--from', 'prod', '--to', 'next', '--out', 'promotion.json', '--output', 'promotion.md', '--format', 'markdown']);
    assert.ok(out.join('').length > 200, 'the commands printed something to check');
    const bad = (s: string) => s.includes(CANARY) || s.toLowerCase().includes(echo.toLowerCase());
    for (const [i, text] of out.entries()) assert.not.ok(bad(text), `output ${i} holds the key or its echo:\n${text.slice(0, 400)}`);
    let checked = 0;
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      // the user's own files hold the echo: tplsync's files must not
      if (f.startsWith('templates') || f.startsWith('.tplsync')) continue;
      const p = path.join(dir, f);
      if (!statSync(p).isFile()) continue;
      checked++;
      assert.not.ok(bad(readFileSync(p, 'utf8')), `${f} holds the key or its echo`);
    }
    assert.ok(checked >= 6, `files checked: ${checked}`);
    assert.equal(readdirSync(path.join(dir, 'pulled')), [`plain_${tag}.en_US.yaml`]);
  } finally { cleanup(dir); await emu.close(); }
});

test("the lines pull itself writes (the schema's path on this machine, its note) are not taken for the channel's secrets: a key that shares 8 characters with the path", async () => {
  // the key holds a piece of the path of the schema the pulled file's first line names
  const KEY = `template.schema-${randomUUID().slice(0, 8)}`;
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-canary-path-');
  try {
    const tag = randomUUID().slice(0, 6);
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    baseUrl: ${emu.url}\n    apiKeyEnv: MY_KEY\n    channels: { wa: ${CHANNEL_A} }\nchannels: { wa: { kind: whatsapp } }\n`,
      'templates/b.yaml': `channel: wa\nname: plain_${tag}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
    });
    const env = { MY_KEY: KEY };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const ids = (JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] }).changes.flatMap((c) => ['--id', c.publicId]);
    const pulled = await cliIn(['pull', '--channel', 'wa', ...ids, '--dir', 'pulled', '--force'], { cwd: dir, env });
    assert.is(pulled.exitCode, 0, pulled.stderr);
    const text = readFileSync(path.join(dir, 'pulled', `plain_${tag}.en_US.yaml`), 'utf8');
    assert.match(text, /^# yaml-language-server: \$schema=\S*template\.schema\.json$/m);
    assert.not.match(text, /\[redacted\]/);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
