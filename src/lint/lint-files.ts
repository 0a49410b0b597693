// Effects: lint a run's files: in this thread, or on worker threads for larger runs that need
// the full parse; then the project-level passes (language variants, team policies), configured
// severities and directives. With a cache (`lint --cache`), files whose stat or bytes are what
// they were reuse their results (cache.ts). The checks themselves are pure (engine.ts). run.ts
// loads this module only when the run's answer was not kept whole (run-summary.ts).
import { existsSync, readFileSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';
import type { Config } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { compareDiagnostics, type Diagnostic, type Finding } from '../core/diagnostic.js';
import type { FileEntry } from '../files/discover.js';
import { finishProject, parseStats, severityOf, withSeverities, type FileResult, type PathFinding, type ProjectOptions } from './engine.js';
import { Documents, placeFindings, type ProjectFinding } from './place.js';
import { loadPolicies, runPolicies, type LoadedPolicies } from './policies.js';
import { RETIRED_RULES, RULES, RULES_BY_ID, rulesOfRun } from './registry.js';
import type { Rule, RuleMeta } from './rule.js';
import { lintFile } from './run-file.js';
import { readAhead } from '../files/read-ahead.js';
import { anyRefused, isRefused } from '../files/refusals.js';
import { didYouMean } from '../core/suggest.js';
import path from 'node:path';
import { checkOverrideRuleIds, severitiesFor } from '../config/overrides.js';
import { LintCache } from './cache.js';
import { earliestUntil, saveSummary, settled, statFiles, type FileStat, type RenderedReport } from './run-summary.js';
import { io } from '../core/io.js';
import { templateValidator } from '../schemas/template.js';
import { append } from '../core/append.js';

export function projectOptions(config: Config, cwd: string = io().cwd(), own: readonly Rule[] = []): ProjectOptions {
  const ids = [...RULES_BY_ID.keys(), ...own.map((r) => r.id)];
  // every unknown id at once, each with its suggestion: a config with two typos is fixed in one round
  const unknown = Object.keys(config.rules).filter((id) => !ids.includes(id) && !RETIRED_RULES.has(id));
  if (unknown.length) {
    throw new UsageError(`rules: unknown rule id${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `'${id}'${didYouMean(id, ids).replace(/^; /, ' (').replace(/\?$/, '?)')}`).join(', ')} in ${config.file ?? 'the config'} (docs/rules.md lists them)`);
  }
  const envs = Object.values(config.environments);
  const opts: ProjectOptions = { severities: config.rules, ...(own.length ? { rules: new Map(own.map((r) => [r.id, r])) } : {}) };
  if (config.overrides?.length) {
    checkOverrideRuleIds(config.overrides, [...ids, ...RETIRED_RULES.keys()], config.file ?? 'the config');
    const forAbs = severitiesFor(config.rules, config.overrides, config.dir);
    opts.severitiesFor = (file) => forAbs(path.resolve(cwd, file));
  }
  if (envs.length > 0) {
    const aliases: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
    for (const e of envs) for (const a of Object.keys(e.channels)) (aliases[a] ??= []).push(e.name);
    const kinds: Record<string, 'whatsapp' | 'rcs'> = Object.create(null) as Record<string, 'whatsapp' | 'rcs'>;
    for (const [alias, c] of Object.entries(config.channels ?? {})) if (c.kind) kinds[alias] = c.kind;
    // a channel's id -> the alias an environment gives it: a file that names the channel by its id is the alias's channel
    const ids: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const e of envs) for (const [a, id] of Object.entries(e.channels)) ids[String(id).toLowerCase()] ??= a;
    opts.channels = { environments: envs.map((e) => e.name), aliases, ids, ...(Object.keys(kinds).length ? { kinds } : {}) };
    const values: Record<string, { environment: string; names: ReadonlySet<string> }[]> = Object.create(null) as Record<string, { environment: string; names: ReadonlySet<string> }[]>;
    for (const e of envs) for (const a of Object.keys(e.channels)) (values[a] ??= []).push({ environment: e.name, names: new Set(Object.keys(e.values ?? {})) });
    opts.values = values;
  }
  return opts;
}

