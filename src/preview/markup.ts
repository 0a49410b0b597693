// Pure: the markup pieces every preview page shares: escaping, samples in texts, WhatsApp's
// inline formatting, and the marks of the before/after pages of `preview --changes`.
import { icon } from './icons.js';
import { diffChars, diffWords, type Change } from 'diff';
import { markReviewed } from '../core/visible.js';
import type { FileTemplate } from '../model/canonical.js';
import { sample as s, type Loose } from '../model/loose.js';
import { renderText, scanPlaceholders } from '../model/placeholders.js';
import { formatWhatsApp } from './whatsapp-format.js';

export { formatWhatsApp } from './whatsapp-format.js';

export function esc(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * An English line that quotes a template's texts (a lint finding: `The suggestion label "…" is 30
 * characters`), escaped, each quoted text in a `<bdi>` of its own: an Arabic or Hebrew text quoted
 * in it keeps its own direction without pulling the line's numbers and words into it. Its
 * Markdown code spans (`` `examples` ``, as the terminal shows them) are `<code>`, their text
 * escaped: the page showed the backticks. What opens first wins: a quoted text is the template's
 * own and stays as written (a WhatsApp text's `monospace` in it is no code span of the line), and
 * a code span's quotes (`price: "19.90"`) are code. A lone backtick stays as it is.
 */
export function escQuoting(line: string): string {
  let out = '';
  let at = 0;
  for (const m of line.matchAll(/`([^`\n]+)`|"([^"\n]+)"|“([^”\n]+)”/g)) {
    out += esc(line.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) { out += `<code>${esc(m[1])}</code>`; continue; }
    const quoted = m[2] ?? m[3]!;
    const [open, close] = m[2] !== undefined ? ['"', '"'] : ['“', '”'];
    out += `${esc(open)}<bdi>${esc(quoted)}</bdi>${esc(close)}`;
  }
  return out + esc(line.slice(at));
}

/**
 * A placeholder's sample as the preview shows it, or undefined for none: an empty one (or only
 * spaces) is none too. The model keeps a missing sample as '' (the wire's examples have no holes),
 * and the bubble drew an empty highlight where `{{3}}` stood: a complete-looking sentence.
 */
export function shownSample(v: unknown): string | undefined {
  const x = s(v);
  return x === undefined || x.trim() === '' ? undefined : x;
}

/**
 * Text with samples substituted; each substituted value marked, a placeholder without a sample
 * shown as is. `formatted`: WhatsApp's inline formatting applied (a body's); a header or footer
 * shows its marks as written, as the apps draw them.
 */
export function withSamples(text: string, examples: Loose | undefined, formatted = true): string {
  const scan = scanPlaceholders(text);
  let out = esc(scan.texts[0]!);
  scan.placeholders.forEach((p, i) => {
    const v = shownSample(examples?.[p.key]);
    // a sample is laid out with the text around it, not isolated: the phone gets one string with
    // the values in it, so "TelcoNet {{plan}}" in an Arabic sentence reads "TelcoNet 5G Max" there
    // and here (an isolated sample, dir="auto", moved to the other side of the brand). A missing
    // sample shows its placeholder left to right (there is no phone's way to show it)
    out += v === undefined ? `<mark class="missing" title="no sample" dir="ltr">${esc(p.raw)}</mark>` : `<mark title="${esc(p.raw)}">${esc(v)}</mark>`;
    out += esc(scan.texts[i + 1]!);
  });
  return formatted ? formatWhatsApp(out) : out;
}

/** The last part of a media URL's path (what a placeholder names), or the URL as written. */
export function fileNameOf(url: string): string {
  try { return decodeURIComponent(new URL(url).pathname.split('/').pop() || url); } catch { return url.split('/').pop() || url; }
}

/**
 * An image drawn over a placeholder: the placeholder (what kind of media, its file) shows where
 * the image cannot load (offline, a sample host that is gone, an artifact opened later) instead of
 * a broken box. `alt` says what the preview knows of it (its kind and file: `Header image:
 * sale.png`), in English (`lang`), whatever the template's language. A screen reader reads the one
 * that is shown: the image by its alt while it loads, the placeholder, an image of the same name,
 * once it fails (the image hidden then, the placeholder no longer aria-hidden: both were gone
 * from the accessibility tree), or with no sample at all.
 */
