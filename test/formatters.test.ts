// Report formats: the json shape of DESIGN.md, SARIF valid against the SARIF 2.1.0 schema,
// GitHub workflow commands escaped, Markdown tables that survive pipes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv04Module from 'ajv-draft-04';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { FORMATTERS } from '../src/lint/formatters/index.ts';
import { RULES } from '../src/lint/registry.ts';
import { escapeData, escapeProperty } from '../src/lint/formatters/github.ts';
import { cleanup, cliIn, CONFIG, tempDir, VALID, writeFiles } from './helpers.ts';

// the rules' metadata comes from the run (LintOutcome.ruleMeta): here, the built-in rules'
const ctx = { fileCount: 2, color: false, toolVersion: '1.2.3', rules: RULES };
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
  // the config's warnings (verify-18 NEW-F) as the run's tool notifications: valid, placed or not
  const warned = JSON.parse(FORMATTERS.sarif!([], { ...ctx, configWarnings: [{ message: 'a and A differ only in letter case', file: 'tplsync.config.yaml', line: 2, column: 1, endLine: 2, endColumn: 10 }, { message: 'No config found' }] })) as { runs: any[] };
  assert.ok(validate(warned), JSON.stringify(validate.errors?.slice(0, 5)));
  assert.equal(warned.runs[0].invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text), ['a and A differ only in letter case', 'No config found']);
});

/**
 * The checks of Microsoft's SARIF validator (Sarif.Multitool `validate`) that a log like ours can
 * trip, restated: SARIF1001 (a rule's name differs from its id, ignoring case), SARIF1004 (each
 * originalUriBaseIds entry is an absolute URI ending in "/", without ".." segments, query or
 * fragment; an artifactLocation with a uriBaseId has a relative uri), SARIF1005 (helpUri and
 * informationUri are absolute), SARIF1010 (a result's ruleId is that of rules[ruleIndex]).
 */
function sarifValidatorFindings(log: { runs: any[] }): string[] {
  const out: string[] = [];
  const absolute = (u: string): boolean => { try { return new URL(u).href.length > 0; } catch { return false; } };
  log.runs.forEach((run, r) => {
    const rules: { id: string; name?: string; helpUri?: string }[] = run.tool.driver.rules ?? [];
    if (run.tool.driver.informationUri && !absolute(run.tool.driver.informationUri)) out.push(`SARIF1005 runs[${r}].tool.driver.informationUri`);
    rules.forEach((rule, i) => {
      if (rule.name !== undefined && rule.name.toLowerCase() === rule.id.toLowerCase()) out.push(`SARIF1001 rules[${i}] name '${rule.name}' = id '${rule.id}'`);
      if (rule.helpUri !== undefined && !absolute(rule.helpUri)) out.push(`SARIF1005 rules[${i}].helpUri`);
    });
    for (const [id, loc] of Object.entries<{ uri: string; uriBaseId?: string }>(run.originalUriBaseIds ?? {})) {
      if (!loc.uriBaseId && !absolute(loc.uri)) out.push(`SARIF1004 originalUriBaseIds.${id}.uri '${loc.uri}' is not an absolute URI`);
      if (!loc.uri.endsWith('/')) out.push(`SARIF1004 originalUriBaseIds.${id}.uri does not end with /`);
      if (loc.uri.split('/').includes('..')) out.push(`SARIF1004 originalUriBaseIds.${id}.uri has a .. segment`);
      if (absolute(loc.uri) && (new URL(loc.uri).search || new URL(loc.uri).hash)) out.push(`SARIF1004 originalUriBaseIds.${id}.uri has a query or fragment`);
    }
    (run.results ?? []).forEach((res: any, k: number) => {
      if (res.ruleIndex >= 0 && rules[res.ruleIndex]?.id !== res.ruleId) out.push(`SARIF1010 results[${k}]`);
      for (const l of res.locations ?? []) {
        const a = l.physicalLocation.artifactLocation;
        if (a.uriBaseId && absolute(a.uri)) out.push(`SARIF1004 results[${k}] uri '${a.uri}' is absolute but has a uriBaseId`);
        if (a.uriBaseId && a.uriBaseId !== '%SRCROOT%') out.push(`results[${k}] unknown uriBaseId`);
      }
    });
  });
  return out;
}

