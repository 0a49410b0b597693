// What a command module declares: its name, its arguments, options and help (commander, typed by
// @commander-js/extra-typings), and a run function typed by those declarations. The command's
// own code is loaded by `run` when the command runs, so `--help` and the other commands never
// load it; a declared option that the code does not take, or takes with another type, is a
// compile error rather than a cast.
import { Command, type CommandUnknownOpts, type OptionValues } from '@commander-js/extra-typings';

/** The options every command takes, before or after the command's name. */
export function withGlobalOptions<A extends unknown[], O extends OptionValues>(c: Command<A, O>) {
  return c
    .option('--config <file>', 'config file (default: found from the working directory: tplsync.config.yaml, .tplsyncrc, package.json#tplsync)')
    .option('--env <name>', 'environment from the config (default: defaultEnvironment)')
    .option('--debug', 'print one line per HTTP attempt (never a header) and the stack trace of an internal error');
}

/** The global options as commander parses them. */
export type GlobalOptions = ReturnType<ReturnType<typeof withGlobalOptions<[], {}>>['opts']>;

/** A command under the `tplsync` program, before its own arguments and options. */
export type BareCommand = Command<[], {}, GlobalOptions>;

export interface CommandModule {
  name: string;
  alias?: string;
  /** the command's description, arguments, options and help on `c` (also used by the docs generator) */
  define(c: BareCommand): CommandUnknownOpts;
  /** adds the command to `program`; when it runs, `done` receives its exit code */
  install(program: Command<[], GlobalOptions>, done: (code: number) => void): void;
}

/**
 * A command: `define` declares what it takes, `run` gets the parsed arguments and the command's
 * options over the global ones, with the types the declarations give.
 */
export function defineCommand<A extends unknown[], O extends OptionValues>(
  name: string,
  define: (c: BareCommand) => Command<A, O, GlobalOptions>,
  run: (args: A, o: GlobalOptions & O) => Promise<number>,
  alias?: string,
): CommandModule {
  return {
    name,
    ...(alias ? { alias } : {}),
    define,
    install(program, done) {
      const cmd = define(program.command(name));
      if (alias) cmd.alias(alias);
      cmd.action(async () => { done(await run(cmd.processedArgs, { ...program.opts(), ...cmd.opts() })); });
    },
  };
}

/** For a repeatable option: every value given, in order. */
export const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

/** `--lock-timeout`, for the commands that write template files (the project's write lock, docs/outputs.md). */
export const LOCK_TIMEOUT_FLAGS = '--lock-timeout <duration>';
export const LOCK_TIMEOUT_HELP = 'while another tplsync writes this project\'s template files, wait up to this long (30s, 2m; seconds when bare) before giving up (default: 0, refuse at once)';
