// bench/emulator-malformed: a bounded run of malformed and hostile requests against
// `tplsync emulator` (its own process, loopback only), each on a fresh TCP connection.
// Counts the answers by class, connections closed without an answer ("resets"), and crashes
// (the emulator process exiting); at the end the emulator must still take a valid write.
//   node --import tsx bench/emulator-malformed.ts [--count 2000] [--seconds 120] [--seed 1] [--concurrency 16]
// Bytes are sent as latin1 (one byte per character), and content-length counts them so.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mulberry32 } from './seeded.ts';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const COUNT = arg('count', 2000);
const SECONDS = arg('seconds', 120);
const CONCURRENCY = arg('concurrency', 16);
/** seeded: the same seed sends the same requests */
const random = mulberry32(arg('seed', 1));
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const KEY = `malformed-${randomUUID()}`;
const TOKEN = `control-${randomUUID()}`;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const int = (n: number): number => Math.floor(random() * n);

const goodBody = JSON.stringify({ name: 'order_ready', chatapp: { chatapp: { name: 'order_ready', category: 'UTILITY', language: 'en_US', components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready.' }], example: { 1: 'Ana' } } } });
const tpl = () => `/channel/${CHANNEL}/template/${randomUUID()}`;
const head = (method: string, target: string, headers: string[], body = ''): string =>
  `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers.map((h) => `${h}\r\n`).join('')}${body || method === 'POST' ? `content-length: ${Buffer.byteLength(body, 'latin1')}\r\n` : ''}\r\n${body}`;
const post = (target: string, body: string, extra: string[] = []) => head('POST', target, [`apiKey: ${KEY}`, 'content-type: application/json', ...extra], body);
const garbage = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256))).toString('latin1');

/** each generator: a name and the bytes to send (a string, or chunks with pauses) */
const generators: [string, () => string | { chunks: string[]; pauseMs: number }][] = [
  ['random bytes', () => garbage(1 + int(2000))],
  ['blank lines', () => '\r\n'.repeat(1 + int(5))],
  ['nothing after connect', () => ''],
  ['unfinished headers', () => `GET ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\n`],
  ['bad request line', () => pick(['GET\r\n\r\n', 'GET / HTTP/9.9\r\n\r\n', ' / HTTP/1.1\r\n\r\n', 'G\u0000T / HTTP/1.1\r\n\r\n', `GET /${'a'.repeat(70_000)} HTTP/1.1\r\n\r\n`])],
  ['header without colon', () => `GET / HTTP/1.1\r\nHost x\r\n\r\n`],
  ['oversized headers', () => head('GET', tpl(), [`apiKey: ${KEY}`, `x-big: ${'b'.repeat(20_000 + int(20_000))}`])],
  ['bad content-length', () => `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: ${pick(['-5', 'abc', '1e3', '99999999999999999999', '10, 20'])}\r\n\r\n{}`],
  ['content-length and chunked', () => `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n`],
  ['bad chunks', () => `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${pick(['zz\r\n', 'ffffffffffffffff\r\nx\r\n', '3\r\nabcdef\r\n0\r\n\r\n'])}`],
  ['short body (time-out)', () => `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"name":`],
  ['dribbled body', () => ({ chunks: [`POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n`, ...Array.from({ length: 20 }, () => 'x')], pauseMs: 100 })],
  ['dot segments and encodings', () => head('GET', pick(['/channel/../_emulator/state', '/channel/%2e%2e/_emulator/faults', '/%5Femulator/state', '/channel%2F..%2F_emulator/state', '/../../etc/passwd', '/%zz', '/channel/%00/template/x', `/channel/${CHANNEL}/template/${randomUUID()}/..`, '//_emulator//clock', 'http://evil.example/_emulator/state', '*']), [`apiKey: ${KEY}`])],
  ['control without or with a wrong token', () => pick([
    head('GET', '/_emulator/state', []), head('POST', '/_emulator/faults', ['content-type: application/json', 'authorization: Bearer nope'], '{"errorRate":1}'),
    head('POST', '/_emulator/clock', ['content-type: application/json'], '{"advanceMs":1e400}'),
  ])],
  ['control values out of range', () => head('POST', pick(['/_emulator/clock', '/_emulator/faults']), ['content-type: application/json', `authorization: Bearer ${TOKEN}`],
    pick(['{"advanceMs":1e400}', '{"advanceMs":-1}', '{"advanceMs":"x"}', '{"latencyMs":1e308}', '{"jitterMs":-3}', '{"errorRate":2}', '{"seed":0.5}', '{"operations":["x"]}', 'null', '[]', '{"nope":1}', '{']))],
  ['not JSON', () => post(tpl(), pick(['{', 'nul', '{"a":1,}', garbage(100), '\uFEFF{}']))],
  ['deeply nested JSON', () => post(pick([tpl(), `/channel/${CHANNEL}/conversation`]), `${'['.repeat(1000 + int(9000))}${']'.repeat(500)}`)],
  ['JSON of the wrong shape', () => post(tpl(), pick(['{}', '[]', '1e400', '"x"', JSON.stringify({ name: 'x'.repeat(10_000), chatapp: {} }), JSON.stringify({ __proto__: { admin: true }, name: 'x' }), goodBody.replace('BODY', 'B\u0000DY')]))],
  ['body over 1 MiB', () => post(tpl(), `{"name":"${'x'.repeat(1024 * 1024 + int(1024 * 1024))}"}`)],
  ['wrong content type', () => head('POST', tpl(), [`apiKey: ${KEY}`, `content-type: ${pick(['text/plain', 'application/jsonx', 'multipart/form-data; boundary=x', ''])}`], goodBody)],
  ['no key, wrong key', () => head('GET', tpl(), pick([[], ['apiKey: '], ['apiKey: wrong'], [`apiKey: ${KEY}x`]]))],
  ['odd methods', () => head(pick(['CONNECT', 'OPTIONS', 'TRACE', 'DELETE', 'PATCH', 'PUT', 'PROPFIND', 'HEAD']), pick([tpl(), 'example.com:443', '/_emulator/health', '*']), [`apiKey: ${KEY}`])],
  ['bad ids and queries', () => head('GET', pick([`/channel/x/template/${randomUUID()}`, `/chatapp-message-status/${randomUUID()}?limit=${pick(['0', '-1', '1e9', 'NaN', '%ff'])}`, `/chatapp-message-status/${randomUUID()}?cursor=${garbage(50).replace(/[^\w]/g, '')}`, `/chatapp-message-status/not-a-uuid`]), [`apiKey: ${KEY}`])],
  ['doubled Host, Content-Type or Content-Length', () => pick([
    `GET ${tpl()} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\napiKey: ${KEY}\r\n\r\n`,
    `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\n{}`,
    `POST ${tpl()} HTTP/1.1\r\nHost: x\r\napiKey: ${KEY}\r\ncontent-type: application/json\r\ncontent-length: 2\r\ncontent-length: 2\r\n\r\n{}`,
  ])],
  ['Expect and Upgrade', () => pick([
    post(tpl(), goodBody, ['expect: 200-ok']),
    head('GET', tpl(), [`apiKey: ${KEY}`, 'connection: upgrade', 'upgrade: websocket']),
    head('GET', tpl(), [`apiKey: ${KEY}`, 'connection: upgrade, http2-settings', 'upgrade: h2c', 'http2-settings: AAMAAABkAAQAAP__']),
  ])],
  ['conversation oddities', () => post(`/channel/${CHANNEL}/conversation`, pick([
    JSON.stringify({ clientMessageId: randomUUID(), messages: [] }),
    JSON.stringify({ clientMessageId: 'x', messages: [{ receiver: '+491', type: 'text', data: { message: 'm' } }] }),
    JSON.stringify({ clientMessageId: randomUUID(), messages: [{ receiver: '+491', type: 'text', data: { message: 'm' }, suggestions: [{ action: 'open_url', text: 'go', postbackData: 'javascript:alert(1)' }] }] }),
  ]))],
];

interface Outcome { kind: '2xx' | '4xx' | '5xx' | 'other' | 'reset'; status?: number; json?: boolean }

function send(port: number, payload: string | { chunks: string[]; pauseMs: number }): Promise<Outcome> {
  return new Promise((resolve) => {
    let text = '';
    let done = false;
    const finish = (o: Outcome) => { if (!done) { done = true; clearTimeout(guard); s.destroy(); resolve(o); } };
    const classify = (): Outcome => {
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m) return { kind: 'reset' };
      const status = Number(m[1]);
      // an error answer carries its JSON body ({"code": status, "message", "errors"}): schema/openapi.yaml
      const body = text.slice(text.indexOf('\r\n\r\n') + 4);
      let json = false;
      try { json = (JSON.parse(body) as { code?: unknown }).code === status; } catch { /* not JSON */ }
      return { kind: status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 200 && status < 300 ? '2xx' : 'other', status, json };
    };
    const isHead = typeof payload === 'string' && payload.startsWith('HEAD ');
    const s = connect(port, '127.0.0.1', async () => {
      if (typeof payload === 'string') { if (payload) s.write(payload, 'latin1'); return; }
      for (const c of payload.chunks) { if (done || s.destroyed) return; s.write(c); await new Promise((r) => setTimeout(r, payload.pauseMs)); }
    });
    s.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      // one answer is enough: a status line, its headers and the body they announce
      const end = text.indexOf('\r\n\r\n');
      if (!/^HTTP\/1\.1 \d{3}/.test(text) || end < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (isHead || Buffer.byteLength(text.slice(end + 4), 'latin1') >= length) finish(classify());
    });
    s.on('error', () => finish(classify()));
    s.on('close', () => finish(classify()));
    // a guard well beyond the emulator's own time-outs: an answer that never comes counts as a reset
    const guard = setTimeout(() => finish(classify()), 15_000);
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-malformed-'));
const proc = spawn('node', [path.join(ROOT, 'bin', 'tplsync.cjs'), 'emulator', '--port', '0', '--key', KEY, '--control-token', TOKEN,
  '--headers-timeout', '500', '--request-timeout', '1000', '--data', path.join(dir, 'emu.json'), '--review-delay', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
let crashes = 0;
let ending = false;
let stderr = '';
proc.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
proc.once('exit', (code, signal) => { if (ending) return; crashes++; console.error(`the emulator exited (${code ?? signal})`); });
const url = await new Promise<string>((resolve, reject) => {
  proc.stdout!.on('data', (d: Buffer) => { const m = /listening on (\S+)/.exec(d.toString()); if (m) resolve(m[1]!); });
  proc.once('exit', () => reject(new Error('the emulator did not start')));
});
const port = Number(new URL(url).port);
const counts = { sent: 0, '2xx': 0, '4xx': 0, '5xx': 0, other: 0, reset: 0, errorsWithoutJson: 0 };
const withoutJson = new Map<string, number>();
const byKind = new Map<string, Record<string, number>>();
const t0 = Date.now();
const deadline = t0 + SECONDS * 1000;
let next = 0;
await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
  while (next < COUNT && Date.now() < deadline && crashes === 0) {
    next++;
    const [name, gen] = generators[int(generators.length)]!;
    const payload = gen();
    const o = await send(port, payload);
    counts.sent++;
    counts[o.kind]++;
    // a HEAD answer has no body by definition
    if ((o.kind === '4xx' || o.kind === '5xx') && !o.json && !(typeof payload === 'string' && payload.startsWith('HEAD '))) {
      counts.errorsWithoutJson++;
      withoutJson.set(`${name} (${o.status})`, (withoutJson.get(`${name} (${o.status})`) ?? 0) + 1);
    }
    const k = byKind.get(name) ?? {};
    const label = o.status ? String(o.status) : o.kind;
    k[label] = (k[label] ?? 0) + 1;
    byKind.set(name, k);
  }
}));
const seconds = (Date.now() - t0) / 1000;
// still serving: a valid write and a read
let healthy = false;
if (crashes === 0) {
  const id = randomUUID();
  const w = await fetch(`${url}/channel/${CHANNEL}/template/${id}`, { method: 'POST', headers: { apiKey: KEY, 'content-type': 'application/json' }, body: goodBody });
  const r = await fetch(`${url}/channel/${CHANNEL}/template/${id}`, { headers: { apiKey: KEY } });
  healthy = w.status === 200 && r.status === 200;
}
ending = true;
proc.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });
for (const [name, k] of [...byKind].sort()) console.log(`  ${name.padEnd(38)} ${Object.entries(k).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
console.log(`error answers without their JSON body: ${counts.errorsWithoutJson}${withoutJson.size ? ` (${[...withoutJson].map(([k, n]) => `${k}: ${n}`).join('; ')})` : ''}`);
console.log(`requests sent ${counts.sent} in ${seconds.toFixed(1)} s (${CONCURRENCY} at a time, seed ${arg('seed', 1)}): answered 2xx ${counts['2xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']}, other ${counts.other}; closed without an answer (resets) ${counts.reset}; crashes ${crashes}; afterwards a valid write and read ${healthy ? 'succeed' : 'FAIL'}`);
if (/emulator (error|bug)/.test(stderr)) console.log(`emulator stderr:\n${stderr.slice(0, 2000)}`);
process.exitCode = crashes === 0 && healthy && counts['5xx'] === 0 && counts.errorsWithoutJson === 0 ? 0 : 1;
