// `tplsync lint [PATH...]`: thin: load config, lint, format, choose the exit code.
import { commandConfig } from './context.js';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { FORMAT_NAMES, isFormatName, loadFormatter } from '../lint/formatters/load.js';
import { summarize } from '../core/diagnostic.js';
import { lintProject } from '../lint/run.js';
import { EXIT } from '../core/exit-codes.js';
import { appendStepSummary, emit, useColor } from '../terminal/output.js';
import { toolVersion } from '../core/version.js';

export interface LintCommandOptions {
  config?: string;
  format: string;
  output?: string;
  maxWarnings?: string;
  cache?: boolean;
  cacheLocation?: string;
  debug?: boolean;
}

export async function lintCommand(paths: string[], o: LintCommandOptions): Promise<number> {
  if (!isFormatName(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose one of ${FORMAT_NAMES.join(', ')}`);
  let maxWarnings = Infinity;
  if (o.maxWarnings !== undefined) {
    if (!/^\d+$/.test(o.maxWarnings)) throw new UsageError(`--max-warnings takes a whole number, not '${o.maxWarnings}'`);
    maxWarnings = Number(o.maxWarnings);
  }
  const format = await loadFormatter(o.format);
  const config = await commandConfig(o);
  const cacheFile = o.cache || o.cacheLocation ? path.resolve(process.cwd(), o.cacheLocation ?? path.join(config.dir, '.tplsync', 'lint-cache.json')) : undefined;
  const { files, diagnostics, cached, statHits, rules } = await lintProject(config, paths, process.cwd(), cacheFile ? { cacheFile } : {});
  if (cacheFile && o.debug) process.stderr.write(`tplsync: lint cache: ${cached ?? 0} of ${files.length} files unchanged since the last run (${statHits ?? 0} proven by their stat, without reading them)\n`);
  const ctx = { fileCount: files.length, color: !o.output && o.format === 'stylish' && useColor(process.stdout), toolVersion: toolVersion(), root: config.dir, cwd: process.cwd(), rules };
  emit(format(diagnostics, ctx), o.output);
  if (o.format === 'github') appendStepSummary((await loadFormatter('markdown'))(diagnostics, ctx));
  const s = summarize(diagnostics, files.length);
  if (s.errors > 0) return EXIT.FINDINGS;
  if (s.warnings > maxWarnings) {
    process.stderr.write(`tplsync: ${s.warnings} warnings, more than --max-warnings ${maxWarnings}\n`);
    return EXIT.FINDINGS;
  }
  return EXIT.OK;
}
