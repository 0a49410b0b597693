// bench/emulator: template reads per second from the emulator (`tplsync emulator`, its own
// process) on loopback, against a bare node:http server answering the same bytes, measured in
// the same run. Target: at least 3,000 reads/s.   npm run bench:emulator [-- --seconds 3 --runs 3]
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { createClient } from '../src/api/client.ts';
import { writeBody } from '../test/helpers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const SECONDS = arg('seconds', 3);
const RUNS = arg('runs', 3);
const CONCURRENCY = arg('concurrency', 32);
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

function start(args: string[]): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn('node', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m) resolve({ url: m[1]!, proc }); });
    proc.once('exit', (c) => reject(new Error(`exited ${c}`)));
  });
}

/** reads/s: CONCURRENCY keep-alive loops for SECONDS, each GET fully consumed */
async function load(urls: string[], headers: Record<string, string>): Promise<number> {
  const agent = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  let n = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, async (_, w) => {
    let i = w;
    while (Date.now() < end) {
      const r = await request(urls[i++ % urls.length]!, { method: 'GET', headers, dispatcher: agent });
      await r.body.text();
      if (r.statusCode !== 200) throw new Error(`HTTP ${r.statusCode}`);
      n++;
    }
  }));
  await agent.close();
  return n / SECONDS;
}

const key = `bench-${randomUUID()}`;
const emu = await start([path.join(ROOT, 'bin', 'tplsync.cjs'), 'emulator', '--port', '0', '--key', key, '--review-delay', '0']);
try {
  const client = createClient({ baseUrl: emu.url, apiKey: key, concurrency: 16 });
  const ids = Array.from({ length: 1000 }, () => randomUUID());
  await Promise.all(ids.map((id, i) => client.writeTemplate(CHANNEL, id, writeBody(`bench_${i}`))));
  const sample = await client.getTemplate(CHANNEL, ids[0]!);
  const bare = await start([path.join(ROOT, 'bench', 'bare-server.mjs'), JSON.stringify(sample)]);
  try {
    const urls = ids.map((id) => `${emu.url}/channel/${CHANNEL}/template/${id}`);
    const emuRuns: number[] = [];
    const bareRuns: number[] = [];
    await load(urls.slice(0, 50), { apiKey: key }); // warm up
    for (let r = 0; r < RUNS; r++) {
      bareRuns.push(await load([`${bare.url}/x`], {}));
      emuRuns.push(await load(urls, { apiKey: key }));
    }
    const e = median(emuRuns), b = median(bareRuns);
    console.log(`${CONCURRENCY} keep-alive connections, ${SECONDS} s a run, ${RUNS} runs, 1,000 templates`);
    console.log(`bare node:http server (same body): median ${b.toFixed(0)} req/s  runs ${bareRuns.map((x) => x.toFixed(0)).join(' ')}`);
    console.log(`emulator template reads:           median ${e.toFixed(0)} req/s  runs ${emuRuns.map((x) => x.toFixed(0)).join(' ')}`);
    console.log(`emulator / bare = ${(e / b).toFixed(2)}; ${e >= 3000 ? 'meets' : 'MISSES'} the target of 3,000 reads/s`);
  } finally { bare.proc.kill('SIGTERM'); }
} finally { emu.proc.kill('SIGTERM'); }
