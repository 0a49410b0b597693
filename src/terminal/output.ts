// Effects: writing reports to stdout or a file (temp file + rename, never half-written).
import { appendFileSync } from 'node:fs';

export { writeFileAtomic } from '../files/write.js';
import { writeFileAtomic } from '../files/write.js';
import { refuseProtectedOutput } from '../files/output-target.js';
import { redact } from '../core/redact.js';
import { io, resolvePath, type OutStream } from '../core/io.js';

export function emit(data: string, outputFile?: string): void {
  // a report may quote what a server said: the same gate as stdout
  if (outputFile) { refuseProtectedOutput('the output file', outputFile); writeFileAtomic(outputFile, redact(data)); }
  else io().stdout.write(data);
}

export function appendStepSummary(markdown: string): void {
  const f = io().env.GITHUB_STEP_SUMMARY;
  if (f) appendFileSync(resolvePath(f), `${markdown}\n`);
}

/** Colour on a TTY only, never with NO_COLOR (https://no-color.org), always with FORCE_COLOR. */
export function useColor(stream: OutStream): boolean {
  if ('NO_COLOR' in io().env && io().env.NO_COLOR !== '') return false;
  // FORCE_COLOR=0 (or false) turns colour off, as Node's own output reads it; another value turns it on
  const force = io().env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  // a terminal that takes no escape codes (TERM=dumb: Emacs's shell, some CI logs) gets plain text
  return Boolean(stream.isTTY) && io().env.TERM !== 'dumb';
}
