// Pure: letters of another script that look like Latin letters or digits (the Cyrillic о of
// 'оrder_ready', typed on a Russian keyboard layout or pasted), for naming such a letter in a name
// written in Latin letters (a template name, a placeholder's, a channel alias, a language code) and
// suggesting the name meant: with the look-alike dropped, 'оrder_ready' was suggested as
// 'rder_ready', another template. The Cyrillic and Greek letters that Unicode's confusables
// (UTS #39) give as a Latin letter or digit, and no others: a small table, kept here.

/** each look-alike letter: the Latin letter or digit it looks like, and its Unicode name */
const LOOKALIKES: ReadonlyMap<string, readonly [latin: string, name: string]> = new Map(([
  // Cyrillic, small
  [0x0430, 'a', 'CYRILLIC SMALL LETTER A'], [0x0435, 'e', 'CYRILLIC SMALL LETTER IE'], [0x043e, 'o', 'CYRILLIC SMALL LETTER O'],
  [0x0440, 'p', 'CYRILLIC SMALL LETTER ER'], [0x0441, 'c', 'CYRILLIC SMALL LETTER ES'], [0x0443, 'y', 'CYRILLIC SMALL LETTER U'],
  [0x0445, 'x', 'CYRILLIC SMALL LETTER HA'], [0x0455, 's', 'CYRILLIC SMALL LETTER DZE'], [0x0456, 'i', 'CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I'],
  [0x0458, 'j', 'CYRILLIC SMALL LETTER JE'], [0x04bb, 'h', 'CYRILLIC SMALL LETTER SHHA'], [0x04cf, 'l', 'CYRILLIC SMALL LETTER PALOCHKA'],
  [0x0475, 'v', 'CYRILLIC SMALL LETTER IZHITSA'], [0x0501, 'd', 'CYRILLIC SMALL LETTER KOMI DE'], [0x051b, 'q', 'CYRILLIC SMALL LETTER QA'],
  [0x051d, 'w', 'CYRILLIC SMALL LETTER WE'], [0x0431, '6', 'CYRILLIC SMALL LETTER BE'],
  // Cyrillic, capital
  [0x0410, 'A', 'CYRILLIC CAPITAL LETTER A'], [0x0412, 'B', 'CYRILLIC CAPITAL LETTER VE'], [0x0415, 'E', 'CYRILLIC CAPITAL LETTER IE'],
  [0x041a, 'K', 'CYRILLIC CAPITAL LETTER KA'], [0x041c, 'M', 'CYRILLIC CAPITAL LETTER EM'], [0x041d, 'H', 'CYRILLIC CAPITAL LETTER EN'],
  [0x041e, 'O', 'CYRILLIC CAPITAL LETTER O'], [0x0420, 'P', 'CYRILLIC CAPITAL LETTER ER'], [0x0421, 'C', 'CYRILLIC CAPITAL LETTER ES'],
  [0x0422, 'T', 'CYRILLIC CAPITAL LETTER TE'], [0x0425, 'X', 'CYRILLIC CAPITAL LETTER HA'], [0x0405, 'S', 'CYRILLIC CAPITAL LETTER DZE'],
  [0x0406, 'I', 'CYRILLIC CAPITAL LETTER BYELORUSSIAN-UKRAINIAN I'], [0x0408, 'J', 'CYRILLIC CAPITAL LETTER JE'], [0x04ae, 'Y', 'CYRILLIC CAPITAL LETTER STRAIGHT U'],
  [0x051a, 'Q', 'CYRILLIC CAPITAL LETTER QA'], [0x051c, 'W', 'CYRILLIC CAPITAL LETTER WE'], [0x0417, '3', 'CYRILLIC CAPITAL LETTER ZE'],
  // Greek, small
  [0x03b1, 'a', 'GREEK SMALL LETTER ALPHA'], [0x03bf, 'o', 'GREEK SMALL LETTER OMICRON'], [0x03bd, 'v', 'GREEK SMALL LETTER NU'],
  [0x03c1, 'p', 'GREEK SMALL LETTER RHO'], [0x03b9, 'i', 'GREEK SMALL LETTER IOTA'], [0x03b3, 'y', 'GREEK SMALL LETTER GAMMA'],
  [0x03c7, 'x', 'GREEK SMALL LETTER CHI'], [0x03f2, 'c', 'GREEK LUNATE SIGMA SYMBOL'], [0x03f3, 'j', 'GREEK LETTER YOT'],
  // Greek, capital
  [0x0391, 'A', 'GREEK CAPITAL LETTER ALPHA'], [0x0392, 'B', 'GREEK CAPITAL LETTER BETA'], [0x0395, 'E', 'GREEK CAPITAL LETTER EPSILON'],
  [0x0396, 'Z', 'GREEK CAPITAL LETTER ZETA'], [0x0397, 'H', 'GREEK CAPITAL LETTER ETA'], [0x0399, 'I', 'GREEK CAPITAL LETTER IOTA'],
  [0x039a, 'K', 'GREEK CAPITAL LETTER KAPPA'], [0x039c, 'M', 'GREEK CAPITAL LETTER MU'], [0x039d, 'N', 'GREEK CAPITAL LETTER NU'],
  [0x039f, 'O', 'GREEK CAPITAL LETTER OMICRON'], [0x03a1, 'P', 'GREEK CAPITAL LETTER RHO'], [0x03a4, 'T', 'GREEK CAPITAL LETTER TAU'],
  [0x03a5, 'Y', 'GREEK CAPITAL LETTER UPSILON'], [0x03a7, 'X', 'GREEK CAPITAL LETTER CHI'], [0x03f9, 'C', 'GREEK CAPITAL LUNATE SIGMA SYMBOL'],
  [0x037f, 'J', 'GREEK CAPITAL LETTER YOT'],
] as const).map(([cp, latin, name]) => [String.fromCodePoint(cp), [latin, name] as const]));

