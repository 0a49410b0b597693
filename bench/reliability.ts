// bench/reliability: two harnesses of issue 22's reliability figures.
// 1. Fuzzed files: seeded mutations of realistic template files (bytes flipped, cut, YAML
//    punctuation inserted, lines doubled, deep nesting, alias bombs, BOMs and NULs, huge scalars)
//    linted by the engine; counts crashes (an exception out of lintBytes) and slow files (over
//    --slow-ms, default 2000), and the share that lint reports instead.
// 2. Applies under faults: a project of --templates files applied with the CLI to an emulator
//    injecting 5xx, 429, resets, cut bodies, non-JSON and lost answers (seeded per round), again
//    and again until a plan shows no changes: counts rounds that converged within --max-applies,
//    the applies it took, and whether the channel then equals the files.
//   node --import tsx bench/reliability.ts [--files 3000] [--rounds 8] [--templates 20] [--scale 1] [--seed 1]
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mulberry32 } from './seeded.ts';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from '../src/emulator/server.ts';
import { lintBytes } from '../src/lint/engine.ts';
import { templateText } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const FILES = arg('files', 3000);
const ROUNDS = arg('rounds', 8);
const TEMPLATES = arg('templates', 20);
const MAX_APPLIES = arg('max-applies', 6);
const SLOW_MS = arg('slow-ms', 2000);
/** the fault rates, multiplied (1: 15 % 5xx, 5 % 429, 5 % resets, 3 % cut bodies, 3 % non-JSON, 10 % lost answers) */
const SCALE = arg('scale', 1);
const faultsOf = (s: number) => ({ seed: s, errorRate: 0.15 * SCALE, rateLimitRate: 0.05 * SCALE, retryAfterSec: 0, resetRate: 0.05 * SCALE, truncateRate: 0.03 * SCALE, nonJsonRate: 0.03 * SCALE, lostResponseRate: Math.min(1, 0.1 * SCALE) });
const random = mulberry32(arg('seed', 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const run = promisify(execFile);

// ---- 1. fuzzed files ----
const PUNCT = ['{', '}', '[', ']', ':', '- ', '&a ', '*a', '!!', '|', '>', '"', "'", '#', '{{', '}}', '\t', '\n', '\r', '\u0000', '\ufeff', '\u200b', '%YAML 1.2\n---\n', '---\n'];
function mutate(text: string): Buffer {
  const kind = Math.floor(random() * 8);
  let b = Buffer.from(text, 'utf8');
  const at = () => Math.floor(random() * (b.length + 1));
  switch (kind) {
    case 0: for (let k = 0; k < 1 + Math.floor(random() * 8); k++) { const i = Math.floor(random() * b.length); b[i] = Math.floor(random() * 256); } return b;
    case 1: return b.subarray(0, at());
    case 2: { let s = text; for (let k = 0; k < 1 + Math.floor(random() * 6); k++) { const i = Math.floor(random() * (s.length + 1)); s = s.slice(0, i) + pick(PUNCT) + s.slice(i); } return Buffer.from(s); }
    case 3: { const lines = text.split('\n'); const i = Math.floor(random() * lines.length); lines.splice(i, 0, ...lines.slice(i, i + 1 + Math.floor(random() * 4))); return Buffer.from(lines.join('\n')); }
    case 4: return Buffer.from(`${text}nested: ${'['.repeat(200 + Math.floor(random() * 5000))}\n`);
    case 5: return Buffer.from(`a: &a ["x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 12 }, (_, k) => `${String.fromCharCode(98 + k)}: &${String.fromCharCode(98 + k)} [${Array(9).fill(`*${String.fromCharCode(97 + k)}`).join(',')}]`).join('\n')}\n${text}`);
    case 6: return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b, Buffer.from([0, 0xff, 0xfe])]);
    default: return Buffer.from(text.replace(/text: "([^"]*)"/, (_m, t: string) => `text: "${t}${'x'.repeat(Math.floor(random() * 300_000))}"`));
  }
}

