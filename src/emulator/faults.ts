// Pure: deterministic fault injection. A seeded PRNG decides, request by request, whether the
// emulator misbehaves and how, so a failing test replays exactly.

export type FaultKind = 'error' | 'rateLimit' | 'reset' | 'hang' | 'truncate' | 'nonJson' | 'lostResponse';
export type Operation = 'write' | 'read' | 'send' | 'status' | 'list';

export interface FaultSettings {
  seed?: number;
  /** added to every API request */
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
  /** the operations faults apply to (default: all four) */
  operations?: Operation[];
}

export const FAULT_KEYS: readonly (keyof FaultSettings)[] = [
  'seed', 'latencyMs', 'jitterMs', 'errorRate', 'rateLimitRate', 'retryAfterSec', 'resetRate', 'hangRate', 'truncateRate', 'nonJsonRate', 'lostResponseRate', 'operations',
];

/** mulberry32: small, fast, good enough to scatter faults */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FaultDecision { kind?: FaultKind; status?: number; delayMs: number }

export class FaultPlan {
  private random: () => number;
  constructor(readonly settings: FaultSettings) {
    this.random = prng(settings.seed ?? 1);
  }

  decide(op: Operation): FaultDecision {
    const s = this.settings;
    const delayMs = (s.latencyMs ?? 0) + (s.jitterMs ? this.random() * s.jitterMs : 0);
    if (s.operations && !s.operations.includes(op)) return { delayMs };
    const r = this.random();
    let acc = 0;
    const table: [FaultKind, number | undefined][] = [
      ['error', s.errorRate], ['rateLimit', s.rateLimitRate], ['reset', s.resetRate], ['hang', s.hangRate],
      ['truncate', s.truncateRate], ['nonJson', s.nonJsonRate],
      ['lostResponse', op === 'write' || op === 'send' ? s.lostResponseRate : 0],
    ];
    for (const [kind, rate] of table) {
      acc += rate ?? 0;
      if (r < acc) return kind === 'error' ? { kind, status: [500, 502, 503][Math.floor(this.random() * 3)]!, delayMs } : { kind, delayMs };
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
      if (!Array.isArray(x) || x.some((o) => !['write', 'read', 'send', 'status', 'list'].includes(o))) return 'operations is a list of write, read, send, status, list';
    } else if (typeof x !== 'number' || x < 0 || (k.endsWith('Rate') && x > 1)) return `${k} must be a number${k.endsWith('Rate') ? ' from 0 to 1' : ' >= 0'}`;
  }
  const total = ['errorRate', 'rateLimitRate', 'resetRate', 'hangRate', 'truncateRate', 'nonJsonRate', 'lostResponseRate']
    .reduce((a, k) => a + ((v as Record<string, number>)[k] ?? 0), 0);
  return total > 1 ? 'the fault rates add up to more than 1' : undefined;
}
