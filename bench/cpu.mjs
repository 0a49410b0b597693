// Preloaded by bench/lint.ts: prints the CPU time the process used (user + system, all its
// threads) when it exits, and on Linux the main thread's alone (the thread the wall time of a
// quiet machine follows; the others are V8's compilers and collector and lint's read-ahead). On a
// shared machine the wall time of a run depends on what else runs; its CPU time far less, so the
// benchmark reports both. (A preload runs in worker threads too: only the main thread reports.)
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** the main thread's CPU time in ms (Linux: /proc schedstat, in ns), or undefined elsewhere */
function mainThreadMs() {
  try { return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6; } catch { return undefined; }
}

if (isMainThread) {
  process.on('exit', () => {
    const u = process.cpuUsage();
    const main = mainThreadMs();
    process.stderr.write(`\ncpuMs ${((u.user + u.system) / 1000).toFixed(1)}${main === undefined ? '' : ` mainMs ${main.toFixed(1)}`}\n`);
  });
}
