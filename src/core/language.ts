// Pure: a language code in the template files' form and case, from any case and either separator
// (BCP 47's `pt-br`, a config's `pt_br`, a tool's `de-de` -> pt_BR, de_DE; `zh-hant` -> zh_Hant).
export function languageCode(lang: string): string {
  return lang.split(/[-_]/).map((p, i) => (i === 0 ? p.toLowerCase() : p.length === 4 ? p[0]!.toUpperCase() + p.slice(1).toLowerCase() : p.toUpperCase())).join('_');
}
