// Pure: what a template needs to be sent: its parameters (the properties of TemplateParams)
// and the texts to render. Typegen writes this as literal metadata; `send` builds it directly.
import { placeholderSites, type PlaceholderSite } from './sites.js';
import { distinctKeys, scanPlaceholders } from './placeholders.js';

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
}

type Loose = { readonly [k: string]: unknown };

/**
 * The parameter a placeholder fills: body placeholders by name or number; a numbered header
 * placeholder is `header_1` (header numbering is the header's own); the URL button at index i
 * is `button_<i>` (WhatsApp's button index); named placeholders share one namespace.
 */
export function paramName(site: Pick<PlaceholderSite, 'role' | 'button'>, key: string): string {
  if (site.role === 'url') return `button_${site.button}`;
  if (site.role === 'header' && /^[0-9]+$/.test(key)) return `header_${key}`;
  return key;
}

export { templateKey } from './ids.js';

export function templateMeta(t: Loose): TemplateMeta {
  const params: string[] = [];
  for (const site of placeholderSites(t)) {
    for (const key of distinctKeys(scanPlaceholders(site.text).placeholders)) {
      const p = paramName(site, key);
      if (!params.includes(p)) params.push(p);
    }
  }
  const header = t.header as Loose | undefined;
  const body = t.body as Loose;
  return {
    channel: String(t.channel), name: String(t.name), language: String(t.language), params,
    ...(header ? { header: { format: String(header.format), ...(typeof header.text === 'string' ? { text: header.text } : {}) } } : {}),
    body: String(body.text),
    ...(typeof t.footer === 'string' ? { footer: t.footer } : {}),
    buttons: (Array.isArray(t.buttons) ? t.buttons as Loose[] : []).map((b) => ({
      type: String(b.type), ...(typeof b.text === 'string' ? { text: b.text } : {}), ...(typeof b.url === 'string' ? { url: b.url } : {}),
    })),
  };
}
