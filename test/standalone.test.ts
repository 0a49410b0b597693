// The validators the build generates (scripts/gen-validators.mjs, ajv standalone code) are the
// schemas compiled by ajv: the same verdict and the same findings for any value.
// test-runner: a process of its own (it turns the test runner's redirect to the generated validators off)
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidateFunction } from 'ajv';
import { templateText } from '../bench/generate.ts';
import { parseTemplateBytes } from '../src/files/parse.ts';
import { templateValidator } from '../src/schemas/template.ts';
import { mapSchemaErrors } from '../src/lint/rules/schema.ts';
import { configValidator } from '../src/schemas/config.ts';
import { RULES } from '../src/lint/registry.ts';
import { ROOT } from './helpers.ts';
import { mutate } from './arbitraries.ts';

const require = createRequire(import.meta.url);
// this file compares the generated validators with the compiled ones: the test runner's redirect of
// src/schemas to the generated code (test/generated-validators.mjs) would make them the same
const redirect = (globalThis as Record<symbol, { enabled: boolean } | undefined>)[Symbol.for('tplsync.test.generatedValidators')];
if (redirect) redirect.enabled = false;
const generated = (name: string) => require(path.join(ROOT, 'dist', 'schemas', `${name}.validate.cjs`)) as ValidateFunction;

const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(path.join(ROOT, 'templates', f)));
const bases = [...samples, ...Array.from({ length: 10 }, (_, i) => Buffer.from(templateText(i, 'realistic')))];

function same(standalone: ValidateFunction, compiled: ValidateFunction, value: unknown): void {
  const a = standalone(value);
  const b = compiled(value);
  assert.is(a, b);
  if (!a) assert.equal(mapSchemaErrors(standalone.errors ?? [], value), mapSchemaErrors(compiled.errors ?? [], value));
  if (!a) assert.equal((standalone.errors ?? []).map((e) => [e.instancePath, e.keyword, e.message]), (compiled.errors ?? []).map((e) => [e.instancePath, e.keyword, e.message]));
}

test('running from src, the schema is compiled (no generated validator there)', () => {
  assert.is.not(templateValidator(), generated('template'));
});

test('property: the generated template validator gives the compiled one\'s findings', () => {
  const standalone = generated('template');
  const compiled = templateValidator();
  fc.assert(fc.property(mutate(bases, ' :-#"\'\n{}[]abz019_.,', 6), (bytes) => {
    const f = parseTemplateBytes('t.yaml', bytes);
    if (f.doc) same(standalone, compiled, f.value);
  }), { numRuns: 1500 });
});

test('the generated config validator gives the compiled one\'s verdict and errors', () => {
  const standalone = generated('config');
  const compiled = configValidator();
  for (const c of [{}, { templates: ['a'] }, { templates: 'a' }, { environments: { x: { channels: { a: 1 } } } }, { rules: { schema: 'loud' } }, { extra: 1 },
    { environments: { local: { emulator: 'e.json', channels: { shop: '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11' } } }, defaultEnvironment: 'local' }]) same(standalone, compiled, c);
});

test('the built config validator takes every registered rule id (a config may name a new rule once it is registered and npm run docs:rules has run)', () => {
  // the built CLI refuses a config naming an id this validator does not know ("unknown rule id"); docs:rules writes the schema's ids and generates this validator again
  const standalone = generated('config');
  const refused = RULES.map((r) => r.id).filter((id) => !standalone({ rules: { [id]: 'off' } }));
  assert.equal(refused, [], 'dist/schemas/config.validate.cjs is older than the rules: run `npm run docs:rules` (it writes schema/config.schema.json and generates the validator again)');
});

test.run();
