// Pure: whether an export file is one page of a longer listing, and which pages given have a
// following page that is not among the files given. Meta's listing
// (GET /<WABA_ID>/message_templates) pages by cursor: `paging.next` (absent on the last page),
// `paging.previous` (absent on the first). Twilio's (GET /v1/Content) pages by `meta`:
// `next_page_url` (null on the last page) and `url` (this page's own address).
export type PagedFormat = 'meta' | 'twilio';

export interface ListingPage {
  /** the file, as the user named it */
  file: string;
  /** the address of the following page, when the listing has one */
  next?: string;
  /** this page's own address (Twilio's meta.url) */
  self?: string;
  /** the listing has a page before this one */
  hasPrevious: boolean;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const url = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** The paging of one export file: undefined when it is no listing, or a listing with no page before or after. */
export function listingPage(format: PagedFormat, file: string, json: unknown): ListingPage | undefined {
  if (!isRec(json)) return undefined;
  if (format === 'meta') {
    const p = isRec(json.paging) ? json.paging : undefined;
    const next = url(p?.next), previous = url(p?.previous);
    return next || previous ? { file, ...(next ? { next } : {}), hasPrevious: previous !== undefined } : undefined;
  }
  const m = isRec(json.meta) ? json.meta : undefined;
  const next = url(m?.next_page_url), previous = url(m?.previous_page_url), self = url(m?.url);
  return next || previous ? { file, ...(next ? { next } : {}), ...(self ? { self } : {}), hasPrevious: previous !== undefined } : undefined;
}

/**
 * The pages given whose following page is not among them. Twilio's is exact: the following page
 * is given when a file's own `meta.url` is this one's `next_page_url`. Meta's cursors do not name
 * the page they lead to, so a following page counts as given when as many files have a page
 * before them as files have one after them; otherwise every page with a `paging.next` is named
 * (one of them, at least, has its following page missing).
 */
export function pagesNotGiven(format: PagedFormat, pages: readonly ListingPage[]): ListingPage[] {
  const withNext = pages.filter((p) => p.next !== undefined);
  if (format === 'twilio') {
    const given = new Set(pages.map((p) => p.self).filter((x): x is string => x !== undefined));
    return withNext.filter((p) => !given.has(p.next!));
  }
  return pages.filter((p) => p.hasPrevious).length >= withNext.length ? [] : withNext;
}
