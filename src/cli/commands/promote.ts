// `tplsync promote`: its arguments, options and help; the work is in src/cli/promote.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'promote',
  (c) => c
    .description('plan an environment for the templates another environment has APPROVED as the files have them; the rest are held, each with why')
    .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
    .requiredOption('--from <env>', 'the source environment, whose review is the gate (e.g. staging)')
    .requiredOption('--to <env>', 'the environment to plan (e.g. production)')
    .option('--out <file>', 'save the promotion for `tplsync apply FILE` (refused later if the source or the target moved)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
    .option('--detailed-exitcode', 'exit 2 when there is something to promote, or a template the target does not approve')
    .option('--marker <text>', 'hidden marker of the markdown comment (default tplsync-promote:<from>:<to>)')
    .option('--parallelism <n>', 'templates read at once', '8')
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async ([paths], o) => (await import('../promote.js')).promoteCommand(paths, o),
);
