// `tplsync types`: its arguments, options and help; the work is in src/cli/types.ts, loaded when it runs.
import { EXIT_HELP } from '../../core/exit-codes.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'types',
  (c) => c
    .description('generate the TypeScript module of every template\'s placeholders (TemplateKey, TemplateParams, sendTemplate)')
    .option('--out <file>', 'where to write it (default: typesOut of the config, tplsync-templates.ts); - writes it to stdout')
    .option('--check', 'write nothing; exit 1 when the file is stale, naming the templates that changed (parameters apart)')
    .option('--import-from <module>', 'where the module imports tplsync from (a path alias, a re-export): recorded in its first line, and kept by a re-run and --check without it (default: what the module at --out was made with, else tplsync)')
    .addHelpText('after', `\n${EXIT_HELP}`),
  async (_args, o) => (await import('../types.js')).typesCommand(o),
);
