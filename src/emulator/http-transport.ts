// Effects: the emulator's HTTP transport on loopback. It bounds what a client can make it do:
// headers must arrive within `headersTimeoutMs`, a whole request within `requestTimeoutMs`, a
// body is at most MAX_BODY_BYTES (larger ones get a 413 with the error body); malformed
// requests, time-outs, oversized headers and CONNECT get a JSON error answer, never silence.
// It writes replies, including the broken ones fault injection asks for (reset, hang, truncated,
// not JSON).
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorBody, HttpError } from './http-error.js';

export const MAX_BODY_BYTES = 1024 * 1024;
/** a body up to this size is read to its end before the 413, so the client surely sees it; beyond, the 413 goes at once */
const DRAIN_LIMIT = 64 * MAX_BODY_BYTES;
export const DEFAULT_HEADERS_TIMEOUT_MS = 5_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export interface TransportOptions {
  port?: number;
  host?: string;
  /** time allowed for a request's headers (ms, default 5 000) */
  headersTimeoutMs?: number;
  /** time allowed for a whole request, headers and body (ms, default 10 000; at least headersTimeoutMs) */
  requestTimeoutMs?: number;
  log: (line: string) => void;
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'truncate'; status: number; body: unknown }
  | { kind: 'nonJson' };

export interface Incoming {
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  remoteAddress: string;
  /** the body, at most MAX_BODY_BYTES (else HttpError 413) */
  readBody(): Promise<Buffer>;
  /** reads and drops the body, if any */
  discardBody(): void;
}

export interface Transport {
  url: string;
  port: number;
  /** requests received and not yet answered (or closed) */
  inFlight(): number;
  /** the most requests in flight at once since it started listening (how many a client sent at once, told without a clock) */
  peakInFlight(): number;
  close(): Promise<void>;
}

/** the request's connection went away before its body was read: nothing to answer */
class Aborted extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  const tooLarge = (size: string) => new HttpError(413, 'PAYLOAD_TOO_LARGE', `The body is ${size} bytes; at most ${MAX_BODY_BYTES} bytes (1 MiB) are accepted`);
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT) return Promise.reject(tooLarge(String(declared)));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (f: () => void) => { if (!settled) { settled = true; f(); } };
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY_BYTES) chunks.push(c);
      else if (size > DRAIN_LIMIT) settle(() => reject(tooLarge(`more than ${DRAIN_LIMIT}`)));
    });
    req.on('end', () => settle(() => (size > MAX_BODY_BYTES ? reject(tooLarge(String(size))) : resolve(Buffer.concat(chunks)))));
    req.on('error', () => settle(() => reject(new Aborted())));
    req.on('close', () => settle(() => reject(new Aborted())));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const SINGLE = new Set(['host', 'content-type', 'content-length']);

