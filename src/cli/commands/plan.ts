// `tplsync plan`: its arguments, options and help; the work is in src/cli/plan.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'plan',
  (c) => c
    .description('show what apply would change: create, update, noop, orphan, with field-level diffs')
    .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
    .option('--out <file>', 'save the plan for `tplsync apply FILE` (refused later if anything moved)')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('-o, --output <file>', 'write the rendering to a file instead of stdout')
    .option('--detailed-exitcode', 'exit 2 when there are changes (0 when none); orphans reported (--orphans, --base) count as changes; 5, with it or without, when apply would skip an update')
    .option('--wait', 'plan as `apply --wait` runs: an edit of a template in review is written once the review ends, so it is no skip (no exit 5); other skips still exit 5')
    .option('--wait-timeout <duration>', 'with --wait: the --wait-timeout apply --wait will run with, seconds when bare (600), or 20s, 10m, 1h, as apply\'s: an edit whose edit allowance (used up by the edit under review) allows an edit again within it counts as written, not as a skip')
    .option('--parallelism <n>', 'templates read at once', '8')
    .option('--shard <i/n>', 'plan only shard I of N (a CI matrix): the I-th of N slices of the templates sorted by channel/name/language; sizes differ by at most one')
    .option('--base <ref>', 'git ref of the last applied files: report orphans and category changes (default for categories: the merge base of HEAD with its upstream branch)')
    .option('--orphans', 'report the templates the channels\' listing names that no file defines (needs environments.<env>.list in the config; no --base needed)')
    .option('--orphans-if-listed', 'as --orphans when the environment has environments.<env>.list, else a note that the channels\' own templates are not looked for (the drift workflow\'s)')
    .option('--marker <text>', 'hidden marker of the markdown comment (default tplsync-plan:<env>)')
    .option('--preview-url <url>', 'with --format markdown: link the comment to the before/after site of `preview --changes` (e.g. its workflow artifact)')
    .option('--verbose', 'list unchanged templates too')
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async ([paths], o) => (await import('../plan.js')).planCommand(paths, o),
);
