// Formatters are pure functions of the findings: same input, same text.
import { github } from './github.js';
import { json } from './json.js';
import { junit } from './junit.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { stylish } from './stylish.js';

export type { FormatContext, Formatter } from './formatter.js';
import type { Formatter } from './formatter.js';
import type { FormatName } from './load.js';

/** every format of the table (load.ts), loaded at once */
export const FORMATTERS: Readonly<Record<FormatName, Formatter>> = { stylish, json, sarif, github, markdown, junit };
export { FORMAT_NAMES } from './load.js';
