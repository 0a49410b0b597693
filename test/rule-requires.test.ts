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

/** the findings of one rule on one template (-1: the rule threw, as on a fixture nested past every bound) */
const findings = (rule: Rule, v: Record<string, unknown>): number => { try { return runRules(v, [rule], { now }).length; } catch { return -1; } };
const KEYS = ['message', 'carousel', 'limited_time_offer'] as const;

// trial-ad F9/F13: `requires` was set by group (registry.ts's needing) and only its soundness was
// tested, so a rule of another group that reads nothing but a carousel's cards (carousel-product-cards,
// in commerce.ts) declared nothing: run on every template, and said in no metadata. Each rule is
// held to its declaration both ways: one that finds something only where a key is and nothing once
// that key is taken away declares it, and a declared key is one its own failing example has.
test('a rule that can find something only in templates with a key declares it (requires); a declared key is in its failing fixture', () => {
  const all = [...values(), ...fc.sample(fc.oneof(carouselTemplate, offerTemplate), { numRuns: 150, seed: 20261201 }) as unknown as Record<string, unknown>[]];
  const undeclared: string[] = [];
  for (const rule of RULES) {
    if (!rule.check || rule.requires !== undefined) continue;
    const firing = all.filter((v) => findings(rule, v) > 0);
    for (const key of KEYS) {
      if (!firing.length || !firing.every((v) => v[key] !== undefined)) continue;
      if (firing.every((v) => { const { [key]: _gone, ...rest } = v; return findings(rule, rest) === 0; })) undeclared.push(`${rule.id}: finds something only with ${key} (in ${firing.length} templates), declares no requires`);
    }
  }
  assert.equal(undeclared, []);
  for (const rule of RULES) {
    if (!rule.check || rule.requires === undefined) continue;
    const fails = yamlUnder(path.join(ROOT, 'test', 'fixtures', 'rules', rule.id, 'fail'));
    assert.ok(fails.length > 0, `${rule.id}: no failing fixture`);
    for (const f of fails) {
      const v = parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
      assert.ok(v[rule.requires] !== undefined, `${path.relative(ROOT, f)}: ${rule.id} requires ${rule.requires}, which its failing fixture does not have`);
    }
  }
});

test.run();
