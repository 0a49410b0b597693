// The type every report formatter implements: a pure function of the findings (same input, same text).
import type { Diagnostic } from '../../core/diagnostic.js';
import type { RuleMeta } from '../rule.js';

export interface FormatContext {
  fileCount: number;
  color: boolean;
  toolVersion: string;
  /** the project's own rules (team policies, plugins), listed beside the built-in ones */
  rules?: readonly RuleMeta[];
}

export type Formatter = (diags: readonly Diagnostic[], ctx: FormatContext) => string;
