// Pure: the plain value of a template file's text, through its located document (document.ts):
// the text read or js-yaml when they apply, the `yaml` parse otherwise.
import { openDocument } from './document.js';

/** The value of a template file (undefined when it does not parse); a BOM is ignored. */
export function readTemplateValue(text: string): Record<string, unknown> {
  const doc = openDocument('', text);
  return (doc.value ?? doc.parsed().value) as Record<string, unknown>;
}
