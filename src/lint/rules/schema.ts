// The JSON Schema's findings as rules. The schema (src/schemas/template.ts) only validates; here
// each of its errors is worded for the person writing the file and given to the rule it belongs
// to: the schema's own (schema, components, name-format, category, language-code, header-format,
// defined here) or a platform rule whose check also reports it (button-url, carousel-card-header,
// offer-text, rcs-action-keys...). The template is validated once, however many rules ask
// (schemaFindings), and each rule reports its share through its check (reportSchema).
import { templateNameProblem } from '../../core/template-name.js';
import { lookalikes, lookalikesHeld } from '../../core/lookalikes.js';
import { rfc3339Capitals } from '../../model/time.js';
import type { ErrorObject } from 'ajv';
import { templateErrors, templateSchema } from '../../schemas/template.js';
import type { Path } from '../../files/locate.js';
import { didYouMean } from '../../core/suggest.js';
import { NUMBERED, placeholderNameMeant, scanPlaceholders } from '../../model/placeholders.js';
import { an, claiming, defineRules, obj, type Change, type Loose, type RepairContext, type RuleContext } from '../rule.js';
import { languageCaseMeant, languagesOfPath } from './languages.js';
import { googleContentMessageKey, isRcsOnly, wholeTemplate } from '../scope.js';
import { actionNotCarried, foreignKeyFinding, latLongKeyFinding, messageKeyNotCarried, missingKeyFinding } from './suggestions.js';
import { rbmNameMessage, rbmSuggestionFinding, rbmSuggestionRepairs, suggestionPointers, suggestionsUnderGoogleNames } from './rbm-names.js';
import { metaFieldMessage, metaFieldsOfKind } from '../../model/meta-fields.js';

export interface SchemaFinding { ruleId: string; path: Path; part: 'key' | 'value'; message: string }

const PATTERN_RULES: Record<string, string> = { name: 'name-format', language: 'language-code' };
const ENUM_RULES: Record<string, string> = { category: 'category', 'header.format': 'header-format', 'carousel.header.format': 'carousel-card-header' };
const REQUIRED_BUTTON_RULES: Record<string, string> = {
  url: 'button-url', phone_number: 'button-phone', flow: 'button-flow', otp_type: 'authentication-otp', text: 'button-label',
};

/** the layout keys of an RCS message's cards (rcsRichCardsOpts), which a file may write on a card */
const CARD_LAYOUT_KEYS = new Set(['mediaHeight', 'cardWidth', 'orientation', 'imageAlign', 'height']);
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

const REQUIRED_CARD_RULES: Record<string, string> = { header: 'carousel-card-header' };
/** what a carousel card without one of its required keys needs, said as the card's rules say it */
const REQUIRED_CARD_FIX: Record<string, string> = {
  header: 'every card has an IMAGE or VIDEO header (`header: { format: IMAGE, example: <URL> }`)',
};

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

/** the value at a path's parent (the component an `examples:` belongs to) */
function pointerParent(p: Path, value: unknown): unknown {
  let cur = value;
  for (const seg of p.slice(0, -1)) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}

/**
 * `examples:` written as a list, as the mapping to write: a list of one-key mappings
 * (`- first_name: Ola`) is their keys; a list of values is keyed by the component's placeholders
 * in the order its text writes them (1, 2, ... for a text without any).
 */
function examplesAsMapping(list: readonly unknown[], component: unknown): string {
  const entries: [string, unknown][] = [];
  const text = obj(component)?.text;
  const keys = typeof text === 'string' ? [...new Set(scanPlaceholders(text).placeholders.map((x) => x.key))] : [];
  list.forEach((item, i) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) entries.push(...Object.entries(item as Record<string, unknown>));
    else if (item !== null && item !== undefined && typeof item !== 'object') entries.push([keys[i] ?? String(i + 1), item]);
  });
  if (!entries.length) entries.push([keys[0] ?? '1', 'Maria']);
  const shown = entries.slice(0, 4).map(([k, v]) => `${/^[A-Za-z0-9_]+$/.test(k) ? k : JSON.stringify(k)}: ${typeof v === 'string' ? JSON.stringify(v) : typeof v === 'number' ? String(v) : '...'}`);
  return `{ ${shown.join(', ')}${entries.length > 4 ? ', ...' : ''} }`;
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

/**
 * A footer written as the Cloud API's component, `footer: { text: ... }`, in a MARKETING or UTILITY
 * template (no `code_expiration_minutes`): authentication-preset-keys (authentication.ts) says it once, with the line to
 * write, and the schema's findings under it (a missing key, an unknown one) are left out.
 */
export function footerTextAsMapping(t: Loose): boolean {
  const footer = obj(t.footer);
  return Boolean(footer) && (t.category === 'MARKETING' || t.category === 'UTILITY') && typeof footer!.text === 'string' && !Object.hasOwn(footer!, 'code_expiration_minutes');
}

