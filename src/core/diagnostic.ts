// The one finding type every stage reports: loading, schema, rules, directives, cross-file.
export type Severity = 'error' | 'warning' | 'info';
export type SeveritySetting = Severity | 'off';

export interface Diagnostic {
  file: string;
  /** 1-based */
  line: number;
  /** 1-based, in UTF-16 code units like every editor */
  column: number;
  endLine: number;
  endColumn: number;
  ruleId: string;
  severity: Severity;
  message: string;
}

/**
 * A finding before its run is finished: where, which rule, what; no severity. The severity of
 * every finding is decided once, when the run is finished (src/lint/finish.ts): the config's for
 * its rule, else the rule's default.
 */
export type Finding = Omit<Diagnostic, 'severity'>;

export interface Span { line: number; column: number; endLine: number; endColumn: number }

export const FILE_START: Span = { line: 1, column: 1, endLine: 1, endColumn: 1 };

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1
    : a.line - b.line || a.column - b.column || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
    || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
}

/** How many findings of each severity, over how many files. */
export function summarize(diags: readonly Diagnostic[], fileCount: number): { files: number; errors: number; warnings: number; infos: number } {
  let errors = 0, warnings = 0, infos = 0;
  for (const d of diags) d.severity === 'error' ? errors++ : d.severity === 'warning' ? warnings++ : infos++;
  return { files: fileCount, errors, warnings, infos };
}

/** whether a value read back from a file (the lint cache) has the shape of a Finding */
export function isFinding(d: unknown): d is Finding {
  const x = d as Finding | null;
  return !!x && typeof x === 'object' && typeof x.file === 'string' && typeof x.ruleId === 'string' && typeof x.message === 'string'
    && Number.isInteger(x.line) && Number.isInteger(x.column) && Number.isInteger(x.endLine) && Number.isInteger(x.endColumn);
}

/** whether a value read back from a file (the kept run) has the shape of a Diagnostic */
export function isDiagnostic(d: unknown): d is Diagnostic {
  const x = d as Diagnostic | null;
  return isFinding(x) && (x.severity === 'error' || x.severity === 'warning' || x.severity === 'info');
}
