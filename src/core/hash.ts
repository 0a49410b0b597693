// Pure: the one content hash (file hashes, plan fingerprints, cache keys, emulator ids).
import { createHash } from 'node:crypto';

export const sha256 = (s: string | Uint8Array): string => createHash('sha256').update(s).digest('hex');

/**
 * A 64-bit FNV-1a hash of a text's UTF-16 units, as 16 hex digits (two 32-bit lanes of different
 * offsets): not a secret's guard, a key to group equal texts by, and a tenth of crypto's cost for
 * each of 10,000 short texts.
 */
export function fnv64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
