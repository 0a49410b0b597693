// Pure: config problems that read like lint findings: FILE:LINE:COLUMN, the key named, and the
// nearest allowed key or value suggested. Positions come from the config's text (YAML or JSON);
// a JavaScript config has none, and its problems name the key path only.
import { keepSide } from '../core/conflict.js';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { didYouMean } from '../core/suggest.js';
import { eslintSeverity } from './overrides.js';

/** a problem of the config, at its place when the text has one: LINE:COLUMN where it starts (what the command line says), and where what it names ends */
export interface ConfigProblem { line?: number; column?: number; endLine?: number; endColumn?: number; message: string }

/** a place in the config's text: where it starts, and where what it names ends */
export interface ConfigPlace { line: number; column: number; endLine: number; endColumn: number }

/** The subset of an ajv error this needs (ajv compiled with allErrors and verbose). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { properties?: Record<string, unknown>; enum?: unknown[] };
  data?: unknown;
}

export class ConfigText {
  private readonly doc: Document;
  private readonly lc = new LineCounter();
  /** `prefix`: where the config sits in the file (["tplsync"] in package.json) */
  constructor(private readonly text: string, private readonly prefix: readonly string[] = []) {
    this.doc = parseDocument(text, { lineCounter: this.lc, uniqueKeys: false });
  }

  /** the place from `start` to `end` (offsets; at least one character), undefined without a start */
  private place(start: number | undefined, end?: number): ConfigPlace | undefined {
    if (start === undefined) return undefined;
    const a = this.lc.linePos(start);
    const b = this.lc.linePos(Math.max(start + 1, end ?? start + 1));
    return { line: a.line, column: a.col, endLine: b.line, endColumn: b.col };
  }

  /** The text a scalar at `path` was written as (`0042` for the number 42), or undefined. */
  sourceOf(path: readonly (string | number)[]): string | undefined {
    const node = this.doc.getIn([...this.prefix, ...path], true);
    return isScalar(node) && typeof node.source === 'string' ? node.source : undefined;
  }

  /**
   * Where the value at `path` is (its entry: from its key through the value when the value ends on the key's line,
   * `rules: { button-label: of }`; the key alone before a value of several lines), or the key of the entry `key` of
   * the map at `path` when `key` is given (a key that is the mistake: the key alone).
   */
  at(path: readonly (string | number)[], key?: string): ConfigPlace | undefined {
    const full = [...this.prefix, ...path];
    const range = (n: unknown): number[] | undefined => (n as { range?: number[] } | null | undefined)?.range ?? undefined;
    if (key !== undefined) {
      const map = full.length ? this.doc.getIn(full, true) : this.doc.contents;
      if (isMap(map)) {
        const pair = map.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
        if (pair && isScalar(pair.key)) return this.place(range(pair.key)?.[0], range(pair.key)?.[1]);
      }
      return undefined;
    }
    // the key of the entry is where a reader looks for a value's mistake: from there through the value
    if (full.length) {
      const parent = full.length > 1 ? this.doc.getIn(full.slice(0, -1), true) : this.doc.contents;
      const last = full[full.length - 1]!;
      if (isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === String(last));
        if (pair && isScalar(pair.key)) {
          const [start, keyEnd] = range(pair.key) ?? [];
          const valueEnd = range(pair.value)?.[1];
          const oneLine = start !== undefined && valueEnd !== undefined && valueEnd > start && !this.text.slice(start, valueEnd).includes('\n');
          return this.place(start, oneLine ? valueEnd : keyEnd);
        }
      }
    }
    // an item of a list (a language of a channel's list): the item, when it is on one line
    const node = full.length ? this.doc.getIn(full, true) : this.doc.contents;
    const [start, end] = range(node) ?? [];
    return this.place(start, start !== undefined && end !== undefined && !this.text.slice(start, end).includes('\n') ? end : undefined);
  }
}

