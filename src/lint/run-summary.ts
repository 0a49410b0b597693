// Effects: the whole run's answer, kept beside the lint cache (`lint --cache`). When the files
// (by path, size, mtime and inode), tplsync's code and schema (fingerprint.ts) and the settings
// that shape the report are all what they were, the final findings are reused without loading
// the per-file cache, the rules or the linter at all: a run with nothing changed costs a stat
// per file. Written only when every file was cacheable and none was modified within RACY_MS of
// the recording (an mtime that recent cannot prove a file unchanged, as git's racy-file rule has it).
// A run whose verdicts compared templates with the clock (an expiry time) is kept until the
// earliest instant one of them can change (`until`), judged by the run's clock.
import { existsSync, statSync } from 'node:fs';
import { isDiagnostic, type Diagnostic } from '../core/diagnostic.js';
import { createHash } from 'node:crypto';
import { writeFileAtomic } from '../files/write.js';
import { redact } from '../core/redact.js';
import { rulesFingerprint } from './fingerprint.js';
import { MAX_DATA_FILE_BYTES, readRegularFile } from '../core/read-regular.js';

/** how close to the recording time an mtime must be to be distrusted */
export const RACY_MS = 1000;

/**
 * What the cache trusts of a file's stat. The ctime too, as git does: an edit whose mtime was set
 * back (`touch -r`, some tools) still moves the ctime, which nobody can set.
 */
export interface FileStat { size: number; mtimeMs: number; ctimeMs: number; ino: number }

export const sameStat = (a: FileStat, b: FileStat): boolean => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** One stat per file (undefined when it cannot be stat'ed); only the three numbers are kept. */
export function statFiles(abs: readonly string[]): (FileStat | undefined)[] {
  const out: (FileStat | undefined)[] = new Array(abs.length);
  for (let i = 0; i < abs.length; i++) {
    const st = statSync(abs[i]!, { throwIfNoEntry: false });
    out[i] = st ? { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino } : undefined;
  }
  return out;
}

export interface RunSummary {
  key: string;
  diagnostics: Diagnostic[];
  /** the answer holds until this instant (ms since the epoch); absent: whenever lint runs */
  until?: number;
}

/** whether an answer that holds until `until` still holds at `now` */
export const holds = (until: unknown, now: number): boolean => until === undefined || (typeof until === 'number' && now < until);

/** the earliest of the instants until which each of these verdicts holds (undefined: no limit) */
export function earliestUntil(results: readonly { until?: number }[]): number | undefined {
  let until = Infinity;
  for (const r of results) if (r.until !== undefined && r.until < until) until = r.until;
  return until < Infinity ? until : undefined;
}

/**
 * The key of a run: the code, the settings, and every file's path and stat; undefined when a
 * file has no stat. The stats go in as raw numbers (no text to build for 10,000 files).
 */
export function runKey(settings: unknown, abs: readonly string[], stats: readonly (FileStat | undefined)[]): string | undefined {
  const numbers = statNumbers(stats);
  // a path cannot hold a NUL, so the paths cannot run into each other
  return numbers && createHash('sha256').update(`${rulesFingerprint()}\n${JSON.stringify(settings)}\n`).update(abs.join('\0')).update(numbers).digest('hex');
}

/** The stats as raw numbers (size, mtime, ctime, inode of each: no text to build for 10,000 files); undefined when a file has no stat. */
export function statNumbers(stats: readonly (FileStat | undefined)[]): Uint8Array | undefined {
  const numbers = new Float64Array(stats.length * 4);
  for (let i = 0; i < stats.length; i++) {
    const st = stats[i];
    if (!st) return undefined;
    numbers[4 * i] = st.size;
    numbers[4 * i + 1] = st.mtimeMs;
    numbers[4 * i + 2] = st.ctimeMs;
    numbers[4 * i + 3] = st.ino;
  }
  return new Uint8Array(numbers.buffer);
}

/** whether no file was modified so recently that its mtime cannot prove it unchanged */
export function settled(stats: readonly (FileStat | undefined)[], at = Date.now()): boolean {
  return stats.every((st) => st !== undefined && st.mtimeMs < at - RACY_MS);
}

export function loadSummary(file: string, key: string, now: number = Date.now()): Omit<RunSummary, 'key'> | undefined {
  try {
    if (!existsSync(file)) return undefined;
    const s = JSON.parse(readRegularFile(file, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'a lint cache' }).toString('utf8')) as RunSummary; // a FIFO or a device: none kept
    return s && s.key === key && holds(s.until, now) && Array.isArray(s.diagnostics) && s.diagnostics.every(isDiagnostic) ? { diagnostics: s.diagnostics, ...(s.until !== undefined ? { until: s.until } : {}) } : undefined;
  } catch { return undefined; }
}

export function saveSummary(file: string, summary: RunSummary): void {
  const text = JSON.stringify(summary);
  // a run whose findings quote a secret is not kept (neither redacted nor in the clear)
  if (redact(text) !== text) return;
  writeFileAtomic(file, text, { verbatim: true });
}

/** A report rendered from a kept run, with what the exit code needs. */
export interface RenderedReport {
  text: string;
  errors: number;
  warnings: number;
  /** the report holds until this instant (ms since the epoch), as the run it renders (RunSummary.until) */
  until?: number;
  /** what the bin needs to give this report again without loading the linter (replay.ts), as recorded */
  replay?: unknown;
}

/** The header line of a kept report's file, and the text after it; undefined when the file is none of ours whole. */
export function readRendered(file: string): { head: Record<string, unknown>; text: string } | undefined {
  try {
    if (!existsSync(file)) return undefined;
    const all = readRegularFile(file, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'a lint cache' }).toString('utf8');
    const nl = all.indexOf('\n');
    if (nl < 0) return undefined;
    const head = JSON.parse(all.slice(0, nl)) as unknown;
    const text = all.slice(nl + 1);
    // the length catches a file cut short
    if (!head || typeof head !== 'object' || Array.isArray(head) || (head as { length?: unknown }).length !== text.length) return undefined;
    return { head: head as Record<string, unknown>, text };
  } catch { return undefined; }
}

/**
 * The report last rendered from the kept run, when the run's key and the rendering's settings
 * (format, colour, paths, version: `renderKey`) are both what they were: the findings need not
 * be read nor formatted again. Kept in one file beside the run: a header line, then the text.
 */
export function loadRendered(file: string, key: string, renderKey: string, now: number = Date.now()): RenderedReport | undefined {
  const r = readRendered(file);
  if (!r) return undefined;
  const { head, text } = r;
  if (head.key !== key || head.renderKey !== renderKey || typeof head.errors !== 'number' || typeof head.warnings !== 'number' || !holds(head.until, now)) return undefined;
  return { text, errors: head.errors, warnings: head.warnings, ...(typeof head.until === 'number' ? { until: head.until } : {}), ...(head.replay !== undefined ? { replay: head.replay } : {}) };
}

export function saveRendered(file: string, key: string, renderKey: string, r: RenderedReport): void {
  writeFileAtomic(file, `${JSON.stringify({ key, renderKey, errors: r.errors, warnings: r.warnings, length: r.text.length, ...(r.until !== undefined ? { until: r.until } : {}), ...(r.replay !== undefined ? { replay: r.replay } : {}) })}\n${r.text}`, { verbatim: true });
}
