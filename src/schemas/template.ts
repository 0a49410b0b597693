// The JSON Schema stage: validates a template's plain value with ajv (compiled once per
// process) and turns each error into a diagnostic on the offending node, attributed to the
// named rule when the schema encodes a platform rule (name, category, language, header format).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { schemaDir } from './dir.js';
import type { Path } from '../files/locate.js';
import { didYouMean } from '../core/suggest.js';
import { foreignKeyFinding, latLongKeyFinding, missingKeyFinding } from './suggestions.js';

const require = createRequire(import.meta.url);

let compiled: ValidateFunction | undefined;

export function templateSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(schemaDir, 'template.schema.json'), 'utf8'));
}

/**
 * The compiled validator: the standalone code the build generated from the schema
 * (scripts/gen-validators.mjs: no ajv to load or compile at start-up), or, where there is none
 * (running from src), the schema compiled by ajv with the same options.
 */
export function templateValidator(): ValidateFunction {
  compiled ??= standalone('../schemas/template.validate.cjs') ?? compileTemplate();
  return compiled;
}

function compileTemplate(): ValidateFunction {
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  const addFormats = require('ajv-formats') as (ajv: AjvClass, formats: string[]) => void;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
  addFormats(ajv, ['uri']);
  return ajv.compile(templateSchema());
}

/** a validator generated at build time next to this module, or undefined */
export function standalone(file: string): ValidateFunction | undefined {
  try {
    return require(file) as ValidateFunction;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((e as Error).message).includes(path.basename(file))) return undefined;
    throw e;
  }
}

export interface SchemaFinding { ruleId: string; path: Path; part: 'key' | 'value'; message: string }

const PATTERN_RULES: Record<string, string> = { name: 'name-format', language: 'language-code' };
const ENUM_RULES: Record<string, string> = { category: 'category', 'header.format': 'header-format', 'carousel.header.format': 'carousel-card-header' };
const REQUIRED_BUTTON_RULES: Record<string, string> = {
  url: 'button-url', phone_number: 'button-phone', flow: 'button-flow', otp_type: 'authentication-otp', text: 'button-label',
};

/** Template-button keys that whatsapp rules report on the wrong button type (at the key). */
const RULE_CHECKED_BUTTON_KEYS = new Set(['url', 'phone_number', 'flow', 'flow_id', 'flow_name', 'flow_json']);

/** The button type whose own keys a schema lists (the per-type definitions), if it is one. */
function buttonTypeOf(schema: unknown): string | undefined {
  const t = (schema as { properties?: { type?: { const?: unknown } } } | undefined)?.properties?.type?.const;
  return typeof t === 'string' ? t : undefined;
}

let keyOwners: Record<string, string[]> | undefined;
/** The button types that take a key (from the schema's per-type definitions). */
function buttonKeyOwners(key: string): string[] | undefined {
  if (!keyOwners) {
    keyOwners = {};
    for (const def of Object.values((templateSchema().definitions ?? {}) as Record<string, { properties?: Record<string, unknown> }>)) {
      const type = buttonTypeOf(def);
      if (!type) continue;
      for (const k of Object.keys(def.properties ?? {})) if (k !== 'type' && k !== 'text' && k !== 'example') (keyOwners[k] ??= []).push(type);
    }
  }
  return Object.hasOwn(keyOwners, key) ? keyOwners[key] : undefined;
}

const REQUIRED_CARD_RULES: Record<string, string> = { header: 'carousel-card-header', buttons: 'carousel-card-buttons' };

export function pointerToPath(pointer: string, data: unknown): Path {
  if (pointer === '') return [];
  const out: (string | number)[] = [];
  let cur: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(cur)) { out.push(Number(seg)); cur = cur[Number(seg)]; }
    else { out.push(seg); cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[seg] : undefined; }
  }
  return out;
}

export function describePath(p: Path): string {
  let s = '';
  for (const seg of p) s += typeof seg === 'number' ? `[${seg}]` : s ? `.${seg}` : seg;
  return s || 'the template';
}

/** `text: {{1}}` unquoted: YAML reads a mapping { {1}: null }, whose one key is "{ 1 }"; the placeholder's key, if so */
function unquotedPlaceholder(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length !== 1 || entries[0]![1] !== null) return undefined;
  // the fast reader names a mapping key "[object Object]": the placeholder's own key is lost there
  if (entries[0]![0] === '[object Object]') return '…';
  return /^\{ ?([a-z0-9_]+) ?\}$/.exec(entries[0]![0])?.[1];
}

function typeName(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `a ${typeof v}`;
}

export function validateTemplate(value: unknown): SchemaFinding[] {
  const validate = templateValidator();
  if (validate(value)) return [];
  return mapSchemaErrors(validate.errors ?? [], value);
}

