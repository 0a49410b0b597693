// SARIF 2.1.0 for GitHub code scanning: every rule with help text, results with physical locations.
import { RULES } from '../registry.js';
import type { Formatter } from './formatter.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'note' } as const;
const HELP_URI = 'https://github.com/tplsync/tplsync/blob/main/docs/rules.md';

export const sarif: Formatter = (diags, ctx) => {
  const index = new Map(RULES.map((r, i) => [r.id, i]));
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
          rules: RULES.map((r) => ({
            id: r.id,
            name: r.id.replace(/(^|-)([a-z])/g, (_m, _d, ch: string) => ch.toUpperCase()),
            shortDescription: { text: r.summary },
            fullDescription: { text: `${r.summary} ${r.why}` },
            help: { text: `${r.why}\nFix: ${r.fix}`, markdown: `${r.why}\n\n**Fix:** ${r.fix}${r.source ? `\n\nSource: ${r.source}` : ''}` },
            helpUri: `${HELP_URI}#${r.id}`,
            defaultConfiguration: { level: r.severity === 'off' ? 'none' : LEVEL[r.severity] },
            properties: { tags: [r.group] },
          })),
        },
      },
      columnKind: 'utf16CodeUnits',
      originalUriBaseIds: { '%SRCROOT%': { uri: './' } },
      results: diags.map((d) => ({
        ruleId: d.ruleId,
        ruleIndex: index.get(d.ruleId) ?? -1,
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [{
          physicalLocation: {
            artifactLocation: { uri: d.file.split('\\').join('/').split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: Math.max(d.endColumn, d.line === d.endLine ? d.column : 1) },
          },
        }],
      })),
    }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
