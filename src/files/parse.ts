// Pure: bytes of one template file -> a YAML document that keeps positions, plus the
// problems of loading it (size, encoding, syntax, duplicate keys, alias bombs, documents) as data
// (problems.ts): which rule reports each is the rules' decision (src/lint/rules/loading.ts).
import { conflictAdvice } from '../core/conflict.js';
import { isUtf8 } from 'node:buffer';
import type { Alias, Document, LineCounter } from 'yaml';
import { yaml } from './yaml-lazy.js';
import type { Span } from '../core/diagnostic.js';
import { FILE_START, type LoadProblem, type LoadProblemKind } from './problems.js';
import { MAX_ALIAS_COUNT, MAX_FILE_BYTES } from './limits.js';
import { MAX_NESTING_DEPTH, nestingBeyond } from './nesting.js';
import { bytePosition, firstInvalidUtf8 } from './utf8.js';
import { duplicateKeyErrors } from './duplicate-keys.js';

export interface ParsedFile {
  /** the path as reported in diagnostics */
  file: string;
  text: string;
  lineCounter: LineCounter;
  /** the document, when the file parsed well enough to be checked further */
  doc?: Document.Parsed;
  /** the plain value of the document (after alias resolution), when `doc` is set */
  value?: unknown;
  /** problems found while loading; any but a duplicate key stops further checks of the file */
  problems: LoadProblem[];
}

const problem = (kind: LoadProblemKind, span: Span, message: string): LoadProblem => ({ kind, span, message });

export function spanOf(lc: LineCounter, start: number, end: number): Span {
  const a = lc.linePos(start);
  const b = lc.linePos(Math.max(start, end));
  return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
}

/** The result for a file over MAX_FILE_BYTES, which is never read into memory. */
export function tooLarge(file: string, size: number): ParsedFile {
  return {
    file, text: '', lineCounter: new (yaml().LineCounter)(),
    problems: [problem('too-large', FILE_START,
      `File is ${size} bytes; a template file may be at most ${MAX_FILE_BYTES} bytes (1 MiB). Split it or remove what is not part of the template.`)],
  };
}

/** The result for a file that is not read on purpose (outside the project, not a regular file). */
export function refusal(file: string, kind: 'outside-project' | 'unreadable', message: string): ParsedFile {
  return { file, text: '', lineCounter: new (yaml().LineCounter)(), problems: [problem(kind, FILE_START, message)] };
}

/** The result for a file that could not be read at all. */
export function unreadable(file: string, reason: string): ParsedFile {
  return { file, text: '', lineCounter: new (yaml().LineCounter)(),
    problems: [problem('unreadable', FILE_START, `Cannot read the file: ${reason}.`)] };
}

/** The encoding a byte-order mark names, for the message of a file that is not UTF-8. */
function otherEncoding(bytes: Uint8Array): string {
  const [a, b, c, d] = bytes;
  if (a === 0xff && b === 0xfe) return c === 0 && d === 0 ? ' (the file is UTF-32, little-endian)' : ' (the file is UTF-16, little-endian)';
  if (a === 0xfe && b === 0xff) return ' (the file is UTF-16, big-endian)';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return ' (the file is UTF-32, big-endian)';
  return '';
}

export function parseTemplateBytes(file: string, bytes: Uint8Array): ParsedFile {
  const lineCounter = new (yaml().LineCounter)();
  if (bytes.length > MAX_FILE_BYTES) return tooLarge(file, bytes.length);
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
  if (bad >= 0) {
    const pos = bytePosition(bytes, bad);
    return {
      file, text: '', lineCounter,
      problems: [problem('not-utf8', { ...pos, endLine: pos.line, endColumn: pos.column + 1 },
        `Byte 0x${bytes[bad]!.toString(16).padStart(2, '0')} at offset ${bad} is not valid UTF-8${otherEncoding(bytes)}; save the file as UTF-8.`)],
    };
  }
  const nul = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(0);
  if (nul >= 0) {
    const pos = bytePosition(bytes, nul);
    return {
      file, text: '', lineCounter,
      problems: [problem('not-utf8', { ...pos, endLine: pos.line, endColumn: pos.column + 1 },
        `A NUL byte (0x00) at offset ${nul}: no text holds one (a file cut short by a crash, or joined with another program's bytes${bytes.filter((b) => b === 0).length > 4 ? '; or UTF-16 without a byte-order mark' : ''}); delete it, or save the file as UTF-8 text.`)],
    };
  }
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // a lone CR is a line break (document.ts: withLineBreaks)
  if (text.includes('\r')) text = text.replace(/\r(?!\n)/g, '\n');
  return parseTemplateText(file, text, lineCounter);
}

