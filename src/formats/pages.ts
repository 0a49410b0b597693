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
  /** the address of the page before, when the listing gives it */
  previous?: string;
  /** Meta: the WhatsApp Business Account whose listing this is (the id in its paging URLs) */
  account?: string;
  /** Meta: the page's place in its listing (its paging: cursors and links); two files with the same one are the same page */
  place?: string;
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
    const account = /\/(\d+)\/message_templates\b/.exec(next ?? previous ?? '')?.[1];
    const place = JSON.stringify([next ?? null, previous ?? null, isRec(p?.cursors) ? [p.cursors.before ?? null, p.cursors.after ?? null] : null]);
    return next || previous ? { file, ...(next ? { next } : {}), hasPrevious: previous !== undefined, ...(previous ? { previous } : {}), ...(account ? { account } : {}), place } : undefined;
  }
  const m = isRec(json.meta) ? json.meta : undefined;
  const next = url(m?.next_page_url), previous = url(m?.previous_page_url), self = url(m?.url);
  return next || previous ? { file, ...(next ? { next } : {}), ...(self ? { self } : {}), hasPrevious: previous !== undefined, ...(previous ? { previous } : {}) } : undefined;
}

/**
 * The pages given whose following page (`after`) or preceding page (`before`) is not among them,
 * and (Meta) the accounts whose listings the pages are, when more than one. Twilio's following
 * page is exact: given when a file's own `meta.url` is this one's `next_page_url`. Meta's cursors
 * do not name the page they lead to: a set of pages is whole when one of them has no page before
 * it, one has no page after it, and as many have a page before them as after them; otherwise the
 * pages on the side that falls short are named (one of them, at least, has its neighbour missing).
 * A listing's first page is one without a page before it (both formats).
 */
export function pagesNotGiven(format: PagedFormat, given: readonly ListingPage[]): { after: ListingPage[]; before: ListingPage[]; accounts: string[] } {
  // the same page given twice (the same file twice, or a copy under another name) is one page: counted twice,
  // it would stand for a page after (or before) it that no file is
  const seen = new Set<string>();
  const pages = given.filter((p) => p.place === undefined || (!seen.has(p.place) && Boolean(seen.add(p.place))));
  const withNext = pages.filter((p) => p.next !== undefined);
  const withPrevious = pages.filter((p) => p.hasPrevious);
  const noFirst = pages.length > 0 && withPrevious.length === pages.length;
  const accounts = format === 'meta' ? [...new Set(pages.map((p) => p.account).filter((a): a is string => a !== undefined))].sort() : [];
  if (format === 'twilio') {
    const selves = new Set(pages.map((p) => p.self).filter((x): x is string => x !== undefined));
    return { after: withNext.filter((p) => !selves.has(p.next!)), before: noFirst ? withPrevious : [], accounts };
  }
  const noLast = pages.length > 0 && withNext.length === pages.length;
  return {
    after: withPrevious.length < withNext.length || noLast ? withNext : [],
    before: withNext.length < withPrevious.length || noFirst ? withPrevious : [],
    accounts: accounts.length > 1 ? accounts : [],
  };
}
