// A rule is data (id, default severity, docs) plus its code, through one of three hooks the
// engine calls (engine.ts): `check` per file (a pure function of the parsed template),
// `checkProject` once per run over every file's facts (the cross-file rules), and `checkFinal`
// on each file's final findings (the directive and limit rules), and `checkLoading` on the problems
// a stage found before any rule could run (loading a file: src/files/problems.ts; loading a
// team's plugins: policies.ts), as data. The schema's rules report their share of the schema's
// errors through `check` (rules/schema.ts). No stage names a rule: every id's code is its rule's.
import type { Path } from '../files/locate.js';
import type { Directive } from '../files/directives.js';
import type { FileFacts, ProjectChannels, ProjectValues } from './facts.js';
import type { ScanResult } from '../model/placeholders.js';
import type { PlaceholderSite } from '../model/sites.js';
import type { Severity, SeveritySetting, Span } from '../core/diagnostic.js';
import { showsNothing } from '../core/visible.js';

/**
 * Bounds on the findings of one file. A rule reports at most MAX_FINDINGS_PER_RULE findings per
 * file (the rest are counted, never placed or kept), and a file shows at most
 * MAX_FINDINGS_PER_FILE findings (errors first) followed by one `too-many-findings` summary of
 * what was left out. A hostile or broken file costs work and output in proportion to its size
 * at most, and its report stays readable.
 */
export const MAX_FINDINGS_PER_RULE = 50;
export const MAX_FINDINGS_PER_FILE = 100;

export type RuleGroup = 'file' | 'schema' | 'whatsapp' | 'rcs' | 'cross-file' | 'directive' | 'limits' | 'policy';

export interface RuleMeta {
  id: string;
  group: RuleGroup;
  severity: SeveritySetting;
  /** one line: what the rule checks */
  summary: string;
  /** why the platform (or tplsync) cares */
  why: string;
  /** how to fix a finding */
  fix: string;
  /** where the rule comes from: the title of a platform's page (src/lint/sources.ts), or "tplsync (...)" for a rule of its own */
  source?: string;
  /** the address of the source page (the registry fills it in from src/lint/sources.ts) */
  sourceUrl?: string;
  /** when the rule was last checked against its source page, YYYY-MM-DD (filled in like sourceUrl) */
  checked?: string;
  /** the address of the rule's section in tplsync's docs/rules.md (the registry fills it in for the built-in rules; a project's own rules have none) */
  docsUrl?: string;
  /**
   * An error of this rule depends on the clock, not on the change being made: it keeps only its
   * own template from being planned and applied, while every other template goes ahead.
   */
  holdsOnlyItsTemplate?: boolean;
}

export interface ReportOptions {
  /** point at the key of a mapping entry instead of its value */
  part?: 'key';
  /**
   * point at this range of the string value, in offsets into the value as the placeholder
   * scanner gives them (a placeholder or a malformed one: pass it as it is)
   */
  at?: { start: number; end: number };
  /**
   * the finding holds only where the file writes the value otherwise than this (its text at the
   * finding's place, trimmed): a rule that sees the value and not how it was written (a number
   * sample written `19.90`, read 19.9) says which writing is no finding; the place stage, which
   * has the text, decides
   */
  unlessWritten?: string;
  /**
   * the finding holds only where the file writes the value as an unquoted scalar on one line with
   * a comment right after it on that line whose `#` is followed by a character (`text: Hi, order
   * #A-100 is ready`: YAML ends the text at ` #`); the place stage, which has the text, decides
   */
  onlyIfCutByComment?: true;
}

