// Effects: sending a rendered template, or a text, through the conversation operation under a
// fresh clientMessageId; the client retries only with that same id.
import { randomUUID } from 'node:crypto';
import { UUID_RE } from '../schemas/contract.js';
import type { Client } from '../api/client.js';
import { ApiError, AuthError, RateLimitedError, UnavailableError } from '../api/errors.js';
import { holdsKey } from '../core/redact.js';
import { UsageError } from '../core/errors.js';
import { adviceCommand } from '../core/advice.js';
import { an } from '../core/article.js';
import { didYouMean } from '../core/suggest.js';
import { visible } from '../core/visible.js';
import { scanPlaceholders } from '../model/placeholders.js';
import { urlAddressProblem } from '../model/urls.js';
import { linkIn } from '../model/links.js';
import { foreignCharacters, namedCharacter, shownWithEscapes } from '../model/written-characters.js';
import type { ConversationRequest, ConversationResponse } from '../api/shapes.js';
import { checkParams, checkSendable, ParamError, renderTemplate, type TemplateParamValues } from './render.js';
import { carrierOf, needsPresetText, textPartParams, type ChannelKind, type TemplateMeta } from '../model/meta.js';
import { shownKey } from '../model/ids.js';
import { templateId } from '../model/ids.js';
import { campaignEnded, NotSendable, remoteProblem, type SendCaller } from './gate.js';
import { qualityWarning, type QualityWarning } from '../core/template-state.js';

export interface SendTemplateOptions<P> {
  /** receiver (a phone number, or the channel's receiver id) */
  to: string;
  params: P;
  /** the channel id; default: the client's `channels` map for the template's alias */
  channelId?: string | undefined;
  /** default: a fresh UUID (returned, to read the status later) */
  clientMessageId?: string | undefined;
  /** send the text part of a template whose other parts a conversation message cannot carry (default: refuse it); true or false, anything else is refused */
  textOnly?: boolean | undefined;
  /**
   * Read the template from the channel first and refuse (NotSendable, exit 3) unless it is there,
   * APPROVED and matches the metadata (the local file). Default true. false: for a channel whose copy
   * cannot be read and a test service that keeps no templates: a read that fails, or finds no copy,
   * does not stop the send (`Sent.unchecked` says which); a copy read is checked all the same, so a
   * template in review, REJECTED, PAUSED, DISABLED..., re-categorised or unlike its file is still
   * refused (its text goes out as a plain conversation message, which nothing on the channel would stop).
   */
  remoteCheck?: boolean | undefined;
  /**
   * The text of an authentication template without text of its own, in its language, with
   * {{code}}: WhatsApp localises that text, so a template in another language than English is
   * refused without it.
   */
  presetText?: string | undefined;
  /** the environment's name, as a refusal's advice names its config (`environments.staging.categories`) */
  environment?: string | undefined;
  /**
   * This send's own cancel or deadline (AbortSignal.timeout(ms)): the gate's read ends, no retry, and a send not yet
   * made is not made; a send in flight finishes, so its outcome is known (CallOptions.signal)
   */
  signal?: AbortSignal | undefined;
}

export interface Sent {
  clientMessageId: string;
  response: ConversationResponse;
  /**
   * the parts of the template that were not sent: those textOnly left out, and those no send carries
   * that need no textOnly (an authentication template's copy-code button: the text carries its code)
   */
  omitted?: readonly string[];
  /** with remoteCheck false: why the channel's copy was not checked (its read failed, or the channel has none) */
  unchecked?: string;
  /** the channel rates the template RED (approved and sent, but Meta may pause it soon) or YELLOW (medium: Meta says it may soon become paused or disabled): what to do */
  quality?: QualityWarning;
}

/**
 * A send the service took and answered failed: a message of its answer has `status` 3 (fail,
 * schema/openapi.yaml's ConversationResponse). Nothing was delivered to that receiver. Exit 3, as
 * a send the service refuses. `response` is the service's answer; a repeat under the same
 * clientMessageId is answered with it again, so a new attempt takes a new id.
 */
export class SendFailed extends Error {
  override name = 'SendFailed';
  readonly exitCode = 3;
  /** the parts of the template left out (textOnly), as Sent.omitted */
  omitted?: readonly string[];
  constructor(message: string, readonly clientMessageId: string, readonly response: ConversationResponse) { super(message); }
}

/** the per-message status of a send's answer that says the message failed (1 pending, 2 success, 3 fail, 4 delivered, 5 read) */
export const MESSAGE_FAILED = 3;

/**
 * The channel id a send goes to, checked before any request: a channel the client's setup does not
 * map is the setup's to fix (UsageError); an id given that is not a UUID is the caller's value (ParamError).
 */
export function channelIdFor(client: Client, channel: string, explicit?: string): string {
  if (explicit !== undefined) {
    if (typeof explicit !== 'string' || !UUID_RE.test(explicit)) throw new ParamError(`channelId ${shownValue(explicit)} is not a UUID (a channel's id, as the environment's channels map it): nothing was sent, no request was made`);
    return explicit;
  }
  if (UUID_RE.test(channel)) return channel;
  const id = Object.hasOwn(client.channels, channel) ? client.channels[channel] : undefined;
  if (id === undefined) throw new UsageError(`No channel id for '${channel}': pass channelId, or createClient({ channels: { '${channel}': '<uuid>' } }). Nothing was sent.`);
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new UsageError(`createClient({ channels: { '${channel}': ${shownValue(id)} } }): the channel id is not a UUID. Nothing was sent, no request was made.`);
  return id;
}

