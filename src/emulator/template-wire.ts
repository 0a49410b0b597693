// Pure: the emulator's simulation of the service's template shapes: the read shape it answers with
// (`chatapp` with example.header_handle / example.body_text), and the template-file view of a
// body that the emulator's review checks with the lint rules.
import type { ReadComponent, TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import { fromWriteBody } from '../model/canonical.js';
import { toFileValue } from '../model/to-file.js';

/** The read-side components of a written template, as the reference shows them. */
export function readComponents(body: TemplateWriteRequest): ReadComponent[] {
  if (!body.chatapp) return [];
  const inner = body.chatapp.chatapp;
  const ex = inner.example ?? {};
  return inner.components.map((c): ReadComponent => {
    switch (c.type) {
      case 'HEADER': {
        const out: ReadComponent = { type: 'HEADER', ...(c.format !== undefined ? { format: c.format } : {}), ...(c.text !== undefined ? { text: c.text } : {}) };
        if (ex.headerMediaUrl !== undefined && c.format !== 'TEXT') out.example = { header_handle: [ex.headerMediaUrl] };
        if (ex.headerText !== undefined && c.format === 'TEXT') out.example = { header_text: [ex.headerText] };
        return out;
      }
      case 'BODY': {
        const nums = Object.keys(ex).filter((k) => /^[1-9][0-9]*$/.test(k)).map(Number).sort((a, b) => a - b);
        const preset = c.add_security_recommendation !== undefined ? { add_security_recommendation: c.add_security_recommendation } : {};
        return { type: 'BODY', ...(c.text !== undefined ? { text: c.text } : {}), ...preset, ...(nums.length ? { example: { body_text: [nums.map((n) => ex[String(n)]!)] } } : {}) };
      }
      case 'FOOTER': return { type: 'FOOTER', ...(c.text !== undefined ? { text: c.text } : {}), ...(c.code_expiration_minutes !== undefined ? { code_expiration_minutes: c.code_expiration_minutes } : {}) };
      // BUTTONS, CAROUSEL (cards with their samples inline), LIMITED_TIME_OFFER: as written
      default: return JSON.parse(JSON.stringify(c)) as ReadComponent;
    }
  });
}

/** What the read says of a template's life besides its body (docs/api-assumptions.md). */
export interface ReadState {
  status: number; statusText: string; numericId: string;
  rejectionReason?: string; recommendation?: string; qualityScore?: TemplateReadResponse['qualityScore']; pauseCount?: number; pausedUntil?: string;
  /** the category it is approved under (WhatsApp templates) */
  category?: string;
}

function lifeFields(state: ReadState): Partial<TemplateReadResponse> {
  return {
    ...(state.rejectionReason ? { rejectionReason: state.rejectionReason } : {}),
    ...(state.recommendation ? { recommendation: state.recommendation } : {}),
    ...(state.qualityScore ? { qualityScore: state.qualityScore } : {}),
    ...(state.pauseCount ? { pauseCount: state.pauseCount } : {}),
    ...(state.pausedUntil ? { pausedUntil: state.pausedUntil } : {}),
  };
}

export function readResponse(publicId: string, body: TemplateWriteRequest, state: ReadState): TemplateReadResponse {
  if (!body.chatapp) {
    // an RCS-only template: no chat-app definition; its language beside its name (docs/api-assumptions.md)
    return {
      name: body.name, publicId, ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      status: state.status, statusText: state.statusText, ...lifeFields(state),
      ...(body.message ? { message: body.message } : {}),
    };
  }
  const inner = body.chatapp.chatapp;
  return {
    name: body.name,
    publicId,
    ...(body.description !== undefined ? { description: body.description } : {}),
    status: state.status,
    statusText: state.statusText,
    ...lifeFields(state),
    chatapp: {
      name: inner.name, components: readComponents(body), id: state.numericId, language: inner.language, status: state.statusText,
      ...(inner.message_send_ttl_seconds !== undefined ? { message_send_ttl_seconds: inner.message_send_ttl_seconds } : {}),
      ...(inner.sub_category !== undefined ? { sub_category: inner.sub_category } : {}),
      ...(inner.display_format !== undefined ? { display_format: inner.display_format } : {}),
      ...(inner.cta_url_link_tracking_opted_out !== undefined ? { cta_url_link_tracking_opted_out: inner.cta_url_link_tracking_opted_out } : {}),
      ...(state.category !== undefined ? { category: state.category } : {}),
    },
    ...(body.message ? { message: body.message } : {}),
  };
}

/** The template-file view of a write body (numbered placeholders), for review by the lint rules. */
export function writeBodyAsTemplate(channelId: string, body: TemplateWriteRequest): Record<string, unknown> {
  if (!body.chatapp) {
    const t: Record<string, unknown> = { channel: channelId, name: body.name, language: body.language ?? '' };
    if (body.description !== undefined) t.description = body.description;
    t.message = body.message ?? {};
    return t;
  }
  const inner = body.chatapp.chatapp;
  const t = toFileValue(fromWriteBody(body, channelId, channelId), { channel: channelId, category: inner.category });
  if (body.description === undefined) delete t.description;
  return t;
}
