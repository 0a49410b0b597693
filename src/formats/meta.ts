// Pure: WhatsApp templates in Meta's own JSON (the Graph API's message templates) into template
// file values, and canonical templates out to Meta's create-template request. What a file cannot
// carry is never dropped: it comes back as an issue naming the template and the field.
// Follows https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates
// and https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/components
import { scanPlaceholders } from '../model/placeholders.js';
import { shellWord } from '../core/shell-word.js';
import { lookalikes, lookalikesHeld } from '../core/lookalikes.js';
import { sampleValueInUrl, urlSampleValue } from '../model/urls.js';
import { AUTHENTICATION_PRESET_DOC, authenticationPresetBody, authenticationTextOfItsOwn, readPresetExpiryFooter } from '../model/authentication.js';
import { LIBRARY_NOT_CARRIED, META_FIELDS_NOT_CARRIED, libraryAdvice, metaFieldsOfKind, type MetaFieldNotCarried } from '../model/meta-fields.js';
import { appIdDigits, appIdValue, fileFormText, fromFile, kindCategory, PLATFORM_LABELLED, type CanonicalButton, type CanonicalText, type FileTemplate } from '../model/canonical.js';

/** One thing a template file (or the target format) cannot carry: by template and field. */
export interface FormatIssue { template: string; field: string; message: string;
  /** a renumbering of a text (Twilio's variables): the file's part it is in (`body`, `header`, `carousel[0].body`) and Twilio's keys in the order of the file's numbers (`keys[n - 1]` is the file's {{n}}) */
  moved?: { part: string; keys: string[];
    /** Twilio's numbers are the file's (nothing renumbered): the entry, with no message, says a numbered part a file's names may name (pull says it only then) */
    same?: true } }

/** A template read from an export, as the plain value of a template file (without `channel`). */
export interface ImportedTemplate {
  /** where it stood in the input (`data[3]`, `(template)`) */
  where: string;
  name: string;
  language: string;
  value: Record<string, unknown>;
  /** not empty: the template is not written */
  issues: FormatIssue[];
  /** what the file does not carry: written without it, and listed (exit 1) */
  leftOut?: FormatIssue[];
  /** what the file needs and the export does not say: written without it, and listed with what to add (exit 1) */
  toAdd?: FormatIssue[];
  /** said of the template, and no finding (exit 0): a setting Meta keeps with it that the file does not carry (META_SETTINGS) */
  notes?: FormatIssue[];
}

export const META_PAGES = {
  templates: 'https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates',
  components: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/components',
  carousel: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/marketing-templates/media-card-carousel-templates',
  offer: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/marketing-templates/limited-time-offer-templates',
  authentication: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/autofill-button-authentication-templates',
  productCarousel: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/catalogs/product-card-carousel-template-messages',
  singleProduct: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/catalogs/spm-template-messages',
  callPermission: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/marketing-templates/call-permission-request-message-template',
  orderDetails: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/payments/payments-br/orderdetailstemplate',
  orderStatus: 'https://developers.facebook.com/documentation/business-messaging/whatsapp/payments/payments-in/orderstatustemplate',
} as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const up = (v: unknown): string => (typeof v === 'string' ? v.toUpperCase() : '');

/**
 * The state Meta keeps about a template (not its content): read and left out, by design. The
 * read-only fields of Meta's template object (Graph API reference, WhatsApp Business HSM): its id,
 * status, quality_score, rejected_reason, previous_category, correct_category and
 * library_template_name (the Template Library template it was cloned from), and what the listing
 * adds (last_updated_time, the create request's allow_category_change).
 */
export const META_STATE_KEYS: readonly string[] = ['id', 'status', 'quality_score', 'rejected_reason', 'previous_category', 'correct_category', 'library_template_name', 'last_updated_time', 'allow_category_change'];
const TOP_KEYS = ['name', 'language', 'category', 'components', 'parameter_format', 'message_send_ttl_seconds', 'sub_category', 'display_format', 'cta_url_link_tracking_opted_out'];
/**
 * Settings of Meta's template object that a template file does not carry: how Meta delivers, prices
 * or optimises the template's messages, which it keeps with the template, and no part of what
 * WhatsApp reviews (the Graph API reference of the template, "WhatsApp Business HSM", lists them
 * beside its content; a create or edit request sets them). The settings of the one table of Meta's
 * fields the partner API does not carry (model/meta-fields.ts), which lint names in a file. Read and
 * not written: a boolean at its default (the listing gives `is_primary_device_delivery_only: false`
 * and `disable_ios_autofill: false` with every template) says nothing; another value, or a spec, is
 * said by template and field (`notes`, exit 0): the template on the channel keeps it, and a copy
 * apply creates from the file has Meta's default. A value of another type than the default's is
 * refused (the export is wrong).
 */
const META_SETTINGS: Readonly<Record<string, MetaFieldNotCarried>> = Object.fromEntries(metaFieldsOfKind('setting').map((k) => [k, META_FIELDS_NOT_CARRIED[k]!]));
/** the fields of a create request from Meta's template library (library_template_name, its button and body inputs) */
const LIBRARY_KEYS = metaFieldsOfKind('library');
/** An item of an export that is a create request from Meta's template library: a library field, and no components (Meta writes the library's). */
const libraryRequest = (t: Rec): boolean => t.components === undefined && LIBRARY_KEYS.some((k) => t[k] !== undefined);
/** What a create request from the library is, and what to do instead (`them`: said of several) */
function libraryRequestAdvice(them: boolean): string {
  return `${LIBRARY_NOT_CARRIED}: ${libraryAdvice(`GET /<WABA_ID>/message_templates?fields=${META_LISTING_FIELDS}`)}${them ? ' (for each of them)' : ''}`;
}

/** A setting's value said short: a spec's opt-ins and opt-outs (`TEXT_FORMATTING_OPTIMIZATION OPT_OUT`), else its JSON, cut. */
function settingSaid(v: unknown): string {
  const features = isRec(v) ? v.creative_features_spec : undefined;
  const status = (x: unknown): string | undefined => str(x) ?? (isRec(x) ? str(x.enroll_status) : undefined);
  const pairs = Array.isArray(features)
    ? features.map((f) => (isRec(f) && str(f.key) !== undefined && status(f.value) !== undefined ? `${str(f.key)!} ${status(f.value)!}` : undefined))
    : isRec(features) ? Object.entries(features).map(([k, x]) => (status(x) !== undefined ? `${k.toUpperCase()} ${status(x)!}` : undefined)) : undefined;
  if (pairs?.length && pairs.every((p) => p !== undefined)) return pairs.join(', ');
  const json = JSON.stringify(v) ?? String(v);
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
}

