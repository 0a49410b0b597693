// Pure: the keys of each RCS suggested action (the partner API's names), and the schema
// findings about them worded for the person writing a chip: a key of another action, a key the
// action needs. Reported under the rule `rcs-action-keys` (schema.ts gives it the schema's errors on suggestions).
import type { Path } from '../../files/locate.js';
import { an } from '../rule.js';

/** The keys every suggestion takes. */
export const COMMON_SUGGESTION_KEYS = ['action', 'text', 'postbackData', 'tracking'] as const;

/** The keys that belong to one action, and the keys it needs. */
export const ACTION_KEYS: Readonly<Record<string, { own: readonly string[]; required: readonly string[] }>> = {
  reply: { own: [], required: [] },
  open_url: { own: ['openUrlApplication', 'webviewType'], required: [] },
  dial: { own: ['phoneNumber'], required: ['phoneNumber'] },
  view_location: { own: ['latLong', 'label', 'query'], required: [] },
  share_location: { own: [], required: [] },
  create_calendar_event: { own: ['startTime', 'endTime', 'title', 'description'], required: ['startTime', 'endTime', 'title'] },
};

export const SUGGESTED_ACTIONS: readonly string[] = Object.keys(ACTION_KEYS);

/** Whether a schema path is a suggestion (message- or card-level). */
export function isSuggestionPath(p: Path): boolean {
  return p.length >= 2 && p[p.length - 2] === 'suggestions' && typeof p[p.length - 1] === 'number' && p[0] === 'message';
}

export interface KeyFinding { ruleId: 'rcs-action-keys'; path: Path; part: 'key'; message: string }

/** Names people carry over from other APIs (RBM's nested objects, other SDKs) for a key of the format. */
const ALIASES: Readonly<Record<string, string>> = {
  url: 'postbackData', phone: 'phoneNumber', phone_number: 'phoneNumber', tel: 'phoneNumber',
  lat: 'latitude', lng: 'longitude', lon: 'longitude', long: 'longitude',
  start: 'startTime', end: 'endTime', start_time: 'startTime', end_time: 'endTime', location: 'latLong', coordinates: 'latLong',
  // RBM's OpenUrlAction names (application, webviewViewMode) for the format's flat keys
  application: 'openUrlApplication', webviewViewMode: 'webviewType', webview_view_mode: 'webviewType', viewMode: 'webviewType',
};

/**
 * Fields of Google's RBM API that the partner API has no field for (its suggestion and message
 * objects, /work/shared/reference/partner-messaging-api.md): a key written as in RBM is refused
 * as not carried, never mistaken for another action's key (docs/format.md, "RBM fields the API
 * does not carry").
 */
export const RBM_SUGGESTION_FIELDS_NOT_CARRIED: Readonly<Record<string, { rbm: string; actions?: readonly string[] }>> = {
  description: { rbm: "RBM's openUrlAction.description (the webview's accessibility text)", actions: ['open_url'] },
  fallbackUrl: { rbm: "RBM's SuggestedAction.fallbackUrl (the page for a phone that cannot perform the action)" },
  // RBM's ComposeAction (a draft the customer sends): the partner API's suggestion has no compose action
  composeAction: { rbm: "RBM's SuggestedAction.composeAction (ComposeAction: a text or a recording drafted for the customer to send)" },
  composeTextMessage: { rbm: "RBM's ComposeAction.composeTextMessage (a text drafted to a number for the customer to send)" },
  composeRecordingMessage: { rbm: "RBM's ComposeAction.composeRecordingMessage (an audio or video message the customer records and sends to a number)" },
};
/** what to write for a file RBM's files.create uploaded: the template names the file by its public URL, which RBM fetches */
const UPLOADED = 'Write the public https URL of the file as `fileUrl:` (and of its thumbnail as `thumbnailUrl:`) instead: RBM fetches the file from it';
export const RBM_MESSAGE_FIELDS_NOT_CARRIED: Readonly<Record<string, string>> = {
  messageTrafficType: "RBM's AgentMessage.messageTrafficType (TRANSACTION, PROMOTION, AUTHENTICATION...)",
};
/**
 * Fields of RBM's media (a card's media, a picture, video or file message) the partner API has no
 * field for: a card and a media message carry fileUrl and thumbnailUrl only. ContentInfo's
 * forceRefresh, and the file uploaded once with RBM's files.create and named in the message
 * (AgentContentMessage's and Media's fileName and uploadedRbmFile, UploadedRbmFile's thumbnailName),
 * with what to write instead (`remove`) where the file has one.
 */
export const RBM_MEDIA_FIELDS_NOT_CARRIED: Readonly<Record<string, { rbm: string; remove?: string }>> = {
  forceRefresh: { rbm: "RBM's ContentInfo.forceRefresh (fetch the file again rather than use RBM's cached copy)" },
  uploadedRbmFile: { rbm: "RBM's uploadedRbmFile (a file uploaded once with files.create, named by its fileName and thumbnailName)", remove: UPLOADED },
  fileName: { rbm: "RBM's fileName (the name files.create returns for an uploaded file, files/...)", remove: UPLOADED },
  thumbnailName: { rbm: "RBM's UploadedRbmFile.thumbnailName (the name files.create returns for an uploaded thumbnail)", remove: UPLOADED },
};
/**
 * RBM's suggested actions the partner API has no action for, by the names people write them in
 * (`compose`, `composeAction`, `compose_action`): refused by name, not offered the nearest action.
 */
