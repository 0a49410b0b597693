// Pure: Google's RBM JSON names (phones.agentMessages: SuggestedAction's action objects, the
// Suggestion's reply/action wrappers, RichCard's standaloneCard/carouselCard, CardContent, Media,
// ContentInfo) written in a template file, recognised and answered with the key tplsync's format
// writes instead (docs/format.md, "On an RCS channel"). A suggestion in Google's shape is one
// finding at the Google key, with the line to write; the schema's other errors on it are left out
// (schema.ts), as they only say the same thing again ("missing required key 'action'").
import { isDeepStrictEqual } from 'node:util';
import type { Path } from '../../files/locate.js';
import { obj, type Change, type Loose } from '../rule.js';

/** key spelled as Google's JSON (openUrlAction), its protobuf field (open_url_action) or Dialogflow's (openUrl): the letters alone, lower case */
const norm = (k: string): string => k.toLowerCase().replace(/[^a-z]/g, '');

/** RBM SuggestedAction's action objects (and Dialogflow's RbmSuggestedAction names), by norm(key): the format's action and how its keys are written */
const ACTION_OBJECTS: Readonly<Record<string, { action: string; keys: string }>> = {
  openurlaction: { action: 'open_url', keys: 'its `url` as `postbackData:` (an open_url suggestion\'s postbackData is the URL), `application` as `openUrlApplication:` and `webviewViewMode` as `webviewType:`' },
  openurl: { action: 'open_url', keys: 'its `url` (`uri`) as `postbackData:` (an open_url suggestion\'s postbackData is the URL)' },
  dialaction: { action: 'dial', keys: 'its `phoneNumber` as `phoneNumber:`' },
  dial: { action: 'dial', keys: 'its `phoneNumber` as `phoneNumber:`' },
  viewlocationaction: { action: 'view_location', keys: 'its `latLong` as `latLong: { latitude, longitude }` with `label:`, or its `query` as `query:`' },
  sharelocationaction: { action: 'share_location', keys: 'no other key' },
  sharelocation: { action: 'share_location', keys: 'no other key' },
  createcalendareventaction: { action: 'create_calendar_event', keys: 'its `startTime`, `endTime`, `title` and `description` as keys of the same names' },
};

/** An RBM action object key of a suggestion (openUrlAction, dial_action...), and what it is in the format. */
export function rbmActionObject(key: string): { action: string; keys: string } | undefined {
  return Object.hasOwn(ACTION_OBJECTS, norm(key)) ? ACTION_OBJECTS[norm(key)] : undefined;
}

const flowValue = (v: unknown): string => {
  if (typeof v === 'string') return /^[A-Za-z][A-Za-z0-9 _.-]*$/.test(v) && !/^(?:true|false|null|yes|no|on|off)$/i.test(v) ? v : JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const o = obj(v);
  if (o) return `{ ${Object.entries(o).map(([k, x]) => `${k}: ${flowValue(x)}`).join(', ')} }`;
  return '...';
};

/** One key of the flat suggestion a Google-shaped one is written as: its value, and where the suggestion has it (a path from the suggestion); none for the action's name. */
export interface FlatKey { readonly key: string; readonly value: unknown; readonly from?: Path }

/**
 * A suggestion written in Google's RBM shape, read: `key`, the Google key (reply, action, or the
 * action object on the suggestion itself); `flat`, the keys of the suggestion as tplsync writes it,
 * in order (undefined where the action is not said: `action: { text, postbackData }`); `own`, the
 * suggestion's own keys that are Google's (SuggestedAction's text and postbackData written on the
 * suggestion, without the `action:` wrapper), which the flat keys replace.
 */
export interface RbmSuggestion {
  readonly key: string;
  readonly google: string;
  readonly action: string;
  readonly keys: string;
  readonly flat?: readonly FlatKey[];
  readonly own: readonly string[];
}

/**
 * A suggestion in Google's RBM shape: `{ reply: { text, postbackData } }`,
 * `{ action: { text, postbackData, dialAction: { phoneNumber } } }`, or an action object on the
 * suggestion itself (`{ text, dialAction: {...} }`, also beside a string `action`); undefined for any other.
 */
