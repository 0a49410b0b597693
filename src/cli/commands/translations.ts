// `tplsync translations`: its arguments, options and help; the work is in src/cli/translations.ts, loaded when it runs.
import { Option } from '@commander-js/extra-typings';
import { EXIT_HELP } from '../../core/exit-codes.js';
import { docsAt } from '../../core/version.js';
import { UsageError } from '../../core/errors.js';
import { defineCommand, LOCK_TIMEOUT_FLAGS, LOCK_TIMEOUT_HELP } from '../command.js';

export const command = defineCommand(
  'translations',
  (c) => c
    .description('export the texts of the templates for translators (XLIFF 2.0, PO, CSV) and import their translations into each language\'s file')
    .argument('<action>', '`export` (write translation files) or `import` (read them back)')
    .argument('[paths...]', 'export: template files, directories or globs (default: the config\'s `templates`); import: the translation files')
    .option('--source <lang>', 'export: the language translators translate from (e.g. en_US)')
    .option('--target <lang...>', 'export: the languages to translate into; one file each')
    .addOption(new Option('--format <format>', 'export: the file format (default: xliff)').choices(['xliff', 'po', 'csv']))
    .option('--out <path>', 'export: the folder of the files (TARGET.xlf, .po or .csv; default: translations), or the file when there is one target (- writes it to standard output)')
    .option('--dry-run', 'say what would be written, write nothing')
    .option(LOCK_TIMEOUT_FLAGS, `import: ${LOCK_TIMEOUT_HELP}`)
    .addHelpText('after', () => `\nWalkthrough: ${docsAt('docs/commands/translations.md')}\n\n${EXIT_HELP}`),
  async ([action, paths], o) => {
    const m = await import('../translations.js');
    if (action === 'export') return m.translationsExport(paths, o);
    if (action === 'import') {
      // the languages and the format are the translation files' own: an export option given to import would be ignored in silence
      const given = (['source', 'target', 'format', 'out'] as const).filter((k) => o[k] !== undefined);
      if (given.length) throw new UsageError(`translations import: --${given[0]} is an option of export; import takes the languages and the format from the translation files it reads`);
      return m.translationsImport(paths, o);
    }
    throw new UsageError(`translations: unknown action '${action}' (export or import)`);
  },
);
