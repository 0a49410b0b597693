// Pure: the problems of a stage before the rules (loading a file, loading a team's plugins) turned
// into findings through the rules' loading hook (rule.ts, LoadingContext): each problem is
// reported under the id of the rule that claims it, where and as the stage found it. Neither the
// stage nor the engine names a rule.
import type { Finding } from '../core/diagnostic.js';
import type { LoadProblem } from '../files/problems.js';
import { RULES } from './registry.js';
import type { Rule, StageProblem } from './rule.js';

const LOADING_RULES: readonly Rule[] = RULES.filter((r) => r.checkLoading);

/** The rule that claims each problem (the first to claim it), in the problems' order; a problem no rule claims is a bug, and throws. */
export function ownersOf<P extends StageProblem>(problems: readonly P[]): { problem: P; ruleId: string }[] {
  if (problems.length === 0) return [];
  const owner = new Map<StageProblem, Rule>();
  let rule = LOADING_RULES[0]!;
  const ctx = { problems, claim(p: StageProblem): void { if (!owner.has(p)) owner.set(p, rule); } };
  for (rule of LOADING_RULES) rule.checkLoading!(ctx);
  return problems.map((problem) => {
    const r = owner.get(problem);
    if (!r) throw new Error(`no rule reports a problem of kind '${problem.kind}'`);
    return { problem, ruleId: r.id };
  });
}

/** The id of the rule that reports a problem of a stage (its severity is decided when the run is finished). */
export function ownerOf(problem: StageProblem): { ruleId: string } {
  return { ruleId: ownersOf([problem])[0]!.ruleId };
}

/** The findings of a file's loading problems (src/files/problems.ts), in their order. */
export function loadingDiagnostics(file: string, problems: readonly LoadProblem[]): Finding[] {
  return ownersOf(problems).map(({ problem: p, ruleId }) => ({ file, ...p.span, ruleId, message: p.message }));
}
