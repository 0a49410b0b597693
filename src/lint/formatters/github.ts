// GitHub Actions workflow commands (::error file=...::message), escaped as the runner expects;
// `file` is relative to the repository root ($GITHUB_WORKSPACE, else the git repository of the config; files/repository-root.ts), where the runner looks.
import { asIdentifier } from '../../core/redact.js';
import { overMaxWarnings, type Formatter } from './formatter.js';
import { absolutePath, repoRelative } from './sarif.js';
import { visible } from '../../core/visible.js';

/** Escaping of the message part of a workflow command (actions/toolkit `escapeData`). */
export function escapeData(s: string): string {
  // other control characters as \u escapes (a file's name or text may hold terminal sequences; the runner's log shows them)
  return visible(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}
/** Escaping of a property value (actions/toolkit `escapeProperty`). */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

export const github: Formatter = (diags, ctx) => (ctx.configWarnings ?? []).map((w) => {
  // the config's own warnings (a pair of template files one apart in letter case, no config found): an annotation each, at
  // the config's key when placed; first, since GitHub shows only the first 10 warning annotations of a step
  const props = [
    ...(w.file !== undefined ? [`file=${asIdentifier(escapeProperty(repoRelative(w.file, ctx) ?? absolutePath(w.file, ctx)))}`, `line=${w.line ?? 1}`, `col=${w.column ?? 1}`] : []),
    `title=${escapeProperty('tplsync config')}`,
  ].join(',');
  return `::warning ${props}::${escapeData(w.message)}\n`;
}).join('') + ((over) => (over ? `::error title=${escapeProperty('tplsync max-warnings')}::${escapeData(`${over}: lint fails`)}\n` : ''))(overMaxWarnings(diags, ctx)) + diags.map((d) => {
  const props = [
    `file=${asIdentifier(escapeProperty(repoRelative(d.file, ctx) ?? absolutePath(d.file, ctx)))}`, `line=${d.line}`, `col=${d.column}`, `endLine=${d.endLine}`, `endColumn=${d.endColumn}`,
    `title=${escapeProperty(`tplsync ${d.ruleId}`)}`,
  ].join(',');
  return `::${COMMAND[d.severity]} ${props}::${escapeData(d.message)}\n`;
}).join('');
