// Effects: the typed client of the four documented operations. Per-request time-outs,
// retries with backoff and full jitter on network errors and 408/429/5xx (Retry-After
// honoured, capped), a concurrency limit shared by every call, every body consumed, every
// response checked against schema/openapi.yaml. The API key lives only in this closure.
import pLimit from 'p-limit';
import { checkBaseUrl, hostPort } from './base-url.js';
import { checkContract, UUID_RE, type SchemaName } from './contract.js';
import { ApiError, AuthError, ContractError, NotFoundError, RateLimitedError, RequestError, UnavailableError } from './errors.js';
import { backoffDelay, parseRetryAfter, RETRY_STATUSES } from './retry.js';
import type {
  ConversationRequest, ConversationResponse, ErrorBody, MessageStatusResponse, SendListEntry,
  TemplateReadResponse, TemplateWriteRequest, TemplateWriteResponse,
} from './types.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** per attempt, in ms (default 30 000) */
  timeoutMs?: number;
  /** retries after the first attempt (default 4) */
  retries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** the longest Retry-After honoured, in ms (default 30 000); longer ones wait this long */
  maxRetryAfterMs?: number;
  /** requests in flight at once (default 8) */
  concurrency?: number;
  allowInsecureHttp?: boolean;
  /** statuses that mean "no such template" on a read (default [404]; RESOURCE_NOT_FOUND in the body counts too) */
  notFoundStatuses?: number[];
  /** for tests: the jitter source */
  random?: () => number;
  /** called before each retry (for progress displays and logs) */
  onRetry?: (info: RetryInfo) => void;
  /** channel alias -> channel id, for sending templates by their alias */
  channels?: Readonly<Record<string, string>>;
  /** one line per HTTP attempt (method, path, status, time); never headers, so never the key */
  log?: (line: string) => void;
}

export interface RetryInfo { operation: string; attempt: number; delayMs: number; reason: string }

export interface StatusPageOptions { limit?: number; cursor?: string }

export interface Client {
  readonly baseUrl: string;
  readonly channels: Readonly<Record<string, string>>;
  writeTemplate(channelId: string, templateId: string, body: TemplateWriteRequest): Promise<TemplateWriteResponse>;
  /** the template, or null when the service has none with this id */
  getTemplate(channelId: string, templateId: string): Promise<TemplateReadResponse | null>;
  sendConversation(channelId: string, body: ConversationRequest): Promise<ConversationResponse>;
  getMessageStatus(clientMessageId: string, page?: StatusPageOptions): Promise<MessageStatusResponse>;
  /** every page, following status.next_cursor to the end */
  messageStatusPages(clientMessageId: string, opts?: { limit?: number }): AsyncIterableIterator<MessageStatusResponse>;
  /** every send_list entry of every page */
  allMessageStatuses(clientMessageId: string, opts?: { limit?: number }): Promise<SendListEntry[]>;
}

interface Call {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  response: SchemaName;
  /** a read where "absent" is an answer */
  nullOn404?: boolean;
}

