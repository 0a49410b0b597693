// The command line: options and help of every command; each command module loads on demand.
import { Command, CommanderError } from '@commander-js/extra-typings';
import { UsageError } from '../core/errors.js';
import { EXIT, EXIT_HELP } from '../core/exit-codes.js';
import { installInterruptHandler, interruptExitCode, wasInterrupted } from '../core/interrupt.js';
import { installRedaction } from '../core/redact.js';
import { routeProjectConsole } from '../core/project-console.js';
import { takeSecretsOutOfEnv } from '../core/secret-env.js';
import { settleColorEnv } from '../terminal/output.js';
import { toolVersion } from '../core/version.js';
import { visible } from '../core/visible.js';
import { systemError } from '../core/system-error.js';
import { withGlobalOptions, type CommandModule } from './command.js';
import { refuseTranslationFileSlip } from './slips.js';
import { command as init } from './commands/init.js';
import { command as lint, staleReportAfterParseError } from './commands/lint.js';
import { command as plan } from './commands/plan.js';
import { command as apply } from './commands/apply.js';
import { command as pull } from './commands/pull.js';
import { command as export_ } from './commands/export.js';
import { command as types } from './commands/types.js';
import { command as send } from './commands/send.js';
import { command as promote } from './commands/promote.js';
import { command as review } from './commands/review.js';
import { command as status } from './commands/status.js';
import { command as fmt } from './commands/fmt.js';
import { command as lsp } from './commands/lsp.js';
import { command as translations } from './commands/translations.js';
import { command as new_ } from './commands/new.js';
import { command as preview } from './commands/preview.js';
import { command as comment } from './commands/comment.js';
import { command as emulator } from './commands/emulator.js';
import { io } from '../core/io.js';

/** Every command, in the order of the help: each module declares its options and its typed run function. */
export const COMMANDS: readonly CommandModule[] = [
  init, lint, plan, apply, pull, export_, types, send, promote, review, status, fmt, lsp, translations, new_, preview, comment, emulator,
];

/** The options every command takes (before or after the command's name), as the help shows them. */
export const GLOBAL_OPTIONS: readonly (readonly [flags: string, description: string])[] =
  withGlobalOptions(new Command()).options.map((o) => [o.flags, o.description] as const);

export async function main(argv: readonly string[]): Promise<number> {
  installRedaction(); // every command's stdout and stderr: no key or token a server echoes gets out
  routeProjectConsole(); // what a JavaScript config or a policy plugin prints goes to stderr, masked: stdout is a report's or the language server's
  takeSecretsOutOfEnv(); // an environment's key, once read, is gone from the environment: a policy plugin (repository code) does not find it there
  settleColorEnv(); // NO_COLOR beside FORCE_COLOR: the environment says what tplsync does, and Node warns of no 'NO_COLOR ignored'
  installInterruptHandler(); // Ctrl-C and SIGTERM: exit 130 / 143; commands that can stop cleanly finish what is in flight first
  let code: number = EXIT.OK;
  const program = withGlobalOptions(new Command('tplsync')
    .description('Messaging templates as code: lint, plan and apply WhatsApp and RCS templates of the partner messaging API.')
    .version(toolVersion(), '-V, --version'))
    .addHelpText('after', `\n${EXIT_HELP}`)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io().stdout.write(s), writeErr: (s) => io().stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');
  for (const c of COMMANDS) c.install(program, (exit) => { code = exit; });

  try {
    // a translation file given to pull (import): the command meant, before commander asks for pull's options
    refuseTranslationFileSlip(argv, pull, new Set(program.options.filter((x) => x.required || x.optional).flatMap((x) => [x.long, x.short].filter((f): f is string => f !== undefined))));
    await program.parseAsync([...argv], { from: 'user' });
    // a signal that came during synchronous work (a lint, the types) is delivered now, and its exit
    // code wins over the command's: an interrupted command never reports success
    await new Promise<void>((resolve) => setImmediate(resolve));
    return wasInterrupted() && (code === EXIT.OK || code === EXIT.UNAVAILABLE) ? interruptExitCode() : code;
  } catch (e) {
    // a lint command line commander refused: its -o file does not keep an earlier run's report
    if (e instanceof CommanderError && handleError(e, false) === EXIT.USAGE) {
      const withValue = new Set(program.options.filter((x) => x.required || x.optional).flatMap((x) => [x.long, x.short].filter((f): f is string => f !== undefined)));
      await staleReportAfterParseError(argv, e.message, withValue);
    }
    const handled = handleError(e, Boolean(program.opts().debug) || argv.includes('--debug'));
    // a request not tried again because the run was interrupted: the run was stopped, the API was not down
    return wasInterrupted() && handled === EXIT.UNAVAILABLE ? interruptExitCode() : handled;
  }
}

export function handleError(e: unknown, debug: boolean): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return EXIT.OK;
    // the help shown for want of a command (`tplsync`, `tplsync translations`: a CI step whose command
    // expanded to nothing) is a usage error; `tplsync help` asked for it
    if (e.code === 'commander.help') return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    return EXIT.USAGE;
  }
  if (e instanceof UsageError) {
    io().stderr.write(`tplsync: ${visible(e.message)}\n`);
    return EXIT.USAGE;
  }
  // Ctrl-C at a question (init's prompts, apply's "Type yes"): the user stopped; nothing was written
  if (isPromptInterrupt(e)) {
    io().stderr.write('\ntplsync: interrupted at the question; nothing was written\n');
    return interruptExitCode();
  }
  const coded = e as { exitCode?: number; message?: string };
  if (typeof coded.exitCode === 'number' && coded.exitCode !== EXIT.INTERNAL) {
    io().stderr.write(`tplsync: ${visible(String(coded.message))}\n`);
    return coded.exitCode;
  }
  // the machine refused a file (a full disk, a size limit, a read-only folder): not a bug of tplsync, and the message says which file
  const system = systemError(e);
  if (system) {
    io().stderr.write(`tplsync: ${visible(system)}\n`);
    return EXIT.USAGE;
  }
  // an answer of the server outside the API's contract (a wrong shape, too large, nested without end): exit 70 as the table has it, but not tplsync's bug to report
  if ((e as Error)?.name === 'ContractError') {
    io().stderr.write(`tplsync: the API answered outside its contract: ${visible((e as Error).message)}\nThe server's answer, not tplsync, is at fault: check the environment's baseUrl; if it is right, tell the API's provider (--debug shows each request).\n`);
    return EXIT.INTERNAL;
  }
  io().stderr.write(`tplsync: internal error: ${visible((e as Error)?.message ?? String(e))}\n`);
  if (debug && (e as Error)?.stack) io().stderr.write(`${(e as Error).stack}\n`);
  else io().stderr.write('This is a bug in tplsync; run again with --debug for the stack trace and report it.\n');
  return EXIT.INTERNAL;
}

/** Ctrl-C while a question waits: inquirer's ExitPromptError, or readline's AbortError ("Aborted with Ctrl+C"). */
function isPromptInterrupt(e: unknown): boolean {
  const x = e as { name?: string; code?: string; message?: string } | undefined;
  return x?.name === 'ExitPromptError' || (x?.code === 'ABORT_ERR' && /ctrl\+c/i.test(x.message ?? ''));
}
