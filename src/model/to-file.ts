// Pure: a canonical template (as read from the service) back to a template file, for `pull`.
import { Document, isMap, type YAMLMap } from 'yaml';
import { boundedStem } from '../core/file-name.js';
import { quoteYaml11Strings } from '../core/yaml11.js';
import { appIdValue, compileMessage, fileFormText, presetAuthenticationBody, type CanonicalButton, type CanonicalTemplate, type PlaceholderNames } from './canonical.js';
import type { WireMessage } from '../api/shapes.js';

/** the sample pull writes for placeholder `key` where the channel returns none (RCS): lint's sample-stub flags it until a person writes one */
export const pulledStub = (key: string): string => `(sample ${key})`;
import { distinctKeys, scanPlaceholders } from './placeholders.js';

export interface ToFileOptions {
  channel: string;
  category: string;
  /** the category came from the read (the service reports it): no comment asking to check it */
  categoryRead?: boolean;
  schemaPath: string;
  note: string;
  /** the placeholders' names to write rather than numbers (those of the file the template replaces, or from `pull --names-from`) */
  names?: PlaceholderNames;
  /** leave `publicId` out: the file's id is derived (name and language, per environment), as the file it replaces had it */
  derivedId?: boolean;
  /** the message as a file wrote it (names and samples), when it says what the template's message says */
  message?: Record<string, unknown>;
  /** the `translated_from` record of the file this one replaces: kept */
  translatedFrom?: unknown;
  /** the samples of the message's placeholders by number, from the file this one replaces (a read returns none): written where the stub would be */
  messageSamples?: Readonly<Record<string, string>>;
  /** the buttons (by index) that the file this one replaces writes as `flow_id:` (version 1.2), not `flow: { id }`: kept so */
  flatFlows?: readonly number[];
}

/** A flow by id as version 1 writes it (`flow: { id, ... }`); by name or inline JSON in the keys of version 1.2. */
function fileFlowKeys(f: NonNullable<CanonicalButton['flow']>): Record<string, unknown> {
  if (f.id !== undefined) return { flow: { id: f.id, ...(f.action !== undefined ? { action: f.action } : {}), ...(f.navigateScreen !== undefined ? { navigateScreen: f.navigateScreen } : {}) } };
  return {
    ...(f.name !== undefined ? { flow_name: f.name } : {}), ...(f.json !== undefined ? { flow_json: f.json } : {}),
    ...(f.action !== undefined ? { flow_action: f.action } : {}), ...(f.navigateScreen !== undefined ? { navigate_screen: f.navigateScreen } : {}),
  };
}

/** A button of the model as the file writes it (the Cloud API's own key names). */
function fileButton(b: CanonicalButton): Record<string, unknown> {
  return {
    type: b.type, ...(b.text !== undefined ? { text: b.text } : {}), ...(b.url !== undefined ? { url: b.url } : {}),
    ...(b.example !== undefined ? { example: b.example } : {}), ...(b.phoneNumber !== undefined ? { phone_number: b.phoneNumber } : {}),
    ...(b.otpType !== undefined ? { otp_type: b.otpType } : {}), ...(b.flow ? fileFlowKeys(b.flow) : {}),
    ...(b.autofillText !== undefined ? { autofill_text: b.autofillText } : {}),
    ...(b.supportedApps ? { supported_apps: b.supportedApps.map((a) => ({ package_name: a.packageName, signature_hash: a.signatureHash })) } : {}),
    ...(b.zeroTapTermsAccepted ? { zero_tap_terms_accepted: true } : {}),
    ...(b.ttlMinutes !== undefined ? { ttl_minutes: b.ttlMinutes } : {}),
    ...(b.appDeepLink ? { app_deep_link: { meta_app_id: appIdValue(b.appDeepLink.metaAppId), android_deep_link: b.appDeepLink.androidDeepLink, ...(b.appDeepLink.androidFallbackPlaystoreUrl !== undefined ? { android_fallback_playstore_url: b.appDeepLink.androidFallbackPlaystoreUrl } : {}) } } : {}),
  };
}

function numberedExamples(examples: readonly string[], names?: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  examples.forEach((v, i) => { out[names?.[i] || String(i + 1)] = v; });
  return out;
}

