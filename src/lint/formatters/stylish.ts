// The default terminal report, grouped by file like ESLint's; colour only when asked.
import { asIdentifier } from '../../core/redact.js';
import pc from 'picocolors';
import { summarize } from '../../core/diagnostic.js';
import type { Formatter } from './formatter.js';
import { visible } from '../../core/visible.js';

export const stylish: Formatter = (diags, ctx) => {
  const c = pc.createColors(ctx.color);
  const byFile = new Map<string, typeof diags[number][]>();
  for (const d of diags) { const ds = byFile.get(d.file); if (ds) ds.push(d); else byFile.set(d.file, [d]); }
  const out: string[] = [];
  for (const [file, ds] of byFile) {
    // a file's name and a message quoting a file's text may hold control characters: printed as escapes, never sent to the terminal
    out.push(c.underline(asIdentifier(visible(file, { oneLine: true }))));
    const posW = Math.max(...ds.map((d) => `${d.line}:${d.column}`.length));
    const sevW = Math.max(...ds.map((d) => d.severity.length));
    for (const d of ds) {
      const sev = d.severity === 'error' ? c.red(d.severity.padEnd(sevW)) : d.severity === 'warning' ? c.yellow(d.severity.padEnd(sevW)) : c.blue(d.severity.padEnd(sevW));
      out.push(`  ${c.dim(`${d.line}:${d.column}`.padEnd(posW))}  ${sev}  ${visible(d.message, { oneLine: true })}  ${c.dim(d.ruleId)}`);
    }
    out.push('');
  }
  const s = summarize(diags, ctx.fileCount);
  const total = s.errors + s.warnings + s.infos;
  const files = `${ctx.fileCount} file${ctx.fileCount === 1 ? '' : 's'}`;
  if (total === 0) out.push(c.green(`✔ ${files} checked, no problems`));
  else {
    const parts = [`${s.errors} error${s.errors === 1 ? '' : 's'}`, `${s.warnings} warning${s.warnings === 1 ? '' : 's'}`];
    if (s.infos) parts.push(`${s.infos} info`);
    const line = `✖ ${total} problem${total === 1 ? '' : 's'} (${parts.join(', ')}) in ${files}`;
    out.push(s.errors ? c.red(c.bold(line)) : c.yellow(c.bold(line)));
  }
  return `${out.join('\n')}\n`;
};
