// Pure: the one canonical template model, and the three mappings into and out of it: from a
// template file, from a read response, and to a write body. Plans compare canonical models,
// never raw payloads. Normalisation makes a template written and read back equal to itself.
import type { TemplateReadResponse, TemplateWriteRequest, WireButton, WireMessage, WriteComponent } from '../api/shapes.js';
import { obj as o, sample as s, type Loose } from './loose.js';
import { compileText, NUMBERED, numbering, renderText, scanPlaceholders } from './placeholders.js';

export interface CanonicalButton {
  type: string;
  text?: string;
  url?: string;
  /** URL button: the sample URL; COPY_CODE: the sample code */
  example?: string;
  phoneNumber?: string;
  otpType?: string;
  flow?: { id: string; action?: string; navigateScreen?: string };
}

export interface CanonicalTemplate {
  channelId: string;
  templateId: string;
  name: string;
  language: string;
  /** not returned by the read: not observable */
  category?: string;
  description: string;
  /** `names`, file only: as for the body */
  header?: { format: string; text?: string; example?: string; names?: string[] };
  /**
   * text in wire form ({{1}}, {{2}}, ...); examples[n - 1] is the sample of {{n}}; `names`, file
   * only (never compared): names[n - 1] is the file's name of {{n}} when the file named it
   */
  body: { text: string; examples: string[]; names?: string[] };
  footer?: string;
  buttons: CanonicalButton[];
  message?: WireMessage;
  /** an RCS template: `message` and no WhatsApp definition (no body, category, header, footer or buttons) */
  rcsOnly?: true;
  /**
   * file only (never compared): the file's names of the placeholders of the message texts, which
   * are in wire form ({{n}}, numbered after the body's, rcs-placeholders in docs/format.md)
   */
  messageNames?: string[];
  /** file only, for renderings: sample values by placeholder name (body and message examples) */
  samples?: Readonly<Record<string, string>>;
  /** file only: the fields of NOT_OBSERVABLE that the file sets (so a change to them could not be seen) */
  unobservable?: readonly string[];
}

/** Fields the read does not return (or returns unresolved): never shown as a change. */
export const NOT_OBSERVABLE: readonly string[] = [
  'category',
  'message.examples',
  'message.rcsExpireOpts.expireTime (when the read returns it unresolved)',
];


/** The samples of a text's placeholders in wire order (index n - 1 for {{n}}). */
function orderedSamples(text: string, examples: Loose | undefined): { text: string; examples: string[]; names?: string[] } {
  const map = numbering(scanPlaceholders(text).placeholders);
  const out: string[] = [];
  const names: string[] = [];
  for (const [key, n] of map) {
    out[n - 1] = s(examples?.[key]) ?? '';
    if (!NUMBERED.test(key)) names[n - 1] = key;
  }
  for (let i = 0; i < out.length; i++) out[i] ??= '';
  return { text: compileText(text, map), examples: out, ...(names.length ? { names } : {}) };
}

/** A text of the model in the file's form: {{n}} written back with the file's name for it. */
export function fileFormText(part: { text?: string; names?: readonly string[] }): string {
  const text = part.text ?? '';
  if (!part.names?.length) return text;
  const values: Record<string, string> = {};
  part.names.forEach((name, i) => { if (name) values[String(i + 1)] = `{{${name}}}`; });
  return renderText(text, values);
}

