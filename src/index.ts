// The library entry of the package.
export { lintProject, discoverFiles } from './lint/run.js';
export { lintBytes, finishProject } from './lint/engine.js';
export type { Diagnostic, Severity } from './lint/diagnostic.js';
export { RULES } from './lint/registry.js';
export { loadConfig } from './config/load.js';
export { scanPlaceholders, compileText, renderText, numbering } from './model/placeholders.js';
