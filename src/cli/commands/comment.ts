// `tplsync comment`: its arguments, options and help; the work is in src/cli/comment.ts, loaded when it runs.
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'comment',
  (c) => c
    .description('post a Markdown file (the plan) as a pull-request comment, updating the earlier one in place')
    .requiredOption('--body-file <file>', 'the Markdown to post (e.g. from tplsync plan --format markdown)')
    .option('--marker <text>', 'the hidden marker that finds the earlier comment (default: the one the body file starts with, as plan --format markdown writes it; else tplsync-plan)')
    .option('--repo <owner/name>', 'default: $GITHUB_REPOSITORY')
    .option('--pr <n>', 'default: the pull request of the workflow event ($GITHUB_EVENT_PATH)')
    .option('--allow-insecure-http', 'allow a non-loopback http:// $GITHUB_API_URL')
    .addHelpText('after', '\nThe token comes from $GITHUB_TOKEN, the API from $GITHUB_API_URL (default https://api.github.com).'),
  async (_args, o) => (await import('../comment.js')).commentCommand(o),
);
