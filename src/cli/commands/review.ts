// `tplsync review`: its arguments, options and help; the work is in src/cli/review.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'review',
  (c) => c
    .description('every template of an environment with its life on the channel: state, quality, pauses, edits left, rejection reason and recommendation, and what to do')
    .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
    .option('--parallelism <n>', 'templates read at once', '8')
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\nExit 0 when every template is APPROVED; 2 when any is not (PENDING, absent, REJECTED, PAUSED, ...) or its category differs.\n\n${EXIT_HELP}`),
  async ([paths], o) => (await import('../review.js')).reviewCommand(paths, o),
);
