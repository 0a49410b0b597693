// `tplsync fmt [PATH...] [--check]`: rewrite template files in the canonical layout and key order.
import { withProjectWrites } from '../files/project-lock.js';
import type { Config } from '../config/load.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { interruptExitCode, interruptSignal } from '../core/interrupt.js';
import { discoverFiles } from '../files/discover.js';
import { formatFile } from '../fmt/run.js';
import { loadingDiagnostics } from '../lint/stage-problems.js';
import { commandConfig, lockWait, templatePaths } from './context.js';
import { io } from '../core/io.js';
import { visible } from '../core/visible.js';
import { annotation, projectCommand, readerPath } from './reader-place.js';

export interface FmtCommandOptions { config?: string; check?: boolean; lockTimeout?: string }

export async function fmtCommand(named: string[], o: FmtCommandOptions): Promise<number> {
  const paths = templatePaths(named, 'fmt', o.config);
  // only configs named: the config is read (its problems said, exit 3), nothing else
  if (paths === undefined) { await commandConfig(o, named); return EXIT.OK; }
  // (as lint's --lock-timeout is for --fix: a value given to a run that takes no lock was accepted unread, whatever it was)
  if (o.lockTimeout !== undefined && o.check) throw new UsageError('--lock-timeout is for fmt without --check (a check writes no template file and takes no lock)');
  const config = await commandConfig(o, paths);
  if (!o.check) return withProjectWrites(config.dir, 'fmt', () => fmtFiles(config, paths, o), lockWait(o));
  return fmtFiles(config, paths, o);
}

async function fmtFiles(config: Config, paths: string[], o: FmtCommandOptions): Promise<number> {
  const files = await discoverFiles(config, paths, io().cwd());
  const changed: { file: string; line?: number }[] = [];
  let broken = 0;
  // a signal stops fmt between two files (each file is written whole, or not at all)
  const signal = interruptSignal();
  let done = 0;
  for (const f of files) {
    if ((done++ & 31) === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    if (signal.aborted) {
      io().stderr.write(`tplsync: stopped: ${changed.length} file${changed.length === 1 ? '' : 's'} ${o.check ? 'found out of layout' : 'reformatted'}, ${files.length - done + 1} not looked at\n`);
      return interruptExitCode();
    }
    const r = formatFile(f, !o.check);
    if (r.kind === 'refused') {
      for (const d of loadingDiagnostics(r.file, r.problems)) io().stderr.write(`${visible(`${d.file}:${d.line}:${d.column}: not formatted: ${d.message} (${d.ruleId})`)}\n`);
      broken++;
    } else if (r.kind === 'failed') {
      io().stderr.write(`${visible(`${r.file}: not formatted: ${r.message}`)}\n`);
      broken++;
    } else {
      if (r.keptOrder) io().stderr.write(`${r.file}: keys left in the file's order: moving them would put an alias before its anchor\n`);
      if (r.kind !== 'unchanged') changed.push({ file: r.file, ...(r.line !== undefined ? { line: r.line } : {}) });
      // the one change of line ends fmt makes, said: a file with CRLF and LF lines gets the one most of its lines have
      if (r.kind !== 'unchanged' && r.mixed) io().stderr.write(`${visible(r.file, { oneLine: true })}: its lines end with CRLF (${r.mixed.crlf}) and LF (${r.mixed.lf}): ${o.check ? 'fmt gives' : 'given'} them all ${r.mixed.crlf > r.mixed.lf ? 'CRLF' : 'LF'}, as most end\n`);
    }
  }
  if (o.check) {
    // named, and the fix advised, as the reader finds and runs them: in a GitHub Actions job from the repository's root,
    // with an annotation on each file (as lint's findings), where a pull request shows it
    const fix = changed.length ? projectCommand(config, 'fmt') : '';
    for (const f of changed) io().stdout.write(`${visible(readerPath(config, f.file), { oneLine: true })}\n`);
    for (const f of changed) io().stdout.write(annotation(config, { level: 'error', file: f.file, ...(f.line !== undefined ? { line: f.line } : {}), title: 'tplsync fmt', message: `not in the canonical layout; run: ${fix}` }));
    if (changed.length) io().stderr.write(`${changed.length} file${changed.length === 1 ? '' : 's'} not in the canonical layout; run: ${fix}\n`);
  } else {
    io().stdout.write(`${changed.length} of ${files.length} file${files.length === 1 ? '' : 's'} reformatted${broken ? `; ${broken} left as they are (see above)` : ''}\n`);
  }
  return (o.check && changed.length) || broken ? EXIT.FINDINGS : EXIT.OK;
}