/** a value a caller gave, shown in a message: a string quoted with its control characters escaped, anything else by its type */
const shownValue = (v: unknown): string => (typeof v === 'string' ? `'${visible(v, { oneLine: true })}'` : `(${v === null ? 'null' : typeof v})`);

/** what is wrong with a send's `params` as a whole (left out, null, an array, no object), or undefined: its values are checkParams's */
function paramsObjectProblem(params: unknown): string | undefined {
  if (params === undefined) return 'is missing';
  if (params === null) return 'is null';
  if (Array.isArray(params)) return 'is an array';
  if (typeof params !== 'object') return `is ${typeof params === 'string' ? `the string ${shownValue(params)}` : an(typeof params)}, not an object`;
  return undefined;
}

/** a clientMessageId given by the caller, checked before any request (ParamError naming it) */
function checkClientMessageId(id: unknown): void {
  if (id !== undefined && (typeof id !== 'string' || !UUID_RE.test(id))) throw new ParamError(`clientMessageId ${shownValue(id)} is not a UUID: nothing was sent, no request was made. Leave it out for a fresh one, or give the id of an earlier send to repeat it.`);
}

/**
 * The metadata of `key` in a generated module's `templates`, or a UsageError naming the key and
 * what the module holds: a key from run-time data, or a plain-JS caller, is checked before anything
 * is read or sent (the generated sendTemplate calls it).
 */
export function templateOf(templates: Readonly<Record<string, TemplateMeta>>, key: string): TemplateMeta {
  const meta = typeof key === 'string' && Object.hasOwn(templates, key) ? templates[key] : undefined;
  if (meta && typeof meta === 'object') return meta;
  const keys = Object.keys(templates);
  const shown = keys.length <= 5 ? keys.join(', ') : `${keys.slice(0, 5).join(', ')} and ${keys.length - 5} more`;
  throw new UsageError(`No template ${shownValue(key)} in the generated module (it holds ${keys.length ? `${keys.length}: ${shown}` : 'none'})${typeof key === 'string' ? didYouMean(key, keys) : ''}. A key is '<channel>/<name>/<language>'; a template whose file was added since, after tplsync types. Nothing was sent.`);
}

/**
 * A send made ready and not made: what `send --dry-run` shows. Everything a send does before its
 * request was done (the values checked, the channel's copy read and compared unless remoteCheck is
 * false, the message rendered and checked), and `request` is the body the conversation operation
 * would be given (never the API key: a message that would hold it is refused).
 */
export interface PreparedSend {
  channelId: string;
  clientMessageId: string;
  /** the conversation operation's request: POST `path` with `request` as its body */
  path: string;
  request: ConversationRequest;
  /** the parts of the template that would not be sent (textOnly's, and those that need none: Sent.omitted) */
  omitted: readonly string[];
  /** the channel's state of the template as the gate read it; absent: not read (a --text), or not checked (`unchecked`) */
  remoteStatus?: string;
  /** with remoteCheck false: why the channel's copy was not checked (its read failed, or the channel has none) */
  unchecked?: string;
  /** the channel rates the template RED (approved and sendable, but Meta may pause it soon) or YELLOW (medium): what to do */
  quality?: QualityWarning;
}

/**
 * Sends a template (its metadata from the generated module) with checked parameters, after
 * checking that the channel has it APPROVED as the metadata describes it (unless remoteCheck is false).
 */
export async function sendTemplateWith(client: Client, meta: TemplateMeta, o: SendTemplateOptions<TemplateParamValues>): Promise<Sent> {
  return sendTemplateAs(client, meta, o, 'library');
}

/** sendTemplateWith for `caller`: a refusal's advice is worded for who sends (SendCaller: tplsync send's metadata is never a stale module's) */
export async function sendTemplateAs(client: Client, meta: TemplateMeta, o: SendTemplateOptions<TemplateParamValues>, caller: SendCaller): Promise<Sent> {
  const ready = await prepareTemplateSend(client, meta, o, caller);
  let sent: Sent;
  try { sent = await sendRequest(client, ready.channelId, ready.request, o.environment, caller, o.signal); } catch (e) {
    if (e instanceof SendFailed && ready.omitted.length) e.omitted = ready.omitted;
    throw e;
  }
  return { ...sent, ...(ready.omitted.length ? { omitted: ready.omitted } : {}), ...(ready.unchecked !== undefined ? { unchecked: ready.unchecked } : {}), ...(ready.quality ? { quality: ready.quality } : {}) };
}

/**
 * Everything sendTemplateWith does up to its request, and nothing sent: the refusals are the same
 * (NotSendable, ParamError, the read's ApiError), the result is the request it would make.
 */
