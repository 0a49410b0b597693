// Pure: the language variants of one (channel, name) agree. Each file's facts carry what must
// be the same in every language (its kind, header format, button types in order,
// the placeholder names of each text); across the files, every variant that differs from the
// others is reported at the differing node of the differing file. Texts and samples may differ.
import type { Path } from '../../files/locate.js';
import { arr, obj, str, type Loose } from '../../model/loose.js';
import { scanPlaceholders, type ScanResult } from '../../model/placeholders.js';
import { placeholderSites, type PlaceholderSite } from '../../model/sites.js';
import { defineRules } from '../rule.js';
import { detached } from '../../model/detach.js';

export const VARIANT_RULE_ID = 'variant-mismatch';

export const variantRules = defineRules([
  {
    id: VARIANT_RULE_ID, group: 'cross-file', severity: 'error',
    summary: 'The language variants of a template (same channel and name) share placeholders, button types and order (a carousel\'s cards and each card\'s buttons; an RCS message\'s rich cards, and the places of the suggestions they both offer), header format and kind (not the category: WhatsApp may re-categorise one language).',
    why: 'Application code sends one template name with one set of parameters in every language (a carousel: one set a card and a card button); a variant that lost a placeholder, reordered its buttons, has another number of cards or its card buttons or suggestions in another order, or changed its header fails at send time (or is rejected) in that language only, and `tplsync translations` cannot carry its texts (export leaves such buttons untranslated, import refuses the template). RCS suggestions send the application no parameter, and the platform takes each language\'s own: a language may offer fewer suggestions (no German hotline, so no `dial`), left out at the end of a list, or more, added at its end, or none. What is compared is what the translations pair by place: the same rich cards, and each suggestion both variants offer at the same place with the same action; a list reordered, or one left out before others (the translation of "Call us" would label the open_url chip), is reported. A suggestion the target file does not offer is exported with an empty translation (counted as not translated); leave it empty: an import of a translation for it adds the suggestion to that language, with the source\'s action and its number or address, and warns at the unit\'s line to check them.',
    fix: 'Make the reported variant match the others: the same placeholder names in each text, the same buttons in the same order, the same carousel cards with their buttons in the same order, as many RCS rich cards, the same RCS suggestions in the same order, the same header format. Translate only the texts (`tplsync translations export` carries them to translators) and the samples (by hand in the file of each language: an export shows them as notes, and the file of a new language starts with those of the source language). When most of the other variants (more than half) record that they were translated from one of them (`translated_from`, written by `tplsync translations import`), that one is the original: the variants that differ from it are reported. A placeholder added to a source text is the start of a round of translation: when any variant records that source, however few, the variants that lack only what it added are reported, with what they lack, never the source. Otherwise the variant reported is the one that differs from most (of three variants, a source recorded by one translation that lacks what the other two have is reported, not the two); when they split evenly, the English variant (en, en_*) counts as the original.',
    checkProject(ctx) {
      // only a name that two files share can have variants to compare (most names are one file's)
      const seen = new Map<string, number>();
      for (const r of ctx.files) if (r.facts.name !== undefined) seen.set(r.facts.name, (seen.get(r.facts.name) ?? 0) + 1);
      // a language defined twice (duplicate-template's finding) is one variant, its first file's by path (whatever order the run
      // has the files in: lint and the language server agree): each file compared as a variant of its own made self-contradictory
      // findings ("the en_US variant has none; the en_US variant and most others have QUICK_REPLY")
      const first = new Map<string, string>();
      const keyOf = (r: (typeof ctx.files)[number]): string | undefined => {
        const { channel, name, language, variant } = r.facts;
        return channel && name && language && variant && seen.get(name)! > 1 ? `${channel.value}\u0000${name}\u0000${language}` : undefined;
      };
      for (const r of ctx.files) { const k = keyOf(r); if (k !== undefined && (!first.has(k) || r.file < first.get(k)!)) first.set(k, r.file); }
      const inputs = ctx.files.flatMap((r) => {
        const k = keyOf(r);
        if (k === undefined || first.get(k) !== r.file) return [];
        const { channel, name, language, variant, translation } = r.facts;
        const from = translation?.from?.language;
        return [{ file: r.file, channel: channel!.value, name: name!, language: language!, facts: variant!, ...(from !== undefined ? { translatedFrom: from } : {}) }];
      });
      for (const v of checkVariants(inputs)) ctx.reportAt(v.file, v.path, v.message);
    },
  },
]);

