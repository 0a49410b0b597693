// bench/write-floor: what replacing N small files costs on this machine, each way of writing
// them measured in the same run, interleaved (round r runs every mode once, in a rotated order, so
// that the machine's load falls on all of them alike). The files exist before each mode replaces
// them (an import rewrites files that are there). Modes:
//   in-place        fs.promises.writeFile over the file (truncate + write: not atomic)
//   temp+rename     write a temp file next to it, rename over it (what tplsync does)
//   temp+fsync+rename   the same with an fsync of the temp file before the rename (durable)
//   unchanged-skip  read each file and compare with the new text; write nothing (a re-import)
//   temp+rename, reusing inodes   the replaced file's inode kept by a hard link and truncated and
//                   written as the next temp file (what AtomicWriter does since issue 27): no inode
//                   created or freed
//   in 2 worker threads   temp+rename, each thread one file after another (sync calls)
//   new files: wx in place / temp+rename   files created under new names (as a first import
//                   creates them), O_EXCL in place or through a temp file; nothing is deleted
//                   until the end
// Each with 16 writes in flight (as AtomicWriter), and `sync` for one after another on the main thread.
// On ext4 without a journal (this machine) each inode created walks past the inodes freed in the
// last 30 s, so what one mode frees makes the next modes' creations dearer: the rotation of the
// rounds spreads that over all of them.
// An fsync costs milliseconds here (a journal commit each), so the fsync modes write the first
// --fsync-files of the files (default 2,000) and their time is scaled to N in the summary (marked).
//   node bench/write-floor.mjs [--files 18000 --runs 5 --bytes 900 --fsync-files 2000]
import { close, closeSync, constants, fsyncSync, link, lstat, mkdirSync, mkdtempSync, open, openSync, readFileSync, rename, renameSync, rmSync, unlink, write, writeFileSync, writeSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import fsp from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

const arg = (name, d) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : d; };
const N = Number(arg('files', '18000'));
const RUNS = Number(arg('runs', '5'));
const BYTES = Number(arg('bytes', '900'));
const only = arg('modes', '');
const NF = Math.min(N, Number(arg('fsync-files', '2000')));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-write-floor-'));
const files = Array.from({ length: N }, (_, i) => path.join(dir, String(Math.floor(i / 500)), `t_${i}.yaml`));
const body = (i, r) => `# run ${r}\nname: t_${i}\n` + 'body: '.padEnd(BYTES - 30, String.fromCharCode(97 + ((i + r) % 26))) + '\n';