export function rbmSuggestionShape(data: unknown): RbmSuggestion | undefined {
  const s = obj(data);
  if (!s) return undefined;
  const reply = obj(s.reply);
  const wrapped = obj(s.action);
  // the object that holds the action's own object: the `action:` wrapper, or the suggestion itself
  const holder = wrapped ?? s;
  const at: Path = wrapped ? ['action'] : [];
  const actionKey = Object.keys(holder).find((k) => rbmActionObject(k) !== undefined && (obj(holder[k]) !== undefined || holder[k] === null));
  if (!reply && !wrapped && actionKey === undefined) return undefined;
  const fields: FlatKey[] = [];
  const field = (key: string, from: Path, value: unknown): void => { fields.push({ key, value, from }); };
  if (reply && actionKey === undefined) {
    for (const k of ['text', 'postbackData']) if (reply[k] !== undefined) field(k, ['reply', k], reply[k]);
    return { key: 'reply', action: 'reply', keys: '', google: "`reply: { text, postbackData }` is Google's RBM Suggestion.reply", flat: [{ key: 'action', value: 'reply' }, ...fields], own: [] };
  }
  if (actionKey !== undefined) {
    const what = rbmActionObject(actionKey)!;
    const google = wrapped ? `\`action: { ..., ${actionKey}: ... }\` is Google's RBM Suggestion.action with its SuggestedAction.${actionKey}` : `\`${actionKey}\` is Google's RBM name (SuggestedAction.${actionKey})`;
    const inner = obj(holder[actionKey]) ?? {};
    const within = [...at, actionKey];
    if (holder.text !== undefined) field('text', [...at, 'text'], holder.text);
    else if (s.text !== undefined) field('text', ['text'], s.text);
    if (what.action === 'open_url') {
      const urlKey = inner.url !== undefined && inner.url !== null ? 'url' : 'uri';
      if (inner[urlKey] !== undefined) field('postbackData', [...within, urlKey], inner[urlKey]);
      if (inner.application !== undefined) field('openUrlApplication', [...within, 'application'], inner.application);
      if (inner.webviewViewMode !== undefined) field('webviewType', [...within, 'webviewViewMode'], inner.webviewViewMode);
    } else {
      if (holder.postbackData !== undefined) field('postbackData', [...at, 'postbackData'], holder.postbackData);
      for (const k of ['phoneNumber', 'latLong', 'label', 'query', 'startTime', 'endTime', 'title', 'description']) if (inner[k] !== undefined) field(k, [...within, k], inner[k]);
    }
    return { key: wrapped ? 'action' : actionKey, action: what.action, keys: what.keys, google, flat: [{ key: 'action', value: what.action }, ...fields], own: wrapped ? [] : ['text', 'postbackData'] };
  }
  // `action: { text, postbackData }` with no action object in it: which action is not said
  return { key: 'action', action: '', keys: '', own: [], google: "`action: { ... }` is Google's RBM Suggestion.action (a SuggestedAction), and it names none of RBM's actions (openUrlAction, dialAction, viewLocationAction, shareLocationAction, createCalendarEventAction)" };
}

/**
 * A suggestion written in Google's RBM shape (rbmSuggestionShape): the finding, at the Google key,
 * says what tplsync writes instead, with the suggestion as it would be written (lint --fix writes it
 * so: rbmSuggestionRepairs).
 */
