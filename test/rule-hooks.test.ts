// A rule owns its code (src/lint/rule.ts): every registered rule id is reported through one of the
// hooks the engine calls (check per file, checkProject per run, checkFinal per file at the end,
// checkLoading on the problems of loading a file or a plugin). A new rule without code fails
// here. The engine and the run name none of the rules' ids: their code is theirs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes, type PathFinding } from '../src/lint/engine.ts';
import { RULES } from '../src/lint/registry.ts';
import type { Rule } from '../src/lint/rule.ts';
import { ROOT } from './helpers.ts';

const hooks = (r: Rule): boolean => Boolean(r.check || r.checkProject || r.checkFinal || r.checkLoading);
const hooked = RULES.filter(hooks);

test('every registered rule id has code: a hook (no stage reports a rule of its own accord)', () => {
  assert.equal(RULES.filter((r) => !hooks(r)).map((r) => r.id), []);
});

test('the cross-file, directive and limit rules are rule objects with a project or final hook', () => {
  for (const r of RULES.filter((x) => x.group === 'cross-file')) assert.ok(r.checkProject, `${r.id} has checkProject`);
  for (const r of RULES.filter((x) => x.group === 'directive' || x.group === 'limits')) assert.ok(r.checkFinal, `${r.id} has checkFinal`);
});

test('the engine and the run name no hooked rule: each is called through its hook', () => {
  const ids = hooked.map((r) => r.id);
  for (const file of ['src/lint/engine.ts', 'src/lint/lint-files.ts', 'src/lint/place.ts']) {
    const src = readFileSync(path.join(ROOT, file), 'utf8');
    for (const id of ids) assert.not.ok(src.includes(`'${id}'`), `${file} names '${id}'`);
  }
});

const now = new Date('2026-01-01T00:00:00Z');
const tpl = (language: string, extra = ''): Buffer => Buffer.from(`channel: support\nname: order_ready\nlanguage: ${language}\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n${extra}`);

test('project hooks: findings at spans at once, findings at paths through the run\'s placement only', () => {
  const a = lintBytes('a.yaml', tpl('en'), { now });
  const b = lintBytes('b.yaml', tpl('en'), { now });
  const c = lintBytes('c.yaml', Buffer.from(tpl('de').toString().replace('{{1}}, your', '{{1}} and {{2}}, your').replace('{ 1: Ana }', '{ 1: Ana, 2: Bo }')), { now });
  const alone = finishProject([a, b, c], { severities: {} });
  assert.equal(alone.map((d) => `${d.file} ${d.ruleId} ${d.line}:${d.column}`), ['a.yaml duplicate-template 2:7', 'b.yaml duplicate-template 2:7']);
  const asked: PathFinding[] = [];
  const placed = finishProject([a, b, c], { severities: {}, place: (found) => { asked.push(...found); return found.map((f) => ({ file: f.file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: f.ruleId, message: f.message })); } });
  assert.equal(asked.map((f) => `${f.file} ${f.ruleId}`), ['c.yaml variant-mismatch']);
  // placement decides no severity: the finish gives the rule's default, or the config's
  assert.not.ok('severity' in asked[0]!);
  assert.equal(placed.filter((d) => d.ruleId === 'variant-mismatch').map((d) => `${d.file} ${d.severity}`), ['c.yaml error']);
  const warned = finishProject([a, b, c], { severities: { 'variant-mismatch': 'warning' }, place: (found) => found.map((f) => ({ file: f.file, line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: f.ruleId, message: f.message })) });
  assert.equal(warned.filter((d) => d.ruleId === 'variant-mismatch').map((d) => `${d.file} ${d.severity}`), ['c.yaml warning']);
});

test('final hooks: a directive rule is called with what the directives suppressed, and not at all when off', () => {
  const r = lintBytes('d.yaml', Buffer.concat([Buffer.from('# tplsync-disable-next-line no-such-rule\n'), tpl('en')]), { now });
  const ids = (sev: Record<string, 'off'>): string[] => finishProject([r], { severities: sev }).map((d) => d.ruleId).sort();
  assert.equal(ids({}), ['directive-missing-reason', 'directive-unknown-rule']);
  assert.equal(ids({ 'directive-unknown-rule': 'off' }), ['directive-missing-reason']);
});

test.run();
