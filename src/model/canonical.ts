// Pure: the one canonical template model, and the three mappings into and out of it: from a
// template file, from a read response, and to a write body. Plans compare canonical models,
// never raw payloads. Normalisation makes a template written and read back equal to itself.
// The canonical model holds what the platform sees, and nothing else; what only a template's file
// knows (the names of its placeholders, its samples by name, the fields it sets that a read cannot
// show) is a type of its own, FileTemplate: the canonical model and the file's part beside it.
import type { CardComponent, KindFields, TemplateReadResponse, TemplateWriteRequest, WireButton, WireMessage, WriteComponent } from '../api/shapes.js';
import { arr, obj as o, sample as s, type Loose } from './loose.js';
import { compileText, NUMBERED, numbering, renderText, scanPlaceholders } from './placeholders.js';
import { wholeUrlSample } from './urls.js';

export interface CanonicalButton {
  type: string;
  text?: string;
  url?: string;
  /** URL button: the sample URL; COPY_CODE: the sample code */
  example?: string;
  phoneNumber?: string;
  otpType?: string;
  /** FLOW: the flow it opens, by id (version 1), or by name or inline JSON (version 1.2) */
  flow?: { id?: string; name?: string; json?: string; action?: string; navigateScreen?: string };
  /** OTP, ONE_TAP: the autofill button's label */
  autofillText?: string;
  /** OTP, ONE_TAP and ZERO_TAP: the Android apps that receive the code */
  supportedApps?: { packageName: string; signatureHash: string }[];
  /** OTP, ZERO_TAP: kept only when true (false equals its absence) */
  zeroTapTermsAccepted?: true;
  /** VOICE_CALL: how long the button works after sending, in minutes */
  ttlMinutes?: number;
  /** URL (marketing): the Android app link the button opens on Android */
  /** metaAppId: the app's id as its digits (a 16-digit id is past what a JSON number holds exactly) */
  appDeepLink?: { metaAppId: string; androidDeepLink: string; androidFallbackPlaystoreUrl?: string };
}

/** A text with its samples in wire order. */
export interface CanonicalText { text: string; examples: string[] }

/** One card of a media card carousel: each card numbers its own placeholders. */
export interface CanonicalCard {
  header: { format: string; example?: string };
  body?: CanonicalText;
  buttons: CanonicalButton[];
}

export interface CanonicalTemplate {
  channelId: string;
  templateId: string;
  name: string;
  language: string;
  /** not returned by the read: not observable */
  category?: string;
  description: string;
/**
   * Component types of the channel's copy that no template file can hold (a read only: a type the
   * API document leaves open, DISCLAIMER for example): compared, so that a plan shows them and a
   * write, which would delete them, is not made.
   */
  unknownComponents?: string[];
    header?: { format: string; text?: string; example?: string };
  /** text in wire form ({{1}}, {{2}}, ...); examples[n - 1] is the sample of {{n}} */
  body: { text: string; examples: string[]; addSecurityRecommendation?: true };
  footer?: string;
  buttons: CanonicalButton[];
  /** media card carousel: the cards under the body (the body is the bubble above them) */
  carousel?: CanonicalCard[];
  /** limited-time offer: the strip above the body; `hasExpiration` kept only when true */
  limitedTimeOffer?: { text: string; hasExpiration?: true };
  /** AUTHENTICATION: the expiry line WhatsApp writes as the footer */
  codeExpirationMinutes?: number;
  /** drop the message when it is not delivered in time (beside name, language, category on the wire) */
  messageSendTtlSeconds?: number;
  /** ORDER_STATUS: an order status template (beside the category on the wire, format 1.2) */
  subCategory?: string;
  /** ORDER_DETAILS: an order details template (beside the category on the wire, format 1.2) */
  displayFormat?: string;
  /** Meta's `cta_url_link_tracking_opted_out`: the URL buttons' click tracking is off; kept only when true (false is the default) */
  ctaUrlLinkTrackingOptedOut?: true;
  /** the call permission request component under the body (format 1.2) */
  callPermissionRequest?: true;
  message?: WireMessage;
  /** an RCS template: `message` and no WhatsApp definition (no body, category, header, footer or buttons) */
  rcsOnly?: true;
}

/**
 * The file's names of a template's placeholders, text by text: `names[n - 1]` is the file's name
 * of {{n}} of that text in the canonical model ('' where the file numbered it). Absent: numbered.
 */
export interface PlaceholderNames {
  header?: string[];
  body?: string[];
  /** each carousel card's body, by card index */
  cards?: (string[] | undefined)[];
  /** the message texts, which are in wire form ({{n}}, numbered after the body's, rcs-placeholders in docs/format.md) */
  message?: string[];
}

/** What only a template's file knows: never sent, never read back, never compared. */
export interface FileOnly {
  /** the file's names of the placeholders ({} when it numbered them all, and for a template that has no file) */
  names: PlaceholderNames;
  /** sample values by placeholder name (body and message examples), for renderings */
  samples?: Readonly<Record<string, string>>;
  /** the fields of NOT_OBSERVABLE that the file sets (so a change to them could not be seen) */
  unobservable?: readonly string[];
}

/** A template as its file has it: what the platform sees (`canonical`), and what only the file knows. */
export interface FileTemplate extends FileOnly { canonical: CanonicalTemplate }

/** A template that has no file (a read, a write body) in the file's terms: nothing but what the platform sees, its placeholders numbered. */
export function withoutFile(c: CanonicalTemplate): FileTemplate {
  return { canonical: c, names: {} };
}

/** Fields the read does not return (or returns unresolved): never shown as a change. */
export const NOT_OBSERVABLE: readonly string[] = [
  'category',
  'message.examples',
  'message.rcsExpireOpts.expireTime (when the read returns it unresolved)',
];


