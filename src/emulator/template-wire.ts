// Pure: the emulator's simulation of the service's template shapes: the read shape it answers with
// (`chatapp` with example.header_handle / example.body_text), and the template-file view of a
// body that the emulator's review checks with the lint rules.
import type { ReadComponent, TemplateReadResponse, TemplateWriteRequest, WireButton } from '../api/shapes.js';

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
        return { type: 'BODY', ...(c.text !== undefined ? { text: c.text } : {}), ...(nums.length ? { example: { body_text: [nums.map((n) => ex[String(n)]!)] } } : {}) };
      }
      case 'FOOTER': return { type: 'FOOTER', ...(c.text !== undefined ? { text: c.text } : {}) };
      default: return { type: c.type, ...(c.buttons ? { buttons: c.buttons.map((b) => ({ ...b })) } : {}) };
    }
  });
}

export function readResponse(publicId: string, body: TemplateWriteRequest, state: { status: number; statusText: string; numericId: string; rejectionReason?: string }): TemplateReadResponse {
  if (!body.chatapp) {
    // an RCS-only template: no chat-app definition; its language beside its name (docs/api-assumptions.md)
    return {
      name: body.name, publicId, ...(body.language !== undefined ? { language: body.language } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      status: state.status, statusText: state.statusText, ...(state.rejectionReason ? { rejectionReason: state.rejectionReason } : {}),
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
    ...(state.rejectionReason ? { rejectionReason: state.rejectionReason } : {}),
    chatapp: { name: inner.name, components: readComponents(body), id: state.numericId, language: inner.language, status: state.statusText },
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
  const ex = inner.example ?? {};
  const t: Record<string, unknown> = { channel: channelId, name: inner.name, language: inner.language, category: inner.category };
  if (body.description !== undefined) t.description = body.description;
  for (const c of inner.components) {
    if (c.type === 'HEADER') {
      t.header = {
        format: c.format,
        ...(c.text !== undefined ? { text: c.text } : {}),
        ...(ex.headerText !== undefined ? { examples: { 1: ex.headerText } } : {}),
        ...(ex.headerMediaUrl !== undefined ? { example: ex.headerMediaUrl } : {}),
      };
    } else if (c.type === 'BODY') {
      const examples: Record<string, string> = {};
      for (const [k, v] of Object.entries(ex)) if (/^[1-9][0-9]*$/.test(k)) examples[k] = v;
      t.body = { text: c.text ?? '', ...(Object.keys(examples).length ? { examples } : {}) };
    } else if (c.type === 'FOOTER') {
      t.footer = c.text;
    } else if (c.type === 'BUTTONS') {
      t.buttons = (c.buttons ?? []).map((b: WireButton) => {
        const { example, ...rest } = b;
        const first = Array.isArray(example) ? example[0] : example;
        return { ...rest, ...(first !== undefined ? { example: first } : {}) };
      });
    }
  }
  if (body.message) t.message = body.message;
  return t;
}
