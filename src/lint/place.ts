// Effects (reads files): gives the findings of the project-level passes (language variants,
// team policies) their exact spans. Those passes work on facts and plain values, so a file is
// read and parsed with positions again only when it has such a finding (rare: clean files never are).
import type { Diagnostic, Severity } from '../core/diagnostic.js';
import { readTemplateFile } from '../files/load.js';
import { locate, locateRange, type Path } from '../files/locate.js';
import { parseTemplateText, type ParsedFile } from '../files/parse.js';
import type { ReportOptions } from './rule.js';

export interface ProjectFinding extends ReportOptions { file: string; abs: string; ruleId: string; path: Path; message: string; severity: Severity }

/** `textOf`: a file's text when it is not what is on disk (the language server's open documents) */
export function placeFindings(findings: readonly ProjectFinding[], textOf?: (abs: string) => string | undefined): Diagnostic[] {
  const parsed = new Map<string, ParsedFile | undefined>();
  const parse = (f: ProjectFinding): ParsedFile | undefined => {
    if (!parsed.has(f.abs)) {
      const own = textOf?.(f.abs);
      if (own !== undefined) { parsed.set(f.abs, parseTemplateText(f.file, own.replace(/^\uFEFF/, ''))); return parsed.get(f.abs); }
      const r = readTemplateFile(f.file, f.abs);
      parsed.set(f.abs, r.bytes ? parseTemplateText(f.file, Buffer.from(r.bytes).toString('utf8').replace(/^\uFEFF/, '')) : undefined);
    }
    return parsed.get(f.abs);
  };
  return findings.map((x) => {
    const p = parse(x);
    const span = !p ? { line: 1, column: 1, endLine: 1, endColumn: 1 }
      : x.at && typeof valueAt(p.value, x.path) === 'string' ? locateRange(p, x.path, valueAt(p.value, x.path) as string, x.at.start, x.at.end) : locate(p, x.path, x.part ?? 'value');
    return { file: x.file, ...span, ruleId: x.ruleId, severity: x.severity, message: x.message };
  });
}

function valueAt(v: unknown, path: Path): unknown {
  let cur = v;
  for (const seg of path) cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
  return cur;
}