/** The samples of a text's placeholders in wire order (index n - 1 for {{n}}), and the file's names of them. */
function orderedSamples(text: string, examples: Loose | undefined): { text: CanonicalText; names?: string[] } {
  const map = numbering(scanPlaceholders(text).placeholders);
  const out: string[] = [];
  const names: string[] = [];
  for (const [key, n] of map) {
    out[n - 1] = s(examples?.[key]) ?? '';
    if (!NUMBERED.test(key)) names[n - 1] = key;
  }
  for (let i = 0; i < out.length; i++) out[i] ??= '';
  return { text: { text: compileText(text, map), examples: out }, ...(names.length ? { names } : {}) };
}

/** A text of the model in the file's form: {{n}} written back with the file's name for it (`names`: that text's, PlaceholderNames). */
export function fileFormText(text: string | undefined, names?: readonly string[]): string {
  const t = text ?? '';
  if (!names?.length) return t;
  const values: Record<string, string> = {};
  names.forEach((name, i) => { if (name) values[String(i + 1)] = `{{${name}}}`; });
  return renderText(t, values);
}

/** From a (lint-clean) template file's value: what the platform sees, and what only the file knows. `channelId` is the alias resolved for the environment. */
export function fromFile(t: Loose, channelId: string, id: string): FileTemplate {
  const header = o(t.header);
  const body = o(t.body);
  const rcsOnly = t.body === undefined && o(t.message) !== undefined;
  const names: PlaceholderNames = {};
  const bodyText = orderedSamples(s(body?.text) ?? '', o(body?.examples));
  if (bodyText.names) names.body = bodyText.names;
  const c: CanonicalTemplate = {
    channelId: channelId.toLowerCase(),
    templateId: id,
    name: String(t.name),
    language: String(t.language),
    ...(typeof t.category === 'string' ? { category: t.category } : {}),
    description: s(t.description) ?? '',
    body: bodyText.text,
    buttons: (Array.isArray(t.buttons) ? t.buttons : []).map((b) => fileButton(o(b) ?? {})),
  };
  if (header) {
    const format = String(header.format);
    if (format === 'TEXT') {
      // a named header placeholder may take the body's sample of the same name
      const named = Object.fromEntries(Object.entries(o(body?.examples) ?? {}).filter(([k]) => !/^[0-9]+$/.test(k)));
      const h = orderedSamples(s(header.text) ?? '', { ...named, ...o(header.examples) });
      c.header = { format, text: h.text.text, ...(h.text.examples[0] !== undefined ? { example: h.text.examples[0] } : {}) };
      if (h.names) names.header = h.names;
    } else {
      c.header = { format, ...(s(header.example) !== undefined ? { example: s(header.example)! } : {}) };
    }
  }
  if (typeof t.footer === 'string') c.footer = t.footer;
  Object.assign(c, kindsFromFile(t, names));
  // the flag asks for WhatsApp's sentence in WhatsApp's text: it means nothing beside a text of the file's own
  if (o(body)?.add_security_recommendation === true && body?.text === undefined) c.body.addSecurityRecommendation = true;
  const msg = o(t.message);
  if (msg) {
    const { examples: _fileOnly, ...wire } = msg as Record<string, unknown>;
    const compiled = compileMessage(wire as WireMessage, s(body?.text) ?? '');
    c.message = normalizeMessage(compiled.message);
    if (compiled.names.length) names.message = compiled.names;
  }
  if (rcsOnly) c.rcsOnly = true;
  const file: FileTemplate = { canonical: inOrder(c), names };
  const samples: Record<string, string> = {};
  for (const ex of [o(body?.examples), o(msg?.examples)]) for (const [k, v] of Object.entries(ex ?? {})) { const x = s(v); if (x !== undefined) samples[k] = x; }
  if (Object.keys(samples).length) file.samples = samples;
  // (an RCS-only template's category is never sent, its write being the message alone, and RBM has none: nothing to compare)
  const unobservable = [
    ...(c.category !== undefined && !rcsOnly ? ['category'] : []),
    ...(Object.keys(o(msg?.examples) ?? {}).length ? ['message.examples'] : []),
  ];
  if (unobservable.length) file.unobservable = unobservable;
  return file;
}

/** The parts of FORMAT 1.1 (carousel, limited-time offer, authentication) of a file's value; the names of the cards' placeholders into `names`. */
function kindsFromFile(t: Loose, names: PlaceholderNames): Partial<CanonicalTemplate> {
  const out: Partial<CanonicalTemplate> = {};
  if (Array.isArray(t.carousel)) {
    const cards: (string[] | undefined)[] = t.carousel.map(() => undefined);
    out.carousel = t.carousel.map((v, i): CanonicalCard => {
      const card = o(v) ?? {};
      const h = o(card.header);
      const b = o(card.body);
      const text = b ? orderedSamples(s(b.text) ?? '', o(b.examples)) : undefined;
      if (text?.names) cards[i] = text.names;
      return clean({
        header: clean({ format: String(h?.format ?? ''), example: s(h?.example) }) as CanonicalCard['header'],
        body: text?.text,
        buttons: arr(card.buttons).map((x) => fileButton(o(x) ?? {})),
      }) as CanonicalCard;
    });
    if (cards.some(Boolean)) names.cards = cards;
  }
  const lto = o(t.limited_time_offer);
  if (lto) out.limitedTimeOffer = { text: s(lto.text) ?? '', ...(lto.has_expiration === true ? { hasExpiration: true as const } : {}) };
  const footer = o(t.footer);
  if (footer && typeof footer.code_expiration_minutes === 'number') out.codeExpirationMinutes = footer.code_expiration_minutes;
  if (typeof t.message_send_ttl_seconds === 'number') out.messageSendTtlSeconds = t.message_send_ttl_seconds;
  if (typeof t.sub_category === 'string') out.subCategory = t.sub_category;
  if (typeof t.display_format === 'string') out.displayFormat = t.display_format;
  if (t.cta_url_link_tracking_opted_out === true) out.ctaUrlLinkTrackingOptedOut = true;
  if (t.call_permission_request === true) out.callPermissionRequest = true;
  return out;
}

