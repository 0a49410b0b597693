// Pure data: what went wrong while loading a template file (reading it, decoding it, parsing it),
// as the loading stage found it: its kind, where, and what, in the words of the stage. The stage
// names no rule: the rules of loading (src/lint/rules/loading.ts) each take the kinds they own and
// report them, like every other rule, through a hook the engine calls.
import type { Span } from '../core/diagnostic.js';

export type LoadProblemKind =
  /** over MAX_FILE_BYTES: never read into memory */
  | 'too-large'
  /** the file (or a folder on the way to it) cannot be read, or is no regular file */
  | 'unreadable'
  /** a link that leads out of the project: refused, never read */
  | 'outside-project'
  /** a byte that is not UTF-8 */
  | 'not-utf8'
  /** YAML that does not parse */
  | 'syntax'
  /** a key twice in one mapping (the only problem that lets the file be checked further) */
  | 'duplicate-key'
  /** aliases that expand to too many nodes */
  | 'alias-limit'
  /** more than one YAML document */
  | 'documents'
  /** no document at all */
  | 'empty';

export interface LoadProblem {
  readonly kind: LoadProblemKind;
  readonly span: Span;
  readonly message: string;
}

/** the position of a problem about the file as a whole */
export const FILE_START: Span = Object.freeze({ line: 1, column: 1, endLine: 1, endColumn: 1 });
