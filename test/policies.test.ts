// Team policies in the config, enforced like the built-in rules: each operator with `where`,
// a plugin rule, a plugin that throws (a finding naming it, never a crash), severities,
// suppressions, every --format, SARIF rules with help text, and the block checked with did-you-mean.
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseField } from '../src/config/policies.ts';
import { compilePolicy, select } from '../src/lint/policies.ts';
import { cleanup, cliIn, FIXTURES, tempDir, writeFiles } from './helpers.ts';

const EXAMPLE = path.join(FIXTURES, 'policies');

interface Diag { file: string; line: number; column: number; ruleId: string; severity: string; message: string }

/** a copy of the worked example (docs/rules.md), changed by `files` */
async function lint(files: Record<string, string> = {}, args: string[] = ['--format', 'json']): Promise<{ exitCode: number; stdout: string; stderr: string; diags: Diag[] }> {
  const dir = tempDir();
  try {
    cpSync(EXAMPLE, dir, { recursive: true });
    writeFiles(dir, files);
    const r = await cliIn(['lint', ...args], { cwd: dir });
    let diags: Diag[] = [];
    if (args.includes('json')) try { diags = (JSON.parse(r.stdout) as { diagnostics: Diag[] }).diagnostics; } catch { /* not JSON: an error */ }
    return { ...r, diags };
  } finally { cleanup(dir); }
}

const show = (d: Diag) => `${d.ruleId} ${d.severity} ${path.basename(d.file)}:${d.line}:${d.column}`;

test('each operator with where, and a plugin rule, reported at the field\'s node (the first line when a required field is absent)', async () => {
  const r = await lint();
  assert.is(r.exitCode, 1, r.stderr);
  assert.equal(r.diags.map(show), [
    'acme/languages info order_ready.fr.yaml:3:11',
    'acme/description error spring_sale.en_US.yaml:1:1',
    'acme/brand-spelling error spring_sale.en_US.yaml:6:24',
    'acme/no-free warning spring_sale.en_US.yaml:6:64',
    'acme/marketing-opt-out error spring_sale.en_US.yaml:8:9',
    'acme/short-buttons error spring_sale.en_US.yaml:11:11',
  ]);
  assert.match(r.diags[1]!.message, /^Every marketing template says what it is for \(description is absent\)\.$/);
  assert.match(r.diags[3]!.message, /contains 'free'/);
  assert.match(r.diags[5]!.message, /buttons\[0\]\.text has 18 characters; at most 12/);
});

test('where narrows: the same fields on a template the policy does not select are left alone', async () => {
  const utility = readFileSync(path.join(EXAMPLE, 'templates', 'spring_sale.en_US.yaml'), 'utf8')
    .replace('category: MARKETING', 'category: UTILITY').replace('Acmeshop', 'ACME Shop').replace(' free ', ' fast ');
  const r = await lint({ 'templates/spring_sale.en_US.yaml': utility });
  // (a sale in a UTILITY template is the built-in utility-promotional's warning, rightly: not a policy's)
  assert.equal(r.diags.map(show), ['acme/languages info order_ready.fr.yaml:3:11', 'utility-promotional warning spring_sale.en_US.yaml:6:34']);
  // a marketing template that keeps every policy
  const good = readFileSync(path.join(EXAMPLE, 'templates', 'spring_sale.en_US.yaml'), 'utf8')
    .replace('category: MARKETING', 'category: MARKETING\ndescription: The spring sale').replace('Acmeshop', 'ACME Shop').replace(' free ', ' fast ')
    .replace('Reply NO to opt out', 'Reply STOP to opt out').replace('Show me the offers', 'Show offers');
  const g = await lint({ 'templates/spring_sale.en_US.yaml': good });
  assert.equal(g.diags.map(show), ['acme/languages info order_ready.fr.yaml:3:11']);
});

