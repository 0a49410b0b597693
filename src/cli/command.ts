// What a command module declares: its name, its arguments, options and help (commander, typed by
// @commander-js/extra-typings), and a run function typed by those declarations. The command's
// own code is loaded by `run` when the command runs, so `--help` and the other commands never
// load it; a declared option that the code does not take, or takes with another type, is a
// compile error rather than a cast.
import { Command, type CommandUnknownOpts, type OptionValues } from '@commander-js/extra-typings';
import { searchPlacesShown } from '../core/search-places.js';
import { UsageError } from '../core/errors.js';

/** The options every command takes, before or after the command's name. */
export function withGlobalOptions<A extends unknown[], O extends OptionValues>(c: Command<A, O>) {
  return c
    .option('--config <file>', `config file (default: found from the working directory up: ${searchPlacesShown()}; a folder with two or more of them is refused, exit 3, unless this option chooses one)`)
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
      cmd.action(async () => {
        refuseEmptyValues(cmd, [program, cmd]);
        done(await run(cmd.processedArgs, { ...program.opts(), ...cmd.opts() }));
      });
    },
  };
}

/** For a repeatable option: every value given, in order. */
export const collect = (v: string, prev: string[] = []): string[] => [...prev, v];

/** `--lock-timeout`, for the commands that write template files (the project's write lock, docs/outputs.md). */
export const LOCK_TIMEOUT_FLAGS = '--lock-timeout <duration>';
export const LOCK_TIMEOUT_HELP = 'while another tplsync writes this project\'s template files, wait up to this long (30s, 2m; seconds when bare) before giving up (default: 0, refuse at once)';

/** The options whose empty value means something, given as such (`emptyAllowed`): not refused by `refuseEmptyValues`. */
const EMPTY_ALLOWED = new WeakSet<object>();

/**
 * Marks an option (`.addOption(emptyAllowed(new Option(...)))`) whose empty value the command
 * takes as a value of its own, so that `--flag ""` reaches it. No option of tplsync has one today:
 * each was checked (an empty --marker, --import-from, --preview-url, --cursor, --text means nothing
 * the command could do, or silently the default), and each is refused as any other is.
 */
export function emptyAllowed<T extends object>(option: T): T {
  EMPTY_ALLOWED.add(option);
  return option;
}

// what each placeholder of the options' flags names (or the option, where its placeholder says less), for the message (else "a value for <placeholder>")
const NEEDS: Readonly<Record<string, string>> = {
  '--env': 'an environment name', file: 'a file name', dir: 'a folder name', path: 'a path', name: 'a name', env: 'an environment name', ref: 'a git ref',
  alias: 'a channel alias', n: 'a number', uuid: 'a UUID', url: 'an address', text: 'a text', format: 'a format', duration: 'a duration (30s, 2m)',
};

const blank = (v: unknown): v is string => typeof v === 'string' && v.trim() === '';
const got = (v: string): string => (v === '' ? 'an empty string' : `only blanks (${JSON.stringify(v)})`);

/**
 * An option's value or an argument that is the empty string (or only blanks) is a usage error, for
 * every command, before the command reads or writes anything: a CI step's `--out "$PLAN"` or
 * `apply "$PLAN"` with the variable unset or misspelt was taken as no option or no argument at
 * all (no plan saved, exit 0; the working tree planned afresh and applied instead of the reviewed
 * plan). Only what the command line gave is looked at (not a default), in `commands` (the program,
 * for the global options, and the command).
 */
export function refuseEmptyValues(cmd: CommandUnknownOpts, commands: readonly CommandUnknownOpts[]): void {
  for (const c of commands) {
    for (const option of c.options) {
      if (EMPTY_ALLOWED.has(option)) continue;
      const key = option.attributeName();
      const source = c.getOptionValueSource(key);
      if (source === undefined || source === 'default' || source === 'implied') continue;
      const value: unknown = c.getOptionValue(key);
      const empty = (Array.isArray(value) ? value : [value]).find(blank);
      if (empty === undefined) continue;
      const placeholder = /<([^>]*)>/.exec(option.flags)?.[1]?.replace(/\.\.\.$/, '') ?? '';
      throw new UsageError(`${option.long ?? option.short} needs ${NEEDS[option.long ?? ''] ?? NEEDS[placeholder] ?? `a value for <${placeholder}>`}, got ${got(empty)}: is a variable unset?`);
    }
  }
  const declared = cmd.registeredArguments;
  cmd.args.forEach((a, i) => {
    if (!blank(a)) return;
    const arg = declared[Math.min(i, declared.length - 1)];
    throw new UsageError(`${cmd.name()}: an argument is ${got(a)}${arg?.description ? `, where ${cmd.name()} takes ${arg.description}` : ''}: is a variable unset?`);
  });
}
