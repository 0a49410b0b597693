// Pure: the language and writing direction of a template, from its language code (WhatsApp's
// `en_US`, `ar`, `pt_BR`, `zh_CN`...; RCS's BCP 47 `he-IL`...): the BCP 47 tag for `lang` and
// `rtl` for languages written right to left, so a preview lays the message out as the apps do.
import { esc } from './markup.js';

/** Languages written right to left (ISO 639 primary subtags), WhatsApp's and the common others. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ji', 'ks', 'ku', 'prs', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);
/** Scripts written right to left (ISO 15924), for a tag that names its script (`az_Arab`, `pa-Arab`). */
const RTL_SCRIPTS = new Set(['adlm', 'arab', 'hebr', 'mand', 'nkoo', 'rohg', 'samr', 'syrc', 'thaa', 'yezi']);
/** Scripts written left to right that a right-to-left language may be written in (`ku_Latn`). */
const LTR_SCRIPT = /^[a-z]{4}$/;

/** The BCP 47 tag of a template language (`en_US` -> `en-US`); undefined for one that is not a tag. */
export function langTag(language: string | undefined): string | undefined {
  if (!language) return undefined;
  const tag = language.trim().replace(/_/g, '-');
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return undefined;
  try { return Intl.getCanonicalLocales(tag)[0]; } catch { return undefined; }
}

/** The writing direction of a template language: by its script subtag when it has one, else by its language. */
export function directionOf(language: string | undefined): 'rtl' | 'ltr' {
  const tag = langTag(language);
  if (!tag) return 'ltr';
  const [primary, ...rest] = tag.toLowerCase().split('-');
  const script = rest.find((p) => LTR_SCRIPT.test(p));
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(primary!) ? 'rtl' : 'ltr';
}

/** ` lang="…" dir="…"` for the element that holds a template's rendering ('' when the language is no tag). */
export function langAttrs(language: string | undefined): string {
  const tag = langTag(language);
  return tag ? ` lang="${esc(tag)}" dir="${directionOf(language)}"` : ' dir="auto"';
}

/**
 * A letter (any script's: bidi class L, R or AL) or a direction mark (LRM, RLM, ALM): a strong
 * character, whose direction the first of a paragraph gives the paragraph (UAX #9, rules P2 and P3).
 */
const STRONG = /[\p{L}\u200e\u200f\u061c]/u;

/**
 * Whether a paragraph of rendered HTML has a strong character the browser's dir="auto" reads:
 * its text, not its tags, entities, nor what an element with a dir of its own or a <bdi> holds
 * (the HTML standard skips them: a missing sample shown as `{{name}}`, a marker of an invisible
 * character).
 */
function hasStrong(html: string): boolean {
  const text = html
    .replace(/<(bdi|[a-z]+(?=[^>]*\sdir="))[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&[#a-z0-9]+;/gi, ' ');
  return STRONG.test(text);
}

/** ` dir="…"` of a one-line text of the template (a button's label, a chip's): "auto" when it has a strong character, else the language's direction. */
export function lineDir(html: string, language: string | undefined): string {
  return ` dir="${hasStrong(html) ? 'auto' : directionOf(language)}"`;
}

/**
 * A template's text (a body, a header, a footer, a button's label, an RCS text, a card's title or
 * description, the SMS fallback), rendered to HTML with `<br>` (or a newline) between its lines,
 * laid out as the phone lays it out: each line a paragraph of its own (a block), whose direction is
 * its own first strong character's, a letter or a mark (dir="auto"). The WhatsApp and Google
 * Messages apps draw text so (Android's default textDirection is firstStrong; the Unicode
 * bidirectional algorithm, P2 and P3, per paragraph): "iStyle: …" in an Arabic template is a
 * left-to-right line, an Arabic line in an English template a right-to-left one, and a writer's
 * leading LRM or RLM decides the line. A line with no strong character (digits, emoji,
 * punctuation) takes the template language's direction, as the app takes the phone's. The inline
 * elements a line break falls inside (a monospace block, a word diff's <ins>) are closed at its
 * end and opened again on the next line.
 */
export function paragraphs(html: string, language: string | undefined): string {
  const fallback = directionOf(language);
  const lines: string[] = [];
  const open: { name: string; tag: string }[] = [];
  let line = '';
  let at = 0;
  const end = (): void => {
    line += open.map((t) => `</${t.name}>`).reverse().join('');
    lines.push(line);
    line = open.map((t) => t.tag).join('');
  };
  for (const m of html.matchAll(/<br>|\n|<(\/?)([a-z]+)\b[^>]*>/g)) {
    line += html.slice(at, m.index);
    at = m.index + m[0].length;
    if (m[0] === '<br>' || m[0] === '\n') { end(); continue; }
    line += m[0];
    if (m[1]) { const i = open.map((t) => t.name).lastIndexOf(m[2]!); if (i >= 0) open.splice(i, 1); } else open.push({ name: m[2]!, tag: m[0] });
  }
  line += html.slice(at);
  lines.push(line);
  return lines.map((l) => `<div class="line" dir="${hasStrong(l) ? 'auto' : fallback}">${l.replace(/<[^>]*>/g, '') === '' ? `${l}<br>` : l}</div>`).join('');
}

/**
 * A template's text on one line of a list (the index's body column: plain text, its line breaks
 * shown as spaces), each of its lines laid out as paragraphs() lays it out on the page: in the
 * direction of its own first strong character, else the language's. The first line is the
 * element's own text, so the element's `dir` (returned: "auto", or the language's direction
 * for a line with no strong character) is that line's; each next line is an isolate of its own
 * (a <span> with a dir, which HTML isolates), so that it neither takes nor gives the first line's
 * direction. An English text in an Arabic template (WhatsApp's authentication text shown in
 * English) and an Arabic line that opens with "iStyle:" read as on their page, left to right,
 * where the language's direction forced on the whole cell drew them right to left.
 */
export function inlineLines(text: string, language: string | undefined): { dir: string; html: string } {
  const [first = '', ...rest] = text.split(/\r\n|\n|\r|\u2028|\u2029/).map(esc);
  const html = [first, ...rest.map((l) => `<span${lineDir(l, language)}>${l}</span>`)].join(' ');
  return { dir: lineDir(first, language), html };
}
