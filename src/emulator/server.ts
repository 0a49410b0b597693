// Effects: the local emulator of the partner messaging API, an HTTP server on loopback.
// It validates what it is sent and what it answers against schema/openapi.yaml, keeps every
// acknowledged write in a journal, checks API keys and their channel scopes, simulates review
// and delivery, and misbehaves on purpose when told to (faults.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { checkContract, UUID_RE, type SchemaName } from '../schemas/contract.js';
import type { ConversationRequest, ErrorBody, TemplateWriteRequest } from '../api/shapes.js';
import { checkFaults, FaultPlan, type FaultSettings, type Operation } from './faults.js';
import { compactJournal, Journal, loadJournal, type JournalEntry } from './journal.js';
import { listPage, listRoute } from './list.js';
import { EmulatorState, STATUS_LIMIT_DEFAULT, STATUS_LIMIT_MAX, type ConversationRecord, type TemplateRecord } from './state.js';

export interface KeySpec {
  key: string;
  /** channel ids this key may use (default: every channel) */
  channels?: string[];
  /** whether this key may read message status (default true) */
  messageStatus?: boolean;
  /** channels this key may read but not write to (default: none) */
  readOnlyChannels?: string[];
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** the journal file; without it the state lives in memory only */
  dataFile?: string;
  keys: (string | KeySpec)[];
  reviewDelayMs?: number;
  statusDelayMs?: number;
  faults?: FaultSettings;
  /** request log lines (never containing a key) */
  log?: (line: string) => void;
}

export interface RunningEmulator {
  url: string;
  port: number;
  state: EmulatorState;
  setFaults(f: FaultSettings): void;
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

export const MAX_BODY_BYTES = 1024 * 1024;
const DISCARD_LIMIT = 16 * MAX_BODY_BYTES;

class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly field?: string, readonly headers: Record<string, string> = {}) { super(message); }
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

interface Route { op: Operation; channelId?: string; templateId?: string; clientMessageId?: string }

