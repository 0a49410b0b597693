// The machine-readable report: {"version":1,"diagnostics":[...],"summary":{...}} (DESIGN.md).
import { asIdentifier } from '../../core/redact.js';
import { summarize } from '../../core/diagnostic.js';
import type { Formatter } from './formatter.js';

export const json: Formatter = (diags, ctx) => `${JSON.stringify({
  version: 1,
  diagnostics: diags.map((d) => ({ file: asIdentifier(d.file), line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, ruleId: d.ruleId, severity: d.severity, message: d.message })),
  summary: summarize(diags, ctx.fileCount),
}, null, 2)}\n`;