export function rbmSuggestionFinding(p: Path, data: unknown): { ruleId: 'rcs-action-keys'; path: Path; part: 'key'; message: string } | undefined {
  const shape = rbmSuggestionShape(data);
  if (!shape) return undefined;
  const { google, action, keys, flat } = shape;
  const written = flat ? `{ ${flat.map((f) => `${f.key}: ${flowValue(f.value)}`).join(', ')} }` : '';
  const message = `${google}; tplsync writes a suggestion flat, its action named by \`action:\`${flat ? `: \`action: ${action}\` with \`text:\`${keys ? `, and ${keys}` : ' and `postbackData:`'}. Write it as ${written}` : ' (reply, open_url, dial, view_location, share_location or create_calendar_event) and its keys beside it'} (docs/format.md, "On an RCS channel").`;
  return { ruleId: 'rcs-action-keys', path: [...p, shape.key], part: 'key', message };
}

/** the title of the repair of a suggestion in Google's RBM shape (the report and the editor's quick fix) */
export const RBM_REPAIR_TITLE = "Write the suggestion in Google's RBM shape flat, as its finding says (`reply: { text, postbackData }` is `action: reply, text, postbackData`)";

/**
 * The repair of the suggestions in Google's RBM shape whose finding says what to write (`Write it
 * as { ... }`): each suggestion rewritten in place as that flat suggestion, the Google key's entry
 * replaced, where it is, by the flat keys (their values moved from where the file has them, with
 * their quoting and comments), the suggestion's other keys kept where they are. Declined for a
 * suggestion whose action is not said (no `Write it as`), and for one that already has a key the
 * flat suggestion writes with another value (`action: reply` beside a dialAction, `text:` beside a
 * reply's own text): which one is meant is not certain. `where`: the suggestions under `message:`
 * (rule rcs-action-keys) or those elsewhere (under a top-level contentMessage: rule schema).
 */
export function rbmSuggestionRepairs(t: Loose, where: 'message' | 'elsewhere'): Change[] {
  const out: Change[] = [];
  const seen = new Set<string>();
  const inMessage = (p: Path): boolean => p[0] === 'message';
  const all = [...(where === 'message' ? suggestionPointers(t) : []), ...suggestionsUnderGoogleNames(t).filter((s) => inMessage(s.path) === (where === 'message'))];
  for (const { path, data } of all) {
    const k = path.join('\u0000');
    if (seen.has(k)) continue;
    seen.add(k);
    const shape = rbmSuggestionShape(data);
    if (!shape?.flat) continue;
    const s = obj(data)!;
    const entries: { key: string; value?: string; from?: Path }[] = [];
    const drop: string[] = [];
    let certain = true;
    for (const f of shape.flat) {
      const beside = f.key !== shape.key && Object.hasOwn(s, f.key);
      const own = shape.own.includes(f.key);
      // Google's text or postbackData on the suggestion itself: moved into the flat suggestion's order
      if (beside && own && f.from?.length === 1 && f.from[0] === f.key) { entries.push({ key: f.key, from: [...path, f.key] }); continue; }
      // a key of the flat suggestion written beside Google's with the same value (`action: dial` beside a dialAction, the text beside the wrapper): kept where it is
      if (beside && isDeepStrictEqual(s[f.key], f.value)) continue;
      if (beside && !own) { certain = false; break; }
      if (beside) drop.push(f.key);
      entries.push(f.from ? { key: f.key, from: [...path, ...f.from] } : { key: f.key, value: String(f.value) });
    }
    if (!certain) continue;
    // Google's keys on the suggestion that the flat one does not write (open_url's postbackData: the URL is its postbackData)
    for (const own of shape.own) if (own !== shape.key && Object.hasOwn(s, own) && !shape.flat.some((f) => f.key === own)) drop.push(own);
    out.push({ op: 'replace-key', path, key: shape.key, entries, ...(drop.length ? { drop } : {}) });
  }
  return out;
}

/** The RCS suggestions of a template value, by their JSON pointers (as the schema's errors name them). */
export function suggestionPointers(value: unknown): { pointer: string; path: Path; data: unknown }[] {
  const out: { pointer: string; path: Path; data: unknown }[] = [];
  const m = obj(obj(value)?.message);
  if (!m) return out;
  const add = (list: unknown, base: Path): void => {
    if (!Array.isArray(list)) return;
    list.forEach((data, i) => out.push({ pointer: `/${[...base, i].join('/')}`, path: [...base, i], data }));
  };
  add(m.suggestions, ['message', 'suggestions']);
  if (Array.isArray(m.richCards)) m.richCards.forEach((c, i) => add(obj(c)?.suggestions, ['message', 'richCards', i, 'suggestions']));
  return out;
}

/** Google's names of the parts that hold an RBM message's content, cards or suggestions (by norm(key)) */
const GOOGLE_CONTAINERS: ReadonlySet<string> = new Set(['contentmessage', 'richcard', 'standalonecard', 'carouselcard', 'cardcontent', 'cardcontents']);

/**
 * The suggestions inside parts written in Google's names, which the schema does not look into (it
 * stops at the unknown key): under a top-level `contentMessage:` (without `message:`), under
 * `message.richCard`, `.standaloneCard`, `.carouselCard`, `.cardContent(s)`, `.contentMessage`, and
 * under a card's `cardContent:`. Each suggestion list found there (`suggestions:` at any depth), item by item.
 */
export function suggestionsUnderGoogleNames(value: unknown): { path: Path; data: unknown }[] {
  const out: { path: Path; data: unknown }[] = [];
  const t = obj(value);
  if (!t) return out;
  const walk = (v: unknown, p: Path, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, [...p, i], depth + 1)); return; }
    const o = obj(v);
    if (!o) return;
    for (const [k, x] of Object.entries(o)) {
      if (norm(k) === 'suggestions' && Array.isArray(x)) x.forEach((data, i) => out.push({ path: [...p, k, i], data }));
      else walk(x, [...p, k], depth + 1);
    }
  };
  if (t.message === undefined) for (const k of Object.keys(t)) if (norm(k) === 'contentmessage') walk(t[k], [k], 0);
  const m = obj(t.message);
  if (m) {
    for (const k of Object.keys(m)) if (GOOGLE_CONTAINERS.has(norm(k))) walk(m[k], ['message', k], 0);
    if (Array.isArray(m.richCards)) m.richCards.forEach((c, i) => { const card = obj(c); if (card) for (const k of Object.keys(card)) if (GOOGLE_CONTAINERS.has(norm(k))) walk(card[k], ['message', 'richCards', i, k], 0); });
  }
  return out;
}

/**
 * The texts of an RCS message written under Google's names, which tplsync fills once the part is
 * renamed (the schema's finding at the Google key says how): ContentMessage's `text` (tplsync's
 * `message:`), and a card's `title` and `description` under richCard, standaloneCard, cardContent...
 * Their placeholders are the message's: a sample of one is no orphan (the fix is the name, not the sample).
 */
export function textsUnderGoogleNames(message: unknown): string[] {
  const out: string[] = [];
  const m = obj(message);
  if (!m) return out;
  const walk = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return; }
    const o = obj(v);
    if (!o) return;
    for (const [k, x] of Object.entries(o)) {
      if ((k === 'title' || k === 'description' || k === 'text') && typeof x === 'string') out.push(x);
      else if (norm(k) !== 'suggestions') walk(x, depth + 1);
    }
  };
  for (const [k, x] of Object.entries(m)) {
    if (norm(k) === 'text' && typeof x === 'string') out.push(x);
    else if (GOOGLE_CONTAINERS.has(norm(k))) walk(x, 0);
  }
  for (const c of Array.isArray(m.richCards) ? m.richCards : []) for (const [k, x] of Object.entries(obj(c) ?? {})) if (GOOGLE_CONTAINERS.has(norm(k))) walk(x, 0);
  return out;
}

const LAYOUT = 'rcsRichCardsOpts';
/** Google's names of the cards' layout, by norm(key): the key under rcsRichCardsOpts */
const LAYOUT_NAMES: Readonly<Record<string, { google: string; ours: string }>> = {
  cardorientation: { google: 'StandaloneCard.cardOrientation', ours: 'orientation' },
  thumbnailimagealignment: { google: 'StandaloneCard.thumbnailImageAlignment', ours: 'imageAlign' },
  height: { google: 'Media.height', ours: 'mediaHeight' },
};

/** Google's names of an RBM message's parts on `message`, by norm(key) */
const MESSAGE_NAMES: Readonly<Record<string, string>> = {
  contentmessage: "`contentMessage` is Google's RBM AgentMessage.contentMessage; tplsync's `message:` is that content itself: write its keys (type, message, richCards, suggestions, ...) directly under `message:`",
  richcard: "`richCard` is Google's RBM name (ContentMessage.richCard); tplsync writes `type: rich_card`, the cards under `richCards:` and their layout under `rcsRichCardsOpts:`",
  standalonecard: "`standaloneCard` is Google's RBM name (RichCard.standaloneCard); tplsync writes `type: rich_card`, the card as the one item of `richCards:`, and `rcsRichCardsOpts: { type: STANDALONE, orientation: ... }` (Google's cardOrientation; its thumbnailImageAlignment is `imageAlign:`)",
  carouselcard: "`carouselCard` is Google's RBM name (RichCard.carouselCard); tplsync writes `type: rich_card`, its cardContents as the 2 to 10 items of `richCards:`, and `rcsRichCardsOpts: { type: CAROUSEL, cardWidth: ... }`",
  cardcontents: "`cardContents` is Google's RBM name (CarouselCard.cardContents); tplsync writes the cards as the items of `richCards:`",
  cardcontent: "`cardContent` is Google's RBM name (StandaloneCard.cardContent); tplsync writes the card (title, description, fileUrl, suggestions) as the one item of `richCards:`",
  text: "`text` is Google's RBM name (ContentMessage.text); tplsync writes a text message as `type: text` with the text as `message:`",
  contentinfo: "`contentInfo` is Google's RBM name (ContentMessage.contentInfo); tplsync writes `type: picture`, `video` or `file` with its `fileUrl` and `thumbnailUrl` directly under `message:`",
};
/** Google's names of a card's parts on an item of richCards, by norm(key) */
const CARD_NAMES: Readonly<Record<string, string>> = {
  cardcontent: "`cardContent` is Google's RBM name (StandaloneCard.cardContent); tplsync writes the card's keys (title, description, fileUrl, thumbnailUrl, suggestions) directly on the item of `richCards:`",
  media: "`media` is Google's RBM name (CardContent.media); tplsync writes its `contentInfo.fileUrl` as `fileUrl:` and `contentInfo.thumbnailUrl` as `thumbnailUrl:` on the card, and its `height` as `rcsRichCardsOpts.mediaHeight` (one for every card)",
  contentinfo: "`contentInfo` is Google's RBM name (Media.contentInfo); tplsync writes its `fileUrl` and `thumbnailUrl` as `fileUrl:` and `thumbnailUrl:` on the card",
};

/** a Duration as Google's JSON writes it ("3600s") or a number of seconds: the whole seconds, if it is that */
function seconds(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isInteger(v) && v >= 0 ? v : undefined;
  const m = typeof v === 'string' ? /^\s*(\d+)(?:\.0*)?s?\s*$/.exec(v) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * AgentMessage's expiry (`ttl`, `expireTime`) on the message or beside it (where Google's JSON has it,
 * next to contentMessage): tplsync's rcsExpireOpts under `message:`, with the file's own value.
 */
function expiryMessage(k: string, key: string, v: unknown, beside: boolean): string | undefined {
  if (k !== 'ttl' && k !== 'expiretime') return undefined;
  const where = beside ? ` beside the content, where Google's JSON has it; tplsync takes the expiry under \`message:\`, as` : '; tplsync writes the expiry as';
  if (k === 'ttl') {
    const n = seconds(v);
    return `\`${key}\` is Google's RBM name (AgentMessage.ttl)${where} \`rcsExpireOpts: { type: TTL, ttl: ${n ?? 86400} }\` (${n === undefined ? 'the seconds, a whole number' : `seconds, a number${typeof v === 'string' ? `: ${JSON.stringify(v)} is ${n}` : ''}`})`;
  }
  return `\`${key}\` is Google's RBM name (AgentMessage.expireTime)${where} \`rcsExpireOpts: { type: EXPIRE_TIME, expireTime: ${typeof v === 'string' ? JSON.stringify(v) : '...'} }\``;
}