const BATCH = 64;
const workerFile = fileURLToPath(new URL('./worker.js', import.meta.url));

export interface LintRunOptions {
  now?: Date;
  /** the run's files are not all the project's (paths given): rules that judge what the project lacks (language-coverage) do not judge it */
  partial?: boolean;
  /** reuse the results of unchanged files from this cache file (`lint --cache`) */
  cacheFile?: string;
  /** worker threads to use when they pay off (default: the cores, at most 4) */
  workers?: number;
  /** 'auto' (default): a pool only when many files need the full parse; 'always': for tests */
  pool?: 'auto' | 'always' | 'never';
  /** keep each file's plain value and hash in its result (plan, types, send, preview) */
  keepValue?: boolean;
  /** with a cache: how the caller renders the report, to reuse the report it rendered last time (RenderedReport) */
  renderKey?: string;
  /** rules off by default that the config turns on (set by lintFound from the config) */
  enable?: readonly string[];
  /** the caller's report lists or links rules: give their metadata (LintOutcome.ruleMeta) even when the run's answer is kept whole */
  withRules?: boolean;
  /** facts the run may never read are worked out when read (FileLintOptions.lazyFacts): set by lintFound when no cache keeps them */
  lazyFacts?: boolean;
  /** a progress display for the files read (a bar on a terminal: lint, plan of a large project); shown from PROGRESS_MIN files */
  progress?: (label: string, total: number) => Promise<{ tick(): void; stop(): void }> | { tick(): void; stop(): void };
}

/** fewer files than this are read before a bar would be drawn */
const PROGRESS_MIN = 300;

/** The rules off by default (key-order) that the config's `rules` or an override turns on. */
export function enabledOffRules(config: Pick<Config, 'rules' | 'overrides'>): string[] {
  const on = (s: unknown): boolean => s !== undefined && s !== 'off';
  return [...RULES_BY_ID.values()].filter((r) => r.severity === 'off' && (on(config.rules[r.id]) || (config.overrides ?? []).some((o) => on(o.rules[r.id])))).map((r) => r.id).sort();
}

/** files linted in-process before deciding whether worker threads would pay off */
const PROBE = 400;
/** fewer remaining files than this never start a pool */
const POOL_MIN = 1000;
/** fewer files than this are read by the linting thread alone (read-ahead.ts) */
const READ_AHEAD_MIN = 2000;

/**
 * A lint of thousands of files is a short batch job that spends half its time before V8's
 * optimising compiler has caught up with the ~100 rules, the parser and the schema validator.
 * Without inlining that compiler finishes each function sooner, and the run is ~8% faster
 * (bench/lint.ts, docs/benchmarks.md). The flag is process-wide and read when a function is next
 * optimised, so it is set for the lint only and put back after it (what runs next, the TypeScript
 * compiler of `types` or the emulator, gets inlining again); a user's own setting is left alone,
 * and a Node that refuses the flag is left as it is.
 */
async function withBatchTuning<T>(files: number, work: () => Promise<T>): Promise<T> {
  const own = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => /turbo[-_]inlining/.test(a));
  if (files < READ_AHEAD_MIN || own) return work();
  const set = (flag: string): void => { try { setFlagsFromString(flag); } catch { /* not essential */ } };
  // the validator loaded first: V8 refuses code cache data made under other flags, and the bin's
  // cache of it (core/code-cache.ts) is made under the usual ones
  templateValidator();
  set('--no-turbo-inlining');
  try { return await work(); } finally { set('--turbo-inlining'); }
}

/**
 * Lints the files in order. Clean files take the fast path (~0.07 ms each), and so do most
 * files with findings (placed on the source text), where a pool would only cost its start-up
 * (~250 ms a worker) and the copying of results; files that need the full `yaml` parse (~0.3 ms
 * each: anchors, block scalars, flow collections with findings, syntax errors) pay for it, so
 * when a probe of the first files finds many of those, the rest go to workers.
 */
