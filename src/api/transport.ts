// Effects: the HTTP transport under every operation: one attempt at a time through the one limit of
// requests in flight (--parallelism), per-attempt time-outs, retries with backoff and full jitter
// on network errors and 408/429/5xx (Retry-After honoured, capped), every body consumed, every
// response checked against schema/openapi.yaml, errors mapped to the exit-code table. The API
// key lives only in this closure and never reaches a message. Through a proxy when the run's
// HTTPS_PROXY / HTTP_PROXY applies (proxy.ts decides, proxy-fetch.ts sends): a failure names it.
import pLimit from 'p-limit';
import type { Route } from './proxy.js';
import { fetchVia, tunnelRefusal } from './proxy-fetch.js';
import { hostPort } from './base-url.js';
import { checkContract, type SchemaName } from '../schemas/contract.js';
import { noteEditAllowance } from './edit-allowance.js';
import { ApiError, attemptMayHaveReached, AuthError, ContractError, NotFoundError, RateLimitedError, RedirectError, RequestError, UnavailableError } from './errors.js';
import { addSecret, identifiersMarkedIn, redact as redactSecrets } from '../core/redact.js';
import { UUID_RE } from '../core/uuid.js';
import { backoffDelay, HOST_DOWN_MS, parseRetryAfter, RETRY_STATUSES } from './retry.js';
import type { ErrorBody } from './shapes.js';
import { visible } from '../core/visible.js';
import { nestedDeeperThan } from '../core/json-depth.js';

export interface TransportOptions {
  /** the checked base URL */
  base: URL;
  apiKey: string;
  timeoutMs: number;
  retries: number;
  backoff: { baseMs: number; capMs: number; random: () => number };
  maxRetryAfterMs: number;
  notFoundStatuses: readonly number[];
  /** where the key came from, said when the API refuses it */
  keySource?: string;
  /** requests in flight at once */
  concurrency: number;
  onRetry?: (info: { operation: string; attempt: number; of: number; delayMs: number; reason: string; retryAfterMs?: number; host: string; unansweredMs?: number }) => void;
  log?: (line: string) => void;
  /** the signal that ends an attempt with no answer (default: AbortSignal.timeout(timeoutMs)); tests inject their own */
  timeoutSignal?: (timeoutMs: number, attempt: { method: string; target: string }) => AbortSignal;
  /** once aborted, no retry: the wait before one ends, a read (GET) in flight ends, and the last attempt's error is thrown (ClientOptions.stopSignal); a write in flight finishes */
  stopSignal?: AbortSignal;
  /** how the base URL is reached (proxy.ts routeFor): through a proxy, or direct (and why, said when the connection fails); default direct */
  route?: Route;
  /** the clock of the pause after the base URL was found unreachable (HOST_DOWN_MS); default Date.now */
  now?: () => number;
  /** how a message names the baseUrl it advises checking (the CLI: "the environment's baseUrl"); default: the library's words, "the client's baseUrl" */
  baseUrlSource?: string;
}

export interface Call {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** the contract of the answer; none for an operation the reference gives no shape for */
  response?: SchemaName;
  /** a read where "absent" is an answer */
  nullOn404?: boolean;
  /** a 429 is not retried here but thrown at once (RateLimitedError with its retryAfterMs): the caller paces itself */
  rateLimitToCaller?: boolean;
  /**
   * the caller's cancel of this request alone: as stopSignal for it (no retry, a wait ends, a read in flight ends, a
   * write in flight finishes), and, aborted before the request went out, it is not sent (notSent)
   */
  signal?: AbortSignal | undefined;
}

/**
 * A request's stop: the client's (stopSignal) or its own caller's (Call.signal), whichever is aborted first, and what a
 * message says of it. Listeners on both, dropped by end(): not AbortSignal.any, which holds its sources weakly (a
 * caller's AbortSignal.timeout(ms), referenced by nothing else, would be collected and never fire: nodejs/node#57736).
 */
