// A Markdown report for pull-request comments and job summaries.
import { summarize } from '../../core/diagnostic.js';
import type { Formatter } from './formatter.js';
import { visible } from '../../core/visible.js';

const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ').replace(/</g, '&lt;');
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
    out.push(`| \`${cell(visible(d.file, { oneLine: true }))}\` | ${d.line}:${d.column} | ${ICON[d.severity]} | ${rule} | ${cell(visible(d.message, { oneLine: true }))} |`);
  }
  return `${out.join('\n')}\n`;
};
