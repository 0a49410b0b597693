// Pure: the finish stage of lint: the files of a run combined: the cross-file (project) rules,
// the severities (decided here, once, for every finding: the config's for its rule, else the
// rule's default; no earlier stage gives one), the inline directives and the per-file cap. Findings at paths of a file's value are placed through ProjectOptions.place.
import type { Path } from '../files/document.js';
import { compareDiagnostics, type Diagnostic, type Finding, type Severity, type SeveritySetting, type Span } from '../core/diagnostic.js';
import type { Directive } from '../files/directives.js';
import { RULES, RULES_BY_ID } from './registry.js';
import { MAX_FINDINGS_PER_FILE, type ReportOptions, type FinalContext, type ProjectContext, type Rule, type RuleMeta } from './rule.js';
import type { FileResult } from './file-result.js';
import type { ProjectChannels, ProjectValues } from './facts.js';

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
  /** the run's files are not all the project's (ProjectContext.partial) */
  partial?: boolean;
  /**
   * Gives positions to the project rules' findings at paths of a file's value (ProjectContext.reportAt),
   * with the findings of other project-level passes (team policies) it adds; without it (one file
   * alone: the language server's and --fix's own check) those findings are left out.
   */
  place?: (found: readonly PathFinding[]) => Finding[];
}

/** A project rule's finding at a path of a file's template value: placed by ProjectOptions.place. */
export interface PathFinding extends ReportOptions { file: string; ruleId: string; path: Path; message: string }

/** the built-in rules with a project hook, and those with a final hook by their stage (rule.ts) */
const PROJECT_RULES: readonly Rule[] = RULES.filter((r) => r.checkProject);
const DIRECTIVE_RULES: readonly Rule[] = RULES.filter((r) => r.checkFinal && r.group === 'directive');
const LIMIT_RULES: readonly Rule[] = RULES.filter((r) => r.checkFinal && r.group !== 'directive');

/**
 * The severity of a rule's findings in a file, the one place it is decided: the config's for the
 * rule (`severities`: the file's, overrides applied), else the rule's default, built-in or the
 * project's own (`own`); `off`: none is shown. An id no rule has is an error.
 */
export function severityOf(ruleId: string, severities: Readonly<Record<string, SeveritySetting>>, own?: ReadonlyMap<string, RuleMeta>): SeveritySetting {
  return severities[ruleId] ?? (own?.get(ruleId) ?? RULES_BY_ID.get(ruleId))?.severity ?? 'error';
}

/** Findings with their severities (severityOf); those whose rule is off are left out. */
export function withSeverities(found: readonly Finding[], severities: Readonly<Record<string, SeveritySetting>>, own?: ReadonlyMap<string, RuleMeta>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of found) {
    const severity = severityOf(d.ruleId, severities, own);
    if (severity !== 'off') out.push({ ...d, severity });
  }
  return out;
}

/** Every project rule over the run's files, through its project hook: the findings at spans, and those at paths (placed by opts.place). */
function runProjectRules(files: readonly FileResult[], opts: ProjectOptions): Finding[] {
  const placed: Finding[] = [];
  const atPaths: PathFinding[] = [];
  let rule = PROJECT_RULES[0]!;
  const ctx: ProjectContext = {
    files, languages: opts.languages ?? {}, ...(opts.partial ? { partial: true } : {}),
    ...(opts.channels ? { channels: opts.channels } : {}), ...(opts.values ? { values: opts.values } : {}),
    report(file, span, message) { placed.push({ file, ...span, ruleId: rule.id, message }); },
    reportAt(file, path, message, o) { atPaths.push({ file, ...o, ruleId: rule.id, path, message }); },
  };
  for (rule of PROJECT_RULES) rule.checkProject!(ctx);
  if (opts.place) for (const d of opts.place(atPaths)) placed.push(d);
  return placed;
}

/** Cross-file rules, configured severities and directives; returns sorted final diagnostics. */
export function finishProject(files: readonly FileResult[], opts: ProjectOptions): Diagnostic[] {
  const all: Diagnostic[] = [];
  const cross = runProjectRules(files, opts);
  const crossByFile = new Map<string, Finding[]>();
  for (const d of cross) { const l = crossByFile.get(d.file); if (l) l.push(d); else crossByFile.set(d.file, [d]); }

  for (const r of files) {
    const crossHere = crossByFile.get(r.file);
    // a clean file (most of them) has nothing to configure, filter or cap
    if (r.diagnostics.length === 0 && !crossHere && r.directives.length === 0 && !r.truncated) continue;
    const diags = [...r.diagnostics, ...(crossHere ?? [])];
    const severities = opts.severitiesFor?.(r.file) ?? opts.severities;
    const shown = oneAtANode(applyDirectives(r.file, withSeverities(diags, severities, opts.rules), r.directives, severities, opts.rules));
    for (const d of capFile(r, shown, severities, opts.rules)) all.push(d);
  }
  return all.sort(compareDiagnostics);
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

/**
 * One finding of a file's node where the schema and another rule both report it (the same span:
 * the same key or value): the schema refusing a value's form and a rule judging the value it
 * cannot be (`thumbnailUrl: not-a-url`: "must be an absolute URL" and rcs-media's "served from a
 * public https:// URL"), or both judging one part (a carousel card's empty header example: the schema's "must be an absolute URL" and
 * carousel-card-header's). The more severe is kept; of two alike, the rule's, which knows the part
 * it judges (and has an id of its own to configure). Decided after the severities and the
 * directives: a finding turned off or suppressed leaves the other shown.
 */
export function oneAtANode(diags: Diagnostic[]): Diagnostic[] {
  if (diags.length < 2) return diags;
  const at = (d: Diagnostic): string => `${d.line}:${d.column}:${d.endLine}:${d.endColumn}`;
  let schemaAt: Map<string, Diagnostic> | undefined;
  for (const d of diags) if (d.ruleId === 'schema') (schemaAt ??= new Map()).set(at(d), d);
  if (!schemaAt) return diags;
  const drop = new Set<Diagnostic>();
  for (const d of diags) {
    if (d.ruleId === 'schema') continue;
    const s = schemaAt.get(at(d));
    if (!s) continue;
    drop.add(RANK[s.severity] < RANK[d.severity] ? d : s);
  }
  return drop.size ? diags.filter((d) => !drop.has(d)) : diags;
}

/**
 * The final rules of one stage (rule.ts, FinalContext) on a file: each whose severity (severityOf)
 * is not off, reporting with that severity unless it gives one of its own to a finding.
 */
function runFinalRules(rules: readonly Rule[], file: string, base: Omit<FinalContext, 'file' | 'report'>, severities: Readonly<Record<string, SeveritySetting>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const rule of rules) {
    const s = severityOf(rule.id, severities);
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
function capFile(r: FileResult, diags: Diagnostic[], severities: Readonly<Record<string, SeveritySetting>>, own?: ReadonlyMap<string, RuleMeta>): Diagnostic[] {
  const hidden = new Map<string, number>();
  let worst: Severity | undefined;
  let first: Span | undefined;
  const note = (ruleId: string, n: number, sev: Severity, span: Span): void => {
    hidden.set(ruleId, (hidden.get(ruleId) ?? 0) + n);
    if (!worst || RANK[sev] < RANK[worst]) worst = sev;
    if (!first || span.line < first.line || (span.line === first.line && span.column < first.column)) first = span;
  };
  for (const [ruleId, t] of Object.entries(r.truncated ?? {})) {
    const s = severityOf(ruleId, severities, own);
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

