// A Markdown report for pull-request comments and job summaries.
import { RULES_BY_ID } from '../registry.js';
import { summarize } from '../../core/diagnostic.js';
import type { Formatter } from './formatter.js';

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
  for (const d of diags) {
    const rule = RULES_BY_ID.get(d.ruleId) ? `[\`${d.ruleId}\`](https://github.com/tplsync/tplsync/blob/main/docs/rules.md#${d.ruleId})` : `\`${d.ruleId}\``;
    out.push(`| \`${cell(d.file)}\` | ${d.line}:${d.column} | ${ICON[d.severity]} | ${rule} | ${cell(d.message)} |`);
  }
  return `${out.join('\n')}\n`;
};
