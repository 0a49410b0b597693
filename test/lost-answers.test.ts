// Apply says what was written from what was acknowledged or read back: when every write is carried
// out but every answer is lost, the templates are read back and reported written (exit 0), never
// "nothing was written".
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

test('every answer to a write lost, every write carried out: apply reads them back and reports them written', async () => {
  const KEY = `k${randomUUID().replace(/-/g, '')}`;
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-lost-');
  try {
    const tag = randomUUID().slice(0, 6).replace(/-/g, '');
    const files: Record<string, string> = {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: LOST_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    };
    for (const n of ['a', 'b', 'c']) files[`templates/${n}.en_US.yaml`] = VALID.replace('order_ready', `${n}_${tag}`);
    writeFiles(dir, files);
    // the write is carried out, then the connection is dropped before the answer, on every attempt
    emu.setFaults({ lostResponseRate: 1, operations: ['write'] });
    const r = await cliIn(['apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env: { LOST_KEY: KEY } });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, '3 created');
    assert.not.match(r.stdout + r.stderr, 'nothing was written');
    emu.setFaults({});
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env: { LOST_KEY: KEY } });
    assert.is(plan.exitCode, 0, plan.stdout);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
