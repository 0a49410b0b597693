// `tplsync lint`: its arguments, options and help; the work is in src/cli/lint.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { docsAt } from '../../core/version.js';
import { FORMAT_NAMES } from '../../lint/formatters/load.js';
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';
import { commandAt } from '../slips.js';

export const command = defineCommand(
  'lint',
  (c) => c
    .description('check template files against the JSON Schema and the WhatsApp and RCS platform rules')
    .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates` globs)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(FORMAT_NAMES).default('stylish' as const))
    .option('-o, --output <file>', 'write the report to a file instead of stdout')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
    .option('--cache', 'reuse the results of unchanged files (.tplsync/lint-cache.json next to the config)')
    .option('--cache-location <file>', 'where the cache lives (implies --cache)')
    .option('--fix', 'repair what a rule can repair with certainty (renumber placeholders, add sample stubs, regroup quick replies, write an RCS suggestion in Google\'s RBM shape flat, ...), writing each file atomically; then report, for every file with findings, what is left and why')
    .option(LOCK_TIMEOUT_FLAGS, `with --fix: ${LOCK_TIMEOUT_HELP}`)
    .addHelpText('after', () => `\nInline suppression: # tplsync-disable-next-line RULE-ID -- reason\nRules: ${docsAt('docs/rules.md')}\n\n${EXIT_HELP}`),
  async ([paths], o) => (await import('../lint.js')).lintCommand(paths, o),
);

/**
 * A lint command line that commander refused (an unknown option, a format not among the choices, a
 * missing value: exit 3 before lint runs) leaves no earlier run's report in its -o file either
 * (lint.ts's replaceStaleReport, as for a config error): the argv read here as commander would,
 * for the command and its -o and --format. `globalsWithValue`: the program's options that take a value.
 */
export async function staleReportAfterParseError(argv: readonly string[], message: string, globalsWithValue: ReadonlySet<string>): Promise<void> {
  const i = commandAt(argv, globalsWithValue);
  if (i === undefined || argv[i] !== 'lint') return;
  let output: string | undefined;
  let format = 'stylish';
  for (let k = i + 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') break;
    const value = (long: string, short: string): string | undefined => {
      if (a === long || a === short) return argv[++k];
      if (a.startsWith(`${long}=`)) return a.slice(long.length + 1);
      if (a.startsWith(short) && a.length > short.length && !a.startsWith('--')) return a.slice(short.length);
      return undefined;
    };
    const o = value('--output', '-o');
    if (o !== undefined) { output = o; continue; }
    const f = value('--format', '-f');
    if (f !== undefined) format = f;
  }
  if (output === undefined || output === '' || output === '-') return;
  (await import('../lint.js')).replaceStaleReport(output, format, message.replace(/^error: /, ''));
}
