// Effects (reads files): gives the findings of the project-level passes (language variants,
// team policies) their exact spans. Those passes work on facts and plain values, so a file is
// read and parsed with positions again only when it has such a finding (rare: clean files never are).
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { readTemplateFile } from '../files/load.js';
import { locate, locateInString, type Path } from '../files/locate.js';
import { parseTemplateText, type ParsedFile } from '../files/parse.js';
import type { ReportOptions } from './rule.js';

export interface ProjectFinding extends ReportOptions { file: string; abs: string; ruleId: string; path: Path; message: string; severity: Severity }

export function placeFindings(findings: readonly ProjectFinding[]): Diagnostic[] {
  const parsed = new Map<string, ParsedFile | undefined>();
  const parse = (f: ProjectFinding): ParsedFile | undefined => {
    if (!parsed.has(f.abs)) {
      const r = readTemplateFile(f.file, f.abs);
      parsed.set(f.abs, r.bytes ? parseTemplateText(f.file, Buffer.from(r.bytes).toString('utf8').replace(/^\uFEFF/, '')) : undefined);
    }
    return parsed.get(f.abs);
  };
  return findings.map((x) => {
    const p = parse(x);
    const span = !p ? { line: 1, column: 1, endLine: 1, endColumn: 1 }
      : x.needle ? locateInString(p, x.path, x.needle, x.occurrence ?? 0) : locate(p, x.path, x.part ?? 'value');
    return { file: x.file, ...span, ruleId: x.ruleId, severity: x.severity, message: x.message };
  });
}
