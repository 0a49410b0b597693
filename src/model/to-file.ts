// Pure: a canonical template (as read from the service) back to a template file, for `pull`.
import { Document, isMap, type YAMLMap } from 'yaml';
import { compileMessage, type CanonicalTemplate } from './canonical.js';
import type { WireMessage } from '../api/shapes.js';
import { distinctKeys, scanPlaceholders } from './placeholders.js';

export interface ToFileOptions {
  channel: string;
  category: string;
  schemaPath: string;
  note: string;
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

export function toTemplateFile(c: CanonicalTemplate, o: ToFileOptions): string {
  const t: Record<string, unknown> = {
    channel: o.channel, name: c.name, language: c.language, ...(c.rcsOnly ? {} : { category: o.category }),
    ...(c.description ? { description: c.description } : {}),
    publicId: c.templateId,
  };
  let unknownSamples = false;
  let message: Record<string, unknown> | undefined;
  if (c.message) {
    // one placeholder style in the file: the message numbered like the body (a message written
    // with names elsewhere gets the numbers after the body's); samples the body has are shared
    const m = compileMessage(c.message, c.body.text).message;
    const bodyHas = new Set(c.body.examples.map((_, i) => String(i + 1)));
    const missing = messageKeys(m).filter((k) => !bodyHas.has(k));
    message = { ...m };
    if (missing.length) {
      message.examples = Object.fromEntries(missing.map((k) => [k, `(sample ${k})`]));
      unknownSamples = true;
    }
  }
  if (c.header) {
    t.header = c.header.format === 'TEXT'
      ? { format: 'TEXT', text: c.header.text ?? '', ...(c.header.example !== undefined ? { examples: { 1: c.header.example } } : {}) }
      : { format: c.header.format, ...(c.header.example !== undefined ? { example: c.header.example } : {}) };
  }
  const examples: Record<string, string> = {};
  c.body.examples.forEach((v, i) => { examples[String(i + 1)] = v; });
  if (!c.rcsOnly) t.body = { text: c.body.text, ...(c.body.examples.length ? { examples } : {}) };
  if (c.footer !== undefined) t.footer = c.footer;
  if (c.buttons.length) {
    t.buttons = c.buttons.map((b) => ({
      type: b.type, ...(b.text !== undefined ? { text: b.text } : {}), ...(b.url !== undefined ? { url: b.url } : {}),
      ...(b.example !== undefined ? { example: b.example } : {}), ...(b.phoneNumber !== undefined ? { phone_number: b.phoneNumber } : {}),
      ...(b.otpType !== undefined ? { otp_type: b.otpType } : {}), ...(b.flow ? { flow: b.flow } : {}),
    }));
  }
  if (message) t.message = orderMessage(message);
  const doc = new Document(t);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  if (isMap(doc.contents)) {
    const cat = (doc.contents as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'category');
    if (cat) (cat.value as { comment?: string }).comment = ' the API does not return the category: check it';
    const msg = (doc.contents as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'message');
    const ex = unknownSamples && isMap(msg?.value) ? (msg.value as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'examples') : undefined;
    if (ex) (ex.key as { commentBefore?: string }).commentBefore = ' the API does not return samples of RCS placeholders: replace these';
  }
  return doc.toString({ lineWidth: 0 });
}

/** A file name that cannot leave the target directory, whatever the template's name holds. */
export function safeFileName(name: string, language: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'template';
  return `${clean(name)}.${clean(language)}.yaml`;
}
