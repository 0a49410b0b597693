// Effects: `tplsync lint --fix`: the files of a lint run with repairable findings are read again
// (bounded, strict UTF-8), repaired (fix.ts) and written atomically; a file lint rejects for its
// encoding, size or syntax, with aliases, or read-only, is left byte-identical and said. Each
// file is linted again from the bytes read now, so a repair always starts from what is on disk. The same
// repairs worked out in memory count what lint --fix would repair of a stopped command's errors (repairedErrors).
import { asIdentifier } from '../core/redact.js';
import { isUtf8 } from 'node:buffer';
import { lstatSync } from 'node:fs';
import type { Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { readTemplateFile } from '../files/load.js';
import { CHANGED_WHILE_RUNNING, FileChanged, writeFileAtomic } from '../files/write.js';
import { finishProject, lintBytes } from './engine.js';
import { fixFileText, isRepairable, REFUSING_RULES, type FixOutcome } from './fix.js';
import path from 'node:path';
import { RULES_BY_ID } from './registry.js';
import { addSampleStubs, SAMPLE_STUB } from './rules/repairs.js';
import { projectOptions, type LintOutcome } from './lint-files.js';
import { onHardStop } from '../core/interrupt.js';
import { loadPolicies } from './policies.js';
import { io } from '../core/io.js';

export interface FileFix {
  file: string;
  /** by rule id: the findings the repairs removed (written) */
  fixed: Record<string, number>;
  /** why repairable findings of the file were left (none: what is left has no certain repair, and needs a human) */
  left?: string;
  /** how many stub samples (TODO) the repairs wrote, each still to be given a real value */
  stubs?: number;
  /** why a repair left findings that name their fix (fix.ts FixOutcome.heldBack) */
  heldBack?: string[];
}

/** Repairs the repairable findings of a finished lint run in place; one entry per file that had findings, repairable or not. */
export function fixRun(config: Config, run: LintOutcome, cwd: string, now: Date): FileFix[] {
  const { popts, byFile } = prepared(config, run, cwd);
  const out: FileFix[] = [];
  for (const f of run.files) { const x = fixOne(f, byFile.get(f.file) ?? [], popts, now); if (x) out.push(x); }
  return out;
}

/**
 * fixRun that a signal stops between two files (each file is written whole, or not at all): a
 * Ctrl-C during a fix of many files stops it, and says how far it came, instead of being seen only
 * once every file was rewritten. `notLookedAt`: the files of the run not reached.
 */
export async function fixRunUntil(config: Config, run: LintOutcome, cwd: string, now: Date, signal: AbortSignal): Promise<{ fixes: FileFix[]; notLookedAt: number }> {
  const { popts, byFile } = prepared(config, run, cwd);
  const out: FileFix[] = [];
  // a second signal ends the process at once: how far the repairs came is said then too
  const said = onHardStop(() => {
    const n = out.filter((f) => Object.keys(f.fixed).length).length;
    io().stderr.write(`tplsync: lint --fix stopped at once: ${n} file${n === 1 ? '' : 's'} repaired so far, each whole; the others as they were\n`);
  });
  try { return await fixLoop(); } finally { said(); }
  async function fixLoop(): Promise<{ fixes: FileFix[]; notLookedAt: number }> {
    for (let i = 0; i < run.files.length; i++) {
      // the event loop turns every 16 files, so that a signal is seen
      if ((i & 15) === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal.aborted) return { fixes: out, notLookedAt: run.files.length - i };
      const f = run.files[i]!;
      const x = fixOne(f, byFile.get(f.file) ?? [], popts, now);
      if (x) out.push(x);
    }
    return { fixes: out, notLookedAt: 0 };
  }
}

function prepared(config: Config, run: LintOutcome, cwd: string): { popts: ReturnType<typeof projectOptions>; byFile: Map<string, Diagnostic[]> } {
  const popts = projectOptions(config, cwd, run.rules);
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of run.diagnostics) { const l = byFile.get(d.file); if (l) l.push(d); else byFile.set(d.file, [d]); }
  return { popts, byFile };
}

/**
 * one file's repairs, written; undefined when it has no finding. A file whose findings have no repair
 * is an entry too, with nothing fixed and no reason (fixReport: they need a human): a file left out
 * here was left out of the report, as if lint --fix had not seen it.
 */