export interface RuleContext {
  /** the template as a plain value; rules must not trust its types (the schema may have failed) */
  t: Loose;
  /**
   * The run's clock. A verdict that reads it is never cached (it could change at any moment);
   * to compare with an instant, use `reached`, which lets the verdict be kept until it can change.
   */
  now: Date;
  /**
   * Whether the run's clock has reached this instant (ms since the epoch). Not yet: the verdict is
   * kept (lint --cache) until that instant, when it can change; already: it stays so (the clock
   * only moves on), and nothing limits it.
   */
  reached(ms: number): boolean;
  /** memoised placeholder scan of the string at `path` (an empty scan when it is not a string) */
  scan(path: Path): ScanResult;
  /** memoised placeholderSites() of the template */
  sites(): PlaceholderSite[];
  /**
   * Memoised: each placeholder site with its scan, and how many malformed placeholders they hold
   * together (none in most files: the rules of malformed placeholders stop there). A shared view,
   * so that the placeholder rules do not each look every site's scan up again.
   */
  placeholders(): PlaceholderView;
  /**
   * Memoised: the examples blocks of the template that are mappings, each once, in the order
   * header, body, message, each carousel card's body, then any other site's examples path.
   */
  examples(): readonly ExamplesBlock[];
  /**
   * Whether the file's text holds a ` #` followed by a character other than a space or `#` (a
   * comment that may have cut a value short): false when the value did not come from a file
   */
  readonly mayBeCutByComment: boolean;
  report(path: Path, message: string, opts?: ReportOptions): void;
}

/** A placeholder site with the scan of its text. */
export interface SiteScan { readonly site: PlaceholderSite; readonly scan: ScanResult }
/** The template's placeholder sites with their scans (RuleContext.placeholders). */
export interface PlaceholderView {
  readonly sites: readonly SiteScan[];
  /** the number of malformed placeholders (ScanResult.problems) over every site */
  readonly problems: number;
}
/** An examples block (a mapping of samples) at its path; `key` is the path joined with dots. */
export interface ExamplesBlock { readonly path: Path; readonly key: string; readonly ex: Loose }

/**
 * One change of a mechanical repair, on the template's plain paths (src/lint/fix applies it to the
 * YAML document, so comments and the layout of everything else survive).
 * - set: the string at `path` becomes `value` (its quoting style kept where YAML allows);
 * - rename-keys: keys of the mapping at `path` renamed (all at once: `{ '3': '2', '4': '3' }`);
 * - add: a new entry `key: value` at the end of the mapping at `path` (the mapping made when missing; a
 *   number `value` written as a number: `code_expiration_minutes: 5`);
 * - reorder: the list at `path` takes its items in `order` (old indices);
 * - order-keys: every mapping's keys in the order `tplsync fmt` writes them (src/fmt/format.ts);
 * - remove: the key at `path` (its last segment) taken out of its mapping, with its value;
 * - replace-key: the entry `key` of the mapping at `path` replaced by `entries`, each a new text
 *   (`value`) or the node now at `from` (a path from the root; an entry of that same mapping too),
 *   moved with its quoting and comments, all where the first of the replaced and moved entries of
 *   that mapping stood; `drop`: other keys of that mapping taken out. A mapping on one line
 *   (`- reply: { ... }`) whose one entry is replaced is written on one line (`- { action: reply, ... }`).
 */
export type Change = (
  | { op: 'set'; path: Path; value: string }
  | { op: 'rename-keys'; path: Path; renames: Readonly<Record<string, string>> }
  | { op: 'add'; path: Path; key: string; value: string | number }
  | { op: 'reorder'; path: Path; order: readonly number[] }
  | { op: 'order-keys' }
  | { op: 'remove'; path: Path }
  | { op: 'replace-key'; path: Path; key: string; entries: readonly { key: string; value?: string; from?: Path }[]; drop?: readonly string[] }
) & {
  /**
   * the changes of a repair that repair one finding together share a part (a numbering group's texts
   * renumbered and its samples' keys renamed with them): a quick fix for that finding (fix.ts `within`),
   * which takes the changes at the finding's node, takes the others of their part too, so that it
   * leaves no finding of its own making (`{{2}}` without a sample, its sample left under `3`)
   */
  readonly part?: string;
  /**
   * the nodes of the findings the change repairs where they are not at its own node (a stub sample's
   * finding is at its placeholder in the text, the stub goes under `examples`): a quick fix whose finding
   * is at one of them takes the change (fix.ts `within`), and a quick fix whose finding is elsewhere does not
   */
  readonly findingsAt?: readonly Path[];
};

