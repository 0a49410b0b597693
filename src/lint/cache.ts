// Effects: the opt-in lint cache (`lint --cache`). A file whose stat (size, mtime, inode) is what
// it was when its result was recorded reuses that result without being read; a file whose stat
// moved is read and hashed, and reuses its result when the bytes hash the same. A file modified
// within a second of when its result was recorded is always hashed (its mtime cannot prove it
// unchanged, as git's racy-file rule has it). Configured severities, directives and cross-file
// rules are applied afresh on every run. The cache is keyed to the code and the schema (fingerprint.ts),
// so a new tplsync never reuses an old verdict; files with an EXPIRE_TIME (whose verdict depends
// on the clock) are never cached. The whole run's answer is kept beside it (run-summary.ts).
import { existsSync, readFileSync } from 'node:fs';
import { sha256 } from '../model/hash.js';
import { writeFileAtomic } from '../files/write.js';
import type { FileResult } from './engine.js';
import { rulesFingerprint } from './fingerprint.js';
import { RACY_MS, type FileStat } from './run-summary.js';

interface Entry { hash: string; size: number; mtimeMs: number; ino: number; recordedAt: number; result: FileResult }
interface CacheFile { fingerprint: string; entries: Record<string, Entry> }

const relabel = (r: FileResult, display: string): FileResult => ({ ...r, file: display, diagnostics: r.diagnostics.map((d) => ({ ...d, file: display })) });

export class LintCache {
  private readonly entries: CacheFile['entries'];
  private dirty = false;
  hits = 0;
  /** hits proven by stat alone, without reading the file */
  statHits = 0;

  private constructor(private readonly file: string, entries: CacheFile['entries']) { this.entries = entries; }

  static load(file: string): LintCache {
    try {
      if (existsSync(file)) {
        const c = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
        if (c && c.fingerprint === rulesFingerprint() && c.entries && typeof c.entries === 'object') return new LintCache(file, c.entries);
      }
    } catch { /* a damaged cache is an empty one */ }
    return new LintCache(file, {});
  }

  static hash(bytes: Uint8Array): string { return sha256(bytes); }

  /** the cached result when the file's stat proves it unchanged (nothing is read) */
  byStat(abs: string, st: FileStat, display: string): FileResult | undefined {
    const e = this.entries[abs];
    if (!e || e.size !== st.size || e.mtimeMs !== st.mtimeMs || e.ino !== st.ino || st.mtimeMs >= e.recordedAt - RACY_MS) return undefined;
    this.hits++;
    this.statHits++;
    return relabel(e.result, display);
  }

  /** the cached result for these bytes, relabelled for the file's display path; the entry takes the new stat */
  get(abs: string, hash: string, display: string, st?: FileStat): FileResult | undefined {
    const e = this.entries[abs];
    if (!e || e.hash !== hash) return undefined;
    this.hits++;
    // the bytes are proven the same now: record the stat, so that the next run need not read them
    if (st && (e.size !== st.size || e.mtimeMs !== st.mtimeMs || e.ino !== st.ino || (st.mtimeMs >= e.recordedAt - RACY_MS && Date.now() > st.mtimeMs + RACY_MS))) {
      this.entries[abs] = { ...e, size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, recordedAt: Date.now() };
      this.dirty = true;
    }
    return relabel(e.result, display);
  }

  set(abs: string, hash: string, bytes: Uint8Array, result: FileResult, st?: FileStat): void {
    if (result.diagnostics.some((d) => d.ruleId === 'file-unreadable') || Buffer.from(bytes).includes('EXPIRE_TIME')) return;
    const { hash: _h, ...kept } = result;
    this.entries[abs] = { hash, size: st?.size ?? -1, mtimeMs: st?.mtimeMs ?? -1, ino: st?.ino ?? -1, recordedAt: Date.now(), result: kept };
    this.dirty = true;
  }

  /** whether every one of these files has a result here (none was left out, e.g. for an EXPIRE_TIME) */
  hasAll(abs: readonly string[]): boolean {
    return abs.every((a) => this.entries[a] !== undefined);
  }

  /** forget files that are gone, and write the cache if anything changed */
  save(keep: ReadonlySet<string>): void {
    for (const k of Object.keys(this.entries)) if (!keep.has(k)) { delete this.entries[k]; this.dirty = true; }
    if (this.dirty) writeFileAtomic(this.file, JSON.stringify({ fingerprint: rulesFingerprint(), entries: this.entries } satisfies CacheFile));
  }
}
