// Behind an egress proxy (a self-hosted CI runner, a company laptop): the API is reached through
// the proxy HTTPS_PROXY / HTTP_PROXY name, unless NO_PROXY excludes its host; a loopback baseUrl
// (the emulator) never through one. Real things: a forward proxy of the test's own on 127.0.0.1
// that tunnels CONNECT and forwards plain http, recording what it saw, in front of the emulator
// (and, for https, a TLS server with a certificate made for the test); a proxy that never answers a
// CONNECT. The API key never reaches the proxy through an https tunnel, and the proxy's credentials
// never reach tplsync's output.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import { createClient } from '../src/api/client.ts';
import { UnavailableError } from '../src/api/errors.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cli, cliIn, refusedUrl, tempDir, underGc, writeFiles } from './helpers.ts';

const CANARY = `canary-${randomUUID()}`;
const PROXY_USER = 'proxyuser-7f3a';
const PROXY_PASS = 'proxypass-99-secret';
const API_HOST = 'api.example.invalid';

interface ProxyLog {
  /** CONNECT host:port, and the request's head as the proxy read it */
  tunnels: { target: string; head: string }[];
  /** plain http forwarded: the request line and headers */
  forwarded: { target: string; head: string }[];
  /** every byte the client sent through a tunnel */
  tunnelBytes: Buffer[];
}

/**
 * A forward proxy on 127.0.0.1 (a random port): CONNECT opens a tunnel, an absolute-URI request is
 * forwarded; `upstream` maps the host:port asked for to the local server that plays it (else 502).
 * With `credentials`, a request without them is answered 407. Closing it ends every connection.
 */
