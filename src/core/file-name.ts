// Pure: file names made from template names, bounded. A template name may be 512 characters and
// most file systems allow 255 bytes a name, so a long stem keeps its first characters and ends in
// a hash of the whole: still readable, never too long, and two names that differ only after the
// cut still get two files.
import { createHash } from 'node:crypto';

/** the longest stem kept as it is; longer ones are cut and end in `_` and 12 hex digits of their hash */
export const MAX_STEM = 120;

/** `text` with every run of characters outside [A-Za-z0-9_-] replaced by `_`, bounded to MAX_STEM characters. */
export function boundedStem(text: string, max = MAX_STEM): string {
  const clean = text.replace(/[^A-Za-z0-9_-]+/g, '_');
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 13)}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
}
