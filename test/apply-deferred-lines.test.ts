// apply --no-wait-for-quota with many creations past the quota (trial-ab finding 6: 2,200 lines of the same 330-character
// explanation, ~1 MB of stdout): the explanation is said once, on the first deferred template's line; each other line
// is the template's key and the short reason. The results file keeps each template's whole text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your bag for flight {{2}} is on belt 4."\n  examples: { 1: Ana, 2: SK1 }\n`;

test('apply --no-wait-for-quota: the quota\'s explanation said once, each deferred template on a short line', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    const files: Record<string, string> = {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n    createQuota: { limit: 1, windowSeconds: 3600 }\n`,
    };
    for (let i = 0; i < 8; i++) files[`templates/t${i}.yaml`] = file(`bag_info_${i}`);
    writeFiles(dir, files);
    const r = await cliIn(['apply', '--auto-approve', '--no-wait-for-quota', '--parallelism', '1', '--results', 'results.json'], { cwd: dir, env });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    const skipped = r.stdout.split('\n').filter((l) => /skipped/.test(l) && /bag_info_/.test(l));
    assert.is(skipped.length, 7, r.stdout);
    // the explanation once
    assert.is(r.stdout.split('createQuota counts the creations of one run').length - 1, 1, r.stdout);
    for (const l of skipped.slice(1)) {
      assert.ok(l.length < 140, l);
      assert.match(l, /^✗ skipped shop-whatsapp\/bag_info_\d\/en_US: not attempted: the channel's creation quota is used up until \S+Z \(as above\)$/);
    }
    // the results file keeps each one's whole reason
    const doc = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { outcome: string; error?: string }[] };
    const held = doc.results.filter((x) => x.outcome === 'skipped');
    assert.is(held.length, 7);
    assert.ok(held.every((x) => /createQuota counts the creations of one run/.test(x.error ?? '')));
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
