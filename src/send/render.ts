// Pure: checking parameter values and rendering a template into the text and suggestions
// the conversation operation sends, with the same placeholder compiler as lint and plan.
import { shownKey } from '../model/ids.js';
import type { ConversationRequest } from '../api/shapes.js';
import { renderText, scanPlaceholders } from '../model/placeholders.js';
import { cardParam, carrierOf, paramName, quickReplyParams, sentButtons, textPartParams, type TemplateMeta } from '../model/meta.js';
import { CODE_PARAM } from '../model/authentication.js';
import { namedCharacter, shownWithEscapes, unclosedDirection } from '../model/written-characters.js';
import { urlButtonValue, urlValueEncoded } from '../model/urls.js';

import { ParamError } from '../core/errors.js';
import { closest } from '../core/suggest.js';

export { ParamError };

/** Parameter values: a string per placeholder; a carousel card's values as an object under `card_<n>`. */
export type TemplateParamValues = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

function valueProblem(name: string, v: unknown, rcs = false): string | undefined {
  if (v === undefined) return `'${name}' is missing`;
  if (typeof v !== 'string') return `'${name}' must be a string, not ${typeof v}`;
  if (v.trim() === '') return `'${name}' is empty`;
  // a direction control left open (a customer's name pasted with U+202E): it would reorder the rest of the message, on either channel
  const open = unclosedDirection(v);
  if (open.length) {
    const ch = open[0]!.ch;
    const closer = ch.charCodeAt(0) >= 0x2066 ? 'U+2069 POP DIRECTIONAL ISOLATE' : 'U+202C POP DIRECTIONAL FORMATTING';
    return `'${name}' holds ${namedCharacter(ch)} (at character ${open[0]!.at + 1}, '${shownWithEscapes(v)}'), not closed by its ${closer}: it would reorder the rest of the message after the value; delete it, or close it in the value`;
  }
  // an RCS message's text takes line breaks, tabs and spaces as written: WhatsApp's error 132018 is WhatsApp's
  if (rcs) return undefined;
  if (/[\r\n]/.test(v)) return `'${name}' contains a newline (WhatsApp refuses it: error 132018)`;
  if (/\t/.test(v)) return `'${name}' contains a tab (WhatsApp refuses it: error 132018)`;
  if (/ {5,}/.test(v)) return `'${name}' contains a run of 5 or more spaces (WhatsApp refuses it: error 132018)`;
  return undefined;
}

/** a parameter's value: its own property only (a placeholder called constructor or toString is not Object's) */
const own = <V>(o: Readonly<Record<string, V>>, k: string): V | undefined => (Object.hasOwn(o, k) ? o[k] : undefined);

/**
 * Throws a ParamError naming every missing, extra, empty or malformed parameter. `textOnly`: only
 * the text part is sent, so only its parameters are taken: a value only the parts left out use (an
 * RCS card's, an SMS fallback's) is refused by name, as a carousel card's is, since nothing sends it.
 */