export async function lintEntries(entries: readonly FileEntry[], opts: LintRunOptions = {}, documents?: Documents): Promise<FileResult[]> {
  const now = opts.now ?? new Date();
  const cores = opts.workers ?? Math.min(availableParallelism(), 4);
  // workers read files themselves: none when discovery refused one (they would open it)
  const refusedAny = anyRefused(entries.map((e) => e.abs));
  const canPool = cores >= 2 && opts.pool !== 'never' && existsSync(workerFile) && !refusedAny;
  const keep = Boolean(opts.keepValue);
  const enable = opts.enable ?? [];
  const bar = opts.progress && entries.length >= PROGRESS_MIN ? await opts.progress('linting', entries.length) : undefined;
  try {
    return await lintEntriesWith(entries, opts, documents, now, cores, refusedAny, canPool, keep, enable, bar);
  } finally { bar?.stop(); }
}

async function lintEntriesWith(entries: readonly FileEntry[], opts: LintRunOptions, documents: Documents | undefined, now: Date, cores: number, refusedAny: boolean, canPool: boolean, keep: boolean, enable: readonly string[], bar: { tick(): void } | undefined): Promise<FileResult[]> {
  if (canPool && opts.pool === 'always') return runPool(entries, now, Math.min(cores, Math.ceil(entries.length / BATCH)), keep, enable, bar);
  const results: FileResult[] = [];
  const parsedBefore = parseStats.full;
  // the files' bytes read on another core, when there are many and nobody read them yet
  const ahead = cores >= 2 && opts.pool !== 'never' && entries.length >= READ_AHEAD_MIN && !entries.some((e) => e.bytes) && !refusedAny ? readAhead(entries.map((e) => e.abs)) : undefined;
  try {
  let yielded = performance.now();
  for (let i = 0; i < entries.length; i++) {
    // a long run lets the event loop deliver a signal now and then (Ctrl-C, SIGTERM: exit 130 / 143):
    // every 256 files, and between any two files once a tenth of a second went by (a few large files)
    if ((i & 255) === 255 || (i > 0 && performance.now() - yielded > 100)) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      yielded = performance.now();
    }
    let bytes = entries[i]!.bytes;
    if (ahead) {
      // every 64 files, the batches the worker sent in the meantime are taken in
      if ((i & 63) === 0) await ahead.arrived(i);
      bytes = ahead.bytes(i);
    }
    const r = lintFile(entries[i]!.file, entries[i]!.abs, now, bytes, keep, enable, documents, Boolean(opts.lazyFacts));
    results.push(r);
    bar?.tick();
    const rest = entries.length - i - 1;
    if (i + 1 === PROBE && canPool && rest >= POOL_MIN && (parseStats.full - parsedBefore) / PROBE > 0.2) {
      ahead?.close();
      const more = await runPool(entries.slice(i + 1), now, Math.min(cores, Math.ceil(rest / BATCH)), keep, enable, bar);
      return [...results, ...more];
    }
  }
  } finally { ahead?.close(); }
  return results;
}

function runPool(entries: readonly FileEntry[], now: Date, n: number, keepValue: boolean, enable: readonly string[], bar?: { tick(): void }): Promise<FileResult[]> {
  return new Promise((resolve, reject) => {
    const results: FileResult[] = new Array(entries.length);
    let next = 0;
    let done = 0;
    let failed = false;
    const workers: Worker[] = [];
    const feed = (w: Worker, slot: { start: number }): void => {
      if (next >= entries.length) { void w.terminate(); return; }
      slot.start = next;
      const batch = entries.slice(next, next + BATCH);
      next += batch.length;
      w.postMessage({ files: batch.map(({ file, abs }) => ({ file, abs })), now: now.getTime(), keepValue, enable: [...enable] });
    };
    for (let k = 0; k < n; k++) {
      const w = new Worker(workerFile);
      const slot = { start: 0 };
      workers.push(w);
      w.on('message', (batch: FileResult[]) => {
        batch.forEach((r, j) => { results[slot.start + j] = r; bar?.tick(); });
        done += batch.length;
        if (done === entries.length) { resolve(results); workers.forEach((x) => void x.terminate()); }
        else feed(w, slot);
      });
      w.on('error', (e) => { if (!failed) { failed = true; workers.forEach((x) => void x.terminate()); reject(e); } });
      feed(w, slot);
    }
  });
}