export type { VariantFacts } from '../facts.js';
import type { Fact, VariantFacts } from '../facts.js';

// The facts are kept for every file until the run ends: what is the same in every file is one
// shared (frozen) object, and no string is a slice of the file's text (detach.ts).
const fact = <T>(value: T, path: Path): Fact<T> => Object.freeze({ value, path: Object.freeze(path) as Path });
const KINDS = {
  carousel: fact('carousel', ['carousel']), offer: fact('limited-time offer', ['limited_time_offer']), rcs: fact('RCS', ['message']),
  authentication: fact('authentication', ['category']), standard: fact('standard', ['body']),
};
const NO_HEADER = fact('none', []);
const CATEGORY_PATH = Object.freeze(['category']) as Path;
const HEADER_PATHS = { format: Object.freeze(['header', 'format']) as Path, header: Object.freeze(['header']) as Path };
const BUTTONS_PATH = Object.freeze(['buttons']) as Path;
const NO_NAMES = Object.freeze([]) as unknown as string[];
/** the names of a text whose placeholders are not known (a malformed one): a value, not an identity, as the facts are kept in the cache and sent between threads */
const UNKNOWN = '\u0000unknown';
const UNKNOWN_NAMES = Object.freeze([UNKNOWN]) as unknown as string[];
const NO_BUTTONS = fact<string[]>(Object.freeze([]) as unknown as string[], BUTTONS_PATH);

const CAROUSEL_PATH = Object.freeze(['carousel']) as Path;
const MESSAGE_PATH = Object.freeze(['message']) as Path;
const RICH_CARDS_PATH = Object.freeze(['message', 'richCards']) as Path;
const cardCount = (n: number): string => `${n} card${n === 1 ? '' : 's'}`;

/**
 * an RCS message's suggestion lists, each as `PATH [action, action]`: the message's own when it has
 * suggestions, then every rich card's (`[]` for a card without: the cards are counted)
 */
function suggestionLists(m: Loose): string[] {
  const actions = (v: unknown): string => `[${arr(v).map((x) => detached(str(obj(x)?.action) ?? '?')).join(', ')}]`;
  return [...(arr(m.suggestions).length ? [`message.suggestions ${actions(m.suggestions)}`] : []),
    ...arr(m.richCards).map((c, i) => `message.richCards.${i}.suggestions ${actions(obj(c)?.suggestions)}`)];
}

/** each list's actions by its path (a list the message does not have is none) */
const listsByPath = (v: readonly string[]): Map<string, string[]> => new Map(v.map((s) => { const l = listOf(s); return [l.at, l.items]; }));
/**
 * Whether a variant's suggestions still pair with the reference's: in each list both have, the actions both have at a place the same (a translation is paired with its suggestion by its
 * place). A language may offer fewer suggestions, left out at the end of a list (no German hotline:
 * no `dial`), or more at its end, or none: a suggestion sends the application no parameter, and the
 * platform takes each language's own. Reordered, or one left out before others, the places no longer
 * pair (a translated "Call us" would label the open_url chip): reported.
 */
function suggestionsPair(mine: readonly string[], ref: readonly string[]): boolean {
  const a = listsByPath(mine); const b = listsByPath(ref);
  // (a rich card one variant lacks is the 'rich cards' aspect's finding, said once there)
  for (const at of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(at) ?? []; const y = b.get(at) ?? [];
    if (x.some((action, k) => k < y.length && action !== y[k])) return false;
  }
  return true;
}
/** where a variant's suggestions stop pairing with the reference's: the first action out of place, else the rich cards */
function suggestionsAt(mine: readonly string[], ref: readonly string[]): Path {
  const a = listsByPath(mine); const b = listsByPath(ref);
  for (const [at, x] of a) {
    const y = b.get(at) ?? [];
    const k = x.findIndex((action, i) => i < y.length && action !== y[i]);
    if (k >= 0) return [...at.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), k, 'action'];
  }
  return ['message'];
}

