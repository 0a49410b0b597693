// bench/lint-keys: lint time of ONE template file against the number of keys in it (issue 11.2:
// it grew quadratically, 10k keys 1.8 s, 40k 28.6 s). Generates files of 10k/20k/40k/60k
// unknown top-level keys (60k: ~590 KB, under the 1 MiB cap) and, as a second shape, the same
// numbers of unused sample keys under body.examples; a third shape puts as many malformed
// placeholders into one body text. Times the whole `tplsync lint` process on each; the baseline,
// measured in the same run, is the same process on the 7-line valid template (start-up, config,
// schema compile). Linear growth shows as a flat (or falling) "per 10k" column. Prints medians;
// not a test (tests never assert on time).
//   node --import tsx bench/lint-keys.ts [-- --runs 5 --keys 10000,20000,40000,60000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_CONFIG, VALID } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const argOf = (name: string): string | undefined => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
const RUNS = Number(argOf('runs') ?? 3);
const SIZES = (argOf('keys') ?? '10000,20000,40000,60000').split(',').map(Number);

const SHAPES: Record<string, (n: number) => string> = {
  'unknown top-level keys': (n) => VALID + Array.from({ length: n }, (_, i) => `k${i}: 1\n`).join(''),
  'unused body.examples keys': (n) => VALID.replace('  examples: { 1: Ana }\n', `  examples:\n    1: Ana\n${Array.from({ length: n }, (_, i) => `    k${i}: x\n`).join('')}`),
  // not keys but the same question for the placeholder scanner and placement: n malformed "{{x}"
  'malformed placeholders in the body': (n) => VALID.replace(/ {2}text: .*\n/, `  text: "Hello {{1}}, ${'{{x} '.repeat(n)}ready at the store."\n`),
};

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const bin = path.join(ROOT, 'bin', 'tplsync.cjs');
function lintMs(dir: string, file: string): { ms: number; findings: number } {
  const t = process.hrtime.bigint();
  let out = '';
  try { out = execFileSync('node', [bin, 'lint', '--format', 'json', file], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 }); } catch (e) {
    if ((e as { status?: number }).status !== 1) throw e; // exit 1: findings
    out = (e as { stdout: string }).stdout;
  }
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return { ms, findings: (JSON.parse(out) as { diagnostics: unknown[] }).diagnostics.length };
}
/** medians of `file` and of the baseline file, run alternately so that noise hits both alike */
function measure(dir: string, file: string): { ms: number; base: number; findings: number } {
  lintMs(dir, file); // warm the page cache
  const runs: { ms: number; findings: number }[] = [];
  const base: number[] = [];
  for (let r = 0; r < RUNS; r++) { base.push(lintMs(dir, BASE).ms); runs.push(lintMs(dir, file)); }
  return { ms: median(runs.map((r) => r.ms)), base: median(base), findings: runs[0]!.findings };
}

const BASE = path.join('templates', 'valid.yaml');
const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-keys-'));
try {
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), BENCH_CONFIG);
  mkdirSync(path.join(dir, 'templates'));
  writeFileSync(path.join(dir, BASE), VALID);
  console.log(`baseline: tplsync lint of the 7-line valid template, measured alternately with each file; ${RUNS} runs each, medians`);
  for (const [shape, make] of Object.entries(SHAPES)) {
    console.log(`\n${shape}`);
    console.log('n       bytes     lint         baseline  above baseline  per 10k  findings');
    for (const n of SIZES) {
      const file = path.join('templates', `keys-${n}.yaml`);
      writeFileSync(path.join(dir, file), make(n));
      const r = measure(dir, file);
      const above = r.ms - r.base;
      console.log(`${String(n).padEnd(7)} ${String(statSync(path.join(dir, file)).size).padEnd(9)} ${`${r.ms.toFixed(0)} ms`.padEnd(12)} ${`${r.base.toFixed(0)} ms`.padEnd(9)} ${`${above.toFixed(0)} ms`.padEnd(15)} ${`${(above / n * 1e4).toFixed(0)} ms`.padEnd(8)} ${r.findings}`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
