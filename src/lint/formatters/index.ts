// Formatters are pure functions of the findings: same input, same text.
import type { Diagnostic } from '../diagnostic.js';
import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export interface FormatContext {
  fileCount: number;
  color: boolean;
  toolVersion: string;
  /** the repository root (the config's directory): SARIF and GitHub paths are relative to it */
  root?: string;
  /** the directory the diagnostics' paths are relative to (the working directory) */
  cwd?: string;
}

export type Formatter = (diags: readonly Diagnostic[], ctx: FormatContext) => string;

export const FORMATTERS: Readonly<Record<string, Formatter>> = { stylish, json, sarif, github, markdown };
export const FORMAT_NAMES = Object.keys(FORMATTERS);