const pointer = (p: string): string[] => (p === '' ? [] : p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')));
/** a.b[0].c, as the config's other messages name an entry of a list (overrides[0]) */
const dotted = (path: readonly string[]): string => path.reduce((s, k, i) => (/^\d+$/.test(k) ? `${s}[${k}]` : i ? `${s}.${k}` : k), '') || '(top level)';

const TYPE_WORDS: Record<string, string> = { string: 'a text', number: 'a number', integer: 'a whole number', boolean: 'true or false', array: 'a list', date: 'a date (YAML read an unquoted date: quote it)' };

/** the JSON type of a value, as a schema's `type` names it */
const jsonType = (v: unknown): string => (v instanceof Date ? 'date' : Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v);

/**
 * A value that fits none of a oneOf of types (`values.x: [1, 2]`) is one problem naming what it may
 * be, not a "must be" per branch and "must match exactly one schema in oneOf"; a value of one of
 * the branches' types keeps that branch's own problems (a mapping without its `env`).
 */
function collapseOneOf(errors: readonly SchemaError[]): SchemaError[] {
  const drop = new Set<SchemaError>();
  const add: SchemaError[] = [];
  for (const e of errors) {
    if (e.keyword !== 'oneOf') continue;
    const branches = (e.parentSchema as { oneOf?: { type?: unknown; required?: unknown }[] } | undefined)?.oneOf ?? [];
    const types = branches.map((b) => b.type);
    if (!types.length || types.some((t) => typeof t !== 'string')) continue; // alternatives by required keys (a policy's check): as they are
    drop.add(e);
    for (const x of errors) if (x.instancePath === e.instancePath && x.keyword === 'type') drop.add(x);
    const t = jsonType(e.data);
    if (types.includes(t) || (t === 'integer' && types.includes('number'))) continue;
    // of none of the forms: the branches' own problems (a date's missing `env`) say nothing more
    for (const x of errors) if (x.instancePath === e.instancePath || x.instancePath.startsWith(`${e.instancePath}/`)) drop.add(x);
    const words = branches.map((b) => (b.type === 'object' ? (Array.isArray(b.required) && b.required.length ? `{ ${b.required.map((k) => `${String(k)}: ...`).join(', ')} }` : 'a mapping') : TYPE_WORDS[String(b.type)] ?? String(b.type)));
    add.push({ keyword: 'oneOfTypes', instancePath: e.instancePath, params: {}, message: `must be ${words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}` : words[0]!}, not ${TYPE_WORDS[t] ?? (t === 'object' ? 'a mapping' : t)}` });
  }
  return [...errors.filter((x) => !drop.has(x)), ...add];
}

/** the line to write for a config key of the wrong type that people commonly get wrong */
function typeHint(path: readonly string[], data: unknown): string {
  const key = path.join('.');
  if (key === 'templates' && typeof data === 'string') return `; write it as a list of globs: templates: [${JSON.stringify(data)}]`;
  if (path.length === 2 && path[0] === 'channels' && typeof data === 'string') return `; write what the channel is: channels: { ${path[1]}: { kind: ${/rcs/i.test(data) ? 'rcs' : 'whatsapp'} } } (its id goes under environments.<env>.channels)`;
  if (key === 'rules' && Array.isArray(data)) return `; write each rule id with its severity (error, warning, info or off): rules: { ${typeof data[0] === 'string' ? data[0] : 'placeholder-sequence'}: error }`;
  if (path.length === 3 && path[0] === 'environments' && path[2] === 'channels' && Array.isArray(data)) return `; write each channel's alias with its id: channels: { whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }`;
  return '';
}

/** the kind (`channels.<alias>.kind`) the raw config gives a channel alias, if any */
function channelKindOf(raw: unknown, alias: string): unknown {
  const channels = (raw as { channels?: unknown } | null)?.channels;
  const own = channels !== null && typeof channels === 'object' && Object.hasOwn(channels, alias) ? (channels as Record<string, unknown>)[alias] : undefined;
  return own !== null && typeof own === 'object' ? (own as { kind?: unknown }).kind : undefined;
}

/**
 * Pure: why `v` is not a language code by tplsync's own format (`ll` or `ll_CC`, docs/format.md), in
 * the words of that rule: for a channel WhatsApp's list does not govern (an RCS channel).
 */
function formatLanguageWhy(v: string): string {
  const rule = "tplsync's template format writes a language as ll or ll_CC, docs/format.md";
  if (v.trim() === '') return 'it is empty';
  if (v.includes('@')) return `gettext's modifier ${v.slice(v.indexOf('@'))} is no part of a language code: write ${v.slice(0, v.indexOf('@'))}`;
  const parts = v.split(/[-_]/);
  const base = parts[0]!.toLowerCase();
  if (!/^[a-z]{2,3}$/.test(base)) return 'a name such as German is not one';
  const country = parts.slice(1).find((p) => /^[a-z]{2}$/i.test(p));
  const write = country ? `write ${base}_${country.toUpperCase()}` : `write ${base}, or ${base}_XX with the country's two letters`;
  const script = parts.slice(1).find((p) => /^[a-z]{4}$/i.test(p));
  if (script) return `${rule}, with no script code (${script}): ${write}`;
  const numeric = parts.slice(1).find((p) => /^\d{3}$/.test(p));
  if (numeric) return `${rule}; a numeric region such as ${numeric} is no country code: ${write}`;
  return `${rule}: ${write}`;
}

/**
 * A name under which a config may hold a key or a password (`apiKey`, `api_key`, `token`, `apiToken`, `secret`, `password`,
 * `x-api-key`, `Authorization`, `clientSecret`): not `apiKeyEnv` nor a misspelling of it, which did-you-mean answers.
 */
const KEY_NAME = /^x?(?:api|access|auth|bearer|client|private|secret)?(?:key|token|secret|password|passwd|pwd|pass)$|^(?:authorization|bearer|credentials?)$/;
const keyLike = (name: string): boolean => KEY_NAME.test(name.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** an environment variable's name as shells and CI systems write them, which a message may show (another form may be a key) */
const SHOWN_VARIABLE = /^[A-Z_][A-Z0-9_]*$/;

/**
 * What to do with a key written into the config (`apiKey:`, `headers: { apiKey: ... }`, `apiKeyEnv: <the key>`): keys are
 * never read from it. Names the variable to put it in (the environment's apiKeyEnv when it names one, else one after the
 * environment), never the value written.
 */
function keyInConfigAdvice(env: string | undefined, apiKeyEnv: unknown): string {
  const named = typeof apiKeyEnv === 'string' && SHOWN_VARIABLE.test(apiKeyEnv) ? apiKeyEnv : undefined;
  const word = env?.toUpperCase().replace(/[^A-Z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  const variable = word ? `TPLSYNC_${word}_API_KEY` : 'TPLSYNC_API_KEY';
  const where = env === undefined ? 'the apiKeyEnv of its environment' : 'apiKeyEnv';
  const which = named ? ` (its apiKeyEnv names ${named}: set the key there)` : ` (apiKeyEnv: ${variable}, then set ${variable} to the key)`;
  return `keys are never read from the config: put the key in an environment variable and name that variable in ${where}${which}; a key once written in a committed config stays in git's history: revoke it then`;
}

/** the key-like names among the keys of `v`, a mapping (`headers: { apiKey: ... }`), if any */
const keyLikeKeys = (v: unknown): string[] => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v).filter(keyLike) : []);

/** Each schema error as a problem at its key, with "did you mean" where a name or value is close to an allowed one. */
export function schemaProblems(errors: readonly SchemaError[], text: ConfigText | undefined, raw?: unknown): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const seen = new Set<string>();
  for (const e of collapseOneOf(errors)) {
    const path = pointer(e.instancePath);
    let message: string;
    let where: ConfigPlace | undefined;
    if (e.keyword === 'additionalProperties') {
      const key = String(e.params.additionalProperty);
      const allowed = Object.keys(e.parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
      // a key written into the config, under a name of its own or in a mapping (`headers: { apiKey: ... }`): where keys go,
      // not "did you mean 'apiKeyEnv'?", which led to `apiKeyEnv: <the key>` (trial-bi F4); the value is never shown
      const envName = path.length === 2 && path[0] === 'environments' ? path[1] : undefined;
      const own = e.data !== null && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : {};
      const held = keyLikeKeys(own[key]);
      const atEnvOrTop = path.length === 0 || envName !== undefined;
      message = atEnvOrTop && (keyLike(key) || held.length)
        ? `${path.length ? `${dotted(path)}: ` : ''}unknown key '${key}'${keyLike(key) ? '' : ` (with ${held.map((k) => `'${k}'`).join(', ')} in it)`}: ${/^(?:http)?headers?$/i.test(key) ? 'tplsync sends the key itself, in the apiKey header, and no header of the config; ' : ''}${keyInConfigAdvice(envName, envName !== undefined ? own.apiKeyEnv : undefined)}`
      // `rules` and an override's `rules`: the schema lists every rule id (a hundred of them: named by the docs, not here)
      : path[path.length - 1] === 'rules'
        ? `${dotted(path)}: unknown rule id '${key}'${didYouMean(key, allowed)} (docs/rules.md lists them; a team policy's id has its prefix, like acme/opt-out)`
        : `${path.length ? `${dotted(path)}: ` : ''}unknown key '${key}'${didYouMean(key, allowed)}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}`;
      where = text?.at(path, key);
    } else if (e.keyword === 'enum') {
      const allowed = (e.params.allowedValues as unknown[] | undefined ?? []).map(String);
      const asEslint = path[path.length - 2] === 'rules' ? eslintSeverity(path[path.length - 1]!, e.data, allowed) : undefined;
      message = asEslint !== undefined ? `${dotted(path)}: ${asEslint}`
        : `${dotted(path)}: '${String(e.data)}' is not allowed${didYouMean(String(e.data), allowed)} (allowed: ${allowed.join(', ')})`;
      where = text?.at(path);
    } else if (e.keyword === 'pattern' && path.length === 3 && path[0] === 'environments' && path[2] === 'apiKeyEnv') {
      // not a variable's name: the key itself, perhaps (never shown), or a variable written as a shell reads it ($NAME)
      const v = String(e.data);
      const dollar = /^\$\{?([A-Z_][A-Z0-9_]*)\}?$/.exec(v)?.[1];
      message = dollar
        ? `${dotted(path)}: apiKeyEnv names the variable, not its value as a shell reads it: write apiKeyEnv: ${dollar}`
        : `${dotted(path)}: not the name of an environment variable (letters, digits and _, not starting with a digit; the value is not shown): apiKeyEnv names the variable that holds the key, and ${keyInConfigAdvice(path[1], undefined)}`;
      where = text?.at(path);
    } else if (e.keyword === 'pattern' && path.length === 4 && path[0] === 'environments' && path[2] === 'channels') {
      message = `${dotted(path)}: '${String(e.data)}' is not a channel id (a UUID such as 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11)`;
      where = text?.at(path);
    } else if (e.keyword === 'pattern' && path.length === 4 && path[0] === 'environments' && path[2] === 'list' && path[3] === 'path') {
      message = `${dotted(path)}: '${String(e.data)}' must be a path under the baseUrl, starting with one / and holding {channelId} (e.g. /channel/{channelId}/templates)`;
      where = text?.at(path);
    } else if (e.keyword === 'pattern' && path.length === 4 && path[0] === 'channels' && path[2] === 'languages' && channelKindOf(raw, path[1]!) === 'rcs') {
      // an RCS channel: WhatsApp's list has nothing to say of it; the rule is tplsync's format's (every template's `language`)
      message = `${dotted(path)}: '${String(e.data)}' is not a language code like de, en_US or pt_BR (${formatLanguageWhy(String(e.data))})`;
      where = text?.at(path);
    } else if (e.keyword === 'pattern' && path.length === 4 && path[0] === 'channels' && path[2] === 'languages') {
      const v = String(e.data);
      const why = v.trim() === '' ? 'it is empty'
        : v.includes('@') ? `gettext's modifier ${v.slice(v.indexOf('@'))} is no part of a WhatsApp language code: write ${v.slice(0, v.indexOf('@'))}`
          : /^zh[-_]han[st]$/i.test(v) ? 'WhatsApp has no script codes: Traditional Chinese is zh_TW or zh_HK, Simplified zh_CN'
            : /^[a-z]{2,3}[-_][a-z]{4}([-_]|$)/i.test(v) ? `WhatsApp has no script codes (${v.split(/[-_]/)[1]}): write the language with its region, as WhatsApp's list of languages has it`
              : /^[a-z]{2,3}[-_]\d{3}$/i.test(v) ? `a numeric region such as ${v.slice(-3)} is not in WhatsApp's list: write the language alone or with a country (${v.slice(0, v.search(/[-_]/)).toLowerCase()}, or ${v.slice(0, v.search(/[-_]/)).toLowerCase()}_XX with the country's two letters)`
              : 'a name such as German is not one';
      message = `${dotted(path)}: '${v}' is not a language code like de, en_US or pt_BR (${why})`;
      where = text?.at(path);
    } else if (e.keyword === 'type') {
      // said in the user's words, with the line to write where the key is a common one
      const want = String(e.params.type).split(',').map((t) => (t === 'object' ? 'a mapping' : TYPE_WORDS[t] ?? t)).join(' or ');
      const got = jsonType(e.data);
      message = `${dotted(path)}: must be ${want}, not ${got === 'object' ? 'a mapping' : got === 'null' ? 'empty' : TYPE_WORDS[got] ?? got}${typeHint(path, e.data)}`;
      where = text?.at(path);
    } else {
      message = `${dotted(path)}: ${e.message ?? e.keyword}`;
      where = text?.at(path);
    }
    const p = { ...(where ?? {}), message };
    const id = `${p.line}:${p.column}:${p.message}`;
    if (!seen.has(id)) { seen.add(id); out.push(p); }
  }
  return out.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

const MARKER = /^(<{7}|={7}|>{7}|\|{7})(?:[ \t]|$)/;


/**
 * Pure: each unresolved merge conflict of a config's text (git's markers: `<<<<<<<` at the start of
 * a line, then `=======` and `>>>>>>>`, a `|||||||` of diff3 between), as a problem at its first
 * marker that names the lines of the others; none when the text has no conflict. A conflict is the
 * common way a shared config breaks, and YAML reads its markers as a syntax error at another line.
 */
export function conflictProblems(text: string): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  const whole: { line: number; lines: string[]; end: number }[] = [];
  let open: { line: number; lines: string[] } | undefined;
  text.split(/\r?\n/).forEach((l, i) => {
    const m = MARKER.exec(l);
    if (!m) return;
    const line = i + 1;
    if (m[1]!.startsWith('<')) { open = { line, lines: [] }; return; }
    if (!open) return;
    if (m[1]!.startsWith('>')) {
      whole.push({ ...open, end: line });
      open = undefined;
      return;
    }
    open.lines.push(`${m[1]} on line ${line}`);
  });
  // the line numbers are the file's as it is now: deleting one conflict's lines moves those of the conflicts below it, so
  // with several, the advice says to resolve them from the last one up (a later conflict's lines move none of an earlier's)
  const order = whole.length > 1
    ? ` The file has ${whole.length} conflicts, and these line numbers are as it is now: resolve them from the last one up (the one on line ${whole[whole.length - 1]!.line} first), as deleting lines moves the lines below them.`
    : '';
  for (const c of whole) {
    const middle = c.lines.length ? `${c.lines.join(', ')} and ` : '';
    out.push({ line: c.line, column: 1, message: `An unresolved merge conflict: <<<<<<< starts it on line ${c.line}, ${middle}>>>>>>> ends it on line ${c.end}. ${keepSide(c.line, c.lines, c.end)}, then run again.${order}` });
  }
  // (a conflict whose end marker is gone is one all the same)
  if (open) out.push({ line: open.line, column: 1, message: `An unresolved merge conflict: <<<<<<< starts it on line ${open.line}${open.lines.length ? `, ${open.lines.join(', ')}` : ''}, and no >>>>>>> ends it. Keep the side you want, delete the marker lines, then run again.` });
  return out;
}

/** The first syntax error of a YAML or JSON text (as the `yaml` package sees it), or undefined. */
export function syntaxProblem(text: string): ConfigProblem | undefined {
  const doc = parseDocument(text, { prettyErrors: true });
  const e = doc.errors[0];
  if (!e) return undefined;
  const first = e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return { ...(e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : {}), message: `YAML syntax error: ${first}` };
}

/** A JSON.parse message ("... in JSON at position N ...") as a problem at its line and column. */
export function jsonSyntaxProblem(message: string, text: string): ConfigProblem {
  const m = /([^\n]*?) in JSON at position (\d+)/.exec(message);
  if (!m && /Unexpected end of JSON input/.test(message)) {
    const lines = text.split('\n');
    const last = text.endsWith('\n') ? lines.length - 1 : lines.length;
    return { line: last, column: (lines[last - 1] ?? '').length + 1, message: 'JSON syntax error: unexpected end of the input' };
  }
  if (!m) return { message: `JSON syntax error: ${message.trim().split('\n').filter((l) => l.trim() && !/^\s*[>|]|^\s+\d+ \|/.test(l))[0] ?? message.trim()}` };
  const before = text.slice(0, Number(m[2]));
  const line = before.split('\n').length;
  return { line, column: Number(m[2]) - (before.lastIndexOf('\n') + 1) + 1, message: `JSON syntax error: ${m[1]!.trim()}` };
}

/** "FILE:LINE:COLUMN: message", one line per problem, like the findings of lint. */
export function formatProblems(file: string, problems: readonly ConfigProblem[]): string {
  return problems.map((p) => `${file}${p.line !== undefined ? `:${p.line}:${p.column}` : ''}: ${p.message}`).join('\n');
}