/** A FLOW button's flow from the file: `flow: { id, action, navigateScreen }` (version 1) or the Cloud API's keys (1.2). */
function fileFlow(b: Loose): CanonicalButton['flow'] {
  const flow = o(b.flow);
  if (flow) return clean({ id: String(flow.id), action: s(flow.action), navigateScreen: s(flow.navigateScreen) }) as CanonicalButton['flow'];
  if (b.flow_id === undefined && b.flow_name === undefined && b.flow_json === undefined) return undefined;
  return clean({ id: s(b.flow_id), name: s(b.flow_name), json: s(b.flow_json), action: s(b.flow_action), navigateScreen: s(b.navigate_screen) }) as CanonicalButton['flow'];
}

/**
 * A button of the file (a template's or a carousel card's). A URL button's sample written as the
 * value alone (`A-1042`, as Meta's pages write it) is the whole URL it fills, so that what is
 * compared, drawn, sent and written to the API is one form; export --to meta writes a card's back
 * as the value, as Meta's carousel pages do.
 */
function fileButton(b: Loose): CanonicalButton {
  const url = s(b.url), example = s(b.example);
  return clean({
    type: String(b.type),
    text: s(b.text),
    url,
    example: b.type === 'URL' && url !== undefined && example !== undefined ? wholeUrlSample(url, example) : example,
    phoneNumber: s(b.phone_number),
    otpType: s(b.otp_type),
    flow: fileFlow(b),
    autofillText: s(b.autofill_text),
    supportedApps: Array.isArray(b.supported_apps)
      ? b.supported_apps.map((x) => { const app = o(x); return { packageName: s(app?.package_name) ?? '', signatureHash: s(app?.signature_hash) ?? '' }; })
      : undefined,
    zeroTapTermsAccepted: b.zero_tap_terms_accepted === true ? true : undefined,
    ttlMinutes: typeof b.ttl_minutes === 'number' ? b.ttl_minutes : undefined,
    appDeepLink: appDeepLinkOf(o(b.app_deep_link)),
  });
}

/**
 * A Meta app id as its digits: a file or an answer may give it as a number or (quoted, or past
 * 2^53, which no JSON number holds exactly) as a text. Leading zeros are not part of an id.
 */
export function appIdDigits(v: unknown): string {
  if (typeof v === 'number') return Number.isFinite(v) ? BigInt(Math.trunc(v)).toString() : String(v);
  const t = typeof v === 'string' ? v.trim() : String(v);
  return /^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, '') : t;
}

/** an app id as the wire and the files write it: a number while a number holds it exactly, else its digits in quotes */
export function appIdValue(digits: string): number | string {
  const n = Number(digits);
  return /^\d+$/.test(digits) && Number.isSafeInteger(n) ? n : digits;
}

/** an app_deep_link mapping (file or wire: the same keys) in the model's terms */
function appDeepLinkOf(d: Loose | undefined): CanonicalButton['appDeepLink'] {
  if (!d) return undefined;
  return clean({
    metaAppId: appIdDigits(d.meta_app_id),
    androidDeepLink: s(d.android_deep_link) ?? '',
    androidFallbackPlaystoreUrl: s(d.android_fallback_playstore_url),
  }) as CanonicalButton['appDeepLink'];
}

function wireButtonToCanonical(b: WireButton): CanonicalButton {
  return clean({
    type: b.type, text: b.text, url: b.url,
    example: Array.isArray(b.example) ? b.example[0] : b.example,
    phoneNumber: b.phone_number, otpType: b.otp_type,
    flow: b.flow ? clean({ id: b.flow.id, action: b.flow.action, navigateScreen: b.flow.navigateScreen }) as CanonicalButton['flow']
      : b.flow_name !== undefined || b.flow_json !== undefined ? clean({ name: b.flow_name, json: b.flow_json, action: b.flow_action, navigateScreen: b.navigate_screen }) as CanonicalButton['flow'] : undefined,
    autofillText: b.autofill_text,
    supportedApps: b.supported_apps?.map((a) => ({ packageName: a.package_name, signatureHash: a.signature_hash })),
    zeroTapTermsAccepted: b.zero_tap_terms_accepted === true ? true : undefined,
    ttlMinutes: typeof b.ttl_minutes === 'number' ? b.ttl_minutes : undefined,
    appDeepLink: appDeepLinkOf(b.app_deep_link as Loose | undefined),
  });
}

/**
 * The message texts in wire form: a name takes the body's number for it, names only in the
 * message texts the next numbers by order of first appearance (message, cards' titles and
 * descriptions, fallback); numbered placeholders keep their number. `names[n - 1]` is the
 * file's name of {{n}}.
 */
