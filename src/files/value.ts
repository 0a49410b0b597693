// Pure: the plain value of a template file's text: the fast read when it applies, the full parse otherwise.
import { fastValue } from './fast-parse.js';
import { parseTemplateText } from './parse.js';

/** The value of a template file (undefined when it does not parse); a BOM is ignored. */
export function readTemplateValue(text: string): Record<string, unknown> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return (fastValue(body) ?? parseTemplateText('', body).value) as Record<string, unknown>;
}
