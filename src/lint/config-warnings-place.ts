// Pure: the config's warnings (config-warnings.ts) placed at their keys in the config file's text,
// as findings of rule `config`. Apart from config-warnings.ts because it parses the config with
// `yaml`, which a warm `lint --cache` run never loads (test/startup.test.ts).
import { parseDocument, isNode } from 'yaml';
import type { Diagnostic } from '../core/diagnostic.js';
import type { ConfigWarning } from './config-warnings.js';

/**
 * The warnings as findings of the config file (`file` as shown, `text` its text): each at its
 * key's place when the file is YAML or JSON (package.json: under its `tplsync` key), else at
 * the first line. Rule id `config`, severity warning.
 */
export function placeConfigWarnings(warnings: readonly ConfigWarning[], file: string, text: string | undefined): Diagnostic[] {
  let doc: ReturnType<typeof parseDocument> | undefined;
  if (text !== undefined && !/\.(?:[cm]?js|ts)$/.test(file)) {
    try { doc = parseDocument(text, { logLevel: 'silent' }); } catch { doc = undefined; }
  }
  const under = /(^|[\\/])package\.json$/.test(file) ? ['tplsync'] : [];
  const lineStarts = text === undefined ? [0] : [0, ...[...text.matchAll(/\n/g)].map((m) => m.index! + 1)];
  const at = (offset: number): { line: number; column: number } => {
    let line = 0;
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= offset) line++;
    return { line: line + 1, column: offset - lineStarts[line]! + 1 };
  };
  return warnings.map((w) => {
    let range: [number, number] | undefined;
    // the deepest node of the path the file has (a language's item; else its list; else the channel)
    for (let n = w.path.length; doc && n > 0 && !range; n--) {
      const node = doc.getIn([...under, ...w.path.slice(0, n)], true);
      if (isNode(node) && node.range) range = [node.range[0], node.range[1]];
    }
    const start = range ? at(range[0]) : { line: 1, column: 1 };
    const end = range ? at(range[1]) : { line: 1, column: 2 };
    const oneLine = end.line === start.line ? end : { line: start.line, column: start.column + 1 };
    return { file, line: start.line, column: start.column, endLine: oneLine.line, endColumn: Math.max(oneLine.column, start.column + 1), ruleId: 'config', severity: 'warning', message: w.message };
  });
}
