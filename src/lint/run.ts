// Effects: one lint run: find the template files (the paths given, or the config's globs), then
// lint them (lint-files.ts). With `lint --cache`, when nothing that shapes the answer moved, the
// run's whole answer is reused (run-summary.ts) without loading the rules or the linter.
import type { Config } from '../config/load.js';
import { discoverFiles, type FileEntry } from '../files/discover.js';
import { keepingRefusalsOf, refusalsOf } from '../files/refusals.js';
import type { LintOutcome, LintRunOptions } from './lint-files.js';
import { loadRendered, loadSummary, runKey, statFiles } from './run-summary.js';
import { takeScan } from './replay.js';

export { discoverFiles, type FileEntry } from '../files/discover.js';
export type { LintOutcome, LintRunOptions } from './lint-files.js';

export async function lintProject(config: Config, paths: readonly string[], cwd: string, opts: LintRunOptions = {}): Promise<LintOutcome> {
  // some files named (a pre-commit hook, an editor's save): judged beside the rest of the project
  // (a language variant of theirs the run was not given, a duplicate elsewhere), their findings alone reported
  if (paths.length) {
    const named = await discoverFiles(config, paths, cwd);
    let all: FileEntry[] | undefined;
    try { all = await discoverFiles(config, [], cwd, { list: true }); } catch { all = undefined; }
    const inRun = new Set(named.map((f) => f.abs));
    const siblings = all?.filter((f) => !inRun.has(f.abs)) ?? [];
    // only files of the project (its globs) have its files for siblings: a file elsewhere (a scratch
    // folder of pulled copies) is judged alone, as it was named
    const ofProject = new Set(all?.map((f) => f.abs) ?? []);
    if (siblings.length && named.every((f) => ofProject.has(f.abs))) return withSiblings(config, named, siblings, cwd, opts);
  }
  // the run's answer can be kept whole unless the commands need the values, or team policies
  // (plugins: code the key cannot see) take part
  const whole = Boolean(opts.cacheFile) && !opts.keepValue && !config.policies?.length;
  if (!whole) {
    const lint = await import('./lint-files.js');
    const o: LintRunOptions = { ...opts };
    return lint.lintFound(config, async () => {
      const found = await discoverFiles(config, paths, cwd);
      if (await leavesOut(config, paths, found, cwd)) o.partial = true;
      return found;
    }, cwd, o);
  }
  // the files the bin's replay found and stat'ed a moment ago (replay.ts), when it could not give the kept report
  const scan = paths.length === 0 ? takeScan(cwd, config) : undefined;
  const files = scan?.files ?? await discoverFiles(config, paths, cwd);
  if (await leavesOut(config, paths, files, cwd)) opts = { ...opts, partial: true };
  const abs = files.map((f) => f.abs);
  // one stat of each file serves the run key and the per-file cache
  const stats = scan?.stats ?? statFiles(abs);
  // each environment's channels with what they point to: a template may name a channel by its UUID, which rules read as the alias's
  const environments = Object.values(config.environments).map((e) => [e.name, Object.entries(e.channels).sort(), ...(e.values ? [Object.keys(e.values).sort()] : [])]);
  // the config's place too: overrides match paths relative to it; its globs, whose folders decide which links are allowed;
  // and the files discovery refused (a link out of the project is refused by the globs and paths of a run, not by its bytes)
  const key = runKey([cwd, config.dir, config.file ?? null, config.templates, config.rules, config.overrides ?? null, environments, config.channels ?? null, Boolean(opts.partial), refusalsOf(abs)], abs, stats);
  const summaryFile = `${opts.cacheFile}.run.json`;
  // team policies never take part here: the rules' metadata is the built-in rules', loaded only when asked for
  const ruleMeta = opts.withRules ? (await import('./registry.js')).rulesOfRun([]) : [];
  const hit = { files, stats, results: [], cached: files.length, statHits: files.length, rules: [], ruleMeta, ...(key ? { kept: { key, summaryFile } } : {}) };
  // the report rendered last time, when the caller renders it the same way
  // an answer that compared templates with the clock holds until a given instant of the run's clock
  const now = (opts.now ?? new Date()).getTime();
  const rendered = key && opts.renderKey ? loadRendered(`${summaryFile}.out`, key, opts.renderKey, now) : undefined;
  if (rendered) return { ...hit, diagnostics: [], rendered };
  const kept = key ? loadSummary(summaryFile, key, now) : undefined;
  if (kept) return { ...hit, diagnostics: kept.diagnostics, ...(key ? { kept: { key, summaryFile, ...(kept.until !== undefined ? { until: kept.until } : {}) } } : {}) };
  const lint = await import('./lint-files.js');
  return { ...await lint.lintFound(config, files, cwd, opts, { stats, ...(key ? { key, summaryFile } : {}) }), stats };
}

/**
 * The files named, linted with the project's other files beside them (their cross-file rules and
 * what the project lacks judged on the whole project), and only theirs reported: the findings,
 * the files and the results a fix works on are the named files'.
 */
async function withSiblings(config: Config, named: readonly FileEntry[], siblings: readonly FileEntry[], cwd: string, opts: LintRunOptions): Promise<LintOutcome> {
  const lint = await import('./lint-files.js');
  // the siblings found as a run of the project finds them (their refusals recorded: links out of it, FIFOs)
  const project = await keepingRefusalsOf(named.map((f) => f.abs), () => discoverFiles(config, [], cwd));
  const wanted = new Set(siblings.map((f) => f.abs));
  const run = await lint.lintFound(config, [...named, ...project.filter((f) => wanted.has(f.abs))], cwd, opts);
  const keep = new Set(named.map((f) => f.abs));
  const shown = new Set(named.map((f) => f.file));
  const kept = run.files.map((f, i) => [f, run.results[i]] as const).filter(([f]) => keep.has(f.abs));
  return { ...run, files: kept.map(([f]) => f), results: kept.map(([, r]) => r!), diagnostics: run.diagnostics.filter((d) => shown.has(d.file)) };
}

/**
 * Whether a run of the paths given leaves out template files of the project (the config's globs):
 * rules that judge what the project lacks (language-coverage: "has no ar variant") cannot judge
 * such a run (`tplsync lint one.yaml`, the files of a saved plan).
 */
async function leavesOut(config: Config, paths: readonly string[], files: readonly FileEntry[], cwd: string): Promise<boolean> {
  if (paths.length === 0) return false;
  let project: FileEntry[];
  try { project = await discoverFiles(config, [], cwd, { list: true }); } catch { return false; }
  const inRun = new Set(files.map((f) => f.abs));
  return project.some((f) => !inRun.has(f.abs));
}
