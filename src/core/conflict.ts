// Pure: what to delete to resolve a merge conflict git left in a file (the config's, a template's).

/** `13, 15-19`: lines as ranges */
const ranges = (lines: readonly number[]): string => {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let j = i;
    while (j + 1 < lines.length && lines[j + 1] === lines[j]! + 1) j++;
    out.push(j > i ? `${lines[i]}-${lines[j]}` : `${lines[i]}`);
    i = j;
  }
  return out.join(', ');
};
const span = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

/**
 * What to delete to keep one side of a conflict: the markers, the other side's lines and, with diff3
 * (merge.conflictstyle diff3 or zdiff3), the base section `|||||||` opens (the text both sides started
 * from, which is neither). "Delete the marker lines" alone left the base section and both sides: three
 * copies of the keys.
 */
export function keepSide(start: number, middle: readonly string[], end: number): string {
  const at = (marker: string): number | undefined => { const x = middle.find((l) => l.startsWith(marker)); return x === undefined ? undefined : Number(/\d+$/.exec(x)![0]); };
  const sep = at('=======');
  if (sep === undefined) return `Keep the side you want, delete the marker lines (${[start, ...middle.map((x) => Number(/\d+$/.exec(x)![0])), end].join(', ')})`;
  const base = at('|||||||');
  const first = span(start + 1, (base ?? sep) - 1);
  const second = span(sep + 1, end - 1);
  const lines = (xs: number[]): string => (xs.length ? `line${xs.length > 1 ? 's' : ''} ${ranges(xs)}` : 'no lines');
  const baseSaid = base !== undefined ? ` (${lines(span(base, sep - 1))}, from ||||||| to =======, are the base both sides changed: deleted either way)` : '';
  return `To keep the side after <<<<<<< (${lines(first)}), delete lines ${ranges([start, ...span(base ?? sep, end)])}; to keep the side after ======= (${lines(second)}), delete lines ${ranges([...span(start, sep), end])}${baseSaid}; to keep parts of both, edit them into one and delete the other lines from <<<<<<< to >>>>>>>`;
}

/**
 * The advice for the first conflict of a text whose `<<<<<<<` starts on line `start` (1-based): the
 * lines of its other markers, read up to its `>>>>>>>`; the generic advice when none ends it.
 */
export function conflictAdvice(text: string, start: number): string {
  const lines = text.split(/\r?\n/);
  const middle: string[] = [];
  for (let i = start; i < lines.length; i++) {
    const m = /^(={7}|>{7}|\|{7})(?:[ \t]|$)/.exec(lines[i]!);
    if (!m) continue;
    if (m[1]!.startsWith('>')) return keepSide(start, middle, i + 1);
    middle.push(`${m[1]} on line ${i + 1}`);
  }
  return 'Keep the side you want, delete the marker lines';
}