export async function prepareTemplateSend(client: Client, meta: TemplateMeta, o: SendTemplateOptions<TemplateParamValues>, caller: SendCaller = 'library'): Promise<PreparedSend> {
  // what a plain-JS caller (or a cast) may pass: checked before anything is read or sent
  if (!meta || typeof meta !== 'object' || typeof meta.channel !== 'string') throw new UsageError(`sendTemplateWith takes a template's metadata (an entry of a generated module's templates), not ${meta === null ? 'null' : typeof meta}: nothing was sent`);
  if (!o || typeof o !== 'object') throw new UsageError(`sendTemplate takes its options ({ to, params, ... }), not ${o === null ? 'null' : typeof o}: nothing was sent`);
  checkClientMessageId(o.clientMessageId);
  // from plain JS, textOnly: 'yes' was taken as true and the parts it leaves out dropped: refused, as a value that is no string is
  if (o.textOnly !== undefined && typeof o.textOnly !== 'boolean') throw new ParamError(`textOnly must be true or false, not ${typeof o.textOnly === 'string' ? `the string ${shownValue(o.textOnly)}` : o.textOnly === null ? 'null' : an(typeof o.textOnly)}: nothing was sent, no request was made`);
  // params left out, null or no object (run-time data, a plain-JS caller): the call's shape is wrong, whatever the channel
  // says, so said before the gate's read (not a TypeError of the values' check after it)
  const paramsProblem = paramsObjectProblem(o.params);
  if (paramsProblem !== undefined) {
    const takes = o.textOnly === true ? meta.params.filter((p) => textPartParams(meta).has(p)) : meta.params;
    throw new ParamError(`params ${paramsProblem}: ${shownKey(meta)} takes its values as an object, ${takes.length ? `{ ${takes.join(', ')} }` : 'params: {} (it takes none)'}. Nothing was sent, no request was made.`);
  }
  // a text that needs values the module does not hold is never sent with a stand-in in their place
  if (meta.unfilled?.length) {
    throw new NotSendable(`${shownKey(meta)} uses ${meta.unfilled.map((n) => `((${n}))`).join(', ')}, which the generated module does not hold (a secret is never written to a file; a module made without --env holds no value): send it with tplsync send, which reads the environment's values when it sends. Nothing was sent.`, 'unfilled');
  }
  // a finished campaign: with textOnly its expiry would be left out, and the stale offer delivered with none
  if (campaignEnded(meta, Date.now())) {
    throw new NotSendable(`${shownKey(meta)} is a campaign that ended at ${meta.expireTime} (its rcsExpireOpts.expireTime): a finished campaign is not sent (rule rcs-expired). Nothing was sent. Retire it by deleting its file, or give it a later expireTime and apply it.`, 'expired');
  }
  const channelId = channelIdFor(client, meta.channel, o.channelId);
  // what the caller gave, checked here; said after what the channel says of the template (a
  // template that is not approved is the first thing to know: fixing the parameters would not help)
  let local: { omitted: ReturnType<typeof checkSendable>; own: TemplateMeta; params: ReturnType<typeof checkParams> } | undefined;
  let localError: unknown;
  try {
    // what textOnly leaves out, then what no send carries and needs no textOnly (a copy-code OTP button): each said
    const omitted = [...checkSendable(meta, o.textOnly), ...(Array.isArray(meta.notSent) ? meta.notSent : [])];
    const own = withPresetText(meta, o.presetText);
    local = { omitted, own, params: checkParams(own, o.params as Readonly<Record<string, unknown>>, o.textOnly === true) };
  } catch (e) { localError = e; }
  let remoteStatus: string | undefined;
  let unchecked: string | undefined;
  let quality: QualityWarning | undefined;
  // remoteCheck false is for a channel whose copy cannot be read and a test service that keeps no templates: the read is
  // made all the same, and only its failure or the copy's absence lets the send go unchecked. A copy read is checked: the
  // text goes out as a plain conversation message, which nothing on the channel stops, so a PAUSED, DISABLED or REJECTED
  // template's text would reach the customer (trial-u F4)
  const lenient = o.remoteCheck === false;
  {
    const id = templateId(channelId, meta.name, meta.language, meta.check?.publicId);
    let read: Awaited<ReturnType<Client['getTemplate']>> | undefined;
    try { read = await client.getTemplate(channelId, id, o.signal !== undefined ? { signal: o.signal } : {}); } catch (e) {
      // the caller's own cancel (its signal) during the read: nothing was sent, and no advice about the channel
      if (o.signal?.aborted && e instanceof ApiError) {
        e.message += '\nNothing was sent: the send\'s signal was aborted while the template was read before the send (the send gate).';
        throw e;
      }
      // (a key refused is refused for the send too: said as the read's)
      if (lenient && e instanceof ApiError && !(e instanceof AuthError)) unchecked = `the read of its copy failed (${e.message.split('\n')[0]})`;
      // the gate's read failed (its own exit code: 7 unavailable, 6 key refused, 70 an answer outside the contract): no send was attempted
      else if (e instanceof ApiError) {
        const retry = e instanceof UnavailableError || e instanceof RateLimitedError
          ? ` Send again once the channel can be read; ${caller === 'cli' ? '--no-remote-check (remoteCheck: false)' : 'remoteCheck: false'} sends when this read fails, and then nothing checks that the channel has it APPROVED as the file says.`
          : '';
        e.message += `\nNothing was sent: the read of the template before the send (the send gate) failed, so no send was attempted.${retry}`;
        // what the caller gave is wrong too: said now, not on the next try once the channel answers
        if (localError instanceof Error) e.message += `\nAlso: ${localError.message}`;
        throw e;
      } else throw e;
    }
    if (read === null && lenient) unchecked = 'the channel has no copy of it';
    else if (read !== undefined) {
      remoteStatus = read?.statusText;
      quality = qualityWarning(read);
      const problem = remoteProblem(meta, read, { channelId, templateId: id }, { textOnly: o.textOnly === true, ...(o.environment ? { environment: o.environment } : {}), caller });
      if (problem) throw new NotSendable(localError instanceof Error ? `${problem.message}\nAlso: ${localError.message}` : problem.message, problem.reason, problem.status, problem);
    }
  }
  if (!local) throw localError;
  const { omitted, own, params } = local;
  const rendered = renderTemplate(own, params);
  // the caller's text with the code in it: a code of letters may finish what the text starts (evil.{{code}} with code=com)
  if (o.presetText !== undefined) {
    const odd = presetTextProblem(rendered.text);
    if (odd) throw new ParamError(`--preset-text (presetText) with its code ${odd}; WhatsApp's wording of an authentication template has none. Nothing was sent.`);
  }
  const request = textRequest(o.to, rendered.text, rendered.suggestions, o.clientMessageId, carrierOf(own));
  return { channelId, clientMessageId: request.clientMessageId, path: conversationPath(channelId), request, omitted, ...(remoteStatus !== undefined ? { remoteStatus } : {}), ...(unchecked !== undefined ? { unchecked } : {}), ...(quality ? { quality } : {}) };
}

