// bench/lint-warm-ab: a warm `lint --cache` (nothing changed) of two builds, alternated in the same
// minutes so that the machine's load falls on both alike: each round runs each build once untimed
// (it keeps its own report and record, which the other build's run replaced) and once timed.
// Prints each build's median wall time and its runs. The corpus is bench/generate.ts's (make one with
// `npm run bench:lint`, or `node --import tsx -e "import('./bench/generate.ts').then((g) => g.generate('DIR', 10000, 'mix'))"`).
//   node bench/lint-warm-ab.mjs --dir DIR --a OTHER/bin/tplsync.cjs [--b bin/tplsync.cjs] [--rounds 9]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, d) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : d; };
const dir = arg('dir');
const a = arg('a');
if (!dir || !a) { console.error('usage: node bench/lint-warm-ab.mjs --dir CORPUS --a OTHER_BIN [--b BIN] [--rounds 9]'); process.exit(3); }
const b = arg('b', path.join(fileURLToPath(new URL('..', import.meta.url)), 'bin', 'tplsync.cjs'));
const rounds = Number(arg('rounds', '9'));
const args = ['lint', '--cache', '--format', 'json', '--output', 'report.json'];
const run = (bin) => {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', [path.resolve(bin), ...args], { cwd: dir, stdio: 'ignore' });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${bin}: exit ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
};
const median = (xs) => { const s = [...xs].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const times = { a: [], b: [] };
for (let i = 0; i < rounds; i++) {
  for (const [k, bin] of [['a', a], ['b', b]]) {
    run(bin);
    times[k].push(run(bin));
  }
}
for (const [k, bin] of [['a', a], ['b', b]]) console.log(`${k} ${bin}: median ${median(times[k]).toFixed(0)} ms (runs ${times[k].map((x) => x.toFixed(0)).sort((x, y) => x - y).join(' ')})`);
console.log(`b / a = ${(median(times.b) / median(times.a)).toFixed(2)}`);
