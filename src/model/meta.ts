// Pure: what a template needs to be sent, derived from the canonical model: its parameters (the
// properties of TemplateParams), the texts to render in the file's form, and the parts the
// conversation request cannot carry. Typegen writes this as literal metadata; `send` builds it directly.
import { canonicalJson, comparable, fileFormText, messageFileText, type CanonicalTemplate, type CanonicalText, type FileTemplate, type PlaceholderNames } from './canonical.js';
import { sha256 } from '../core/hash.js';
import { expiryLineOf, presetTextOf } from './authentication.js';
import { distinctKeys, scanPlaceholders } from './placeholders.js';
import type { PlaceholderSite } from './sites.js';

export interface TemplateMeta {
  channel: string;
  name: string;
  language: string;
  /** parameter names in order of first appearance */
  params: readonly string[];
  header?: { readonly format: string; readonly text?: string };
  body: string;
  footer?: string;
  buttons: readonly { readonly type: string; readonly text?: string; readonly url?: string }[];
  /**
   * A template sent as its RCS message (`rcs`): `body` is its message text, and these are the
   * message-level reply and open_url suggestions the conversation request carries beside it.
   */
  suggestions?: readonly { readonly action: string; readonly text: string; readonly postbackData?: string }[];
  /**
   * Sent as its RCS message (`body` is its RCS message text): an RCS-only template, or one with a
   * WhatsApp part too on a channel the config says is RCS. RBM's limits and rules for the values, not WhatsApp's.
   */
  rcs?: true;
  /**
   * The kind of the template's channel as the config says it (`channels.<alias>.kind`): the platform
   * that carries the message, whose rules its values are held to (`carrierOf`), and, for a template
   * with both a WhatsApp part and an RCS `message`, the part that is sent (`sentPartOf`): the other
   * is no part of the message, neither sent nor left out. Absent: the config does not say, and an
   * RCS-only template is held to RBM's rules, any other to WhatsApp's (one with both parts is sent
   * as its WhatsApp text, its RCS message left out).
   */
  channelKind?: ChannelKind;
  /** An RCS campaign's end (`rcsExpireOpts.expireTime`): past it, the template is not sent. */
  expireTime?: string;
  /**
   * A carousel's cards, each with its own parameters (the property `card_<n>` of the template's
   * parameters, n from 1): the card's body placeholders, and `button_<i>` for its URL button i.
   */
  cards?: readonly TemplateCardMeta[];
  /**
   * The parts of the template the conversation request cannot carry (a media header, a copy-code
   * button, RCS cards...), each named; sending refuses such a template unless told to send the
   * text part alone.
   */
  omitted?: readonly string[];
  /**
   * The parts never sent that need no `textOnly`, as the text does what they do (an authentication
   * template's copy-code OTP button: the text carries the code it would copy): not refused, and
   * named in what a send says it left out (`Sent.omitted`) beside `omitted`.
   */
  notSent?: readonly string[];
  /**
   * What `send` compares with the channel's copy before sending: the file's `publicId` (else the
   * id is derived from the channel, name and language) and a digest of each part a read shows.
   */
  check?: {
    readonly publicId?: string; readonly digest: Readonly<Record<string, string>>;
    /** the file's WhatsApp category: the channel may have approved it under another (re-categorised) */
    readonly category?: string;
    /**
     * the category the environment this metadata was made for accepts for it
     * (`environments.<env>.categories`, src/config/categories.ts): approved under it, it is sent too
     */
    readonly acceptedCategory?: string;
  };
  /**
   * An authentication template without text of its own: WhatsApp writes its text. `exact`: the
   * body is WhatsApp's wording (English); `localised`: WhatsApp writes it in the template's
   * language, which tplsync does not know, so sending needs the text from the caller.
   */
  presetText?: 'exact' | 'localised';
  /**
   * What WhatsApp adds to a `localised` authentication text, which the caller's text must hold in
   * that language: the security sentence, and the expiry line with its minutes. Without
   * `presetText`: an authentication template with a text of its own (the form pull writes from
   * Meta's listing) in a language other than English, under which WhatsApp writes the expiry line
   * in that language; tplsync knows only its English wording, so sending needs the whole text from
   * the caller too (the code as {{code}}), or the message would go out without it.
   */
  presetParts?: { readonly security?: true; readonly expiryMinutes?: number };
  /**
   * The environment values the text needs that the generated module does not hold (secrets, which
   * a module never carries; every value of a module made without an environment): the library
   * refuses to send such a template, which `tplsync send` sends with the values read at the time.
   */
  unfilled?: readonly string[];
}

