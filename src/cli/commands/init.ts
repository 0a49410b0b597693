// `tplsync init`: its arguments, options and help; the work is in src/cli/init.ts, loaded when it runs.
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'init',
  (c) => c
    .description('start a project here: config (embedded emulator + production skeleton), CI workflows, a first template; never overwrites')
    .option('--channel <alias>', 'alias of the first channel (default: asked on a terminal, else "whatsapp")')
    .option('--kind <whatsapp|rcs>', 'what that channel is (default: asked on a terminal, else rcs for an alias with "rcs" in it, whatsapp otherwise); the first template fits it')
    .option('--code-scanning', 'the pull-request workflow also uploads the lint findings to GitHub code scanning (SARIF); a private repository needs GitHub Advanced Security for it')
    .option('-y, --yes', 'ask nothing; take the defaults and the flags')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async (_args, o) => (await import('../init.js')).initCommand(o),
);