/** git's conflict markers at the start of a line (a block scalar's lines are indented: no text of a template starts so) */
const CONFLICT_START = /^<{7}(?:[ \t]|$)/m;
const CONFLICT_REST = /^(?:={7}|>{7})(?:[ \t]|$)/m;

export function parseTemplateText(file: string, text: string, lineCounter = new (yaml().LineCounter)(), opts: { resolve?: boolean } = {}): ParsedFile {
  const out: ParsedFile = { file, text, lineCounter, problems: [] };
  // nested beyond the bound: said at the level that passes it, before the parser (which recurses per level) runs
  const deep = nestingBeyond(text);
  if (deep !== undefined) {
    lineCounter.addNewLine(0);
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineCounter.addNewLine(at + 1);
    out.problems.push(problem('syntax', spanOf(lineCounter, deep, deep + 1), TOO_DEEP));
    return out;
  }
  // logLevel error: yaml's warnings (e.g. a collection used as a key) are findings of ours, not console noise
  // uniqueKeys: false, then duplicateKeyErrors(): the same findings in linear time
  const docs = yaml().parseAllDocuments(text, { lineCounter, uniqueKeys: false, prettyErrors: false, logLevel: 'error' });
  const list = Array.isArray(docs) ? docs : [];
  let fatal = false;
  for (const d of list) {
    for (const e of duplicateKeyErrors(d)) d.errors.push(e);
    // a key indented more than the one above it, whose value is on its line (` language: en_US` after `name: m7`):
    // the parser's two errors at that value, said once at the key that is indented wrong
    const slips = new Map(d.errors.filter((e) => e.code === 'MULTILINE_IMPLICIT_KEY').flatMap((e) => {
      const slip = indentSlip(text, e.pos[0], e.pos[1]);
      return slip ? [[e.pos[0], slip] as const] : [];
    }));
    for (const e of d.errors) {
      const kind = e.code === 'DUPLICATE_KEY' ? 'duplicate-key' : 'syntax';
      if (kind === 'syntax') fatal = true;
      const slip = slips.get(e.pos[0]);
      if (slip) {
        if (e.code === 'MULTILINE_IMPLICIT_KEY') out.problems.push(problem('syntax', spanOf(lineCounter, slip.start, slip.end), slip.message));
        continue;
      }
      let [start, end] = e.pos;
      // an unterminated quote is reported at the end of the input; point at where it opened
      const quote = e.code === 'MISSING_CHAR' ? /closing "?(quote|')/.exec(e.message) : null;
      if (quote) {
        const open = Math.max(text.lastIndexOf('"', start - 1), text.lastIndexOf("'", start - 1));
        if (open >= 0) { start = open; end = open + 1; }
      }
      // where the parser's own position is the line's start, the key or item it means (its indentation)
      if (e.code === 'BAD_INDENT' || /must start at the same column/.test(e.message)) {
        const lineEnd = text.indexOf('\n', start);
        const indent = /^[ ]*/.exec(text.slice(start, lineEnd < 0 ? text.length : lineEnd))![0].length;
        if (indent > 0 && (start === 0 || text[start - 1] === '\n')) { start += indent; end = Math.max(end, start + 1); }
      }
      // a ' #' inside a one-line flow mapping or list starts a comment that takes its closing bracket too: pointed at the #
      const cut = kind === 'syntax' && /flow (map|sequence|collection)|must be sufficiently indented and end with|Missing , or :/i.test(e.message) ? flowCutByComment(text) : undefined;
      if (cut !== undefined) { start = cut; end = cut + 1; }
      const hint = cut !== undefined
        ? ' The # starts a comment inside { ... } or [ ... ]: YAML reads the rest of the line, its closing bracket too, as the comment. Quote the text that holds the #, e.g. text: "Order #5".'
        : kind === 'syntax' ? quoteHint(text, start) || closedQuoteHint(text, start) || yamlHint(text, start, e.message) : '';
      const message = cleanYamlMessage(e.message).replace(/\(@(\d+)\)/, (_m, at: string) => `(line ${lineCounter.linePos(Number(at)).line})`);
      // a stack overflow surfaces as one error per level the parser unwinds: said once
      if (message === TOO_DEEP && out.problems.some((x) => x.message === TOO_DEEP)) continue;
      const p = problem(kind, spanOf(lineCounter, start, end), message + hint);
      // one mistake the parser reports twice at one place (a # inside [ { ... } ] ends the mapping and the list): said once
      const prev = out.problems[out.problems.length - 1];
      if (cut !== undefined && prev && prev.span.line === p.span.line && prev.span.column === p.span.column) continue;
      out.problems.push(p);
    }
  }
  // an unresolved merge conflict: one finding that says so, not the parser's errors about its marker lines
  const conflict = CONFLICT_START.exec(text);
  if (conflict && CONFLICT_REST.test(text.slice(conflict.index))) {
    const start = conflict.index;
    const line = lineCounter.linePos(start).line;
    out.problems = [problem('syntax', spanOf(lineCounter, start, start + 7), `An unresolved merge conflict: <<<<<<< starts it on this line, ======= and >>>>>>> follow. ${conflictAdvice(text, line)}, then check the file again.`)];
    fatal = true;
  }
  // a key the parser took for a duplicate on a line it could not read (a tab as indentation lifts
  // the key to the level above) is a consequence of that error, not a second mistake
  const broken = new Set(out.problems.filter((x) => x.kind === 'syntax').map((x) => x.span.line));
  if (broken.size) out.problems = out.problems.filter((x) => x.kind !== 'duplicate-key' || !broken.has(x.span.line));
  if (list.length === 0 || (list.length === 1 && list[0]!.contents === null)) {
    if (!fatal) out.problems.push(problem('empty', FILE_START, text.trim() === ''
      ? 'The file is empty; a template file holds one template (channel, name, language, category, body).'
      : 'The file holds only comments; a template file holds one template (channel, name, language, category, body).'));
    return out;
  }
  if (list.length > 1) {
    const second = list[1]!;
    const start = second.range[0];
    out.problems.push(problem('documents', spanOf(lineCounter, start, start + 3),
      `A template file holds exactly one YAML document; found ${list.length}. Move each template to its own file.`));
    return out;
  }
  if (fatal) return out;
  // a tag (`!!omap`, `!!binary`, `!foo`): read by yaml as something else, or as plain text in silence; said at the tag
  const tagged = taggedValues(list[0]!, text, lineCounter);
  if (tagged.length) { out.problems.push(...tagged); return out; }
  out.doc = list[0]!;
  return opts.resolve === false ? out : resolveValue(out);
}