/** `PATH [a, b]` (a card's `[a, b]`): the path and the items */
function listOf(s: string): { at: string; items: string[] } {
  const open = s.lastIndexOf('[');
  const inner = s.slice(open + 1, -1);
  return { at: s.slice(0, open).trim(), items: inner ? inner.split(', ') : [] };
}

/** where a list of lists (cards' buttons, suggestion lists) first differs from the reference's: the item, else the list, else the whole */
function firstDifference(mine: readonly string[], ref: readonly string[], pathOf: (k: number, at: string) => Path, item: string, whole: Path): Path {
  for (let k = 0; k < mine.length; k++) {
    if (mine[k] === ref[k]) continue;
    const a = listOf(mine[k]!);
    const b = ref[k] === undefined ? undefined : listOf(ref[k]!);
    const base = pathOf(k, a.at);
    // a list the reference does not have there (one card more), or an empty one: at what holds it
    if (!b || a.at !== b.at || !a.items.length) return base.slice(0, -1);
    const j = a.items.findIndex((x, i) => x !== b.items[i]);
    return j >= 0 ? [...base, j, item] : [...base, a.items.length - 1, item];
  }
  // fewer lists than the reference (a card less): at the whole
  return whole;
}

function kindOf(t: Loose): Fact<string> {
  if (t.carousel !== undefined) return KINDS.carousel;
  if (t.limited_time_offer !== undefined) return KINDS.offer;
  if (t.body === undefined && t.message !== undefined) return KINDS.rcs;
  if (t.category === 'AUTHENTICATION') return KINDS.authentication;
  return KINDS.standard;
}

export function variantFacts(t: Loose, scan: (text: string) => ScanResult = scanPlaceholders, sites: readonly PlaceholderSite[] = placeholderSites(t)): VariantFacts {
  const header = obj(t.header);
  const buttons = arr(t.buttons).map((b) => detached(str(obj(b)?.type) ?? '?'));
  return {
    kind: kindOf(t),
    ...(typeof t.category === 'string' ? { category: { value: detached(t.category), path: CATEGORY_PATH } } : {}),
    header: header ? { value: detached(str(header.format) ?? '?'), path: header.format !== undefined ? HEADER_PATHS.format : HEADER_PATHS.header } : NO_HEADER,
    buttons: buttons.length ? { value: buttons, path: BUTTONS_PATH } : NO_BUTTONS,
    ...(Array.isArray(t.carousel) ? { cards: { value: t.carousel.map((c) => `[${arr(obj(c)?.buttons).map((b) => detached(str(obj(b)?.type) ?? '?')).join(', ')}]`), path: CAROUSEL_PATH } } : {}),
    ...(obj(t.message) ? { suggestions: { value: suggestionLists(obj(t.message)!), path: MESSAGE_PATH } } : {}),
    ...(Array.isArray(obj(t.message)?.richCards) ? { rcsCards: { value: cardCount((obj(t.message)!.richCards as unknown[]).length), path: RICH_CARDS_PATH } } : {}),
    placeholders: sites.map((s) => {
      const r = scan(s.text);
      // a text with a malformed placeholder ({{ 1 }}): its placeholders are not known (placeholder-syntax says why), not compared with its siblings'
      if (r.problems.length) return { path: s.path, names: UNKNOWN_NAMES };
      const ps = r.placeholders;
      return { path: s.path, names: ps.length ? [...new Set(ps.map((p) => detached(p.key)))].sort() : NO_NAMES };
    }),
  };
}

/**
 * A file's variant facts worked out when first read, from its text and the pure reader that gave
 * its value (the value read again is the same; the placeholders scanned again are the same).
 * variant-mismatch reads them only for names that two files share, which most names are not;
 * until then they hold the text alone, not the value, the scans and the facts (what the collector
 * traces and copies for every file of a run: a tenth of a cold lint's CPU). JSON.stringify gives
 * the eager facts. For a template whose rules saw it without stand-ins (no references).
 */