function stopOf(run: AbortSignal | undefined, own: AbortSignal | undefined): { signal: AbortSignal | undefined; why(): string; end(): void } {
  const why = (): string => (own?.aborted && !run?.aborted ? "the call's signal was aborted" : 'the run was interrupted');
  if (!own) return { signal: run, why, end: () => undefined };
  if (!run) return { signal: own, why, end: () => undefined };
  const c = new AbortController();
  const abort = (): void => { c.abort(); };
  if (run.aborted || own.aborted) abort();
  run.addEventListener('abort', abort, { once: true });
  own.addEventListener('abort', abort, { once: true });
  return { signal: c.signal, why, end: () => { run.removeEventListener('abort', abort); own.removeEventListener('abort', abort); } };
}

type Attempt =
  | { kind: 'ok'; value: unknown }
  /** unconnected: the connection did not open (UNCONNECTED), so no server saw the request */
  | { kind: 'retry'; reason: string; retryAfterMs?: number; error: ApiError; unconnected?: boolean;
    /** no answer came within the attempt's time-out (timeoutMs) */
    unanswered?: boolean }
  | { kind: 'fail'; error: ApiError };

/**
 * The network errors of a connection that never opened: nothing listens at the port, the name is
 * not found (or not now: EAI_AGAIN), no route to the host or network, no handshake within the
 * connect time-out. Every request to the same address meets the same, and no server saw any of
 * them: the requests of a run wait on one request's retries (and give up with it) instead of each
 * going through its own backoff. Not a reset, a time-out of an answer or a 5xx: a live server,
 * busy or failing one request, answers the next.
 */
const UNCONNECTED = /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT)$/;

/** resolves after `ms`, or at once when `signal` is (or becomes) aborted */
const sleep = (ms: number, signal?: AbortSignal): Promise<void> => new Promise((r) => {
  if (signal?.aborted) { r(); return; }
  const done = (): void => { clearTimeout(t); signal?.removeEventListener('abort', done); r(); };
  const t = setTimeout(done, ms);
  signal?.addEventListener('abort', done, { once: true });
});

export interface Transport { request<T>(call: Call): Promise<T> }

/** the largest response body read: a listing page of templates is well under it */
export const MAX_RESPONSE_BYTES = 64 * 2 ** 20;
/** the deepest a response's JSON may nest (a template is about 8 levels deep) */
export const MAX_RESPONSE_DEPTH = 64;

/** The body as text, or undefined (the rest not read) when it is longer than `max` bytes. */
async function readBounded(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) { await res.body?.cancel().catch(() => undefined); return undefined; }
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) { await reader.cancel().catch(() => undefined); return undefined; }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** a connection that did not open, or gave no answer: what a proxy that would have been used, or a wrong NO_PROXY, explains */
const CONNECT_FAILURE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET|UND_ERR_CONNECT_TIMEOUT|UND_ERR_SOCKET|no answer within/;
/** a TLS certificate not trusted: through a proxy, most often one that inspects TLS with a certificate authority of its own */
const CERT_FAILURE = /SELF_SIGNED_CERT|UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|CERT_UNTRUSTED/;