test('sarif: clean under the SARIF validator\'s rules; %SRCROOT% is the repository root as a file:/// URI', () => {
  const root = path.resolve('/work/repo root');
  const log = JSON.parse(FORMATTERS.sarif!(diags, { ...ctx, root, cwd: path.join(root, 'templates') })) as { runs: any[] };
  assert.equal(sarifValidatorFindings(log), []);
  const run = log.runs[0];
  assert.is(run.originalUriBaseIds['%SRCROOT%'].uri, `${pathToFileURL(root).href}/`);
  assert.ok(run.originalUriBaseIds['%SRCROOT%'].uri.startsWith('file:///'));
  // diagnostics carry paths relative to the working directory (here templates/): SARIF's are the root's
  assert.is(run.results[0].locations[0].physicalLocation.artifactLocation.uri, 'templates/templates/a%20b.yaml');
  // a rule id of one word gets a name that is not merely the id capitalised
  const names = new Map(run.tool.driver.rules.map((r: { id: string; name: string }) => [r.id, r.name]));
  assert.is(names.get('schema'), 'SchemaRule');
  assert.is(names.get('placeholder-out-of-range'), 'PlaceholderOutOfRange');
  for (const name of names.values()) assert.match(name as string, /^[A-Z][A-Za-z0-9]*$/);
  // a file outside the root is an absolute file URI without a base
  const outside = JSON.parse(FORMATTERS.sarif!([{ ...diags[0]!, file: '../../elsewhere/x.yaml' }], { ...ctx, root, cwd: path.join(root, 'templates') }));
  const a = outside.runs[0].results[0].locations[0].physicalLocation.artifactLocation;
  assert.equal(a, { uri: pathToFileURL(path.resolve(root, '..', 'elsewhere', 'x.yaml')).href });
  assert.equal(sarifValidatorFindings(outside), []);
  // without a root the consumer resolves %SRCROOT% (GitHub: the checkout), and the log stays clean
  assert.equal(sarifValidatorFindings(JSON.parse(FORMATTERS.sarif!(diags, ctx))), []);
});

test('sarif and github from a subdirectory: paths are relative to the repository root, not the working directory', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/nested/a.yaml': VALID.replace('UTILITY', 'UTILTY') });
    const cwd = path.join(dir, 'templates', 'nested');
    const s = await cliIn(['lint', '--format', 'sarif'], { cwd });
    assert.is(s.exitCode, 1, s.stderr);
    const log = JSON.parse(s.stdout);
    const run = log.runs[0];
    assert.equal(run.results.map((r: any) => r.locations[0].physicalLocation.artifactLocation), [{ uri: 'templates/nested/a.yaml', uriBaseId: '%SRCROOT%' }]);
    assert.is(fileURLToPath(run.originalUriBaseIds['%SRCROOT%'].uri), `${dir}${path.sep}`);
    assert.equal(sarifValidatorFindings(log), []);
    const g = await cliIn(['lint', '--format', 'github'], { cwd });
    assert.match(g.stdout, /^::error file=templates\/nested\/a\.yaml,line=4,/m);
    // the human formats keep paths relative to where the user stands
    const j = await cliIn(['lint', '--format', 'json'], { cwd });
    assert.is(JSON.parse(j.stdout).diagnostics[0].file, 'a.yaml');
  } finally { cleanup(dir); }
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
  // a file name with a backtick, a pipe and a backslash: one code span, the pipe escaped for the table, the backslash as it is
  const odd = FORMATTERS.markdown!([{ ...diags[0]!, file: 'templates/pipe|tick`co\\lon.yaml' }], ctx);
  assert.match(odd, '| `` templates/pipe\\|tick`co\\lon.yaml `` | 3:7 |');
});

test('stylish: grouped by file, no colour codes when colour is off', () => {
  const out = FORMATTERS.stylish!(diags, ctx);
  assert.not.match(out, /\x1b\[/);
  assert.match(out, /templates\/a b.yaml\n {2}3:7 +error +Bad/);
  assert.match(out, /3 problems \(1 error, 1 warning, 1 info\) in 2 files/);
  assert.match(FORMATTERS.stylish!(diags, { ...ctx, color: true }), /\x1b\[/);
});

test('--max-warnings failing lint is said in every format that carries a verdict: json summary, SARIF (a valid log), Markdown, GitHub; not when it holds or is not given', () => {
  const require = createRequire(import.meta.url);
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  const Ajv04 = (Ajv04Module as unknown as { default: typeof Ajv04Module }).default ?? Ajv04Module;
  const validate = new (Ajv04 as unknown as new (o: object) => import('ajv').default)({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);
  const over = { ...ctx, maxWarnings: 0 };
  const holds = { ...ctx, maxWarnings: 1 };
  assert.equal(JSON.parse(FORMATTERS.json!(diags, over)).summary, { files: 2, errors: 1, warnings: 1, infos: 1, maxWarnings: 0, overMaxWarnings: true });
  assert.equal(JSON.parse(FORMATTERS.json!(diags, holds)).summary, { files: 2, errors: 1, warnings: 1, infos: 1, maxWarnings: 1, overMaxWarnings: false });
  const log = JSON.parse(FORMATTERS.sarif!(diags, over)) as { runs: any[] };
  assert.ok(validate(log), JSON.stringify(validate.errors?.slice(0, 5)));
  assert.equal(log.runs[0].invocations[0].toolExecutionNotifications.map((n: any) => [n.level, n.descriptor.id, n.message.text]), [['error', 'max-warnings', '1 warning, more than --max-warnings 0: lint fails (exit 1)']]);
  assert.is(JSON.parse(FORMATTERS.sarif!(diags, holds)).runs[0].invocations, undefined);
  assert.match(FORMATTERS.markdown!(diags, over), /^🔴 1 warning, more than --max-warnings 0: lint fails\.$/m);
  assert.not.match(FORMATTERS.markdown!(diags, holds), /max-warnings/);
  assert.match(FORMATTERS.github!(diags, over), /^::error title=tplsync max-warnings::1 warning, more than --max-warnings 0: lint fails$/m);
  assert.not.match(FORMATTERS.github!(diags, ctx), /max-warnings/);
});

test.run();
