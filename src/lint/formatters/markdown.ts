// A Markdown report for pull-request comments and job summaries.
import { asIdentifier } from '../../core/redact.js';
import { summarize } from '../../core/diagnostic.js';
import { overMaxWarnings, type Formatter } from './formatter.js';
import { visible } from '../../core/visible.js';
import { fitLines, GITHUB_COMMENT_CHARACTERS } from '../../core/fit-lines.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { repoRelative } from './sarif.js';

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
/** a code span in a table cell: backslashes are literal in it (not doubled), a pipe still escaped (GFM tables), fenced with more backticks than it holds */
const code = (s: string): string => {
  const t = s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return fence.length > 1 ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
};
const ICON = { error: '🔴 error', warning: '🟡 warning', info: '🔵 info' } as const;

/** GitHub's annotations of one step it shows: 10 errors and 10 warnings (the rest are dropped) */
export const ANNOTATIONS_SHOWN = 10;
/**
 * The most characters lint writes to the job summary ($GITHUB_STEP_SUMMARY): GitHub drops a step's whole summary over
 * 1 MiB; 131,072 characters are at most 384 KiB in UTF-8, which leaves the rest to what else the step writes there.
 */
export const STEP_SUMMARY_CHARACTERS = 131_072;

/** The findings a report left out, counted by rule (the most first) and by file: what the line in their place says. */
function leftOut(rest: readonly Diagnostic[]): string {
  const rules = new Map<string, number>();
  for (const d of rest) rules.set(d.ruleId, (rules.get(d.ruleId) ?? 0) + 1);
  const byRule = [...rules].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = byRule.slice(0, 10).map(([r, n]) => `\`${r}\` ${n}`).join(', ');
  const files = new Set(rest.map((d) => d.file)).size;
  return `${named}${byRule.length > 10 ? ` and ${byRule.length - 10} more rules` : ''}; in ${files} file${files === 1 ? '' : 's'}`;
}

/**
 * A file as a report for GitHub names it: by its path from the repository's root (ctx.root), as the annotations and the
 * pull request's file list do (a monorepo's teams/payments/templates/..., not templates/..., which every team's folder
 * has); a file outside the repository, or any file without a root, as it is given.
 */
const shownFile = (file: string, ctx: Parameters<Formatter>[1]): string => (ctx.root ? repoRelative(file, ctx) ?? file : file);

/** the config's own warnings (a pair of template files one apart in letter case, no config found): a line each, with the config's line when placed */
function configLines(ctx: Parameters<Formatter>[1]): string[] {
  const ws = ctx.configWarnings ?? [];
  if (!ws.length) return [];
  return [...ws.map((w) => `- 🟡 warning${w.file !== undefined ? ` ${asIdentifier(code(visible(`${shownFile(w.file, ctx)}:${w.line ?? 1}`, { oneLine: true })))}` : ''}: ${cell(visible(w.message, { oneLine: true }))}`), ''];
}

export const markdown: Formatter = (diags, ctx) => {
  const s = summarize(diags, ctx.fileCount);
  const out = ['## tplsync lint', ''];
  if (diags.length === 0) {
    out.push(`✅ ${ctx.fileCount} template file${ctx.fileCount === 1 ? '' : 's'} checked, no problems.`);
    const config = configLines(ctx);
    if (config.length) out.push('', ...config.slice(0, -1));
    return `${out.join('\n')}\n`;
  }
  out.push(`**${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}** in ${ctx.fileCount} file${ctx.fileCount === 1 ? '' : 's'}.`, '', ...configLines(ctx));
  // lint failing on --max-warnings: said where a reader of the comment looks for the verdict
  const over = overMaxWarnings(diags, ctx);
  if (over) out.push(`🔴 ${over}: lint fails.`, '');
  // a step's annotations: GitHub shows 10 errors and 10 warnings and drops the rest, so the summary says how many there are
  if (ctx.markdown?.stepSummary && (s.errors > ANNOTATIONS_SHOWN || s.warnings > ANNOTATIONS_SHOWN)) {
    out.push(`GitHub shows at most ${ANNOTATIONS_SHOWN} error and ${ANNOTATIONS_SHOWN} warning annotations of a step: this one has ${diags.length} finding${diags.length === 1 ? '' : 's'} in all (${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}${s.infos ? `, ${s.infos} info` : ''}), listed and counted below.`, '');
  }
  out.push('| File | Line | Severity | Rule | Message |', '| --- | ---: | --- | --- | --- |');
  const docs = new Map((ctx.rules ?? []).flatMap((r) => (r.docsUrl ? [[r.id, r.docsUrl]] : [])));
  const rows = diags.map((d) => {
    const url = docs.get(d.ruleId);
    const rule = url ? `[\`${d.ruleId}\`](${url})` : `\`${d.ruleId}\``;
    return `| ${asIdentifier(code(visible(shownFile(d.file, ctx), { oneLine: true })))} | ${d.line}:${d.column} | ${ICON[d.severity]} | ${rule} | ${cell(visible(d.message, { oneLine: true }))} |`;
  });
  // within the limit (a comment's 65,536 characters; the job summary's budget): the rows that fit, then the rest counted
  const limit = ctx.markdown?.limit ?? GITHUB_COMMENT_CHARACTERS;
  const head = `${out.join('\n')}\n`;
  const rest = (n: number): string => `\n_${n} more finding${n === 1 ? '' : 's'} not shown (${leftOut(diags.slice(diags.length - n))}): the report would exceed ${limit.toLocaleString('en')} characters. Run \`tplsync lint\` for all of them._`;
  return `${head}${fitLines(rows, limit - head.length, rest).join('\n')}\n`;
};
