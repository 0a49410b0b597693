// One signal policy for every command: SIGINT (Ctrl-C) and SIGTERM (how CI systems cancel a job).
// Work that can stop cleanly asks for `interruptSignal()`; the first signal then aborts it (what is
// in flight finishes, nothing new starts, the results are written) and the command ends with 130
// (SIGINT) or 143 (SIGTERM). A command that asked for no signal ends at once with that code,
// unless it listens for the signal itself (the emulator and preview --serve stop their servers);
// a second signal always ends at once. Long synchronous loops call `yieldToSignals()` now and then,
// so that a signal is seen while they run, and never after they went on to the end.

import { EXIT } from './exit-codes.js';
import { io, runState } from './io.js';

/** Exit code of interrupted work (the table of DESIGN.md). */
export const EXIT_INTERRUPTED = EXIT.INTERRUPTED;
/** Exit code of work ended by SIGTERM (128 + 15, as shells report it). */
export const EXIT_TERMINATED = EXIT.TERMINATED;

/**
 * The interrupt state of a run (core/io.ts runState): the process's, which its signal handler
 * sets; an in-process run (the tests) has its own, which no signal reaches.
 */
interface InterruptState { received?: 'SIGINT' | 'SIGTERM' | undefined; controller?: AbortController | undefined; hits: number; lastWords?: Set<() => void> }
const STATE = Symbol('interrupt');
const state = (): InterruptState => runState(STATE, () => ({ hits: 0 }));

/** The exit code of an interruption: 143 after SIGTERM, 130 after SIGINT (and by default). */
export function interruptExitCode(): number {
  return state().received === 'SIGTERM' ? EXIT_TERMINATED : EXIT_INTERRUPTED;
}

/** Whether a signal was received (and handled) by now. */
export function wasInterrupted(): boolean {
  return state().received !== undefined;
}

/**
 * Lets the event loop deliver a pending signal, then throws Interrupted when one came: for
 * synchronous loops over many files (fmt, lint), every so many files.
 */
export async function yieldToSignals(message = 'interrupted'): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (state().received) throw new Interrupted(message);
}

/** Work stopped by Ctrl-C: exit 130, with what was (not) done in the message. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  readonly exitCode: number;
  constructor(message = 'interrupted') { super(message); this.exitCode = interruptExitCode(); }
}

/**
 * What must still be done, synchronously, when a second signal ends the process at once (apply
 * writes its --results with what it knows). Returns the function that takes it back.
 */
export function onHardStop(fn: () => void): () => void {
  const s = state();
  (s.lastWords ??= new Set()).add(fn);
  return () => { s.lastWords?.delete(fn); };
}

/** runs the hard stop's last words: one that fails does not keep the others from running, nor the process from ending */
function lastWords(s: InterruptState): void {
  for (const fn of s.lastWords ?? []) { try { fn(); } catch { /* the process ends all the same */ } }
}

let installed = false;

/** a first signal to work that stops cleanly: said, and its signal aborted (what is in flight finishes, nothing new starts) */
function firstSignal(controller: AbortController, what: string, write: (s: string) => void): void {
  write(`\ntplsync: ${what}; finishing what is in flight, starting nothing new (a second signal stops at once)\n`);
  controller.abort();
}

/**
 * A first SIGINT (or SIGTERM) to the current run, taken as the process's handler takes one: said, then the work that
 * asked for interruptSignal() stops cleanly (exit 130 or 143). For a run in this process (core/io.ts runWithIo), which
 * no signal of the process reaches: an embedding's cancel, and the tests of what a Ctrl-C shows on a terminal.
 */
export function interruptRun(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT'): void {
  const s = state();
  s.hits++;
  s.received ??= signal;
  s.controller ??= new AbortController();
  firstSignal(s.controller, s.received === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted', (t) => { io().stderr.write(t); });
}

/** The signal that the first Ctrl-C aborts. Asking for it means "I stop cleanly". */
export function interruptSignal(): AbortSignal {
  const s = state();
  s.controller ??= new AbortController();
  return s.controller.signal;
}

/** Throws Interrupted (with what `nothingDone` says) when the signal was aborted. */
export function throwIfInterrupted(signal: AbortSignal | undefined, message: string): void {
  if (signal?.aborted) throw new Interrupted(message);
}

/**
 * Installs the one SIGINT and SIGTERM handler of the process (idempotent). Not from an in-process
 * run (core/io.ts): signals belong to the process, and the run leaves no listener behind.
 */
export function installInterruptHandler(write: (s: string) => void = (s) => { process.stderr.write(s); }, exit: (code: number) => void = (c) => process.exit(c)): void {
  if (installed || !io().isProcess) return;
  installed = true;
  const s = state();
  const handler = (signal: NodeJS.Signals): void => {
    s.hits++;
    const { controller, hits } = s;
    // a command with its own listener for this signal stops itself the first time (and exits as it says)
    if (!controller && hits === 1 && process.listeners(signal).some((l) => l !== handler)) return;
    s.received ??= signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT';
    const what = s.received === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted';
    if (!controller || hits > 1) {
      // a second signal said as the one that came (SIGINT after SIGTERM is "interrupted"), the exit code the first's
      write(`\ntplsync: ${hits > 1 ? `${signal === 'SIGTERM' ? 'terminated (SIGTERM)' : 'interrupted'} again; stopping now` : what}\n`);
      lastWords(s);
      exit(interruptExitCode());
      return;
    }
    firstSignal(controller, what, write);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