/** A text and its samples as the file writes them: numbered, or with the names given. */
function textPart(p: { text?: string; examples: readonly string[] }, names?: readonly string[]): Record<string, unknown> {
  return { text: fileFormText(p.text, names), ...(p.examples.length ? { examples: numberedExamples(p.examples, names) } : {}) };
}

/** Keys in the order a person writes them (FORMAT.md), the rest after them in their order. */
function ordered(v: unknown, order: readonly string[], inner: Record<string, readonly string[]> = {}): unknown {
  if (Array.isArray(v)) return v.map((x) => ordered(x, order, inner));
  if (!v || typeof v !== 'object') return v;
  const rec = v as Record<string, unknown>;
  const keys = [...order.filter((k) => k in rec), ...Object.keys(rec).filter((k) => !order.includes(k))];
  return Object.fromEntries(keys.map((k) => [k, inner[k] ? ordered(rec[k], inner[k]!, inner) : rec[k]]));
}
const SUGGESTION_ORDER = ['action', 'text', 'phoneNumber', 'latLong', 'label', 'query', 'startTime', 'endTime', 'title', 'description', 'postbackData', 'openUrlApplication', 'webviewType', 'tracking'];
const MESSAGE_ORDER = ['type', 'message', 'fileUrl', 'thumbnailUrl', 'richCards', 'suggestions', 'examples', 'rcsRichCardsOpts', 'rcsExpireOpts', 'fallback'];
function orderMessage(m: Record<string, unknown>): Record<string, unknown> {
  const out = ordered(m, MESSAGE_ORDER, { rcsRichCardsOpts: ['type', 'orientation', 'imageAlign', 'cardWidth', 'mediaHeight'], rcsExpireOpts: ['type', 'ttl', 'expireTime'], latLong: ['latitude', 'longitude'] }) as Record<string, unknown>;
  if (Array.isArray(out.suggestions)) out.suggestions = ordered(out.suggestions, SUGGESTION_ORDER, { latLong: ['latitude', 'longitude'] });
  if (Array.isArray(out.richCards)) {
    out.richCards = (out.richCards as unknown[]).map((card) => {
      const c = ordered(card, ['title', 'description', 'fileUrl', 'thumbnailUrl', 'suggestions']) as Record<string, unknown>;
      if (Array.isArray(c.suggestions)) c.suggestions = ordered(c.suggestions, SUGGESTION_ORDER, { latLong: ['latitude', 'longitude'] });
      return c;
    });
  }
  return out;
}

/** The placeholder keys of the message texts. */
function messageKeys(m: WireMessage): string[] {
  const texts = [m.message, ...(m.richCards ?? []).flatMap((card) => [card.title, card.description]), m.fallback?.text].filter((x): x is string => typeof x === 'string');
  return distinctKeys(texts.flatMap((x) => scanPlaceholders(x).placeholders));
}

/** Pure: the plain value of a template file (numbered placeholders) for a canonical template; `unknownSamples` when the message's samples had to be made up. */
export function toFileValue(c: CanonicalTemplate, o: { channel: string; category: string; publicId?: string }): Record<string, unknown> {
  return fileValue(c, o).value;
}

