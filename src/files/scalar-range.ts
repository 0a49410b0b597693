// Pure: where a range of a string value lies in the source text of its scalar (plain, quoted
// or otherwise), shared by the two locators (locate.ts on yaml nodes, text-locate.ts on text).

export interface ScalarMemo {
  src: string; literal: number; found: Map<string, { inValue: number[]; inSource: number[] }>;
  type?: string | undefined;
  /** a quoted scalar's source offset of each UTF-16 unit of its value (and of its end), once worked out; null: the source does not read as the value */
  offsets?: number[] | null;
}
export function scalarMemo(src: string, type: string | undefined, value: string): ScalarMemo {
  const lead = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? 1 : type === 'PLAIN' ? 0 : -1;
  const literal = lead >= 0 && src.length === value.length + 2 * lead && src.slice(lead, lead + value.length) === value;
  return { src, literal: literal ? lead : -1, found: new Map(), type };
}

/** a double-quoted scalar's escapes of one character (YAML 1.2, 5.7) */
const ESCAPES: Readonly<Record<string, string>> = {
  '0': '\0', a: '\x07', b: '\b', t: '\t', '\t': '\t', n: '\n', v: '\v', f: '\f', r: '\r', e: '\x1b', ' ': ' ', '"': '"', '/': '/', '\\': '\\',
  N: '\u0085', _: '\u00a0', L: '\u2028', P: '\u2029',
};
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/**
 * The value of a quoted scalar's source (quotes included) read as YAML reads it, with the source
 * offset of each UTF-16 unit of the value and of its end: escapes (`\u202E`, `\U0001F319`, `\"`),
 * `''` in single quotes, and the folding of a text over lines (a line break is a space, an empty
 * line a line break, the indentation dropped; a `\` at a line's end joins the lines). Undefined when
 * the source is no such scalar. Pure.
 */
export function quotedOffsets(src: string, type: string | undefined): { value: string; offsets: number[] } | undefined {
  const q = type === 'QUOTE_DOUBLE' ? '"' : type === 'QUOTE_SINGLE' ? "'" : undefined;
  if (!q || src.length < 2 || src[0] !== q || src[src.length - 1] !== q) return undefined;
  let value = '';
  const offsets: number[] = [];
  const put = (text: string, at: number): void => { value += text; for (let k = 0; k < text.length; k++) offsets.push(at); };
  const last = src.length - 1;
  let i = 1;
  while (i < last) {
    const c = src[i]!;
    if (c === '\n' || c === '\r') {
      // folding: the white space before the break goes, then each empty line is a line break, one break alone a space
      let w = value.length;
      while (w > 0 && (value[w - 1] === ' ' || value[w - 1] === '\t') && offsets[w - 1]! >= 0 && src[offsets[w - 1]!] !== '\\' && isRaw(src, offsets, w - 1)) w--;
      value = value.slice(0, w); offsets.length = w;
      let breaks = 0;
      let j = i;
      while (j < last && /[ \t\r\n]/.test(src[j]!)) { if (src[j] === '\n') breaks++; j++; }
      if (breaks > 1) put('\n'.repeat(breaks - 1), i); else put(' ', i);
      i = j;
      continue;
    }
    if (q === "'" && c === "'") { if (src[i + 1] !== "'") return undefined; put("'", i); i += 2; continue; }
    if (q === '"' && c === '"') return undefined;
    if (q === '"' && c === '\\') {
      const e = src[i + 1];
      if (e === undefined) return undefined;
      if (e === '\n' || e === '\r') {
        // an escaped line break: the lines join, the next one's indentation dropped
        let j = i + 1;
        if (src[j] === '\r' && src[j + 1] === '\n') j++;
        j++;
        while (j < last && (src[j] === ' ' || src[j] === '\t')) j++;
        i = j;
        continue;
      }
      const n = HEX_LENGTH[e];
      if (n !== undefined) {
        const hex = src.slice(i + 2, i + 2 + n);
        if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) return undefined;
        const cp = parseInt(hex, 16);
        if (cp > 0x10ffff) return undefined;
        put(String.fromCodePoint(cp), i);
        i += 2 + n;
        continue;
      }
      const one = ESCAPES[e];
      if (one === undefined) return undefined;
      put(one, i);
      i += 2;
      continue;
    }
    put(c, i);
    i++;
  }
  offsets.push(last);
  return { value, offsets };
}

/** whether the unit at `k` of the value was written as it is in the source (not an escape: `\t` written as an escape is kept by the folding) */
function isRaw(src: string, offsets: readonly number[], k: number): boolean {
  return src[offsets[k]!] !== '\\';
}

export function subrange(memo: ScalarMemo, value: string, start: number, end: number): [number, number] | undefined {
  if (memo.literal >= 0) return [memo.literal + start, memo.literal + end];
  // a quoted text with escapes or over lines: each unit of the value at its place in the source (the escape that wrote it)
  if (memo.offsets === undefined) {
    const read = quotedOffsets(memo.src, memo.type);
    memo.offsets = read && read.value === value ? read.offsets : null;
  }
  if (memo.offsets) {
    const o = memo.offsets;
    // the end: where the unit after the range starts in the source (an astral character's two units share one escape)
    let e = end;
    while (e < value.length && o[e] === o[end - 1]) e++;
    return [o[start]!, o[e]!];
  }
  const needle = value.slice(start, end);
  let o = memo.found.get(needle);
  if (!o) { o = { inValue: occurrences(value, needle), inSource: occurrences(memo.src, needle) }; memo.found.set(needle, o); }
  const k = o.inValue.indexOf(start);
  if (k < 0 || o.inSource.length !== o.inValue.length) return undefined;
  const at = o.inSource[k]!;
  return [at, at + needle.length];
}

/**
 * Offsets, into the source `src` of a scalar of yaml node type `type`, of the range [start, end)
 * of its value, as locateRange() finds them; undefined when it would point at the whole value.
 */
export function scalarSubrange(src: string, type: string | undefined, value: string, start: number, end: number): [number, number] | undefined {
  return subrange(scalarMemo(src, type, value), value, start, end);
}

/** Every start offset of `needle` in `s`, overlapping occurrences included. */
function occurrences(s: string, needle: string): number[] {
  const out: number[] = [];
  for (let at = s.indexOf(needle); at >= 0; at = s.indexOf(needle, at + 1)) out.push(at);
  return out;
}
