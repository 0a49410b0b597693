// Pure: lint one parsed file (schema + per-file rules), then combine the files of a run
// (cross-file rules, configured severities, inline directives) into the final findings.
import { locate, locateRange, type Path } from '../files/locate.js';
import { isUtf8 } from 'node:buffer';
import { fastValue, topLevelScalarSpan } from '../files/fast-parse.js';
import { indexText, locateRangeText, locateText, type TextDoc } from '../files/text-locate.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { parseTemplateBytes, parseTemplateText, type ParsedFile } from '../files/parse.js';
import { detached } from '../model/detach.js';
import { placeholderSites, type PlaceholderSite } from '../model/sites.js';
import { scanPlaceholders, type ScanResult } from '../model/placeholders.js';
import { compareDiagnostics, type Diagnostic, type Severity, type SeveritySetting, type Span } from '../core/diagnostic.js';
import { parseDirectives, type Directive } from './directives.js';
import { CHECKED_RULES, RULES, RULES_BY_ID } from './registry.js';
import { MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE, obj, type Change, type Loose, type ReportOptions, type FinalContext, type ProjectContext, type Rule, type RuleContext, type RuleMeta } from './rule.js';
import { deferredVariantFacts, variantFacts, type VariantFacts } from './rules/variants.js';
import { translationFacts } from './rules/translations.js';

export { MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE };
import { validateTemplate } from '../schemas/template.js';
import { isRcsOnly, seesWhatsappPartOnly, withoutMessage } from './scope.js';
import { lintStandIn, templateReferences, type PlacedReference } from '../model/values.js';
import { contentOf } from './rules/channel-kind.js';

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

export type { FileFacts } from './facts.js';
import type { FileFacts, ProjectChannels, ProjectValues } from './facts.js';

export interface FileResult {
  file: string;
  diagnostics: Diagnostic[];
  directives: Directive[];
  facts: FileFacts;
  /** findings left out by the per-rule cap, by rule id: how many, and where the first one is */
  truncated?: Record<string, { count: number; span: Span }>;
  /** the plain value of the file, when it parsed to a mapping and the caller asked for it (keepValue) */
  value?: Loose;
  /** sha256 of the file's bytes, with `value` */
  hash?: string;
  /**
   * A rule compared the template with the clock (an expiry time): the verdict holds until this
   * instant (ms since the epoch) and no longer, so a cache keeps it until then. Absent: it holds
   * whenever lint runs. A rule that read the clock itself gives the run's own instant (never kept).
   */
  until?: number;
}


export interface FileLintOptions {
  now: Date;
  keepValue?: boolean;
  /** rules off by default (e.g. key-order) that the config turns on: only these of them run */
  enable?: ReadonlySet<string>;
  /** facts a run may never read (the texts' hashes) are worked out when first read (translationFacts); a run that keeps them all (the cache) leaves this off */
  lazyFacts?: boolean;
}

/** the findings of the many clean files: one shared, frozen empty list (results are read, never changed) */
const NO_DIAGNOSTICS = Object.freeze([]) as unknown as Diagnostic[];

/** Files of this process that needed the position-keeping `yaml` parse (the pool decides on it). */
export const parseStats = { full: 0 };

/**
 * Lints one file's bytes. The findings are computed on the plain value; positions are only
 * looked up when there are findings. A file in the layouts text-locate.ts proves is read once,
 * value and positions together; another clean file is read once, with the fast parser (js-yaml);
 * a file with findings is then placed on the text when the offending nodes are in proven
 * layouts, or parsed again keeping positions; a file the fast parser leaves alone (anchors,
 * directives, odd layouts, syntax errors) takes the full parse from the start.
 * test/fast-path.test.ts holds all paths to identical results.
 */