export function mapSchemaErrors(errors: readonly ErrorObject[], value: unknown): SchemaFinding[] {
  const out: SchemaFinding[] = [];
  const seen = new Set<string>();
  // out's index of each "missing required key" finding, and the key
  const required = new Map<number, string>();
  // the WhatsApp rules do not apply to an RCS template (scope.ts): what they would own is the schema's
  const owner = isRcsOnlyValue(value) ? (id: string): string => (WHATSAPP_OWNED.has(id) ? 'schema' : id) : (id: string): string => id;
  const footerAsMapping = value !== null && typeof value === 'object' && footerTextAsMapping(value as Loose);
  // suggestions written in Google's RBM shape (`action: { dialAction: ... }`, `reply: {...}`, `openUrlAction:`): one
  // finding each, at the Google key, said when the first of the schema's errors on it comes; the others on it are left out
  const rbmShaped = new Map<string, SchemaFinding | undefined>();
  for (const s of errors.length ? suggestionPointers(value) : []) {
    const f = rbmSuggestionFinding(s.path, s.data);
    if (f) rbmShaped.set(s.pointer, f);
  }
  const googleAtTop = obj(value) ? googleContentMessageKey(obj(value)!) : undefined;
  for (const e of errors) {
    if (rbmShaped.size) {
      const at = [...rbmShaped.keys()].find((ptr) => e.instancePath === ptr || e.instancePath.startsWith(`${ptr}/`));
      if (at !== undefined) {
        const f = rbmShaped.get(at);
        if (f) { out.push(f); rbmShaped.set(at, undefined); }
        continue;
      }
    }
    if (e.keyword === 'if' || (e.propertyName !== undefined && e.keyword !== 'propertyNames')) continue;
    // an empty enum key (`category:`): its enum finding says it is empty, with the values to write; not its type as well
    if (e.keyword === 'type' && e.data === null && errors.some((x) => x.keyword === 'enum' && x.instancePath === e.instancePath)) continue;
    // a key with one value (`call_permission_request: true`) written as text ("no"): its const finding says what to write, once; not "write true or false" beside it
    if (e.keyword === 'type' && errors.some((x) => x.keyword === 'const' && x.instancePath === e.instancePath)) continue;
    const p = pointerToPath(e.instancePath, value);
    // `footer: { text: ... }`: authentication-preset-keys says what to write, once
    if (footerAsMapping && p[0] === 'footer') continue;
    const where = describePath(p);
    const dotted = p.filter((s) => typeof s === 'string').join('.');
    let f: SchemaFinding | undefined;
    switch (e.keyword) {
      case 'additionalProperties': {
        const key = (e.params as { additionalProperty: string }).additionalProperty;
        // Google's RBM name of a card's or the message's part (standaloneCard, media, cardOrientation...): the format's key for it
        const google = rbmNameMessage(p, key, e.data);
        if (google) { f = { ruleId: 'schema', path: [...p, key], part: 'key', message: google }; break; }
        const onSuggestion = foreignKeyFinding(p, e.data, key, didYouMean);
        if (onSuggestion) { f = onSuggestion; break; }
        const inLatLong = latLongKeyFinding(p, key);
        if (inLatLong) { f = inLatLong; break; }
        // a field of Meta's template the partner API does not carry (the template library's, a setting Meta keeps): said by name
        const meta = p.length === 0 ? metaFieldMessage(key) : undefined;
        if (meta) { f = { ruleId: 'schema', path: [key], part: 'key', message: meta }; break; }
        const known = Object.keys((e.parentSchema as { properties?: object } | undefined)?.properties ?? {});
        const owner = buttonTypeOf(e.parentSchema);
        if (owner) {
          // url, phone_number and flow on the wrong type of a template button have their own rules
          if (p.length === 2 && p[0] === 'buttons' && RULE_CHECKED_BUTTON_KEYS.has(key)) continue;
          const types = buttonKeyOwners(key);
          const a = an(owner).split(' ')[0]!;
          const moved = owner === 'OTP' && (key === 'package_name' || key === 'signature_hash')
            ? `; write the app under \`supported_apps: [{ package_name, signature_hash }]\` (the Cloud API's current shape)` : '';
          f = { ruleId: 'schema', path: [...p, key], part: 'key',
            message: types ? `'${key}' is a key of ${types.join(' and ')} buttons, not of ${a} ${owner} button (${a} ${owner} button takes: ${known.join(', ')})`
              : `Unknown key '${key}' in ${where}${moved || keySynonym(key, known) || didYouMean(key, known) || ` (${a} ${owner} button takes: ${known.join(', ')})`}` };
          break;
        }
        // a card's layout key written on the card (as Google's API has a height per card): the message's layout says it once for all
        const layout = p.length === 3 && p[0] === 'message' && p[1] === 'richCards' && CARD_LAYOUT_KEYS.has(key)
          ? `: the cards' layout is the message's, one for every card; write it under \`message.rcsRichCardsOpts\` (\`rcsRichCardsOpts: { ${key}: ... }\`)${key === 'orientation' || key === 'imageAlign' ? `, for a standalone card (a carousel takes no ${key}: remove it there)` : ''}` : '';
        // an authentication body's neighbour: the expiry line is the footer's (footer: { code_expiration_minutes: 10 })
        const moved = p.length === 1 && p[0] === 'body' && key === 'code_expiration_minutes' ? ': the expiry line belongs under `footer:` (`footer: { code_expiration_minutes: 10 }`)' : '';
        // a key of Meta's create request that Meta no longer takes (older examples still show it)
        const retired = p.length === 0 && key === 'allow_category_change' ? ': Meta no longer takes it (since 9 April 2025 a template Meta deems of another category is approved in that category, and `review` shows it); remove it' : '';
        // a version written into the file: the versions of format.md are of the format, which a file does not declare
        const versioned = p.length === 0 && /^(?:format_?)?version$/i.test(key) ? ': a template file declares no version; the format\'s versions (1.0, 1.1, 1.2) are which keys exist, and every file of an earlier version stays valid (docs/format.md); remove it' : '';
        // a YAML merge key (`<<: *card`): YAML 1.2, which tplsync reads, has none
        const merge = key === '<<' ? ': YAML merge keys (`<<: *anchor`) are not read in template files (YAML 1.2 has none); write the keys out, or alias the whole value (`buttons: *buy_buttons`)' : '';
        // the Cloud API's request shape (`components: [{ type: BODY, ... }]`) written as a file
        const components = p.length === 0 && key === 'components' ? ': a template file writes each component as a key of its own (header:, body:, footer:, buttons:; docs/format.md); `tplsync pull --from meta FILE` turns an export of Meta\'s templates into files' : '';
        // `title:` (another tool's name of a text) on a header or a body, a template's or a card's
        const textKey = textSynonym(p, key, known) ? headerTextHint(p, e.data) : '';
        // a field of Google's RBM message the partner API has no field for
        const rbm = messageKeyNotCarried(p, key);
        if (rbm) { f = { ruleId: 'schema', path: [...p, key], part: 'key', message: rbm }; break; }
        // a part's own key written at the top (`add_security_recommendation:` beside `body:`): the part it belongs under
        const ofPart = p.length === 0 ? partKeyHint(e.parentSchema, key, (e.data as Record<string, unknown> | undefined)?.[key]) : '';
        const hint = layout || moved || retired || versioned || merge || components || textKey || ofPart || didYouMean(key, known) || (known.length ? ` (allowed: ${known.join(', ')})` : '');
        f = { ruleId: 'schema', path: [...p, key], part: 'key', message: `Unknown key '${key}' in ${where}${hint}` };
        break;
      }
      case 'required': {
        const key = (e.params as { missingProperty: string }).missingProperty;
        // `contentMessage:` in place of `message:` (Google's name): an RCS template, which takes no body or category; its own finding says to write `message:`
        if (p.length === 0 && (key === 'body' || key === 'category') && googleAtTop !== undefined) continue;
        // a create request from Meta's template library has no body (Meta writes the library's): its library key's finding says what to write
        if (p.length === 0 && key === 'body' && fromLibrary(value)) continue;
        const forAction = missingKeyFinding(p, e.data, key);
        if (forAction) { f = forAction; break; }
        const ruleId = p.length === 0 && key === 'body' ? 'components'
          : p[0] === 'buttons' && p.length === 2 ? (REQUIRED_BUTTON_RULES[key] ?? 'schema')
          : p[0] === 'carousel' && p.length === 2 ? (REQUIRED_CARD_RULES[key] ?? 'schema')
          : p[0] === 'limited_time_offer' && key === 'text' ? 'offer-text' : 'schema';
        const btnType = p[0] === 'buttons' ? (e.data as { type?: unknown })?.type : undefined;
        const card = p[0] === 'carousel' && p.length === 2 && typeof p[1] === 'number' ? p[1] : undefined;
        // a part that took its keys from a YAML merge key (`- <<: *site`): that is why they are missing
        const merged = e.data && typeof e.data === 'object' && !Array.isArray(e.data) && Object.prototype.hasOwnProperty.call(e.data, '<<');
        if (merged) { f = { ruleId: 'schema', path: [...p, '<<'], part: 'key', message: `${where === 'the template' ? 'The template' : where} is missing required key '${key}': it comes from a YAML merge key (\`<<: *anchor\`), which is not read in template files (YAML 1.2 has none); write the keys out, or alias the whole value` }; break; }
        f = { ruleId, path: p, part: 'key', message: card !== undefined
          ? `Card ${card + 1} has no \`${key}\`${REQUIRED_CARD_FIX[key] ? `: ${REQUIRED_CARD_FIX[key]}` : ''}`
          : `${where === 'the template' ? 'The template' : where} is missing required key '${key}'${btnType ? ` (${an(String(btnType))} button needs it)` : ''}` };
        break;
      }
      case 'enum': {
        const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues).map(String);
        // RBM's ComposeAction (`action: compose`): not carried, said by name rather than as a typo of another action
        const rbm = actionNotCarried(p, e.data);
        if (rbm) { f = { ruleId: ENUM_RULES[dotted] ?? 'schema', path: p, part: 'value', message: rbm }; break; }
        const hint = typeof e.data === 'string' ? enumHint(dotted, e.data, allowed) : '';
        f = { ruleId: ENUM_RULES[dotted] ?? 'schema', path: p, part: 'value',
          // `category:` with nothing after it: YAML reads null (one finding: the type's is left out below)
          message: e.data === null ? `${where} is empty: write one of ${allowed.join(', ')}` : `${JSON.stringify(e.data)} is not a valid ${where}${hint} (allowed: ${allowed.join(', ')})` };
        break;
      }
      case 'pattern': {
        f = { ruleId: PATTERN_RULES[dotted] ?? 'schema', path: p, part: 'value', message: patternMessage(dotted, where, String(e.data)) };
        break;
      }
      case 'propertyNames': {
        const key = (e.params as { propertyName: string }).propertyName;
        f = { ruleId: 'schema', path: [...p, key], part: 'key',
          message: sampleKeyMessage(key) };
        break;
      }
      case 'type': {
        const expected = String((e.params as { type: string | string[] }).type).replace(',', ' or ');
        const braces = expected === 'string' ? unquotedPlaceholder(e.data) : undefined;
        const hint = p[p.length - 1] === 'examples' && Array.isArray(e.data)
          ? `; write one sample per placeholder, keyed by its name or number, e.g. ${examplesAsMapping(e.data, pointerParent(p, value))}`
          : braces ? `; YAML read an unquoted {{${braces}}} as a mapping: quote the text, e.g. ${String(p[p.length - 1])}: "{{${braces === '…' ? '1' : braces}}} ..."`
          // a phone number or a code written without quotes: YAML read a number (and dropped a leading + or 0)
            : expected.split(' or ').includes('string') && (typeof e.data === 'number' || typeof e.data === 'boolean') ? `; YAML read it unquoted as ${typeof e.data === 'number' ? 'a number' : 'true or false'}: write it in quotes, e.g. ${String(p[p.length - 1])}: "..."`
              // `yes`, `no`, `"true"`: YAML 1.2 reads words other than true and false as text
              : expected === 'boolean' ? `; write true or false${typeof e.data === 'string' && /^(?:yes|no|on|off|y|n|true|false)$/i.test(e.data.trim()) ? ` (YAML reads '${e.data}' as text)` : ''}` : '';
        // a number that is not whole (ttl: 3.5), or a duration written as RBM's JSON writes it (ttl: "86400s"): said with what to write
        const seconds = expected === 'integer' && typeof e.data === 'string' ? /^(\d+)(?:\.0+)?s$/.exec(e.data.trim())?.[1] : undefined;
        const got = expected === 'integer' && typeof e.data === 'number' ? String(e.data) : typeName(e.data);
        // `{ 1:Ana }`: no space after the colon, so YAML read one key '1:Ana' with no value
        const last = String(p[p.length - 1] ?? '');
        const glued = e.data === null ? /^([^:\s]+):(\S.*)$/.exec(last) : null;
        if (glued) {
          f = { ruleId: 'schema', path: p, part: 'key', message: `'${last}' is read as one key with no value: a key's colon is followed by a space in YAML; write '${glued[1]}: ${glued[2]}'` };
          break;
        }
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} must be ${article(expected)}, not ${got}${seconds ? `; write the seconds alone: ${seconds}` : hint || shapeHint(p, e.data)}` };
        break;
      }
      case 'const': {
        // a key that is either there with its one value or absent (call_permission_request: true)
        const allowed = (e.params as { allowedValue: unknown }).allowedValue;
        // a YAML 1.1 word ("no", "yes") is text in YAML 1.2: said, as the type's finding would
        const word = typeof e.data === 'string' && /^(?:yes|no|on|off|y|n|true|false)$/i.test(e.data.trim()) ? ` (YAML reads '${e.data}' as text)` : '';
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} can only be ${JSON.stringify(allowed)}, not ${JSON.stringify(e.data)}${word}${allowed === true ? `; remove the key for a template without it, or write true` : ''}` };
        break;
      }
      case 'format': {
        // an absolute URL but for a placeholder in it: the placeholder is what is refused (a media URL, or a header's sample file, is sent as written), not the URL's form
        const ph = typeof e.data === 'string' ? /\{\{[^{}]*\}\}/.exec(e.data)?.[0] : undefined;
        const sample = p[p.length - 1] === 'example';
        f = { ruleId: 'schema', path: p, part: 'value', message: ph !== undefined
          ? `${where} cannot hold a placeholder: ${ph} is not filled in there, ${sample ? 'the sample is the URL of a real file, sent for review as written' : 'the media URL is sent as written (placeholders are filled in the message text, the cards\' titles and descriptions and the fallback)'}; write the URL of ${sample ? 'a sample file' : 'the file'} without it${sample ? '' : ', or a template for each file'}`
          : `${where} must be an absolute URL, got ${JSON.stringify(e.data)}` };
        break;
      }
      case 'minLength':
        f = { ruleId: p.join('.') === 'body.text' ? 'components' : 'schema', path: p, part: 'value', message: `${where} must not be empty` };
        break;
      default:
        f = { ruleId: 'schema', path: p, part: 'value', message: `${where} ${e.message ?? 'is invalid'}` };
    }
    f = { ...f, ruleId: owner(f.ruleId) };
    if (e.keyword === 'additionalProperties') {
      const split = commaSplit(e.data, (e.params as { additionalProperty: string }).additionalProperty);
      if (split) f = { ...f, message: `${f.message.replace(/[.]$/, '')}: a comma inside \`{ ... }\` ends the value before it, and '${split.key}' was read as a key of its own; if it belongs to \`${split.before}\`, quote the whole value (${split.before}: ${yamlQuoted(split.text)})` };
    }
    const k = `${f.ruleId}|${f.path.join('/')}|${f.message}`;
    if (!seen.has(k)) {
      seen.add(k);
      if (e.keyword === 'required') required.set(out.length, (e.params as { missingProperty: string }).missingProperty);
      out.push({ ...f, message: f.message.endsWith('?') || f.message.endsWith(')') ? f.message : `${f.message}.` });
    }
  }
  // suggestions inside a part written in Google's names (contentMessage, richCard.standaloneCard.cardContent...), which
  // the schema does not look into: each in Google's shape is said now, with the line to write (the others are checked once the part is renamed)
  for (const s of errors.length ? suggestionsUnderGoogleNames(value) : []) {
    const found = rbmSuggestionFinding(s.path, s.data);
    // outside `message` (under a top-level contentMessage) the RCS rules do not run (registry.ts): the schema's rule says it
    const f = found && s.path[0] !== 'message' ? { ...found, ruleId: 'schema' } : found;
    if (f && !seen.has(`${f.ruleId}|${f.path.join('/')}|${f.message}`)) { seen.add(`${f.ruleId}|${f.path.join('/')}|${f.message}`); out.push(f); }
  }
  return required.size ? out.filter((f, i) => !misspeltHere(out, f.path, required.get(i))) : out;
}

