// Pure: the finish stage of lint: the files of a run combined: the cross-file (project) rules,
// the severities the config sets (decided here, once, for every finding), the inline directives
// and the per-file cap. Findings at paths of a file's value are placed through ProjectOptions.place.
import type { Path } from '../files/document.js';
import { compareDiagnostics, type Diagnostic, type Severity, type SeveritySetting, type Span } from '../core/diagnostic.js';
import type { Directive } from './directives.js';
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

/**
 * The severity a finding of a file carries until the run is finished: its rule's default (an
 * unknown id, an error). The config's severities are applied once, by finishProject (configure).
 */
export function placedSeverity(ruleId: string): Severity {
  const rule = RULES_BY_ID.get(ruleId);
  return rule ? defaultSeverity(rule) : 'error';
}

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

