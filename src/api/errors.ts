// Typed API errors, each with the exit code of DESIGN.md. Messages name the operation and
// what the server said, never a header (the API key never appears in any of them).
import { EXIT } from '../core/exit-codes.js';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly exitCode: number = EXIT.INTERNAL;
  /** a send whose outcome is unknown (no answer came back): its id, to look it up (`status`) or to send it again under (never delivered twice) */
  clientMessageId?: string;
  /**
   * a write (POST) that may have reached the server and been acted on: an attempt went unanswered
   * (a time-out, a reset), was answered 5xx, or was answered in a form not understood (not JSON,
   * outside the contract). False when every attempt was refused before it could be (nothing listens,
   * the name is unknown, 4xx, 429).
   */
  mayHaveReached?: boolean;
  /** the request never left: the proxy refused to open the tunnel to the API (or asked for credentials), or it was not attempted (notAttempted) */
  notSent?: boolean;
  /**
   * the request was not attempted at all, and why: another request had just found the base URL
   * unreachable (its retries spent on connections that never opened), or the run was interrupted
   * while it waited for that request's outcome
   */
  notAttempted?: string;
  constructor(message: string, readonly status?: number, readonly code?: string) { super(message); }
}

/**
 * Whether a failed attempt of a write may have reached the server and been acted on (see
 * ApiError.mayHaveReached): a refusal (4xx, 429, a redirect, a key refused) and a connection that
 * never opened (nothing listens, an unknown name, a port fetch refuses) did not; anything else may have.
 */
export function attemptMayHaveReached(e: ApiError): boolean {
  if (e instanceof ContractError) return e.status === undefined || (e.status >= 200 && e.status < 300);
  if (!(e instanceof UnavailableError) || e.notSent) return false;
  if (e.status === 408) return false;
  return e.status !== undefined || !/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(e.message);
}
/** 401/403, or an error code naming the key: exit 6 */
export class AuthError extends ApiError {
  override name = 'AuthError';
  override readonly exitCode = EXIT.AUTH;
}
/** 404 on an operation where "absent" is not an answer (an unknown id or channel on the command line or in the config): exit 3 */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  override readonly exitCode = EXIT.USAGE;
}
/** the server refused the request itself (400, 409, ...): exit 3 */
export class RequestError extends ApiError {
  override name = 'RequestError';
  override readonly exitCode = EXIT.USAGE;
}
/** a 3xx: API calls never follow a redirect (the key would go along), exit 3 with where it pointed */
export class RedirectError extends RequestError {
  override name = 'RedirectError';
  constructor(message: string, status: number, readonly location: string) { super(message, status); }
}
/** still rate limited when the retries ran out: exit 7 */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  override readonly exitCode = EXIT.UNAVAILABLE;
  /** the server's Retry-After, in ms, when it gave one */
  retryAfterMs?: number;
}
/** network errors, time-outs, 5xx, unreadable bodies, when the retries ran out: exit 7 */
export class UnavailableError extends ApiError {
  override name = 'UnavailableError';
  override readonly exitCode = EXIT.UNAVAILABLE;
}
/** a response that does not match schema/openapi.yaml (a missing or mistyped field): exit 70 */
export class ContractError extends ApiError {
  override name = 'ContractError';
  override readonly exitCode = EXIT.INTERNAL;
  constructor(message: string, readonly path: string, status?: number) { super(message, status); }
}
