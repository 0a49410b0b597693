// The type every report formatter implements: a pure function of the findings (same input, same text).
import type { Diagnostic } from '../../core/diagnostic.js';

export interface FormatContext {
  fileCount: number;
  color: boolean;
  toolVersion: string;
}

export type Formatter = (diags: readonly Diagnostic[], ctx: FormatContext) => string;
