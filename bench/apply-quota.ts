// bench/apply-quota: apply of N new templates (default 1,000, all on one channel) against
// `tplsync emulator --create-quota 100/10` (its own process), the environment declaring the same
// quota. Target: done within 1.05 x the quota's floor (N / 100 windows of 10 s: 100 s for 1,000)
// with 0 writes refused by the emulator (no 429: apply paces itself rather than being refused).
//   npm run bench:apply-quota [-- --templates 1000 --limit 100 --window 10]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { templateText } from './generate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'tplsync.cjs');
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const N = arg('templates', 1000);
const LIMIT = arg('limit', 100);
const WINDOW = arg('window', 10);
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';

const key = `bench-${randomUUID()}`;
/** the emulator, every request logged (--verbose) so that its 429s are counted from its side */
const emu: ChildProcess = spawn('node', [BIN, 'emulator', '--port', '0', '--key', key, '--review-delay', '0', '--create-quota', `${LIMIT}/${WINDOW}`, '--verbose'], { stdio: ['ignore', 'pipe', 'pipe'] });
let refused = 0;
let writes = 0;
let partial = '';
emu.stderr!.on('data', (d: Buffer) => {
  const lines = (partial + d.toString()).split('\n');
  partial = lines.pop()!;
  for (const line of lines) {
    if (!/^POST \/channel\/\S+\/template\/\S+ \d{3}/.test(line)) continue;
    writes++;
    if (/ 429 /.test(line)) refused++;
  }
});
const url = await new Promise<string>((resolve, reject) => {
  emu.stdout!.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m) resolve(m[1]!); });
  emu.once('exit', (c) => reject(new Error(`the emulator exited ${c}`)));
});

const dir = path.join(tmpdir(), `tplsync-bench-quota-${process.pid}`);
try {
  mkdirSync(path.join(dir, 'templates'), { recursive: true });
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), `templates: ["templates/**/*.yaml"]
environments:
  bench:
    baseUrl: ${url}
    createQuota: { limit: ${LIMIT}, windowSeconds: ${WINDOW} }
    channels: { shop-whatsapp: ${CHANNEL}, shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b }
`);
  // WhatsApp templates only (every fifth generated one is RCS, on another channel): one channel, one quota
  for (let i = 0, n = 0; n < N; i++) {
    if (i % 5 === 4) continue;
    writeFileSync(path.join(dir, 'templates', `t${i}.yaml`), templateText(i));
    n++;
  }
  const t0 = performance.now();
  const child = spawn('node', [BIN, 'apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env: { ...process.env, TPLSYNC_API_KEY: key }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? -1)));
  const ms = performance.now() - t0;
  const doc = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { summary: { created: number; failed: number; skipped: number } };
  const floorMs = Math.ceil(N / LIMIT) * WINDOW * 1000;
  const waits = stderr.split('\n').filter((l) => /waiting until/.test(l)).length;
  console.log(`apply of ${N} new templates, quota ${LIMIT}/${WINDOW} s: exit ${code}, ${doc.summary.created} created, ${doc.summary.failed} failed, ${doc.summary.skipped} skipped`);
  console.log(`writes the emulator answered: ${writes}, refused (429): ${refused}; waits announced: ${waits}`);
  console.log(`time ${(ms / 1000).toFixed(1)} s; the quota's floor ${floorMs / 1000} s; ratio ${(ms / floorMs).toFixed(3)} (target <= 1.05, 0 refused)`);
  if (code !== 0 || refused !== 0 || ms / floorMs > 1.05) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
  emu.kill('SIGTERM');
}
