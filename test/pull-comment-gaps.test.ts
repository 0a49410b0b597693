// pull --force over a file keeps every line it did not change byte for byte, the spaces before a line's comment
// included (as fmt keeps them: comments aligned in a column stay aligned). (trial-aa F10: `category: UTILITY  # reviewed
// by legal` came back with one space before the #, on a line the pull did not touch, in every pulled file.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { keepComments } from '../src/pull/keep-comments.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const EN = 'channel: wa         # the alias\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY  # reviewed by legal\nbody:\n  text: "Good news {{customer}}: order {{order_id}} shipped."\n  examples: { customer: Ann, order_id: "4711" }  # sample\nfooter: Acme Stores Limited\n';
const FILE = 'templates/order_shipped.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };

test('keepComments: a line the channel did not change keeps the spaces before its comment', () => {
  const before = 'name: x\ncategory: UTILITY  # reviewed by legal\nfooter: old\t# tabbed\n';
  const out = keepComments(before, 'name: x\ncategory: UTILITY\nfooter: new\n');
  assert.match(out, 'category: UTILITY  # reviewed by legal\n');
  assert.match(out, 'footer: new\t# tabbed\n');
});

test('F10: pull --force over a locally edited file: the lines it did not change are the file\'s, byte for byte', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-pull-gaps-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`, [FILE]: EN });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFileSync(path.join(dir, FILE), EN.replace('Acme Stores Limited', 'Acme LOCAL'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const lines = readFileSync(path.join(dir, FILE), 'utf8').split('\n');
    for (const l of EN.split('\n').filter(Boolean)) assert.ok(lines.includes(l), `kept as written: ${l}\n${lines.join('\n')}`);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