/** A template written as a create request from Meta's template library (library_template_name and the like at the top). */
function fromLibrary(value: unknown): boolean {
  const t = obj(value);
  return t !== undefined && metaFieldsOfKind('library').some((k) => Object.hasOwn(t, k));
}

/**
 * A required key that is there misspelt (`catgory: UTILITY`, `phoneNumber:`): the unknown key's
 * finding says it at the key, with what to write; "missing required key 'category'" at the top of
 * the template beside it is the same mistake said twice, and in the wrong place.
 */
function misspeltHere(out: readonly SchemaFinding[], at: Path, key: string | undefined): boolean {
  if (key === undefined) return false;
  const meant = `did you mean '${key}'?`;
  // `components:` (the Cloud API's shape) in place of body: its own finding says how a file writes it
  const shaped = at.length === 0 && key === 'body' ? "Unknown key 'components' in the template:" : undefined;
  // a header's text under `title:` without a format: its finding says to write `format: TEXT` too
  const textHeader = key === 'format' && at[at.length - 1] === 'header' ? 'a text header is written `header: { format: TEXT' : undefined;
  return out.some((g) => g.part === 'key' && g.path.length === at.length + 1 && at.every((s, i) => g.path[i] === s)
    && (g.message.includes(meant) || (shaped !== undefined && g.message.startsWith(shaped)) || (textHeader !== undefined && g.message.includes(textHeader))));
}

