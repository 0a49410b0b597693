// The emulator's data file is held by one emulator at a time: a second one, standalone or in
// the same process, refuses to start and names the holder; a lock left by a killed one is taken
// over. Without the lock both ran, and each compacted the journal over the other's writes.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { BIN, cleanup, firstLines, tempDir, withChild } from './helpers.ts';

const start = (dataFile: string) => execa(process.execPath, [BIN, 'emulator', '--port', '0', '--data', dataFile, '--key', 'k1'], { reject: false });

test('a second standalone emulator on the same data file refuses to start, naming the first one', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    await withChild(() => start(dataFile), async (first) => {
      await firstLines(first, 1);
      const second = await start(dataFile);
      assert.is(second.exitCode, 3);
      assert.match(String(second.stderr), `in use by another emulator (pid ${first.pid})`);
      assert.match(String(second.stderr), '--data');
    });
  } finally { cleanup(dir); }
});

test('a lock left by a killed emulator is taken over; a stopped one leaves no lock', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    await withChild(() => start(dataFile), async (first) => {
      await firstLines(first, 1);
      first.kill('SIGKILL');
      await first.catch(() => undefined);
    });
    assert.ok(existsSync(`${dataFile}.lock`), 'kill -9 leaves its lock behind');
    await withChild(() => start(dataFile), async (next) => {
      const [line] = await firstLines(next, 1);
      assert.match(line!, 'listening on http://127.0.0.1:');
      // the lock names its owner: the pid first (then its start time, and what it is)
      assert.is(readFileSync(`${dataFile}.lock`, 'utf8').split(' ')[0], String(next.pid));
      next.kill('SIGTERM');
      // stopped as soon as it said it listens: it ends cleanly (its handlers are in place before that line)
      const end = await next;
      assert.is(end.exitCode, 0, String(end.stderr));
    });
    assert.not.ok(existsSync(`${dataFile}.lock`), 'a stopped emulator releases its lock');
  } finally { cleanup(dir); }
});

test('two emulators in one process cannot share a data file either; closing releases it', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    const a = await startEmulator({ keys: ['k1'], dataFile });
    try {
      await startEmulator({ keys: ['k1'], dataFile }).then(
        async (b) => { await b.close(); assert.unreachable('the second emulator started'); },
        (e: Error) => assert.match(e.message, `in use by another emulator (pid ${process.pid})`),
      );
    } finally { await a.close(); }
    const b = await startEmulator({ keys: ['k1'], dataFile });
    await b.close();
  } finally { cleanup(dir); }
});

test.run();
