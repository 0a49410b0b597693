// Pure: HTML's character references in a text (`&nbsp;`, `&amp;`, `&#8217;`, `&#x2019;`): what a
// tool that works in web markup (a translation tool pasting HTML, a CMS export) writes for a
// character. WhatsApp and RCS show a text as it is written, so the customer reads "&nbsp;". One
// reading for lint (text-characters) and translations import.
import { namedCharacter } from './written-characters.js';

/**
 * HTML's named character references that tools write, by name (case matters, as in HTML): XML's
 * five, HTML 4's Latin-1 set (U+00A0-U+00FF, in order), and its punctuation, typographic spaces,
 * direction marks, arrows and card suits.
 */
const NAMED: ReadonlyMap<string, number> = (() => {
  const m = new Map<string, number>([['quot', 0x22], ['amp', 0x26], ['apos', 0x27], ['lt', 0x3c], ['gt', 0x3e]]);
  const latin1 = 'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest '
    + 'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig '
    + 'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
  latin1.split(' ').forEach((name, i) => m.set(name, 0xa0 + i));
  const more: [string, number][] = [
    ['OElig', 0x152], ['oelig', 0x153], ['Scaron', 0x160], ['scaron', 0x161], ['Yuml', 0x178], ['fnof', 0x192], ['circ', 0x2c6], ['tilde', 0x2dc],
    ['ensp', 0x2002], ['emsp', 0x2003], ['thinsp', 0x2009], ['zwnj', 0x200c], ['zwj', 0x200d], ['lrm', 0x200e], ['rlm', 0x200f],
    ['ndash', 0x2013], ['mdash', 0x2014], ['lsquo', 0x2018], ['rsquo', 0x2019], ['sbquo', 0x201a], ['ldquo', 0x201c], ['rdquo', 0x201d], ['bdquo', 0x201e],
    ['dagger', 0x2020], ['Dagger', 0x2021], ['bull', 0x2022], ['hellip', 0x2026], ['permil', 0x2030], ['prime', 0x2032], ['Prime', 0x2033], ['lsaquo', 0x2039], ['rsaquo', 0x203a],
    ['euro', 0x20ac], ['trade', 0x2122], ['larr', 0x2190], ['uarr', 0x2191], ['rarr', 0x2192], ['darr', 0x2193], ['harr', 0x2194], ['minus', 0x2212], ['infin', 0x221e],
    ['ne', 0x2260], ['le', 0x2264], ['ge', 0x2265], ['spades', 0x2660], ['clubs', 0x2663], ['hearts', 0x2665], ['diams', 0x2666],
  ];
  for (const [name, cp] of more) m.set(name, cp);
  return m;
})();

/** `&name;`, `&#NNN;`, `&#xHH;` (HTML also reads `&#XHH;`) */
const REFERENCE = /&(?:([A-Za-z][A-Za-z0-9]{1,31})|#([0-9]{1,7})|#[xX]([0-9A-Fa-f]{1,6}));/g;

export interface CharacterReference {
  /** the reference as written (`&nbsp;`) */
  ref: string;
  /** its offset in the text */
  at: number;
  /** the character it stands for (undefined: a number that is no character, such as &#0; or a surrogate) */
  ch: string | undefined;
}

/**
 * The character references of a text that HTML would read as a character: every numeric one and
 * the named ones of NAMED. A `&` with a word that is no entity (`R&D;`, `&Co;`) is text, as it is
 * to a browser. Empty when the text has no `&`.
 */
export function characterReferences(text: string): CharacterReference[] {
  if (!text.includes('&')) return [];
  const out: CharacterReference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    if (m[1] !== undefined) {
      const cp = NAMED.get(m[1]);
      if (cp !== undefined) out.push({ ref: m[0], at: m.index, ch: String.fromCodePoint(cp) });
      continue;
    }
    const n = m[2] !== undefined ? Number(m[2]) : parseInt(m[3]!, 16);
    const ok = n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff);
    out.push({ ref: m[0], at: m.index, ch: ok ? String.fromCodePoint(n) : undefined });
  }
  return out;
}

/** what to write instead of a reference: `the character itself, U+00A0 NO-BREAK SPACE` (a visible one shown: `"’" (U+2019)`) */
export function insteadOf(r: CharacterReference): string {
  if (r.ch === undefined) return 'the character meant (this number is no character)';
  const name = namedCharacter(r.ch);
  // a letter or a sign is shown; a space, a mark or a control only named
  return /[\p{L}\p{N}\p{P}\p{S}]/u.test(r.ch) ? `the character itself, "${r.ch}" (${name})` : `the character itself, ${name}`;
}

/**
 * The text with its references written as their characters, once more while the result still holds
 * one (`&amp;nbsp;`, markup escaped twice, is `&nbsp;` and then U+00A0). A number that is no
 * character stays as written.
 */
export function withoutReferences(text: string): string {
  let t = text;
  for (let pass = 0; pass < 4; pass++) {
    const refs = characterReferences(t).filter((r) => r.ch !== undefined);
    if (!refs.length) break;
    let out = '';
    let from = 0;
    for (const r of refs) { out += t.slice(from, r.at) + r.ch!; from = r.at + r.ref.length; }
    t = out + t.slice(from);
  }
  return t;
}
