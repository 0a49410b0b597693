// Effects: writing reports to stdout or to the output path named (files/output-file.ts: a file
// replaced through a temp file and a rename, never half-written; a device or a pipe written in place).
import { redact } from '../core/redact.js';
import { appendFileSync } from 'node:fs';

export { writeFileAtomic } from '../files/write.js';
import { refuseProtectedOutput } from '../files/output-target.js';
import { namesStdout, placeWords, writeOutput, type OutputPlace } from '../files/output-file.js';
import { UsageError } from '../core/errors.js';
import { io, resolvePath, type OutStream } from '../core/io.js';

export async function emit(data: string, outputFile?: string): Promise<void> {
  // a report may quote what a server said: the same gate as stdout
  // (writeOutput masks it, once: masked twice, the identifiers the first pass kept, their marks taken out, were masked by the second)
  if (outputFile) { refuseProtectedOutput('the output file', outputFile); await writeOutput(outputFile, data); }
  else io().stdout.write(data);
}

/** `o` with each of `keys` that names stdout (`-`, as `types --out -` takes it, or /dev/stdout) left out: the output goes to stdout. */
export function dashAsStdout<T extends object>(o: T, ...keys: (keyof T)[]): T {
  const c = { ...o };
  for (const k of keys) if (namesStdout(c[k] as string | undefined)) delete c[k];
  return c;
}

/** A saved plan's file (`--out`) named `-` (or /dev/stdout): refused, since a saved plan is a file that apply reads (`-o -` prints the plan). */
export function refuseSavedPlanDash(out: string | undefined): void {
  if (namesStdout(out)) throw new UsageError(`--out ${out} : a saved plan is a file that \`tplsync apply FILE\` reads, not output to print; name a file (\`--out plan.json\`), and \`-o -\` or no -o prints the plan`);
}

/** what plan and promote --out say after writing a saved plan to a device or a pipe: apply reads one from a file only */
export function savedInPlace(what: 'plan' | 'promotion', out: string, place: OutputPlace): string {
  return `Wrote the ${what} to ${out} (${placeWords(place)}); \`tplsync apply\` reads a saved ${what} from a file: save it with --out FILE to apply it\n`;
}

export function appendStepSummary(markdown: string): void {
  const f = io().env.GITHUB_STEP_SUMMARY;
  // the same gate as stdout: the summary names files as identifiers, and may quote a text holding a secret value
  if (f) appendFileSync(resolvePath(f), `${redact(markdown)}\n`);
}

/**
 * The environment made to say what useColor decides when NO_COLOR and FORCE_COLOR are both set, for
 * what reads colour from it in this process besides tplsync: Node's own colour probe (tty's
 * hasColors, getColorDepth) lets FORCE_COLOR win and warns "The 'NO_COLOR' env is ignored due to the
 * 'FORCE_COLOR' env being set" the first time a module asks it (yoctocolors does at its import: execa's,
 * for the git calls of plan and apply, and init's prompts'), where tplsync obeys NO_COLOR
 * (docs/environment.md). NO_COLOR set and not empty: FORCE_COLOR is taken out, so that the probe,
 * init's prompts and the workers say no colour too; NO_COLOR empty, which no-color.org and
 * useColor read as unset: NO_COLOR is taken out, FORCE_COLOR deciding as before. useColor's answer
 * is the same either way; Node warns of nothing.
 */
export function settleColorEnv(): void {
  const env = io().env;
  if (env.FORCE_COLOR === undefined || env.NO_COLOR === undefined) return;
  if (env.NO_COLOR !== '') delete env.FORCE_COLOR;
  else delete env.NO_COLOR;
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
