// createQuota is counted within one run: the API reports no creation times (neither the read nor
// the listing), and tplsync keeps no state file, so a re-run cannot know what an earlier run
// created. apply --no-wait-for-quota says so where it holds creations back, instead of promising
// that the quota holds across runs (the template's line and the closing line).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your bag for flight {{2}} is on belt 4."\n  examples: { 1: Ana, 2: SK1 }\n`;

test('apply --no-wait-for-quota: the held creation says the quota is counted within the run, and when to re-run to keep to it', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n    createQuota: { limit: 1, windowSeconds: 3600 }\n`,
      'templates/a.yaml': file('baggage_info'), 'templates/b.yaml': file('lounge_access'),
    });
    const r = await cliIn(['apply', '--auto-approve', '--no-wait-for-quota', '--parallelism', '1'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    const at = /creation quota is used up until (\S+Z)/.exec(r.stdout + r.stderr)?.[1];
    assert.ok(at, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, 'createQuota counts the creations of one run: the API reports no creation times, so a re-run before then creates at once');
    assert.match(r.stderr, `to keep to the quota, re-run from then: createQuota counts the creations of one run`);
    assert.not.match(r.stderr, /a re-run continues with them \(without --no-wait-for-quota it waits for the window\)\.$/m);
  } finally { cleanup(dir); await emu.close(); }
});

test('verify-18 NEW-I: apply --no-wait-for-quota says what this run creates and leaves, not the hours a waiting apply takes', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n    createQuota: { limit: 2, windowSeconds: 600 }\n`,
      ...Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((x) => [`templates/${x}.yaml`, file(`bag_${x}`)])),
    });
    const r = await cliIn(['apply', '--auto-approve', '--no-wait-for-quota', '--parallelism', '1'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, 'channel shop-whatsapp: 5 creations, more than its creation quota of 2 per 600 s (createQuota) allows at once: with --no-wait-for-quota this run creates 2 of them without waiting and leaves the other 3 to later runs (exit 5; 2 more runs, each a window after the last).');
    assert.not.match(r.stdout + r.stderr, /Apply will take about|timeout-minutes|waiting about/);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