/**
 * An unknown key of a mapping that reads as the rest of a text cut at a comma: `{ type: QUICK_REPLY,
 * text: Ja, das war ich }` is the key 'das war ich' with no value, after `text: Ja`; `text: Nein,
 * sperren` the key 'sperren'; `text: Gut, aber langsam: leider` the key 'aber langsam' with the value
 * 'leider'. The key has no value (a misspelt key has one), or holds a space (no key of the format
 * does); the key before it a text. `text`: the whole value as it was meant.
 */
function commaSplit(data: unknown, key: string): { key: string; before: string; text: string } | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const m = data as Record<string, unknown>;
  // a button, a card, a suggestion: a handful of keys (a mapping of 60,000 unknown keys is no cut text, and would be walked once per key)
  if (m[key] !== null && !/\s/.test(key)) return undefined;
  const keys = Object.keys(m);
  if (keys.length > 32) return undefined;
  const at = keys.indexOf(key);
  const cut = (k: string): boolean => m[k] === null || (/\s/.test(k) && typeof m[k] === 'string');
  if (at < 0 || !cut(key)) return undefined;
  // back to the text the comma cut (each key between it and this one a piece of it too), forward to the piece that ends it
  let first = at;
  while (first > 0 && m[keys[first - 1]!] === null) first--;
  const before = keys[first - 1];
  // a number was a text YAML read as a number (007, 1.50): its writing is lost, no suggestion is safe
  if (before === undefined || typeof m[before] !== 'string') return undefined;
  // a piece YAML read as a number (13.40 as 13.4, 1e3): its writing is lost, no suggestion is safe
  for (let k = first; k < keys.length && cut(keys[k]!); k++) if (/^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/.test(keys[k]!) && /[0-9]/.test(keys[k]!)) return undefined;
  let text = m[before] as string;
  // an address has no space after its commas (https://shop.example.com/a,b); a text usually has one
  const joint = /^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(text) ? ',' : ', ';
  for (let k = first; k < keys.length && cut(keys[k]!); k++) {
    text += `${joint}${keys[k]!}`;
    if (m[keys[k]!] !== null) { text += `: ${m[keys[k]!] as string}`; break; }
  }
  return { key, before, text };
}

