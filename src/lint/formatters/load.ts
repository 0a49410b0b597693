// The one table of report formats: each by name, loaded only when chosen, with whether it lists
// or links the rules (then the run hands it their metadata: a run answered whole from the cache
// otherwise never loads them). The CLI's --format choices and the library's FORMATTERS come from it.
import type { Formatter } from './formatter.js';

interface FormatEntry {
  load(): Promise<Formatter>;
  /** the format reads the rules' metadata (FormatContext.rules) */
  listsRules: boolean;
}

const FORMATS = {
  stylish: { load: async () => (await import('./stylish.js')).stylish, listsRules: false },
  json: { load: async () => (await import('./json.js')).json, listsRules: false },
  sarif: { load: async () => (await import('./sarif.js')).sarif, listsRules: true },
  // github also writes the Markdown report to the job summary
  github: { load: async () => (await import('./github.js')).github, listsRules: true },
  markdown: { load: async () => (await import('./markdown.js')).markdown, listsRules: true },
  // JUnit XML for the CI systems that show test reports (GitLab, Jenkins, Azure DevOps)
  junit: { load: async () => (await import('./junit.js')).junit, listsRules: false },
} as const satisfies Record<string, FormatEntry>;

export type FormatName = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as readonly FormatName[];

export const isFormatName = (name: string): name is FormatName => Object.prototype.hasOwnProperty.call(FORMATS, name);

export function loadFormatter(name: FormatName): Promise<Formatter> { return FORMATS[name].load(); }

/** whether the format lists or links rules, so the run must give it their metadata */
export const listsRules = (name: FormatName): boolean => FORMATS[name].listsRules;
