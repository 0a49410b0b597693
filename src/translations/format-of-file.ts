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
