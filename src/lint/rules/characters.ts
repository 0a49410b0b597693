// Characters a template's texts should not hold and a reader cannot see or tell apart: invisible
// format characters (zero-width, bidi controls), tabs, and a word processor's curly quotes
// typed as YAML quotes (wrapping the whole text) or inside a placeholder's braces (quotes around one are
// typography: „{{2}}“, “{{2}}”). Each finding names the character by its code point.
import { domainToUnicode } from 'node:url';
import type { Path } from '../../files/locate.js';
import { unclosedDirection } from '../../model/written-characters.js';
import { characterReferences, insteadOf, withoutReferences } from '../../model/character-references.js';
import { arr, blank, defineRules, obj, str, type Change, type RuleContext } from '../rule.js';

const NAMES: Readonly<Record<number, string>> = {
  0x0000: 'NULL', 0x0007: 'BELL', 0x0008: 'BACKSPACE', 0x000d: 'CARRIAGE RETURN', 0x001b: 'ESCAPE', 0x007f: 'DELETE',
  0x0009: 'CHARACTER TABULATION', 0x00ad: 'SOFT HYPHEN', 0x061c: 'ARABIC LETTER MARK', 0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER', 0x200d: 'ZERO WIDTH JOINER', 0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING', 0x202b: 'RIGHT-TO-LEFT EMBEDDING', 0x202c: 'POP DIRECTIONAL FORMATTING', 0x202d: 'LEFT-TO-RIGHT OVERRIDE', 0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER', 0x2061: 'FUNCTION APPLICATION', 0x2062: 'INVISIBLE TIMES', 0x2063: 'INVISIBLE SEPARATOR', 0x2064: 'INVISIBLE PLUS',
  0x2066: 'LEFT-TO-RIGHT ISOLATE', 0x2067: 'RIGHT-TO-LEFT ISOLATE', 0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE', 0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte order mark)',
  0x2018: 'LEFT SINGLE QUOTATION MARK', 0x2019: 'RIGHT SINGLE QUOTATION MARK', 0x201a: 'SINGLE LOW-9 QUOTATION MARK',
  0x0430: 'CYRILLIC SMALL LETTER A', 0x0435: 'CYRILLIC SMALL LETTER IE', 0x043e: 'CYRILLIC SMALL LETTER O', 0x0440: 'CYRILLIC SMALL LETTER ER', 0x0441: 'CYRILLIC SMALL LETTER ES', 0x0445: 'CYRILLIC SMALL LETTER HA', 0x0456: 'CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I', 0x03bf: 'GREEK SMALL LETTER OMICRON',
  0x201c: 'LEFT DOUBLE QUOTATION MARK', 0x201d: 'RIGHT DOUBLE QUOTATION MARK', 0x201e: 'DOUBLE LOW-9 QUOTATION MARK',
  0x00a0: 'NO-BREAK SPACE', 0x202f: 'NARROW NO-BREAK SPACE', 0x3000: 'IDEOGRAPHIC SPACE', 0x2028: 'LINE SEPARATOR', 0x2029: 'PARAGRAPH SEPARATOR',
};