export function compileMessage(m: WireMessage, bodyText: string): { message: WireMessage; names: string[] } {
  const map = numbering(scanPlaceholders(bodyText).placeholders);
  const names: string[] = [];
  for (const [k, n] of map) if (!NUMBERED.test(k)) names[n - 1] = k;
  const texts: string[] = [];
  if (typeof m.message === 'string') texts.push(m.message);
  for (const card of m.richCards ?? []) for (const x of [card?.title, card?.description]) if (typeof x === 'string') texts.push(x);
  if (typeof m.fallback?.text === 'string') texts.push(m.fallback.text);
  for (const text of texts) {
    for (const p of scanPlaceholders(text).placeholders) {
      if (map.has(p.key)) continue;
      const used = Math.max(0, ...map.values());
      const n = NUMBERED.test(p.key) ? Number(p.key) : used + 1;
      map.set(p.key, n);
      if (!NUMBERED.test(p.key)) names[n - 1] = p.key;
    }
  }
  if (!names.length) return { message: m, names: [] };
  const compile = (x: string | undefined): string | undefined => (typeof x === 'string' ? compileText(x, map) : x);
  const out: WireMessage = { ...m };
  if (m.message !== undefined) out.message = compile(m.message)!;
  if (m.richCards) out.richCards = m.richCards.map((card) => (card && typeof card === 'object' ? { ...card, ...(card.title !== undefined ? { title: compile(card.title)! } : {}), ...(card.description !== undefined ? { description: compile(card.description)! } : {}) } : card));
  if (m.fallback && typeof m.fallback.text === 'string') out.fallback = { ...m.fallback, text: compile(m.fallback.text)! };
  for (let i = 0; i < names.length; i++) names[i] ??= '';
  return { message: out, names };
}

/** A text of the message in the file's form (its names written back). */
export function messageFileText(names: PlaceholderNames, text: string): string {
  return fileFormText(text, names.message);
}

function buttonToWire(b: CanonicalButton): WireButton {
  return clean({
    type: b.type, text: b.text, url: b.url, phone_number: b.phoneNumber, otp_type: b.otpType,
    // a flow by id goes as the partner API's `flow`; by name or inline JSON, in the Cloud API's keys
    flow: b.flow?.id !== undefined ? clean({ id: b.flow.id, action: b.flow.action, navigateScreen: b.flow.navigateScreen }) : undefined,
    ...(b.flow && b.flow.id === undefined ? { flow_name: b.flow.name, flow_json: b.flow.json, flow_action: b.flow.action, navigate_screen: b.flow.navigateScreen } : {}),
    example: b.example === undefined ? undefined : b.type === 'URL' ? [b.example] : b.example,
    autofill_text: b.autofillText,
    supported_apps: b.supportedApps?.map((a) => ({ package_name: a.packageName, signature_hash: a.signatureHash })),
    zero_tap_terms_accepted: b.zeroTapTermsAccepted,
    ttl_minutes: b.ttlMinutes,
    app_deep_link: b.appDeepLink ? appDeepLinkToWire(b.appDeepLink) : undefined,
  }) as WireButton;
}

function appDeepLinkToWire(d: NonNullable<CanonicalButton['appDeepLink']>): NonNullable<WireButton['app_deep_link']> {
  return { meta_app_id: appIdValue(d.metaAppId), android_deep_link: d.androidDeepLink, ...(d.androidFallbackPlaystoreUrl !== undefined ? { android_fallback_playstore_url: d.androidFallbackPlaystoreUrl } : {}) };
}

/** A carousel's cards on the wire: each card's samples inside its own components, as the Cloud API writes them. */
function cardsToWire(cards: readonly CanonicalCard[]): { components: CardComponent[] }[] {
  return cards.map((card) => {
    const components: CardComponent[] = [
      { type: 'HEADER', format: card.header.format, ...(card.header.example !== undefined ? { example: { header_handle: [card.header.example] } } : {}) },
    ];
    if (card.body) components.push({ type: 'BODY', text: card.body.text, ...(card.body.examples.length ? { example: { body_text: [[...card.body.examples]] } } : {}) });
    if (card.buttons.length) components.push({ type: 'BUTTONS', buttons: card.buttons.map(buttonToWire) });
    return { components };
  });
}

/** a carousel's cards read back; a button or component of a card that no file can hold is named to `unknown` (never dropped in silence) */
function cardsFromWire(cards: readonly { components?: CardComponent[] }[], unknown?: (part: string) => void): CanonicalCard[] {
  return cards.map((card, i) => {
    const out: CanonicalCard = { header: { format: '' }, buttons: [] };
    for (const comp of card.components ?? []) {
      if (comp.type === 'HEADER') out.header = clean({ format: comp.format ?? '', example: comp.example?.header_handle?.[0] }) as CanonicalCard['header'];
      else if (comp.type === 'BODY') out.body = { text: comp.text ?? '', examples: [...(comp.example?.body_text?.[0] ?? [])] };
      else if (comp.type === 'BUTTONS') {
        const buttons = (comp.buttons ?? []).map((b) => (KNOWN_BUTTON_TYPES.has(String(b.type).toUpperCase()) ? { ...b, type: String(b.type).toUpperCase() as typeof b.type } : b));
        for (const b of buttons) if (!KNOWN_BUTTON_TYPES.has(String(b.type))) unknown?.(`${String(b.type)} button of card ${i + 1}`);
        out.buttons = buttons.filter((b) => !unknown || KNOWN_BUTTON_TYPES.has(String(b.type))).map(wireButtonToCanonical);
      } else unknown?.(`${String(comp.type)} component of card ${i + 1}`);
    }
    return clean({ header: out.header, body: out.body, buttons: out.buttons }) as CanonicalCard;
  });
}

/**
 * The components of FORMAT 1.1 read back (write body or read response alike): CAROUSEL,
 * LIMITED_TIME_OFFER, an authentication BODY (whose text WhatsApp writes: a text the service
 * may return beside `add_security_recommendation` is WhatsApp's, not the template's) and an
 * authentication FOOTER.
 */
