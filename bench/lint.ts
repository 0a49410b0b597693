// bench/lint: `tplsync lint` (the whole process) against ajv-cli on the same files, measured in
// the same run, on three corpora: realistic (a third of the files with a warning, one in fifty
// with an error, as real repositories are), mix (realistic with the kinds: an eighth RCS with an
// expireTime, every WhatsApp kind), worst case (a finding in every file); cold, and for the cache
// with nothing changed. Also the read + yaml.parse + ajv floor, the peak memory of a cold lint,
// and `tplsync --version` against `node -e ""`. Prints medians and ratios, of wall time and of
// CPU time (user + system, all threads; what a loaded machine moves least).
//   npm run bench:lint [-- --files 10000 --runs 5 --corpora realistic,mix,dirty]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, type Corpus } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const N = arg('files', 10_000);
const RUNS = arg('runs', 5);
const ci = process.argv.indexOf('--corpora');
const CORPORA = new Set((ci > 0 ? process.argv[ci + 1]! : 'realistic,mix,dirty').split(','));
// --bin: another build's bin (a checkout of an earlier commit, to measure before and after alike)
const bi = process.argv.indexOf('--bin');
const BIN = bi > 0 ? path.resolve(process.argv[bi + 1]!) : path.join(ROOT, 'bin', 'tplsync.cjs');
const SCHEMA = path.join(ROOT, 'schema', 'template.schema.json');
const AJV = path.join(ROOT, 'node_modules', 'ajv-cli', 'dist', 'index.js');
const CPU = path.join(ROOT, 'bench', 'cpu.mjs');

const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
/**
 * wall time of a command in ms, its CPU time (user + system, every thread: bench/cpu.mjs), and its
 * stderr; exit 1 (findings, invalid files) is a valid outcome
 */
function run(args: string[], cwd: string, cpu = true): { ms: number; cpu: number; main: number; stderr: string } {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', cpu ? ['--import', CPU, ...args] : args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')}: exit ${r.status}: ${String(r.stderr).slice(0, 500)}`);
  const err = String(r.stderr);
  return { ms, cpu: Number(/cpuMs ([\d.]+)/.exec(err)?.[1] ?? NaN), main: Number(/mainMs ([\d.]+)/.exec(err)?.[1] ?? NaN), stderr: err };
}
const fmt = (xs: number[]) => `median ${median(xs).toFixed(0)} ms (runs ${xs.map((x) => x.toFixed(0)).join(' ')})`;
/** the CPU time of the same runs, and its ratio to the baseline's: what the machine's load moves least */
const cpuFmt = (xs: number[], base: number[], what = 'CPU') => `${what} median ${median(xs).toFixed(0)} ms, / ajv-cli's ${median(base).toFixed(0)} ms = ${(median(xs) / median(base)).toFixed(2)}`;
/** the machine's load average (1 minute), which the wall times follow: noted at the start and end of each comparison */
const load = (): string => loadavg()[0]!.toFixed(1);

const ajvCli = (dir: string) => [AJV, 'validate', '-s', SCHEMA, '-d', 'templates/**/*.yaml', '--spec=draft7', '-c', 'ajv-formats', '--errors=no'];
const floor = (dir: string) => [path.join(ROOT, 'bench', 'baseline-parse-validate.mjs'), dir, SCHEMA];
const lint = (dir: string, extra: string[] = []) => [BIN, 'lint', ...extra, '--format', 'json', '--output', path.join(dir, 'report.json')];

/**
 * alternates the commands run by run, so that noise hits all of them alike; wall times by name,
 * CPU times under `cpu:NAME`, the main thread's CPU times under `main:NAME`
 */
function compare(dir: string, cmds: Record<string, string[]>): Record<string, number[]> {
  const out: Record<string, number[]> = Object.fromEntries(Object.keys(cmds).flatMap((k) => [[k, []], [`cpu:${k}`, []], [`main:${k}`, []]]));
  for (const c of Object.values(cmds)) run(c, dir); // warm the page cache and any cache file
  const before = load();
  for (let r = 0; r < RUNS; r++) {
    for (const [k, c] of Object.entries(cmds)) { const x = run(c, dir); out[k]!.push(x.ms); out[`cpu:${k}`]!.push(x.cpu); out[`main:${k}`]!.push(x.main); }
  }
  console.log(`  (load average ${before} at the start, ${load()} at the end)`);
  return out;
}