export function checkParams(meta: TemplateMeta, params: Readonly<Record<string, unknown>>, textOnly = false): TemplateParamValues {
  const problems: string[] = [];
  const key = shownKey(meta);
  const needed = textOnly ? textPartParams(meta) : undefined;
  // the one-time password: `code` of the preset form, else (an authentication template that writes its
  // own text, `{{1}} is your verification code.`) the body's placeholder beside the OTP button
  const codeParam = meta.presetText ? CODE_PARAM : meta.buttons.some((b) => b.type === 'OTP') ? meta.params[0] : undefined;
  // the platform that carries the message decides the rules of its values (an RCS channel takes a line break WhatsApp refuses)
  const rcs = carrierOf(meta) === 'rcs';
  const valid = new Set<string>();
  // a value only the parts left out use (an RCS card's title or description, an SMS fallback's): nothing sends it, so it is
  // refused by name, as a carousel card's is, never taken and dropped without a word (trial-ay F4: an RCS card's 'Ritz' went nowhere)
  const leftOut = needed ? meta.params.filter((p) => !needed.has(p)) : [];
  for (const p of leftOut) {
    if (own(params, p) === undefined) continue;
    // (the part named by its text, a card by its title: the one that holds the placeholder, when its name shows it)
    const parts = (meta.omitted ?? []).filter((o) => o.includes(`{{${p}}}`));
    problems.push(`'${p}' is used only by ${parts.length ? parts.join('; ') : `the parts --text-only leaves out (${(meta.omitted ?? []).join('; ')})`}, which a conversation message cannot carry: the value would go nowhere, leave it out`);
  }
  for (const p of meta.params) {
    if (needed && !needed.has(p)) continue;
    const x = valueProblem(p, own(params, p), rcs);
    if (x) problems.push(x);
    else valid.add(p);
    // an authentication template's one-time password: Meta's "Maximum 15 characters"
    const v = own(params, p);
    if (!x && p === codeParam && typeof v === 'string') {
      if ([...v].length > MAX_CODE) problems.push(`'${p}' is ${[...v].length} characters; WhatsApp's one-time password is at most ${MAX_CODE}`);
      // a code is letters and digits (and a hyphen): not a link, not a layout, under an approved authentication template
      else if (!/^[\p{L}\p{N}-]+$/u.test(v) || !/[\p{L}\p{N}]/u.test(v)) problems.push(`'${p}' holds other characters than letters, digits and a hyphen; a one-time password is a code, not a text`);
    }
  }
  // a URL button's value: the value alone, or the whole URL (its fixed part first, as lint takes the sample); never an
  // address of its own put in the URL's path (trial-ay F2: https://host/bookings/https://evil.example.com/)
  for (const b of sentButtons(meta.buttons)) {
    const name = paramName({ role: 'url', button: b.index }, '1');
    const v = own(params, name);
    if (b.type !== 'URL' || b.url === undefined || !valid.has(name) || typeof v !== 'string') continue;
    const read = urlButtonValue(b.url, v);
    if ('problem' in read) problems.push(`'${name}' (the value of URL button index ${b.index} "${b.text}") ${read.problem}`);
  }
  // a carousel card's values: never sent (the conversation message is a text; a carousel is refused, or left out
  // whole with textOnly), so never taken: a value given is refused by name rather than checked and dropped without a word
  const cards = (meta.cards ?? []).map((_, i) => cardParam(i));
  // on a carousel, any name of a card's value is one: card_<n> (the CLI's card_<n>.NAME, or card_<n>.NAME as one key), also
  // numbered as Meta numbers cards (card_index from 0: card_0) or past the last card; the numbering is said for those
  const cardName = /^card_[0-9]+(?:$|\.)/;
  const cardValues = Object.keys(params).filter((p) => own(params, p) !== undefined && !meta.params.includes(p) && (cards.includes(p) || (cards.length > 0 && cardName.test(p))));
  const misnumbered = cardValues.filter((p) => !cards.includes(p));
  const numbering = misnumbered.length ? ` (${misnumbered.map((n) => `'${n}'`).join(', ')}: tplsync numbers a carousel's cards from 1, card_1 to card_${cards.length} here, where Meta's card_index counts from 0)` : '';
  if (cardValues.length) problems.push(`${cardValues.map((n) => `'${n}'`).join(', ')}: a carousel card's values cannot be sent (the API sends a message as a text with reply and open_url suggestions, which carries no carousel; --text-only sends the text without the cards): leave them out${numbering}`);
  // a quick reply's payload (button_<i>): optional, the label when not given; what the tap sends back, never shown
  const replies = quickReplyParams(meta);
  for (const p of replies.keys()) {
    const v = own(params, p);
    if (v === undefined) continue;
    if (typeof v !== 'string') problems.push(`'${p}' (the payload of quick reply button index ${replies.get(p)}) must be a string, not ${typeof v}`);
    else if (v.trim() === '') problems.push(`'${p}' (the payload of quick reply button index ${replies.get(p)}) is empty; leave it out to send the button's label`);
    else if ([...v].length > MAX_PAYLOAD) problems.push(`'${p}' (the payload of quick reply button index ${replies.get(p)}) is ${[...v].length} characters; a reply's postback data takes at most ${MAX_PAYLOAD}`);
  }
  const known = new Set([...meta.params, ...cards, ...cardValues, ...replies.keys()]);
  // a misspelt name (hotl for hotel): the name meant, among those the template knows
  // a misspelt name (hotl for hotel): the name meant, among those the template takes by name
  const named = [...meta.params, ...replies.keys()];
  const meaning = (p: string): string => {
    // (an RCS card's value given as a WhatsApp carousel card's is, card_1.city: its placeholders are the template's own, city)
    const meant = closest(p.replace(/^card_[0-9]+\./, ''), named);
    if (meant === undefined) return '';
    return leftOut.includes(meant) ? ` (did you mean '${meant}'? It is used only by the parts --text-only leaves out, which are not sent)` : ` (did you mean '${meant}'?)`;
  };
  for (const p of Object.keys(params)) {
    if (known.has(p)) continue;
    const v = own(params, p);
    // the CLI's card_1.city=... is { card_1: { city } }: each such name is said as written
    const inner = /^card_[0-9]+$/.test(p) && v !== null && typeof v === 'object' ? Object.keys(v) : [];
    if (inner.length) for (const k of inner) problems.push(`'${p}.${k}' is not a parameter of ${key}${meaning(`${p}.${k}`)}`);
    else problems.push(`'${p}' is not a parameter of ${key}${meaning(p)}`);
  }
  if (problems.length) {
    const all = meta.params;
    // the text part alone: what it needs, then what the parts left out would take
    const takes = needed ? all.filter((p) => needed.has(p)) : all;
    const rest = needed ? all.filter((p) => !needed.has(p)) : [];
    const payloads = [...replies.keys()];
    throw new ParamError(`Parameters of ${key}: ${problems.join('; ')}.${takes.length ? ` It takes: ${takes.join(', ')}.` : ' It takes none.'}${rest.length ? ` (${rest.join(', ')}: only of the parts --text-only leaves out, which are not sent: give none)` : ''}${payloads.length ? ` Optional, a quick reply's payload: ${payloads.join(', ')}.` : ''}`);
  }
  return params as TemplateParamValues;
}

export interface RenderedMessage { text: string; suggestions: NonNullable<ConversationRequest['messages'][number]['suggestions']> }

/** a quick reply's payload: at most this many characters (RBM's postbackData of a reply suggestion, 2048) */
const MAX_PAYLOAD = 2048;

/**
 * A URL button's value as it goes after the template's URL: as given, as Meta appends the suffix
 * ("developer-provided suffix that is appended to the predefined prefix URL"), so that a path or a
 * query (`A-1042?utm_source=wa`, `spring&utm_source=wa`) and an escape already made (`Caf%C3%A9`)
 * stay what they are; only what cannot stand in a URL is percent-encoded (UTF-8): spaces and
 * controls, characters beyond ASCII, the ASCII characters a URL never holds as they are (a double
 * quote, angle brackets, a backslash, a caret, a backtick, braces, a vertical bar) and a `%` that
 * begins no escape. The address made is then checked as any open_url's (urlAddressProblem).
 */
export function urlSuffix(v: string): string {
  try {
    return urlValueEncoded(v);
  } catch {
    // (encodeURI refuses a lone surrogate, which no text holds: a value cut in the middle of a character)
    throw new ParamError(`A URL button's value holds half of a character (a lone UTF-16 surrogate), which no address can carry: nothing was sent`);
  }
}

/**
 * The value that goes after a URL button's fixed part: the value alone as given, or the part after
 * the fixed part of a whole URL given (urlButtonValue, as lint takes the button's sample); what is
 * no value for it (an address of its own in the URL's path) is a ParamError, as checkParams says it.
 */
function urlValueOf(b: { index: number; text: string; url?: string }, name: string, v: string): string {
  const read = b.url === undefined ? { value: v } : urlButtonValue(b.url, v);
  if ('problem' in read) throw new ParamError(`'${name}' (the value of URL button index ${b.index} "${b.text}") ${read.problem}. Nothing was sent.`);
  return read.value;
}

/** an authentication template's code: at most this many characters (Meta, sending authentication templates) */
const MAX_CODE = 15;
/** what the platforms take of a message's parts once its values are in: a WhatsApp text header, a WhatsApp body (error 132005), an RCS message's text */
const RENDERED_LIMITS = { header: 60, body: 1024, rcs: 3072 } as const;

export function renderTemplate(meta: TemplateMeta, params: TemplateParamValues): RenderedMessage {
  const values = (role: 'header' | 'body' | 'rcs', text: string): Record<string, string> => {
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const p of scanPlaceholders(text).placeholders) {
      const v = own(params, paramName({ role }, p.key));
      if (typeof v === 'string') out[p.key] = v;
    }
    return out;
  };
  const parts: string[] = [];
  // values that take a part past what the platform takes: refused here, rather than sent to be refused (or cut) there
  const within = (what: 'header' | 'body' | 'rcs', text: string): string => {
    const n = [...text].length;
    const limit = RENDERED_LIMITS[what];
    if (n > limit) {
      const name = what === 'header' ? 'header' : what === 'body' ? 'body' : 'message text';
      throw new ParamError(`With these values the ${name} of ${meta.channel}/${meta.name}/${meta.language} is ${n} characters; ${what === 'rcs' ? 'an RCS message takes' : 'WhatsApp takes'} at most ${limit}${what === 'body' ? ' (error 132005)' : ''}. Nothing was sent: shorten the values.`);
    }
    return text;
  };
  // the platform that carries the message decides its limits: WhatsApp's header and body, or an RCS message's one text
  const rcs = carrierOf(meta) === 'rcs';
  // (the values by the names the file gives them: an RCS-only template's text, or a WhatsApp body)
  const role = meta.rcs || meta.suggestions ? 'rcs' : 'body';
  if (meta.header?.text !== undefined) {
    const header = renderText(meta.header.text, values('header', meta.header.text));
    parts.push(rcs ? header : within('header', header));
  }
  const body = renderText(meta.body, values(role, meta.body));
  parts.push(rcs ? body : within('body', body));
  if (meta.footer) parts.push(meta.footer);
  const text = parts.join('\n\n');
  // on RCS, the header, the body and the footer are one message text, held to RBM's limit whole
  if (rcs) within('rcs', text);
  const suggestions: RenderedMessage['suggestions'] = (meta.suggestions ?? []).map((sg) => ({ action: sg.action, text: sg.text, ...(sg.postbackData !== undefined ? { postbackData: sg.postbackData } : {}) }));
  const replies = quickReplyParams(meta);
  for (const b of sentButtons(meta.buttons)) {
    const name = paramName({ role: 'url', button: b.index }, '1');
    const v = own(params, name);
    // a quick reply's payload given at send time (Meta's button component, sub_type quick_reply), else its label
    if (b.type === 'QUICK_REPLY') suggestions.push({ action: 'reply', text: b.text, postbackData: replies.has(name) && typeof v === 'string' ? v : b.text });
    else if (b.url !== undefined) suggestions.push({ action: 'open_url', text: b.text, postbackData: typeof v !== 'string' ? b.url : renderText(b.url, { 1: urlSuffix(urlValueOf(b, name, v)) }) });
  }
  return { text, suggestions };
}

