// The key never leaves: a redirect is not followed (the other host gets neither the key nor a
// body), a server echoing the key in another case, cut, or in an HTML page gets none of its
// 8-character runs printed, and a key inside template content never reaches a pulled file or a
// preview page; GitHub's 200 that is not JSON is an answer, not a crash; the emulator refuses
// ambiguous requests with a JSON error.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { fromFile, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = `Canary${randomUUID().replace(/-/g, '')}Key`;
/** whether any 8-character run of the key, in any case, is in the text */
const leaks = (text: string): boolean => {
  const t = text.toLowerCase();
  const k = KEY.toLowerCase();
  for (let i = 0; i + 8 <= k.length; i++) if (t.includes(k.slice(i, i + 8))) return true;
  return false;
};
const listen = async (s: Server) => { await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok)); return `http://127.0.0.1:${(s.address() as AddressInfo).port}`; };
const config = (url: string) => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${url}\n    apiKeyEnv: NET_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;

test('a redirect is not followed: the other host gets no key and no body; the error and --debug name where it pointed', async () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const other = createServer((req, res) => { let b = ''; req.on('data', (d) => { b += d; }); req.on('end', () => { received.push({ headers: req.headers, body: b }); res.writeHead(200, { 'content-type': 'application/json' }); res.end('{}'); }); });
  const otherUrl = await listen(other);
  const api = createServer((req, res) => { req.resume(); res.writeHead(307, { location: `${otherUrl}${req.url}` }); res.end(); });
  const dir = tempDir('tplsync-redirect-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(await listen(api)), 'templates/order_ready.en_US.yaml': VALID });
    for (const args of [['plan'], ['apply', '--auto-approve'], ['plan', '--debug'], ['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--text', 'hi']]) {
      const r = await cliIn(args, { cwd: dir, env: { NET_KEY: KEY } });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, `a redirect to ${otherUrl}/`);
      if (args.includes('--debug')) assert.match(r.stderr, /-> RedirectError 307 \(redirect to http:\/\/127\.0\.0\.1:\d+\/[^)]*, not followed\)/);
      assert.not.ok(leaks(r.stdout + r.stderr));
    }
    assert.equal(received, [], 'nothing reached the other host');
  } finally { cleanup(dir); api.close(); other.close(); }
});

test('a listing path that leads to another host or above the baseUrl is refused before any request (exit 3): the other host gets nothing', async () => {
  const hits: string[] = [];
  const other = createServer((req, res) => { hits.push(`${req.url} ${req.headers.authorization ?? ''}`); res.end('{}'); });
  const otherUrl = await listen(other);
  const api = createServer((req, res) => { hits.push(`api ${req.url}`); res.end('{}'); });
  const apiUrl = await listen(api);
  const dir = tempDir();
  try {
    const host = new URL(otherUrl).host;
    // a path the config's schema refuses (starting //), and two it lets through that the URL parser still reads as another host or a path above the base
    for (const [listPath, refusedBy] of [[`///${host}/channel/{channelId}/templates`, /list\.path: '\/\/\/[^']*' must be a path under the baseUrl, starting with one \/ and holding \{channelId\}/], [`/\t//${host}/channel/{channelId}/templates`, new RegExp(`leads out of the baseUrl \\(to http://${host.replace(/\./g, '\\.')}/channel/`)], ['/../../elsewhere/{channelId}', /leads out of the baseUrl/]] as const) {
      writeFiles(dir, { 'tplsync.config.yaml': config(`${apiUrl}/api/`).replace('    channels:', `    list: { path: ${JSON.stringify(listPath)}, items: templates, id: publicId }\n    channels:`), 'templates/t.yaml': VALID });
      const r = await cliIn(['plan', '--orphans'], { cwd: dir, env: { NET_KEY: KEY } });
      assert.is(r.exitCode, 3, r.stdout + r.stderr);
      assert.match(r.stderr, refusedBy);
      assert.equal(hits.filter((h) => !h.startsWith('api ')), [], 'the other host got no request');
      assert.not.ok(leaks(r.stdout + r.stderr));
    }
  } finally { cleanup(dir); other.close(); api.close(); }
});

test('an answer larger than 64 MiB (declared or streamed) or nested without end is refused unread: exit 70 naming the server as at fault, never a crash', async () => {
  let mode = '';
  let streamed = 0;
  const server = createServer((_req, res) => {
    if (mode === 'declared') { res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(65 * 2 ** 20) }); res.end(); return; }
    if (mode === 'streamed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(2 ** 20, 0x20);
      const go = (): void => { while (streamed < 80) { streamed++; if (!res.write(chunk)) { res.once('drain', go); return; } } res.end('{}'); };
      res.on('error', () => undefined);
      go();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
  });
  const url = await listen(server);
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(url).replace('    channels:', '    retries: 0\n    channels:'), 'templates/t.yaml': VALID });
    for (const [m, said] of [['declared', /larger than 64 MiB/], ['streamed', /larger than 64 MiB/], ['deep', /nested deeper than 64 levels/]] as const) {
      mode = m;
      const r = await cliIn(['plan'], { cwd: dir, env: { NET_KEY: KEY } });
      assert.is(r.exitCode, 70, r.stderr);
      // the template whose read broke the contract is held with what was wrong; the run says the service is at fault
      assert.match(r.stdout, said);
      assert.match(r.stdout, /held[\s\S]*its read broke the API's contract/);
      assert.match(r.stderr, /the channel's answer for 1 template broke the API's contract[\s\S]*take it up with the service/);
      assert.not.match(r.stdout + r.stderr, /This is a bug in tplsync|Maximum call stack/);
    }
    assert.ok(streamed < 80, 'the streamed answer was not read to its end');
  } finally { cleanup(dir); server.close(); }
});