export function lintBytes(file: string, bytes: Uint8Array, opts: FileLintOptions): FileResult {
  if (bytes.length > MAX_FILE_BYTES || !isUtf8(bytes)) return lintParsed(parseTemplateBytes(file, bytes), opts);
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // the common layouts: value and positions read off the text in one pass (text-locate.ts)
  const doc = indexText(text);
  if (doc?.value) {
    const quick = placeByText(file, doc, doc.value, collect(doc.value, opts), opts);
    if (quick) return quick;
  }
  const fast = lintFast(file, text, opts);
  if (fast?.clean) return fast.clean;
  if (fast) {
    // the few offending nodes are placed on the source text when its layout is one text-locate proves
    const quick = doc && placeByText(file, doc, fast.t, fast.findings, opts);
    if (quick) return quick;
    parseStats.full++;
    // the fast read succeeded, so there are no aliases to resolve: positions are all we need
    const parsed = parseTemplateText(file, text, undefined, { resolve: false });
    if (parsed.doc && parsed.diagnostics.length === 0) return place(parsed, fast.t, fast.findings, opts);
  } else parseStats.full++;
  return lintParsed(parseTemplateText(file, text), opts);
}

/** The fast read: the template's findings without positions, and the result itself when it is clean. */
function lintFast(file: string, text: string, opts: FileLintOptions): { t: Loose; findings: Collected; clean?: FileResult } | undefined {
  const t = obj(fastValue(text));
  if (!t) return undefined;
  const findings = collect(t, opts);
  const facts = findings.findings.length === 0 ? quickFacts(text, t, findings) : undefined;
  return { t, findings, ...(facts ? { clean: { file, diagnostics: NO_DIAGNOSTICS, directives: parseDirectives(''), facts, ...(opts.keepValue ? { value: t } : {}), ...clockOf(findings) } } : {}) };
}

/** The fast path's answer for a clean file, or undefined when the layout needs the parser. */
export function lintClean(file: string, text: string, opts: FileLintOptions): FileResult | undefined {
  return lintFast(file, text, opts)?.clean;
}

/** Facts with spans found by a line scan (top-level `key: value` lines), as the parser would. */
function quickFacts(text: string, t: Loose, found: Collected): FileFacts | undefined {
  // references are placed by the other paths
  if (found.refs.length) return undefined;
  const facts: FileFacts = {};
  for (const key of ['channel', 'publicId'] as const) {
    const v = t[key];
    if (typeof v !== 'string') continue;
    const span = topLevelScalarSpan(text, key);
    if (!span) return undefined;
    facts[key] = { value: detached(key === 'publicId' ? v.toLowerCase() : v), span };
  }
  const nameSpan = topLevelScalarSpan(text, 'name');
  if (!nameSpan || typeof t.name !== 'string' || typeof t.language !== 'string') return undefined;
  facts.name = detached(t.name);
  facts.identitySpan = nameSpan;
  facts.language = detached(t.language);
  facts.variant = factsOfVariant(t, found);
  facts.translation = translationFacts(t);
  facts.content = contentOf(t);
  return facts;
}

/** A finding before it has a position: where in the value, and how to point at it. */
export interface RawFinding extends ReportOptions { ruleId: string; path: Path; message: string }

/** Pure: the schema and rule findings of a template value, at most MAX_FINDINGS_PER_RULE of each rule. */
export function collectFindings(t: Loose, opts: FileLintOptions): RawFinding[] {
  return collect(t, opts).findings;
}

