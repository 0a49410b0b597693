// Pure: the translation rules, over every file of a run. Each file's facts carry a short hash of
// each of its texts and what it records of its source (`translated_from`); a translated text
// whose source text's hash is no longer the recorded one is outdated. The config's
// `channels.<alias>.languages` names the languages every template on that channel must have.
import type { Path } from '../../files/locate.js';
import type { Loose } from '../../model/loose.js';
import { baseLanguage, copySources, fieldKey, fieldPath, hasWords, textHash, textsOf, translatedFrom, UNKNOWN_SOURCE } from '../../translations/units.js';
import { defineRules, type ProjectContext } from '../rule.js';
import { unlistedWhatsappLanguage } from './languages.js';

export const OUTDATED_RULE_ID = 'translation-outdated';
export const COVERAGE_RULE_ID = 'language-coverage';
export const COPY_RULE_ID = 'translation-missing';

export const translationRules = defineRules([
  {
    id: OUTDATED_RULE_ID, group: 'cross-file', severity: 'warning',
    summary: 'A translated text was made from a source text that has changed since.',
    why: 'The platform never translates: each language is a template of its own. When the source text changes and a translation does not follow, customers in that language get the old message (an old price, a removed offer) while the source language gets the new one. Judged beside the source language\'s file: `tplsync lint one.de.yaml` of a file of the project reads its siblings too (a file outside the config\'s globs is judged alone, and then cannot see the text it was made from).',
    fix: 'Translate the text again: `tplsync translations export --source LANG --target LANG`, hand the file to the translator, then `tplsync translations import FILE` (it records the new source text). If the translation is still right as it is, mark it finished in the exported file (XLIFF `state="translated"`, PO without `#, fuzzy`, the CSV note `outdated:` deleted) and import it, or update the hash under `translated_from.texts`.',
    checkProject(ctx) { reportTranslations(ctx, OUTDATED_RULE_ID); },
  },
  {
    id: COVERAGE_RULE_ID, group: 'cross-file', severity: 'error',
    summary: 'A template has every language its channel\'s `languages` (config `channels.<alias>.languages`) names.',
    why: 'Each language is a template of its own on the platform: a language with no file is a language the application cannot send that template in. Judged when a run holds every template file of the project (lint, plan and apply with no paths, or paths that cover them all): a run of some files outside the config\'s globs cannot see the languages in the others (`tplsync lint one.yaml` of a project file reads its siblings). A file that does not read as a template yet (a syntax error mid-edit) named like a variant (`name.de.yaml`, `de/name.yaml`) is taken for it until it reads. On a channel of `kind: whatsapp`, a language the config names that WhatsApp does not list (`de_DE`, where WhatsApp has `de`, `de_AT`, `de_CH`; a withdrawn code such as `iw` for `he`) is said in the finding, and `tplsync lint` warns of it at the config: the variant it asks for would be rejected on submission (rule language-unknown). An error stops `plan` and `apply` for the whole project, as every lint error does: with coverage on, a new template not yet in every language holds back every other change (an urgent fix to another template included) until its translations exist.',
    fix: 'Add the missing languages: `tplsync translations export --target LANG`, translate, `tplsync translations import FILE` creates each language\'s file next to the source language\'s. Or remove the language from the channel\'s `languages` in the config. To ship the source language first and the translations later, lower the rule to a warning (`rules: { language-coverage: warning }`, or for some files with `overrides`): the missing languages are still reported, and plan and apply go on.',
    checkProject(ctx) { reportTranslations(ctx, COVERAGE_RULE_ID); },
  },
  {
    id: COPY_RULE_ID, group: 'cross-file', severity: 'warning',
    summary: 'A template in another language holds the source language\'s text word for word, which no import wrote: an untranslated copy.',
    why: 'A language is often started by copying the source file (`cp order.en_US.yaml order.ja.yaml` and a new `language:`), or with `tplsync new --language ja`, which writes an English body; until each text is translated, the file holds the source language\'s text. WhatsApp rejects a template whose content is not in the language it is submitted in (rejection reason TAG_CONTENT_MISMATCH: "The language and/or template category selected don\'t match the template content", https://twilio.com/en-us/changelog/view-whatsapp-template-rejection-reasons-in-twilio-console- ; CM.com: "Incorrect language", https://knowledgecenter.cm.com/kc/whatsapp-template-rejection), and a customer who chose that language gets the source language\'s message. A text is reported when it is, at the same field and word for word, the text of a language it is translated from: the language its file\'s record names (`translated_from.language`, which an import writes), and the template\'s source language, which is the language the template\'s records name, else an `en` one, else the first by its code (or a language of the same base as one of those: `en_GB` beside an `en_US` source). Not the text of any other language: a text the same as another translation\'s is no copy, since related languages share words (Spanish and Portuguese both say `Ver pedido` and `Pedido {{1}} enviado`; in a template of `en_US`, `es_MX` and `pt_BR` files with no records the `pt_BR` one is judged beside the `en_US` one alone), and a file of the same base as the language it is judged beside is not judged (an `en_GB` file may hold `en_US`\'s text). It is reported with no hash for that field under `translated_from.texts` (no import wrote it), and when it has two words or more: placeholders, `((references))`, web and e-mail addresses, digits, words of one letter, words in capitals only (OK, SMS, a code) and words with a capital past the first letter of a sentence (names: Acme Shop, Acme GmbH, iPhone 15 Pro) do not count, so a brand or product name, "Ok" or a text of placeholders and numbers is never reported (a run of four letters or more in a script written without spaces, Chinese, Japanese or Thai, counts as two words). `tplsync translations export` exports such a text as untranslated, judged the same way (an export from another language than those, `--source es_MX --target pt_BR`, exports the `pt_BR` text the same as the Spanish as a translation). Judged beside the other language\'s file, as translation-outdated is (`tplsync lint one.ja.yaml` of a file of the project reads its siblings).',
    fix: 'Translate the text: `tplsync translations export --source en_US --target ja` exports it with no target (untranslated), then `tplsync translations import FILE` writes the translation and records it. If the text is right in that language as it is (a name, a slogan kept in English), send it back as the translation (XLIFF `state="translated"`, a PO `msgstr`, the CSV target cell), and import records it (with a warning at the unit\'s line, since this rule is silent of it after; a file of nothing but the source\'s texts, as gettext\'s `msgen` makes one, is refused whole); or silence it with `# tplsync-disable-next-line translation-missing -- a brand name` above the text.',
    checkProject(ctx) { for (const f of copyFindings(ctx)) ctx.reportAt(f.file, f.path, f.message); },
  },
]);

