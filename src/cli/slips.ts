// Pure apart from io(): slips of the command line that commander would answer with the wrong
// trail, said before it parses anything.
import { UsageError } from '../core/errors.js';
import { tplsyncCommand } from '../core/invocation.js';
import { formatOfFile } from '../translations/format-of-file.js';

const FORMAT_NAMES = { xliff: 'XLIFF', po: 'PO', csv: 'CSV' } as const;

/**
 * Where the command's name is in `argv`: the first word that is no option (nor the value of one of
 * `valued`, the program's options that take one: --config FILE, --env NAME) before it; undefined
 * after `--` or when there is none.
 */
export function commandAt(argv: readonly string[], valued: ReadonlySet<string>): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return undefined;
    if (!a.startsWith('-')) return i;
    if (valued.has(a)) i++;
  }
  return undefined;
}

/**
 * `tplsync import de.xlf` (import is pull's other name) typed for `tplsync translations import
 * de.xlf` (trial-ao F4): commander asked for pull's --channel, pull then for --from, and --from
 * meta called the XLIFF an HTML page. A translation file (by its name, as `translations import`
 * tells them) given to `command` (pull, or its alias) is refused first, with the command meant.
 * `valued`: the options before the command's name that take a value (--config FILE, --env NAME).
 */
export function refuseTranslationFileSlip(argv: readonly string[], command: { name: string; alias?: string }, valued: ReadonlySet<string>): void {
  const i = commandAt(argv, valued);
  if (i === undefined) return;
  const word = argv[i];
  if (word === undefined || (word !== command.name && word !== command.alias)) return;
  const files = argv.slice(i + 1).filter((a) => !a.startsWith('-') && formatOfFile(a) !== undefined);
  if (!files.length) return;
  const t = tplsyncCommand();
  const formats = [...new Set(files.map((f) => FORMAT_NAMES[formatOfFile(f)!]))].join(', ');
  const what = word === command.alias ? `\`${t} ${word}\` is \`${t} ${command.name}\`, which` : `\`${t} ${word}\``;
  throw new UsageError(`${files.join(' and ')} ${files.length === 1 ? 'is a translation file' : 'are translation files'} (${formats}): did you mean \`${t} translations import ${files.join(' ')}\`? (${what} adopts templates from a channel, or from a Meta or Twilio export file; nothing was read)`);
}
