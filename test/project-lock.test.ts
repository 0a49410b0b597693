// One writer of a project's template files at a time, and locks that a gone process left behind
// taken over even when its pid now belongs to another process (a container's pid 1, a busy machine):
// fmt, lint --fix, translations import, pull and new refuse while another tplsync writes (exit 3,
// nothing written); a lock whose owner no longer runs, or whose pid was reused, is taken over; the
// embedded emulator's lock with this process's own pid (a killed earlier run of the same pid) is too.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LockNotWritten, parseOwner, ownerRunning, takeLock, unfinishedLock } from '../src/core/pid-lock.ts';
import { projectLockFile, withProjectWrites } from '../src/files/project-lock.ts';
import { parseDuration } from '../src/core/number-option.ts';
import { execa } from 'execa';
import { BIN, CHANNEL_A, cleanup, cliEnv, cliIn, tempDir, withChild, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`;
const UNFORMATTED = 'channel: wa\nname:   order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n    text: "Hello {{1}}, your order is ready for pickup at the store."\n    examples: { 1: Ana }\n';
const startOf = (pid: number): string => { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); return s.slice(s.lastIndexOf(')') + 2).split(' ')[19]!; };

/** a project with one template fmt would change, and the folder of its write lock made; the lock file's path */
function unformattedProject(dir: string): string {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': UNFORMATTED });
  const lock = projectLockFile(dir);
  mkdirSync(path.dirname(lock), { recursive: true });
  return lock;
}

async function withSleeper<T>(use: (pid: number) => Promise<T>): Promise<T> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  try { return await use(child.pid!); } finally { child.kill('SIGKILL'); }
}

test('parseOwner and ownerRunning: an older lock of a pid alone, a lock of this process not held here, a pid whose start time differs', () => {
  assert.equal(parseOwner('4242\n'), { pid: 4242 });
  assert.equal(parseOwner('4242 123456 fmt in /p\n'), { pid: 4242, start: '123456', what: 'fmt in /p' });
  assert.equal(parseOwner('13 7147437 ns=4026532981 fmt in /p\n'), { pid: 13, start: '7147437', ns: '4026532981', what: 'fmt in /p' });
  // an owner in another pid namespace (a container): held while it touches the lock (every 5 s), gone after 30 s untouched
  const now = Date.now();
  assert.is(ownerRunning({ pid: 13, ns: 'another-namespace', touched: now - 2_000 }, false, now), true);
  assert.is(ownerRunning({ pid: 13, ns: 'another-namespace', touched: now - 60_000 }, false, now), false);
  // a touch far in the future (a clock set by hand, a copied file) is no running holder's: it would hold the lock until then
  assert.is(ownerRunning({ pid: 13, ns: 'another-namespace', touched: now + 3_600_000 }, false, now), false);
  assert.is(parseOwner(''), undefined);
  assert.is(parseOwner('abc'), undefined);
  assert.is(ownerRunning({ pid: process.pid }), false, 'a lock with our own pid that we do not hold: an earlier process had it');
  assert.is(ownerRunning({ pid: process.pid }, true), true);
  assert.is(ownerRunning({ pid: process.pid === 1 ? 2 : 1, start: 'not-its-start' }), false, 'pid 1 runs, but started at another time');
});

test('fmt, lint --fix, translations import, pull --from and new refuse while another tplsync holds the project (exit 3, nothing written); a stale or reused-pid lock is taken over and released', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': UNFORMATTED, 'export.json': '{"data":[]}', 'de.po': 'msgid ""\nmsgstr ""\n' });
    const lock = projectLockFile(dir);
    assert.is(lock, path.join(dir, '.tplsync', 'writes.lock'), 'in the project: found by every process that writes it, whatever its temporary folder');
    mkdirSync(path.dirname(lock), { recursive: true });
    await withSleeper(async (pid) => {
      writeFileSync(lock, `${pid} ${startOf(pid)} translations import in ${dir}\n`);
      for (const args of [['fmt'], ['lint', '--fix'], ['translations', 'import', 'de.po'], ['pull', '--from', 'meta', '--channel', 'wa', 'export.json'], ['new', '--channel', 'wa', '--name', 'winback', '--language', 'en_US']]) {
        const r = await cliIn(args, { cwd: dir });
        assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stderr}`);
        assert.match(r.stderr, new RegExp(`another tplsync \\(pid ${pid}: translations import\\) is changing this project's template files; run this again when it has finished, or wait for it with --lock-timeout 2m \\(nothing was read or written; its lock is `));
      }
      assert.is(readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'), UNFORMATTED);
      assert.not.ok(existsSync(path.join(dir, 'templates/winback.en_US.yaml')));
      // fmt --check writes nothing: it does not wait for the lock
      assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 1);
      // the same pid, started at another time: a process that reused a gone owner's pid
      writeFileSync(lock, `${pid} 1 fmt in ${dir}\n`);
      const r = await cliIn(['fmt'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.ok(existsSync(lock), 'released when done');
    });
    // a lock of a process that is gone, and one of an older tplsync (the pid alone, our own)
    writeFiles(dir, { 'templates/a.yaml': UNFORMATTED });
    writeFileSync(lock, `${process.pid}\n`);
    assert.is((await cliIn(['fmt'], { cwd: dir })).exitCode, 0);
    assert.not.ok(existsSync(lock));
  } finally { cleanup(dir); }
});

