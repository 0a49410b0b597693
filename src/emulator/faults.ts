// Pure: deterministic fault injection. Whether a request misbehaves, and how, is decided from
// the request itself: a hash of the seed, the request's identity (method, normalised path and
// query, body bytes) and how many times that identity has been seen. The same seed gives the
// same faults whatever order concurrent requests arrive in, so a failing test replays exactly.
import { createHash } from 'node:crypto';
import { keeps, ruleText, type NumberRule } from '../core/number-option.js';

export type FaultKind = 'error' | 'rateLimit' | 'reset' | 'hang' | 'truncate' | 'nonJson' | 'lostResponse' | 'failedSend';
export type Operation = 'write' | 'read' | 'send' | 'status' | 'list';
export const OPERATIONS: readonly Operation[] = ['write', 'read', 'send', 'status', 'list'];

export interface FaultSettings {
  /** a whole number 0..2^32-1 */
  seed?: number;
  /** added to every API request (ms, at most FAULT_LIMITS.latencyMs) */
  latencyMs?: number;
  /** plus a uniform random 0..jitterMs */
  jitterMs?: number;
  /** share of requests answered 500, 502 or 503 */
  errorRate?: number;
  /** share answered 429 with Retry-After */
  rateLimitRate?: number;
  retryAfterSec?: number;
  /** share whose connection is reset before an answer */
  resetRate?: number;
  /** share that never get an answer */
  hangRate?: number;
  /** share whose body is cut off half way */
  truncateRate?: number;
  /** share answered 200 with a body that is not JSON */
  nonJsonRate?: number;
  /** share of writes and sends that are carried out but whose connection is then reset */
  lostResponseRate?: number;
  /**
   * share of sends taken (200) whose messages failed: the answer's `messages[].status` is 3 (fail,
   * schema/openapi.yaml), and `status` then reports each receiver failed (a repeat under the same id too)
   */
  failedSendRate?: number;
  /** the operations faults apply to (default: all four) */
  operations?: Operation[];
}

export const FAULT_KEYS: readonly (keyof FaultSettings)[] = [
  'seed', 'latencyMs', 'jitterMs', 'errorRate', 'rateLimitRate', 'retryAfterSec', 'resetRate', 'hangRate', 'truncateRate', 'nonJsonRate', 'lostResponseRate', 'failedSendRate', 'operations',
];
const RATE_KEYS = ['errorRate', 'rateLimitRate', 'resetRate', 'hangRate', 'truncateRate', 'nonJsonRate', 'lostResponseRate', 'failedSendRate'] as const;

/** upper bounds of the settings that are not shares */
export const FAULT_LIMITS = { seed: 0xffffffff, latencyMs: 60_000, jitterMs: 60_000, retryAfterSec: 3600 } as const;

/** the rule of a numeric fault setting: a share from 0 to 1, or a number up to its limit (the seed and Retry-After whole) */
export function faultRule(k: keyof FaultSettings): NumberRule {
  if (k.endsWith('Rate')) return { min: 0, max: 1 };
  return { min: 0, max: FAULT_LIMITS[k as keyof typeof FAULT_LIMITS], whole: k === 'seed' || k === 'retryAfterSec' };
}

/** the statuses an injected server error takes (each declared in schema/openapi.yaml) */
export const INJECTED_ERROR_STATUSES = [500, 502, 503] as const;

/** identities remembered for their attempt count; the oldest is forgotten beyond this */
const MAX_IDENTITIES = 100_000;

export interface FaultDecision { kind?: FaultKind; status?: number; delayMs: number }

/** The identity of a request for fault decisions: its method, normalised target and body bytes. */
export function requestIdentity(method: string, target: string, body: Uint8Array): string {
  return createHash('sha256').update(`${method}\u0000${target}\u0000`).update(body).digest('hex');
}

/** three uniform numbers in [0, 1) from (seed, identity, attempt) */
function draws(seed: number, identity: string, attempt: number): [number, number, number] {
  const h = createHash('sha256').update(`${seed}\u0000${attempt}\u0000${identity}`).digest();
  return [h.readUInt32BE(0) / 2 ** 32, h.readUInt32BE(4) / 2 ** 32, h.readUInt32BE(8) / 2 ** 32];
}

export class FaultPlan {
  private readonly attempts = new Map<string, number>();
  readonly active: boolean;
  constructor(readonly settings: FaultSettings) {
    this.active = Boolean(settings.latencyMs || settings.jitterMs || RATE_KEYS.some((k) => settings[k]));
  }

  /** The fault (if any) for this request: the n-th time an identity is seen draws from (seed, identity, n). */
  decide(op: Operation, identity: string): FaultDecision {
    if (!this.active) return { delayMs: 0 };
    const s = this.settings;
    const attempt = this.attempts.get(identity) ?? 0;
    this.attempts.delete(identity);
    this.attempts.set(identity, attempt + 1);
    if (this.attempts.size > MAX_IDENTITIES) this.attempts.delete(this.attempts.keys().next().value!);
    const [rDelay, rKind, rStatus] = draws(s.seed ?? 1, identity, attempt);
    const delayMs = (s.latencyMs ?? 0) + (s.jitterMs ? rDelay * s.jitterMs : 0);
    // the operations named are the only ones slowed or failed (latency included)
    if (s.operations && !s.operations.includes(op)) return { delayMs: 0 };
    let acc = 0;
    const table: [FaultKind, number | undefined][] = [
      ['error', s.errorRate], ['rateLimit', s.rateLimitRate], ['reset', s.resetRate], ['hang', s.hangRate],
      ['truncate', s.truncateRate], ['nonJson', s.nonJsonRate],
      ['lostResponse', op === 'write' || op === 'send' ? s.lostResponseRate : 0],
      ['failedSend', op === 'send' ? s.failedSendRate : 0],
    ];
    for (const [kind, rate] of table) {
      acc += rate ?? 0;
      if (rKind < acc) {
        return kind === 'error'
          ? { kind, status: INJECTED_ERROR_STATUSES[Math.floor(rStatus * INJECTED_ERROR_STATUSES.length)]!, delayMs }
          : { kind, delayMs };
      }
    }
    return { delayMs };
  }
}

/** Validates settings from a flag or the control endpoint; returns an error message or undefined. */
export function checkFaults(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'faults must be an object';
  for (const [k, x] of Object.entries(v)) {
    if (!FAULT_KEYS.includes(k as keyof FaultSettings)) return `unknown fault setting '${k}' (known: ${FAULT_KEYS.join(', ')})`;
    if (k === 'operations') {
      if (!Array.isArray(x) || x.some((o) => !OPERATIONS.includes(o))) return 'operations is a list of write, read, send, status, list';
      // an empty list would select no operation: every rate set beside it would do nothing, in silence
      if (x.length === 0) return 'operations is empty, so no request would get a fault: name one or more of write, read, send, status, list, or leave operations out for all of them';
      continue;
    }
    const rule = faultRule(k as keyof FaultSettings);
    if (typeof x !== 'number' || !keeps(x, rule)) return `${k} must be ${ruleText(rule)}`;
  }
  const total = RATE_KEYS.reduce((a, k) => a + ((v as Record<string, number>)[k] ?? 0), 0);
  return total > 1 + 1e-9 ? 'the fault rates add up to more than 1' : undefined;
}
