// The linter as a library (tplsync/lint).
export { lintProject, discoverFiles } from './run.js';
export { lintBytes, finishProject } from './engine.js';
export type { Diagnostic, Severity } from '../core/diagnostic.js';
export { RULES } from './registry.js';
export { loadConfig } from '../config/load.js';
export { scanPlaceholders, compileText, renderText, numbering } from '../model/placeholders.js';