function fileValue(c: CanonicalTemplate, o: { channel: string; category: string; publicId?: string; names?: PlaceholderNames; message?: Record<string, unknown>; messageSamples?: Readonly<Record<string, string>> }): { value: Record<string, unknown>; unknownSamples: boolean } {
  const names = o.names ?? {};
  const t: Record<string, unknown> = {
    channel: o.channel, name: c.name, language: c.language, ...(c.rcsOnly ? {} : { category: o.category }),
    ...(c.subCategory !== undefined ? { sub_category: c.subCategory } : {}),
    ...(c.displayFormat !== undefined ? { display_format: c.displayFormat } : {}),
    ...(c.description ? { description: c.description } : {}),
    ...(o.publicId !== undefined ? { publicId: o.publicId } : {}),
  };
  if (c.messageSendTtlSeconds !== undefined) t.message_send_ttl_seconds = c.messageSendTtlSeconds;
  if (c.ctaUrlLinkTrackingOptedOut) t.cta_url_link_tracking_opted_out = true;
  if (c.header) {
    t.header = c.header.format === 'TEXT'
      ? { format: 'TEXT', ...textPart({ text: c.header.text ?? '', examples: c.header.example !== undefined ? [c.header.example] : [] }, names.header) }
      : { format: c.header.format, ...(c.header.example !== undefined ? { example: c.header.example } : {}) };
  }
  if (c.limitedTimeOffer) t.limited_time_offer = { text: c.limitedTimeOffer.text, ...(c.limitedTimeOffer.hasExpiration ? { has_expiration: true } : {}) };
  if (!c.rcsOnly) {
    t.body = presetAuthenticationBody({ ...c, category: o.category })
      ? { add_security_recommendation: c.body.addSecurityRecommendation === true }
      : textPart(c.body, names.body);
  }
  if (c.carousel) {
    t.carousel = c.carousel.map((card, i) => ({
      header: { format: card.header.format, ...(card.header.example !== undefined ? { example: card.header.example } : {}) },
      ...(card.body ? { body: textPart(card.body, names.cards?.[i]) } : {}),
      ...(card.buttons.length ? { buttons: card.buttons.map(fileButton) } : {}),
    }));
  }
  if (c.callPermissionRequest) t.call_permission_request = true;
  if (c.footer !== undefined) t.footer = c.footer;
  if (c.codeExpirationMinutes !== undefined) t.footer = { code_expiration_minutes: c.codeExpirationMinutes };
  if (c.buttons.length) t.buttons = c.buttons.map(fileButton);
  let unknownSamples = false;
  if (c.message && o.message) t.message = orderMessage({ ...o.message });
  else if (c.message) {
    // one placeholder style in the file: the message numbered like the body (a message written
    // with names elsewhere gets the numbers after the body's); samples the body has are shared
    const m = compileMessage(c.message, c.body.text).message;
    const bodyHas = new Set(c.body.examples.map((_, i) => String(i + 1)));
    const missing = messageKeys(m).filter((k) => !bodyHas.has(k));
    let message: Record<string, unknown> = { ...m };
    if (missing.length) {
      const known = o.messageSamples ?? {};
      message.examples = Object.fromEntries(missing.map((k) => [k, Object.hasOwn(known, k) ? known[k]! : pulledStub(k)]));
      if (missing.some((k) => !Object.hasOwn(known, k))) unknownSamples = true;
    }
    // the names the file gave the message's placeholders (pull over a file whose texts the channel still has): its texts and samples by name
    const list = names.message;
    if (list?.length) {
      const walk = (x: unknown): unknown => (typeof x === 'string' ? fileFormText(x, list)
        : Array.isArray(x) ? x.map(walk)
          : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)])) : x);
      const { examples, ...rest } = message;
      message = { ...(walk(rest) as Record<string, unknown>), ...(examples && typeof examples === 'object' ? { examples: Object.fromEntries(Object.entries(examples).map(([k, v]) => [list[Number(k) - 1] || k, v])) } : {}) };
    }
    t.message = orderMessage(message);
  }
  return { value: t, unknownSamples };
}

export function toTemplateFile(c: CanonicalTemplate, o: ToFileOptions): string {
  const { value: t, unknownSamples } = fileValue(c, { channel: o.channel, category: o.category, ...(o.derivedId ? {} : { publicId: c.templateId }), ...(o.names ? { names: o.names } : {}), ...(o.message ? { message: o.message } : {}), ...(o.messageSamples ? { messageSamples: o.messageSamples } : {}) });
  if (o.translatedFrom !== undefined) (t as Record<string, unknown>).translated_from = o.translatedFrom;
  // a FLOW button the file wrote `flow_id: ...`: written back in that form (its flow by id either way)
  if (o.flatFlows?.length) flowsFlat(t as Record<string, unknown>, o.flatFlows);
  const doc = new Document(t);
  quoteYaml11Strings(doc);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  if (isMap(doc.contents)) {
    const cat = (doc.contents as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'category');
    if (cat && !o.categoryRead) (cat.value as { comment?: string }).comment = ' the API does not return the category: check it';
    const msg = (doc.contents as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'message');
    const ex = unknownSamples && isMap(msg?.value) ? (msg.value as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'examples') : undefined;
    if (ex) (ex.key as { commentBefore?: string }).commentBefore = ' the API does not return samples of RCS placeholders: replace these';
  }
  return doc.toString({ lineWidth: 0 });
}

