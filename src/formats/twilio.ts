// Pure: WhatsApp templates held as Twilio Content API resources (GET /v1/Content, one resource,
// or the create requests `export --to twilio` writes) into template file values, and canonical
// templates out to Twilio's create requests. What a file cannot carry is never dropped: a part
// that changes what WhatsApp shows is an issue (the template is not written); a part Twilio keeps
// for other channels or for sending time is "left out" (the file is written, the part listed).
// Follows the pages in TWILIO_PAGES.
import { fromFile, kindCategory, type CanonicalButton, type FileTemplate } from '../model/canonical.js';
import { metaCdnLink, metaCdnLinkSaid } from '../model/meta-cdn.js';
import { scanPlaceholders, placeholderNameFor, NAMED, NUMBERED } from '../model/placeholders.js';
import { sampleValueInUrl, urlSampleProblem } from '../model/urls.js';
import { authenticationPresetBody, authenticationTextOfItsOwn, readPresetExpiryFooter } from '../model/authentication.js';
import { cardParam, type ChannelKind } from '../model/meta.js';
import { mediaKind, messageTypeOfUrl, urlExtension, type MediaKind } from '../model/rcs-media.js';
import { categorySource, DESCRIPTION_IS_TPLSYNCS, inexactNumbers, lookalikeSaid, WHATSAPP_LANGUAGE, type CategorySource, WHATSAPP_NAME, type FormatIssue, type ImportedTemplate } from './meta.js';

export const TWILIO_PAGES = {
  resources: 'https://www.twilio.com/docs/content/content-api-resources',
  overview: 'https://www.twilio.com/docs/content/content-types-overview',
  variables: 'https://www.twilio.com/docs/content/using-variables-with-content-api',
  text: 'https://www.twilio.com/docs/content/twilio-text',
  media: 'https://www.twilio.com/docs/content/twilio-media',
  quickReply: 'https://www.twilio.com/docs/content/twilio-quick-reply',
  callToAction: 'https://www.twilio.com/docs/content/twilio-call-to-action',
  card: 'https://www.twilio.com/docs/content/twiliocard',
  carousel: 'https://www.twilio.com/docs/content/carousel',
  catalog: 'https://www.twilio.com/docs/content/twilio-catalog',
  whatsappCard: 'https://www.twilio.com/docs/content/whatsappcard',
  authentication: 'https://www.twilio.com/docs/content/whatsappauthentication',
  listPicker: 'https://www.twilio.com/docs/content/twiliolist-picker',
  location: 'https://www.twilio.com/docs/content/twilio-location',
} as const;

