// `tplsync export`: its arguments, options and help; the work is in src/cli/export.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { collect, defineCommand } from '../command.js';

export const command = defineCommand(
  'export',
  (c) => c
    .description('the template files in another platform\'s format: --to meta writes the bodies of Meta\'s create-template requests, --to twilio Twilio\'s Content create requests with their WhatsApp approval requests (pull --from reads either back)')
    .argument('[paths...]', 'template files, directories or globs (default: the config\'s `templates`)')
    .addOption(new Option('--to <format>', 'the platform\'s format').choices(['meta', 'twilio']).makeOptionMandatory())
    .option('--out <file>', 'write the JSON to this file instead of stdout')
    .option('--channel <alias>', 'only the templates of this channel alias or id (repeatable; default: every channel): one WhatsApp Business Account holds one template per name and language', collect)
    .addHelpText('after', `\n${EXIT_HELP}`),
  async ([paths], o) => (await import('../export.js')).exportCommand(paths, o),
);
