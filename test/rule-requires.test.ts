// A rule that declares `requires: KEY` is not run on templates without that key (engine.ts). That
// is only sound if the rule can find nothing there: every such rule is run here, without its key,
// on every template the project holds (each rule's failing and passing fixtures, the samples, the
// benchmark corpora) and on generated ones, and must stay silent.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { runRules } from '../src/lint/engine.ts';
import { RULES } from '../src/lint/registry.ts';
import type { Rule } from '../src/lint/rule.ts';
import { ROOT } from './helpers.ts';
import { carouselTemplate, offerTemplate } from './kinds-arbitraries.ts';

const now = new Date('2026-01-01T00:00:00Z');
const needing = RULES.filter((r): r is Rule & { requires: NonNullable<Rule['requires']> } => r.requires !== undefined && r.check !== undefined);

function yamlUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).map((f) => path.join(dir, f));
}

/** every template value the project holds */
function values(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const f of [...yamlUnder(path.join(ROOT, 'test', 'fixtures', 'rules')), ...yamlUnder(path.join(ROOT, 'templates'))]) {
    try {
      const v = parse(readFileSync(f, 'utf8')) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>);
    } catch { /* fixtures of syntax errors */ }
  }
  for (let i = 0; i < 60; i++) for (const kind of ['clean', 'realistic', 'dirty'] as const) out.push(parse(templateText(i, kind)) as Record<string, unknown>);
  return out;
}

const silentWithout = (rule: (typeof needing)[number], v: Record<string, unknown>): void => {
  const { [rule.requires]: _gone, ...rest } = v;
  const found = runRules(rest, [rule], { now });
  assert.equal(found, [], `${rule.id} without ${rule.requires}: ${JSON.stringify(found[0])}`);
};

test('the rules that require a key are the RCS, carousel and limited-time offer rules', () => {
  assert.ok(needing.length >= 30, `${needing.length} rules`);
  for (const r of needing) assert.ok(['message', 'carousel', 'limited_time_offer'].includes(r.requires));
});

test('a rule that requires a key finds nothing in any of the project\'s templates without it', () => {
  const all = values();
  assert.ok(all.length > 300, `${all.length} templates`);
  for (const rule of needing) for (const v of all) silentWithout(rule, v);
});

test('... nor in generated carousels and offers (and RCS messages) without it', () => {
  fc.assert(fc.property(fc.oneof(carouselTemplate, offerTemplate), fc.constantFrom('message', 'carousel', 'limited_time_offer'), (t, key) => {
    const v = { ...(t as unknown as Record<string, unknown>), message: { type: 'text', message: 'Hi {{1}}', examples: { 1: 'A' } } };
    for (const rule of needing.filter((r) => r.requires === key)) silentWithout(rule, v);
  }), { numRuns: 200 });
});

test.run();