test('parseDuration: 30s, 2m, 500ms, 1h and bare seconds; anything else a usage error naming the option', () => {
  assert.equal(['30s', '2m', '500ms', '1h', '45', '0'].map((d) => parseDuration(d, '--lock-timeout')), [30_000, 120_000, 500, 3_600_000, 45_000, 0]);
  for (const bad of ['soon', '-5s', '1.5m', '2 minutes', '', '5d']) assert.throws(() => parseDuration(bad, '--lock-timeout'), /--lock-timeout takes a duration such as 30s, 2m or 0 \(a whole number with ms, s, m or h; a bare number is seconds\), up to 168h/, bad);
  // past the bound: told the bound, not that it is no duration (99999999999h has the shape of one)
  for (const far of ['99999999999h', '169h', '99999999999999999999999s']) assert.throws(() => parseDuration(far, '--lock-timeout'), (e: unknown) => e instanceof Error && e.message.includes(`up to 168h, not '${far}'`), far);
  assert.is(parseDuration('168h', '--lock-timeout'), 7 * 24 * 3_600_000);
});

test('a lock of the pid alone (an older tplsync\'s, or a start time not known) held by a process that is not Node.js (its pid given to a `sleep` since) is stale; by a Node.js process, held', async () => {
  await withSleeper(async (pid) => {
    assert.is(ownerRunning({ pid }), false, 'a sleep is no tplsync');
    assert.is(ownerRunning({ pid, start: startOf(pid) }), true, 'with its start time: that very process, whatever it is');
  });
  const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
  try { assert.is(ownerRunning({ pid: node.pid! }), true, 'a Node.js process may be a tplsync'); } finally { node.kill('SIGKILL'); }
});

