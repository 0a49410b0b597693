// A Markdown report for pull-request comments and job summaries.
import { asIdentifier } from '../../core/redact.js';
import { summarize } from '../../core/diagnostic.js';
import type { Formatter } from './formatter.js';
import { visible } from '../../core/visible.js';

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
/** a code span in a table cell: backslashes are literal in it (not doubled), a pipe still escaped (GFM tables), fenced with more backticks than it holds */
const code = (s: string): string => {
  const t = s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const fence = '`'.repeat(Math.max(0, ...[...t.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  return fence.length > 1 ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
};
const ICON = { error: '🔴 error', warning: '🟡 warning', info: '🔵 info' } as const;

export const markdown: Formatter = (diags, ctx) => {
  const s = summarize(diags, ctx.fileCount);
  const out = ['## tplsync lint', ''];
  if (diags.length === 0) {
    out.push(`✅ ${ctx.fileCount} template file${ctx.fileCount === 1 ? '' : 's'} checked, no problems.`);
    return `${out.join('\n')}\n`;
  }
  out.push(`**${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}** in ${ctx.fileCount} file${ctx.fileCount === 1 ? '' : 's'}.`, '');
  out.push('| File | Line | Severity | Rule | Message |', '| --- | ---: | --- | --- | --- |');
  const docs = new Map((ctx.rules ?? []).flatMap((r) => (r.docsUrl ? [[r.id, r.docsUrl]] : [])));
  for (const d of diags) {
    const url = docs.get(d.ruleId);
    const rule = url ? `[\`${d.ruleId}\`](${url})` : `\`${d.ruleId}\``;
    out.push(`| ${asIdentifier(code(visible(d.file, { oneLine: true })))} | ${d.line}:${d.column} | ${ICON[d.severity]} | ${rule} | ${cell(visible(d.message, { oneLine: true }))} |`);
  }
  return `${out.join('\n')}\n`;
};
