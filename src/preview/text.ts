// Pure: the plain-text rendering of a template as the customer reads it (samples substituted),
// for plan comments.
import { messageFileText, type FileTemplate } from '../model/canonical.js';
import { renderText } from '../model/placeholders.js';

const byNumber = (examples: readonly string[]): Record<string, string> => Object.fromEntries(examples.map((v, i) => [String(i + 1), v]));

export function renderCanonicalText(f: FileTemplate): string {
  const c = f.canonical;
  const samples = f.samples ?? {};
  const out: string[] = [];
  if (c.header?.format === 'TEXT' && c.header.text !== undefined) out.push(`*${renderText(c.header.text, c.header.example !== undefined ? { 1: c.header.example } : {})}*`);
  else if (c.header) out.push(`[${c.header.format.toLowerCase()}${c.header.example ? `: ${c.header.example}` : ''}]`);
  if (!c.rcsOnly) out.push(renderText(c.body.text, byNumber(c.body.examples)));
  if (c.footer) out.push(`_${c.footer}_`);
  const buttons = c.buttons.map((b) => `[ ${b.text ?? b.type.toLowerCase().replace('_', ' ')} ]`);
  if (buttons.length) out.push(buttons.join(' '));
  if (c.message?.message) out.push(renderText(messageFileText(f.names, c.message.message), samples));
  for (const card of c.message?.richCards ?? []) {
    const r = (x?: string) => (x === undefined ? undefined : renderText(messageFileText(f.names, x), samples));
    out.push(`┌ ${[r(card.title), r(card.description)].filter(Boolean).join(' · ')}${card.suggestions?.length ? `\n└ ${card.suggestions.map((s) => `( ${s.text} )`).join(' ')}` : ''}`);
  }
  if (c.message?.suggestions?.length) out.push(c.message.suggestions.map((s) => `( ${s.text} )`).join(' '));
  if (c.message?.fallback?.text !== undefined) out.push(`SMS fallback: ${renderText(messageFileText(f.names, c.message.fallback.text), samples)}`);
  return out.join('\n\n');
}