test('--lock-timeout: a writer waits for the lock (said once), takes it when it is released, and is refused when the wait runs out (clock and pause injected)', async () => {
  const dir = tempDir();
  try {
    const file = projectLockFile(dir);
    mkdirSync(path.dirname(file), { recursive: true });
    await withSleeper(async (pid) => {
      writeFileSync(file, `${pid} ${startOf(pid)} translations import in ${dir}\n`);
      let clock = 0;
      const said: string[] = [];
      let ran = 0;
      const released = await withProjectWrites(dir, 'fmt', async () => ++ran, {
        timeoutMs: 60_000, now: () => clock, onWait: (m) => said.push(m),
        // the other writer finishes 1.2 s into the wait
        pause: async (ms) => { clock += ms; if (clock >= 1_200) rmSync(file, { force: true }); },
      });
      assert.is(released, 1);
      assert.is(clock, 1_200, 'looked at again every 200 ms');
      assert.is(said.length, 1, 'said once, not at every look');
      assert.match(said[0]!, new RegExp(`^fmt: waiting up to 1m for another tplsync \\(pid ${pid}: translations import\\) to finish changing this project's template files`));
      assert.not.ok(existsSync(file), 'released after the run');
      // never released: refused when the wait runs out, nothing run
      writeFileSync(file, `${pid} ${startOf(pid)} pull in ${dir}\n`);
      clock = 0;
      const refused = await withProjectWrites(dir, 'fmt', async () => ++ran, { timeoutMs: 5_000, now: () => clock, pause: async (ms) => { clock += ms; } }).then(() => undefined, (e: Error) => e);
      assert.match(refused?.message ?? 'ran', /fmt: another tplsync \(pid \d+: pull\) is changing this project's template files after waiting 5s \(--lock-timeout 5s\); run this again when it has finished/);
      assert.is(ran, 1);
    });
  } finally { cleanup(dir); }
});

test('fmt --lock-timeout as a process: waits while another tplsync holds the project, formats once it lets go; lint --lock-timeout without --fix and a bad duration are refused', async () => {
  const dir = tempDir();
  try {
    const lock = unformattedProject(dir);
    await withSleeper(async (pid) => {
      writeFileSync(lock, `${pid} ${startOf(pid)} translations import in ${dir}\n`);
      const r = await withChild(() => execa('node', [BIN, 'fmt', '--lock-timeout', '10m'], { cwd: dir, env: cliEnv(), extendEnv: false, reject: false }), async (proc) => {
        // the holder lets go once the waiting writer says it waits: no race with the machine's speed
        let err = '';
        proc.stderr!.on('data', (d: Buffer) => { err += d.toString(); if (err.includes('waiting up to 10m')) rmSync(lock, { force: true }); });
        return proc;
      });
      assert.is(r.exitCode, 0, String(r.stderr));
      assert.match(String(r.stderr), /fmt: waiting up to 10m for another tplsync \(pid \d+: translations import\)/);
      assert.is.not(readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'), UNFORMATTED, 'formatted after the wait');
    });
    const lint = await cliIn(['lint', '--lock-timeout', '30s'], { cwd: dir });
    assert.is(lint.exitCode, 3);
    assert.match(lint.stderr, /--lock-timeout is for lint --fix/);
    // fmt --check takes no lock: its --lock-timeout is refused as lint's without --fix (verify-12: accepted unread)
    const check = await cliIn(['fmt', '--check', '--lock-timeout', '8d'], { cwd: dir });
    assert.is(check.exitCode, 3, check.stderr);
    assert.match(check.stderr, /--lock-timeout is for fmt without --check/);
    const bad = await cliIn(['fmt', '--lock-timeout', 'soon'], { cwd: dir });
    assert.is(bad.exitCode, 3);
    assert.match(bad.stderr, /--lock-timeout takes a duration such as 30s, 2m or 0/);
  } finally { cleanup(dir); }
});

test('the embedded emulator\'s lock left with this process\'s pid (a container\'s pid 1 killed, run again) is taken over; one of a running process names its lock file', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': UNFORMATTED, '.tplsync/emulator.json.lock': `${process.pid}\n` });
    let r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /create/);
    await withSleeper(async (pid) => {
      writeFiles(dir, { '.tplsync/emulator.json.lock': `${pid} ${startOf(pid)} embedded emulator\n` });
      r = await cliIn(['plan'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, `Another tplsync (pid ${pid}) is using the embedded emulator emulator.json; wait for it to finish (its lock is ${path.join(dir, '.tplsync', 'emulator.json.lock')}: if no tplsync is running, remove that file)`);
    });
  } finally { cleanup(dir); }
});

