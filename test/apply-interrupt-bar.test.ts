// Ctrl-C during apply on a terminal: the progress bar stops where the writes stopped. The
// templates the signal kept from their writes were counted as progress as they were reported not
// started, so the bar's last frame said everything was applied (17/120 -> 120/120, trial-bf F4)
// while the closing line said 24 written, 96 not started. The run is the CLI's main in this
// process with a terminal's stderr (a stream that says it is a TTY), interrupted as the process's
// handler interrupts it, once the emulator has answered the first write: no timer decides.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliEnv, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;

/** a stream that keeps what is written to it; `tty`: it says it is a terminal, as a user's stderr does */
function captured(tty: boolean): Writable & { isTTY?: boolean; columns?: number; text(): string } {
  let out = '';
  const w = new Writable({ write(c, _e, cb) { out += String(c); cb(); } });
  return Object.assign(w, { text: () => out, ...(tty ? { isTTY: true, columns: 120 } : {}) });
}

test('Ctrl-C during apply on a terminal: the bar\'s last frame counts what was written, not the templates never started', async () => {
  let stop: (() => void) | undefined;
  let stopped = false;
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, log: (l) => {
    // the first write answered: Ctrl-C (the writes still in flight finish, the others are not started)
    if (!stopped && /^POST \/channel\/\S+ 200 /.test(l)) { stopped = true; stop?.(); }
  } });
  const dir = tempDir('tplsync-interrupt-bar-');
  try {
    emu.setFaults({ latencyMs: 150, operations: ['write'] });
    const tag = randomUUID().slice(0, 6);
    const files: Record<string, string> = {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: IB_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    };
    for (let i = 0; i < 12; i++) files[`templates/notice_${i}.en_US.yaml`] = `channel: shop-whatsapp\nname: notice_${tag}_${i}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, notice ${i} about your order."\n  examples: { 1: Ana }\n`;
    writeFiles(dir, files);
    const [{ main }, { runWithIo }, { interruptRun }] = await Promise.all([import('../src/cli/main.ts'), import('../src/core/io.ts'), import('../src/core/interrupt.ts')]);
    const stdout = captured(false);
    const stderr = captured(true);
    const args = ['apply', '--auto-approve', '--parallelism', '2', '--results', 'r.json'];
    const code = await runWithIo({ stdout, stderr, stdin: Readable.from([]), cwd: dir, env: cliEnv({ IB_KEY: KEY, TERM: 'xterm-256color' }), args }, () => {
      // the signal reaches this run as the process's handler would deliver it
      const inRun = AsyncLocalStorage.snapshot();
      stop = () => inRun(() => interruptRun());
      return main(args);
    });
    assert.is(code, 130, stdout.text() + stderr.text());
    assert.ok(stopped, 'interrupted after the first write');
    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { results: { outcome: string; notStarted?: boolean }[] };
    const written = results.results.filter((r) => r.outcome === 'created').length;
    const notStarted = results.results.filter((r) => r.notStarted === true).length;
    assert.ok(written >= 1 && notStarted >= 1 && written + notStarted === 12, JSON.stringify(results.results.map((r) => r.outcome)));
    assert.match(stderr.text(), `interrupted: ${written} written, ${notStarted} not started, 0 failed; a re-run is safe`);
    // the frames of the bar on the terminal: the last one counts the writes made
    const frames = [...stderr.text().matchAll(/applying \[[^\]]*\] (\d+)\/12/g)].map((m) => Number(m[1]));
    assert.ok(frames.length > 0, `the bar was drawn: ${JSON.stringify(stderr.text().slice(0, 300))}`);
    assert.is(frames.at(-1), written, `frames ${frames.join(', ')}`);
    assert.ok(frames.every((n) => n <= written), `never past the writes made: ${frames.join(', ')}`);
  } finally { emu.setFaults({}); cleanup(dir); await emu.close(); }
});

test.run();
