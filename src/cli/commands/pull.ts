// `tplsync pull`: its arguments, options and help; the work is in src/cli/pull.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';

export const command = defineCommand(
  'pull',
  (c) => c
    .description('adopt existing templates into files (keeping their publicId): by id, or every template of a channel; or from a Meta or Twilio export file')
    .argument('[files...]', 'with --from: the export files (JSON) to read')
    .requiredOption('--channel <alias>', 'channel alias (or UUID)')
    .addOption(new Option('--from <format>', 'read the templates from export FILES in this platform\'s own JSON instead of the channel').choices(['meta', 'twilio']))
    .option('--id <uuid...>', 'template ids (several after one --id, or --id repeated)')
    .option('--all', 'every template the channel\'s listing names (needs environments.<env>.list in the config), but those the files already manage')
    .option('--names-from <meta-and-files...>', 'meta FILE...: the placeholder names of the pulled templates (from the channel, or --from an export that numbers them, as Twilio\'s does) from a Meta export of them (by name and language, where which number is which name is certain; otherwise reported, kept numbered)')
    .option('--dir <dir>', 'where to write the files (default: a template a project file holds goes to that file; a new one to the folder the config\'s first templates glob starts from, as NAME.LANG.yaml, or .yml where the globs take only that)')
    .option('--category <category>', 'category of a template whose source gives none (the read, the export, Twilio\'s approval request: theirs always wins) and whose kind requires none: the kind\'s wins over --category (MARKETING for a carousel, limited-time offer, GIF or PRODUCT header, app deep link, catalog or multi-product button; UTILITY for an order status; AUTHENTICATION for an OTP button); default UTILITY (with --from meta, such a template is not written without it)')
    .option('--parallelism <n>', 'templates read at once', '8')
    .option('--force', 'overwrite existing files')
    .option(LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP)
    .option('--allow-insecure-http', 'allow a non-loopback http:// baseUrl'),
  async ([files], o) => (await import('../pull.js')).pullCommand({ ...o, files }),
  'import',
);