export function createTransport(options: TransportOptions): Transport {
  const { base, apiKey, timeoutMs, retries, backoff, maxRetryAfterMs } = options;
  const notFound = new Set(options.notFoundStatuses);
  const limit = pLimit(options.concurrency);
  const route: Route = options.route ?? { kind: 'direct' };
  const proxy = route.kind === 'proxy' ? route : undefined;
  /** what a message says of the proxy: host:port and the variable, never its credentials */
  const proxyNamed = proxy ? `the proxy ${proxy.shown} of ${proxy.variable}` : '';
  const send = fetchVia(route, timeoutMs);
  // the baseUrl as the caller knows it: the CLI's comes from an environment of its config, code's from createClient
  const baseUrlNamed = options.baseUrlSource ?? "the client's baseUrl";
  // (a 404 of a status read is about no template: the library says what was read; the CLI's words are as they were)
  const notTheApisHint = (call: Call): string => ` (not the API's answer${options.baseUrlSource !== undefined || call.nullOn404 ? ' for an absent template' : ''}: check that ${baseUrlNamed} is the API's address, its path included)`;

  /** A request URL at another origin than the base's, or above its path (a path `//host/...` or `/../..` from the config): never sent, the key would go along. */
  const outsideBase = (url: URL): boolean => url.origin !== base.origin || !url.pathname.startsWith(base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`);

  /** One HTTP attempt, logged (method, path, outcome, time) when a log is given. */
  /** `last`: no retry follows (the log says `failed`, not `retry`) */
  async function attempt(call: Call, last: boolean, stop: AbortSignal | undefined): Promise<Attempt> {
    const url = new URL(call.path.replace(/^\//, ''), base);
    const t0 = Date.now();
    const r = outsideBase(url) ? { kind: 'fail' as const, error: new RequestError(`${call.operation}: its path ${JSON.stringify(call.path)} leads out of the baseUrl (to ${url.origin}${url.pathname}); the key is sent to the baseUrl alone: write the path relative to it, starting with one /`) } : await attemptOnce(call, url, stop);
    const outcome = r.kind === 'ok' ? 'ok' : r.kind === 'retry' ? `${last ? 'failed, no retry left' : 'retry'} (${r.reason})`
      : `${r.error.name}${r.error.status ? ` ${r.error.status}` : ''}${r.error instanceof RedirectError ? ` (redirect to ${r.error.location}, not followed)` : ''}`;
    // the library's log has no output gate of the CLI's: what a server said (a redirect's Location) is redacted here
    options.log?.(scrub(`${call.method} ${url.pathname}${url.search} -> ${outcome} ${Date.now() - t0} ms${proxy ? ` (through the proxy ${proxy.shown})` : ''}`));
    return r;
  }

  /**
   * The deadline of one attempt: one signal, given to fetch, that ends the whole exchange (the
   * connection, a proxy's CONNECT, the headers and every byte of the body: fetch errors the body's
   * stream and its dispatcher closes the socket) when `timeoutMs` has passed, or the injected
   * timeoutSignal fires. A read (GET) also ends at once when the run is interrupted, since it
   * writes nothing and its answer is no longer wanted; a write in flight is left to finish (or time
   * out), so that the run knows what it did. Its own controller and a timer held here until end():
   * not AbortSignal.timeout inside AbortSignal.any, which Node holds only weakly (its timer keeps a
   * WeakRef, the composite too): once collected, it never fires, and an attempt waited for undici's
   * own 300 s headersTimeout, or for ever on a body that drips (nodejs/node#57736).
   */
  function attemptDeadline(call: Call, url: URL, runStop: AbortSignal | undefined): { signal: AbortSignal; expired(): boolean; interrupted(): boolean; end(): void } {
    const c = new AbortController();
    let expired = false;
    let interrupted = false;
    const expire = (): void => {
      if (c.signal.aborted) return;
      expired = true;
      c.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
    };
    const injected = options.timeoutSignal?.(timeoutMs, { method: call.method, target: `${url.pathname}${url.search}` });
    const timer = injected ? undefined : setTimeout(expire, timeoutMs);
    const stop = call.method === 'GET' ? runStop : undefined;
    const onStop = (): void => {
      if (c.signal.aborted) return;
      interrupted = true;
      c.abort(new DOMException('the run was interrupted', 'AbortError'));
    };
    injected?.addEventListener('abort', expire, { once: true });
    stop?.addEventListener('abort', onStop, { once: true });
    if (injected?.aborted) expire();
    if (stop?.aborted) onStop();
    return {
      signal: c.signal,
      expired: () => expired,
      interrupted: () => interrupted,
      end: () => {
        if (timer !== undefined) clearTimeout(timer);
        injected?.removeEventListener('abort', expire);
        stop?.removeEventListener('abort', onStop);
      },
    };
  }

  async function attemptOnce(call: Call, url: URL, stop: AbortSignal | undefined): Promise<Attempt> {
    const deadline = attemptDeadline(call, url, stop);
    try { return await exchange(call, url, deadline); } finally { deadline.end(); }
  }

  async function exchange(call: Call, url: URL, deadline: ReturnType<typeof attemptDeadline>): Promise<Attempt> {
    const what = `${call.operation} (${call.method} ${url.pathname}${url.search})`;
    let res: Response;
    try {
      res = await send(url, {
        method: call.method,
        headers: {
          apiKey,
          accept: 'application/json',
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
        signal: deadline.signal,
        // never follow: the key (and a write's body) would go along to wherever the server points
        redirect: 'manual',
      });
    } catch (e) {
      // a read ended by the interrupt: nothing was written, and nothing is tried again
      if (deadline.interrupted()) return { kind: 'fail', error: new UnavailableError(`${what}: interrupted before ${hostPort(url)} answered (a read: nothing was written)`) };
      const refused = proxy && !deadline.expired() ? tunnelRefusal(e) : undefined;
      if (proxy && refused !== undefined) {
        // the proxy answered the CONNECT: nothing reached the API
        if (refused === 407) {
          return { kind: 'fail', error: Object.assign(new RequestError(`${what}: ${proxyNamed} asks for credentials (407 Proxy Authentication Required)${proxy.token ? ' and did not take those in the variable' : ''}: give them in ${proxy.variable} as http://user:password@${proxy.shown} (user and password percent-encoded)`), { notSent: true }) };
        }
        const reason = `${proxyNamed} answered ${refused} to the request for a tunnel to ${hostPort(url)}`;
        if (refused >= 500) return { kind: 'retry', reason: `the proxy answered ${refused}`, error: Object.assign(new UnavailableError(`${what}: ${reason}: it could not reach the API`), { notSent: true }) };
        return { kind: 'fail', error: Object.assign(new RequestError(`${what}: ${reason}: it does not let this machine reach ${url.hostname}; ask whoever runs the proxy to allow ${hostPort(url)}, or, if this machine reaches the API directly, add ${url.hostname} to NO_PROXY`), { notSent: true }) };
      }
      const reason = `${deadline.expired() ? `no answer within ${timeoutMs} ms` : networkReason(e)} (${hostPort(url)}${proxy ? ` through ${proxyNamed}` : ''})`;
      // a port fetch will never connect to: no retry can help
      if (/bad port/i.test(reason)) return { kind: 'fail', error: new RequestError(`${what}: fetch refuses to connect to ${hostPort(url)} (a "bad port" of the Fetch standard); use another port`) };
      const unconnected = UNCONNECTED.test((e as { cause?: { code?: string } })?.cause?.code ?? '');
      return { kind: 'retry', reason, error: new UnavailableError(`${what}: ${reason}`), ...(unconnected ? { unconnected } : {}), ...(deadline.expired() ? { unanswered: true } : {}) };
    }
    let text: string;
    try {
      // always consume the body, so the connection is reused; an answer past the bound is not read on (a server sending gigabytes would exhaust the memory)
      const read = await readBounded(res, MAX_RESPONSE_BYTES);
      if (read === undefined) return { kind: 'fail', error: new ContractError(`${what}: the response from ${hostPort(url)} is larger than ${MAX_RESPONSE_BYTES / 2 ** 20} MiB, more than any answer of the API holds; it was not read (check the baseUrl, or ask the provider)`, '', res.status) };
      text = read;
    } catch (e) {
      if (deadline.interrupted()) return { kind: 'fail', error: new UnavailableError(`${what}: interrupted while ${hostPort(url)} was answering (a read: nothing was written)`, res.status) };
      // a body still coming when the attempt's time is up (a server that sends a byte now and then): given up, and tried again like no answer
      if (deadline.expired()) return { kind: 'retry', reason: `reading the response: not complete within ${timeoutMs} ms`, error: new UnavailableError(`${what}: the response from ${hostPort(url)} was still coming after ${timeoutMs} ms, the time-out of an attempt: not read further`, res.status) };
      return { kind: 'retry', reason: `reading the response: ${networkReason(e)}`, error: new UnavailableError(`${what}: the response from ${hostPort(url)} was cut off (${networkReason(e)})`, res.status) };
    }
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location') ?? '(no Location header)';
      return { kind: 'fail', error: new RedirectError(`${what}: the server answered ${res.status}, a redirect to ${location}; tplsync does not follow redirects of API calls (the key would be sent along): set the environment's baseUrl to the address the API answers at`, res.status, location) };
    }
    if (res.ok) {
      let value: unknown;
      try { value = JSON.parse(text); } catch {
        return { kind: 'retry', reason: 'a response that is not JSON', error: new UnavailableError(`${what}: the response is not JSON (${text.length} bytes${text.length ? `, starting ${JSON.stringify(text.slice(0, 40))}` : ''})`, res.status) };
      }
      // the checks and the plan walk answers recursively: a value nested past any answer's depth is refused, not followed
      if (nestedDeeperThan(value, MAX_RESPONSE_DEPTH)) return { kind: 'fail', error: new ContractError(`${what}: the response is nested deeper than ${MAX_RESPONSE_DEPTH} levels, which no answer of the API is`, '', res.status) };
      const v = call.response ? checkContract(call.response, value) : undefined;
      if (v) return { kind: 'fail', error: new ContractError(`${what}: the response does not match the API contract: ${v.path} ${v.message}`, v.path, res.status) };
      if (call.response === 'TemplateReadResponse') noteEditAllowance(value, res.headers);
      return { kind: 'ok', value };
    }
    const body = parseError(text);
    const extra = body?.errors?.filter((x) => x.message !== body.message && (x.message ?? x.code) !== undefined).map((x) => `${x.name ? `${x.name}: ` : ''}${x.message ?? x.code}`) ?? [];
    // a body that is not the API's JSON (a web server's page): its first words, on one line
    // (the API's own message, cut at MAX_DETAIL characters: a server's megabytes of message are no message to print)
    const detail = clip(visible(body ? `${body.message ?? '(no message)'}${extra.length ? ` (${extra.join('; ')})` : ''}` : text.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || res.statusText, { oneLine: true }));
    const codes = new Set(body?.errors?.map((x) => x.code) ?? []);
    // a 404 that is no answer of the API's is not "no such template": a page that is not JSON (a
    // web server's, for a baseUrl with a wrong path: every template would plan as new), or a code
    // that says the operation is unknown (the emulator's). A JSON 404 with another code stays
    // "absent": the API's document names no error codes, and a provider may word its own.
    const notTheApis = res.status === 404 && (codes.has('OPERATION_NOT_FOUND') || (body === undefined && text.trim() !== ''));
    if (call.nullOn404 && !notTheApis && (notFound.has(res.status) || codes.has('RESOURCE_NOT_FOUND'))) return { kind: 'ok', value: null };
    if (res.status === 401 || res.status === 403 || codes.has('API_KEY_NOT_FOUND') || codes.has('FORBIDDEN_ERROR')) {
      const forbidden = res.status === 403 || codes.has('FORBIDDEN_ERROR');
      // a key refused: which variable to fix (a key not allowed an operation is the account's matter)
      const source = options.keySource ? ` (${options.keySource}${forbidden ? ': it is not allowed this operation or channel; use a key that is, or ask for the permission' : ''})` : '';
      return { kind: 'fail', error: new AuthError(`${what}: ${forbidden ? 'not allowed' : 'authentication refused'}: ${detail}${source}`, res.status, [...codes][0]) };
    }
    if (RETRY_STATUSES.has(res.status)) {
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
      const Err = res.status === 429 ? RateLimitedError : UnavailableError;
      return { kind: 'retry', reason: `HTTP ${res.status}`, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}), error: new Err(`${what}: HTTP ${res.status}: ${detail}`, res.status) };
    }
    if (res.status === 404) return { kind: 'fail', error: new NotFoundError(`${what}: not found: ${detail}${notTheApis ? notTheApisHint(call) : ''}`, 404, [...codes][0]) };
    // a read of one template refused with a 4xx: perhaps how this service says it has no such template
    const hint = call.nullOn404 && res.status >= 400 && res.status < 500 ? ` (if this is how the service answers a template it does not have, list ${res.status} in the environment's notFoundStatuses: notFoundStatuses: [404, ${res.status}])` : '';
    return { kind: 'fail', error: new RequestError(`${what}: HTTP ${res.status}: ${detail}${hint}`, res.status, [...codes][0]) };
  }

  /** whatever a server echoes back (the key in another case, or a piece of it), the key never reaches a message */
  addSecret(apiKey);
  /** a text that may quote a server: the key (whole, in another case, in pieces) never in it */
  // (one function masks the key everywhere: a key of 4 to 7 characters whole, in any letter case where it stands alone)
  function scrub(text: string, ids: readonly string[] = []): string {
    // the ids of the request's path (POST /channel/ID/template/ID) are identifiers: a secret value equal to a part of one
    // masks none of it, here or where the message is printed (marked again after the pass)
    return identifiersMarkedIn(redactSecrets(identifiersMarkedIn(text, ids)), ids);
  }
  const redact = (e: ApiError, path = ''): ApiError => {
    e.message = scrub(e.message, path.split(/[/?#]/).filter((x) => UUID_RE.test(x)));
    // a redirect's Location is the server's text too (a field a structured logger writes)
    if (e instanceof RedirectError) (e as { location: string }).location = scrub(e.location);
    return e;
  };

  async function request<T>(call: Call): Promise<T> {
    try { return await requestRaw<T>(call); } catch (e) { throw e instanceof ApiError ? redact(e, call.path) : e; }
  }

  /** what the failure of the last attempt suggests: the baseUrl, the proxy, or the proxy variables that were not used */
  function hintFor(message: string): string {
    if (proxy) {
      // the connection that failed is the proxy's: the API's name is looked up by the proxy
      if (/ECONNREFUSED/.test(message)) return `; nothing answers at ${proxyNamed}: check ${proxy.variable}, or that the proxy runs`;
      if (/ENOTFOUND|EAI_AGAIN/.test(message)) return `; the name of ${proxyNamed} was not found: check ${proxy.variable} (and this machine's network or DNS)`;
      if (CERT_FAILURE.test(message)) return `; through ${proxyNamed}, the API's TLS certificate was not trusted: a proxy that inspects TLS signs with a certificate authority of its own; give Node its certificate with NODE_EXTRA_CA_CERTS=/path/to/ca.pem`;
      return '';
    }
    // nothing listens there: most often a server (or tplsync emulator) not started, or a wrong baseUrl
    const hint = /ECONNREFUSED/.test(message) ? `; nothing answers at ${hostPort(base)}: start the API there (or ${options.baseUrlSource !== undefined ? 'tplsync emulator' : 'the emulator'}), or check ${baseUrlNamed}`
      : /ENOTFOUND|EAI_AGAIN/.test(message) ? `; the name ${base.hostname} was not found: check ${baseUrlNamed} (and this machine's network or DNS)` : '';
    if (route.kind === 'direct' && CONNECT_FAILURE.test(message)) {
      if (route.excluded) return `${hint}; ${route.excluded.variable} is set, but ${route.excluded.noProxy} (its entry '${route.excluded.entry}') excludes ${base.hostname}, so tplsync connected directly: take it out of ${route.excluded.noProxy} if this machine reaches the API only through the proxy`;
      if (route.otherScheme) return `${hint}; ${route.otherScheme.variable} is set, but it is read for ${route.otherScheme.wanted === 'HTTPS_PROXY' ? 'http' : 'https'}:// addresses only (as curl reads it), so tplsync connected directly: set ${route.otherScheme.wanted} for this ${base.protocol}// baseUrl`;
    }
    return hint;
  }

  /**
   * The base URL found unreachable: a request ran out of retries on a connection that never opened
   * (UNCONNECTED). For HOST_DOWN_MS after, a request is not sent (it fails at once, saying why) and
   * one waiting to try again is not tried again; an answer to any request ends it. A run of many
   * requests ends in the time one request's retries take, not that times the requests.
   */
  let down: { at: number; why: string; hint: string } | undefined;
  /**
   * A request trying again after its connection did not open: the others wait for what its next
   * attempts find rather than each trying on its own (one backoff for the base URL, not one per
   * request). Ended by an attempt of any request that connects, by its request's end (having
   * given up: `down`), or by the run's interrupt.
   */
  let probe: { owner: object; released: Promise<void>; release: () => void } | undefined;
  const now = options.now ?? Date.now;
  /** resolves with `p`, or once `signal` is aborted (a request waiting for another's probe stops waiting); its listener dropped after */
  const untilAborted = async (p: Promise<void>, signal: AbortSignal | undefined): Promise<void> => {
    if (!signal) return p;
    let done!: () => void;
    const aborted = new Promise<void>((r) => { done = r; });
    signal.addEventListener('abort', done, { once: true });
    try { await Promise.race([p, aborted]); } finally { signal.removeEventListener('abort', done); }
  };
  const openProbe = (owner: object): void => {
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    probe = { owner, released, release };
  };
  /** the waiting requests go on a turn later: the request that ended it is heard first by its caller (a failure that explains, before those it stopped) */
  const endProbe = (): void => {
    const p = probe;
    probe = undefined;
    if (p) setImmediate(p.release);
  };
  const isDown = (): boolean => down !== undefined && now() - down.at < HOST_DOWN_MS;
  /** the error of a request not sent: the base URL was just found unreachable (or the run interrupted while it waited) */
  const notAttempted = (call: Call, why: string): UnavailableError => {
    const url = new URL(call.path.replace(/^\//, ''), base);
    return Object.assign(new UnavailableError(`${call.operation} (${call.method} ${url.pathname}${url.search}): not sent: ${why}`), { notSent: true, notAttempted: why });
  };

  async function requestRaw<T>(call: Call): Promise<T> {
    const stop = stopOf(options.stopSignal, call.signal);
    try { return await requestStopping<T>(call, stop); } finally { stop.end(); }
  }

  async function requestStopping<T>(call: Call, stop: ReturnType<typeof stopOf>): Promise<T> {
    const me = {};
    const stopSignal = stop.signal;
    let last: ApiError | undefined;
    /** the last attempt's connection did not open, and why (its reason) */
    let unconnected: string | undefined;
    let stopped = false;
    /** not tried again: the base URL was found unreachable meanwhile (by another request) */
    let heldBack = false;
    // a write: whether one of its attempts may have been acted on (said on the error: a send names its id then)
    let reached = false;
    const said = (e: ApiError): ApiError => { if (call.method !== 'GET') e.mayHaveReached = reached; return e; };
    try {
      for (let n = 0; n <= retries; n++) {
        let r: Attempt | undefined;
        let waited = false;
        while (!r) {
          // another request is finding out whether the base URL connects: what it finds is waited for
          while (probe && probe.owner !== me && !stopSignal?.aborted) { waited = true; await untilAborted(probe.released, stopSignal); }
          // (the caller's own cancel, aborted before anything went out: nothing is sent; the run's stop lets a first request go, as before)
          if (stopSignal?.aborted && (waited || call.signal?.aborted)) {
            if (n === 0) throw said(notAttempted(call, stop.why()));
            stopped = true;
            break;
          }
          if (isDown()) {
            if (n === 0) throw said(notAttempted(call, `${down!.why}${down!.hint}`));
            heldBack = true;
            break;
          }
          // (a probe may have begun while this one waited for its turn); what the attempt found is noted before the
          // turn passes on, so the request that takes it next sees the probe that begins
          r = await limit(async () => {
            if ((probe && probe.owner !== me) || isDown()) return undefined;
            const a = await attempt(call, n === retries, stopSignal);
            if (a.kind === 'retry' && a.unconnected) { if (!probe) openProbe(me); }
            // the connection opened (or an answer came through a proxy): the base URL is there, whatever it answered
            else if (a.kind !== 'fail' || a.error.status !== undefined || a.error.notSent) { down = undefined; endProbe(); }
            return a;
          });
        }
        if (!r) break;
        if (r.kind === 'ok') return r.value as T;
        reached ||= attemptMayHaveReached(r.error);
        if (r.kind === 'fail') throw said(r.error);
        last = r.error;
        unconnected = r.unconnected ? r.reason : undefined;
        // the server's Retry-After stays on the error the caller gets (once the retries ran out too)
        if (r.error instanceof RateLimitedError && r.retryAfterMs !== undefined) r.error.retryAfterMs = r.retryAfterMs;
        if (call.rateLimitToCaller && r.error instanceof RateLimitedError) throw said(r.error);
        if (n === retries) break;
        // interrupted: a retry is a new request, and the run starts nothing new
        if (stopSignal?.aborted) { stopped = true; break; }
        const delayMs = r.retryAfterMs !== undefined ? Math.min(r.retryAfterMs, maxRetryAfterMs) : backoffDelay(n, backoff);
        options.onRetry?.({ operation: call.operation, attempt: n + 1, of: retries, delayMs, reason: r.reason, host: hostPort(base), ...(r.retryAfterMs !== undefined ? { retryAfterMs: r.retryAfterMs } : {}), ...(r.unanswered ? { unansweredMs: timeoutMs } : {}) });
        await sleep(delayMs, stopSignal);
        if (stopSignal?.aborted) { stopped = true; break; }
      }
      said(last!);
      if (stopped) throw Object.assign(last!, { message: `${last!.message} (not tried again: ${stop.why()})` });
      if (heldBack) throw Object.assign(last!, { message: `${last!.message} (not tried again: ${down!.why})${down!.hint}` });
      const hint = hintFor(last!.message);
      if (unconnected !== undefined) {
        // the base URL does not connect: the requests that follow are not sent for a while, those waiting not tried again
        const attempts = retries + 1;
        down = { at: now(), why: `another request has just failed ${attempts === 1 ? 'once' : `${attempts} times`} with ${unconnected}`, hint };
        options.log?.(scrub(`${hostPort(base)}: no request is sent there for ${HOST_DOWN_MS / 1000} s: ${down.why}`));
      }
      throw Object.assign(last!, { message: `${last!.message} (${retries === 0 ? 'not tried again: retries is 0' : `gave up after ${retries + 1} attempts`})${hint}` });
    } finally {
      if (probe?.owner === me) endProbe();
    }
  }

  return { request };
}

/** the longest detail of an error answer printed: longer ones are cut, with how much was left out */
const MAX_DETAIL = 1000;
function clip(t: string): string {
  return t.length <= MAX_DETAIL ? t : `${t.slice(0, MAX_DETAIL)}... (${(t.length - MAX_DETAIL).toLocaleString('en')} more characters not shown)`;
}

function parseError(text: string): ErrorBody | undefined {
  try {
    const v = JSON.parse(text) as ErrorBody;
    return v && typeof v === 'object' && typeof v.message === 'string' ? v : undefined;
  } catch { return undefined; }
}

/** a network error's words (an attempt's time-out is said by its deadline, attemptDeadline) */
function networkReason(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = err?.cause?.code;
  return code ? `network error ${code}` : `network error: ${err?.cause?.message ?? err?.message ?? String(e)}`;
}