function corpus(kind: Corpus): string {
  const dir = mkdtempSync(path.join(tmpdir(), `tplsync-bench-lint-${kind}-`));
  const bytes = generate(dir, N, kind);
  console.log(`\n${kind}: ${N} files, ${(bytes / 1e6).toFixed(1)} MB`);
  return dir;
}

const dirs: string[] = [];

/** cold lint and warm `lint --cache` (nothing changed) against ajv-cli on one corpus */
function coldAndWarm(kind: Corpus): string {
  const real = corpus(kind); dirs.push(real);
  const t = compare(real, { ajv: ajvCli(real), floor: floor(real), lint: lint(real) });
  const s = JSON.parse(readFileSync(path.join(real, 'report.json'), 'utf8')).summary;
  console.log(`  findings: ${s.errors} errors, ${s.warnings} warnings`);
  console.log(`  ajv-cli (schema only, no positions, no rules): ${fmt(t.ajv!)}`);
  console.log(`  read + yaml.parse + ajv floor: ${fmt(t.floor!)}`);
  console.log(`  tplsync lint: ${fmt(t.lint!)}`);
  console.log(`  cold lint / ajv-cli = ${(median(t.lint!) / median(t.ajv!)).toFixed(2)} (target <= 1.0); / floor = ${(median(t.lint!) / median(t.floor!)).toFixed(2)}`);
  console.log(`  cold lint ${cpuFmt(t['cpu:lint']!, t['cpu:ajv']!)}`);
  if (t['main:lint']!.every(Number.isFinite)) console.log(`  cold lint ${cpuFmt(t['main:lint']!, t['main:ajv']!, 'main thread CPU')}`);
  const warm = compare(real, { ajv: ajvCli(real), cached: lint(real, ['--cache']) });
  console.log(`  lint --cache, nothing changed: ${fmt(warm.cached!)}; ajv-cli ${fmt(warm.ajv!)}`);
  console.log(`  warm lint --cache / ajv-cli = ${(median(warm.cached!) / median(warm.ajv!)).toFixed(2)} (target <= 0.25)`);
  console.log(`  warm lint --cache ${cpuFmt(warm['cpu:cached']!, warm['cpu:ajv']!)}`);
  return real;
}

try {
  let real: string | undefined;
  if (CORPORA.has('realistic')) {
    real = coldAndWarm('realistic');
    const rss = run(['--import', path.join(ROOT, 'bench', 'rss.mjs'), ...lint(real)], real).stderr;
    const kb = Number(/maxRSS (\d+)/.exec(rss)?.[1] ?? NaN);
    console.log(`  peak memory of a cold lint: ${(kb / 1024).toFixed(0)} MB (target < 300 MB)`);
  }
  if (CORPORA.has('mix')) real = coldAndWarm('mix');

  if (CORPORA.has('dirty')) {
    const dirty = corpus('dirty'); dirs.push(dirty);
    const d = compare(dirty, { ajv: ajvCli(dirty), lint: lint(dirty) });
    console.log(`  ajv-cli ${fmt(d.ajv!)}; tplsync lint ${fmt(d.lint!)}`);
    console.log(`  worst case lint / ajv-cli = ${(median(d.lint!) / median(d.ajv!)).toFixed(2)} (target <= 1.5)`);
    console.log(`  worst case lint ${cpuFmt(d['cpu:lint']!, d['cpu:ajv']!)}`);
    real ??= dirty;
  }
  if (!real) throw new Error('--corpora names none of realistic, mix, dirty');

  const bare: number[] = [];
  const version: number[] = [];
  for (let r = 0; r < 21; r++) { bare.push(run(['-e', ''], real, false).ms); version.push(run([BIN, '--version'], real, false).ms); }
  console.log(`\nnode -e "": median ${median(bare).toFixed(1)} ms; tplsync --version: median ${median(version).toFixed(1)} ms`);
  console.log(`--version / node = ${(median(version) / median(bare)).toFixed(2)} (target <= 1.5)`);
} finally {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}
