// `tplsync apply`: its arguments, options and help; the work is in src/cli/apply.ts, loaded when it runs.
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'apply',
  (c) => c
    .description('write the changes: from a saved plan (refused if stale), or plan the files and apply')
    .argument('[planOrPaths...]', 'a plan file from `plan --out`, or template paths')
    .option('--auto-approve', 'do not ask for confirmation (required when stdin is not a terminal)')
    .option('--parallelism <n>', 'templates written at once', '8')
    .option('--results <file>', 'write the per-template results as JSON')
    .option('--wait', 'follow the review until each template is APPROVED or REJECTED')
    .option('--wait-timeout <duration>', 'give up waiting for the reviews after this long: seconds when bare (600), or 20s, 10m, 1h (counted from the end of the writes: quota waits do not count)', '600')
    .option('--no-wait-for-quota', 'when a channel\'s creation quota (environments.<env>.createQuota) is used up, stop creating and report what is left (exit 5) instead of waiting for the next window')
    .option('--base <ref>', 'git ref of the last applied files: carries category changes (default: the merge base of HEAD with its upstream branch)')
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async ([planOrPaths], o) => (await import('../apply.js')).applyCommand(planOrPaths, o),
);