interface Collected {
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

function collect(file: Loose, opts: FileLintOptions): Collected {
  // the schema and the rules judge the template with an address that starts with a reference
  // standing as an https URL (src/model/values.ts); findings point at the file's own strings
  const refs = templateReferences(file);
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
  for (const s of validateTemplate(t)) keep({ ruleId: s.ruleId, path: s.path, message: s.message, ...(s.part === 'key' ? { part: 'key' as const } : {}) });
  let ruleId = '';
  // one scan of each text for every rule, in both views of the template
  const scans = new Map<string, ScanResult>();
  const clock: Clocked = { until: Infinity };
  const context = (view: Loose): RuleContext => ruleContext(view, opts.now, (path, message, o) => { keep({ ruleId, path, message, ...o }); }, scans, clock);
  const ctx = context(t);
  // WhatsApp rules only on WhatsApp parts (scope.ts): none on an RCS-only template, and the
  // template without its RCS message when it has both
  const whatsappCtx = isRcsOnly(t) ? undefined : t.message === undefined ? ctx : context(withoutMessage(t));
  const plan = planOf(shapeOf(t, whatsappCtx?.t), opts.enable);
  for (let i = 0; i < plan.length; i++) {
    // a million steps a run on 10,000 files: the loads from one shape of step, not from ~100 shapes of rule
    const step = plan[i]!;
    ruleId = step.id;
    step.check(step.wa ? whatsappCtx! : ctx);
  }
  return { scans, clock, sites: ctx.sites, findings: out, dropped, refs };
}

/**
 * place() without the `yaml` parse: the spans are read off the source text by text-locate.ts;
 * undefined when a finding or a fact lies in a layout it cannot prove (the caller then parses).
 */
function placeByText(file: string, doc: TextDoc, t: Loose, found: Collected, opts: FileLintOptions): FileResult | undefined {
  const span = (x: RawFinding): Span | undefined => {
    if (x.at) {
      const v = stringAt(t, x.path);
      if (v !== undefined) return locateRangeText(doc, x.path, v, x.at.start, x.at.end);
    }
    return locateText(doc, x.path, x.part ?? 'value');
  };
  const diagnostics: Diagnostic[] = [];
  for (const x of found.findings) {
    const at = span(x);
    if (!at) return undefined;
    const sev = RULES_BY_ID.get(x.ruleId)?.severity ?? 'error';
    diagnostics.push({ file, ...at, ruleId: x.ruleId, severity: sev === 'off' ? 'warning' : sev, message: x.message });
  }
  const truncated: NonNullable<FileResult['truncated']> = {};
  for (const [id, d] of found.dropped) {
    const at = span(d.first);
    if (!at) return undefined;
    truncated[id] = { count: d.count, span: at };
  }
  const facts: FileFacts = {};
  const factSpan = (key: string): Span | undefined => locateText(doc, [key]);
  if (typeof t.channel === 'string') { const s = factSpan('channel'); if (!s) return undefined; facts.channel = { value: detached(t.channel), span: s }; }
  if (typeof t.name === 'string') { const s = factSpan('name'); if (!s) return undefined; facts.name = detached(t.name); facts.identitySpan = s; }
  if (typeof t.language === 'string') facts.language = detached(t.language);
  if (typeof t.publicId === 'string') { const s = factSpan('publicId'); if (!s) return undefined; facts.publicId = { value: detached(t.publicId.toLowerCase()), span: s }; }
  // a value read off the text is read off it again when its variant facts or hashes are wanted (indexText is pure)
  const lazy = opts.lazyFacts && t === doc.value;
  facts.variant = lazy && found.refs.length === 0 ? deferredVariantFacts(doc.text, valueOfText) : factsOfVariant(t, found);
  facts.translation = lazy ? translationFacts(t, doc.text, valueOfText) : translationFacts(t);
  facts.content = contentOf(t);
  if (found.refs.length) {
    const references: NonNullable<FileFacts['references']> = [];
    for (const r of found.refs) {
      const v = stringAt(t, r.path);
      const s = v === undefined ? undefined : locateRangeText(doc, r.path, v, r.start, r.end);
      if (!s) return undefined;
      references.push({ name: r.name, span: s });
    }
    facts.references = references;
  }
  return withTruncated({ file, diagnostics: diagnostics.length ? diagnostics : NO_DIAGNOSTICS, directives: parseDirectives(doc.text), facts, ...(opts.keepValue ? { value: t } : {}), ...clockOf(found) }, truncated);
}

const valueOfText = (text: string): Loose => indexText(text)!.value!;

function spanOfFinding(f: ParsedFile, t: Loose, x: RawFinding): Span {
  if (x.at) {
    const v = stringAt(t, x.path);
    if (v !== undefined) return locateRange(f, x.path, v, x.at.start, x.at.end);
  }
  return locate(f, x.path, x.part ?? 'value');
}

/** Gives each finding its span in the parsed document. */
function place(f: ParsedFile, t: Loose, found: Collected, opts: FileLintOptions): FileResult {
  const truncated: NonNullable<FileResult['truncated']> = {};
  const diagnostics = capLoading(f.diagnostics, truncated);
  for (const x of found.findings) {
    // default-off rules still report here; configure() decides with the user's severities
    const sev = RULES_BY_ID.get(x.ruleId)?.severity ?? 'error';
    diagnostics.push({ file: f.file, ...spanOfFinding(f, t, x), ruleId: x.ruleId, severity: sev === 'off' ? 'warning' : sev, message: x.message });
  }
  for (const [id, d] of found.dropped) {
    const had = truncated[id];
    truncated[id] = had ? { count: had.count + d.count, span: had.span } : { count: d.count, span: spanOfFinding(f, t, d.first) };
  }
  return withTruncated({ file: f.file, diagnostics, directives: parseDirectives(f.text), facts: factsOf(f, t, found), ...(opts.keepValue ? { value: t } : {}), ...clockOf(found) }, truncated);
}

/** The loading diagnostics (syntax errors, duplicate keys) under the same per-rule cap. */
function capLoading(diags: readonly Diagnostic[], truncated: NonNullable<FileResult['truncated']>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const counts = new Map<string, number>();
  for (const d of diags) {
    const n = (counts.get(d.ruleId) ?? 0) + 1;
    counts.set(d.ruleId, n);
    if (n <= MAX_FINDINGS_PER_RULE) out.push(d);
    else if (truncated[d.ruleId]) truncated[d.ruleId]!.count++;
    else truncated[d.ruleId] = { count: 1, span: { line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn } };
  }
  return out;
}

/**
 * What a rule sees of a template value: the value, the clock, placeholder scans and sites (each
 * computed once), and where to report. A class, so that every context shares one shape and the
 * `now` getter lives on the prototype (an object literal with a getter costs a closure and a slow
 * shape per file, a sixth of a cold lint).
 */
class Context implements RuleContext {
  private siteList: PlaceholderSite[] | undefined;
  constructor(
    readonly t: Loose,
    private readonly clockNow: Date,
    readonly report: RuleContext['report'],
    private readonly scans: Map<string, ScanResult>,
    private readonly clock: Clocked,
  ) {}