/**
 * What a repair sees: the rule's view of the template, without `report`; and the file's path (as
 * the run names it), when the repair is of a file: a repair of a value the file's name also writes
 * (its language: templates/x.en_GB.yaml) declines where the name says otherwise, and says why with
 * `holdBack` (lint --fix prints it beside the findings left: a finding that names its fix and is
 * left needs its reason).
 */
export type RepairContext = Omit<RuleContext, 'report'> & { readonly fileName?: string; holdBack?(reason: string): void };

/** One file of a run as the project rules see it: its display path and what the per-file stage kept of it. */
export interface ProjectFile { readonly file: string; readonly facts: FileFacts }

/**
 * What a project rule (`checkProject`) sees: every file's facts, in the run's order, and the
 * config's channels. It reports each finding either at a span the facts hold (placed at once),
 * or at a path of a file's template value (placed afterwards, the file read again with
 * positions: only files with such a finding are). Severities are the rule's default here; the
 * config's are applied once afterwards, with the directives, to every finding alike.
 */
export interface ProjectContext {
  readonly files: readonly ProjectFile[];
  /** the environments' channel aliases and kinds; undefined when there is no config to check against */
  readonly channels?: ProjectChannels;
  /** the names of the values of each environment, by alias; undefined without environments */
  readonly values?: ProjectValues;
  /** the config's `channels.<alias>.languages` (rule language-coverage); empty when none */
  readonly languages: Readonly<Record<string, { languages?: string[]; kind?: 'whatsapp' | 'rcs' }>>;
  /** the run's files are not all the project's (paths given): a rule that judges what no file uses does not judge */
  readonly partial?: boolean;
  report(file: string, span: Span, message: string): void;
  reportAt(file: string, path: Path, message: string, opts?: ReportOptions): void;
}

/**
 * What a final rule (`checkFinal`) sees of one file once its findings are configured: the rules of
 * group `directive` run after the file's directives were applied (what each suppressed), those of
 * group `limits` after the per-file cap (what it left out). A final rule whose configured severity
 * is off is not called; `report` takes that severity unless it is given one.
 */
export interface FinalContext {
  readonly file: string;
  readonly directives: readonly Directive[];
  /** whether the directive suppressed a finding of this rule id */
  suppressed(dir: Directive, ruleId: string): boolean;
  /** whether an id names a rule of the run (built-in or the project's own) */
  known(ruleId: string): boolean;
  /** every rule id of the run, built-in first (for a suggestion) */
  ids(): readonly string[];
  /**
   * The findings the caps left out (per rule while the file was linted, per file here): how many
   * of each rule, the highest severity among them and where the first is; undefined when none.
   */
  readonly hidden?: { counts: ReadonlyMap<string, number>; severity: Severity; span: Span };
  report(span: Span, message: string, severity?: Severity): void;
}

/** A problem a stage found before the rules (src/files/problems.ts's LoadProblem, a plugin's): its kind is data, never a rule id. */
export interface StageProblem { readonly kind: string }

/**
 * What a loading rule (`checkLoading`) sees: the problems of a stage before the rules, as data. It
 * claims those of the kinds it owns; each claimed problem is reported under the rule's id, where
 * and as the stage found it (a problem no rule claims is a bug: test/rule-hooks.test.ts).
 */
export interface LoadingContext {
  readonly problems: readonly StageProblem[];
  claim(problem: StageProblem): void;
}

