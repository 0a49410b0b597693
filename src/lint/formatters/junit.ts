// JUnit XML, as the CI systems that show test reports read it (GitLab's `artifacts:reports:junit`,
// Jenkins' junit step, Azure DevOps' PublishTestResults): valid against the Jenkins xUnit plugin's
// junit-10.xsd (test/fixtures/junit). One <testsuite> per file checked; in it one <testcase> per
// error finding, failed, with one <failure> (rule id as its type, the message, file:line:col):
// those readers show one failure of a test (Jenkins reads only a testcase's first <failure>), so
// each error is a test of its own. A file without errors is one passed
// <testcase> named `lint`; two findings of a rule at one place are told apart by a count (`#2`), as
// the readers key a test by classname and name. Warnings and infos fail no test (as lint's exit code):
// each is a line of its file's <system-out>; the config's own warnings a suite `tplsync config` with no
// test. With --max-warnings (ctx.maxWarnings), a suite `tplsync` holds a testcase `max-warnings`, failed
// when there are more warnings than that (lint then exits 1): the report fails a test exactly when lint fails.
// Paths are from the repository's root, as the github and sarif formats give them.
import { asIdentifier } from '../../core/redact.js';
import { visible } from '../../core/visible.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import type { FormatContext, Formatter } from './formatter.js';
import { absolutePath, repoRelative } from './sarif.js';

// what XML 1.0 cannot hold even as a character reference: a lone surrogate, U+FFFE and U+FFFF (the C0 controls
// are written as escapes by `visible`, as every format writes them)
const NOT_XML = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g;
const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };

/** `s` as XML text or an attribute's value: one line, controls as `\u001b` escapes, the markup characters as entities. */
export function xmlText(s: string): string {
  return visible(s, { oneLine: true })
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c]!);
}

/** a file's path as the report names it (from the repository's root, else absolute), escaped and marked as an identifier */
const shownFile = (file: string, ctx: FormatContext): string => asIdentifier(xmlText(repoRelative(file, ctx) ?? absolutePath(file, ctx)));
const place = (file: string, d: { line?: number | undefined; column?: number | undefined }): string => `${file}:${d.line ?? 1}:${d.column ?? 1}`;

export const junit: Formatter = (diags, ctx) => {
  // the files in the run's order (every file checked, when the run gives them), then any a finding names beside them
  const byFile = new Map<string, Diagnostic[]>();
  for (const f of ctx.files ?? []) byFile.set(f, []);
  for (const d of diags) { const ds = byFile.get(d.file); if (ds) ds.push(d); else byFile.set(d.file, [d]); }
  const suites: string[] = [];
  let tests = 0, failures = 0;
  for (const [file, ds] of byFile) {
    const name = shownFile(file, ctx);
    const errors = ds.filter((d) => d.severity === 'error');
    const notes = ds.filter((d) => d.severity !== 'error');
    // a testcase's name unique in its file (the readers merge or flag two of one classname and name)
    const seen = new Map<string, number>();
    const caseName = (d: Diagnostic): string => {
      const base = `${d.ruleId} (${d.line}:${d.column})`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return n === 1 ? base : `${base} #${n}`;
    };
    const cases = errors.length
      ? errors.map((d) => `    <testcase name="${xmlText(caseName(d))}" classname="${name}">\n      <failure type="${xmlText(d.ruleId)}" message="${xmlText(d.message)}">${place(name, d)}: ${xmlText(d.ruleId)}: ${xmlText(d.message)}</failure>\n    </testcase>\n`)
      : [`    <testcase name="lint" classname="${name}"/>\n`];
    const out = notes.length ? `    <system-out>${notes.map((d) => `${place(name, d)}: ${d.severity}: ${xmlText(d.ruleId)}: ${xmlText(d.message)}`).join('\n')}</system-out>\n` : '';
    tests += cases.length;
    failures += errors.length;
    suites.push(`  <testsuite name="${name}" tests="${cases.length}" failures="${errors.length}" errors="0" file="${name}">\n${cases.join('')}${out}  </testsuite>\n`);
  }
  // --max-warnings: a test of its own, failed when lint fails for it (exit 1 with warnings only, or beside errors)
  if (ctx.maxWarnings !== undefined && Number.isFinite(ctx.maxWarnings)) {
    const warnings = diags.filter((d) => d.severity === 'warning').length;
    const over = warnings > ctx.maxWarnings;
    const message = `${warnings} warning${warnings === 1 ? '' : 's'}, more than --max-warnings ${ctx.maxWarnings}`;
    tests += 1;
    if (over) failures += 1;
    suites.push(`  <testsuite name="tplsync" tests="1" failures="${over ? 1 : 0}" errors="0">\n    <testcase name="max-warnings" classname="tplsync"${over ? `>\n      <failure type="max-warnings" message="${xmlText(message)}">${xmlText(message)}</failure>\n    </testcase>\n` : '/>\n'}  </testsuite>\n`);
  }
  // the config's own warnings: no file's test, said beside them
  const config = ctx.configWarnings ?? [];
  if (config.length) {
    const lines = config.map((w) => `${w.file !== undefined ? `${place(shownFile(w.file, ctx), w)}: ` : ''}warning: ${xmlText(w.message)}`);
    suites.push(`  <testsuite name="tplsync config" tests="0" failures="0" errors="0">\n    <system-out>${lines.join('\n')}</system-out>\n  </testsuite>\n`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="tplsync lint" tests="${tests}" failures="${failures}" errors="0">\n${suites.join('')}</testsuites>\n`;
};
