// Pure: how deep a YAML text nests its collections, read off the characters before any parser
// runs. The parser and every reader after it recurse once per level, so a file nested thousands
// deep ran out of the stack wherever the stack happened to end (a position that moved with the
// command, the number of files, --stack-size): the explicit bound below is checked first instead,
// and the finding stands at one place for one file: the character that opens the first level
// beyond it.
//
// Counted: a flow collection's `[` or `{` (in a flow collection, or where a block value starts),
// a block collection's deeper indentation, and each `- ` of a compact block sequence (`- - - x`).
// Not counted: brackets in quoted scalars, in plain text (`text: Hello [name]`), in comments and
// in block scalars (`|`, `>`). Lenient where YAML is subtle (a sequence at its key's indentation
// is not a level of its own): the bound is far above what any template nests.

/** The deepest a template may nest lists and mappings (a template nests under ten). */
export const MAX_NESTING_DEPTH = 64;

/** Lines indented this far or more are what can make many block levels (the quick test's half of the bound). */
const HALF = (max: number): number => Math.floor(max / 2);
const indentedRe = new Map<number, RegExp>();

/**
 * A quick proof, in native scans, that `text` cannot nest beyond `max` (every template of a
 * project: lint runs the bound on each file): with no line indented HALF spaces or more, the block
 * levels are at most HALF (their indentations strictly increase from 0); each other level, flow or
 * compact, needs a `[`, a `{`, or a `- `/`? ` indicator after white space; fewer of those than the
 * rest of the bound, and nothing nests too deep.
 */
function shallow(text: string, max: number): boolean {
  const half = HALF(max);
  let re = indentedRe.get(half);
  if (!re) { re = new RegExp(`(?:^|\\n)[ ]{${half}}`); indentedRe.set(half, re); }
  if (re.test(text)) return false;
  const opener = /[[{]|(?:^|[ \t\n])[-?](?=[ \t\r\n]|$)/g;
  let n = 0;
  while (opener.exec(text)) if (++n > max - half) return false;
  return true;
}

/**
 * The offset of the character that opens the first collection nested deeper than `max` levels,
 * or undefined when nothing nests so deep.
 */
export function nestingBeyond(text: string, max: number = MAX_NESTING_DEPTH): number | undefined {
  if (shallow(text, max)) return undefined;
  const indents: number[] = []; // the indentations of the open block levels
  let flow = 0; // open flow collections
  let quote = ''; // the quote of a quoted scalar under way (may span lines)
  let blockScalarAbove = -1; // inside a block scalar: the indentation of the line that opened it
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    let j = i;
    while (j < lineEnd && text[j] === ' ') j++;
    const indent = j - i;
    const blank = j >= lineEnd || text[j] === '#' || text[j] === '\r';
    if (blockScalarAbove >= 0) {
      if (blank || indent > blockScalarAbove) { i = lineEnd + 1; continue; }
      blockScalarAbove = -1;
    }
    if (!quote && flow === 0 && !blank) {
      while (indents.length && indents[indents.length - 1]! >= indent) indents.pop();
      indents.push(indent);
      if (indents.length > max) return j;
    }
    let valueStart = !quote && flow === 0;
    let levels = 0; // compact block levels opened on this line (`- - x`)
    let lineHead = !quote && flow === 0; // nothing but `- ` and `? ` indicators so far on this line
    for (let k = j; k < lineEnd; k++) {
      const ch = text[k]!;
      if (quote) {
        if (quote === '"' && ch === '\\') { k++; continue; }
        if (ch === quote) quote = '';
        continue;
      }
      if (ch === ' ' || ch === '\t') continue;
      if (ch === '#' && (k === 0 || text[k - 1] === ' ' || text[k - 1] === '\t')) break;
      if (ch === '"' || ch === "'") { if (valueStart) quote = ch; valueStart = false; continue; }
      // an anchor or a tag before a value (`&a [`, `!!map {`): the value still starts after it
      if (valueStart && (ch === '&' || ch === '!')) { while (k + 1 < lineEnd && text[k + 1] !== ' ' && text[k + 1] !== '\t') k++; continue; }
      // a block sequence's `- ` (or a complex key's `? `) opens only where the line's content starts, or after another
      if (flow === 0 && (ch === '-' || ch === '?') && lineHead && (k + 1 >= lineEnd || text[k + 1] === ' ' || text[k + 1] === '\t')) {
        if (k > j) { levels++; if (indents.length + levels > max) return k; }
        continue;
      }
      lineHead = false;
      if (ch === '[' || ch === '{') {
        if (flow > 0 || valueStart) {
          flow++;
          if (indents.length + levels + flow > max) return k;
          valueStart = true;
          continue;
        }
      } else if (flow > 0 && (ch === ']' || ch === '}')) { flow--; valueStart = false; continue; } else if (flow > 0 && ch === ',') { valueStart = true; continue; } else if (ch === ':' && (k + 1 >= lineEnd || text[k + 1] === ' ' || text[k + 1] === '\t' || (flow > 0 && /[,[\]{}]/.test(text[k + 1]!)))) { valueStart = true; continue; } else if (flow === 0 && valueStart && (ch === '|' || ch === '>')) { blockScalarAbove = indent; break; }
      valueStart = false;
      // the rest of a plain scalar in block context: to the next ': ' or ' #'
    }
    i = lineEnd + 1;
  }
  return undefined;
}
