// Pure: the characters of a value copied from an app in another script that a message must name
// rather than print: the invisible ones (a left-to-right mark or embedding pasted around a phone
// number or inside an address: printed as they are they show nothing, and the quoted value looks
// right), and digits of another script (+٩٧١٥٠١٢٣٤٥٦٧ from an Arabic contact card) where the
// platform takes ASCII digits. One wording for send's receiver, a PHONE_NUMBER button, an RCS dial
// and an address (lint, plan and send).

/** the names of the characters a value copied from an app brings, as Unicode names them */
const NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'NO-BREAK SPACE', 0x00ad: 'SOFT HYPHEN', 0x2002: 'EN SPACE', 0x2003: 'EM SPACE', 0x2009: 'THIN SPACE', 0x061c: 'ARABIC LETTER MARK', 0x180e: 'MONGOLIAN VOWEL SEPARATOR', 0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER', 0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK', 0x202a: 'LEFT-TO-RIGHT EMBEDDING', 0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING', 0x202d: 'LEFT-TO-RIGHT OVERRIDE', 0x202e: 'RIGHT-TO-LEFT OVERRIDE', 0x2060: 'WORD JOINER', 0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE', 0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE', 0xfeff: 'ZERO WIDTH NO-BREAK SPACE (byte order mark)', 0xff0b: 'FULLWIDTH PLUS SIGN',
};

