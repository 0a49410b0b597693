// bench/types: `tplsync types` over 1,000 generated templates against `tplsync lint` of the same
// files (types lints first, so the difference is the generation with ts-morph); and the start-up
// of lint and plan against a bare `node -e ""`, with a check that neither loads ts-morph or
// typescript.   npm run bench:types [-- --templates 1000 --runs 5]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'tplsync.cjs');
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const N = arg('templates', 1000);
const RUNS = arg('runs', 5);
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
function run(args: string[], cwd: string): { ms: number; stderr: string } {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')}: exit ${r.status}: ${String(r.stderr)}`);
  return { ms, stderr: String(r.stderr) };
}

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-types-'));
try {
  generate(dir, N);
  const out = path.join(dir, 'tplsync-templates.ts');
  const lint: number[] = [];
  const types: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    lint.push(run([BIN, 'lint'], dir).ms);
    if (existsSync(out)) unlinkSync(out);
    types.push(run([BIN, 'types'], dir).ms);
  }
  const l = median(lint), t = median(types);
  console.log(`${N} templates, ${RUNS} runs (medians)`);
  console.log(`tplsync lint (baseline): ${l.toFixed(0)} ms; tplsync types: ${t.toFixed(0)} ms; generation alone ~${(t - l).toFixed(0)} ms; types / lint = ${(t / l).toFixed(2)}`);

  const bare: number[] = [];
  const starts: Record<string, number[]> = { '--version': [], 'lint --help': [], 'plan --help': [] };
  for (let r = 0; r < 15; r++) {
    bare.push(run(['-e', ''], dir).ms);
    for (const k of Object.keys(starts)) starts[k]!.push(run([BIN, ...k.split(' ')], dir).ms);
  }
  console.log(`node -e "": ${median(bare).toFixed(1)} ms`);
  for (const [k, xs] of Object.entries(starts)) console.log(`tplsync ${k}: ${median(xs).toFixed(1)} ms (ratio ${(median(xs) / median(bare)).toFixed(2)})`);
  const preload = path.join(ROOT, 'bench', 'loaded-modules.mjs');
  for (const cmd of [['lint'], ['plan', '--help'], ['types']]) {
    const r = run(['--import', preload, BIN, ...cmd], dir);
    const heavy = JSON.parse(/heavy-modules (\[.*\])/.exec(r.stderr)![1]!) as string[];
    console.log(`tplsync ${cmd.join(' ')}: ${heavy.length ? `loads ${heavy.length} ts-morph/typescript modules` : 'loads neither ts-morph nor typescript'}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
