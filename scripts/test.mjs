// Runs the test files concurrently, one child process per file, twice as many at once as there
// are cores (TEST_JOBS overrides). Each file's output is printed whole when it finishes (never
// interleaved); one summary in uvu's words closes the run, and the exit code is non-zero when
// any file failed. Usage: node scripts/test.mjs [PATTERN]
//
// Each file runs in a process group of its own, with a time limit (TEST_FILE_TIMEOUT seconds,
// default 300): a file that outlives it is killed with everything it started (emulators, CLIs)
// and reported as failed, rather than waited for. When a file ends, whatever it left running
// in its group is ended too, so a forgotten child can neither hang the run nor outlive it.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// TEST_DIR: another folder of test files (the runner's own test points it at fixtures)
const dir = path.resolve(root, process.env.TEST_DIR ?? 'test');
const pattern = new RegExp(process.argv[2] ?? '\\.test\\.ts$');
const files = readdirSync(dir).filter((f) => /\.test\.ts$/.test(f) && pattern.test(f))
  // the biggest first, so that the long files do not finish last alone
  .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size);
// twice the cores: much of a test file's time is spent waiting on its children and the emulator
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2 * availableParallelism());
const limitSec = Number(process.env.TEST_FILE_TIMEOUT ?? 300);
if (!(limitSec > 0)) {
  process.stderr.write(`TEST_FILE_TIMEOUT must be a number of seconds above 0, not '${process.env.TEST_FILE_TIMEOUT}'\n`);
  process.exit(2);
}
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
const totals = { total: 0, passed: 0, skipped: 0, failedFiles: [] };
const started = Date.now();
const running = new Set();

/** SIGKILL to the whole process group of a file (it leads its own group: detached) */
function killGroup(child) {
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
}

function runFile(file) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, file)], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let out = '';
    let timedOut = false;
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => { timedOut = true; killGroup(child); }, limitSec * 1000);
    // the file is done: end what it left behind, which would otherwise hold its pipes open
    child.on('exit', () => killGroup(child));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      const plain = strip(out);
      const num = (label) => Number((new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'm').exec(plain) ?? [])[1] ?? 0);
      const total = num('Total'), passed = num('Passed'), skipped = num('Skipped');
      totals.total += total; totals.passed += passed; totals.skipped += skipped;
      const ok = !timedOut && code === 0 && total > 0 && passed === total - skipped;
      if (!ok) totals.failedFiles.push(file);
      // a file killed at its limit printed no summary: count it as one failed test
      if (timedOut && total === 0) totals.total += 1;
      // the file's own summary is replaced by the one summary of the run
      const body = out.split('\n').filter((l) => !/^\s*(Total|Passed|Skipped|Duration):/.test(strip(l))).join('\n').trimEnd();
      const verdict = timedOut
        ? `FAILED (time limit: still running after ${limitSec} s; killed with every process it started; TEST_FILE_TIMEOUT=SECONDS changes the limit)`
        : ok ? 'ok' : `FAILED (exit ${code ?? signal})`;
      process.stdout.write(`${body}\n  ${verdict} ${file} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n\n`);
      resolve();
    });
  });
}

// interrupted: take the files' process groups down with the runner
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => { for (const c of running) killGroup(c); process.exit(130); });
}

let next = 0;
await Promise.all(Array.from({ length: Math.min(jobs, files.length) }, async () => {
  while (next < files.length) await runFile(files[next++]);
}));
const failed = totals.total - totals.passed - totals.skipped;
process.stdout.write(`\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${Date.now() - started}ms (${files.length} files, ${jobs} at a time, ${limitSec} s limit a file)\n`);
if (totals.failedFiles.length) process.stdout.write(`  Failed files: ${totals.failedFiles.join(', ')}\n`);
process.exit(totals.failedFiles.length || failed > 0 || files.length === 0 ? 1 : 0);
