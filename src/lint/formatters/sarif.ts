// SARIF 2.1.0 for GitHub code scanning: every rule with help text, results with physical locations
// relative to the repository root (%SRCROOT%: $GITHUB_WORKSPACE or the git repository of the config, as a file:/// URI).
import { asIdentifier } from '../../core/redact.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { overMaxWarnings, type FormatContext, type Formatter } from './formatter.js';
import { pathFromRoot } from '../../files/repository-root.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;

/**
 * The path of `file` (relative to ctx.cwd, as diagnostics carry it) relative to ctx.root, with
 * forward slashes; undefined for a file outside the root. Without a root: the path as given.
 */
export function repoRelative(file: string, ctx: FormatContext): string | undefined {
  if (!ctx.root) return file.split('\\').join('/');
  return pathFromRoot(file, ctx.root, ctx.cwd ?? ctx.root);
}

/** The absolute path of a diagnostic's file. */
export function absolutePath(file: string, ctx: FormatContext): string {
  return path.resolve(ctx.cwd ?? ctx.root ?? '', file);
}

/**
 * The rule's friendly name for SARIF: PascalCase words of the id, plus "Rule" when that would
 * read the same as the id (SARIF validators want `name` to differ from `id`, case aside).
 */
export function sarifRuleName(id: string): string {
  const pascal = id.replace(/(^|-)([a-z0-9])/g, (_m, _d, ch: string) => ch.toUpperCase());
  return pascal.toLowerCase() === id.toLowerCase() ? `${pascal}Rule` : pascal;
}

function artifactLocation(file: string, ctx: FormatContext): { uri: string; uriBaseId?: string } {
  const rel = repoRelative(file, ctx);
  if (rel !== undefined) return { uri: asIdentifier(rel.split('/').map(encodeURIComponent).join('/')), uriBaseId: '%SRCROOT%' };
  // outside the repository: an absolute file URI, which needs no base
  return { uri: asIdentifier(pathToFileURL(absolutePath(file, ctx)).href) };
}

export const sarif: Formatter = (diags, ctx) => {
  const all = ctx.rules ?? [];
  const index = new Map(all.map((r, i) => [r.id, i]));
  const root = ctx.root ? pathToFileURL(ctx.root).href.replace(/\/?$/, '/') : undefined;
  const over = overMaxWarnings(diags, ctx);
  const notifications = [
    ...(ctx.configWarnings ?? []).map((w) => ({
      level: 'warning',
      message: { text: w.message },
      descriptor: { id: 'config' },
      ...(w.file !== undefined ? { locations: [{ physicalLocation: { artifactLocation: artifactLocation(w.file, ctx), region: { startLine: w.line ?? 1, startColumn: w.column ?? 1 } } }] } : {}),
    })),
    ...(over ? [{ level: 'error', message: { text: `${over}: lint fails (exit 1)` }, descriptor: { id: 'max-warnings' } }] : []),
  ];
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{
      tool: {
        driver: {
          name: 'tplsync',
          version: ctx.toolVersion,
          semanticVersion: ctx.toolVersion,
          informationUri: 'https://github.com/tplsync/tplsync',
          rules: all.map((r) => ({
            id: r.id,
            name: sarifRuleName(r.id),
            shortDescription: { text: r.summary },
            fullDescription: { text: `${r.summary} ${r.why}` },
            help: { text: `${r.why}\nFix: ${r.fix}`, markdown: `${r.why}\n\n**Fix:** ${r.fix}${r.source ? `\n\nSource: ${r.sourceUrl ? `[${r.source}](${r.sourceUrl}), checked ${r.checked}` : r.source}` : ''}` },
            // the project's own rules have no page in tplsync's docs
            ...(r.docsUrl ? { helpUri: r.docsUrl } : {}),
            defaultConfiguration: { level: r.severity === 'off' ? 'none' : LEVEL[r.severity] },
            properties: { tags: [r.group] },
          })),
        },
      },
      // the config's own warnings (a pair of template files one apart in letter case, no config found): no rule's
      // results, so the run's notifications, at the config's key when placed
      // and lint failing on --max-warnings (more warnings than it allows: exit 1), an error notification of the run
      ...(notifications.length ? { invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }] } : {}),
      columnKind: 'utf16CodeUnits',
      // without a root (a caller that does not know it) the consumer resolves %SRCROOT%, as GitHub does
      ...(root ? { originalUriBaseIds: { '%SRCROOT%': { uri: root } } } : {}),
      results: diags.map((d) => ({
        ruleId: d.ruleId,
        ruleIndex: index.get(d.ruleId) ?? -1,
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [{
          physicalLocation: {
            artifactLocation: artifactLocation(d.file, ctx),
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, d.line === d.endLine ? d.column : 1) },
          },
        }],
      })),
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
