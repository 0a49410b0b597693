// bench/replace-kernel: what the kernel spends on replacing a file atomically, the way import
// replaces 18,000 files (src/files/write.ts, replaceSteps: the replaced file's inode kept as a
// spare by a hard link, the spare opened with O_TRUNC, written, closed, renamed over the next
// file), against the same steps with the spare overwritten in place (no O_TRUNC, then ftruncate to
// the new length): a way tplsync does NOT take (see docs/benchmarks.md, "Seventh session"): on
// ext4 a file truncated to nothing is flushed to the disk when it is closed (the auto_da_alloc
// safeguard, which is what makes temp-file-and-rename safe across a crash of the machine), and
// with the `discard` mount option the blocks the truncation frees are discarded at once; an
// overwrite in place does neither, and after a power loss in the next 30 s a file could hold
// another file's old text. One thread, blocking calls, the template files of the translations
// bench; `sync` and a pause before each pass (the earlier pass's writes are not this pass's work).
//   node --import tsx bench/replace-kernel.ts [--templates 2000] [--runs 3]
import { closeSync, constants, ftruncateSync, linkSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { writeTranslationsProject } from './translations-fixture.ts';

const arg = (name: string, d: string): string => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1]! : d; };
const N = Number(arg('templates', '2000'));
const RUNS = Number(arg('runs', '3'));
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

type Way = 'truncate' | 'overwrite';
/** every file replaced through a spare, as replaceSteps does (`truncate`), or with the spare overwritten in place */
function pass(files: readonly string[], texts: readonly Buffer[], way: Way): { wall: number; user: number; sys: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let spare: string | undefined;
  let seq = 0;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    lstatSync(f);
    const keep = `${f}.${process.pid}.${++seq}.tmp`;
    linkSync(f, keep);
    const tmp = spare ?? `${f}.${process.pid}.${++seq}.tmp`;
    const fd = spare ? openSync(tmp, way === 'truncate' ? constants.O_WRONLY | constants.O_TRUNC : constants.O_WRONLY) : openSync(tmp, 'wx');
    const b = texts[i]!;
    for (let at = 0; at < b.length;) at += writeSync(fd, b, at, b.length - at, at);
    if (way === 'overwrite') ftruncateSync(fd, b.length);
    closeSync(fd);
    renameSync(tmp, f);
    spare = keep;
  }
  if (spare) unlinkSync(spare);
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - t0, user: c.user / 1000, sys: c.system / 1000 };
}

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-replace-'));
try {
  writeTranslationsProject(dir, N);
  const files: string[] = [];
  const walk = (d: string): void => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (!p.endsWith('.en_US.yaml')) files.push(p); } };
  walk(path.join(dir, 'templates'));
  console.log(`${files.length} files replaced a pass, ${RUNS} passes each way, alternating; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  const results: Record<Way, { wall: number; user: number; sys: number }[]> = { truncate: [], overwrite: [] };
  for (let r = 0; r < RUNS; r++) {
    for (const way of ['truncate', 'overwrite'] as const) {
      // a text of the same length with other letters: every file changes, as in a full rewrite
      const texts = files.map((f) => Buffer.from(readFileSync(f, 'utf8').replace(/[a-y]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 1)).replace(/z/g, 'a')));
      execFileSync('sync');
      await sleep(3000);
      results[way].push(pass(files, texts, way));
    }
  }
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const way of ['truncate', 'overwrite'] as const) {
    const rs = results[way];
    console.log(`${way === 'truncate' ? 'O_TRUNC, as tplsync does' : 'overwritten in place (not taken)'}`.padEnd(34) + ` median ${median(rs.map((x) => x.wall)).toFixed(0).padStart(5)} ms wall (${rs.map((x) => x.wall.toFixed(0)).join(', ')}), ${median(rs.map((x) => x.user)).toFixed(0)} ms user, ${median(rs.map((x) => x.sys)).toFixed(0)} ms in the kernel`);
  }
  console.log(`ratio truncate / overwrite: ${(median(results.truncate.map((x) => x.wall)) / median(results.overwrite.map((x) => x.wall))).toFixed(2)} wall, ${(median(results.truncate.map((x) => x.sys)) / median(results.overwrite.map((x) => x.sys))).toFixed(2)} kernel`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
