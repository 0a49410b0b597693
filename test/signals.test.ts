// One signal policy: SIGTERM (how CI cancels a job) stops apply as Ctrl-C does: the write in flight
// finishes, nothing new starts, the results file is written, and the exit code is 143 (130 for
// SIGINT). The signal is sent once the emulator has answered the first write, never after a sleep.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXIT_INTERRUPTED, EXIT_TERMINATED } from '../src/core/interrupt.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { BIN, CHANNEL_A, cleanup, tempDir, VALID, withChild, writeFiles } from './helpers.ts';

for (const [signal, code] of [['SIGTERM', EXIT_TERMINATED], ['SIGINT', EXIT_INTERRUPTED]] as const) {
  test(`${signal} during apply: the write in flight finishes, the rest is not started, the results are written, exit ${code}`, async () => {
    const KEY = `k${randomUUID().replace(/-/g, '')}`;
    let firstWrite!: () => void;
    const written = new Promise<void>((resolve) => { firstWrite = resolve; });
    const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, log: (l) => { if (/^POST \/channel\/.* 200 /.test(l)) firstWrite(); } });
    // every write takes a second: a signal after the first answer finds the second in flight and four not started
    emu.setFaults({ latencyMs: 1000, operations: ['write'] });
    const dir = tempDir('tplsync-signal-');
    try {
      const tag = randomUUID().slice(0, 6).replace(/-/g, '');
      const files: Record<string, string> = {
        'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SIG_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      };
      for (let i = 0; i < 6; i++) files[`templates/t${i}.en_US.yaml`] = VALID.replace('order_ready', `t${i}_${tag}`);
      writeFiles(dir, files);
      const r = await withChild(() => execa(process.execPath, [BIN, 'apply', '--auto-approve', '--parallelism', '1', '--results', 'results.json'], { cwd: dir, env: { SIG_KEY: KEY, NO_COLOR: '1' }, reject: false }), async (proc) => {
        await written;
        proc.kill(signal);
        return proc;
      });
      assert.is(r.exitCode, code, `${r.stdout}\n${r.stderr}`);
      assert.match(String(r.stderr), signal === 'SIGTERM' ? 'terminated' : 'interrupted');
      assert.ok(existsSync(path.join(dir, 'results.json')), 'the results file is written');
      const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { outcome: string }[] };
      assert.is(results.results.length, 6);
      const created = results.results.filter((x) => x.outcome === 'created').length;
      const skipped = results.results.filter((x) => x.outcome === 'skipped').length;
      assert.ok(created >= 1 && skipped >= 1 && created + skipped === 6, JSON.stringify(results.results.map((x) => x.outcome)));
    } finally { cleanup(dir); await emu.close(); }
  });
}

test('SIGTERM while a read waits to be retried (429, Retry-After of days): no retry, exit 143 at once, not 7 (the API was not down)', async () => {
  const { createServer } = await import('node:http');
  let asked!: () => void;
  const first = new Promise<void>((resolve) => { asked = resolve; });
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    req.resume();
    res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3000000' });
    res.end(JSON.stringify({ code: 429, message: 'slow down' }));
    asked();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir('tplsync-signal-pull-');
  try {
    const port = (server.address() as import('node:net').AddressInfo).port;
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  fake:\n    baseUrl: http://127.0.0.1:${port}\n    apiKeyEnv: SIG_KEY\n    channels: { wa: ${CHANNEL_A} }\n` });
    const r = await withChild(() => execa(process.execPath, [BIN, 'pull', '--channel', 'wa', '--id', '22222222-2222-4222-8222-222222222222', '--dir', 'templates'], { cwd: dir, env: { SIG_KEY: 'key-9f8e7d-1a2b', NO_COLOR: '1' }, reject: false }), async (proc) => {
      await first;
      proc.kill('SIGTERM');
      return proc;
    });
    assert.is(r.exitCode, EXIT_TERMINATED, `${r.stdout}\n${r.stderr}`);
    assert.match(String(r.stderr), 'not tried again: the run was interrupted');
    assert.is(requests, 1);
  } finally { cleanup(dir); server.close(); }
});

test.run();