export type { TranslationFacts } from '../facts.js';
import type { TranslationFacts } from '../facts.js';

/**
 * A file's translation facts. With `text` and `read` (the file's text, and the pure reader that
 * gave `t` from it), the hashes are worked out when first read rather than now: a SHA-256 of
 * every text of every file, and the objects kept alive for them, are a tenth of a cold lint's
 * CPU, and the translation rules read them only in a run where a channel names languages or a
 * file records its source. Until then the facts hold the text alone (one string: nothing for
 * the collector to trace), and JSON.stringify gives the same as the eager facts.
 */
export function translationFacts(t: Loose, text?: string, read?: (text: string) => Loose): TranslationFacts {
  const from = translatedFrom(t);
  if (text === undefined || !read) {
    const { hashes, worded } = textFacts(t);
    return { hashes, ...(worded.length ? { worded } : {}), ...(from ? { from } : {}) };
  }
  return new DeferredTranslationFacts(text, read, from);
}

/** TranslationFacts whose hashes are worked out from the text when first read (one shape, no closure per file) */
class DeferredTranslationFacts implements TranslationFacts {
  private worked: { hashes: Record<string, string>; worded: string[] } | undefined;
  constructor(private text: string, private readonly read: (text: string) => Loose, readonly from: TranslationFacts['from']) {}
  private get facts(): { hashes: Record<string, string>; worded: string[] } {
    if (!this.worked) { this.worked = textFacts(this.read(this.text)); this.text = ''; }
    return this.worked;
  }
  get hashes(): Record<string, string> { return this.facts.hashes; }
  get worded(): string[] | undefined { const w = this.facts.worded; return w.length ? w : undefined; }
  /** what the eager facts give (the cache writes facts as JSON) */
  toJSON(): TranslationFacts { const worded = this.worded; return { hashes: this.hashes, ...(worded ? { worded } : {}), ...(this.from ? { from: this.from } : {}) }; }
}

/** field path → short hash of every translatable text of a template */
export function textHashes(t: Loose): Record<string, string> {
  return textFacts(t).hashes;
}

/** the hashes of a template's texts, and the fields whose text has words enough to tell a copy (hasWords) */
function textFacts(t: Loose): { hashes: Record<string, string>; worded: string[] } {
  const hashes: Record<string, string> = {};
  const worded: string[] = [];
  for (const f of textsOf(t)) {
    const k = fieldKey(f.path);
    hashes[k] = textHash(f.text);
    if (hasWords(f.text)) worded.push(k);
  }
  return { hashes, worded };
}

