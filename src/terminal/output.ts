// Effects: writing reports to stdout or a file (temp file + rename, never half-written).
import { appendFileSync } from 'node:fs';

export { writeFileAtomic } from '../files/write.js';
import { writeFileAtomic } from '../files/write.js';
import { redact } from '../core/redact.js';

export function emit(data: string, outputFile?: string): void {
  // a report may quote what a server said: the same gate as stdout
  if (outputFile) writeFileAtomic(outputFile, redact(data));
  else process.stdout.write(data);
}

export function appendStepSummary(markdown: string): void {
  const f = process.env.GITHUB_STEP_SUMMARY;
  if (f) appendFileSync(f, `${markdown}\n`);
}

/** Colour on a TTY only, never with NO_COLOR (https://no-color.org), always with FORCE_COLOR. */
export function useColor(stream: NodeJS.WriteStream): boolean {
  if ('NO_COLOR' in process.env && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}
