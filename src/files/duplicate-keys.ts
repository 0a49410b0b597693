// Pure: the duplicate keys of a parsed YAML document, in one pass. yaml's own check
// (`uniqueKeys: true`) compares each new key with every earlier key of its mapping, which makes
// a mapping of N keys cost N²/2 comparisons (60,000 keys: over 20 s); a set per mapping is linear.
import type { Document, YAMLParseError } from 'yaml';
import { yaml } from './yaml-lazy.js';

/** The errors yaml would report with `uniqueKeys: true`: same code and position; the message names the key and where it first is (`first` is its offset). */
export function duplicateKeyErrors(doc: Document.Parsed): YAMLParseError[] {
  const { isMap, isScalar, isSeq, YAMLParseError: ParseError } = yaml();
  const out: YAMLParseError[] = [];
  // iterative: a deeply nested document must not exhaust the call stack here
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Map<unknown, number>();
      for (const pair of node.items) {
        const key = pair.key;
        // yaml compares scalar keys by value (===); other keys only by identity, so never equal
        if (isScalar(key) && !Number.isNaN(key.value)) {
          const first = seen.get(key.value);
          if (first !== undefined) {
            const at = key.range?.[0] ?? 0;
            const shown = String(key.value).length > 40 ? `${String(key.value).slice(0, 40)}...` : String(key.value);
            out.push(new ParseError([at, at + 1], 'DUPLICATE_KEY', `Map keys must be unique: '${shown}' is in this mapping already (@${first}); keep one of the two`));
          } else seen.set(key.value, key.range?.[0] ?? 0);
        }
        stack.push(pair.value, key);
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  return out;
}
