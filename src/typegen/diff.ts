// Pure: what changed between two modules `tplsync types` generated, template by template, for
// `types --check` to say of a stale module (trial-bm F4): which templates' parameters changed
// (TemplateParams, TemplateSendOptions: a change the application's calls of sendTemplate must
// follow), which were added or removed, and which changed only in their metadata (a text, a
// footer, a category: the calls compile as they did). Read from the texts alone (light: no
// ts-morph): each template is one line in each of the module's three per-template parts (generate.ts).
import { isDeepStrictEqual } from 'node:util';

/** one template's lines of a module: its TemplateParams type, its TemplateSendOptions type, its `templates` entry */
interface Entry { params: string; options?: string; meta?: string }

/** a template whose calls change: what of its parameters or options */
export interface CallChange { key: string; what: string }
/** a template whose metadata alone changed: which of its parts */
export interface MetaChange { key: string; parts: string[] }

export interface ModuleChanges {
  /** templates the new module has and the old one does not */
  added: string[];
  /** templates the old module has and the new one does not: a call of one no longer compiles */
  removed: string[];
  /** templates whose parameters or send options changed: their calls must follow */
  calls: CallChange[];
  /** templates whose metadata alone changed (their calls compile as they did) */
  metadata: MetaChange[];
}

/**
 * What changed from the module `before` (the committed one) to `after` (the one the templates make
 * now); undefined when either cannot be read template by template (not a module tplsync generated,
 * or one of a layout this version does not read).
 */
export function moduleChanges(before: string, after: string): ModuleChanges | undefined {
  const a = moduleEntries(before), b = moduleEntries(after);
  if (!a || !b) return undefined;
  const out: ModuleChanges = { added: [], removed: [], calls: [], metadata: [] };
  for (const key of a.keys()) if (!b.has(key)) out.removed.push(key);
  for (const [key, now] of b) {
    const was = a.get(key);
    if (!was) { out.added.push(key); continue; }
    const call = callChange(was, now);
    if (call) { out.calls.push({ key, what: call }); continue; }
    if (was.meta !== now.meta) out.metadata.push({ key, parts: metaParts(was.meta, now.meta) });
  }
  return out;
}

/** the module's templates, by key, each with its lines; undefined when its TemplateParams cannot be found */
export function moduleEntries(text: string): Map<string, Entry> | undefined {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const params = block(lines, /^export interface TemplateParams \{$/, /^\}$/, ';');
  if (!params) return undefined;
  const options = block(lines, /^export interface TemplateSendOptions \{$/, /^\}$/, ';');
  const metas = block(lines, /^export const templates: .* = \{$/, /^\};$/, ',');
  const out = new Map<string, Entry>();
  for (const [key, type] of params) {
    const e: Entry = { params: type };
    const o = options?.get(key);
    if (o !== undefined) e.options = o;
    const m = metas?.get(key);
    if (m !== undefined) e.meta = m;
    out.set(key, e);
  }
  return out;
}

/** the `  "key": VALUE<end>` lines between the line `start` and the line `stop`, by key */
function block(lines: readonly string[], start: RegExp, stop: RegExp, end: string): Map<string, string> | undefined {
  const from = lines.findIndex((l) => start.test(l));
  if (from < 0) return undefined;
  const out = new Map<string, string>();
  for (let i = from + 1; i < lines.length && !stop.test(lines[i]!); i++) {
    const m = /^ {2}("(?:[^"\\]|\\.)*"): (.*)$/.exec(lines[i]!);
    if (!m || !m[2]!.endsWith(end)) return undefined;
    let key: string;
    try { key = JSON.parse(m[1]!) as string; } catch { return undefined; }
    out.set(key, m[2]!.slice(0, -end.length));
  }
  return out;
}

