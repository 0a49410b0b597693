// Pure: where a byte buffer stops being valid UTF-8, so that a bad byte gets a line and column.

/** Offset of the first byte that is not part of a valid UTF-8 sequence, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) { i++; continue; }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; min = 0x800; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; min = 0x10000; }
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** 1-based line and column (in UTF-16 units of the valid prefix) of a byte offset. */
export function bytePosition(bytes: Uint8Array, offset: number): { line: number; column: number } {
  const prefix = Buffer.from(bytes.buffer, bytes.byteOffset, offset).toString('utf8');
  const lines = prefix.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}