/** the path of the conversation operation (schema/openapi.yaml), as a dry run shows it */
export const conversationPath = (channelId: string): string => `/channel/${channelId}/conversation`;

/**
 * What in the caller's text for WhatsApp's authentication wording is no part of such wording, or
 * undefined: anything that reads as a link or an address in any script (a link as a phone finds
 * one, `linkIn`: a scheme, www., any host name with a top-level name; a slash, an @, brackets),
 * a control or an invisible format character (a zero-width space splitting a link, a bidi
 * override; the directional marks of right-to-left text are kept), a tab or a run of spaces, a
 * reference to an environment value. Said as what it is.
 */
export function presetTextProblem(text: string): string | undefined {
  // compatibility forms read as what they show (full-width ｅｖｉｌ．ｃｏｍ is evil.com), as a phone shows them
  const rest = text.normalize('NFKC');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(text)) return 'holds a control character or a tab';
  // invisible format characters, but those writing needs: the joiners of Persian and Indic scripts, the directional marks and isolates of right-to-left text
  const format = /[^\P{Cf}\u200c\u200d\u200e\u200f\u061c\u2066-\u2069]|[\u115f\u1160\u3164\uffa0\u2800]/u.exec(text);
  if (format) return `holds an invisible character (U+${format[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
  const spaced = rest.replace(/[^\S\n]/gu, ' ');
  if (/ {5}|\n *\n *\n/.test(spaced)) return 'holds a run of spaces or blank lines';
  if (/\(\(/.test(rest)) return 'holds a reference to an environment value';
  // a link as a phone finds one (a scheme, www., an address, any host name with a top-level name, whatever precedes it)
  const link = linkIn(rest);
  if (link !== undefined) return `holds what reads as a link or an address ('${link}')`;
  // a path or an address, brackets
  const address = /[/\\@<>[\]]/u.exec(rest);
  if (address) return `holds what reads as a link or an address ('${address[0]}')`;
  return undefined;
}

/** the longest text taken for WhatsApp's wording of an authentication template in a language tplsync does not know */
const MAX_PRESET = 300;

/** The meta with the caller's text of a localised authentication template; refuses one without it. */
export function withPresetText(meta: TemplateMeta, text: string | undefined): TemplateMeta {
  // a text of the template's own, under which WhatsApp writes the expiry line in a language tplsync does not know
  const ownText = meta.presetText === undefined && needsPresetText(meta);
  if (text === undefined) {
    if (ownText) {
      throw new NotSendable(`${shownKey(meta)} is an authentication template under whose text WhatsApp writes the expiry line (${meta.presetParts!.expiryMinutes} minutes) in ${meta.language}; a conversation message carries text, and tplsync knows only WhatsApp's English wording of that line: sent without it, the message would lack the warning the approved template carries. Give the whole text as WhatsApp shows it in ${meta.language}, the expiry line included, with {{code}} where the code goes: --preset-text TEXT (presetText). Nothing was sent.`, 'preset-text');
    }
    if (meta.presetText === 'localised') {
      throw new NotSendable(`${shownKey(meta)} is an authentication template whose text WhatsApp writes in ${meta.language}; a conversation message carries text, and tplsync knows only WhatsApp's English wording. Give the text as WhatsApp shows it in ${meta.language}, with {{code}} where the code goes: --preset-text TEXT (presetText). Nothing was sent.`, 'preset-text');
    }
    return meta;
  }
  if (!meta.presetText && !ownText) throw new ParamError(`${shownKey(meta)} has text of its own; --preset-text (presetText) is only for an authentication template whose text WhatsApp writes`);
  // the English wording is WhatsApp's, and tplsync's: another text would go out under the approved template
  if (meta.presetText === 'exact') throw new ParamError(`${shownKey(meta)} is sent with WhatsApp's own ${meta.language} wording, which tplsync knows; --preset-text (presetText) is for the languages whose wording it does not know, and is not taken here. Nothing was sent.`);
  // the text stands for WhatsApp's wording in this language, which no one reviewed here: its form is held to that wording's
  // (the code once, no other placeholder, no link: an authentication template has none, and a phishing text would)
  const codes = text.match(/\{\{[^{}]*\}\}/g) ?? [];
  if (codes.length !== 1 || codes[0] !== '{{code}}') throw new ParamError(`--preset-text (presetText) must hold {{code}} once where the code goes, and no other placeholder, not ${JSON.stringify(text.slice(0, 80))}. Nothing was sent.`);
  // (the code is checked where it is given: a code and the text around it are checked together once sent, below)
  const odd = presetTextProblem(text.replace('{{code}}', ' '));
  if (odd) throw new ParamError(`--preset-text (presetText) ${odd}; WhatsApp's wording of an authentication template has none (and an authentication template may not carry a link). Nothing was sent.`);
  if ([...text].length > MAX_PRESET) throw new ParamError(`--preset-text (presetText) is ${[...text].length} characters; WhatsApp's wording of an authentication template (the code line, the security sentence, the expiry line) is far shorter: at most ${MAX_PRESET} taken. Nothing was sent.`);
  // the caller's text is the whole text: what WhatsApp adds in this language (the security sentence, the expiry line) is in it,
  // or the message would go out without the warning the approved template carries
  const parts = meta.presetParts;
  const expiry = parts?.expiryMinutes !== undefined ? expiryLineProblem(text, parts.expiryMinutes) : undefined;
  if (expiry !== undefined) {
    throw new ParamError(`${shownKey(meta)} carries WhatsApp's expiry line (${parts!.expiryMinutes} minutes), which --preset-text (presetText) must hold as WhatsApp words it in ${meta.language}: ${expiry}. Give the whole text (the code line${parts!.security ? ', the security sentence' : ''} and the expiry line last). Nothing was sent.`);
  }
  // (sentences are counted at their stops: a language that writes none, Thai, is not counted)
  if (parts?.security && SENTENCE_STOP.test(text) && sentencesIn(text.replace('{{code}}', 'X')) < (parts.expiryMinutes !== undefined ? 3 : 2)) {
    throw new ParamError(`${shownKey(meta)} carries WhatsApp's security sentence ("For your security, do not share this code." in English), which --preset-text (presetText) must hold as WhatsApp words it in ${meta.language}: the text holds ${sentencesIn(text.replace('{{code}}', 'X'))} sentence${sentencesIn(text.replace('{{code}}', 'X')) === 1 ? '' : 's'}. Give the whole text (the code line, the security sentence${parts.expiryMinutes !== undefined ? ' and the expiry line' : ''}). Nothing was sent.`);
  }
  const { footer: _footer, ...rest } = meta;
  // a text of the template's own: the code is its body's placeholder (its parameter, as the caller names it)
  const code = ownText ? scanPlaceholders(meta.body).placeholders[0]?.key : undefined;
  return { ...rest, body: code !== undefined ? text.replace('{{code}}', `{{${code}}}`) : text };
}

