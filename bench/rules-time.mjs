// bench/rules-time: each lint rule's share of a cold lint, in-process: every rule's check is wrapped
// to add up the wall time spent in it (the first rule that asks for a template's placeholder scan
// or schema validation pays for it: placeholder-syntax and schema carry those). A wrapper costs
// about 1 us a call, so a rule near 10 ms on 10,000 files does next to nothing; the ranking is the
// figure, to find a rule that grew (the mix's url-lookalike-host went from 0 to 196 ms, 2026-11-30).
// Run it with the machine quiet: the times are wall times.
//   npm run build && cd CORPUS && node /path/to/bench/rules-time.mjs [--top 30] [--tree OTHER_BUILT_TREE]
// CORPUS: a project (bench/generate.ts writes one: node --import tsx -e "import('./bench/generate.ts').then((g) => g.generate('DIR', 10000, 'mix'))").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name, d) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : d; };
const root = path.resolve(arg('tree', fileURLToPath(new URL('..', import.meta.url))));
const top = Number(arg('top', '30'));
const { CHECKED_RULES } = await import(path.join(root, 'dist', 'lint', 'registry.js'));
const spent = new Map();
for (const r of CHECKED_RULES) {
  const check = r.check;
  const id = r.id;
  spent.set(id, 0n);
  r.check = function timed(ctx) {
    const t = process.hrtime.bigint();
    try { return check.call(this, ctx); } finally { spent.set(id, spent.get(id) + process.hrtime.bigint() - t); }
  };
}
const { main } = await import(path.join(root, 'dist', 'cli', 'main.js'));
const out = mkdtempSync(path.join(tmpdir(), 'tplsync-rules-time-'));
const t0 = process.hrtime.bigint();
try {
  await main(['lint', '--format', 'json', '--output', path.join(out, 'report.json')]);
} finally { rmSync(out, { recursive: true, force: true }); }
const ms = (ns) => Number(ns) / 1e6;
const total = ms(process.hrtime.bigint() - t0);
const inRules = [...spent.values()].reduce((a, b) => a + ms(b), 0);
console.log(`${process.cwd()}: lint ${total.toFixed(0)} ms, ${inRules.toFixed(0)} ms in ${CHECKED_RULES.length} rules' checks`);
for (const [id, ns] of [...spent].sort((a, b) => (b[1] > a[1] ? 1 : -1)).slice(0, top)) console.log(`${ms(ns).toFixed(1).padStart(8)} ms  ${id}`);
