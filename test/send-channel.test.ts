// `send --template NAME` without --channel: the template's file says the channel; a name on
// several channels is refused with the list; --text still needs --channel.
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomBytes(8).toString('hex')}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], statusDelayMs: 0, reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const wa = (name: string, channel: string) => [
  `channel: ${channel}`, `name: ${name}`, 'language: en_US', 'category: UTILITY', 'description: An update',
  'body:', '  text: "Hello {{name}}, your table for tonight is confirmed."', '  examples: { name: Jo }', '',
].join('\n');

test('send --template finds the channel in the file, refuses a name two channels have, and --text needs --channel', async () => {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A}, wa2: ${CHANNEL_B} }\nchannels:\n  wa: { kind: whatsapp }\n  wa2: { kind: whatsapp }\n`,
    'templates/table.yaml': wa('table_confirmed', 'wa'),
    'templates/promo-a.yaml': wa('promo', 'wa'),
    'templates/promo-b.yaml': wa('promo', 'wa2'),
  });
  const env = { TPLSYNC_API_KEY: KEY };
  try {
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    let r = await cliIn(['send', '--to', '+4915100000077', '--template', 'table_confirmed', '--param', 'name=Jo'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(emu.state.conversation(r.stdout.trim())?.channelId.toLowerCase(), CHANNEL_A.toLowerCase(), 'sent on the channel of the file');
    r = await cliIn(['send', '--to', '+4915100000077', '--template', 'promo', '--param', 'name=Jo'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /A template promo is on several channels \(wa, wa2\); choose one with --channel/);
    r = await cliIn(['send', '--channel', 'wa2', '--to', '+4915100000077', '--template', 'promo', '--param', 'name=Jo'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(emu.state.conversation(r.stdout.trim())?.channelId.toLowerCase(), CHANNEL_B.toLowerCase());
    r = await cliIn(['send', '--to', '+4915100000077', '--text', 'hi'], { cwd: dir, env });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /--text needs --channel ALIAS/);
    r = await cliIn(['send', '--to', '+4915100000077', '--template', 'nope'], { cwd: dir, env });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /No template nope in the template files/);
  } finally { cleanup(dir); }
});

test.run();
