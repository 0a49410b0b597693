// Pure: how many SMS parts a text takes (3GPP TS 23.038 and 23.040). A text that the GSM 7-bit
// default alphabet can carry (with its extension table, whose characters take two septets) fits
// 160 septets in one SMS and 153 in each part of a longer one; any other text goes as UCS-2
// (UTF-16), 70 code units in one SMS and 67 in each part. One Arabic letter, emoji or curly
// quote turns the whole text into UCS-2.

/** the GSM 7-bit default alphabet (3GPP TS 23.038, 6.2.1), one septet each */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** its extension table: an escape and the character, two septets each */
const GSM_EXTENDED = new Set('\f^{}\\[~]|€');

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** septets (GSM-7) or UTF-16 code units (UCS-2) */
  units: number;
  /** what fits one SMS in this encoding (160 or 70) */
  single: number;
  /** what fits each part of a longer message (153 or 67) */
  perPart: number;
  parts: number;
}

/** The encoding, size and number of SMS parts of `text`, as written. */
export function smsSize(text: string): SmsSize {
  const gsm = firstNonGsm(text) === undefined;
  // each character's size: an extension character's escape and the character, or a surrogate
  // pair, are never split between two parts
  const sizes = [...text].map((ch) => (gsm ? (GSM_EXTENDED.has(ch) ? 2 : 1) : ch.length));
  const units = sizes.reduce((a, b) => a + b, 0);
  const [encoding, single, perPart] = gsm ? ['GSM-7', 160, 153] as const : ['UCS-2', 70, 67] as const;
  if (units <= single) return { encoding, units, single, perPart, parts: 1 };
  let parts = 1;
  let used = 0;
  for (const n of sizes) {
    if (used + n > perPart) { parts++; used = 0; }
    used += n;
  }
  return { encoding, units, single, perPart, parts };
}

/**
 * A text's size as lint and the preview say it, in the units its encoding counts: "72 characters
 * sent as UCS-2" (UTF-16 code units: an emoji counts two), "166 characters of the GSM 7-bit
 * alphabet", or, once an extension character is in the text, "161 septets of the GSM 7-bit
 * alphabet (160 characters: € takes two septets)": the user counts characters in an editor, so
 * the septets are called so and the characters that take two are named. The one wording of both,
 * so that the preview's line and lint's finding give the same number for the same text.
 */
export function smsUnitsInWords(size: SmsSize, text: string): string {
  if (size.encoding === 'UCS-2') return `${size.units} characters sent as UCS-2`;
  const two = twoSeptetCharacters(text);
  if (two.length === 0) return `${size.units} characters of the GSM 7-bit alphabet`;
  const names = two.map((c) => (c === '\f' ? 'the form feed' : c));
  const list = names.length === 1 ? `${names[0]} takes two septets` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} take two septets each`;
  return `${size.units} septets of the GSM 7-bit alphabet (${[...text].length} characters: ${list})`;
}

/** The characters of `text` from the GSM extension table (an escape and the character: two septets each), each once, in the order they first appear. */
export function twoSeptetCharacters(text: string): string[] {
  return [...new Set([...text].filter((ch) => GSM_EXTENDED.has(ch)))];
}

/** "1 SMS part", "2 SMS parts" */
export function smsPartsInWords(size: SmsSize): string {
  return size.parts === 1 ? '1 SMS part' : `${size.parts} SMS parts`;
}

/** The first character of `text` that the GSM 7-bit alphabet cannot carry (what makes it UCS-2), or undefined. */
export function firstNonGsm(text: string): string | undefined {
  for (const ch of text) if (!GSM_BASIC.has(ch) && !GSM_EXTENDED.has(ch)) return ch;
  return undefined;
}
