// Pure: a canonical template (as read from the service) back to a template file, for `pull`.
import { Document, isMap, type YAMLMap } from 'yaml';
import { presetAuthenticationBody, type CanonicalButton, type CanonicalTemplate } from './canonical.js';

export interface ToFileOptions {
  channel: string;
  category: string;
  schemaPath: string;
  note: string;
}

/** A button of the model as the file writes it (the Cloud API's own key names). */
function fileButton(b: CanonicalButton): Record<string, unknown> {
  return {
    type: b.type, ...(b.text !== undefined ? { text: b.text } : {}), ...(b.url !== undefined ? { url: b.url } : {}),
    ...(b.example !== undefined ? { example: b.example } : {}), ...(b.phoneNumber !== undefined ? { phone_number: b.phoneNumber } : {}),
    ...(b.otpType !== undefined ? { otp_type: b.otpType } : {}), ...(b.flow ? { flow: b.flow } : {}),
    ...(b.autofillText !== undefined ? { autofill_text: b.autofillText } : {}),
    ...(b.supportedApps ? { supported_apps: b.supportedApps.map((a) => ({ package_name: a.packageName, signature_hash: a.signatureHash })) } : {}),
    ...(b.zeroTapTermsAccepted ? { zero_tap_terms_accepted: true } : {}),
  };
}

function numberedExamples(examples: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  examples.forEach((v, i) => { out[String(i + 1)] = v; });
  return out;
}

/** Pure: the plain value of a template file (numbered placeholders) for a canonical template. */
export function toFileValue(c: CanonicalTemplate, o: { channel: string; category: string; publicId?: string }): Record<string, unknown> {
  const t: Record<string, unknown> = {
    channel: o.channel, name: c.name, language: c.language, category: o.category,
    ...(c.description ? { description: c.description } : {}),
    ...(o.publicId !== undefined ? { publicId: o.publicId } : {}),
  };
  if (c.messageSendTtlSeconds !== undefined) t.message_send_ttl_seconds = c.messageSendTtlSeconds;
  if (c.header) {
    t.header = c.header.format === 'TEXT'
      ? { format: 'TEXT', text: c.header.text ?? '', ...(c.header.example !== undefined ? { examples: { 1: c.header.example } } : {}) }
      : { format: c.header.format, ...(c.header.example !== undefined ? { example: c.header.example } : {}) };
  }
  if (c.limitedTimeOffer) t.limited_time_offer = { text: c.limitedTimeOffer.text, ...(c.limitedTimeOffer.hasExpiration ? { has_expiration: true } : {}) };
  t.body = presetAuthenticationBody({ ...c, category: o.category })
    ? { add_security_recommendation: c.body.addSecurityRecommendation === true }
    : { text: c.body.text, ...(c.body.examples.length ? { examples: numberedExamples(c.body.examples) } : {}) };
  if (c.carousel) {
    t.carousel = c.carousel.map((card) => ({
      header: { format: card.header.format, ...(card.header.example !== undefined ? { example: card.header.example } : {}) },
      ...(card.body ? { body: { text: card.body.text, ...(card.body.examples.length ? { examples: numberedExamples(card.body.examples) } : {}) } } : {}),
      buttons: card.buttons.map(fileButton),
    }));
  }
  if (c.footer !== undefined) t.footer = c.footer;
  if (c.codeExpirationMinutes !== undefined) t.footer = { code_expiration_minutes: c.codeExpirationMinutes };
  if (c.buttons.length) t.buttons = c.buttons.map(fileButton);
  if (c.message) t.message = c.message;
  return t;
}

export function toTemplateFile(c: CanonicalTemplate, o: ToFileOptions): string {
  const t = toFileValue(c, { channel: o.channel, category: o.category, publicId: c.templateId });
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