function kindComponent(c: CanonicalTemplate, comp: { type: string; text?: string } & KindFields): boolean {
  if (comp.type === 'CAROUSEL') { c.carousel = cardsFromWire(comp.cards ?? [], (part) => (c.unknownComponents ??= []).push(part)); return true; }
  if (comp.type === 'LIMITED_TIME_OFFER') {
    const l = comp.limited_time_offer;
    c.limitedTimeOffer = { text: l?.text ?? '', ...(l?.has_expiration === true ? { hasExpiration: true as const } : {}) };
    return true;
  }
  if (comp.type === 'BODY' && comp.add_security_recommendation !== undefined) {
    c.body = { text: '', examples: [], ...(comp.add_security_recommendation === true ? { addSecurityRecommendation: true as const } : {}) };
    return true;
  }
  if (comp.type === 'FOOTER' && comp.code_expiration_minutes !== undefined) { c.codeExpirationMinutes = comp.code_expiration_minutes; return true; }
  if (comp.type === 'CALL_PERMISSION_REQUEST') { c.callPermissionRequest = true; return true; }
  return false;
}

/** the button types a template file can hold (schema/template.schema.json) */
export const KNOWN_BUTTON_TYPES: ReadonlySet<string> = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'FLOW', 'CATALOG', 'MPM', 'OTP', 'VOICE_CALL', 'SPM', 'ORDER_DETAILS']);

/** From a read response. */
export function fromRead(r: TemplateReadResponse, channelId: string): CanonicalTemplate {
  const c: CanonicalTemplate = {
    channelId: channelId.toLowerCase(),
    templateId: r.publicId.toLowerCase(),
    name: r.chatapp?.name ?? r.name,
    language: r.chatapp?.language ?? r.language ?? '',
    description: r.description ?? '',
    body: { text: '', examples: [] },
    buttons: [],
  };
  if (!r.chatapp && r.message) c.rcsOnly = true;
  if (r.chatapp?.message_send_ttl_seconds !== undefined) c.messageSendTtlSeconds = r.chatapp.message_send_ttl_seconds;
  if (r.chatapp?.sub_category !== undefined) c.subCategory = r.chatapp.sub_category;
  if (r.chatapp?.display_format !== undefined) c.displayFormat = r.chatapp.display_format;
  if (r.chatapp?.cta_url_link_tracking_opted_out === true) c.ctaUrlLinkTrackingOptedOut = true;
  for (const comp of r.chatapp?.components ?? []) {
    if (kindComponent(c, comp)) continue;
    if (comp.type === 'HEADER') {
      const ex = comp.format === 'TEXT' ? comp.example?.header_text?.[0] : comp.example?.header_handle?.[0];
      c.header = clean({ format: comp.format ?? 'TEXT', text: comp.text, example: ex }) as CanonicalTemplate['header'];
    } else if (comp.type === 'BODY') {
      c.body = { text: comp.text ?? '', examples: [...(comp.example?.body_text?.[0] ?? [])] };
    } else if (comp.type === 'FOOTER') {
      if (comp.text !== undefined) c.footer = comp.text;
    } else if (comp.type === 'BUTTONS') {
      // a button of a type no file can hold is kept out of the buttons and named, as an unknown component is
      // a known type in other letters (url) is that type, as the document's states are read in capitals
      const buttons = (comp.buttons ?? []).map((b) => (KNOWN_BUTTON_TYPES.has(String(b.type).toUpperCase()) ? { ...b, type: String(b.type).toUpperCase() as typeof b.type } : b));
      for (const b of buttons) if (!KNOWN_BUTTON_TYPES.has(String(b.type))) (c.unknownComponents ??= []).push(`${String(b.type)} button`);
      c.buttons = buttons.filter((b) => KNOWN_BUTTON_TYPES.has(String(b.type))).map(wireButtonToCanonical);
    } else (c.unknownComponents ??= []).push(`${String(comp.type)} component`);
  }
  if (r.message) {
    const m = normalizeMessage(r.message);
    if (Object.keys(m).length) c.message = m;
  }
  return inOrder(c);
}

/** To the body of the template write. */
export function toWriteBody(c: CanonicalTemplate): TemplateWriteRequest {
  if (c.rcsOnly) return { name: c.name, language: c.language, description: c.description, message: c.message ?? {} };
  const components: WriteComponent[] = [];
  const example: Record<string, string> = {};
  if (c.header) {
    components.push(clean({ type: 'HEADER', format: c.header.format, text: c.header.text }) as WriteComponent);
    if (c.header.example !== undefined) example[c.header.format === 'TEXT' ? 'headerText' : 'headerMediaUrl'] = c.header.example;
  }
  if (c.limitedTimeOffer) {
    components.push({ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: c.limitedTimeOffer.text, has_expiration: c.limitedTimeOffer.hasExpiration === true } });
  }
  // an authentication body whose text WhatsApp writes: only the flag
  if (presetAuthenticationBody(c)) components.push({ type: 'BODY', add_security_recommendation: c.body.addSecurityRecommendation === true });
  else components.push({ type: 'BODY', text: c.body.text });
  c.body.examples.forEach((v, i) => { example[String(i + 1)] = v; });
  if (c.callPermissionRequest) components.push({ type: 'CALL_PERMISSION_REQUEST' });
  if (c.carousel) components.push({ type: 'CAROUSEL', cards: cardsToWire(c.carousel) });
  if (c.footer !== undefined) components.push({ type: 'FOOTER', text: c.footer });
  if (c.codeExpirationMinutes !== undefined) components.push({ type: 'FOOTER', code_expiration_minutes: c.codeExpirationMinutes });
  if (c.buttons.length) components.push({ type: 'BUTTONS', buttons: c.buttons.map(buttonToWire) });
  return {
    name: c.name,
    description: c.description,
    chatapp: {
      name: c.name,
      description: c.description,
      chatapp: {
        name: c.name, language: c.language, category: c.category ?? 'UTILITY', components, ...(Object.keys(example).length ? { example } : {}),
        ...(c.messageSendTtlSeconds !== undefined ? { message_send_ttl_seconds: c.messageSendTtlSeconds } : {}),
        ...(c.subCategory !== undefined ? { sub_category: c.subCategory } : {}),
        ...(c.displayFormat !== undefined ? { display_format: c.displayFormat } : {}),
        ...(c.ctaUrlLinkTrackingOptedOut ? { cta_url_link_tracking_opted_out: true } : {}),
      },
    },
    ...(c.message ? { message: c.message } : {}),
  };
}

