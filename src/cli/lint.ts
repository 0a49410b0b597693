// `tplsync lint [PATH...]`: thin: load config, lint, format, choose the exit code.
import { withProjectWrites } from '../files/project-lock.js';
import { repositoryRoot } from '../files/repository-root.js';
import { commandConfig, lockWait, templatePaths, warnUncovered } from './context.js';
import { projectFiles, refuseCacheLocation, refuseProtectedOutput } from '../files/output-target.js';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { parseNumberOption } from '../core/number-option.js';
import { noConfigFound, selectEnvironment } from '../config/load.js';
import { configWarnings, namesWhatsappLanguages } from '../lint/config-warnings.js';
import { caseClashes, caseVariantFolders } from '../files/path-case.js';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { readRegularFile } from '../core/read-regular.js';
import { failedReport, holdsReport } from '../lint/formatters/failed.js';
import { FORMAT_NAMES, isFormatName, listsRules, loadFormatter } from '../lint/formatters/load.js';
import { summarize } from '../core/diagnostic.js';
import { lintProject } from '../lint/run.js';
import { saveRendered, type RenderedReport } from '../lint/run-summary.js';
import { replayRecord, type ReplayWrite } from '../lint/replay.js';
import { sha256 } from '../core/hash.js';
import { redact, secretValuesRegistered } from '../core/redact.js';
import { EXIT } from '../core/exit-codes.js';
import { appendStepSummary, emit, useColor, dashAsStdout, writeFileAtomic } from '../terminal/output.js';
import { toolVersion } from '../core/version.js';
import { io } from '../core/io.js';
import { progress } from '../terminal/progress.js';
import { interruptExitCode, interruptSignal } from '../core/interrupt.js';
import { tplsyncCommand } from '../core/invocation.js';

export interface LintCommandOptions {
  config?: string;
  format: string;
  output?: string;
  maxWarnings?: string;
  cache?: boolean;
  cacheLocation?: string;
  debug?: boolean;
  fix?: boolean;
  lockTimeout?: string;
  /** the environment whose plain values each template is also checked with (env-check.ts) */
  env?: string;
}

export async function lintCommand(named: string[], o: LintCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'output');
  const made = { report: false };
  let code: number;
  try {
    code = await lintRun(named, o, made);
  } catch (e) {
    if (o.output !== undefined && !made.report) replaceStaleReport(o.output, o.format, (e as Error)?.message ?? String(e));
    throw e;
  }
  // stopped before the report (an interrupted --fix), not a clean exit: the previous run's report is not this one's
  if (o.output !== undefined && !made.report && code !== EXIT.OK) replaceStaleReport(o.output, o.format, `stopped (exit ${code})`);
  return code;
}

/**
 * The -o file of a run that stopped before its report (failed.ts): a report of the failure where the format can
 * say one, else removed; only a regular file that holds a tplsync report, never another file (a template named by
 * mistake), and never a device or a pipe, which holds no earlier report and is not read (/dev/zero never ends, a
 * pipe blocks).
 */
export function replaceStaleReport(output: string, format: string, message: string): void {
  const file = path.resolve(io().cwd(), output);
  let text: string;
  // (looked at before it is opened: a pipe is not even opened, which would let a writer waiting on it go on)
  try {
    if (!statSync(file).isFile()) return;
    text = readRegularFile(file, { max: MAX_REPORT_BYTES, shown: output, what: 'the report' }).toString('utf8');
  } catch { return; }
  if (!holdsReport(text)) return;
  const failed = isFormatName(format) ? failedReport(format, message) : undefined;
  try {
    if (failed !== undefined) writeFileAtomic(file, failed);
    else rmSync(file, { force: true });
  } catch (e) {
    io().stderr.write(`tplsync: warning: ${output} still holds the report of an earlier run (${(e as Error).message}); it is not this run's\n`);
  }
}

/** larger than any report a lint writes: a file beyond it is not read to be told a report (a string of its size is past what V8 holds) */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

