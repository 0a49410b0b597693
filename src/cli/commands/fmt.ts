// `tplsync fmt`: its arguments, options and help; the work is in src/cli/fmt.ts, loaded when it runs.
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';

export const command = defineCommand(
  'fmt',
  (c) => c
    .description('rewrite template files in the canonical layout and key order, keeping comments')
    .argument('[paths...]', 'files, directories or globs (default: the config\'s `templates`)')
    .option('--check', 'write nothing; list the files that would change and exit 1')
    .option(LOCK_TIMEOUT_FLAGS, `without --check: ${LOCK_TIMEOUT_HELP}`),
  async ([paths], o) => (await import('../fmt.js')).fmtCommand(paths, o),
);