/** Pure: the name of a header that must appear once and appears more often, if any. */
export function ambiguousHeader(raw: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (!SINGLE.has(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** A whole HTTP/1.1 answer written on a raw socket (for errors found before a request object exists), then the socket closed. */
function rawAnswer(socket: Duplex, status: number, reason: string, code: string, message: string): void {
  if (!socket.writable) { socket.destroy(); return; }
  const text = JSON.stringify(errorBody(status, code, message));
  socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  setTimeout(() => socket.destroy(), 1000).unref();
}

export async function listen(o: TransportOptions, handle: (req: Incoming) => Promise<Reply>): Promise<Transport> {
  const headersTimeout = o.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const requestTimeout = o.requestTimeoutMs ?? Math.max(DEFAULT_REQUEST_TIMEOUT_MS, headersTimeout);
  for (const [name, v] of [['headersTimeoutMs', headersTimeout], ['requestTimeoutMs', requestTimeout]] as const) {
    if (!Number.isInteger(v) || v < 1 || v > 3_600_000) throw new Error(`${name} must be a whole number of ms from 1 to 3600000`);
  }
  if (requestTimeout < headersTimeout) throw new Error('requestTimeoutMs must be at least headersTimeoutMs');
  const hung = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peak = 0;

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // a request whose Host, Content-Type or Content-Length is given twice is ambiguous: a proxy
    // in front and this server could each read another one (request smuggling); Node keeps the first
    const twice = ambiguousHeader(req.rawHeaders);
    if (twice) {
      req.resume();
      return sendJson(res, 400, errorBody(400, 'INVALID', `The request has more than one ${twice} header; send it once`, twice));
    }
    let bodyRead = false;
    const incoming: Incoming = {
      method: req.method ?? 'GET',
      target: req.url ?? '/',
      headers: req.headers,
      remoteAddress: req.socket.remoteAddress ?? '',
      readBody: () => { bodyRead = true; return readBody(req); },
      discardBody: () => { bodyRead = true; req.resume(); },
    };
    let reply: Reply;
    try {
      reply = await handle(incoming);
    } catch (e) {
      if (e instanceof Aborted) return;
      throw e;
    }
    if (!bodyRead) req.resume();
    switch (reply.kind) {
      case 'json': return sendJson(res, reply.status, reply.body, reply.headers);
      case 'reset': req.socket.destroy(); return;
      case 'hang': hung.add(res); res.on('close', () => hung.delete(res)); o.log(`${req.method} ${req.url} hung (an injected fault: no answer will come)`); return;
      case 'nonJson': {
        const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
        res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
        res.end(html);
        return;
      }
      case 'truncate': {
        const text = JSON.stringify(reply.body);
        res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setImmediate(() => req.socket.destroy());
        return;
      }
    }
  }

  const server = createServer({
    headersTimeout, requestTimeout, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // how often the time-outs are checked (Node's default, 30 s, would add up to 30 s to each)
    connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
  }, (req, res) => {
    const t0 = Date.now();
    inFlight++;
    peak = Math.max(peak, inFlight);
    res.on('close', () => { inFlight--; });
    res.on('finish', () => o.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - t0}ms`));
    serve(req, res).catch((e: unknown) => {
      o.log(`emulator error: ${(e as Error)?.stack ?? String(e)}`);
      req.resume();
      if (!res.headersSent) sendJson(res, 500, errorBody(500, 'INTERNAL', 'The emulator failed to answer'));
      else res.destroy();
    });
  });
  server.on('connection', (s: Socket) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  server.on('clientError', (e: NodeJS.ErrnoException, socket: Duplex) => {
    if (e.code === 'ECONNRESET' || !socket.writable) { socket.destroy(); return; }
    if (e.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawAnswer(socket, 408, 'Request Timeout', 'REQUEST_TIMEOUT', `The request was not received in time (headers within ${headersTimeout} ms, the whole request within ${requestTimeout} ms)`);
    if (e.code === 'HPE_HEADER_OVERFLOW') return rawAnswer(socket, 431, 'Request Header Fields Too Large', 'INVALID', 'The request headers are too large');
    return rawAnswer(socket, 400, 'Bad Request', 'INVALID', `The request is not valid HTTP/1.1 (${e.code ?? 'parse error'})`);
  });
  // Expect: anything but 100-continue; Node would answer 417 with no body
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    sendJson(res, 417, errorBody(417, 'INVALID', `Expect: ${String(req.headers.expect).slice(0, 100)} is not supported; send the request without it (or with Expect: 100-continue)`));
  });
  // Upgrade (a WebSocket or h2c) is not something this server does; Node would drop the socket
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    o.log(`${req.method} ${req.url} 400 (upgrade)`);
    rawAnswer(socket, 400, 'Bad Request', 'INVALID', `Upgrade to ${String(req.headers.upgrade).slice(0, 50)} is not supported: this is a plain HTTP/1.1 API`);
  });
  // CONNECT (a proxy tunnel) is not something this server does: say so instead of dropping the socket
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    o.log(`${req.method} ${req.url} 405`);
    rawAnswer(socket, 405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED', 'CONNECT is not supported: this is an API server, not a proxy');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    port: addr.port,
    inFlight: () => inFlight,
    peakInFlight: () => peak,
    async close() {
      for (const r of hung) r.destroy();
      await new Promise<void>((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); });
    },
  };
}