export interface LintOutcome {
  /** files answered from the cache without being read (their stat proved them unchanged) */
  statHits?: number;
  files: FileEntry[];
  diagnostics: Diagnostic[];
  /** per file, in the order of `files` (before cross-file rules, severities and directives) */
  results: FileResult[];
  /** files answered from the cache */
  cached?: number;
  /** the project's own rules (team policies and plugins), with their checks */
  rules: Rule[];
  /**
   * The metadata of every rule of the run, built-in ones first, then the project's own: what the
   * formats that list or link rules read (FormatContext.rules). A run answered whole from the
   * cache loads no rule and gives none, unless asked for them (LintRunOptions.withRules).
   */
  ruleMeta: readonly RuleMeta[];
  /** the key of the kept run these findings are (run-summary.ts), for keeping its rendered report beside it */
  kept?: { key: string; summaryFile: string; until?: number };
  /** the report rendered last time from the same run with the same renderKey (then `diagnostics` is empty) */
  rendered?: RenderedReport;
  /** why the cache could not be saved (the findings are complete all the same) */
  cacheProblem?: string;
  /** each file's stat, in the order of `files`, when the run's answer could be kept whole (run.ts) */
  stats?: readonly (FileStat | undefined)[];
}

/**
 * Places the project rules' findings at paths (variants, translations) and the team policies'
 * findings (run here on the files' values) in one pass, on the run's kept documents (place.ts).
 */
function placer(files: readonly FileEntry[], results: readonly FileResult[], policies: LoadedPolicies | undefined, now: Date, documents: Documents): (found: readonly PathFinding[]) => Finding[] {
  return (atPaths) => {
    const abs = atPaths.length ? new Map(results.map((r, i) => [r.file, files[i]!.abs])) : undefined;
    const found: ProjectFinding[] = atPaths.map((f) => ({ ...f, abs: abs!.get(f.file)! }));
    if (policies) {
      append(found, runPolicies(results.flatMap((r, i) => (r.value ? [{ file: r.file, abs: files[i]!.abs, value: r.value }] : [])), policies, now));
    }
    return found.length ? placeFindings(found, documents) : [];
  };
}

/**
 * The final findings of a run from its per-file results: the project-level passes, severities,
 * directives, and the problems of the team policies (with the config's severities, like every finding). `textOf` gives the text of a file that is not
 * what is on disk (the language server's open documents); `documents`, the documents the run
 * kept (lintEntries), on which cross-file findings are placed without reading a file again.
 */
export function finishRun(config: Config, files: readonly FileEntry[], results: readonly FileResult[], popts: ProjectOptions, policies: LoadedPolicies | undefined, now: Date, textOf?: (abs: string) => string | undefined, documents = new Documents(textOf)): Diagnostic[] {
  const done = finishProject(results, { ...popts, languages: popts.languages ?? config.channels ?? {}, place: placer(files, results, policies, now, documents) });
  return policies?.problems.length ? [...done, ...withSeverities(policies.problems, popts.severities, popts.rules)].sort(compareDiagnostics) : done;
}

/** What run.ts has worked out already: the stats, and the run's key when its answer may be kept whole. */
export interface Prepared { stats?: (FileStat | undefined)[]; key?: string; summaryFile?: string }

