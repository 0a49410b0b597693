// Effects: the four API operations on the emulator's state. A request body is checked (media
// type, JSON, nesting depth, the contract) before anything changes. A change is planned, written
// to the journal, and only then committed to the state and acknowledged; changes to one template
// or one message id are queued one after another, so a duplicate that arrives while the first
// write is being synced waits for that sync and is answered from what the journal holds.
import type { IncomingHttpHeaders } from 'node:http';
import { checkContract, type SchemaName } from '../schemas/contract.js';
import { EDITS_LEFT_30D_HEADER, EDITS_REMAINING_HEADER, NEXT_EDIT_HEADER } from '../api/edit-allowance.js';
import type { ConversationRequest, TemplateWriteRequest } from '../api/shapes.js';
import { mayUse, mayWrite, type Principal } from './auth.js';
import type { Operation } from './faults.js';
import { listPage } from './list.js';
import { HttpError } from './http-error.js';
import type { JournalEntry } from './journal.js';
import type { CreateQuota } from './quota.js';
import { EmulatorState, STATUS_LIMIT_DEFAULT, STATUS_LIMIT_MAX, type TemplateRecord } from './state.js';

/** the deepest nesting of arrays and objects a request body may have */
export const MAX_BODY_DEPTH = 32;


export interface Answer { status: number; body: unknown; schema: SchemaName; headers?: Record<string, string> }

export interface ApiRequest {
  op: Operation;
  principal: Principal;
  headers: IncomingHttpHeaders;
  body: Buffer;
  query: URLSearchParams;
  channelId?: string;
  templateId?: string;
  clientMessageId?: string;
  /** a send taken whose messages fail (the fault failedSend): answered with status 3 */
  failMessages?: boolean;
}

