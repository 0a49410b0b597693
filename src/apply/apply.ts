// Effects: writes the changes of a plan with bounded concurrency, verifies each write by
// reading it back, goes on past a failed template, and (with wait) follows the review.
import pLimit from 'p-limit';
import type { Client } from '../api/client.js';
import { ApiError, AuthError } from '../api/errors.js';
import type { TemplateWriteRequest } from '../api/shapes.js';
import { diffTemplates, fromRead, fromWriteBody } from '../model/canonical.js';

export interface ApplyItem { channel: string; name: string; language: string; publicId: string; channelId: string; action: 'create' | 'update'; body: TemplateWriteRequest }

export type Outcome = 'created' | 'updated' | 'failed' | 'skipped';

export interface ApplyResult {
  channel: string; name: string; language: string; publicId: string; channelId: string;
  action: 'create' | 'update';
  outcome: Outcome;
  /** review status after the write (and after waiting, with wait) */
  status?: string;
  rejectionReason?: string;
  error?: string;
  /** the exit code the error maps to */
  errorExitCode?: number;
}

export interface ApplyOptions {
  parallelism: number;
  onResult?: (r: ApplyResult) => void;
  /** follow the review until APPROVED or REJECTED */
  wait?: { timeoutMs: number; pollMs: number };
  signal?: AbortSignal;
}

export async function applyItems(client: Client, items: readonly ApplyItem[], o: ApplyOptions): Promise<{ results: ApplyResult[]; authFailure?: AuthError }> {
  const limit = pLimit(o.parallelism);
  let authFailure: AuthError | undefined;
  const results = await Promise.all(items.map((it) => limit(async (): Promise<ApplyResult> => {
    const base = { channel: it.channel, name: it.name, language: it.language, publicId: it.publicId, channelId: it.channelId, action: it.action };
    if (authFailure || o.signal?.aborted) {
      const r: ApplyResult = { ...base, outcome: 'skipped', error: authFailure ? 'not attempted: authentication was refused' : 'not attempted: interrupted' };
      o.onResult?.(r);
      return r;
    }
    let r: ApplyResult;
    try {
      await client.writeTemplate(it.channelId, it.publicId, it.body);
      const back = await client.getTemplate(it.channelId, it.publicId);
      if (!back) throw new ApiError('the write was acknowledged but reading it back found no template');
      const diff = diffTemplates(fromWriteBody(it.body, it.channelId, it.publicId), fromRead(back, it.channelId));
      if (diff.length) throw new ApiError(`the template read back differs from what was written at ${diff.map((d) => d.path).join(', ')}`);
      r = { ...base, outcome: it.action === 'create' ? 'created' : 'updated', status: back.statusText, ...(back.rejectionReason ? { rejectionReason: back.rejectionReason } : {}) };
    } catch (e) {
      if (e instanceof AuthError && e.status !== 403) authFailure ??= e;
      const err = e instanceof Error ? e : new Error(String(e));
      r = { ...base, outcome: 'failed', error: err.message, errorExitCode: (e as ApiError).exitCode ?? 70 };
    }
    if (!o.wait) o.onResult?.(r);
    return r;
  })));
  if (o.wait) await waitForReview(client, results, o.wait, o.signal);
  if (o.wait) for (const r of results) o.onResult?.(r);
  return { results, ...(authFailure ? { authFailure } : {}) };
}

/** Polls written templates until none is PENDING or the time is up. */
async function waitForReview(client: Client, results: ApplyResult[], w: { timeoutMs: number; pollMs: number }, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + w.timeoutMs;
  let pending = results.filter((r) => (r.outcome === 'created' || r.outcome === 'updated') && r.status === 'PENDING');
  while (pending.length && Date.now() < deadline && !signal?.aborted) {
    await new Promise((ok) => setTimeout(ok, w.pollMs));
    await Promise.all(pending.map(async (r) => {
      try {
        const t = await client.getTemplate(r.channelId, r.publicId);
        if (t) { r.status = t.statusText; if (t.rejectionReason) r.rejectionReason = t.rejectionReason; }
      } catch { /* keep polling until the deadline */ }
    }));
    pending = pending.filter((r) => r.status === 'PENDING');
  }
}

