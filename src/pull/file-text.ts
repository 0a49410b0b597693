// Pure: the text of a file that pull writes, from a template file's plain value: the schema
// modeline and the note on top, in the canonical layout (so that `fmt --check` passes on it).
import { Document } from 'yaml';
import { order, TO_STRING } from '../layout/format.js';

/** Built in fmt's layout directly (the keys in the schema's order, fmt's print settings): no re-parse of thousands of files. */
export function templateFileText(value: Record<string, unknown>, o: { schemaPath: string; note: string }): string {
  const doc = new Document(value);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  order(doc.contents);
  return doc.toString(TO_STRING);
}