/** what a template's calls must change, said shortly (`1, 2 → customer, order_id`); undefined when they compile as they did */
function callChange(was: Entry, now: Entry): string | undefined {
  const said: string[] = [];
  if (was.params !== now.params) {
    const a = typeFields(was.params), b = typeFields(now.params);
    if (a === 'never' || b === 'never' || !a || !b) said.push(b === 'never' ? 'no call compiles now (nothing of it can be sent from code)' : a === 'never' ? 'it can be sent from code now' : `parameters ${was.params} → ${now.params}`);
    else {
      const removed = [...a.keys()].filter((k) => !b.has(k));
      const added = [...b.keys()].filter((k) => !a.has(k));
      const changed = [...b.keys()].filter((k) => a.has(k) && !isDeepStrictEqual(a.get(k), b.get(k)));
      if (removed.length && added.length) said.push(`${removed.join(', ')} → ${added.join(', ')}`);
      else if (removed.length) said.push(`${removed.join(', ')} removed`);
      else if (added.length) said.push(`${added.join(', ')} added`);
      for (const k of changed) {
        const x = a.get(k)!, y = b.get(k)!;
        said.push(x.type === y.type ? `${k} ${y.optional ? 'optional' : 'required'} now` : `${k}: ${x.type} → ${y.type}`);
      }
    }
  }
  // the options as they follow from the parameters (SendTemplateOptions<TemplateParams[key]>) are no change of their own
  if (was.options !== undefined && now.options !== undefined && optionsShape(was.options) !== optionsShape(now.options)) {
    const has = (o: string, s: string) => o.includes(s);
    if (now.options === 'never' && was.options !== 'never') { if (!said.some((s) => s.startsWith('no call'))) said.push('no call compiles now (a value the module does not hold: send it with tplsync send)'); }
    else if (was.options === 'never') { if (!said.some((s) => s.startsWith('it can be sent'))) said.push('it can be sent from code now'); }
    else {
      if (has(now.options, '{ textOnly: true }') !== has(was.options, '{ textOnly: true }')) said.push(has(now.options, '{ textOnly: true }') ? 'textOnly: true required now' : 'textOnly no longer taken');
      if (has(now.options, '{ presetText: string }') !== has(was.options, '{ presetText: string }')) said.push(has(now.options, '{ presetText: string }') ? 'presetText required now' : 'presetText no longer taken');
      if (!said.length) said.push('its send options changed');
    }
  }
  return said.length ? said.join('; ') : undefined;
}

/** a TemplateSendOptions type with the template's own key taken out (SendTemplateOptions<TemplateParams["key"]> is the same shape for every key) */
function optionsShape(o: string): string {
  return o.replace(/TemplateParams\["(?:[^"\\]|\\.)*"\]/g, 'TemplateParams[K]');
}

interface Field { optional: boolean; type: string }

/** the fields of a TemplateParams type (`{ "1": string; button_0?: string }`), by name; `never`; undefined when it cannot be read */
function typeFields(type: string): Map<string, Field> | 'never' | undefined {
  if (type === 'never') return 'never';
  if (type === 'Record<string, never>') return new Map();
  if (!type.startsWith('{ ') || !type.endsWith(' }')) return undefined;
  const out = new Map<string, Field>();
  for (const part of topLevel(type.slice(2, -2), ';')) {
    const m = /^("(?:[^"\\]|\\.)*"|[A-Za-z_$][\w$]*)(\??): (.*)$/.exec(part.trim());
    if (!m) return undefined;
    let name: string;
    try { name = m[1]!.startsWith('"') ? JSON.parse(m[1]!) as string : m[1]!; } catch { return undefined; }
    out.set(name, { optional: m[2] === '?', type: m[3]! });
  }
  return out;
}

/** `s` split at each `sep` outside brackets and string literals */
function topLevel(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0, from = 0, quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) { if (c === '\\') i++; else if (c === '"') quoted = false; continue; }
    if (c === '"') quoted = true;
    else if (c === '{' || c === '[' || c === '(' || c === '<') depth++;
    else if (c === '}' || c === ']' || c === ')' || c === '>') depth--;
    else if (c === sep && depth === 0) { out.push(s.slice(from, i)); from = i + 1; }
  }
  if (s.slice(from).trim()) out.push(s.slice(from));
  return out;
}

/**
 * Which parts of a template's metadata changed (`footer`, `body`, `category`, `description`): its
 * fields that differ, the check's category and id, and the parts its digest covers that no field
 * named already shows (a description, which only the digest holds).
 */
