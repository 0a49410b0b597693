// Pure: checking parameter values and rendering a template into the text and suggestions
// the conversation operation sends, with the same placeholder compiler as lint and plan.
import type { ConversationRequest } from '../api/shapes.js';
import { renderText, scanPlaceholders } from '../model/placeholders.js';
import { paramName, type TemplateMeta } from '../model/meta.js';

export class ParamError extends Error {
  override name = 'ParamError';
  readonly exitCode = 3;
}

/** Throws a ParamError naming every missing, extra, empty or malformed parameter. */
export function checkParams(meta: TemplateMeta, params: Readonly<Record<string, unknown>>): Record<string, string> {
  const problems: string[] = [];
  const key = `${meta.channel}/${meta.name}/${meta.language}`;
  for (const p of meta.params) {
    const v = params[p];
    if (v === undefined) problems.push(`'${p}' is missing`);
    else if (typeof v !== 'string') problems.push(`'${p}' must be a string, not ${typeof v}`);
    else if (v.trim() === '') problems.push(`'${p}' is empty`);
    else if (/[\r\n]/.test(v)) problems.push(`'${p}' contains a newline (WhatsApp refuses it: error 132018)`);
    else if (/\t/.test(v)) problems.push(`'${p}' contains a tab (WhatsApp refuses it: error 132018)`);
    else if (/ {5,}/.test(v)) problems.push(`'${p}' contains a run of 5 or more spaces (WhatsApp refuses it: error 132018)`);
  }
  for (const p of Object.keys(params)) if (!meta.params.includes(p)) problems.push(`'${p}' is not a parameter of ${key}`);
  if (problems.length) {
    throw new ParamError(`Parameters of ${key}: ${problems.join('; ')}.${meta.params.length ? ` It takes: ${meta.params.join(', ')}.` : ' It takes none.'}`);
  }
  return params as Record<string, string>;
}

export interface RenderedMessage { text: string; suggestions: NonNullable<ConversationRequest['messages'][number]['suggestions']> }

export function renderTemplate(meta: TemplateMeta, params: Readonly<Record<string, string>>): RenderedMessage {
  const values = (role: 'header' | 'body' | 'rcs', text: string): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const p of scanPlaceholders(text).placeholders) {
      const v = params[paramName({ role }, p.key)];
      if (v !== undefined) out[p.key] = v;
    }
    return out;
  };
  const parts: string[] = [];
  if (meta.header?.text !== undefined) parts.push(renderText(meta.header.text, values('header', meta.header.text)));
  parts.push(renderText(meta.body, values(meta.suggestions ? 'rcs' : 'body', meta.body)));
  if (meta.footer) parts.push(meta.footer);
  const suggestions: RenderedMessage['suggestions'] = (meta.suggestions ?? []).map((sg) => ({ action: sg.action, text: sg.text, ...(sg.postbackData !== undefined ? { postbackData: sg.postbackData } : {}) }));
  meta.buttons.forEach((b, i) => {
    if (b.type === 'QUICK_REPLY' && b.text) suggestions.push({ action: 'reply', text: b.text, postbackData: b.text });
    if (b.type === 'URL' && b.text && b.url) {
      const v = params[paramName({ role: 'url', button: i }, '1')];
      suggestions.push({ action: 'open_url', text: b.text, postbackData: v === undefined ? b.url : renderText(b.url, { 1: encodeURIComponent(v) }) });
    }
  });
  return { text: parts.join('\n\n'), suggestions };
}

/**
 * Refuses (ParamError, exit 3) a template with parts the conversation request cannot carry,
 * naming each, unless `textOnly` says to send the text part alone; returns what is left out.
 */
export function checkSendable(meta: TemplateMeta, textOnly = false): readonly string[] {
  const omitted = meta.omitted ?? [];
  if (meta.body.trim() === '' && (textOnly || omitted.length === 0)) {
    throw new ParamError(`${meta.channel}/${meta.name}/${meta.language} has no text to send${omitted.length ? `: its content is ${omitted.join('; ')}, which a conversation message cannot carry` : ''}. Nothing was sent.`);
  }
  if (omitted.length && !textOnly) {
    throw new ParamError(`${meta.channel}/${meta.name}/${meta.language} has parts a conversation message cannot carry: ${omitted.join('; ')}. Nothing was sent. To send its text part alone, pass --text-only (textOnly: true).`);
  }
  return omitted;
}