/** what a channel is (the config's `channels.<alias>.kind`) */
export type ChannelKind = 'whatsapp' | 'rcs';

/**
 * The platform that carries a template's message, whose rules its values and its text are held to
 * (a newline in a value, WhatsApp's 1024-character body against RBM's 3072-character text): the
 * kind of the channel it is sent on when the config says it; else RCS for an RCS-only template,
 * WhatsApp for any other. The one decision every check of a send asks (values, lengths, the text).
 */
export function carrierOf(meta: Pick<TemplateMeta, 'channelKind' | 'rcs' | 'suggestions'>): ChannelKind {
  if (meta.channelKind === 'rcs' || meta.channelKind === 'whatsapp') return meta.channelKind;
  return meta.rcs || meta.suggestions ? 'rcs' : 'whatsapp';
}

/**
 * Which part of a template with both a WhatsApp part and an RCS `message` a send carries: the
 * channel's kind as the config says it (`channelKind`) decides, WhatsApp's header, body, footer and
 * buttons on a WhatsApp channel, the RCS message (its text and suggestions) on an RCS channel; the
 * other part is no part of what is sent, and so neither a parameter nor a part left out. Undefined:
 * a template of one part, or a kind the config does not say (then it is sent as its WhatsApp text,
 * and its RCS message is left out, each of its parts named).
 */
export function sentPartOf(c: Pick<CanonicalTemplate, 'message' | 'rcsOnly'>, channelKind: ChannelKind | undefined): ChannelKind | undefined {
  if (c.rcsOnly || c.message === undefined) return undefined;
  return channelKind === 'whatsapp' || channelKind === 'rcs' ? channelKind : undefined;
}

/**
 * The quick-reply buttons of a template by the parameter that may give each its payload at send
 * time (`button_<i>`, i its index counted from 0, as Meta's send API's `index`): optional, the
 * button's label when none is given.
 */
export function quickReplyParams(meta: Pick<TemplateMeta, 'buttons' | 'params'>): Map<string, number> {
  const out = new Map<string, number>();
  meta.buttons.forEach((b, i) => {
    const name = paramName({ role: 'url', button: i }, '1');
    // (a placeholder of the text that happens to be called so keeps its name: the payload is then the label)
    if (b.type === 'QUICK_REPLY' && b.text && !meta.params.includes(name)) out.set(name, i);
  });
  return out;
}

/** Parts of a template whose digest is taken one level down, so that a difference names the field (`body.text`, `message.richCards`). */
const DEEP = new Set(['body', 'header', 'message']);

