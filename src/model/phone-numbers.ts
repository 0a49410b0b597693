// Pure: the one way a written phone number is to be written, where it is certain (lint's findings
// and repairs of an RCS dial suggestion's number and a WhatsApp PHONE_NUMBER button's).
import { foreignCharacters } from './written-characters.js';

/** E.164, as RBM's DialAction takes a number: +, a country code (never 0), at most 15 digits in all */
export const E164 = /^\+[1-9][0-9]{1,14}$/;

/**
 * A number as people write one with its country code: a `+` first (after an opening bracket, `(+49)`,
 * or white space), then digits that only white space (a no-break space too), `-`, `.` and brackets
 * separate. A `(0)` is not such a number: the 0 in brackets after the country code is a trunk 0 in
 * one country (+44 (0)20: not dialled from abroad) and a digit of the number in another (Italy's
 * +39 06: dialled), so which number it is takes a person.
 */
const GROUPED = /^[\s(]*\+[0-9\s().-]*$/;
const TRUNK_ZERO = /\(\s*0\s*\)/;
const SEPARATORS = /[\s().-]/g;

/**
 * The E.164 form of a written number when it is certain: the number written with its country code
 * and grouped (`+49 30 123456`, `+1 (800) 555-0199`, `+33 1.23.45.67.89`), and what an app in another
 * script copied with it (an invisible mark, Arabic-Indic digits, a full-width plus: model/written-characters.ts)
 * taken out; undefined when the number is E.164 already, when it is not so written (no `+`, letters,
 * a `(0)`), or when its digits are no E.164 number (a country code of 0, more than 15 digits).
 */
export function certainE164(written: string): string | undefined {
  if (E164.test(written)) return undefined;
  const v = foreignCharacters(written)?.fixed ?? written;
  if (!GROUPED.test(v) || TRUNK_ZERO.test(v)) return undefined;
  const digits = v.replace(SEPARATORS, '');
  return E164.test(digits) ? digits : undefined;
}