type Attempt =
  | { kind: 'ok'; value: unknown }
  | { kind: 'retry'; reason: string; retryAfterMs?: number; error: ApiError }
  | { kind: 'fail'; error: ApiError };

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function createClient(options: ClientOptions): Client {
  const base = checkBaseUrl(options.baseUrl, options.allowInsecureHttp);
  const apiKey = options.apiKey;
  if (!apiKey) throw new AuthError('No API key: set the environment variable named by apiKeyEnv (default TPLSYNC_API_KEY)');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 4;
  const backoff = { baseMs: options.backoffBaseMs ?? 250, capMs: options.backoffCapMs ?? 8_000, random: options.random ?? Math.random };
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 30_000;
  const notFound = new Set(options.notFoundStatuses ?? [404]);
  const limit = pLimit(options.concurrency ?? 8);

  /** One HTTP attempt, logged (method, path, outcome, time) when a log is given. */
  async function attempt(call: Call): Promise<Attempt> {
    const url = new URL(call.path.replace(/^\//, ''), base);
    const t0 = Date.now();
    const r = await attemptOnce(call, url);
    const outcome = r.kind === 'ok' ? 'ok' : r.kind === 'retry' ? `retry (${r.reason})` : `${r.error.name}${r.error.status ? ` ${r.error.status}` : ''}`;
    options.log?.(`${call.method} ${url.pathname}${url.search} -> ${outcome} ${Date.now() - t0} ms`);
    return r;
  }

  async function attemptOnce(call: Call, url: URL): Promise<Attempt> {
    const what = `${call.operation} (${call.method} ${url.pathname}${url.search})`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: call.method,
        headers: {
          apiKey,
          accept: 'application/json',
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const reason = `${networkReason(e, timeoutMs)} (${hostPort(url)})`;
      // a port fetch will never connect to: no retry can help
      if (/bad port/i.test(reason)) return { kind: 'fail', error: new RequestError(`${what}: fetch refuses to connect to ${hostPort(url)} (a "bad port" of the Fetch standard); use another port`) };
      return { kind: 'retry', reason, error: new UnavailableError(`${what}: ${reason}`) };
    }
    let text: string;
    try {
      text = await res.text(); // always consume the body, so the connection is reused
    } catch (e) {
      return { kind: 'retry', reason: `reading the response: ${networkReason(e, timeoutMs)}`, error: new UnavailableError(`${what}: the response from ${hostPort(url)} was cut off (${networkReason(e, timeoutMs)})`, res.status) };
    }
    if (res.ok) {
      let value: unknown;
      try { value = JSON.parse(text); } catch {
        return { kind: 'retry', reason: 'a response that is not JSON', error: new UnavailableError(`${what}: the response is not JSON (${text.length} bytes${text.length ? `, starting ${JSON.stringify(text.slice(0, 40))}` : ''})`, res.status) };
      }
      const v = checkContract(call.response, value);
      if (v) return { kind: 'fail', error: new ContractError(`${what}: the response does not match the API contract: ${v.path} ${v.message}`, v.path, res.status) };
      return { kind: 'ok', value };
    }
    const body = parseError(text);
    const extra = body?.errors?.filter((x) => x.message !== body.message).map((x) => `${x.name ? `${x.name}: ` : ''}${x.message}`) ?? [];
    const detail = body ? `${body.message}${extra.length ? ` (${extra.join('; ')})` : ''}` : text.slice(0, 200) || res.statusText;
    const codes = new Set(body?.errors?.map((x) => x.code) ?? []);
    if (call.nullOn404 && (notFound.has(res.status) || codes.has('RESOURCE_NOT_FOUND'))) return { kind: 'ok', value: null };
    if (res.status === 401 || res.status === 403 || codes.has('API_KEY_NOT_FOUND') || codes.has('FORBIDDEN_ERROR')) {
      return { kind: 'fail', error: new AuthError(`${what}: ${res.status === 403 || codes.has('FORBIDDEN_ERROR') ? 'not allowed' : 'authentication refused'}: ${detail}`, res.status, [...codes][0]) };
    }
    if (RETRY_STATUSES.has(res.status)) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      const Err = res.status === 429 ? RateLimitedError : UnavailableError;
      return { kind: 'retry', reason: `HTTP ${res.status}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), error: new Err(`${what}: HTTP ${res.status}: ${detail}`, res.status) };
    }
    if (res.status === 404) return { kind: 'fail', error: new NotFoundError(`${what}: not found: ${detail}`, 404, [...codes][0]) };
    return { kind: 'fail', error: new RequestError(`${what}: HTTP ${res.status}: ${detail}`, res.status, [...codes][0]) };
  }

  /** whatever a server echoes back, the key never reaches a message */
  const redact = (e: ApiError): ApiError => {
    if (apiKey.length >= 4 && e.message.includes(apiKey)) e.message = e.message.split(apiKey).join('[redacted]');
    return e;
  };

  async function request<T>(call: Call): Promise<T> {
    try { return await requestRaw<T>(call); } catch (e) { throw e instanceof ApiError ? redact(e) : e; }
  }

  async function requestRaw<T>(call: Call): Promise<T> {
    let last: ApiError | undefined;
    for (let n = 0; n <= retries; n++) {
      const r = await limit(() => attempt(call));
      if (r.kind === 'ok') return r.value as T;
      if (r.kind === 'fail') throw r.error;
      last = r.error;
      if (n === retries) break;
      const delayMs = r.retryAfterMs !== undefined ? Math.min(r.retryAfterMs, maxRetryAfterMs) : backoffDelay(n, backoff);
      options.onRetry?.({ operation: call.operation, attempt: n + 1, delayMs, reason: r.reason });
      await sleep(delayMs);
    }
    throw Object.assign(last!, { message: `${last!.message} (gave up after ${retries + 1} attempts)` });
  }

  const uuid = (what: string, v: string): string => {
    if (!UUID_RE.test(v)) throw new RequestError(`${what} '${v}' is not a UUID`);
    return v;
  };

  const client: Client = {
    baseUrl: base.href,
    channels: { ...options.channels },
    writeTemplate: (channelId, templateId, body) => request({
      operation: 'template write', method: 'POST', response: 'TemplateWriteResponse', body,
      path: `/channel/${uuid('channel id', channelId)}/template/${uuid('template id', templateId)}`,
    }),
    getTemplate: (channelId, templateId) => request({
      operation: 'template read', method: 'GET', response: 'TemplateReadResponse', nullOn404: true,
      path: `/channel/${uuid('channel id', channelId)}/template/${uuid('template id', templateId)}`,
    }),
    sendConversation: (channelId, body) => {
      // retried as it is, so with the same clientMessageId: the service answers a repeat with the first result
      uuid('clientMessageId', body.clientMessageId);
      return request({ operation: 'conversation send', method: 'POST', response: 'ConversationResponse', body, path: `/channel/${uuid('channel id', channelId)}/conversation` });
    },
    async getMessageStatus(clientMessageId, page = {}) {
      const q = new URLSearchParams();
      if (page.limit !== undefined) q.set('limit', String(page.limit));
      q.set('cursor', page.cursor ?? '');
      const r = await request<MessageStatusResponse>({
        operation: 'message status', method: 'GET', response: 'MessageStatusResponse',
        path: `/chatapp-message-status/${encodeURIComponent(clientMessageId)}?${q}`,
      });
      if (r.result.errcode !== 0 || r.status.errcode !== 0) {
        const code = r.status.errcode || r.result.errcode;
        throw new RequestError(`message status of ${clientMessageId}: errcode ${code}: ${r.status.errmsg || r.result.errmsg || 'error'}`, 200, String(code));
      }
      return r;
    },
    async *messageStatusPages(clientMessageId, opts = {}) {
      let cursor = '';
      const seen = new Set<string>();
      for (;;) {
        const page = await client.getMessageStatus(clientMessageId, { ...(opts.limit !== undefined ? { limit: opts.limit } : {}), cursor });
        yield page;
        cursor = page.status.next_cursor;
        if (!cursor) return;
        if (seen.has(cursor)) throw new ContractError(`message status of ${clientMessageId}: the service returned the cursor ${cursor} twice`, 'status.next_cursor');
        seen.add(cursor);
      }
    },
    async allMessageStatuses(clientMessageId, opts = {}) {
      const out: SendListEntry[] = [];
      for await (const page of client.messageStatusPages(clientMessageId, opts)) out.push(...page.status.send_list);
      return out;
    },
  };
  return client;
}

function parseError(text: string): ErrorBody | undefined {
  try {
    const v = JSON.parse(text) as ErrorBody;
    return v && typeof v === 'object' && typeof v.message === 'string' ? v : undefined;
  } catch { return undefined; }
}

function networkReason(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = err?.cause?.code;
  return code ? `network error ${code}` : `network error: ${err?.cause?.message ?? err?.message ?? String(e)}`;
}
