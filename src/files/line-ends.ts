// Pure: a template file's line ends and byte-order mark, which are the file's own. Every writer of
// an existing file (fmt, lint --fix and the editor's quick fixes, pull, translations import) keeps
// them: the YAML writer writes LF, and its text is given the file's line ends back. A file edited
// on Windows (core.autocrlf=true: CRLF, perhaps a BOM) is as canonical as the same text with LF.

export type LineEnd = '\n' | '\r\n';

export interface LineEnds {
  /** how many line breaks are CRLF, how many LF alone */
  crlf: number; lf: number;
  /** the one most of its lines end with (LF when as many, or none) */
  main: LineEnd;
}

/** the line ends of `text` (a lone CR is not counted: files/document.ts reads it as LF) */
export function lineEndsOf(text: string): LineEnds {
  let crlf = 0, lf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++; else lf++;
  }
  return { crlf, lf, main: crlf > lf ? '\r\n' : '\n' };
}

/** `lf` (a text with LF line ends, as the YAML writer writes it) with every line break made `end` */
export function withLineEnd(lf: string, end: LineEnd): string {
  return end === '\n' ? lf : lf.replace(/\r?\n/g, '\r\n');
}

interface Line { body: string; end: '' | LineEnd }

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let i = 0;
  while (i < text.length) {
    const j = text.indexOf('\n', i);
    if (j < 0) { out.push({ body: text.slice(i), end: '' }); break; }
    const cr = j > i && text.charCodeAt(j - 1) === 13;
    out.push({ body: text.slice(i, cr ? j - 1 : j), end: cr ? '\r\n' : '\n' });
    i = j + 1;
  }
  return out;
}

/** the lines compared: a line and the same line with white space after its end are one line */
const keyOf = (l: Line): string => l.body.replace(/[ \t]+$/, '');

/** past this many line pairs between the first and last change, the lines are not matched (the writer's text, with the file's main line end, is taken) */
const MAX_MATCHED = 4_000_000;

/**
 * `after` (the LF text a writer made of `before`) with each line it did not change written as
 * `before` has it: its white space at the end and its own line end (a file with CRLF and LF lines,
 * edited on two systems, keeps them). A line it changed in place keeps its line end; the lines it
 * added take the one most of `before`'s lines have. A repair then changes only the lines it repairs. Undefined when the lines
 * are too many to match (a change at each end of a very large file).
 */
export function keepUnchangedLines(before: string, after: string): string | undefined {
  const a = linesOf(before), b = linesOf(after);
  const main = lineEndsOf(before).main;
  // each line's key as a number (the same key, the same number), worked out once: the matching below compares n x m pairs
  const ids = new Map<string, number>();
  const idOf = (l: Line): number => { const k = keyOf(l); let v = ids.get(k); if (v === undefined) ids.set(k, v = ids.size); return v; };
  const ka = Int32Array.from(a, idOf), kb = Int32Array.from(b, idOf);
  let start = 0;
  while (start < a.length && start < b.length && ka[start] === kb[start]) start++;
  let endA = a.length, endB = b.length;
  while (endA > start && endB > start && ka[endA - 1] === kb[endB - 1]) { endA--; endB--; }
  const n = endA - start, m = endB - start;
  if (n * m > MAX_MATCHED) return undefined;
  // the longest common subsequence of the changed middle: which of after's lines are before's lines kept
  const keptFrom = new Array<number>(b.length).fill(-1);
  for (let k = 0; k < start; k++) keptFrom[k] = k;
  for (let k = 0; k < a.length - endA; k++) keptFrom[endB + k] = endA + k;
  if (n && m) {
    const w = m + 1;
    const len = new Uint32Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        len[i * w + j] = ka[start + i] === kb[start + j] ? len[(i + 1) * w + j + 1]! + 1 : Math.max(len[(i + 1) * w + j]!, len[i * w + j + 1]!);
      }
    }
    for (let i = 0, j = 0; i < n && j < m;) {
      if (ka[start + i] === kb[start + j]) { keptFrom[start + j] = start + i; i++; j++; } else if (len[(i + 1) * w + j]! >= len[i * w + j + 1]!) i++; else j++;
    }
  }
  // a run of lines changed one for one (as many before as after, between the same kept lines): each keeps its line end
  const pairedEnd = new Array<'' | LineEnd | undefined>(b.length);
  for (let j = 0, prevA = -1; j < b.length;) {
    if (keptFrom[j]! >= 0) { prevA = keptFrom[j]!; j++; continue; }
    let k = j;
    while (k < b.length && keptFrom[k]! < 0) k++;
    const nextA = k < b.length ? keptFrom[k]! : a.length;
    if (nextA - prevA - 1 === k - j) for (let x = j; x < k; x++) pairedEnd[x] = a[prevA + 1 + x - j]!.end;
    j = k;
  }
  let out = '';
  for (const [j, line] of b.entries()) {
    const i = keptFrom[j]!;
    if (i < 0) { out += line.body + (line.end === '' ? '' : pairedEnd[j] || main); continue; }
    const was = a[i]!;
    // the file's last line without a line break, now followed by others: it gets one
    out += was.body + (was.end !== '' ? was.end : j < b.length - 1 ? main : '');
  }
  return out;
}
