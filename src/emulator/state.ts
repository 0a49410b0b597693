// The emulator's domain: templates under review, conversations and their delivery status.
// Time comes from a clock function, so review and delivery advance deterministically in tests.
import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../model/canonical.js';
import { sha256 } from '../core/hash.js';
import type {
  ConversationRequest, ConversationResponse, MessageStatusResponse, TemplateReadResponse, TemplateWriteRequest, TemplateWriteResponse,
} from '../api/shapes.js';
import { TEMPLATE_STATUS, type QualityScore } from '../api/shapes.js';
import { collectFindings } from '../lint/engine.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { readResponse, writeBodyAsTemplate } from './template-wire.js';

export interface TemplateRecord {
  channelId: string;
  templateId: string;
  body: TemplateWriteRequest;
  numericId: string;
  createdAt: number;
  updatedAt: number;
  /** when the current review ends */
  reviewAt: number;
  verdict: 'APPROVED' | 'REJECTED';
  reason?: string;
  /** what happened after the review (POST /_emulator/review: a state, a quality rating, a pause); an edit starts a new review */
  lifecycle?: Lifecycle;
  /** edits made to the template after it was approved */
  editsAfterApproval: number;
  /** when those edits were made, within the last 30 days (for the edit limits) */
  approvedEdits?: number[];
  writes: number;
}

/** A template's life after its review, as the platform moves it (the control endpoint plays the platform). */
export interface Lifecycle {
  /** the state the platform moved it to (overrides the review's verdict) */
  statusText?: string;
  reason?: string;
  recommendation?: string;
  quality?: QualityScore;
  /** the category the platform approved it under (a re-categorisation) */
  category?: string;
  /** pauses for low quality so far (the third disables it) */
  pauses?: number;
  /** while PAUSED: when the pause ends (ms, the emulator's clock) */
  pausedUntil?: number;
  /** while PENDING_DELETION or DELETED: when the deletion was made (ms, the emulator's clock; the read does not say it) */
  deletedAt?: number;
  /** until when WhatsApp refuses a new template of its name and language (deletedAt + 30 days), when the deleted template had been approved */
  nameBlockedUntil?: number;
}

/**
 * WhatsApp's pauses for low quality: 3 hours, then 6 hours, then the template is disabled (Meta,
 * Template pausing). A pause is the platform's decision, apart from the rating: a RED template
 * "can be sent, but is in danger of being paused or disabled soon" (Meta, Template quality rating).
 */
export const PAUSES_MS = [3 * 3600_000, 6 * 3600_000] as const;

/**
 * States in which the platform refuses an edit: WhatsApp edits only APPROVED, REJECTED and PAUSED
 * templates (Meta's template management page), REINSTATED being approved again; PENDING is the
 * emulator's own review, refused apart. A FLAGGED template (negative feedback, at risk of being disabled) is none
 * of the three: refused, as plan and apply expect (src/plan/review-state.ts NOT_EDITABLE).
 */
export const NOT_EDITABLE_STATES: ReadonlySet<string> = new Set(['DISABLED', 'IN_APPEAL', 'LOCKED', 'PENDING_DELETION', 'DELETED', 'ARCHIVED', 'LIMIT_EXCEEDED', 'FLAGGED']);

/** The states of a deleted template: PENDING_DELETION (messages still being delivered, for up to 30 days) and DELETED. */
export const DELETION_STATES: ReadonlySet<string> = new Set(['PENDING_DELETION', 'DELETED']);

/**
 * How long WhatsApp refuses a new template under the name (and language) of a deleted one: "If you
 * delete an approved template, you cannot create a new template with the same name for 30 days"
 * (Meta, Template management: Delete templates), counted from the deletion.
 */
export const DELETED_NAME_BLOCK_MS = 30 * 24 * 3600_000;

/** the states of a template that was never approved (in review, refused, appealing a refusal): deleting it blocks no name */
const NOT_APPROVED_STATES: ReadonlySet<string> = new Set(['PENDING', 'REJECTED', 'IN_APPEAL']);