/**
 * What keeps a caller's text from holding WhatsApp's expiry line of `minutes`, or undefined. WhatsApp
 * writes that line under the text, last: the text's last line must hold the minutes as a number of
 * its own, in digits of any script (5 is not in 15, 50, 35 or 5.5). Its words are not read (tplsync
 * knows no language's wording but English): a last line with the number is taken as the expiry line.
 */
function expiryLineProblem(text: string, minutes: number): string | undefined {
  const n = String(minutes);
  // the number whole: no digit beside it, and no decimal part (10.30 is a time, 1,5 a fraction)
  const whole = new RegExp(`(?<![0-9]|[0-9][.,])${n}(?![0-9]|[.,][0-9])`, 'u');
  const lines = text.split(/\r\n|[\n\r\u2028\u2029]/u).filter((l) => /[\p{L}\p{N}]/u.test(l));
  const last = lines[lines.length - 1] ?? '';
  if (whole.test(digitsIn(last))) return undefined;
  if (!whole.test(digitsIn(text))) {
    const longer = /[0-9]+(?:[.,][0-9]+)?/g;
    const near = [...digitsIn(text).matchAll(longer)].map((m) => m[0]).filter((m) => m.includes(n));
    return `the text has no ${n}${near.length ? ` as a number of its own (${near.map((m) => `'${m}'`).join(', ')} is another number)` : ''}`;
  }
  return `its last line (${JSON.stringify(last.slice(0, 60))}), where WhatsApp writes the expiry line under the text, has no ${n}`;
}

/** a text's digits of any script as ASCII digits (١٠ and १० are 10), for finding a number in a text of any language */
function digitsIn(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => { const c = d.codePointAt(0)!; for (let z = c; z > c - 10; z--) if (!/\p{Nd}/u.test(String.fromCodePoint(z - 1))) return String(c - z); return d; });
}

