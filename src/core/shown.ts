// Pure: a project file's name as an output shows it: its control characters as escapes, and marked as an
// identifier of the output gate (core/redact.ts asIdentifier), never masked as a secret value equal to its name.
import { asIdentifier } from './redact.js';
import { visible } from './visible.js';

export function shownFile(file: string): string {
  return asIdentifier(visible(file, { oneLine: true }));
}
