// Ctrl-C (SIGINT): work that can stop cleanly asks for `interruptSignal()`; the first Ctrl-C then
// aborts it (what is in flight finishes, nothing new starts) and the command ends with exit 130.
// A command that asked for no signal ends at once with 130, unless it listens for SIGINT itself
// (the emulator and preview --serve stop their servers); a second Ctrl-C always ends at once.

import { EXIT } from './exit-codes.js';

/** Exit code of interrupted work (the table of DESIGN.md). */
export const EXIT_INTERRUPTED = EXIT.INTERRUPTED;

/** Work stopped by Ctrl-C: exit 130, with what was (not) done in the message. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  readonly exitCode = EXIT_INTERRUPTED;
  constructor(message = 'interrupted') { super(message); }
}

let controller: AbortController | undefined;
let installed = false;
let hits = 0;

/** The signal that the first Ctrl-C aborts. Asking for it means "I stop cleanly". */
export function interruptSignal(): AbortSignal {
  controller ??= new AbortController();
  return controller.signal;
}

/** Throws Interrupted (with what `nothingDone` says) when the signal was aborted. */
export function throwIfInterrupted(signal: AbortSignal | undefined, message: string): void {
  if (signal?.aborted) throw new Interrupted(message);
}

/** Installs the one SIGINT handler of the process (idempotent). */
export function installInterruptHandler(write: (s: string) => void = (s) => { process.stderr.write(s); }, exit: (code: number) => void = (c) => process.exit(c)): void {
  if (installed) return;
  installed = true;
  const handler = (): void => {
    hits++;
    // a command with its own SIGINT listener stops itself the first time
    if (!controller && hits === 1 && process.listeners('SIGINT').some((l) => l !== handler)) return;
    if (!controller || hits > 1) {
      write(`\ntplsync: interrupted${hits > 1 ? ' again; stopping now' : ''}\n`);
      exit(EXIT_INTERRUPTED);
      return;
    }
    write('\ntplsync: interrupted; finishing what is in flight, starting nothing new (Ctrl-C again to stop at once)\n');
    controller.abort();
  };
  process.on('SIGINT', handler);
}