/** a sentence's stop: . ! ? and their forms in other scripts (。！？ ؟ । ॥) */
const SENTENCE_STOP = /[.!?\u3002\uff01\uff1f\u061f\u0964\u0965]/u;

/** how many sentences or lines a text holds (ended by a stop, or a line break) */
function sentencesIn(text: string): number {
  return text.split(/[.!?\u3002\uff01\uff1f\u061f\u0964\u0965\n]+/u).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
}

/** the most characters of a text message: WhatsApp's (a text message's body), and RBM's (a message's text: an RCS message, with chips) */
export const TEXT_LIMITS = { whatsapp: 4096, rcs: 3072 } as const;

/**
 * What is wrong with a receiver, or undefined. The API takes a "receiver identifier": a phone
 * number, or an id of the channel's own. One written as a phone number must be one in
 * international form (E.164: a country code and up to 15 digits); a list, spaces around it or in
 * it, a number in a local form, one in another address form (Twilio's `whatsapp:+4915112345678`, a
 * `tel:` link) and a + followed by anything but the digits of a number are refused before anything
 * is sent (the service took them and the delivery failed later: docs/api-assumptions.md).
 */
export function receiverProblem(to: unknown): string | undefined {
  if (typeof to !== 'string') return `The receiver is ${to === undefined || to === null ? 'missing' : `a ${typeof to}, not a text`}: give a phone number with its country code, e.g. +14155550100`;
  if (!to.trim()) return 'The receiver is empty';
  // written as a phone number: digits of any script, dashes of any kind, spaces, brackets, dots, slashes, and characters that show nothing
  // (quoted with its invisible characters written as escapes: printed as they are, the number looks right)
  const shown = JSON.stringify(shownWithEscapes(to)).replace(/\\\\u/g, '\\u');
  if (/^[\s+\p{Nd}().\p{Pd}/\p{Cf}\uff0b]+$/u.test(to) && !/^\+?[1-9]\d{6,14}$/.test(to)) {
    // a number copied from an app in another script: what is in it, and the number without it
    const foreign = foreignCharacters(to);
    if (foreign) {
      const fixed = foreign.fixed.replace(/[\s().\p{Pd}/]/gu, '');
      return `The receiver ${shown} ${foreign.said}: write ${/^\+?[1-9]\d{6,14}$/.test(fixed) ? fixed : 'its country code and its digits in ASCII, nothing else, e.g. +14155550100'}`;
    }
    // a number with its country code, grouped as people write it (+49 151 12345678): the number to write, where it is certain
    // (not with a (0) after the country code: the UK's trunk 0 is not dialled from abroad, Italy's is)
    const bare = to.replace(/[\s().\p{Pd}/]/gu, '');
    if (/^\s*\+/.test(to) && !/\(\s*0\s*\)/.test(to) && /^\+[1-9]\d{6,14}$/.test(bare)) return `The receiver ${shown} is a phone number with spaces, dashes or brackets in it, which the API does not take: write ${bare}`;
    return `The receiver ${shown} is not a phone number in international form: write its country code and its digits, nothing else (no spaces, dashes or brackets), e.g. +14155550100`;
  }
  // a phone number in an address form of its own: Twilio's `whatsapp:+4915112345678`, a `tel:` or `sms:` link, or any
  // `scheme:` before a +number. Not an id of the channel's (the service took it and the delivery failed later): the number alone
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/)?(.*)$/su.exec(to);
  if (scheme) {
    const name = scheme[1]!.toLowerCase();
    const form = PHONE_ADDRESS_FORMS[name];
    const rest = scheme[2]!;
    if (form || /^[\s\p{Cf}]*[+\uff0b][\s\p{Cf}]*\p{Nd}/u.test(rest)) {
      const number = (foreignCharacters(rest)?.fixed ?? rest).replace(/[\s().\p{Pd}/]/gu, '');
      const fixed = /^\+?[1-9]\d{6,14}$/.test(number) ? `+${number.replace(/^\+/, '')}` : undefined;
      const phone = /\p{Nd}/u.test(rest) && !/\p{L}/u.test(rest);
      return `The receiver ${shown} is ${phone ? 'a phone number in ' : 'in '}${form ?? `a "${scheme[1]}:" address`}, which the API does not take (its receiver is the number alone, in international form; the service takes the other and fails its delivery): write ${fixed ?? 'its country code and its digits, nothing else, e.g. +14155550100'}`;
    }
  }
  if (/\p{Cf}/u.test(to)) return `The receiver ${shown} holds a character that shows nothing (${namedCharacter(/\p{Cf}/u.exec(to)![0])}), which no receiver id has`;
  if (/[\s,;]/.test(to)) return `The receiver ${shown} holds ${/[,;]/.test(to) ? 'a list separator: a message goes to one receiver (send once for each)' : 'white space, which no receiver id has'}`;
  // a + begins a phone number in international form, never an id: one with letters or signs after it (+49151abc,
  // +4915112345678x, +49#151...) is a number written otherwise
  if (/^[+\uff0b]/u.test(to) && !/^\+[1-9]\d{6,14}$/.test(to)) {
    const other = [...new Set([...to.slice(1)].filter((c) => !/[0-9]/.test(c)))].join('');
    return `The receiver ${shown} starts as a phone number (with a +) but holds ${JSON.stringify(other)}, which no phone number has: write its country code and its digits, nothing else, e.g. +14155550100`;
  }
  return undefined;
}