function fixOne(f: LintOutcome['files'][number], diags: readonly Diagnostic[], popts: ReturnType<typeof projectOptions>, now: Date): FileFix | undefined {
  if (diags.length === 0) return undefined;
  const m = repairInMemory(f, diags, popts, now);
  if (m === 'no repair') return { file: f.file, fixed: {} };
  if ('left' in m) return { file: f.file, fixed: {}, left: m.left };
  const { read, text, r, findings } = m;
  const heldBack = r.heldBack ? { heldBack: r.heldBack } : {};
  if (r.text === text) return !m.quotable || diags.some((d) => isRepairable(d)) ? { file: f.file, fixed: {}, left: NOT_CERTAIN, ...heldBack } : { file: f.file, fixed: {} };
  let mode = 0o644;
  try { mode = lstatSync(f.abs).mode; } catch { /* gone: the write reports it */ }
  if ((mode & 0o222) === 0) return { file: f.file, fixed: {}, left: 'not touched: it is read-only' };
  // only over the bytes read: an edit saved while the repairs were made is kept, and said
  try { writeFileAtomic(f.abs, r.text, { verbatim: true, expect: read.bytes }); } catch (e) {
    if (e instanceof FileChanged) return { file: f.file, fixed: {}, left: CHANGED_WHILE_RUNNING };
    return { file: f.file, fixed: {}, left: `not written: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
  }
  // the findings left that a next run would repair (none when it would change nothing): a repairable rule's finding
  // that its repair declines (not certain) is no repair waiting
  const again = r.left.some((d) => isRepairable(d)) ? fixFileText(r.text, { findings, now, file: f.file }) : undefined;
  const still = again && again.text !== r.text ? Object.values(again.fixed).reduce((a, b) => a + b, 0) : 0;
  return { file: f.file, fixed: r.fixed, ...(still ? { left: `${still} repairable finding${still === 1 ? '' : 's'} left` } : {}), ...(r.stubs ? { stubs: r.stubs } : {}), ...heldBack };
}

/**
 * A file's repairs worked out in memory (nothing written): 'no repair' when none of its findings has one, `left` when
 * the file is not touched (and why), else the text read and the repaired outcome.
 */
function repairInMemory(f: Pick<LintOutcome['files'][number], 'file' | 'abs'>, diags: readonly Diagnostic[], popts: ReturnType<typeof projectOptions>, now: Date):
  'no repair' | { left: string } | { read: ReturnType<typeof readTemplateFile>; text: string; r: FixOutcome; findings: (t: string) => Diagnostic[]; quotable: boolean } {
  // a YAML error or schema finding may be a text that starts with a placeholder, unquoted: fixText tries quoting it
  const quotable = diags.some((d) => d.ruleId === 'yaml-syntax' || d.ruleId === 'schema');
  if (!quotable && !diags.some((d) => isRepairable(d))) return 'no repair';
  const refusing = diags.find((d) => REFUSING_RULES.has(d.ruleId) && d.ruleId !== 'yaml-syntax');
  if (refusing) return { left: `not touched: ${refusing.ruleId} at ${refusing.line}:${refusing.column}` };
  const read = readTemplateFile(f.file, f.abs);
  if (read.problem || !isUtf8(read.bytes) || read.bytes.indexOf(0) >= 0) return { left: 'not touched: it cannot be read as a UTF-8 text' };
  const text = Buffer.from(read.bytes).toString('utf8');
  const findings = (t: string): Diagnostic[] => finishProject([lintBytes(f.file, Buffer.from(t), { now })], { ...popts, partial: true }).filter((d) => d.file === f.file);
  // its byte-order mark and CRLF line ends kept (fixFileText)
  const r = fixFileText(text, { findings, now, file: f.file });
  if (r.refused) return { left: `not touched: ${r.refused}` };
  return { read, text, r, findings, quotable };
}

/**
 * How many of the errors among `diagnostics` (a stopped command's findings, plan's, types'...: files relative to `cwd`)
 * \`tplsync lint --fix\` repairs: each file with an error is repaired in memory as lint --fix repairs it (fixOne), nothing
 * written, and the errors its lint finds before less those after are counted. What a command's "fix the lint errors
 * first" advises rests on it: lint --fix when it repairs something, else lint.
 */
export async function repairedErrors(config: Config, diagnostics: readonly Diagnostic[], cwd: string, now: Date): Promise<number> {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) { const l = byFile.get(d.file); if (l) l.push(d); else byFile.set(d.file, [d]); }
  const errors = (found: readonly Diagnostic[]) => found.filter((d) => d.severity === 'error').length;
  const withErrors = [...byFile].filter(([, ds]) => errors(ds) > 0 && ds.some((d) => isRepairable(d) || d.ruleId === 'yaml-syntax' || d.ruleId === 'schema'));
  if (!withErrors.length) return 0;
  // the project's own rules (team policies, plugins) take part, as in the lint the command ran
  const own = config.policies?.length ? (await loadPolicies(config)).rules : [];
  const popts = projectOptions(config, cwd, own);
  let repaired = 0;
  for (const [file, ds] of withErrors) {
    const m = repairInMemory({ file, abs: path.resolve(cwd, file) }, ds, popts, now);
    if (m === 'no repair' || 'left' in m || m.r.text === m.text) continue;
    repaired += Math.min(errors(ds), Math.max(0, errors(m.findings(m.text)) - errors(m.r.left)));
  }
  return repaired;
}

/**
 * Pure: the repairs as the lint after them (`after`, from the files as written) shows them: a
 * rule's count of a file is what the lint before (`before`) found of it there less what is found
 * now, never more than the repair counted; a finding the repair was to remove and the lint still
 * finds is said in `left`. The report then says what the files on disk show, not what the repair
 * meant to do (trial-ad F16).
 */
export function verifiedFixes(fixes: readonly FileFix[], before: readonly Diagnostic[], after: readonly Diagnostic[]): FileFix[] {
  const count = (ds: readonly Diagnostic[]) => {
    const m = new Map<string, number>();
    for (const d of ds) { const k = `${d.file}\0${d.ruleId}`; m.set(k, (m.get(k) ?? 0) + 1); }
    return m;
  };
  const was = count(before), now = count(after);
  return fixes.map((f) => {
    const fixed: Record<string, number> = {};
    const short: string[] = [];
    for (const [id, n] of Object.entries(f.fixed)) {
      const k = `${f.file}\0${id}`;
      const gone = Math.max(0, (was.get(k) ?? 0) - (now.get(k) ?? 0));
      if (Math.min(n, gone) > 0) fixed[id] = Math.min(n, gone);
      if (gone < n) short.push(`${id}: ${n - gone} of the ${n} repaired still found`);
    }
    if (!short.length) return f;
    const left = [f.left, `${short.join(', ')} after the write`].filter(Boolean).join('; ');
    return { ...f, fixed, left };
  });
}

const NOT_CERTAIN = 'no repair was certain';

/**
 * The rules whose repair writes stub samples (TODO): each stub takes a finding of the rule away and
 * leaves a sample-stub error in its place, a finding moved for a person to finish, not one fixed.
 */
const STUBBING: readonly string[] = [...RULES_BY_ID.values()].filter((r) => r.repair === addSampleStubs).map((r) => r.id);

/**
 * The lines `lint --fix` writes to stderr: what it changed, file by file (the findings it fixed, the
 * stub samples it added for a person to fill in), and why it left what it could not repair: the
 * file's reason (not touched, not written, ...), a repair's reason for a finding that names its fix
 * (`not repaired: ...`), a rule whose findings --fix never repairs. The findings left are not listed
 * here: the report after these lines gives each of them (trial-bg F7: every one was said twice).
 * The summary counts the fixed findings apart from the stubs: a finding a stub took away is still
 * to be done (a sample-stub error), not fixed. `remaining`: the findings of the lint after the
 * repairs (none known: only the reasons are said).
 */
export function fixReport(fixes: readonly FileFix[], remaining: readonly Diagnostic[]): string {
  const lines: string[] = [];
  let total = 0;
  let stubs = 0;
  let files = 0;
  const open = new Map<string, Set<string>>();
  for (const d of remaining) (open.get(d.file) ?? open.set(d.file, new Set()).get(d.file)!).add(d.ruleId);
  const listed = new Set(fixes.map((f) => f.file));
  // a file with findings only after the repairs (another file's repair, an environment's values): its reasons said too
  const all = [...fixes, ...[...open.keys()].filter((file) => !listed.has(file)).map((file): FileFix => ({ file, fixed: {} }))];
  for (const f of all) {
    // the findings a stub took away are not fixed: a stub is one placeholder's sample, as one finding was
    let stubbed = f.stubs ?? 0;
    const fixed: [string, number][] = [];
    for (const [id, n] of Object.entries(f.fixed)) {
      const moved = STUBBING.includes(id) ? Math.min(n, stubbed) : 0;
      stubbed -= moved;
      if (n - moved > 0) fixed.push([id, n - moved]);
    }
    const count = fixed.reduce((a, [, n]) => a + n, 0);
    total += count;
    stubs += f.stubs ?? 0;
    if (count || f.stubs) files++;
    // why what is left was left: the file's reason (none to say when no rule of its findings has a certain repair:
    // the report after these lines gives each finding), a repair's reason, a rule --fix never repairs
    const reason = f.left === NOT_CERTAIN ? undefined : f.left;
    const notRepaired = [...(open.get(f.file) ?? [])].flatMap((id) => { const why = RULES_BY_ID.get(id)?.notRepaired; return why ? [`${id}: ${why}`] : []; });
    const why = [...(f.heldBack ?? []), ...notRepaired];
    if (fixed.length) lines.push(`tplsync: fixed ${asIdentifier(f.file)}: ${fixed.map(([id, n]) => `${id} ${n}`).join(', ')}${reason ? ` (${reason})` : ''}`);
    else if (reason) lines.push(`tplsync: left ${asIdentifier(f.file)}: ${reason}`);
    if (f.stubs) lines.push(`tplsync: ${asIdentifier(f.file)}: added ${f.stubs === 1 ? 'a stub sample' : `${f.stubs} stub samples`} (${SAMPLE_STUB}) that need${f.stubs === 1 ? 's' : ''} a real value: write what the placeholder will hold (rule sample-stub reports ${f.stubs === 1 ? 'it' : 'them'} until then)`);
    if (why.length) lines.push(`tplsync: left ${asIdentifier(f.file)}: not repaired: ${why.join('; ')}`);
  }
  const added = stubs ? ` and ${stubs === 1 ? 'a stub sample' : `${stubs} stub samples`} (${SAMPLE_STUB}) added to fill in,` : '';
  lines.push(`tplsync: lint --fix: ${total} finding${total === 1 ? '' : 's'} fixed${added} in ${files} file${files === 1 ? '' : 's'}; ${remaining.length} finding${remaining.length === 1 ? '' : 's'} left`);
  return `${lines.join('\n')}\n`;
}
