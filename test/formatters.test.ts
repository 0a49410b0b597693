// Report formats: the json shape of DESIGN.md, SARIF valid against the SARIF 2.1.0 schema,
// GitHub workflow commands escaped, Markdown tables that survive pipes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv04Module from 'ajv-draft-04';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { FORMATTERS } from '../src/lint/formatters/index.ts';
import { escapeData, escapeProperty } from '../src/lint/formatters/github.ts';

const ctx = { fileCount: 2, color: false, toolVersion: '1.2.3' };
const diags: Diagnostic[] = [
  { file: 'templates/a b.yaml', line: 3, column: 7, endLine: 3, endColumn: 12, ruleId: 'category', severity: 'error', message: 'Bad, "value": 100% wrong\nsecond line' },
  { file: 'templates/c.yaml', line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: 'language-unknown', severity: 'warning', message: 'a | pipe' },
  { file: 'templates/c.yaml', line: 2, column: 1, endLine: 2, endColumn: 5, ruleId: 'schema', severity: 'info', message: 'note' },
];

test('json: the documented shape', () => {
  const out = JSON.parse(FORMATTERS.json!(diags, ctx));
  assert.is(out.version, 1);
  assert.equal(Object.keys(out.diagnostics[0]), ['file', 'line', 'column', 'endLine', 'endColumn', 'ruleId', 'severity', 'message']);
  assert.equal(out.summary, { files: 2, errors: 1, warnings: 1, infos: 1 });
});

test('sarif: valid SARIF 2.1.0 with rules, help and physical locations', () => {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const Ajv04 = (Ajv04Module as unknown as { default: typeof Ajv04Module }).default ?? Ajv04Module;
  const ajv = new (Ajv04 as unknown as new (o: object) => import('ajv').default)({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
  const validate = ajv.compile(schema);
  const log = JSON.parse(FORMATTERS.sarif!(diags, ctx)) as { runs: any[] };
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5)));
  const run = log.runs[0];
  assert.ok(run.tool.driver.rules.every((r: { help?: { text: string }; shortDescription?: unknown }) => r.help?.text && r.shortDescription));
  const r0 = run.results[0];
  assert.is(run.tool.driver.rules[r0.ruleIndex].id, 'category');
  assert.equal(r0.locations[0].physicalLocation.region, { startLine: 3, startColumn: 7, endLine: 3, endColumn: 12 });
  assert.is(r0.locations[0].physicalLocation.artifactLocation.uri, 'templates/a%20b.yaml');
  assert.is(run.results[2].level, 'note');
  // an empty run is valid too
  assert.ok(validate(JSON.parse(FORMATTERS.sarif!([], ctx))));
});

test('github: workflow commands with escaped properties and data', () => {
  const out = FORMATTERS.github!(diags, ctx).trimEnd().split('\n');
  assert.is(out.length, 3);
  assert.is(out[0], '::error file=templates/a b.yaml,line=3,col=7,endLine=3,endColumn=12,title=tplsync category::Bad, "value": 100%25 wrong%0Asecond line');
  assert.ok(out[1]!.startsWith('::warning '));
  assert.ok(out[2]!.startsWith('::notice '));
  assert.is(escapeProperty('a:b,c%d\r\n'), 'a%3Ab%2Cc%25d%0D%0A');
  assert.is(escapeData('a:b,c'), 'a:b,c');
});

test('markdown: a table whose cells cannot break out', () => {
  const out = FORMATTERS.markdown!(diags, ctx);
  assert.match(out, /\| `templates\/c.yaml` \| 1:1 \| 🟡 warning \| \[`language-unknown`\]/);
  assert.match(out, /a \\\| pipe/);
  assert.not.match(out, /wrong\nsecond/);
  assert.match(FORMATTERS.markdown!([], ctx), /no problems/);
});

test('stylish: grouped by file, no colour codes when colour is off', () => {
  const out = FORMATTERS.stylish!(diags, ctx);
  assert.not.match(out, /\x1b\[/);
  assert.match(out, /templates\/a b.yaml\n {2}3:7 +error +Bad/);
  assert.match(out, /3 problems \(1 error, 1 warning, 1 info\) in 2 files/);
  assert.match(FORMATTERS.stylish!(diags, { ...ctx, color: true }), /\x1b\[/);
});

test.run();
