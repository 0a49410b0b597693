// The typed client of the four documented operations: paths, ids checked before anything is
// sent, answers interpreted (errcode, cursors). Time-outs, retries, the limit of requests in
// flight, contract checks and the key live in the transport (transport.ts).
import { checkBaseUrl } from './base-url.js';
import { loadContract, UUID_RE } from '../schemas/contract.js';
import { ParamError, UsageError } from '../core/errors.js';
import { Interrupted } from '../core/interrupt.js';
import { AuthError, ContractError, RequestError } from './errors.js';
import { createTransport } from './transport.js';
import { MAX_RETRY_AFTER_MS } from './retry.js';
import { visible } from '../core/visible.js';
import { io } from '../core/io.js';
import { addSecret } from '../core/redact.js';
import { proxyPasswords, routeFor } from './proxy.js';
import type {
  ConversationRequest, ConversationResponse, MessageStatusResponse, SendListEntry,
  TemplateReadResponse, TemplateWriteRequest, TemplateWriteResponse,
} from './shapes.js';
import { messageStatusText } from './shapes.js';
import { statusReadProblem } from './status-read.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** per attempt, in ms (default 30 000) */
  timeoutMs?: number | undefined;
  /** retries after the first attempt (default 4) */
  retries?: number | undefined;
  backoffBaseMs?: number | undefined;
  backoffCapMs?: number | undefined;
  /** the longest Retry-After honoured, in ms (default MAX_RETRY_AFTER_MS, 120 000); longer ones wait this long */
  maxRetryAfterMs?: number | undefined;
  /** requests in flight at once (default 8) */
  concurrency?: number | undefined;
  allowInsecureHttp?: boolean | undefined;
  /** statuses that mean "no such template" on a read (default [404]; RESOURCE_NOT_FOUND in the body counts too) */
  notFoundStatuses?: number[] | undefined;
  /** where the key came from, said when the API refuses it (`the key is the variable X of environment Y`) */
  keySource?: string | undefined;
  /** for tests: the jitter source */
  random?: (() => number) | undefined;
  /** for tests: the clock of the pause after the base URL was found unreachable (HOST_DOWN_MS, 30 s); default Date.now */
  now?: (() => number) | undefined;
  /** called before each retry (for progress displays and logs) */
  onRetry?: ((info: RetryInfo) => void) | undefined;
  /** channel alias -> channel id, for sending templates by their alias */
  channels?: Readonly<Record<string, string>> | undefined;
  /** one line per HTTP attempt (method, path, status, time); never headers, so never the key */
  log?: ((line: string) => void) | undefined;
  /**
   * Once aborted (Ctrl-C, SIGTERM, a service's shutdown), no request is tried again: a read (GET) in flight ends, a
   * write in flight finishes, a failed attempt is not retried, and a wait before a retry ends (the error is the last
   * attempt's; the status listings reject with Interrupted). A call's own signal (CallOptions) stops that call alone
   */
  stopSignal?: AbortSignal | undefined;
  /** for tests: the signal that ends an attempt as unanswered, instead of a timer of timeoutMs */
  timeoutSignal?: ((timeoutMs: number, attempt: { method: string; target: string }) => AbortSignal) | undefined;
  /**
   * the variables the proxy is read from (https_proxy / HTTPS_PROXY, http_proxy / HTTP_PROXY,
   * no_proxy / NO_PROXY; default: the run's, io().env). A loopback baseUrl never goes through a proxy.
   */
  proxyEnv?: NodeJS.ProcessEnv | undefined;
  /** how a message names the baseUrl when it advises checking it (a 404 that is no answer of the API, nothing listening); default "the client's baseUrl" */
  baseUrlSource?: string | undefined;
}

export interface RetryInfo { operation: string; attempt: number;
  /** the retries allowed in all */
  of: number; delayMs: number; reason: string;
  /** the wait the server asked for (Retry-After), when it did: delayMs is at most maxRetryAfterMs */
  retryAfterMs?: number;
  /** the host and port the request went to (never a key) */
  host?: string;
  /** the attempt got no answer within its time-out, this long (timeoutMs) */
  unansweredMs?: number }

