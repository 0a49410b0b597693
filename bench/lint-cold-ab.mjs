// bench/lint-cold-ab: a cold `lint` (no cache) of two or more builds, alternated in the same
// minutes so that the machine's load falls on each alike; prints each build's median wall time and
// CPU time (user + system, of the process and its threads: the figure to compare on a busy machine).
// The corpus is bench/generate.ts's (`node --import tsx -e "import('./bench/generate.ts').then((g) => g.generate('DIR', 10000, 'mix'))"`).
//   node bench/lint-cold-ab.mjs --dir DIR OTHER/bin/tplsync.cjs bin/tplsync.cjs [--rounds 7]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const argv = process.argv.slice(2);
const arg = (name, d) => { const i = argv.indexOf(`--${name}`); return i >= 0 ? argv[i + 1] : d; };
const dir = arg('dir');
const rounds = Number(arg('rounds', '7'));
const bins = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--')).map((b) => path.resolve(b));
if (!dir || bins.length < 1) { console.error('usage: node bench/lint-cold-ab.mjs --dir CORPUS BIN [BIN...] [--rounds 7]'); process.exit(3); }
const out = mkdtempSync(path.join(tmpdir(), 'tplsync-cold-ab-'));
const times = new Map(bins.map((b) => [b, []]));
const median = (xs) => { const s = [...xs].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
try {
  for (let r = 0; r <= rounds; r++) {
    for (const bin of bins) {
      // the child's own CPU, measured by a shell's `time` around it (node's process.cpuUsage is the measuring process's)
      const t = process.hrtime.bigint();
      const p = spawnSync('bash', ['-c', 'TIMEFORMAT="%U %S"; { time node "$0" lint --format json --output "$1" >/dev/null 2>&1; } 2>&1', bin, path.join(out, 'report.json')], { cwd: dir, encoding: 'utf8' });
      const wall = Number(process.hrtime.bigint() - t) / 1e6;
      const [user, sys] = p.stdout.trim().split(/\s+/).map(Number);
      if (r > 0) times.get(bin).push({ wall, cpu: (user + sys) * 1000 }); // the first round warms the page cache
    }
  }
} finally { rmSync(out, { recursive: true, force: true }); }
for (const [bin, ts] of times) console.log(`${bin}: wall ${median(ts.map((x) => x.wall)).toFixed(0)} ms, CPU ${median(ts.map((x) => x.cpu)).toFixed(0)} ms (${ts.length} runs)`);
