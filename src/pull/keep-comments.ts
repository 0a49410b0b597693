// Pure: a file pull writes over an existing file of the template (--force), with that file's own
// comments kept: a comment above a key or after a value whose key is still there stays, on the
// key's value as the channel has it now; the header keeps the lines the user wrote, with pull's
// own lines (the schema modeline, the note of the pull) as this pull writes them.
import { isMap, isScalar, parseDocument, type Document, type Pair } from 'yaml';

/** pull's own header lines (pull/file-text.ts) */
const OURS = /^ ?(?:yaml-language-server: \$schema=|Pulled from )/;

const keyOf = (p: Pair): string | undefined => (isScalar(p.key) ? String(p.key.value) : undefined);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * `written` (the text pull made) with the comments of `before` (the file it replaces) carried over
 * where their keys still are; `written` itself when `before` has no comment, or when either does not
 * read as a mapping.
 */
export function keepComments(before: string, written: string): string {
  // no comment but pull's own lines (a file pull wrote, untouched since): nothing to carry over, nothing parsed
  if (!before.replace(/^# (?:yaml-language-server: \$schema=|Pulled from ).*$/gm, '').includes('#')) return written;
  let old: Document; let now: Document;
  try {
    old = parseDocument(before, { logLevel: 'error' });
    now = parseDocument(written, { logLevel: 'error' });
  } catch { return written; }
  if (old.errors.length || now.errors.length || !isMap(old.contents) || !isMap(now.contents)) return written;
  const mine = old.contents;
  const theirs = now.contents;
  const nowKeys = new Set(theirs.items.map(keyOf));
  // keys the written file no longer has
  mine.items = mine.items.filter((p) => nowKeys.has(keyOf(p)));
  for (const p of theirs.items) {
    const k = keyOf(p);
    const at = mine.items.find((q) => keyOf(q) === k);
    if (!at) { mine.items.push(p); continue; }
    const was = (at.value as { toJSON?: () => unknown } | null)?.toJSON?.() ?? at.value;
    const is = (p.value as { toJSON?: () => unknown } | null)?.toJSON?.() ?? p.value;
    if (same(was, is)) continue;
    // a scalar keeps its node (and the comment after it); anything else is the channel's node
    if (isScalar(at.value) && isScalar(p.value)) { at.value.value = p.value.value; at.value.type = p.value.type; } else at.value = p.value;
  }
  // the header (the document's comment, or the first key's when no blank line follows it): pull's own lines as this pull
  // writes them, then the user's
  const headerOf = (d: Document): string[] => {
    const first = isMap(d.contents) ? d.contents.items[0]?.key : undefined;
    return [d.commentBefore ?? '', (isScalar(first) ? first.commentBefore : undefined) ?? ''].join('\n').split('\n').filter((l) => l !== '');
  };
  const header = [...headerOf(now).filter((l) => OURS.test(l)), ...headerOf(old).filter((l) => !OURS.test(l))];
  old.commentBefore = null;
  const first = mine.items[0]?.key;
  if (isScalar(first)) first.commentBefore = header.join('\n') || undefined;
  else old.commentBefore = header.join('\n') || null;
  return old.toString({ lineWidth: 0 });
}
