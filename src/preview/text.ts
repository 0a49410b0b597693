// Pure: the plain-text rendering of a template as the customer reads it (samples substituted),
// for plan comments.
import { messageFileText, type CanonicalTemplate } from '../model/canonical.js';
import { renderText } from '../model/placeholders.js';

const byNumber = (examples: readonly string[]): Record<string, string> => Object.fromEntries(examples.map((v, i) => [String(i + 1), v]));

export function renderCanonicalText(c: CanonicalTemplate): string {
  const out: string[] = [];
  if (c.header?.format === 'TEXT' && c.header.text !== undefined) out.push(`*${renderText(c.header.text, c.header.example !== undefined ? { 1: c.header.example } : {})}*`);
  else if (c.header) out.push(`[${c.header.format.toLowerCase()}${c.header.example ? `: ${c.header.example}` : ''}]`);
  if (!c.rcsOnly) out.push(renderText(c.body.text, byNumber(c.body.examples)));
  if (c.footer) out.push(`_${c.footer}_`);
  const buttons = c.buttons.map((b) => `[ ${b.text ?? b.type.toLowerCase().replace('_', ' ')} ]`);
  if (buttons.length) out.push(buttons.join(' '));
  if (c.message?.message) out.push(renderText(messageFileText(c, c.message.message), c.samples ?? {}));
  for (const card of c.message?.richCards ?? []) {
    const r = (x?: string) => (x === undefined ? undefined : renderText(messageFileText(c, x), c.samples ?? {}));
    out.push(`┌ ${[r(card.title), r(card.description)].filter(Boolean).join(' · ')}${card.suggestions?.length ? `\n└ ${card.suggestions.map((s) => `( ${s.text} )`).join(' ')}` : ''}`);
  }
  if (c.message?.suggestions?.length) out.push(c.message.suggestions.map((s) => `( ${s.text} )`).join(' '));
  if (c.message?.fallback?.text !== undefined) out.push(`SMS fallback: ${renderText(messageFileText(c, c.message.fallback.text), c.samples ?? {})}`);
  return out.join('\n\n');
}