export function imageOverPlaceholder(url: string | undefined, alt: string): string {
  const ph = `<span class="ph" role="img" aria-label="${esc(alt)}" lang="en"${url ? ' aria-hidden="true"' : ''}><span class="ph-icon">${icon('image')}</span><span class="ph-name">${esc(url ? fileNameOf(url) : 'no sample image')}</span></span>`;
  return url ? `${ph}<img src="${esc(url)}" alt="${esc(alt)}" lang="en" onerror="this.hidden=true;this.previousElementSibling.removeAttribute('aria-hidden');this.parentNode.classList.add('unloaded')">` : ph;
}

/** What the preview knows of a media file to say in an alt text: its kind and file name (`Header image: sale.png`), or that it has no sample. */
export function mediaAlt(what: string, url: string | undefined): string {
  return url ? `${what}: ${fileNameOf(url)}` : `${what}, no sample`;
}

/**
 * What to mark in a rendering (the before/after pages of `preview --changes`): the changed paths
 * of the canonical model, as plan diffs name them (`body.text`, `buttons[1].text`,
 * `message.richCards[0]`), and the other side's template, for a word-level diff of changed text.
 */
export interface Marks { paths: readonly string[]; side: 'before' | 'after'; other?: FileTemplate }

/** whether `prefix` or anything under it changed */
export function changed(m: Marks | undefined, prefix: string): boolean {
  return Boolean(m?.paths.some((p) => p === prefix || p.startsWith(`${prefix}.`) || p.startsWith(`${prefix}[`)));
}
export const cls = (m: Marks | undefined, prefix: string): string => (changed(m, prefix) ? ' changed' : '');

/** The word segmenter of a language (Intl.Segmenter: whole Arabic, Hindi words; Japanese, Thai words without spaces). */
function segmenter(language: string | undefined): Intl.Segmenter {
  const tag = language?.replace(/_/g, '-');
  try { return new Intl.Segmenter(tag, { granularity: 'word' }); } catch { return new Intl.Segmenter(undefined, { granularity: 'word' }); }
}

/** a private-use character: to the word segmenter, no letter of a word */
const NO_WORD = '\uE05F';

/**
 * A changed text: the words this side has and the other side lacks are marked (<del> before,
 * <ins> after). Words are the language's words (Intl.Segmenter), never parts of one.
 */
export function wordDiff(mine: string, theirs: string, side: Marks['side'], language?: string, formatted = true, shown: (escaped: string) => string = (x) => x): string {
  // words compared, white space ignored; two texts that differ only in their white space (a no-break space for a space,
  // a space more) are compared by their characters instead, which marks the spaces alone. This side's text is the diff's
  // new one: what a diff keeps and adds is exactly the new text, while what it keeps and removes can lose a space of the
  // old one (diffWords gives the white space beside a change to the change: a before side read `has shippedand`)
  const spaced = (t: string): string => t.replace(/\s+/gu, ' ');
  // WhatsApp's italic mark `_` is a letter of a word to the segmenter (`_summer_` one word): written as a character of
  // no word while the texts are compared, so that `summer` made `_summer_` is the same word with marks added
  const guard = formatted && !(mine + theirs).includes(NO_WORD) ? (t: string): string => t.replaceAll('_', NO_WORD) : (t: string): string => t;
  const parts = (mine !== theirs && spaced(mine) === spaced(theirs) ? diffChars(theirs, mine) : diffWords(guard(theirs), guard(mine), { intlSegmenter: segmenter(language) }))
    .map((p) => (p.value.includes(NO_WORD) ? { ...p, value: p.value.replaceAll(NO_WORD, '_') } : p));
  const own = side === 'after' ? 'ins' : 'del';
  const html = drawParts(parts, mine, theirs, (t) => `<${own}>${shown(markInvisible(esc(t)))}</${own}>`, (t) => shown(esc(t)));
  // a change of the marks alone (`shipped` made `*shipped*`) leaves its <ins> empty once the marks are drawn as bold: the
  // formatter marks the run whose marks changed instead (formatWhatsApp)
  return formatted ? formatWhatsApp(html).replace(/<(ins|del)><\/\1>/g, '') : html;
}

