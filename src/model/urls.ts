// Pure: what is wrong with an address a message opens (a WhatsApp URL button's, a carousel card's, an
// RCS open_url suggestion's), said as lint, plan and send say it.

import { isStandInAddress } from './values.js';
import { foreignCharacters, namedCharacter, shownWithEscapes } from './written-characters.js';

/** a long address shortened for a message */
const shown = (raw: string): string => shownWithEscapes(raw.length > 40 ? `${raw.slice(0, 30)}…${raw.slice(-4)}` : raw);

/**
 * What is wrong with a URL button's address, if anything: not an absolute http(s) address; a
 * space, tab or line break in it (from a value filled in, a paste: the channel stores it, and the
 * link breaks there); a host no URL parser takes. The placeholder counts as a plain value.
 */
export function urlAddressProblem(url: string, what = 'The URL'): { message: string; at?: { start: number; end: number } } | undefined {
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return { message: `${what} must be an absolute http:// or https:// address.` };
  return unfitCharacter(url, what) ?? hostProblem(url);
}

/** a blank or an invisible character in (part of) an address, named where it is: an address has none */
function unfitCharacter(url: string, what: string): { message: string; at: { start: number; end: number } } | undefined {
  const ws = /\s/.exec(url);
  if (ws) {
    const blank = ws[0] === ' ' || ws[0] === '\u00a0' ? 'a space' : ws[0] === '\t' ? 'a tab' : ws[0] === '\n' || ws[0] === '\r' ? 'a line break' : `a blank (U+${ws[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
    return { message: `${what} holds ${blank} at character ${ws.index + 1}: an address has none, and the link would end there. Remove it, or write a space that belongs in the path as %20.`, at: { start: ws.index, end: ws.index + 1 } };
  }
  // an invisible character (a right-to-left mark pasted after the host from a right-to-left page): named where it is, the address around it looks right
  const hidden = /[\p{Cf}\p{Cc}]/u.exec(url);
  if (hidden) {
    const foreign = foreignCharacters(url);
    return { message: `${what} '${shown(url)}' ${foreign?.said ?? `holds ${namedCharacter(hidden[0])}`} at character ${hidden.index + 1}: delete it (an address has none).`, at: { start: hidden.index, end: hidden.index + hidden[0].length } };
  }
  return undefined;
}

/** what no URL parser takes of an absolute address (its host, its port) */
function hostProblem(url: string): { message: string } | undefined {
  try { new URL(url.replace(/\{\{[^}]*\}\}/g, '1')); } catch {
    return { message: `'${shown(url)}' is not a valid address: check its host and port (the part after ://).` };
  }
  return undefined;
}

/**
 * Why a URL button's sample does not fit its URL (whose placeholder starts at `at`), or undefined;
 * `at` of the finding: where in the sample, when it is a character of it. The sample shares the
 * address: all of the fixed part when the placeholder is in the path; the part before the query
 * when the placeholder is in the query, whose keys a sample may name otherwise (Meta's own offer
 * example: ?code={{1}} and ?ref=n3mtql). It is an address the sample message opens, so a blank or
 * an invisible character in it (the whole URL's, or the value alone's) is refused as in the URL
 * itself (urlAddressProblem). A template's buttons and a carousel card's are held to it alike.
 */
export function urlSampleProblem(url: string, at: number, example: string | undefined): { message: string; at?: { start: number; end: number } } | undefined {
  if (example === undefined || example.trim() === '') return undefined;
  // the value alone (`example: A-1042`) is taken as Meta writes it: the components page's URL button
  // ("example": ["summer2023"] beside the table's whole URL) and the media-card and product-card carousel
  // pages' (<URL_BUTTON_URL_VARIABLE_EXAMPLE>, "example": ["BLUE_ELF"]); it is read as the whole URL it fills
  // (a value but for a blank in it, `A 1042`: the blank is said where it is, not a fixed part it lacks)
  if (isValueAloneSample(example) || isValueAloneSample(example.replace(/\s/g, '-'))) return unfitCharacter(example, 'The sample value');
  // a URL whose host is a reference (((shop_host))/t/{{1}}) beside a sample written out: the environment gives the host, and
  // plan judges the two with its values (the stand-in's host is no host to name)
  if (isStandInAddress(url) && !isStandInAddress(example)) return unfitCharacter(example, 'The sample URL');
  const prefix = url.slice(0, at);
  const q = prefix.search(/[?#]/);
  const fixed = q < 0 ? prefix : prefix.slice(0, q);
  // the fixed part alone: the sample gives {{1}} no value, and a reviewer sees no address the message would open
  if (q < 0 && example === fixed) return { message: `The sample URL is the fixed part alone, '${shownWithEscapes(fixed)}': add a value where {{1}} goes (e.g. '${shownWithEscapes(fixed)}A-1042').` };
  if (example.startsWith(fixed) && (q < 0 || /^[?#]/.test(example.slice(fixed.length)))) return unfitCharacter(example, 'The sample URL');
  return { message: q < 0 ? `The sample URL should start with the fixed part of the URL, '${shownWithEscapes(fixed)}'.` : `The sample URL should have the URL's address, '${shownWithEscapes(fixed)}', followed by its query.` };
}

/** A URL sample written as the placeholder's value alone (`A-1042`, `BUDDHA`): no scheme, no slash, no blank. */
export function isValueAloneSample(example: string): boolean {
  return example.trim() !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(example) && !example.includes('/') && !/\s/.test(example);
}

/**
 * A URL button's sample as the whole address the message opens: a value alone (as Meta's pages
 * write it) put in place of the URL's placeholder; a whole URL as it is.
 */
export function wholeUrlSample(url: string, example: string): string {
  const m = /\{\{[^{}]*\}\}/.exec(url);
  return m && isValueAloneSample(example) ? url.slice(0, m.index) + example + url.slice(m.index + m[0].length) : example;
}

/**
 * The value of a URL's placeholder in its sample, as Meta's carousel pages write a card's sample
 * (`BLUE_ELF` for https://www.luckyshrub.com/rare-succulents/{{1}}): the part of a whole-URL sample
 * in place of the placeholder; a placeholder in the query beside a sample naming another key
 * (?code={{1}} sampled as ?ref=n3mtql) gives the sample's last value; a value alone as it is.
 */
export function urlSampleValue(url: string, example: string): string {
  const m = /\{\{[^{}]*\}\}/.exec(url);
  if (!m || isValueAloneSample(example)) return example;
  const before = url.slice(0, m.index), after = url.slice(m.index + m[0].length);
  if (example.startsWith(before) && example.endsWith(after) && example.length > before.length + after.length) return example.slice(before.length, example.length - after.length);
  return /[?&][^=&#]*=([^&#]+)$/.exec(example)?.[1] ?? example;
}

/** an absolute address of its own: a scheme and `//` (`https://evil.example.com/`); `TRV:1` is a value */
const ABSOLUTE_ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * A URL button's value at send time (`button_i`), read against the button's URL
 * (`https://host/bookings/{{1}}`) as lint reads the button's sample: the value alone (`TRV-1`), or
 * the whole URL the link opens, starting with the URL's fixed part (`https://host/bookings/TRV-1`),
 * whose part after the fixed part is then the value (appended again, it made
 * `https://host/bookings/https://host/bookings/TRV-1`). `problem` (a sentence to follow the
 * parameter's name) for what is no value for it: the fixed part alone; an address of its own
 * (`https://evil.example.com/`) where the placeholder is in the path, which would make a broken
 * link on the template's host; the button's own address with another query. In the query an
 * address of another host is a value (a `?next=` target) and is kept.
 */
export function urlButtonValue(url: string, v: string): { value: string } | { problem: string } {
  const m = /\{\{[^{}]*\}\}/.exec(url);
  if (!m) return { value: v };
  const fixed = url.slice(0, m.index);
  const q = fixed.search(/[?#]/);
  const address = q < 0 ? fixed : fixed.slice(0, q);
  const shown = (s: string): string => `'${shownWithEscapes(s)}'`;
  let value = v;
  if (value.startsWith(fixed)) {
    value = value.slice(fixed.length);
    if (value.trim() === '') return { problem: `is the button's URL without a value (${shown(fixed)}): give the value that goes where {{1}} is, alone or after ${shown(fixed)}` };
  }
  if (!ABSOLUTE_ADDRESS.test(value)) return { value };
  const after = value !== v ? ` (after the URL's fixed part, ${shown(value)})` : '';
  if (q < 0) return { problem: `holds an address of its own${after}, which would go in the path of the button's URL (${shown(fixed + value)}): give the value alone (what goes where {{1}} is), or the whole URL starting with ${shown(fixed)}` };
  if (value.startsWith(address)) return { problem: `is the button's address with another query than its URL's (${shown(fixed)}): give the value alone (what goes where {{1}} is), or the whole URL starting with ${shown(fixed)}` };
  return { value };
}

/**
 * A value of a URL's placeholder as it stands in the address (send's URL button value, a sample
 * given as the value alone): as given, so that a path or a query (`A-1042?utm_source=wa`) and an
 * escape already made (`Caf%C3%A9`) stay what they are; only what cannot stand in a URL is
 * percent-encoded (UTF-8): spaces and controls, characters beyond ASCII, the ASCII characters a URL
 * never holds as they are (a double quote, angle brackets, a backslash, a caret, a backtick, braces,
 * a vertical bar) and a `%` that begins no escape. A URIError for a lone UTF-16 surrogate.
 */
export function urlValueEncoded(v: string): string {
  return v.split(/(%[0-9A-Fa-f]{2})/).map((part, i) => (i % 2 === 1 ? part : encodeURI(part))).join('');
}

/** an imported URL sample's value as it stands in the address (urlValueEncoded); one no address can carry (a lone surrogate) as given, for lint to name */
export const sampleValueInUrl = (v: string): string => { try { return urlValueEncoded(v); } catch { return v; } };
