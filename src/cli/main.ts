// The command line: options and help of every command; each command module loads on demand.
import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../config/errors.js';
import { EXIT, EXIT_HELP } from './exit-codes.js';
import { toolVersion } from './version.js';

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('tplsync');
  let code: number = EXIT.OK;
  const run = (fn: () => Promise<number>) => async () => { code = await fn(); };
  program
    .description('Messaging templates as code: lint, plan and apply WhatsApp and RCS templates of the partner messaging API.')
    .version(toolVersion(), '-V, --version')
    .option('--config <file>', 'config file (default: found from the working directory: tplsync.config.yaml, .tplsyncrc, package.json#tplsync)')
    .option('--env <name>', 'environment from the config (default: defaultEnvironment)')
    .option('--debug', 'print stack traces of internal errors')
    .addHelpText('after', `\n${EXIT_HELP}`)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run with --help for usage)');

  program.command('lint')
    .description('check template files against the JSON Schema and the WhatsApp and RCS platform rules')
    .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates` globs)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['stylish', 'json', 'sarif', 'github', 'markdown']).default('stylish'))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
    .addHelpText('after', `\nInline suppression: # tplsync-disable-next-line RULE-ID -- reason\nRules: docs/rules.md\n\n${EXIT_HELP}`)
    .action(function (this: Command, paths: string[]) {
      return run(async () => (await import('./lint.js')).lintCommand(paths, { ...program.opts(), ...this.opts() }))();
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (e) {
    return handleError(e, Boolean(program.opts().debug) || argv.includes('--debug'));
  }
}

export function handleError(e: unknown, debug: boolean): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.OK;
    return EXIT.USAGE;
  }
  if (e instanceof UsageError) {
    process.stderr.write(`tplsync: ${e.message}\n`);
    return EXIT.USAGE;
  }
  const coded = e as { exitCode?: number; message?: string };
  if (typeof coded.exitCode === 'number' && coded.exitCode !== EXIT.INTERNAL) {
    process.stderr.write(`tplsync: ${coded.message}\n`);
    return coded.exitCode;
  }
  process.stderr.write(`tplsync: internal error: ${(e as Error)?.message ?? String(e)}\n`);
  if (debug && (e as Error)?.stack) process.stderr.write(`${(e as Error).stack}\n`);
  else process.stderr.write('This is a bug in tplsync; run again with --debug for the stack trace and report it.\n');
  return EXIT.INTERNAL;
}