/** the white space before each character of `text` that is not white space, and after the last (`[n]`) */
function spacesBetween(text: string): string[] {
  const runs: string[] = [];
  let run = '';
  for (const ch of text) {
    if (/\s/u.test(ch)) run += ch;
    else { runs.push(run); run = ''; }
  }
  runs.push(run);
  return runs;
}
const letters = (t: string): number => spacesBetween(t).length - 1;

/**
 * Draws this side of a word diff (`mine`, the diff's new text; `theirs`, the other side): the parts it adds marked
 * (`marked`), the parts both keep as they are (`kept`). The diff compares words and gives no weight to the spaces between
 * them, so the runs of spaces are drawn by gap: a gap between two kept characters (or the text's start or end) that holds
 * one run of spaces on each side is the same gap, whatever else changed in it (a mark `*` or `_` added beside the run, a
 * `!` added before it), and its run is marked where it differs from the other side's, by its characters: `this  week` for
 * `this week` is `this <ins> </ins>week` after and unmarked before, as a change of the spaces alone is drawn (a space that
 * was there is never drawn as added, nor as removed), `week! and` for `week and` marks the `!` alone. A run in a gap that
 * holds more (`has *really* shipped` for `has shipped`) goes with its part, an added word's space with the word.
 */
function drawParts(parts: readonly Change[], mine: string, theirs: string, marked: (t: string) => string, kept: (t: string) => string): string {
  // what the diff keeps and adds is this side's text, word for word; were it not, the parts are drawn as they come
  if (parts.filter((p) => !p.removed).map((p) => p.value).join('') !== mine) {
    return parts.map((p) => (p.removed ? '' : p.added ? marked(p.value) : kept(p.value))).join('');
  }
  const ours = spacesBetween(mine), other = spacesBetween(theirs);
  // each of this side's characters that are not white space: the other side's character it is, where the diff keeps it
  const keptAs: (number | undefined)[] = [];
  {
    let i = 0, j = 0;
    for (const p of parts) {
      const n = letters(p.value);
      if (p.removed) j += n;
      else if (p.added) i += n;
      else { for (let x = 0; x < n; x++) keptAs[i + x] = j + x; i += n; j += n; }
    }
  }
  /**
   * The other side's run of spaces where this side's run before its character `at` (or at the text's end) stands, or
   * undefined for none that is surely the same gap: between the kept characters on either side of the run, this side has
   * no other run and the other side one (what changed there besides, a mark `*` or `_` added beside the run, has no
   * space), or neither side anything but the spaces (the other side none: the run is all new)
   */
  const counterpart = (at: number): string | undefined => {
    let left = at - 1;
    while (left >= 0 && keptAs[left] === undefined) left--;
    let right = at;
    while (right < ours.length - 1 && keptAs[right] === undefined) right++;
    const from = left < 0 ? 0 : keptAs[left]! + 1, to = right === ours.length - 1 ? other.length - 1 : keptAs[right]!;
    if (ours.slice(left + 1, right + 1).filter(Boolean).length !== 1) return undefined;
    const theirsRuns = other.slice(from, to + 1).filter(Boolean);
    if (theirsRuns.length === 1) return theirsRuns[0];
    return theirsRuns.length === 0 && right === left + 1 && to === from ? '' : undefined;
  };
  // the side drawn piece by piece, each piece marked or kept, the marked ones next to each other drawn as one
  const pieces: { added: boolean; text: string }[] = [];
  const put = (added: boolean, text: string): void => {
    const last = pieces[pieces.length - 1];
    if (last && last.added === added) last.text += text; else if (text) pieces.push({ added, text });
  };
  // whether each of this side's UTF-16 units is in a part the diff adds
  const added = parts.filter((p) => !p.removed).flatMap((p) => Array<boolean>(p.value.length).fill(Boolean(p.added)));
  let i = 0; // this side's characters that are not white space, before `at`
  for (let at = 0; at < mine.length;) {
    // a run whole, as this side has it (the diff may give a part of it to a kept part and the rest to an added one)
    const run = /^\s+/u.exec(mine.slice(at))?.[0];
    if (!run) { const ch = String.fromCodePoint(mine.codePointAt(at)!); put(added[at]!, ch); at += ch.length; i++; continue; }
    // the run before this side's character i (the one after the run), or the text's end: where it is the gap's only run
    // on both sides, only what it has and the other side's lacks is marked (a space that was there is kept: `this  week`
    // for `this week`, one space kept and one added, and on the other side nothing; a no-break space for a space marked);
    // else each of its spaces goes with its part (an added word's space with the word)
    const was = counterpart(i);
    if (was === undefined) for (let x = 0; x < run.length; x++) put(added[at + x]!, run[x]!);
    else for (const c of diffChars(was, run)) if (!c.removed) put(Boolean(c.added), c.value);
    at += run.length;
  }
  return pieces.map((x) => (x.added ? marked(x.text) : kept(x.text))).join('');
}

