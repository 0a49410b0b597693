// `tplsync translations`: its arguments, options and help; the work is in src/cli/translations.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { UsageError } from '../../core/errors.js';
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'translations',
  (c) => c
    .description('export the texts of the templates for translators (XLIFF 2.0, PO, CSV) and import their translations into each language\'s file')
    .argument('<action>', '`export` (write translation files) or `import` (read them back)')
    .argument('[paths...]', 'export: template files, directories or globs (default: the config\'s `templates`); import: the translation files')
    .option('--source <lang>', 'export: the language translators translate from (e.g. en_US)')
    .option('--target <lang...>', 'export: the languages to translate into; one file each')
    .addOption(new Option('--format <format>', 'export: the file format').choices(['xliff', 'po', 'csv']).default('xliff'))
    .option('--out <path>', 'export: the folder of the files (TARGET.xlf, .po or .csv), or the file when there is one target (- writes it to standard output)', 'translations')
    .option('--dry-run', 'import: say what would be written, write nothing')
    .addHelpText('after', `\nWalkthrough: https://github.com/tplsync/tplsync/blob/main/docs/commands/translations.md\n\n${EXIT_HELP}`),
  async ([action, paths], o) => {
    const m = await import('../translations.js');
    if (action === 'export') return m.translationsExport(paths, o);
    if (action === 'import') return m.translationsImport(paths, o);
    throw new UsageError(`translations: unknown action '${action}' (export or import)`);
  },
);