/** "U+200E LEFT-TO-RIGHT MARK": a character by its code point and, when known, its name */
export function namedCharacter(ch: string): string {
  const cp = ch.codePointAt(0)!;
  const name = NAMES[cp];
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}${name ? ` ${name}` : ''}`;
}

/** what prints as nothing: format characters (marks, embeddings, isolates, zero-width), controls, default-ignorables */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_ALL = /[\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;

/** The value with each invisible character written as an escape (`\u200e+971501234567`), so that a message quoting it shows it. */
export function shownWithEscapes(value: string): string {
  return value.replace(INVISIBLE_ALL, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
}

/** the digits of a script by the code point of its zero */
const DIGIT_SCRIPTS: Readonly<Record<number, string>> = {
  0x0660: 'Arabic-Indic', 0x06f0: 'Extended Arabic-Indic (Persian, Urdu)', 0x07c0: 'N\'Ko', 0x0966: 'Devanagari', 0x09e6: 'Bengali', 0x0a66: 'Gurmukhi',
  0x0ae6: 'Gujarati', 0x0b66: 'Oriya', 0x0be6: 'Tamil', 0x0c66: 'Telugu', 0x0ce6: 'Kannada', 0x0d66: 'Malayalam', 0x0e50: 'Thai', 0x0ed0: 'Lao',
  0x0f20: 'Tibetan', 0x1040: 'Myanmar', 0x17e0: 'Khmer', 0x1810: 'Mongolian', 0xff10: 'full-width',
};

/**
 * the value of a decimal digit of any script: Unicode gives every script's digits as a run of ten
 * code points from 0 to 9, and some runs follow each other (the five sets of mathematical digits,
 * U+1D7CE-U+1D7FF), so the value is the distance from the run's start modulo 10 (walking back at
 * most nine gave the double-struck zero after the bold nine the value 9)
 */
function digitValue(d: string): number {
  const c = d.codePointAt(0)!;
  let z = c;
  while (c - z < 60 && /\p{Nd}/u.test(String.fromCodePoint(z - 1))) z--;
  return (c - z) % 10;
}

/** a decimal digit of another script than ASCII's 0-9 (Arabic-Indic ١, Devanagari १, full-width １, ...) */
export const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;

/** The text with every decimal digit of another script written as its ASCII digit (`{{١}}` is `{{1}}`). */
export function asciiDigits(text: string): string {
  return text.replace(/(?![0-9])\p{Nd}/gu, (d) => String(digitValue(d)));
}

/**
 * The digits of other scripts a text holds, as a message names them: `the Arabic-Indic digit ١
 * (U+0661)`, `the Devanagari digits १, २ (U+0967, U+0968)`, `the digit 𝟘 (U+1D7D8) of another
 * script` (one tplsync has no name for); undefined when it holds none.
 */
export function otherDigitsNamed(text: string): string | undefined {
  const found = [...new Set(text.match(/(?![0-9])\p{Nd}/gu) ?? [])];
  if (!found.length) return undefined;
  const scripts = [...new Set(found.map((d) => DIGIT_SCRIPTS[d.codePointAt(0)! - digitValue(d)]))];
  const script = scripts.length === 1 && scripts[0] !== undefined ? `${scripts[0]} ` : '';
  const what = found.length === 1 ? `the ${script}digit` : `the ${script}digits`;
  return `${what} ${found.join(', ')} (${found.map((d) => namedCharacter(d)).join(', ')})${script ? '' : ' of another script'}`;
}

/**
 * What in a written value keeps it from being the number (or address) meant, as a clause a message
 * goes on with, and the value without it: an invisible character (`holds U+200E LEFT-TO-RIGHT MARK,
 * an invisible character`), digits of another script (`is written in Arabic-Indic digits (٩٧١...)`),
 * a full-width plus. Undefined when the value holds none of them.
 */
export function foreignCharacters(value: string): { said: string; fixed: string } | undefined {
  const hidden = INVISIBLE.exec(value)?.[0];
  const digit = /(?![0-9])\p{Nd}/u.exec(value)?.[0];
  const plus = value.includes('\uff0b');
  if (!hidden && !digit && !plus) return undefined;
  const fixed = value.replace(INVISIBLE_ALL, '').replace(/\uff0b/g, '+').replace(/(?![0-9])\p{Nd}/gu, (d) => String(digitValue(d)));
  const parts: string[] = [];
  if (hidden) {
    const n = [...value].filter((c) => INVISIBLE.test(c)).length;
    const names = [...new Set([...value].filter((c) => INVISIBLE.test(c)))].map(namedCharacter);
    parts.push(`holds ${n === 1 ? 'an invisible character' : `${n} invisible characters`}, ${names.join(', ')} (copied with it; it shows nothing)`);
  }
  if (digit) {
    const zero = digit.codePointAt(0)! - digitValue(digit);
    const script = DIGIT_SCRIPTS[zero];
    parts.push(`is written in ${script ? `${script} digits` : `digits of another script (${namedCharacter(digit)})`}, where ASCII digits 0-9 are needed`);
  }
  if (plus) parts.push(`has a full-width plus ＋ (${namedCharacter('\uff0b')}) for +`);
  return { said: parts.join(', and '), fixed };
}

/**
 * The direction controls of a value that are left open at its end, with their offsets: an
 * embedding or override (U+202A, U+202B, U+202D, U+202E) not closed by a U+202C POP DIRECTIONAL
 * FORMATTING, an isolate (U+2066-U+2068) not closed by a U+2069 POP DIRECTIONAL ISOLATE (UAX #9,
 * BD9, X6a). Put into a message, such a value reorders the text after it, to the end of its
 * paragraph. A paragraph's end inside the value closes what is open there (it reorders only the
 * value). Pure: lint's samples and send's values.
 */
export function unclosedDirection(value: string): readonly { ch: string; at: number }[] {
  if (!/[\u202A-\u202E\u2066-\u2069]/u.test(value)) return [];
  let open: { ch: string; at: number }[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c >= 0x202a && c <= 0x202e && c !== 0x202c) || (c >= 0x2066 && c <= 0x2068)) open.push({ ch: value[i]!, at: i });
    // PDF closes the last embedding or override (not past an isolate); PDI closes the last isolate and what was opened inside it
    else if (c === 0x202c) { const last = open[open.length - 1]; if (last && last.ch.charCodeAt(0) < 0x2066) open.pop(); }
    else if (c === 0x2069) { const iso = open.map((o) => o.ch.charCodeAt(0) >= 0x2066).lastIndexOf(true); if (iso >= 0) open = open.slice(0, iso); }
    else if (c === 0x0a || c === 0x0d || c === 0x2029 || c === 0x1c || c === 0x1d || c === 0x1e || c === 0x85) open = [];
  }
  return open;
}
