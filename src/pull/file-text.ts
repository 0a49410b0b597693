// Pure: the text of a file that pull writes, from a template file's plain value: the schema
// modeline and the note on top, in the canonical layout (so that `fmt --check` passes on it).
import { Document, isMap, isScalar } from 'yaml';
import { order, TO_STRING } from '../fmt/format.js';
import { directTemplateFileText } from './yaml-text.js';
import { quoteYaml11Strings } from '../core/yaml11.js';

export interface FileTextOptions { schemaPath: string; note: string; comments?: Record<string, string> }

/**
 * In fmt's layout (the keys in the schema's order, fmt's print settings) without a re-parse:
 * written directly from the value (yaml-text.ts) when its shapes allow, else printed by `yaml`;
 * the same bytes either way.
 */
export function templateFileText(value: Record<string, unknown>, o: FileTextOptions): string {
  return directTemplateFileText(value, o) ?? yamlTemplateFileText(value, o);
}

/** templateFileText by a `yaml` Document (the reference the direct writer is held to). */
export function yamlTemplateFileText(value: Record<string, unknown>, o: FileTextOptions): string {
  const doc = new Document(value);
  quoteYaml11Strings(doc);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  order(doc.contents);
  // a comment after the value of a top-level key (`category: UTILITY # ... check it`)
  if (o.comments && isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const k = isScalar(pair.key) ? String(pair.key.value) : undefined;
      const c = k !== undefined && Object.hasOwn(o.comments, k) ? o.comments[k] : undefined;
      if (c && isScalar(pair.value)) pair.value.comment = c;
    }
  }
  return doc.toString(TO_STRING);
}
