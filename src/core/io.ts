// Effects: what a run of the command line reads and writes of its process (stdout, stderr, stdin,
// the working directory, the environment, the arguments) as one context. By default it is the
// process itself; `runWithIo` runs a function with an I/O of its own (AsyncLocalStorage), which
// every async step the function starts inherits: the tests run the CLI's `main` in their own
// process this way, several runs at once, each with its own streams, directory and variables.
//
// The rule that makes it hold: src/ reads none of these from `process` directly, but from `io()`
// (test/io-context.test.ts fails on a `process.cwd()`, `process.env`, `process.stdout`, ... or a
// path resolved against the process's directory outside the few places that mean the process
// itself: the bin, signals, the LSP's file descriptors, the emulator). What modules keep between
// calls for one run (the secrets to redact, the interrupt state, the files refused) lives in
// `runState`, so that a run leaves nothing behind for the next.
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';

/** An output stream as the commands use it: written to, and asked whether it is a terminal. */
export interface OutStream extends NodeJS.WritableStream { isTTY?: boolean; columns?: number }
/** An input stream as the commands use it (apply's question, init's prompts, lsp). */
export interface InStream extends NodeJS.ReadableStream { isTTY?: boolean }

export interface Io {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly stdin: InStream;
  /** the variables the run sees (a run's own copy, or the process's) */
  readonly env: NodeJS.ProcessEnv;
  /** the command line's arguments (after `tplsync`) */
  readonly args: readonly string[];
  /** the working directory: relative paths of the run resolve against it, never against the process's */
  cwd(): string;
  /** true only for the process itself: signals, exit codes and file descriptors are its alone */
  readonly isProcess: boolean;
  /** what modules keep for the length of a run (runState) */
  readonly state: Map<symbol, unknown>;
}

const processState = new Map<symbol, unknown>();
const processIo: Io = {
  get stdout() { return process.stdout; },
  get stderr() { return process.stderr; },
  get stdin() { return process.stdin; },
  get env() { return process.env; },
  get args() { return process.argv.slice(2); },
  cwd: () => process.cwd(),
  isProcess: true,
  state: processState,
};

const storage = new AsyncLocalStorage<Io>();

/** The I/O of the current run: its own when started by `runWithIo`, else the process's. */
export function io(): Io {
  return storage.getStore() ?? processIo;
}

/** What a run is given: streams, an absolute working directory, variables, arguments. */
export interface IoInit {
  stdout: OutStream;
  stderr: OutStream;
  stdin: InStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
  args?: readonly string[];
}

/** Runs `fn` with an I/O of its own (and fresh run state); whatever `fn` starts inherits it. */
export function runWithIo<T>(init: IoInit, fn: () => T): T {
  const cwd = init.cwd;
  const own: Io = {
    stdout: init.stdout, stderr: init.stderr, stdin: init.stdin, env: init.env, args: init.args ?? [],
    cwd: () => cwd, isProcess: false, state: new Map(),
  };
  return storage.run(own, fn);
}

/** The state `key` of the current run, made by `make` on first use in the run. */
export function runState<T>(key: symbol, make: () => T): T {
  const state = io().state;
  if (!state.has(key)) state.set(key, make());
  return state.get(key) as T;
}

/**
 * `p` as an output names it: relative to the run's working directory when it lies there or in the project (`projectDir`),
 * else absolute (`--out /tmp/x.json` is /tmp/x.json, not ../../../../tmp/x.json)
 */
export function shownPath(p: string, projectDir?: string): string {
  const abs = resolvePath(p);
  const rel = path.relative(io().cwd(), abs);
  if (!rel) return abs;
  const within = (r: string): boolean => r !== '..' && !r.startsWith(`..${path.sep}`) && !path.isAbsolute(r);
  return within(rel) || (projectDir !== undefined && within(path.relative(resolvePath(projectDir), abs))) ? rel : abs;
}

/** `p` as an absolute path: resolved against the run's working directory (never the process's, unless they are one). */
export function resolvePath(p: string): string {
  return path.resolve(io().cwd(), p);
}
