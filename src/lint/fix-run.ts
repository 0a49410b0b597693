// Effects: `tplsync lint --fix`: the files of a lint run with repairable findings are read again
// (bounded, strict UTF-8), repaired (fix.ts) and written atomically; a file lint rejects for its
// encoding, size or syntax, with aliases, or read-only, is left byte-identical and said. Each
// file is linted again from the bytes read now, so a repair always starts from what is on disk.
import { isUtf8 } from 'node:buffer';
import { lstatSync } from 'node:fs';
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { readTemplateFile } from '../files/load.js';
import { writeFileAtomic } from '../files/write.js';
import { finishProject, lintBytes } from './engine.js';
import { fixFileText, isRepairable, REFUSING_RULES } from './fix.js';
import { SAMPLE_STUB } from './rules/repairs.js';
import { projectOptions, type LintOutcome } from './lint-files.js';

export interface FileFix {
  file: string;
  /** by rule id: the findings the repairs removed (written) */
  fixed: Record<string, number>;
  /** why repairable findings of the file were left */
  left?: string;
  /** how many stub samples (TODO) the repairs wrote, each still to be given a real value */
  stubs?: number;
}

/** Repairs the repairable findings of a finished lint run in place; one entry per file that had any. */
export function fixRun(config: Config, run: LintOutcome, cwd: string, now: Date): FileFix[] {
  const popts = projectOptions(config, cwd, run.rules);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of run.diagnostics) { const l = byFile.get(d.file); if (l) l.push(d); else byFile.set(d.file, [d]); }
  const out: FileFix[] = [];
  for (const f of run.files) {
    const diags = byFile.get(f.file) ?? [];
    // a YAML error or schema finding may be a text that starts with a placeholder, unquoted: fixText tries quoting it
    const quotable = diags.some((d) => d.ruleId === 'yaml-syntax' || d.ruleId === 'schema');
    if (!quotable && !diags.some((d) => isRepairable(d))) continue;
    const refusing = diags.find((d) => REFUSING_RULES.has(d.ruleId) && d.ruleId !== 'yaml-syntax');
    if (refusing) { out.push({ file: f.file, fixed: {}, left: `not touched: ${refusing.ruleId} at ${refusing.line}:${refusing.column}` }); continue; }
    const read = readTemplateFile(f.file, f.abs);
    if (read.problem || !isUtf8(read.bytes) || read.bytes.indexOf(0) >= 0) { out.push({ file: f.file, fixed: {}, left: 'not touched: it cannot be read as a UTF-8 text' }); continue; }
    const text = Buffer.from(read.bytes).toString('utf8');
    const findings = (t: string): Diagnostic[] => finishProject([lintBytes(f.file, Buffer.from(t), { now })], popts).filter((d) => d.file === f.file);
    // its byte-order mark and CRLF line ends kept (fixFileText)
    const r = fixFileText(text, { findings, now });
    if (r.refused) { out.push({ file: f.file, fixed: {}, left: `not touched: ${r.refused}` }); continue; }
    if (r.text === text) { if (!quotable || diags.some((d) => isRepairable(d))) out.push({ file: f.file, fixed: {}, left: 'no repair was certain' }); continue; }
    let mode = 0o644;
    try { mode = lstatSync(f.abs).mode; } catch { /* gone: the write reports it */ }
    if ((mode & 0o222) === 0) { out.push({ file: f.file, fixed: {}, left: 'not touched: it is read-only' }); continue; }
    try { writeFileAtomic(f.abs, r.text, { verbatim: true }); } catch (e) {
      out.push({ file: f.file, fixed: {}, left: `not written: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` });
      continue;
    }
    const still = r.left.filter((d) => isRepairable(d)).length;
    out.push({ file: f.file, fixed: r.fixed, ...(still ? { left: `${still} repairable finding${still === 1 ? '' : 's'} left` } : {}), ...(r.stubs ? { stubs: r.stubs } : {}) });
  }
  return out;
}

/** The lines `lint --fix` writes to stderr: what was fixed, per file, and what was left. */
export function fixReport(fixes: readonly FileFix[], remaining: readonly Diagnostic[]): string {
  const lines: string[] = [];
  let total = 0;
  for (const f of fixes) {
    const parts = Object.entries(f.fixed).map(([id, n]) => `${id} ${n}`);
    total += Object.values(f.fixed).reduce((a, b) => a + b, 0);
    if (parts.length) lines.push(`tplsync: fixed ${f.file}: ${parts.join(', ')}${f.left ? ` (${f.left})` : ''}`);
    else if (f.left) lines.push(`tplsync: left ${f.file}: ${f.left}`);
    if (f.stubs) lines.push(`tplsync: ${f.file}: added ${f.stubs === 1 ? 'a stub sample' : `${f.stubs} stub samples`} (${SAMPLE_STUB}) that need${f.stubs === 1 ? 's' : ''} a real value: write what the placeholder will hold (rule sample-stub reports ${f.stubs === 1 ? 'it' : 'them'} until then)`);
  }
  const files = fixes.filter((f) => Object.keys(f.fixed).length).length;
  lines.push(`tplsync: lint --fix: ${total} finding${total === 1 ? '' : 's'} fixed in ${files} file${files === 1 ? '' : 's'}; ${remaining.length} finding${remaining.length === 1 ? '' : 's'} left`);
  return `${lines.join('\n')}\n`;
}