test('a policy\'s severity is set in the config like a built-in rule\'s, and a finding is suppressed with a reason', async () => {
  const config = readFileSync(path.join(EXAMPLE, 'tplsync.config.yaml'), 'utf8');
  const spring = readFileSync(path.join(EXAMPLE, 'templates', 'spring_sale.en_US.yaml'), 'utf8')
    .replace('footer: Reply NO', '# tplsync-disable-next-line acme/marketing-opt-out -- this campaign goes to staff only\nfooter: Reply NO');
  const r = await lint({ 'tplsync.config.yaml': `${config}rules:\n  acme/short-buttons: warning\n  acme/languages: off\n`, 'templates/spring_sale.en_US.yaml': spring });
  assert.equal(r.diags.map(show), [
    'acme/description error spring_sale.en_US.yaml:1:1',
    'acme/brand-spelling error spring_sale.en_US.yaml:6:24',
    'acme/no-free warning spring_sale.en_US.yaml:6:64',
    'acme/short-buttons warning spring_sale.en_US.yaml:12:11',
  ]);
  const unknown = await lint({ 'tplsync.config.yaml': `${config}rules:\n  acme/short-button: warning\n` });
  assert.is(unknown.exitCode, 3);
  assert.match(unknown.stderr, /unknown rule id 'acme\/short-button'.*did you mean 'acme\/short-buttons'\?/);
});

test('every --format carries policy findings; SARIF lists each policy as a rule with its help text', async () => {
  const sarif = await lint({}, ['--format', 'sarif']);
  const log = JSON.parse(sarif.stdout) as { runs: { tool: { driver: { rules: { id: string; help: { text: string }; shortDescription: { text: string } }[] } }; results: { ruleId: string; ruleIndex: number }[] }[] };
  const rules = log.runs[0]!.tool.driver.rules;
  const opt = rules.find((x) => x.id === 'acme/marketing-opt-out');
  assert.ok(opt, 'the policy is a SARIF rule');
  assert.is(opt!.shortDescription.text, 'Marketing templates offer an opt-out in the footer');
  assert.match(opt!.help.text, /footer must match \/STOP\/ when category is MARKETING/);
  assert.match(rules.find((x) => x.id === 'acme/brand-spelling')!.help.text, /The brand guide allows one spelling only/);
  for (const res of log.runs[0]!.results) assert.is(rules[res.ruleIndex]!.id, res.ruleId);
  for (const [format, expect] of [['stylish', /8:9\s+error\s+Marketing templates offer an opt-out.*acme\/marketing-opt-out/], ['github', /::error file=.*spring_sale\.en_US\.yaml,line=8,.*acme\/marketing-opt-out/], ['markdown', /acme\/marketing-opt-out/]] as const) {
    const r = await lint({}, ['--format', format]);
    assert.is(r.exitCode, 1);
    assert.match(r.stdout, expect, format);
  }
});

test('a plugin rule that throws is a finding on the template naming the plugin, never a crash', async () => {
  const r = await lint({
    'policies/brand.mjs': 'export default [{ id: "acme/broken", check(ctx) { if (ctx.t.category === "MARKETING") throw new TypeError("cannot read x of undefined"); } }];\n',
  });
  assert.is(r.exitCode, 1, r.stderr);
  const thrown = r.diags.filter((d) => d.ruleId === 'policy-plugin-error');
  assert.equal(thrown.map(show), ['policy-plugin-error error spring_sale.en_US.yaml:1:1']);
  assert.match(thrown[0]!.message, /^Plugin \.\/policies\/brand\.mjs: rule acme\/broken threw on this template: TypeError: cannot read x of undefined$/);
  assert.ok(r.diags.some((d) => d.ruleId === 'acme/marketing-opt-out'), 'the other policies still run');
  const later = await lint({ 'policies/brand.mjs': 'export default [{ id: "acme/later", async check() { throw new Error("too late"); } }];\n' });
  assert.is(later.exitCode, 1, later.stderr);
  assert.match(later.diags.find((d) => d.ruleId === 'policy-plugin-error')!.message, /rule acme\/later threw on this template: check\(ctx\) returned a promise/);
});