export interface ConversationRecord {
  /** the scope of the key that sent it (message ids are unique per key) */
  scope?: string;
  channelId: string;
  clientMessageId: string;
  bodyHash: string;
  response: ConversationResponse;
  receivers: string[];
  createdAt: number;
}

/**
 * What a send carried, as the emulator received it (the request's messages: receivers, texts,
 * suggestions), for an application's tests to read (GET /_emulator/conversations/<id>). Kept in
 * memory only (the journal keeps a hash), the newest MAX_RECEIVED within MAX_RECEIVED_BYTES; the
 * key that sent it is never in it (its header is not kept, and the key written in a text is masked).
 */
export interface ReceivedConversation {
  channelId: string;
  clientMessageId: string;
  receivedAt: string;
  messages: ConversationRequest['messages'];
}

/** the most sends whose bodies are kept (the oldest dropped first) */
export const MAX_RECEIVED = 1000;
/** the most bytes of bodies kept in all (a request is at most MAX_BODY_BYTES, 1 MiB) */
export const MAX_RECEIVED_BYTES = 16 * 1024 * 1024;

/** the text that stands for the key a body held */
const KEY_MASK = '[redacted: the API key]';

/** A send's messages as kept: the key that sent them masked wherever a text holds it (as written, and as JSON escapes it). */
export function receivedOf(channelId: string, req: ConversationRequest, receivedAt: number, apiKey?: string): { rec: ReceivedConversation; bytes: number } {
  let json = JSON.stringify(req.messages);
  if (apiKey) for (const form of new Set([apiKey, JSON.stringify(apiKey).slice(1, -1)])) json = json.split(form).join(KEY_MASK);
  const rec: ReceivedConversation = { channelId: channelId.toLowerCase(), clientMessageId: req.clientMessageId.toLowerCase(), receivedAt: new Date(receivedAt).toISOString(), messages: JSON.parse(json) as ConversationRequest['messages'] };
  return { rec, bytes: json.length * 2 };
}

export interface StateOptions {
  /** how long a written template stays PENDING (ms) */
  reviewDelayMs: number;
  /** how long a sent message stays "not sent" before it is sent or fails (ms) */
  statusDelayMs: number;
  now: () => number;
  /** false: no limit on edits of APPROVED templates (local iteration; `tplsync emulator --edit-limits off`) */
  editLimits?: boolean;
}

export const STATUS_LIMIT_DEFAULT = 500;
export const STATUS_LIMIT_MAX = 1000;
const LEGACY_SCOPE = '*';


/** The platform's review: a template breaking a lint rule of severity error is rejected. */
export function review(channelId: string, body: TemplateWriteRequest, now: number): { verdict: 'APPROVED' | 'REJECTED'; reason?: string } {
  const t = writeBodyAsTemplate(channelId, body);
  const errors = collectFindings(t, { now: new Date(now) })
    .filter((f) => RULES_BY_ID.get(f.ruleId)?.severity === 'error')
    // the wire keeps RCS texts as written (named placeholders, no samples) beside the numbered
    // WhatsApp body: placeholder rules only judge the WhatsApp components there
    .filter((f) => !(f.path[0] === 'message' && /^(placeholder|sample)-/.test(f.ruleId)) && !(f.ruleId === 'placeholder-mixed'));
  return errors.length ? { verdict: 'REJECTED', reason: `${errors[0]!.ruleId}: ${errors[0]!.message}` } : { verdict: 'APPROVED' };
}

/** WhatsApp's limits on edits of an APPROVED template (one with WhatsApp content), by the emulator's clock. */
export const EDIT_LIMITS = { perDay: 1, dayMs: 24 * 3600_000, perMonth: 10, monthMs: 30 * 24 * 3600_000 } as const;

/** How many edits an APPROVED template may still take in the 30-day window, and when the next one is allowed. */
export interface EditAllowance { remaining: number; nextAt?: number }

export type TemplateWritePlan =
  | { kind: 'unchanged'; record: TemplateRecord }
  | { kind: 'changed'; record: TemplateRecord }
  | { kind: 'refused'; code: 'INVALID' | 'EDIT_LIMIT_REACHED'; message: string; field?: string };

