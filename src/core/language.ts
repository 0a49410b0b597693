// Pure: a language code in the template files' form and case, from any case and either separator
// (BCP 47's `pt-br`, a config's `pt_br`, a tool's `de-de` -> pt_BR, de_DE; `zh-hant` -> zh_Hant).
// A gettext modifier (`@formal`) is kept as written: it is no part of a code, and said so.
export function languageCode(lang: string): string {
  const at = lang.indexOf('@');
  const code = at < 0 ? lang : lang.slice(0, at);
  return code.split(/[-_]/).map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase())).join('_') + (at < 0 ? '' : lang.slice(at));
}