/** What to do about a field of Meta's template that tplsync does not know, where it stands in the export (`data[3]`, `waba_templates[0]`, `[2]`, `(template)`) of `file`. */
function unknownFieldAdvice(k: string, where: string, file: string | undefined): string {
  const each = where.startsWith('data[') ? '.data[]' : where.startsWith('waba_templates[') ? '.waba_templates[]' : where.startsWith('[') ? '.[]' : '';
  const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `${each}.${k}` : `${each}[${JSON.stringify(k)}]`;
  const jq = `jq ${shellWord(`del(${at.startsWith('.') ? at : `.${at}`})`)} ${file !== undefined ? shellWord(file) : 'EXPORT.json'} > without.json`;
  return `'${k}' is a field of Meta's template that tplsync does not know (one Meta added since?), so whether the template is the same without it cannot be told: not written. To adopt the template without it, remove the field from the export (${jq}) and pull that${where.startsWith('data[') ? `, or fetch the listing again with fields=${META_LISTING_FIELDS}, which leaves it out` : ''}`;
}

/**
 * What 360dialog keeps about a template beside Meta's own state (its listing, `GET /v1/configs/templates`,
 * holds Meta's template objects with these added): read and left out, as Meta's state keys are.
 */
export const D360_STATE_KEYS: readonly string[] = ['namespace', 'external_id', 'partner_id', 'waba_account_id', 'modified_at', 'modified_by', 'created_at', 'created_by', 'updated_external'];

/** The fields a Meta listing must be fetched with for pull to write its templates (`fields=` of GET /<WABA_ID>/message_templates). */
export const META_LISTING_FIELDS = 'name,language,category,components,parameter_format,sub_category,message_send_ttl_seconds,status,rejected_reason,id';

/** The keys a template of Meta's (or 360dialog's) listing may have: what a file holds, and the platforms' state. */
const TEMPLATE_KEYS = new Set(['name', 'language', 'category', 'components', 'parameter_format', 'message_send_ttl_seconds', 'sub_category', 'display_format', 'cta_url_link_tracking_opted_out']);

/** Why the items of a listing are not templates pull can write, when they plainly are not: said of the whole file, not item by item. */
function listingProblem(items: readonly unknown[], what: string): string | undefined {
  const recs = items.filter(isRec);
  if (!recs.length || recs.some((t) => t.components !== undefined)) return undefined;
  // create requests from Meta's template library (library_template_name, no components): not a listing that left the content out
  if (recs.every(libraryRequest)) {
    return `holds create requests from Meta's template library, not templates (its items have ${[...new Set(recs.flatMap(Object.keys))].join(', ')}, and no components: Meta writes a library template's fixed content when it creates the template): ${libraryRequestAdvice(recs.length > 1)}`;
  }
  // message templates listed with fields= that left their content out (name, status, language, id)
  if (recs.some((t) => t.language !== undefined || t.category !== undefined)) {
    return `is ${what} fetched without the templates' content (its items have ${[...new Set(recs.flatMap(Object.keys))].join(', ')}, and no components): fetch it again with fields=${META_LISTING_FIELDS} (or no fields= at all) and pull that`;
  }
  // a listing of another kind of object (GET /<WABA_ID>/phone_numbers, /flows, ...): no template keys, keys of its own
  const own = [...new Set(recs.flatMap(Object.keys))].filter((k) => !TEMPLATE_KEYS.has(k) && !META_STATE_KEYS.includes(k) && !D360_STATE_KEYS.includes(k));
  if (own.length) return `is a Graph API listing, but not of message templates: its items have ${own.join(', ')} and no language, category or components (the listing of /phone_numbers, /flows or another edge?): give the answer of GET /<WABA_ID>/message_templates?fields=${META_LISTING_FIELDS}`;
  return undefined;
}

/**
 * The templates of a Meta export: a listing (`{"data": [...], "paging": ...}`), 360dialog's listing
 * (`{"waba_templates": [...], "count", "total", ...}`: Meta's template objects with 360dialog's
 * bookkeeping, whose keys each item's `state` lists), one template, or a create request.
 */
export function metaTemplates(json: unknown): { where: string; value: unknown; state?: readonly string[] }[] {
  if (isRec(json) && Array.isArray(json.data)) {
    const problem = listingProblem(json.data, 'a listing of Meta\'s message templates');
    if (problem) throw new Error(problem);
    return json.data.map((value, i) => ({ where: `data[${i}]`, value }));
  }
  if (isRec(json) && Array.isArray(json.waba_templates)) {
    const problem = listingProblem(json.waba_templates, '360dialog\'s template listing');
    if (problem) throw new Error(problem);
    return json.waba_templates.map((value, i) => ({ where: `waba_templates[${i}]`, value, state: D360_STATE_KEYS }));
  }
  if (Array.isArray(json)) {
    // pages put in one array (`jq -s` of the listing's pages): an array of listings, not of templates
    if (json.length && json.every((x) => isRec(x) && (Array.isArray(x.data) || Array.isArray(x.waba_templates)))) {
      throw new Error(`is an array of ${json.length} listing pages (\`jq -s\` of the pages?), not of templates: give each page's file as it was fetched (pull reads every page given), or their templates as one array (jq -s '[.[].data[]]')`);
    }
    return json.map((value, i) => ({ where: `[${i}]`, value }));
  }
  if (isRec(json) && (json.components !== undefined || json.name !== undefined)) return [{ where: '(template)', value: json }];
  throw new Error('is neither a template listing ({"data": [...]} of Meta, {"waba_templates": [...]} of 360dialog), a template, nor a create-template request');
}

/** The paths (`components[2].buttons[0].flow_id`) of the integers past 2^53 in a JSON value: JSON.parse changed their last digits. */
export function inexactNumbers(v: unknown, at = ''): string[] {
  if (typeof v === 'number') return Number.isInteger(v) && Math.abs(v) > Number.MAX_SAFE_INTEGER ? [at] : [];
  if (Array.isArray(v)) return v.flatMap((x, i) => inexactNumbers(x, `${at}[${i}]`));
  if (isRec(v)) return Object.entries(v).flatMap(([k, x]) => inexactNumbers(x, at ? `${at}.${k}` : k));
  return [];
}

const HTTP = /^https?:\/\//i;
/** What WhatsApp takes as a template's name and language (an export holding another is not written: lint would refuse the file) */
export const WHATSAPP_NAME = /^[a-z0-9_]{1,512}$/;
/** for a name refused: the Cyrillic or Greek letter in it that looks like a Latin one, named (core/lookalikes.ts); '' when none */
export function lookalikeSaid(name: string): string {
  const found = lookalikes(name);
  return found ? `: it ${lookalikesHeld(found, 'name')}; in Latin letters it is '${found.latin}'` : '';
}
export const WHATSAPP_LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;

/**
 * Pure: one Meta template (as the Graph API returns it, or a create request) as a template file's
 * value. `o.category` is the category of a template the export gives none (a listing fetched with
 * a `fields=` that leaves `category` out: pull's --category); the export's own always wins.
 */
