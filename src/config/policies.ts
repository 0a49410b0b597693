// Pure: checking the `policies` block of a config before the schema does, so that every mistake
// gets a message that says what to write (did-you-mean for keys and severities); and the field
// paths policies use (`footer`, `body.text`, `buttons[*].text`, `carousel[0].body.text`).
import { UsageError } from '../core/errors.js';
import { didYouMean } from '../core/suggest.js';

export const OPERATORS = ['pattern', 'notPattern', 'maxLength', 'required', 'enum'] as const;
const DECLARATIVE_KEYS = ['id', 'message', 'severity', 'description', 'where', 'field', ...OPERATORS, 'flags'];
export const SEVERITIES = ['error', 'warning', 'warn', 'info', 'off'];

// ---------------------------------------------------------------------------------------------
// Field paths: `footer`, `body.text`, `buttons[*].text`, `carousel[0].body.text`

export type Seg = { key: string } | { index: number } | { any: true };

export function parseField(field: string): Seg[] | undefined {
  const segs: Seg[] = [];
  for (const part of field.split('.')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)((?:\[(?:\*|\d+)\])*)$/.exec(part);
    if (!m) return undefined;
    segs.push({ key: m[1]! });
    for (const b of m[2]!.match(/\[(\*|\d+)\]/g) ?? []) segs.push(b === '[*]' ? { any: true } : { index: Number(b.slice(1, -1)) });
  }
  return segs;
}

export const scalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

// ---------------------------------------------------------------------------------------------
// Checking the block (config loading): every mistake a UsageError with did-you-mean

/** Throws a UsageError for the first problem of `policies` in a raw config; runs before the schema, for better messages. */
export function checkPolicyEntries(raw: unknown, rel: string): void {
  const list = (raw as { policies?: unknown } | null)?.policies;
  if (list === undefined) return;
  const fail = (where: string, msg: string): never => { throw new UsageError(`${rel}: ${where}: ${msg}`); };
  if (!Array.isArray(list)) fail('policies', 'is a list of policies (- id: ..., or - plugin: ...)');
  const ids = new Set<string>();
  (list as unknown[]).forEach((e, i) => {
    const where = `policies[${i}]`;
    if (e === null || typeof e !== 'object' || Array.isArray(e)) return fail(where, 'is a mapping: id, message, field and one of pattern, notPattern, maxLength, required, enum (or plugin: MODULE)');
    const p = e as Record<string, unknown>;
    if ('plugin' in p) {
      const extra = Object.keys(p).filter((k) => k !== 'plugin');
      if (extra.length) fail(where, `a plugin entry has only \`plugin\`; remove ${extra.map((k) => `'${k}'`).join(', ')} (its rules say their own id, severity and message)`);
      if (typeof p.plugin !== 'string' || !p.plugin) fail(`${where}.plugin`, 'is the path of an ES module, relative to the config');
      return;
    }
    for (const k of Object.keys(p)) if (!DECLARATIVE_KEYS.includes(k)) fail(where, `unknown key '${k}'${didYouMean(k, [...DECLARATIVE_KEYS, 'plugin']) || ` (known: ${DECLARATIVE_KEYS.join(', ')}, plugin)`}`);
    for (const k of ['id', 'message', 'field'] as const) if (typeof p[k] !== 'string' || !p[k]) fail(where, `needs \`${k}\` (a string)`);
    const id = p.id as string;
    if (!/^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/.test(id)) fail(`${where}.id`, `'${id}' needs your team's prefix and lowercase letters, digits, '.', '_' or '-': like acme/marketing-opt-out`);
    if (ids.has(id)) fail(`${where}.id`, `'${id}' is already the id of another policy`);
    ids.add(id);
    if (p.severity !== undefined && !SEVERITIES.includes(String(p.severity))) fail(`${where}.severity`, `'${String(p.severity)}' is not one of ${SEVERITIES.join(', ')}${didYouMean(String(p.severity), SEVERITIES)}`);
    if (!parseField(p.field as string)) fail(`${where}.field`, `'${String(p.field)}' is not a field path like footer, body.text, buttons[*].text`);
    const ops = OPERATORS.filter((k) => k in p);
    if (ops.length !== 1) fail(where, ops.length === 0 ? `needs exactly one of ${OPERATORS.join(', ')}` : `has ${ops.join(' and ')}; give exactly one (write two policies for two checks)`);
    for (const k of ['pattern', 'notPattern'] as const) {
      if (!(k in p)) continue;
      if (typeof p[k] !== 'string') fail(`${where}.${k}`, 'is a regular expression (a string)');
      try { new RegExp(p[k] as string, typeof p.flags === 'string' ? p.flags : ''); } catch (x) { fail(`${where}.${k}`, `is not a valid regular expression: ${(x as Error).message}`); }
    }
    if (p.flags !== undefined && !(typeof p.flags === 'string' && /^[imsu]*$/.test(p.flags))) fail(`${where}.flags`, 'takes the regular-expression flags i, m, s and u');
    if ('maxLength' in p && !(Number.isInteger(p.maxLength) && (p.maxLength as number) >= 0)) fail(`${where}.maxLength`, 'is a whole number of characters');
    if ('required' in p && p.required !== true) fail(`${where}.required`, 'is `true` (leave the policy out to not require the field)');
    if ('enum' in p && !(Array.isArray(p.enum) && p.enum.length > 0 && p.enum.every(scalar))) fail(`${where}.enum`, 'is a non-empty list of the allowed values');
    if (p.where !== undefined) {
      if (p.where === null || typeof p.where !== 'object' || Array.isArray(p.where)) fail(`${where}.where`, 'is a mapping of field paths to the values they must equal: { category: MARKETING }');
      for (const [k, v] of Object.entries(p.where as object)) {
        if (!parseField(k)) fail(`${where}.where`, `'${k}' is not a field path`);
        if (!(scalar(v) || (Array.isArray(v) && v.every(scalar)))) fail(`${where}.where.${k}`, 'is a value, or a list of values (any of them)');
      }
    }
  });
}