/** the address forms a phone number is written in elsewhere (a receiver is the number alone), by their scheme */
const PHONE_ADDRESS_FORMS: Readonly<Record<string, string>> = {
  whatsapp: "Twilio's WhatsApp address form (whatsapp:)", tel: 'a tel: link', sms: 'an sms: link', smsto: 'an smsto: link', callto: 'a callto: link', mms: 'an mms: link',
};

type Suggestions = ConversationRequest["messages"][number]["suggestions"];

/** The options of sendText (its fifth argument; an array there is its suggestions, as before). */
export interface SendTextOptions {
  /** reply and open_url suggestions (chips: an RCS message's, held to RBM's limit) */
  suggestions?: Suggestions | undefined;
  /** default: a fresh UUID (returned, to read the status later) */
  clientMessageId?: string | undefined;
  /**
   * What the channel is (the config's `channels.<alias>.kind`): 'rcs' holds the text to RBM's 3072
   * characters, as `tplsync send --text` holds a channel the config says is RCS. Absent: WhatsApp's
   * 4096 (3072 with suggestions), as the CLI on a channel whose kind the config does not say.
   */
  channelKind?: ChannelKind | undefined;
  /** the environment's name, as an error's advice names it (`tplsync status ID --env staging`) */
  environment?: string | undefined;
  /** this send's own cancel or deadline: a send not yet made is not made, one in flight finishes (CallOptions.signal) */
  signal?: AbortSignal | undefined;
}

/**
 * Sends a text to one receiver, checked as `tplsync send --text` checks it. `sendText(client, channelId,
 * to, text, { channelKind: 'rcs' })`; the older form `sendText(client, channelId, to, text, suggestions,
 * clientMessageId, environment)` is taken as before.
 */
export async function sendText(client: Client, channelId: string, to: string, text: string, options: SendTextOptions | Suggestions = {}, clientMessageId?: string, environment?: string): Promise<Sent> {
  return sendTextAs(client, channelId, to, text, options, 'library', clientMessageId, environment);
}

/** sendText for `caller`: an error's advice is worded for who sends (the command line's, or code's) */
export async function sendTextAs(client: Client, channelId: string, to: string, text: string, options: SendTextOptions | Suggestions, caller: SendCaller, clientMessageId?: string, environment?: string): Promise<Sent> {
  const o: SendTextOptions = Array.isArray(options) || options === undefined
    ? { suggestions: options ?? [], ...(clientMessageId !== undefined ? { clientMessageId } : {}), ...(environment !== undefined ? { environment } : {}) }
    : options;
  if (!o || typeof o !== 'object') throw new UsageError(`sendText takes its options ({ suggestions, clientMessageId, channelKind, environment }) as its fifth argument, not ${o === null ? 'null' : typeof o}: nothing was sent`);
  if (o.channelKind !== undefined && o.channelKind !== 'rcs' && o.channelKind !== 'whatsapp') throw new UsageError(`channelKind ${shownValue(o.channelKind)} is neither 'whatsapp' nor 'rcs' (the config's channels.<alias>.kind): nothing was sent`);
  const id = o.clientMessageId ?? randomUUID();
  checkClientMessageId(id);
  return sendRequest(client, channelId, textRequest(to, text, o.suggestions ?? [], id, o.channelKind), o.environment, caller, o.signal);
}

/**
 * The conversation request of a text (with its suggestions) to one receiver, checked as a send
 * checks it (ParamError, NotSendable 'key'; each says nothing was sent): what sendText sends, and
 * what a dry run shows. Pure.
 */
