// What several commands print the same way: lint errors that stopped them, and shared option checks.
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import type { LintFailed } from '../project/load.js';
import { useColor } from '../terminal/output.js';
import { io } from '../core/io.js';

export function reportLintFailure(e: LintFailed, consequence = 'nothing was planned'): number {
  io().stderr.write(stylish(e.diagnostics, { fileCount: e.fileCount, color: useColor(io().stderr), toolVersion: toolVersion() }));
  io().stderr.write(`tplsync: fix the lint errors first; ${consequence}\n`);
  return EXIT.FINDINGS;
}

export function parseParallelism(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new UsageError(`--parallelism takes a whole number from 1 to 256, not '${v}'`);
  return n;
}
