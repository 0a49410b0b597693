// Pure: where a JSON text stops being JSON, as a line and column, found without quoting the text.
// Node's JSON.parse messages quote the text around an unexpected token ("[{"key":CANARYkeys"... is
// not valid JSON), which for a file of keys prints part of a key; some give no position at all.

/** whether JSON.parse's error on a prefix of a text is only that the prefix ends (the text may go on validly) */
function endsEarly(message: string, length: number): boolean {
  if (/Unexpected end of JSON input|Unterminated string/.test(message)) return true;
  const at = /at position (\d+)/.exec(message);
  return at !== null && Number(at[1]) >= length;
}

/**
 * The 1-based line and column (in UTF-16 code units) of the first character at which `text` is no
 * longer JSON, or undefined when it parses. A prefix that holds an error fails with it whatever
 * follows, and one that does not fails only for ending early: the shortest prefix that fails for
 * another reason ends at the error (a binary search of JSON.parse over prefixes).
 */
export function jsonErrorPosition(text: string): { line: number; column: number } | undefined {
  let index: number | undefined;
  try { JSON.parse(text); return undefined; } catch (e) {
    // where the message says it, that place; else (an unexpected token, said by quoting the text) searched for
    const at = /at position (\d+)/.exec((e as Error).message);
    if (at) index = Number(at[1]);
  }
  if (index === undefined) index = searchError(text);
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: index - (before.lastIndexOf('\n') + 1) + 1 };
}

/** the 0-based index of the first character at which `text` (which JSON.parse refuses) is no longer JSON */
function searchError(text: string): number {
  const fails = (n: number): boolean => {
    try { JSON.parse(text.slice(0, n)); return false; } catch (e) { return !endsEarly((e as Error).message, n); }
  };
  let lo = 1;
  let hi = text.length;
  // the whole text fails for ending early (an unclosed list): the place is just after its end
  if (!fails(hi)) lo = hi = text.length + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (fails(mid)) hi = mid; else lo = mid + 1;
  }
  return lo - 1;
}