export function deferredVariantFacts(text: string, read: (text: string) => Loose): VariantFacts {
  return new DeferredVariantFacts(text, read);
}

class DeferredVariantFacts implements VariantFacts {
  private worked: VariantFacts | undefined;
  constructor(private text: string, private readonly read: (text: string) => Loose) {}
  private get facts(): VariantFacts {
    if (!this.worked) { this.worked = variantFacts(this.read(this.text)); this.text = ''; }
    return this.worked;
  }
  get kind(): Fact<string> { return this.facts.kind; }
  get category(): Fact<string> | undefined { return this.facts.category; }
  get header(): Fact<string> { return this.facts.header; }
  get buttons(): Fact<string[]> { return this.facts.buttons; }
  get cards(): Fact<string[]> | undefined { return this.facts.cards; }
  get suggestions(): Fact<string[]> | undefined { return this.facts.suggestions; }
  get rcsCards(): Fact<string> | undefined { return this.facts.rcsCards; }
  get placeholders(): VariantFacts['placeholders'] { return this.facts.placeholders; }
  toJSON(): VariantFacts { return this.facts; }
}

/** A variant to report: where (a path in that file's value) and why. */
export interface VariantFinding { file: string; path: Path; message: string }

export interface VariantInput { file: string; channel: string; name: string; language: string; facts: VariantFacts;
  /** the language its `translated_from` record names: the variant it was translated from */
  translatedFrom?: string }

/** `: it lacks {{slot}}` (and `has {{x}}, which the source does not`) for two lists of placeholders; '' for other values */
function differences(mine: unknown, ref: unknown, language: string): string {
  if (!Array.isArray(mine) || !Array.isArray(ref) || !mine.every((x) => typeof x === 'string' && x.startsWith('{{'))) return '';
  const lacks = ref.filter((x) => !mine.includes(x));
  const more = mine.filter((x) => !ref.includes(x));
  const parts = [lacks.length ? `lacks ${lacks.join(', ')}` : '', more.length ? `has ${more.join(', ')}, which the ${language} variant does not` : ''].filter(Boolean);
  return parts.length ? `: it ${parts.join(' and ')}` : '';
}

const show = (v: unknown): string => Array.isArray(v) ? (v.length ? v.join(', ') : 'none') : String(v);

/**
 * The value the variants agree on: the most common; on a tie, the English variant's (en, en_*),
 * else the first language's in alphabetical order. Every variant with another value is reported.
 * `source`: the variant most of the others record as the one they were translated from, which
 * judges them all. `recorded`: sources fewer variants record (one file's `translated_from`): one of
 * them judges only when its placeholders are the majority's and more (`gained`: a placeholder added
 * to the source is the start of a round of translation, never the source's fault); a recorded source
 * that lacks what the rest have, or differs otherwise, is judged by the majority as any variant is.
 */