/** a text as a YAML scalar that reads back as it is: double quotes, or single quotes when it holds a double quote or a backslash */
function yamlQuoted(text: string): string {
  if (!/["\\]/.test(text)) return `"${text}"`;
  return `'${text.replaceAll("'", "''")}'`;
}

/** a component written in another shape than the file's (a text where a mapping goes, one button where a list goes): the line to write */
function shapeHint(p: Path, data: unknown): string {
  // a sample written as Meta's documents write it: `example: { header_handle: [URL] }` (its upload API's) or `example: [URL]`
  if (p[p.length - 1] === 'example' && data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    const list = Array.isArray(data) ? data : Array.isArray(o.header_handle) ? o.header_handle : Array.isArray(o.header_text) ? o.header_text : undefined;
    const first = list?.find((x): x is string => typeof x === 'string');
    const shown = first === undefined ? 'https://...' : JSON.stringify(first.length > 60 ? `${first.slice(0, 57)}...` : first);
    const meta = Array.isArray(data) ? 'Meta\'s list of samples' : 'header_handle' in o ? 'Meta\'s `header_handle` (its upload API\'s handle list)' : 'header_text' in o ? 'Meta\'s `header_text`' : '';
    return meta ? `; write the one sample itself: \`example: ${shown}\` (${meta} is not read here: a template file takes the sample URL as a string)` : '';
  }
  if (p.length !== 1) return '';
  const text = typeof data === 'string' ? JSON.stringify(data.length > 40 ? `${data.slice(0, 37)}...` : data) : '...';
  if (p[0] === 'body' && typeof data === 'string') return `; write the text under it: \`body: { text: ${text} }\``;
  if (p[0] === 'header' && typeof data === 'string') return `; write \`header: { format: TEXT, text: ${text} }\``;
  if ((p[0] === 'buttons' || p[0] === 'carousel') && data && typeof data === 'object' && !Array.isArray(data)) return `; write each ${p[0] === 'buttons' ? 'button' : 'card'} as an item of the list, starting with \`- \``;
  return '';
}

/**
 * What a value of an enum is called now, or elsewhere: Meta's retired categories (TRANSACTIONAL,
 * ACCOUNT_UPDATE, OTP ...), other tools' names of button types (WEBSITE, CALL, REPLY). Spelling
 * alone would not find them.
 */
const BUTTON_TYPE_SYNONYMS: Readonly<Record<string, [string, string]>> = {
  WEBSITE: ['URL', ''], LINK: ['URL', ''], VISIT_WEBSITE: ['URL', ''], CTA_URL: ['URL', ''],
  CALL: ['PHONE_NUMBER', ''], PHONE: ['PHONE_NUMBER', ''], CALL_PHONE: ['PHONE_NUMBER', ''], PHONE_CALL: ['PHONE_NUMBER', ''],
  REPLY: ['QUICK_REPLY', ''], QUICKREPLY: ['QUICK_REPLY', ''], COPY: ['COPY_CODE', ''], COUPON: ['COPY_CODE', ''], COUPON_CODE: ['COPY_CODE', ''],
};
const ENUM_SYNONYMS: Readonly<Record<string, Readonly<Record<string, [string, string]>>>> = {
  category: {
    ...Object.fromEntries(['TRANSACTIONAL', 'ACCOUNT_UPDATE', 'PAYMENT_UPDATE', 'PERSONAL_FINANCE_UPDATE', 'SHIPPING_UPDATE', 'RESERVATION_UPDATE',
      'ISSUE_RESOLUTION', 'APPOINTMENT_UPDATE', 'TRANSPORTATION_UPDATE', 'TICKET_UPDATE', 'ALERT_UPDATE', 'AUTO_REPLY']
      .map((c) => [c, ['UTILITY', `: ${c} is one of Meta's retired categories, now UTILITY`]])),
    OTP: ['AUTHENTICATION', ': OTP is Meta\'s retired category, now AUTHENTICATION'],
    PROMOTIONAL: ['MARKETING', ''], PROMOTION: ['MARKETING', ''],
  },
  'buttons.type': BUTTON_TYPE_SYNONYMS,
  'carousel.buttons.type': BUTTON_TYPE_SYNONYMS,
};

/** the placeholder name a sample key of another form means (`Customer_Name`, `order-id`), if any */
export function sampleKeyMeant(key: string): string | undefined {
  const bare = sampleKeyBare(key).trim();
  const name = NUMBERED.test(bare) ? bare : placeholderNameMeant(bare);
  return name !== undefined && name !== key ? name : undefined;
}

/** a sample key written as its placeholder (`"{{name}}": Ola`), without the braces */
function sampleKeyBare(key: string): string {
  return /^\s*\{\{\s*([^{}]*?)\s*\}\}\s*$/.exec(key)?.[1] ?? key;
}

/** what a sample key of no placeholder's form is told: the key to write */
function sampleKeyMessage(key: string): string {
  const meant = sampleKeyMeant(key);
  if (meant !== undefined && sampleKeyBare(key) !== key) return `Sample key '${key}' is written with the placeholder's braces: a sample's key is the placeholder's name or number alone; write '${meant}: ...'`;
  const found = lookalikes(sampleKeyBare(key).trim());
  if (found && meant !== undefined) return `Sample key '${key}' ${lookalikesHeld(found, 'key')}: a placeholder's name is written in Latin letters; did you mean '${meant}'?`;
  return `Sample key '${key}' is neither a placeholder number (1, 2, ...) nor a lowercase name${meant ? `; did you mean '${meant}'?` : ''}`;
}

/** other tools' and APIs' names of a button's keys (Twilio's `title`, a coupon's `code`) */
const KEY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  title: ['text'], label: ['text'], display_text: ['text'], coupon_code: ['example'], code: ['example'], offer_code: ['example'],
  link: ['url'], href: ['url'], phone: ['phone_number'], number: ['phone_number'], phonenumber: ['phone_number'],
};

/**
 * A key of a header or a body that other tools call its text (`title:`, `label:`): `text` is
 * meant. Only there: a header's `code:` is no sample, however a button's is.
 */
export function textSynonym(p: Path, key: string, known: readonly string[]): boolean {
  const part = p[p.length - 1];
  return (part === 'body' || part === 'header') && known.includes('text') && (KEY_SYNONYMS[key.toLowerCase()]?.includes('text') ?? false);
}

/** the key of a header's or body's text written under another tool's name (`title:`), if the mapping has one and no `text` */
export function textUnderSynonym(part: unknown): string | undefined {
  const o = obj(part);
  if (!o || o.text !== undefined) return undefined;
  const k = Object.keys(o).find((x) => KEY_SYNONYMS[x.toLowerCase()]?.includes('text') && typeof o[x] === 'string');
  return k === undefined ? undefined : o[k] as string;
}

/** what a header or body writing its text under `title:` is told: the key to write (a header without a format: the TEXT header's two keys) */
function headerTextHint(p: Path, data: unknown): string {
  const header = p[p.length - 1] === 'header' && obj(data)?.format === undefined;
  return header ? `: a text header is written \`header: { format: TEXT, text: ... }\`; did you mean 'text'?` : `; did you mean 'text'?`;
}

function keySynonym(key: string, known: readonly string[]): string {
  const meant = KEY_SYNONYMS[key.toLowerCase()]?.find((k) => known.includes(k));
  return meant ? `; did you mean '${meant}'?` : '';
}

function enumHint(dotted: string, value: string, allowed: readonly string[]): string {
  const known = ENUM_SYNONYMS[dotted]?.[value.toUpperCase().replace(/[\s-]+/g, '_')];
  if (known && allowed.includes(known[0])) return `${known[1]}; did you mean '${known[0]}'?`;
  return didYouMean(value, allowed);
}

function article(t: string): string {
  return t === 'object' ? 'a mapping' : t === 'array' ? 'a list' : t === 'integer' ? 'a whole number' : `a ${t}`;
}

/** a language written by its English name (`language: english`): the code WhatsApp lists */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  english: 'en', spanish: 'es', portuguese: 'pt_BR', french: 'fr', german: 'de', italian: 'it', dutch: 'nl', arabic: 'ar', hebrew: 'he',
  hindi: 'hi', indonesian: 'id', japanese: 'ja', korean: 'ko', chinese: 'zh_CN', russian: 'ru', turkish: 'tr', polish: 'pl', swedish: 'sv',
  danish: 'da', norwegian: 'nb', finnish: 'fi', greek: 'el', czech: 'cs', romanian: 'ro', hungarian: 'hu', ukrainian: 'uk', thai: 'th',
  vietnamese: 'vi', malay: 'ms', persian: 'fa', farsi: 'fa', urdu: 'ur', bengali: 'bn', tamil: 'ta', telugu: 'te', filipino: 'fil',
};