/** The lint of the files (or of those the function finds): per file (cached or fresh), then the project-level passes. */
export async function lintFound(config: Config, found: FileEntry[] | (() => Promise<FileEntry[]>), cwd: string, opts: LintRunOptions, prepared: Prepared = {}): Promise<LintOutcome> {
  const policies = config.policies?.length ? await loadPolicies(config) : undefined;
  const own = policies?.rules ?? [];
  // the config's rules and policies are checked before the files are looked for
  const popts = projectOptions(config, cwd, own);
  const files = typeof found === 'function' ? await found() : found;
  return withBatchTuning(files.length, async () => {
    const now = opts.now ?? new Date();
    // team policies judge the plain values
    const keep = Boolean(opts.keepValue) || own.length > 0;
    // the documents lint opens are kept until the cross-file findings are placed
    const documents = new Documents();
    // a run of some of the project's files cannot tell which languages the project lacks
    const finish = (results: FileResult[]): Diagnostic[] => finishRun(config, files, results, opts.partial ? { ...popts, languages: {}, partial: true } : popts, policies, now, undefined, documents);
    const enable = enabledOffRules(config);
    opts = { ...opts, now, keepValue: keep, ...(enable.length ? { enable } : {}) };
    if (!opts.cacheFile) {
      // no cache writes every file's facts: those no rule of this run reads are never worked out
      const results = await lintEntries(files, { ...opts, lazyFacts: true }, documents);
      return { files, results, diagnostics: finish(results), rules: own, ruleMeta: rulesOfRun(own) };
    }
    const stats = prepared.stats ?? statFiles(files.map((f) => f.abs));
    const cache = LintCache.load(opts.cacheFile, now.getTime(), enable);
    const results: (FileResult | undefined)[] = [];
    const misses: { i: number; hash: string; bytes: Buffer; st?: FileStat }[] = [];
    // a result cached without its value serves only runs that do not need it: the commands that go
    // on from lint need no value of a file with errors (it is held back), team policies need every one
    const isError = (r: FileResult): boolean => {
      const severities = popts.severitiesFor?.(r.file) ?? popts.severities;
      return r.diagnostics.some((d) => severityOf(d.ruleId, severities, popts.rules) === 'error');
    };
    const serves = (r: FileResult | undefined): r is FileResult => r !== undefined
      && (!keep || r.value !== undefined || (own.length === 0 && isError(r)));
    files.forEach((f, i) => {
      const st = stats[i];
      // a file discovery refused (a link out of the project, a FIFO) is never opened nor answered from the cache:
      // its result there was made where it was allowed (named on the command line, another config's globs)
      if (!st || isRefused(f.abs)) { misses.push({ i, hash: '', bytes: Buffer.alloc(0) }); return; }
      const proven = cache.byStat(f.abs, st, f.file);
      if (serves(proven)) { results[i] = proven; return; }
      if (st.size > MAX_FILE_BYTES) { misses.push({ i, hash: '', bytes: Buffer.alloc(0) }); return; }
      let bytes: Buffer;
      try { bytes = readFileSync(f.abs); } catch { misses.push({ i, hash: '', bytes: Buffer.alloc(0) }); return; }
      const hash = LintCache.hash(bytes);
      const hit = cache.get(f.abs, hash, f.file, st);
      if (serves(hit)) results[i] = hit;
      else misses.push({ i, hash, bytes, st });
    });
    const fresh = await lintEntries(misses.map((m) => ({ ...files[m.i]!, ...(m.hash ? { bytes: m.bytes } : {}) })), opts, documents);
    misses.forEach((m, k) => {
      results[m.i] = fresh[k]!;
      if (m.hash) cache.set(files[m.i]!.abs, m.hash, fresh[k]!, m.st);
    });
    // a cache that cannot be written costs the next run its speed, never this run its report
    let cacheProblem: string | undefined;
    try { cache.save(new Set(files.map((f) => f.abs))); } catch (e) { cacheProblem = `${opts.cacheFile}: ${(e as Error).message}`; }
    const diagnostics = finish(results as FileResult[]);
    // kept until the earliest instant a verdict that compared a template with the clock can change
    const until = earliestUntil(results as FileResult[]);
    let keptRun = !cacheProblem && prepared.key && prepared.summaryFile && !keep && settled(stats) && cache.hasAll(files.map((f) => f.abs))
      ? { key: prepared.key, summaryFile: prepared.summaryFile, ...(until !== undefined ? { until } : {}) } : undefined;
    if (keptRun) {
      try { saveSummary(keptRun.summaryFile, { key: keptRun.key, diagnostics, ...(until !== undefined ? { until } : {}) }); } catch (e) { cacheProblem = `${keptRun.summaryFile}: ${(e as Error).message}`; keptRun = undefined; }
    }
    return { files, results: results as FileResult[], diagnostics, cached: cache.hits, statHits: cache.statHits, rules: own, ruleMeta: rulesOfRun(own), ...(keptRun ? { kept: keptRun } : {}), ...(cacheProblem ? { cacheProblem } : {}) };
  });
}