function route(method: string, pathname: string): Route | HttpError {
  const seg = pathname.split('/').filter(Boolean).map((s) => { try { return decodeURIComponent(s); } catch { return s; } });
  const wrong = (allowed: string) => new HttpError(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here; use ${allowed}`, undefined, { allow: allowed });
  const uuid = (name: string, v: string) => { if (!UUID_RE.test(v)) throw new HttpError(400, 'INVALID', `${name} '${v}' is not a UUID`, name); return v; };
  const listed = listRoute(method, seg); // the listing (list.ts): its own path, not the reference's
  if (listed) return 'channelId' in listed ? { op: 'list', channelId: listed.channelId } : new HttpError(listed.status, listed.code, listed.message, listed.field, listed.allow ? { allow: listed.allow } : {});
  try {
    if (seg.length === 4 && seg[0] === 'channel' && seg[2] === 'template') {
      if (method !== 'GET' && method !== 'POST') return wrong('GET, POST');
      return { op: method === 'GET' ? 'read' : 'write', channelId: uuid('publicId', seg[1]!), templateId: uuid('publicTemplateId', seg[3]!) };
    }
    if (seg.length === 3 && seg[0] === 'channel' && seg[2] === 'conversation') {
      if (method !== 'POST') return wrong('POST');
      return { op: 'send', channelId: uuid('publicId', seg[1]!) };
    }
    if (seg.length === 2 && seg[0] === 'chatapp-message-status') {
      if (method !== 'GET') return wrong('GET');
      return { op: 'status', clientMessageId: uuid('clientMessageId', seg[1]!) };
    }
  } catch (e) { return e as HttpError; }
  return new HttpError(404, 'RESOURCE_NOT_FOUND', `No operation at ${method} ${pathname}`);
}

function errorBody(status: number, code: string, message: string, field?: string): ErrorBody {
  return { code: status, message, errors: [{ ...(field ? { name: field } : {}), code, message }] };
}

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const keys: (KeySpec & { hash: Buffer })[] = options.keys.map((k) => {
    const spec = typeof k === 'string' ? { key: k } : k;
    if (!spec.key) throw new Error('an emulator key must not be empty');
    return { ...spec, channels: spec.channels?.map((c) => c.toLowerCase()), readOnlyChannels: spec.readOnlyChannels?.map((c) => c.toLowerCase()), hash: digest(spec.key) };
  });
  if (keys.length === 0) throw new Error('the emulator needs at least one API key');
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const state = new EmulatorState({ reviewDelayMs: options.reviewDelayMs ?? 1000, statusDelayMs: options.statusDelayMs ?? 1000, now });
  let faults = new FaultPlan(options.faults ?? {});
  const log = options.log ?? (() => {});

  let journal: Journal | undefined;
  if (options.dataFile) {
    const entries = loadJournal(options.dataFile);
    for (const e of entries.values()) {
      if (e.t === 'template') state.restoreTemplate(e.rec as TemplateRecord);
      else if (e.t === 'conversation') state.restoreConversation(e.rec as ConversationRecord);
    }
    compactJournal(options.dataFile, entries.values());
    journal = new Journal(options.dataFile);
    await journal.open();
  }
  const persist = (e: JournalEntry): Promise<void> => journal?.append(e) ?? Promise.resolve();

  function authenticate(req: IncomingMessage): KeySpec {
    const raw = req.headers.apikey;
    const given = Array.isArray(raw) ? raw[0] : raw;
    if (!given) throw new HttpError(401, 'API_KEY_NOT_FOUND', 'The apiKey header is missing');
    const h = digest(given);
    const k = keys.find((x) => timingSafeEqual(x.hash, h));
    if (!k) throw new HttpError(401, 'API_KEY_NOT_FOUND', 'The API key is not known');
    return k;
  }
  const mayUse = (k: KeySpec, channelId: string): boolean => !k.channels || k.channels.includes(channelId.toLowerCase());

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const type = req.headers['content-type'] ?? '';
    const chunks: Buffer[] = [];
    let size = 0;
    await new Promise<void>((resolve, reject) => {
      req.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= MAX_BODY_BYTES) chunks.push(c);
        else if (size > DISCARD_LIMIT) req.destroy();
      });
      req.on('end', resolve);
      req.on('error', reject);
      req.on('close', resolve);
    });
    if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(400, 'INVALID', `Content-Type must be application/json, not '${type || 'none'}'`, 'Content-Type');
    if (size > MAX_BODY_BYTES) throw new HttpError(400, 'INVALID', `The body is ${size} bytes; at most ${MAX_BODY_BYTES} bytes (1 MiB) are accepted`);
    const text = Buffer.concat(chunks).toString('utf8');
    try { return JSON.parse(text); } catch (e) {
      throw new HttpError(400, 'INVALID', `The body is not valid JSON: ${(e as Error).message}`);
    }
  }

  function contract(name: SchemaName, value: unknown): void {
    const v = checkContract(name, value);
    if (v) throw new HttpError(400, 'INVALID', `${v.path} ${v.message}`, v.path);
  }

  type Answer = { status: number; body: unknown; schema: SchemaName; after?: () => Promise<void> };

  async function operate(r: Route, req: IncomingMessage, url: URL): Promise<Answer> {
    const key = authenticate(req);
    if (r.channelId && !mayUse(key, r.channelId)) throw new HttpError(403, 'FORBIDDEN_ERROR', `This API key may not use channel ${r.channelId}`, 'publicId');
    if (r.channelId && r.op !== 'read' && key.readOnlyChannels?.includes(r.channelId.toLowerCase())) {
      throw new HttpError(403, 'FORBIDDEN_ERROR', `This API key may only read channel ${r.channelId}`, 'publicId');
    }
    switch (r.op) {
      case 'write': {
        const body = await readBody(req);
        contract('TemplateWriteRequest', body);
        const w = state.writeTemplate(r.channelId!, r.templateId!, body as TemplateWriteRequest);
        if ('refused' in w) throw new HttpError(400, 'INVALID', w.refused, 'chatapp.chatapp.category');
        if (w.changed) await persist({ t: 'template', key: EmulatorState.templateKey(r.channelId!, r.templateId!), rec: w.record });
        return { status: 200, body: w.response, schema: 'TemplateWriteResponse' };
      }
      case 'read': {
        req.resume();
        const t = state.readTemplate(r.channelId!, r.templateId!);
        if (!t) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No template ${r.templateId} in channel ${r.channelId}`, 'publicTemplateId');
        return { status: 200, body: t, schema: 'TemplateReadResponse' };
      }
      case 'send': {
        const body = await readBody(req);
        contract('ConversationRequest', body);
        const req2 = body as ConversationRequest;
        for (const [i, m] of req2.messages.entries()) {
          for (const [j, s] of (m.suggestions ?? []).entries()) {
            if (s.action === 'open_url' && !/^https?:\/\/\S+$/.test(s.postbackData ?? '')) {
              throw new HttpError(400, 'INVALID', `messages[${i}].suggestions[${j}].postbackData must be a URL for open_url`, `messages[${i}].suggestions[${j}].postbackData`);
            }
          }
        }
        const s = state.sendConversation(r.channelId!, req2);
        if (s.kind === 'conflict') throw new HttpError(409, 'CONFLICT', `clientMessageId ${req2.clientMessageId} was already used for a different message`, 'clientMessageId');
        if (s.kind === 'new') await persist({ t: 'conversation', key: s.record.clientMessageId, rec: s.record });
        return { status: 200, body: s.record.response, schema: 'ConversationResponse' };
      }
      case 'list': {
        req.resume();
        const page = listPage(state, r.channelId!, url.searchParams);
        if ('error' in page) throw new HttpError(400, 'INVALID', page.error, page.field);
        return { status: 200, body: page, schema: 'EmulatorListPage' };
      }
      case 'status': {
        req.resume();
        if (key.messageStatus === false) throw new HttpError(403, 'FORBIDDEN_ERROR', 'This API key may not read message status (the operation is offered only to a specific partner group)');
        const rawLimit = url.searchParams.get('limit');
        const limit = rawLimit === null || rawLimit === '' ? STATUS_LIMIT_DEFAULT : Number(rawLimit);
        if (!Number.isInteger(limit) || limit < 1 || limit > STATUS_LIMIT_MAX) throw new HttpError(400, 'INVALID', `limit must be a whole number from 1 to ${STATUS_LIMIT_MAX}`, 'limit');
        const rec = state.conversation(r.clientMessageId!);
        if (!rec || !mayUse(key, rec.channelId)) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No messages were sent with clientMessageId ${r.clientMessageId}`, 'clientMessageId');
        const page = state.messageStatus(rec, limit, url.searchParams.get('cursor') ?? '');
        if ('error' in page) throw new HttpError(400, 'INVALID', 'cursor is not a cursor of this message status (use status.next_cursor as it was returned)', 'cursor');
        return { status: 200, body: page, schema: 'MessageStatusResponse' };
      }
    }
  }

  const hung = new Set<ServerResponse>();
  const sockets = new Set<Socket>();

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      const target = req.url ?? '/';
      url = new URL(target.startsWith('/') ? `http://emulator.invalid${target}` : target);
    } catch {
      req.resume();
      return send(res, 400, errorBody(400, 'INVALID', `The request target '${req.url}' is not a path`));
    }
    if (url.pathname.startsWith('/_emulator/')) return control(req, res, url);
    const r = route(req.method ?? 'GET', url.pathname);
    if (r instanceof HttpError) {
      req.resume();
      return send(res, r.status, errorBody(r.status, r.code, r.message, r.field), r.headers);
    }
    const f = faults.decide(r.op);
    if (f.delayMs > 0) await new Promise((ok) => setTimeout(ok, f.delayMs));
    switch (f.kind) {
      case 'error': req.resume(); return send(res, f.status!, errorBody(f.status!, 'INTERNAL', 'Injected server error'));
      case 'rateLimit': {
        req.resume();
        const s = faults.settings.retryAfterSec ?? 1;
        return send(res, 429, errorBody(429, 'RATE_LIMITED', `Too many requests; retry after ${s} s`), { 'retry-after': String(s) });
      }
      case 'reset': req.socket.destroy(); return;
      case 'hang': req.resume(); hung.add(res); res.on('close', () => hung.delete(res)); return;
      default: break;
    }
    let a: Answer;
    try {
      a = await operate(r, req, url);
    } catch (e) {
      if (e instanceof HttpError) return send(res, e.status, errorBody(e.status, e.code, e.message, e.field), e.headers);
      throw e;
    }
    const v = checkContract(a.schema, a.body);
    if (v) {
      log(`emulator bug: its ${a.schema} breaks the contract at ${v.path}: ${v.message}`);
      return send(res, 500, errorBody(500, 'INTERNAL', `The emulator's answer breaks the contract at ${v.path}: ${v.message}`));
    }
    if (f.kind === 'lostResponse') { req.socket.destroy(); return; }
    if (f.kind === 'nonJson') {
      const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(html) });
      res.end(html);
      return;
    }
    if (f.kind === 'truncate') {
      const text = JSON.stringify(a.body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.write(text.slice(0, Math.floor(text.length / 2)));
      setImmediate(() => req.socket.destroy());
      return;
    }
    send(res, a.status, a.body);
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const remote = req.socket.remoteAddress ?? '';
    if (!/^(127\.|::1$|::ffff:127\.)/.test(remote)) { req.resume(); return send(res, 403, errorBody(403, 'FORBIDDEN_ERROR', 'The control endpoints answer on loopback only')); }
    const body = req.method === 'POST' ? await readBody(req).catch((e: HttpError) => e) : (req.resume(), undefined);
    if (body instanceof HttpError) return send(res, body.status, errorBody(body.status, body.code, body.message));
    switch (`${req.method} ${url.pathname}`) {
      case 'GET /_emulator/health': return send(res, 200, { ok: true });
      case 'GET /_emulator/faults': return send(res, 200, faults.settings);
      case 'POST /_emulator/faults': {
        const err = checkFaults(body);
        if (err) return send(res, 400, errorBody(400, 'INVALID', err));
        faults = new FaultPlan(body as FaultSettings);
        return send(res, 200, faults.settings);
      }
      case 'POST /_emulator/clock': {
        const ms = (body as { advanceMs?: unknown })?.advanceMs;
        if (typeof ms !== 'number' || ms < 0) return send(res, 400, errorBody(400, 'INVALID', 'advanceMs must be a number >= 0'));
        clockOffset += ms;
        return send(res, 200, { now: new Date(now()).toISOString() });
      }
      case 'GET /_emulator/state': return send(res, 200, {
        templates: [...state.templates.values()].map((t) => ({ channelId: t.channelId, templateId: t.templateId, name: t.body.name, status: state.statusOf(t), writes: t.writes, editsAfterApproval: t.editsAfterApproval })),
        conversations: state.conversations.size,
      });
      default: return send(res, 404, errorBody(404, 'RESOURCE_NOT_FOUND', `No control endpoint ${req.method} ${url.pathname}`));
    }
  }

  const server = createServer((req, res) => {
    const t0 = Date.now();
    res.on('finish', () => log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - t0}ms`));
    handle(req, res).catch((e: unknown) => {
      log(`emulator error: ${(e as Error)?.stack ?? String(e)}`);
      if (!res.headersSent) send(res, 500, errorBody(500, 'INTERNAL', 'The emulator failed to answer'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  server.on('clientError', (_e, socket) => { if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n'); else socket.destroy(); });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => { server.off('error', reject); resolve(); });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    port: addr.port,
    state,
    setFaults(f) { const err = checkFaults(f); if (err) throw new Error(err); faults = new FaultPlan(f); },
    advanceClock(ms) { clockOffset += ms; },
    async close() {
      for (const r of hung) r.destroy();
      await new Promise<void>((resolve) => { server.close(() => resolve()); for (const s of sockets) s.destroy(); });
      await journal?.close();
    },
  };
}
