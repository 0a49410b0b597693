// Where `npm test`'s CPU goes: preloaded into every Node process of a run through NODE_OPTIONS,
// it appends one JSON line per process to TEST_CPU_LOG when the process exits (a process killed
// by a signal writes none; a worker thread writes none, its process's line holds its CPU): the test file it belongs to (inherited through the environment from
// the test file's process), its command line, its CPU time (user + system, all threads) and its
// wall time. bench/test-cpu-report.mjs sums the lines by kind of process and by test file.
//   TEST_CPU_LOG=/tmp/cpu.jsonl NODE_OPTIONS="--import $PWD/bench/test-cpu-log.mjs" npm test
//   node bench/test-cpu-report.mjs /tmp/cpu.jsonl
// Processes that are not Node (Chromium, git, esbuild, the shell) are not logged: the report's
// total is short of `time npm test`'s user + sys by their CPU. The preload costs about 8 ms a process.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const log = process.env.TEST_CPU_LOG;
const t0 = Date.now();
const script = process.argv[1] ?? '';
const test = /\.test\.(ts|mjs)$/.test(script);
if (test) process.env.TEST_CPU_FILE = path.basename(script).replace(/\.mjs$/, '.ts');
else process.env.TEST_CPU_FILE ??= `(run) ${path.basename(script)}`;
// a process of the test runner's pool (scripts/test-worker.mjs) logs a line a test file itself,
// and adds their CPU here: its own line at exit counts the rest (its start, between files)
const shared = (globalThis[Symbol.for('tplsync.test.cpuLog')] ??= { logged: 0 });
// a worker thread (lint's read-ahead, import's writers) sees the process's CPU, not its own: its
// process's line counts it, and a line of its own would count the whole process again
if (log && isMainThread) {
  process.on('exit', () => {
    const u = process.cpuUsage();
    const line = { file: process.env.TEST_CPU_FILE, test, argv: process.argv.slice(1, 4), cpu: (u.user + u.system) / 1e6 - shared.logged, wall: (Date.now() - t0) / 1000 };
    try { appendFileSync(log, `${JSON.stringify(line)}\n`); } catch { /* the log is best effort */ }
  });
}
