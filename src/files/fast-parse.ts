// Pure: the fast read of a template file, for the common case of a clean file. js-yaml
// builds the plain value about five times faster than a position-keeping parse; positions
// are only needed when there is something to report, and then the caller parses again with
// `parse.ts`. Returns undefined whenever the fast read could differ from the full one
// (aliases, anchors, directives, several documents, anything js-yaml rejects).
import jsyaml from 'js-yaml';
import type { Span } from '../core/diagnostic.js';

/**
 * Inputs the fast read leaves to the full parser, where js-yaml and yaml could disagree: an
 * anchor or alias token, an explicit `?` key, a comment glued to a closing quote or bracket, a
 * collection, an empty or a null key before `:`, `::`, a tab, a suppression directive. (Something
 * that only looks like one of these inside a string merely costs the fast path.)
 */
const LEAVE_TO_FULL_PARSE = /(?:^|[\s[{,])[&*?][^\s]|(?:^|[\s[{,])\?(?:\s|$)|["'\]}]#|[\]}]\s*:|[,{[]\s*:|::|(?:^|[\s[{,])(?:~|null|Null|NULL)[ ]*:(?:\s|$)|^[ -]*:(?:\s|$)|\t|tplsync-disable/m;

/** js-yaml is laxer than yaml about the indentation of flow collections over several lines */
function multiLineFlow(text: string): boolean {
  for (const line of text.split('\n')) {
    let open = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 123 || c === 91) open++; // { [
      else if (c === 125 || c === 93) open--; // } ]
    }
    if (open !== 0) return true;
  }
  return false;
}

/** js-yaml is also laxer about the indentation of quoted scalars continued on the next line */
const QUOTED_VALUE = /^[ ]*(?:-[ ]+)*(?:[^\s#"'][^#"']*?:[ ]+)?(["'])/;
function multiLineQuote(text: string): boolean {
  for (const line of text.split('\n')) {
    const m = QUOTED_VALUE.exec(line);
    if (!m) continue;
    const q = m[1]!;
    let i = m[0].length;
    for (; i < line.length; i++) {
      if (q === '"' && line[i] === '\\') { i++; continue; }
      if (line[i] === q) { if (q === "'" && line[i + 1] === "'") { i++; continue; } break; }
    }
    if (i >= line.length) return true;
  }
  return false;
}

export function fastValue(text: string): unknown {
  if (LEAVE_TO_FULL_PARSE.test(text) || multiLineFlow(text) || multiLineQuote(text)) return undefined;
  try {
    return jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA, json: false });
  } catch {
    return undefined;
  }
}

/**
 * The span of the value of a top-level `key: scalar` line, as the full parser reports it
 * (quotes included, a trailing comment excluded); undefined when the layout is anything else.
 */
export function topLevelScalarSpan(text: string, key: string): Span | undefined {
  const re = new RegExp(`^${key}:[ ]+(?=\\S)`, 'gm');
  const m = re.exec(text);
  if (!m || re.exec(text)) return undefined;
  const start = m.index + m[0].length;
  let end = text.indexOf('\n', start);
  if (end < 0) end = text.length;
  if (text[end - 1] === '\r') end--;
  const ch = text[start];
  if (ch === '"' || ch === "'") {
    let i = start + 1;
    for (; i < end; i++) {
      if (ch === '"' && text[i] === '\\') { i++; continue; }
      if (text[i] === ch) {
        if (ch === "'" && text[i + 1] === "'") { i++; continue; }
        break;
      }
    }
    if (i >= end) return undefined;
    end = i + 1;
    if (text.slice(end, text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end)).trim().replace(/^#.*$/, '') !== '') return undefined;
  } else {
    if (/^[|>!&*[{%@`]/.test(ch ?? '')) return undefined;
    const comment = text.slice(start, end).search(/\s#/);
    if (comment >= 0) end = start + comment;
    while (end > start && text[end - 1] === ' ') end--;
    // a plain scalar may continue on the next, more indented line
    const next = text.slice(end).match(/^[^\n]*\n([ ]+)\S/);
    if (next) return undefined;
  }
  const before = text.slice(0, start);
  const line = before.split('\n').length;
  const column = start - before.lastIndexOf('\n');
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line, column, endLine: line, endColumn: end - lineStart + 1 };
}
