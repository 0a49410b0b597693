// Pure: a media sample that is a signed, expiring link of Meta's own CDN, which Meta's template
// listing (GET /<WABA_ID>/message_templates, WhatsApp Manager's copy) gives as a media header's
// `example.header_handle`: `https://scontent.whatsapp.net/v/...jpg?...&oh=<signature>&oe=<expiry>`,
// `oe` the moment the link stops serving the file in hexadecimal Unix seconds. The media
// download links of Meta's API (`https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=...&ext=<expiry>&hash=<signature>`,
// `ext` in decimal Unix seconds) are alike, and last minutes. Read as the link says it; the clock
// is the caller's: lint (whose cache keeps a file's findings until the file changes) says the date
// the link carries, never whether it has passed; pull and plan, which run at a moment, give theirs
// (`now`) and say a link whose moment has passed as expired.

/** A signed link of Meta's CDN: its host, and the day it expires (UTC, YYYY-MM-DD) when the link says it. */
export interface MetaCdnLink { host: string; expires?: string;
  /** the moment the link stops serving (ms since the epoch), when the link says it (`expires` is its day) */
  expiresAt?: number;
  /** a media download link of Meta's API (lookaside.fbsbx.com): it also needs an access token */
  download?: true }

/** the hosts of Meta's CDN and of its media downloads (scontent*.whatsapp.net, mmg.whatsapp.net, *.fbcdn.net, lookaside.fbsbx.com) */
const META_CDN_HOST = /(^|\.)(whatsapp\.net|fbcdn\.net|fbsbx\.com)$/;

/** a Unix time in seconds as the day it falls on (UTC), for a plausible time (years 2000 to 2999); else undefined */
function day(seconds: number): string | undefined {
  if (!Number.isFinite(seconds) || seconds < 946_684_800 || seconds >= 32_503_680_000) return undefined;
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/**
 * The signed Meta CDN link a URL is (a host of Meta's CDN and a signature or an expiry in its
 * query: `oh=`/`oe=`, or `hash=`/`ext=` of a download link), else undefined. A link of those hosts
 * without either is no signed link (nothing to say of it here).
 */
export function metaCdnLink(url: string): MetaCdnLink | undefined {
  let u: URL;
  try { u = new URL(url.trim()); } catch { return undefined; }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
  const host = u.hostname.toLowerCase();
  if (!META_CDN_HOST.test(host)) return undefined;
  const q = u.searchParams;
  const download = /(^|\.)fbsbx\.com$/.test(host);
  const oe = q.get('oe'), ext = q.get('ext');
  if (!(q.has('oh') || q.has('oe') || (download && (q.has('hash') || q.has('ext'))))) return undefined;
  const seconds = oe !== null && /^[0-9a-f]{1,12}$/i.test(oe) ? parseInt(oe, 16)
    : download && ext !== null && /^[0-9]{1,12}$/.test(ext) ? Number(ext) : undefined;
  const expires = seconds !== undefined ? day(seconds) : undefined;
  return { host, ...(expires !== undefined ? { expires, expiresAt: seconds! * 1000 } : {}), ...(download ? { download: true as const } : {}) };
}

/** Whether the link has stopped serving at `now` (its expiry moment passed); false where the link says no expiry. */
export function metaCdnLinkExpired(link: MetaCdnLink, now: Date): boolean {
  return link.expiresAt !== undefined && link.expiresAt <= now.getTime();
}

/**
 * The link said in a message: `a signed link of Meta's CDN (scontent.whatsapp.net) whose signature
 * says it expires on 2024-09-24`, words true whether that day is past or to come, as lint, which
 * reads no clock, says it on any day (trial-bo: "signed to expire on" a past day). With `now` (pull,
 * plan), a link whose moment has passed is said as such: `a link of Meta's CDN (...), expired on
 * 2024-09-24 already (nothing is served there now)`.
 */
export function metaCdnLinkSaid(link: MetaCdnLink, now?: Date): string {
  const expired = now !== undefined && metaCdnLinkExpired(link, now);
  if (expired) return `${link.download ? 'a media download link of Meta\'s API' : 'a link of Meta\'s CDN'} (${link.host}), expired on ${link.expires!} already (nothing is served there now)`;
  const what = link.download ? `media download link of Meta's API (${link.host})` : `link of Meta's CDN (${link.host})`;
  const said = link.expires !== undefined ? `a signed ${what} whose signature says it expires on ${link.expires}` : `a signed, expiring ${what}`;
  return link.download ? `${said}, served only with an access token` : said;
}
