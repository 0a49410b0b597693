// Pure: where a range of a string value lies in the source text of its scalar (plain, quoted
// or otherwise), shared by the two locators (locate.ts on yaml nodes, text-locate.ts on text).

export interface ScalarMemo { src: string; literal: number; found: Map<string, { inValue: number[]; inSource: number[] }> }
export function scalarMemo(src: string, type: string | undefined, value: string): ScalarMemo {
  const lead = type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE' ? 1 : type === 'PLAIN' ? 0 : -1;
  const literal = lead >= 0 && src.length === value.length + 2 * lead && src.slice(lead, lead + value.length) === value;
  return { src, literal: literal ? lead : -1, found: new Map() };
}

export function subrange(memo: ScalarMemo, value: string, start: number, end: number): [number, number] | undefined {
  if (memo.literal >= 0) return [memo.literal + start, memo.literal + end];
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