/**
 * Refuses (ParamError, exit 3) a template with parts the conversation request cannot carry,
 * naming each, unless `textOnly` says to send the text part alone; returns what is left out.
 */
export function checkSendable(meta: TemplateMeta, textOnly = false): readonly string[] {
  const omitted = meta.omitted ?? [];
  // no text at all: refused as such whether or not textOnly was given (advising --text-only would only be refused again)
  if (meta.body.trim() === '') {
    const what = `${meta.channel}/${meta.name}/${meta.language}`;
    // nothing left out and no suggestions: the text itself is blank, the file to fix (lint's body-length says so)
    if (!meta.suggestions && omitted.length === 0) throw new ParamError(`${what} has no text to send: its text is ${meta.body === '' ? 'empty' : 'only spaces'}. Nothing was sent. Write the text in its file, apply it, and send again.`);
    throw new ParamError(`${what} has no text to send${omitted.length ? `: its content is ${omitted.join('; ')}, which a conversation message cannot carry` : ''}. Nothing was sent, and --text-only (textOnly) would not help: it sends a template's text, and this one has none. The API sends messages through one operation, the conversation message, which is a text with reply and open_url suggestions (no card, no media): to reach the customer with this operation, send a text (tplsync send --text "...", the wording of its SMS fallback for example), or give the template a message text of its own${meta.rcs && meta.channelKind === 'rcs' ? ' (on a channel the config says is RCS, a template is sent as its RCS message: a WhatsApp body beside it is not sent)' : ''}.`);
  }
  if (omitted.length && !textOnly) {
    throw new ParamError(`${meta.channel}/${meta.name}/${meta.language} has parts a conversation message cannot carry: ${omitted.join('; ')}. Nothing was sent. To send its text part alone, pass --text-only (textOnly: true).`);
  }
  return omitted;
}