  /** a rule that reads the clock itself makes the verdict hold for this instant only (never cached) */
  get now(): Date { this.clock.until = Math.min(this.clock.until, this.clockNow.getTime()); return this.clockNow; }

  reached(ms: number): boolean {
    if (ms <= this.clockNow.getTime()) return true;
    if (ms < this.clock.until) this.clock.until = ms;
    return false;
  }

  /** keyed by the text itself: the same text scans the same, whichever path or view it is read from (a field: a plugin may pass it around) */
  readonly scan = (path: Path): ScanResult => {
    const text = stringAt(this.t, path) ?? '';
    let s = this.scans.get(text);
    if (!s) {
      s = scanPlaceholders(text);
      this.scans.set(text, s);
    }
    return s;
  };

  readonly sites = (): PlaceholderSite[] => (this.siteList ??= placeholderSites(this.t));
}

/** the earliest instant at which a verdict that compared the template with the clock can change */
interface Clocked { until: number }

function ruleContext(t: Loose, now: Date, report: RuleContext['report'], scans = new Map<string, ScanResult>(), clock: Clocked = { until: Infinity }): RuleContext {
  return new Context(t, now, report, scans, clock);
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

function withTruncated(r: FileResult, truncated: NonNullable<FileResult['truncated']>): FileResult {
  return Object.keys(truncated).length ? { ...r, truncated } : r;
}

export function lintParsed(f: ParsedFile, opts: FileLintOptions): FileResult {
  const truncated: NonNullable<FileResult['truncated']> = {};
  const empty: FileResult = { file: f.file, diagnostics: capLoading(f.diagnostics, truncated), directives: parseDirectives(f.text), facts: {} };
  if (!f.doc || f.diagnostics.some((d) => d.ruleId !== 'yaml-duplicate-key')) return withTruncated(empty, truncated);
  const t = obj(f.value);
  if (!t) {
    empty.diagnostics.push({ file: f.file, ...locate(f, []), ruleId: 'schema', severity: 'error',
      message: `A template file holds a mapping (channel, name, language, category, body), not ${Array.isArray(f.value) ? 'a list' : typeof f.value === 'string' ? 'a string' : String(f.value)}.` });
    return withTruncated(empty, truncated);
  }
  return place(f, t, collect(t, opts), opts);
}

function stringAt(t: Loose, path: Path): string | undefined {
  let cur: unknown = t;
  for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return typeof cur === 'string' ? cur : undefined;
}

const clockOf = (found: Collected): { until?: number } => (found.clock.until < Infinity ? { until: found.clock.until } : {});

/** the variant facts, from the scans and sites the rules worked out */
const factsOfVariant = (t: Loose, found: Collected): VariantFacts => variantFacts(t, (text) => found.scans.get(text) ?? scanPlaceholders(text), found.sites());

function factsOf(f: ParsedFile, t: Loose, found: Collected): FileFacts {
  const facts: FileFacts = {};
  if (typeof t.channel === 'string') facts.channel = { value: detached(t.channel), span: locate(f, ['channel']) };
  if (typeof t.name === 'string') { facts.name = detached(t.name); facts.identitySpan = locate(f, ['name']); }
  if (typeof t.language === 'string') facts.language = detached(t.language);
  if (typeof t.publicId === 'string') facts.publicId = { value: detached(t.publicId.toLowerCase()), span: locate(f, ['publicId']) };
  facts.variant = factsOfVariant(t, found);
  facts.translation = translationFacts(t);
  facts.content = contentOf(t);
  if (found.refs.length) {
    facts.references = found.refs.map((r) => {
      const v = stringAt(t, r.path);
      return { name: r.name, span: v === undefined ? locate(f, r.path) : locateRange(f, r.path, v, r.start, r.end) };
    });
  }
  return facts;
}

export interface ProjectOptions {
  /** severities from the config, by rule id */
  severities: Readonly<Record<string, SeveritySetting>>;
  /** the severities of one file (the config's per-path overrides), by its display path; default `severities` */
  severitiesFor?: (file: string) => Readonly<Record<string, SeveritySetting>>;
  /** alias -> environment names that define it; undefined when there is no config to check against */
  channels?: ProjectChannels;
  /** the project's own rules (team policies, plugins), known beside the built-in ones */
  rules?: ReadonlyMap<string, RuleMeta>;
  /** alias -> the environments that define it, each with the names of its values (rule env-value-missing); undefined without environments */
  values?: ProjectValues;
  /** the config's `channels` (their `languages`: rule language-coverage) */
  languages?: ProjectContext['languages'];
  /**
   * Gives positions to the project rules' findings at paths of a file's value (ProjectContext.reportAt),
   * with the findings of other project-level passes (team policies) it adds; without it (one file
   * alone: the language server's and --fix's own check) those findings are left out.
   */
  place?: (found: readonly PathFinding[]) => Diagnostic[];
}

/** A project rule's finding at a path of a file's template value, with the rule's default severity: placed by ProjectOptions.place. */
export interface PathFinding extends ReportOptions { file: string; ruleId: string; path: Path; message: string; severity: Severity }

/** the built-in rules with a project hook, and those with a final hook by their stage (rule.ts) */
const PROJECT_RULES: readonly Rule[] = RULES.filter((r) => r.checkProject);
const DIRECTIVE_RULES: readonly Rule[] = RULES.filter((r) => r.checkFinal && r.group === 'directive');
const LIMIT_RULES: readonly Rule[] = RULES.filter((r) => r.checkFinal && r.group !== 'directive');

/** a finding's severity before the config's: the rule's default (a rule off by default that runs reports warnings) */
const defaultSeverity = (rule: RuleMeta): Severity => (rule.severity === 'off' ? 'warning' : rule.severity);

/** Every project rule over the run's files, through its project hook: the findings at spans, and those at paths (placed by opts.place). */
function runProjectRules(files: readonly FileResult[], opts: ProjectOptions): Diagnostic[] {
  const placed: Diagnostic[] = [];
  const atPaths: PathFinding[] = [];
  let rule = PROJECT_RULES[0]!;
  const ctx: ProjectContext = {
    files, languages: opts.languages ?? {},
    ...(opts.channels ? { channels: opts.channels } : {}), ...(opts.values ? { values: opts.values } : {}),
    report(file, span, message) { placed.push({ file, ...span, ruleId: rule.id, severity: defaultSeverity(rule), message }); },
    reportAt(file, path, message, o) { atPaths.push({ file, ...o, ruleId: rule.id, path, message, severity: defaultSeverity(rule) }); },
  };
  for (rule of PROJECT_RULES) rule.checkProject!(ctx);
  if (opts.place) for (const d of opts.place(atPaths)) placed.push(d);
  return placed;
}

/** Cross-file rules, configured severities and directives; returns sorted final diagnostics. */
export function finishProject(files: readonly FileResult[], opts: ProjectOptions): Diagnostic[] {
  const all: Diagnostic[] = [];
  const cross = runProjectRules(files, opts);
  const crossByFile = new Map<string, Diagnostic[]>();
  for (const d of cross) { const l = crossByFile.get(d.file); if (l) l.push(d); else crossByFile.set(d.file, [d]); }

  for (const r of files) {
    const crossHere = crossByFile.get(r.file);
    // a clean file (most of them) has nothing to configure, filter or cap
    if (r.diagnostics.length === 0 && !crossHere && r.directives.length === 0 && !r.truncated) continue;
    const diags = [...r.diagnostics, ...(crossHere ?? [])];
    const severities = opts.severitiesFor?.(r.file) ?? opts.severities;
    const shown = applyDirectives(r.file, configure(diags, severities, opts.rules), r.directives, severities, opts.rules);
    for (const d of capFile(r, shown, severities)) all.push(d);
  }
  return all.sort(compareDiagnostics);
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/**
 * The final rules of one stage (rule.ts, FinalContext) on a file: each whose configured severity
 * is not off, reporting with that severity unless it gives one.
 */
function runFinalRules(rules: readonly Rule[], file: string, base: Omit<FinalContext, 'file' | 'report'>, severities: Readonly<Record<string, SeveritySetting>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of rules) {
    const s = severities[rule.id] ?? rule.severity;
    if (s === 'off') continue;
    rule.checkFinal!({
      ...base, file,
      report(at, message, severity) { out.push({ file, line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn, ruleId: rule.id, severity: severity ?? s, message }); },
    });
  }
  return out;
}

const NO_DIRECTIVES: readonly Directive[] = Object.freeze([]);
const knownNothing = { suppressed: () => false, known: () => false, ids: () => [] };

/**
 * At most MAX_FINDINGS_PER_FILE findings of a file (errors first, then by position); what was
 * left out here and by the per-rule cap while the file was linted goes to the limit rules
 * (too-many-findings: one summary, with the highest severity of what it stands for, so a file
 * whose hidden findings include an error still fails the run).
 */
function capFile(r: FileResult, diags: Diagnostic[], severities: Readonly<Record<string, SeveritySetting>>): Diagnostic[] {
  const hidden = new Map<string, number>();
  let worst: Severity | undefined;
  let first: Span | undefined;
  const note = (ruleId: string, n: number, sev: Severity, span: Span): void => {
    hidden.set(ruleId, (hidden.get(ruleId) ?? 0) + n);
    if (!worst || RANK[sev] < RANK[worst]) worst = sev;
    if (!first || span.line < first.line || (span.line === first.line && span.column < first.column)) first = span;
  };
  for (const [ruleId, t] of Object.entries(r.truncated ?? {})) {
    const s = severities[ruleId] ?? RULES_BY_ID.get(ruleId)?.severity ?? 'error';
    if (s !== 'off') note(ruleId, t.count, s, t.span);
  }
  let kept = diags;
  if (diags.length > MAX_FINDINGS_PER_FILE) {
    const order = [...diags].sort((a, b) => RANK[a.severity] - RANK[b.severity] || compareDiagnostics(a, b));
    kept = order.slice(0, MAX_FINDINGS_PER_FILE);
    for (const d of order.slice(MAX_FINDINGS_PER_FILE)) note(d.ruleId, 1, d.severity, d);
  }
  if (hidden.size === 0) return kept;
  const limits = runFinalRules(LIMIT_RULES, r.file, { ...knownNothing, directives: NO_DIRECTIVES, hidden: { counts: hidden, severity: worst!, span: first! } }, severities);
  return limits.length ? [...kept, ...limits] : kept;
}

function configure(diags: Diagnostic[], severities: Readonly<Record<string, SeveritySetting>>, own?: ReadonlyMap<string, RuleMeta>): Diagnostic[] {

  const out: Diagnostic[] = [];
  for (const d of diags) {
    const s = severities[d.ruleId] ?? (own?.get(d.ruleId) ?? RULES_BY_ID.get(d.ruleId))?.severity;
    if (s === 'off') continue;
    out.push(s ? { ...d, severity: s } : d);
  }
  return out;
}

/** The file's directives applied: the findings they suppress left out, then the directive rules on what each suppressed. */
function applyDirectives(file: string, diags: Diagnostic[], directives: readonly Directive[], severities: Readonly<Record<string, SeveritySetting>>, own?: ReadonlyMap<string, RuleMeta>): Diagnostic[] {
  if (directives.length === 0) return diags;
  const used = new Set<string>();
  const byTarget = new Map<number, Directive[]>();
  for (const x of directives) {
    const list = byTarget.get(x.target);
    if (list) list.push(x); else byTarget.set(x.target, [x]);
  }
  const kept = diags.filter((d) => {
    const dir = byTarget.get(d.line)?.find((x) => x.rules.includes(d.ruleId));
    if (!dir) return true;
    used.add(`${dir.line}\u0000${d.ruleId}`);
    return false;
  });
  const extra = runFinalRules(DIRECTIVE_RULES, file, {
    directives,
    suppressed: (dir, id) => used.has(`${dir.line}\u0000${id}`),
    known: (id) => RULES_BY_ID.has(id) || Boolean(own?.has(id)),
    ids: () => [...RULES_BY_ID.keys(), ...(own?.keys() ?? [])],
  }, severities);
  return [...kept, ...extra];
}

export { summarize } from '../core/diagnostic.js';

/**
 * The repair of one rule on a template value, seen as the rule sees it (scope.ts): the changes,
 * or none when the rule has no repair, does not apply to this template, or is not sure.
 */
export function repairOf(t: Loose, rule: Rule, now: Date): Change[] {
  if (!rule.repair) return [];
  const view = seesWhatsappPartOnly(rule) ? (isRcsOnly(t) ? undefined : t.message === undefined ? t : withoutMessage(t)) : t;
  if (!view || (rule.requires !== undefined && view[rule.requires] === undefined)) return [];
  return rule.repair(ruleContext(view, now, () => {}));
}
