// WhatsApp rules (Meta Cloud API), one pure check each. Sources: reference/platform-rules.md.
import { urlAddressProblem, urlSampleProblem } from '../../model/urls.js';
import { metaCdnLink, metaCdnLinkSaid } from '../../model/meta-cdn.js';
import { asciiDigits, foreignCharacters, otherDigitsNamed, OTHER_DIGIT, shownWithEscapes } from '../../model/written-characters.js';
import { reportSchema, sampleKeyMeant, textUnderSynonym } from './schema.js';
import { textsUnderGoogleNames } from './rbm-names.js';
import { charLength, distinctKeys, MAX_PLACEHOLDER_NUMBER, NAMED, NUMBERED, placeholderAtEdges, placeholderKeyMeant, placeholderNameFor, placeholderNameMeant, renderText, singleBraced, WIDE_BRACE, scanPlaceholders, type Placeholder, type PlaceholderProblem } from '../../model/placeholders.js';
import type { Path } from '../../files/locate.js';
import { an, arr, blank, defineRules, indexed, noSample, obj, sample, str, type Change, type Indexed, type Loose, type RuleContext } from '../rule.js';
import { unlistedWhatsappLanguage } from './languages.js';
import { addSampleStubs, SAMPLE_STUB, groupQuickReplies, oneLineSamples, renumberPlaceholders, trimPlaceholders } from './repairs.js';
import { codePoint } from './characters.js';
import { describeNothing, showsNothing } from '../../core/visible.js';
import { pulledStub } from '../../model/to-file.js';
import { KNOWN_BUTTON_TYPES, PLATFORM_LABELLED } from '../../model/canonical.js';
import { closest } from '../../core/suggest.js';
import { lookalikes, lookalikesHeld } from '../../core/lookalikes.js';

/** the keys that name a FLOW button's flow: version 1's `flow`, the Cloud API's three (version 1.2) */
const FLOW_KEYS = ['flow', 'flow_id', 'flow_name', 'flow_json'] as const;

/** a character that cannot be seen or is easily mistaken inside a placeholder: a format character, a tab, a curly quote */
const UNSEEN = /[\t\p{Cf}\u2018\u2019\u201A\u201C\u201D\u201E]/u;

