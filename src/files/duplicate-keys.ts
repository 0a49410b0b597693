// Pure: the duplicate keys of a parsed YAML document, in one pass. yaml's own check
// (`uniqueKeys: true`) compares each new key with every earlier key of its mapping, which makes
// a mapping of N keys cost N²/2 comparisons (60,000 keys: over 20 s); a set per mapping is linear.
import type { Document, YAMLParseError } from 'yaml';
import { yaml } from './yaml-lazy.js';

/** The errors yaml would report with `uniqueKeys: true`: same code and start, spanning the key (yaml's own spans its first character); the message names the key and where it first is (`first` is its offset). */
export function duplicateKeyErrors(doc: Document.Parsed): YAMLParseError[] {
  const { isMap, isScalar, isSeq, YAMLParseError: ParseError } = yaml();
  const out: YAMLParseError[] = [];
  // iterative: a deeply nested document must not exhaust the call stack here
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const seen = new Map<string, { at: number; value: unknown }>();
      for (const pair of node.items) {
        const key = pair.key;
        // scalar keys compared as the template's value names them (the string a plain object's key is: 1 and "1",
        // true and "true" are one key there, and the last one written silently won); other keys only by identity
        if (isScalar(key) && !Number.isNaN(key.value)) {
          const name = jsKey(key.value);
          const first = seen.get(name);
          if (first !== undefined) {
            const at = key.range?.[0] ?? 0;
            // the whole key (its quotes too), as an editor underlines it; not its first character alone
            const end = Math.max(at + 1, key.range?.[1] ?? at + 1);
            const shown = name.length > 40 ? `${name.slice(0, 40)}...` : name;
            const otherwise = first.value !== key.value ? `, written ${written(first.value)} there and ${written(key.value)} here (the same key to a template)` : '';
            out.push(new ParseError([at, end], 'DUPLICATE_KEY', `Map keys must be unique: '${shown}' is in this mapping already (@${first.at})${otherwise}; keep one of the two`));
          } else seen.set(name, { at: key.range?.[0] ?? 0, value: key.value });
        }
        stack.push(pair.value, key);
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  return out;
}

/** the name a scalar key has in the plain value (yaml's toJS: a null key is '', anything else its string) */
const jsKey = (v: unknown): string => v === null || v === undefined ? '' : String(v);
/** a key's value as YAML writes it: a string quoted, a number or boolean bare */
const written = (v: unknown): string => typeof v === 'string' ? JSON.stringify(v) : String(v);