function metaParts(was: string | undefined, now: string | undefined): string[] {
  const a = was !== undefined ? literalValue(was) : undefined, b = now !== undefined ? literalValue(now) : undefined;
  if (!isRecord(a) || !isRecord(b)) return [];
  const parts: string[] = [];
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (k !== 'check' && !isDeepStrictEqual(a[k], b[k])) parts.push(k);
  const ca = isRecord(a.check) ? a.check : {}, cb = isRecord(b.check) ? b.check : {};
  for (const k of ['category', 'acceptedCategory', 'publicId']) if (!isDeepStrictEqual(ca[k], cb[k])) parts.push(k);
  const da = isRecord(ca.digest) ? ca.digest : {}, db = isRecord(cb.digest) ? cb.digest : {};
  for (const k of new Set([...Object.keys(da), ...Object.keys(db)])) {
    if (da[k] !== db[k] && !parts.includes(k.split('.')[0]!) && !parts.includes(k)) parts.push(k);
  }
  return parts;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** a value as generate.ts's `literal` writes it (JSON's strings, keys bare where they are identifiers); undefined when it does not read */
export function literalValue(s: string): unknown {
  let i = 0;
  const ws = () => { while (s[i] === ' ') i++; };
  const fail = (): never => { throw new SyntaxError('not a literal'); };
  const str = (): string => {
    const start = i++;
    while (i < s.length && s[i] !== '"') i += s[i] === '\\' ? 2 : 1;
    if (s[i] !== '"') fail();
    i++;
    return JSON.parse(s.slice(start, i)) as string;
  };
  const value = (): unknown => {
    ws();
    const c = s[i];
    if (c === '"') return str();
    if (c === '[') {
      i++; ws();
      const out: unknown[] = [];
      if (s[i] === ']') { i++; return out; }
      for (;;) { out.push(value()); ws(); if (s[i] === ',') { i++; continue; } if (s[i] === ']') { i++; return out; } fail(); }
    }
    if (c === '{') {
      i++; ws();
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      if (s[i] === '}') { i++; return out; }
      for (;;) {
        ws();
        let key: string;
        if (s[i] === '"') key = str();
        else { const m = /^[A-Za-z_$][\w$]*/.exec(s.slice(i)); if (!m) fail(); key = m![0]; i += key.length; }
        ws(); if (s[i] !== ':') fail(); i++;
        out[key] = value(); ws();
        if (s[i] === ',') { i++; continue; }
        if (s[i] === '}') { i++; return out; }
        fail();
      }
    }
    const m = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/.exec(s.slice(i));
    if (!m) fail();
    i += m![0].length;
    return JSON.parse(m![0]) as unknown;
  };
  try {
    const v = value(); ws();
    return i === s.length ? v : undefined;
  } catch { return undefined; }
}

/** the lines `types --check` says under "is stale": each kind of change with its templates, the first few named, then how many more */
export function describeChanges(c: ModuleChanges, few = 5): string[] {
  const list = <T>(xs: readonly T[], say: (x: T) => string): string => `${xs.slice(0, few).map(say).join('; ')}${xs.length > few ? `; and ${xs.length - few} more` : ''}`;
  const out: string[] = [];
  if (c.calls.length) out.push(`parameters changed, which code calling sendTemplate must follow (${c.calls.length}): ${list(c.calls, (x) => `${x.key} (${x.what})`)}`);
  if (c.removed.length) out.push(`removed, which code calling sendTemplate must follow (${c.removed.length}): ${list(c.removed, (k) => k)}`);
  if (c.added.length) out.push(`added (${c.added.length}): ${list(c.added, (k) => k)}`);
  if (c.metadata.length) out.push(`other metadata changed, the calls compile as they did (${c.metadata.length}): ${list(c.metadata, (x) => (x.parts.length ? `${x.key} (${x.parts.join(', ')})` : x.key))}`);
  if (!out.length) out.push('no template\'s entry changed: the rest of the module did (another tplsync version writes it so, or another config path or import)');
  return out;
}