export interface TranslationInput { file: string; channel: string; name: string; language: string; facts: TranslationFacts;
  /** an RCS template (no WhatsApp parts): WhatsApp's review does not judge it (translation-missing's message) */
  rcs?: boolean }
export interface TranslationFinding { file: string; path: Path; message: string; ruleId: string }

/** both rules' findings over a run, worked out once for the run (by its context: one per run) */
const found = new WeakMap<object, TranslationFinding[]>();

function reportTranslations(ctx: ProjectContext, ruleId: string): void {
  let all = found.get(ctx);
  if (!all) found.set(ctx, all = translationFindings(ctx));
  for (const f of all) if (f.ruleId === ruleId) ctx.reportAt(f.file, f.path, f.message);
}

/** only files that record a source, and channels that name languages, can have any */
function translationFindings(ctx: ProjectContext): TranslationFinding[] {
  const wanted = Object.values(ctx.languages).some((c) => c.languages?.length);
  if (!wanted && !ctx.files.some((r) => r.facts.translation?.from)) return [];
  const inputs = ctx.files.flatMap((r) => {
    const { channel, name, language, translation } = r.facts;
    return channel && name && language && translation ? [{ file: r.file, channel: channel.value, name, language, facts: translation }] : [];
  });
  // files that do not read as a template (a syntax error mid-edit): their template is unknown, and may be a variant a group lacks
  const unread = ctx.files.filter((r) => !(r.facts.channel && r.facts.name && r.facts.language)).map((r) => r.file);
  return checkTranslations(inputs, ctx.languages, unread);
}

const rank = (lang: string): number => (lang === 'en' || lang.startsWith('en_') ? 0 : 1);

/** the files of templates held in two languages of different bases or more: only their texts can be another's copy */
function copyFindings(ctx: ProjectContext): TranslationFinding[] {
  const bases = new Map<string, Set<string>>();
  for (const r of ctx.files) {
    const { channel, name, language, translation } = r.facts;
    if (!channel || !name || !language || !translation) continue;
    const k = `${channel.value}\u0000${name}`;
    (bases.get(k) ?? bases.set(k, new Set()).get(k)!).add(baseLanguage(language));
  }
  const inputs = ctx.files.flatMap((r) => {
    const { channel, name, language, translation } = r.facts;
    return channel && name && language && translation && bases.get(`${channel.value}\u0000${name}`)!.size > 1 ? [{ file: r.file, channel: channel.value, name, language, facts: translation, rcs: r.facts.content === 'rcs' }] : [];
  });
  return inputs.length ? checkCopies(inputs) : [];
}

/** the inputs by template (channel and name): each group one template's languages */
function byTemplate(inputs: readonly TranslationInput[]): Iterable<TranslationInput[]> {
  const groups = new Map<string, TranslationInput[]>();
  for (const i of inputs) {
    const k = `${i.channel}\u0000${i.name}`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(i);
  }
  return groups.values();
}

/**
 * Pure: the findings of translation-missing: a text of a file that is, at the same field word for
 * word (the same hash), the text of a language it is translated from (copySources: the one its own
 * record names, and the template's source: the language the group's records name, else an `en` one,
 * else the first by code), or of a language of the same base as one of those (en_GB beside an en_US
 * source), in a language of another base than its own, with words enough to tell (TranslationFacts'
 * `worded`), and no hash of its own under `translated_from.texts` (no import wrote it). A text the
 * same as another translation's (Portuguese "Ver pedido" beside the Spanish) is no copy: related
 * languages share words. What export exports as untranslated (isUntranslatedCopy, with the same copySources).
 */
