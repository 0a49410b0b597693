// The machine-readable report: {"version":1,"diagnostics":[...],"summary":{...}} (DESIGN.md).
import { asIdentifier } from '../../core/redact.js';
import { summarize } from '../../core/diagnostic.js';
import { overMaxWarnings, type Formatter } from './formatter.js';

export const json: Formatter = (diags, ctx) => `${JSON.stringify({
  version: 1,
  diagnostics: diags.map((d) => ({ file: asIdentifier(d.file), line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, ruleId: d.ruleId, severity: d.severity, message: d.message })),
  // --max-warnings, when given, and whether lint fails on it (exit 1: more warnings than it allows)
  summary: { ...summarize(diags, ctx.fileCount), ...(ctx.maxWarnings !== undefined && Number.isFinite(ctx.maxWarnings) ? { maxWarnings: ctx.maxWarnings, overMaxWarnings: overMaxWarnings(diags, ctx) !== undefined } : {}) },
  // the config's own warnings (no config found, a channel without a kind, a language WhatsApp does not list), as lint prints them on stderr
  ...(ctx.configWarnings?.length ? { configWarnings: ctx.configWarnings.map((w) => (w.file !== undefined ? { file: asIdentifier(w.file), line: w.line, column: w.column, endLine: w.endLine, endColumn: w.endColumn, message: w.message } : { message: w.message })) } : {}),
}, null, 2)}\n`;