/** the file's key of each part of the model that is the file's own key (the others are their own name, `header`, `footer`, ...) */
const FILE_KEYS: Partial<Record<keyof CanonicalTemplate, string>> = {
  subCategory: 'sub_category', displayFormat: 'display_format', messageSendTtlSeconds: 'message_send_ttl_seconds',
  ctaUrlLinkTrackingOptedOut: 'cta_url_link_tracking_opted_out', limitedTimeOffer: 'limited_time_offer',
  callPermissionRequest: 'call_permission_request', codeExpirationMinutes: 'footer',
};
/** the parts the RCS write body carries, and the file's category (what WhatsApp reviews it as: never compared as content) */
const RCS_CARRIED: ReadonlySet<string> = new Set(['channelId', 'templateId', 'name', 'language', 'description', 'message', 'rcsOnly', 'category']);

/**
 * The file's keys that an RCS-only template (a `message` and no `body`) holds and its write body
 * does not carry: that body is the RCS message alone (toWriteBody), so WhatsApp's parts
 * (`message_send_ttl_seconds`, `cta_url_link_tracking_opted_out`, buttons, a footer, ...) would
 * never come back in a read, and every plan would update the template, sending an approved one
 * back to review. Found by writing the model and reading it back, so a part the model gains is
 * found too. Lint refuses them (rcs-whatsapp-keys).
 */
export function keysNotCarriedOnRcs(t: Loose): string[] {
  if (!(t.body === undefined && o(t.message) !== undefined)) return [];
  let c: CanonicalTemplate;
  try { c = fromFile(t, 'x', 'x').canonical; } catch { return []; }
  const back = fromWriteBody(toWriteBody(c), 'x', 'x') as unknown as Record<string, unknown>;
  const out: string[] = [];
  for (const [k, v] of Object.entries(c)) {
    if (RCS_CARRIED.has(k) || JSON.stringify(v) === JSON.stringify(back[k])) continue;
    const key = FILE_KEYS[k as keyof CanonicalTemplate] ?? k;
    if (!out.includes(key)) out.push(key);
  }
  return out;
}

/** From a write body (the inverse of toWriteBody), to verify a write by reading it back. */
export function fromWriteBody(body: TemplateWriteRequest, channelId: string, id: string): CanonicalTemplate {
  if (!body.chatapp) {
    const c: CanonicalTemplate = {
      channelId: channelId.toLowerCase(), templateId: id.toLowerCase(), name: body.name, language: body.language ?? '',
      description: body.description ?? '', body: { text: '', examples: [] }, buttons: [], rcsOnly: true,
    };
    if (body.message) { const m = normalizeMessage(body.message); if (Object.keys(m).length) c.message = m; }
    return c;
  }
  const inner = body.chatapp.chatapp;
  const ex = inner.example ?? {};
  const c: CanonicalTemplate = {
    channelId: channelId.toLowerCase(), templateId: id.toLowerCase(), name: inner.name, language: inner.language, category: inner.category,
    description: body.description ?? '', body: { text: '', examples: [] }, buttons: [],
  };
  const nums = Object.keys(ex).filter((k) => /^[1-9][0-9]*$/.test(k)).map(Number).sort((a, b) => a - b);
  if (inner.message_send_ttl_seconds !== undefined) c.messageSendTtlSeconds = inner.message_send_ttl_seconds;
  if (inner.sub_category !== undefined) c.subCategory = inner.sub_category;
  if (inner.display_format !== undefined) c.displayFormat = inner.display_format;
  if (inner.cta_url_link_tracking_opted_out === true) c.ctaUrlLinkTrackingOptedOut = true;
  for (const comp of inner.components) {
    if (kindComponent(c, comp)) continue;
    if (comp.type === 'HEADER') {
      const e = comp.format === 'TEXT' ? ex.headerText : ex.headerMediaUrl;
      c.header = clean({ format: comp.format ?? 'TEXT', text: comp.text, example: e }) as CanonicalTemplate['header'];
    } else if (comp.type === 'BODY') c.body = { text: comp.text ?? '', examples: nums.map((n) => ex[String(n)]!) };
    else if (comp.type === 'FOOTER') { if (comp.text !== undefined) c.footer = comp.text; }
    else if (comp.type === 'BUTTONS') c.buttons = (comp.buttons ?? []).map(wireButtonToCanonical);
  }
  if (body.message) { const m = normalizeMessage(body.message); if (Object.keys(m).length) c.message = m; }
  return inOrder(c);
}

