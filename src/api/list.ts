// The template listing ("Get List Approved Template"): the reference names it but gives neither
// its path nor its shape, so both come from the config (`environments.<env>.list`), and tplsync
// has none by default. Pure: the request path of a page and the reading of its answer; effects:
// following the pages through the client. Each listed id is then read with the documented GET.
import type { ListConfig } from '../config/load.js';
import { STALE_PAGES, type Client } from './client.js';
import { Interrupted } from '../core/interrupt.js';
import { UsageError } from '../core/errors.js';

/** The path of one page: {channelId} replaced, the cursor (when there is one) added as a query parameter. */
export function listPath(cfg: ListConfig, channelId: string, cursor?: string): string {
  const p = cfg.path.split('{channelId}').join(encodeURIComponent(channelId));
  if (!cursor) return p;
  return `${p}${p.includes('?') ? '&' : '?'}${encodeURIComponent(cfg.cursorParam ?? 'cursor')}=${encodeURIComponent(cursor)}`;
}

function at(value: unknown, dotted: string): unknown {
  if (dotted === '') return value;
  let cur = value;
  for (const k of dotted.split('.')) cur = cur !== null && typeof cur === 'object' && !Array.isArray(cur) ? (cur as Record<string, unknown>)[k] : undefined;
  return cur;
}

/** The template ids of one page and the next page's cursor, read with the config's mapping. */
export function readListPage(cfg: ListConfig, body: unknown): { ids: string[]; next?: string } {
  const items = at(body, cfg.items);
  if (!Array.isArray(items)) throw new UsageError(`template listing: list.items '${cfg.items}' is not an array in the answer (check environments.<env>.list in the config)`);
  const ids = items.map((item, i) => {
    const id = at(item, cfg.id);
    if (typeof id !== 'string' || !id) throw new UsageError(`template listing: item ${i} has no string at list.id '${cfg.id}' (check environments.<env>.list in the config)`);
    return id;
  });
  const next = cfg.next ? at(body, cfg.next) : undefined;
  if (next !== undefined && next !== null && typeof next !== 'string' && typeof next !== 'number') throw new UsageError(`template listing: list.next '${cfg.next}' is neither a cursor nor empty (check environments.<env>.list in the config)`);
  return { ids, ...(next !== undefined && next !== null && String(next) !== '' ? { next: String(next) } : {}) };
}

/** Every template id of the channel, following the cursor to the last page; a repeated cursor is an error, not a loop. */
export async function listTemplateIds(client: Client, channelId: string, cfg: ListConfig): Promise<string[]> {
  const ids = new Set<string>();
  const seen = new Set<string>();
  let cursor: string | undefined;
  let stale = 0;
  for (;;) {
    const stopped = (): Interrupted => new Interrupted(`interrupted while listing the templates of channel ${channelId} (${ids.size} listed): nothing was written`);
    // (a page's read in flight ends with the interrupt: said as the stop it is)
    const page = readListPage(cfg, await client.getJson('template listing', listPath(cfg, channelId, cursor)).catch((e: unknown) => { throw client.stopSignal?.aborted ? stopped() : e; }));
    const before = ids.size;
    for (const id of page.ids) ids.add(id);
    if (!page.next) return [...ids];
    if (seen.has(page.next)) throw new UsageError(`template listing: the service returned the cursor ${page.next} twice (check list.next and list.cursorParam in the config)`);
    seen.add(page.next);
    // a new cursor on every page and never a new template: a loop the cursors alone do not show (the cursor not sent back as the service reads it?)
    stale = ids.size > before ? 0 : stale + 1;
    if (stale >= STALE_PAGES) throw new UsageError(`template listing: ${STALE_PAGES} pages in a row listed no template an earlier page had not, each with a new cursor: not followed on (check list.next and list.cursorParam in the config: is the cursor sent back as the service expects it?)`);
    if (client.stopSignal?.aborted) throw stopped();
    cursor = page.next;
  }
}