/** What the control endpoint POST /_emulator/review asks (checked by `checkReviewRequest`). */
export interface ReviewRequest {
  channel: string; template: string;
  statusText?: string; reason?: string; recommendation?: string; quality?: QualityScore; category?: string;
  /** the platform pauses it for low quality: the next of its pauses (3 h, 6 h), the third disables it */
  pause?: true;
}

/** The states in which WhatsApp pauses a template for low quality: those it is sent in (and FLAGGED, at risk of being disabled). */
export const PAUSABLE_STATES: ReadonlySet<string> = new Set(['APPROVED', 'REINSTATED', 'FLAGGED']);

export type ConversationPlan =
  | { kind: 'new'; record: ConversationRecord }
  | { kind: 'repeat'; record: ConversationRecord }
  | { kind: 'conflict' };

/**
 * The emulator's state. Every change is planned first (pure, nothing changes), made durable by
 * the caller, and only then committed, so what is read is always what the journal holds.
 */
export class EmulatorState {
  readonly templates = new Map<string, TemplateRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  /** what each send carried (conversationKey -> its messages), the newest kept within MAX_RECEIVED and MAX_RECEIVED_BYTES */
  private readonly received = new Map<string, { rec: ReceivedConversation; bytes: number }>();
  private receivedBytes = 0;
  constructor(private readonly o: StateOptions) {}

  /** keeps what a new send carried; the oldest are dropped beyond the bounds */
  keepReceived(scope: string, channelId: string, req: ConversationRequest, apiKey?: string): void {
    const kept = receivedOf(channelId, req, this.o.now(), apiKey);
    const key = EmulatorState.conversationKey(scope, req.clientMessageId);
    const prev = this.received.get(key);
    if (prev) { this.receivedBytes -= prev.bytes; this.received.delete(key); }
    this.received.set(key, kept);
    this.receivedBytes += kept.bytes;
    for (const [k, v] of this.received) {
      if (this.received.size <= MAX_RECEIVED && this.receivedBytes <= MAX_RECEIVED_BYTES) break;
      this.received.delete(k);
      this.receivedBytes -= v.bytes;
    }
  }

  /** what the send with this id carried (any key's: for inspection), or undefined when none is kept */
  receivedConversation(clientMessageId: string): ReceivedConversation | undefined {
    const id = clientMessageId.toLowerCase();
    for (const { rec } of this.received.values()) if (rec.clientMessageId === id) return rec;
    return undefined;
  }

  static templateKey(channelId: string, templateId: string): string { return `${channelId.toLowerCase()}/${templateId.toLowerCase()}`; }
  /** message ids are unique per key (its scope), not across keys */
  static conversationKey(scope: string, clientMessageId: string): string { return `${scope}/${clientMessageId.toLowerCase()}`; }

  now(): number { return this.o.now(); }
  /** whether edits of APPROVED templates are limited (off with `--edit-limits off`) */
  limitsEdits(): boolean { return this.o.editLimits !== false; }

  /** whether the edits of this template are limited: WhatsApp's limit, so only a template with WhatsApp content (an RCS-only one takes any number) */
  limitsEditsOf(rec: TemplateRecord): boolean { return this.limitsEdits() && rec.body.chatapp !== undefined; }

  statusOf(rec: TemplateRecord, now = this.o.now()): string {
    if (now < rec.reviewAt) return 'PENDING';
    const lc = rec.lifecycle;
    if (lc?.statusText === 'PAUSED' && lc.pausedUntil !== undefined && now >= lc.pausedUntil) return 'APPROVED';
    return lc?.statusText ?? rec.verdict;
  }

  /** the category it is approved under: the platform's (after a re-categorisation), else the one written */
  categoryOf(rec: TemplateRecord): string | undefined {
    return rec.lifecycle?.category ?? rec.body.chatapp?.chatapp.category;
  }