export interface Rule extends RuleMeta {
  check?(ctx: RuleContext): void;
  /** the loading hook: the problems a stage found before the rules (a file that cannot be read or parsed, a plugin that fails) */
  checkLoading?(ctx: LoadingContext): void;
  /** the project hook: once per run, over every file's facts (cross-file rules) */
  checkProject?(ctx: ProjectContext): void;
  /** the final hook: once per file with findings or directives, at the stage of the rule's group (directive, limits) */
  checkFinal?(ctx: FinalContext): void;
  /**
   * The mechanical, certain repair of this rule's findings in a template, as changes to its
   * plain paths (none when it cannot be sure). Pure. `tplsync lint --fix` and the language
   * server's code actions apply it; after it, the rule must find nothing the repair could fix
   * (test/lint-fix.test.ts).
   */
  repair?(ctx: RepairContext): Change[];
  /** one line for the report and the docs (docs/rules.md): what the repair does */
  repairTitle?: string;
  /**
   * The editor's quick fix title where its changes cannot be said from them (fix-title.ts: a reorder, a text cleaned of
   * several things), at most 60 characters (one line of a menu); without it, `repairTitle` (then that short).
   */
  quickFixTitle?: string;
  /**
   * Why `lint --fix` leaves this rule's findings though a finding may name the change (a template
   * name's suggested spelling): said by lint --fix beside the file's findings left (`not repaired: ...`).
   */
  notRepaired?: string;
  /**
   * The top-level key a template must have for this rule to find anything (the RCS rules need a
   * `message`, the carousel rules a `carousel`): the engine does not run it on templates without
   * that key. test/rule-requires.test.ts holds every such rule to silence without its key.
   */
  requires?: 'message' | 'carousel' | 'limited_time_offer';
}

export { arr, obj, sample, str, type Loose } from '../model/loose.js';
import { obj, type Loose } from '../model/loose.js';

/** An item of a list that is a mapping (a button, a card, a suggestion), with its index. */
export interface Indexed { readonly v: Loose; readonly i: number }
const NO_ITEMS: readonly Indexed[] = Object.freeze([]);
/**
 * The lists asked for last, and their items: the rules of one template ask for the same few lists
 * (its buttons, cards, rich cards) over and over, one template after the other. A WeakMap keyed by
 * the list cost a lookup in a table of every list of the run and an ephemeron per list for the
 * collector (a few % of a cold lint of 10,000 files).
 */
const RECENT = 4;
const recentLists: unknown[] = [];
const recentItems: (readonly Indexed[])[] = [];
let nextSlot = 0;

/**
 * The items of a list that are mappings, with their indices (none when it is no list): worked out
 * once per list while its template is linted, however many rules ask and from whichever view of
 * the template (the same list, the same answer: a list is not changed while it is linted).
 */
export function indexed(list: unknown): readonly Indexed[] {
  if (!Array.isArray(list)) return NO_ITEMS;
  for (let k = 0; k < recentLists.length; k++) if (recentLists[k] === list) return recentItems[k]!;
  const out = list.flatMap((x, i) => { const v = obj(x); return v ? [{ v, i }] : []; });
  recentLists[nextSlot] = list;
  recentItems[nextSlot] = out;
  nextSlot = (nextSlot + 1) % RECENT;
  return out;
}

export function defineRules(rules: Rule[]): Rule[] { return rules; }

export { an } from '../core/article.js';

/** A loading hook that claims the problems of these kinds. */
export const claiming = (...kinds: readonly string[]) => (ctx: LoadingContext): void => {
  for (const p of ctx.problems) if (kinds.includes(p.kind)) ctx.claim(p);
};

/**
 * A sample URL left out (no key, null, or an empty text): a rule that asks for one says so. A
 * sample of another shape (Meta's `{ header_handle: [...] }`, a list) is not missing: the schema's
 * finding says how to write it, one finding for the one mistake.
 */
export function noSample(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * A text a reader sees nothing of: empty, white space, controls or invisible characters alone (a
 * zero-width space, a Braille blank, a Hangul filler, a variation selector): what a platform takes
 * as no text at all. Unicode's default-ignorable characters; not a format character that is drawn
 * (the Arabic end of ayah, U+06DD). The one set: core/visible.ts's showsNothing.
 */
export const blank = showsNothing;
