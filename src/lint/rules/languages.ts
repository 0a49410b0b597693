// WhatsApp's supported template language codes (Meta, "Supported languages"), and what to say of a
// code it does not list (rule language-unknown, the config's channels.<alias>.languages, export --target).
import { languageCode, RENAMED_LANGUAGES } from '../../core/language.js';

export const WHATSAPP_LANGUAGES = new Set(`af sq ar ar_EG ar_AE ar_LB ar_MA ar_QA az be_BY bn bn_IN bg ca zh_CN zh_HK zh_TW
hr cs da prs_AF nl nl_BE en en_GB en_US en_AE en_AU en_CA en_GH en_IE en_IN en_JM en_MY en_NZ en_QA en_SG en_UG en_ZA
et fil fi fr fr_BE fr_CA fr_CH fr_CI fr_MA ka de de_AT de_CH el gu ha he hi hu id ga it ja kn kk rw_RW ko ky_KG lo lv lt
mk ms ml mr nb ps_AF fa pl pt_BR pt_PT pa ro ru sr si_LK sk sl es es_AR es_CL es_CO es_CR es_DO es_EC es_HN es_MX es_PA
es_PE es_ES es_UY sw sv ta te th tr uk ur uz vi zu`.split(/\s+/));

/** the supported variants of each base language (en: en, en_GB, en_US...), in list order, worked out once */
let variants: Map<string, string[]> | undefined;
export function variantsOf(base: string): readonly string[] {
  if (!variants) {
    variants = new Map();
    for (const x of WHATSAPP_LANGUAGES) {
      const b = x.split('_')[0]!;
      const list = variants.get(b);
      if (list) list.push(x); else variants.set(b, [x]);
    }
  }
  return variants.get(base) ?? [];
}

/**
 * Pure: `WhatsApp does not list language 'de_DE'; supported variants: de, de_AT, de_CH` (or, for a
 * withdrawn ISO 639 code, the code WhatsApp lists), for a well-formed code WhatsApp does not list;
 * undefined for a listed one or one that is not a code (the schema's to say).
 */
export function unlistedWhatsappLanguage(l: string): string | undefined {
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(l) || WHATSAPP_LANGUAGES.has(l)) return undefined;
  const base = l.split('_')[0]!;
  const near = variantsOf(base);
  const now = Object.prototype.hasOwnProperty.call(RENAMED_LANGUAGES, base) ? RENAMED_LANGUAGES[base] : undefined;
  return `WhatsApp does not list language '${l}'${now ? `: '${base}' is an older code of the language WhatsApp lists as '${now}'; did you mean '${now}'?` : near.length ? `; supported variants: ${near.join(', ')}` : ''}`;
}

/**
 * Pure: the platform's code a `language:` written in another case or with BCP 47's hyphen means
 * (`en_us`, `EN-US`: en_US; `PT_br`: pt_BR), when that is all that differs and WhatsApp lists the
 * code; undefined otherwise (a code in the platform's form, a name, a code WhatsApp does not list:
 * de_de's de_DE is not a language WhatsApp has, so which one is meant is the writer's to say).
 */
export function languageCaseMeant(written: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(?:[-_][A-Za-z]{2})?$/.test(written)) return undefined;
  const code = languageCode(written);
  return code !== written && WHATSAPP_LANGUAGES.has(code) ? code : undefined;
}

/**
 * Pure: the languages a template file's path writes, in the platform's form: the LANGUAGE of
 * NAME.LANGUAGE.yaml (as `tplsync new` names files), or, for a file named without one, its name
 * or its folder's where that is a code (en_GB/order.yaml, order/en_GB.yaml: the layouts the
 * translation rules read). A code with a region counts where WhatsApp lists its language
 * (order.de_DE.yaml writes German of Germany); a bare word only where it is a code WhatsApp lists
 * (order.old.yaml writes no language).
 */
export function languagesOfPath(file: string): string[] {
  const parts = file.split(/[\\/]/);
  const base = parts[parts.length - 1]!.replace(/\.ya?ml$/i, '');
  const dots = base.split('.');
  const candidates = dots.length > 1 ? [dots[dots.length - 1]!] : [base, parts[parts.length - 2] ?? ''];
  const out: string[] = [];
  for (const c of candidates) {
    if (!/^[A-Za-z]{2,3}(?:[-_][A-Za-z]{2})?$/.test(c)) continue;
    const code = languageCode(c);
    if (WHATSAPP_LANGUAGES.has(code) || (code.includes('_') && variantsOf(code.split('_')[0]!).length > 0)) out.push(code);
  }
  return out;
}