/** a call's own cancel (CallOptions.signal): as stopSignal, for this call alone */
export interface CallOptions {
  /**
   * Aborted, this call stops as a stopSignal stops the client's: no retry, a wait before one ends, a read in flight
   * ends, a send in flight finishes (its outcome known); not yet sent, it is not sent (UnavailableError, notSent).
   * The client goes on serving other calls. AbortSignal.timeout(ms) is a deadline of the call.
   */
  signal?: AbortSignal | undefined;
}

export interface StatusPageOptions extends CallOptions { limit?: number | undefined; cursor?: string | undefined }

export interface Client {
  readonly baseUrl: string;
  /** ClientOptions.stopSignal: the pages of a listing are not followed on once it is aborted */
  readonly stopSignal?: AbortSignal;
  readonly channels: Readonly<Record<string, string>>;
  /** with `rateLimitToCaller`, a 429 is thrown at once (RateLimitedError with the server's retryAfterMs) instead of retried */
  writeTemplate(channelId: string, templateId: string, body: TemplateWriteRequest, opts?: { rateLimitToCaller?: boolean | undefined }): Promise<TemplateWriteResponse>;
  /** the template, or null when the service has none with this id */
  getTemplate(channelId: string, templateId: string, opts?: CallOptions): Promise<TemplateReadResponse | null>;
  sendConversation(channelId: string, body: ConversationRequest, opts?: CallOptions): Promise<ConversationResponse>;
  getMessageStatus(clientMessageId: string, page?: StatusPageOptions): Promise<MessageStatusResponse>;
  /** every page, following status.next_cursor to the end */
  messageStatusPages(clientMessageId: string, opts?: { limit?: number | undefined } & CallOptions): AsyncIterableIterator<MessageStatusResponse>;
  /** every send_list entry of every page */
  allMessageStatuses(clientMessageId: string, opts?: { limit?: number | undefined } & CallOptions): Promise<SendListEntry[]>;
  /**
   * A GET of an operation the reference names without a shape (the template listing, whose path the
   * config sets): the same key, retries, limits and errors, the JSON answer unchecked (the caller maps it).
   */
  getJson(operation: string, path: string): Promise<unknown>;
}

/** The review's words of a read (status, reason, recommendation) with their control characters escaped: plan, review, apply and send print them on the terminal. */
function printableReview(r: TemplateReadResponse | null): TemplateReadResponse | null {
  if (!r) return r;
  for (const k of ['statusText', 'rejectionReason', 'recommendation'] as const) {
    const v = r[k];
    if (typeof v === 'string') (r as unknown as Record<string, unknown>)[k] = visible(v, { oneLine: true });
  }
  // a state word in another case ("approved") is the same state: said and compared in capitals, as the document writes them
  if (typeof r.statusText === 'string' && /^[a-z_]+$/i.test(r.statusText)) r.statusText = r.statusText.toUpperCase();
  if (r.chatapp && typeof r.chatapp.status === 'string' && /^[a-z_]+$/i.test(r.chatapp.status)) r.chatapp.status = r.chatapp.status.toUpperCase();
  return r;
}

/** pages in a row that bring nothing an earlier page had not, after which a listing is not followed on (a service that mints a cursor a page) */
export const STALE_PAGES = 5;