/** a letter of the scripts the table is of */
const CYRILLIC_OR_GREEK = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;
const CYRILLIC_OR_GREEK_ALL = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;

export interface Lookalikes {
  /** the text with each look-alike written as the Latin letter or digit it looks like */
  readonly latin: string;
  /** the first look-alike said: `U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o'` */
  readonly said: string;
  /** where the first is: its place among the text's characters, from 1 */
  readonly character: number;
  /** how many look-alikes the text holds */
  readonly count: number;
}

/**
 * The look-alike letters of a text written in Latin letters otherwise: undefined when it holds none,
 * holds no Latin letter, or holds a Cyrillic or Greek letter that looks like none (`заказ_ready` is
 * a word of another script beside a Latin one, not a slip: nothing is said to be meant by it).
 */
export function lookalikes(text: string): Lookalikes | undefined {
  if (!CYRILLIC_OR_GREEK.test(text) || !/[A-Za-z]/.test(text)) return undefined;
  const chars = [...text];
  let first = -1;
  let count = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!CYRILLIC_OR_GREEK.test(chars[i]!)) continue;
    if (!LOOKALIKES.has(chars[i]!)) return undefined;
    if (first < 0) first = i;
    count++;
  }
  const ch = chars[first]!;
  const [latin, name] = LOOKALIKES.get(ch)!;
  const script = name.startsWith('CYRILLIC') ? 'Cyrillic' : 'Greek';
  const cp = `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return {
    latin: text.replace(CYRILLIC_OR_GREEK_ALL, (c) => LOOKALIKES.get(c)![0]),
    said: `${cp} ${name}, a ${script} ${/[0-9]/.test(latin) ? 'letter that looks like the digit' : 'letter that looks like the Latin'} '${latin}'`,
    character: first + 1,
    count,
  };
}

/** `holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 1 of the name)`, and how many more, for a message */
export function lookalikesHeld(found: Lookalikes, of: string): string {
  const more = found.count - 1;
  return `holds ${found.said} (character ${found.character} of the ${of})${more ? `, and ${more} more such letter${more === 1 ? '' : 's'}` : ''}`;
}