async function startProxy(upstream: (target: string) => number | undefined, credentials?: string): Promise<{ url: (auth?: string) => string; log: ProxyLog; close(): Promise<void> }> {
  const log: ProxyLog = { tunnels: [], forwarded: [], tunnelBytes: [] };
  const sockets = new Set<Socket>();
  const head = (req: IncomingMessage): string => `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${req.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join('')}`;
  const authorised = (req: IncomingMessage): boolean => !credentials || req.headers['proxy-authorization'] === `Basic ${Buffer.from(credentials).toString('base64')}`;
  const server = createServer((req, res) => {
    const target = new URL(req.url!);
    const hostPort = `${target.hostname}:${target.port || 80}`;
    log.forwarded.push({ target: hostPort, head: head(req) });
    if (!authorised(req)) { res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }); res.end(); return; }
    const port = upstream(hostPort);
    if (port === undefined) { res.writeHead(502); res.end(); return; }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const up = httpRequest({ host: '127.0.0.1', port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (r) => { res.writeHead(r.statusCode ?? 502, r.headers); r.pipe(res); });
    up.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(up);
  });
  server.on('connection', (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  server.on('connect', (req: IncomingMessage, client: Socket, first: Buffer) => {
    log.tunnels.push({ target: req.url!, head: head(req) });
    if (!authorised(req)) { client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n'); return; }
    const port = upstream(req.url!);
    if (port === undefined) { client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'); return; }
    const up = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (first.length) { log.tunnelBytes.push(first); up.write(first); }
      client.on('data', (d: Buffer) => log.tunnelBytes.push(d));
      client.pipe(up).pipe(client);
    });
    sockets.add(up);
    up.on('close', () => sockets.delete(up));
    up.on('error', () => client.destroy());
    client.on('error', () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (auth) => `http://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    log,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

const closeServer = (s: Server): Promise<void> => new Promise<void>((r) => { s.close(() => r()); });

let emu: RunningEmulator;
let emuPort: number;
test.before(async () => {
  emu = await startEmulator({ keys: [CANARY], reviewDelayMs: 0, statusDelayMs: 0 });
  emuPort = Number(new URL(emu.url).port);
});
test.after(async () => { await emu.close(); });

/** a project of two templates whose environment `dev` has `baseUrl` (its key from MY_KEY) */
function project(baseUrl: string, extra = ''): string {
  const dir = tempDir('tplsync-proxy-');
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${baseUrl}\n    apiKeyEnv: MY_KEY\n    retries: 0\n${extra}    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
    'templates/a.yaml': templateText(0).replace('template_0', `p0_${randomUUID().slice(0, 6)}`),
    'templates/b.yaml': templateText(1).replace('template_1', `p1_${randomUUID().slice(0, 6)}`),
  });
  return dir;
}

/** no proxy variable of the test process's own reaches a run, but those it is given */
const NO_PROXY_VARS = { HTTPS_PROXY: undefined, https_proxy: undefined, HTTP_PROXY: undefined, http_proxy: undefined, NO_PROXY: undefined, no_proxy: undefined };
const noCredentials = (text: string, what: string): void => {
  for (const s of [PROXY_USER, PROXY_PASS, Buffer.from(`${PROXY_USER}:${PROXY_PASS}`).toString('base64')]) assert.not.ok(text.includes(s), `${what} holds the proxy's credentials: ${text}`);
};

test('http:// to a name only the proxy reaches: through HTTP_PROXY with its credentials, which no output shows', async () => {
  const proxy = await startProxy((t) => (t === `${API_HOST}:80` ? emuPort : undefined), `${PROXY_USER}:${PROXY_PASS}`);
  const dir = project(`http://${API_HOST}`, '    allowInsecureHttp: true\n');
  try {
    const env = { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTP_PROXY: proxy.url(`${PROXY_USER}:${PROXY_PASS}`) };
    const r = await cliIn(['plan', '--debug'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /2 to create/);
    const through = [...proxy.log.tunnels, ...proxy.log.forwarded];
    assert.ok(through.length >= 1 && through.every((x) => x.target === `${API_HOST}:80`), JSON.stringify(through));
    // the proxy had the credentials, as Proxy-Authorization
    assert.ok(through.every((x) => x.head.includes(`Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASS}`).toString('base64')}`)), JSON.stringify(through));
    // --debug names the proxy, never its credentials
    assert.match(r.stderr, new RegExp(`tplsync: http GET /channel/\\S+ -> ok \\d+ ms \\(through the proxy 127\\.0\\.0\\.1:\\d+\\)`));
    noCredentials(r.stdout + r.stderr, 'plan --debug');
    // lower-case http_proxy too (as curl reads it)
    const before = proxy.log.tunnels.length + proxy.log.forwarded.length;
    const lower = await cliIn(['plan'], { cwd: dir, env: { ...env, HTTP_PROXY: undefined, http_proxy: proxy.url(`${PROXY_USER}:${PROXY_PASS}`) } });
    assert.is(lower.exitCode, 0, lower.stderr);
    assert.ok(proxy.log.tunnels.length + proxy.log.forwarded.length > before);
  } finally { cleanup(dir); await proxy.close(); }
});

test('NO_PROXY excludes the host: direct, and a failed connection says the proxy was not used and why', async () => {
  const proxy = await startProxy((t) => (t === `${API_HOST}:80` ? emuPort : undefined));
  const dir = project(`http://${API_HOST}`, '    allowInsecureHttp: true\n');
  try {
    for (const noProxy of [{ NO_PROXY: `localhost,.example.invalid` }, { no_proxy: 'example.invalid' }]) {
      const r = await cliIn(['plan'], { cwd: dir, env: { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTP_PROXY: proxy.url(`${PROXY_USER}:${PROXY_PASS}`), ...noProxy } });
      assert.is(r.exitCode, 7, r.stderr);
      const [name, entry] = Object.entries(noProxy)[0]!;
      assert.match(r.stderr, `HTTP_PROXY is set, but ${name} (its entry '${entry.split(',').pop()}') excludes ${API_HOST}, so tplsync connected directly`);
      noCredentials(r.stderr, 'the error');
    }
    assert.equal([...proxy.log.tunnels, ...proxy.log.forwarded], [], 'nothing went through the proxy');
    // an https:// proxy variable is not read for http:// (as curl): said when the connection fails
    const other = await cliIn(['plan'], { cwd: dir, env: { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTPS_PROXY: proxy.url() } });
    assert.is(other.exitCode, 7, other.stderr);
    assert.match(other.stderr, 'HTTPS_PROXY is set, but it is read for https:// addresses only (as curl reads it), so tplsync connected directly: set HTTP_PROXY for this http:// baseUrl');
  } finally { cleanup(dir); await proxy.close(); }
});

test('a loopback baseUrl (the emulator) never goes through the proxy, even with a proxy variable that is no URL', async () => {
  const proxy = await startProxy(() => emuPort);
  const dir = project(emu.url);
  try {
    const r = await cliIn(['plan'], { cwd: dir, env: { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTP_PROXY: proxy.url(), HTTPS_PROXY: proxy.url(), http_proxy: '::not a url::' } });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal([...proxy.log.tunnels, ...proxy.log.forwarded], []);
  } finally { cleanup(dir); await proxy.close(); }
});

test('the proxy failing: nothing answers there, it wants credentials, it refuses the host, its variable is no URL; each said with host:port, never the credentials', async () => {
  const proxy = await startProxy((t) => (t === `${API_HOST}:80` ? emuPort : undefined), `${PROXY_USER}:right-one`);
  const dir = project(`http://${API_HOST}`, '    allowInsecureHttp: true\n');
  const elsewhere = project('http://elsewhere.example.invalid', '    allowInsecureHttp: true\n');
  try {
    const withProxy = (url: string, cwd = dir) => cliIn(['plan'], { cwd, env: { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTP_PROXY: url } });
    const refused = new URL(await refusedUrl());
    const down = await withProxy(`http://${PROXY_USER}:${PROXY_PASS}@${refused.host}`);
    assert.is(down.exitCode, 7, down.stderr);
    assert.match(down.stderr, `network error ECONNREFUSED (${API_HOST}:80 through the proxy ${refused.host} of HTTP_PROXY)`);
    assert.match(down.stderr, `nothing answers at the proxy ${refused.host} of HTTP_PROXY: check HTTP_PROXY, or that the proxy runs`);
    noCredentials(down.stderr, 'proxy down');
    const wrong = await withProxy(proxy.url(`${PROXY_USER}:${PROXY_PASS}`));
    assert.is(wrong.exitCode, 3, wrong.stderr);
    assert.match(wrong.stderr, /the proxy 127\.0\.0\.1:\d+ of HTTP_PROXY asks for credentials \(407 Proxy Authentication Required\) and did not take those in the variable: give them in HTTP_PROXY as http:\/\/user:password@127\.0\.0\.1:\d+/);
    noCredentials(wrong.stderr, 'a 407');
    const blocked = await withProxy(proxy.url(`${PROXY_USER}:right-one`), elsewhere);
    assert.match(blocked.stderr, /the proxy 127\.0\.0\.1:\d+ of HTTP_PROXY answered 502 to the request for a tunnel to elsewhere\.example\.invalid:80/);
    const broken = await withProxy(`http://${PROXY_USER}:${PROXY_PASS}@[not-a-host`);
    assert.is(broken.exitCode, 3, broken.stderr);
    assert.match(broken.stderr, 'HTTP_PROXY is set, but its value is not a proxy URL (its value is not shown: it may hold a password)');
    noCredentials(broken.stderr, 'a broken variable');
  } finally { cleanup(dir); cleanup(elsewhere); await proxy.close(); }
});

test('https:// through a CONNECT tunnel (a child process, its CA from NODE_EXTRA_CA_CERTS): it succeeds, and the proxy never sees the key', async () => {
  const dir = project(`https://${API_HOST}`);
  // a certificate for the API's name, made for this run (openssl: CONTRIBUTING.md, "What to install")
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${API_HOST}`, '-addext', `subjectAltName=DNS:${API_HOST}`, '-keyout', key, '-out', cert], { stdio: 'pipe' });
  } catch (e) { cleanup(dir); throw new Error(`openssl could not make the test's certificate (install openssl): ${(e as Error).message}`); }
  // the API's TLS end: what comes out of the tunnel, decrypted, to the emulator
  const tls = createTlsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (s) => {
    const up = connect(emuPort, '127.0.0.1');
    s.pipe(up).pipe(s);
    s.on('error', () => up.destroy());
    up.on('error', () => s.destroy());
  });
  const tlsSockets = new Set<Socket>();
  tls.on('connection', (s: Socket) => { tlsSockets.add(s); s.on('close', () => tlsSockets.delete(s)); });
  await new Promise<void>((r) => tls.listen(0, '127.0.0.1', r));
  const tlsPort = (tls.address() as AddressInfo).port;
  const proxy = await startProxy((t) => (t === `${API_HOST}:443` ? tlsPort : undefined), `${PROXY_USER}:${PROXY_PASS}`);
  try {
    const env = { ...NO_PROXY_VARS, MY_KEY: CANARY, HTTPS_PROXY: proxy.url(`${PROXY_USER}:${PROXY_PASS}`), NODE_EXTRA_CA_CERTS: cert };
    const r = await cli(['plan', '--debug'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /2 to create/);
    assert.ok(proxy.log.tunnels.length >= 1, 'a tunnel was opened');
    assert.equal(proxy.log.forwarded, []);
    for (const t of proxy.log.tunnels) {
      assert.is(t.target, `${API_HOST}:443`);
      assert.not.ok(t.head.toLowerCase().includes('apikey'), t.head);
    }
    // what the proxy saw, headers and tunnelled bytes: never the key
    const seen = Buffer.concat([Buffer.from(proxy.log.tunnels.map((t) => t.head).join('')), ...proxy.log.tunnelBytes]).toString('latin1');
    assert.ok(seen.length > 200, 'the tunnel carried the requests');
    assert.not.ok(seen.includes(CANARY), 'the key went through the proxy in the clear');
    noCredentials(r.stdout + r.stderr, 'plan --debug through the tunnel');
    // no warning of Node's or undici's (EnvHttpProxyAgent's "experimental" is not used)
    assert.not.match(r.stderr, /warning|experimental/i);
    // without the CA the child does not trust the API's certificate: said, with the proxy and the variable to set
    const untrusted = await cli(['plan'], { cwd: dir, env: { ...env, NODE_EXTRA_CA_CERTS: undefined } });
    assert.is(untrusted.exitCode, 7, untrusted.stderr);
    assert.match(untrusted.stderr, /through the proxy 127\.0\.0\.1:\d+ of HTTPS_PROXY, the API's TLS certificate was not trusted: .*NODE_EXTRA_CA_CERTS/);
    noCredentials(untrusted.stderr, 'an untrusted certificate');
  } finally {
    await proxy.close();
    for (const s of tlsSockets) s.destroy();
    await closeServer(tls);
    cleanup(dir);
  }
});

test('comment posts to GitHub through the proxy too (GITHUB_API_URL on a name only the proxy reaches)', async () => {
  const TOKEN = `ghs_canary${randomUUID().replace(/-/g, '')}`;
  const posted: string[] = [];
  const github = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    res.writeHead(req.headers.authorization === `Bearer ${TOKEN}` ? (req.method === 'POST' ? 201 : 200) : 401, { 'content-type': 'application/json' });
    if (req.method === 'POST') posted.push(raw);
    res.end(req.method === 'POST' ? JSON.stringify({ id: 5, body: JSON.parse(raw).body, html_url: 'https://github.example/c/5' }) : '[]');
  });
  await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
  const ghPort = (github.address() as AddressInfo).port;
  const proxy = await startProxy((t) => (t === 'github.example.invalid:80' ? ghPort : undefined), `${PROXY_USER}:${PROXY_PASS}`);
  const dir = tempDir('tplsync-proxy-comment-');
  try {
    writeFiles(dir, { 'plan.md': '## tplsync plan: production\n\n1 to create\n' });
    const env = { ...NO_PROXY_VARS, GITHUB_TOKEN: TOKEN, GITHUB_API_URL: 'http://github.example.invalid', GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: undefined, HTTP_PROXY: proxy.url(`${PROXY_USER}:${PROXY_PASS}`) };
    const r = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '7', '--allow-insecure-http'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^created comment 5/);
    assert.is(posted.length, 1);
    assert.ok([...proxy.log.tunnels, ...proxy.log.forwarded].every((x) => x.target === 'github.example.invalid:80') && proxy.log.tunnels.length + proxy.log.forwarded.length >= 1);
    const down = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '7', '--allow-insecure-http'], { cwd: dir, env: { ...env, HTTP_PROXY: `http://${PROXY_USER}:${PROXY_PASS}@${new URL(await refusedUrl()).host}` } });
    assert.is(down.exitCode, 7, down.stderr);
    assert.match(down.stderr, /network error ECONNREFUSED \(github\.example\.invalid:80 through the proxy 127\.0\.0\.1:\d+ of HTTP_PROXY\)/);
    noCredentials(r.stdout + r.stderr + down.stderr, 'comment');
  } finally { cleanup(dir); await proxy.close(); await closeServer(github); }
});

test('a proxy that takes the connection and never answers the CONNECT: each attempt ends at timeoutMs, naming the proxy, and its connections are closed', async () => {
  // a TCP server that reads and says nothing (no proxy of startProxy's: it answers every CONNECT)
  const sockets = new Set<Socket>();
  const heads: string[] = [];
  let allClosed: (() => void) | undefined;
  let connectCame!: () => void;
  const aConnect = new Promise<void>((r) => { connectCame = r; });
  // (the connections a CONNECT came on: one that carried none is undici's spare, idle and holding no process)
  const silent = createNetServer((s) => {
    s.once('data', () => { sockets.add(s); s.on('close', () => { sockets.delete(s); if (!sockets.size) allClosed?.(); }); });
    s.on('data', (d: Buffer) => { heads.push(d.toString('latin1')); connectCame(); });
    s.on('error', () => undefined);
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  try {
    const proxyUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const client = createClient({
      baseUrl: `https://${API_HOST}`, apiKey: CANARY, timeoutMs: 300, retries: 1, backoffBaseMs: 1, backoffCapMs: 2,
      stopSignal: new AbortController().signal, proxyEnv: { HTTPS_PROXY: proxyUrl },
    });
    let error: unknown;
    // awaited while the garbage collector runs: the attempt's time-out must not be a signal a collection can lose
    try { await underGc(client.getTemplate(CHANNEL_A, randomUUID())); } catch (e) { error = e; }
    assert.instance(error, UnavailableError, String(error));
    assert.match((error as Error).message, new RegExp(`no answer within 300 ms \\(${API_HOST.replace(/\./g, '\\.')}:443 through the proxy 127\\.0\\.0\\.1:\\d+ of HTTPS_PROXY\\) \\(gave up after 2 attempts\\)`));
    // (a CONNECT is the proxy agent's own request, which an attempt's end does not stop: it reaches the proxy, if later on a loaded machine)
    await underGc(aConnect);
    assert.ok(heads.every((h) => h.startsWith(`CONNECT ${API_HOST}:443 `)), heads.join('\n'));
    // the CONNECTs are not left waiting (undici's own 300 s): their connections closed by the client, which leaves nothing to hold a process
    await underGc(new Promise<void>((r) => { if (!sockets.size) r(); else allClosed = r; }));
  } finally { for (const s of sockets) s.destroy(); silent.close(); }
});

test.run();