test('a plugin module that throws while loading is a finding on its line of the config; one that exports no rules is a usage error', async () => {
  const r = await lint({ 'policies/brand.mjs': 'throw new Error("brand list unavailable");\n' });
  assert.is(r.exitCode, 1, r.stderr);
  const f = r.diags.find((d) => d.ruleId === 'policy-plugin-error')!;
  assert.equal([path.basename(f.file), f.line, f.column], ['tplsync.config.yaml', 37, 13]);
  assert.match(f.message, /^Plugin \.\/policies\/brand\.mjs failed to load: brand list unavailable$/);
  // its severity is the config's for the rule, like every other finding's (finish.ts severityOf)
  const config = readFileSync(path.join(EXAMPLE, 'tplsync.config.yaml'), 'utf8');
  const warned = await lint({ 'policies/brand.mjs': 'throw new Error("brand list unavailable");\n', 'tplsync.config.yaml': `${config}rules:\n  policy-plugin-error: warning\n` });
  assert.equal(warned.diags.filter((d) => d.ruleId === 'policy-plugin-error').map((d) => d.severity), ['warning']);
  const none = await lint({ 'policies/brand.mjs': 'export const x = 1;\n' });
  assert.is(none.exitCode, 3);
  assert.match(none.stderr, /plugin \.\/policies\/brand\.mjs exports no rules/);
});

test('the config checks the block: did-you-mean for keys and severities, exactly one operator, valid patterns', async () => {
  const config = readFileSync(path.join(EXAMPLE, 'tplsync.config.yaml'), 'utf8');
  const cases: [string, string, RegExp][] = [
    ['    field: footer\n', '    feild: footer\n', /policies\[0\]: unknown key 'feild'; did you mean 'field'\?/],
    ['    severity: warning\n', '    severity: warnig\n', /policies\[1\]\.severity: 'warnig' is not one of error, warning, warn, info, off; did you mean 'warning'\?/],
    ['    pattern: STOP\n', '    pattern: STOP\n    maxLength: 3\n', /policies\[0\]: has pattern and maxLength; give exactly one/],
    ['    notPattern: \\bfree\\b\n', '    notPattern: "(free"\n', /policies\[1\]\.notPattern: is not a valid regular expression/],
    ['  - plugin: ./policies/brand.mjs\n', '  - plugin: ./policies/missing.mjs\n', /plugin \.\/policies\/missing\.mjs not found/],
    ['  - id: acme/marketing-opt-out\n', '  - id: footer\n', /policies\[0\]\.id: 'footer' needs your team's prefix/],
  ];
  for (const [from, to, expect] of cases) {
    assert.ok(config.includes(from), from);
    const r = await lint({ 'tplsync.config.yaml': config.replace(from, to) });
    assert.is(r.exitCode, 3, `${to}: ${r.stdout}`);
    assert.match(r.stderr, expect);
  }
});

test('field paths (pure): wildcards walk lists, a missing field is absent at its own path', () => {
  assert.equal(parseField('carousel[*].body.text'), [{ key: 'carousel' }, { any: true }, { key: 'body' }, { key: 'text' }]);
  assert.is(parseField('body..text'), undefined);
  const t = { buttons: [{ text: 'a' }, {}], body: { text: 'x' } };
  assert.equal(select(t, parseField('buttons[*].text')!), [{ path: ['buttons', 0, 'text'], present: true, value: 'a' }, { path: ['buttons', 1, 'text'], present: false, value: undefined }]);
  assert.equal(select(t, parseField('carousel[*].body.text')!), []);
  assert.equal(select(t, parseField('footer')!), [{ path: ['footer'], present: false, value: undefined }]);
  const rule = compilePolicy({ id: 'a/b', message: 'M', field: 'footer', enum: ['x'] });
  assert.is(rule.group, 'policy');
  assert.is(rule.severity, 'error');
});

test.run();
