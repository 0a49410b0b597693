// Pure: the runs of a WhatsApp text the app draws as links, found in the text as the customer's
// phone shows it (its formatting marks hidden, the samples in it).
//
// Meta documents URLs alone: "By default, WhatsApp recognizes URLs and makes them clickable"
// (Cloud API, text messages, `preview_url`), "a hostname is required; IP addresses are not
// matched". The apps also make an e-mail address and a phone number tappable, which no Meta page
// describes: an address, and a number in international form (a `+` and 8 to 15 digits), are the
// forms every phone finds; a number in national form is left as text, as whether a phone links it
// depends on its region. A URL is one written with its scheme (`http://`, `https://`) or starting
// with `www.`: a bare host (`shop.example/x`) is left as text, as Meta's sentence names URLs with a
// scheme and a host may be any word with a dot in it. Punctuation that ends a sentence is not part
// of the link (`see https://x.example/a.` links without the dot), nor is a closing bracket the URL
// did not open. docs/api-assumptions.md, "How the apps draw a template".

/** One character as link detection sees it: text of the message, a placeholder the preview draws without a sample (a value the phone will have there), or none (not in the message: a formatting mark, a marker the preview adds). */
export type LinkChar = { ch: string; is: 'text' | 'placeholder' | 'none' };

export interface LinkRun {
  /** the first character of the run and the one after its last (positions in the characters given) */
  from: number;
  to: number;
  kind: 'url' | 'email' | 'phone';
  /** the run's text as drawn (a placeholder without a sample as written) */
  text: string;
}

/** the characters a URL is made of (RFC 3986's, and any letter, digit or mark of a script: an internationalised path) */
const URL_CHAR = /[\p{L}\p{N}\p{M}\-._~:/?#[\]@!$&'()*+,;=%]/u;
/** what ends a sentence rather than a URL, when it is a URL's last character */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', '*', '_', '~']);
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/**
 * The links in a text: its characters (the placeholders the preview draws without a sample stand
 * for a value of the URL; the characters that are no part of the message are skipped and never
 * start or end a run).
 */
export function findLinks(chars: readonly LinkChar[]): LinkRun[] {
  // the message as the phone shows it: one code unit per character (a letter outside the BMP as a letter, any other as a space)
  const at: number[] = [];
  let s = '';
  chars.forEach((c, i) => {
    if (c.is === 'none') return;
    at.push(i);
    s += c.is === 'placeholder' ? 'x' : c.ch.length === 1 ? c.ch : /\p{L}/u.test(c.ch) ? 'a' : ' ';
  });
  const placeholderAt = (k: number): boolean => chars[at[k]!]!.is === 'placeholder';
  const runs: { from: number; to: number; kind: LinkRun['kind'] }[] = [];
  const free = (from: number, to: number): boolean => runs.every((r) => to <= r.from || from >= r.to);
  const wordBefore = (k: number): boolean => k > 0 && /[\p{L}\p{N}_@.\-/+]/u.test(s[k - 1]!);
  // a URL's scheme or www. starts a link after anything but a word's letter, digit or mark and an @ (a word boundary, as
  // Android's link finder takes it: after a hyphen too, as Hebrew writes a prefix letter before a Latin word, ב-https://...)
  const urlWordBefore = (k: number): boolean => k > 0 && /[\p{L}\p{N}\p{M}_@]/u.test(s[k - 1]!);

  // URLs: a scheme or www., then the characters of a URL; a host with a dot, its last label no number (no IP address)
  for (const m of s.matchAll(/(?:https?:\/\/|www\.)/giu)) {
    const from = m.index;
    if (urlWordBefore(from) || !free(from, from + 1)) continue;
    let to = from + m[0].length;
    while (to < s.length && URL_CHAR.test(s[to]!)) to++;
    to = trimEnd(s, from, to);
    const restFrom = m[0].toLowerCase() === 'www.' ? from : from + m[0].length;
    const rest = s.slice(restFrom, to);
    const hostPart = rest.slice(0, rest.search(/[/?#:]|$/));
    const hostFrom = restFrom + hostPart.lastIndexOf('@') + 1;
    const host = s.slice(hostFrom, restFrom + hostPart.length);
    let hasPlaceholder = false;
    for (let k = hostFrom; k < hostFrom + host.length; k++) if (placeholderAt(k)) hasPlaceholder = true;
    if (!host || (!hasPlaceholder && !validHost(host))) continue;
    runs.push({ from, to, kind: 'url' });
  }
  // e-mail addresses
  for (const m of s.matchAll(/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu)) {
    let from = m.index;
    while (s[from] === '.') from++;
    const to = trimEnd(s, from, m.index + m[0].length);
    if (wordBefore(from) || !free(from, to)) continue;
    if (!validHost(s.slice(s.indexOf('@', from) + 1, to))) continue;
    runs.push({ from, to, kind: 'email' });
  }
  // phone numbers in international form: + and 8 to 15 digits, spaces, dashes, dots or brackets between them
  for (const m of s.matchAll(/\+\d[\d ().-]*\d/gu)) {
    const from = m.index, to = from + m[0].length;
    const digits = m[0].replace(/\D/g, '').length;
    if (digits < 8 || digits > 15 || wordBefore(from) || /[\p{L}\p{N}]/u.test(s[to] ?? '') || !free(from, to)) continue;
    runs.push({ from, to, kind: 'phone' });
  }
  return runs.sort((a, b) => a.from - b.from).map((r) => {
    const first = at[r.from]!, end = at[r.to - 1]! + 1;
    return { from: first, to: end, kind: r.kind, text: chars.slice(first, end).filter((c) => c.is !== 'none').map((c) => c.ch).join('') };
  });
}

/** a URL's end without the punctuation of the sentence around it, nor a closing bracket it did not open */
function trimEnd(s: string, from: number, to: number): number {
  for (;;) {
    const last = s[to - 1]!;
    const run = s.slice(from, to);
    if (TRAILING.has(last)) { to--; continue; }
    if (last === ')' && count(run, '(') < count(run, ')')) { to--; continue; }
    if (last === ']' && count(run, '[') < count(run, ']')) { to--; continue; }
    return to;
  }
}
const count = (s: string, ch: string): number => s.split(ch).length - 1;

/** a host name: labels joined by dots, at least two, the last one letters (an IP address is not one) */
function validHost(host: string): boolean {
  const labels = host.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && /^\p{L}{2,}$/u.test(labels.at(-1)!);
}
