// Pure: the check stage of lint: a template value in, its findings out (schema and per-file
// rules, at most MAX_FINDINGS_PER_RULE of each), with what the rules worked out on the way
// (placeholder scans and sites, the clock's bound). No positions here: place.ts gives them.
import type { Path } from '../files/document.js';
import { cardExamplePaths, placeholderSites, type PlaceholderSite } from '../model/sites.js';
import { scanPlaceholders, type ScanResult } from '../model/placeholders.js';
import { CHECKED_RULES } from './registry.js';
import { MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE, obj, type Change, type ExamplesBlock, type Loose, type PlaceholderView, type ReportOptions, type Rule, type RuleContext, type SiteScan } from './rule.js';
import type { FileLintOptions } from './file-result.js';
import { isRcsOnly, seesWhatsappPartOnly, withoutMessage } from './scope.js';
import { lintStandIn, templateReferences, unStandIn, type PlacedReference } from '../model/values.js';
import { schemaFindingsOf, type SchemaFound } from './rules/schema.js';
import { foldEnumCase } from './fold-case.js';

export { MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE };

/** for each of CHECKED_RULES: whether it sees only the WhatsApp part of a template (scope.ts) */
const WHATSAPP_ONLY: readonly boolean[] = CHECKED_RULES.map(seesWhatsappPartOnly);
/** the keys rules declare they need (Rule.requires) */
const REQUIRED_KEYS: readonly string[] = [...new Set(CHECKED_RULES.flatMap((r) => (r.requires !== undefined ? [r.requires] : [])))];

/**
 * The rules to call on a template, each with whether it sees the WhatsApp view, by the template's
 * shape: bit 0, it has a WhatsApp view (not RCS-only); then per required key, whether the whole
 * view and the WhatsApp view hold it. Worked out once per shape and set of enabled off rules, so
 * that a file costs a few key lookups instead of a test per rule (a keyed read of `requires`
 * over templates of many shapes is slow: a tenth of the rules' time on a mixed corpus).
 */
/** a rule's id and check copied out of the rule, so that every step has one shape (rules have many) */
interface Step { id: string; check: NonNullable<Rule['check']>; wa: boolean }
type Plan = readonly Step[];
const plans = new Map<string, Plan[]>();

function planOf(mask: number, enable: ReadonlySet<string> | undefined): Plan {
  const key = enable?.size ? [...enable].sort().join(',') : '';
  let byMask = plans.get(key);
  if (!byMask) plans.set(key, (byMask = []));
  return (byMask[mask] ??= CHECKED_RULES.flatMap((rule, i): Step[] => {
    const wa = WHATSAPP_ONLY[i]!;
    if (wa && !(mask & 1)) return [];
    if (rule.requires !== undefined && !(mask & (1 << (1 + 2 * REQUIRED_KEYS.indexOf(rule.requires) + (wa ? 1 : 0))))) return [];
    if (rule.severity === 'off' && !enable?.has(rule.id)) return [];
    // (a rule's check reads no `this`: test/rule-requires.test.ts calls each one alone too)
    return [{ id: rule.id, check: rule.check!, wa }];
  }));
}

/** the shape of a template as planOf reads it */
function shapeOf(t: Loose, wa: Loose | undefined): number {
  let mask = wa ? 1 : 0;
  for (let k = 0; k < REQUIRED_KEYS.length; k++) {
    const key = REQUIRED_KEYS[k]!;
    if (t[key] !== undefined) mask |= 1 << (1 + 2 * k);
    if (wa && wa[key] !== undefined) mask |= 1 << (2 + 2 * k);
  }
  return mask;
}

/** the references of a value that has none (shared: never changed) */
const NO_REFERENCES = Object.freeze([]) as unknown as PlacedReference[];

/** A finding before it has a position: where in the value, and how to point at it. */
export interface RawFinding extends ReportOptions { ruleId: string; path: Path; message: string }

/** Pure: the schema and rule findings of a template value, at most MAX_FINDINGS_PER_RULE of each rule. */
export function collectFindings(t: Loose, opts: FileLintOptions): RawFinding[] {
  return collect(t, opts).findings;
}