test('echoes of the key in another case, cut, or inside an HTML page: no run of it is printed', async () => {
  let n = 0;
  const api = createServer((req, res) => {
    const key = String(req.headers.apikey ?? '');
    req.resume();
    const echoes = [key.toLowerCase(), key.slice(5, 30), key.toUpperCase().slice(2)];
    const echo = echoes[n++ % echoes.length]!;
    if (n % 2) { res.writeHead(400, { 'content-type': 'application/json' }); res.end(JSON.stringify({ code: 400, message: `invalid credential ${echo}` })); }
    else { res.writeHead(400, { 'content-type': 'text/html' }); res.end(`<html><body>bad key ${echo}</body></html>`); }
  });
  const dir = tempDir('tplsync-echo-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(await listen(api)), 'templates/order_ready.en_US.yaml': VALID });
    const outs: string[] = [];
    for (let i = 0; i < 3; i++) {
      for (const args of [['plan', '--debug'], ['status', randomUUID()], ['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--text', 'hi'], ['plan', '--format', 'json', '--output', 'plan.json']]) {
        const r = await cliIn(args, { cwd: dir, env: { NET_KEY: KEY } });
        outs.push(r.stdout + r.stderr);
      }
    }
    assert.ok(outs.some((o) => o.includes('[redacted]')), 'the server\'s words are shown, redacted');
    for (const o of outs) assert.not.ok(leaks(o), o);
  } finally { cleanup(dir); api.close(); }
});

test('a key the server returns inside a template: pull and preview --changes write no run of it', async () => {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-content-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(emu.url), 'templates/order_ready.en_US.yaml': VALID });
    // the channel's copy of order_ready quotes the key (someone pasted it into the console)
    const id = templateId(CHANNEL_A, 'order_ready', 'en_US');
    const t = { channel: 'shop-whatsapp', name: 'order_ready', language: 'en_US', category: 'UTILITY', body: { text: `Hello {{1}}, use ${KEY.toLowerCase()} at the store.`, examples: { 1: 'Ana' } } };
    const other = templateId(CHANNEL_A, 'pasted', 'en_US');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY });
    await client.writeTemplate(CHANNEL_A, id, toWriteBody(fromFile(t, CHANNEL_A, id).canonical));
    await client.writeTemplate(CHANNEL_A, other, toWriteBody(fromFile({ ...t, name: 'pasted' }, CHANNEL_A, other).canonical));
    // pull does not write that template: its file would hold the key, or [redacted] in its place
    const pull = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', other, '--dir', 'pulled'], { cwd: dir, env: { NET_KEY: KEY } });
    assert.is(pull.exitCode, 1, pull.stdout + pull.stderr);
    assert.match(pull.stderr, /pasted\/en_US \(\S+\) not written to pulled\/pasted\.en_US\.yaml: the channel's copy holds text that tplsync masks as a secret/);
    const changes = await cliIn(['preview', '--changes', '--out', 'changes'], { cwd: dir, env: { NET_KEY: KEY } });
    assert.is(changes.exitCode, 0, changes.stdout + changes.stderr);
    const written = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile() && /^(pulled|changes)\//.test(f));
    assert.ok(!written.some((f) => f.startsWith('pulled/')) && written.some((f) => f.startsWith('changes/')), written.join(', '));
    for (const f of written) assert.not.ok(leaks(readFileSync(path.join(dir, f), 'utf8')), `${f} holds a run of the key`);
  } finally { cleanup(dir); await emu.close(); }
});

test('comment: GitHub answering 200 with a page that is not JSON is exit 7 with what it got, not a crash', async () => {
  const gh = createServer((req, res) => { req.resume(); res.writeHead(200, { 'content-type': 'text/html' }); res.end('<html>login</html>'); });
  const dir = tempDir('tplsync-gh-');
  try {
    writeFiles(dir, { 'plan.md': '## plan\n' });
    const r = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '7'], { cwd: dir, env: { GITHUB_TOKEN: 'ghs_0123456789abcdef', GITHUB_API_URL: await listen(gh), GITHUB_REPOSITORY: 'acme/shop' } });
    assert.is(r.exitCode, 7, r.stdout + r.stderr);
    assert.match(r.stderr, 'the answer is not JSON');
  } finally { cleanup(dir); gh.close(); }
});

/** a raw HTTP/1.1 request, and the status line and body of its answer */
function rawRequest(url: string, request: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(port), '127.0.0.1', () => s.end(request));
    let data = '';
    s.on('data', (d) => { data += d; });
    s.on('error', reject);
    s.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1]), body: data.slice(data.indexOf('\r\n\r\n') + 4) }));
  });
}

test('the emulator refuses a doubled Host, Content-Type or Content-Length, and an Expect it cannot meet, with a JSON error', async () => {
  const emu = await startEmulator({ keys: ['k1'] });
  try {
    const target = `/channel/${CHANNEL_A}/template/${randomUUID()}`;
    const cases = [
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\napiKey: k1\r\nConnection: close\r\n\r\n`,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\napiKey: k1\r\nContent-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\napiKey: k1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\napiKey: k1\r\nContent-Type: application/json\r\nExpect: 200-ok\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    ];
    for (const req of cases) {
      const r = await rawRequest(emu.url, req);
      assert.ok(r.status >= 400 && r.status < 500, `${r.status} for ${req.split('\r\n').slice(0, 5).join(' | ')}`);
      const body = JSON.parse(r.body) as { code: number; message: string; errors: unknown[] };
      assert.is(body.code, r.status);
      assert.ok(body.message.length > 0 && Array.isArray(body.errors));
    }
  } finally { await emu.close(); }
});

test.run();