async function lintRun(named: string[], o: LintCommandOptions, made: { report: boolean }): Promise<number> {
  const paths = templatePaths(named, 'lint', o.config);
  // only configs named: the config is read (its problems said, exit 3), nothing else
  if (paths === undefined) { await commandConfig(o, named); return EXIT.OK; }
  if (!isFormatName(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose one of ${FORMAT_NAMES.join(', ')}`);
  let maxWarnings = Infinity;
  if (o.maxWarnings !== undefined) {
    maxWarnings = parseNumberOption('--max-warnings', o.maxWarnings, { min: 0, whole: true });
  }
  // lint writes files only with --fix: a wait for the write lock without it would be ignored in silence
  if (o.lockTimeout !== undefined && !o.fix) throw new UsageError('--lock-timeout is for lint --fix (a lint without --fix writes no template file and takes no lock)');
  const format = await loadFormatter(o.format);
  const config = await commandConfig(o, paths);
  refuseProtectedOutput('--output', o.output, projectFiles(config));
  const cacheFile = o.cache || o.cacheLocation ? path.resolve(io().cwd(), o.cacheLocation ?? path.join(config.dir, '.tplsync', 'lint-cache.json')) : undefined;
  // the cache is rewritten at every run: never over a file of the project, or a file that is not a cache (package.json, a source file)
  if (cacheFile && o.cacheLocation !== undefined) refuseCacheLocation('--cache-location', o.cacheLocation, projectFiles(config));
  const color = !o.output && o.format === 'stylish' && useColor(io().stdout);
  // GitHub's annotations and code scanning resolve paths against the repository, not the config's folder (a monorepo's teams/x)
  // (--max-warnings too: JUnit fails a test when lint fails for it; in the key of a kept report, which it changes)
  const base = { color, toolVersion: toolVersion(), root: repositoryRoot(config.dir, io().env), cwd: io().cwd(), ...(Number.isFinite(maxWarnings) ? { maxWarnings } : {}) };
  // with the cache, the report itself is kept beside the run (not for github: it also writes the step summary)
  // (nor with a secret value set: the kept report's file names, rendered unmarked, would be masked as a value equal to a name)
  // (not with --fix: its summary counts the findings left from the lint after the repairs, which a reused report does not give)
  const renderKey = cacheFile && o.format !== 'github' && !o.fix && !secretValuesRegistered() ? sha256(JSON.stringify([o.format, base])) : undefined;
  // --fix: the repairable findings repaired first (fix-run.ts), then the run reported as usual
  let fixes: import('../lint/fix-run.js').FileFix[] | undefined;
  let fixer: typeof import('../lint/fix-run.js') | undefined;
  /** the lint the repairs were made from: what each repair is checked against, with the lint after it */
  let beforeFix: { diagnostics: readonly import('../core/diagnostic.js').Diagnostic[] } | undefined;
  if (o.fix) {
    fixer = await import('../lint/fix-run.js');
    const now = new Date();
    const run = fixer.fixRunUntil;
    // a signal stops the repairs between two files (each written whole, or not at all), said with how far they came
    const signal = interruptSignal();
    const fixed = await withProjectWrites(config.dir, 'lint --fix', async () => run(config, beforeFix = await lintProject(config, paths, io().cwd(), { now }), io().cwd(), now, signal), lockWait(o));
    fixes = fixed.fixes;
    if (signal.aborted) {
      const written = fixes.filter((f) => Object.keys(f.fixed).length).length;
      io().stderr.write(`${fixer.fixReport(fixes, []).split('\n').filter((l) => !l.startsWith('tplsync: lint --fix:')).join('\n')}tplsync: lint --fix stopped: ${written} file${written === 1 ? '' : 's'} repaired, each whole; ${fixed.notLookedAt} not looked at (run it again to go on)\n`);
      return interruptExitCode();
    }
  }
  const withRules = listsRules(o.format);
  // --env: the templates checked with that environment's values too (an unknown name is a usage error, as everywhere)
  const environment = o.env !== undefined ? selectEnvironment(config, o.env) : undefined;
  const run = await lintProject(config, paths, io().cwd(), { ...(cacheFile ? { cacheFile, ...(renderKey ? { renderKey } : {}) } : {}), ...(withRules ? { withRules } : {}), ...(environment ? { keepValue: true } : {}), progress });
  const { files, cached, statHits, ruleMeta } = run;
  // a file named on the command line that the config's globs do not take: linted, and said to be outside what plan and apply see
  if (paths.length && config.file) await warnUncovered(config, files.map((f) => f.abs), 'plan and apply (and lint without paths)');
  let diagnostics = run.diagnostics;
  if (environment) {
    const { environmentDiagnostics } = await import('../project/lint-env.js');
    const more = environmentDiagnostics(config, environment, files, run.results, new Date());
    if (more.length) {
      const order = new Map(files.map((f, i) => [f.file, i]));
      diagnostics = [...diagnostics, ...more].sort((a, b) => (order.get(a.file) ?? 0) - (order.get(b.file) ?? 0) || a.line - b.line || a.column - b.column);
    }
  }
  // what this run writes, in order: the bin gives it again when nothing it came from moved (replay.ts)
  const writes: ReplayWrite[] = [];
  const say = (text: string): void => { io().stderr.write(text); writes.push(['stderr', text]); };
  // the config's own warnings (lint/config-warnings.ts: no config, no environments, a channel without a kind, a language
  // WhatsApp does not list): on stderr, and in the JSON report (configWarnings); a file checked alone is said so that a
  // misnamed config is not a green run. (WhatsApp's language list loaded only for a config that names languages of a
  // WhatsApp channel: a warm run loads no rule module)
  const { unlistedWhatsappLanguage } = namesWhatsappLanguages(config) ? await import('../lint/rules/languages.js') : { unlistedWhatsappLanguage: undefined };
  const shownConfig = config.file ? path.relative(io().cwd(), config.file) || config.file : 'the config';
  const caseFolders = config.file ? caseVariantFolders(config) : [];
  const clashes = caseClashes(files.map((f) => f.abs)).map((g) => g.map((abs) => files.find((f) => f.abs === abs)?.file ?? abs));
  const warnings = configWarnings(config, { shown: shownConfig, noConfig: noConfigFound(config.dir), command: tplsyncCommand(), ...(unlistedWhatsappLanguage ? { unlistedWhatsappLanguage } : {}), ...(caseFolders.length ? { caseFolders } : {}), ...(clashes.length ? { caseClashes: clashes } : {}) });
  for (const w of warnings) say(`tplsync: warning: ${w.message}\n`);
  // placed at their keys only for a report made now (a replayed one holds them already): the placing parses the config with yaml
  const placedWarnings = async () => (!warnings.length ? [] : config.file ? (await import('../lint/config-warnings-place.js')).placeConfigWarnings(warnings, shownConfig, readConfigText(config.file)) : warnings.map((w) => ({ message: w.message })));
  // a secret value the files hold in plain (a template's name, a word of their texts): said once, as it cannot be hidden reliably
  // (the files read again only when a secret value is set)
  if (Object.values(config.environments).some((e) => Object.values(e.values ?? {}).some((v) => 'env' in v && io().env[v.env]))) {
    const { unhideableSecretValues } = await import('../project/secret-exposure.js');
    const { readRegularFile } = await import('../core/read-regular.js');
    const { MAX_FILE_BYTES } = await import('../files/limits.js');
    const texts = files.flatMap((f) => {
      try { return [{ file: f.file, text: (f.bytes ? Buffer.from(f.bytes) : readRegularFile(f.abs, { max: MAX_FILE_BYTES, shown: f.file, what: 'a template file' })).toString('utf8') }]; } catch { return []; }
    });
    for (const w of unhideableSecretValues(config, texts, io().env)) say(`tplsync: warning: ${w}\n`);
  }
  if (run.cacheProblem) io().stderr.write(`tplsync: warning: the lint cache was not saved (${run.cacheProblem}); the report is complete\n`);
  if (cacheFile && o.debug) io().stderr.write(`tplsync: lint cache: ${cached ?? 0} of ${files.length} files unchanged since the last run (${statHits ?? 0} proven by their stat, without reading them)${run.rendered ? '; the report rendered last time reused' : ''}\n`);
  // what was repaired, as the lint of the files written shows it (never a report reused: renderKey), and what is left
  if (fixer && fixes) io().stderr.write(fixer.fixReport(beforeFix ? fixer.verifiedFixes(fixes, beforeFix.diagnostics, run.diagnostics) : fixes, diagnostics));
  let s: { errors: number; warnings: number };
  let rendered: RenderedReport | undefined;
  if (run.rendered) {
    const { text, errors, warnings, until } = run.rendered;
    await emit(text, o.output);
    made.report = true;
    s = run.rendered;
    rendered = { text, errors, warnings, ...(until !== undefined ? { until } : {}) };
  } else {
    const ctx = { ...base, fileCount: files.length, files: files.map((f) => f.file), rules: ruleMeta, configWarnings: await placedWarnings() };
    const text = format(diagnostics, ctx);
    await emit(text, o.output);
    made.report = true;
    if (o.format === 'github') appendStepSummary((await loadFormatter('markdown'))(diagnostics, { ...ctx, markdown: { limit: (await import('../lint/formatters/markdown.js')).STEP_SUMMARY_CHARACTERS, stepSummary: true } }));
    s = summarize(diagnostics, files.length);
    // kept only when it holds no secret (a later run without that secret would show it redacted)
    if (run.kept && renderKey && redact(text) === text) rendered = { text, errors: s.errors, warnings: s.warnings, ...(run.kept.until !== undefined ? { until: run.kept.until } : {}) };
  }
  writes.push(['report']);
  let code: number = EXIT.OK;
  if (s.errors > 0) code = EXIT.FINDINGS;
  else if (s.warnings > maxWarnings) {
    say(`tplsync: ${s.warnings} warning${s.warnings === 1 ? '' : 's'}, more than --max-warnings ${maxWarnings}\n`);
    code = EXIT.FINDINGS;
  }
  // the report kept beside the run, with what the bin needs to give this run's output again (replay.ts)
  if (run.kept && renderKey && rendered) {
    // (a report kept by a run without a secret that this run's environment has: the gate redacted it here, the replay would not)
    const replay = paths.length === 0 && !o.fix && !o.debug && !environment && !run.cacheProblem && redact(rendered.text) === rendered.text && writes.every((w) => w[0] !== 'stderr' || redact(w[1]) === w[1])
      ? replayRecord({
        args: io().args, cwd: io().cwd(), env: io().env, tty: [Boolean(io().stdout.isTTY), Boolean(io().stderr.isTTY)], config, root: base.root,
        cacheFile: cacheFile!, abs: files.map((f) => f.abs), stats: run.stats ?? [], ...(o.output !== undefined ? { output: path.resolve(io().cwd(), o.output) } : {}), text: rendered.text,
        writes, exit: code, now: Date.now(),
      }) : undefined;
    // a report reused is written again only when its record changed (another terminal, another option's spelling)
    if (!run.rendered || JSON.stringify(replay) !== JSON.stringify(run.rendered.replay)) {
      try { saveRendered(`${run.kept.summaryFile}.out`, run.kept.key, renderKey, { ...rendered, ...(replay ? { replay } : {}) }); } catch (e) {
        io().stderr.write(`tplsync: warning: the lint cache was not saved (${run.kept.summaryFile}.out: ${(e as Error).message}); the report is complete\n`);
      }
    }
  }
  return code;
}

/** the config file's text (undefined: unreadable), to place its warnings at their keys */
function readConfigText(file: string): string | undefined {
  try { return readFileSync(path.resolve(io().cwd(), file), 'utf8'); } catch { return undefined; }
}