/** The tags of YAML's core schema: a value such tags mark is one a template may hold (`!!str 12` is "12"). */
const PLAIN_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`));
/** The tag as written before a value starting at `at`: the last `!...` before it (only spaces, line breaks, an anchor or a comment between) */
function tagBefore(text: string, at: number): { start: number; source: string } | undefined {
  const before = text.slice(Math.max(0, at - 1024), at);
  const m = /(!(?:<[^>\n]*>|[^\s,[\]{}]*))(?:[ \t]+&[^\s]+)?(?:[ \t]*(?:#[^\n]*)?\n[ \t]*)*[ \t]*(?:&[^\s]+[ \t]*)?$/.exec(before);
  return m ? { start: at - before.length + m.index, source: m[1]! } : undefined;
}
/** What a tag marks, in a reader's words, and why a template does not take it. */
function tagMeaning(tag: string, source: string): string {
  const core = tag.startsWith('tag:yaml.org,2002:') ? tag.slice('tag:yaml.org,2002:'.length) : undefined;
  if (core === 'omap' || core === 'pairs') return `${source} marks an ordered mapping written as a list of one-key mappings (YAML 1.1), which a template does not take: write a plain mapping, its keys indented under its own key, without the tag`;
  if (core === 'set') return `${source} marks a set (a mapping of keys without values, YAML 1.1), which a template does not take: write the value itself (a text, or a list), without the tag`;
  if (core === 'binary') return `${source} marks base64-encoded bytes (YAML 1.1), which a template does not take: a template holds text; write the text itself, without the tag`;
  if (core === 'timestamp') return `${source} marks a date (YAML 1.1), which a template does not take: write the date as text in quotes, without the tag`;
  if (core?.startsWith('js/')) return `${source} marks a JavaScript value (js-yaml's unsafe types), which tplsync never reads: write the text as a plain string, without the tag`;
  return `${source} is a tag tplsync does not know (an application's own), so the value would be taken as plain text in silence: remove the tag`;
}
/** Every value of the document marked with a tag outside the core schema, as a problem at its tag (plain YAML only, as a merge key `<<` is refused). */
function taggedValues(doc: Document.Parsed, text: string, lc: LineCounter): LoadProblem[] {
  if (!text.includes('!')) return [];
  const out: LoadProblem[] = [];
  yaml().visit(doc, (_k, n) => {
    if (!yaml().isNode(n) || !n.tag || PLAIN_TAGS.has(n.tag) || !n.range) return undefined;
    const at = tagBefore(text, n.range[0]);
    const start = at?.start ?? n.range[0];
    const source = at?.source ?? n.tag;
    out.push(problem('syntax', spanOf(lc, start, start + source.length), `A YAML tag: ${tagMeaning(n.tag, source)}. Template files take plain YAML (mappings, lists, texts, numbers, true/false).`));
    // a tagged collection: one finding for it, none for what it holds
    return yaml().visit.SKIP;
  });
  return out;
}

