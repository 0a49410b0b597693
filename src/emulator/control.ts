// Effects: the control endpoints under /_emulator/ (loopback only). Health is open; faults,
// clock and state need the control token. Every value is checked and bounded before it is used.
import type { IncomingHttpHeaders } from 'node:http';
import type { ControlToken } from './auth.js';
import { checkFaults, type FaultSettings } from './faults.js';
import { errorBody, HttpError } from './http-error.js';
import { parseJsonBody } from './operations.js';
import { QUALITY_SCORES, TEMPLATE_STATUS } from '../api/shapes.js';
import type { JournalEntry } from './journal.js';
import { DELETION_STATES, EmulatorState, MAX_RECEIVED, type ReviewRequest } from './state.js';
import { MAX_CLOCK_OFFSET_MS } from './clock-limit.js';

/** the most one `advanceMs` may move the clock: ten years */
export const MAX_ADVANCE_MS = 10 * 366 * 24 * 3600_000;
/** the most the clock may be ahead of real time in all: a hundred years */
export { MAX_CLOCK_OFFSET_MS } from './clock-limit.js';

/** The emulator's clock: real time plus what was advanced. */
export class Clock {
  private offset = 0;
  /** `base`: the machine's clock, or a test's own (an instant that does not move while a test waits on a loaded machine) */
  constructor(private readonly base: () => number = Date.now) {}
  readonly now = (): number => this.base() + this.offset;
  /** throws a message when `ms` is not a finite number from 0 to MAX_ADVANCE_MS, or would move the clock too far */
  advance(ms: unknown): void {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || ms > MAX_ADVANCE_MS) throw new Error(`advanceMs must be a number from 0 to ${MAX_ADVANCE_MS} (ten years)`);
    if (this.offset + ms > MAX_CLOCK_OFFSET_MS) throw new Error(`the clock may be at most ${MAX_CLOCK_OFFSET_MS} ms (a hundred years) ahead`);
    this.offset += ms;
  }
  /** how far ahead of the machine's clock it is (kept in the data file: a restart keeps the emulator's time) */
  get offsetMs(): number { return this.offset; }
  /** the offset a data file kept (a value that is no offset is ignored) */
  restore(offsetMs: unknown): void {
    if (typeof offsetMs === 'number' && Number.isFinite(offsetMs) && offsetMs >= 0 && offsetMs <= MAX_CLOCK_OFFSET_MS) this.offset = offsetMs;
  }
}

export interface ControlContext {
  token: ControlToken;
  state: EmulatorState;
  clock: Clock;
  faults(): FaultSettings;
  setFaults(f: FaultSettings): void;
  /** makes a change durable (the journal) before it is committed */
  persist(e: JournalEntry): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'];
const REVIEW_KEYS = ['channel', 'template', 'statusText', 'reason', 'recommendation', 'quality', 'category', 'pause'];

/** The body of POST /_emulator/review, checked: the request, or a message naming the field that is wrong. */
export function checkReviewRequest(body: unknown): ReviewRequest | { error: string; field: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: 'The body must be a JSON object: {"channel": UUID, "template": UUID, "statusText"?, "reason"?, "recommendation"?, "quality"?, "category"?, "pause"?}', field: '' };
  const b = body as Record<string, unknown>;
  const extra = Object.keys(b).find((k) => !REVIEW_KEYS.includes(k));
  if (extra !== undefined) return { error: `Unknown field ${JSON.stringify(extra.slice(0, 60))}; the fields are ${REVIEW_KEYS.join(', ')}`, field: extra.slice(0, 60) };
  for (const k of ['channel', 'template']) {
    if (typeof b[k] !== 'string' || !UUID.test(b[k] as string)) return { error: `${k} must be the ${k === 'channel' ? "channel's" : "template's"} UUID`, field: k };
  }
  if (b.statusText !== undefined && (typeof b.statusText !== 'string' || !(b.statusText in TEMPLATE_STATUS))) {
    return { error: `statusText must be one of ${Object.keys(TEMPLATE_STATUS).join(', ')}`, field: 'statusText' };
  }
  for (const k of ['reason', 'recommendation']) {
    if (b[k] !== undefined && (typeof b[k] !== 'string' || (b[k] as string).length > 1000)) return { error: `${k} must be a string of at most 1000 characters`, field: k };
  }
  if (b.quality !== undefined && !(QUALITY_SCORES as readonly unknown[]).includes(b.quality)) return { error: `quality must be one of ${QUALITY_SCORES.join(', ')}`, field: 'quality' };
  if (b.category !== undefined && !CATEGORIES.includes(b.category as string)) return { error: `category must be one of ${CATEGORIES.join(', ')}`, field: 'category' };
  if (b.pause !== undefined && b.pause !== true) return { error: 'pause must be true (the platform pauses the template for low quality), or left out', field: 'pause' };
  if (b.pause && b.statusText !== undefined) return { error: 'Give statusText or pause, not both: a pause sets the state (PAUSED, or DISABLED at the third)', field: 'pause' };
  const { pause, ...rest } = b;
  return (pause ? { ...rest, pause: true } : rest) as unknown as ReviewRequest;
}

export interface ControlRequest { name: string; method: string; headers: IncomingHttpHeaders; remoteAddress: string; readBody(): Promise<Buffer>; discardBody(): void }

/** The methods of each control endpoint: a known endpoint asked with another method answers 405 with Allow. */
const CONTROL_METHODS: Readonly<Record<string, readonly string[]>> = { health: ['GET'], faults: ['GET', 'POST'], clock: ['POST'], review: ['POST'], state: ['GET'], conversations: ['GET'] };

