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
