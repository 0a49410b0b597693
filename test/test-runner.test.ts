// scripts/test.mjs, the suite's runner, as a process (its exit code, its report, the processes
// it ends): a file that hangs is failed at the time limit with everything it started, a child a
// passing file left behind is ended, and the summary stays in uvu's words for .ci/run; in the pool
// of processes that run several files each, a file that changed its process is the last it runs,
// an uncaught error fails the file that was running, a file whose process would not have ended
// fails at its limit, and each file keeps its output. The passing files run under the default
// limit, so that no test here races a short limit.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, cleanup, tempDir } from './helpers.ts';

/** whether the process runs (a zombie, killed and not yet reaped by whoever adopted it, does not) */
function alive(pid: number): boolean {
  try { process.kill(pid, 0); } catch { return false; }
  try { return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')); } catch { return true; }
}

/**
 * whether the process still runs once the kernel had time to finish a kill: a process killed with
 * SIGKILL closes its files (the runner sees its output end) before it turns into a zombie, and on
 * a loaded machine the test can look in between. A child nobody killed runs on, and is still
 * alive when the 30 s bound (a bound on the kernel, not on any work) is reached.
 */
async function stillAlive(pid: number): Promise<boolean> {
  for (let i = 0; i < 600 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  return alive(pid);
}

const runner = (env: Record<string, string>, pattern?: string) => execa('node', [path.join(ROOT, 'scripts', 'test.mjs'), ...(pattern ? [pattern] : [])], {
  cwd: ROOT, reject: false, timeout: 600_000, env: { TEST_DIR: 'test/fixtures/runner', TEST_JOBS: '3', FORCE_COLOR: '0', NO_COLOR: '1', ...env },
});

test('a child left by a passing file is ended; the passing files pass', async () => {
  const dir = tempDir();
  try {
    const leftPid = path.join(dir, 'left.pid');
    // the default limit (300 s): nothing here waits on a clock
    const r = await runner({ RUNNER_LEFT_PID_FILE: leftPid }, 'passes|leaves-a-child');
    assert.is(r.exitCode, 0, r.stdout);
    assert.match(r.stdout, /\n {2}ok passes\.test\.ts/);
    assert.match(r.stdout, /\n {2}ok leaves-a-child\.test\.ts/);
    assert.match(r.stdout, /^ {2}Total: {5}2$/m);
    assert.match(r.stdout, /^ {2}Passed: {4}2$/m);
    assert.not.ok(await stillAlive(Number(readFileSync(leftPid, 'utf8'))), 'left.pid: the child still runs');
  } finally { cleanup(dir); }
});

test('a hung file fails at the limit, killed with its children', async () => {
  const dir = tempDir();
  try {
    const hungPid = path.join(dir, 'hung.pid');
    // the hung file never ends by itself, so the limit races nothing but the file's start: a
    // limit that came before the file started its child proves nothing about the child, and the
    // run is repeated with twice the limit (2, 4, 8... s) until the child was started in time
    for (let limit = 2; ; limit *= 2) {
      const r = await runner({ TEST_FILE_TIMEOUT: String(limit), RUNNER_PID_FILE: hungPid }, 'hangs');
      assert.is(r.exitCode, 1, r.stdout);
      assert.match(r.stdout, new RegExp(`FAILED \\(time limit: still running after ${limit} s; killed with every process it started; TEST_FILE_TIMEOUT=SECONDS changes the limit\\) hangs\\.test\\.ts`));
      // uvu's words: the hung file counts as one test that did not pass
      assert.match(r.stdout, /^ {2}Total: {5}1$/m);
      assert.match(r.stdout, /^ {2}Passed: {4}0$/m);
      assert.match(r.stdout, /Failed files: hangs\.test\.ts/);
      if (!existsSync(hungPid)) continue;
      assert.not.ok(await stillAlive(Number(readFileSync(hungPid, 'utf8'))), 'hung.pid: the child still runs');
      break;
    }
  } finally { cleanup(dir); }
});

test('the pool: a file that changed its process is the last that process runs; each file keeps its output', async () => {
  // one job: changes-env (the largest), then sees-env and passes, one after another
  const r = await runner({ TEST_POOL: '1', TEST_JOBS: '1' }, 'changes-env|sees-env|passes');
  assert.is(r.exitCode, 0, r.stdout);
  for (const f of ['changes-env', 'sees-env', 'passes']) assert.match(r.stdout, new RegExp(`\\n {2}ok ${f}\\.test\\.ts`));
  // two processes for three files: one ran changes-env alone, the other both files after it
  assert.match(r.stdout, /\(3 files in 2 processes, 1 at a time/);
  // what a file printed, on either stream, comes with its own verdict
  const blocks = r.stdout.split(/\n {2}(?:ok|FAILED)[^\n]*\n/);
  const own = blocks.find((b) => b.includes('sees-env on stdout'))!;
  assert.ok(own, r.stdout);
  assert.ok(own.includes('sees-env on stderr'), r.stdout);
  assert.is(blocks.filter((b) => b.includes('sees-env on')).length, 1, r.stdout);
  assert.match(r.stdout, /sees-env on stderr[\s\S]*\n {2}ok sees-env\.test\.ts/);
});

test("the pool: a module of ours that two files import is each file's own, as it was in a process of its own", async () => {
  const r = await runner({ TEST_POOL: '1', TEST_JOBS: '1' }, 'module-state-');
  assert.match(r.stdout, /\(2 files in 1 processes, 1 at a time/);
  assert.match(r.stdout, /\n {2}ok module-state-writes\.test\.ts/);
  assert.is(r.exitCode, 0, r.stdout);
  assert.match(r.stdout, /\n {2}ok module-state-reads\.test\.ts/);
});

test('a line one stream writes while the other is half way through a line is kept whole, in the pool and alone', async () => {
  for (const pool of ['1', '0']) {
    const r = await runner({ TEST_POOL: pool, TEST_JOBS: '1' }, 'splits-a-line');
    assert.is(r.exitCode, 0, r.stdout);
    assert.match(r.stdout, /^splits-a-line on stderr$/m, `TEST_POOL=${pool}: ${r.stdout}`);
  }
});

test('the pool: a file whose process ends with an uncaught error fails, and the files after it run', async () => {
  const r = await runner({ TEST_POOL: '1', TEST_JOBS: '1' }, 'crashes|passes');
  assert.is(r.exitCode, 1, r.stdout);
  assert.match(r.stdout, /thrown outside any test/);
  assert.match(r.stdout, /FAILED \(exit 1[^\n]*\) crashes\.test\.ts/);
  assert.match(r.stdout, /\n {2}ok passes\.test\.ts/);
  assert.match(r.stdout, /Failed files: crashes\.test\.ts$/);
});

test('the pool: a passing file that leaves a server listening fails at the limit, as its own process would never have ended', async () => {
  const dir = tempDir();
  try {
    const listening = path.join(dir, 'listening');
    // the limit races only the file's start: it is doubled until the test was done in time
    for (let limit = 2; ; limit *= 2) {
      const r = await runner({ TEST_POOL: '1', TEST_FILE_TIMEOUT: String(limit), RUNNER_SERVER_FILE: listening }, 'leaves-a-server');
      assert.is(r.exitCode, 1, r.stdout);
      assert.match(r.stdout, new RegExp(`FAILED \\(time limit: still running after ${limit} s; [^\\n]*\\) leaves-a-server\\.test\\.ts`));
      if (!existsSync(listening)) continue;
      // its test had passed: uvu said so before the file was held
      assert.match(r.stdout, /\(1 \/ 1\)/);
      break;
    }
  } finally { cleanup(dir); }
});

test('TEST_FILE_TIMEOUT must be a positive number of seconds', async () => {
  const r = await execa('node', [path.join(ROOT, 'scripts', 'test.mjs')], { cwd: ROOT, reject: false, env: { TEST_DIR: 'test/fixtures/runner', TEST_FILE_TIMEOUT: 'soon' } });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /TEST_FILE_TIMEOUT must be a number of seconds above 0, not 'soon'/);
});

test('an unknown option is refused before anything runs', async () => {
  const r = await runner({}, '--nope');
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /unknown option --nope: node scripts\/test\.mjs \[--build\] \[--checks\] \[PATTERN\]/);
});

test('a file with a time limit of its own fails at that limit, whatever the default', async () => {
  // the default (300 s) is far above the file's 1 s: the file fails at 1 s only if its own line is read
  const r = await runner({}, 'own-limit');
  assert.is(r.exitCode, 1, r.stdout);
  assert.match(r.stdout, /FAILED \(time limit: still running after 1 s; killed with every process it started; its own limit: the file's "test-runner: time limit" line\) own-limit\.test\.ts/);
});

// --build --checks: the build and the type check are one process (scripts/build.mjs --typecheck);
// its output up to the end-of-build line is the build's, the rest the check's. A stand-in build
// (test/fixtures/runner-build/build.mjs) shows the runner's side: the files start once the build
// is done, while the check still runs (the stand-in's check cannot end before the file has run: it
// waits for the file the test writes; a runner that waited for the check would fail the check at
// its time limit), and each part is reported and counted on its own. Which of the two is reported
// first is a race between the file's end and the check's, and not asserted.
/** one run of the runner with the stand-in build in MODE; its exit code and output */
async function buildRun(mode: string): Promise<{ exitCode: number | undefined; stdout: string }> {
  const dir = tempDir();
  try {
    // the stand-in's check waits for the file only where a file runs (a good build)
    const go = mode === 'ok' || mode === 'check-fails';
    const r = await execa('node', [path.join(ROOT, 'scripts', 'test.mjs'), '--build', '--checks'], {
      cwd: ROOT, reject: false, timeout: 600_000,
      env: {
        TEST_DIR: 'test/fixtures/runner-build', TEST_BUILD: 'test/fixtures/runner-build/build.mjs', TEST_JOBS: '2', FORCE_COLOR: '0', NO_COLOR: '1',
        RUNNER_BUILD_MODE: mode, RUNNER_BUILT_FILE: path.join(dir, 'built'), ...(go ? { RUNNER_CHECK_GO: path.join(dir, 'go') } : {}),
      },
    });
    return { exitCode: r.exitCode, stdout: String(r.stdout) };
  } finally { cleanup(dir); }
}

/** each mode of the stand-in build: what the run must exit with and say */
const BUILD_CASES: { name: string; mode: string; exit: number; says: RegExp[] }[] = [
  {
    name: 'the files run once the build is done, beside its type check; both reported', mode: 'ok', exit: 0,
    says: [/the build said this\n {2}ok npm run build in /, /the check said this\n {2}ok typecheck \(in the build's program; alone: npm run typecheck\) in /,
      /\n {2}ok needs-the-build\.test\.ts in /, /^ {2}Passed: {4}1$/m, /^(?![\s\S]*\0)/], // the last: no end-of-build line left in the output
  },
  {
    name: 'a failed check after a passing build fails the run, the files still run', mode: 'check-fails', exit: 1,
    says: [/\n {2}ok npm run build in /, /test\/b\.ts\(2,2\): error TS2: the check broke\n {2}FAILED \(exit 1\) typecheck/,
      /\n {2}ok needs-the-build\.test\.ts in /, /Failed files: typecheck$/m],
  },
  {
    name: 'a failed build runs no file', mode: 'build-fails', exit: 1,
    says: [/error TS1: the build broke\n {2}FAILED \(exit 1\) npm run build/, /Not run, the build failed: needs-the-build\.test\.ts/],
  },
  {
    name: 'a build that dies before its end fails both', mode: 'crashes', exit: 1,
    says: [/building\.\.\.\n {2}FAILED \(exit 3\) npm run build/, /FAILED \(exit 3\) typecheck/, /Failed files: build, typecheck$/m],
  },
];
for (const c of BUILD_CASES) {
  test(`--build --checks: ${c.name}`, async () => {
    const r = await buildRun(c.mode);
    assert.is(r.exitCode, c.exit, r.stdout);
    for (const re of c.says) assert.match(r.stdout, re);
  });
}

test('TEST_BUNDLE=0: the leftovers ended after a file are its own; tsx\'s esbuild service lives on for the files after it', async () => {
  // trial-ad F8: every descendant of the pool's process was killed after each file, tsx's esbuild
  // service too (started by the first file's TypeScript), and every later file failed to load: "The
  // service is no longer running". TSX_DISABLE_CACHE: each file's TypeScript goes through the service
  const dir = tempDir();
  try {
    const leftPid = path.join(dir, 'left.pid');
    const r = await runner({ TEST_BUNDLE: '0', TSX_DISABLE_CACHE: '1', TEST_POOL: '1', TEST_JOBS: '1', RUNNER_LEFT_PID_FILE: leftPid }, 'passes|leaves-a-child|sees-env');
    assert.match(r.stdout, /\(3 files in 1 processes, 1 at a time/);
    assert.not.match(r.stdout, /service is no longer running/);
    assert.is(r.exitCode, 0, r.stdout);
    for (const f of ['passes', 'leaves-a-child', 'sees-env']) assert.match(r.stdout, new RegExp(`\\n {2}ok ${f}\\.test\\.ts`));
    // the child the file left is still ended
    assert.not.ok(await stillAlive(Number(readFileSync(leftPid, 'utf8'))), 'left.pid: the child still runs');
  } finally { cleanup(dir); }
});

test('every test file registers its tests before test.run(): a test written after it never runs, and nothing says so (three files had one)', () => {
  const late: string[] = [];
  for (const f of readdirSync(path.join(ROOT, 'test')).filter((n) => n.endsWith('.test.ts'))) {
    const lines = readFileSync(path.join(ROOT, 'test', f), 'utf8').split('\n');
    const run = lines.findIndex((l) => /^test\.run\(\);/.test(l));
    if (run < 0) continue;
    const after = lines.findIndex((l, i) => i > run && /^test(?:\.(?:only|skip))?\(/.test(l));
    if (after >= 0) late.push(`${f}:${after + 1}`);
  }
  assert.equal(late, [], `tests after test.run(), which never run: ${late.join(', ')}`);
});

test.run();