/** A template read from a Twilio export: written without `leftOut` (listed), with a note on a category it had to choose. */
/** `CategorySource`: the category was not in the export (Twilio keeps it with the WhatsApp approval request) */
export interface TwilioImported extends ImportedTemplate, CategorySource {
  leftOut: FormatIssue[];
  /** texts and URLs whose Twilio variable numbers are other numbers in the file (said; nothing is lost) */
  renumbered: FormatIssue[];
  /** the parts Twilio numbers as the file does (no message): a file's names for them are said by pull (from-export.ts) */
  numberedParts?: FormatIssue[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** What Twilio keeps about a resource (not its content): read and left out, by design. */
const STATE_KEYS = ['sid', 'account_sid', 'date_created', 'date_updated', 'url', 'links', 'approval_requests'];
const CONTENT_KEYS = ['friendly_name', 'language', 'variables', 'types'];
/** The types a WhatsApp template can be, the richest first (Twilio sends the richest the channel takes). */
const WHATSAPP_TYPES = ['whatsapp/authentication', 'whatsapp/card', 'twilio/carousel', 'twilio/catalog', 'twilio/card', 'twilio/call-to-action', 'twilio/quick-reply', 'twilio/media', 'twilio/text'] as const;
/** The labels WhatsApp gives a catalog's and a multi-product template's button (Twilio's types have no label). */
export const CATALOG_LABEL = 'View catalog', MPM_LABEL = 'View items';
/**
 * The label WhatsApp gives a COPY_CODE button whatever the template says ("Copy code button text
 * cannot be customized", PLATFORM_LABELLED): the `title` export --to twilio writes for a button the
 * file gives no text (Twilio's models require one), which pull reads back as no text.
 */
export const COPY_CODE_LABEL = 'Copy offer code';
const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'];

export interface TwilioItem { where: string; value: unknown; approval?: unknown }

/**
 * The answer of GET /v1/Content/{sid}/ApprovalRequests (one resource's WhatsApp approval, by the
 * resource's sid, without its content: `{"sid", "whatsapp": {...}}`), or undefined for anything else.
 */
export function approvalAnswer(json: unknown): { sid: string | undefined; approval: Rec } | undefined {
  return isRec(json) && isRec(json.whatsapp) && json.types === undefined && json.content === undefined ? { sid: str(json.sid) || undefined, approval: json } : undefined;
}

/**
 * The ApprovalRequests answers a Twilio export file holds: the file itself (`where` ''), or the items
 * of an array that are such answers (`[i]`): what `for sid in ...; do curl .../ApprovalRequests; done | jq -s .`
 * gives, alone or among the resources. Pure.
 */
export function approvalAnswersIn(json: unknown): { where: string; sid: string | undefined; approval: Rec }[] {
  if (Array.isArray(json)) return json.flatMap((x, i) => { const a = approvalAnswer(x); return a ? [{ where: `[${i}]`, ...a }] : []; });
  const a = approvalAnswer(json);
  return a ? [{ where: '', ...a }] : [];
}

const approvalsInstead = 'or give the listing of GET /v1/ContentAndApprovals, which holds each resource with its approval request, instead';

/**
 * Why the ApprovalRequests answers of an array (`[i]` and their sids) are refused: no file given holds
 * the resource of their sid. `total`: the answers the array holds. Pure.
 */
export function unpairedApprovals(items: readonly { where: string; sid: string }[], total: number): string {
  const shown = items.slice(0, 5).map((a) => `${a.where} ${a.sid}`).join(', ') + (items.length > 5 ? ` and ${items.length - 5} more` : '');
  const answers = `${total} answer${total === 1 ? '' : 's'} of GET /v1/Content/{sid}/ApprovalRequests (WhatsApp approvals, without their content)`;
  const whose = items.length === total ? `of ${items.length === 1 ? 'its sid' : 'their sids'}` : `of the sid of ${items.length} of them`;
  const what = `${items.length === total ? 'is an array of' : 'holds'} ${answers}, and no file given holds the resource ${whose}`;
  return `${what} (${shown}): give ${items.length === 1 ? 'it' : 'them'} beside ${items.length === 1 ? 'that resource' : 'those resources'} (the listing of GET /v1/Content, or the answer of GET /v1/Content/{sid}: each answer is paired with the resource of its sid), ${approvalsInstead}`;
}

/**
 * The resources of a Twilio export: a listing (`{"contents": [...], "meta": ...}`), an array, one
 * resource, or `{content, approval}` pairs. `approvals`: ApprovalRequests answers given beside the
 * resources (GET /v1/Content/{sid} and its /ApprovalRequests, as Twilio's tutorial fetches them), by
 * sid: a resource without approval data of its own takes the one of its sid (its sid added to `used`).
 */
export function twilioTemplates(json: unknown, approvals?: { bySid: ReadonlyMap<string, unknown>; used: Set<string> }): TwilioItem[] {
  const paired = (x: unknown): unknown => {
    const sid = isRec(x) ? str(x.sid) : undefined;
    if (!approvals || sid === undefined || !approvals.bySid.has(sid)) return undefined;
    approvals.used.add(sid);
    return approvals.bySid.get(sid);
  };
  const item = (x: unknown, where: string): TwilioItem => (isRec(x) && isRec(x.content) ? { where, value: x.content, approval: x.approval } : { where, value: x, approval: (isRec(x) ? x.approval_requests : undefined) ?? paired(x) });
  if (isRec(json) && Array.isArray(json.contents)) return json.contents.map((x, i) => item(x, `contents[${i}]`));
  if (Array.isArray(json)) {
    // pages put in one array (`jq -s` of the listing's pages): an array of listings, not of resources
    if (json.length && json.every((x) => isRec(x) && Array.isArray(x.contents))) throw new Error(`is an array of ${json.length} listing pages (\`jq -s\` of the pages?), not of Content resources: give each page's file as it was fetched (pull reads every page given), or their resources as one array (jq -s '[.[].contents[]]')`);
    return json.flatMap((x, i) => {
      const a = approvalAnswer(x);
      if (!a) return [item(x, `[${i}]`)];
      // an ApprovalRequests answer in the array (jq -s of a loop over the sids, alone or among the resources):
      // the resource of its sid takes it (`approvals`, collected from every file given), never read as a resource
      if (a.sid !== undefined && approvals?.bySid.has(a.sid)) return [];
      throw new Error(`[${i}] is the answer of GET /v1/Content/${a.sid ?? '{sid}'}/ApprovalRequests (a resource's WhatsApp approval, without its content)${a.sid === undefined ? ' without the sid that pairs it with its resource: give the answers as Twilio returns them' : ': give it beside the resource of that sid'}, ${approvalsInstead}`);
    });
  }
  // GET /v1/Content/{sid}/ApprovalRequests: one resource's WhatsApp approval, without the resource
  if (approvalAnswer(json)) throw new Error(`is the answer of GET /v1/Content/${str((json as Rec).sid) || '{sid}'}/ApprovalRequests (a resource's WhatsApp approval, without its content)${approvals && str((json as Rec).sid) ? ', and no file given holds the resource of that sid' : ''}: give it beside that resource (the answer of GET /v1/Content/${str((json as Rec).sid) || '{sid}'}: the two are paired by sid), or give the listing of GET /v1/ContentAndApprovals, which holds each resource with its approval request, instead`);
  if (isRec(json) && (isRec(json.content) || json.types !== undefined)) return [item(json, '(template)')];
  throw new Error('is neither a Content listing ({"contents": [...]}), a Content resource, nor a create request');
}

type Bad = (field: string, message: string, moved?: FormatIssue['moved']) => void;
/** One use of a Twilio variable: its key, the field, and what the file has for it there (`{{1}}`, or what the sender gives instead). */
type Use = (key: string, field: string, as: string) => void;

/** A variable without a sample in `variables`, said with what to do: WhatsApp reviews each with one (TWILIO_PAGES.variables), and lint refuses a file without it. */
function noTwilioSample(raw: string, key: string): string {
  return `no sample of ${raw} in variables: WhatsApp reviews a template with a sample of each variable (and lint refuses a file without one); give it in the export ("variables": {${JSON.stringify(key)}: "<its sample>"} of this resource) and pull again`;
}

/**
 * A value's name in the generated types, and for a value send takes, in send --param (send --help:
 * `--param <name=value>`): `button_0`, `header_1`; a carousel card's (`card`, 0-based) is the card's
 * own (`card_1.button_0`, `card_1["1"]`: the types' `card_1: { ... }`), which no send takes.
 */
export function valueName(name: string, card?: number): string {
  if (card === undefined) return name;
  return `${cardParam(card)}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`}`;
}

/**
 * Where a value goes when sending, as send --help and the generated types write it, the one wording
 * of pull --from twilio's lines: `button_0 when sending (send --param button_0=..., the generated
 * types' button_0)`; a carousel card's value is named in the generated types alone, and no send is
 * advised: no send carries a carousel (send.md: "A carousel is never sent"; send refuses a card's values).
 */
export function sentAs(name: string, card?: number): string {
  const n = valueName(name, card);
  return card === undefined
    ? `${n} when sending (send --param ${n}=..., the generated types' ${n})`
    : `the generated types' ${n} (a carousel card's value: no send carries a carousel, send refuses it)`;
}

/** A text's placeholders numbered from 1 by first appearance (named ones keep their names), with their samples from `variables`. */
function textOf(text: string, vars: Rec, at: string, bad: Bad, renumbered?: Bad, part?: string, use?: Use): { text: string; examples?: Rec } {
  const scan = scanPlaceholders(text);
  const keys = [...new Set(scan.placeholders.map((p) => p.key))];
  if (!keys.length) return { text };
  const numbered = keys.filter((k) => NUMBERED.test(k));
  if (numbered.length && numbered.length < keys.length) bad(at, 'named and numbered variables in one text: a template file takes one kind');
  const rename = new Map(keys.map((k, i) => [k, NUMBERED.test(k) ? String(i + 1) : k]));
  // a numbered header's value is header_<n> when sending, a card's the card's own (card_1["1"]): not the body's number an app sent
  const card = part !== undefined ? /^carousel\[(\d+)\]/.exec(part)?.[1] : undefined;
  const ownNumbers = numbered.length === keys.length && (part === 'header' || card !== undefined);
  const name = (k: string) => (part === 'header' ? `header_${rename.get(k)!}` : rename.get(k)!);
  for (const k of keys) use?.(k, at, ownNumbers ? `{{${rename.get(k)!}}} (${card !== undefined ? `the generated types' ${valueName(name(k), Number(card))}` : `sent as ${name(k)}`})` : `{{${rename.get(k)!}}}`);
  // Twilio's numbers are the resource's: said where the file's differ (an app sending by number sends the file's)
  const moved = keys.filter((k) => rename.get(k) !== k);
  if (ownNumbers && renumbered) {
    // said even where the number is the same: sending, the value is not Twilio's number (nor the body's)
    const whose = card !== undefined ? `card ${Number(card) + 1}'s` : 'the header\'s';
    renumbered(at, `${keys.map((k) => `Twilio's {{${k}}} is ${sentAs(name(k), card !== undefined ? Number(card) : undefined)}`).join('; ')}: in the file ${keys.length === 1 ? 'it is' : 'they are'} ${keys.map((k) => `{{${rename.get(k)!}}}`).join(', ')}, ${whose} own, as WhatsApp numbers ${card !== undefined ? 'each card\'s' : 'a header\'s'} placeholders on their own`, { part: part!, keys });
  } else if (moved.length && renumbered) renumbered(at, `${moved.map((k) => `Twilio's {{${k}}} is {{${rename.get(k)}}}`).join(', ')} in the file (a template file numbers each part from 1 in order of appearance, as WhatsApp does)`, part !== undefined && numbered.length === keys.length ? { part, keys } : undefined);
  // a part Twilio numbers as the file does: no renumbering, but names a file gives it (pull over a named file, --names-from) are one (said by pull then)
  else if (renumbered && part !== undefined && numbered.length && numbered.length === keys.length) renumbered(at, '', { part, keys, same: true });
  let out = scan.texts[0]!;
  scan.placeholders.forEach((p, i) => { out += `{{${rename.get(p.key)}}}${scan.texts[i + 1]}`; });
  const examples: Rec = {};
  for (const k of keys) {
    const v = str(vars[k]);
    if (v === undefined) bad(at, noTwilioSample(`{{${k}}}`, k));
    else examples[rename.get(k)!] = v;
  }
  return { text: out, examples };
}

/** A URL button's value: `button_<i>`, of carousel card `card` (0-based) where it is a card's (sentAs). */
type Param = { name: string; card?: number };

/**
 * A URL with at most one variable: the file's `{{1}}` form and the sample URL. `param` is the
 * parameter a URL button's value is sent as (`button_0`, as send and the generated types name it;
 * a carousel card's `card_1.button_0`, which no send takes), which the renumbering names (sentAs):
 * the URL's own {{1}} is no parameter of its own name.
 */
function urlOf(url: string, vars: Rec, at: string, bad: Bad, renumbered?: Bad, use?: Use, param?: Param): { url: string; example?: string } {
  const scan = scanPlaceholders(url);
  if (!scan.placeholders.length) return { url };
  if (scan.placeholders.length > 1) { bad(at, 'a URL with more than one variable: WhatsApp takes one, at the end'); return { url }; }
  const v = str(vars[scan.placeholders[0]!.key]);
  if (v === undefined) { bad(at, noTwilioSample(scan.placeholders[0]!.raw, scan.placeholders[0]!.key)); return { url }; }
  use?.(scan.placeholders[0]!.key, at, param ? `{{1}} (${param.card !== undefined ? `the generated types' ${valueName(param.name, param.card)}` : `sent as ${param.name}`})` : '{{1}}');
  // an app that sent Twilio's variable sends the parameter send and the generated types name: button_0, not "1" (the body's)
  if (renumbered && scan.placeholders[0]!.key !== '1') {
    renumbered(at, param
      ? `Twilio's ${scan.placeholders[0]!.raw} is ${sentAs(param.name, param.card)}: in the file it is this URL's own {{1}}, as WhatsApp numbers a URL button's placeholder on its own`
      : `Twilio's ${scan.placeholders[0]!.raw} is this URL's {{1}} in the file (WhatsApp numbers a URL button's placeholder on its own)`);
  }
  // the variable's value as it stands in the address (a space percent-encoded), as a Meta import and send write it
  return { url: `${scan.texts[0]}{{1}}${scan.texts[1]}`, example: `${scan.texts[0]}${sampleValueInUrl(v)}${scan.texts[1]}` };
}

const FORMAT_BY_EXTENSION: Record<string, string> = {
  jpg: 'IMAGE', jpeg: 'IMAGE', png: 'IMAGE', webp: 'IMAGE',
  mp4: 'VIDEO', '3gp': 'VIDEO', '3gpp': 'VIDEO',
  pdf: 'DOCUMENT', doc: 'DOCUMENT', docx: 'DOCUMENT', xls: 'DOCUMENT', xlsx: 'DOCUMENT', ppt: 'DOCUMENT', pptx: 'DOCUMENT', txt: 'DOCUMENT',
};

/** The media kind WhatsApp tells by a URL's file type. */
function formatOfUrl(url: string): string | undefined {
  try { return FORMAT_BY_EXTENSION[(/\.([A-Za-z0-9]+)$/.exec(new URL(url).pathname)?.[1] ?? '').toLowerCase()]; } catch { return undefined; }
}

/**
 * A media URL as a Twilio resource varies it, the one way both directions split it: the fixed part up
 * to the file name, and the file name (its path's last part) as the variable's value, which ends the
 * URL. TWILIO_PAGES.media: "Variable media urls should include a valid media URL suffix in the
 * variable declaration"; TWILIO_PAGES.variables' own example is https://twilio-cms-prod.s3.amazonaws.com/{{3}}
 * with the value library-logo-resource2x.width-1000.png. A query or fragment after the file name
 * (`?v=3`, the signature of a Meta CDN link) is no part of the file name: `rest`, which a Twilio
 * media URL, ending with its variable, has no place for. Undefined for a URL without a file name
 * (nothing after its path's last /). Pure.
 */
export function mediaUrlVariable(sample: string): { fixed: string; value: string; rest: string } | undefined {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)/.exec(sample);
  if (!m) return undefined;
  const path = m[2]!, cut = path.lastIndexOf('/');
  if (cut < 0 || cut === path.length - 1) return undefined;
  const fixed = m[1]! + path.slice(0, cut + 1);
  return { fixed, value: path.slice(cut + 1), rest: sample.slice(m[0].length) };
}

/** A media URL (the sample, once its variable has its value) as a media header: WhatsApp tells the kind by the sample's file type. */
function mediaHeader(media: unknown, vars: Rec, at: string, bad: Bad, allowed: readonly string[], x?: Pick<Ctx, 'left' | 'renumbered' | 'use'>): Rec | undefined {
  const list = Array.isArray(media) ? media : [media];
  if (list.length > 1) bad(`${at}[1]`, 'a second media file: a WhatsApp header holds one');
  const raw = str(list[0]);
  if (raw === undefined) { bad(at, 'not a URL'); return undefined; }
  const { url, example } = urlOf(raw, vars, at, bad);
  const sample = example ?? url;
  if (!URL.canParse(sample)) { bad(at, `'${sample}' is not a URL`); return undefined; }
  // WhatsApp takes a media header's whole URL when sending (the sample is for the review): the
  // URL's fixed part and its variable have no place in the file. A variable that is the URL's file
  // name is what export --to twilio writes back from the sample (mediaUrlVariable): said; another is listed
  const split = example !== undefined ? mediaUrlVariable(sample) : undefined;
  const own = split !== undefined && raw === `${split.fixed}${scanPlaceholders(raw).placeholders[0]!.raw}`;
  if (example !== undefined && own) x?.use?.(scanPlaceholders(raw).placeholders[0]!.key, at, 'the media URL\'s file name (the sender gives the whole URL)');
  if (example !== undefined && own) x?.renumbered(at, `Twilio's ${scanPlaceholders(raw).placeholders[0]!.raw} is the file name of the media URL: a WhatsApp media header takes the whole media URL when sending, so the file keeps the sample '${sample}' (the sender gives the whole URL; export --to twilio makes the file name a variable again)`);
  else if (example !== undefined) x?.left(at, `the media URL '${raw}' takes a variable: a WhatsApp media header takes the whole media URL when sending, so the file keeps only the sample '${sample}'; the sender gives the whole URL, not the variable's value (and the variable is no longer one of the template's numbers)`);
  const format = formatOfUrl(sample);
  if (!format || !allowed.includes(format)) {
    bad(at, `'${sample}': ${format ? `${format} media has no place here (${allowed.join(' or ')})` : `cannot tell ${allowed.join(', ')} from its file type`}`);
    return undefined;
  }
  return { format, example: sample };
}

interface Ctx { vars: Rec; bad: Bad; left: Bad; renumbered: Bad; use?: Use }

function keysOf(v: Rec, allowed: readonly string[], at: string, bad: Bad, what: string): void {
  for (const k of Object.keys(v)) if (!allowed.includes(k)) bad(`${at}.${k}`, `'${k}' of ${what} has no place in a template file`);
}

/**
 * A text WhatsApp takes as it is (a button's text, a phone number, a footer): a Twilio variable in
 * it would be written as the characters `{{1}}` (and its sample lost), so it is refused.
 */
function fixed(raw: unknown, at: string, bad: Bad, what: string): string | undefined {
  const s = str(raw);
  if (s === undefined) return undefined;
  const scan = scanPlaceholders(s);
  if (scan.placeholders.length) bad(at, `'${s}' holds the variable ${scan.placeholders[0]!.raw}: ${what} takes no variable on WhatsApp, so a template file cannot say what it shows`);
  return s;
}

/**
 * A copy-code button's code: WhatsApp's COPY_CODE button takes the whole code when sending, and the
 * template holds its sample. A code that is a Twilio variable is that variable's value (its sample
 * in `variables`); a fixed part around a variable has no place in the file (listed).
 */
function codeOf(raw: unknown, at: string, x: Ctx): string {
  const code = str(raw) ?? '';
  const scan = scanPlaceholders(code);
  if (!scan.placeholders.length) return code;
  let sample = scan.texts[0]!;
  for (const [i, p] of scan.placeholders.entries()) {
    const v = str(x.vars[p.key]);
    if (v === undefined) { x.bad(at, noTwilioSample(p.raw, p.key)); return code; }
    sample += v + scan.texts[i + 1]!;
  }
  const vars = [...new Set(scan.placeholders.map((p) => p.raw))].join(', ');
  if (scan.placeholders.length === 1 && scan.texts.every((t) => t === '')) x.use?.(scan.placeholders[0]!.key, at, 'the code the button copies (the sender gives the whole code)');
  if (scan.placeholders.length === 1 && scan.texts.every((t) => t === '')) x.renumbered(at, `Twilio's ${vars} is the code the COPY_CODE button copies: a template file has no number for it (WhatsApp takes the whole code when sending, as the button's parameter) and keeps its sample '${sample}'`);
  else x.left(at, `the code '${code}' takes ${vars} beside fixed text: WhatsApp's COPY_CODE button takes the whole code when sending, so the file keeps only the sample '${sample}'; the sender gives the whole code, not the variable's value`);
  return sample;
}

function action(raw: unknown, at: string, x: Ctx, allowed: readonly string[], implied?: string, param?: Param): Rec | undefined {
  if (!isRec(raw)) { x.bad(at, 'is not an object'); return undefined; }
  const given = str(raw.type)?.toUpperCase() ?? implied ?? '';
  // TWILIO_PAGES.callToAction writes the phone action's type as PHONE; Twilio's API models (its OpenAPI description) as PHONE_NUMBER: both read
  const type = given === 'PHONE' ? 'PHONE_NUMBER' : given;
  const title = fixed(raw.title, `${at}.title`, x.bad, 'a button\'s text');
  // (VOICE_CALL_REQUEST is let through only to be refused with its own reason: not offered as a place)
  if (!allowed.includes(type)) { x.bad(`${at}.type`, `${given || '(none)'} actions have no place here (${allowed.filter((a) => a !== 'VOICE_CALL_REQUEST').join(', ')})`); return undefined; }
  const keys = (own: readonly string[]) => keysOf(raw, ['type', 'title', ...own], at, x.bad, `a ${type} action`);
  switch (type) {
    case 'QUICK_REPLY':
      keys(['id']);
      if (raw.id !== undefined) x.left(`${at}.id`, 'the reply\'s payload: WhatsApp takes a quick reply\'s payload when sending');
      return { type, text: title ?? '' };
    case 'URL': {
      keys(['url', 'webview_size']);
      if (raw.webview_size !== undefined) x.left(`${at}.webview_size`, 'an RCS webview: WhatsApp opens the URL in its browser');
      // Twilio's pages write the URL as a string, and sometimes as a list of one
      return { type, text: title ?? '', ...urlOf(str(Array.isArray(raw.url) ? raw.url[0] : raw.url) ?? '', x.vars, `${at}.url`, x.bad, x.renumbered, x.use, param) };
    }
    case 'PHONE_NUMBER':
      keys(['phone']);
      return { type, text: title ?? '', phone_number: fixed(raw.phone, `${at}.phone`, x.bad, 'a phone number button\'s number') ?? '' };
    case 'COPY_CODE':
      keys(['code']);
      return { type, ...(title !== undefined && title !== COPY_CODE_LABEL ? { text: title } : {}), example: codeOf(raw.code, `${at}.code`, x) };
    case 'VOICE_CALL':
      // TWILIO_PAGES.callToAction: a WhatsApp call button (private beta), its title the button's text
      keys([]);
      return { type, ...(title !== undefined ? { text: title } : {}) };
    case 'VOICE_CALL_REQUEST':
      x.bad(`${at}.type`, `a VOICE_CALL_REQUEST action (Twilio's private beta, ${TWILIO_PAGES.callToAction}): Twilio's page names it without saying what it holds or which WhatsApp component it stands for, so tplsync cannot tell what a file should say of it`);
      return undefined;
    default:
      x.bad(`${at}.type`, `${type} actions cannot be written in a template file`);
      return undefined;
  }
}

/** TWILIO_PAGES.callToAction: URL, PHONE (PHONE_NUMBER in Twilio's API models; both read), COPY_CODE and VOICE_CALL (a private beta on WhatsApp) */
const CTA = ['URL', 'PHONE_NUMBER', 'COPY_CODE', 'VOICE_CALL'];
/** TWILIO_PAGES.callToAction: body, "Maximum 640 characters" (whatsapp/card takes 1,024, WhatsApp's own limit) */
const TWILIO_CTA_BODY = 640;
const CARD_ACTIONS = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE'];

/** The buttons of Twilio's actions; `card` (0-based) for a carousel card's, whose values are the card's (card_1.button_0). */
function actions(raw: unknown, at: string, x: Ctx, allowed: readonly string[], implied?: string, card?: number): Rec[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) { x.bad(at, 'is not a list'); return []; }
  const out: Rec[] = [];
  raw.forEach((a, i) => {
    // the parameter of a URL button's value: its index among the buttons written (send's and the generated types' button_<i>)
    const param: Param = { name: `button_${out.length}`, ...(card !== undefined ? { card } : {}) };
    const b = action(a, `${at}[${i}]`, x, allowed, implied, param);
    if (isRec(b)) out.push(b);
  });
  return out;
}

/** One content type as the parts of a template file. */
function fromType(type: string, t: Rec, at: string, x: Ctx): Rec {
  const v: Rec = {};
  const body = (key = 'body') => {
    const b = str(t[key]);
    if (b === undefined || b === '') { x.bad(`${at}.${key}`, 'missing: a WhatsApp template has a body'); return; }
    v.body = textOf(b, x.vars, `${at}.${key}`, x.bad, x.renumbered, 'body', x.use);
  };
  switch (type) {
    case 'twilio/text':
      keysOf(t, ['body'], at, x.bad, type); body(); break;
    case 'twilio/media': {
      keysOf(t, ['body', 'media'], at, x.bad, type);
      const h = mediaHeader(t.media, x.vars, `${at}.media`, x.bad, ['IMAGE', 'VIDEO', 'DOCUMENT'], x);
      if (h) v.header = h;
      body(); break;
    }
    case 'twilio/quick-reply':
      keysOf(t, ['body', 'actions'], at, x.bad, type); body();
      v.buttons = actions(t.actions, `${at}.actions`, x, ['QUICK_REPLY'], 'QUICK_REPLY'); break;
    case 'twilio/call-to-action':
      keysOf(t, ['body', 'actions'], at, x.bad, type); body();
      v.buttons = actions(t.actions, `${at}.actions`, x, [...CTA, 'VOICE_CALL_REQUEST']); break;
    case 'twilio/card':
      keysOf(t, ['title', 'subtitle', 'body', 'media', 'actions'], at, x.bad, type);
      // on WhatsApp the card's title is the message's text and its subtitle the footer
      if (t.title !== undefined && t.body !== undefined) x.bad(`${at}.title`, 'a title and a body: Twilio does not document how WhatsApp shows both; use whatsapp/card');
      body(t.body !== undefined ? 'body' : 'title');
      if (t.media !== undefined) { const h = mediaHeader(t.media, x.vars, `${at}.media`, x.bad, ['IMAGE', 'VIDEO', 'DOCUMENT'], x); if (h) v.header = h; }
      if (str(t.subtitle)) v.footer = fixed(t.subtitle, `${at}.subtitle`, x.bad, 'a footer');
      v.buttons = actions(t.actions, `${at}.actions`, x, CARD_ACTIONS); break;
    case 'whatsapp/card': {
      keysOf(t, ['body', 'footer', 'media', 'header_text', 'actions'], at, x.bad, type);
      if (t.header_text !== undefined && t.media !== undefined) x.bad(`${at}.header_text`, 'a text header beside media: a WhatsApp card has one header');
      if (t.header_text !== undefined) v.header = { format: 'TEXT', ...textOf(str(t.header_text) ?? '', x.vars, `${at}.header_text`, x.bad, x.renumbered, 'header', x.use) };
      else if (t.media !== undefined) { const h = mediaHeader(t.media, x.vars, `${at}.media`, x.bad, ['IMAGE', 'VIDEO', 'DOCUMENT'], x); if (h) v.header = h; }
      body();
      if (str(t.footer)) v.footer = fixed(t.footer, `${at}.footer`, x.bad, 'a footer');
      v.buttons = actions(t.actions, `${at}.actions`, x, CARD_ACTIONS); break;
    }
    case 'twilio/carousel': {
      keysOf(t, ['body', 'cards'], at, x.bad, type); body();
      const cards = Array.isArray(t.cards) ? t.cards : [];
      if (!Array.isArray(t.cards)) x.bad(`${at}.cards`, 'missing');
      v.carousel = cards.map((raw, i) => {
        const cat = `${at}.cards[${i}]`;
        const c = isRec(raw) ? raw : {};
        keysOf(c, ['title', 'body', 'media', 'actions'], cat, x.bad, 'a carousel card');
        // a WhatsApp carousel card has a media header, a body and buttons, no title: Twilio counts the
        // title and the body together ("Maximum length: 160 characters combined with the body text",
        // TWILIO_PAGES.carousel), and the file folds the title into the card's body as its first line (said)
        const title = str(c.title) || undefined, cardBody = str(c.body) || undefined;
        if (title !== undefined) x.left(`${cat}.title`, `the card's title '${title}': a WhatsApp carousel card has no title (a media header, a body and buttons), so the file folds it into the card's body as its first line; export --to twilio writes that body back, without a title`);
        const card: Rec = {};
        const h = mediaHeader(c.media, x.vars, `${cat}.media`, x.bad, ['IMAGE', 'VIDEO'], x);
        if (h) card.header = h;
        const folded = title !== undefined && cardBody !== undefined ? `${title}\n${cardBody}` : title ?? cardBody;
        if (folded !== undefined) card.body = textOf(folded, x.vars, `${cat}.${cardBody !== undefined ? 'body' : 'title'}`, x.bad, x.renumbered, `carousel[${i}].body`, x.use);
        card.buttons = actions(c.actions, `${cat}.actions`, x, ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'], undefined, i);
        return card;
      });
      break;
    }
    case 'twilio/catalog': {
      keysOf(t, ['id', 'title', 'body', 'subtitle', 'thumbnail_item_id', 'items', 'dynamic_items'], at, x.bad, type);
      const multi = t.items !== undefined || t.dynamic_items !== undefined;
      // what WhatsApp's catalog and multi-product templates hold no place for (TWILIO_PAGES.catalog; Meta's catalog
      // template: a body, a footer and the CATALOG button, the header a product thumbnail chosen when sending)
      if (t.id !== undefined) x.left(`${at}.id`, `the catalog's id '${str(t.id) ?? ''}' (Meta Commerce Manager): a WhatsApp template names no catalog, it shows the one connected to the WhatsApp Business Account; export --to twilio needs it again`);
      if (t.thumbnail_item_id !== undefined) x.left(`${at}.thumbnail_item_id`, 'the product whose image is the thumbnail: WhatsApp takes it when sending (thumbnail_product_retailer_id), not in the template');
      for (const k of ['items', 'dynamic_items']) if (t[k] !== undefined) x.left(`${at}.${k}`, 'the products: WhatsApp takes them when sending, not in the template');
      if (str(t.title)) {
        if (multi) v.header = { format: 'TEXT', ...textOf(str(t.title)!, x.vars, `${at}.title`, x.bad, x.renumbered, 'header', x.use) };
        // a whole-catalog message: Meta's catalog template has no header of its own (WhatsApp shows the product thumbnail)
        else x.left(`${at}.title`, `the title '${str(t.title)!}': WhatsApp's catalog template (without items) has no header or title of its own, it shows a product's thumbnail chosen when sending; export --to twilio needs a title again`);
      }
      body();
      if (str(t.subtitle)) v.footer = fixed(t.subtitle, `${at}.subtitle`, x.bad, 'a footer');
      v.buttons = [{ type: multi ? 'MPM' : 'CATALOG', text: multi ? MPM_LABEL : CATALOG_LABEL }];
      break;
    }
    case 'whatsapp/authentication': {
      keysOf(t, ['add_security_recommendation', 'code_expiration_minutes', 'actions'], at, x.bad, type);
      // Twilio's default is to add the security sentence
      v.body = { add_security_recommendation: t.add_security_recommendation !== false && t.add_security_recommendation !== 'false' };
      if (t.code_expiration_minutes !== undefined) {
        const n = Number(t.code_expiration_minutes);
        if (Number.isInteger(n)) v.footer = { code_expiration_minutes: n };
        else x.bad(`${at}.code_expiration_minutes`, 'not a whole number of minutes');
      }
      const acts = Array.isArray(t.actions) ? t.actions : [];
      if (acts.length !== 1) x.bad(`${at}.actions`, 'an authentication template has exactly one COPY_CODE action');
      v.buttons = acts.map((a, i) => {
        const aat = `${at}.actions[${i}]`;
        if (!isRec(a) || str(a.type)?.toUpperCase() !== 'COPY_CODE') { x.bad(`${aat}.type`, 'Twilio\'s authentication action is COPY_CODE'); return undefined; }
        keysOf(a, ['type', 'copy_code_text'], aat, x.bad, 'an authentication action');
        const text = fixed(a.copy_code_text, `${aat}.copy_code_text`, x.bad, 'a button\'s text');
        return { type: 'OTP', otp_type: 'COPY_CODE', ...(text !== undefined ? { text } : {}) };
      }).filter(isRec);
      break;
    }
  }
  if (Array.isArray(v.buttons) && v.buttons.length === 0) delete v.buttons;
  return v;
}

/** Pure: one Twilio Content resource (or create request) as a template file's value. */
/**
 * The content with its unset optional fields taken out: Twilio's answers and SDKs write an unset
 * field as null or an empty list (`"media": []`, `"phone": null` on a URL action), which is no
 * field at all. Pure.
 */
function withoutUnset(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutUnset);
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null || (Array.isArray(x) && x.length === 0)) continue;
    out[k] = withoutUnset(x);
  }
  return out;
}