test('a lock held in another pid namespace (a container on the same checkout): refused while it is touched, taken over once it has not been for 30 s', async () => {
  const dir = tempDir();
  try {
    const lock = unformattedProject(dir);
    writeFileSync(lock, `1 12345 ns=another-namespace fmt in ${dir}\n`);
    const held = await cliIn(['fmt'], { cwd: dir });
    assert.is(held.exitCode, 3, held.stderr);
    assert.match(held.stderr, /another tplsync \(pid 1: fmt\) is changing this project's template files/);
    const old = new Date(Date.now() - 120_000);
    utimesSync(lock, old, old);
    const taken = await cliIn(['fmt'], { cwd: dir });
    assert.is(taken.exitCode, 0, taken.stderr);
    assert.not.ok(existsSync(lock));
  } finally { cleanup(dir); }
});

// verify-9 NEW-6: a crash between the lock's create and its one line leaves an empty file; it was refused on every later
// run until removed by hand. trial-bb F6: a write of that line that failed on a full disk left one too, and every write
// command was then refused for 30 s "as a stopped tplsync's", after room was made. In tplsync's own folder a lock
// without its line holds nothing once it has been so for a short grace (2 s: its writer writes it within microseconds):
// a fresh one is waited on for the rest of the grace (the clock and pause injected), an old one taken at once; one
// outside .tplsync (another program's X.lock) is refused and kept, whatever its age
test('an empty or cut-short lock file in .tplsync is taken over once it has been so for the grace (waited for, never refused for 30 s); one outside .tplsync is refused and kept', async () => {
  const dir = tempDir('tplsync-empty-lock-');
  try {
    const lock = unformattedProject(dir);
    writeFileSync(lock, '');
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(lock, hourAgo, hourAgo);
    let ran = 0;
    await withProjectWrites(dir, 'fmt', async () => { ran++; });
    assert.is(ran, 1);
    assert.not.ok(existsSync(lock), 'taken over, and released');
    // a fresh one (touched at 10.000 s of the injected clock, looked at 0.5 s later): waited on for the rest of the
    // grace, then taken; one that was written meanwhile (a writer that was slow) is that writer's
    for (const [text, writtenMeanwhile] of [['', false], ['4242 12', false], ['', true]] as const) {
      writeFileSync(lock, text);
      const at = new Date(10_000);
      utimesSync(lock, at, at);
      let clock = 10_500;
      const waits: number[] = [];
      await withSleeper(async (pid) => {
        const got = takeLock(lock, 'fmt', false, {
          now: () => clock,
          pause: (ms) => { waits.push(ms); clock += ms; if (writtenMeanwhile) writeFileSync(lock, `${pid} ${startOf(pid)} ns=- host=${hostname()} pull in ${dir}\n`); },
        });
        assert.equal(waits, [1_500], `${JSON.stringify(text)}: waited for the rest of the grace, once`);
        if (writtenMeanwhile) {
          assert.ok('owner' in got && got.owner.pid === pid, 'the writer that wrote its line meanwhile holds it');
          rmSync(lock);
        } else {
          assert.ok('release' in got, `${JSON.stringify(text)}: taken`);
          if ('release' in got) got.release();
          assert.not.ok(existsSync(lock));
        }
      });
    }
    // one older than the grace by the injected clock: taken at once, no wait
    writeFileSync(lock, '');
    utimesSync(lock, new Date(10_000), new Date(10_000));
    const none: number[] = [];
    const got = takeLock(lock, 'fmt', false, { now: () => 12_001, pause: (ms) => { none.push(ms); } });
    assert.ok('release' in got);
    if ('release' in got) got.release();
    assert.equal(none, []);
    assert.ok(unfinishedLock('') && unfinishedLock('123') && unfinishedLock('123 456 ns=1 fm'));
    assert.not.ok(unfinishedLock('123 456 ns=1 host=h fmt in /p\n') || unfinishedLock('Cargo'), 'a whole line, or no lock\'s text at all');
    // an old empty file outside tplsync's folder: another program's, refused and kept whatever its age
    const other = path.join(dir, 'Cargo.lock');
    writeFileSync(other, '');
    utimesSync(other, hourAgo, hourAgo);
    assert.throws(() => takeLock(other, 'emulator', false, { pause: () => {} }), /it is empty/);
    assert.ok(existsSync(other));
  } finally { cleanup(dir); }
});

// trial-bb F6: on a full disk the lock's line could not be written (ENOSPC), and the empty lock file was left: every
// write command was then refused for 30 s after room was made, and pull said "cannot write: ... (ENOSPC)" without a
// path. The write's failure (injected: the lock's write is takeLock's `write`) removes the file made, and says it
test('a lock whose line cannot be written (a full disk, a quota) is removed, and the error names the file and the reason in words; the next run takes the lock at once', async () => {
  const dir = tempDir('tplsync-lock-enospc-');
  try {
    const lock = unformattedProject(dir);
    for (const [code, words] of [['ENOSPC', 'no space left on the device'], ['EDQUOT', 'the disk quota is used up']] as const) {
      const full = (): number => { throw Object.assign(new Error(`${code}: write`), { code, syscall: 'write' }); };
      assert.throws(() => takeLock(lock, 'fmt', false, { write: full }), (e: unknown) => e instanceof LockNotWritten
        && e.message === `cannot write the lock ${lock}: ${words} (${code}); the file made for it was removed again, and nothing else was written: make room ${code === 'ENOSPC' ? 'on the device' : 'within the quota'}, then run again`
        && e.exitCode === 3);
      assert.not.ok(existsSync(lock), `${code}: no empty lock left behind`);
    }
    // a write that writes nothing (and says no error) is a full disk too; a short write goes on where it stopped
    assert.throws(() => takeLock(lock, 'fmt', false, { write: () => 0 }), /no space left on the device \(ENOSPC\)/);
    assert.not.ok(existsSync(lock));
    const short = takeLock(lock, 'fmt', false, { write: (fd, bytes, at) => writeSync(fd, bytes, at, Math.min(3, bytes.length - at), null) });
    assert.ok('release' in short);
    assert.match(readFileSync(lock, 'utf8'), new RegExp(`^${process.pid} \\S+ ns=\\S+ host=\\S+ fmt\\n$`));
    if ('release' in short) short.release();
    // a folder that takes no file (read-only): said with the lock's path and the reason, nothing made
    const ro = path.join(dir, 'ro', '.tplsync');
    mkdirSync(ro, { recursive: true });
    chmodSync(ro, 0o555);
    try {
      if (process.getuid?.() !== 0) {
        assert.throws(() => takeLock(path.join(ro, 'writes.lock'), 'fmt'), (e: unknown) => e instanceof LockNotWritten && e.message.startsWith(`cannot write the lock ${path.join(ro, 'writes.lock')}: permission denied (EACCES); nothing was written: make the folder writable`));
      }
    } finally { chmodSync(ro, 0o755); }
    // the run after: takes the lock at once (nothing left to refuse it), formats, and releases it
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.ok(existsSync(lock));
  } finally { cleanup(dir); }
});

// the same as a process, with a real refusal of the system (no tmpfs needed): a file size limit (ulimit -f) makes every
// write past it fail with EFBIG, as a full disk fails with ENOSPC. At 0 the lock's line cannot be written: the run stops
// naming the lock and the reason, and leaves no lock; at 512 bytes the lock is written but the template is not: fmt says
// why in words (it said the code alone, "cannot write it: ENOSPC"), the file intact, no lock or temp file left
test('fmt where nothing can be written (ulimit -f): the lock is said and removed, a template not written says why in words; the next fmt runs at once', async () => {
  if (process.platform !== 'linux') return;
  const dir = tempDir('tplsync-lock-ulimit-');
  try {
    const lock = unformattedProject(dir);
    const limited = (blocks: number, command = 'fmt') => execa('sh', ['-c', `ulimit -f ${blocks} && exec "$0" "$@"`, process.execPath, BIN, command], { cwd: dir, env: cliEnv(), extendEnv: false, reject: false });
    // the embedded emulator's lock alike (pull said "cannot write: no space left on the device (ENOSPC)", no path, and
    // left it empty: the next plan, a read-only command, was refused too)
    const emulatorLock = path.join(dir, '.tplsync', 'emulator.json.lock');
    const plan = await limited(0, 'plan');
    assert.is(plan.exitCode, 3, plan.stderr);
    assert.match(plan.stderr, `tplsync: cannot write the lock ${emulatorLock}: the file would be larger than this process may write (ulimit -f) (EFBIG); the file made for it was removed again, and nothing else was written: raise the limit, then run again`);
    assert.not.ok(existsSync(emulatorLock));
    assert.is((await cliIn(['plan'], { cwd: dir })).exitCode, 0);
    const long = UNFORMATTED.replace('at the store.', `at the store. ${'x'.repeat(1500)}`);
    writeFiles(dir, { 'templates/a.yaml': long });
    const none = await limited(0);
    assert.is(none.exitCode, 3, none.stderr);
    assert.match(none.stderr, `tplsync: cannot write the lock ${lock}: the file would be larger than this process may write (ulimit -f) (EFBIG); the file made for it was removed again`);
    assert.not.ok(existsSync(lock), 'no empty lock left');
    const small = await limited(1);
    assert.is(small.exitCode, 1, small.stderr);
    assert.match(small.stderr, 'templates/a.yaml: not formatted: cannot write it: the file would be larger than this process may write (ulimit -f) (EFBIG)');
    assert.is(readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'), long);
    assert.equal(readdirSync(path.join(dir, 'templates')), ['a.yaml'], 'no temp file left');
    assert.not.ok(existsSync(lock));
    const r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is.not(readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'), long);
  } finally { cleanup(dir); }
});

test('a lock of another machine (its host name; a checkout on a network file system) holds while it is touched, whatever this machine\'s processes', () => {
  assert.equal(parseOwner('13 7147437 ns=4026531836 host=build-2 fmt in /p\n'), { pid: 13, start: '7147437', ns: '4026531836', host: 'build-2', what: 'fmt in /p' });
  const now = 1_000_000;
  // pid 1 runs here: on another machine it says nothing
  assert.is(ownerRunning({ pid: 1, host: `not-${hostname()}`, touched: now - 2_000 }, false, now), true);
  assert.is(ownerRunning({ pid: 1, host: `not-${hostname()}`, touched: now - 60_000 }, false, now), false);
  // this machine's: its pid asked about (a pid that has gone: stale at once, touched or not)
  assert.is(ownerRunning({ pid: process.pid, host: hostname(), touched: now }, false, now), false);
  // and this process writes its machine's name into a lock it takes
  const dir = tempDir('tplsync-host-lock-');
  try {
    const mine = takeLock(path.join(dir, 'x.lock'), 'fmt');
    assert.ok('release' in mine);
    assert.is(parseOwner(readFileSync(path.join(dir, 'x.lock'), 'utf8'))?.host, hostname().replace(/\s+/g, '_'));
    if ('release' in mine) mine.release();
  } finally { cleanup(dir); }
});

test.run();