/** "U+200B ZERO WIDTH SPACE": a character by its code point (and its name, when tplsync knows it) */
export function codePoint(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const name = NAMES[cp];
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}${name ? ` ${name}` : ''}`;
}

/**
 * a format character (invisible: zero-width, bidi controls, ...), a tab, or a control character
 * other than the line break (ESC, BEL, a carriage return, C1 controls: a terminal's escape
 * sequences pasted from a log); tag characters (flag emoji) excepted
 */
const HIDDEN = /[\t\p{Cf}\x00-\x08\x0B-\x1F\x7F-\x9F]/gu;
const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/u;
const TAG = /[\u{E0000}-\u{E007F}]/u;
/**
 * joiners doing their job: a ZERO WIDTH NON-JOINER between letters (Persian's spelling, an Indic
 * form, a ligature kept apart in Latin: Auf\u200Clage), or inside an emoji sequence
 */
const JOINS_LETTERS = /[\p{L}\p{M}]/u;
/**
 * the scripts whose letters a ZERO WIDTH JOINER shapes (Unicode 16, section 23.2): the cursive ones,
 * where it joins a letter to its neighbour (Arabic, Syriac, N'Ko, Mongolian, ...), and the Brahmic
 * ones, where it chooses a conjunct's half form. Between Latin, Cyrillic, Greek, Han or kana letters it
 * joins nothing the customer sees: a character pasted with the text, which breaks a search for the word.
 */
const JOINED_SCRIPT = /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Mandaic}\p{sc=Manichaean}\p{sc=Psalter_Pahlavi}\p{sc=Hanifi_Rohingya}\p{sc=Sogdian}\p{sc=Old_Uyghur}\p{sc=Adlam}\p{sc=Phags_Pa}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Tibetan}\p{sc=Myanmar}\p{sc=Khmer}\p{sc=Balinese}\p{sc=Javanese}\p{sc=Sundanese}\p{sc=Tirhuta}\p{sc=Grantha}\p{sc=Newa}\p{sc=Sharada}\p{sc=Siddham}\p{sc=Takri}\p{sc=Dogra}\p{sc=Chakma}\p{sc=Meetei_Mayek}\p{sc=Ol_Chiki}]/u;
const MARK = /\p{M}/u;

/** the letter a mark sequence before `index` sits on (the code point before it, past combining marks), or '' */
function baseBefore(text: string, index: number): string {
  const cps = [...text.slice(Math.max(0, index - 16), index)];
  while (cps.length && MARK.test(cps[cps.length - 1]!)) cps.pop();
  return cps.pop() ?? '';
}
const EMOJI_PART = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const CURLY = /[\u2018\u2019\u201A\u201C\u201D\u201E]/u;
/**
 * The directional marks (LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK, ARABIC LETTER MARK) and the
 * isolates (LRI, RLI, FSI ... PDI): the ways Unicode's bidi algorithm (UAX #9) gives a writer to
 * place a run of Latin letters or digits ("A-1042", a placeholder's value) in right-to-left text.
 * The marks reorder nothing themselves; an isolate sets its run apart from the text around it
 * (UAX #9 recommends isolates over the embeddings and overrides, which are still warned, for text
 * whose direction is not known, such as a value put in a message). They do their job in a text
 * that holds right-to-left letters: a mark anywhere outside a placeholder, an isolate paired (each
 * LRI, RLI or FSI closed by its PDI: an unclosed one runs to the end of the paragraph and reorders
 * all of it), around a placeholder too (`\u2067{{1}}\u2069`), never inside its braces.
 */
const DIRECTIONAL_MARK = /[\u200E\u200F\u061C\u2066-\u2069]/u;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}]/u;

/** the virama (and its kin) of the Indic scripts: a joiner after it chooses the letter's form */
const VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D\u0DCA\u1039\u17D2]/u;
/** format characters that are drawn (Unicode's prepended concatenation marks) */
const DRAWN_FORMAT = /[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/u;
/** letters of the scripts written without spaces between words, where a zero-width space marks a break */
const UNSPACED_SCRIPT = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** the offsets of the isolates of `text` that are not paired: an LRI, RLI or FSI without its PDI in the same paragraph, a PDI that closes none (UAX #9, BD9) */
function unpairedIsolates(text: string): ReadonlySet<number> {
  const out = new Set<number>();
  let open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2066 || c === 0x2067 || c === 0x2068) open.push(i);
    else if (c === 0x2069) { if (open.length) open.pop(); else out.add(i); }
    // a paragraph's end closes whatever is open (its isolates are unpaired)
    else if (c === 0x0a || c === 0x0d || c === 0x2029 || c === 0x1c || c === 0x1d || c === 0x1e || c === 0x85) { for (const o of open) out.add(o); open = []; }
  }
  for (const o of open) out.add(o);
  return out;
}

/** Hidden characters of a text that do not do a job there, with their offsets. */
/**
 * `rightToLeftAround`: the text is a value put into a text with right-to-left letters (a sample),
 * where the marks and paired isolates do the same job as in that text, whatever the value's own letters.
 */
export function hiddenCharacters(text: string, rightToLeftAround = false): readonly { ch: string; at: number }[] {
  // most texts have none: one shared empty answer, nothing allocated
  if (!mayHide(text)) return NONE;
  const out: { ch: string; at: number }[] = [];
  const rtl = DIRECTIONAL_MARK.test(text) && (rightToLeftAround || RIGHT_TO_LEFT.test(text)) ? placeholderSpans(text) : undefined;
  const unpaired = rtl ? unpairedIsolates(text) : undefined;
  HIDDEN.lastIndex = 0;
  for (let m = HIDDEN.exec(text); m; m = HIDDEN.exec(text)) {
    const ch = m[0];
    if (TAG.test(ch)) continue;
    // a directional mark in right-to-left text, outside a placeholder (inside one it breaks it)
    // (an isolate only paired: one left open reorders the rest of the paragraph, a lone PDI closes nothing)
    if (rtl && DIRECTIONAL_MARK.test(ch) && !rtl.some(([a, b]) => m!.index > a && m!.index < b) && !unpaired!.has(m.index)) continue;
    const before = [...text.slice(Math.max(0, m.index - 2), m.index)].pop() ?? '';
    const after = [...text.slice(m.index + ch.length, m.index + ch.length + 2)][0] ?? '';
    if (ch === '\u200C' && JOINS_LETTERS.test(before) && JOINS_LETTERS.test(after)) continue;
    if (ch === '\u200D' && JOINS_LETTERS.test(before) && JOINS_LETTERS.test(after) && JOINED_SCRIPT.test(baseBefore(text, m.index)) && JOINED_SCRIPT.test(after)) continue;
    // a joiner after a virama at a word's end: Malayalam's chillu letters (അവന്‍), an Indic half form
    if ((ch === '\u200C' || ch === '\u200D') && VIRAMA.test(before)) continue;
    // a sign drawn before the digits it spans (the Arabic number sign, the end of ayah): a format character that is seen
    if (DRAWN_FORMAT.test(ch)) continue;
    // a zero-width space between letters of a script written without spaces (Thai, Lao, Khmer, Myanmar): where a line may break
    if (ch === '\u200B' && UNSPACED_SCRIPT.test(before) && UNSPACED_SCRIPT.test(after)) continue;
    if (ch === '\u200D' && EMOJI_PART.test(before) && /\p{Extended_Pictographic}/u.test(after)) continue;
    out.push({ ch, at: m.index });
  }
  return out;
}

const NONE: readonly { ch: string; at: number }[] = Object.freeze([]);

/** a text that may hold a character hiddenCharacters names (most texts hold none) */
const MAY_HIDE = /[\t\p{Cf}\x00-\x08\x0B-\x1F\x7F-\x9F]/u;
const mayHide = (text: string): boolean => MAY_HIDE.test(text);

/** the offsets of each {{...}} of a text, its braces included */
function placeholderSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = text.indexOf('{{'); i >= 0; i = text.indexOf('{{', i + 2)) {
    const close = text.indexOf('}}', i + 2);
    if (close < 0) break;
    out.push([i, close + 2]);
  }
  return out;
}

/** the template's texts a reader sees: every placeholder site, the footer, the button labels, the offer text */
function texts(ctx: Omit<RuleContext, 'report'>): { path: Path; text: string }[] {
  const out: { path: Path; text: string }[] = ctx.sites().map((s) => ({ path: s.path, text: s.text }));
  const footer = str(ctx.t.footer);
  if (footer !== undefined) out.push({ path: ['footer'], text: footer });
  // the template's own note: not sent, but shown by plan, the pull-request comment and preview, where a bidi override or an escape sequence misleads the reviewer
  const description = str(ctx.t.description);
  if (description !== undefined) out.push({ path: ['description'], text: description });
  arr(ctx.t.buttons).forEach((b, i) => {
    const t = str(obj(b)?.text); if (t !== undefined) out.push({ path: ['buttons', i, 'text'], text: t });
    // an authentication code's one-tap label
    const a = str(obj(b)?.autofill_text); if (a !== undefined) out.push({ path: ['buttons', i, 'autofill_text'], text: a });
  });
  // a carousel card's buttons
  arr(ctx.t.carousel).forEach((c, i) => arr(obj(c)?.buttons).forEach((b, j) => { const t = str(obj(b)?.text); if (t !== undefined) out.push({ path: ['carousel', i, 'buttons', j, 'text'], text: t }); }));
  const offer = str(obj(ctx.t.limited_time_offer)?.text);
  if (offer !== undefined) out.push({ path: ['limited_time_offer', 'text'], text: offer });
  // RCS suggestions (the message's and each card's): the label on the chip, and what an action
  // shows the customer (a calendar event's title and description, a place's label)
  const m = obj(ctx.t.message);
  const suggestionTexts = (list: unknown, at: Path): void => arr(list).forEach((x, i) => {
    for (const k of ['text', 'title', 'description', 'label', 'query'] as const) {
      const t = str(obj(x)?.[k]);
      if (t !== undefined) out.push({ path: [...at, i, k], text: t });
    }
  });
  suggestionTexts(m?.suggestions, ['message', 'suggestions']);
  arr(m?.richCards).forEach((card, c) => suggestionTexts(obj(card)?.suggestions, ['message', 'richCards', c, 'suggestions']));
  return out;
}

/**
 * The pairs a word processor types for a straight quote, opening and closing, in the languages
 * that use them: English “…” and ‘…’, German „…“ and ‚…‘, Polish and Dutch „…”, Swedish ”…”.
 * Guillemets «…» are how French and others quote and are not among them.
 */
const CURLY_PAIRS: readonly (readonly [string, string])[] = [
  ['\u201C', '\u201D'], ['\u2018', '\u2019'], ['\u201E', '\u201C'], ['\u201E', '\u201D'], ['\u201A', '\u2018'], ['\u201A', '\u2019'], ['\u201D', '\u201D'],
];
/** white space and format characters at a text's ends (YAML trims the spaces; hidden characters are this rule's too) */
const EDGE = /[\s\p{Cf}]/u;

/**
 * A text wrapped whole in a curly pair, “like this”: a word processor's quotes typed where YAML
 * quotes were meant, so that they became part of the text. The offsets of the two quotes, or
 * undefined. Not a wrap: two quotations (“Yes” or “No”), where the pair's closing quote comes
 * before the end; an apostrophe inside single quotes (‘Your order’s ready’) is no closing quote.
 */
export function curlyWrap(text: string): { open: number; close: number } | undefined {
  let open = 0;
  while (open < text.length && EDGE.test(text[open]!)) open++;
  let close = text.length - 1;
  while (close > open && EDGE.test(text[close]!)) close--;
  if (close - open < 2) return undefined;
  const a = text[open]!;
  const b = text[close]!;
  const pair = CURLY_PAIRS.find(([o, c]) => o === a && c === b);
  if (!pair) return undefined;
  const inner = text.slice(open + 1, close);
  if (inner.trim() === '') return undefined;
  const [o, c] = pair;
  if (o === c) return inner.includes(c) ? undefined : { open, close };
  // single quotes: the closing one is also the apostrophe; a second opening one means two quotations
  if (c === '\u2019') return inner.includes(o) ? undefined : { open, close };
  // double quotes: nested pairs may open and close inside, but nothing closes the outer one early
  let depth = 0;
  for (const ch of inner) {
    if (ch === o) depth++;
    else if (ch === c && --depth < 0) return undefined;
  }
  return depth === 0 ? { open, close } : undefined;
}

const CURLY_ALL = /[\u2018\u2019\u201A\u201C\u201D\u201E]/gu;

/**
 * The text without what text-characters finds: hidden characters deleted (a tab made a space),
 * a curly pair wrapping the whole text removed (and the spaces it held at its ends), curly quotes
 * inside a placeholder's braces deleted. Curly quotes elsewhere in a text are prose (He said “hi”,
 * Ihr Artikel „{{2}}“: a value quoted as the language quotes) and stay. Pure.
 */
/**
 * a terminal's escape sequence, removed whole by the repair, not only its ESC: CSI (`ESC [ 31 m`),
 * OSC (`ESC ] 0;title BEL`, ended by BEL or ST), a character set's designation (`ESC ( B`, what
 * `tput sgr0` writes) and the two-character ones (`ESC c`, `ESC 7`)
 */
// (a space right after ESC is the text's own, not a part of a sequence: `\e escape` keeps its word)
const ANSI = /\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()*+\-./][!-~]|\x1b[!-/]*[0-~]/g;

/** The samples of a template's texts and a URL button's example (the strings the reviewers read beside the texts), with their paths. */
function sampleTexts(ctx: { examples(): Iterable<{ path: Path; ex: Record<string, unknown> }>; t: Record<string, unknown> }): { path: Path; text: string }[] {
  const out: { path: Path; text: string }[] = [];
  for (const { path, ex } of ctx.examples()) for (const k in ex) { const v = ex[k]; if (typeof v === 'string') out.push({ path: [...path, k], text: v }); }
  arr(ctx.t.buttons).forEach((b, i) => { const e = obj(b)?.example; if (typeof e === 'string') out.push({ path: ['buttons', i, 'example'], text: e }); });
  return out;
}

export function cleanText(text: string, references = true): string {
  let t = text.includes('\x1b') || text.includes('\x9b') ? text.replace(ANSI, '') : text;
  // an HTML character reference (&nbsp;) written as its character: what the writer meant the customer to see
  // (`references` false: the template's description, which is not sent, and which the rule does not hold to it)
  if (references && t.includes('&')) t = withoutReferences(t);
  // a tab, and a carriage return between two words ("Order\rshipped"), made a space: deleted, the words would run together
  const spaced = (ch: string, at: number, s: string): boolean => ch === '\t' || (ch === '\r' && /\S/.test(s[at - 1] ?? '') && /\S/.test(s[at + 1] ?? ''));
  for (const { ch, at } of [...hiddenCharacters(t)].sort((a, b) => b.at - a.at)) t = `${t.slice(0, at)}${spaced(ch, at, t) ? ' ' : ''}${t.slice(at + ch.length)}`;
  const wrap = curlyWrap(t);
  // the intended text is what is inside the pair (the file's writer quotes it if YAML needs it)
  if (wrap) t = t.slice(wrap.open + 1, wrap.close).trim();
  if (!CURLY.test(t)) return t;
  return t.replace(/\{\{([^{}]*)\}\}/g, (m, inner: string) => (CURLY.test(inner) ? `{{${inner.replace(CURLY_ALL, '')}}}` : m));
}

/**
 * Calls `visit` with every string of the template that `keep` accepts, and its path (addresses
 * stand in buttons, headers, cards and suggestions alike). The path is made only for a string
 * kept: a lint of 10,000 files walks some 300,000 strings, and few hold an address.
 */
function eachString(v: unknown, keep: (text: string) => boolean, visit: (path: Path, text: string) => void, at: (string | number)[] = []): void {
  if (typeof v === 'string') {
    if (keep(v)) visit([...at], v);
  } else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) { at.push(i); eachString(v[i], keep, visit, at); at.pop(); }
  } else if (v !== null && typeof v === 'object') {
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      at.push(k); eachString((v as Record<string, unknown>)[k], keep, visit, at); at.pop();
    }
  }
}

/**
 * a text that may hold an address with a look-alike host: a scheme's `://` or `www.` (in any case),
 * and a letter outside ASCII or a punycode label (`xn--`); an address all in ASCII is what it reads
 */
export const mayHoldLookalike = (text: string): boolean => NOT_ASCII_OR_PUNYCODE.test(text) && (text.includes('://') || WWW.test(text));
const NOT_ASCII_OR_PUNYCODE = /[^\x00-\x7f]|xn--/i;
const WWW = /www\./i;
const PUNYCODE = /xn--/i;

/** an address's host: after the scheme (or a bare `www.` host in a text), up to the path, query, fragment, port or a placeholder */
const HOST = /(?:\bhttps?:\/\/(?:[^\s/?#@{}()]*@)?|(?<![\p{L}\p{N}.-])(?=www\.))([^\s/?#:@{}()]+)/giu;
/** an address with its path (up to a query, fragment or white space): the path is the group */
const URL_PATH = /\bhttps?:\/\/[^\s/?#]+(\/[^\s?#]*)/gi;
/** the scripts whose letters are taken for Latin ones (Cyrillic а, е, о, р, с, х; Greek ο, ν; Armenian օ) */
const LOOKALIKE = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const LATIN = /\p{Script=Latin}/u;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A label of a host that mixes Latin letters with letters of a script that look like them (the
 * Cyrillic е in `shop.acmе.example`): the first such letter and where, or undefined. A host all in
 * one script (`пример.рф`, `münchen.de`) is a real address and passes.
 */
export function lookalikeInHost(host: string): { ch: string; label: string } | undefined {
  // an ASCII host without punycode has no letter of another script (most hosts)
  if (!NON_ASCII.test(host) && !PUNYCODE.test(host)) return undefined;
  // a label in punycode (xn--acm-5cd) is read as the letters it stands for
  const shown = /(^|\.)xn--/i.test(host) ? domainToUnicode(host.toLowerCase()) || host : host;
  for (const label of shown.split('.')) {
    if (!LATIN.test(label)) continue;
    const ch = [...label].find((c) => LOOKALIKE.test(c));
    if (ch) return { ch, label };
  }
  return undefined;
}

/**
 * White space at a text's ends, and at the ends of a body's lines: spaces (any of Unicode's, the
 * no-break space too) and line breaks. Not the tab, the carriage return or the zero-width and
 * other format characters: text-characters names those (and its repair makes a tab a space).
 */
const SPACE = /[\p{Zs}\n\u2028\u2029]/u;
const LINE_BREAK_CHAR = /[\n\u2028\u2029]/u;
/** a space (not a line break): a run of them before a line break is the end of a line of a body */
const LINE_SPACE = /\p{Zs}/u;

/**
 * A WhatsApp text the customer reads, for text-edge-whitespace: its path, what the finding calls it,
 * whether it is a body (its lines may end with spaces), and whether it is one line by WhatsApp's rules
 * (a header or the footer: a line break at its ends is header-footer-line-break's finding).
 */
export interface EdgeText { readonly path: Path; readonly text: string; readonly what: string; readonly lines: boolean; readonly oneLine: boolean }

/** the WhatsApp texts of a template whose white space at the ends is sent as written: header, body, footer, labels, cards, offer */
export function edgeTexts(t: Record<string, unknown>): EdgeText[] {
  const out: EdgeText[] = [];
  const header = str(obj(t.header)?.text);
  if (header !== undefined) out.push({ path: ['header', 'text'], text: header, what: 'The text header', lines: false, oneLine: true });
  const body = str(obj(t.body)?.text);
  if (body !== undefined) out.push({ path: ['body', 'text'], text: body, what: 'The body', lines: true, oneLine: false });
  const footer = str(t.footer);
  if (footer !== undefined) out.push({ path: ['footer'], text: footer, what: 'The footer', lines: false, oneLine: true });
  arr(t.buttons).forEach((b, i) => {
    const label = str(obj(b)?.text); if (label !== undefined) out.push({ path: ['buttons', i, 'text'], text: label, what: `The label of button ${i + 1}`, lines: false, oneLine: false });
    const auto = str(obj(b)?.autofill_text); if (auto !== undefined) out.push({ path: ['buttons', i, 'autofill_text'], text: auto, what: `The autofill text of button ${i + 1}`, lines: false, oneLine: false });
  });
  arr(t.carousel).forEach((c, i) => {
    const cardBody = str(obj(obj(c)?.body)?.text);
    if (cardBody !== undefined) out.push({ path: ['carousel', i, 'body', 'text'], text: cardBody, what: `The body of card ${i + 1}`, lines: true, oneLine: false });
    arr(obj(c)?.buttons).forEach((b, j) => { const label = str(obj(b)?.text); if (label !== undefined) out.push({ path: ['carousel', i, 'buttons', j, 'text'], text: label, what: `The label of card ${i + 1}'s button ${j + 1}`, lines: false, oneLine: false }); });
  });
  const offer = str(obj(t.limited_time_offer)?.text);
  if (offer !== undefined) out.push({ path: ['limited_time_offer', 'text'], text: offer, what: 'The offer text', lines: false, oneLine: false });
  return out;
}

/** The white space of a text that text-edge-whitespace finds: the run at its start, the run at its end, and the spaces at the ends of a body's lines. */
export function edgeWhitespace(text: string, lines: boolean): { start: number; end: number; lineEnds: { at: number; length: number }[] } {
  let start = 0;
  while (start < text.length && SPACE.test(text[start]!)) start++;
  let end = text.length;
  while (end > start && SPACE.test(text[end - 1]!)) end--;
  const lineEnds: { at: number; length: number }[] = [];
  // each run of spaces once, from its start to the character after it (a regex tried again from each space of a long run
  // without a line break after it read the run again from each: quadratic)
  if (lines && end > start) {
    for (let i = start; i < end;) {
      if (!LINE_SPACE.test(text[i]!)) { i++; continue; }
      let j = i;
      while (j < end && LINE_SPACE.test(text[j]!)) j++;
      if (j < end && LINE_BREAK_CHAR.test(text[j]!)) lineEnds.push({ at: i, length: j - i });
      i = j;
    }
  }
  return { start, end, lineEnds };
}

/** The text without the white space text-edge-whitespace finds: trimmed at both ends (line breaks too), and a body's lines without spaces at their ends. Pure. */
export function trimEdges(text: string, lines: boolean): string {
  const { start, end, lineEnds } = edgeWhitespace(text, lines);
  let out = '';
  let from = start;
  for (const l of lineEnds) { out += text.slice(from, l.at); from = l.at + l.length; }
  return out + text.slice(from, end);
}

/** white space as a finding names it: "3 spaces", "a line break", "2 spaces and a line break", "U+00A0 NO-BREAK SPACE" */
function whitespaceNamed(run: string): { named: string; plural: boolean } {
  let spaces = 0, breaks = 0;
  const others: string[] = [];
  for (const ch of run) {
    if (ch === ' ') spaces++;
    else if (LINE_BREAK_CHAR.test(ch)) breaks++;
    else if (!others.includes(ch)) others.push(ch);
  }
  const parts = [
    ...(spaces ? [spaces === 1 ? 'a space' : `${spaces} spaces`] : []),
    ...(breaks ? [breaks === 1 ? 'a line break' : `${breaks} line breaks`] : []),
    ...others.map((ch) => `${codePoint(ch)}`),
  ];
  const named = parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return { named, plural: [...run].length > 1 };
}

export const characterRules = defineRules([
  {
    id: 'url-lookalike-host', group: 'whatsapp', severity: 'error',
    summary: 'An address\'s host does not mix Latin letters with letters of another script that look the same (a Cyrillic е in shop.acmе.example).',
    why: 'A letter of another script that looks like a Latin one makes another host: `https://shop.acmе.example` with a Cyrillic е (U+0435) is the address `shop.xn--acm-5cd.example`, a different site, while the plan, the pull-request comment and the phone show it as the shop\'s own. It is how a phishing link hides in a change a reviewer approves; it is never what a team means.',
    fix: 'Retype the host in Latin letters (delete the letter named and type it again), or write an address in another script all in that script.',
    source: 'tplsync (look-alike hosts: Unicode Technical Standard #39)',
    check(ctx) {
      eachString(ctx.t, mayHoldLookalike, (path, text) => {
        for (const m of text.matchAll(HOST)) {
          const found = lookalikeInHost(m[1]!);
          if (!found) continue;
          // (in punycode, the letter is not in the text as written: the host is pointed at)
          const inText = m[1]!.indexOf(found.label);
          const hostAt = m.index + m[0].indexOf(m[1]!);
          const at = inText < 0 ? hostAt : hostAt + inText + found.label.indexOf(found.ch);
          let ascii = '';
          try { ascii = new URL(`https://${m[1]!}`).hostname; } catch { /* not an address after all */ }
          const len = inText < 0 ? m[1]!.length : found.ch.length;
          ctx.report(path, `The address's host ${m[1]}${inText < 0 ? ` (${domainToUnicode(m[1]!.toLowerCase())})` : ''} holds ${codePoint(found.ch)}, a letter of another script that looks like a Latin one: it is another host${ascii && ascii !== m[1] ? ` (${ascii})` : ''}, where customers would be sent; retype the host in Latin letters.`, { at: { start: at, end: at + len } });
        }
      });
    },
  },
  {
    id: 'url-double-slash', group: 'whatsapp', severity: 'warning',
    summary: 'An address has no doubled `/` in its path (`https://shop.example//track`).',
    why: 'A doubled slash in an address\'s path is legal, but nearly always a mistake: most often an environment value written with a `/` at its end (`shop_host: https://shop.example/`) before a template\'s `((shop_host))/track`. Many servers answer such a path with another page or a 404, and a URL button cannot be changed once customers have it. Lint of the file as written shows a doubled slash the file writes; `lint --env`, `plan` and `apply` show the one an environment\'s value brings.',
    fix: 'Write one `/`: remove the trailing `/` of the value (or of the text before it).',
    source: 'tplsync (RFC 3986: an empty path segment)',
    check(ctx) {
      eachString(ctx.t, (t) => t.indexOf('//') !== t.lastIndexOf('//'), (path, text) => {
        for (const m of text.matchAll(URL_PATH)) {
          const inPath = m[1]!.indexOf('//');
          if (inPath < 0) continue;
          const at = m.index + m[0].length - m[1]!.length + inPath;
          ctx.report(path, `The address ${m[0]} has a doubled / in its path: most often a value ending with / before a / of the template (((host))/path with host: https://shop.example/); write one /`, { at: { start: at, end: at + 2 } });
        }
      });
    },
  },
  {
    id: 'text-cut-by-comment', group: 'schema', severity: 'warning',
    summary: 'An unquoted text is not cut short by a `#` that YAML reads as the start of a comment.',
    why: 'In YAML, ` #` (a space, then #) starts a comment, also in the middle of an unquoted text: `text: Hi {{1}}, your order #A-100 is ready` is the text "Hi {{1}}, your order", and the rest of the line is never sent. The file reads without an error, so nothing else notices.',
    fix: 'Quote the whole text: `text: "Hi {{1}}, your order #A-100 is ready"`. If the rest of the line is a comment, write a space after the `#`.',
    source: 'tplsync (YAML comments)',
    check(ctx) {
      // only where the text has such a comment at all (the place stage checks each value's line)
      if (!ctx.mayBeCutByComment) return;
      const said = 'YAML ends this text at \' #\' and reads the rest of the line as a comment: the text is only what comes before it. Quote the whole text; if the rest is a comment, write a space after the #.';
      for (const { path } of texts(ctx)) ctx.report(path, said, { onlyIfCutByComment: true });
      // the samples the review reads, and a button's example (a sample cut short is what the reviewer sees)
      for (const { path, ex } of ctx.examples()) for (const [k, v] of Object.entries(ex)) if (typeof v === 'string') ctx.report([...path, k], said, { onlyIfCutByComment: true });
      arr(ctx.t.buttons).forEach((b, i) => { if (typeof obj(b)?.example === 'string') ctx.report(['buttons', i, 'example'], said, { onlyIfCutByComment: true }); });
    },
  },
  {
    id: 'text-characters', group: 'whatsapp', severity: 'warning',
    summary: 'Texts hold no invisible characters (zero-width, bidi controls; the directional marks and paired isolates of right-to-left text excepted), no control characters (ESC, BEL, a carriage return), no tabs, no U+FFFD (a character lost to a wrong encoding), no HTML character references (`&nbsp;`, `&amp;`, `&#8217;`), and no curly quotes wrapping the whole text or inside a placeholder\'s braces.',
    why: 'Text pasted from a word processor or a web page brings characters no one sees: a zero-width space inside {{1}} makes it no placeholder, a bidi control reorders what the customer reads, a tab is refused in parameters (error 132018) and shown unevenly, a control character (a terminal\'s escape sequence pasted from a log) is sent as it is, a U+FFFD REPLACEMENT CHARACTER (�) marks a character lost when the text was read in the wrong encoding and is sent as it is, and curly quotes typed as YAML quotes become part of the message: `text: “Hi {{1}}”` sends the quotes. An HTML character reference such as `&nbsp;`, `&amp;` or `&#8217;` (what a tool working in web markup, a CMS or a translation tool, writes for a character) is shown as it is written: WhatsApp and RCS do not read HTML, so the customer reads "&nbsp;". A text wrapped whole in a curly pair (“Hi”, ‘Hi’, „Hallo“, „Witaj”, ‚Hallo‘, ”Hej”) is taken for that mistake, and a curly quote inside a placeholder\'s braces ({{“1”}}) makes it no placeholder; curly quotes elsewhere in a text (He said “hi”), around a placeholder too (Ihr Artikel „{{2}}“, your item “{{2}}”: a value quoted as the language quotes; neither WhatsApp nor RCS restricts quotation marks) and guillemets («Merci») are prose and stay. The directional marks (U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+061C ARABIC LETTER MARK) and the directional isolates (U+2066 LEFT-TO-RIGHT ISOLATE, U+2067 RIGHT-TO-LEFT ISOLATE, U+2068 FIRST STRONG ISOLATE, each closed by U+2069 POP DIRECTIONAL ISOLATE) in a text with right-to-left letters (Arabic, Hebrew, ...) are how a writer places a Latin run such as an order number, or a placeholder\'s value whose direction is not known, in it (Unicode UAX #9, which recommends isolates for such values) and stay: a mark outside placeholders, an isolate when it is closed by its PDI in the same paragraph, around a placeholder too (`שלום \u2067{{1}}\u2069`: the braces stay intact), never inside its braces. An isolate left open (it reorders the rest of the paragraph), a lone PDI, the embeddings and overrides (U+202A-U+202E), and any of them in a text without right-to-left letters are warned. The joiners: a U+200C ZERO WIDTH NON-JOINER between letters is spelling (Persian می\u200Cخواهم) or keeps a ligature apart, and stays; a U+200D ZERO WIDTH JOINER stays inside an emoji sequence, after a virama, and between letters of the scripts it shapes (Arabic and the other cursive scripts, the Indic scripts); between Latin, Cyrillic, Greek or Japanese letters it shapes nothing and is warned (a word with one inside is not found by a search for it). The samples (and a URL button\'s sample) are held to the same (an HTML character reference in them too, which --fix writes as its character, in a URL and its example alike), judged in the direction of the template\'s texts: the reviewers read them and preview shows them, and an override, embedding or isolate a sample leaves open reorders the rest of the message after it (`tplsync send` refuses a value that leaves one open).',
    fix: 'Delete the character named by its code point (retype the text around it), write the character an HTML reference stands for instead of the reference (`&nbsp;` is U+00A0 NO-BREAK SPACE, `&amp;` is &), delete curly quotes wrapping the text or a sample (quote it with straight quotes when YAML needs it, e.g. when it starts with {{), delete curly quotes inside a placeholder\'s braces ({{“1”}} is {{1}}), and use spaces instead of tabs.',
    source: 'tplsync (text pasted from other tools)',
    repairTitle: 'Delete the invisible characters and the curly quotes wrapping the text, write HTML character references as their characters, make tabs spaces and delete the curly quotes inside placeholders\' braces',
    quickFixTitle: 'Delete pasted invisible characters, references and quotes',
    repair(ctx) {
      const out: Change[] = [];
      for (const { path, text } of texts(ctx)) {
        const clean = cleanText(text, path[0] !== 'description');
        if (clean !== text) out.push({ op: 'set', path, value: clean });
      }
      // the samples and a URL button's example: their HTML references as their characters too, as the check warns them
      // (a URL and its example repaired alike: `&amp;` left in the example alone would show the reviewers another address)
      // and a curly pair wrapping the whole sample removed, as a text's is
      for (const { path, text } of sampleTexts(ctx)) {
        let clean = text.includes('&') ? withoutReferences(text) : text;
        const wrap = CURLY.test(clean) ? curlyWrap(clean) : undefined;
        if (wrap) clean = clean.slice(wrap.open + 1, wrap.close).trim();
        if (clean !== text) out.push({ op: 'set', path, value: clean });
      }
      return out;
    },
    check(ctx) {
      const all = texts(ctx);
      // the samples (the reviewers read them, preview shows them) and a URL button's: judged as the texts are, in the direction of the template's texts
      // (worked out for a sample that may hide a character: most hide none)
      let rightToLeft: boolean | undefined;
      const samples: { path: Path; text: string }[] = [];
      for (const { path, ex } of ctx.examples()) for (const k in ex) { const v = ex[k]; if (typeof v === 'string' && mayHide(v)) samples.push({ path: [...path, k], text: v }); }
      arr(ctx.t.buttons).forEach((b, i) => { const e = obj(b)?.example; if (typeof e === 'string' && mayHide(e)) samples.push({ path: ['buttons', i, 'example'], text: e }); });
      for (const { path, text } of samples) {
        rightToLeft ??= all.some(({ text: t }) => RIGHT_TO_LEFT.test(t));
        const hidden = hiddenCharacters(text, rightToLeft);
        const seen = new Set<string>();
        for (const { ch, at } of hidden) {
          // a tab or a carriage return in a sample: sample-format's finding (WhatsApp refuses it in a value)
          if (seen.has(ch) || ch === '\t' || ch === '\r') continue;
          seen.add(ch);
          const n = hidden.filter((h) => h.ch === ch).length;
          const what = CONTROL.test(ch) ? 'a control character' : 'an invisible character';
          // an override, an embedding or an isolate left open: it runs on past the value, into the rest of the message
          const open = unclosedDirection(text).some((o) => o.ch === ch);
          ctx.report(path, `The sample holds ${what}, ${codePoint(ch)}${n > 1 ? ` (${n} times)` : ''}; delete it${open ? ' (left open, it reorders the rest of the message the reviewer reads: a value like it is refused by tplsync send)' : ' (it cannot be seen, but the reviewers and preview get it)'}.`, { at: { start: at, end: at + ch.length } });
        }
      }
      // an HTML character reference in a sample or a URL's example: the reviewers read it as written, as a customer would in a text
      for (const { path, text } of sampleTexts(ctx)) {
        const refs = text.includes('&') ? characterReferences(text) : [];
        if (!refs.length) continue;
        const r = refs[0]!;
        ctx.report(path, `The sample holds the HTML character reference ${r.ref}${refs.length > 1 ? ` (and ${refs.length - 1} more)` : ''}, which the reviewers and preview read as it is written ("${r.ref}"), as a customer would in a text. Write ${insteadOf(r)}.`, { at: { start: r.at, end: r.at + r.ref.length } });
      }
      // a sample wrapped whole in a curly pair (“Ana”): the quotes are part of the value the reviewers and preview read
      for (const { path, text } of sampleTexts(ctx)) {
        const wrap = CURLY.test(text) ? curlyWrap(text) : undefined;
        if (!wrap) continue;
        const o = text[wrap.open]!;
        const c = text[wrap.close]!;
        ctx.report(path, `The sample is wrapped in curly quotes ${o} and ${c} (${codePoint(o)}, ${codePoint(c)}): a word processor's quotes typed where YAML quotes were meant, part of the value the reviewers and preview read; delete them, and quote the sample with straight quotes " if YAML needs it.`, { at: { start: wrap.open, end: wrap.open + 1 } });
      }
      for (const { path, text } of all) {
        const hidden = hiddenCharacters(text);
        const seen = hidden.length ? new Set<string>() : undefined;
        for (const { ch, at } of hidden) {
          if (seen!.has(ch)) continue;
          seen!.add(ch);
          // the occurrences flagged (a joiner between letters is spelling, not counted)
          const n = hidden.filter((h) => h.ch === ch).length;
          const what = ch === '\t' ? 'a tab' : CONTROL.test(ch) ? 'a control character' : 'an invisible character';
          const unseen = path[0] === 'description' ? ' (it cannot be seen, but plan, the pull-request comment and preview show the note with it)' : ' (it cannot be seen, but it is sent)';
          ctx.report(path, `The text holds ${what}, ${codePoint(ch)}${n > 1 ? ` (${n} times)` : ''}; delete it${ch === '\t' ? ' and use spaces' : unseen}.`, { at: { start: at, end: at + ch.length } });
        }
        // an HTML character reference: shown as written (the platforms do not read HTML); the first, with the character to write
        // (not in the description, which is not sent)
        const refs = path[0] === 'description' ? [] : characterReferences(text);
        if (refs.length) {
          const r = refs[0]!;
          const n = refs.length;
          ctx.report(path, `The text holds the HTML character reference ${r.ref}${n > 1 ? ` (and ${n - 1} more)` : ''}, which WhatsApp and RCS show as it is written: the customer reads "${r.ref}". Write ${insteadOf(r)}.`, { at: { start: r.at, end: r.at + r.ref.length } });
        }
        // U+FFFD: what a decoder writes for bytes it could not read (a text saved in one encoding and read in another)
        const lost = text.indexOf('\uFFFD');
        if (lost >= 0) {
          const n = text.split('\uFFFD').length - 1;
          ctx.report(path, `The text holds U+FFFD REPLACEMENT CHARACTER${n > 1 ? ` (${n} times)` : ''}, which a reader sees as a question mark in a box: a character lost when the text was copied or saved in another encoding; retype the character that was there.`, { at: { start: lost, end: lost + 1 } });
        }
        if (!CURLY.test(text)) continue;
        // the whole text in a curly pair: quotes typed as YAML quotes, sent as part of the message
        const wrap = curlyWrap(text);
        if (wrap) {
          const o = text[wrap.open]!;
          const c = text[wrap.close]!;
          ctx.report(path, `The text is wrapped in curly quotes ${o} and ${c} (${codePoint(o)}, ${codePoint(c)}): a word processor's quotes typed where YAML quotes were meant, sent as part of the message; delete them, and quote the text with straight quotes " if YAML needs it.`, { at: { start: wrap.open, end: wrap.open + 1 } });
        }
        // inside the pair, if there is one: its quotes are not around a placeholder, they are around the text
        const from = wrap ? wrap.open + 1 : 0;
        const to = wrap ? wrap.close : text.length;
        // inside a placeholder's braces: {{“1”}} (placeholder-syntax reports it malformed, naming the character); quotes
        // around one (Ihr Artikel „{{2}}“, your item “{{2}}”) quote its value as the language does: prose, as elsewhere
        for (let i = text.indexOf('{{', from); i >= 0 && i < to; i = text.indexOf('{{', i + 2)) {
          const close = text.indexOf('}}', i + 2);
          const inner = close < 0 ? '' : text.slice(i + 2, close);
          const q = [...inner].find((c) => CURLY.test(c));
          if (!q) continue;
          ctx.report(path, `A curly quote ${codePoint(q)} is inside the placeholder ${text.slice(i, close + 2)} (a word processor's quote: it makes it no placeholder); delete it.`, { at: { start: i, end: close + 2 } });
          break;
        }
      }
    },
  },
  {
    id: 'text-edge-whitespace', group: 'whatsapp', severity: 'warning',
    summary: 'A text the customer reads (body, text header, footer, button label, card body, offer text) does not start or end with white space (spaces, line breaks), and no line of a body ends with spaces.',
    why: 'WhatsApp sends a text as it is written: spaces or a line break at its start or end (a YAML block `|` keeps its last line break), and spaces at the end of a line of the body, are sent, shown as nothing, and count toward the text\'s length (60 characters for a header or footer, 25 for a label). They are approved with the template unseen, and deleting them afterwards is an edit of an APPROVED template: it goes back to review and uses one of its limited edits (1 a day, 10 in 30 days), so the time to delete them is before the first apply. Meta\'s pages say nothing of white space at a text\'s ends (of parameters they say no line break, no tab and at most 4 spaces in a row: sample-format checks the samples), and partners advise against it, so this is a warning. A line break at the ends of a text header or the footer is header-footer-line-break\'s error; this rule\'s repair deletes it with the spaces',
    fix: 'Delete the white space at the text\'s start and end and at the ends of the body\'s lines; for a YAML block, write `|-` or `>-` (no last line break).',
    source: 'tplsync (white space no one sees)',
    repairTitle: 'Delete the white space at the start and end of the text and at the ends of the body\'s lines',
    quickFixTitle: 'Delete the white space at the ends of the text',
    repair(ctx) {
      const out: Change[] = [];
      for (const { path, text, lines } of edgeTexts(ctx.t)) {
        if (blank(text)) continue;
        const trimmed = trimEdges(text, lines);
        if (trimmed !== text) out.push({ op: 'set', path, value: trimmed });
      }
      return out;
    },
    check(ctx) {
      for (const { path, text, what, lines, oneLine } of edgeTexts(ctx.t)) {
        // a text that is only white space: body-length, header-text, button-label say it is empty
        if (blank(text)) continue;
        const { start, end, lineEnds } = edgeWhitespace(text, lines);
        const said = (them: string): string => `sent as written and counted in its length, though no one sees ${them}; deleting ${them} once the template is approved is an edit (back to review, one of its limited edits): delete ${them} now`;
        for (const [from, to, where] of [[0, start, 'starts'], [end, text.length, 'ends']] as const) {
          if (from === to) continue;
          const run = text.slice(from, to);
          // a header's or the footer's line break at its ends alone: header-footer-line-break's finding (the repair deletes it too)
          if (oneLine && [...run].every((ch) => LINE_BREAK_CHAR.test(ch))) continue;
          const { named, plural } = whitespaceNamed(run);
          const block = where === 'ends' && lines && LINE_BREAK_CHAR.test(run[run.length - 1]!) ? ' (a YAML block `|` or `>` keeps its last line break: write `|-` or `>-`)' : '';
          ctx.report(path, `${what} ${where} with ${named}${block}: ${said(plural ? 'them' : 'it')}.`, { at: { start: from, end: to } });
        }
        if (lineEnds.length) {
          const first = lineEnds[0]!;
          const n = lineEnds.length;
          // (the range takes the line break after the spaces: in a YAML block, where the lines are indented, spaces alone are not found as the value has them)
          ctx.report(path, `${n === 1 ? 'A line' : `${n} lines`} of ${what.charAt(0).toLowerCase()}${what.slice(1)} end${n === 1 ? 's' : ''} with spaces${n > 1 ? ' (the first here)' : ''}: ${said('them')}.`, { at: { start: first.at, end: first.at + first.length + 1 } });
        }
      }
    },
  },
]);