/** a Twilio variable as Twilio's variables page allows it: numeric or alphanumeric (`{{1}}`, `{{IdName}}`) */
const TWILIO_VARIABLE = /\{\{([A-Za-z0-9_]+)\}\}/g;
/**
 * a Twilio variable however its key is written in a text (`{{City-Name}}`, `{{Straße}}`): one the
 * resource's `variables` has, or with no space or brace in it, renamed by lowerCaseVariables
 */
const ANY_VARIABLE = /\{\{([^{}]+)\}\}/g;
const SPACELESS_VARIABLE = /\{\{([^{}\s]+)\}\}/g;

/**
 * Pure: a Twilio variable whose key is no tplsync placeholder name (`{{FirstName}}`: Twilio allows
 * capitals, TWILIO_PAGES.variables; a template file's names are lower-case letters, digits and _)
 * renamed to the name placeholderNameFor gives (`first_name`, `City-Name` `city_name`; `_2` after it
 * where that name is taken), in every text of the types and in `variables`, so
 * that its sample stays with it. `renames`: Twilio's key and the file's name, to be said.
 */
export function lowerCaseVariables(types: Rec, vars: Rec): { types: Rec; vars: Rec; renames: [string, string][] } {
  const keys = new Set<string>(Object.keys(vars));
  const walk = (x: unknown): void => {
    if (typeof x === 'string') { for (const m of x.matchAll(SPACELESS_VARIABLE)) keys.add(m[1]!); }
    else if (Array.isArray(x)) x.forEach(walk);
    else if (isRec(x)) Object.values(x).forEach(walk);
  };
  walk(types);
  const odd = [...keys].filter((k) => !NUMBERED.test(k) && !NAMED.test(k));
  if (!odd.length) return { types, vars, renames: [] };
  const taken = new Set([...keys].filter((k) => !odd.includes(k)));
  const rename = new Map<string, string>();
  for (const k of odd) {
    const name = placeholderNameFor(k);
    let n = name;
    // button_N and card_N are the names types and send give a URL button's and a card's values (lint's placeholder-reserved-name)
    for (let i = 2; taken.has(n) || /^(button|card)_[0-9]+$/.test(n); i++) n = `${name}_${i}`;
    taken.add(n);
    rename.set(k, n);
  }
  const swap = (x: unknown): unknown => {
    if (typeof x === 'string') return x.replace(ANY_VARIABLE, (w, k: string) => (rename.has(k) ? `{{${rename.get(k)!}}}` : w));
    if (Array.isArray(x)) return x.map(swap);
    if (isRec(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, swap(v)]));
    return x;
  };
  return { types: swap(types) as Rec, vars: Object.fromEntries(Object.entries(vars).map(([k, v]) => [rename.get(k) ?? k, v])), renames: [...rename] };
}