/**
 * The plain value of a parse made with `resolve: false` (aliases expanded, bounded by
 * MAX_ALIAS_COUNT): the same result as a parse that resolved at once, without parsing again.
 */
export function resolveValue(out: ParsedFile): ParsedFile {
  const doc = out.doc;
  if (!doc || 'value' in out) return out;
  const loop = out.text.includes('*') ? selfAlias(doc) : undefined;
  if (loop) {
    // its value would hold itself: no plain value to give (every reader after this one would recurse without end)
    delete out.doc;
    const at = loop.range?.[0] ?? firstAliasOffset(out.text);
    out.problems.push(problem('alias-limit', spanOf(out.lineCounter, at, at + 1 + loop.source.length),
      `The alias *${loop.source} is inside the value it names (&${loop.source}): that value would contain itself without end; write the value out instead of the alias.`));
    return out;
  }
  try {
    out.value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    delete out.doc;
    const msg = e instanceof Error ? e.message : String(e);
    if (e instanceof RangeError && !/alias/i.test(msg)) {
      // the stack ran out building the value: collections nested thousands deep
      const at = deepNestingOffset(out.text);
      out.problems.push(problem('syntax', spanOf(out.lineCounter, at, at + 1), TOO_DEEP));
      return out;
    }
    const at = firstAliasOffset(out.text);
    const bomb = /excessive alias count/i.test(msg);
    out.problems.push(problem(bomb ? 'alias-limit' : 'syntax', spanOf(out.lineCounter, at, at + 1),
      bomb
        ? `Aliases expand to too many nodes (limit ${MAX_ALIAS_COUNT}); write the values out instead of nesting aliases.`
        : cleanYamlMessage(msg)));
  }
  return out;
}

/** The first alias inside the node it names (`body: &b { examples: { 1: *b } }`), whose value would contain itself: none in a template that reads. */
export function selfAlias(doc: Document): Alias | undefined {
  const { visit } = yaml();
  let found: Alias | undefined;
  visit(doc, {
    Alias(_k, a) {
      const target = a.resolve(doc);
      if (!target) return undefined;
      let inside = false;
      visit(target, { Alias(_k2, b) { if (b === a) { inside = true; return visit.BREAK; } return undefined; } });
      if (!inside) return undefined;
      found = a;
      return visit.BREAK;
    },
  });
  return found;
}

/** where flow collections first open 64 deep (a quoted string's brackets aside), else the file's start */
function deepNestingOffset(text: string): number {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) { if (ch === quote) quote = ''; continue; }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '{') { if (++depth >= 64) return i; } else if (ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
  }
  return 0;
}

/**
 * When the line of a syntax error holds a value that starts with `{{` (`text: {{1}} is your
 * code`), YAML read the braces as a mapping: say so, and show the line with the text quoted.
 */