  /**
   * The platform moves a template (POST /_emulator/review), planned: a new record, undefined when
   * there is no such template, or why it cannot be paused. A quality rating is only a rating: a RED
   * template stays APPROVED and sendable (Meta, Template quality rating); `pause` pauses it as
   * WhatsApp does for low quality (3 h, then 6 h, then disabled). Ends a review still under way.
   * Changes nothing.
   */
  planReview(q: ReviewRequest): TemplateRecord | { refused: string } | undefined {
    const prev = this.template(q.channel, q.template);
    if (!prev) return undefined;
    const now = this.o.now();
    const lc: Lifecycle = { ...prev.lifecycle };
    const rec: TemplateRecord = { ...prev, reviewAt: Math.min(prev.reviewAt, now), lifecycle: lc };
    const before = this.statusOf(rec, now);
    if (q.pause && !PAUSABLE_STATES.has(before)) return { refused: `A ${before} template is not paused: WhatsApp pauses a template it sends (APPROVED, REINSTATED, FLAGGED) for low quality` };
    if (q.statusText !== undefined) {
      // a deletion keeps its time from its first step (PENDING_DELETION, then DELETED); a template moved out of the deletion forgets it
      if (DELETION_STATES.has(q.statusText) && !DELETION_STATES.has(before)) {
        lc.deletedAt = now;
        delete lc.nameBlockedUntil;
        if (!NOT_APPROVED_STATES.has(before) || prev.editsAfterApproval > 0) lc.nameBlockedUntil = now + DELETED_NAME_BLOCK_MS;
      } else if (!DELETION_STATES.has(q.statusText)) { delete lc.deletedAt; delete lc.nameBlockedUntil; }
      lc.statusText = q.statusText;
      delete lc.pausedUntil;
      if (q.statusText === 'APPROVED' || q.statusText === 'REINSTATED') { delete lc.reason; delete lc.recommendation; }
      if (q.statusText === 'PAUSED') lc.pausedUntil = now + PAUSES_MS[Math.min(lc.pauses ?? 0, PAUSES_MS.length - 1)]!;
    }
    if (q.reason !== undefined) lc.reason = q.reason;
    if (q.recommendation !== undefined) lc.recommendation = q.recommendation;
    if (q.category !== undefined) lc.category = q.category;
    // the rating alone: the state stays as it is (a RED template is still sent)
    if (q.quality !== undefined) lc.quality = q.quality;
    if (q.pause) {
      const pauses = (lc.pauses ?? 0) + 1;
      lc.pauses = pauses;
      if (pauses > PAUSES_MS.length) {
        lc.statusText = 'DISABLED'; delete lc.pausedUntil;
        lc.reason = `paused for low quality for the ${ordinal(pauses)} time: disabled`;
      } else {
        lc.statusText = 'PAUSED'; lc.pausedUntil = now + PAUSES_MS[pauses - 1]!;
        lc.reason = `low quality: paused for ${PAUSES_MS[pauses - 1]! / 3600_000} hours (${pauses === 1 ? 'FIRST_PAUSE' : 'SECOND_PAUSE'})`;
      }
    }
    return rec;
  }

  editAllowance(rec: TemplateRecord, now = this.o.now()): EditAllowance {
    const edits = (rec.approvedEdits ?? []).filter((t) => t > now - EDIT_LIMITS.monthMs).sort((a, b) => a - b);
    const inDay = edits.filter((t) => t > now - EDIT_LIMITS.dayMs);
    const remaining = Math.max(0, EDIT_LIMITS.perMonth - edits.length);
    let nextAt: number | undefined;
    if (remaining === 0) nextAt = edits[edits.length - EDIT_LIMITS.perMonth]! + EDIT_LIMITS.monthMs;
    if (inDay.length >= EDIT_LIMITS.perDay) nextAt = Math.max(nextAt ?? 0, inDay[inDay.length - EDIT_LIMITS.perDay]! + EDIT_LIMITS.dayMs);
    return { remaining, ...(nextAt !== undefined ? { nextAt } : {}) };
  }

