// scripts/test.mjs, the suite's runner, as a process (its exit code, its report, the processes
// it ends): a file that hangs is failed at the time limit with everything it started, a child a
// passing file left behind is ended, and the summary stays in uvu's words for .ci/run.
import { readFileSync } from 'node:fs';
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

test('a hung file fails at the limit with its children; a child left by a passing file is ended', async () => {
  const dir = tempDir();
  try {
    const hungPid = path.join(dir, 'hung.pid'), leftPid = path.join(dir, 'left.pid');
    // the hung file never ends by itself, so the 2 s limit races nothing
    const r = await execa('node', [path.join(ROOT, 'scripts', 'test.mjs')], {
      cwd: ROOT, reject: false, timeout: 120_000,
      env: { TEST_DIR: 'test/fixtures/runner', TEST_FILE_TIMEOUT: '2', TEST_JOBS: '3', RUNNER_PID_FILE: hungPid, RUNNER_LEFT_PID_FILE: leftPid, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
    assert.is(r.exitCode, 1, r.stdout);
    assert.match(r.stdout, /FAILED \(time limit: still running after 2 s; killed with every process it started; TEST_FILE_TIMEOUT=SECONDS changes the limit\) hangs\.test\.ts/);
    assert.match(r.stdout, /\n {2}ok passes\.test\.ts/);
    assert.match(r.stdout, /\n {2}ok leaves-a-child\.test\.ts/);
    // uvu's words: the hung file counts as one test that did not pass
    assert.match(r.stdout, /^ {2}Total: {5}3$/m);
    assert.match(r.stdout, /^ {2}Passed: {4}2$/m);
    assert.match(r.stdout, /Failed files: hangs\.test\.ts/);
    for (const f of [hungPid, leftPid]) assert.not.ok(alive(Number(readFileSync(f, 'utf8'))), `${path.basename(f)}: the child still runs`);
  } finally { cleanup(dir); }
});

test('TEST_FILE_TIMEOUT must be a positive number of seconds', async () => {
  const r = await execa('node', [path.join(ROOT, 'scripts', 'test.mjs')], { cwd: ROOT, reject: false, env: { TEST_DIR: 'test/fixtures/runner', TEST_FILE_TIMEOUT: 'soon' } });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /TEST_FILE_TIMEOUT must be a number of seconds above 0, not 'soon'/);
});

test.run();