/** The fields of a content type that are WhatsApp texts with parameters (a header, the body, a card's body): one parameter format across them. */
const TEXT_FIELDS = ['header_text', 'title', 'body'];

/**
 * Pure: a resource whose texts (the header, the body, the cards' bodies) name some variables and
 * number others, which Twilio allows ("numeric or alphanumeric", TWILIO_PAGES.variables) but a
 * template file cannot hold (WhatsApp takes one parameter format for the header, the body and the
 * cards: lint's placeholder-mixed), with its numbered ones named in those texts: `{{1}}` is
 * `{{v_1}}` (`_2` after it where that name is taken), its sample with it. URLs, codes and media
 * keep Twilio's keys (the file numbers a URL's placeholder on its own, and has no number for the
 * others). `renames`: Twilio's key and the file's name, to be said.
 */
export function namedTextVariables(type: Rec, vars: Rec): { type: Rec; vars: Rec; renames: [string, string][] } {
  const texts: { at: Rec; key: string }[] = [];
  for (const k of TEXT_FIELDS) if (typeof type[k] === 'string') texts.push({ at: type, key: k });
  if (Array.isArray(type.cards)) for (const c of type.cards) if (isRec(c) && typeof c.body === 'string') texts.push({ at: c, key: 'body' });
  const keys = new Set<string>();
  for (const t of texts) for (const m of (t.at[t.key] as string).matchAll(TWILIO_VARIABLE)) keys.add(m[1]!);
  const numbered = [...keys].filter((k) => NUMBERED.test(k));
  if (!numbered.length || numbered.length === keys.size) return { type, vars, renames: [] };
  const taken = new Set([...keys, ...Object.keys(vars)]);
  const rename = new Map<string, string>();
  for (const k of numbered) {
    let n = `v_${k}`;
    for (let i = 2; taken.has(n); i++) n = `v_${k}_${i}`;
    taken.add(n);
    rename.set(k, n);
  }
  const swap = (x: string) => x.replace(TWILIO_VARIABLE, (w, k: string) => (rename.has(k) ? `{{${rename.get(k)!}}}` : w));
  const out: Rec = { ...type };
  for (const k of TEXT_FIELDS) if (typeof out[k] === 'string') out[k] = swap(out[k] as string);
  if (Array.isArray(type.cards)) out.cards = type.cards.map((c) => (isRec(c) && typeof c.body === 'string' ? { ...c, body: swap(c.body) } : c));
  // the numbered key stays for a URL, a code or a media URL that uses it too
  const named: Rec = { ...vars };
  for (const [k, n] of rename) if (vars[k] !== undefined) named[n] = vars[k];
  return { type: out, vars: named, renames: [...rename] };
}

export function twilioToFile(raw: unknown, where: string, approval?: unknown, o: { category?: string; channelKind?: ChannelKind } = {}): TwilioImported {
  const r = isRec(raw) ? withoutUnset(raw) as Rec : {};
  // the WhatsApp approval request (ContentAndApprovals' approval_requests, or an ApprovalRequests answer's `whatsapp`)
  const ap = isRec(approval) ? (isRec(approval.whatsapp) ? approval.whatsapp : approval) : undefined;
  const apField = isRec(raw) && raw.approval_requests !== undefined ? 'approval_requests' : 'approval';
  // WhatsApp's name for the template is the approval request's; friendly_name is Twilio's free-text
  // description of the resource (TWILIO_PAGES.resources), the name only when there is no approval data
  const approvalName = ap ? str(ap.name) || undefined : undefined;
  const name = approvalName ?? str(r.friendly_name) ?? '', language = str(r.language) ?? '';
  const label = name ? `${name}/${language || '?'}` : where;
  const issues: FormatIssue[] = [], leftOut: FormatIssue[] = [], renumbered: FormatIssue[] = [], numberedParts: FormatIssue[] = [];
  const bad: Bad = (field, message) => { issues.push({ template: label, field, message }); };
  const left: Bad = (field, message) => { leftOut.push({ template: label, field, message }); };
  const renum: Bad = (field, message, moved) => { (moved?.same ? numberedParts : renumbered).push({ template: label, field, message, ...(moved ? { moved } : {}) }); };
  if (!isRec(raw)) bad(where, 'is not a JSON object');
  // without approval data (GET /v1/Content), friendly_name stands in for the name: what to give instead is said, not a rename of the description
  const noApproval = ': this export has no WhatsApp approval data, and friendly_name is only Twilio\'s description of the resource (renaming it changes nothing on WhatsApp): give the listing of GET /v1/ContentAndApprovals instead, whose approval_requests.name is the template\'s WhatsApp name (or, beside this resource, the answer of GET /v1/Content/{sid}/ApprovalRequests for its sid)';
  if (!WHATSAPP_NAME.test(name)) bad(approvalName !== undefined ? `${apField}.name` : 'friendly_name', name ? `'${name}' is not a WhatsApp template name (lower-case letters, digits and _)${lookalikeSaid(name)}${approvalName === undefined ? noApproval : ''}` : `missing: it is the template's name without a WhatsApp approval request${noApproval}`);
  if (!WHATSAPP_LANGUAGE.test(language)) bad('language', language ? `'${language}' is not a language code of WhatsApp (ll or ll_CC)` : 'missing');
  for (const k of Object.keys(r)) if (!CONTENT_KEYS.includes(k) && !STATE_KEYS.includes(k)) bad(k, `'${k}' has no place in a template file`);
  for (const at of inexactNumbers(r)) bad(at, 'has more digits than a JSON number keeps exactly (the export lost its last ones): write it in the export as a string of digits, in quotes');
  const samplesGiven = r.variables === undefined || r.variables === null ? {} : r.variables;
  if (!isRec(samplesGiven)) bad('variables', 'is not an object of samples');
  // Twilio's {{FirstName}} as the file's {{first_name}}, its sample with it (said)
  const lower = lowerCaseVariables(isRec(r.types) ? r.types : {}, isRec(samplesGiven) ? samplesGiven : {});
  for (const [from, to] of lower.renames) renum(`variables.${from}`, `Twilio's {{${from}}} is {{${to}}} in the file (a template file's placeholder names are lower-case letters, digits and _), with its sample`);
  let vars = lower.vars;
  let types = lower.types;
  if (!isRec(r.types)) bad('types', 'missing');
  // for an RCS channel: the type Twilio sends over RCS, as an RCS-only template (no category: RCS has none)
  if (o.channelKind === 'rcs') {
    const v: Rec = { name, language };
    const friendly = str(r.friendly_name);
    if (approvalName !== undefined && friendly !== undefined && friendly.trim() !== '' && friendly !== approvalName) v.description = friendly;
    const message = rcsFromTwilio(types, vars, { bad, left });
    if (message) v.message = message;
    return { where, name, language, value: v, issues, leftOut, renumbered };
  }
  const main = WHATSAPP_TYPES.find((t) => isRec(types[t]));
  // texts that name some variables and number others: the numbered ones named, so the file holds one kind (said)
  /** the file's name of a numbered Twilio variable the texts name (v_1), and Twilio's key (1): its uses are that variable's */
  const twilioKey = new Map<string, string>();
  if (main) {
    const named = namedTextVariables(types[main] as Rec, vars);
    for (const [k, n] of named.renames) twilioKey.set(n, k);
    if (named.renames.length) {
      types = { ...types, [main]: named.type };
      vars = named.vars;
      const listed = named.renames.map(([k, n]) => `Twilio's {{${k}}} is {{${n}}}`).join(', ');
      renum(`types.${main}`, `${listed} in the file, with ${named.renames.length > 1 ? 'their samples' : 'its sample'}: the resource's texts name some variables and number others, and a template file (as WhatsApp, one parameter format for the header, the body and the cards) names them all or numbers them all`);
    }
  }
  const v: Rec = { name, language };
  // friendly_name is Twilio's "string name used to describe the Content resource" (TWILIO_PAGES.resources): where the
  // approval request gives the name, it is the file's description (what the template is for), unless it only repeats the name
  const friendly = str(r.friendly_name);
  if (approvalName !== undefined && friendly !== undefined && friendly.trim() !== '' && friendly !== approvalName) v.description = friendly;
  if (!main) bad('types', `none of ${Object.keys(types).join(', ') || 'its types'} is a WhatsApp template (${WHATSAPP_TYPES.join(', ')})${Object.keys(types).filter((k) => NOT_A_WHATSAPP_TEMPLATE[k]).map((k) => `; ${k}: ${NOT_A_WHATSAPP_TEMPLATE[k]!}`).join('')}`);
  else {
    // each use of a Twilio variable: one used in two parts (the body and a header, a URL, a code) is
    // a parameter of each part on WhatsApp, a value the sender gives once per part (said, as a renumbering)
    // (counted by Twilio's key: a numbered variable the texts name, `{{v_1}}` in the body, and a URL's `{{1}}` are one)
    const uses = new Map<string, { field: string; as: string }[]>();
    const use: Use = (fileKey, field, as) => { const key = twilioKey.get(fileKey) ?? fileKey; if (!uses.has(key)) uses.set(key, []); uses.get(key)!.push({ field, as }); };
    Object.assign(v, fromType(main, types[main] as Rec, `types.${main}`, { vars, bad, left, renumbered: renum, use }));
    for (const [key, at] of uses) {
      const fields = [...new Set(at.map((u) => u.field))];
      if (!NUMBERED.test(key) || fields.length < 2) continue;
      renum(`variables.${key}`, `Twilio's {{${key}}} fills ${fields.length} parts, each a parameter of its own in the file (WhatsApp takes a value for each part): ${fields.map((f) => `${f} has ${at.filter((u) => u.field === f).map((u) => u.as)[0]!}`).join(', ')}; an app that sent {{${key}}} once sends its value for each (export --to twilio gives each part a variable of its own)`);
    }
    for (const k of Object.keys(types)) {
      if (k === main || types[k] === null) continue;
      // a text fallback that says what the WhatsApp template says loses nothing
      if (k === 'twilio/text' && isRec(types[k]) && isRec(types[main]) && (types[k] as Rec).body === (types[main] as Rec).body) continue;
      left(`types.${k}`, `what Twilio sends to channels that cannot show ${main}: a template file holds the WhatsApp template`);
    }
  }
  // the category its kind requires (an OTP button's AUTHENTICATION; a carousel's, a catalog's or a multi-product
  // button's MARKETING; a COPY_CODE action requires none), read off the template as its file will be, as pull --from meta and pull do:
  // --category never overrides it (lint would refuse the file); the approval request's own category always wins
  const kind = main ? twilioKindCategory(v, main) : undefined;
  const read = ap ? str(ap.category)?.toUpperCase() : undefined;
  if (read !== undefined && !CATEGORIES.includes(read)) bad(`${apField}.category`, `'${read}' is not MARKETING, UTILITY or AUTHENTICATION`);
  const given = o.category?.toUpperCase();
  const category = read ?? kind ?? given ?? 'UTILITY';
  v.category = category;
  return { where, name, language, value: v, issues, leftOut, renumbered, ...(numberedParts.length ? { numberedParts } : {}),
    ...categorySource(read !== undefined, kind, given) };
}