/** From a (lint-clean) template file's value. `channelId` is the alias resolved for the environment. */
export function fromFile(t: Loose, channelId: string, id: string): CanonicalTemplate {
  const header = o(t.header);
  const body = o(t.body);
  const rcsOnly = t.body === undefined && o(t.message) !== undefined;
  const c: CanonicalTemplate = {
    channelId: channelId.toLowerCase(),
    templateId: id,
    name: String(t.name),
    language: String(t.language),
    ...(typeof t.category === 'string' ? { category: t.category } : {}),
    description: s(t.description) ?? '',
    body: orderedSamples(s(body?.text) ?? '', o(body?.examples)),
    buttons: (Array.isArray(t.buttons) ? t.buttons : []).map((b) => fileButton(o(b) ?? {})),
  };
  if (header) {
    const format = String(header.format);
    if (format === 'TEXT') {
      // a named header placeholder may take the body's sample of the same name
      const named = Object.fromEntries(Object.entries(o(body?.examples) ?? {}).filter(([k]) => !/^[0-9]+$/.test(k)));
      const h = orderedSamples(s(header.text) ?? '', { ...named, ...o(header.examples) });
      c.header = { format, text: h.text, ...(h.examples[0] !== undefined ? { example: h.examples[0] } : {}), ...(h.names ? { names: h.names } : {}) };
    } else {
      c.header = { format, ...(s(header.example) !== undefined ? { example: s(header.example)! } : {}) };
    }
  }
  if (typeof t.footer === 'string') c.footer = t.footer;
  const msg = o(t.message);
  if (msg) {
    const { examples: _fileOnly, ...wire } = msg as Record<string, unknown>;
    const compiled = compileMessage(wire as WireMessage, s(body?.text) ?? '');
    c.message = normalizeMessage(compiled.message);
    if (compiled.names.length) c.messageNames = compiled.names;
  }
  if (rcsOnly) c.rcsOnly = true;
  const samples: Record<string, string> = {};
  for (const ex of [o(body?.examples), o(msg?.examples)]) for (const [k, v] of Object.entries(ex ?? {})) { const x = s(v); if (x !== undefined) samples[k] = x; }
  if (Object.keys(samples).length) c.samples = samples;
  const unobservable = [
    ...(c.category !== undefined ? ['category'] : []),
    ...(Object.keys(o(msg?.examples) ?? {}).length ? ['message.examples'] : []),
  ];
  if (unobservable.length) c.unobservable = unobservable;
  return c;
}

function fileButton(b: Loose): CanonicalButton {
  const flow = o(b.flow);
  return clean({
    type: String(b.type),
    text: s(b.text),
    url: s(b.url),
    example: s(b.example),
    phoneNumber: s(b.phone_number),
    otpType: s(b.otp_type),
    flow: flow ? clean({ id: String(flow.id), action: s(flow.action), navigateScreen: s(flow.navigateScreen) }) as CanonicalButton['flow'] : undefined,
  });
}

