// bench/rules-cost: what a set of lint's rules costs a cold lint, as CPU time: the same lint run
// alternately with every rule and without the rules whose "id group" matches each --skip pattern
// (the schema's rules always stay, so that every file is still validated). On this shared 2-core
// machine the one figure that stands out of the noise is such a difference of medians; a CPU
// profile spreads a rule's cost over the call, the interpreter and V8's compiler threads.
//   npm run build && node bench/rules-cost.mjs DIR [--runs 7] --skip '^placeholder-' [--skip ' rcs$' ...]
// Each pattern is matched against "ID GROUP" ("sample-stub whatsapp"): end an id with a space, not $.
// DIR: a project (bench/generate.ts writes one: a corpus of the mix). The lint runs from dist/
// (the modules tsc writes, not the bundle: both sides alike), its report to a temporary file.
// --base TREE: also run, alternately, the lint of another built tree (a copy of this repository's
// dist/ and node_modules, say before a change): the same measurement of a change to the rules.
//   node bench/rules-cost.mjs --child PATTERN REPORT [TREE]   (one lint in the working directory; internal)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argv = process.argv.slice(2);

if (argv[0] === '--child') {
  const root = argv[3] ?? ROOT;
  // the rules are taken out of the registry before the engine's modules read it (check.ts plans on load)
  const { CHECKED_RULES } = await import(path.join(root, 'dist', 'lint', 'registry.js'));
  const skip = argv[1] ? new RegExp(argv[1]) : undefined;
  if (skip) {
    for (let i = CHECKED_RULES.length - 1; i >= 0; i--) {
      const r = CHECKED_RULES[i];
      if (r.group !== 'schema' && skip.test(`${r.id} ${r.group}`)) CHECKED_RULES.splice(i, 1);
    }
  }
  process.stderr.write(`\nrules ${CHECKED_RULES.length}\n`);
  const { main } = await import(path.join(root, 'dist', 'cli', 'main.js'));
  process.exitCode = await main(['lint', '--format', 'json', '--output', argv[2]]);
} else {
  const dir = path.resolve(argv[0] ?? '.');
  const ri = argv.indexOf('--runs');
  const runs = ri > 0 ? Number(argv[ri + 1]) : 7;
  const skips = argv.flatMap((a, i) => (argv[i - 1] === '--skip' ? [a] : []));
  const bi = argv.indexOf('--base');
  const base = bi > 0 ? path.resolve(argv[bi + 1]) : undefined;
  const out = mkdtempSync(path.join(tmpdir(), 'tplsync-rules-cost-'));
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  // an arm: a skip pattern, or BASE (every rule, from the other tree)
  const BASE = '\0base';
  const arms = ['', ...skips, ...(base ? [BASE] : [])];
  const got = new Map(arms.map((a) => [a, { cpu: [], main: [], wall: [], rules: 0 }]));
  try {
    const before = loadavg()[0].toFixed(1);
    for (let r = 0; r <= runs; r++) {
      for (const a of arms) {
        const t = process.hrtime.bigint();
        const p = spawnSync('node', ['--import', path.join(ROOT, 'bench', 'cpu.mjs'), fileURLToPath(import.meta.url), '--child', a === BASE ? '' : a, path.join(out, 'report.json'), ...(a === BASE ? [base] : [])], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
        const wall = Number(process.hrtime.bigint() - t) / 1e6;
        const err = String(p.stderr);
        if (p.status !== 0 && p.status !== 1) throw new Error(`lint without /${a}/: exit ${p.status}: ${err.slice(0, 500)}`);
        if (r === 0) continue; // the first round warms the page cache
        const g = got.get(a);
        g.cpu.push(Number(/cpuMs ([\d.]+)/.exec(err)?.[1]));
        g.main.push(Number(/mainMs ([\d.]+)/.exec(err)?.[1]));
        g.wall.push(wall);
        g.rules = Number(/rules (\d+)/.exec(err)?.[1]);
      }
    }
    console.log(`${dir}: ${runs} alternating runs each (load average ${before} at the start, ${loadavg()[0].toFixed(1)} at the end); medians`);
    const all = got.get('');
    for (const [a, g] of got) {
      const d = (k) => (a ? ` (${(median(g[k]) - median(all[k])).toFixed(0)})` : '');
      console.log(`  ${a === BASE ? `every rule, ${base}` : a ? `without /${a}/` : 'every rule'} (${g.rules} checked rules): CPU ${median(g.cpu).toFixed(0)} ms${d('cpu')}, main thread ${median(g.main).toFixed(0)} ms${d('main')}, wall ${median(g.wall).toFixed(0)} ms${d('wall')}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