/** a copy-code button's code: Meta's components and coupon-code pages (2026) say 20; older copies of them and some providers 15 */
const COPY_CODE_MAX = 20;
const COPY_CODE_OLD_MAX = 15;
const MEDIA = new Set(['IMAGE', 'VIDEO', 'GIF', 'DOCUMENT']);
/** a URL whose path ends in an mp4 file (a GIF header is an mp4) */
const MP4_URL = /\.mp4([?#]|$)/i;
/** a placeholder's source text for a message, cut short: a message never repeats a huge input */
/** the numbers of `{{ 1 }}`-style placeholders (spaces inside the braces), which placeholder-syntax reports and its fix repairs */
function spacedNumbers(problems: readonly PlaceholderProblem[]): number[] {
  const out: number[] = [];
  for (const p of problems) {
    if (p.kind !== 'whitespace') continue;
    const inner = p.raw.slice(2, -2).trim();
    if (NUMBERED.test(inner) && Number(inner) <= MAX_PLACEHOLDER_NUMBER) out.push(Number(inner));
  }
  return out;
}


/**
 * A button of a type the format knows. On one of an unknown type (`type: PHONE`, `WEBSITE`) the
 * type's own finding says what to write; "phone_number is only for PHONE_NUMBER buttons" beside it
 * would tell the user to remove the key they meant.
 */
const knownType = (b: Loose): boolean => KNOWN_BUTTON_TYPES.has(String(b.type));

/** what to write for `{{Name}}`, `{{first-name}}`, `{{first name}}`: the name in the form a placeholder takes */
/** a number written with leading zeros (`02`): the number it is, `{{2}}` */
const LEADING_ZERO = /^0+[1-9][0-9]*$/;

function malformedHint(raw: string): string {
  const inner = raw.slice(2, -2);
  if (raw.startsWith('{{') && raw.endsWith('}}') && !inner.includes('{') && !inner.includes('}')) {
    // {{ 02 }}: spaces and a leading zero, both of which lint --fix removes
    if (LEADING_ZERO.test(inner.trim())) return `remove the spaces and the leading zero: write {{${Number(inner.trim())}}}`;
    const name = placeholderNameMeant(inner.trim());
    // a Cyrillic or Greek letter that looks like a Latin one (`{{custоmer}}`): named, and the name with the Latin letter
    const found = lookalikes(inner.trim());
    if (name !== undefined && found) return `its name ${lookalikesHeld(found, 'name')}: write {{${name}}}`;
    if (name !== undefined) return `a name is lowercase letters, digits and _: write {{${name}}}`;
  }
  return 'write {{1}} or {{lowercase_name}}';
}

function shown(raw: string): string { return raw.length > 40 ? `${raw.slice(0, 30)}…${raw.slice(-4)}` : raw; }
/**
 * a whitespace-separated run of characters (placeholder-density counts those with a letter or a
 * digit in it: LETTER_OR_DIGIT). One regex for both, `[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*`, was quadratic:
 * from each character of a long run with no letter (32,000 `{{`, 20,000 zero-width spaces: a
 * minute of lint) it read the run to its end and backtracked; each run is now read once.
 */
const WORD = /\S+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * A character of a script written without spaces between words (Chinese, Japanese, Thai, Lao,
 * Khmer, Myanmar, Tibetan): placeholder-density counts these one by one, a space-separated
 * "word" of them being a whole sentence.
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/gu;
/** whether a text has any character UNSPACED counts (not global: no lastIndex to keep) */
const HAS_UNSPACED = new RegExp(UNSPACED.source, 'u');
/** a newline, a tab or a run of 5 spaces: what sample-format names */
const SAMPLE_SPACE = /[\n\r\t]| {5}/;

const meta = 'Meta components reference';
/** the blocks of samples a template's texts take theirs from */
const EXAMPLES_BLOCKS = [['header', 'examples'], ['body', 'examples'], ['message', 'examples']] as const;
const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The keys of the placeholders an RCS message writes where none is filled in, each said by a finding
 * of its own: a media URL (a card's or the message's fileUrl or thumbnailUrl: the schema's "cannot hold
 * a placeholder") and a chip's texts (rcs-suggestion-placeholder). A sample of such a key belongs to
 * that placeholder: it is not said again to have none.
 */
function unfilledRcsPlaceholderKeys(t: Loose): ReadonlySet<string> {
  const m = obj(t.message);
  if (!m) return NO_KEYS;
  const texts: unknown[] = [m.fileUrl, m.thumbnailUrl];
  const chips = (list: unknown): void => { for (const s of arr(list)) for (const v of Object.values(obj(s) ?? {})) texts.push(v); };
  chips(m.suggestions);
  for (const c of arr(m.richCards)) { const card = obj(c); if (card) { texts.push(card.fileUrl, card.thumbnailUrl); chips(card.suggestions); } }
  const keys = new Set<string>();
  for (const v of texts) if (typeof v === 'string' && v.includes('{{')) for (const p of scanPlaceholders(v).placeholders) keys.add(p.key);
  return keys;
}
/** the components reference's buttons, and the refusal the Graph API answers a label with (error 2388060) */
const labelSource = 'Meta components reference; Graph API error 2388060';
/** the template guidelines' review reasons, as a partner's error page quotes them */
const guidelines = 'WhatsApp template guidelines (Twilio error 63040)';
/** a line break (a carriage return too: text-characters names it as well) */
const LINE_BREAK = /[\n\r\u2028\u2029\u0085]/u;
/**
 * a character shown as an emoji: emoji presentation, a pictograph asking for it (U+FE0F), a keycap
 * (1️⃣, #️⃣), an emoji of the emoji planes (🅰); not one asking for text (U+FE0E), not (c), (R), TM, an arrow
 * or a letter in a box (🡒, 🄰: not emoji in Unicode's data)
 */
const EMOJI = /[0-9#*]\uFE0F?\u20E3|(?:\p{Emoji_Presentation}|(?=\p{Emoji})[\u{1F000}-\u{1FAFF}])(?!\uFE0E)|\p{Extended_Pictographic}\uFE0F/u;
/** made when first asked for (a finding's emoji): ICU's segmenter costs every lint worker milliseconds to make */
let graphemes: Intl.Segmenter | undefined;
/** the first emoji of a text, whole (a flag's two letters, a family's joined people, a skin tone): its offsets and the emoji */
function emojiIn(text: string): { start: number; end: number; emoji: string } | undefined {
  const m = EMOJI.exec(text);
  if (!m) return undefined;
  const g = (graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(text).containing(m.index);
  return g ? { start: g.index, end: g.index + g.segment.length, emoji: g.segment } : { start: m.index, end: m.index + m[0].length, emoji: m[0] };
}
/** a phone number as written on a button: digits, spaces, brackets and dashes, an optional + first */
const PHONE_WRITTEN = /^\+?[0-9(][0-9 ()-]*$/;
/**
 * The number a PHONE_NUMBER button's `phone_number` is certainly meant as, when what keeps it from
 * being one is only what an app in another script copied with it (an invisible mark, Arabic-Indic
 * digits, a full-width plus: model/written-characters.ts): that taken out, its grouping kept (WhatsApp
 * takes `+49 30 123456`); undefined when it is a number as written, or would not be one without them.
 */
function phoneWritten(n: string): string | undefined {
  const foreign = foreignCharacters(n);
  return foreign && PHONE_WRITTEN.test(foreign.fixed) && charLength(foreign.fixed) <= 20 ? foreign.fixed : undefined;
}
/**
 * Every button with the path of its mapping: the template's, then each carousel card's. A check of
 * one button's own keys (its label, its URL, its number) runs on both: a card's button is created
 * and refused by the same rules (test/card-button-rules.test.ts moves each such rule's failing
 * button onto a card and expects the same finding there).
 */
export function buttonSites(ctx: Pick<RuleContext, 't'>): [Path, Loose][] {
  if (ctx.t.buttons === undefined && ctx.t.carousel === undefined) return [];
  const sites: [Path, Loose][] = buttons(ctx).map(({ v, i }) => [['buttons', i], v]);
  for (const { v: c, i } of indexed(ctx.t.carousel)) for (const { v, i: j } of indexed(c.buttons)) sites.push([['carousel', i, 'buttons', j], v]);
  return sites;
}

/** the texts of a text header and of the footer, where the template has them */
function headerAndFooter(ctx: RuleContext): { path: Path; text: string; what: string }[] {
  if (ctx.t.header === undefined && ctx.t.footer === undefined) return [];
  const h = obj(ctx.t.header);
  const header = h?.format === 'TEXT' ? str(h.text) : undefined;
  const footer = str(ctx.t.footer);
  return [
    ...(header !== undefined ? [{ path: ['header', 'text'], text: header, what: 'A text header' }] : []),
    ...(footer !== undefined ? [{ path: ['footer'], text: footer, what: 'The footer' }] : []),
  ];
}
/** the files WhatsApp takes as each media header (Meta's supported media types), by extension */
const MEDIA_FILES: Readonly<Record<string, readonly string[]>> = {
  IMAGE: ['jpg', 'jpeg', 'png'], VIDEO: ['mp4', '3gp', '3gpp'], DOCUMENT: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'],
};
/** what each media header's sample is to be, said in a finding */
const MEDIA_WANTED: Readonly<Record<string, string>> = {
  IMAGE: 'a JPEG or PNG image (.jpg, .jpeg, .png)', VIDEO: 'an MP4 or 3GPP video (.mp4, .3gp, .3gpp)', DOCUMENT: 'a PDF (.pdf)',
};
/** a file by its extension, said in a finding: `a Word document`, `a .mov file` */
function fileKind(ext: string): string {
  const kinds: Record<string, string> = {
    jpg: 'a JPEG image', jpeg: 'a JPEG image', png: 'a PNG image', gif: 'a GIF', webp: 'a WebP image', heic: 'a HEIC image', heif: 'a HEIF image', avif: 'an AVIF image', svg: 'an SVG image', bmp: 'a BMP image', tif: 'a TIFF image', tiff: 'a TIFF image',
    mp4: 'an MP4 video', '3gp': 'a 3GPP video', '3gpp': 'a 3GPP video', mov: 'a QuickTime video (.mov)', webm: 'a WebM video', avi: 'an AVI video', mkv: 'a Matroska video (.mkv)',
    pdf: 'a PDF', doc: 'a Word document', docx: 'a Word document', xls: 'an Excel workbook', xlsx: 'an Excel workbook', ppt: 'a PowerPoint presentation', pptx: 'a PowerPoint presentation', txt: 'a text file',
    mp3: 'an MP3 audio file', zip: 'a ZIP archive', csv: 'a CSV file',
  };
  return kinds[ext] ?? `a .${ext} file`;
}
/** the file name a media sample's URL ends with (its path's last part, percent-decoded), the scheme, host, query and fragment left out */
function mediaFileName(url: string): string {
  const last = url.split(/[?#]/)[0]!.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').split('/').pop() ?? '';
  try { return decodeURIComponent(last); } catch { return last; }
}
/** extensions tplsync knows to be files of a kind (a URL ending `.html` or `.php` may serve anything: no finding) */
const KNOWN_FILES = new Set([...Object.values(MEDIA_FILES).flat(), 'gif', 'webp', 'bmp', 'tif', 'tiff', 'svg', 'heic', 'heif', 'avif', 'ico', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv', 'm4v', 'mpeg', 'mpg', 'mp3', 'aac', 'ogg', 'opus', 'wav', 'amr', 'm4a', 'zip', 'rar', '7z', 'csv', 'rtf', 'odt', 'ods', 'odp', 'epub', 'pages', 'key', 'numbers']);
/** the two-digit country calling codes (ITU-T E.164); 1 and 7 are one digit, every other code three */
const CC2 = new Set(['20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98']);

/** the country calling code an international number's digits (after the +) start with: 1 and 7, the two-digit codes, else three digits */
export function countryCodeOf(digits: string): string {
  return digits[0] === '1' || digits[0] === '7' ? digits.slice(0, 1) : CC2.has(digits.slice(0, 2)) ? digits.slice(0, 2) : digits.slice(0, 3);
}

/** an area code, an exchange and a line, grouped as North America writes a number at home (no country code): 800-555-0199, 800 555 0199 */
const NANP_GROUPED = /^[2-9][0-9]{2}[ -][2-9][0-9]{2}[ -][0-9]{4}$/;

/** why a phone number (digits, spaces, brackets, dashes, a leading +) will not be dialled as written, or undefined */
export function phoneCountryProblem(written: string): string | undefined {
  const digits = written.replace(/[^0-9]/g, '');
  // the shortest numbers with their country code have 7 digits (+290 and a 4-digit number)
  if (digits.length < 7) return `'${written}' has ${digits.length} digit${digits.length === 1 ? '' : 's'}: too few for a number with its country code (e.g. +49 30 1234567).`;
  if (!written.startsWith('+')) {
    if (digits.startsWith('00')) return `'${written}' starts with 00, the international prefix of some countries: write + and the country code instead (+${digits.slice(2)}).`;
    if (digits.startsWith('0')) return `'${written}' is written as dialled at home: WhatsApp dials it as an international number; write + and the country code, in most countries without the leading 0 (030 1234567 in Germany is +49 30 1234567). A number that keeps its 0 after the country code (Italy's 06 ...) is dialled without it: give another number, or write it in the body text.`;
    // written as dialled at home where no trunk 0 shows it (the North American plan has none): an area code in
    // brackets, the area code, exchange and line grouped 3-3-4, or a number too short to hold a country code
    const home = ` is written as dialled at home: WhatsApp dials it as an international number, whose first digits are the country code`;
    if (written.startsWith('(')) return `'${written}'${home} (an area code in brackets comes after it); write + and the country code first (+1 ${written} in the United States and Canada).`;
    if (NANP_GROUPED.test(written)) return `'${written}'${home} (it would dial +${countryCodeOf(digits)} ${digits.slice(countryCodeOf(digits).length)}); a North American number needs its 1: write +1 ${written}.`;
    if (digits.length < 8) return `'${written}' has ${digits.length} digits and no +: a local number, written as dialled at home; WhatsApp dials it as an international number: write + and the country code and the area code (+1 555 555 0100).`;
  }
  if (digits.startsWith('0')) return `'${written}': a country code does not start with 0; write + and the country code (+44 for the United Kingdom, +49 for Germany).`;
  const cc = countryCodeOf(digits);
  // International Freephone (+800) and Shared Cost (+808) numbers have 8 digits after the code (ITU-T E.169): a US
  // toll-free 800 number written without its 1 is read as one, and dials no one
  if ((cc === '800' || cc === '808') && digits.length !== 11) {
    return `'${written}' ${written.startsWith('+') ? 'is' : 'is dialled as'} +${cc}, an international ${cc === '800' ? 'freephone' : 'shared-cost'} number, which has 8 digits after ${cc}; this one has ${digits.length - 3}.${written.startsWith('+') ? '' : ` A North American toll-free number needs its 1: write +1 ${written}.`}`;
  }
  if (!written.startsWith('+')) return undefined;
  // the North American plan: an area code and a number, 10 digits after the 1
  if (cc === '1' && digits.length !== 11) return `'${written}': a number of +1 (the United States, Canada, the Caribbean) has 10 digits after the 1, the area code and the number; this one has ${digits.length - 1}.`;
  if (digits[cc.length] === '0') return `WhatsApp strips the 0 after the country code +${cc}: this button dials +${cc} ${digits.slice(cc.length + 1)}. If the number works without the 0, write it so; if it needs the 0, give another number or write it in the body text.`;
  return undefined;
}
/** WhatsApp's formatting marks around text (as the body has them): ```mono```, or *, _, ~ around a run that does not begin or end with a space */
const HEADER_MARKS = /(^|[^\p{L}\p{N}*_~`])(```[^`]+```|([*_~])(?!\s)[^*_~\n]+?(?<!\s)\3)(?![\p{L}\p{N}])/u;

/** the template's button mappings with their index; worked out once per template (a dozen rules ask) */
/** the template's buttons that are mappings, with their indices (rule.ts indexed) */
export const buttons = (ctx: Pick<RuleContext, 't'>): readonly Indexed[] => indexed(ctx.t.buttons);
/** the buttons of one type, with their indexes among all the template's buttons (the path a finding names) */
export const buttonsOfType = (ctx: RuleContext, type: string): readonly Indexed[] => buttons(ctx).filter(({ v: b }) => b.type === type);


/**
 * The length of the text at `path` (a mapping with `text` and `examples`) with its samples
 * substituted, when it is over `limit` while the text alone is not (over without samples: the
 * length rules' finding: body-length, offer-body-length, carousel-card-body); else undefined.
 */
function renderedOver(ctx: RuleContext, path: Path, limit: number, samples?: Loose): number | undefined {
  let body: unknown = ctx.t;
  for (const k of path) body = (body as Record<string | number, unknown> | undefined)?.[k];
  const text = str(obj(body)?.text);
  if (text === undefined || charLength(text) > limit) return undefined;
  const examples = samples ?? obj(obj(body)?.examples) ?? {};
  // no sample, however long, can take the text past the limit: nothing to render
  let longest = 0;
  for (const v of Object.values(examples)) longest = Math.max(longest, sample(v)?.length ?? 0);
  if (text.length + ctx.scan([...path, 'text']).placeholders.length * longest <= limit) return undefined;
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(examples)) { const s = sample(v); if (s !== undefined) values[k] = s; }
  const n = charLength(renderText(text, values));
  return n > limit ? n : undefined;
}

export const whatsappRules = defineRules([
  {
    id: 'language-unknown', group: 'whatsapp', severity: 'warning',
    summary: 'The language is on WhatsApp\'s list of supported template languages.',
    why: 'A well-formed code that WhatsApp does not support is rejected on submission. A warning, not an error: tplsync\'s list is WhatsApp\'s as last checked, and a language WhatsApp adds later would otherwise be refused here.',
    fix: 'Use a code from Meta\'s supported-languages list (for example en_US, pt_BR, es_MX).', source: 'Meta supported languages',
    check(ctx) {
      const l = str(ctx.t.language);
      const unlisted = l === undefined ? undefined : unlistedWhatsappLanguage(l);
      if (unlisted) ctx.report(['language'], unlisted.endsWith('?') ? unlisted : `${unlisted}.`);
    },
  },
  {
    id: 'header-text', group: 'whatsapp', severity: 'error',
    summary: 'A TEXT header has text of at most 60 characters; other formats have no text.',
    why: 'WhatsApp limits header text to 60 characters and rejects text on media headers.',
    fix: 'Shorten the header, or move the text into the body.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      if (!h) return;
      const text = str(h.text);
      if (h.format === 'TEXT') {
        // its text under `title:`: the schema's finding at that key says to write `text`
        if (text === undefined && textUnderSynonym(h) !== undefined) return;
        if (text === undefined || blank(text)) ctx.report(['header', text === undefined ? 'format' : 'text'], 'A TEXT header needs `text`.');
        else if (charLength(text) > 60) ctx.report(['header', 'text'], `Header text is ${charLength(text)} characters; the limit is 60.`);
      } else if (typeof h.format === 'string' && text !== undefined) {
        ctx.report(['header', 'text'], `${an(h.format).replace(/^a/, 'A')} header has no text; remove \`text\` or use format TEXT.`, { part: 'key' });
      }
    },
  },
  {
    id: 'header-placeholders', group: 'whatsapp', severity: 'error',
    summary: 'A text header has at most one placeholder.',
    why: 'WhatsApp allows one variable in a header.', fix: 'Keep one placeholder in the header and move the rest to the body.', source: meta,
    check(ctx) {
      const s = ctx.scan(['header', 'text']);
      const keys = distinctKeys(s.placeholders);
      if (keys.length > 1) {
        const second = s.placeholders.find((p) => p.key === keys[1])!;
        const list = keys.slice(0, 5).map((k) => `{{${k}}}`).join(', ') + (keys.length > 5 ? `, and ${keys.length - 5} more` : '');
        ctx.report(['header', 'text'], `A header has at most 1 placeholder; found ${keys.length} (${list}).`, { at: second });
      }
    },
  },
  {
    id: 'header-media-sample', group: 'whatsapp', severity: 'error',
    summary: 'An IMAGE, VIDEO, GIF or DOCUMENT header has a sample media URL; other headers have none.',
    why: 'WhatsApp reviews media templates with a sample (sent as example.headerMediaUrl) and rejects them without one.',
    fix: 'Add `example: https://...` with a public URL of a representative file.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      if (!h || typeof h.format !== 'string') return;
      const ex = str(h.example);
      if (MEDIA.has(h.format) && noSample(h.example)) {
        ctx.report(['header', ex === undefined ? 'format' : 'example'], `${an(h.format).replace(/^a/, 'A')} header needs \`example\`: the URL of a sample ${h.format === 'GIF' ? 'GIF as an .mp4 file (WhatsApp sends GIF headers as mp4)' : h.format.toLowerCase()}.`);
      } else if (!MEDIA.has(h.format) && h.example !== undefined) {
        ctx.report(['header', 'example'], `${an(h.format).replace(/^a/, 'A')} header takes no media example${h.format === 'TEXT' ? '; put samples of its placeholders in `examples`' : ''}.`, { part: 'key' });
      }
    },
  },
  {
    id: 'header-gif-category', group: 'whatsapp', severity: 'error',
    summary: 'A GIF header belongs to a MARKETING template.',
    why: 'WhatsApp takes GIF headers currently only for marketing messages (sent through the Marketing Messages API): a GIF header on a UTILITY or AUTHENTICATION template is one the platform does not take, so it is an error, as `tplsync new` refuses a gif template of another category. (How the GIF is sent, an mp4 sample, is header-gif\'s, a warning.)',
    fix: 'Set `category: MARKETING`, or use an IMAGE or VIDEO header.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      if (h?.format === 'GIF' && typeof ctx.t.category === 'string' && ctx.t.category !== 'MARKETING') ctx.report(['header', 'format'], ctx.t.category === 'AUTHENTICATION'
        // (an authentication template takes no header at all: the advice of another format would contradict authentication's finding)
        ? 'A GIF header is for MARKETING templates only (sent through the Marketing Messages API), and an AUTHENTICATION template takes no header at all: remove the header.'
        : `A GIF header is for MARKETING templates only (sent through the Marketing Messages API), not ${ctx.t.category}; use IMAGE or VIDEO, or make the template MARKETING.`);
    },
  },
  {
    id: 'header-gif', group: 'whatsapp', severity: 'warning',
    summary: 'The sample of a GIF header is an mp4 file.',
    why: 'WhatsApp takes GIF headers as mp4 files of at most 3.5 MB (a larger file is shown as a video). A warning: the sample\'s URL may serve an mp4 under another name. (A GIF header outside a MARKETING template is header-gif-category\'s error.)',
    fix: 'Give an mp4 sample (at most 3.5 MB), or use an IMAGE or VIDEO header.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      if (h?.format !== 'GIF') return;
      const ex = str(h.example);
      if (ex !== undefined && ex.trim() !== '' && !MP4_URL.test(ex)) {
        ctx.report(['header', 'example'], 'A GIF header is sent as an mp4 file (at most 3.5 MB; larger is shown as a video); give the URL of a sample .mp4.');
      }
    },
  },
  {
    id: 'header-location-category', group: 'whatsapp', severity: 'error',
    summary: 'A LOCATION header is only for UTILITY and MARKETING templates.',
    why: 'WhatsApp rejects location headers in other categories.', fix: 'Change the category, or use another header format.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      if (h?.format === 'LOCATION' && ctx.t.category === 'AUTHENTICATION') {
        ctx.report(['header', 'format'], 'A LOCATION header is only allowed in UTILITY and MARKETING templates.');
      }
    },
  },
  {
    id: 'body-length', group: 'whatsapp', severity: 'error',
    summary: 'The body has at most 1024 characters, and is not only spaces.',
    why: 'WhatsApp rejects longer bodies, and requires body text ("Body text is required and must not be empty"): a body of spaces alone is no text.', fix: 'Shorten the body text; write the text of a blank body.', source: meta,
    check(ctx) {
      const text = str(obj(ctx.t.body)?.text);
      if (text !== undefined && charLength(text) > 1024) ctx.report(['body', 'text'], `The body is ${charLength(text)} characters; the limit is 1024.`);
      // "" is the schema's finding (components)
      else if (text !== undefined && text !== '' && blank(text)) ctx.report(['body', 'text'], 'The body text is only spaces or invisible characters: WhatsApp requires body text; write the message.');
    },
  },
  {
    id: 'footer', group: 'whatsapp', severity: 'error',
    summary: 'The footer has at most 60 characters and no placeholders.',
    why: 'WhatsApp footers are static text of at most 60 characters.', fix: 'Shorten the footer and remove placeholders from it.', source: meta,
    check(ctx) {
      const f = str(ctx.t.footer);
      if (f === undefined) return;
      if (charLength(f) > 60) ctx.report(['footer'], `The footer is ${charLength(f)} characters; the limit is 60.`);
      else if (blank(f)) ctx.report(['footer'], `The footer is ${f === '' ? 'empty' : 'only spaces or invisible characters'}: write its text, or remove the footer.`);
      const s = ctx.scan(['footer']);
      const p = s.placeholders[0] ?? s.problems.find((x) => x.kind === 'range');
      if (p) ctx.report(['footer'], `A footer cannot hold placeholders; remove ${shown(p.raw)}.`, { at: p });
    },
  },
  {
    id: 'placeholder-single-braces', group: 'whatsapp', severity: 'warning',
    summary: 'A placeholder is written with two braces on each side: `{1}` or `{first_name}` (single braces, as other tools write a variable) is sent as written.',
    why: 'WhatsApp and RCS fill in only {{1}} or {{name}}; a text with {1} goes to review and to every recipient with the braces and the word as they are, and its sample belongs to no placeholder.',
    fix: 'Write {{1}} (or {{first_name}}) instead of {1}.', source: 'Meta components reference',
    check(ctx) {
      for (const { site } of ctx.placeholders().sites) {
        for (const p of singleBraced(site.text)) {
          const key = NUMBERED.test(p.key) ? p.key : /^[0-9]+$/.test(p.key) ? String(Number(p.key) || 1) : NAMED.test(p.key) ? p.key : placeholderNameFor(p.key);
          const platform = site.role === 'rcs' ? 'The platform' : 'WhatsApp';
          ctx.report(site.path, `"${p.raw}" has single braces: a placeholder has two on each side, {{${key}}}. ${platform} fills in only {{...}} and would send "${p.raw}" as written; write {{${key}}}.`, { at: p });
        }
      }
    },
  },
  {
    id: 'placeholder-syntax', group: 'whatsapp', severity: 'error',
    summary: 'Placeholders are well-formed: {{1}} or {{name}}, braces balanced, no spaces inside.',
    why: 'Meta rejects templates with malformed parameters ("parameter formatting").',
    fix: 'Write numbered placeholders as {{1}}, named ones as {{lowercase_name}}.', source: 'Meta template review',
    repair: trimPlaceholders, repairTitle: 'Remove the spaces inside the placeholder braces ({{ 1 }} is {{1}}) and a number\'s leading zeros ({{04}} is {{4}}, its sample keyed "04" moved to 4)',
    quickFixTitle: 'Remove the spaces and leading zeros inside the braces',
    check(ctx) {
      const view = ctx.placeholders();
      // well-formed, and no name a program cannot pass: `{ __proto__: 'Ann' }` sets an object's prototype in JavaScript
      for (const { site, scan } of view.sites) {
        for (const p of scan.placeholders) {
          if (p.key === '__proto__') ctx.report(site.path, '{{__proto__}} cannot be given as a parameter: in JavaScript `{ __proto__: ... }` sets an object\'s prototype, so the generated types and sendTemplate cannot carry it; rename the placeholder.', { at: p });
          // the one lower-case name every JavaScript object answers to: a sample or a value of that name would be found where none was written
          else if (p.key === 'constructor') ctx.report(site.path, '{{constructor}} cannot be a placeholder\'s name in tplsync: every JavaScript object has a `constructor`, so a missing sample or value of that name would be taken as given; rename the placeholder (e.g. {{maker}}).', { at: p });
        }
      }
      if (view.problems === 0) return;
      for (const { site, scan } of view.sites) {
        for (const p of scan.problems) {
          if (p.kind === 'forbidden' || p.kind === 'range') continue;
          const why = {
            unclosed: '`{{` is never closed with `}}`',
            unopened: '`}}` has no opening `{{`',
            empty: 'the placeholder is empty',
            whitespace: `remove the spaces: write {{${p.raw.slice(2, -2).trim()}}}`,
            zero: /^0+[1-9][0-9]*$/.test(p.raw.slice(2, -2).trim()) ? `a number has no leading zero: write {{${Number(p.raw.slice(2, -2).trim())}}}` : 'numbered placeholders start at 1',
            malformed: malformedHint(p.raw),
            forbidden: '',
            range: '',
          }[p.kind];
          const odd = [...p.raw].find((c) => UNSEEN.test(c));
          if (odd) {
            // name what cannot be seen, and show where it is
            const visible = shown(p.raw).replace(new RegExp(UNSEEN.source, 'gu'), (c) => `<${codePoint(c).split(' ')[0]}>`);
            ctx.report(site.path, `Malformed placeholder ${JSON.stringify(visible)}: it holds ${codePoint(odd)}${/[\t\p{Cf}]/u.test(odd) ? ', which cannot be seen' : ', a word processor\'s quote'}; delete it and retype the placeholder as {{1}} or {{lowercase_name}}.`, { at: p });
            continue;
          }
          if (WIDE_BRACE.test(p.raw)) {
            // ｛｛1｝｝: an input method's full-width mode (Japanese, Chinese); the platform sees no placeholder and sends the braces
            const meant = p.raw.normalize('NFKC');
            const ok = /^\{\{[^{}]*\}\}$/.test(meant) && (NAMED.test(meant.slice(2, -2)) || NUMBERED.test(meant.slice(2, -2)));
            ctx.report(site.path, `Malformed placeholder ${JSON.stringify(shown(p.raw))}: it is typed with full-width braces ｛ ｝ (U+FF5B, U+FF5D, an input method's full-width mode), which are sent as text, not filled in; write ${ok ? meant : '{{1}} or {{lowercase_name}}'} with the half-width (ASCII) braces { }.`, { at: p });
            continue;
          }
          if (OTHER_DIGIT.test(p.raw)) {
            // {{١}}: a translator's keyboard or tool writes the digits of its script (Arabic-Indic, Devanagari, ...); the platform numbers placeholders in ASCII digits only
            const meant = asciiDigits(p.raw);
            const inner = meant.slice(2, -2);
            const ok = /^\{\{[^{}]*\}\}$/.test(meant) && (NAMED.test(inner) || NUMBERED.test(inner));
            ctx.report(site.path, `Malformed placeholder ${JSON.stringify(shown(p.raw))}: it is written with ${otherDigitsNamed(p.raw)!}, which is sent as text, not filled in; write ${ok ? meant : '{{1}} or {{lowercase_name}}'} with the ASCII digits 0-9.`, { at: p });
            continue;
          }
          ctx.report(site.path, `Malformed placeholder ${JSON.stringify(shown(p.raw))}: ${why}.`, { at: p });
        }
      }
    },
  },
  {
    id: 'placeholder-reserved-name', group: 'whatsapp', severity: 'error',
    summary: 'A named placeholder is not called like the parameter tplsync gives a URL button (button_N) or a carousel card (card_N) of the same template.',
    why: 'In the generated types and in `tplsync send --param`, the URL button at index N takes its value as `button_N` and carousel card N as `card_N`, beside the named placeholders: a placeholder of that name would take the button\'s value (the customer\'s name sent in the button\'s URL), or give the module two properties of one name, which does not compile.',
    fix: 'Rename the placeholder, e.g. {{guest_name}} for {{button_0}}.', source: 'tplsync (the parameters of types and send)',
    check(ctx) {
      const view = ctx.placeholders();
      const urls = new Set(view.sites.filter(({ site }) => (site.role === 'url' || site.role === 'card-url') && site.button !== undefined)
        .map(({ site }) => `${site.card ?? ''}/${site.button!}`));
      const cards = Array.isArray(ctx.t.carousel) ? ctx.t.carousel.length : 0;
      for (const { site, scan } of view.sites) {
        if (site.role !== 'header' && site.role !== 'body' && site.role !== 'card') continue;
        const seen = new Set<string>();
        for (const p of scan.placeholders) {
          if (seen.has(p.key)) continue;
          seen.add(p.key);
          const button = /^button_(0|[1-9][0-9]{0,2})$/.exec(p.key);
          const card = /^card_([1-9][0-9]{0,2})$/.exec(p.key);
          const where = site.role === 'card' ? `card ${site.card! + 1}'s ` : '';
          if (button && urls.has(`${site.role === 'card' ? site.card! : ''}/${button[1]}`)) {
            ctx.report(site.path, `{{${p.key}}} has the name tplsync gives the placeholder of ${where}URL button ${Number(button[1]) + 1} (\`${p.key}\` in the generated types and send --param): one value would fill both; rename this placeholder.`, { at: p });
          } else if (card && site.role !== 'card' && Number(card[1]) <= cards) {
            ctx.report(site.path, `{{${p.key}}} has the name tplsync gives carousel card ${card[1]}'s values (\`${p.key}\` in the generated types and send --param): rename this placeholder.`, { at: p });
          }
        }
      }
    },
  },
  {
    id: 'placeholder-content', group: 'whatsapp', severity: 'error',
    summary: 'No #, $ or % inside placeholder braces.',
    why: 'Meta rejects parameters containing these characters.', fix: 'Use {{1}} or {{name}}; put currency symbols outside the braces.', source: 'Meta template review',
    check(ctx) {
      const view = ctx.placeholders();
      if (view.problems === 0) return;
      for (const { site, scan } of view.sites) {
        for (const p of scan.problems) {
          if (p.kind === 'forbidden') ctx.report(site.path, `Placeholder ${shown(p.raw)} contains #, $ or %; these are not allowed inside the braces.`, { at: p });
        }
      }
    },
  },
  {
    id: 'placeholder-out-of-range', group: 'whatsapp', severity: 'error',
    summary: `Placeholder numbers run from 1 to ${MAX_PLACEHOLDER_NUMBER}.`,
    why: `The longest text that may hold placeholders (an RCS message, 3072 characters) fits about 400 numbered placeholders without a gap, so a number above ${MAX_PLACEHOLDER_NUMBER} is always a mistake, or an attempt to make the tools count up to it. tplsync does not treat such text as a placeholder at all (it is reported once here), so no check, compiler or sample list ever does work in proportion to a number written in a file.`,
    fix: 'Renumber the placeholders 1, 2, 3, ... in the component.', source: 'tplsync (a bound on input)',
    check(ctx) {
      const view = ctx.placeholders();
      if (view.problems === 0) return;
      for (const { site, scan } of view.sites) {
        const seen = new Set<string>();
        for (const p of scan.problems) {
          if (p.kind !== 'range' || seen.has(p.raw)) continue;
          seen.add(p.raw);
          ctx.report(site.path, `${shown(p.raw)} is not a placeholder: numbers run from 1 to ${MAX_PLACEHOLDER_NUMBER}; renumber the placeholders 1, 2, 3, ...`, { at: p });
        }
      }
    },
  },
  {
    id: 'placeholder-mixed', group: 'whatsapp', severity: 'error',
    summary: 'A template uses named or numbered placeholders, never both (a carousel\'s cards included).',
    why: 'A WhatsApp template has one parameter format, positional or named, for its header, body and every carousel card.',
    fix: 'Rename the placeholders so that all are numbered or all are named. (URL buttons always use {{1}}.)', source: 'Meta templates guide',
    check(ctx) {
      // the header, the body and a carousel's cards share the one format (Meta's parameter_format)
      let first: { style: string; where: string } | undefined;
      for (const { site, scan } of ctx.placeholders().sites) {
        if (site.role === 'url' || site.role === 'card-url') continue;
        const card = site.role === 'card';
        // a card that mixes the two itself: carousel-card-placeholders says so
        if (card && new Set(scan.placeholders.map((p) => p.style)).size > 1) continue;
        for (const p of scan.placeholders) {
          first ??= { style: p.style, where: card ? `card ${site.card! + 1}'s` : 'earlier' };
          if (p.style !== first.style) {
            ctx.report(site.path, card
              ? `Card ${site.card! + 1}'s ${p.raw} is ${p.style} but the ${first.where === 'earlier' ? 'template\'s' : first.where} placeholders are ${first.style}: a WhatsApp template has one parameter format, cards included; make them all ${first.style} or all ${p.style}.`
              : `${p.raw} is ${p.style} but ${first.where} placeholders are ${first.style}; do not mix named and numbered placeholders.`, { at: p });
            return;
          }
        }
      }
    },
  },
  {
    id: 'placeholder-sequence', group: 'whatsapp', severity: 'error',
    summary: 'Numbered placeholders start at {{1}} and have no gaps.',
    why: 'WhatsApp rejects {{2}} without {{1}}, or {{1}} {{3}} without {{2}}.', fix: 'Renumber the placeholders 1, 2, 3, ... in the component.',
    source: 'Meta template review, "parameter formatting"',
    repair: renumberPlaceholders, repairTitle: 'Renumber the placeholders 1, 2, 3, ... in order (their samples too)',
    quickFixTitle: 'Renumber the placeholders 1, 2, 3, ... in order',
    check(ctx) {
      // one numbering per group: the header's own; the body's, which an RCS message's texts
      // continue (they are numbered after the body's: {{2}} in a card may be the body's {{2}});
      // each carousel card's own
      const groups = new Map<string, { path: Path; ps: Placeholder[]; spaced: number[]; text: string }[]>();
      for (const { site, scan } of ctx.placeholders().sites) {
        if (site.role === 'url' || site.role === 'card-url') continue;
        const ps = scan.placeholders.filter((p) => p.style === 'numbered');
        // `{{ 1 }}` is placeholder-syntax's finding (its fix takes the spaces out): the number it
        // means is used, so `{{ 1 }} ... {{2}}` is no gap
        const spaced = spacedNumbers(scan.problems);
        if (ps.length === 0 && spaced.length === 0) continue;
        // a text that mixes names and numbers: placeholder-mixed's finding; its numbers are no sequence to judge
        if (ps.length !== scan.placeholders.length) continue;
        const key = site.role === 'card' ? `card ${site.card}` : site.role === 'rcs' ? 'body' : site.role;
        const list = groups.get(key) ?? [];
        list.push({ path: site.path, ps, spaced, text: site.text });
        groups.set(key, list);
      }
      // which numbers each part uses: a number missing here that another part holds is that part's parameter, said so
      const numbersOf = new Map([...groups].map(([key, sites]) => [key, new Set(sites.flatMap((site) => [...site.ps.map((p) => Number(p.key)), ...site.spaced]))]));
      const partName = (key: string): string => (key.startsWith('card ') ? `carousel card ${Number(key.slice(5)) + 1}` : `the ${key}`);
      for (const [key, sites] of groups) {
        // the scanner bounds every number by MAX_PLACEHOLDER_NUMBER, so this table is small
        const used = new Uint8Array(MAX_PLACEHOLDER_NUMBER + 2);
        for (const site of sites) {
          for (const p of site.ps) used[Number(p.key)] = 1;
          for (const n of site.spaced) used[n] = 1;
        }
        let gap = 1;
        while (used[gap]) gap++;
        // the first placeholder (in reading order) above the first gap is the one to renumber
        let at: { path: Path; p: Placeholder } | undefined;
        for (const site of sites) {
          const p = site.ps.find((x) => Number(x.key) > gap);
          if (p) { at = { path: site.path, p }; break; }
        }
        if (!at) continue;
        const n = Number(at.p.key);
        const missing: number[] = [];
        let more = 0;
        for (let k = gap; k < n; k++) if (!used[k]) { if (missing.length < 10) missing.push(k); else more++; }
        const list = missing.map((m) => `{{${m}}}`).join(', ') + (more ? `, and ${more} more` : '');
        // a number written with single braces (`{1}` typed for {{1}}): that is the fix, not renumbering
        const single = sites.flatMap((site) => singleBraced(site.text)).find((p) => /^[0-9]+$/.test(p.key) && missing.includes(Number(p.key)));
        const hint = single ? ` "${single.raw}" has single braces: write {{${Number(single.key)}}} there rather than renumbering the others` : '';
        // `{{1}}` in the header and `{{2}}` first in the body: the header's {{1}} is another parameter (Meta numbers each part's from 1)
        const elsewhere = [...numbersOf].filter(([k, used]) => k !== key && missing.some((m) => used.has(m))).map(([k]) => partName(k));
        const own = elsewhere.length ? ` in ${partName(key)}: ${elsewhere.join(' and ')} ${elsewhere.length === 1 ? 'numbers its' : 'number their'} placeholders on ${elsewhere.length === 1 ? 'its' : 'their'} own, so ${partName(key)}'s start again at {{1}}` : '';
        ctx.report(at.path, `{{${n}}} is used but ${list} ${missing.length + more === 1 ? 'is' : 'are'} not${own}; numbered placeholders run 1, 2, 3, ... without gaps${sites.length > 1 ? ' (an RCS message continues the body\'s numbering)' : ''}.${hint}`, { at: at.p });
      }
    },
  },
  {
    id: 'placeholder-position', group: 'whatsapp', severity: 'error',
    summary: 'The body does not start or end with a placeholder (an AUTHENTICATION body may start with its code).',
    why: 'Meta rejects such templates (error 2388299). Authentication templates are the exception: WhatsApp\'s own text starts with the code ("{{1}} is your verification code."). Text that shows nothing before the first placeholder or after the last (white space, a no-break space, a direction mark such as U+200F RIGHT-TO-LEFT MARK, an isolate, a zero-width space) is no text: what the customer reads starts or ends with the value (an RTL keyboard or a copy from WhatsApp Web adds such a mark). `translations import` judges a translation the same way.', fix: 'Add fixed text before the first or after the last placeholder (a mark there stays, before or after the words).', source: 'Meta error codes',
    check(ctx) {
      const text = str(obj(ctx.t.body)?.text);
      if (text === undefined) return;
      const s = ctx.scan(['body', 'text']);
      const first = s.placeholders[0];
      const last = s.placeholders[s.placeholders.length - 1];
      // WhatsApp's own authentication text opens with the code: "{{1}} is your verification code."
      const mayOpen = ctx.t.category === 'AUTHENTICATION';
      // (a text there that shows nothing, a right-to-left mark or a zero-width space, is no text: said by name, to be deleted or written before)
      const edges = placeholderAtEdges(s.texts);
      const held = (t: string, where: string): string => (/^\s*$/.test(t) ? '' : ` (${where} it: ${describeNothing(t)}, which shows nothing)`);
      // a body that is one placeholder and nothing else: one finding, not one for each end
      if (first && first === last && !mayOpen && edges.start && edges.end) {
        ctx.report(['body', 'text'], `The body is only the placeholder ${first.raw}${held(s.texts[0]! + s.texts[1]!, 'around')}; WhatsApp needs fixed text around it: add text before and after it.`, { at: first });
        return;
      }
      if (first && !mayOpen && edges.start) ctx.report(['body', 'text'], `The body starts with the placeholder ${first.raw}${held(s.texts[0]!, 'before')}; add text before it.`, { at: first });
      if (last && edges.end) {
        const t = s.texts[s.texts.length - 1]!;
        ctx.report(['body', 'text'], `The body ends with the placeholder ${last.raw}${held(t, 'after')}; add text after it.`, { at: last });
      }
    },
  },
  {
    id: 'placeholder-adjacent', group: 'whatsapp', severity: 'error',
    summary: 'Two placeholders are separated by text, not just spaces.',
    why: 'WhatsApp rejects {{1}}{{2}} and {{1}} {{2}} as INVALID_FORMAT.', fix: 'Put a word or punctuation between the placeholders (`{{weekday}}, {{date}}`): a zero-width space, a direction mark (U+200E, U+200F, U+061C) or isolate, or another character that prints as nothing is no text between them (the finding names each one there, to be deleted).', source: 'Meta status webhook rejection info',
    check(ctx) {
      for (const { site, scan: s } of ctx.placeholders().sites) {
        for (let k = 1; k < s.placeholders.length; k++) {
          // a zero-width space or another character that prints as nothing is no text between them: said by name, to be deleted
          const t = s.texts[k]!;
          if (showsNothing(t)) {
            const p = s.placeholders[k]!;
            const prev = s.placeholders[k - 1]!.raw;
            // how to mend it, said with the two placeholders: what prints nothing goes, a word or punctuation comes
            const mend = `${/^[ \t\r\n]*$/.test(t) ? '' : 'delete it and '}put a word or punctuation between them, as in ${prev}, ${p.raw}`;
            ctx.report(site.path, `${prev} and ${p.raw} have no text between them${t === '' ? '' : `: ${describeNothing(t)}`}; ${mend}.`, { at: p });
          }
        }
      }
    },
  },
  {
    id: 'placeholder-density', group: 'whatsapp', severity: 'warning',
    summary: 'The body has enough fixed words for its placeholders: words and placeholders together at least 3n+1 for n placeholders, so at least 2n+1 fixed words (in Chinese, Japanese, Thai and other scripts without spaces, characters).',
    why: 'Meta rejects templates with too many variables for their length (error 2388293); it publishes no threshold. The heuristic the messaging providers publish counts words and placeholders together: at least 3n+1 of them for n placeholders (Meta\'s own example "Thank you, {{first_name}}! Your order number is {{order_number}}." has 6 words and 2 placeholders: 8, at least 7).',
    fix: 'Add fixed text, or merge placeholders.', source: 'Meta error codes; community heuristic',
    check(ctx) {
      const s = ctx.scan(['body', 'text']);
      const n = s.placeholders.length;
      if (n === 0) return;
      // the whitespace-separated words with a letter or a digit; in a script written without
      // spaces, each of its characters (a "word" there is a whole sentence)
      let words = 0;
      let unspaced = 0;
      for (const text of s.texts) {
        WORD.lastIndex = 0;
        const unspacedScript = HAS_UNSPACED.test(text);
        for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
          if (!LETTER_OR_DIGIT.test(m[0])) continue;
          // most texts have no such script: their words are counted without a second match
          if (!unspacedScript) { words++; continue; }
          const chars = m[0].match(UNSPACED)?.length ?? 0;
          if (chars > 0) unspaced += chars; else words++;
        }
      }
      const units = words + unspaced;
      if (units + n < 3 * n + 1) {
        const what = unspaced === 0 ? `${words} fixed word${words === 1 ? '' : 's'}`
          : words === 0 ? `${unspaced} fixed character${unspaced === 1 ? '' : 's'} (counted one by one in a script without spaces)`
          : `${units} fixed words and characters (characters of a script without spaces count one by one)`;
        ctx.report(['body', 'text'], `The body has ${n} placeholder${n === 1 ? '' : 's'} and ${what}; WhatsApp tends to reject fewer than ${2 * n + 1} (words and placeholders together at least ${3 * n + 1}).`);
      }
    },
  },
  {
    id: 'sample-stub', group: 'whatsapp', severity: 'error',
    summary: 'No sample is a stub: the TODO `lint --fix` writes for a placeholder without one, or the `(sample N)` pull writes where the channel returns none.',
    why: 'The platform reviews a template with its samples; a sample of TODO tells the reviewer nothing of what the customer will see, and a template reviewed that way is rejected or approved for the wrong content. `lint --fix` adds the stub so that the template has the right shape; a person writes the value.',
    fix: 'Replace the stub with a realistic value of what the placeholder will hold (a name, an order number, a date).',
    source: 'Meta components reference',
    check(ctx) {
      // every examples block of the format (a block whose text lost its placeholders too), with
      // those of the placeholder sites: the WhatsApp header and body, each carousel card, the RCS message
      for (const { path: examplesPath, ex } of ctx.examples()) {
        for (const [k, v] of Object.entries(ex)) {
          if (v === SAMPLE_STUB) ctx.report([...examplesPath, k], `The sample of {{${k}}} is still the stub ${SAMPLE_STUB} that lint --fix wrote; write a realistic value (the template is reviewed with its samples).`);
          // pull's stub where the channel returns no sample (RCS): `(sample 1)`
          else if (typeof v === 'string' && v === pulledStub(k)) ctx.report([...examplesPath, k], `The sample of {{${k}}} is still the stub ${v} that pull wrote (the channel returns no samples); write a realistic value (the template is reviewed with its samples).`);
        }
      }
    },
  },
  {
    id: 'sample-number', group: 'whatsapp', severity: 'warning',
    summary: 'A sample written as a number is sent as written: `19.90`, `007`, `1e3` or `0x1F` is read as a number and sent as 19.9, 7, 1000 or 31.',
    why: 'YAML reads an unquoted number as a number, and a number has one written form: the sample the platform reviews (a price, a code, a zip code) would not be the one in the file.',
    fix: 'Quote the sample (`price: "19.90"`); a number written plainly (`42`) needs no quotes.', source: 'Meta components reference',
    check(ctx) {
      for (const { path: examplesPath, ex } of ctx.examples()) {
        for (const [k, v] of Object.entries(ex)) {
          if (typeof v !== 'number') continue;
          // a number written as it reads back (42, 3.5) is no finding: the place stage has the text
          ctx.report([...examplesPath, k], `This sample is read as the number ${String(v)} and is sent as "${String(v)}", not as written; quote it to send it as written.`, { unlessWritten: String(v) });
        }
      }
    },
  },
  {
    id: 'sample-conflict', group: 'whatsapp', severity: 'warning',
    summary: 'A placeholder the body shares with the header or the RCS texts is given one sample: `header.examples` or `message.examples` do not give it another than `body.examples`.',
    why: 'One value fills a named placeholder wherever the template uses it (`tplsync types` and `send` take one parameter for it, and the RCS texts take the body\'s value for a name the body uses), so two different samples (`{{city}}`: Berlin in `body.examples`, Paris in `message.examples`) show the reviewers and the preview a message no customer can receive. `message.examples` is for the placeholders only the RCS texts use (docs/format.md); `header.examples` may repeat the body\'s sample, and a warning says when it differs.',
    fix: 'Keep the sample in `body.examples` and remove the other (or make the two the same).',
    source: 'tplsync (its placeholder contract)',
    check(ctx) {
      const bodyEx = obj(obj(ctx.t.body)?.examples);
      if (!bodyEx) return;
      const sites = ctx.placeholders().sites;
      const inBody = new Set<string>();
      for (const { site, scan } of sites) if (site.role === 'body') for (const p of scan.placeholders) inBody.add(p.key);
      const said = new Set<string>();
      for (const { site, scan } of sites) {
        // the header shares its named placeholders with the body ({{1}} of each is its own); the RCS texts every name
        if (site.role !== 'header' && site.role !== 'rcs') continue;
        const block = site.role === 'header' ? 'header' : 'message';
        const ex = obj(obj(ctx.t[block])?.examples);
        if (!ex) continue;
        for (const p of scan.placeholders) {
          if ((site.role === 'header' && p.style !== 'named') || !inBody.has(p.key) || said.has(`${block}|${p.key}`)) continue;
          const mine = sample(ex[p.key]);
          const body = sample(bodyEx[p.key]);
          if (mine === undefined || body === undefined || mine === body) continue;
          said.add(`${block}|${p.key}`);
          ctx.report([block, 'examples', p.key], `${p.raw} has two samples: '${mine}' in ${block}.examples and '${body}' in body.examples. One value fills ${p.raw} wherever the template uses it, so the reviewers and the preview would see a message no customer can receive; keep the body's sample and remove this one (or make the two the same).`);
        }
      }
    },
  },
  {
    id: 'placeholder-sample', group: 'whatsapp', severity: 'error',
    summary: 'Every placeholder has exactly one non-empty sample, and every sample belongs to a placeholder.',
    why: 'WhatsApp reviews templates with their samples and rejects a template without them.',
    fix: 'Add the sample under `examples` of the same component (header, body, or message for RCS), keyed by the placeholder\'s name or number. A named placeholder of the header or the RCS texts may use the body\'s sample of the same name.',
    source: 'Meta components reference',
    repair: addSampleStubs, repairTitle: 'Add a stub sample (TODO) for each placeholder without one (or, one sample left under an old key and one placeholder without a sample, move the sample to it); a quick fix does so in its finding\'s part: the header\'s placeholders, the body\'s, or the RCS message\'s',
    quickFixTitle: 'Add a stub sample (TODO) for each placeholder without one',
    check(ctx) {
      const sites = ctx.placeholders().sites;
      const bodyEx = obj(obj(ctx.t.body)?.examples);
      const used = new Map<string, Set<string>>(); // examples path -> keys used
      const missing: { path: Path; exKey: string; p: Placeholder }[] = [];
      // a sample for a placeholder its text writes malformed (`{{1}`): placeholder-syntax's finding, not a second one here
      // (by examples path: the keys those placeholders would have, `1` for `{{ 1 }}` or `{{1}`; a sample of another key is still said)
      const malformedSites = new Map<string, Set<string>>();
      for (const { site, scan } of sites) {
        if (!scan.problems.length) continue;
        const keys = malformedSites.get(site.examplesPath.join('.')) ?? new Set<string>();
        // (the key a malformed placeholder starts with: `{{1` of `{{1}, your ...`; none told: every sample of the text is held back, '*')
        for (const p of scan.problems) {
          keys.add(/^\{*\s*([A-Za-z0-9_]+)\s*\}*$/.exec(p.raw.normalize('NFKC'))?.[1] ?? /^\{\{\s*([A-Za-z0-9_]+)/.exec(p.raw.normalize('NFKC'))?.[1] ?? '*');
          // and the key placeholder-syntax tells the user to write (`{{04}}` is {{4}}, `{{bookingId}}` {{booking_id}}):
          // its sample is right once the text is, so not "remove it"
          const meant = placeholderKeyMeant(p);
          if (meant !== undefined) keys.add(meant);
        }
        malformedSites.set(site.examplesPath.join('.'), keys);
      }
      // a sample for a placeholder written with single braces (`{1}`): placeholder-syntax's one finding says to write {{1}}
      for (const { site } of sites) {
        const single = singleBraced(site.text);
        if (!single.length) continue;
        const keys = malformedSites.get(site.examplesPath.join('.')) ?? new Set<string>();
        for (const p of single) keys.add(p.key);
        malformedSites.set(site.examplesPath.join('.'), keys);
      }
      // `exmaples:` (or `example:` on a body) beside the texts: the schema says it, with the key to write; no "has no sample" for each placeholder
      const misspeltExamples = (part: string): boolean => {
        const o = obj(ctx.t[part]);
        return o !== undefined && Object.keys(o).some((k) => k !== 'examples' && !(part === 'header' && k === 'example') && closest(k, ['examples']) === 'examples');
      };
      for (const { site, scan } of sites) {
        if (site.role === 'url' || site.role === 'card' || site.role === 'card-url') continue; // cards: carousel-card-placeholders
        const ep = site.examplesPath;
        const exKey = ep.length === 2 ? `${String(ep[0])}.${String(ep[1])}` : ep.join('.');
        const ex = obj(site.role === 'rcs' ? obj(ctx.t.message)?.examples : obj(obj(ctx.t[site.role])?.examples)) ?? {};
        const set = used.get(exKey) ?? new Set<string>();
        used.set(exKey, set);
        const reported = new Set<string>();
        for (const p of scan.placeholders) {
          set.add(p.key);
          if (reported.has(p.key)) continue;
          reported.add(p.key);
          // a named placeholder of the header or the RCS texts may take the body's sample of the same name
          const fromBody = (site.role === 'rcs' || (site.role === 'header' && p.style === 'named')) && ex[p.key] === undefined ? bodyEx?.[p.key] : undefined;
          if (fromBody !== undefined) { const bs = used.get('body.examples') ?? new Set(); bs.add(p.key); used.set('body.examples', bs); continue; }
          const v = ex[p.key];
          if (v === undefined) missing.push({ path: site.path, exKey, p });
          else if (sample(v)?.trim() === '') ctx.report([...site.examplesPath, p.key], `The sample for ${p.raw} is empty.`);
        }
      }
      // a sample whose key is a misspelling of a placeholder without one (`Customer_Name`, `orderid`
      // for {{order_id}}): one finding, at the sample's key, naming the placeholder it is meant for
      const meantFor = new Map<string, Placeholder>(); // 'examples path|sample key' -> the placeholder
      for (const m of missing) {
        const ex = obj(obj(ctx.t[m.exKey.split('.')[0]!])?.examples);
        const set = used.get(m.exKey);
        if (!ex || !set) continue;
        const malformedKeys = malformedSites.get(m.exKey);
        if (malformedKeys?.has('*')) continue;
        const orphans = Object.keys(ex).filter((k) => !set.has(k) && !malformedKeys?.has(k) && !meantFor.has(`${m.exKey}|${k}`));
        const k = orphans.find((o) => o.toLowerCase() === m.p.key) ?? orphans.find((o) => sampleKeyMeant(o) === m.p.key) ?? orphans.find((o) => closest(o, [m.p.key]) === m.p.key);
        if (k !== undefined) meantFor.set(`${m.exKey}|${k}`, m.p);
      }
      const paired = meantFor.size ? new Set(meantFor.values()) : undefined;
      // `examples:` written as a list: the schema says it once, with the mapping to write
      const listed = (part: string): boolean => Array.isArray(obj(ctx.t[part])?.examples);
      for (const m of missing) {
        if (misspeltExamples(m.exKey.split('.')[0]!) || listed(m.exKey.split('.')[0]!)) continue;
        if (!paired?.has(m.p)) ctx.report(m.path, `${m.p.raw} has no sample; add \`${m.p.key}: ...\` under ${m.exKey}.`, { at: m.p });
      }
      for (const exPath of EXAMPLES_BLOCKS) {
        const ex = obj(obj(ctx.t[exPath[0]])?.examples);
        if (!ex) continue;
        const exKey = `${exPath[0]}.examples`;
        const malformedKeys = malformedSites.get(exKey);
        let set: ReadonlySet<string> = used.get(exKey) ?? NO_KEYS;
        // the text written under another tool's name (`title:`): the schema says that key; its samples are its placeholders'
        const misnamed = textUnderSynonym(ctx.t[exPath[0]]);
        if (misnamed !== undefined) { const more = new Set(set); for (const p of scanPlaceholders(misnamed).placeholders) more.add(p.key); set = more; }
        // an RCS placeholder in a media URL or a chip: said there (not filled in), and its sample is its, not an orphan
        if (exPath[0] === 'message') { const unfilled = unfilledRcsPlaceholderKeys(ctx.t); if (unfilled.size) set = new Set([...set, ...unfilled]); }
        // a text under Google's name (`text:` for `message:`, a cardContent's title): its placeholders' samples are theirs; the schema says the name to write
        if (exPath[0] === 'message') { const google = textsUnderGoogleNames(ctx.t.message); if (google.length) { const more = new Set(set); for (const x of google) for (const p of scanPlaceholders(x).placeholders) more.add(p.key); set = more; } }
        for (const k of Object.keys(ex)) {
          if (set.has(k) || malformedKeys?.has(k) || malformedKeys?.has('*')) continue;
          // a key of no placeholder's form (`Customer_Name`, `first-name`, `{{name}}`): the schema's finding at it says what to write
          if (!NAMED.test(k) && !NUMBERED.test(k)) continue;
          const meant = meantFor.get(`${exKey}|${k}`);
          ctx.report([...exPath, k], meant
            ? `Sample '${k}' has no placeholder {{${k}}} in ${exPath[0]}; did you mean '${meant.key}'? (${meant.raw} has no sample)`
            : `Sample '${k}' has no placeholder {{${k}}} in ${exPath[0]}; remove it or fix its key.`, { part: 'key' });
        }
      }
      for (const { site, scan } of sites) {
        if (site.role !== 'url') continue;
        const ps = scan.placeholders;
        const b = obj(arr(ctx.t.buttons)[site.button!]);
        // `examples:` (or another misspelling of `example`) on the button: the schema says that key, with the one to write
        const misspelt = Object.keys(b ?? {}).some((k) => k !== 'example' && closest(k, ['example']) === 'example');
        if (ps.length > 0 && noSample(b?.example) && !misspelt) {
          ctx.report(site.path, `The URL has a placeholder ${ps[0]!.raw}; add \`example:\` with a full sample URL.`, { at: ps[0]! });
        }
      }
      // a URL button's sample belongs to the placeholder at its URL's end: a URL without one has none to take
      // (a template's buttons and each carousel card's)
      const sampleOfNone = (x: unknown, at: () => Path): void => {
        const b = obj(x);
        const url = str(b?.url);
        if (b?.type !== 'URL' || url === undefined || b.example === undefined || url.includes('{{')) return;
        ctx.report([...at(), 'example'], SAMPLE_OF_NO_PLACEHOLDER, { part: 'key' });
      };
      arr(ctx.t.buttons).forEach((x, i) => sampleOfNone(x, () => ['buttons', i]));
      arr(ctx.t.carousel).forEach((c, i) => arr(obj(c)?.buttons).forEach((x, j) => sampleOfNone(x, () => ['carousel', i, 'buttons', j])));
    },
  },
  {
    id: 'sample-format', group: 'whatsapp', severity: 'error',
    summary: 'A sample has no newline, no tab and no run of 5 or more spaces.',
    why: 'The same values are refused when the message is sent (error 132018).', fix: 'Write the sample on one line with single spaces.',
    source: 'Meta components reference; error 132018',
    repair: oneLineSamples, repairTitle: 'Write the sample on one line with single spaces',
    check(ctx) {
      // WhatsApp's own samples: a WhatsApp rule never sees an RCS message (scope.ts), and RCS has no such limit
      for (const { path: exPath, ex } of ctx.examples()) {
        // the header's, the body's and each card's (a URL button's example is a string: no block)
        if (exPath[0] !== 'header' && exPath[0] !== 'body' && !(exPath[0] === 'carousel' && exPath[2] === 'body')) continue;
        for (const [k, v] of Object.entries(ex)) {
          const s = sample(v);
          if (s === undefined) continue;
          const bad = !SAMPLE_SPACE.test(s) ? undefined : /\n|\r/.test(s) ? 'a newline' : /\t/.test(s) ? 'a tab' : 'a run of 5 or more spaces';
          if (bad) ctx.report([...exPath, k], `The sample '${k}' contains ${bad}; WhatsApp refuses such values when sending (error 132018).`);
        }
      }
    },
  },
  {
    id: 'rendered-length', group: 'whatsapp', severity: 'warning',
    summary: 'The body with its samples substituted stays within 1024 characters, and a TEXT header with its sample within 60.',
    why: 'WhatsApp counts a text as it is sent, with the values in its placeholders: a body longer than 1024 characters after substitution is refused when sent (error 132005), and a header longer than 60 (`tplsync send` refuses both before sending). Values as long as the samples would be. A warning: the values sent may be shorter than the samples.',
    fix: 'Shorten the text or the samples; real values must stay short too.', source: 'Meta error codes',
    check(ctx) {
      // a limited-time offer's body: sample-length's (its samples count against its own 600)
      const n = ctx.t.limited_time_offer === undefined ? renderedOver(ctx, ['body'], 1024) : undefined;
      if (n !== undefined) ctx.report(['body', 'text'], `With its samples the body is ${n} characters; messages over 1024 are refused when sent (error 132005).`);
      // a TEXT header: its sample is under header.examples, or (a named placeholder) the body's of the same name; over 60 as
      // written is header-text's finding
      const h = obj(ctx.t.header);
      if (h?.format !== 'TEXT') return;
      const fromBody = Object.fromEntries(Object.entries(obj(obj(ctx.t.body)?.examples) ?? {}).filter(([k]) => !/^[0-9]+$/.test(k)));
      const header = renderedOver(ctx, ['header'], 60, { ...fromBody, ...obj(h.examples) });
      if (header !== undefined) ctx.report(['header', 'text'], `With its sample the header is ${header} characters (${charLength(str(h.text)!)} as written); WhatsApp takes at most 60, values included, and a send with such a value is refused.`);
    },
  },
  {
    id: 'sample-length', group: 'whatsapp', severity: 'error',
    summary: 'A limited-time offer\'s body stays within 600 characters and each carousel card\'s body within 160 with their samples substituted.',
    why: 'Meta counts the samples of a limited-time offer\'s body and of a carousel card\'s body against those texts\' own limits ("No maximum, but counts against <BODY_TEXT> maximum"): a template whose samples take them over is rejected in review.',
    fix: 'Shorten the text or the samples.', source: 'Meta error codes; Meta limited-time offer and media card carousel templates',
    check(ctx) {
      const sites: { path: Path; limit: number; what: string }[] = [];
      if (ctx.t.limited_time_offer !== undefined) sites.push({ path: ['body'], limit: 600, what: 'the body of a limited-time offer' });
      indexed(ctx.t.carousel).forEach(({ i }) => sites.push({ path: ['carousel', i, 'body'], limit: 160, what: `card ${i + 1}'s body` }));
      for (const { path, limit, what } of sites) {
        const n = renderedOver(ctx, path, limit);
        if (n !== undefined) ctx.report([...path, 'text'], `With its samples ${what} is ${n} characters; the limit is ${limit}, samples included.`);
      }
    },
  },
  {
    id: 'buttons-total', group: 'whatsapp', severity: 'error',
    summary: 'A template has at most 10 buttons.', why: 'WhatsApp rejects more.', fix: 'Remove buttons.', source: meta,
    check(ctx) {
      const bs = arr(ctx.t.buttons);
      if (bs.length > 10) ctx.report(['buttons', 10], `A template has at most 10 buttons; this is button ${11} of ${bs.length}.`);
    },
  },
  {
    id: 'copy-code-label', group: 'whatsapp', severity: 'warning',
    summary: 'A COPY_CODE button has no label of its own.',
    why: 'WhatsApp draws a copy-code button with its own label ("Copy offer code"): "Copy code button text cannot be customized."',
    fix: 'Remove the button\'s `text`.', source: 'Meta coupon code templates',
    check(ctx) {
      for (const { v: b, i } of buttons(ctx)) {
        if (PLATFORM_LABELLED.has(String(b.type)) && b.text !== undefined) ctx.report(['buttons', i, 'text'], `WhatsApp labels a copy-code button itself ("Copy offer code"): the text ${JSON.stringify(b.text)} is not shown; remove it.`, { part: 'key' });
      }
    },
  },
  {
    id: 'buttons-per-type', group: 'whatsapp', severity: 'error',
    summary: 'At most 10 QUICK_REPLY, 2 URL, 1 PHONE_NUMBER, 1 VOICE_CALL and 1 COPY_CODE buttons.',
    why: 'WhatsApp caps each button type.', fix: 'Remove the extra buttons of that type.', source: meta,
    check(ctx) {
      // a WhatsApp call button calls the one business number that sent the message: a second one is the same button
      const caps: Record<string, number> = { QUICK_REPLY: 10, URL: 2, PHONE_NUMBER: 1, VOICE_CALL: 1, COPY_CODE: 1 };
      const seen: Record<string, number> = {};
      for (const { v: b, i } of buttons(ctx)) {
        const type = str(b.type);
        if (!type || caps[type] === undefined) continue;
        seen[type] = (seen[type] ?? 0) + 1;
        if (seen[type] === caps[type] + 1) {
          ctx.report(['buttons', i, 'type'], `A template has at most ${caps[type]} ${type} button${caps[type] === 1 ? '' : 's'}; this is the ${ordinal(seen[type])}.`);
        }
      }
    },
  },
  {
    id: 'buttons-call-pair', group: 'whatsapp', severity: 'warning',
    summary: 'A template has one call button: a VOICE_CALL (a WhatsApp call) or a PHONE_NUMBER (a phone call), not both.',
    why: 'Twilio\'s WhatsApp documentation, from a provider that submits templates to Meta, says "Only 1 of the 2 call options can be on a template: PHONE or VOICE_CALL". Meta\'s own pages say nothing of the pair, so tplsync warns rather than refuses.',
    fix: 'Keep one of the two call buttons; give the other way to call in the body, or in another template.', source: 'Twilio twilio/call-to-action, WhatsApp limitations',
    check(ctx) {
      const calls = buttons(ctx).filter(({ v: b }) => b.type === 'VOICE_CALL' || b.type === 'PHONE_NUMBER');
      const first = calls[0];
      const other = calls.find(({ v: b }) => b.type !== first?.v.type);
      if (first && other) ctx.report(['buttons', other.i, 'type'], `A template has one call button, VOICE_CALL or PHONE_NUMBER (Twilio's WhatsApp limitations); this ${String(other.v.type)} is beside the ${String(first.v.type)} of button index ${first.i}: keep one of them.`);
    },
  },
  {
    id: 'buttons-grouping', group: 'whatsapp', severity: 'error',
    summary: 'Quick replies form one block, before or after all other buttons.',
    why: 'WhatsApp rejects quick-reply buttons interleaved with other buttons.', fix: 'Move the quick replies together, first or last.', source: meta,
    repair: groupQuickReplies, repairTitle: 'Move the quick replies together (first if a quick reply is first, else last; after an offer\'s COPY_CODE button)',
    quickFixTitle: 'Move the quick replies together',
    check(ctx) {
      const kinds = buttons(ctx).map(({ v: b, i }) => ({ i, q: b.type === 'QUICK_REPLY', type: String(b.type) }));
      // the runs of quick replies and of other buttons, in order: a third run means one stands between two of the other kind
      const starts: number[] = [];
      for (let k = 0; k < kinds.length; k++) if (k === 0 || kinds[k]!.q !== kinds[k - 1]!.q) starts.push(k);
      if (starts.length < 3) return;
      // said at the run in the middle: the button that stands between the others
      const mid = kinds[starts[1]!]!;
      const n = (k: number): number => kinds[k]!.i + 1;
      ctx.report(['buttons', mid.i, 'type'], mid.q
        ? `Quick replies must form one block before or after the other buttons; this quick reply stands between button ${n(starts[1]! - 1)} and button ${n(starts[2]!)} (${kinds[starts[2]!]!.type}): move the quick replies first or last.`
        : `Quick replies must form one block before or after the other buttons; this ${mid.type} button stands between quick replies (buttons ${n(starts[1]! - 1)} and ${n(starts[2]!)}): move the quick replies together, first or last.`);
    },
  },
  {
    id: 'button-label', group: 'whatsapp', severity: 'error',
    summary: 'A button (of the template or of a carousel card) has a label of at most 25 characters.', why: 'WhatsApp truncates nothing; it rejects longer labels.',
    fix: 'Shorten the label.', source: meta,
    check(ctx) {
      reportSchema(ctx, 'button-label');
      for (const [at, b] of buttonSites(ctx)) {
        const text = str(b.text);
        if (text !== undefined && charLength(text) > 25) ctx.report([...at, 'text'], `The button label is ${charLength(text)} characters; the limit is 25.`);
        else if (text !== undefined && blank(text)) ctx.report([...at, 'text'], text === '' ? 'The button label is empty.' : 'The button label is only spaces or invisible characters: write the label.');
      }
    },
  },
  {
    id: 'button-label-characters', group: 'whatsapp', severity: 'error',
    summary: 'A button label (of the template or of a carousel card) is plain text: no placeholder, line break, emoji or formatting marks (*bold*, _italic_, ~strike~, ```mono```).',
    why: 'WhatsApp refuses the template when it is created: "Buttons can\'t have any variables, newlines, emojis or formatting characters." (Graph API error 2388060, "Button format is incorrect"). A label is fixed text: nothing fills a placeholder in it, and it is shown as written. The emoji of an OTP button\'s labels are authentication-otp\'s finding; a COPY_CODE button\'s text is not shown (copy-code-label).',
    fix: 'Write the label as plain text; put the emoji, the emphasis or the value in the body.', source: labelSource,
    check(ctx) {
      for (const [at, b] of buttonSites(ctx)) {
        if (b.type === 'COPY_CODE') continue;
        for (const key of ['text', 'autofill_text'] as const) {
          const label = str(b[key]);
          if (label === undefined) continue;
          const path = [...at, key];
          const s = ctx.scan(path);
          const p = s.placeholders[0] ?? s.problems.find((x) => x.kind !== 'unopened' && x.kind !== 'unclosed');
          if (p) ctx.report(path, `A button label holds no placeholder: ${p.raw} is not filled in on a button, and WhatsApp refuses the template ("Buttons can't have any variables"). Write the label as fixed text; put the value in the body.`, { at: p });
          const nl = LINE_BREAK.exec(label);
          if (nl) ctx.report(path, 'A button label is one line: WhatsApp refuses a line break in it ("Buttons can\'t have any ... newlines"); remove it.', { at: { start: nl.index, end: nl.index + 1 } });
          const e = b.type === 'OTP' ? undefined : emojiIn(label);
          if (e) ctx.report(path, `A button label holds no emoji: WhatsApp refuses '${e.emoji}' in it ("Buttons can't have any ... emojis"); remove it, or put it in the body.`, { at: { start: e.start, end: e.end } });
          const m = HEADER_MARKS.exec(label);
          if (m) ctx.report(path, `A button label is not formatted: WhatsApp refuses the marks of '${m[2]}' in it ("Buttons can't have any ... formatting characters"); remove them.`, { at: { start: m.index + m[1]!.length, end: m.index + m[0].length } });
        }
      }
    },
  },
  {
    id: 'button-label-duplicate', group: 'whatsapp', severity: 'warning',
    summary: 'The buttons of a template (or of one carousel card) have different labels.',
    why: 'Two buttons with the same label are a copy-paste mistake the customer cannot see past: nothing tells "Yes" from "Yes", or one "Go to cart" link from the other, and a quick reply\'s answer arrives with the label the customer tapped. Meta\'s pages say nothing of it, so tplsync warns rather than refuses. Labels are compared as a customer reads them: case, spaces at the ends and runs of spaces do not make two labels different. A COPY_CODE button\'s label is WhatsApp\'s own (copy-code-label) and an OTP button\'s is not shown beside others, so neither is compared.',
    fix: 'Give each button a label of its own, or remove the copy.', source: 'tplsync (what the customer sees)',
    check(ctx) {
      const seen = new Map<string, { i: number; label: string }>();
      for (const [at, b] of buttonSites(ctx)) {
        if (b.type === 'COPY_CODE' || b.type === 'OTP') continue;
        const label = str(b.text);
        if (label === undefined || blank(label)) continue;
        // per owner: the template's buttons, or one card's (cards repeat each other's labels by design)
        const key = `${at.slice(0, -1).join('.')}\u0000${label.trim().replace(/\s+/g, ' ').toLocaleLowerCase()}`;
        const first = seen.get(key);
        const i = Number(at[at.length - 1]);
        if (first) ctx.report([...at, 'text'], `Button ${i + 1} has the label '${label.trim()}' of button ${first.i + 1}${first.label === label ? '' : ` ('${first.label.trim()}')`}: the customer cannot tell them apart; give each its own label.`);
        else seen.set(key, { i, label });
      }
    },
  },
  {
    id: 'button-phone', group: 'whatsapp', severity: 'error',
    summary: 'A PHONE_NUMBER button (of the template or of a carousel card) has a number of at most 20 characters.', why: 'WhatsApp rejects longer numbers.',
    fix: 'Write the number with its country code, e.g. +4930123456.', source: meta,
    check(ctx) {
      reportSchema(ctx, 'button-phone');
      for (const [at, b] of buttonSites(ctx)) {
        const n = str(b.phone_number);
        if (b.type === 'PHONE_NUMBER' && n !== undefined) {
          // copied from an app in another script: an invisible mark, Arabic-Indic digits; said, with the number as it must be
          // written (an invisible character is no character of the number: its length is the number's without it)
          const written = phoneWritten(n);
          if (written !== undefined) ctx.report([...at, 'phone_number'], `'${shownWithEscapes(n)}' ${foreignCharacters(n)!.said}; write '${written}'.`);
          else if (charLength(n) > 20) ctx.report([...at, 'phone_number'], `The phone number is ${charLength(n)} characters; the limit is 20.`);
          else if (!PHONE_WRITTEN.test(n)) ctx.report([...at, 'phone_number'], `'${shownWithEscapes(n)}' is not a phone number; write digits with the country code, e.g. +4930123456.`);
        } else if (at[0] === 'buttons' && b.type !== 'PHONE_NUMBER' && b.phone_number !== undefined && knownType(b)) {
          ctx.report([...at, 'phone_number'], `phone_number is only for PHONE_NUMBER buttons, not ${String(b.type)}.`, { part: 'key' });
        }
      }
    },
    // the number as its finding writes it: what an app in another script copied with it taken out, its grouping kept
    repair(ctx) {
      const out: Change[] = [];
      for (const [at, b] of buttonSites(ctx)) {
        const n = str(b.phone_number);
        const written = b.type === 'PHONE_NUMBER' && n !== undefined ? phoneWritten(n) : undefined;
        if (written !== undefined) out.push({ op: 'set', path: [...at, 'phone_number'], value: written });
      }
      return out;
    },
    repairTitle: 'Write the number as its finding says: ASCII digits and +, without the invisible characters copied with it',
    quickFixTitle: 'Write the number in ASCII digits and +',
  },
  {
    id: 'button-url', group: 'whatsapp', severity: 'error',
    summary: 'A URL button (of the template or of a carousel card) has an http(s) URL of at most 2000 characters, with at most one placeholder {{1}}, only at the very end, and a sample that is the whole URL (starting with its fixed part) or the placeholder\'s value alone, with no blank or invisible character (an address, as the URL is).',
    why: 'WhatsApp only substitutes a single variable appended to the URL.', fix: 'Keep the fixed part of the URL and end it with {{1}}.', source: meta,
    check(ctx) {
      reportSchema(ctx, 'button-url');
      for (const [at, b] of buttonSites(ctx)) {
        const url = str(b.url);
        if (b.type !== 'URL') {
          if (b.url !== undefined && knownType(b)) ctx.report([...at, 'url'], `url is only for URL buttons, not ${String(b.type)}.`, { part: 'key' });
          continue;
        }
        if (url === undefined) continue;
        const path = [...at, 'url'];
        if (charLength(url) > 2000) ctx.report(path, `The URL is ${charLength(url)} characters; the limit is 2000.`);
        const bad = urlAddressProblem(url);
        if (bad) ctx.report(path, bad.message, bad.at ? { at: bad.at } : {});
        const s = ctx.scan(path);
        if (s.placeholders.length > 1) ctx.report(path, `A URL has at most one placeholder; found ${s.placeholders.length}.`, { at: s.placeholders[1]! });
        const p = s.placeholders[0];
        if (p) {
          if (p.key !== '1') ctx.report(path, `A URL button's placeholder is always {{1}}; write {{1}} instead of ${p.raw}.`, { at: p });
          if (p.end !== url.length) ctx.report(path, `The placeholder ${p.raw} must be at the very end of the URL.`, { at: p });
          const wrong = urlSampleProblem(url, p.start, str(b.example));
          if (wrong) ctx.report([...at, 'example'], wrong.message, wrong.at ? { at: wrong.at } : {});
        }
      }
    },
  },
  {
    id: 'button-voice-call', group: 'whatsapp', severity: 'error',
    summary: 'A VOICE_CALL button has a label of at most 20 characters and a ttl_minutes of 1440 to 43200.',
    why: 'WhatsApp\'s call button takes a label of at most 20 characters ("Call Now" without one) and keeps working for 1 day to 30 days after the message is sent.',
    fix: 'Shorten the label to 20 characters; give ttl_minutes from 1440 (1 day) to 43200 (30 days), or leave it out.', source: 'Meta call button template messages',
    check(ctx) {
      for (const { v: b, i } of buttonsOfType(ctx, 'VOICE_CALL')) {
        const text = str(b.text);
        if (text !== undefined && charLength(text) > 20 && charLength(text) <= 25) ctx.report(['buttons', i, 'text'], `The call button's label is ${charLength(text)} characters; the limit is 20.`);
        const ttl = b.ttl_minutes;
        if (typeof ttl === 'number' && (ttl < 1440 || ttl > 43200)) ctx.report(['buttons', i, 'ttl_minutes'], `ttl_minutes is 1440 (1 day) to 43200 (30 days); ${ttl} is out of range.`);
      }
    },
  },
  {
    id: 'button-app-deep-link', group: 'whatsapp', severity: 'error',
    summary: 'An `app_deep_link` is on a URL button of a MARKETING template (not on a carousel card), with a deep link URI and an https fallback.',
    why: 'WhatsApp maps Android deep links only to URL buttons of marketing templates (Marketing Messages API): the app opens the deep link on Android, the fallback when it cannot, and `url` on other devices.',
    fix: 'Use it on a URL button of a MARKETING template; write the deep link with its scheme (luckyshrub://deals/summer/) and the fallback as an https address.',
    source: 'Meta marketing messages deep links',
    check(ctx) {
      for (const { v: b, i } of buttons(ctx)) {
        const d = obj(b.app_deep_link);
        if (!d) continue;
        const at = ['buttons', i, 'app_deep_link'];
        if (typeof ctx.t.category === 'string' && ctx.t.category !== 'MARKETING') ctx.report(at, `An Android app deep link is for MARKETING templates, not ${ctx.t.category}.`, { part: 'key' });
        const id = d.meta_app_id;
        // past 2^53 a YAML number has lost its last digits before anyone sees it: sent so, it names another app
        if (typeof id === 'number' && !(Number.isSafeInteger(id) && id > 0)) ctx.report([...at, 'meta_app_id'], Number.isInteger(id) && id > 0 ? `This app id is past 9007199254740991, where a number cannot hold every id exactly: YAML reads it as ${BigInt(id)}, which may be another app than the file says. Write it in quotes: meta_app_id: "..." with its digits.` : 'The app id is a whole number above 0: the ID of your Meta app, e.g. 634974688087057.');
        else if (typeof id === 'string' && !/^\d{1,20}$/.test(id.trim()) ) ctx.report([...at, 'meta_app_id'], `'${shown(id)}' is not the id of a Meta app: write its digits (e.g. "634974688087057"), or a ((value)) of the environment.`);
        const link = str(d.android_deep_link);
        if (link !== undefined && link !== '' && !/^[a-z][a-z0-9+.-]*:\S+$/i.test(link)) ctx.report([...at, 'android_deep_link'], `'${shown(link)}' is not a deep link URI; write it with its scheme, e.g. luckyshrub://deals/summer/.`);
        const fallback = str(d.android_fallback_playstore_url);
        if (fallback !== undefined && !/^https:\/\/[^\s/]+/i.test(fallback)) ctx.report([...at, 'android_fallback_playstore_url'], 'The fallback is an https address (your app\'s Play Store page or a web page).');
      }
      arr(ctx.t.carousel).forEach((card, c) => {
        arr(obj(card)?.buttons).forEach((b, i) => {
          if (obj(b)?.app_deep_link !== undefined) ctx.report(['carousel', c, 'buttons', i, 'app_deep_link'], 'Android app deep links are for the URL buttons of a template, not of a carousel card.', { part: 'key' });
        });
      });
    },
  },
  {
    id: 'button-exclusive', group: 'whatsapp', severity: 'error',
    summary: 'A CATALOG or MPM button is the template\'s only button.', why: 'WhatsApp rejects catalog templates with other buttons.',
    fix: 'Remove the other buttons.', source: meta,
    check(ctx) {
      const bs = buttons(ctx);
      const ex = bs.find(({ v: b }) => b.type === 'CATALOG' || b.type === 'MPM');
      if (ex && bs.length > 1) ctx.report(['buttons', ex.i, 'type'], `A ${String(ex.v.type)} button must be the only button; this template has ${bs.length}.`);
    },
  },
  {
    id: 'catalog-category', group: 'whatsapp', severity: 'error',
    summary: 'A template with a CATALOG or MPM button is a MARKETING template.',
    why: 'Catalog and multi-product templates are marketing templates: WhatsApp offers them only in the MARKETING category.',
    fix: 'Set `category: MARKETING`, or remove the catalog button.', source: 'Meta catalog templates',
    check(ctx) {
      const c = ctx.t.category;
      if (c !== 'UTILITY' && c !== 'AUTHENTICATION') return; // MARKETING, or a misspelt category (the schema's finding)
      const b = buttons(ctx).find(({ v }) => v.type === 'CATALOG' || v.type === 'MPM');
      if (b) ctx.report(['category'], `A template with a${b.v.type === 'MPM' ? 'n MPM' : ' CATALOG'} button is MARKETING, not ${c}.`);
    },
  },
  {
    id: 'catalog-header', group: 'whatsapp', severity: 'error',
    summary: 'A template with a CATALOG button has no header of its own.',
    why: 'WhatsApp draws a catalog template\'s header itself: the thumbnail of a product named when the message is sent (`thumbnail_product_retailer_id`), with a fixed title and subtitle. Meta\'s catalog template is a body, an optional footer and the CATALOG button; a header in the request is rejected.',
    fix: 'Remove the header; name the product whose picture leads the message when you send it.', source: 'Meta catalog templates',
    check(ctx) {
      if (ctx.t.header === undefined || !buttons(ctx).some(({ v }) => v.type === 'CATALOG')) return;
      ctx.report(['header'], 'A catalog template has no header: WhatsApp shows the thumbnail of the product you name when sending (thumbnail_product_retailer_id); remove the header.', { part: 'key' });
    },
  },
  {
    id: 'header-formatting', group: 'whatsapp', severity: 'warning',
    summary: 'A text header holds no formatting marks (*bold*, _italic_, ~strikethrough~, ```monospace```).',
    why: 'WhatsApp formats the body, not the header: Meta asks not to use Markdown\'s special characters in a text header, where the customer would see the marks themselves.',
    fix: 'Remove the marks from the header; put emphasis in the body.', source: meta,
    check(ctx) {
      const h = obj(ctx.t.header);
      const text = h?.format === 'TEXT' ? str(h.text) : undefined;
      if (text === undefined) return;
      const m = HEADER_MARKS.exec(text);
      if (m) ctx.report(['header', 'text'], `A header is not formatted: WhatsApp shows '${m[2]}' with its marks; remove them.`, { at: { start: m.index + m[1]!.length, end: m.index + m[0].length } });
    },
  },
  {
    id: 'header-media-type', group: 'whatsapp', severity: 'warning',
    summary: 'A media header\'s sample is a file of its format: an IMAGE a JPEG or PNG, a VIDEO an MP4 or 3GPP, a DOCUMENT a PDF (judged by the extension of the URL\'s path, when it has one); carousel cards\' headers too.',
    why: 'WhatsApp takes these types of media alone (images JPEG or PNG, video MP4 or 3GPP, documents PDF, Word, Excel, PowerPoint or text); a sample of another type (a .webp image, a .mov video, a picture as a document) fails at review or at send. A template\'s DOCUMENT header is a PDF in WhatsApp Manager\'s template editor and on the template pages of providers that submit to Meta (Messangi: "the format must be .pdf"), although Meta\'s messages take Office and text files too: a .docx or .txt sample is warned about, not refused.',
    fix: 'Give the URL of a sample of the header\'s format (spring.jpg for an IMAGE), or change the format to the file\'s.', source: 'Meta supported media types',
    check(ctx) {
      for (const [path, header] of mediaHeaderSites(ctx.t)) {
        const { format, example } = header as { format?: unknown; example?: unknown };
        const types = typeof format === 'string' ? MEDIA_FILES[format] : undefined;
        const url = str(example);
        if (!types || url === undefined) continue;
        const file = mediaFileName(url);
        const ext = /\.([A-Za-z0-9]{1,5})$/.exec(file)?.[1]?.toLowerCase();
        if (!ext || !KNOWN_FILES.has(ext) || (format === 'DOCUMENT' ? ext === 'pdf' : types.includes(ext))) continue;
        const whose = `${path[0] === 'carousel' ? `Card ${Number(path[1]) + 1}: the` : 'The'} ${format as string} header's sample '${shownWithEscapes(file)}' is ${fileKind(ext)}`;
        // a template's document header: PDF (WhatsApp Manager's editor, providers' template pages); Meta's messages take Office and text files as well
        if (format === 'DOCUMENT' && types.includes(ext)) {
          ctx.report(path, `${whose}: a template's document header is a PDF (WhatsApp Manager's template editor, providers' template pages), though a message may carry ${fileKind(ext)}; give a PDF sample (.pdf), and send PDFs with the template.`);
          continue;
        }
        const want = MEDIA_WANTED[format as string]!;
        const of = Object.entries(MEDIA_FILES).find(([, e]) => e.includes(ext))?.[0];
        if (of && of !== format) ctx.report(path, `${whose}, a file for ${an(of)} header: change the format to ${of}, or give ${want}.`);
        else if (ext === 'gif') ctx.report(path, `${whose}, which ${an(format as string)} header does not take: give ${want}${path[0] === 'carousel' ? '' : ', or for an animation write `format: GIF` with an .mp4 sample (MARKETING templates)'}.`);
        else ctx.report(path, `${whose}, which WhatsApp does not take as ${an(format as string)} header: give ${want}.`);
      }
    },
  },
  {
    id: 'header-media-signed-link', group: 'whatsapp', severity: 'warning',
    summary: 'A media header\'s sample is not a signed, expiring link of Meta\'s CDN (scontent.whatsapp.net, *.fbcdn.net, lookaside.fbsbx.com with `oh=`/`oe=` or `hash=`/`ext=`); carousel cards\' headers too.',
    why: 'Meta\'s template listing (GET /<WABA_ID>/message_templates, what `pull --from meta` reads) gives a media header\'s sample as a link of Meta\'s own CDN, signed with an expiry: `oe=` is the moment it stops serving the file (hexadecimal Unix seconds), `oh=` the signature; a media download link of Meta\'s API (lookaside.fbsbx.com, `ext=` its expiry) lasts minutes and needs an access token. In a file, that link is the sample every create and edit sends for review (apply in another environment, a template created again) and what preview shows: once it expires nothing is served there, and the review fails. A warning, which names the day the link itself says it expires, in words true whether that day is past or to come (\"whose signature says it expires on 2026-02-27\"): lint does not read the clock, so a finding does not change from one day to the next. `pull --from meta` and `plan`, which run at a moment, say a link whose expiry has passed as expired: plan marks a create or an update that would send one for review (`!`, `summary.needsAttention`; the exit code stays as it was).',
    fix: 'Download the file while the link still serves it (or take it from where your team keeps it), host it at a stable https:// address of your own, and write that address as the sample.', source: 'tplsync (the signed links of Meta\'s CDN in its template listing)',
    check(ctx) {
      for (const [path, header] of mediaHeaderSites(ctx.t)) {
        const { format, example } = header as { format?: unknown; example?: unknown };
        const url = str(example);
        if (typeof format !== 'string' || !MEDIA.has(format) || url === undefined) continue;
        const link = metaCdnLink(url);
        if (!link) continue;
        const whose = `${path[0] === 'carousel' ? `Card ${Number(path[1]) + 1}: the` : 'The'} ${format} header's sample`;
        ctx.report(path, `${whose} is ${metaCdnLinkSaid(link)}: a temporary link (Meta's listing gives every media sample so), not a file's address; every create and edit sends the sample for review, and once the link expires nothing is served there. Host the file at a stable https:// address and write that as the sample.`);
      }
    },
  },
  {
    id: 'header-footer-line-break', group: 'whatsapp', severity: 'error',
    summary: 'A text header and the footer are one line each: no line break in them.',
    why: 'WhatsApp takes a line break in the body only: templates whose text header or footer holds one (a YAML block scalar `|` ends with one) are rejected.',
    fix: 'Write the header or footer on one line (a quoted string, or a folded `>-` block); put further lines in the body.', source: guidelines,
    check(ctx) {
      for (const { path, text, what } of headerAndFooter(ctx)) {
        const at = text.search(LINE_BREAK);
        if (at < 0) continue;
        const trailing = text.slice(at).trim() === '';
        ctx.report(path, `${what} is one line; this one has a line break${trailing ? ' at its end (delete it; a YAML block, `|` or `>`, keeps one: write `|-` or `>-`)' : ''}.`, { at: { start: at, end: at + 1 } });
      }
    },
  },
  {
    id: 'header-footer-emoji', group: 'whatsapp', severity: 'warning',
    summary: 'A text header and the footer hold no emoji.',
    why: 'WhatsApp\'s template guidelines, as Meta\'s partners quote them, allow no emoji in a text header or in the footer (the body may hold them); Meta\'s own pages no longer say so, so tplsync warns rather than refuses.',
    fix: 'Move the emoji into the body, or leave it out.', source: guidelines,
    check(ctx) {
      for (const { path, text, what } of headerAndFooter(ctx)) {
        const e = emojiIn(text);
        // the rule, then what breaks it: "The footer holds no emoji" read as a false statement about a footer that holds one
        if (e) ctx.report(path, `${what} should hold no emoji (WhatsApp's guidelines allow them in the body only), but ${what === 'The footer' ? 'this footer' : 'this one'} holds '${e.emoji}': move it into the body, or leave it out.`, { at: { start: e.start, end: e.end } });
      }
    },
  },
  {
    id: 'button-phone-country', group: 'whatsapp', severity: 'warning',
    summary: 'A PHONE_NUMBER button\'s number has its country code, with no 0 after it.',
    why: 'WhatsApp dials the number as an international one (Meta\'s example writes the country code first, `15550051234`): a number written as dialled at home reaches no one, and WhatsApp strips a 0 that follows the country code (+39 06..., +55 0...), so a number that needs that 0 is dialled wrong. Written at home is: a leading 0 (0 30 1234567) or 00; and, where no trunk 0 shows it (North America has none), an area code in brackets first ((800) 555-0199), the 3-3-4 grouping of a North American number without its 1 (800-555-0199, which would dial +800), a number of fewer than 8 digits without + (555 0100), and an international freephone or shared-cost number (+800, +808) without its 8 digits after the code (8005550199 is the US toll-free line without its 1). A number that starts with its country code, however it is grouped (1 (800) 555-0199, 45 32 12 34 56, 4930123456), is taken as written: the digits alone cannot tell every national number from an international one, so this rule is a warning.',
    fix: 'Write + and the country code, and the number without its trunk 0: +49 30 1234567, +1 800 555 0199. A number that only works with the 0 after the country code: give another number, or write it in the body.', source: meta,
    check(ctx) {
      for (const [at, b] of buttonSites(ctx)) {
        const n = str(b.phone_number);
        // longer, or not a number: button-phone's finding
        if (b.type !== 'PHONE_NUMBER' || n === undefined || charLength(n) > 20 || !PHONE_WRITTEN.test(n)) continue;
        const problem = phoneCountryProblem(n);
        if (problem) ctx.report([...at, 'phone_number'], problem);
      }
    },
  },
  {
    id: 'button-flow', group: 'whatsapp', severity: 'error',
    summary: 'A FLOW button names the flow it opens exactly once: `flow: { id }`, or one of `flow_id`, `flow_name`, `flow_json` (a JSON object); `navigate_screen`, optional, goes with the navigate action only (the default action; without it the flow opens at its first entry screen), and with `flow_json` names one of its screens.',
    why: 'WhatsApp opens a published flow by its id or name, or a flow given inline as JSON; without one the button opens nothing and is rejected, and a first screen means nothing to a data_exchange flow.',
    fix: 'Give one of `flow_id: "<id>"`, `flow_name: <name>` or `flow_json: \'{"version": ...}\'` (or `flow: { id: "<id>" }`); put `navigate_screen` only with `flow_action: navigate`.',
    source: 'Meta Flows templates guide',
    check(ctx) {
      reportSchema(ctx, 'button-flow');
      // a flow's keys on another button, a carousel card's too
      for (const [at, b] of buttonSites(ctx)) {
        if (b.type !== 'FLOW' && knownType(b)) for (const k of FLOW_KEYS) if (b[k] !== undefined) ctx.report([...at, k], `${k} is only for FLOW buttons, not ${String(b.type)}.`, { part: 'key' });
      }
      for (const { v: b, i } of buttons(ctx)) {
        if (b.type !== 'FLOW') continue;
        const given = FLOW_KEYS.filter((k) => b[k] !== undefined);
        if (given.length === 0) { ctx.report(['buttons', i, 'type'], 'A FLOW button needs the flow it opens: flow_id, flow_name or flow_json.'); continue; }
        if (given.length > 1) ctx.report(['buttons', i, given[1]!], `A FLOW button names its flow once; it has ${given.join(' and ')}: keep one.`, { part: 'key' });
        if (b.flow !== undefined) {
          for (const k of ['flow_action', 'navigate_screen'] as const) if (b[k] !== undefined) ctx.report(['buttons', i, k], `With \`flow: { id }\` write the ${k === 'flow_action' ? 'action' : 'first screen'} inside it (${k === 'flow_action' ? 'action' : 'navigateScreen'}), or use flow_id.`, { part: 'key' });
        }
        const json = str(b.flow_json);
        let screens: string[] | undefined;
        if (json !== undefined) {
          let v: unknown;
          try { v = JSON.parse(json); } catch { v = undefined; }
          if (typeof v !== 'object' || v === null || Array.isArray(v)) ctx.report(['buttons', i, 'flow_json'], 'flow_json is the JSON text of a flow (an object, e.g. {"version": "6.0", "screens": [...]}); this is not one.');
          else {
            const list = (v as { screens?: unknown }).screens;
            if (Array.isArray(list)) screens = list.map((x) => obj(x as Loose)?.id).filter((x): x is string => typeof x === 'string');
          }
        }
        // the first screen of an inline flow is one of its screens (Meta pairs navigate_screen with a screen id of flow_json)
        const first = str(b.navigate_screen);
        if (screens?.length && first !== undefined && !screens.includes(first)) {
          ctx.report(['buttons', i, 'navigate_screen'], `navigate_screen '${first}' is no screen of the flow in flow_json, whose screens are ${screens.map((x) => `'${x}'`).join(', ')}.`);
        }
        const action = str(b.flow_action) ?? str(obj(b.flow)?.action);
        const screen = b.navigate_screen !== undefined ? ['buttons', i, 'navigate_screen'] : obj(b.flow)?.navigateScreen !== undefined ? ['buttons', i, 'flow', 'navigateScreen'] : undefined;
        if (action === 'data_exchange' && screen) {
          // named as the file spells them: navigate_screen beside flow_action, navigateScreen beside action inside flow
          const screenKey = String(screen[screen.length - 1]);
          const actionKey = b.flow_action !== undefined ? 'flow_action' : 'flow.action';
          ctx.report(screen, `\`${screenKey}\` goes with \`${actionKey}: navigate\` only, and this button's ${actionKey} is data_exchange: remove ${screenKey} (a data_exchange flow gets its first screen from your endpoint), or change ${actionKey} to navigate.`, { part: 'key' });
        }
        // no first screen is asked for, whichever the spelling: Meta's template reference gives navigate_screen as
        // "Optional if flow_action is navigate" (default FIRST_ENTRY_SCREEN), and navigate as the default action
      }
    },
  },
  {
    id: 'copy-code-length', group: 'whatsapp', severity: 'error',
    summary: 'A COPY_CODE sample has at most 20 characters.',
    why: 'Meta\'s components reference ("Maximum 20 characters", for the copy-code button\'s example) and coupon-code page (the example code and the code sent, "Maximum 20 characters"; its own example is 20 characters) limit the code to 20 characters. Older copies of those pages, and some providers, say 15: copy-code-length-15 warns of a code of 16 to 20. A limited-time offer\'s code is offer-code-length\'s (15).',
    fix: 'Shorten the sample code to 20 characters or fewer (15 or fewer for every account).', source: 'Meta components reference; Meta coupon code templates',
    check(ctx) {
      // a limited-time offer's code: offer-code-length reports it (the offer page's own limit, 15)
      if (ctx.t.limited_time_offer !== undefined) return;
      for (const { v: b, i } of buttons(ctx)) {
        const ex = str(b.example);
        if (b.type === 'COPY_CODE' && ex !== undefined && charLength(ex) > COPY_CODE_MAX) ctx.report(['buttons', i, 'example'], `The coupon code sample is ${charLength(ex)} characters; the limit is ${COPY_CODE_MAX}.`);
      }
    },
  },
  {
    id: 'copy-code-length-15', group: 'whatsapp', severity: 'warning',
    summary: 'A COPY_CODE sample of 16 to 20 characters may be refused where 15 is still the limit.',
    why: 'Meta\'s current components and coupon-code pages allow 20 characters (copy-code-length), but older copies of those pages and some providers (360dialog\'s documentation among them) state 15; an account or a provider that still applies 15 refuses a longer code. Turn this rule off (`copy-code-length-15: off`) when your provider takes 20.',
    fix: 'Keep the code to 15 characters, or turn the rule off if your provider takes 20.', source: 'Meta components reference; Meta coupon code templates',
    check(ctx) {
      if (ctx.t.limited_time_offer !== undefined) return;
      for (const { v: b, i } of buttons(ctx)) {
        const ex = str(b.example);
        const n = ex === undefined ? 0 : charLength(ex);
        if (b.type === 'COPY_CODE' && n > COPY_CODE_OLD_MAX && n <= COPY_CODE_MAX) {
          ctx.report(['buttons', i, 'example'], `The coupon code sample is ${n} characters: Meta's current pages allow ${COPY_CODE_MAX}, but older pages and some providers state ${COPY_CODE_OLD_MAX}; shorten it to ${COPY_CODE_OLD_MAX} if yours is one of them.`);
        }
      }
    },
  },
  {
    id: 'authentication-otp', group: 'whatsapp', severity: 'error',
    summary: 'An AUTHENTICATION template has exactly one OTP button, its labels without emoji; OTP buttons appear only there.',
    why: 'WhatsApp authentication templates are built around one one-time-password button, and "URLs, media, and emojis are not supported" in them.',
    fix: 'Give the template one `type: OTP` button with an otp_type, or change its category; write its labels without emoji.', source: 'Meta authentication templates',
    check(ctx) {
      reportSchema(ctx, 'authentication-otp');
      const otps = buttons(ctx).filter(({ v: b }) => b.type === 'OTP');
      for (const { v: b, i } of otps) {
        for (const key of ['text', 'autofill_text'] as const) {
          const label = str(b[key]);
          const e = label === undefined ? undefined : emojiIn(label);
          if (e) ctx.report(['buttons', i, key], `An authentication template's button holds no emoji ("URLs, media, and emojis are not supported"); remove '${e.emoji}'.`, { at: { start: e.start, end: e.end } });
        }
      }
      if (ctx.t.category === 'AUTHENTICATION') {
        if (otps.length === 0) ctx.report(['category'], 'An AUTHENTICATION template needs exactly one OTP button; it has none.');
        else if (otps.length > 1) ctx.report(['buttons', otps[1]!.i, 'type'], `An AUTHENTICATION template has exactly one OTP button; this is the ${ordinal(2)}.`);
        const other = buttons(ctx).find(({ v: b }) => b.type !== 'OTP');
        if (other) ctx.report(['buttons', other.i, 'type'], `An AUTHENTICATION template has only its OTP button; remove this ${String(other.v.type)} button.`);
      } else if (otps[0] && (ctx.t.category === 'MARKETING' || ctx.t.category === 'UTILITY')) { // a misspelt category is the schema's finding
        ctx.report(['buttons', otps[0].i, 'type'], `OTP buttons are only for AUTHENTICATION templates, not ${ctx.t.category}.`);
      }
    },
  },
  {
    id: 'authentication-header', group: 'whatsapp', severity: 'error',
    summary: 'An AUTHENTICATION template has no header, text or media.',
    why: 'An authentication template consists of the preset text, the optional security disclaimer and expiration warning, and its OTP button; "URLs, media, and emojis are not supported". The creation request has no header component, so a header is refused at review (or, with a TEXT header, shown to nobody but the preview).',
    fix: 'Remove the header; the preset text already says what the code is for (the app name is in the message the customer requested).', source: 'Meta authentication templates',
    check(ctx) {
      const h = obj(ctx.t.header);
      if (ctx.t.category !== 'AUTHENTICATION' || h === undefined) return;
      const format = typeof h.format === 'string' ? h.format : undefined;
      if (format !== undefined && MEDIA.has(format)) ctx.report(['header', 'format'], `An AUTHENTICATION template cannot have ${an(format)} header; remove the header.`);
      else ctx.report(format !== undefined ? ['header', 'format'] : ['header'], `An AUTHENTICATION template has no header${format === 'TEXT' && typeof h.text === 'string' ? ` ("${h.text}")` : ''}: WhatsApp builds it from the preset text, the optional disclaimer and expiry, and the OTP button; remove the header.`);
    },
  },
]);

/** what a URL button without a placeholder is told of its sample (placeholder-sample) */
export const SAMPLE_OF_NO_PLACEHOLDER = 'The URL has no placeholder, so this sample belongs to none: WhatsApp sends the URL as written. Remove `example:`, or end the URL with a placeholder ({{1}}) if part of it changes per message.';

export function ordinal(n: number): string {
  const words = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
  return words[n] ?? `${n}th`;
}

/** each media header of a template (its header, its carousel cards' headers) with the path of its sample (`header.example`, `carousel[i].header.example`) */
function mediaHeaderSites(t: Record<string, unknown>): [Path, Record<string, unknown>][] {
  const sites: [Path, Record<string, unknown>][] = [];
  const h = obj(t.header);
  if (h) sites.push([['header', 'example'], h]);
  for (const { v: c, i } of indexed(t.carousel)) { const ch = obj(c.header); if (ch) sites.push([['carousel', i, 'header', 'example'], ch]); }
  return sites;
}