function wireButtonToCanonical(b: WireButton): CanonicalButton {
  return clean({
    type: b.type, text: b.text, url: b.url,
    example: Array.isArray(b.example) ? b.example[0] : b.example,
    phoneNumber: b.phone_number, otpType: b.otp_type,
    flow: b.flow ? clean({ id: b.flow.id, action: b.flow.action, navigateScreen: b.flow.navigateScreen }) as CanonicalButton['flow'] : undefined,
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
export function messageFileText(c: Pick<CanonicalTemplate, 'messageNames'>, text: string): string {
  return fileFormText({ text, ...(c.messageNames ? { names: c.messageNames } : {}) });
}

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
  for (const comp of r.chatapp?.components ?? []) {
    if (comp.type === 'HEADER') {
      const ex = comp.format === 'TEXT' ? comp.example?.header_text?.[0] : comp.example?.header_handle?.[0];
      c.header = clean({ format: comp.format ?? 'TEXT', text: comp.text, example: ex }) as CanonicalTemplate['header'];
    } else if (comp.type === 'BODY') {
      c.body = { text: comp.text ?? '', examples: [...(comp.example?.body_text?.[0] ?? [])] };
    } else if (comp.type === 'FOOTER') {
      if (comp.text !== undefined) c.footer = comp.text;
    } else if (comp.type === 'BUTTONS') {
      c.buttons = (comp.buttons ?? []).map(wireButtonToCanonical);
    }
  }
  if (r.message) {
    const m = normalizeMessage(r.message);
    if (Object.keys(m).length) c.message = m;
  }
  return c;
}

/** To the body of the template write. */
export function toWriteBody(c: CanonicalTemplate): TemplateWriteRequest {
  const components: WriteComponent[] = [];
  const example: Record<string, string> = {};
  if (c.header) {
    components.push(clean({ type: 'HEADER', format: c.header.format, text: c.header.text }) as WriteComponent);
    if (c.header.example !== undefined) example[c.header.format === 'TEXT' ? 'headerText' : 'headerMediaUrl'] = c.header.example;
  }
  components.push({ type: 'BODY', text: c.body.text });
  c.body.examples.forEach((v, i) => { example[String(i + 1)] = v; });
  if (c.footer !== undefined) components.push({ type: 'FOOTER', text: c.footer });
  if (c.buttons.length) {
    components.push({
      type: 'BUTTONS',
      buttons: c.buttons.map((b) => clean({
        type: b.type, text: b.text, url: b.url, phone_number: b.phoneNumber, otp_type: b.otpType, flow: b.flow,
        example: b.example === undefined ? undefined : b.type === 'URL' ? [b.example] : b.example,
      }) as WireButton),
    });
  }
  if (c.rcsOnly) return { name: c.name, language: c.language, description: c.description, message: c.message ?? {} };
  return {
    name: c.name,
    description: c.description,
    chatapp: {
      name: c.name,
      description: c.description,
      chatapp: { name: c.name, language: c.language, category: c.category ?? 'UTILITY', components, ...(Object.keys(example).length ? { example } : {}) },
    },
    ...(c.message ? { message: c.message } : {}),
  };
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
  for (const comp of inner.components) {
    if (comp.type === 'HEADER') {
      const e = comp.format === 'TEXT' ? ex.headerText : ex.headerMediaUrl;
      c.header = clean({ format: comp.format ?? 'TEXT', text: comp.text, example: e }) as CanonicalTemplate['header'];
    } else if (comp.type === 'BODY') c.body = { text: comp.text ?? '', examples: nums.map((n) => ex[String(n)]!) };
    else if (comp.type === 'FOOTER') { if (comp.text !== undefined) c.footer = comp.text; }
    else if (comp.type === 'BUTTONS') c.buttons = (comp.buttons ?? []).map(wireButtonToCanonical);
  }
  if (body.message) { const m = normalizeMessage(body.message); if (Object.keys(m).length) c.message = m; }
  return c;
}

/** Drops what the service may add or leave out without meaning anything: empty text, null preview, empty lists, false flags. */
export function normalizeMessage(m: WireMessage): WireMessage {
  const drop = (v: unknown): boolean => v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);
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
  return walk(m) as WireMessage;
}

/** An expireTime the read returns as an unresolved expression cannot be compared. */
const RESOLVED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * Pure: which of NOT_OBSERVABLE matter to the comparison of these two: the fields the file sets
 * that the read cannot show, and an expireTime that one side holds unresolved.
 */
export function unobservedIn(desired: CanonicalTemplate | undefined, remote: CanonicalTemplate | undefined): string[] {
  if (!desired || !remote) return [];
  const out = [...(desired.unobservable ?? [])];
  const mine = desired.message?.rcsExpireOpts?.expireTime;
  const theirs = remote.message?.rcsExpireOpts?.expireTime;
  if (mine !== undefined && (!RESOLVED_TIME.test(mine) || (theirs !== undefined && !RESOLVED_TIME.test(theirs)))) out.push(NOT_OBSERVABLE[2]!);
  return out;
}

export interface FieldChange { path: string; before: unknown; after: unknown }

/**
 * The field-level differences between what the files want and what the read returned, leaving
 * out what the read cannot show (category, an unresolved expireTime).
 */
export function diffTemplates(desired: CanonicalTemplate, remote: CanonicalTemplate): FieldChange[] {
  const a = comparable(desired, remote);
  const b = comparable(remote, desired);
  const out: FieldChange[] = [];
  diffValues(b, a, '', out);
  return out;
}

function comparable(c: CanonicalTemplate, other: CanonicalTemplate): Record<string, unknown> {
  const { category: _c, channelId: _ch, templateId: _id, samples: _s, messageNames: _n, unobservable: _u, ...rest } = c;
  const copy = JSON.parse(JSON.stringify(rest)) as Record<string, unknown> & { message?: WireMessage; body?: { names?: unknown }; header?: { names?: unknown } };
  // the file's names of placeholders are not part of what is sent
  delete copy.body?.names;
  if (copy.header) delete copy.header.names;
  const mine = copy.message?.rcsExpireOpts?.expireTime;
  const theirs = other.message?.rcsExpireOpts?.expireTime;
  if (mine !== undefined && (!RESOLVED_TIME.test(mine) || (theirs !== undefined && !RESOLVED_TIME.test(theirs)))) {
    copy.message!.rcsExpireOpts!.expireTime = '(not comparable)';
  }
  return copy;
}

function diffValues(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object' && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) { out.push({ path: path || '(template)', before, after }); return; }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) diffValues(before[i], after[i], `${path}[${i}]`, out);
    return;
  }
  const keys = new Set([...Object.keys(before as object), ...Object.keys(after as object)]);
  for (const k of [...keys].sort()) {
    diffValues((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k], path ? `${path}.${k}` : k, out);
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
