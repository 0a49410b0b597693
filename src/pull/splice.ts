// Pure: a file pulled over (--force) changed only where the channel's copy says otherwise. Rather
// than the file written anew in pull's layout (its keys reordered, its lists re-indented, a folded
// text joined, its quotes changed), the file's own text is edited in place: each value that reads
// otherwise is replaced at its place, in the file's style where that style can hold it, and every
// other byte (comments, blank lines, key order, indentation, quotes, line ends) stays as it was.
// Checked: the text made must read as `target` does; otherwise there is no such edit (undefined),
// and pull writes its own merged form.
import { isAlias, isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type Scalar } from 'yaml';

type Edit = { from: number; to: number; text: string };

/** the same data, the order of a mapping's keys aside */
const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => k in b && same(a[k], b[k]));
};
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `before` with each scalar that reads otherwise than in `target` (a template file's text, as pull
 * made it) replaced at its place; undefined when the two differ in more than scalars (a key or a
 * list item added or removed, a value that turns from a text into a mapping), when either does not
 * read, or when the edited text would not read as `target` does.
 */
export function editedInPlace(before: string, target: string): string | undefined {
  let old: Document; let want: unknown;
  try {
    old = parseDocument(before, { logLevel: 'error' });
    const now = parseDocument(target, { logLevel: 'error' });
    if (old.errors.length || now.errors.length) return undefined;
    want = now.toJS({ maxAliasCount: -1 });
  } catch { return undefined; }
  const lineEnd = before.includes('\r\n') ? '\r\n' : '\n';
  for (const plainOnly of [false, true]) {
    const edits: Edit[] = [];
    if (!walk(old, old.contents, want, false, before, lineEnd, edits, plainOnly)) return undefined;
    if (!edits.length) return before;
    let out = before;
    for (const e of [...edits].sort((a, b) => b.from - a.from)) out = out.slice(0, e.from) + e.text + out.slice(e.to);
    try {
      const check = parseDocument(out, { logLevel: 'error' });
      if (!check.errors.length && same(check.toJS({ maxAliasCount: -1 }), want)) return out;
    } catch { /* the next form, or none */ }
  }
  return undefined;
}

function jsOf(doc: Document, n: unknown): unknown {
  if (!n || typeof n !== 'object' || !('toJSON' in n)) return n ?? null;
  return (n as Node).toJSON(undefined, { anchors: new Map(), doc, keep: false, mapAsMap: false, mapKeyWarned: false, maxAliasCount: -1 } as never);
}

/** the edits that make `n` (a node of `doc`) read as `want`; false when no edit of its scalars can */
function walk(doc: Document, n: unknown, want: unknown, flow: boolean, src: string, lineEnd: string, edits: Edit[], quoted: boolean): boolean {
  if (same(jsOf(doc, n), want)) return true;
  if (isAlias(n) || n === null || n === undefined) return false;
  if (isScalar(n)) {
    if (want !== null && typeof want === 'object') return false;
    if (!n.range) return false;
    const text = scalarText(n, want, flow, src, lineEnd, quoted);
    if (text === undefined) return false;
    edits.push({ from: n.range[0], to: n.range[1], text });
    return true;
  }
  if (isMap(n)) {
    if (!isPlainObject(want)) return false;
    const keys = n.items.map((p) => (isScalar(p.key) ? String(p.key.value) : undefined));
    if (keys.some((k) => k === undefined) || keys.length !== Object.keys(want).length || keys.some((k) => !(k! in want))) return false;
    return n.items.every((p, i) => walk(doc, p.value, want[keys[i]!], flow || Boolean(n.flow), src, lineEnd, edits, quoted));
  }
  if (isSeq(n)) {
    if (!Array.isArray(want) || want.length !== n.items.length) return false;
    return n.items.every((x, i) => walk(doc, x, want[i], flow || Boolean(n.flow), src, lineEnd, edits, quoted));
  }
  return false;
}

/** `value` written where `n` stands, in `n`'s style where it can hold it (`quoted`: a text always double-quoted) */
function scalarText(n: Scalar, value: unknown, flow: boolean, src: string, lineEnd: string, quoted: boolean): string | undefined {
  if (typeof value !== 'string') return value === null ? 'null' : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  const double = JSON.stringify(value);
  if (quoted) return n.type === 'BLOCK_LITERAL' || n.type === 'BLOCK_FOLDED' ? `${double}${lineEnd}` : double;
  switch (n.type) {
    case 'QUOTE_DOUBLE': return double;
    case 'QUOTE_SINGLE': return value.includes('\n') ? double : `'${value.replace(/'/g, '\'\'')}'`;
    case 'BLOCK_LITERAL': case 'BLOCK_FOLDED': {
      if (flow) return undefined;
      // the header as the file writes it (| or >), its chomping as the new text ends; the lines at the file's indentation
      const body = src.slice(n.range![0], n.range![1]);
      const indent = /\r?\n( +)\S/.exec(body)?.[1];
      if (indent === undefined || /^[ \t]/m.test(value)) return `${double}${lineEnd}`;
      const trailing = /\n*$/.exec(value)![0].length;
      const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
      const core = value.slice(0, value.length - trailing);
      // a folded text takes its line breaks doubled (a single one would read as a space); a literal one as they are
      // (a folded text of one paragraph keeps the file's lines where the new text starts or ends with them)
      const lines = n.type === 'BLOCK_FOLDED' ? (core.includes('\n') ? core.split('\n').join('\n\n').split('\n') : foldedLines(body, core)) : core.split('\n');
      const head = n.type === 'BLOCK_FOLDED' ? '>' : '|';
      const end = /\n$/.test(body) ? lineEnd : '';
      return `${head}${chomp}${lineEnd}${lines.map((l) => (l === '' ? '' : indent + l)).join(lineEnd)}${end}${lineEnd.repeat(Math.max(0, trailing - 1))}`;
    }
    default: {
      // plain where the text stays plain on one line (yaml's own judgement), else double-quoted
      const one = stringify(value, { lineWidth: 0 }).replace(/\r?\n$/, '');
      if (one.includes('\n') || one.startsWith('"') || one.startsWith('\'') || one.startsWith('|') || one.startsWith('>')) return double;
      if (flow && /[,[\]{}]/.test(one)) return double;
      return one;
    }
  }
}

/**
 * A one-paragraph text in a folded block as the file broke the old one: each of the file's lines the text still starts
 * with (then a space) is kept, and each it still ends with, and what is between is one line.
 */
function foldedLines(block: string, text: string): string[] {
  const old = block.split(/\r?\n/).slice(1).map((l) => l.trim()).filter((l) => l !== '');
  const head: string[] = []; const tail: string[] = [];
  let rest = text;
  while (head.length < old.length && rest.startsWith(`${old[head.length]!} `)) { rest = rest.slice(old[head.length]!.length + 1); head.push(old[head.length]!); }
  for (let j = old.length - 1; j >= head.length && rest.endsWith(` ${old[j]!}`); j--) { rest = rest.slice(0, rest.length - old[j]!.length - 1); tail.unshift(old[j]!); }
  return [...head, ...(rest === '' ? [] : [rest]), ...tail];
}
