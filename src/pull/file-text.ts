// Pure: the text of a file that pull writes, from a template file's plain value: the schema
// modeline and the note on top, in the canonical layout (so that `fmt --check` passes on it).
import { Document, isMap, isScalar } from 'yaml';
import { order, TO_STRING } from '../fmt/format.js';

/** Built in fmt's layout directly (the keys in the schema's order, fmt's print settings): no re-parse of thousands of files. */
export function templateFileText(value: Record<string, unknown>, o: { schemaPath: string; note: string; comments?: Record<string, string> }): string {
  const doc = new Document(value);
  doc.commentBefore = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  order(doc.contents);
  // a comment after the value of a top-level key (`category: UTILITY # ... check it`)
  if (o.comments && isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const c = isScalar(pair.key) ? o.comments[String(pair.key.value)] : undefined;
      if (c && isScalar(pair.value)) pair.value.comment = c;
    }
  }
  return doc.toString(TO_STRING);
}