/** Pure: a short digest of each part of a template a read shows (see `comparable`), keyed by its path. */
export function contentDigest(c: CanonicalTemplate): Record<string, string> {
  const out: Record<string, string> = {};
  const h = (v: unknown): string => sha256(canonicalJson(v)).slice(0, 16);
  // what the gate holds is the text a reviewer approved: samples (the reviewer's, never sent; a media sample a
  // service may answer with its own copy's address) and the description (the partner's, never WhatsApp's) are not part of it
  const sameSamples = withoutSamples(c);
  for (const [k, v] of Object.entries(comparable(sameSamples))) {
    if (DEEP.has(k) && v && typeof v === 'object' && !Array.isArray(v)) for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = h(v2);
    else out[k] = h(v);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** the template with its samples and description as no value: what a send carries is the same whatever they are */
function withoutSamples(c: CanonicalTemplate): CanonicalTemplate {
  const text = (t: CanonicalText): CanonicalText => ({ ...t, examples: [] });
  return {
    ...c, description: '', body: text(c.body),
    ...(c.header ? { header: { ...c.header, ...(c.header.example !== undefined ? { example: '(sample)' } : {}) } } : {}),
    buttons: c.buttons.map((b) => (b.example !== undefined ? { ...b, example: '(sample)' } : b)),
    ...(c.carousel ? { carousel: c.carousel.map((card) => ({ ...card, header: { ...card.header, ...(card.header.example !== undefined ? { example: '(sample)' } : {}) }, ...(card.body ? { body: text(card.body) } : {}), buttons: card.buttons.map((b) => (b.example !== undefined ? { ...b, example: '(sample)' } : b)) })) } : {}),
  };
}

/** Pure: the parts whose digests differ (present on one side only included), sorted. */
export function digestDifferences(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

/**
 * The parameter a placeholder fills: body placeholders by name or number; a numbered header
 * placeholder is `header_N` (header numbering is the header's own); the URL button at index i
 * is `button_<i>` (WhatsApp's button index); named placeholders share one namespace.
 */
export interface TemplateCardMeta {
  params: readonly string[];
  body?: string;
  buttons: readonly { readonly type: string; readonly text?: string; readonly url?: string }[];
}

/** The parameter that holds the values of carousel card `index` (0-based): card_1, card_2, ... */
export const cardParam = (index: number): string => `card_${index + 1}`;

export function paramName(site: Pick<PlaceholderSite, 'role' | 'button'>, key: string): string {
  if (site.role === 'url' || site.role === 'card-url') return `button_${site.button}`;
  if (site.role === 'header' && /^[0-9]+$/.test(key)) return `header_${key}`;
  return key;
}

export { templateKey } from './ids.js';

/** Whether sending a template needs the caller's text (`presetText`): WhatsApp words its text, or its expiry line, in a language tplsync does not know. */
export const needsPresetText = (m: Pick<TemplateMeta, 'presetText' | 'presetParts'>): boolean => m.presetText === 'localised' || (m.presetText === undefined && m.presetParts?.expiryMinutes !== undefined);

/** the parameters the text part of a message uses (its header's text, its body or RCS message text, its URL buttons): what a text-only send needs */
export function textPartParams(meta: TemplateMeta): Set<string> {
  const out = new Set<string>();
  if (meta.header?.text !== undefined) for (const p of scanPlaceholders(meta.header.text).placeholders) out.add(paramName({ role: 'header' }, p.key));
  for (const p of scanPlaceholders(meta.body).placeholders) out.add(paramName({ role: meta.rcs || meta.suggestions ? 'rcs' : 'body' }, p.key));
  meta.buttons.forEach((b, i) => { if (b.type === 'URL' && b.url && /\{\{/.test(b.url)) out.add(paramName({ role: 'url', button: i }, '1')); });
  return out;
}

/** Buttons the conversation request can carry as suggestions. */
const SENDABLE_BUTTONS = new Set(['QUICK_REPLY', 'URL']);

/** a button as the metadata holds it (and the canonical model, of which it is a part) */
type ButtonLike = { readonly type: string; readonly text?: string; readonly url?: string };

/** a button as a conversation message carries it (sentButtons) */
export type SentButton = { index: number; type: 'QUICK_REPLY' | 'URL'; text: string; url?: string };

/**
 * The buttons a conversation message carries, each as a suggestion (a quick reply as a reply, a
 * URL button as an open_url), with its index (its value is `button_<i>`); every other button is
 * left out (an OTP button of any kind: the code is in the text; a one-tap or zero-tap one's
 * hand-over to its apps is named in `omitted`, `unsendableParts`; a copy-code one in `notSent`,
 * `notSentParts`). What render sends and what the
 * send gate compares of a template's buttons (sameSentButtons): one definition.
 */
export function sentButtons(buttons: readonly ButtonLike[]): SentButton[] {
  return buttons.flatMap((b, index): SentButton[] => {
    if (b.type === 'QUICK_REPLY' && b.text) return [{ index, type: 'QUICK_REPLY' as const, text: b.text }];
    if (b.type === 'URL' && b.text && b.url) return [{ index, type: 'URL' as const, text: b.text, url: b.url }];
    return [];
  });
}

/** Whether two templates' buttons send the same suggestions (sentButtons): an edit of a button left out alone (an OTP button's apps, an app link) changes nothing sent. */
export function sameSentButtons(a: readonly ButtonLike[], b: readonly ButtonLike[]): boolean {
  return JSON.stringify(sentButtons(a)) === JSON.stringify(sentButtons(b));
}

/**
 * The parts of a template with a WhatsApp text (keys of its digest, `contentDigest`) that a
 * text-only send leaves out whole, as `unsendableParts` names them: its carousel, offer, call
 * permission request, time-to-live, and its RCS message (every `message.*`). Its buttons are
 * compared by what is sent of them (sameSentButtons).
 */
export const LEFT_OUT_BY_TEXT_ONLY: ReadonlySet<string> = new Set(['carousel', 'limitedTimeOffer', 'callPermissionRequest', 'messageSendTtlSeconds']);

/** What a text-only send leaves out of a template, in words (the generated module's doc comments): the kinds `unsendableParts` names. */
export const LEFT_OUT_KINDS = 'a media header, a one-tap or zero-tap OTP button, a button other than a quick reply or URL, an app link, a limited-time offer, a carousel, a call permission request, an order status, a time-to-live, an RCS message beside a WhatsApp text, and an RCS message\'s media, cards, expiry, SMS fallback and other suggestions';
/** RCS suggestion actions the conversation request can carry. */
const SENDABLE_ACTIONS = new Set(['reply', 'open_url']);

/** the fields of a suggestion the conversation request carries (schema/openapi.yaml ConversationSuggestion) */
const CARRIED_FIELDS = new Set(['action', 'text', 'postbackData']);

/**
 * The fields of a suggestion that a conversation message would drop: any beyond those it carries,
 * but for the defaults (an open_url in the browser, tracking false), which dropping does not change.
 */
function droppedFields(sg: object): string[] {
  return Object.entries(sg as Readonly<Record<string, unknown>>)
    .filter(([k, v]) => v !== undefined && !CARRIED_FIELDS.has(k) && !(k === 'openUrlApplication' && v === 'BROWSER') && !(k === 'tracking' && v === false))
    .map(([k]) => k);
}

const isWebview = (sg: { action?: unknown; openUrlApplication?: unknown; webviewType?: unknown }): boolean => sg.action === 'open_url' && (sg.openUrlApplication === 'WEBVIEW' || sg.webviewType !== undefined);

/**
 * A suggestion the conversation request carries as it is: a reply or an open_url with nothing
 * the request would drop (a webview it cannot ask for, `tracking: true`: never sent without them in silence).
 */
function sendableSuggestion(sg: { action?: unknown }): boolean {
  return SENDABLE_ACTIONS.has(String(sg.action)) && droppedFields(sg).length === 0;
}

/** a suggestion left out, named: its action, its label, and what of it a conversation message cannot carry */
function suggestionName(suggestion: object): string {
  const sg = suggestion as Readonly<Record<string, unknown>>;
  if (isWebview(sg)) return `open_url in a webview${typeof sg.webviewType === 'string' ? ` (${sg.webviewType})` : ''}${quoted(typeof sg.text === 'string' ? sg.text : undefined)}`;
  const label = `${String(sg.action)}${quoted(typeof sg.text === 'string' ? sg.text : undefined)}`;
  if (!SENDABLE_ACTIONS.has(String(sg.action))) return label;
  // a reply or open_url with a field the request would drop: named with it (tracking: true)
  return `${label} with ${droppedFields(sg).map((k) => `${k}: ${JSON.stringify(sg[k])}`).join(', ')}`;
}

const quoted = (s: string | undefined): string => (s ? ` "${s}"` : '');

/**
 * The parts of a template the documented conversation request (text + reply/open_url suggestions) cannot carry.
 * A button or a suggestion is named by its index counted from 0, as the parameters are (`button_<i>`,
 * Meta's send API's `index`): `button index 0, COPY_CODE` is the button whose value would be `button_0`.
 */
export function unsendableParts(f: FileTemplate, sent?: ChannelKind): string[] {
  const c = f.canonical;
  // an RCS message is sent as such: an RCS-only template's, or the one of a template with both parts on an RCS channel
  if (c.rcsOnly || sent === 'rcs') return unsendableRcsParts(c, f.names);
  const out: string[] = [];
  if (c.header && c.header.format !== 'TEXT') out.push(`the ${c.header.format.toLowerCase()} header`);
  // a copy-code OTP button only copies the code, which the text carries; a one-tap or zero-tap one hands the code to
  // the apps it names (autofill, or the code broadcast to the app without a tap), which a text cannot: that is lost
  c.buttons.forEach((b, i) => {
    if (b.type === 'OTP' && (b.otpType === 'ONE_TAP' || b.otpType === 'ZERO_TAP')) {
      const apps = (b.supportedApps ?? []).map((a) => a.packageName);
      out.push(`the ${b.otpType === 'ONE_TAP' ? 'one-tap autofill' : 'zero-tap hand-over'} of button index ${i}, OTP${quoted(b.text)}${apps.length ? ` (the code handed to ${apps.join(', ')})` : ''}`);
    } else if (!SENDABLE_BUTTONS.has(b.type) && b.type !== 'OTP') out.push(`button index ${i}, ${b.type}${quoted(b.text)}`);
    // the request opens the URL: the app link it would open on Android is lost
    else if (b.appDeepLink) out.push(`the Android app link ${b.appDeepLink.androidDeepLink} of button index ${i}${quoted(b.text)}`);
  });
  if (c.limitedTimeOffer) out.push(`the limited-time offer${quoted(c.limitedTimeOffer.text)}${c.limitedTimeOffer.hasExpiration ? ' with its countdown' : ''}`);
  if (c.carousel) out.push(`the ${c.carousel[0]?.header.format === 'PRODUCT' ? 'product ' : ''}carousel of ${c.carousel.length} card${c.carousel.length === 1 ? '' : 's'}`);
  if (c.callPermissionRequest) out.push('the call permission request');
  // an order status message carries the order's reference id and status, which the conversation request cannot
  if (c.subCategory === 'ORDER_STATUS') out.push('the order status (sub_category ORDER_STATUS)');
  // the conversation request has no time-to-live: the message would be delivered however late (an expired code
  // included), so the template's TTL is named as the RCS expiry is
  if (c.messageSendTtlSeconds !== undefined) out.push(`the time-to-live (message_send_ttl_seconds: ${c.messageSendTtlSeconds})`);
  // a template with a WhatsApp text is sent as that text: its RCS message is left out whole, each of its parts named;
  // on a channel the config says is WhatsApp, the RCS message is no part of what WhatsApp sends, so nothing of it is left out
  const m = sent === 'whatsapp' ? undefined : c.message;
  if (m) {
    if (m.message !== undefined) out.push('the RCS message text');
    if (m.fileUrl) out.push(`the RCS ${m.type === 'video' ? 'video' : m.type === 'file' ? 'file' : 'picture'} ${m.fileUrl}`);
    // the card's title as the file writes it (its placeholders by name, not the wire's numbers)
    (m.richCards ?? []).forEach((card, i) => out.push(`RCS rich card ${i + 1}${quoted(card.title === undefined ? undefined : messageFileText(f.names, card.title))}`));
    (m.suggestions ?? []).forEach((sg, i) => { if (!sendableSuggestion(sg)) out.push(`RCS suggestion index ${i}, ${suggestionName(sg)}`); else out.push(`RCS suggestion index ${i}${quoted(sg.text)}`); });
    if (m.rcsExpireOpts) out.push('the RCS expiry');
    if (m.fallback?.text !== undefined) out.push('the SMS fallback');
  }
  return out;
}

/**
 * An RCS-only template is sent as its message text with its message-level reply and open_url
 * suggestions; everything else is named here: media, each card (with its chips), each other
 * suggestion, the expiry and the SMS fallback.
 */
function unsendableRcsParts(c: CanonicalTemplate, names: PlaceholderNames): string[] {
  const out: string[] = [];
  const m = c.message ?? {};
  if (m.fileUrl) out.push(`the ${m.type === 'video' ? 'video' : m.type === 'file' ? 'file' : 'picture'} ${m.fileUrl}`);
  (m.richCards ?? []).forEach((card, i) => out.push(`RCS rich card ${i + 1}${quoted(card.title === undefined ? undefined : messageFileText(names, card.title))}${card.suggestions?.length ? ` with its ${card.suggestions.length} suggestion${card.suggestions.length === 1 ? '' : 's'}` : ''}`));
  (m.suggestions ?? []).forEach((sg, i) => { if (!sendableSuggestion(sg)) out.push(`suggestion index ${i}, ${suggestionName(sg)}`); });
  if (m.rcsExpireOpts) out.push(`the expiry (${m.rcsExpireOpts.type === 'TTL' ? `ttl ${m.rcsExpireOpts.ttl} s` : `expireTime ${m.rcsExpireOpts.expireTime}`})`);
  if (m.fallback?.text !== undefined) out.push('the SMS fallback');
  return out;
}

/**
 * The parts of a template that are not sent and need no `textOnly` (TemplateMeta.notSent): a
 * copy-code OTP button, which only copies the code the text carries (one-tap and zero-tap ones are
 * `unsendableParts`: they hand the code to an app, which a text cannot).
 */
export function notSentParts(f: FileTemplate): string[] {
  const out: string[] = [];
  f.canonical.buttons.forEach((b, i) => {
    if (b.type === 'OTP' && b.otpType !== 'ONE_TAP' && b.otpType !== 'ZERO_TAP') out.push(`button index ${i}, OTP COPY_CODE${quoted(b.text)} (the text carries the code)`);
  });
  return out;
}

/** The metadata of a (lint-clean) template, from its file's view (the texts in the file's form); `channel` as written in the file. */
/**
 * `acceptedCategory`: the category the environment the metadata is made for accepts for the template
 * (acceptedCategory of src/config/categories.ts), kept where it is not the file's own: the send gate
 * takes either, so that `tplsync send` and a generated module's sendTemplate decide alike.
 */
export function templateMeta(f: FileTemplate, channel: string, o: { publicId?: string; acceptedCategory?: string; channelKind?: ChannelKind } = {}): TemplateMeta {
  const c = f.canonical;
  const names = f.names;
  // a template with both parts: the channel's kind says which is sent (the other is neither a parameter nor left out)
  const sent = sentPartOf(c, o.channelKind);
  const asRcs = c.rcsOnly === true || sent === 'rcs';
  const params: string[] = [];
  const add = (role: PlaceholderSite['role'], text: string, button?: number): void => {
    for (const key of distinctKeys(scanPlaceholders(text).placeholders)) {
      const p = paramName(button === undefined ? { role } : { role, button }, key);
      if (!params.includes(p)) params.push(p);
    }
  };
  // (sent as its RCS message, a template's WhatsApp header, body, footer, buttons and carousel are none of it)
  const headerText = !asRcs && c.header?.format === 'TEXT' && c.header.text !== undefined ? fileFormText(c.header.text, names.header) : undefined;
  // an authentication template without text of its own: the text WhatsApp writes, with {{code}}
  const preset = asRcs ? undefined : presetTextOf(c);
  const body = preset ? preset.body : fileFormText(c.body.text, names.body);
  // the expiry line WhatsApp writes under a text of the file's own (`footer: { code_expiration_minutes }`):
  // its English wording; in another language, the caller's text must hold it (presetParts, below)
  const ownExpiry = preset || asRcs ? undefined : expiryLineOf(c);
  const footer = asRcs ? undefined : preset?.footer ?? c.footer ?? (ownExpiry?.exact ? ownExpiry.text : undefined);
  const whatsappButtons = asRcs ? [] : c.buttons;
  if (headerText !== undefined) add('header', headerText);
  if (!asRcs) add('body', body);
  whatsappButtons.forEach((b, i) => { if (b.type === 'URL' && b.url) add('url', b.url, i); });
  // the RCS texts' values: not those of a template sent on a WhatsApp channel, whose RCS message WhatsApp never sends
  const rcsTexts = sent === 'whatsapp' ? undefined : c.message;
  if (rcsTexts?.message !== undefined) add('rcs', messageFileText(names, rcsTexts.message));
  for (const card of rcsTexts?.richCards ?? []) for (const x of [card.title, card.description]) if (x !== undefined) add('rcs', messageFileText(names, x));
  if (rcsTexts?.fallback?.text !== undefined) add('rcs', messageFileText(names, rcsTexts.fallback.text));
  const omitted = unsendableParts(f, sent);
  // (a WhatsApp part: none of it when the template is sent as its RCS message)
  const notSent = asRcs ? [] : notSentParts(f);
  const suggestions = asRcs
    ? (c.message?.suggestions ?? []).filter((sg) => sendableSuggestion(sg) && sg.text !== undefined)
      .map((sg) => ({ action: String(sg.action), text: sg.text!, ...(sg.postbackData !== undefined ? { postbackData: sg.postbackData } : {}) }))
    : [];
  const buttonMeta = (b: CanonicalTemplate['buttons'][number]) => ({ type: b.type, ...(b.text !== undefined ? { text: b.text } : {}), ...(b.url !== undefined ? { url: b.url } : {}) });
  const cards = asRcs ? undefined : c.carousel?.map((card, i): TemplateCardMeta => {
    const own: string[] = [];
    const addOwn = (text: string, role: 'card' | 'card-url', button?: number): void => {
      for (const key of distinctKeys(scanPlaceholders(text).placeholders)) {
        const p = paramName(button === undefined ? { role } : { role, button }, key);
        if (!own.includes(p)) own.push(p);
      }
    };
    const cardBody = card.body ? fileFormText(card.body.text, names.cards?.[i]) : undefined;
    if (cardBody !== undefined) addOwn(cardBody, 'card');
    card.buttons.forEach((b, j) => { if (b.type === 'URL' && b.url) addOwn(b.url, 'card-url', j); });
    return { params: own, ...(cardBody !== undefined ? { body: cardBody } : {}), buttons: card.buttons.map(buttonMeta) };
  });
  return {
    channel, name: c.name, language: c.language, params,
    ...(c.header && !asRcs ? { header: { format: c.header.format, ...(headerText !== undefined ? { text: headerText } : {}) } } : {}),
    body: asRcs ? messageFileText(names, c.message?.message ?? '') : body,
    ...(footer !== undefined ? { footer } : {}),
    buttons: whatsappButtons.map(buttonMeta),
    ...(suggestions.length ? { suggestions } : {}),
    ...(asRcs ? { rcs: true as const } : {}),
    ...(o.channelKind ? { channelKind: o.channelKind } : {}),
    ...(c.message?.rcsExpireOpts?.type === 'EXPIRE_TIME' && typeof c.message.rcsExpireOpts.expireTime === 'string' ? { expireTime: c.message.rcsExpireOpts.expireTime } : {}),
    ...(cards ? { cards } : {}),
    ...(omitted.length ? { omitted } : {}),
    ...(notSent.length ? { notSent } : {}),
    check: { ...(o.publicId ? { publicId: o.publicId.toLowerCase() } : {}), digest: contentDigest(c), ...(c.category ? { category: c.category } : {}), ...(o.acceptedCategory && o.acceptedCategory !== c.category ? { acceptedCategory: o.acceptedCategory } : {}) },
    ...(preset ? { presetText: preset.exact ? 'exact' as const : 'localised' as const } : {}),
    ...(preset && !preset.exact && (c.body.addSecurityRecommendation || c.codeExpirationMinutes !== undefined)
      ? { presetParts: { ...(c.body.addSecurityRecommendation ? { security: true as const } : {}), ...(c.codeExpirationMinutes !== undefined ? { expiryMinutes: c.codeExpirationMinutes } : {}) } } : {}),
    ...(ownExpiry && !ownExpiry.exact ? { presetParts: { expiryMinutes: c.codeExpirationMinutes! } } : {}),
  };
}