export function createClient(options: ClientOptions): Client {
  const base = checkBaseUrl(options.baseUrl, options.allowInsecureHttp);
  if (!options.apiKey) throw new UsageError('No API key: pass apiKey (the CLI reads it from the environment variable its config names, default TPLSYNC_API_KEY)');
  // a key an HTTP header cannot carry (a newline, a character beyond Latin-1 pasted in): the configuration's mistake, said without the key
  const odd = [...options.apiKey].findIndex((c) => c.charCodeAt(0) < 0x21 || c.charCodeAt(0) > 0x7e);
  if (odd >= 0) throw new UsageError(`The API key has a character an HTTP header cannot carry at position ${odd + 1} (${/\s/.test(options.apiKey[odd]!) ? 'a space or line break' : 'not printable ASCII'}${options.keySource ? `; ${options.keySource}` : ''}): copy the key again, without spaces or line breaks`);
  // the contract's validators, before any request: a client that cannot check answers sends nothing
  loadContract(['TemplateWriteResponse', 'TemplateReadResponse', 'ConversationResponse', 'MessageStatusResponse']);
  // a proxy's password is masked wherever it could show, whether or not this baseUrl goes through it;
  // a proxy variable that applies and is no proxy URL is the configuration's mistake, said before any request
  const proxyEnv = options.proxyEnv ?? io().env;
  for (const p of proxyPasswords(proxyEnv)) addSecret(p);
  const route = routeFor(base, proxyEnv);
  const { request } = createTransport({
    route,
    base, apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 30_000,
    retries: options.retries ?? 4,
    backoff: { baseMs: options.backoffBaseMs ?? 250, capMs: options.backoffCapMs ?? 8_000, random: options.random ?? Math.random },
    maxRetryAfterMs: options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS,
    notFoundStatuses: options.notFoundStatuses ?? [404],
    concurrency: options.concurrency ?? 8,
    ...(options.keySource ? { keySource: options.keySource } : {}),
    ...(options.baseUrlSource ? { baseUrlSource: options.baseUrlSource } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.timeoutSignal ? { timeoutSignal: options.timeoutSignal } : {}),
    ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  // checked before any request: a malformed id is the caller's value to fix (ParamError), not a refusal of the server's
  const uuid = (what: string, v: string): string => {
    if (typeof v !== 'string' || !UUID_RE.test(v)) throw new ParamError(`${what} ${typeof v === 'string' ? `'${visible(v, { oneLine: true })}'` : `(${typeof v})`} is not a UUID: nothing was sent (no request was made)`);
    return v;
  };

  // a status read's id and page, checked before any request as `tplsync status` checks them (an empty id, a NULL column read
  // as '', was asked of the service, and its 404 blamed on the baseUrl)
  const statusRead = (id: unknown, page: { limit?: unknown; cursor?: unknown } | undefined): void => {
    if (page !== undefined && (page === null || typeof page !== 'object')) throw new ParamError(`a status read takes its options as an object ({ limit, cursor }), not ${page === null ? 'null' : typeof page}: no request was made`);
    const problem = statusReadProblem(id, page ?? {});
    if (problem !== undefined) throw new ParamError(`${problem}: no request was made`);
  };

  // a call's own signal, checked before any request (a value that is no AbortSignal would never stop it)
  const signalOf = (o: CallOptions | null | undefined): { signal?: AbortSignal } => {
    const signal = o?.signal;
    if (signal === undefined) return {};
    if (!(signal instanceof AbortSignal)) throw new ParamError(`signal must be an AbortSignal (an AbortController's, or AbortSignal.timeout(ms)), not ${signal === null ? 'null' : typeof signal}: no request was made`);
    return { signal };
  };

  const client: Client = {
    baseUrl: base.href,
    ...(options.stopSignal ? { stopSignal: options.stopSignal } : {}),
    channels: Object.assign(Object.create(null) as Record<string, string>, options.channels),
    writeTemplate: (channelId, templateId, body, opts = {}) => request<TemplateWriteResponse>({
      operation: 'template write', method: 'POST', response: 'TemplateWriteResponse', body, ...(opts.rateLimitToCaller ? { rateLimitToCaller: true } : {}),
      path: `/channel/${uuid('channel id', channelId)}/template/${uuid('template id', templateId)}`,
    }).then((r) => {
      // a service that keys the template by an id of its own made a template tplsync cannot find
      // again by its file's id: every later apply would make another (docs/api-assumptions.md)
      if (r && typeof r.publicId === 'string' && r.publicId.toLowerCase() !== templateId.toLowerCase()) {
        throw new ContractError(`template write (POST /channel/${channelId}/template/${templateId}): the service answered with another template id, ${visible(r.publicId, { oneLine: true })}: it has most likely made a template under that id, which tplsync cannot read back under the id it wrote. Not retried, and a re-run would make another: look for ${visible(r.publicId, { oneLine: true })} on the channel, and take it up with the service (tplsync writes each template under the id of its file, and needs that id kept)`, 'publicId', 200);
      }
      return r;
    }),
    getTemplate: (channelId, templateId, opts = {}) => request<TemplateReadResponse | null>({
      operation: 'template read', method: 'GET', response: 'TemplateReadResponse', nullOn404: true, ...signalOf(opts),
      path: `/channel/${uuid('channel id', channelId)}/template/${uuid('template id', templateId)}`,
    }).then((r) => {
      // the answer is of the template asked for: another's would be planned, previewed and pulled as this one
      if (r && typeof r.publicId === 'string' && r.publicId.toLowerCase() !== templateId.toLowerCase()) {
        throw new ContractError(`template read (GET /channel/${channelId}/template/${templateId}): the service answered with another template (publicId ${visible(r.publicId, { oneLine: true })}); its answer is not used`, 'publicId', 200);
      }
      return printableReview(r);
    }),
    sendConversation: (channelId, body, opts = {}) => {
      // retried as it is, so with the same clientMessageId: the service answers a repeat with the first result
      uuid('clientMessageId', body.clientMessageId);
      return request({ operation: 'conversation send', method: 'POST', response: 'ConversationResponse', body, path: `/channel/${uuid('channel id', channelId)}/conversation`, ...signalOf(opts) });
    },
    async getMessageStatus(clientMessageId, page = {}) {
      statusRead(clientMessageId, page);
      // in small letters, as a send sends it (a system that stores ids in capitals reads the same message)
      clientMessageId = clientMessageId.toLowerCase();
      const q = new URLSearchParams();
      if (page.limit !== undefined) q.set('limit', String(page.limit));
      q.set('cursor', page.cursor ?? '');
      const r = await request<MessageStatusResponse>({
        operation: 'message status', method: 'GET', response: 'MessageStatusResponse', ...signalOf(page),
        path: `/chatapp-message-status/${encodeURIComponent(clientMessageId)}?${q}`,
      });
      if (r.result.errcode !== 0 || r.status.errcode !== 0) {
        // the code and its message from the same part: the part that failed (status.errmsg 'ok' beside result's error said nothing)
        const part = r.status.errcode !== 0 ? r.status : r.result;
        throw new RequestError(`message status of ${clientMessageId}: errcode ${part.errcode}: ${part.errmsg || 'error'}`, 200, String(part.errcode));
      }
      // each number with its meaning beside it: the scale is not the send answer's (2 is a failure here, a success there)
      for (const e of r.status.send_list) e.statusText = messageStatusText(e.status);
      return r;
    },
    getJson: (operation, path) => request({ operation, method: 'GET', path }),
    async *messageStatusPages(clientMessageId, opts = {}) {
      statusRead(clientMessageId, opts);
      let cursor = '';
      const seen = new Set<string>();
      const entries = new Set<string>();
      let stale = 0;
      for (;;) {
        const stopped = (): Interrupted => new Interrupted(`${options.stopSignal?.aborted ? 'interrupted' : "stopped by the call's signal"} while reading the pages of the message status of ${clientMessageId}`);
        const aborted = (): boolean => Boolean(options.stopSignal?.aborted || opts.signal?.aborted);
        // (a page's read in flight ends with the interrupt: said as the stop it is)
        const page = await client.getMessageStatus(clientMessageId, { ...(opts.limit !== undefined ? { limit: opts.limit } : {}), cursor, ...signalOf(opts) }).catch((e: unknown) => { throw aborted() ? stopped() : e; });
        yield page;
        cursor = page.status.next_cursor;
        if (!cursor) return;
        if (seen.has(cursor)) throw new ContractError(`message status of ${clientMessageId}: the service returned the cursor ${cursor} twice`, 'status.next_cursor');
        seen.add(cursor);
        // a new cursor on every page, and never a new entry: a loop the cursors alone do not show
        let fresh = false;
        for (const e of page.status.send_list) { const k = JSON.stringify(e); if (!entries.has(k)) { entries.add(k); fresh = true; } }
        stale = fresh ? 0 : stale + 1;
        if (stale >= STALE_PAGES) throw new ContractError(`message status of ${clientMessageId}: ${STALE_PAGES} pages in a row brought no entry that an earlier page had not (each with a new cursor): not followed on`, 'status.next_cursor');
        if (aborted()) throw stopped();
      }
    },
    async allMessageStatuses(clientMessageId, opts = {}) {
      statusRead(clientMessageId, opts);
      const out: SendListEntry[] = [];
      for await (const page of client.messageStatusPages(clientMessageId, opts)) out.push(...page.status.send_list);
      return out;
    },
  };
  return client;
}

