// Pure: the text `yaml` would print for a template file's plain value in fmt's layout (keys in
// the schema's order, TO_STRING's settings), written directly from the value. Building a `yaml`
// Document of every template and printing it was a third of `pull --from meta` of a catalogue.
// Only the shapes whose printing is worked out here are written (plain mappings and sequences,
// strings on one line or on several as literal blocks, numbers, booleans, null); for anything
// else (an object met twice, which `yaml` would print as an anchor and an alias; control
// characters; document markers; keys not plain; blocks with trailing blank lines) the answer is
// undefined and the caller prints with `yaml`. test/pull-yaml-text.test.ts holds the two
// writers to the same bytes over every kind's generated templates.
import { Document } from 'yaml';
import { YAML11_OTHER } from '../core/yaml11.js';
import { propertiesOf, resolve, rootTemplateSchema, type Schema } from '../fmt/key-order.js';

/** the value (or one part of it) is not one of the shapes written here */
const UNSUPPORTED = Symbol('unsupported');

/** characters `yaml` prints only double-quoted with escapes (stringifyString) */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
/** what a plain scalar may not be (yaml's plainString, verbatim) */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** lines that `yaml` indents or quotes specially */
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/m;
/** keys written here: plain, short, on one line */
const SIMPLE_KEY = /^[^\n]{0,200}$/;

const STR_TAG = 'tag:yaml.org,2002:str';
let otherTags: RegExp[] | undefined;
const FIRST_OF_OTHER = /^[-+.0-9~nNtTfF]/;
/** a plain scalar that the core schema would read as something other than this string (`1`, `true`, `null`, `0x1f`, ...) */
function readsAsOther(s: string): boolean {
  if (YAML11_OTHER.test(s)) return true;
  // the core schema's other scalars all start with one of these (or are empty): the rest need no test
  if (s && !FIRST_OF_OTHER.test(s)) return false;
  otherTags ??= (new Document().schema.tags as { default?: unknown; tag: string; test?: RegExp }[])
    .filter((t) => t.default && t.tag !== STR_TAG && t.test).map((t) => t.test!);
  for (const re of otherTags) if (re.test(s)) return true;
  return false;
}

/** one line in quotes: single when only double quotes are in it, else double (JSON's escapes, which are yaml's for these characters) */
function quoted(s: string): string {
  const dq = s.includes('"');
  return dq && !s.includes("'") ? `'${s}'` : JSON.stringify(s);
}

function stringText(s: string, indent: string, key: boolean): string {
  if (CONTROL.test(s) || DOCUMENT_MARKER.test(s)) throw UNSUPPORTED;
  if (s.includes('\n')) {
    if (key) throw UNSUPPORTED;
    return literalBlock(s, indent);
  }
  if (key && (s.length > 200 || !SIMPLE_KEY.test(s))) throw UNSUPPORTED;
  return NOT_PLAIN.test(s) || readsAsOther(s) ? quoted(s) : s;
}

/** yaml's blockString for a literal block (lineWidth 0: never folded), keep-chomping left to `yaml` */
function literalBlock(value: string, indent: string): string {
  if (/\n[\t ]+$/.test(value)) throw UNSUPPORTED; // yaml quotes it, with its folding of escapes
  let endStart = value.length;
  for (; endStart > 0; --endStart) {
    const ch = value[endStart - 1];
    if (ch !== '\n' && ch !== '\t' && ch !== ' ') break;
  }
  let end = value.substring(endStart);
  const endNl = end.indexOf('\n');
  let chomp: string;
  if (endNl === -1) chomp = '-';
  else if (value === end || endNl !== end.length - 1) throw UNSUPPORTED; // '+': changes what follows
  else chomp = '';
  if (end) {
    value = value.slice(0, -end.length);
    if (end[end.length - 1] === '\n') end = end.slice(0, -1);
    end = end.replace(/(^|(?<!\n))\n+(?!\n|$)/g, `$&${indent}`);
  }
  let startWithSpace = false;
  let startEnd = 0;
  let startNl = -1;
  for (; startEnd < value.length; ++startEnd) {
    const ch = value[startEnd];
    if (ch === ' ') startWithSpace = true;
    else if (ch === '\n') startNl = startEnd;
    else break;
  }
  let start = value.substring(0, startNl < startEnd ? startNl + 1 : startEnd);
  if (start) {
    value = value.substring(start.length);
    start = start.replace(/\n+/g, `$&${indent}`);
  }
  const header = (startWithSpace ? (indent ? '2' : '1') : '') + chomp;
  return `|${header}\n${indent}${start}${value.replace(/\n+/g, `$&${indent}`)}${end}`;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? '.nan' : n < 0 ? '-.inf' : '.inf';
  return Object.is(n, -0) ? '-0' : JSON.stringify(n);
}

type Printed = { text: string; block: boolean };

/** a scalar's text (block: a literal block scalar, which a value puts after `key: `) */
function scalar(v: unknown, indent: string): string | undefined {
  if (typeof v === 'string') return stringText(v, indent, false);
  if (typeof v === 'number') return numberText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  return undefined;
}