export function textRequest(to: string, text: string, suggestions: ConversationRequest["messages"][number]["suggestions"] = [], clientMessageId: string = randomUUID(), channelKind?: ChannelKind): ConversationRequest {
  const badReceiver = receiverProblem(to);
  if (badReceiver) throw new ParamError(`${badReceiver}. Nothing was sent.`);
  // one id, one spelling: a UUID is the same in either case (RFC 4122), and a repeat must be the same request to be answered as one
  if (typeof clientMessageId === 'string' && UUID_RE.test(clientMessageId)) clientMessageId = clientMessageId.toLowerCase();
  if (typeof text !== 'string') throw new ParamError(`The text is ${text === undefined ? 'missing' : `a ${typeof text}, not a text`}: nothing was sent`);
  // a message of nothing reaches the customer as an empty bubble: refused, as a template with a blank text is
  // (spaces, and characters that show nothing: zero-width spaces and joiners, a BOM)
  // (Braille and Hangul fillers and the combining grapheme joiner show nothing too)
  const blank = (s: string): boolean => /^[\s\u200b-\u200f\u2060-\u2064\ufeff\u2800\u3164\u115f\u1160\uffa0\u034f\u00ad\u180e\u17b4\u17b5\u{e0000}-\u{e007f}]*$/u.test(s);
  if (blank(text)) throw new ParamError(`The text is ${text === '' ? 'empty' : 'blank (spaces or characters that show nothing)'}: nothing was sent; give the message's text`);
  // chips are RCS's: such a message is held to RBM's limit; any other to WhatsApp's, the larger (`tplsync send` holds a channel of kind rcs to RBM's)
  // on a channel whose kind is RCS (the config's, or sendText's channelKind), RBM's limit whatever the chips
  const rcs = channelKind === 'rcs' || suggestions.length > 0;
  const limit = rcs ? TEXT_LIMITS.rcs : TEXT_LIMITS.whatsapp;
  const length = [...text].length;
  if (length > limit) throw new ParamError(`The text is ${length} characters; ${channelKind === 'rcs' ? 'an RCS message (the channel is an RCS channel)' : suggestions.length ? 'an RCS message (it has suggestions)' : 'a text message'} takes at most ${limit}${rcs ? '' : ` (WhatsApp's limit; RCS takes ${TEXT_LIMITS.rcs})`}: nothing was sent`);
  // a chip's label: 1 to 25 characters that show (format.md: a suggestion's text)
  // at most 11 suggestions on a message, an open_url address of at most 2048 characters (RBM's limits: a longer list or URL is refused)
  if (suggestions.length > 11) throw new ParamError(`${suggestions.length} suggestions; a message takes at most 11: nothing was sent`);
  for (const sg of suggestions) {
    if (blank(sg.text)) throw new ParamError(`A suggestion's label is ${sg.text === '' ? 'empty' : 'blank'}: nothing was sent; give each --reply and --open-url a label of 1 to 25 characters`);
    if (/[\r\n\t\v\f\u0085\u2028\u2029]/.test(sg.text)) throw new ParamError(`The suggestion label ${JSON.stringify(sg.text)} holds a line break or a tab, which a chip cannot show: nothing was sent`);
    if ([...sg.text].length > 25) throw new ParamError(`The suggestion label "${sg.text}" is ${[...sg.text].length} characters; the limit is 25: nothing was sent`);
    if (sg.action === 'open_url' && sg.postbackData !== undefined && sg.postbackData.length > 2048) throw new ParamError(`The address of the suggestion "${sg.text}" is ${sg.postbackData.length} characters; an open_url takes at most 2048: nothing was sent`);
    const bad = sg.action === 'open_url' && sg.postbackData !== undefined ? urlAddressProblem(sg.postbackData) : undefined;
    if (bad) throw new ParamError(`The address of the suggestion "${sg.text}": ${bad.message} Nothing was sent.`);
  }
  // the API key in what the customer would get (a template's URL or text that holds it, as plan and apply hold such a
  // template; a value given for a placeholder): never sent, whatever the remote check
  if (holdsKey(text) || suggestions.some((sg) => holdsKey(sg.text) || (sg.postbackData !== undefined && holdsKey(sg.postbackData)))) {
    throw new NotSendable('The message holds the API key (in its text, a button or a chip, or a value given for a placeholder): it would reach the customer. Nothing was sent. Take the key out of the template (plan and apply hold such a template) or out of the values.', 'key');
  }
  return {
    clientMessageId,
    messages: [{ receiver: to, type: 'text', data: { message: text }, ...(suggestions.length ? { suggestions } : {}) }],
  };
}

/** Sends a checked request (textRequest) through the conversation operation; a lost answer's error names its clientMessageId. */
async function sendRequest(client: Client, channelId: string, req: ConversationRequest, environment: string | undefined, caller: SendCaller, signal?: AbortSignal): Promise<Sent> {
  const clientMessageId = req.clientMessageId;
  // the status command advised names the environment the send used: another's service does not know the id; code is told
  // the client's call, not a command of a tool a service may not ship
  const status = caller === 'cli' ? `\`${adviceCommand(`status ${clientMessageId}`, environment)}\`` : `client.allMessageStatuses('${clientMessageId}')`;
  let response: ConversationResponse;
  try { response = await client.sendConversation(channelId, req, signal !== undefined ? { signal } : {}); } catch (e) {
    // an attempt that may have been acted on (no answer, a time-out, a 5xx, an answer not understood; also when a later
    // attempt was refused, a 429 after a lost answer): the message may have been delivered all the same; its id lets the
    // caller look it up, or send it again under the same id, which the service answers with the first result
    if (e instanceof ApiError && e.mayHaveReached) {
      e.clientMessageId = clientMessageId;
      const again = caller === 'cli' ? `--client-message-id ${clientMessageId} (clientMessageId in code)` : `clientMessageId: '${clientMessageId}' (e.clientMessageId)`;
      e.message += `\nThe message may have been delivered: its clientMessageId is ${clientMessageId}. Look it up with ${status}, or send it again with ${again}: a repeat with the same id is answered with the first result, never delivered twice.`;
    } else if (e instanceof UnavailableError || e instanceof RateLimitedError) {
      e.message += '\nThe message was not sent: no attempt reached the service (or it refused each one before acting on it). Sending it again is safe.';
    }
    throw e;
  }
  // taken, and answered failed: the message was not delivered, however the request went (a script must not count it as sent)
  if (response.messages.some((m) => m.status === MESSAGE_FAILED)) {
    throw new SendFailed(`The service answered that the message failed (status ${MESSAGE_FAILED}): it was not delivered. Its clientMessageId is ${clientMessageId} (${status} shows its delivery); a send under a new id is a new attempt (one under the same id is answered with this result again).`, clientMessageId, response);
  }
  return { clientMessageId, response };
}
