// The rules' metadata has one source per run (registry.ts rulesOfRun: the built-in rules, then the
// project's own): the formatters receive it from the run (FormatContext.rules) and import no
// registry; the language server takes its links and explanations from its project's run
// (LspProject.rule), so a team's policy is explained like a built-in rule and only documented rules
// link to docs. The report formats are listed once (formatters/load.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FORMATTERS, FORMAT_NAMES } from '../src/lint/formatters/index.ts';
import { RULES, RULES_VERSION, rulesOfRun } from '../src/lint/registry.ts';
import { LspProject } from '../src/lsp/project.ts';
import { toLsp } from '../src/lsp/server.ts';
import { cleanup, ROOT, tempDir, writeFiles } from './helpers.ts';

const srcOf = (dir: string): [string, string][] => readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.ts')).map((f) => [`${dir}/${f}`, readFileSync(path.join(ROOT, dir, f), 'utf8')]);

test('the formatters and the language server\'s protocol code import no registry of rules', () => {
  for (const [file, src] of srcOf('src/lint/formatters')) assert.not.match(src, /registry\.js'/, file);
  for (const [file, src] of srcOf('src/lsp')) {
    if (file === 'src/lsp/project.ts') assert.match(src, /import \{ rulesOfRun \} from '\.\.\/lint\/registry\.js'/, 'the project takes the run\'s rules');
    else assert.not.match(src, /registry\.js'/, file);
  }
});

test('a run\'s rules: the built-in ones, then the project\'s own', () => {
  assert.is(rulesOfRun([]), RULES);
  const own = { id: 'acme/x', group: 'policy' as const, severity: 'error' as const, summary: 's', why: 'w', fix: 'f' };
  assert.equal(rulesOfRun([own]).map((r) => r.id), [...RULES.map((r) => r.id), 'acme/x']);
});

test('the formats are listed once: the table of load.ts, and every one has a formatter', () => {
  assert.equal(Object.keys(FORMATTERS).sort(), [...FORMAT_NAMES].sort());
  const list = /'stylish',\s*'json'|\bstylish, json, sarif\b/;
  for (const dir of ['src/cli', 'src/cli/commands', 'src/lint', 'src/lint/formatters']) {
    for (const [file, src] of srcOf(dir)) if (file !== 'src/lint/formatters/index.ts') assert.not.match(src, list, `${file} lists the formats again`);
  }
});

const CONFIG = 'templates: ["templates/**/*.yaml"]\npolicies:\n  - id: acme/description\n    message: Every marketing template says what it is for\n    where: { category: MARKETING }\n    field: description\n    required: true\n';
const TEMPLATE = 'channel: shop\nname: promo\nlanguage: en\ncategory: MARKETING\nbody:\n  text: "Hello {{1}}, our shop has a new collection for you."\n  examples: { 1: Ana }\n';

test('the language server: a built-in rule links its docs, a team\'s policy is explained from the run\'s metadata without a link', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/promo.yaml': TEMPLATE });
    const project = new LspProject(dir, () => new Date('2026-01-01T00:00:00Z'));
    await project.load();
    const findings = [...project.findings().values()].flat();
    const policy = findings.find((d) => d.ruleId === 'acme/description');
    assert.ok(policy, JSON.stringify(findings));
    assert.is(project.rule('acme/description')?.summary !== undefined, true);
    assert.is(toLsp(policy, project.rule(policy.ruleId)).codeDescription, undefined);
    const builtIn = { ...policy, ruleId: 'placeholder-sample' };
    assert.is(toLsp(builtIn, project.rule('placeholder-sample')).codeDescription?.href, `https://github.com/tplsync/tplsync/blob/v${RULES_VERSION}/docs/rules.md#placeholder-sample`);
  } finally { cleanup(dir); }
});

test.run();
