// The files discovery refused to open (discover.ts), for the run (core/io.ts runState): a module
// of its own, light enough for the bin's replay of a kept lint (lint/replay.ts), which has no use
// for the readers of load.ts.
import { runState } from '../core/io.js';

/**
 * Files discovery refused to open (discover.ts): a link that leads out of the project, a FIFO, a
 * device. Each is a finding; no command ever reads or writes it.
 */
type Refusal = { kind: 'outside-project' | 'unreadable'; message: string };
const REFUSED = Symbol('refused files');
/** the refusals of this run (core/io.ts runState): an in-process run leaves none to the next */
export const refusedOf = (): Map<string, Refusal> => runState(REFUSED, () => new Map<string, Refusal>());

export function refuseFile(abs: string, kind: 'outside-project' | 'unreadable', message: string): void {
  refusedOf().set(abs, { kind, message });
}

/**
 * `fn` run, the refusals of the files `abs` as they were before it (a file named on the command
 * line is a root of its own: a discovery of the project's files, which refuses it as a link out,
 * does not refuse it for the run that named it)
 */
export async function keepingRefusalsOf<T>(abs: readonly string[], fn: () => Promise<T>): Promise<T> {
  const refused = refusedOf();
  const before = new Map(abs.map((a) => [a, refused.get(a)]));
  try { return await fn(); } finally {
    for (const [a, r] of before) { if (r) refused.set(a, r); else refused.delete(a); }
  }
}

/** whether discovery refused this file (it is never opened: its refusal is its result, never a cached one) */
export function isRefused(abs: string): boolean {
  return refusedOf().has(abs);
}

/** the files of these that are refused, and why (what a kept run's key holds of them) */
export function refusalsOf(abs: readonly string[]): [string, string][] {
  const refused = refusedOf();
  return refused.size === 0 ? [] : abs.flatMap((a) => { const r = refused.get(a); return r ? [[a, r.kind] as [string, string]] : []; });
}

/** whether any of these files is refused (the read-ahead worker is then not used: it would open them) */
export function anyRefused(abs: readonly string[]): boolean {
  const refused = refusedOf();
  return refused.size > 0 && abs.some((a) => refused.has(a));
}

