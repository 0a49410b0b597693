// `tplsync status`: its arguments, options and help; the work is in src/cli/status.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'status',
  (c) => c
    .description('delivery status of a send: receiver, user and status in words')
    .argument('<clientMessageId>', 'the id printed by tplsync send')
    .option('--limit <n>', 'page size (1 to 1000; the service default is 500)')
    .option('--cursor <cursor>', 'the page after this cursor (from the previous page)')
    .option('--all', 'follow next_cursor to the last page')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['table', 'json']).default('table'))
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async ([id], o) => (await import('../status.js')).statusCommand(id, o),
);
