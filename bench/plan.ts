// bench/plan: plan and apply of 1,000 templates against the emulator adding 20 ms to every
// request, --parallelism 16, against the latency floor (requests x 20 ms / 16) plus the same
// command's time with no added latency (process start, lint, compile: everything else),
// measured in the same run; and the peak memory of a plan over 10,000 templates.
//   npm run bench:plan [-- --templates 1000 --latency 20 --runs 3 --memory-templates 10000]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'tplsync.cjs');
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const N = arg('templates', 1000);
const LATENCY = arg('latency', 20);
const RUNS = arg('runs', 3);
const MEM_N = arg('memory-templates', 10_000);
const PAR = 16;
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

function emulator(latency: number, dataFile: string): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn('node', [BIN, 'emulator', '--port', '0', '--key', 'bench-key', '--review-delay', '0', '--latency', String(latency), '--data', dataFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m) resolve({ url: m[1]!, proc }); });
    proc.once('exit', (c) => reject(new Error(`emulator exited ${c}`)));
  });
}

function project(dir: string, n: number, url: string): void {
  generate(dir, n);
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), `templates: ["templates/**/*.yaml"]
environments:
  bench:
    baseUrl: ${url}
    channels:
      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11
      shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b
`);
}

function timed(args: string[], cwd: string): { ms: number; stderr: string } {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', args, { cwd, env: { ...process.env, TPLSYNC_API_KEY: 'bench-key', NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const stderr = String(r.stderr ?? '');
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed (${r.status}): ${stderr}`);
  return { ms, stderr };
}

const work = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-plan-'));
try {
  const rows: string[] = [];
  const measure = async (latency: number) => {
    const planMs: number[] = [];
    const applyMs: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const dir = path.join(work, `l${latency}-r${r}`);
      const emu = await emulator(latency, path.join(dir, 'emu.json'));
      try {
        project(dir, N, emu.url);
        planMs.push(timed([BIN, 'plan', '--parallelism', String(PAR), '--output', path.join(dir, 'plan.txt')], dir).ms);
        applyMs.push(timed([BIN, 'apply', '--auto-approve', '--parallelism', String(PAR)], dir).ms);
      } finally { emu.proc.kill('SIGTERM'); }
    }
    return { plan: median(planMs), apply: median(applyMs), planRuns: planMs, applyRuns: applyMs };
  };
  const base = await measure(0);
  const slow = await measure(LATENCY);
  const floor = (requests: number) => (requests * LATENCY) / PAR;
  const planFloor = floor(N);           // one read per template
  const applyFloor = floor(3 * N);      // plan read, write, read-back verification per template
  rows.push(`${N} templates, ${LATENCY} ms added to every request, --parallelism ${PAR}, ${RUNS} runs (medians)`);
  // the target: with latency <= 1.25 x floor + the same command without added latency
  const budget = (floorMs: number, startMs: number) => 1.25 * floorMs + startMs;
  rows.push(`plan:  without added latency ${base.plan.toFixed(0)} ms; with ${slow.plan.toFixed(0)} ms (runs ${slow.planRuns.map((x) => x.toFixed(0)).join(' ')})`);
  rows.push(`       floor ${N} x ${LATENCY} / ${PAR} = ${planFloor.toFixed(0)} ms; budget 1.25 x floor + ${base.plan.toFixed(0)} = ${budget(planFloor, base.plan).toFixed(0)} ms; used ${(slow.plan / budget(planFloor, base.plan)).toFixed(2)} of it`);
  rows.push(`       (with - without) / floor = ${((slow.plan - base.plan) / planFloor).toFixed(2)}`);
  rows.push(`apply: without added latency ${base.apply.toFixed(0)} ms; with ${slow.apply.toFixed(0)} ms (runs ${slow.applyRuns.map((x) => x.toFixed(0)).join(' ')})`);
  rows.push(`       3 requests a template (plan read, write, read-back check): floor ${3 * N} x ${LATENCY} / ${PAR} = ${applyFloor.toFixed(0)} ms; budget ${budget(applyFloor, base.apply).toFixed(0)} ms; used ${(slow.apply / budget(applyFloor, base.apply)).toFixed(2)} of it`);
  rows.push(`       against the issue's one-request floor (${planFloor.toFixed(0)} ms): budget ${budget(planFloor, base.apply).toFixed(0)} ms; used ${(slow.apply / budget(planFloor, base.apply)).toFixed(2)} of it`);

  // peak memory of a plan over MEM_N templates
  const dir = path.join(work, 'memory');
  const emu = await emulator(0, path.join(dir, 'emu.json'));
  try {
    project(dir, MEM_N, emu.url);
    const r = timed(['--import', path.join(ROOT, 'bench', 'rss.mjs'), BIN, 'plan', '--parallelism', String(PAR), '--output', path.join(dir, 'plan.txt')], dir);
    const kb = Number(/maxRSS (\d+)/.exec(r.stderr)?.[1] ?? NaN);
    rows.push(`plan of ${MEM_N} templates: ${r.ms.toFixed(0)} ms, peak RSS ${(kb / 1024).toFixed(0)} MB (target < 300 MB)`);
  } finally { emu.proc.kill('SIGTERM'); }
  console.log(rows.join('\n'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