export function checkCopies(inputs: readonly TranslationInput[]): TranslationFinding[] {
  const out: TranslationFinding[] = [];
  for (const group of byTemplate(inputs)) {
    if (group.length < 2) continue;
    const variants = group.map((g) => ({ language: g.language, ...(g.facts.from ? { from: g.facts.from.language } : {}) }));
    group.forEach((g, k) => {
      const worded = g.facts.worded;
      if (!worded?.length) return;
      const sources = copySources(variants, variants[k]!);
      if (!sources.length) return;
      const bases = new Set(sources.map(baseLanguage));
      // the source languages' own files first (then others of their bases), as named
      const rankOf = (h: TranslationInput): number => { const i = sources.indexOf(h.language); return i < 0 ? sources.length : i; };
      const candidates = group.filter((h) => bases.has(baseLanguage(h.language)) && baseLanguage(h.language) !== baseLanguage(g.language))
        .sort((a, b) => rankOf(a) - rankOf(b) || (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
      if (!candidates.length) return;
      for (const field of worded) {
        if (g.facts.from?.texts[field] !== undefined) continue;
        const hash = g.facts.hashes[field];
        const src = candidates.find((h) => h.facts.hashes[field] === hash);
        if (!src) continue;
        out.push({
          file: g.file, path: fieldPath(field) as Path, ruleId: COPY_RULE_ID,
          message: `The ${g.language} text at ${field} is the ${src.language} text word for word (${src.file}), and no import recorded it as translated (translated_from): an untranslated copy${g.rcs ? `: a customer who chose ${g.language} gets the ${src.language} text` : `, which WhatsApp may reject as not in ${g.language} (TAG_CONTENT_MISMATCH)`}; translate it, or, if it is right in ${g.language} as it is, import it as the translation.`,
        });
      }
    });
  }
  return out;
}

/** Pure: the findings of translation-outdated and language-coverage over every file of a run. */
export function checkTranslations(inputs: readonly TranslationInput[], channels: Readonly<Record<string, { languages?: string[]; kind?: 'whatsapp' | 'rcs' }>> = {}, unread: readonly string[] = []): TranslationFinding[] {
  /**
   * The languages a file that does not read may be a variant of `name` in, by its name
   * (name.de.yaml, de/name.yaml, name/de.yaml): coverage waits for those; 'any' when the name
   * holds no language code (that file could be any variant).
   */
  const pending = (name: string): Set<string> | 'any' => {
    const out = new Set<string>();
    for (const f of unread) {
      const parts = f.split(/[\\/]/);
      const base = parts[parts.length - 1]!.replace(/\.ya?ml$/i, '');
      const dir = parts[parts.length - 2];
      const lang = base.startsWith(`${name}.`) ? base.slice(name.length + 1) : base === name ? dir : dir === name ? base : undefined;
      if (lang === undefined) continue;
      if (/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/.test(lang)) out.add(lang); else if (base === name || dir === name) return 'any';
    }
    return out;
  };
  const out: TranslationFinding[] = [];
  for (const group of byTemplate(inputs)) {
    const byLang = new Map(group.map((g) => [g.language, g]));
    for (const g of group) {
      const from = g.facts.from;
      if (!from) continue;
      const src = byLang.get(from.language);
      if (!src) continue;
      for (const [field, hash] of Object.entries(from.texts)) {
        const now = src.facts.hashes[field];
        if (now === hash) continue;
        const at: Path = g.facts.hashes[field] !== undefined ? fieldPath(field) as Path : ['translated_from', 'texts', field];
        out.push({
          file: g.file, path: at, ruleId: OUTDATED_RULE_ID,
          message: now === undefined
            ? `The ${g.language} text at ${field} was translated from a text of ${from.language} that ${src.file} no longer has; remove it (and its hash under translated_from.texts) or translate what replaced it.`
            : hash === UNKNOWN_SOURCE
            ? `The ${g.language} text at ${field} is the channel's copy (written by tplsync pull over the translated text), so which ${from.language} text it was translated from is unknown (its hash is ${UNKNOWN_SOURCE}); check it against the ${from.language} text (${src.file}) and translate it again, or confirm it.`
            : `The ${g.language} text at ${field} was translated from the ${from.language} text, which has changed since (${src.file}); translate it again.`,
        });
      }
    }
    const want = channels[group[0]!.channel]?.languages;
    const waiting = want?.length ? pending(group[0]!.name) : new Set<string>();
    if (want?.length && waiting !== 'any') {
      const missing = want.filter((l) => !byLang.has(l) && !waiting.has(l));
      if (missing.length) {
        const first = [...group].sort((a, b) => rank(a.language) - rank(b.language) || (a.language < b.language ? -1 : a.language > b.language ? 1 : 0))[0]!;
        // a code the config names that WhatsApp does not list: the variant asked for would be rejected; the config is what to correct
        // (WhatsApp's note a sentence of its own: it may end in its question, "did you mean 'he'?")
        const alias = group[0]!.channel;
        const unlisted = channels[alias]?.kind === 'whatsapp' ? missing.map(unlistedWhatsappLanguage).filter((m) => m !== undefined) : [];
        out.push({
          file: first.file, path: ['language'], ruleId: COVERAGE_RULE_ID,
          message: `${alias}/${group[0]!.name} has no ${missing.join(', ')} variant; channel ${alias} requires ${want.join(', ')}.${unlisted.length ? ` ${unlisted.map((m) => (m.endsWith('?') ? m : `${m}.`)).join(' ')} Correct channels.${alias}.languages in the config.` : ''}`,
        });
      }
    }
  }
  return out;
}
