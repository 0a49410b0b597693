// Effects: sending a rendered template, or a text, through the conversation operation under a
// fresh clientMessageId; the client retries only with that same id.
import { randomUUID } from 'node:crypto';
import { UUID_RE } from '../schemas/contract.js';
import type { Client } from '../api/client.js';
import type { ConversationRequest, ConversationResponse } from '../api/shapes.js';
import { checkParams, checkSendable, ParamError, renderTemplate } from './render.js';
import type { TemplateMeta } from '../model/meta.js';

export interface SendTemplateOptions<P> {
  /** receiver (a phone number, or the channel's receiver id) */
  to: string;
  params: P;
  /** the channel id; default: the client's `channels` map for the template's alias */
  channelId?: string;
  /** default: a fresh UUID (returned, to read the status later) */
  clientMessageId?: string;
  /** send the text part of a template whose other parts a conversation message cannot carry (default: refuse it) */
  textOnly?: boolean;
}

export interface Sent {
  clientMessageId: string;
  response: ConversationResponse;
  /** the parts of the template that were not sent (with textOnly) */
  omitted?: readonly string[];
}

export function channelIdFor(client: Client, channel: string, explicit?: string): string {
  const id = explicit ?? (UUID_RE.test(channel) ? channel : client.channels[channel]);
  if (!id) throw new ParamError(`No channel id for '${channel}': pass channelId, or createClient({ channels: { '${channel}': '<uuid>' } })`);
  return id;
}

/** Sends a template (its metadata from the generated module) with checked parameters. */
export async function sendTemplateWith(client: Client, meta: TemplateMeta, o: SendTemplateOptions<Readonly<Record<string, string>>>): Promise<Sent> {
  const omitted = checkSendable(meta, o.textOnly);
  const params = checkParams(meta, o.params as Readonly<Record<string, unknown>>);
  const rendered = renderTemplate(meta, params);
  const sent = await sendText(client, channelIdFor(client, meta.channel, o.channelId), o.to, rendered.text, rendered.suggestions, o.clientMessageId);
  return omitted.length ? { ...sent, omitted } : sent;
}

export async function sendText(client: Client, channelId: string, to: string, text: string, suggestions: ConversationRequest["messages"][number]["suggestions"] = [], clientMessageId: string = randomUUID()): Promise<Sent> {
  if (!to.trim()) throw new ParamError('The receiver is empty');
  const req: ConversationRequest = {
    clientMessageId,
    messages: [{ receiver: to, type: 'text', data: { message: text }, ...(suggestions.length ? { suggestions } : {}) }],
  };
  const response = await client.sendConversation(channelId, req);
  return { clientMessageId, response };
}