  /**
   * An upsert, planned: a new id creates, an existing id is replaced; an unchanged body changes
   * nothing, and a body whose WhatsApp template is unchanged (its description or RCS message
   * changed) keeps the review and the edits as they were. Like WhatsApp, it refuses to change a WhatsApp template still PENDING review, the
   * category of an APPROVED template, and an edit of an APPROVED template with WhatsApp content
   * beyond 1 per 24 h or 10 per 30 days (an RCS-only template is not limited). Changes nothing.
   */
  planTemplateWrite(channelId: string, templateId: string, body: TemplateWriteRequest): TemplateWritePlan {
    const key = EmulatorState.templateKey(channelId, templateId);
    const now = this.o.now();
    const prev = this.templates.get(key);
    // the same body is no change, unless the platform re-categorised it: then the write asks for the written category back
    if (prev && canonicalJson(prev.body) === canonicalJson(body) && (prev.lifecycle?.category ?? body.chatapp?.chatapp.category) === body.chatapp?.chatapp.category) return { kind: 'unchanged', record: prev };
    const prevState = prev ? this.statusOf(prev, now) : undefined;
    if (!prev) {
      const blocked = this.deletedNamesake(channelId, body, now);
      if (blocked) {
        const inner = body.chatapp!.chatapp;
        return {
          kind: 'refused', code: 'INVALID', field: 'name',
          message: `The name ${inner.name} (${inner.language}) is blocked until ${new Date(blocked.lifecycle!.nameBlockedUntil!).toISOString()}: the template of this name and language ${blocked.templateId} was deleted on ${new Date(blocked.lifecycle!.deletedAt!).toISOString()}, and WhatsApp refuses a new template under a deleted approved template's name for 30 days from the deletion; create it under another name, or under this one from then`,
        };
      }
    }
    // a write that leaves the WhatsApp template as it was (the description, the RCS message changed) is no edit of it:
    // WhatsApp never sees it, so it is not reviewed again and spends no edit
    // (compared in the category the platform holds it under now: a re-categorised template whose file took the new category is the same)
    const sameForWhatsApp = Boolean(prev?.body.chatapp) && canonicalJson({ ...prev!.body.chatapp!.chatapp, ...(this.categoryOf(prev!) !== undefined ? { category: this.categoryOf(prev!) } : {}) }) === canonicalJson(body.chatapp?.chatapp);
    if (prevState && NOT_EDITABLE_STATES.has(prevState)) {
      return { kind: 'refused', code: 'INVALID', message: `A ${prevState} template cannot be edited; only APPROVED, REJECTED and PAUSED templates can` };
    }
    // WhatsApp edits only APPROVED, REJECTED and PAUSED templates: one under review waits for its verdict
    if (prev && prev.body.chatapp && prevState === 'PENDING' && !sameForWhatsApp) {
      return { kind: 'refused', code: 'INVALID', message: `This template is PENDING review; WhatsApp edits only APPROVED, REJECTED and PAUSED templates: apply the change when the review has ended${prev.reviewAt > now ? ` (from ${new Date(prev.reviewAt).toISOString()})` : ''}` };
    }
    const wasApproved = prevState === 'APPROVED' || prevState === 'REINSTATED';
    const before = prev ? this.categoryOf(prev) : undefined;
    const after = body.chatapp?.chatapp.category;
    if (prev && wasApproved && before !== undefined && after !== undefined && before !== after) {
      return { kind: 'refused', code: 'INVALID', message: `The category of an APPROVED template cannot change (${before} -> ${after}); create a new template instead` };
    }
    if (prev && wasApproved && this.limitsEditsOf(prev) && !sameForWhatsApp) {
      const a = this.editAllowance(prev, now);
      if (a.nextAt !== undefined) {
        return {
          kind: 'refused', code: 'EDIT_LIMIT_REACHED',
          message: `This APPROVED template has reached its edit limit (${EDIT_LIMITS.perDay} edit per 24 hours, ${EDIT_LIMITS.perMonth} per 30 days; ${a.remaining} left in the 30 days); the next edit is possible from ${new Date(a.nextAt).toISOString()}`,
        };
      }
    }
    if (prev && sameForWhatsApp) return { kind: 'changed', record: { ...prev, body, updatedAt: now, writes: (prev.writes ?? 0) + 1 } };
    const r = review(channelId, body, now);
    const record: TemplateRecord = {
      channelId: channelId.toLowerCase(), templateId: templateId.toLowerCase(), body,
      numericId: prev?.numericId ?? String(BigInt(`0x${sha256(key).slice(0, 13)}`)),
      createdAt: prev?.createdAt ?? now, updatedAt: now,
      reviewAt: now + this.o.reviewDelayMs,
      verdict: r.verdict, ...(r.reason ? { reason: r.reason } : {}),
      editsAfterApproval: (prev?.editsAfterApproval ?? 0) + (wasApproved ? 1 : 0),
      // only the edits of an APPROVED WhatsApp template count against WhatsApp's limit
      approvedEdits: [...(prev?.approvedEdits ?? []).filter((t) => t > now - EDIT_LIMITS.monthMs), ...(wasApproved && prev?.body.chatapp ? [now] : [])],
      writes: (prev?.writes ?? 0) + 1,
      // a new review: the platform's verdict, reason and quality start over; pauses and its category stay
      ...(prev?.lifecycle?.pauses || (prev?.lifecycle?.category && prev.lifecycle.category === after)
        ? { lifecycle: { ...(prev.lifecycle.pauses ? { pauses: prev.lifecycle.pauses } : {}), ...(prev.lifecycle.category && prev.lifecycle.category === after ? { category: prev.lifecycle.category } : {}) } }
        : {}),
    };
    return { kind: 'changed', record };
  }

