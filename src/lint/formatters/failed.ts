// What lint leaves in its -o/--output file when the run stops before a report is made (a config error,
// a usage error: exit 3): never the previous run's report, which a CI system would publish as this
// build's (a Jenkins workspace keeps it between builds). A file that holds a tplsync report of the
// format is replaced by a report of the failure where the format can say one (JUnit: a failed test;
// Markdown: the error as the report), and removed where it cannot (JSON: its summary would read as
// zero findings; SARIF: a run without results tells code scanning that every alert is fixed).
// Any other file is left alone: before the config is read, lint cannot tell a template file from a report.
import type { FormatName } from './load.js';
import { xmlText } from './junit.js';
import { visible } from '../../core/visible.js';

/** the report saying lint did not run (`message` its error); undefined: the format cannot say it, so the file is removed */
export function failedReport(format: FormatName, message: string): string | undefined {
  // one line: the error's lines (a config error's problems) joined
  const said = `tplsync lint did not run: ${message.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join(' ')}`;
  if (format === 'junit') {
    const m = xmlText(said);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tplsync lint" tests="1" failures="1" errors="0">\n  <testsuite name="tplsync" tests="1" failures="1" errors="0">\n    <testcase name="tplsync" classname="tplsync">\n      <failure type="error" message="${m}">${m}</failure>\n    </testcase>\n  </testsuite>\n</testsuites>\n`;
  }
  if (format === 'markdown') return `## tplsync lint\n\n❌ ${visible(said, { oneLine: true }).replace(/</g, '&lt;')}\n`;
  return undefined;
}

/** whether `text` (an -o file's) is a report tplsync lint wrote, in any format it can tell: only such a file is replaced or removed */
export function holdsReport(text: string): boolean {
  if (/^<\?xml[^>]*\?>\s*<testsuites name="tplsync lint"/.test(text)) return true;
  if (text.startsWith('## tplsync lint\n')) return true;
  try {
    const v = JSON.parse(text) as { version?: unknown; diagnostics?: unknown; summary?: unknown; runs?: { tool?: { driver?: { name?: unknown } } }[] } | null;
    if (!v || typeof v !== 'object') return false;
    if (v.version === 1 && Array.isArray(v.diagnostics) && typeof v.summary === 'object') return true;
    return Array.isArray(v.runs) && v.runs.length > 0 && v.runs.every((r) => r?.tool?.driver?.name === 'tplsync');
  } catch { return false; }
}
