// Pure: a language code in the template files' form and case, from any case and either separator
// (BCP 47's `pt-br`, a config's `pt_br`, a tool's `de-de` -> pt_BR, de_DE; `zh-hant` -> zh_Hant).
// A gettext modifier (`@formal`) is kept as written: it is no part of a code, and said so.
/**
 * ISO 639 codes withdrawn or replaced, still written by older systems (Java's Locale, Android, some
 * translation tools: `iw` for Hebrew), and the code that replaced them (the one WhatsApp lists).
 */
export const RENAMED_LANGUAGES: Readonly<Record<string, string>> = { iw: 'he', in: 'id', ji: 'yi', no: 'nb', tl: 'fil', jw: 'jv', mo: 'ro', sh: 'sr' };

/** Pure: the current code of a language code written with a withdrawn ISO 639 code (`iw` -> `he`, `in_ID` -> `id_ID`), or undefined. */
export function renamedLanguage(code: string): string | undefined {
  const [base, ...rest] = code.split('_');
  const now = Object.prototype.hasOwnProperty.call(RENAMED_LANGUAGES, base!) ? RENAMED_LANGUAGES[base!] : undefined;
  return now === undefined ? undefined : [now, ...rest].join('_');
}

/** A language code in the template files' form: `ll` or `ll_CC` (docs/format.md). */
export const LANG = /^[a-z]{2,3}(_[A-Z]{2})?$/;

export function languageCode(lang: string): string {
  const at = lang.indexOf('@');
  const code = at < 0 ? lang : lang.slice(0, at);
  return code.split(/[-_]/).map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase())).join('_') + (at < 0 ? '' : lang.slice(at));
}

/**
 * Pure: whether `code` is the code to write in place of the config's `listed` of the same language,
 * not a language of its own beside it: the current code of a withdrawn one (`nb` for `no`, `he` for
 * `iw_IL`), or one that names no region `listed` does not (`de` for de_DE, `es` for es_ES). A code
 * of another region is another language variant (de_AT, Austrian German, beside de_DE): an addition,
 * never a correction of the config's code. (Whether `listed` is wrong at all is the caller's to say.)
 */
export function codeInPlaceOf(code: string, listed: string): boolean {
  const now = renamedLanguage(listed) ?? listed;
  if (now === code) return true;
  const [base, ...rest] = code.split('_');
  const [nowBase, ...nowRest] = now.split('_');
  if (base!.toLowerCase() !== nowBase!.toLowerCase()) return false;
  // what the code says beyond its language (a region, a script) the listed code says too
  return rest.every((part) => nowRest.includes(part));
}
