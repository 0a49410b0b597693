// Effects: the opt-in lint cache (`lint --cache`). A file whose stat (size, mtime, ctime, inode) is what
// it was when its result was recorded reuses that result without being read; a file whose stat
// moved is read and hashed, and reuses its result when the bytes hash the same. A file modified
// within a second of when its result was recorded is always hashed (its mtime cannot prove it
// unchanged, as git's racy-file rule has it). A result holds findings without severities: the
// severities (the config's, else the rules' defaults), directives and cross-file rules are
// applied afresh on every run (finish.ts). The cache is keyed to the code and the schema (fingerprint.ts),
// so a new tplsync never reuses an old verdict. A verdict that compared the template with the clock
// (an expiry time) is kept until the instant it can change (FileResult.until), judged by the run's
// clock; never cached: a verdict that read the clock itself, and a kept value JSON cannot hold
// (.inf, .nan, -0). The whole run's answer is kept beside it (run-summary.ts).
import { existsSync } from 'node:fs';
import { sha256 } from '../core/hash.js';
import { writeFileAtomic } from '../files/write.js';
import { redact } from '../core/redact.js';
import type { FileResult } from './engine.js';
import { rulesFingerprint } from './fingerprint.js';
import { RACY_MS, sameStat, type FileStat } from './run-summary.js';
import { isFinding } from '../core/diagnostic.js';
import { MAX_DATA_FILE_BYTES, readRegularFile } from '../core/read-regular.js';

interface Entry extends FileStat { hash: string; recordedAt: number; result: FileResult }
interface CacheFile { fingerprint: string; entries: Record<string, Entry> }

const relabel = (r: FileResult, display: string): FileResult => ({ ...r, file: display, diagnostics: r.diagnostics.map((d) => ({ ...d, file: display })) });

export class LintCache {
  private readonly entries: CacheFile['entries'];
  private dirty = false;
  hits = 0;
  /** hits proven by stat alone, without reading the file */
  statHits = 0;

  /** the run's clock (ms since the epoch): a verdict held until an instant it has reached is stale */
  private constructor(private readonly file: string, entries: CacheFile['entries'], private readonly now: number, private readonly fingerprint: string) { this.entries = entries; }

  /** `enable`: the rules off by default that this run turns on (they change what a file's result holds) */
  static load(file: string, now: number = Date.now(), enable: readonly string[] = []): LintCache {
    const fingerprint = enable.length ? `${rulesFingerprint()}+${[...enable].sort().join(',')}` : rulesFingerprint();
    try {
      if (existsSync(file)) {
        const c = JSON.parse(readRegularFile(file, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'a lint cache' }).toString('utf8')) as CacheFile; // a FIFO or a device: no cache
        if (c && c.fingerprint === fingerprint && c.entries && typeof c.entries === 'object' && !Array.isArray(c.entries)) return new LintCache(file, c.entries, now, fingerprint);
      }
    } catch { /* a damaged cache is an empty one */ }
    return new LintCache(file, {}, now, fingerprint);
  }

  static hash(bytes: Uint8Array): string { return sha256(bytes); }

  /** the file's entry, when it has the shape this module writes (a damaged entry is no entry) */
  private entry(abs: string): Entry | undefined {
    const e = Object.hasOwn(this.entries, abs) ? this.entries[abs] : undefined;
    return e && typeof e === 'object' && typeof e.hash === 'string' && typeof e.recordedAt === 'number' && isFileResult(e.result)
      && (e.result.until === undefined || this.now < e.result.until) ? e : undefined;
  }

  /** the cached result when the file's stat proves it unchanged (nothing is read) */
  byStat(abs: string, st: FileStat, display: string): FileResult | undefined {
    const e = this.entry(abs);
    if (!e || !sameStat(e, st) || st.mtimeMs >= e.recordedAt - RACY_MS) return undefined;
    this.hits++;
    this.statHits++;
    return relabel(e.result, display);
  }

  /** the cached result for these bytes, relabelled for the file's display path; the entry takes the new stat */
  get(abs: string, hash: string, display: string, st?: FileStat): FileResult | undefined {
    const e = this.entry(abs);
    if (!e || e.hash !== hash) return undefined;
    this.hits++;
    // the bytes are proven the same now: record the stat, so that the next run need not read them
    if (st && (!sameStat(e, st) || (st.mtimeMs >= e.recordedAt - RACY_MS && Date.now() > st.mtimeMs + RACY_MS))) {
      this.entries[abs] = { ...e, ...st, recordedAt: Date.now() };
      this.dirty = true;
    }
    return relabel(e.result, display);
  }

  set(abs: string, hash: string, result: FileResult, st?: FileStat): void {
    if ((result.until !== undefined && !(this.now < result.until)) || result.diagnostics.some((d) => d.ruleId === 'file-unreadable') || (result.value !== undefined && !jsonSafe(result.value))) {
      // an entry of the file's earlier bytes must not make the run look wholly cached (hasAll)
      if (Object.hasOwn(this.entries, abs)) { delete this.entries[abs]; this.dirty = true; }
      return;
    }
    const { hash: _h, ...kept } = result;
    this.entries[abs] = { hash, ...(st ?? { size: -1, mtimeMs: -1, ctimeMs: -1, ino: -1 }), recordedAt: Date.now(), result: kept };
    this.dirty = true;
  }

  /** whether every one of these files has a result here (none was left out, e.g. for an expiry time) */
  hasAll(abs: readonly string[]): boolean {
    return abs.every((a) => this.entries[a] !== undefined);
  }

  /** forget files that are gone, and write the cache if anything changed */
  save(keep: ReadonlySet<string>): void {
    for (const k of Object.keys(this.entries)) if (!keep.has(k)) { delete this.entries[k]; this.dirty = true; }
    if (!this.dirty) return;
    const text = JSON.stringify({ fingerprint: this.fingerprint, entries: this.entries } satisfies CacheFile);
    // a verdict that quotes a secret of this run is not kept at all: kept redacted, a later run
    // without that secret would show it redacted; kept as it is, the secret would be on disk
    if (redact(text) !== text) return;
    writeFileAtomic(this.file, text, { verbatim: true });
  }
}

/** whether JSON keeps the value as it is (no Infinity, NaN or -0 among its numbers) */
function jsonSafe(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonSafe);
  if (v && typeof v === 'object') return Object.values(v).every(jsonSafe);
  return true;
}

/** whether a cached result has the shape the linter gives (a hand-edited or damaged cache may not) */
function isFileResult(r: unknown): r is FileResult {
  const x = r as FileResult | null;
  return !!x && typeof x === 'object' && typeof x.file === 'string' && Array.isArray(x.diagnostics) && x.diagnostics.every(isFinding)
    && Array.isArray(x.directives) && !!x.facts && typeof x.facts === 'object' && (x.until === undefined || typeof x.until === 'number');
}