const RBM_ACTIONS_NOT_CARRIED: Readonly<Record<string, string>> = {
  compose: "RBM's ComposeAction (composeTextMessage, composeRecordingMessage: a text or a recording drafted for the customer to send to a number)",
};
const notCarried = (what: string, remove = 'Remove it'): string => `${what}, which is not carried: the partner API's template has no field for it, so the channel would never receive it (docs/format.md, "RBM fields the API does not carry"). ${remove}`;

/** A message-level key, or a key of a card's media, of Google's RBM API that the partner API does not carry. */
export function messageKeyNotCarried(p: Path, key: string): string | undefined {
  const onMessage = p.length === 1 && p[0] === 'message';
  const onCard = p.length === 3 && p[0] === 'message' && p[1] === 'richCards' && typeof p[2] === 'number';
  const message: { rbm: string; remove?: string } | undefined = onMessage && Object.hasOwn(RBM_MESSAGE_FIELDS_NOT_CARRIED, key) ? { rbm: RBM_MESSAGE_FIELDS_NOT_CARRIED[key]! } : undefined;
  const what = message ?? ((onMessage || onCard) && Object.hasOwn(RBM_MEDIA_FIELDS_NOT_CARRIED, key) ? RBM_MEDIA_FIELDS_NOT_CARRIED[key] : undefined);
  return what ? `'${key}' is ${notCarried(what.rbm, what.remove)}` : undefined;
}

/** A suggestion's action written as one of RBM's actions the partner API does not carry (`action: compose`). */
export function actionNotCarried(p: Path, value: unknown): string | undefined {
  if (typeof value !== 'string' || p[p.length - 1] !== 'action' || !isSuggestionPath(p.slice(0, -1))) return undefined;
  const what = RBM_ACTIONS_NOT_CARRIED[value.toLowerCase().replace(/[^a-z]/g, '').replace(/action$/, '')];
  return what ? `action '${value}' is ${notCarried(what, `Remove the suggestion, or give it an action the API carries (${SUGGESTED_ACTIONS.join(', ')})`)}` : undefined;
}

/** An unknown key inside a suggestion's latLong: latitude and longitude are written out. */
export function latLongKeyFinding(p: Path, key: string): { ruleId: 'schema'; path: Path; part: 'key'; message: string } | undefined {
  if (p[p.length - 1] !== 'latLong' || !isSuggestionPath(p.slice(0, -1))) return undefined;
  const alias = ALIASES[key];
  return { ruleId: 'schema', path: [...p, key], part: 'key', message: `Unknown key '${key}' in latLong${alias === 'latitude' || alias === 'longitude' ? `; did you mean '${alias}'?` : ' (it takes latitude and longitude)'}` };
}

/** An unknown key on a suggestion of a known action: the key of another action, or a typo. */
export function foreignKeyFinding(p: Path, data: unknown, key: string, didYouMean: (k: string, known: string[]) => string): KeyFinding | undefined {
  const action = (data as { action?: unknown } | undefined)?.action;
  if (!isSuggestionPath(p) || typeof action !== 'string') return undefined;
  // a field of RBM's the API does not carry, said by name whatever the action (one the API has or not)
  const rbm = RBM_SUGGESTION_FIELDS_NOT_CARRIED[key];
  if (rbm && !rbm.actions && !ACTION_KEYS[action]) return { ruleId: 'rcs-action-keys', path: [...p, key], part: 'key', message: `'${key}' is ${notCarried(rbm.rbm)}` };
  if (!ACTION_KEYS[action]) return undefined;
  const allowed = [...COMMON_SUGGESTION_KEYS, ...ACTION_KEYS[action]!.own];
  const owners = SUGGESTED_ACTIONS.filter((a) => ACTION_KEYS[a]!.own.includes(key));
  const alias = ALIASES[key];
  const message = rbm && (!rbm.actions || rbm.actions.includes(action))
    ? `'${key}' on ${an(action)} suggestion is ${notCarried(rbm.rbm)}`
    : owners.length
    ? `'${key}' belongs to ${owners.map((o) => `${an(o)} suggestion`).join(' or ')}, not to ${action}; ${an(action)} suggestion takes ${allowed.join(', ')}`
    : key === 'url' && action === 'open_url'
      ? 'The URL of an open_url suggestion goes in postbackData (as the API shows it); remove url'
      : `Unknown key '${key}' on ${an(action)} suggestion${alias && allowed.includes(alias) ? `; did you mean '${alias}'?` : didYouMean(key, [...allowed]) || ` (it takes ${allowed.join(', ')})`}`;
  return { ruleId: 'rcs-action-keys', path: [...p, key], part: 'key', message };
}

/** A key the suggestion's action needs is missing. */
export function missingKeyFinding(p: Path, data: unknown, key: string): KeyFinding | undefined {
  const action = (data as { action?: unknown } | undefined)?.action;
  if (!isSuggestionPath(p) || typeof action !== 'string' || !ACTION_KEYS[action]?.required.includes(key)) return undefined;
  const what: Record<string, string> = { phoneNumber: 'the number to call, e.g. "+4930123456"', startTime: 'when the event starts (RFC 3339, e.g. 2030-05-04T08:00:00Z or 2030-05-04T10:00:00+02:00)', endTime: 'when it ends', title: 'the event title' };
  return { ruleId: 'rcs-action-keys', path: [...p, 'action'], part: 'key', message: `${an(action).replace(/^a/, 'A')} suggestion needs '${key}': ${what[key] ?? key}` };
}