  /**
   * The deleted template of the channel whose name and language a new WhatsApp template has, while
   * WhatsApp still refuses that name (30 days from the deletion of an approved template); undefined
   * when there is none. RBM has no such block: an RCS-only template is never refused.
   */
  deletedNamesake(channelId: string, body: TemplateWriteRequest, now = this.o.now()): TemplateRecord | undefined {
    const inner = body.chatapp?.chatapp;
    if (!inner) return undefined;
    const channel = channelId.toLowerCase();
    for (const t of this.templates.values()) {
      const until = t.lifecycle?.nameBlockedUntil;
      if (t.channelId !== channel || until === undefined || now >= until || t.lifecycle?.deletedAt === undefined) continue;
      const theirs = t.body.chatapp?.chatapp;
      if (theirs && theirs.name === inner.name && theirs.language === inner.language && DELETION_STATES.has(this.statusOf(t, now))) return t;
    }
    return undefined;
  }

  /** Makes a planned (and journaled) template write visible. */
  commitTemplate(rec: TemplateRecord): void { this.templates.set(EmulatorState.templateKey(rec.channelId, rec.templateId), rec); }

  writeResponse(rec: TemplateRecord): TemplateWriteResponse {
    const statusText = this.statusOf(rec);
    const body = rec.body;
    return {
      name: body.name, publicId: rec.templateId, tariffType: 2,
      ...(body.description !== undefined ? { description: body.description } : {}),
      status: TEMPLATE_STATUS[statusText]!, statusText,
      ...(body.message ? { message: body.message } : {}),
    };
  }

  restoreTemplate(rec: TemplateRecord): void { this.commitTemplate(rec); }
  /** a record journaled before message ids were scoped per key belongs to the scope '*', which every key sees */
  restoreConversation(rec: ConversationRecord): void { this.commitConversation(rec.scope ? rec : { ...rec, scope: LEGACY_SCOPE }); }

  template(channelId: string, templateId: string): TemplateRecord | undefined {
    return this.templates.get(EmulatorState.templateKey(channelId, templateId));
  }

  readTemplate(channelId: string, templateId: string): TemplateReadResponse | undefined {
    const rec = this.template(channelId, templateId);
    if (!rec) return undefined;
    const now = this.o.now();
    const statusText = this.statusOf(rec, now);
    const lc = rec.lifecycle ?? {};
    const reason = statusText === 'PENDING' || statusText === 'APPROVED' ? undefined : lc.reason ?? (statusText === 'REJECTED' ? rec.reason : undefined);
    const category = this.categoryOf(rec);
    return readResponse(rec.templateId, rec.body, {
      status: TEMPLATE_STATUS[statusText]!, statusText, numericId: rec.numericId,
      ...(reason ? { rejectionReason: reason } : {}),
      ...(reason && lc.recommendation ? { recommendation: lc.recommendation } : {}),
      ...(lc.quality ? { qualityScore: lc.quality } : {}),
      ...(lc.pauses ? { pauseCount: lc.pauses } : {}),
      ...(statusText === 'PAUSED' && lc.pausedUntil !== undefined ? { pausedUntil: new Date(lc.pausedUntil).toISOString() } : {}),
      ...(category !== undefined ? { category } : {}),
    });
  }

