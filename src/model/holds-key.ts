// Pure given the registry of secrets: whether a template's texts hold the API key (pasted by
// mistake): planned, applied, generated into types or exported, it would reach the channel, the
// customers or a committed file. Only what the template says is looked at: its texts, samples and
// URLs, not the fields that name or classify it (a key that shares 8 letters with MARKETING or
// with a template's name holds nothing).
import { holdsKey } from '../core/redact.js';

/** the fields whose values name or classify a template, not its texts: never taken for a pasted key */
const NOT_TEXT = new Set(['name', 'language', 'category', 'subCategory', 'type', 'format', 'channelId', 'templateId', 'publicId', 'otp_type', 'action', 'webviewType', 'openUrlApplication', 'cardWidth', 'cardOrientation', 'mediaHeight', 'thumbnailImageAlignment', 'kind', 'package_name', 'signature_hash']);

/** every string of `v` that a template says (its texts, samples, URLs), not its property names nor the fields that name or classify it */
function stringsOf(v: unknown, out: string[] = [], key = ''): string[] {
  if (typeof v === 'string') { if (!NOT_TEXT.has(key)) out.push(v); }
  else if (Array.isArray(v)) for (const x of v) stringsOf(x, out, key);
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) stringsOf(x, out, k);
  return out;
}

/** Whether a template (canonical or as its file has it) says the API key, or 8 or more characters of it in a row, anywhere in its texts. */
export function templateHoldsKey(template: unknown): boolean {
  return stringsOf(template).some(holdsKey);
}

