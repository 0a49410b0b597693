// The emulator's domain: templates under review, conversations and their delivery status.
// Time comes from a clock function, so review and delivery advance deterministically in tests.
import { randomUUID } from 'node:crypto';
import { canonicalJson } from '../model/canonical.js';
import { sha256 } from '../model/hash.js';
import type {
  ConversationRequest, ConversationResponse, MessageStatusResponse, TemplateReadResponse, TemplateWriteRequest, TemplateWriteResponse,
} from '../api/shapes.js';
import { TEMPLATE_STATUS } from '../api/shapes.js';
import { collectFindings } from '../lint/engine.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { readResponse, writeBodyAsTemplate } from '../model/wire.js';

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
  /** edits made to the template after it was approved */
  editsAfterApproval: number;
  writes: number;
}

export interface ConversationRecord {
  channelId: string;
  clientMessageId: string;
  bodyHash: string;
  response: ConversationResponse;
  receivers: string[];
  createdAt: number;
}

export interface StateOptions {
  /** how long a written template stays PENDING (ms) */
  reviewDelayMs: number;
  /** how long a sent message stays "not sent" before it is sent or fails (ms) */
  statusDelayMs: number;
  now: () => number;
}

export const STATUS_LIMIT_DEFAULT = 500;
export const STATUS_LIMIT_MAX = 1000;


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

export class EmulatorState {
  readonly templates = new Map<string, TemplateRecord>();
  readonly conversations = new Map<string, ConversationRecord>();
  constructor(private readonly o: StateOptions) {}

  static templateKey(channelId: string, templateId: string): string { return `${channelId.toLowerCase()}/${templateId.toLowerCase()}`; }

  statusOf(rec: TemplateRecord): string {
    return this.o.now() < rec.reviewAt ? 'PENDING' : rec.verdict;
  }

  /**
   * An upsert: a new id creates, an existing id is replaced; an unchanged body changes nothing.
   * Like WhatsApp, it refuses to change the category of an APPROVED template (returns a reason).
   */
  writeTemplate(channelId: string, templateId: string, body: TemplateWriteRequest): { record: TemplateRecord; response: TemplateWriteResponse; changed: boolean } | { refused: string } {
    const key = EmulatorState.templateKey(channelId, templateId);
    const now = this.o.now();
    const prev = this.templates.get(key);
    const before = prev?.body.chatapp?.chatapp.category;
    const after = body.chatapp?.chatapp.category;
    if (prev && this.statusOf(prev) === 'APPROVED' && before !== undefined && after !== undefined && before !== after) {
      return { refused: `The category of an APPROVED template cannot change (${before} -> ${after}); create a new template instead` };
    }
    let record: TemplateRecord;
    let changed = true;
    if (prev && canonicalJson(prev.body) === canonicalJson(body)) {
      record = prev;
      changed = false;
    } else {
      const r = review(channelId, body, now);
      const wasApproved = prev ? this.statusOf(prev) === 'APPROVED' : false;
      record = {
        channelId: channelId.toLowerCase(), templateId: templateId.toLowerCase(), body,
        numericId: prev?.numericId ?? String(BigInt(`0x${sha256(key).slice(0, 13)}`)),
        createdAt: prev?.createdAt ?? now, updatedAt: now,
        reviewAt: now + this.o.reviewDelayMs,
        verdict: r.verdict, ...(r.reason ? { reason: r.reason } : {}),
        editsAfterApproval: (prev?.editsAfterApproval ?? 0) + (wasApproved ? 1 : 0),
        writes: (prev?.writes ?? 0) + 1,
      };
      this.templates.set(key, record);
    }
    const statusText = this.statusOf(record);
    return {
      record, changed,
      response: {
        name: body.name, publicId: templateId.toLowerCase(), tariffType: 2,
        ...(body.description !== undefined ? { description: body.description } : {}),
        status: TEMPLATE_STATUS[statusText]!, statusText,
        ...(body.message ? { message: body.message } : {}),
      },
    };
  }

  restoreTemplate(rec: TemplateRecord): void { this.templates.set(EmulatorState.templateKey(rec.channelId, rec.templateId), rec); }
  restoreConversation(rec: ConversationRecord): void { this.conversations.set(rec.clientMessageId.toLowerCase(), rec); }

  readTemplate(channelId: string, templateId: string): TemplateReadResponse | undefined {
    const rec = this.templates.get(EmulatorState.templateKey(channelId, templateId));
    if (!rec) return undefined;
    const statusText = this.statusOf(rec);
    return readResponse(rec.templateId, rec.body, {
      status: TEMPLATE_STATUS[statusText]!, statusText, numericId: rec.numericId,
      ...(statusText === 'REJECTED' && rec.reason ? { rejectionReason: rec.reason } : {}),
    });
  }

  sendConversation(channelId: string, req: ConversationRequest):
    { kind: 'new'; record: ConversationRecord } | { kind: 'repeat'; record: ConversationRecord } | { kind: 'conflict' } {
    const id = req.clientMessageId.toLowerCase();
    const bodyHash = sha256(canonicalJson({ channelId: channelId.toLowerCase(), req }));
    const prev = this.conversations.get(id);
    if (prev) return prev.bodyHash === bodyHash ? { kind: 'repeat', record: prev } : { kind: 'conflict' };
    const now = this.o.now();
    const createdDate = new Date(now).toISOString();
    const record: ConversationRecord = {
      channelId: channelId.toLowerCase(), clientMessageId: id, bodyHash, createdAt: now,
      receivers: req.messages.map((m) => m.receiver),
      response: { clientMessageId: req.clientMessageId, messages: req.messages.map(() => ({ createdDate, status: 2, publicId: randomUUID() })) },
    };
    this.conversations.set(id, record);
    return { kind: 'new', record };
  }

  conversation(clientMessageId: string): ConversationRecord | undefined {
    return this.conversations.get(clientMessageId.toLowerCase());
  }

  /** One page of delivery statuses. 0 not sent, then 1 sent, or 2 failed for a receiver that is no phone number. */
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
        send_list: slice.map((r) => ({
          external_userid: r,
          userid: `wm${sha256(r).slice(0, 16)}`,
          status: !sent ? 0 : /^\+?[0-9]{6,15}$/.test(r) ? 1 : 2,
        })),
      },
    };
  }
}

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
