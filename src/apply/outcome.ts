// Pure: what an apply's results add up to: the counts the console prints (the same as the
// results file's summary), the exit code of the table and the closing message.
import { EXIT } from '../cli/exit-codes.js';
import type { ApplyResult } from './apply.js';

export interface ApplyOutcome {
  created: number; updated: number; failed: number; skipped: number; rejected: number; stillPending: number;
  exitCode: number;
  /** the closing line for stderr, when the run did not simply succeed */
  message?: string;
}

export function applyOutcome(results: readonly ApplyResult[], o: { interrupted: boolean; waited: boolean; authFailure?: Error; resultsFile?: string }): ApplyOutcome {
  const n = (f: (r: ApplyResult) => boolean) => results.filter(f).length;
  const ok = results.filter((r) => r.outcome === 'created' || r.outcome === 'updated');
  const counts = {
    created: n((r) => r.outcome === 'created'), updated: n((r) => r.outcome === 'updated'),
    failed: n((r) => r.outcome === 'failed'), skipped: n((r) => r.outcome === 'skipped'),
    rejected: ok.filter((r) => r.status === 'REJECTED').length,
    stillPending: o.waited ? ok.filter((r) => r.status === 'PENDING').length : 0,
  };
  const see = o.resultsFile ? ` (see ${o.resultsFile})` : '';
  const plural = (k: number) => `${k} template${k === 1 ? '' : 's'}`;
  if (o.interrupted) {
    return { ...counts, exitCode: EXIT.INTERRUPTED, message: `interrupted: ${plural(ok.length)} written, ${counts.skipped} not attempted${counts.failed ? `, ${counts.failed} failed` : ''}${see}; a re-run is safe and writes only what is missing.` };
  }
  if (o.authFailure && ok.length === 0) return { ...counts, exitCode: EXIT.AUTH, message: o.authFailure.message };
  const notDone = results.filter((r) => r.outcome === 'failed' || r.outcome === 'skipped');
  if (notDone.length && ok.length === 0 && notDone.every((r) => r.errorExitCode === EXIT.UNAVAILABLE)) {
    return { ...counts, exitCode: EXIT.UNAVAILABLE, message: 'the API is unavailable; nothing was written. A re-run is safe.' };
  }
  const missing = notDone.length + counts.rejected + counts.stillPending;
  if (missing) return { ...counts, exitCode: EXIT.PARTIAL, message: `${plural(missing)} did not make it${see}; a re-run is safe and writes only what is missing.` };
  return { ...counts, exitCode: EXIT.OK };
}