function isPlainObject(v: object): v is Record<string, unknown> {
  const p = Object.getPrototypeOf(v) as unknown;
  return p === Object.prototype || p === null;
}

/** per schema node (before resolving): its properties' ranks and schemas, worked out once */
const ranks = new WeakMap<object, { rank: Map<string, number>; props: Record<string, Schema>; items: Schema | undefined }>();
const NO_SCHEMA = {};
function ranksOf(schema: Schema | undefined): { rank: Map<string, number>; props: Record<string, Schema>; items: Schema | undefined } {
  let r = ranks.get(schema ?? NO_SCHEMA);
  if (!r) {
    const s = resolve(schema);
    const props = propertiesOf(s);
    r = { rank: new Map(Object.keys(props).map((k, i) => [k, i])), props, items: s?.items };
    ranks.set(schema ?? NO_SCHEMA, r);
  }
  return r;
}

class Writer {
  private readonly seen = new Set<object>();
  constructor(private readonly comments: Record<string, string> | undefined) {}

  /** the collection's text at `indent` (its lines after the first start with `indent`); `{}`/`[]` when empty */
  collection(v: object, indent: string, schema: Schema | undefined, top = false): Printed {
    if (this.seen.has(v)) throw UNSUPPORTED; // yaml would print an anchor and an alias
    this.seen.add(v);
    if (Array.isArray(v)) return this.seq(v, indent, schema);
    if (!isPlainObject(v)) throw UNSUPPORTED;
    return this.map(v, indent, schema, top);
  }

  private value(v: unknown, indent: string, schema: Schema | undefined): Printed {
    const s = scalar(v, indent);
    if (s !== undefined) return { text: s, block: false };
    if (v === undefined || v === null || typeof v !== 'object') throw UNSUPPORTED;
    return this.collection(v, indent, schema);
  }

  private map(v: Record<string, unknown>, indent: string, schema: Schema | undefined, top: boolean): Printed {
    // fmt's order(): the schema's keys first in its order, the others after in the value's order;
    // a key the schema does not know orders its value by the root schema (order()'s default)
    const { rank, props } = ranksOf(schema);
    let keys = Object.keys(v).filter((k) => v[k] !== undefined);
    if (rank.size) {
      const r = (k: string) => rank.get(k) ?? rank.size;
      let sorted = true;
      for (let i = 1; i < keys.length && sorted; i++) sorted = r(keys[i - 1]!) <= r(keys[i]!);
      if (!sorted) keys = keys.map((k, i) => ({ k, i })).sort((a, b) => r(a.k) - r(b.k) || a.i - b.i).map((x) => x.k);
    }
    if (!keys.length) return { text: '{}', block: false };
    const inner = indent + '  ';
    const lines: string[] = [];
    for (const k of keys) {
      const key = stringText(k, inner, true);
      const val = v[k];
      const sub = props[k] ?? rootTemplateSchema(); // order()'s lookup, inherited names included
      let comment: string | undefined;
      if (top && this.comments && Object.hasOwn(this.comments, k)) comment = this.comments[k] || undefined;
      const p = this.value(val, inner, sub);
      let line: string;
      if (p.block) line = `${key}:\n${inner}${p.text}`;
      else line = `${key}: ${p.text}`;
      if (comment !== undefined) {
        // a comment after a scalar on its line (yaml's lineComment); anything else is yaml's to print
        if (val === null || typeof val === 'object' || p.text.includes('\n') || comment.includes('\n') || comment.includes('\r')) throw UNSUPPORTED;
        line += ` ${comment.replace(/^(?!$)(?: $)?/gm, '#')}`;
      }
      lines.push(line);
    }
    return { text: lines.join(`\n${indent}`), block: true };
  }

  private seq(v: unknown[], indent: string, schema: Schema | undefined): Printed {
    if (!v.length) return { text: '[]', block: false };
    const { items } = ranksOf(schema);
    const itemIndent = indent + '  ';
    const lines: string[] = [];
    for (let i = 0; i < v.length; i++) {
      if (!(i in v) || v[i] === undefined) throw UNSUPPORTED;
      const p = this.value(v[i], itemIndent, items ?? rootTemplateSchema());
      lines.push(`- ${p.text}`);
    }
    return { text: lines.join(`\n${indent}`), block: true };
  }
}

/**
 * The file text of templateFileText (file-text.ts) written directly, or undefined when the value
 * holds a shape this writer leaves to `yaml`.
 */
export function directTemplateFileText(value: Record<string, unknown>, o: { schemaPath: string; note: string; comments?: Record<string, string> }): string | undefined {
  const head = ` yaml-language-server: $schema=${o.schemaPath}\n${o.note.split('\n').map((l) => ` ${l}`).join('\n')}`;
  try {
    const body = new Writer(o.comments).collection(value, '', rootTemplateSchema(), true);
    if (!body.block) return undefined;
    return `${head.replace(/^(?!$)(?: $)?/gm, '#')}\n\n${body.text}\n`;
  } catch (e) {
    if (e === UNSUPPORTED) return undefined;
    throw e;
  }
}