export function mapSchemaErrors(errors: readonly ErrorObject[], value: unknown): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if' || (e.propertyName !== undefined && e.keyword !== 'propertyNames')) continue;
    const p = pointerToPath(e.instancePath, value);
    const where = describePath(p);
    const dotted = p.filter((s) => typeof s === 'string').join('.');
    let f: SchemaFinding | undefined;
    switch (e.keyword) {
      case 'additionalProperties': {
        const key = (e.params as { additionalProperty: string }).additionalProperty;
        const onSuggestion = foreignKeyFinding(p, e.data, key, didYouMean);
        if (onSuggestion) { f = onSuggestion; break; }
        const inLatLong = latLongKeyFinding(p, key);
        if (inLatLong) { f = inLatLong; break; }
        const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
        const owner = buttonTypeOf(e.parentSchema);
        if (owner) {
          // url, phone_number and flow on the wrong type of a template button have their own rules
          if (p.length === 2 && p[0] === 'buttons' && RULE_CHECKED_BUTTON_KEYS.has(key)) continue;
          const types = buttonKeyOwners(key);
          const a = /^[AEIOU]/.test(owner) ? 'an' : 'a';
          const moved = owner === 'OTP' && (key === 'package_name' || key === 'signature_hash')
            ? `; write the app under \`supported_apps: [{ package_name, signature_hash }]\` (the Cloud API's current shape)` : '';
          f = { ruleId: 'schema', path: [...p, key], part: 'key',
            message: types ? `'${key}' is a key of ${types.join(' and ')} buttons, not of ${a} ${owner} button (${a} ${owner} button takes: ${known.join(', ')})`
              : `Unknown key '${key}' in ${where}${moved || didYouMean(key, known) || ` (${a} ${owner} button takes: ${known.join(', ')})`}` };
          break;
        }
        const hint = didYouMean(key, known) || (known.length ? ` (allowed: ${known.join(', ')})` : '');
        f = { ruleId: 'schema', path: [...p, key], part: 'key', message: `Unknown key '${key}' in ${where}${hint}` };
        break;
      }
      case 'required': {
        const key = (e.params as { missingProperty: string }).missingProperty;
        const forAction = missingKeyFinding(p, e.data, key);
        if (forAction) { f = forAction; break; }
        const ruleId = p.length === 0 && key === 'body' ? 'components'
          : p[0] === 'buttons' && p.length === 2 ? (REQUIRED_BUTTON_RULES[key] ?? 'schema')
          : p[0] === 'carousel' && p.length === 2 ? (REQUIRED_CARD_RULES[key] ?? 'schema')
          : p[0] === 'limited_time_offer' && key === 'text' ? 'offer-text' : 'schema';
        const btnType = p[0] === 'buttons' ? (e.data as { type?: unknown })?.type : undefined;
        f = { ruleId, path: p, part: 'key', message: `${where === 'the template' ? 'The template' : where} is missing required key '${key}'${btnType ? ` (a ${String(btnType)} button needs it)` : ''}` };
        break;
      }
      case 'enum': {
        const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues).map(String);
        const hint = typeof e.data === 'string' ? didYouMean(e.data, allowed) : '';
        f = { ruleId: ENUM_RULES[dotted] ?? 'schema', path: p, part: 'value',
          message: `${JSON.stringify(e.data)} is not a valid ${where}${hint}${hint ? ' ' : '; '}(allowed: ${allowed.join(', ')})` };
        break;
      }
      case 'pattern': {
        f = { ruleId: PATTERN_RULES[dotted] ?? 'schema', path: p, part: 'value', message: patternMessage(dotted, where, String(e.data)) };
        break;
      }
      case 'propertyNames': {
        const key = (e.params as { propertyName: string }).propertyName;
        f = { ruleId: 'schema', path: [...p, key], part: 'key',
          message: `Sample key '${key}' is neither a placeholder number (1, 2, ...) nor a lowercase name` };
        break;
      }
      case 'type': {
        const expected = String((e.params as { type: string | string[] }).type).replace(',', ' or ');
        const braces = expected === 'string' ? unquotedPlaceholder(e.data) : undefined;
        const hint = p[p.length - 1] === 'examples' && Array.isArray(e.data)
          ? `; write one sample per placeholder, keyed by its name or number, e.g. { 1: ${JSON.stringify(String(e.data[0] ?? 'Maria'))} }`
          : braces ? `; YAML read an unquoted {{${braces}}} as a mapping: quote the text, e.g. ${String(p[p.length - 1])}: "{{${braces === '…' ? '1' : braces}}} ..."` : '';
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} must be ${article(expected)}, not ${typeName(e.data)}${hint}` };
        break;
      }
      case 'format':
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} must be an absolute URL, got ${JSON.stringify(e.data)}` };
        break;
      case 'minLength':
        f = { ruleId: p.join('.') === 'body.text' ? 'components' : 'schema', path: p, part: 'value', message: `${where} must not be empty` };
        break;
      default:
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} ${e.message ?? 'is invalid'}` };
    }
    const k = `${f.ruleId}|${f.path.join('/')}|${f.message}`;
    if (!seen.has(k)) { seen.add(k); out.push({ ...f, message: f.message.endsWith('?') || f.message.endsWith(')') ? f.message : `${f.message}.` }); }
  }
  return out;
}

function article(t: string): string {
  return t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t === 'integer' ? 'a whole number' : `a ${t}`;
}

function patternMessage(dotted: string, where: string, v: string): string {
  switch (dotted) {
    case 'name': {
      const fixed = v.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 512);
      return `Template name '${v}' may use only lowercase letters, digits and underscores (1 to 512)${fixed && fixed !== v ? `; did you mean '${fixed}'?` : ''}`;
    }
    case 'language': {
      const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(v);
      const fixed = m ? `${m[1]!.toLowerCase()}${m[2] ? `_${m[2].toUpperCase()}` : ''}` : undefined;
      return `Language '${v}' is not of the form ll or ll_CC${fixed && fixed !== v ? `; did you mean '${fixed}'?` : ''}`;
    }
    case 'publicId': return `publicId '${v}' is not a UUID`;
    case 'message.rcsExpireOpts.expireTime': return `expireTime '${v}' must be an RFC 3339 UTC timestamp, e.g. 2030-01-31T23:59:59Z or 2030-01-31T23:59:59.000Z`;
    default: return `${where} '${v}' has the wrong form`;
  }
}
