// A send through a service that does not answer was silent for every attempt's time-out (5 x 30 s,
// 2 min 32 s in the trial) before exit 7: a person at a terminal saw a hung command (trial-bf F5).
// On a terminal, or with --verbose, each retry is said now ("no answer from HOST within 30 s,
// retrying (attempt 2 of 5, next in 0.4 s)"); a log (stderr not a terminal) gets nothing more.
// No wall time: each attempt's time-out is a signal the test holds, fired when the emulator says
// it hung that very request (as test/client-faults.test.ts does); the CLI's retries are answered
// at once with an error (the backoff of its retries is all the time they take).
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient, type ClientOptions } from '../src/api/client.ts';
import { UnavailableError } from '../src/api/errors.ts';
import { retryWaitLines } from '../src/api/retry.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { textRequest } from '../src/send/send.ts';
import { CHANNEL_A, cleanup, cliEnv, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
const attempts = new Map<string, AbortController[]>();
const timeoutSignal: NonNullable<ClientOptions['timeoutSignal']> = (_ms, a) => {
  const c = new AbortController();
  const key = `${a.method} ${a.target}`;
  attempts.set(key, [...(attempts.get(key) ?? []), c]);
  return c.signal;
};
let emu: RunningEmulator;
test.before(async () => {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, statusDelayMs: 0, log: (line) => {
    const hung = /^(\S+ \S+) hung /.exec(line);
    if (!hung) return;
    for (const c of attempts.get(hung[1]!) ?? []) c.abort(new DOMException('the emulator hung the request', 'TimeoutError'));
    attempts.delete(hung[1]!);
  } });
});
test.after(async () => { emu.setFaults({}); await emu.close(); });

test('a send that gets no answer: each retry said with the host, the time waited, the attempt next and when (every: a person watching); none otherwise', async () => {
  emu.setFaults({ hangRate: 1, operations: ['send'] });
  try {
    const host = new URL(emu.url).host;
    for (const every of [true, false]) {
      const lines: string[] = [];
      const client = createClient({ baseUrl: emu.url, apiKey: KEY, retries: 2, backoffBaseMs: 1, backoffCapMs: 4, timeoutSignal, onRetry: retryWaitLines(() => 0, (l) => lines.push(l), { every }) });
      const e = await client.sendConversation(CHANNEL_A, textRequest('+4915112345601', 'Your order is on its way')).then(() => undefined, (x: unknown) => x);
      assert.instance(e, UnavailableError);
      assert.match((e as Error).message, 'no answer within 30000 ms');
      assert.match((e as Error).message, 'gave up after 3 attempts');
      if (!every) { assert.equal(lines, []); continue; }
      assert.is(lines.length, 2, lines.join('\n'));
      lines.forEach((l, i) => assert.match(l, new RegExp(`^conversation send: no answer from ${host.replace(/\./g, '\\.')} within 30 s, retrying \\(attempt ${i + 2} of 3, next in 0(\\.0)? s\\)$`)));
    }
  } finally { emu.setFaults({}); }
});

/** a project that sends to the emulator, with one retry a request */
function project(): string {
  const dir = tempDir('tplsync-send-retries-');
  writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SR_KEY\n    retries: 1\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
  return dir;
}

const RETRIED = /tplsync: conversation send: HTTP 5\d\d, retrying \(attempt 2 of 2, next in [\d.]+ s\)/;

test('tplsync send: each retry said on a terminal, or with --verbose; nothing more in a log', async () => {
  emu.setFaults({ errorRate: 1, operations: ['send'] });
  const dir = project();
  try {
    const args = ['send', '--channel', 'shop-whatsapp', '--to', '+4915112345601', '--text', 'Your order is on its way'];
    const log = await cliIn(args, { cwd: dir, env: { SR_KEY: KEY } });
    assert.is(log.exitCode, 7, log.stderr);
    assert.not.match(log.stderr, 'retrying');
    const verbose = await cliIn([...args, '--verbose'], { cwd: dir, env: { SR_KEY: KEY } });
    assert.is(verbose.exitCode, 7, verbose.stderr);
    assert.match(verbose.stderr, RETRIED);
    // a terminal's stderr (a stream that says it is one), no --verbose
    const [{ main }, { runWithIo }] = await Promise.all([import('../src/cli/main.ts'), import('../src/core/io.ts')]);
    let err = '';
    const stderr = Object.assign(new Writable({ write(c, _e, cb) { err += String(c); cb(); } }), { isTTY: true, columns: 100 });
    const stdout = new Writable({ write(_c, _e, cb) { cb(); } });
    const code = await runWithIo({ stdout, stderr, stdin: Readable.from([]), cwd: dir, env: cliEnv({ SR_KEY: KEY }), args }, () => main(args));
    assert.is(code, 7, err);
    assert.match(err, RETRIED);
    assert.match(err, 'gave up after 2 attempts');
  } finally { emu.setFaults({}); cleanup(dir); }
});

test.run();