export interface Collected {
  /** the placeholder scans of the template's texts, by text (variantFacts reuses them) */
  scans: Map<string, ScanResult>;
  /** the instant until which the rules' comparisons with the clock hold (FileResult.until; Infinity: none) */
  clock: Clocked;
  /** the placeholder sites of the whole template, as the rules worked them out */
  sites: () => PlaceholderSite[];
  findings: RawFinding[];
  /** the references to environment values in the template's strings */
  refs: PlacedReference[];
  /** by rule id: the findings over the cap, and the first of them (to point the summary at) */
  dropped: Map<string, { count: number; first: RawFinding }>;
}


/**
 * The check of a template value: its findings (capped per rule) and what the rules worked out on
 * the way. `noReferences`: the caller knows that no string of the value holds `((` (the text it
 * was read from holds none), which spares the walk over every string that looks for references.
 */
export function collect(file: Loose, opts: FileLintOptions, noReferences = false, mayBeCutByComment = false): Collected {
  // the schema and the rules judge the template with an address that starts with a reference
  // standing as an https URL (src/model/values.ts); findings point at the file's own strings
  const refs = noReferences ? NO_REFERENCES : templateReferences(file);
  const t = refs.length ? lintStandIn(file) : file;
  const out: RawFinding[] = [];
  // made on the first finding: most files have none
  let counts: Map<string, number> | undefined;
  const dropped = new Map<string, { count: number; first: RawFinding }>();
  const keep = (x: RawFinding): void => {
    counts ??= new Map();
    const n = (counts.get(x.ruleId) ?? 0) + 1;
    counts.set(x.ruleId, n);
    if (n <= MAX_FINDINGS_PER_RULE) { out.push(x); return; }
    const d = dropped.get(x.ruleId);
    if (d) d.count++;
    else dropped.set(x.ruleId, { count: 1, first: x });
  };
  let ruleId = '';
  // one scan of each text for every rule, and one validation by the schema, in both views of the template
  const state = new FileState(t, mayBeCutByComment);
  const report: RuleContext['report'] = (path, message, o) => { keep({ ruleId, path, message, ...o }); };
  // the rules judge an enum written in another case (`format: image`) as the value it means: the schema reports the case, once
  const r = foldEnumCase(t);
  const ctx = new Context(r, opts.now, report, state);
  // WhatsApp rules only on WhatsApp parts (scope.ts): none on an RCS-only template, and the
  // template without its RCS message when it has both
  const whatsappCtx = isRcsOnly(r) ? undefined : r.message === undefined ? ctx : new Context(withoutMessage(r), opts.now, report, state);
  const plan = planOf(shapeOf(r, whatsappCtx?.t), opts.enable);
  for (let i = 0; i < plan.length; i++) {
    // a million steps a run on 10,000 files: the loads from one shape of step, not from ~100 shapes of rule
    const step = plan[i]!;
    ruleId = step.id;
    step.check(step.wa ? whatsappCtx! : ctx);
  }
  // a message quotes the file's reference, not the address standing for it
  if (refs.length && (out.length || dropped.size)) {
    const back = unStandIn(file);
    const fix = (f: RawFinding): void => { f.message = back(f.message); inFileOffsets(f, file, t); };
    for (const f of out) fix(f);
    for (const d of dropped.values()) fix(d.first);
  }
  return { scans: state.scans, clock: state.clock, sites: ctx.sites, findings: out, dropped, refs };
}

/**
 * A finding on an address the rules saw with a stand-in for its leading reference (lintStandIn:
 * `((shop))/t/{{1}}` judged as `https://v.io/t/{{1}}`) points into the file's own text: its range,
 * and a "character N" its message counts, moved by the difference in length (a stand-in is as long
 * as its reference from 13 characters; a shorter reference's is longer). A place inside the
 * stand-in is the reference's.
 */
