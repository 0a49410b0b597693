// The formats that list or link rules (SARIF, Markdown) read the rules' metadata from the run
// (LintOutcome.ruleMeta, FormatContext.rules), never from the registry; a run answered whole from
// the cache gives it only when asked (the format table says which formats ask), so a warm run of
// the other formats still loads no rule.
import { readdirSync, readFileSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { FORMAT_NAMES, listsRules } from '../src/lint/formatters/load.ts';
import { FORMATTERS } from '../src/lint/formatters/index.ts';
import { RULES, RULES_VERSION } from '../src/lint/registry.ts';
import type { RuleMeta } from '../src/lint/rule.ts';
import { lintProject } from '../src/lint/run.ts';
import { CONFIG, ROOT, VALID, cleanup, tempDir, writeFiles } from './helpers.ts';

test('no formatter imports the rule registry', () => {
  const dir = path.join(ROOT, 'src', 'lint', 'formatters');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    assert.not.match(readFileSync(path.join(dir, f), 'utf8'), /from '\.\.\/registry\.js'/, f);
  }
});

test('one table of formats: the CLI choices, the loaders and FORMATTERS agree', () => {
  assert.equal([...FORMAT_NAMES].sort(), Object.keys(FORMATTERS).sort());
  assert.equal(FORMAT_NAMES.filter(listsRules).sort(), ['github', 'markdown', 'sarif']);
});

const own: RuleMeta = { id: 'brand/no-shouting', group: 'policy', severity: 'warning', summary: 'No capitals.', why: 'Tone.', fix: 'Lower it.', source: 'policies in the config' };
const diags: Diagnostic[] = [
  { file: 't.yaml', line: 1, column: 1, endLine: 1, endColumn: 2, ruleId: 'category', severity: 'error', message: 'm' },
  { file: 't.yaml', line: 2, column: 1, endLine: 2, endColumn: 2, ruleId: own.id, severity: 'warning', message: 'n' },
];

test('SARIF lists the rules it is given, each with its docs link when it has one; Markdown links those', () => {
  const ctx = { fileCount: 1, color: false, toolVersion: '0.0.0', rules: [...RULES, own] };
  const driver = (JSON.parse(FORMATTERS.sarif(diags, ctx)) as { runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } }; results: { ruleIndex: number }[] }[] }).runs[0]!;
  assert.is(driver.tool.driver.rules.length, RULES.length + 1);
  assert.is(driver.tool.driver.rules[RULES.length]!.id, own.id);
  assert.is(driver.tool.driver.rules[RULES.length]!.helpUri, undefined);
  assert.equal(driver.results.map((r) => r.ruleIndex), [RULES.findIndex((r) => r.id === 'category'), RULES.length]);
  const md = FORMATTERS.markdown(diags, ctx);
  assert.ok(md.includes(`[\`category\`](https://github.com/tplsync/tplsync/blob/v${RULES_VERSION}/docs/rules.md#category)`));
  assert.ok(md.includes(`| \`${own.id}\` |`));
  // without the run's rules: nothing listed, nothing linked
  const bare = { fileCount: 1, color: false, toolVersion: '0.0.0' };
  assert.is((JSON.parse(FORMATTERS.sarif(diags, bare)) as { runs: { tool: { driver: { rules: unknown[] } } }[] }).runs[0]!.tool.driver.rules.length, 0);
  assert.not.ok(FORMATTERS.markdown(diags, bare).includes('](https://'));
});

test('the lint result carries the rules\' metadata; a run kept whole gives it only when asked', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': VALID });
    // written long ago (a stat the cache can trust: no change within the file system's time resolution)
    const past = new Date(Date.now() - 3600_000);
    utimesSync(path.join(dir, 'templates', 'a.yaml'), past, past);
    const config = await loadConfig({ cwd: dir });
    const cacheFile = path.join(dir, '.tplsync', 'lint-cache.json');
    const first = await lintProject(config, [], dir, { cacheFile });
    assert.equal(first.ruleMeta.map((r) => r.id), RULES.map((r) => r.id));
    const kept = await lintProject(config, [], dir, { cacheFile });
    assert.is(kept.results.length, 0, 'the answer was kept whole');
    assert.equal(kept.ruleMeta, []);
    const asked = await lintProject(config, [], dir, { cacheFile, withRules: true });
    assert.equal(asked.ruleMeta.map((r) => r.id), RULES.map((r) => r.id));
  } finally { cleanup(dir); }
});

test.run();
