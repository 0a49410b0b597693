// The emulator's template listing ("Get List Approved Template"; the reference gives neither its
// path nor its shape, so this is the emulator's own, documented in docs/api-assumptions.md):
//   GET /channel/{publicId}/templates?status=APPROVED&limit=N&cursor=C
//   -> { "templates": [{ "publicId", "name", "language", "status", "statusText" }], "nextCursor": "" }
// Ordered by template id; `nextCursor` is empty on the last page. A config points `list` at it.
import { UUID_RE } from '../schemas/contract.js';
import type { EmulatorState } from './state.js';

export const LIST_LIMIT_DEFAULT = 100;
export const LIST_LIMIT_MAX = 500;

/** The route of a listing request: its channel, or why the request is refused; undefined for other paths. */
export function listRoute(method: string, seg: readonly string[]): { channelId: string } | { status: number; code: string; message: string; field?: string; allow?: string } | undefined {
  if (!(seg.length === 3 && seg[0] === 'channel' && seg[2] === 'templates')) return undefined;
  if (method !== 'GET') return { status: 405, code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed here; use GET`, allow: 'GET' };
  if (!UUID_RE.test(seg[1]!)) return { status: 400, code: 'INVALID', message: `publicId '${seg[1]}' is not a UUID`, field: 'publicId' };
  return { channelId: seg[1]! };
}

export interface ListPage {
  templates: { publicId: string; name: string; language: string; status: number; statusText: string }[];
  nextCursor: string;
}

/** Pure over the state: one page of the channel's templates, or why the query is refused. */
export function listPage(state: EmulatorState, channelId: string, query: URLSearchParams): ListPage | { error: string; field: string } {
  const rawLimit = query.get('limit');
  const limit = rawLimit === null || rawLimit === '' ? LIST_LIMIT_DEFAULT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) return { error: `limit must be a whole number from 1 to ${LIST_LIMIT_MAX}`, field: 'limit' };
  const status = query.get('status');
  const cursor = query.get('cursor') ?? '';
  const channel = channelId.toLowerCase();
  const all = [...state.templates.values()]
    .filter((t) => t.channelId === channel)
    .map((t) => state.readTemplate(t.channelId, t.templateId)!)
    .filter((t) => !status || t.statusText === status)
    .sort((a, b) => (a.publicId < b.publicId ? -1 : a.publicId > b.publicId ? 1 : 0));
  if (cursor && !UUID_RE.test(cursor)) return { error: 'cursor is not a cursor of this listing (use nextCursor as it was returned)', field: 'cursor' };
  const from = cursor ? all.findIndex((t) => t.publicId > cursor.toLowerCase()) : 0;
  const page = from < 0 ? [] : all.slice(from, from + limit);
  const more = from >= 0 && from + limit < all.length;
  return {
    templates: page.map((t) => ({ publicId: t.publicId, name: t.chatapp?.name ?? t.name, language: t.chatapp?.language ?? t.language ?? '', status: t.status, statusText: t.statusText })),
    nextCursor: more ? page[page.length - 1]!.publicId : '',
  };
}