function inFileOffsets(f: RawFinding, file: Loose, t: Loose): void {
  const written = stringAt(file, f.path), judged = stringAt(t, f.path);
  if (written === undefined || judged === undefined || written === judged) return;
  // the common end: both strings end with the part after the reference (a reference ends with `)`, a stand-in never does)
  let k = 0;
  while (k < written.length && k < judged.length && written[written.length - 1 - k] === judged[judged.length - 1 - k]) k++;
  const standInEnd = judged.length - k, refEnd = written.length - k;
  const delta = refEnd - standInEnd;
  if (delta === 0) return;
  const map = (p: number): number => (p >= standInEnd ? p + delta : Math.min(p, refEnd));
  if (f.at) f.at = { start: map(f.at.start), end: Math.max(map(f.at.start), map(f.at.end)) };
  f.message = f.message.replace(/\bcharacter (\d+)\b/g, (_m, n: string) => `character ${map(Number(n) - 1) + 1}`);
}

/**
 * What the contexts of one template's views share: the placeholder scans, the clock's bound, and
 * the schema's findings on the whole template (validated on the first rule that asks). Held here
 * rather than in module-level WeakMaps keyed by the value: a lookup per rule and an ephemeron per
 * file cost the collector and the rules' loop more than the lookups save.
 */
class FileState {
  readonly scans = new Map<string, ScanResult>();
  readonly clock: Clocked = { until: Infinity };
  schema: SchemaFound | undefined;
  constructor(readonly whole: Loose | undefined, readonly mayBeCutByComment = false) {}
}

/**
 * What a rule sees of a template value: the value, the clock, placeholder scans and sites (each
 * computed once), and where to report. A class, so that every context shares one shape and the
 * `now` getter lives on the prototype (an object literal with a getter costs a closure and a slow
 * shape per file, a sixth of a cold lint).
 */
class Context implements RuleContext {
  private siteList: PlaceholderSite[] | undefined;
  private placeholderView: PlaceholderView | undefined;
  private examplesBlocks: readonly ExamplesBlock[] | undefined;
  constructor(
    readonly t: Loose,
    private readonly clockNow: Date,
    readonly report: RuleContext['report'],
    private readonly file: FileState,
  ) {}

  get mayBeCutByComment(): boolean { return this.file.mayBeCutByComment; }

  /** a rule that reads the clock itself makes the verdict hold for this instant only (never cached) */
  get now(): Date { this.file.clock.until = Math.min(this.file.clock.until, this.clockNow.getTime()); return this.clockNow; }

  reached(ms: number): boolean {
    if (ms <= this.clockNow.getTime()) return true;
    if (ms < this.file.clock.until) this.file.clock.until = ms;
    return false;
  }

  /** keyed by the text itself: the same text scans the same, whichever path or view it is read from (a field: a plugin may pass it around) */
  readonly scan = (path: Path): ScanResult => {
    const text = stringAt(this.t, path) ?? '';
    let s = this.file.scans.get(text);
    if (!s) {
      s = scanPlaceholders(text);
      this.file.scans.set(text, s);
    }
    return s;
  };

  readonly sites = (): PlaceholderSite[] => (this.siteList ??= placeholderSites(this.t));

  placeholders(): PlaceholderView {
    if (this.placeholderView) return this.placeholderView;
    const sites = this.sites();
    const out: SiteScan[] = [];
    let problems = 0;
    for (let i = 0; i < sites.length; i++) {
      const site = sites[i]!;
      let scan = this.file.scans.get(site.text);
      if (!scan) {
        scan = scanPlaceholders(site.text);
        this.file.scans.set(site.text, scan);
      }
      problems += scan.problems.length;
      out.push({ site, scan });
    }
    return (this.placeholderView = { sites: out, problems });
  }

  examples(): readonly ExamplesBlock[] {
    return (this.examplesBlocks ??= examplesBlocks(this.t, this.sites()));
  }

  /** the schema's findings on the whole template, validated once for every view (rules/schema.ts reportSchema) */
  schemaFound(): SchemaFound | undefined {
    const f = this.file;
    return f.whole === undefined ? undefined : (f.schema ??= schemaFindingsOf(f.whole));
  }
}