export function quoteHint(text: string, at: number): string {
  const from = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const to = text.indexOf('\n', from);
  const line = text.slice(from, to < 0 ? text.length : to).replace(/\r$/, '');
  const m = /^(\s*(?:-\s+)?(?:[\w.-]+:\s+)?)(\{\{.*)$/.exec(line) ?? /^(.*?[:,[{-]\s+)(\{\{.*)$/.exec(line);
  if (!m || from + m[1]!.length > at) return '';
  let value = m[2]!.replace(/\s+#.*$/, '').trimEnd();
  // inside a flow mapping or list, the closing brackets that are not the text's own stay outside the quotes
  let tail = '';
  const count = (c: string): number => value.split(c).length - 1;
  while (/[}\]]$/.test(value) && (count('}') > count('{') || count(']') > count('['))) { tail = value.slice(-1) + tail; value = value.slice(0, -1).trimEnd(); }
  const prefix = m[1]!.trim();
  const shownLine = `${prefix}${prefix ? ' ' : ''}"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"${tail ? ` ${tail}` : ''}`;
  return ` A value that starts with {{ is read by YAML as a mapping, not text: quote the text, e.g. ${shownLine.length > 90 ? `${shownLine.slice(0, 80)}..."` : shownLine}`;
}

/**
 * A quoted text closed early by a quote of its own (Hebrew writes gershayim and geresh with the
 * keyboard's " and ': `text: "המחיר כולל מע"מ"`, `text: 'ג'ינס'`): the parser's error comes after
 * that quote, where the rest of the text follows it. Names the quote that closed the string and
 * the ways to keep it, or ''. One line of a value that starts with a quote, after a key or a `- `
 * (or in a flow mapping); a text that runs over lines is not looked into.
 */
export function closedQuoteHint(text: string, at: number): string {
  const from = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const to = text.indexOf('\n', from);
  const line = text.slice(from, to < 0 ? text.length : to).replace(/\r$/, '');
  // (a line of a template is short: a very long one, a minified file, is not searched by the pattern below, which backtracks)
  if (line.length > 4000) return '';
  const m = /^(\s*(?:-\s+)?(?:[^\s"'#:][^:]*?:\s+)?|.*?[{,]\s*[^\s"'#:][^:]*?:\s+)(["'])/.exec(line);
  if (!m) return '';
  const q = m[2]!;
  const open = m[1]!.length;
  // where the quoted text ends: its first quote not escaped (\" in a double-quoted text, '' in a single-quoted one)
  let close = -1;
  for (let i = open + 1; i < line.length; i++) {
    if (q === '"' && line[i] === '\\') { i++; continue; }
    if (line[i] !== q) continue;
    if (q === "'" && line[i + 1] === "'") { i++; continue; }
    close = i;
    break;
  }
  // the error is after it, and the text goes on right after it (a letter, not a comma, a bracket, a colon or a comment)
  if (close < 0 || from + close >= at + 1 || !/^[^\s,}\]:#]/u.test(line.slice(close + 1))) return '';
  const wordStart = line.slice(0, close).search(/\S*$/);
  const word = line.slice(wordStart, close + 1 + /^\S*/.exec(line.slice(close + 1))![0].length);
  const hebrew = /\p{Script=Hebrew}/u.test(line[close - 1] ?? '') || /\p{Script=Hebrew}/u.test(line[close + 1] ?? '');
  const escaped = q === '"' ? '\\"' : "''";
  const mark = q === '"' ? '\u05F4' : '\u05F3';
  const markName = q === '"' ? 'U+05F4 HEBREW PUNCTUATION GERSHAYIM' : 'U+05F3 HEBREW PUNCTUATION GERESH';
  const inWord = (r: string): string => `${word.slice(0, close - wordStart)}${r}${word.slice(close - wordStart + 1)}`;
  return ` The ${q} of ${word} closed the ${q === '"' ? 'double' : 'single'}-quoted text, and YAML reads what follows it as something else. To keep the quote in the text, write it as ${escaped} (${inWord(escaped)})${hebrew ? `, or type the Hebrew ${q === '"' ? 'gershayim' : 'geresh'} ${mark} (${markName}: ${inWord(mark)})` : ''}, or write the text without the quotes around it (a text that starts with {{ or a quote, or holds ': ' or ' #', needs them).`;
}

/**
 * What to do about the parser's error at `at`, where its message alone does not say: a plain
 * value holding ': ' (YAML reads a mapping in it: `text: Reminder: your appointment`), a key whose
 * colon has no space after it (`{ 1:Ana }`), an item or key indented unlike its siblings.
 */
export function yamlHint(text: string, at: number, message: string): string {
  const from = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const to = text.indexOf('\n', from);
  const line = text.slice(from, to < 0 ? text.length : to).replace(/\r$/, '');
  const inline = /^(\s*(?:-\s+)?[\w.-]+:[ \t]+)([^'"{[|>&*!#\s].*?)(?:[ \t]+#.*)?$/.exec(line);
  if (inline && /: /.test(inline[2]!) && /compact mappings|Implicit keys|Nested mappings|block mapping/i.test(message)) {
    const value = inline[2]!.trimEnd();
    const shown = `${inline[1]!.trim()} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    return ` A ': ' inside an unquoted text starts a mapping in YAML: quote the whole text, e.g. ${shown.length > 90 ? `${shown.slice(0, 80)}..."` : shown}`;
  }
  if (/\{[^}]*\b[\w-]+:[^\s}]/.test(line) && /must be|Implicit|Missing|Unexpected|mapping/i.test(message)) {
    const m = /\b([\w-]+):([^\s}])/.exec(line.slice(line.indexOf('{')))!;
    return ` In a mapping, a key's colon is followed by a space: write '${m[1]}: ${m[2]}', not '${m[1]}:${m[2]}'.`;
  }
  if (/same column|indentation|Sequence item without/i.test(message)) return ' Indent it as the keys (or items) beside it are, with spaces: two more than its parent key.';
  return '';
}

/**
 * A key indented more than the key above it whose value is on its line (`name: m7` then ` language:
 * en_US`): YAML reads the lower line as more of that plain value, and then finds a key in it (the
 * parser says "Implicit keys need to be on a single line" at the value, a line too early). `start`
 * and `end` are that error's range: from the value to the key it ran into. The place and words of
 * the finding: at that key, with the column it belongs at; undefined where the range is not that
 * (one line; no key before the value; a "key" with spaces, which is more likely text holding ': ').
 */
export function indentSlip(text: string, start: number, end: number): { start: number; end: number; message: string } | undefined {
  const nl = text.lastIndexOf('\n', end - 1);
  if (nl < start) return undefined;
  const from = text.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
  const above = /^(\s*(?:-\s+)?)([\w.-]+):[ \t]+$/.exec(text.slice(from, start));
  const to = text.indexOf('\n', nl + 1);
  const lower = /^([ ]*)([\w.-]+):(?:[ \t]|$)/.exec(text.slice(nl + 1, to < 0 ? text.length : to));
  if (!above || !lower || lower[1]!.length <= above[1]!.length) return undefined;
  const at = nl + 1 + lower[1]!.length;
  const line = (o: number): number => text.slice(0, o).split('\n').length;
  const key = lower[2]!; const parent = above[2]!;
  // a value of words (`text: Your order is ready` then `  Note: ...`) may have been meant to go on: said too
  const prose = /\S\s+\S/.test(text.slice(start, nl));
  return { start: at, end: at + key.length, message: `\`${key}:\` is indented more than \`${parent}:\` above it (line ${line(from)}), whose value is on its line: YAML reads this line as more of that value. Indent it as the keys (or items) beside it are, with spaces: at the column of \`${parent}:\` (column ${above[1]!.length + 1})${prose ? '; or, if the line is more of the text, quote the whole text' : ''}.` };
}

/** the offset of the first ` #` inside a one-line flow mapping or list whose closing bracket comes only after it on its line, or undefined */
export function flowCutByComment(text: string): number | undefined {
  let from = 0;
  for (const line of text.split('\n')) {
    const open = line.search(/[{[]/);
    if (open >= 0) {
      const hash = line.indexOf(' #', open);
      // not inside quotes before it (a quoted "#5" is text)
      if (hash > 0 && !/["']/.test(line.slice(open, hash)) && !/[}\]]/.test(line.slice(open, hash))) return from + hash + 1;
    }
    from += line.length + 1;
  }
  return undefined;
}

function firstAliasOffset(text: string): number {
  const m = /(^|[\s,[{:-])\*[^\s,\]}]/m.exec(text);
  return m ? m.index + m[1]!.length : 0;
}

/** yaml's messages end with "at line L, column C" and a code frame; ours carry positions anyway. */
const TOO_DEEP = `The file nests lists or mappings more than ${MAX_NESTING_DEPTH} levels deep (a template nests a few levels); write the value without the nesting.`;

function cleanYamlMessage(m: string): string {
  // the parser's stack ran out: collections nested thousands deep
  if (/maximum call stack/i.test(m)) return TOO_DEEP;
  if (/^Tabs are not allowed as indentation/.test(m)) return 'Tabs are not allowed as indentation; indent with spaces.';
  const first = m.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '').trim();
  return first.endsWith('.') ? first : `${first}.`;
}