/** One key order for every model, whatever it was mapped from (renderings of two models line up). */
const KEY_ORDER: readonly (keyof CanonicalTemplate)[] = [
  'channelId', 'templateId', 'name', 'language', 'category', 'subCategory', 'displayFormat', 'description', 'messageSendTtlSeconds', 'ctaUrlLinkTrackingOptedOut',
  'header', 'limitedTimeOffer', 'body', 'callPermissionRequest', 'carousel', 'footer', 'codeExpirationMinutes', 'buttons', 'message',
];
function inOrder(c: CanonicalTemplate): CanonicalTemplate {
  const out: Record<string, unknown> = {};
  for (const k of KEY_ORDER) if (c[k] !== undefined) out[k] = c[k];
  // a key this list does not know yet keeps its place after the known ones: never dropped
  for (const [k, v] of Object.entries(c)) if (!(k in out) && v !== undefined) out[k] = v;
  return out as unknown as CanonicalTemplate;
}

/**
 * Button types whose label WhatsApp writes itself (a copy-code button reads "Copy offer code"):
 * a file gives none (lint's copy-code-label says to remove it), and an import leaves out the one
 * Meta's listing gives, so that no import writes what lint then asks to remove.
 */
export const PLATFORM_LABELLED: ReadonlySet<string> = new Set(['COPY_CODE']);

/**
 * Button types only a MARKETING template takes: catalog-category. Not COPY_CODE: Meta's utility
 * templates page lists "Copy code" among a UTILITY template's buttons (the retired
 * copy-code-category refused it), so a coupon's button leaves the category to --category.
 */
const MARKETING_BUTTONS: ReadonlySet<string> = new Set(['CATALOG', 'MPM']);

/**
 * The category a kind of template requires, the one the lint rule of that kind asks for (pull
 * writes it when the read carries none): MARKETING for a carousel, an offer, a GIF header, a
 * single-product (PRODUCT) header, a button with an Android app deep link (Marketing Messages
 * API), a catalog or multi-product (CATALOG, MPM) button, UTILITY for an order status template, AUTHENTICATION with an OTP button. A kind a test of every kind
 * (test/pull-kind-category.test.ts) finds missing here is pulled as UTILITY and refused by lint.
 */
export function kindCategory(c: Pick<CanonicalTemplate, 'carousel' | 'limitedTimeOffer' | 'buttons'> & { header?: { format: string }; subCategory?: string }): string | undefined {
  if (c.carousel || c.limitedTimeOffer || c.header?.format === 'GIF' || c.header?.format === 'PRODUCT' || c.buttons.some((b) => b.appDeepLink || MARKETING_BUTTONS.has(b.type))) return 'MARKETING';
  if (c.subCategory === 'ORDER_STATUS') return 'UTILITY';
  if (c.buttons.some((b) => b.type === 'OTP')) return 'AUTHENTICATION';
  return undefined;
}

/**
 * An AUTHENTICATION body without text of its own: WhatsApp writes "<code> is your verification
 * code." (and the security sentence when asked); the file gives only what to add.
 */
export function presetAuthenticationBody(c: Pick<CanonicalTemplate, 'body' | 'category' | 'buttons'>): boolean {
  return c.body.text === '' && (c.category === 'AUTHENTICATION' || c.body.addSecurityRecommendation === true || c.buttons.some((b) => b.type === 'OTP'));
}

/** Drops what the service may add or leave out without meaning anything: empty text, null preview, empty lists, false flags. */
export function normalizeMessage(m: WireMessage): WireMessage {
  // an enum's ..._UNSPECIFIED is Google's default, what an absent value means (THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED)
  const drop = (v: unknown): boolean => v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0) || (typeof v === 'string' && /^[A-Z][A-Z0-9_]*_UNSPECIFIED$/.test(v));
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (!drop(x)) out[k] = walk(x);
      }
      return out;
    }
    return v;
  };
  const out = walk(m) as WireMessage;
  // (the keys of TIME_KEYS: what pull's comparison of a file's text takes as the same instant too)
  const t = out.rcsExpireOpts?.expireTime;
  if (typeof t === 'string') { const ms = millisecondTime(t); if (ms !== t) out.rcsExpireOpts = { ...out.rcsExpireOpts, expireTime: ms }; }
  // a calendar event's times too: an offset (+02:00) is sent as the same instant in UTC, as expireTime is
  const times = (list: unknown): void => {
    if (!Array.isArray(list)) return;
    for (const x of list as Record<string, unknown>[]) {
      for (const k of ['startTime', 'endTime'] as const) if (typeof x?.[k] === 'string') x[k] = millisecondTime(x[k] as string);
    }
  };
  times(out.suggestions);
  if (Array.isArray(out.richCards)) for (const c of out.richCards as Record<string, unknown>[]) times(c?.suggestions);
  return out;
}

/**
 * The keys whose value normalizeMessage writes as its instant (millisecondTime): a message's
 * `rcsExpireOpts.expireTime` and a calendar event's `startTime` and `endTime` (the template
 * format has no other key of these names). A file's `2030-05-04T10:00:00+02:00` there is the
 * channel's `2030-05-04T08:00:00.000Z`: the same value, wherever a file's text is compared with
 * the channel's (pull's merge of a file it writes over, keep-comments.ts).
 */
export const TIME_KEYS: ReadonlySet<string> = new Set(['expireTime', 'startTime', 'endTime']);

/** Pure: the value at `key` as the canonical model holds it: a time of TIME_KEYS as its instant (millisecondTime), anything else as it is. */
export const asModelHolds = (key: string | undefined, v: unknown): unknown => (key !== undefined && TIME_KEYS.has(key) && typeof v === 'string' ? millisecondTime(v) : v);

/**
 * Pure: an RFC 3339 time as the API takes it, in UTC with exactly three digits of milliseconds:
 * `2030-10-02T15:01:23Z` and `2030-10-02T15:01:23.045123456Z` (Google's forms, 0 to 9 digits)
 * become `2030-10-02T15:01:23.000Z` and `2030-10-02T15:01:23.045Z` (digits past the millisecond
 * dropped); `2030-10-02T16:01:23+01:00` becomes `2030-10-02T15:01:23.000Z`. Anything else is
 * returned as it is.
 */
