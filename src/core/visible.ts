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

// white space and the characters that print as nothing (a zero-width space, joiners, marks, a soft
// hyphen, a byte-order mark, bidirectional controls): between two placeholders, no text
const NOTHING_SHOWN = /^[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]*$/;

/** Pure: the text shows nothing (empty, white space, invisible characters): two placeholders around it are side by side. */
export function showsNothing(text: string): boolean {
  return NOTHING_SHOWN.test(text);
}