function patternMessage(dotted: string, where: string, v: string): string {
  switch (dotted) {
    case 'name': {
      // a character that cannot be seen (a zero-width space pasted with the name): named, with where it is
      const unseen = /[\p{Cf}\p{Z}\t]/u.exec(v);
      if (unseen && unseen[0] !== ' ') {
        const cp = `U+${unseen[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
        const clean = v.replace(/[\p{Cf}\p{Z}\t]/gu, '');
        return `Template name '${v}' holds ${cp}, a character that cannot be seen (character ${[...v.slice(0, unseen.index)].length + 1} of the name); delete it${/^[a-z0-9_]{1,512}$/.test(clean) ? `; did you mean '${clean}'?` : ''}`;
      }
      // (a Cyrillic or Greek letter that looks like a Latin one: named, and the name with the Latin letter suggested)
      return templateNameProblem(`Template name '${v}'`, v);
    }
    case 'language': {
      // a Cyrillic or Greek letter that looks like a Latin one (`еn_US`): named, and the code with the Latin letter
      const found = lookalikes(v);
      const latin = found?.latin ?? v;
      const m = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(latin);
      const fixed = m ? `${m[1]!.toLowerCase()}${m[2] ? `_${m[2].toUpperCase()}` : ''}` : LANGUAGE_NAMES[latin.toLowerCase()];
      if (found) return `Language '${v}' ${lookalikesHeld(found, 'code')}: a language code is written in Latin letters${fixed ? `; did you mean '${fixed}'?` : ''}`;
      return `Language '${v}' is not of the form ll or ll_CC${fixed && fixed !== v ? `; did you mean '${fixed}'?` : ''}`;
    }
    case 'publicId': return `publicId '${v}' is not a UUID`;
    case 'message.rcsExpireOpts.expireTime': {
      const up = rfc3339Capitals(v);
      return up ? `expireTime '${v}' writes its T or Z in lower case; write them in capitals: ${up}` : `expireTime '${v}' must be an RFC 3339 timestamp with its zone, e.g. 2030-01-31T23:59:59Z or 2030-01-31T23:59:59.000Z`;
    }
    default: return `${where} '${v}' has the wrong form`;
  }
}

/** The ids of WhatsApp rules (scope.ts: not on an RCS template) that own schema errors. */
const WHATSAPP_OWNED: ReadonlySet<string> = new Set([
  ...Object.values(REQUIRED_BUTTON_RULES), ...Object.values(REQUIRED_CARD_RULES), 'carousel-card-header', 'offer-text',
]);

/** scope.ts's isRcsOnly on a value that may be no mapping */
const isRcsOnlyValue = (v: unknown): boolean => { const t = obj(v); return t !== undefined && isRcsOnly(t); };

/** the schema's findings on a whole template, by the id of the rule that owns each (in the schema's order) */
export type SchemaFound = ReadonlyMap<string, readonly SchemaFinding[]>;

const NONE: SchemaFound = new Map();
const byTemplate = new WeakMap<object, SchemaFound>();

/** The schema's findings on a whole template (validated now: the lint's contexts keep them per file, check.ts). */
export function schemaFindingsOf(t: Loose): SchemaFound {
  const errors = templateErrors(t);
  if (errors.length === 0) return NONE;
  const m = new Map<string, SchemaFinding[]>();
  for (const f of mapSchemaErrors(errors, t)) { const l = m.get(f.ruleId); if (l) l.push(f); else m.set(f.ruleId, [f]); }
  return m;
}

/** schemaFindingsOf, validated once per template value, however many rules ask (for contexts that do not keep them) */
export function schemaFindings(t: Loose): SchemaFound {
  let found = byTemplate.get(t);
  if (!found) byTemplate.set(t, (found = schemaFindingsOf(t)));
  return found;
}

/** a rule context that keeps the schema's findings on its whole template (the lint's own contexts, check.ts) */
interface KeepsSchema { schemaFound?: () => SchemaFound | undefined }

/** A rule's share of the schema's findings, reported through its context (on the whole template, whichever view the rule sees). */
export function reportSchema(ctx: RuleContext, ruleId: string): void {
  const list = ((ctx as RuleContext & KeepsSchema).schemaFound?.() ?? schemaFindings(wholeTemplate(ctx.t))).get(ruleId);
  if (list) for (const f of list) ctx.report(f.path, f.message, f.part === 'key' ? { part: 'key' } : undefined);
}

/** The finding of a file whose one document is no mapping (a list, a string, a number): the schema's, worded here. */
export function notATemplate(value: unknown): { ruleId: string; message: string } {
  return { ruleId: 'schema', message: `A template file holds a mapping (channel, name, language, category, body), not ${Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'a string' : String(value)}.` };
}

/**
 * The certain part of the schema's findings, repaired: a value of a fixed list written in another
 * case (`category: marketing`, `format: image`, `type: quick_reply`; RCS's `orientation: vertical`,
 * `action: Reply`, `type: TTL` as `ttl`) is the one value of the list it matches ignoring case.
 * WhatsApp and RCS alike, and only where exactly one value matches; every other finding of the
 * schema (an unknown key, a value of another word) is left to the writer. `owner`: only the values
 * whose finding that rule reports (category, header-format, carousel-card-header, schema).
 */
export function enumCaseRepairs(t: Loose, owner?: string): Change[] {
  const out: Change[] = [];
  const seen = new Set<string>();
  for (const e of templateErrors(t)) {
    if (e.keyword !== 'enum' || typeof e.data !== 'string') continue;
    const path = pointerToPath(e.instancePath, t);
    const dotted = path.filter((s) => typeof s === 'string').join('.');
    if (owner !== undefined && (ENUM_RULES[dotted] ?? 'schema') !== owner) continue;
    const allowed = ((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).filter((v): v is string => typeof v === 'string');
    const data = e.data;
    const matches = allowed.filter((v) => v.toLowerCase() === data.toLowerCase());
    const key = path.join('\0');
    if (matches.length !== 1 || matches[0] === data || seen.has(key)) continue;
    seen.add(key);
    out.push({ op: 'set', path, value: matches[0]! });
  }
  return out;
}

/**
 * language-code: a language written in another case or with a hyphen (`en_us`, `en-US`) in the
 * platform's form (en_US), where that is all that differs and WhatsApp lists the code
 * (languageCaseMeant). The language is part of the template's identity, which a file's name may
 * write too: where it writes another language (templates/order.en_GB.yaml saying `language:
 * en_us`), which of the two is meant is the writer's to say, and nothing is changed. A name that
 * writes the same code in its own case (order.en_us.yaml) says the same language (rule file-name).
 * (No template on a channel has a language the format refuses: none is renamed.)
 */
function languageCaseRepairs(ctx: RepairContext): Change[] {
  const written = typeof ctx.t.language === 'string' ? ctx.t.language : undefined;
  const meant = written === undefined ? undefined : languageCaseMeant(written);
  if (meant === undefined) return [];
  const named = ctx.fileName === undefined ? undefined : languagesOfPath(ctx.fileName).find((l) => l !== meant);
  if (named !== undefined) {
    ctx.holdBack?.(`\`language: ${written}\` would be ${meant}, but the file's path writes ${named}: the language is part of the template's identity, so which of the two is meant is yours to say`);
    return [];
  }
  return [{ op: 'set', path: ['language'], value: meant }];
}

/** the title of the case repair (the editor's quick fix) */
export const ENUM_CASE_REPAIR_TITLE = 'Write the value in the case the platform takes (marketing is MARKETING, vertical is VERTICAL), and a suggestion in Google\'s RBM shape under contentMessage written flat, as its finding says';

export const schemaRules = defineRules([
  { id: 'schema', group: 'schema', severity: 'error', summary: 'The file matches schema/template.schema.json.',
    why: 'Unknown keys are usually typos, and wrong types are rejected by the API.',
    fix: 'Follow the message (it suggests the key or value you probably meant). Add the schema modeline to get completion in your editor.',
    check(ctx) { reportSchema(ctx, 'schema'); },
    // and a suggestion in Google's RBM shape under a top-level contentMessage (outside `message`, the schema reports it), as its finding says
    repair: (ctx) => [...enumCaseRepairs(wholeTemplate(ctx.t), 'schema'), ...rbmSuggestionRepairs(wholeTemplate(ctx.t), 'elsewhere')],
    repairTitle: ENUM_CASE_REPAIR_TITLE,
    quickFixTitle: 'Write the value in the case the platform takes',
    // a file with no document holds no template
    checkLoading: claiming('empty') },
  { id: 'components', group: 'schema', severity: 'error', summary: 'A template has exactly one body.',
    why: 'WhatsApp requires exactly one BODY component, and at most one HEADER, FOOTER and BUTTONS.',
    fix: 'Add `body: { text: ... }`.', source: 'Meta components reference',
    check(ctx) { reportSchema(ctx, 'components'); } },
  { id: 'name-format', group: 'schema', severity: 'error', summary: 'The name matches ^[a-z0-9_]{1,512}$.',
    why: 'WhatsApp rejects template names with other characters.', fix: 'Use lowercase letters, digits and underscores, e.g. order_shipped.',
    notRepaired: 'a name is the template\'s identity on the channel, and another name is another template (the old one stays there): renamed by hand',
    source: 'Meta templates guide',
    check(ctx) { reportSchema(ctx, 'name-format'); } },
  { id: 'category', group: 'schema', severity: 'error', summary: 'The category is MARKETING, UTILITY or AUTHENTICATION.',
    why: 'These are the only categories WhatsApp accepts.', fix: 'Pick one of the three.', source: 'Meta templates guide',
    check(ctx) { reportSchema(ctx, 'category'); },
    repair: (ctx) => enumCaseRepairs(wholeTemplate(ctx.t), 'category'), repairTitle: 'Write the category in capitals (marketing is MARKETING)' },
  { id: 'language-code', group: 'schema', severity: 'error', summary: 'The language has the shape of WhatsApp\'s codes: ll or ll_CC, and the few of another length it lists (fil, prs_AF).',
    why: 'WhatsApp identifies languages by these codes.', fix: 'Write e.g. en, en_US or pt_BR.', source: 'Meta supported languages',
    check(ctx) { reportSchema(ctx, 'language-code'); },
    repair: languageCaseRepairs,
    repairTitle: 'Write the language code in the platform\'s case and with `_` (en_us and en-US are en_US), where WhatsApp lists that code and the file\'s name writes no other language',
    quickFixTitle: 'Write the language code as the platform does (en_US)' },
  { id: 'header-format', group: 'schema', severity: 'error', summary: 'The header format is TEXT, IMAGE, VIDEO, GIF, DOCUMENT, LOCATION or PRODUCT.',
    why: 'These are the header formats WhatsApp documents (GIF for MARKETING templates sent through the Marketing Messages API: see header-gif-category; PRODUCT for a single-product template).', fix: 'Pick one of the seven.', source: 'Meta components reference',
    check(ctx) { reportSchema(ctx, 'header-format'); },
    repair: (ctx) => enumCaseRepairs(wholeTemplate(ctx.t), 'header-format'), repairTitle: 'Write the header format in capitals (image is IMAGE)' },
]);

/**
 * Where a key written at the top of a template belongs when it is a part's own (`body:`'s
 * add_security_recommendation, `footer:`'s code_expiration_minutes, `header:`'s format): the parts
 * of the template's schema that take it, with the key written there. '' when no part takes it.
 */
function partKeyHint(root: unknown, key: string, value: unknown): string {
  const r = root as { properties?: Record<string, unknown>; definitions?: Record<string, unknown> } | undefined;
  const resolve = (x: unknown): unknown => { const ref = (x as { $ref?: unknown } | undefined)?.$ref; return typeof ref === 'string' && ref.startsWith('#/definitions/') ? r?.definitions?.[ref.slice(14)] : x; };
  const takes = (x: unknown, depth: number): boolean => {
    const o = resolve(x) as Record<string, unknown> | undefined;
    if (!o || typeof o !== 'object' || depth > 4) return false;
    if (o.properties && typeof o.properties === 'object' && Object.prototype.hasOwnProperty.call(o.properties, key)) return true;
    return ['oneOf', 'anyOf', 'allOf'].some((k) => Array.isArray(o[k]) && (o[k] as unknown[]).some((y) => takes(y, depth + 1)));
  };
  const parts = Object.entries(r?.properties ?? {}).filter(([part, x]) => part !== key && takes(x, 0)).map(([part]) => part);
  if (!parts.length) return '';
  const shown = value === null || typeof value === 'boolean' || typeof value === 'number' || (typeof value === 'string' && /^[\w .-]{1,30}$/.test(value)) ? String(value) : '...';
  const list = parts.map((x) => `\`${x}:\``);
  return `: it is a key of ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`}, not of the template; write it there (\`${parts[0]}: { ${key}: ${shown} }\`)`;
}