export function millisecondTime(t: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(t);
  if (!m) return t;
  const ms = `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}`;
  if (m[3] === 'Z') return `${ms}Z`;
  // an offset (Google's Timestamp takes one): the same instant in UTC
  const at = Date.parse(`${ms}${m[3]}`);
  return Number.isNaN(at) ? t : new Date(at).toISOString();
}

/** An expireTime the read returns as an unresolved expression cannot be compared. */
const RESOLVED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Pure: which of NOT_OBSERVABLE matter to the comparison of these two: the fields the file sets
 * that the read cannot show, and an expireTime that one side holds unresolved.
 */
export function unobservedIn(desired: FileTemplate | undefined, remote: CanonicalTemplate | undefined): string[] {
  if (!desired || !remote) return [];
  // a read that reports the category (remote.category set) makes it observable
  const out = (desired.unobservable ?? []).filter((f) => !(f === 'category' && remote.category !== undefined));
  const mine = desired.canonical.message?.rcsExpireOpts?.expireTime;
  const theirs = remote.message?.rcsExpireOpts?.expireTime;
  if (mine !== undefined && (!RESOLVED_TIME.test(mine) || (theirs !== undefined && !RESOLVED_TIME.test(theirs)))) out.push(NOT_OBSERVABLE[2]!);
  return out;
}

export interface FieldChange { path: string; before: unknown; after: unknown }

/** the fields of a template WhatsApp never sees (the partner's description, the RCS message) */
const PARTNER_ONLY = /^(?:description|message)(?:$|[.[])/;
/** Pure: whether these changes touch what WhatsApp reviews (a change of the description or the RCS message alone is no edit of the WhatsApp template) */
export const editsWhatsApp = (changes: readonly { path: string }[]): boolean => changes.some((f) => !PARTNER_ONLY.test(f.path));

/**
 * The field-level differences between what the files want and what the read returned, leaving
 * out what the read cannot show (category, an unresolved expireTime).
 */
export function diffTemplates(desired: CanonicalTemplate, remote: CanonicalTemplate, opts: { exactSamples?: boolean } = {}): FieldChange[] {
  const a = comparable(desired, remote, opts.exactSamples);
  const b = comparable(remote, desired, opts.exactSamples);
  const out: FieldChange[] = [];
  diffValues(b, a, '', out);
  return out;
}

/** What of a template a read can show and a plan compares (the identity and the category left out). */
export function comparable(c: CanonicalTemplate, other: CanonicalTemplate = c, exactSamples = false): Record<string, unknown> {
  const { category: _c, channelId: _ch, templateId: _id, ...rest } = c;
  const copy = JSON.parse(JSON.stringify(rest)) as Record<string, unknown> & { message?: WireMessage };
  const mine = copy.message?.rcsExpireOpts?.expireTime;
  const theirs = other.message?.rcsExpireOpts?.expireTime;
  if (mine !== undefined && (!RESOLVED_TIME.test(mine) || (theirs !== undefined && !RESOLVED_TIME.test(theirs)))) {
    copy.message!.rcsExpireOpts!.expireTime = '(not comparable)';
  }
  // a media sample read back under another host: the service's copy of it (re-hosted)
  // (a service that keeps what it was given, the embedded emulator, has no copy: compared as written)
  if (exactSamples) return copy;
  const h = copy.header as CanonicalTemplate['header'];
  if (h && rehosted(h, other.header)) h.example = REHOSTED;
  (copy.carousel as CanonicalCard[] | undefined)?.forEach((card, i) => { if (rehosted(card.header, other.carousel?.[i]?.header)) card.header.example = REHOSTED; });
  return copy;
}

const REHOSTED = '(a media sample: the service\'s copy of it)';
const MEDIA_FORMATS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT', 'GIF']);
const hostOf = (u: string): string | undefined => { try { return new URL(u).host.toLowerCase(); } catch { return undefined; } };

/**
 * A media header's sample under another host on each side: a service keeps a copy of the sample
 * it was given and answers with that copy's address (Meta answers with its CDN's; the document's
 * read calls it `header_handle`), so the two are the same sample, not a change that a write could
 * ever settle (docs/api-assumptions.md). A new sample on the same host is compared as ever.
 */
function rehosted(a: { format: string; example?: string } | undefined, b: { format: string; example?: string } | undefined): boolean {
  if (!a || !b || a.format !== b.format || !MEDIA_FORMATS.has(a.format) || a.example === undefined || b.example === undefined || a.example === b.example) return false;
  const ha = hostOf(a.example);
  const hb = hostOf(b.example);
  return ha !== undefined && hb !== undefined && ha !== hb;
}

/**
 * Pure: the leaf-level differences of two plain values, as dotted paths (`a.b[2].c`). Keys in
 * sorted order (`sortKeys`, for the model) or in the order they stand (for a file's view).
 */
export function diffValues(before: unknown, after: unknown, path: string, out: FieldChange[], sortKeys = true): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object' && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) { out.push({ path: path || '(template)', before, after }); return; }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) diffValues(before[i], after[i], `${path}[${i}]`, out, sortKeys);
    return;
  }
  const keys = [...new Set([...Object.keys(before as object), ...Object.keys(after as object)])];
  if (sortKeys) keys.sort();
  for (const k of keys) {
    diffValues((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out, sortKeys);
  }
}

/** Canonical JSON (sorted keys), for hashes and fingerprints. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, (x as Record<string, unknown>)[k]]))
    : x));
}

function clean<T extends object>(v: T): T {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as T;
}