const INFLIGHT = Number(arg('inflight', '16'));
async function pool(fn, n = N, k = INFLIGHT) {
  let next = 0;
  await Promise.all(Array.from({ length: k }, async () => { while (next < n) { const i = next++; await fn(i); } }));
}
let seq = 0;
const call = (f) => new Promise((resolve, reject) => f((e, v) => (e ? reject(e) : resolve(v))));
const WORKER = `const { parentPort } = require('node:worker_threads'); const fs = require('node:fs'); let seq = 0;
parentPort.on('message', ({ files, texts }) => {
  for (let i = 0; i < files.length; i++) { const t = files[i] + '.w' + process.pid + '.' + (++seq) + '.tmp'; fs.lstatSync(files[i]); fs.writeFileSync(t, texts[i]); fs.renameSync(t, files[i]); }
  parentPort.postMessage('done');
});`;
const workers = [];
const tmp = (f) => `${f}.${process.pid}.${++seq}.tmp`;
const MODES = {
  [`in-place, ${INFLIGHT} in flight`]: (r) => pool((i) => fsp.writeFile(files[i], body(i, r))),
  [`temp+rename, ${INFLIGHT} in flight`]: (r) => pool(async (i) => { const t = tmp(files[i]); await fsp.writeFile(t, body(i, r)); await fsp.rename(t, files[i]); }),
  [`temp+fsync+rename, ${INFLIGHT} in flight`]: (r) => pool(async (i) => {
    const t = tmp(files[i]); const h = await fsp.open(t, 'w');
    try { await h.writeFile(body(i, r)); await h.sync(); } finally { await h.close(); }
    await fsp.rename(t, files[i]);
  }, NF),
  'temp+rename, sync one by one': (r) => { for (let i = 0; i < N; i++) { const t = tmp(files[i]); writeFileSync(t, body(i, r)); renameSync(t, files[i]); } },
  'temp+fsync+rename, sync one by one': (r) => { for (let i = 0; i < NF; i++) { const t = tmp(files[i]); const fd = openSync(t, 'w'); try { writeSync(fd, body(i, r)); fsyncSync(fd); } finally { closeSync(fd); } renameSync(t, files[i]); } },
  [`temp+rename, reusing inodes, ${INFLIGHT} in flight`]: async (r) => {
    const spares = [];
    await pool(async (i) => {
      const f = files[i];
      await call((cb) => lstat(f, cb));
      const kept = tmp(f);
      await call((cb) => link(f, kept, cb));
      const spare = spares.pop();
      const t = spare ?? tmp(f);
      const fd = await call((cb) => open(t, spare ? constants.O_WRONLY | constants.O_TRUNC | constants.O_NOFOLLOW : 'wx', 0o666, cb));
      const b = Buffer.from(body(i, r));
      try { await call((cb) => write(fd, b, 0, b.length, null, cb)); } finally { await call((cb) => close(fd, cb)); }
      await call((cb) => rename(t, f, cb));
      spares.push(kept);
    });
    await Promise.all(spares.map((t) => call((cb) => unlink(t, cb))));
  },
  'temp+rename, 2 worker threads one by one': (r) => Promise.all(workers.map((w, k) => new Promise((resolve) => {
    const idx = []; for (let i = k; i < N; i += workers.length) idx.push(i);
    w.once('message', resolve);
    w.postMessage({ files: idx.map((i) => files[i]), texts: idx.map((i) => body(i, r)) });
  }))),
  [`new files: wx in place, ${INFLIGHT} in flight`]: (r) => pool(async (i) => {
    const fd = await call((cb) => open(`${files[i]}.new${r}`, 'wx', 0o666, cb)); const b = Buffer.from(body(i, r));
    try { await call((cb) => write(fd, b, 0, b.length, null, cb)); } finally { await call((cb) => close(fd, cb)); }
  }),
  [`new files: temp+rename, ${INFLIGHT} in flight`]: (r) => pool(async (i) => { const t = tmp(files[i]); await fsp.writeFile(t, body(i, r)); await fsp.rename(t, `${files[i]}.new${r}`); }),
  'unchanged: read + compare, nothing written': (r) => { let same = 0; for (let i = 0; i < N; i++) if (readFileSync(files[i], 'utf8') === body(i, r - 1)) same++; return same; },
};
const names = Object.keys(MODES).filter((m) => !only || new RegExp(only).test(m));
const wall = Object.fromEntries(names.map((m) => [m, []]));
const cpu = Object.fromEntries(names.map((m) => [m, []]));
if (names.some((m) => m.includes('worker'))) for (let k = 0; k < 2; k++) workers.push(new Worker(WORKER, { eval: true }));
try {
  for (let i = 0; i < N; i++) { if (i % 500 === 0) mkdirSync(path.dirname(files[i]), { recursive: true }); writeFileSync(files[i], body(i, 0)); }
  console.log(`${N} files of ${BYTES} bytes on ${dir}; ${RUNS} runs; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  let r = 0;
  for (let run = 0; run < RUNS; run++) {
    for (let k = 0; k < names.length; k++) {
      const m = names[(k + run) % names.length];
      // each mode writes the next generation's texts (the unchanged mode compares with what is there)
      if (!m.startsWith('unchanged')) r++;
      const c0 = process.cpuUsage(); const t0 = process.hrtime.bigint();
      await MODES[m](m.startsWith('unchanged') ? r + 1 : r);
      wall[m].push(Number(process.hrtime.bigint() - t0) / 1e6);
      const c = process.cpuUsage(c0); cpu[m].push([(c.user + c.system) / 1000, c.system / 1000]);
    }
  }
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  for (const m of names) {
    const scale = m.includes('fsync') ? N / NF : 1;
    const w = wall[m].map((x) => x * scale); const c = cpu[m].map(([a, b]) => [a * scale, b * scale]);
    console.log(`${m.padEnd(44)} median ${median(w).toFixed(0).padStart(6)} ms wall (${w.map((x) => x.toFixed(0)).join(', ')}), CPU ${median(c.map((x) => x[0])).toFixed(0)} ms (${median(c.map((x) => x[1])).toFixed(0)} kernel), ${(median(w) * 1000 / N).toFixed(0)} µs a file${scale !== 1 ? ` (${NF} files written, scaled to ${N})` : ''}`);
  }
} finally {
  for (const w of workers) await w.terminate();
  rmSync(dir, { recursive: true, force: true });
}