export function metaToFile(raw: unknown, where: string, state: readonly string[] = [], o: { category?: string;
  /** the export file it is read from, as a command line names it (the advice of an unknown field) */
  file?: string } = {}): ImportedTemplate & CategorySource {
  const t = isRec(raw) ? raw : {};
  const name = str(t.name) ?? '', language = str(t.language) ?? '';
  const label = name ? `${name}/${language || '?'}` : where;
  const issues: FormatIssue[] = [];
  const bad = (field: string, message: string) => { issues.push({ template: label, field, message }); };
  if (!isRec(raw)) bad(where, 'is not a JSON object');
  if (!name) bad('name', 'missing');
  else if (!WHATSAPP_NAME.test(name)) bad('name', `'${name}' is not a WhatsApp template name (lower-case letters, digits and _)${lookalikeSaid(name)}`);
  if (!language) bad('language', 'missing');
  else if (!WHATSAPP_LANGUAGE.test(language)) bad('language', `'${language}' is not a language code of WhatsApp (ll or ll_CC)`);
  const notes: FormatIssue[] = [];
  // a create request from Meta's template library (no components): said once, as what it is; nothing else of it is checked
  if (isRec(raw) && libraryRequest(t)) {
    const named = str(t.library_template_name);
    bad(LIBRARY_KEYS.find((k) => t[k] !== undefined)!, `${named !== undefined ? `'${named}' names a template of Meta's template library: ` : ''}this is a create request from the library, not a template's content (it has no components: Meta writes the library template's fixed content when it creates the template); ${libraryRequestAdvice(false)}`);
    return { where, name, language, value: {}, issues };
  }
  for (const k of Object.keys(t)) {
    // a library field beside the template's components (library_template_name on a listing's template: the library template it was
    // made from): how it was created, not content; read and left out, as Meta's state is
    if (LIBRARY_KEYS.includes(k)) continue;
    const setting = Object.hasOwn(META_SETTINGS, k) ? META_SETTINGS[k] : undefined;
    if (setting) {
      const x = t[k];
      // a value of another type than the default's (`"maybe"` for a boolean) says nothing of the setting: refused, not taken for the other value
      if (setting.default !== undefined && x !== null && typeof x !== typeof setting.default) bad(k, `${JSON.stringify(x)} is not true or false: correct the export`);
      else if (x !== null && x !== setting.default && !(isRec(x) && !Object.keys(x).length)) {
        notes.push({ template: label, field: k, message: `${settingSaid(x)}: ${setting.what}, which Meta keeps with the template and a template file does not carry (no content WhatsApp reviews): not written. The template on the channel keeps it; a copy apply creates from the file (in another environment, or anew) has Meta's default: set it there through Meta (WhatsApp Manager or the Graph API)` });
      }
      continue;
    }
    if (!TOP_KEYS.includes(k) && !META_STATE_KEYS.includes(k) && !state.includes(k)) bad(k, unknownFieldAdvice(k, where, o.file));
  }
  // a number past 2^53 (a flow's or an app's id written without quotes) was read with its last
  // digits changed (JSON.parse keeps no more): refused wherever it stands, never written as another id
  for (const at of inexactNumbers(t)) bad(at, 'has more digits than a JSON number keeps exactly (the export lost its last ones): write it in the export as a string of digits, in quotes');
  const missing = t.category === undefined || t.category === null;
  // a template the export gives no category: the one its kind requires (a limited-time offer, a
  // catalog button, an OTP button), which --category does not change (lint would refuse the file);
  // --category's for a template of no such kind (a coupon's COPY_CODE button: MARKETING or UTILITY)
  const ofKind = missing && o.category !== KIND_PROBE ? metaKindCategory(t, where, state) : undefined;
  const given = ofKind ?? (o.category === KIND_PROBE ? 'UTILITY' : o.category);
  const category = missing && given !== undefined ? up(given) : up(t.category);
  if (missing && given === undefined) bad('category', `the export has none (a listing fetched with a fields= that leaves out category) and its kind requires none: fetch it with ?fields=${META_LISTING_FIELDS}, or give the category with --category`);
  else if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(category)) bad('category', `'${String(missing ? given : t.category)}' is not MARKETING, UTILITY or AUTHENTICATION`);
  const format = t.parameter_format === undefined ? 'POSITIONAL' : up(t.parameter_format);
  if (format !== 'POSITIONAL' && format !== 'NAMED') bad('parameter_format', `'${String(t.parameter_format)}' is not NAMED or POSITIONAL`);

  const v: Rec = { name, language, category };
  // ORDER_STATUS makes an order status template; another value has no place in a file (named, not dropped)
  if (t.sub_category !== undefined) {
    const sub = up(t.sub_category);
    if (sub === 'ORDER_STATUS') v.sub_category = sub;
    // what Meta's reads say of an ordinary template: the default, nothing to write
    else if (sub === 'CUSTOM') { /* the default */ }
    else bad('sub_category', `'${String(t.sub_category)}' cannot be written in a template file (only ORDER_STATUS)`);
  }
  if (t.display_format !== undefined) {
    if (up(t.display_format) === 'ORDER_DETAILS') v.display_format = 'ORDER_DETAILS';
    else bad('display_format', `'${String(t.display_format)}' cannot be written in a template file (only ORDER_DETAILS)`);
  }
  // "Optional boolean field for opting out/in of link tracking at template level": true is written, false is the default
  if (t.cta_url_link_tracking_opted_out !== undefined && t.cta_url_link_tracking_opted_out !== null) {
    if (typeof t.cta_url_link_tracking_opted_out !== 'boolean') bad('cta_url_link_tracking_opted_out', `${JSON.stringify(t.cta_url_link_tracking_opted_out)} is not true or false: correct the export`);
    else if (t.cta_url_link_tracking_opted_out) v.cta_url_link_tracking_opted_out = true;
  }
  // null: no time-to-live of its own (what Meta's listing says after it reset one on a change of category)
  if (t.message_send_ttl_seconds !== undefined && t.message_send_ttl_seconds !== null) {
    if (typeof t.message_send_ttl_seconds === 'number') v.message_send_ttl_seconds = t.message_send_ttl_seconds;
    else bad('message_send_ttl_seconds', 'is not a number');
  }
  const components = Array.isArray(t.components) ? t.components : [];
  if (!Array.isArray(t.components)) bad('components', 'missing');
  /** the FOOTER component's text, as the export gives it (said as it is where it disagrees with the OTP button's expiry) */
  let footerText: string | undefined;
  components.forEach((c, i) => {
    const at = `components[${i}]`;
    if (!isRec(c)) { bad(at, 'is not an object'); return; }
    const type = up(c.type);
    const keys = (allowed: readonly string[]) => { for (const k of Object.keys(c)) if (!allowed.includes(k)) bad(`${at}.${k}`, `'${k}' of a ${type} component has no place in a template file`); };
    if (v[SLOT[type] ?? ''] !== undefined) { bad(at, `a second ${type} component`); return; }
    if (type === 'HEADER') {
      keys(['type', 'format', 'text', 'example']);
      const h = header(c, at, bad, true);
      if (h) v.header = h;
    } else if (type === 'BODY') {
      keys(['type', 'text', 'example', 'add_security_recommendation']);
      if (c.add_security_recommendation !== undefined && (category === 'AUTHENTICATION' || c.text === undefined)) {
        // the text of an authentication body is WhatsApp's (the listing returns it): the file says only what to add
        v.body = { add_security_recommendation: c.add_security_recommendation === true };
      } else v.body = textPart(c, 'body_text', at, bad);
    } else if (type === 'FOOTER') {
      keys(['type', 'text', 'code_expiration_minutes']);
      if (typeof c.text === 'string') footerText = c.text;
      const preset = typeof c.text === 'string' && category === 'AUTHENTICATION' ? readPresetExpiryFooter(c.text, language) : undefined;
      if (typeof c.code_expiration_minutes === 'number') v.footer = { code_expiration_minutes: c.code_expiration_minutes };
      // an authentication footer's text that is WhatsApp's English expiry line ("This code expires in 5 minutes."): the preset it
      // is, as a create request asks for it (an authentication template has no footer text of its own: lint's authentication-footer)
      else if (preset !== undefined) v.footer = { code_expiration_minutes: preset };
      else if (typeof c.text === 'string') v.footer = c.text;
      else bad(at, 'a footer without text');
    } else if (type === 'BUTTONS') {
      keys(['type', 'buttons']);
      v.buttons = (Array.isArray(c.buttons) ? c.buttons : []).map((b, j) => button(b, `${at}.buttons[${j}]`, bad, category)).filter(isRec);
    } else if (type === 'CAROUSEL') {
      keys(['type', 'cards']);
      v.carousel = (Array.isArray(c.cards) ? c.cards : []).map((card, j) => carouselCard(card, `${at}.cards[${j}]`, bad, category));
    } else if (type === 'CALL_PERMISSION_REQUEST') {
      keys(['type']);
      v.call_permission_request = true;
    } else if (type === 'LIMITED_TIME_OFFER') {
      keys(['type', 'limited_time_offer']);
      const l = isRec(c.limited_time_offer) ? c.limited_time_offer : {};
      for (const k of Object.keys(l)) if (k !== 'text' && k !== 'has_expiration') bad(`${at}.limited_time_offer.${k}`, `'${k}' has no place in a template file`);
      v.limited_time_offer = { text: str(l.text) ?? '', ...(typeof l.has_expiration === 'boolean' ? { has_expiration: l.has_expiration } : {}) };
    } else {
      bad(`${at}.type`, `${String(c.type)} components cannot be written in a template file yet`);
    }
  });
  // the code's expiry an OTP button's URL repeats: the footer's when the listing has no footer of it; another value is said
  for (const [j, b] of (Array.isArray(v.buttons) ? v.buttons as Rec[] : []).entries()) {
    const minutes = URL_EXPIRY.get(b);
    if (minutes === undefined) continue;
    const footer = isRec(v.footer) ? v.footer.code_expiration_minutes : undefined;
    // an authentication footer's text is WhatsApp's own line of that expiry ("This code expires in 10 minutes."): the same expiry
    const textSays = typeof v.footer === 'string' && category === 'AUTHENTICATION' && new RegExp(`(^|\\D)${minutes}(\\D|$)`).test(v.footer);
    if (v.footer === undefined || textSays) v.footer = { code_expiration_minutes: minutes };
    else if (footer !== minutes) {
      // the footer in the export's words: its text (WhatsApp's line read as its minutes above, or another text), else its minutes
      const says = footerText !== undefined && (typeof v.footer === 'string' || readPresetExpiryFooter(footerText, language) === footer) ? `says "${footerText}"` : footer === undefined ? 'gives no expiry' : `says ${String(footer)}`;
      bad(`buttons[${j}].url`, `the OTP button's URL says the code expires in ${minutes} minutes, the FOOTER component ${says}: they must agree (the footer's code_expiration_minutes is the expiry); correct the export`);
    }
  }
  // a ZERO_TAP button in the listing's URL form: Meta's listing never returns the create request's
  // zero_tap_terms_accepted (an attestation, not content); tplsync does not attest for the user
  const toAdd: FormatIssue[] = [];
  for (const [j, b] of (Array.isArray(v.buttons) ? v.buttons as Rec[] : []).entries()) {
    if (ZERO_TAP_FROM_URL.has(b)) toAdd.push({ template: label, field: `buttons[${j}].zero_tap_terms_accepted`, message: 'the listing gives a ZERO_TAP button as a URL, which never carries the create request\'s zero_tap_terms_accepted (whoever created it accepted Meta\'s zero-tap terms then): add `zero_tap_terms_accepted: true` to the button once you accept them for this template (lint refuses the file until then: authentication-zero-tap-terms)' });
  }
  return { where, name, language, value: ordered(v), issues, ...(toAdd.length ? { toAdd } : {}), ...(notes.length ? { notes } : {}), ...categorySource(!missing, ofKind, o.category === KIND_PROBE ? undefined : o.category) };
}

/**
 * Where the category of a template whose export gives none came from, one rule for every export
 * (`--from meta`, `--from twilio`): the one its kind requires (over --category's, `categoryOverruled`),
 * else --category's (`categoryGiven`), else chosen by tplsync (`categoryChosen`). Nothing when the
 * export gives it (`read`). The file says it beside the category: `categoryComment`.
 */
export interface CategorySource { categoryChosen?: boolean; categoryGiven?: boolean; categoryOfKind?: string; categoryOverruled?: string }

export function categorySource(read: boolean, kind: string | undefined, given: string | undefined): CategorySource {
  if (read) return {};
  const g = given?.toUpperCase();
  if (kind !== undefined) return { categoryOfKind: kind, ...(g !== undefined && g !== kind ? { categoryOverruled: g } : {}) };
  return g !== undefined ? { categoryGiven: true } : { categoryChosen: true };
}

/** The comment a pulled file writes beside a category its export did not give (`categorySource`), the same from every export. */
export function categoryComment(s: CategorySource): string | undefined {
  if (s.categoryOfKind !== undefined) return ` the export has no category: its kind requires this one${s.categoryOverruled !== undefined ? ` (not --category's ${s.categoryOverruled})` : ''}`;
  if (s.categoryGiven) return ' the export has no category: --category gave this one';
  if (s.categoryChosen) return ' the export has no category: check it';
  return undefined;
}

/** the category metaToFile's probe reads a template under, to tell its kind (no category of a user's) */
const KIND_PROBE = '\u0000kind';

/** The category a Meta template's kind requires (kindCategory), read off its components; undefined for a kind that leaves it open or one not read. */
function metaKindCategory(t: Rec, where: string, state: readonly string[]): string | undefined {
  const probe = metaToFile(t, where, state, { category: KIND_PROBE });
  try {
    return kindCategory(fromFile(probe.value, '', '').canonical);
  } catch {
    return undefined;
  }
}

/** the ZERO_TAP buttons read from the URL form of Meta's listing (no zero_tap_terms_accepted there) */
const ZERO_TAP_FROM_URL = new WeakSet<Rec>();

/** the code_expiration_minutes an OTP button's URL carried (the listing repeats the footer's there), by the button it became */
const URL_EXPIRY = new WeakMap<Rec, number>();

const SLOT: Record<string, string> = { HEADER: 'header', BODY: 'body', FOOTER: 'footer', BUTTONS: 'buttons', CAROUSEL: 'carousel', LIMITED_TIME_OFFER: 'limited_time_offer', CALL_PERMISSION_REQUEST: 'call_permission_request' };
const FILE_ORDER = ['name', 'language', 'category', 'sub_category', 'display_format', 'message_send_ttl_seconds', 'cta_url_link_tracking_opted_out', 'header', 'limited_time_offer', 'body', 'carousel', 'call_permission_request', 'footer', 'buttons'];
function ordered(v: Rec): Rec {
  return Object.fromEntries([...FILE_ORDER.filter((k) => v[k] !== undefined).map((k) => [k, v[k]]), ...Object.entries(v).filter(([k, x]) => !FILE_ORDER.includes(k) && x !== undefined)]);
}

type Bad = (field: string, message: string) => void;

/** A text with its samples: `example.<key>` positional (`[["a","b"]]` for the body, `["a"]` for a header) or `<key>_named_params`. */
function textPart(c: Rec, key: 'body_text' | 'header_text', at: string, bad: Bad): Rec {
  const text = str(c.text) ?? '';
  if (!text) bad(`${at}.text`, 'missing');
  const ex = isRec(c.example) ? c.example : undefined;
  const examples: Rec = {};
  /** the samples given by position (`example.<key>`), and those given by name (`example.<key>_named_params`) */
  const byPosition: string[] = [], byName: { name: string; sample: string }[] = [];
  if (ex) {
    for (const k of Object.keys(ex)) if (k !== key && k !== `${key}_named_params`) bad(`${at}.example.${k}`, `'${k}' has no place here`);
    const positional = ex[key];
    // Meta's pages also give a body's one sample as a plain string ("body_text": "Pablo")
    const values = typeof positional === 'string' ? [positional] : key === 'body_text' ? (Array.isArray(positional) ? positional[0] : undefined) : positional;
    if (Array.isArray(values)) values.forEach((x, i) => { const s = str(x); if (s !== undefined) { examples[String(i + 1)] = s; byPosition.push(s); } });
    const named = ex[`${key}_named_params`];
    if (Array.isArray(named)) {
      for (const p of named) {
        const n = isRec(p) ? str(p.param_name) : undefined;
        const s = isRec(p) ? str(p.example) : undefined;
        if (n !== undefined && s !== undefined) { examples[n] = s; byName.push({ name: n, sample: s }); }
      }
    }
  }
  const keys = [...new Set(scanPlaceholders(text).placeholders.map((p) => p.key))];
  const unsampled = keys.filter((k) => examples[k] === undefined);
  if (!unsampled.length) return { text, ...(Object.keys(examples).length ? { examples } : {}) };
  const numbers = keys.filter((k) => /^[0-9]+$/.test(k)).map(Number);
  const shown = (ks: readonly string[]): string => ks.map((k) => `{{${k}}}`).join(', ');
  const positionalForm = (v: string): string => (key === 'body_text' ? `[[${JSON.stringify(v)}, ...]]` : `[${JSON.stringify(v)}]`);
  if (numbers.length === keys.length && numbers.some((n) => n > numbers.length)) {
    // numbers with a gap ({{1}} and {{3}}): the samples, given by position, are those of 1, 2, ...: the gap is the mistake, not a sample
    const used = new Set(numbers);
    const top = Math.max(...numbers);
    const missing = Array.from({ length: top }, (_, i) => i + 1).filter((n) => !used.has(n));
    const first = Math.min(...numbers.filter((n) => n > missing[0]!));
    const before = missing.filter((n) => n < first);
    const given = byPosition.length === numbers.length
      ? ` (${numbers.length === 1 ? `its one sample in example.${key}, given by position, is that of {{1}}` : `its ${numbers.length} samples in example.${key}, given by position, are those of {{1}} ${numbers.length === 2 ? 'and' : 'to'} {{${numbers.length}}}`})`
      : `, and example.${key} gives ${byPosition.length} sample${byPosition.length === 1 ? '' : 's'} for its ${numbers.length} placeholder${numbers.length === 1 ? '' : 's'}`;
    bad(`${at}.text`, `{{${first}}} is used but ${shown(before.map(String))} ${before.length === 1 ? 'is' : 'are'} not; numbered placeholders run 1, 2, 3, ... without gaps${given}: number them without gaps in the export`);
  } else if (numbers.length === 0 && byName.length === 0 && byPosition.length > 0) {
    // named placeholders with the samples of numbered ones: the samples are there, in the other field
    bad(`${at}.example`, `the samples are there, but in example.${key}, the field of numbered placeholders (parameter_format POSITIONAL); named placeholders (NAMED: ${shown(keys)}) take theirs in example.${key}_named_params, each with its placeholder's name ([{"param_name": ${JSON.stringify(keys[0])}, "example": ${JSON.stringify(byPosition[0])}}, ...]): move them there in the export`);
  } else if (numbers.length === keys.length && byPosition.length === 0 && byName.length > 0) {
    // numbered placeholders with the samples of named ones
    bad(`${at}.example`, `the samples are there, but in example.${key}_named_params, the field of named placeholders (parameter_format NAMED); numbered placeholders (POSITIONAL: ${shown(keys)}) take theirs by position in example.${key} (${positionalForm(byName[0]!.sample)}): move them there in the export`);
  } else {
    // a placeholder without a sample: WhatsApp's review needs one (as a Twilio export's variables must give it); said with
    // where the export gives it, in the form of this component's placeholders (by position, or by name)
    const shape = numbers.length === keys.length
      ? `by position in this component's example.${key} (${key === 'body_text' ? '[[' : '['}${keys.map((k) => JSON.stringify(typeof examples[k] === 'string' ? examples[k] : `<sample of {{${k}}}>`)).join(', ')}${key === 'body_text' ? ']]' : ']'})`
      : `by name in this component's example.${key}_named_params ([${unsampled.map((k) => `{"param_name": ${JSON.stringify(k)}, "example": "<its sample>"}`).join(', ')}])`;
    bad(`${at}.example`, `no sample of ${shown(unsampled)}: WhatsApp reviews a template with a sample of each placeholder (and lint refuses a file without one); give ${unsampled.length === 1 ? 'it' : 'them'} in the export, ${shape}, and pull again`);
  }
  return { text, ...(Object.keys(examples).length ? { examples } : {}) };
}

function header(c: Rec, at: string, bad: Bad, top: boolean): Rec | undefined {
  const format = up(c.format);
  const allowed = top ? ['TEXT', 'IMAGE', 'VIDEO', 'GIF', 'DOCUMENT', 'LOCATION', 'PRODUCT'] : ['IMAGE', 'VIDEO', 'PRODUCT'];
  if (!allowed.includes(format)) { bad(`${at}.format`, `${String(c.format)} headers cannot be written in a template file${top ? ' yet' : ' card'}`); return undefined; }
  if (format === 'TEXT') return { format, ...textPart(c, 'header_text', at, bad) };
  if (format === 'LOCATION') return { format };
  // a single-product template or a product card: the product is named when sending
  if (format === 'PRODUCT') {
    if (c.example !== undefined) bad(`${at}.example`, 'a PRODUCT header takes no sample: the product is named when sending');
    return { format };
  }
  const ex = isRec(c.example) ? c.example : undefined;
  const handle = ex && Array.isArray(ex.header_handle) ? str(ex.header_handle[0]) : undefined;
  if (handle !== undefined && !HTTP.test(handle)) {
    bad(`${at}.example.header_handle`, 'a media handle of Meta\'s upload API, not a URL: a template file needs a sample media URL (the listing returns one)');
    return undefined;
  }
  if (handle === undefined) { bad(`${at}.example.header_handle`, `no sample: ${/^[AEIOU]/.test(format) ? 'an' : 'a'} ${format} header needs a sample media URL (the listing returns one); give it in the export ("example": {"header_handle": ["https://<the address of a sample file>"]} in this component) and pull again`); return undefined; }
  return { format, example: handle };
}

const OTP_URL = /^https:\/\/www\.whatsapp\.com\/otp\/code\/?\?/;

function button(raw: unknown, at: string, bad: Bad, category: string): Rec | undefined {
  if (!isRec(raw)) { bad(at, 'is not an object'); return undefined; }
  const b = raw;
  const type = up(b.type);
  const keys = (allowed: readonly string[]) => { for (const k of Object.keys(b)) if (!['type', ...allowed].includes(k)) bad(`${at}.${k}`, `'${k}' of a ${type} button has no place in a template file`); };
  const text = str(b.text);
  const withText = text !== undefined ? { text } : {};
  switch (type) {
    case 'QUICK_REPLY': case 'CATALOG': case 'MPM': case 'SPM': case 'ORDER_DETAILS':
      keys(['text']);
      return { type, ...withText };
    case 'PHONE_NUMBER':
      keys(['text', 'phone_number']);
      return { type, ...withText, phone_number: str(b.phone_number) ?? '' };
    case 'URL': {
      const url = str(b.url) ?? '';
      // the listing returns an authentication template's OTP button as a URL button
      if (category === 'AUTHENTICATION' && OTP_URL.test(url)) return otpFromUrl(url, text, at, bad);
      keys(['text', 'url', 'example', 'app_deep_link']);
      const ex = str(Array.isArray(b.example) ? b.example[0] : b.example);
      // Meta's pages give the sample as the full URL or as the value of {{1}} alone: the value put in the URL as send puts a
      // value there (what cannot stand in a URL percent-encoded: `R 12/7` as `R%2012/7`), the whole URL the sample message opens
      const example = ex === undefined || !url.includes('{{') ? undefined : HTTP.test(ex) ? ex : url.replace(/\{\{[^}]*\}\}/, () => sampleValueInUrl(ex));
      if (url.includes('{{') && example === undefined) bad(`${at}.example`, `no sample of the URL's placeholder: WhatsApp reviews a URL button with a sample (and lint refuses a file without one); give it in the export ("example": [${JSON.stringify(url.replace(/\{\{[^}]*\}\}/, '<a value>'))}] on this button) and pull again`);
      const link = appDeepLink(b.app_deep_link, `${at}.app_deep_link`, bad);
      return { type, ...withText, url, ...(example !== undefined ? { example } : {}), ...(link ? { app_deep_link: link } : {}) };
    }
    case 'COPY_CODE': {
      keys(['text', 'example']);
      const ex = str(Array.isArray(b.example) ? b.example[0] : b.example);
      // the label is WhatsApp's own ("Copy offer code"): the file gives none (PLATFORM_LABELLED)
      return { type, ...(PLATFORM_LABELLED.has(type) ? {} : withText), example: ex ?? '' };
    }
    case 'FLOW': {
      keys(['text', 'flow_id', 'flow_name', 'flow_json', 'flow_action', 'navigate_screen']);
      const action = str(b.flow_action)?.toLowerCase();
      if (b.flow_id === undefined) {
        // a flow by name or as JSON (format 1.2): the keys as Meta writes them
        const by = str(b.flow_name) !== undefined ? { flow_name: str(b.flow_name)! } : str(b.flow_json) !== undefined ? { flow_json: str(b.flow_json)! } : undefined;
        if (!by) { bad(`${at}.flow_id`, 'a FLOW button without flow_id, flow_name or flow_json'); return undefined; }
        return { type, ...withText, ...by, ...(action ? { flow_action: action } : {}), ...(str(b.navigate_screen) ? { navigate_screen: str(b.navigate_screen) } : {}) };
      }
      return { type, ...withText, flow: { id: str(b.flow_id) ?? '', ...(action ? { action } : {}), ...(str(b.navigate_screen) ? { navigateScreen: str(b.navigate_screen) } : {}) } };
    }
    case 'VOICE_CALL':
      keys(['text', 'ttl_minutes']);
      return { type, ...withText, ...(typeof b.ttl_minutes === 'number' ? { ttl_minutes: b.ttl_minutes } : {}) };
    case 'OTP': {
      keys(['text', 'otp_type', 'autofill_text', 'supported_apps', 'package_name', 'signature_hash', 'zero_tap_terms_accepted']);
      const apps = Array.isArray(b.supported_apps)
        ? b.supported_apps.map((a) => (isRec(a) ? { package_name: str(a.package_name) ?? '', signature_hash: str(a.signature_hash) ?? '' } : { package_name: '', signature_hash: '' }))
        : b.package_name !== undefined ? [{ package_name: str(b.package_name) ?? '', signature_hash: str(b.signature_hash) ?? '' }] : undefined;
      return otp(up(b.otp_type), text, str(b.autofill_text), apps, b.zero_tap_terms_accepted === true);
    }
    default:
      bad(`${at}.type`, `${String(b.type)} buttons cannot be written in a template file yet`);
      return undefined;
  }
}

/** An Android app deep link of a URL button, as Meta and the file write it. */
function appDeepLink(raw: unknown, at: string, bad: Bad): Rec | undefined {
  if (raw === undefined) return undefined;
  if (!isRec(raw)) { bad(at, 'is not an object'); return undefined; }
  for (const k of Object.keys(raw)) if (!['meta_app_id', 'android_deep_link', 'android_fallback_playstore_url'].includes(k)) bad(`${at}.${k}`, `'${k}' has no place in a template file`);
  const fallback = str(raw.android_fallback_playstore_url);
  // Meta's pages write it as a number or a string of digits; a number past 2^53 was read with
  // digits lost (JSON.parse keeps no more), so it is refused rather than written wrong
  const raw_id = raw.meta_app_id;
  const id = typeof raw_id === 'number' ? (Number.isSafeInteger(raw_id) && raw_id > 0 ? appIdValue(appIdDigits(raw_id)) : undefined) : typeof raw_id === 'string' && /^\d{1,20}$/.test(raw_id.trim()) ? appIdValue(appIdDigits(raw_id)) : undefined;
  // (a number past 2^53 is refused with the template's other inexact numbers: inexactNumbers)
  if (id === undefined && !(typeof raw_id === 'number' && Number.isInteger(raw_id) && raw_id > Number.MAX_SAFE_INTEGER)) bad(`${at}.meta_app_id`, 'is not the number of a Meta app');
  return { meta_app_id: id ?? 0, android_deep_link: str(raw.android_deep_link) ?? '', ...(fallback !== undefined ? { android_fallback_playstore_url: fallback } : {}) };
}

function otp(otpType: string, text: string | undefined, autofill: string | undefined, apps: Rec[] | undefined, zeroTap: boolean): Rec {
  return {
    type: 'OTP', otp_type: otpType, ...(text !== undefined ? { text } : {}), ...(autofill !== undefined ? { autofill_text: autofill } : {}),
    ...(apps ? { supported_apps: apps } : {}), ...(zeroTap ? { zero_tap_terms_accepted: true } : {}),
  };
}

function otpFromUrl(url: string, text: string | undefined, at: string, bad: Bad): Rec {
  const q = new URL(url).searchParams;
  // code_expiration_minutes repeats the FOOTER component's (Meta's listing writes both): compared with it once the template is read
  for (const k of new Set(q.keys())) if (!['otp_type', 'cta_display_name', 'package_name', 'signature_hash', 'code', 'code_expiration_minutes'].includes(k)) bad(`${at}.url`, `'${k}' of the OTP button's URL has no place in a template file`);
  const given = q.getAll('code_expiration_minutes');
  const minutes = given.length === 1 && /^\d{1,3}$/.test(given[0]!) ? Number(given[0]) : undefined;
  if (given.length > 1) bad(`${at}.url`, `the OTP button's URL gives code_expiration_minutes ${given.length} times (${given.join(', ')}); a code has one expiry`);
  else if (given.length === 1 && minutes === undefined) bad(`${at}.url`, `code_expiration_minutes of the OTP button's URL is '${given[0]}', not a number of minutes`);
  const pkg = q.get('package_name');
  const b = otp((q.get('otp_type') ?? '').toUpperCase(), text, q.get('cta_display_name') ?? undefined, pkg ? [{ package_name: pkg, signature_hash: q.get('signature_hash') ?? '' }] : undefined, false);
  if (minutes !== undefined) URL_EXPIRY.set(b, minutes);
  if (b.otp_type === 'ZERO_TAP') ZERO_TAP_FROM_URL.add(b);
  return b;
}

function carouselCard(raw: unknown, at: string, bad: Bad, category: string): Rec {
  const card: Rec = {};
  const comps = isRec(raw) && Array.isArray(raw.components) ? raw.components : [];
  if (!isRec(raw) || !Array.isArray(raw.components)) bad(at, 'a card without components');
  comps.forEach((c, i) => {
    const cat = `${at}.components[${i}]`;
    if (!isRec(c)) { bad(cat, 'is not an object'); return; }
    const type = up(c.type);
    if (type === 'HEADER') { const h = header(c, cat, bad, false); if (h) card.header = h; }
    else if (type === 'BODY') card.body = textPart(c, 'body_text', cat, bad);
    else if (type === 'BUTTONS') card.buttons = (Array.isArray(c.buttons) ? c.buttons : []).map((b, j) => button(b, `${cat}.buttons[${j}]`, bad, category)).filter(isRec);
    else bad(`${cat}.type`, `${String(c.type)} components of a card cannot be written in a template file`);
  });
  return card;
}

// ---------------------------------------------------------------------------------------------
// Out: canonical templates (from files) to Meta's create-template request.

/**
 * `notes`: what the request leaves out that is tplsync's own and no part of what the platform
 * reviews (the file's `description`): said on stderr, not a finding (exit 0), where `issues`,
 * the platform's content that the request cannot carry, are (exit 1).
 */
export interface MetaExport { request?: Rec; issues: FormatIssue[]; notes?: FormatIssue[] }

/** Why a description left out of a request is a note: what the template is for is tplsync's, which apply sends with it and no platform reviews. */
export const DESCRIPTION_IS_TPLSYNCS = 'the description is tplsync\'s own (what the template is for: apply sends it with the template, and no platform reviews it)';

/** The names of the placeholders of a part, or undefined when it has none; numbered ones give []. */
function partNames(p: { text?: string } | undefined, names: readonly string[] | undefined): string[] | undefined {
  if (!p?.text || !/\{\{/.test(p.text)) return undefined;
  return names?.filter(Boolean) ?? [];
}

/** Pure: a template file's view (its placeholders' names kept) as the body of Meta's POST /<WABA_ID>/message_templates. */
export function toMeta(f: FileTemplate): MetaExport {
  const c = f.canonical;
  const names = f.names;
  const label = `${c.name}/${c.language}`;
  const issues: FormatIssue[] = [];
  if (c.rcsOnly) return { issues: [{ template: label, field: 'message', message: 'an RCS-only template: Meta has no place for it' }] };
  if (c.message) issues.push({ template: label, field: 'message', message: 'the RCS message has no place in a Meta template: left out' });
  // what the template is for, which the file and apply's write keep: Meta's create request has no such field.
  // tplsync's own, no part of what WhatsApp approves: a note, not a finding (a lint-clean project exports with exit 0)
  const notes: FormatIssue[] = c.description.trim() !== '' ? [{ template: label, field: 'description', message: `not in Meta's create request, which has no such field; ${DESCRIPTION_IS_TPLSYNCS}; a file pulled back from this output (pull --from meta) has none` }] : [];
  // judged as plan judges a create (authenticationTextOfItsOwn): WhatsApp takes no text of its own, so no request is written
  if (authenticationTextOfItsOwn(c)) return { issues: [...issues, { template: label, field: 'body.text', message: `an authentication template with a body text of its own, and WhatsApp builds authentication templates from its preset text only (${AUTHENTICATION_PRESET_DOC}); plan holds its create. Not exported: drop body.text (and its examples) and ask for WhatsApp's sentences with body.add_security_recommendation: true and footer.code_expiration_minutes` }] };
  const parts = [partNames(c.header?.format === 'TEXT' ? c.header : undefined, names.header), partNames(c.body, names.body), ...(c.carousel ?? []).map((card, i) => partNames(card.body, names.cards?.[i]))];
  const named = parts.filter((x): x is string[] => x !== undefined);
  const isNamed = named.some((n) => n.length > 0);
  // no request to write: one parameter_format for the header, the body and every card
  if (isNamed && named.some((n) => n.length === 0)) return { issues: [...issues, { template: label, field: 'placeholders', message: 'named and numbered placeholders in one template (a carousel\'s cards included): Meta takes one parameter_format; the template is left out' }] };
  const components: Rec[] = [];
  if (c.header) {
    const h = c.header;
    if (h.format === 'TEXT') components.push({ type: 'HEADER', format: 'TEXT', text: fileFormText(h.text, names.header), ...textExample(h.example !== undefined ? [h.example] : [], names.header, 'header_text', isNamed) });
    else components.push({ type: 'HEADER', format: h.format, ...(h.example !== undefined ? { example: { header_handle: [h.example] } } : {}) });
  }
  if (c.limitedTimeOffer) components.push({ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: c.limitedTimeOffer.text, has_expiration: c.limitedTimeOffer.hasExpiration === true } });
  // WhatsApp's preset text, asked for or its wording written out (as Meta's listing returns it): the create request
  // takes it only as the preset, with or without the security sentence (authenticationPresetBody, as plan judges it)
  const preset = authenticationPresetBody(c);
  if (preset) components.push({ type: 'BODY', add_security_recommendation: preset.addSecurityRecommendation });
  else components.push(bodyComponent(c.body, names.body, isNamed));
  if (c.callPermissionRequest) components.push({ type: 'CALL_PERMISSION_REQUEST' });
  if (c.carousel) {
    components.push({
      type: 'CAROUSEL',
      cards: c.carousel.map((card, i) => ({
        components: [
          { type: 'HEADER', format: card.header.format, ...(card.header.example !== undefined ? { example: { header_handle: [card.header.example] } } : {}) },
          ...(card.body ? [bodyComponent(card.body, names.cards?.[i], isNamed)] : []),
          ...(card.buttons.length ? [{ type: 'BUTTONS', buttons: card.buttons.map(metaCardButton) }] : []),
        ],
      })),
    });
  }
  if (c.footer !== undefined) components.push({ type: 'FOOTER', text: c.footer });
  if (c.codeExpirationMinutes !== undefined) components.push({ type: 'FOOTER', code_expiration_minutes: c.codeExpirationMinutes });
  if (c.buttons.length) components.push({ type: 'BUTTONS', buttons: c.buttons.map(metaButton) });
  const request: Rec = {
    name: c.name, language: c.language, category: c.category ?? 'UTILITY',
    ...(c.subCategory !== undefined ? { sub_category: c.subCategory } : {}),
    ...(c.displayFormat !== undefined ? { display_format: c.displayFormat } : {}),
    parameter_format: isNamed ? 'NAMED' : 'POSITIONAL',
    ...(c.messageSendTtlSeconds !== undefined ? { message_send_ttl_seconds: c.messageSendTtlSeconds } : {}),
    ...(c.ctaUrlLinkTrackingOptedOut ? { cta_url_link_tracking_opted_out: true } : {}),
    components,
  };
  return { request, issues, notes };
}

function textExample(values: readonly string[], names: readonly string[] | undefined, key: 'body_text' | 'header_text', isNamed: boolean): Rec {
  if (!values.length) return {};
  if (isNamed) return { example: { [`${key}_named_params`]: values.map((x, i) => ({ param_name: names?.[i] ?? String(i + 1), example: x })) } };
  return { example: { [key]: key === 'body_text' ? [[...values]] : [...values] } };
}

function bodyComponent(b: CanonicalText, names: readonly string[] | undefined, isNamed: boolean): Rec {
  return { type: 'BODY', text: fileFormText(b.text, names), ...textExample(b.examples, names, 'body_text', isNamed) };
}

/**
 * A carousel card's button in Meta's create request: a URL button's sample is the variable's value
 * alone, as Meta's media-card and product-card carousel pages write it (<URL_BUTTON_URL_VARIABLE_EXAMPLE>,
 * "example": ["BLUE_ELF"]), where a template's URL button takes the whole URL.
 */
function metaCardButton(b: CanonicalButton): Rec {
  const r = metaButton(b);
  return b.type === 'URL' && b.url !== undefined && b.example !== undefined ? { ...r, example: [urlSampleValue(b.url, b.example)] } : r;
}

function metaButton(b: CanonicalButton): Rec {
  const text = b.text !== undefined ? { text: b.text } : {};
  switch (b.type) {
    case 'URL': return {
      type: 'URL', ...text, url: b.url ?? '', ...(b.example !== undefined ? { example: [b.example] } : {}),
      // the Marketing Messages API's Android app link (Meta's create request takes it on the button)
      ...(b.appDeepLink ? { app_deep_link: { meta_app_id: appIdValue(b.appDeepLink.metaAppId), android_deep_link: b.appDeepLink.androidDeepLink, ...(b.appDeepLink.androidFallbackPlaystoreUrl !== undefined ? { android_fallback_playstore_url: b.appDeepLink.androidFallbackPlaystoreUrl } : {}) } } : {}),
    };
    case 'PHONE_NUMBER': return { type: 'PHONE_NUMBER', ...text, phone_number: b.phoneNumber ?? '' };
    case 'COPY_CODE': return { type: 'COPY_CODE', ...text, example: b.example ?? '' };
    case 'FLOW': {
      // the flow by id, name or inline JSON: whichever the file names (the Cloud API takes one)
      const f = b.flow ?? {};
      const which = f.id !== undefined ? { flow_id: f.id } : f.name !== undefined ? { flow_name: f.name } : f.json !== undefined ? { flow_json: f.json } : { flow_id: '' };
      return { type: 'FLOW', ...text, ...which, ...(f.action ? { flow_action: f.action } : {}), ...(f.navigateScreen ? { navigate_screen: f.navigateScreen } : {}) };
    }
    case 'VOICE_CALL': return { type: 'VOICE_CALL', ...text, ...(b.ttlMinutes !== undefined ? { ttl_minutes: b.ttlMinutes } : {}) };
    case 'OTP': return {
      type: 'OTP', otp_type: b.otpType ?? '', ...text, ...(b.autofillText !== undefined ? { autofill_text: b.autofillText } : {}),
      ...(b.supportedApps ? { supported_apps: b.supportedApps.map((a) => ({ package_name: a.packageName, signature_hash: a.signatureHash })) } : {}),
      ...(b.zeroTapTermsAccepted ? { zero_tap_terms_accepted: true } : {}),
    };
    default: return { type: b.type, ...text };
  }
}
