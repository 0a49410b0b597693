// Preloaded by bench/lint.ts: prints the CPU time the process used (user + system, all its
// threads) when it exits. On a shared machine the wall time of a run depends on what else runs;
// its CPU time far less, so the benchmark reports both. (A preload runs in worker threads too:
// only the main thread reports.)
import { isMainThread } from 'node:worker_threads';

if (isMainThread) process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write(`\ncpuMs ${((u.user + u.system) / 1000).toFixed(1)}\n`); });
