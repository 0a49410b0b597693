// bench/emulator-durability: kill -9 durability of `tplsync emulator --data FILE` (its own
// process, loopback only) under duplicate concurrent writes. Each round: 16 writers write fresh
// templates, each id sent as `--copies` identical requests at once (so duplicates arrive while
// the first is being synced); after a seeded number of acknowledgements the process is killed
// with SIGKILL; a fresh emulator on the same file must hold every id that was answered 200.
//   node --import tsx bench/emulator-durability.ts [--rounds 15] [--copies 3] [--writers 16] [--seed 1]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mulberry32 } from './seeded.ts';
import { fileURLToPath } from 'node:url';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { writeBody } from '../test/helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const ROUNDS = arg('rounds', 15);
const COPIES = arg('copies', 3);
const WRITERS = arg('writers', 16);
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const random = mulberry32(arg('seed', 1));

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-durability-'));
const dataFile = path.join(dir, 'emu.json');
let acknowledged = 0, requests = 0, duplicatesAnswered = 0;
const lost: string[] = [];
const t0 = Date.now();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const proc = spawn('node', [path.join(ROOT, 'bin', 'tplsync.cjs'), 'emulator', '--port', '0', '--key', 'k1', '--data', dataFile, '--review-delay', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    const url = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m) resolve(m[1]!); });
      proc.once('exit', () => reject(new Error('the emulator did not start')));
    });
    const c = createClient({ baseUrl: url, apiKey: 'k1', retries: 0, concurrency: WRITERS * COPIES, timeoutMs: 5000 });
    const acked = new Set<string>();
    const killAt = 20 + Math.floor(random() * 200);
    let stop = false;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (!stop) {
        const id = randomUUID();
        const results = await Promise.allSettled(Array.from({ length: COPIES }, () => c.writeTemplate(CHANNEL, id, writeBody(`d${round}`))));
        requests += COPIES;
        const ok = results.filter((r) => r.status === 'fulfilled').length;
        if (ok > 0) acked.add(id);
        if (ok > 1) duplicatesAnswered += ok - 1;
        if (ok < COPIES) return;
      }
    });
    const deadline = Date.now() + 60_000; // a guard against a hang
    while (acked.size < killAt && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    proc.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    await exited;
    const check = await startEmulator({ keys: ['k1'], dataFile });
    const reader = createClient({ baseUrl: check.url, apiKey: 'k1', concurrency: 16 });
    const missing = (await Promise.all([...acked].map(async (id) => ((await reader.getTemplate(CHANNEL, id)) ? undefined : id)))).filter((x): x is string => Boolean(x));
    await check.close();
    lost.push(...missing);
    acknowledged += acked.size;
    console.log(`round ${String(round + 1).padStart(2)}: killed after ${acked.size} acknowledged ids, lost ${missing.length}`);
  }
} finally { rmSync(dir, { recursive: true, force: true }); }
console.log(`${ROUNDS} kill -9 rounds, ${WRITERS} writers, each id sent ${COPIES} times at once: ${requests} write requests, ${acknowledged} ids acknowledged (${duplicatesAnswered} duplicate 200s besides), lost ${lost.length} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exitCode = lost.length === 0 ? 0 : 1;