/** Why the Twilio types that are no WhatsApp template have no template file (said with the refusal). */
const NOT_A_WHATSAPP_TEMPLATE: Record<string, string> = {
  'twilio/list-picker': `Twilio: "List-picker templates aren't supported for approval on WhatsApp" (${TWILIO_PAGES.listPicker}); it is sent only within a 24-hour session`,
  'twilio/location': `Twilio: "Location templates aren't supported for approval on WhatsApp" (${TWILIO_PAGES.location}); it is sent only within a 24-hour session`,
  'twilio/flows': 'tplsync does not write Twilio\'s flow content type (a WhatsApp Flow is a FLOW button of a template file, by its flow id or name)',
  'twilio/pay': `a payment request sent within a session (${TWILIO_PAGES.overview}), not a template WhatsApp reviews`,
};

/** kindCategory of the template as its file will read; the content type's own when the file would not read (its problems are said apart) */
function twilioKindCategory(v: Rec, main: string): string | undefined {
  try {
    return kindCategory(fromFile({ ...v, category: 'UTILITY' }, '', '').canonical);
  } catch {
    return main === 'whatsapp/authentication' ? 'AUTHENTICATION' : main === 'twilio/carousel' || main === 'twilio/catalog' ? 'MARKETING' : undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Out: canonical templates (from files) to Twilio's create requests.

/** The buttons no Twilio content type carries, with why and what is written (listed, never dropped silently). */
const NO_TWILIO_BUTTON: Record<string, string> = {
  ORDER_DETAILS: 'an ORDER_DETAILS button: Twilio\'s Content API has no order details content type; written without the button',
  FLOW: 'a FLOW button: tplsync does not write Twilio\'s flow content type (whatsapp/flows); written without the button',
};

/**
 * What `export --to twilio` does with each part of a template file (the schema's top-level keys,
 * header formats and button types): `written` into the Content or approval request, `listed` by
 * template and field (exit 1), or `tplsync` (the project's own: channel, translated_from, ...). A test
 * holds it against schema/template.schema.json, so a new kind cannot be dropped silently.
 */
export const TWILIO_EXPORT_PARTS = {
  keys: {
    channel: 'tplsync', publicId: 'tplsync', translated_from: 'tplsync',
    name: 'written', description: 'written', language: 'written', category: 'written', header: 'written', body: 'written', footer: 'written', buttons: 'written', carousel: 'written',
    sub_category: 'listed', display_format: 'listed', message_send_ttl_seconds: 'listed', cta_url_link_tracking_opted_out: 'listed', limited_time_offer: 'listed', call_permission_request: 'listed', message: 'listed',
  },
  headerFormats: { TEXT: 'written', IMAGE: 'written', VIDEO: 'written', DOCUMENT: 'written', GIF: 'listed', LOCATION: 'listed', PRODUCT: 'listed' },
  buttonTypes: {
    QUICK_REPLY: 'written', URL: 'written', PHONE_NUMBER: 'written', COPY_CODE: 'written', OTP: 'written', VOICE_CALL: 'written',
    CATALOG: 'listed', MPM: 'listed', FLOW: 'listed', SPM: 'listed', ORDER_DETAILS: 'listed',
  },
} as const satisfies Record<string, Record<string, 'written' | 'listed' | 'tplsync'>>;

/**
 * `numbered`: the parts whose Twilio variable is not the file's number (a text header's and a URL's
 * placeholders, which Twilio numbers after the body's), and the parts WhatsApp takes when sending
 * that a Twilio resource varies only through a variable (a COPY_CODE button's code, a media
 * header's file name): said by field with the variable to send, as pull says its renumbering.
 */
/** `notes`: as MetaExport's, said and not a finding (an RCS template's description). */
export interface TwilioExport { request?: { content: Rec; approval?: Rec }; issues: FormatIssue[]; numbered?: FormatIssue[]; notes?: FormatIssue[] }

/** Twilio: "A variable key has a maximum length of 16 characters" (TWILIO_PAGES.variables). */
export const TWILIO_MAX_VARIABLE_KEY = 16;
/** The single-product kind, which no Twilio content type carries: TWILIO_PAGES.catalog sends one product out of session only as a multi-product template. */
const NO_SPM = 'Twilio\'s Content API has no single-product (PRODUCT header / SPM) content type: twilio/catalog sends a single product only within a 24-hour session, and an approved template with one item as a multi-product message; not exported';

/** Pure: a template file's view (its placeholders' names kept) as the body of POST /v1/Content and of its WhatsApp approval request. */
export function toTwilio(f: FileTemplate): TwilioExport {
  const c = f.canonical;
  const label = `${c.name}/${c.language}`;
  const issues: FormatIssue[] = [], numberedAs: FormatIssue[] = [];
  const bad = (field: string, message: string) => { issues.push({ template: label, field, message }); };
  const numbered = (field: string, message: string) => { numberedAs.push({ template: label, field, message }); };
  /**
   * A part whose request would say something else than the file (another variable's value in a
   * text, a request Twilio refuses, another kind of template): listed, and no request is written
   * for the template at all, rather than a request that reads back as another template.
   */
  let refused = false;
  const refuse = (field: string, message: string) => { refused = true; bad(field, message); };
  if (c.rcsOnly) return { issues: [{ template: label, field: 'message', message: 'an RCS-only template: rcsToTwilio writes it (the Twilio type that sends it over RCS)' }] };
  if (c.message) bad('message', 'the RCS message has no place in a Twilio WhatsApp template: left out');
  if (c.messageSendTtlSeconds !== undefined) bad('message_send_ttl_seconds', 'Twilio\'s content types have no place for it; written without it (the template gets WhatsApp\'s default time to live)');
  if (c.limitedTimeOffer) bad('limited_time_offer', 'Twilio has no content type for a limited-time offer; written without it, as a plain template (no offer text, no expiry countdown)');
  if (c.callPermissionRequest) bad('call_permission_request', 'Twilio\'s Content API has no content type for a call permission request; written without it (a template that asks for no call permission)');
  if (c.subCategory !== undefined) bad('sub_category', `Twilio's WhatsApp approval request has no sub-category: the ${c.subCategory} template would be approved as a plain ${c.category ?? 'UTILITY'} one`);
  if (c.ctaUrlLinkTrackingOptedOut) bad('cta_url_link_tracking_opted_out', 'Twilio\'s Content API has no link tracking opt-out: the template would be approved with its URL buttons tracked');
  if (c.displayFormat !== undefined) bad('display_format', `Twilio's Content API has no ${c.displayFormat} display format (an order details template)`);
  const vars: Record<string, string> = {};
  let next = 1;
  const numberOf = (n: number) => { next = Math.max(next, n + 1); return n; };
  /** a text in Twilio's terms: named placeholders keep their names, numbered ones go on after the numbers used so far */
  const text = (p: { text?: string; examples: readonly string[] }, own: boolean, at: string, names: readonly string[] = []): string => {
    const start = own ? 0 : next - 1;
    const long = new Set<string>();
    const moved = new Map<string, string>();
    const out = (p.text ?? '').replace(/\{\{([1-9][0-9]*)\}\}/g, (_m, d: string) => {
      const i = Number(d) - 1;
      const key = names[i] || String(numberOf(start + i + 1));
      if (!names[i] && key !== d) moved.set(d, key);
      // renamed to a number, the name would not come back from Twilio: the file and the resource would differ
      if (key.length > TWILIO_MAX_VARIABLE_KEY && !long.has(key)) {
        long.add(key);
        refuse(at, `{{${key}}} is ${key.length} characters: Twilio's variable keys have at most ${TWILIO_MAX_VARIABLE_KEY} (${TWILIO_PAGES.variables}); rename the placeholder in the file (a number would not come back as its name); not exported`);
      }
      const sample = p.examples[i] ?? '';
      // one name in two texts is one Twilio variable with one sample: the other text would read back with this one's
      if (vars[key] !== undefined && vars[key] !== sample && !long.has(`\u0000${key}`)) {
        long.add(`\u0000${key}`);
        bad(at, `{{${key}}} has the sample '${sample}' here and '${vars[key]}' in another text: a Twilio variable has one sample; written with '${vars[key]}'`);
        return `{{${key}}}`;
      }
      vars[key] = sample;
      return `{{${key}}}`;
    });
    // Twilio numbers variables across the resource: a header's {{1}} is not the body's
    if (moved.size) numbered(at, `${[...moved].map(([d, key]) => `the file's {{${d}}} is Twilio's {{${key}}}`).join(', ')} (Twilio numbers the variables of the whole resource, the body's first)`);
    return out;
  };
  /** a URL's placeholder always takes the resource's next number (its own {{1}} would be the body's first variable) */
  const url = (b: CanonicalButton, at: string): string => {
    const u = b.url ?? '';
    const m = /\{\{[^{}]*\}\}/.exec(u);
    if (!m) return u;
    const before = u.slice(0, m.index), after = u.slice(m.index + m[0].length);
    const ex = b.example ?? '';
    const n = numberOf(next);
    // a placeholder in the query beside a sample naming another key (Meta's own offer example:
    // ?code={{1}}, sampled as ?ref=n3mtql), which lint accepts: the sample's last value is the variable's
    const queryValue = after === '' && !ex.startsWith(before) && urlSampleProblem(u, m.index, ex) === undefined ? /[?&][^=&#]*=([^&#]+)$/.exec(ex)?.[1] : undefined;
    if (queryValue !== undefined) vars[String(n)] = queryValue;
    else if (!ex.startsWith(before) || !ex.endsWith(after) || ex.length < before.length + after.length) {
      // the variable is written all the same, with the whole sample as its value, and the mismatch listed
      bad(at, `the sample '${ex}' does not fill the URL '${u}' (it should be the URL with a value in place of ${m[0]}): written as {{${n}}}, the whole sample as the sample of {{${n}}}`);
      vars[String(n)] = ex;
    } else vars[String(n)] = ex.slice(before.length, ex.length - after.length);
    // named as send and the generated types name its value (button_0; a carousel card's: card_1.button_0), not as the URL's {{1}} (the body's "1")
    const button = /^(?:carousel\[(\d+)\]\.)?buttons\[(\d+)\]/.exec(at);
    const param = button ? valueName(`button_${button[2]}`, button[1] !== undefined ? Number(button[1]) : undefined) : undefined;
    if (m[0] !== `{{${n}}}`) numbered(at, param
      ? `${param} (the URL's ${m[0]} in the file) is Twilio's {{${n}}} (a URL's variable takes the resource's next number, never the URL's own {{1}})`
      : `the URL's ${m[0]} is Twilio's {{${n}}} (a URL's variable takes the resource's next number, never the URL's own {{1}})`);
    return `${before}{{${n}}}${after}`;
  };
  /**
   * What WhatsApp takes when sending and a Twilio resource varies only through a variable (a
   * COPY_CODE button's code, a media header's file name): a variable with the file's sample as its
   * value, never the sample written as fixed content that every message would then carry. The file
   * has no number for it (pull --from twilio keeps only its sample), so it takes a number after every
   * placeholder the file has (the body's, a text header's, each URL's: the variables a resource pulled
   * from Twilio had, which an app sends by number), given once they all have theirs (`numberLate`): a
   * static media URL or code made a variable never moves the number of a URL after it.
   */
  const late: { value: string; what: string; said: FormatIssue; n?: number }[] = [];
  const sendTime = (value: string, at: string, what: string): string => {
    // said in the order of the parts, its number filled in once it has one
    const said: FormatIssue = { template: label, field: at, message: '' };
    numberedAs.push(said);
    late.push({ value, what, said });
    return `\u0000${late.length - 1}\u0000`;
  };
  const numberLate = (x: unknown): unknown => {
    if (typeof x === 'string') return x.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => `{{${late[Number(i)]!.n!}}}`);
    if (Array.isArray(x)) return x.map(numberLate);
    if (isRec(x)) return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, numberLate(v)]));
    return x;
  };
  const act = (b: CanonicalButton, at: string, allowed: readonly string[]): Rec | undefined => {
    if (b.type === 'SPM') { refuse(at, `an SPM button: ${NO_SPM}`); return undefined; }
    if (NO_TWILIO_BUTTON[b.type]) { bad(at, NO_TWILIO_BUTTON[b.type]!); return undefined; }
    if (b.type === 'VOICE_CALL' && !allowed.includes(b.type)) { bad(at, `a VOICE_CALL button: Twilio documents it only on twilio/call-to-action (${TWILIO_PAGES.callToAction}), which has no header, footer or quick replies; this template needs ${type}: written without the button`); return undefined; }
    if (!allowed.includes(b.type)) { bad(at, `${b.type} buttons have no place in the Twilio type this template needs (${allowed.join(', ')}): written without the button`); return undefined; }
    if (b.type === 'VOICE_CALL' && b.ttlMinutes !== undefined) bad(`${at}.ttl_minutes`, `Twilio's VOICE_CALL action has no time to live (${TWILIO_PAGES.callToAction}): written without it`);
    if (b.appDeepLink) bad(`${at}.app_deep_link`, 'Twilio\'s actions have no app link: written without it (the button opens its https:// URL)');
    const title = b.text !== undefined ? { title: b.text } : {};
    switch (b.type) {
      case 'QUICK_REPLY': return { type: 'QUICK_REPLY', ...title };
      case 'URL': return { type: 'URL', ...title, url: url(b, `${at}.url`) };
      case 'PHONE_NUMBER': return { type: 'PHONE_NUMBER', ...title, phone: b.phoneNumber ?? '' };
      case 'VOICE_CALL': return { type: 'VOICE_CALL', ...title };
      // Twilio's models require a title: the label WhatsApp shows, its own whatever the title says
      default: return { type: 'COPY_CODE', title: b.text ?? COPY_CODE_LABEL, code: sendTime(b.example ?? '', `${at}.example`, 'the code the button copies') };
    }
  };
  const acts = (bs: readonly CanonicalButton[], at: string, allowed: readonly string[]) => bs.map((b, i) => act(b, `${at}[${i}]`, allowed)).filter(isRec);

  /**
   * Why a media header cannot be written (Twilio has no media kind: WhatsApp tells it by the sample's
   * file type, which must then say the header's format), else undefined. The kind is told by
   * formatOfUrl, the one function pull --from twilio reads a WhatsApp media URL's kind with (an RCS
   * channel's: messageTypeOfUrl, model/rcs-media.ts).
   */
  const mediaProblem = (format: string, example: string | undefined): string | undefined => {
    if (format === 'GIF') return 'a GIF header: Twilio\'s Content API has no GIF media (WhatsApp would take its mp4 sample for a VIDEO)';
    const told = formatOfUrl(example ?? '');
    return told === format ? undefined : `the sample '${example ?? ''}' ${told ? `is ${told}` : 'has no file type that tells its kind'}, not ${format}: Twilio tells the kind by the sample`;
  };
  const media = (format: string, example: string | undefined, at: string): string => {
    if (format === 'PRODUCT') { refuse(at.replace(/\.example$/, ''), `a PRODUCT header: ${NO_SPM}`); return ''; }
    // WhatsApp takes a media header's whole URL when sending; Twilio varies a media URL only by a variable (its file name)
    const split = mediaUrlVariable(example ?? '');
    if (!split) { refuse(at, `the sample '${example ?? ''}' has no file name after its path's last '/': a Twilio media URL varies only through a variable holding its file name (${TWILIO_PAGES.media}), and a fixed URL would send this sample with every message; give the sample a file name; not exported`); return example ?? ''; }
    // a carousel card holds its media (pull refuses a card without one): a kind Twilio cannot tell stops the template
    const problem = mediaProblem(format, example);
    if (problem) { refuse(at, `${problem}; a carousel card cannot be written without its media; not exported`); return ''; }
    // a query or fragment after the file name: Twilio's media URL ends with its variable, the file name, so the sample Twilio
    // submits for review is the URL without it (a signed link of Meta's CDN serves nothing so: said, with what it is)
    if (split.rest) {
      const link = metaCdnLink(example ?? '');
      bad(at, `written without the sample's ${split.rest.startsWith('#') ? 'fragment' : 'query'} '${split.rest.length > 60 ? `${split.rest.slice(0, 57)}...` : split.rest}': a Twilio media URL ends with its variable, the file name ('${split.value}'), so the sample Twilio submits for review is ${split.fixed}${split.value}${link ? `, and the file's sample is ${metaCdnLinkSaid(link)}, which serves nothing without its query: host the file at a stable https:// address and give that as the sample` : ': check that it serves the file, or give a sample URL without a query'}`);
    }
    return `${split.fixed}${sendTime(split.value, at, 'the media URL\'s file name')}`;
  };
  let type: string, body: Rec;
  // The type is chosen from what is left once what Twilio's types have no place for is dropped (and
  // listed): a header Twilio cannot carry (LOCATION, GIF, a media sample whose kind Twilio cannot
  // tell) and buttons no Twilio type carries. Whatever was dropped, what is left is never a
  // whatsapp/card with a body alone (TWILIO_PAGES.whatsappCard: "a body and at least one additional field").
  let h = c.header;
  if (h?.format === 'LOCATION') { bad('header', 'Twilio\'s Content API has no location header: written without it'); h = undefined; }
  else if (h && h.format !== 'TEXT' && h.format !== 'PRODUCT' && !c.carousel && mediaUrlVariable(h.example ?? '')) {
    // (a sample without a file name is refused by media(), as a fixed URL would be sent with every message)
    const problem = mediaProblem(h.format, h.example);
    if (problem) { bad('header.example', `${problem}: written without the header`); h = undefined; }
  }
  let kept = c.buttons.filter((b) => !NO_TWILIO_BUTTON[b.type]);
  const onlyButtons = (types: readonly string[]) => kept.length > 0 && kept.every((b) => types.includes(b.type));
  // a VOICE_CALL button goes only on twilio/call-to-action: where what is left needs another type, it is dropped too
  const callToAction = () => !h && c.footer === undefined && onlyButtons(CTA) && ([...c.body.text].length <= TWILIO_CTA_BODY || kept.some((b) => b.type === 'VOICE_CALL'));
  if (kept.some((b) => b.type === 'VOICE_CALL') && !callToAction()) kept = kept.filter((b) => b.type !== 'VOICE_CALL');
  // the buttons dropped are listed whatever type is left (the type's own actions are made from `kept` alone)
  if (!c.buttons.some((b) => b.type === 'OTP' || b.type === 'CATALOG' || b.type === 'MPM') && !c.carousel) {
    c.buttons.forEach((b, i) => {
      if (kept.includes(b)) return;
      if (NO_TWILIO_BUTTON[b.type]) bad(`buttons[${i}]`, NO_TWILIO_BUTTON[b.type]!);
      else bad(`buttons[${i}]`, `a VOICE_CALL button: Twilio documents it only on twilio/call-to-action (${TWILIO_PAGES.callToAction}), which has no header, footer or quick replies${[...c.body.text].length > TWILIO_CTA_BODY ? ` and a body of at most ${TWILIO_CTA_BODY} characters` : ''}, which this template has; written without it`);
    });
  }
  const keptActs = (allowed: readonly string[]) => c.buttons.map((b, i) => (kept.includes(b) ? act(b, `buttons[${i}]`, allowed) : undefined)).filter(isRec);
  if (c.buttons.some((b) => b.type === 'OTP')) {
    type = 'whatsapp/authentication';
    // WhatsApp's preset wording written out (as Meta's listing returns it) is no text of its own
    const preset = authenticationPresetBody(c);
    if (authenticationTextOfItsOwn(c)) bad('body.text', 'an authentication text of its own: Twilio\'s whatsapp/authentication takes the text WhatsApp writes');
    const expiry = c.footer !== undefined ? readPresetExpiryFooter(c.footer, c.language) : c.codeExpirationMinutes;
    if (h || (c.footer !== undefined && expiry === undefined)) bad(h ? 'header' : 'footer', 'an authentication template has no header or footer of its own');
    const otp = c.buttons.filter((b) => b.type === 'OTP');
    if (c.buttons.length !== 1) bad('buttons', `${c.buttons.length} buttons: Twilio's whatsapp/authentication has one COPY_CODE action (${TWILIO_PAGES.authentication}); written with the OTP button alone`);
    // a one-tap or zero-tap button is what Twilio's one action cannot say (its models: AuthenticationActionType
    // "COPY_CODE" alone): written as the copy-code button WhatsApp shows where it cannot hand the code to the app, the
    // fields that hand it over named (listed, exit 1, as every part written without)
    const i = c.buttons.indexOf(otp[0]!);
    const lost = [
      ...(otp[0]!.otpType !== 'COPY_CODE' ? [`otp_type ${otp[0]!.otpType ?? '(none)'}`] : []),
      ...(otp[0]!.supportedApps ? [`supported_apps (${otp[0]!.supportedApps.map((a) => a.packageName).join(', ')})`] : []),
      ...(otp[0]!.autofillText !== undefined ? [`autofill_text '${otp[0]!.autofillText}'`] : []),
      ...(otp[0]!.zeroTapTermsAccepted ? ['zero_tap_terms_accepted'] : []),
    ];
    if (lost.length) bad(`buttons[${i}]`, `Twilio's whatsapp/authentication has one action, COPY_CODE (${TWILIO_PAGES.authentication}), and no one-tap or zero-tap autofill: written as a COPY_CODE button without ${lost.length > 1 ? `${lost.slice(0, -1).join(', ')} and ${lost.at(-1)!}` : lost[0]!} (the customer copies the code; WhatsApp hands it to no app)`);
    body = {
      add_security_recommendation: preset?.addSecurityRecommendation === true,
      ...(expiry !== undefined ? { code_expiration_minutes: expiry } : {}),
      actions: [{ type: 'COPY_CODE', ...(otp[0]?.text !== undefined ? { copy_code_text: otp[0].text } : {}) }],
    };
  } else if (c.carousel) {
    type = 'twilio/carousel';
    body = { body: text(c.body, true, 'body', f.names.body) };
    body.cards = c.carousel.map((card, i) => {
      const at = `carousel[${i}]`;
      // written as it is, the card's {{1}} would be the resource's {{1}} (the message's first variable, with its sample)
      if (card.body && /\{\{/.test(card.body.text)) refuse(`${at}.body`, `a variable in a card's body: Twilio's carousel cards take none (${TWILIO_PAGES.carousel}: a card's body has no variable support), and Twilio numbers variables across the whole resource, so the card's placeholder would be another variable; not exported`);
      const actions = acts(card.buttons, `${at}.buttons`, ['QUICK_REPLY', 'URL', 'PHONE_NUMBER']);
      // TWILIO_PAGES.carousel: "so long as there are 1 to 2 buttons in each card"; WhatsApp's media
      // carousel takes cards without buttons, a request Twilio refuses (and none is made up)
      if (actions.length < 1 || actions.length > 2) refuse(`${at}.buttons`, `${card.buttons.length === 0 ? 'a card without buttons' : `a card left with ${actions.length} of its ${card.buttons.length} buttons`}: Twilio's carousel needs 1 or 2 buttons on each card (${TWILIO_PAGES.carousel}); not exported: give every card one or two buttons to export it`);
      return { ...(card.body ? { body: card.body.text } : {}), media: media(card.header.format, card.header.example, `${at}.header.example`), actions };
    });
  } else if (c.buttons.some((b) => b.type === 'CATALOG' || b.type === 'MPM')) {
    type = 'twilio/catalog';
    const b = c.buttons[0]!;
    // without its items Twilio's catalog would be a single-catalog template: nothing written rather than another template
    if (b.type === 'MPM') return { issues: [...issues, { template: label, field: 'buttons[0]', message: 'a multi-product template: Twilio\'s catalog lists its items (with variables), which the file leaves to sending time; not exported' }] };
    // TWILIO_PAGES.catalog: the request needs the catalog's id ("find the Catalog ID in your Meta
    // Commerce Manager") and a title, which a template file does not hold (WhatsApp's catalog template
    // is the one catalog linked to the account, under a header WhatsApp writes): a request without
    // them would be refused, and none made up
    return { issues: [...issues, { template: label, field: 'buttons[0]', message: `a catalog template: Twilio's twilio/catalog needs the catalog's \`id\` (from Meta Commerce Manager) and a \`title\` (${TWILIO_PAGES.catalog}), which a template file does not hold; not exported: create it in Twilio with them` }] };
  } else if (!h && c.footer === undefined && !kept.length) {
    type = 'twilio/text';
    body = { body: text(c.body, true, 'body', f.names.body) };
  } else if (!h && c.footer === undefined && onlyButtons(['QUICK_REPLY'])) {
    type = 'twilio/quick-reply';
    body = { body: text(c.body, true, 'body', f.names.body), actions: keptActs(['QUICK_REPLY']) };
  } else if (callToAction()) {
    type = 'twilio/call-to-action';
    // its body takes at most 640 characters; a longer one goes to whatsapp/card (1,024) below, unless a call button holds it here
    if ([...c.body.text].length > TWILIO_CTA_BODY) refuse('body.text', `${[...c.body.text].length} characters: Twilio's call-to-action takes a body of at most ${TWILIO_CTA_BODY} (${TWILIO_PAGES.callToAction}), and its VOICE_CALL button has no other Twilio type; not exported`);
    // TWILIO_PAGES.callToAction: "Only 1 of the 2 call options can be on a template: PHONE or VOICE_CALL"
    if (c.buttons.some((b) => b.type === 'VOICE_CALL') && c.buttons.some((b) => b.type === 'PHONE_NUMBER')) refuse('buttons', `a PHONE_NUMBER and a VOICE_CALL button: Twilio's call-to-action takes one of the two call options (${TWILIO_PAGES.callToAction}); not exported`);
    body = { body: text(c.body, true, 'body', f.names.body), actions: keptActs(CTA) };
  } else if (h && h.format !== 'TEXT' && c.footer === undefined && !kept.length) {
    type = 'twilio/media';
    body = { body: text(c.body, true, 'body', f.names.body), media: [media(h.format, h.example, 'header.example')] };
  } else {
    type = 'whatsapp/card';
    body = { body: text(c.body, true, 'body', f.names.body) };
    if (h?.format === 'TEXT') body.header_text = text({ text: h.text ?? '', examples: h.example !== undefined ? [h.example] : [] }, false, 'header.text', f.names.header);
    else if (h) body.media = [media(h.format, h.example, 'header.example')];
    if (c.footer !== undefined) body.footer = c.footer;
    const actions = keptActs(CARD_ACTIONS);
    if (actions.length) body.actions = actions;
    // nothing left beside the body: the simplest type that carries it (a card needs another field)
    if (Object.keys(body).length === 1) type = 'twilio/text';
  }
  if (refused) return { issues };
  // the variables the export brings in, numbered after the file's own, in the order of their parts
  for (const l of late) {
    const n = numberOf(next);
    vars[String(n)] = l.value;
    l.n = n;
    l.said.message = `${l.what} (its sample '${l.value}') is Twilio's {{${n}}}: WhatsApp takes it when sending, a Twilio resource only through a variable, so send it as {{${n}}} (else Twilio sends the sample)${n > 1 ? '; numbered after the file\'s own variables, which keep theirs' : ''}`;
  }
  body = numberLate(body) as Rec;
  // friendly_name is Twilio's "string name used to describe the Content resource" (TWILIO_PAGES.resources):
  // the file's description, which pull --from twilio writes from it, else the template's name
  const content: Rec = { friendly_name: c.description.trim() !== '' ? c.description : c.name, language: c.language, ...(Object.keys(vars).length ? { variables: vars } : {}), types: { [type]: body } };
  return { request: { content, approval: { name: c.name, category: c.category ?? 'UTILITY' } }, issues, ...(numberedAs.length ? { numbered: numberedAs } : {}) };
}

// ---------------------------------------------------------------------------------------------
// RCS: a Twilio resource pulled into an RCS channel (the config's `channels.<alias>.kind: rcs`) is
// the type Twilio sends over RCS, written as an RCS-only template (`message`); an RCS-only template
// exported is the Twilio type that sends it over RCS. Follows the pages' "Supported channels" and
// twilio/card's RCS parameter mapping (TWILIO_PAGES.card).

/**
 * The types whose Twilio page lists RCS among its supported channels, the richest first (Twilio
 * sends the richest type the channel supports, TWILIO_PAGES.overview). twilio/quick-reply and
 * twilio/call-to-action list WhatsApp and Facebook Messenger only.
 */
export const TWILIO_RCS_TYPES = ['twilio/carousel', 'twilio/card', 'twilio/media', 'twilio/text'] as const;

const WHATSAPP_ONLY = (type: string, page: string) => `Twilio documents ${type} for WhatsApp only (${page}), so Twilio never sends it over RCS and an RCS template file cannot say what it shows`;
/** Why each Twilio type that is not sent over RCS has no RCS template file (pull into an RCS channel refuses it by name). */
export const TWILIO_NOT_ON_RCS: Record<string, string> = {
  'twilio/quick-reply': `Twilio documents twilio/quick-reply for WhatsApp and Facebook Messenger only (${TWILIO_PAGES.quickReply}), so Twilio never sends it over RCS; the same body with QUICK_REPLY actions as a twilio/card is what Twilio sends to RCS (a chip list)`,
  'twilio/call-to-action': `Twilio documents twilio/call-to-action for WhatsApp and Facebook Messenger only (${TWILIO_PAGES.callToAction}), so Twilio never sends it over RCS; the same body with URL and PHONE_NUMBER actions as a twilio/card is what Twilio sends to RCS (a chip list)`,
  'twilio/list-picker': WHATSAPP_ONLY('twilio/list-picker', TWILIO_PAGES.listPicker),
  'twilio/location': WHATSAPP_ONLY('twilio/location', TWILIO_PAGES.location),
  'twilio/catalog': WHATSAPP_ONLY('twilio/catalog', TWILIO_PAGES.catalog),
  'twilio/flows': WHATSAPP_ONLY('twilio/flows', TWILIO_PAGES.overview),
  'twilio/pay': WHATSAPP_ONLY('twilio/pay', TWILIO_PAGES.overview),
  'whatsapp/card': WHATSAPP_ONLY('whatsapp/card', TWILIO_PAGES.whatsappCard),
  'whatsapp/authentication': WHATSAPP_ONLY('whatsapp/authentication', TWILIO_PAGES.authentication),
};

/** The layouts pull writes for a card and a carousel (a Twilio resource has none; RBM needs one): export takes them as Twilio's. */
/** (RBM needs a vertical card's media height: MEDIUM, what the preview assumes, where the card has media) */
export const rcsLayout = (cards: readonly Rec[]): Rec => (cards.length === 1
  ? { type: 'STANDALONE', orientation: 'VERTICAL', ...(cards[0]!.fileUrl !== undefined ? { mediaHeight: 'MEDIUM' } : {}) }
  : { type: 'CAROUSEL', cardWidth: 'MEDIUM', ...(cards.some((c) => c.fileUrl !== undefined) ? { mediaHeight: 'MEDIUM' } : {}) });
/** Twilio's webview_size (an RCS URL action's webview, TWILIO_PAGES.card) and the file's webviewType */
const WEBVIEW_SIZES = ['FULL', 'HALF', 'TALL'];

/**
 * Pure: the message of an RCS-only template from a resource's types (its variables' keys already
 * tplsync names, lowerCaseVariables), or undefined with the reasons listed (`bad`). The twilio/card
 * mapping is Twilio's own (TWILIO_PAGES.card, RCS parameter mapping): title is the rich card's
 * title, body its description (with the subtitle appended, on a line of its own), media its media,
 * QUICK_REPLY a suggested reply, URL an open-URL action, PHONE_NUMBER a dial action; a card with
 * neither title nor media is a chip list (the body as the message text, the actions as its
 * suggestions). A twilio/text beside the richer type is the SMS Twilio falls back to (`fallback`).
 */
export function rcsFromTwilio(types: Rec, varsIn: Rec, x: { bad: Bad; left: Bad }): Rec | undefined {
  const main = TWILIO_RCS_TYPES.find((t) => isRec(types[t]));
  if (!main) {
    const present = Object.keys(types);
    if (!present.length) x.bad('types', 'no content type: nothing to write');
    for (const k of present) x.bad(`types.${k}`, TWILIO_NOT_ON_RCS[k] ?? `${k} is no Twilio content type that Twilio documents for RCS (${TWILIO_RCS_TYPES.join(', ')})`);
    return undefined;
  }
  // texts that name some variables and number others: named, as for WhatsApp (one kind in the file)
  const named = namedTextVariables(types[main] as Rec, varsIn);
  const t = named.type, vars = named.vars;
  const examples: Rec = {};
  const at = `types.${main}`;
  /** a text whose variables are placeholders with their samples (RCS texts take them: message, card title, description) */
  const text = (s: unknown, field: string): string | undefined => {
    const v = str(s);
    if (v === undefined) return undefined;
    for (const p of scanPlaceholders(v).placeholders) {
      const sample = str(vars[p.key]);
      if (sample === undefined) x.bad(field, noTwilioSample(p.raw, p.key));
      else examples[p.key] = sample;
    }
    return v;
  };
  /** what RCS sends as written (a media URL, a chip's text and URL, a phone number): a variable there would be sent as its braces */
  const fixedRcs = (s: unknown, field: string, what: string): string | undefined => {
    const v = str(Array.isArray(s) ? s[0] : s);
    if (v === undefined) return undefined;
    const p = scanPlaceholders(v).placeholders[0];
    if (p) x.bad(field, `'${v}' holds the variable ${p.raw}: ${what} takes no placeholder on RCS (it is sent as written), so a template file cannot say what it shows`);
    return v;
  };
  const mediaOf = (m: unknown, field: string): string | undefined => {
    if (Array.isArray(m) && m.length > 1) x.bad(`${field}[1]`, 'a second media file: an RCS message or card holds one');
    const url = fixedRcs(m, field, 'an RCS media URL (fileUrl)');
    if (url !== undefined && !URL.canParse(url)) x.bad(field, `'${url}' is not a URL`);
    return url;
  };
  const suggestions = (raw: unknown, field: string, allowed: readonly string[]): Rec[] => {
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) { x.bad(field, 'is not a list'); return []; }
    return raw.map((a, i): Rec | undefined => {
      const af = `${field}[${i}]`;
      if (!isRec(a)) { x.bad(af, 'is not an object'); return undefined; }
      const given = str(a.type)?.toUpperCase() ?? '';
      const type = given === 'PHONE' ? 'PHONE_NUMBER' : given;
      if (!allowed.includes(type)) { x.bad(`${af}.type`, `${given || '(none)'} actions have no RCS suggestion here (${allowed.join(', ')}: Twilio maps these to RCS, ${TWILIO_PAGES.card})`); return undefined; }
      const title = fixedRcs(a.title, `${af}.title`, 'a chip\'s text') ?? '';
      switch (type) {
        case 'QUICK_REPLY':
          keysOf(a, ['type', 'title', 'id'], af, x.bad, 'a QUICK_REPLY action');
          // the reply's id is what RBM posts back; without one, the chip's text (said in pull.md)
          return { action: 'reply', text: title, postbackData: fixedRcs(a.id, `${af}.id`, 'a reply\'s postback data') ?? title };
        case 'URL': {
          keysOf(a, ['type', 'title', 'url', 'webview_size'], af, x.bad, 'a URL action');
          const size = str(a.webview_size)?.toUpperCase();
          if (size !== undefined && size !== 'NONE' && !WEBVIEW_SIZES.includes(size)) x.bad(`${af}.webview_size`, `'${size}' is none of ${WEBVIEW_SIZES.join(', ')} or NONE`);
          return { action: 'open_url', text: title, postbackData: fixedRcs(a.url, `${af}.url`, 'an open-URL chip\'s URL') ?? '', ...(size && WEBVIEW_SIZES.includes(size) ? { openUrlApplication: 'WEBVIEW', webviewType: size } : {}) };
        }
        default:
          keysOf(a, ['type', 'title', 'phone'], af, x.bad, 'a PHONE_NUMBER action');
          return { action: 'dial', text: title, phoneNumber: fixedRcs(a.phone, `${af}.phone`, 'a dial chip\'s number') ?? '' };
      }
    }).filter(isRec);
  };
  const CARD_RCS_ACTIONS = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'];
  const card = (c: Rec, field: string, bodyKey: 'body', subtitle?: unknown): Rec => {
    const out: Rec = {};
    const title = text(c.title, `${field}.title`);
    let description = text(c[bodyKey], `${field}.${bodyKey}`);
    const sub = fixedRcs(subtitle, `${field}.subtitle`, 'a card\'s subtitle');
    // TWILIO_PAGES.card: "subtitle: Not available in RCS (appended to Body)"
    if (sub) description = description ? `${description}\n${sub}` : sub;
    if (title) out.title = title;
    if (description) out.description = description;
    const media = c.media !== undefined ? mediaOf(c.media, `${field}.media`) : undefined;
    if (media) out.fileUrl = media;
    const chips = suggestions(c.actions, `${field}.actions`, CARD_RCS_ACTIONS);
    if (chips.length) out.suggestions = chips;
    return out;
  };
  let message: Rec;
  switch (main) {
    case 'twilio/text':
      keysOf(t, ['body'], at, x.bad, main);
      message = { type: 'text', message: text(t.body, `${at}.body`) ?? '' };
      break;
    case 'twilio/media': {
      keysOf(t, ['body', 'media'], at, x.bad, main);
      const url = mediaOf(t.media, `${at}.media`) ?? '';
      // RBM's kinds of file message: a picture, a video, any other file (TWILIO_PAGES.overview: media goes to RCS), told by
      // the URL's file type in the one table lint's rcs-media and export --to twilio read (model/rcs-media.ts)
      const body = text(t.body, `${at}.body`);
      message = { type: messageTypeOfUrl(url), ...(body ? { message: body } : {}), fileUrl: url };
      break;
    }
    case 'twilio/card': {
      keysOf(t, ['title', 'subtitle', 'body', 'media', 'actions'], at, x.bad, main);
      const c = card(t, at, 'body', t.subtitle);
      if (c.title === undefined && c.fileUrl === undefined) {
        // TWILIO_PAGES.card: without title and media, a chip list: the body is the message's text
        message = { type: 'text', message: c.description ?? '', ...(c.suggestions ? { suggestions: c.suggestions } : {}) };
      } else message = { type: 'rich_card', richCards: [c], rcsRichCardsOpts: rcsLayout([c]) };
      break;
    }
    default: {
      keysOf(t, ['body', 'cards'], at, x.bad, main);
      // the carousel's body (required) is the message's text above its cards: TWILIO_PAGES.carousel says
      // Twilio drops it when Twilio sends the carousel over RCS; the file keeps it (the channel's RCS
      // message carries it, and export --to twilio needs it back: documented in pull.md)
      const body = text(t.body, `${at}.body`);
      const cards = Array.isArray(t.cards) ? t.cards : [];
      if (!cards.length) x.bad(`${at}.cards`, 'missing: a carousel has cards');
      const rich = cards.map((c, i) => {
        const f = `${at}.cards[${i}]`;
        if (!isRec(c)) { x.bad(f, 'is not an object'); return {}; }
        keysOf(c, ['title', 'body', 'media', 'actions'], f, x.bad, 'a carousel card');
        return card(c, f, 'body');
      });
      message = { type: 'rich_card', ...(body ? { message: body } : {}), richCards: rich, rcsRichCardsOpts: rcsLayout(rich) };
    }
  }
  for (const k of Object.keys(types)) {
    if (k === main || types[k] === null) continue;
    // the text Twilio sends when the phone takes no RCS: the SMS fallback
    if (k === 'twilio/text' && isRec(types[k])) {
      const fb = text((types[k] as Rec).body, `types.${k}.body`);
      if (fb) message.fallback = { text: fb };
      continue;
    }
    x.left(`types.${k}`, `what Twilio sends to channels other than RCS: ${TWILIO_NOT_ON_RCS[k] ?? `${k} is not sent over RCS`}`);
  }
  if (Object.keys(examples).length) message.examples = examples;
  return message;
}

/**
 * Pure: an RCS-only template file's value (its environment values filled in) as the body of POST
 * /v1/Content of the Twilio type that sends it over RCS, the reverse of rcsFromTwilio: a text is
 * twilio/text, a text with chips twilio/card (a chip list), a picture, video or file twilio/media, one
 * rich card twilio/card, several twilio/carousel, the SMS fallback a twilio/text beside it. No
 * WhatsApp approval request (RCS has none): friendly_name is the template's name, which pull reads
 * back. What Twilio has no place for is listed (`issues`); what would make the resource show
 * something else is refused, and nothing is written for the template.
 */
export function rcsToTwilio(v: Rec): TwilioExport {
  const name = str(v.name) ?? '', language = str(v.language) ?? '';
  const label = `${name}/${language}`;
  const issues: FormatIssue[] = [];
  let refused = false;
  const bad = (field: string, message: string) => { issues.push({ template: label, field, message }); };
  const refuse = (field: string, message: string) => { refused = true; bad(field, `${message}; not exported`); };
  const m = isRec(v.message) ? v.message : {};
  const examples = isRec(m.examples) ? m.examples : {};
  const vars: Record<string, string> = {};
  /** a text with placeholders: Twilio's variables, of the same keys, their samples the file's */
  const text = (s: unknown, at: string): string | undefined => {
    const t = str(s);
    if (t === undefined) return undefined;
    for (const p of scanPlaceholders(t).placeholders) {
      if (p.key.length > TWILIO_MAX_VARIABLE_KEY) refuse(at, `{{${p.key}}} is ${p.key.length} characters: Twilio's variable keys have at most ${TWILIO_MAX_VARIABLE_KEY} (${TWILIO_PAGES.variables}); rename the placeholder`);
      const sample = str(examples[p.key]);
      if (sample !== undefined) vars[p.key] = sample;
    }
    return t;
  };
  const actions = (raw: unknown, at: string): Rec[] => (Array.isArray(raw) ? raw : []).map((s, i): Rec | undefined => {
    const f = `${at}[${i}]`;
    if (!isRec(s)) return undefined;
    const title = str(s.text) ?? '';
    if (s.tracking === true) bad(`${f}.tracking`, 'Twilio\'s actions have no tracking flag: written without it');
    switch (s.action) {
      case 'reply': return { type: 'QUICK_REPLY', title, id: str(s.postbackData) ?? title };
      case 'open_url': {
        const size = s.openUrlApplication === 'WEBVIEW' ? str(s.webviewType) : undefined;
        return { type: 'URL', title, url: str(s.postbackData) ?? '', ...(size ? { webview_size: size } : {}) };
      }
      case 'dial':
        if (s.postbackData !== undefined) bad(`${f}.postbackData`, 'Twilio\'s PHONE_NUMBER action has no postback data: written without it');
        return { type: 'PHONE_NUMBER', title, phone: str(s.phoneNumber) ?? '' };
      default:
        refuse(`${f}.action`, `a ${String(s.action)} suggestion: Twilio's content types map only QUICK_REPLY, URL and PHONE_NUMBER actions to RCS (${TWILIO_PAGES.card}), and the chip would be missing from the message`);
        return undefined;
    }
  }).filter(isRec);
  for (const k of ['thumbnailUrl', 'previewUrl', 'rcsExpireOpts']) if (m[k] !== undefined && m[k] !== null) bad(`message.${k}`, `Twilio's content types have no place for ${k === 'rcsExpireOpts' ? 'an expiry (set the message\'s validity when sending)' : `a ${k}`}: written without it`);
  const cards = Array.isArray(m.richCards) ? m.richCards.filter(isRec) : [];
  const layout = isRec(m.rcsRichCardsOpts) ? m.rcsRichCardsOpts : undefined;
  // pull writes rcsLayout's: another layout is Twilio's to choose (its resources have none)
  if (m.type === 'rich_card' && layout && canonical(layout) !== canonical(rcsLayout(cards))) bad('message.rcsRichCardsOpts', `Twilio's content types have no card layout (Twilio lays the cards out): written without ${JSON.stringify(layout)}`);
  const messageChips = actions(m.suggestions, 'message.suggestions');
  const body = text(m.message, 'message.message');
  let type: string, content: Rec;
  /** the message type pull --from twilio reads a twilio/media back as, where it is not the file's (noted) */
  let readBackAs: string | undefined;
  switch (m.type) {
    case 'text':
      if (messageChips.length) { type = 'twilio/card'; content = { body: body ?? '', actions: messageChips }; }
      else { type = 'twilio/text'; content = { body: body ?? '' }; }
      if (!body) refuse('message.message', 'an RCS text message without text: Twilio\'s twilio/text and a chip list need a body');
      break;
    case 'picture': case 'video': case 'file': {
      const url = str(m.fileUrl) ?? '';
      // twilio/media has no message type: Twilio sends the file as the content type it is served with tells. What the file is
      // comes from the one table lint's rcs-media reads (model/rcs-media.ts): a picture of a video or a document, or a video of
      // an image, audio or a document, would be another kind of message than the file says, and is refused; any other file is
      // what the message sends. Where pull --from twilio reads it back as another type (a file message of a .jpg or an .mp4,
      // a picture or video whose URL tells no type), that is noted: nothing Twilio sends is lost.
      const kind = mediaKind(url);
      const contrary = m.type === 'picture' ? kind !== undefined && kind !== 'image' : m.type === 'video' ? kind !== undefined && kind !== 'video' : false;
      const said = (k: MediaKind) => (k === 'image' ? 'an image' : k === 'video' ? 'a video' : k === 'audio' ? 'audio' : k === 'pdf' ? 'a PDF' : 'a document');
      if (contrary) refuse('message.fileUrl', `'${url}' is ${said(kind!)} by its file type (.${urlExtension(url)!.toLowerCase()}), not a ${m.type === 'picture' ? 'picture' : 'video'}: Twilio sends the file as what it is`);
      else if (messageTypeOfUrl(url) !== m.type) readBackAs = messageTypeOfUrl(url);
      if (messageChips.length) refuse('message.suggestions', 'chips on a media message: Twilio\'s twilio/media has no actions');
      type = 'twilio/media'; content = { ...(body ? { body } : {}), media: [url] };
      break;
    }
    default: {
      if (messageChips.length) refuse('message.suggestions', 'chips beside rich cards: Twilio\'s card and carousel carry each card\'s actions, not the message\'s');
      const card = (c: Rec, at: string): Rec => {
        const acts = actions(c.suggestions, `${at}.suggestions`);
        if (c.thumbnailUrl !== undefined) bad(`${at}.thumbnailUrl`, 'Twilio\'s cards have no thumbnail: written without it');
        return { ...(c.title !== undefined ? { title: text(c.title, `${at}.title`) } : {}), ...(c.description !== undefined ? { body: text(c.description, `${at}.description`) } : {}), ...(c.fileUrl !== undefined ? { media: str(c.fileUrl) } : {}), ...(acts.length ? { actions: acts } : {}) };
      };
      if (cards.length === 1) {
        type = 'twilio/card';
        const c = card(cards[0]!, 'message.richCards[0]');
        // TWILIO_PAGES.card: a card without title and media goes to RCS as a chip list, not a rich card
        if (c.title === undefined && c.media === undefined) refuse('message.richCards[0]', 'a rich card without a title or media: Twilio sends such a twilio/card to RCS as a chip list (a text with chips), not as a card; write it as a text message with suggestions');
        if (body) refuse('message.message', 'a text beside a single rich card: Twilio\'s twilio/card has no text besides the card\'s own');
        content = { ...c, ...(c.media !== undefined ? { media: [c.media] } : {}) };
      } else {
        type = 'twilio/carousel';
        // TWILIO_PAGES.carousel: body required; dropped when Twilio sends the carousel over RCS
        if (!body) refuse('message.message', `Twilio's twilio/carousel requires a body (${TWILIO_PAGES.carousel}), which this message has no text for: give message.message the text above the cards (Twilio shows it on WhatsApp and drops it on RCS)`);
        content = { body: body ?? '', cards: cards.map((c, i) => {
          const at = `message.richCards[${i}]`;
          const out = card(c, at);
          // TWILIO_PAGES.carousel: each card's body and media are required, and 1 or 2 buttons
          if (out.body === undefined) refuse(`${at}.description`, 'missing: each card of Twilio\'s carousel needs a body');
          if (out.media === undefined) refuse(`${at}.fileUrl`, 'missing: each card of Twilio\'s carousel needs media (an image or a video)');
          const n = Array.isArray(out.actions) ? out.actions.length : 0;
          if (n < 1 || n > 2) refuse(`${at}.suggestions`, `${n} chips: each card of Twilio's carousel has 1 or 2 buttons`);
          return out;
        }) };
      }
    }
  }
  const types: Rec = { [type]: content };
  const fb = isRec(m.fallback) ? text(m.fallback.text, 'message.fallback.text') : undefined;
  if (fb !== undefined) {
    // the SMS Twilio sends a phone without RCS: the resource's twilio/text (a text message's own text is already one)
    if (type === 'twilio/text') bad('message.fallback.text', 'a text message\'s SMS fallback: its twilio/text is the message itself, so Twilio sends the message\'s text by SMS; written without it');
    else types['twilio/text'] = { body: fb };
  }
  // friendly_name is the name pull --from twilio reads back (RCS has no approval request to carry it), and the resource
  // has no other field for what the template is for: the description is left out, noted as Meta's export notes it
  // (tplsync's own, no part of what a platform reviews: not a finding)
  const notes: FormatIssue[] = typeof v.description === 'string' && v.description.trim() !== ''
    ? [{ template: label, field: 'description', message: `not in Twilio's resource, whose friendly_name holds the template's name on RCS (no approval request carries the name); ${DESCRIPTION_IS_TPLSYNCS}; a file pulled back from this output (pull --from twilio) has none` }]
    : [];
  // not a finding: Twilio sends the file all the same; the type is what the file says of it and the resource has no place for
  if (readBackAs) notes.push({ template: label, field: 'message.type', message: `twilio/media has no message type (Twilio sends the file as the content type it is served with tells), so a file pulled back from this output (pull --from twilio) has the type its URL's file type tells: ${readBackAs}, not ${String(m.type)}` });
  if (refused) return { issues };
  return { request: { content: { friendly_name: name, language, ...(Object.keys(vars).length ? { variables: vars } : {}), types } }, issues, notes };
}

const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (isRec(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));
