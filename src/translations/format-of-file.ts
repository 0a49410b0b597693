// Pure: the translation file formats and the format a file's name says. A module of its own (no
// parser), so that the command line tells a translation file from other files before it loads one.

export type Format = 'xliff' | 'po' | 'csv';

/** the format a translation file's name says (`.xlf`/`.xliff`, `.po`, `.csv`, in any case), else undefined */
export function formatOfFile(file: string): Format | undefined {
  if (/\.(xlf|xliff)$/i.test(file)) return 'xliff';
  if (/\.po$/i.test(file)) return 'po';
  if (/\.csv$/i.test(file)) return 'csv';
  return undefined;
}

/**
 * the format import reads a file in: formatOfFile's, and a spreadsheet's text file (`.txt`, `.tsv`) as CSV: Excel names
 * its "Unicode Text" save (UTF-16 with a byte-order mark, tab-separated) NAME.txt, and others save tab-separated text as
 * .tsv; the CSV reader takes either separator. (Not a translation file's name elsewhere: `tplsync import notes.txt` is
 * no slip for `translations import`, and an export writes .csv.)
 */
export function importFormatOfFile(file: string): Format | undefined {
  return formatOfFile(file) ?? (/\.(txt|tsv)$/i.test(file) ? 'csv' : undefined);
}

/** the names import reads, as its messages say them */
export const IMPORT_NAMES = '.xlf, .xliff, .po, .csv, or a spreadsheet\'s tab-separated .txt or .tsv';
