// Pure: the links a phone would make clickable in a text (WhatsApp and the messages apps find them
// in plain text, with no markup): a URL with a scheme, a host name starting `www.`, and any host
// name whose last label is a known top-level name, whatever precedes it.

/** the generic top-level names links are written with (not every one there is: those a phishing text uses, and the common ones) */
const GENERIC_TLDS = new Set([
  'com', 'net', 'org', 'info', 'biz', 'app', 'dev', 'xyz', 'top', 'site', 'online', 'shop', 'store', 'club', 'link', 'live', 'tech', 'pro',
  'mobi', 'name', 'click', 'icu', 'vip', 'win', 'work', 'page', 'buzz', 'fun', 'space', 'website', 'cloud', 'today', 'news', 'email',
  'support', 'help', 'login', 'bank', 'pay', 'money', 'gov', 'edu', 'int', 'mil', 'coop', 'aero', 'museum', 'jobs', 'travel', 'tel', 'asia',
  'cat', 'post', 'sbs', 'cfd', 'bond', 'lol', 'rest', 'quest', 'cyou', 'monster', 'best', 'life', 'world', 'one', 'global', 'digital',
  'network', 'services', 'center', 'company', 'group', 'ltd', 'gmbh', 'shopping', 'deals', 'sale', 'gift', 'media', 'blog', 'art', 'chat',
  'games', 'bet', 'casino', 'loan', 'finance', 'secure', 'berlin', 'paris', 'london', 'nyc', 'tokyo', 'amazon', 'google', 'apple', 'microsoft',
]);
const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** Whether a (Latin) name is a top-level name a phone links: a country's two-letter code (ISO 3166, as Intl knows them: uk and eu too) or a generic one. */
export function isTopLevelName(name: string): boolean {
  const l = name.toLowerCase();
  if (l.length === 2) return /^[a-z]{2}$/.test(l) && REGIONS.of(l.toUpperCase()) !== l.toUpperCase();
  return GENERIC_TLDS.has(l);
}

/** a scheme written with `//` (a phone links it whatever precedes it) */
const SCHEME_SLASHES = /(?:https?|ftps?|rtsp|file|wss?):\/\//iu;
/** a scheme written without `//`, as a word of its own (`Hotel:` is no tel: link) */
const SCHEME = /\b(?:https?|ftps?|mailto|tel|sms|smsto|file|data|javascript|vbscript|intent|whatsapp|market|geo|maps|skype|viber|tg|itms(?:-apps)?):/iu;
/** a host name that starts www. (www2., ...), linked whatever its last label */
const WWW = /www\d{0,3}[.\u3002][\p{L}\p{N}][\p{L}\p{N}.\u3002-]*/iu;
/** an IPv4 address */
const IPV4 = /\d+\.\d+\.\d+\.\d+/u;
/**
 * Each dot between a label and a last label of two or more letters, wherever it is: a lookbehind and a
 * lookahead, so that no match takes a label another dot needs (www.paypal.com: the dot before `com` too).
 */
const LABEL_DOT = /(?<=[\p{L}\p{N}-])[.\u3002](?=(\p{L}{2,})(?![\p{L}\p{N}]))/gu;

/**
 * The first link in `text` as a phone would find it, or undefined: a URL with a scheme (`https://`,
 * also `mailto:`, `tel:` ...), a host name starting `www.`, an IPv4 address, and any host name whose
 * last label is a top-level name (one of another script, a country's code, or a generic one:
 * x.com, t.co, evil.shop, www.paypal.com, login.mybank.com), whatever precedes it. Compatibility
 * forms are read as what they show (full-width ｅｖｉｌ．ｃｏｍ is evil.com), and what a reader does
 * not see does not split a link (a zero-width space, a joiner, a bidi mark, a combining mark). The
 * ideographic full stop ends a sentence in Chinese and Japanese: it makes a host name only between
 * Latin names. Abbreviations whose last part is no top-level name (z.B., p.ex., 10.30) are none.
 */
export function linkIn(text: string): string | undefined {
  const seen = text.normalize('NFKC').replace(/[\p{Cf}\p{Mn}]/gu, '');
  const first = [SCHEME_SLASHES, SCHEME, WWW, IPV4].map((re) => re.exec(seen)).filter((m) => m !== null).sort((a, b) => a.index - b.index)[0];
  if (first) return first[0];
  for (const m of seen.matchAll(LABEL_DOT)) {
    const at = m.index;
    const tld = m[1]!;
    const before = /[\p{L}\p{N}.\u3002-]*$/u.exec(seen.slice(0, at))![0].replace(/^[.\u3002-]+/u, '');
    const label = /[\p{L}\p{N}-]+$/u.exec(before)![0];
    const latin = /^[A-Za-z]+$/.test(tld);
    if (m[0] === '\u3002' && !(latin && /^[A-Za-z0-9-]+$/.test(label))) continue;
    if (!latin || isTopLevelName(tld)) return `${before}${m[0]}${tld}`;
  }
  return undefined;
}