/**
 * The invisible characters of a changed part (an LRM, an RLM, a zero-width space, a no-break space
 * for a space, an isolate) each followed by a marker that names it (`\u200e`, its name as the
 * title): an edit of one alone is otherwise a box drawn around nothing. The character itself stays,
 * so the line is laid out as it will be; the marker has a direction of its own, which the line's
 * dir="auto" skips, and so it changes no line's direction.
 */
export function markInvisible(html: string): string {
  return markReviewed(html, (ch, escaped, name) => `${ch}<span class="invisible" dir="ltr" title="${esc(name)}">${esc(escaped)}</span>`);
}

/**
 * A changed text compared word by word with its placeholders whole (each one word, `tplsyncph0x`,
 * while the texts are compared: the segmenter drops characters it does not know, and splits
 * `{{1}}`), then each shown as its sample, marked (not isolated) as in an unchanged text: a
 * changed sample is a changed word. Undefined when a text holds such a word.
 */
function diffWithSamples(mine: string, theirs: string, samples: Record<string, string>, theirSamples: Record<string, string>, side: Marks['side'], language: string | undefined, formatted: boolean): string | undefined {
  if (/tplsyncph\d+x/.test(mine + theirs)) return undefined;
  // a placeholder is the sample it shows (the two sides may name or number it otherwise: {{customer}}, {{1}})
  const shows: { value: string | undefined; raw: string }[] = [];
  const code = (raw: string, value: string | undefined, own: boolean): string => {
    let k = shows.findIndex((x) => (value === undefined ? x.value === undefined && x.raw === raw : x.value === value));
    if (k < 0) { k = shows.length; shows.push({ value, raw }); } else if (own) shows[k]!.raw = raw;
    return `tplsyncph${k}x`;
  };
  const tokens = (t: string, ex: Record<string, string>, own: boolean): string => {
    const scan = scanPlaceholders(t);
    return scan.placeholders.reduce((acc, p, i) => acc + code(p.raw, ex[p.key], own) + scan.texts[i + 1]!, scan.texts[0]!);
  };
  const b = tokens(theirs, theirSamples, false), a = tokens(mine, samples, true);
  const shown = (escaped: string): string => escaped.replace(/tplsyncph(\d+)x/g, (_m, n: string) => {
    const { value: given, raw } = shows[Number(n)]!;
    const value = shownSample(given);
    return value === undefined ? `<mark class="missing" title="no sample" dir="ltr">${esc(raw)}</mark>` : `<mark title="${esc(raw)}">${esc(value)}</mark>`;
  });
  return wordDiff(a, b, side, language, formatted, shown);
}

/** A text with its samples; where it changed, as a word diff against the other side's text. */
export function textWithMarks(text: string, samples: Record<string, string>, m: Marks | undefined, path: string, otherText: (o: FileTemplate) => { text: string; samples: Record<string, string> } | undefined, formatted = true): string {
  const other = m?.other ? otherText(m.other) : undefined;
  if (m && changed(m, path) && other) {
    // the words compared with the placeholders whole, each shown as its sample (marked, isolated)
    return diffWithSamples(text, other.text, samples, other.samples, m.side, m.other?.canonical.language, formatted)
      ?? wordDiff(renderText(text, samples), renderText(other.text, other.samples), m.side, m.other?.canonical.language, formatted);
  }
  return withSamples(text, samples, formatted);
}