function fuzz(): { files: number; crashes: number; slow: number; reported: number; maxMs: number; crashSamples: string[] } {
  let crashes = 0, slow = 0, reported = 0, maxMs = 0;
  const crashSamples: string[] = [];
  const now = new Date('2026-01-01T00:00:00Z');
  for (let i = 0; i < FILES; i++) {
    const bytes = mutate(templateText(i % 500));
    const t0 = performance.now();
    try {
      const r = lintBytes(`fuzz/${i}.yaml`, bytes, { now });
      if (r.diagnostics.length) reported++;
    } catch (e) {
      crashes++;
      if (crashSamples.length < 3) crashSamples.push(`${i}: ${(e as Error).message.slice(0, 120)}`);
    }
    const ms = performance.now() - t0;
    maxMs = Math.max(maxMs, ms);
    if (ms > SLOW_MS) slow++;
  }
  return { files: FILES, crashes, slow, reported, maxMs, crashSamples };
}

// ---- 2. applies under faults ----
async function faultRounds(): Promise<{ rounds: number; converged: number; applies: number[]; equal: number }> {
  const applies: number[] = [];
  let converged = 0, equal = 0;
  const channel = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
  for (let round = 0; round < ROUNDS; round++) {
    const roundSeed = Math.floor(random() * 1e9);
    const emu = await startEmulator({
      keys: ['rel-key-7Qx'], reviewDelayMs: 0,
      faults: faultsOf(roundSeed),
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-reliability-'));
    try {
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), `templates: ["t/*.yaml"]\ndefaultEnvironment: e\nenvironments:\n  e:\n    baseUrl: ${emu.url}\n    apiKeyEnv: REL_KEY\n    channels: { shop-whatsapp: ${channel}, shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b }\nchannels: { shop-whatsapp: { kind: whatsapp }, shop-rcs: { kind: rcs } }\n`);
      mkdirSync(path.join(dir, 't'));
      for (let i = 0; i < TEMPLATES; i++) writeFileSync(path.join(dir, 't', `t${i}.yaml`), templateText(i).replace(`name: template_${i}`, `name: r${round}_${i}`));
      const cli = (args: string[]) => run('node', [path.join(ROOT, 'bin', 'tplsync.cjs'), ...args], { cwd: dir, env: { ...process.env, REL_KEY: 'rel-key-7Qx' } }).then(() => 0, (e: { code?: number }) => e.code ?? 1);
      let n = 0;
      let done = false;
      while (n < MAX_APPLIES && !done) {
        n++;
        await cli(['apply', '--auto-approve', '--parallelism', '4']);
        // the check itself runs without faults: a plan that shows no changes is the truth
        emu.setFaults({});
        done = (await cli(['plan', '--detailed-exitcode'])) === 0;
        emu.setFaults(faultsOf(roundSeed + n));
      }
      applies.push(n);
      if (done) converged++;
      if (done && emu.state.templates.size === TEMPLATES) equal++;
    } finally {
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS}: ${applies[applies.length - 1]} appl${applies[applies.length - 1] === 1 ? 'y' : 'ies'}\n`);
  }
  return { rounds: ROUNDS, converged, applies, equal };
}

const t0 = Date.now();
const f = fuzz();
const fuzzMs = Date.now() - t0;
console.log(`fuzzed files: ${f.files} mutated files linted in ${(fuzzMs / 1000).toFixed(1)} s: ${f.crashes} crashes, ${f.slow} over ${SLOW_MS} ms (slowest ${f.maxMs.toFixed(0)} ms), ${f.reported} (${((f.reported / f.files) * 100).toFixed(1)} %) reported findings instead${f.crashSamples.length ? `\n  crashes: ${f.crashSamples.join('; ')}` : ''}`);
const a = await faultRounds();
const sorted = [...a.applies].sort((x, y) => x - y);
console.log(`applies under faults (rates x${SCALE}): ${a.converged}/${a.rounds} rounds converged within ${MAX_APPLIES} applies (median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted[sorted.length - 1]}); ${a.equal}/${a.rounds} with the channel holding exactly the ${TEMPLATES} templates`);
if (f.crashes || f.slow || a.converged < a.rounds) process.exitCode = 1;