/** A file name that cannot leave the target directory, whatever the template's name holds; `.yaml`, or the extension the config's globs take (`extension` of its stem). */
export function safeFileName(name: string, language: string, extension: (stem: string) => string = () => '.yaml'): string {
  // a name's own underscores stay (promo_a_ is not promo_a: the two files would be one); other characters become one _
  const clean = (s: string) => boundedStem(s.replace(/^[^A-Za-z0-9_]+|[^A-Za-z0-9_]+$/g, '').replace(/[^A-Za-z0-9_]+/g, '_')) || 'template';
  const stem = `${clean(name)}.${clean(language)}`;
  return stem + extension(stem);
}

/**
 * Pure: a template as its file reads, for diffs a person reads: the file's keys and shapes
 * (`footer: { code_expiration_minutes }`, samples as maps, snake_case), the placeholder names the
 * file gave (`names`, taken from the desired side so that both sides of a diff read alike; none:
 * numbered), and nothing the file does not hold (identity keys, the category the read does not
 * return, message samples the read does not return). `category`: the desired side's, else `c`'s.
 */
export function fileView(c: CanonicalTemplate, names: PlaceholderNames = {}, category?: string): Record<string, unknown> {
  const v = toFileValue(c, { channel: '', category: category ?? c.category ?? '' });
  for (const k of ['channel', 'name', 'language', 'category', 'publicId']) delete v[k];
  const named = (part: unknown, list: readonly string[] | undefined): void => {
    const p = part as { text?: unknown; examples?: Record<string, unknown> } | undefined;
    if (!p || !list?.length) return;
    if (typeof p.text === 'string') p.text = renameText(p.text, list);
    if (p.examples) p.examples = Object.fromEntries(Object.entries(p.examples).map(([k, x]) => [list[Number(k) - 1] || k, x]));
  };
  named(v.body, names.body);
  named(v.header, names.header);
  (v.carousel as unknown[] | undefined)?.forEach((card, i) => named((card as { body?: unknown }).body, names.cards?.[i]));
  const m = v.message as Record<string, unknown> | undefined;
  if (m) {
    delete m.examples;
    const list = names.message;
    if (list?.length) {
      const walk = (x: unknown): unknown => (typeof x === 'string' ? renameText(x, list)
        : Array.isArray(x) ? x.map(walk)
          : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)])) : x);
      v.message = walk(m);
    }
  }
  return v;
}

const renameText = (text: string, names: readonly string[]): string => fileFormText(text, names);

/**
 * Pure: the buttons (by index) of a template file's value that write their flow flat
 * (`flow_id: ...`, version 1.2), not as `flow: { id }` (version 1).
 */
export function flatFlowButtons(v: Record<string, unknown>): number[] {
  const buttons = Array.isArray(v.buttons) ? v.buttons : [];
  return buttons.flatMap((b, i) => (b && typeof b === 'object' && (b as Record<string, unknown>).flow_id !== undefined && (b as Record<string, unknown>).flow === undefined ? [i] : []));
}

/** In place: the buttons at `indexes` with their `flow: { id, action, navigateScreen }` written flat (flow_id, flow_action, navigate_screen). */
export function flowsFlat(v: Record<string, unknown>, indexes: readonly number[]): Record<string, unknown> {
  for (const i of indexes) {
    const b = (v.buttons as Record<string, unknown>[] | undefined)?.[i];
    const f = b?.flow as Record<string, unknown> | undefined;
    if (!b || !f || f.id === undefined) continue;
    delete b.flow;
    Object.assign(b, { flow_id: f.id, ...(f.action !== undefined ? { flow_action: f.action } : {}), ...(f.navigateScreen !== undefined ? { navigate_screen: f.navigateScreen } : {}) });
  }
  return v;
}

/** Pure: a template file's value with each flat flow (`flow_id: ...`) as `flow: { id, ... }`, the form an export's templates take. */
export function flowsNested(v: Record<string, unknown>): Record<string, unknown> {
  const flat = flatFlowButtons(v);
  if (!flat.length) return v;
  const buttons = (v.buttons as Record<string, unknown>[]).map((b, i) => {
    if (!flat.includes(i)) return b;
    const { flow_id: id, flow_action: action, navigate_screen: navigateScreen, ...rest } = b;
    return { ...rest, flow: { id, ...(action !== undefined ? { action } : {}), ...(navigateScreen !== undefined ? { navigateScreen } : {}) } };
  });
  return { ...v, buttons };
}