function reference<T>(items: readonly { language: string; key: string; value: T }[], source?: string, recorded: readonly string[] = [], gained?: (mine: T, majority: T) => boolean): { key: string; language: string; source?: true; recordedBy?: true } {
  // the variant the others are translated from: what they must keep (a placeholder added to it is the start of a round of translation)
  const src = source === undefined ? undefined : items.find((i) => i.language === source);
  if (src) return { key: src.key, language: src.language, source: true };
  const counts = new Map<string, number>();
  for (const i of items) counts.set(i.key, (counts.get(i.key) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const tied = items.filter((i) => counts.get(i.key) === best).sort((a, b) => rank(a.language) - rank(b.language) || (a.language < b.language ? -1 : a.language > b.language ? 1 : 0));
  const majority = tied[0]!;
  if (gained) {
    for (const l of recorded) {
      const r = items.find((i) => i.language === l);
      if (r && r.key !== majority.key && gained(r.value, majority.value)) return { key: r.key, language: r.language, recordedBy: true };
    }
  }
  return { key: majority.key, language: majority.language };
}
const rank = (lang: string): number => (lang === 'en' || lang.startsWith('en_') ? 0 : 1);

/** Pure: the findings of variant-mismatch over every file of a run. */
export function checkVariants(inputs: readonly VariantInput[]): VariantFinding[] {
  const groups = new Map<string, VariantInput[]>();
  for (const i of inputs) {
    const k = `${i.channel}\u0000${i.name}`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(i);
  }
  const out: VariantFinding[] = [];
  for (const group of groups.values()) {
    const langs = new Set(group.map((g) => g.language));
    if (langs.size < 2) continue;
    const title = `${group[0]!.channel}/${group[0]!.name}`;
    // the source language the variants' records name (the most named, when they differ), when it is one of the group's
    const named = new Map<string, number>();
    for (const g of group) if (g.translatedFrom !== undefined && g.translatedFrom !== g.language && langs.has(g.translatedFrom)) named.set(g.translatedFrom, (named.get(g.translatedFrom) ?? 0) + 1);
    const top = [...named].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    // taken only when at least half of the other variants record it: one file's record (th from id, the others
    // recording nothing) does not make every variant that agrees with the rest wrong; the majority judges then
    // taken when more than half of the other variants record it (of three variants, one of the two others is not enough: en_US
    // and ur agreeing against fa are not "translated from fa" because ur's file says it was); otherwise a recorded source
    // judges only a placeholder it gained (reference's `recorded`)
    const source = top !== undefined && top[1] * 2 > group.filter((g) => g.language !== top[0]).length ? top[0] : undefined;
    const recorded = [...named].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([l]) => l);
    const recordersOf = (l: string): string[] => group.filter((g) => g.translatedFrom === l && g.language !== l).map((g) => g.language).sort();
    const aspect = <T>(what: string, get: (f: VariantFacts) => Fact<T> | undefined, at?: (mine: Fact<T>, ref: T) => Path, gained?: (mine: T, majority: T) => boolean,
      o: { agrees?: (mine: T, ref: T) => boolean; note?: string } = {}): void => {
      const items = group.map((g) => ({ g, fact: get(g.facts) })).filter((x) => x.fact !== undefined)
        .map((x) => ({ ...x, language: x.g.language, key: JSON.stringify(x.fact!.value), value: x.fact!.value }));
      if (items.length < 2) return;
      const ref = reference(items, source, recorded, gained);
      const refValue = items.find((i) => i.key === ref.key)!.value;
      for (const i of items) {
        if (i.key === ref.key || o.agrees?.(i.value, refValue)) continue;
        // a translation of the reference (its record says so) is told to be translated again; another, what the reference is to it
        const again = gained && i.g.translatedFrom === ref.language ? ` Export and translate it again (tplsync translations export --source ${ref.language} --target ${i.g.language}).` : '';
        const by = recordersOf(ref.language);
        const whose = ref.source ? 'which the variants are translated from'
          : i.g.translatedFrom === ref.language ? 'which it is translated from'
          : `which ${by.length > 3 ? `${by.slice(0, 3).join(', ')} and ${by.length - 3} more` : by.join(', ')} record${by.length === 1 ? 's' : ''} as ${by.length === 1 ? 'its' : 'their'} source`;
        out.push({
          file: i.g.file, path: at ? at(i.fact!, refValue) : i.fact!.path,
          message: ref.source || ref.recordedBy
            ? `The ${i.g.language} variant of ${title} has ${what}: ${show(i.value)}; the ${ref.language} variant, ${whose}, has ${show(refValue)}${differences(i.value, refValue, ref.language)}.${again}${o.note ?? ''}`
            : `The ${i.g.language} variant of ${title} has ${what}: ${show(i.value)}; the ${ref.language} variant${group.length > 2 ? ' and most others have' : ' has'} ${show(refValue)}.${o.note ?? ''}`,
        });
      }
    };
    aspect('the kind', (f) => f.kind);
    // not the category: each language is a template of its own on WhatsApp, and the platform may
    // approve one as MARKETING that was submitted as UTILITY (a re-categorisation, recovery.md):
    // the file then says so, and its siblings keep theirs (an authentication template's kind differs, and is compared)
    aspect('header format', (f) => f.header);
    aspect('buttons', (f) => f.buttons, (mine, ref) => {
      const i = mine.value.findIndex((t, k) => t !== ref[k]);
      if (i >= 0) return ['buttons', i, 'type'];
      return mine.value.length ? ['buttons', mine.value.length - 1, 'type'] : [];
    });
    // a carousel is sent with one parameter set a card and a card button: the same cards, each with its buttons in the same order
    aspect('carousel cards (each card\'s button types, in order)', (f) => f.cards, (mine, ref) => firstDifference(mine.value, ref, (k) => ['carousel', k, 'buttons'], 'type', ['carousel']));
    // an RCS message's rich cards: as many in every language (a card of its own in one language is sent there only)
    aspect('rich cards', (f) => f.rcsCards, (mine, ref) => {
      const n = Number.parseInt(mine.value, 10);
      // the first card the reference lacks, or the list when this one has fewer
      return n > Number.parseInt(ref, 10) ? ['message', 'richCards', Number.parseInt(ref, 10)] : ['message', 'richCards'];
    });
    // an RCS message's suggestions: the same rich cards, and the actions both variants have in the same places (a translation
    // goes to the same place); a language's own choice of suggestions (fewer, left out at a list's end) is no finding
    aspect('suggestions (the actions of each list, in order)', (f) => f.suggestions, (mine, ref) => suggestionsAt(mine.value, ref), undefined, {
      agrees: suggestionsPair,
      note: ' A translation is paired with its suggestion by its place in the list: a language may offer fewer suggestions (left out at the end of a list) or more (added at its end), but those both offer are in the same places, on the same rich cards.',
    });
    const siteOf = (p: { path: Path }): string => p.path.join('.');
    const sites = new Set(group.flatMap((g) => g.facts.placeholders.map(siteOf)));
    const numbered = (names: readonly string[]): boolean => names.length > 0 && names.every((n) => /^\d+$/.test(n));
    for (const site of sites) {
      // a variant that numbers the placeholders its siblings name, as many of them ({{1}} where every other says {{city}}):
      // the platform numbers them, so that variant is a copy that lost its names (a file pulled back from the channel),
      // and it is the one to fix, whatever the translation records say (the others need no new translation)
      const at = group.map((g) => ({ g, p: g.facts.placeholders.find((x) => siteOf(x) === site) })).filter((x) => x.p !== undefined && !(x.p.names.length === 1 && x.p.names[0] === UNKNOWN));
      const lost = at.filter((x) => numbered(x.p!.names));
      const kept = at.filter((x) => !numbered(x.p!.names));
      const keptKey = new Set(kept.map((x) => x.p!.names.join('\u0000')));
      if (lost.length && kept.length && keptKey.size === 1 && kept[0]!.p!.names.every((n) => !/^\d+$/.test(n)) && lost.every((x) => x.p!.names.length === kept[0]!.p!.names.length)) {
        const names = kept[0]!.p!.names.map((n) => `{{${n}}}`);
        const by = kept.map((x) => x.g.language).sort();
        for (const x of lost) {
          out.push({ file: x.g.file, path: x.p!.path, message: `The ${x.g.language} variant of ${title} numbers its placeholders in ${site} (${x.p!.names.map((n) => `{{${n}}}`).join(', ')}) where the ${by.length > 3 ? `${by.slice(0, 3).join(', ')} and ${by.length - 3} more` : by.join(', ')} variant${by.length === 1 ? '' : 's'} name${by.length === 1 ? 's' : ''} them (${names.join(', ')}): a copy pulled back from the channel, which numbers placeholders, loses their names. Write the names back in this file${names.length === 1 ? ` ({{${x.p!.names[0]}}} is ${names[0]})` : ' (each where its value goes)'}; the other variants need no new translation.` });
        }
        continue;
      }
      aspect(`placeholders in ${site}`, (f) => {
        const p = f.placeholders.find((x) => siteOf(x) === site);
        return p && !(p.names.length === 1 && p.names[0] === UNKNOWN) ? { value: p.names.map((n) => `{{${n}}}`), path: p.path } : undefined;
      }, undefined, (mine, majority) => majority.every((x) => mine.includes(x)) && mine.some((x) => !majority.includes(x)));
    }
  }
  return out;
}
