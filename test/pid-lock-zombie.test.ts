// A tplsync killed with SIGKILL and not reaped yet (a zombie: its parent, or a container's pid 1
// without an init, has not waited for it) holds no lock: kill(pid, 0) answers for it and its
// /proc/PID/stat keeps its start time, but it runs no more. Linux only (/proc).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execa } from 'execa';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ownerRunning, stateOfStat, takeLock, zombie } from '../src/core/pid-lock.ts';
import { firstLines, withChild } from './helpers.ts';

test('stateOfStat: the state after the command name, which may hold spaces and parentheses', () => {
  assert.is(stateOfStat('12220 (node) Z 1 12220 12220 0 -1 4228 0 0 0 0'), 'Z');
  assert.is(stateOfStat('77 (a (b) c) S 1 77 77 0 -1'), 'S');
  assert.is(stateOfStat(''), undefined);
});

const start = (pid: number): string => { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); return s.slice(s.lastIndexOf(')') + 2).split(' ')[19]!; };

test('a lock whose owner is a zombie is not held: it is taken over', async () => {
  if (!existsSync('/proc/self/stat')) { console.log('  (skipped: no /proc)'); return; }
  // `sh` starts a child that ends soon after, then becomes `sleep`, which never waits for it: the child stays a zombie
  await withChild(() => execa('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 60']), async (child) => {
    const [line] = await firstLines(child, 1);
    const pid = Number(line);
    // the child ends as soon as it runs: wait for its state to say so (no clock raced: polled until it does)
    for (let i = 0; i < 500 && !zombie(pid); i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(zombie(pid), `process ${pid} is a zombie`);
    assert.not.ok(zombie(process.pid), 'this process is none');
    const owner = { pid, start: start(pid), what: 'fmt' };
    assert.not.ok(ownerRunning(owner), 'a zombie is not running');
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-zombie-'));
    try {
      mkdirSync(path.join(dir, '.tplsync'));
      const file = path.join(dir, '.tplsync', 'writes.lock');
      writeFileSync(file, `${pid} ${owner.start} fmt\n`);
      const got = takeLock(file, 'fmt');
      assert.ok('release' in got, `the lock is taken over (it said: ${JSON.stringify(got)})`);
      if ('release' in got) got.release();
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});

test.run();