  /**
   * A send, planned: new, a repeat of the same body (answered with the first result), or a conflict. Changes nothing.
   * `failed`: a new send's messages fail (status 3, the fault failedSend).
   */
  planConversation(scope: string, channelId: string, req: ConversationRequest, failed = false): ConversationPlan {
    const bodyHash = sha256(canonicalJson({ channelId: channelId.toLowerCase(), req }));
    const prev = this.conversation(req.clientMessageId, scope);
    if (prev) return prev.bodyHash === bodyHash ? { kind: 'repeat', record: prev } : { kind: 'conflict' };
    const now = this.o.now();
    const createdDate = new Date(now).toISOString();
    const record: ConversationRecord = {
      scope, channelId: channelId.toLowerCase(), clientMessageId: req.clientMessageId.toLowerCase(), bodyHash, createdAt: now,
      receivers: req.messages.map((m) => m.receiver),
      response: { clientMessageId: req.clientMessageId, messages: req.messages.map(() => ({ createdDate, status: failed ? 3 : 2, publicId: randomUUID() })) },
    };
    return { kind: 'new', record };
  }

  commitConversation(rec: ConversationRecord): void {
    this.conversations.set(EmulatorState.conversationKey(rec.scope ?? LEGACY_SCOPE, rec.clientMessageId), rec);
  }

  /**
   * The conversation the key of `scope` sent with this id (or one journaled before ids were
   * scoped); without a scope (for inspection), the first one sent with this id by any key.
   */
  conversation(clientMessageId: string, scope?: string): ConversationRecord | undefined {
    if (scope === undefined) {
      const id = clientMessageId.toLowerCase();
      for (const rec of this.conversations.values()) if (rec.clientMessageId === id) return rec;
      return undefined;
    }
    return this.conversations.get(EmulatorState.conversationKey(scope, clientMessageId))
      ?? this.conversations.get(EmulatorState.conversationKey(LEGACY_SCOPE, clientMessageId));
  }

  /** One page of delivery statuses. 0 not sent, then 1 sent, or 2 failed for a receiver that is no phone number or a message the send answered failed (status 3). */
  messageStatus(rec: ConversationRecord, limit: number, cursor: string): MessageStatusResponse | { error: string } {
    let offset = 0;
    if (cursor) {
      const c = decodeCursor(cursor);
      if (!c || c.id !== rec.clientMessageId || c.offset <= 0 || c.offset >= rec.receivers.length) return { error: 'invalid cursor' };
      offset = c.offset;
    }
    const sent = this.o.now() >= rec.createdAt + this.o.statusDelayMs;
    const slice = rec.receivers.slice(offset, offset + limit);
    const next = offset + slice.length < rec.receivers.length ? encodeCursor({ id: rec.clientMessageId, offset: offset + slice.length }) : '';
    return {
      result: { msgid: `msg${sha256(rec.clientMessageId).slice(0, 24)}`, errcode: 0, errmsg: 'ok', fail_list: [] },
      status: {
        errcode: 0, errmsg: 'ok', next_cursor: next,
        send_list: slice.map((r, i) => ({
          external_userid: r,
          userid: `wm${sha256(r).slice(0, 16)}`,
          status: !sent ? 0 : rec.response.messages[offset + i]?.status === 3 || !/^\+?[0-9]{6,15}$/.test(r) ? 2 : 1,
        })),
      },
    };
  }
}

function ordinal(n: number): string { return n === 1 ? 'first' : n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`; }

function encodeCursor(c: { id: string; offset: number }): string {
  return Buffer.from(JSON.stringify([c.id, c.offset])).toString('base64url');
}
function decodeCursor(s: string): { id: string; offset: number } | undefined {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && Number.isInteger(v[1])) return { id: v[0], offset: v[1] as number };
  } catch { /* fall through */ }
  return undefined;
}
