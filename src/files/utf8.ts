// Pure: where a byte buffer stops being valid UTF-8 (core/utf8.ts, which the readers of core use too).
export { bytePosition, firstInvalidUtf8 } from '../core/utf8.js';
