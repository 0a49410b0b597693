// Effects: the opt-in lint cache (`lint --cache`). A file whose bytes hash the same as last time
// reuses its per-file result; configured severities, directives and cross-file rules are
// applied afresh on every run. The cache is keyed to the rules' code and the schema, so a new
// tplsync never reuses an old verdict; files with an EXPIRE_TIME (whose verdict depends on
// the clock) are never cached.
import { sha256 } from '../model/hash.js';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../files/write.js';
import type { FileResult } from './engine.js';
import { RULES } from './registry.js';
import { templateSchema } from '../schemas/template.js';
import { variantFacts } from './rules/variants.js';

interface CacheFile { fingerprint: string; entries: Record<string, { hash: string; result: FileResult }> }

let fp: string | undefined;
/** changes whenever a rule's code, its metadata or the schema changes */
export function rulesFingerprint(): string {
  fp ??= sha256(JSON.stringify([RULES.map((r) => [r.id, r.severity, r.check?.toString() ?? '']), templateSchema(), variantFacts.toString()]));
  return fp;
}

export class LintCache {
  private readonly entries: CacheFile['entries'];
  private dirty = false;
  hits = 0;

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

  /** the cached result for these bytes, relabelled for the file's display path */
  get(abs: string, hash: string, display: string): FileResult | undefined {
    const e = this.entries[abs];
    if (!e || e.hash !== hash) return undefined;
    this.hits++;
    return { ...e.result, file: display, diagnostics: e.result.diagnostics.map((d) => ({ ...d, file: display })) };
  }

  set(abs: string, hash: string, bytes: Uint8Array, result: FileResult): void {
    if (result.diagnostics.some((d) => d.ruleId === 'file-unreadable') || Buffer.from(bytes).includes('EXPIRE_TIME')) return;
    this.entries[abs] = { hash, result };
    this.dirty = true;
  }

  /** forget files that are gone, and write the cache if anything changed */
  save(keep: ReadonlySet<string>): void {
    for (const k of Object.keys(this.entries)) if (!keep.has(k)) { delete this.entries[k]; this.dirty = true; }
    if (this.dirty) writeFileAtomic(this.file, JSON.stringify({ fingerprint: rulesFingerprint(), entries: this.entries } satisfies CacheFile));
  }
}
