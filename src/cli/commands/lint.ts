// `tplsync lint`: its arguments, options and help; the work is in src/cli/lint.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { docsAt } from '../../core/version.js';
import { FORMAT_NAMES } from '../../lint/formatters/load.js';
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';

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