/** whether a mapping has Google's `contentMessage` in any spelling: asked once per unknown key of it, so worked out once a mapping (a file of 60,000 unknown keys asked it 60,000 times over 60,000 keys) */
const contentMessageIn = new WeakMap<object, boolean>();
function holdsContentMessage(holder: Record<string, unknown>): boolean {
  let has = contentMessageIn.get(holder);
  if (has === undefined) contentMessageIn.set(holder, has = Object.keys(holder).some((x) => norm(x) === 'contentmessage'));
  return has;
}

/**
 * An unknown key that is Google's RBM name of a part tplsync writes under another key: the message
 * that says which, or undefined. `data`: the mapping that holds the key (its value is used in the line to write).
 */
export function rbmNameMessage(p: Path, key: string, data?: unknown): string | undefined {
  const k = norm(key);
  const holder = obj(data);
  if (p.length === 0 && holder && (holder.message !== undefined || holdsContentMessage(holder))) {
    const beside = expiryMessage(k, key, holder[key], true);
    if (beside) return beside;
  }
  const onMessage = p.length === 1 && p[0] === 'message';
  const onCard = p.length === 3 && p[0] === 'message' && p[1] === 'richCards' && typeof p[2] === 'number';
  const inLayout = p.length === 2 && p[0] === 'message' && p[1] === LAYOUT;
  const layout = LAYOUT_NAMES[k];
  if (layout && (inLayout || onMessage || onCard)) {
    const where = inLayout ? `\`${layout.ours}:\`` : `\`${LAYOUT}: { ${layout.ours}: ... }\` under \`message:\`${onCard ? ' (the layout is the message\'s, one for every card)' : ''}`;
    return `'${key}' is Google's RBM name (${layout.google}); tplsync writes it as ${where}`;
  }
  if (p.length === 0 && k === 'contentmessage') return "`contentMessage` is Google's RBM name (AgentMessage.contentMessage); tplsync writes the content as `message:` (type, message, richCards, suggestions, ...)";
  if (onMessage) { const expiry = expiryMessage(k, key, holder?.[key], false); if (expiry) return expiry; }
  if (onMessage && Object.hasOwn(MESSAGE_NAMES, k)) return MESSAGE_NAMES[k];
  if (onCard && Object.hasOwn(CARD_NAMES, k)) return CARD_NAMES[k];
  return undefined;
}
