// Pure: text from outside (a server's message, a review's reason, a file's name) made safe to
// print on a terminal: control characters (C0 but tab and, where lines are kept, newline; DEL;
// C1) are written as escapes (\u001b), so an answer cannot set the window's title, clear the
// screen, move the cursor or hide a line with them.
// (and the bidirectional embeddings, overrides and isolates, which reorder what follows them on the
// line: a name holding U+202E shows its end first), and the characters that print as nothing (a
// zero-width space, a word joiner, a soft hyphen, a byte-order mark): a reviewer reading a plan
// sees `re\u200bschedule` where the text changed, not two words that look the same. The joiners
// and marks that scripts need (ZWJ and ZWNJ in Persian and Indic text and emoji, the LRM/RLM and
// Arabic letter marks) are printed as they are.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_AND_NEWLINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u00ad\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
const escape = (c: string): string => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The text with its control characters escaped; newlines kept unless `oneLine`. */
export function visible(text: string, o: { oneLine?: boolean } = {}): string {
  const re = o.oneLine ? CONTROLS_AND_NEWLINE : CONTROLS;
  re.lastIndex = 0;
  return re.test(text) ? text.replace(re, escape) : text;
}

/**
 * Where a reviewer compares two texts (a plan's before and after, its diff, the changed words of
 * `preview --changes`), every character that prints as nothing or as a plain space without being
 * one: the direction marks (LRM, RLM, the Arabic letter mark), the isolates, the zero-width space
 * and word joiner, a soft hyphen, a byte-order mark, and the spaces that are not U+0020 (no-break,
 * narrow no-break, figure, thin, hair...). An edit that only adds or removes one then shows as
 * `\u200e` or `\u00a0`, not as two texts that look the same. The joiners scripts shape with (ZWJ,
 * ZWNJ) stay as they are: the letters around them show them.
 */
const REVIEWED = /[\u00a0\u00ad\u061c\u180e\u2000-\u200b\u200e\u200f\u202f\u205f\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** The invisible characters a reviewer must see written as escapes (`\u200f`), and nothing else escaped. */
export function escapeReviewed(text: string): string {
  return text.replace(REVIEWED, escape);
}

/** `visible` for a text a reviewer compares with another: its controls and its invisible characters as escapes. */
export function reviewed(text: string, o: { oneLine?: boolean } = {}): string {
  return escapeReviewed(visible(text, o));
}

/** Each invisible character a reviewer must see (those `escapeReviewed` escapes), replaced by what `mark` makes of it, its escape (`\u200e`) and its name (`left-to-right mark (U+200E)`). */
export function markReviewed(text: string, mark: (ch: string, escaped: string, name: string) => string): string {
  return text.replace(REVIEWED, (ch) => mark(ch, escape(ch), `${NAMES[ch] ?? (/\s/.test(ch) ? 'space' : 'invisible character')} (${codeOf(ch)})`));
}

// white space, the controls and Unicode's default-ignorable characters (zero-width spaces, joiners,
// the direction marks and isolates, variation selectors, fillers, a soft hyphen, a byte-order mark)
// and the Braille blank: what prints as nothing; between two placeholders, no text
const NOTHING_SHOWN = /^[\s\p{Cc}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Pure: the text shows nothing (empty, white space, invisible characters): two placeholders around it are side by side; a label of it is blank. */
export function showsNothing(text: string): boolean {
  return NOTHING_SHOWN.test(text);
}

/** the names of the characters that print as nothing, as a translator or a writer looks them up */
const NAMES: Readonly<Record<string, string>> = {
  ' ': 'space', '\t': 'tab', '\n': 'line break', '\r': 'carriage return', '\u00a0': 'no-break space', '\u202f': 'narrow no-break space',
  '\u3000': 'ideographic space', '\u2800': 'Braille blank', '\u00ad': 'soft hyphen', '\u034f': 'combining grapheme joiner',
  '\u061c': 'Arabic letter mark', '\u115f': 'Hangul filler', '\u1160': 'Hangul filler', '\u3164': 'Hangul filler', '\uffa0': 'Hangul filler',
  '\u180e': 'Mongolian vowel separator', '\u200b': 'zero-width space', '\u200c': 'zero-width non-joiner', '\u200d': 'zero-width joiner',
  '\u200e': 'left-to-right mark', '\u200f': 'right-to-left mark', '\u202a': 'left-to-right embedding', '\u202b': 'right-to-left embedding',
  '\u202c': 'pop directional formatting', '\u202d': 'left-to-right override', '\u202e': 'right-to-left override', '\u2060': 'word joiner',
  '\u2061': 'function application', '\u2062': 'invisible times', '\u2063': 'invisible separator', '\u2064': 'invisible plus',
  '\u2066': 'left-to-right isolate', '\u2067': 'right-to-left isolate', '\u2068': 'first strong isolate', '\u2069': 'pop directional isolate',
  '\ufeff': 'byte-order mark',
};
const NUMBERS = ['', '', 'two', 'three', 'four', 'five'];
const codeOf = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Pure: what a text that shows nothing holds, said so that a writer knows what to delete:
 * `nothing`, `only white space` (spaces, tabs, line breaks), else each character by its name and
 * code point, `only a right-to-left mark (U+200F)`, `only a space and two zero-width spaces
 * (U+200B)`. One wording wherever two placeholders have no text between them (lint, import).
 */
export function describeNothing(text: string): string {
  if (text === '') return 'nothing';
  if (/^[ \t\r\n]+$/.test(text)) return 'only white space';
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const parts = [...counts].map(([ch, n]) => {
    const plain = ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r';
    const name = NAMES[ch] ?? (/\s/.test(ch) ? 'white-space character' : /\p{Cc}/u.test(ch) ? 'control character' : /\p{Variation_Selector}/u.test(ch) ? 'variation selector' : 'invisible format character');
    const count = n === 1 ? (/^[aeiou]/i.test(name) ? 'an' : 'a') : NUMBERS[n] ?? String(n);
    return `${count} ${name}${n === 1 ? '' : 's'}${plain ? '' : ` (${codeOf(ch)})`}`;
  });
  return `only ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`}`;
}
