// bench/lint: `tplsync lint` over 10,000 generated files (the whole process) against the
// baseline of read + yaml.parse + compiled ajv in one process, measured in the same run;
// and `tplsync --version` against a bare `node -e ""`. Prints medians and ratios.
//   npm run bench:lint [-- --files 10000 --runs 5]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const N = arg('files', 10_000);
const RUNS = arg('runs', 5);

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
function time(cmd: string, args: string[], cwd: string): number {
  const t = process.hrtime.bigint();
  try { execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] }); } catch (e) {
    const status = (e as { status?: number }).status;
    if (status !== 1) throw e; // exit 1 (findings) is a valid lint outcome
  }
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-lint-'));
try {
  const bytes = generate(dir, N);
  console.log(`generated ${N} files, ${(bytes / 1e6).toFixed(1)} MB in ${dir}`);
  const bin = path.join(ROOT, 'bin', 'tplsync.js');
  const schema = path.join(ROOT, 'schema', 'template.schema.json');
  const baseline: number[] = [];
  const lint: number[] = [];
  // warm the page cache once, then alternate so that noise hits both sides alike
  time('node', [path.join(ROOT, 'bench', 'baseline-parse-validate.mjs'), dir, schema], dir);
  for (let r = 0; r < RUNS; r++) {
    baseline.push(time('node', [path.join(ROOT, 'bench', 'baseline-parse-validate.mjs'), dir, schema], dir));
    lint.push(time('node', [bin, 'lint', '--format', 'json', '--output', path.join(dir, 'report.json')], dir));
  }
  const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const b = median(baseline), l = median(lint);
  console.log(`baseline (read + yaml.parse + ajv, 1 process): median ${b.toFixed(0)} ms  runs ${baseline.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(`tplsync lint (whole process, positions + all rules): median ${l.toFixed(0)} ms  runs ${lint.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(`  findings: ${report.summary.errors} errors, ${report.summary.warnings} warnings in ${report.summary.files} files`);
  console.log(`lint / baseline = ${(l / b).toFixed(2)} (target <= 1.5)`);

  // the laptop case: nothing changed since the last run, --cache
  const cacheArgs = [bin, 'lint', '--cache', '--format', 'json', '--output', path.join(dir, 'report.json')];
  time('node', cacheArgs, dir);
  const cached: number[] = [];
  for (let r = 0; r < RUNS; r++) cached.push(time('node', cacheArgs, dir));
  console.log(`tplsync lint --cache, nothing changed: median ${median(cached).toFixed(0)} ms  runs ${cached.map((x) => x.toFixed(0)).join(' ')}; / baseline = ${(median(cached) / b).toFixed(2)}`);

  const bare: number[] = [];
  const version: number[] = [];
  for (let r = 0; r < 21; r++) {
    bare.push(time('node', ['-e', ''], dir));
    version.push(time('node', [bin, '--version'], dir));
  }
  const nb = median(bare), nv = median(version);
  // the worst case: every file has a finding, so every file needs the position-keeping parse
  rmSync(path.join(dir, 'templates'), { recursive: true, force: true });
  generate(dir, N, true);
  const dirtyBase: number[] = [];
  const dirty: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    dirtyBase.push(time('node', [path.join(ROOT, 'bench', 'baseline-parse-validate.mjs'), dir, schema], dir));
    dirty.push(time('node', [bin, 'lint', '--format', 'json', '--output', path.join(dir, 'report.json')], dir));
  }
  const dr = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8'));
  console.log(`worst case, a finding in every file (${dr.summary.warnings} warnings): baseline median ${median(dirtyBase).toFixed(0)} ms, tplsync lint median ${median(dirty).toFixed(0)} ms  runs ${dirty.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(`worst case lint / baseline = ${(median(dirty) / median(dirtyBase)).toFixed(2)}`);
  console.log(`node -e "": median ${nb.toFixed(1)} ms; tplsync --version: median ${nv.toFixed(1)} ms`);
  console.log(`--version / node = ${(nv / nb).toFixed(2)} (target <= 1.5)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