/** the examples blocks of a template that are mappings, each path once (RuleContext.examples) */
function examplesBlocks(t: Loose, sites: readonly PlaceholderSite[]): ExamplesBlock[] {
  const out: ExamplesBlock[] = [];
  const add = (path: Path, key: string, ex: unknown): void => {
    const o = obj(ex);
    if (o) out.push({ path, key, ex: o });
  };
  add(['header', 'examples'], 'header.examples', obj(t.header)?.examples);
  add(['body', 'examples'], 'body.examples', obj(t.body)?.examples);
  add(['message', 'examples'], 'message.examples', obj(t.message)?.examples);
  const cards = t.carousel === undefined ? [] : cardExamplePaths(t);
  let seen: Set<string> | undefined;
  for (const path of cards) {
    const key = path.join('.');
    (seen ??= new Set()).add(key);
    let ex: unknown = t;
    for (const seg of path) ex = ex && typeof ex === 'object' ? (ex as Record<string | number, unknown>)[seg] : undefined;
    add(path, key, ex);
  }
  // the sites' own paths: those above, a URL button's example (a string: no block), unless a site says otherwise
  for (const site of sites) {
    const p = site.examplesPath;
    if (p.length === 2 && (p[0] === 'header' || p[0] === 'body' || p[0] === 'message') && p[1] === 'examples') continue;
    const key = p.join('.');
    if (seen?.has(key)) continue;
    (seen ??= new Set()).add(key);
    let ex: unknown = t;
    for (const seg of p) ex = ex && typeof ex === 'object' ? (ex as Record<string | number, unknown>)[seg] : undefined;
    add(p, key, ex);
  }
  return out;
}

/** the earliest instant at which a verdict that compared the template with the clock can change */
export interface Clocked { until: number }

/** a context of one view alone: its whole template is not known here (the schema's findings are then looked up by the view: rules/schema.ts) */
function ruleContext(t: Loose, now: Date, report: RuleContext['report']): RuleContext {
  return new Context(t, now, report, new FileState(undefined));
}

/** Pure apart from what a rule does: the findings of `rules` on a template value; `onThrow` (else rethrow) for a rule that throws. */
export function runRules(t: Loose, rules: readonly Rule[], opts: FileLintOptions, onThrow?: (rule: Rule, e: unknown) => void): RawFinding[] {
  const out: RawFinding[] = [];
  let ruleId = '';
  const ctx = ruleContext(t, opts.now, (path, message, o) => { out.push({ ruleId, path, message, ...o }); });
  for (const rule of rules) {
    ruleId = rule.id;
    if (!onThrow) { rule.check!(ctx); continue; }
    try {
      const r: unknown = rule.check!(ctx);
      if (r instanceof Promise) { r.catch(() => {}); throw new Error('check(ctx) returned a promise; a rule is synchronous: report before it returns'); }
    } catch (e) { onThrow(rule, e); }
  }
  return out;
}

export function stringAt(t: Loose, path: Path): string | undefined {
  let cur: unknown = t;
  for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return typeof cur === 'string' ? cur : undefined;
}


/**
 * The repair of one rule on a template value, seen as the rule sees it (scope.ts): the changes,
 * or none when the rule has no repair, does not apply to this template, or is not sure.
 */
export function repairOf(t: Loose, rule: Rule, now: Date, file?: { name: string; holdBack?(reason: string): void }): Change[] {
  if (!rule.repair) return [];
  const view = seesWhatsappPartOnly(rule) ? (isRcsOnly(t) ? undefined : t.message === undefined ? t : withoutMessage(t)) : t;
  if (!view || (rule.requires !== undefined && view[rule.requires] === undefined)) return [];
  const ctx = ruleContext(view, now, () => {});
  return rule.repair(file === undefined ? ctx : Object.assign(ctx, { fileName: file.name, ...(file.holdBack ? { holdBack: file.holdBack } : {}) }));
}