/** Runs tasks with the same key one after another (in arrival order); other keys run freely. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const result = prev.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => { if (this.tails.get(key) === tail) this.tails.delete(key); });
    return result;
  }
}

/** The depth of nested arrays and objects, counted without recursion (so no body can exhaust the stack). */
export function nestingDepth(text: string): number {
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { if (++depth > max) max = depth; }
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** the key a request was sent with (its apikey header), to be masked in what is kept of it */
const apiKeyOf = (headers: IncomingHttpHeaders): string | undefined => { const v = headers.apikey; return Array.isArray(v) ? v[0] : v; };

/** The JSON of a request body: media type, size (checked by the transport), nesting depth, syntax. */
export function parseJsonBody(headers: IncomingHttpHeaders, body: Buffer): unknown {
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw new HttpError(400, 'INVALID', `Content-Type must be application/json, not '${type.slice(0, 100) || 'none'}'`, 'Content-Type');
  const text = body.toString('utf8');
  const depth = nestingDepth(text);
  if (depth > MAX_BODY_DEPTH) throw new HttpError(400, 'INVALID', `The body nests arrays and objects ${depth} deep; at most ${MAX_BODY_DEPTH} levels are accepted`);
  try { return JSON.parse(text); } catch (e) {
    throw new HttpError(400, 'INVALID', `The body is not valid JSON: ${(e as Error).message}`);
  }
}

function contract(name: SchemaName, value: unknown): void {
  // the template's name first: the schema's choice between a WhatsApp and an RCS body is checked
  // before its required keys, and would otherwise hide that `{}` lacks a name
  if (name === 'TemplateWriteRequest' && value && typeof value === 'object' && !Array.isArray(value) && !('name' in value)) {
    throw new HttpError(400, 'INVALID', 'name is required', 'name');
  }
  const v = checkContract(name, value);
  if (v && name === 'TemplateWriteRequest' && v.path === 'chatapp' && v.message === 'is required') {
    throw new HttpError(400, 'INVALID', 'chatapp is required (a WhatsApp template), or message and language (an RCS-only template)', 'chatapp');
  }
  if (v) throw new HttpError(400, 'INVALID', `${v.path} ${v.message}`, v.path);
}

export class Operations {
  private readonly queue = new KeyedQueue();
  constructor(private readonly state: EmulatorState, private readonly persist: (e: JournalEntry) => Promise<void>, private readonly quota?: CreateQuota) {}

  async run(r: ApiRequest): Promise<Answer> {
    if (r.channelId && !mayUse(r.principal, r.channelId)) throw new HttpError(403, 'FORBIDDEN_ERROR', `This API key may not use channel ${r.channelId}`, 'publicId');
    if (r.channelId && r.op !== 'read' && !mayWrite(r.principal, r.channelId)) {
      throw new HttpError(403, 'FORBIDDEN_ERROR', `This API key may only read channel ${r.channelId}`, 'publicId');
    }
    switch (r.op) {
      case 'write': return this.write(r.channelId!, r.templateId!, parseJsonBody(r.headers, r.body));
      case 'read': return this.read(r.channelId!, r.templateId!);
      case 'send': return this.send(r.principal, r.channelId!, parseJsonBody(r.headers, r.body), r.failMessages === true, apiKeyOf(r.headers));
      case 'status': return this.status(r.principal, r.clientMessageId!, r.query);
      case 'list': {
        const page = listPage(this.state, r.channelId!, r.query);
        if ('error' in page) throw new HttpError(400, 'INVALID', page.error, page.field);
        return { status: 200, body: page, schema: 'EmulatorListPage' };
      }
    }
  }

  private write(channelId: string, templateId: string, body: unknown): Promise<Answer> {
    contract('TemplateWriteRequest', body);
    const key = EmulatorState.templateKey(channelId, templateId);
    return this.queue.run(`template\u0000${key}`, async () => {
      const plan = this.state.planTemplateWrite(channelId, templateId, body as TemplateWriteRequest);
      if (plan.kind === 'refused') {
        throw new HttpError(400, plan.code, plan.message, plan.field ?? (plan.code === 'INVALID' ? 'chatapp.chatapp.category' : 'publicTemplateId'));
      }
      if (plan.kind === 'changed') {
        // a creation takes a slot of the channel's quota first (synchronously, so concurrent
        // creations of other templates cannot both take the last one); an edit takes none
        const creation = this.quota && !this.state.template(channelId, templateId) ? this.state.now() : undefined;
        if (creation !== undefined) {
          const q = this.quota!.take(channelId, creation);
          if (!q.ok) {
            const s = Math.max(1, Math.ceil(q.retryAfterMs / 1000));
            throw new HttpError(429, 'QUOTA_EXCEEDED', `The channel's creation quota is used up (${this.quota!.spec.limit} templates per ${this.quota!.spec.windowSeconds} s; ${q.used} created in the window); retry after ${s} s`, 'publicTemplateId', { 'retry-after': String(s) });
          }
        }
        try { await this.persist({ t: 'template', key, rec: plan.record }); } catch (e) {
          if (creation !== undefined) this.quota!.release(channelId, creation);
          throw e;
        }
        this.state.commitTemplate(plan.record);
      }
      return { status: 200, body: this.state.writeResponse(plan.record), schema: 'TemplateWriteResponse' };
    });
  }

  private read(channelId: string, templateId: string): Answer {
    const rec = this.state.template(channelId, templateId);
    const t = rec && this.state.readTemplate(channelId, templateId);
    if (!rec || !t) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No template ${templateId} in channel ${channelId}`, 'publicTemplateId');
    return { status: 200, body: t, schema: 'TemplateReadResponse', headers: this.editHeaders(rec) };
  }

  private editHeaders(rec: TemplateRecord): Record<string, string> {
    // without limits there is no allowance to state (a service without one sends no headers)
    // an RCS-only template: WhatsApp's limit does not apply, so no allowance either
    if (!this.state.limitsEditsOf(rec)) return {};
    const a = this.state.editAllowance(rec);
    return {
      [EDITS_REMAINING_HEADER]: String(a.nextAt === undefined ? a.remaining : 0), [EDITS_LEFT_30D_HEADER]: String(a.remaining),
      ...(a.nextAt !== undefined ? { [NEXT_EDIT_HEADER]: new Date(a.nextAt).toISOString() } : {}),
    };
  }

  private send(principal: Principal, channelId: string, body: unknown, failMessages: boolean, apiKey?: string): Promise<Answer> {
    contract('ConversationRequest', body);
    const req = body as ConversationRequest;
    for (const [i, m] of req.messages.entries()) {
      for (const [j, s] of (m.suggestions ?? []).entries()) {
        if (s.action === 'open_url' && !/^https?:\/\/\S+$/.test(s.postbackData ?? '')) {
          throw new HttpError(400, 'INVALID', `messages[${i}].suggestions[${j}].postbackData must be a URL for open_url`, `messages[${i}].suggestions[${j}].postbackData`);
        }
      }
    }
    const key = EmulatorState.conversationKey(principal.scope, req.clientMessageId);
    return this.queue.run(`conversation\u0000${key}`, async () => {
      const plan = this.state.planConversation(principal.scope, channelId, req, failMessages);
      if (plan.kind === 'conflict') throw new HttpError(409, 'CONFLICT', `clientMessageId ${req.clientMessageId} was already used for a different message`, 'clientMessageId');
      if (plan.kind === 'new') {
        await this.persist({ t: 'conversation', key, rec: plan.record });
        this.state.commitConversation(plan.record);
        // what it carried, for a test to read (GET /_emulator/conversations/<id>); the key that sent it masked in it
        this.state.keepReceived(principal.scope, channelId, req, apiKey);
      }
      return { status: 200, body: plan.record.response, schema: 'ConversationResponse' };
    });
  }

  private status(principal: Principal, clientMessageId: string, query: URLSearchParams): Answer {
    if (principal.messageStatus === false) throw new HttpError(403, 'FORBIDDEN_ERROR', 'This API key may not read message status (the operation is offered only to a specific partner group)');
    const rawLimit = query.get('limit');
    const limit = rawLimit === null || rawLimit === '' ? STATUS_LIMIT_DEFAULT : Number(rawLimit);
    if (!Number.isInteger(limit) || limit < 1 || limit > STATUS_LIMIT_MAX) throw new HttpError(400, 'INVALID', `limit must be a whole number from 1 to ${STATUS_LIMIT_MAX}`, 'limit');
    const rec = this.state.conversation(clientMessageId, principal.scope);
    if (!rec || !mayUse(principal, rec.channelId)) throw new HttpError(404, 'RESOURCE_NOT_FOUND', `No messages were sent with clientMessageId ${clientMessageId}`, 'clientMessageId');
    const page = this.state.messageStatus(rec, limit, query.get('cursor') ?? '');
    if ('error' in page) throw new HttpError(400, 'INVALID', 'cursor is not a cursor of this message status (use status.next_cursor as it was returned)', 'cursor');
    return { status: 200, body: page, schema: 'MessageStatusResponse' };
  }
}
