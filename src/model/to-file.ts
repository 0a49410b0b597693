// Pure: a canonical template (as read from the service) back to a template file, for `pull`.
import { Document, isMap, type YAMLMap } from 'yaml';
import type { CanonicalTemplate } from './canonical.js';

export interface ToFileOptions {
  channel: string;
  category: string;
  schemaPath: string;
  note: string;
}

export function toTemplateFile(c: CanonicalTemplate, o: ToFileOptions): string {
  const t: Record<string, unknown> = {
    channel: o.channel, name: c.name, language: c.language, category: o.category,
    ...(c.description ? { description: c.description } : {}),
    publicId: c.templateId,
  };
  if (c.header) {
    t.header = c.header.format === 'TEXT'
      ? { format: 'TEXT', text: c.header.text ?? '', ...(c.header.example !== undefined ? { examples: { 1: c.header.example } } : {}) }
      : { format: c.header.format, ...(c.header.example !== undefined ? { example: c.header.example } : {}) };
  }
  const examples: Record<string, string> = {};
  c.body.examples.forEach((v, i) => { examples[String(i + 1)] = v; });
  t.body = { text: c.body.text, ...(c.body.examples.length ? { examples } : {}) };
  if (c.footer !== undefined) t.footer = c.footer;
  if (c.buttons.length) {
    t.buttons = c.buttons.map((b) => ({
      type: b.type, ...(b.text !== undefined ? { text: b.text } : {}), ...(b.url !== undefined ? { url: b.url } : {}),
      ...(b.example !== undefined ? { example: b.example } : {}), ...(b.phoneNumber !== undefined ? { phone_number: b.phoneNumber } : {}),
      ...(b.otpType !== undefined ? { otp_type: b.otpType } : {}), ...(b.flow ? { flow: b.flow } : {}),
    }));
  }
  if (c.message) t.message = c.message;
  const doc = new Document(t);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  if (isMap(doc.contents)) {
    const cat = (doc.contents as YAMLMap).items.find((p) => String((p.key as { value?: unknown }).value ?? p.key) === 'category');
    if (cat) (cat.value as { comment?: string }).comment = ' the API does not return the category: check it';
  }
  return doc.toString({ lineWidth: 0 });
}

/** A file name that cannot leave the target directory, whatever the template's name holds. */
export function safeFileName(name: string, language: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 120) || 'template';
  return `${clean(name)}.${clean(language)}.yaml`;
}