const methodNotAllowed = (r: ControlRequest, allowed: readonly string[]): HttpError =>
  new HttpError(405, 'METHOD_NOT_ALLOWED', `${r.method} is not allowed on /_emulator/${r.name}; use ${allowed.join(', ')}`, undefined, { allow: allowed.join(', ') });

const isLoopback = (a: string): boolean => /^(127\.|::1$|::ffff:127\.)/.test(a);

export async function control(r: ControlRequest, ctx: ControlContext): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
  const error = (e: HttpError) => ({ status: e.status, body: errorBody(e.status, e.code, e.message, e.field), headers: e.headers });
  try {
    if (!isLoopback(r.remoteAddress)) throw new HttpError(403, 'FORBIDDEN_ERROR', 'The control endpoints answer on loopback only');
    // a known endpoint asked with a method it does not take: 405 with Allow before the token and the body are judged
    // (a POST to health was told of its token, then of its Content-Type, and only then of the method)
    // HEAD is GET without the body (a load balancer's or a container's health check: `curl -I`); the server sends no body for it
    // conversations/<clientMessageId>: what a send carried (the endpoint is `conversations`, its argument the id)
    const conversation = /^conversations\/([^/]+)$/.exec(r.name);
    if (conversation) r = { ...r, name: 'conversations' };
    const allowed = CONTROL_METHODS[r.name]?.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
    if (allowed && !allowed.includes(r.method)) { r.discardBody(); throw methodNotAllowed(r, allowed); }
    if (r.method === 'HEAD') r = { ...r, method: 'GET' };
    if (r.name === 'health') { r.discardBody(); return { status: 200, body: { ok: true } }; }
    ctx.token.check(r.headers);
    const body = r.method === 'POST' ? parseJsonBody(r.headers, await r.readBody()) : (r.discardBody(), undefined);
    switch (`${r.method} ${r.name}`) {
      case 'GET faults': return { status: 200, body: ctx.faults() };
      case 'POST faults': {
        const err = checkFaults(body);
        if (err) throw new HttpError(400, 'INVALID', err);
        ctx.setFaults(body as FaultSettings);
        return { status: 200, body: ctx.faults() };
      }
      case 'POST clock': {
        try { ctx.clock.advance((body as { advanceMs?: unknown } | null)?.advanceMs); } catch (e) { throw new HttpError(400, 'INVALID', (e as Error).message, 'advanceMs'); }
        // kept with the data: a restart goes on at the emulator's time (a review that ended stays ended)
        await ctx.persist({ t: 'clock', key: 'clock', rec: { offsetMs: ctx.clock.offsetMs } });
        return { status: 200, body: { now: new Date(ctx.clock.now()).toISOString() } };
      }
      case 'POST review': {
        const q = checkReviewRequest(body);
        if ('error' in q) throw new HttpError(400, 'INVALID', q.error, q.field || undefined);
        const rec = ctx.state.planReview(q);
        if (!rec) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No template ${q.template} on channel ${q.channel}`);
        if ('refused' in rec) throw new HttpError(400, 'INVALID', rec.refused, 'pause');
        await ctx.persist({ t: 'template', key: EmulatorState.templateKey(rec.channelId, rec.templateId), rec });
        ctx.state.commitTemplate(rec);
        return { status: 200, body: ctx.state.readTemplate(rec.channelId, rec.templateId) };
      }
      case 'GET state': {
        const s = ctx.state;
        return {
          status: 200, body: {
            templates: [...s.templates.values()].map((t) => ({
              channelId: t.channelId, templateId: t.templateId, name: t.body.name, language: t.body.chatapp?.chatapp?.language ?? t.body.language ?? '', status: s.statusOf(t), writes: t.writes,
              editsAfterApproval: t.editsAfterApproval, editsRemaining: s.editAllowance(t).remaining,
              ...(t.lifecycle?.quality ? { quality: t.lifecycle.quality } : {}), ...(t.lifecycle?.pauses ? { pauses: t.lifecycle.pauses } : {}),
              ...(s.categoryOf(t) !== undefined ? { category: s.categoryOf(t) } : {}),
              // a deletion's time, which the read does not say, and until when the name is refused to a new template
              ...(t.lifecycle?.deletedAt !== undefined && DELETION_STATES.has(s.statusOf(t)) ? { deletedAt: new Date(t.lifecycle.deletedAt).toISOString(), ...(t.lifecycle.nameBlockedUntil !== undefined ? { nameBlockedUntil: new Date(t.lifecycle.nameBlockedUntil).toISOString() } : {}) } : {}),
            })),
            conversations: s.conversations.size,
          },
        };
      }
      case 'GET conversations': {
        const id = conversation?.[1];
        if (id === undefined || !UUID.test(id)) throw new HttpError(id === undefined ? 404 : 400, id === undefined ? 'RESOURCE_NOT_FOUND' : 'INVALID', id === undefined ? 'Ask for one send: GET /_emulator/conversations/<clientMessageId>' : `'${id.slice(0, 100)}' is not a clientMessageId (a UUID)`, id === undefined ? undefined : 'clientMessageId');
        const rec = ctx.state.receivedConversation(id);
        if (!rec) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No send with clientMessageId ${id} is kept (the emulator keeps what the latest ${MAX_RECEIVED} sends since it started carried)`, 'clientMessageId');
        return { status: 200, body: rec };
      }
      default: {
        throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No control endpoint ${r.method} /_emulator/${r.name.slice(0, 100)}`);
      }
    }
  } catch (e) {
    if (e instanceof HttpError) return error(e);
    throw e;
  }
}
