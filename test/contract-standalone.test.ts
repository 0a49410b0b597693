// The API contract's validators the build generates (dist/schemas/contract.validate.cjs, ajv
// standalone code) and the contract as JSON (dist/schemas/openapi.json) are schema/openapi.yaml:
// the same document, and for any value the same verdict and the same first violation as the
// schemas compiled by ajv at run time.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidateFunction } from 'ajv';
import { compiledContractValidator, type SchemaName } from '../src/schemas/contract.ts';
import { ROOT, writeBody } from './helpers.ts';

const require = createRequire(import.meta.url);
const generated = require(path.join(ROOT, 'dist', 'schemas', 'contract.validate.cjs')) as Record<string, ValidateFunction>;
const NAMES: SchemaName[] = ['TemplateWriteRequest', 'TemplateWriteResponse', 'TemplateReadResponse', 'ConversationRequest', 'ConversationResponse', 'MessageStatusResponse', 'Error', 'Uuid', 'EmulatorListPage'];

const verdict = (v: ValidateFunction, value: unknown) => (v(value) ? 'ok' : (v.errors ?? []).map((e) => [e.instancePath, e.keyword, e.message]));

test('openapi.json is schema/openapi.yaml', () => {
  const json = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'schemas', 'openapi.json'), 'utf8'));
  assert.equal(json, parse(readFileSync(path.join(ROOT, 'schema', 'openapi.yaml'), 'utf8')));
});

test('every schema name has a generated validator that agrees with the compiled one', () => {
  const body = writeBody();
  const inner = body.chatapp!;
  const samples: unknown[] = [
    body, { ...body, name: 7 }, { ...body, chatapp: { ...inner, chatapp: { ...inner.chatapp, components: 'x' } } },
    { code: 400, message: 'bad', errors: [] }, { code: '400' }, '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', 'not-a-uuid', null, [], {},
  ];
  for (const name of NAMES) {
    const gen = generated[name];
    assert.ok(gen, `${name} is generated`);
    const compiled = compiledContractValidator(name);
    for (const s of samples) assert.equal(verdict(gen!, s), verdict(compiled, s), `${name}: ${JSON.stringify(s)}`);
    fc.assert(fc.property(fc.jsonValue(), (v) => { assert.equal(verdict(gen!, v), verdict(compiled, v), name); }), { numRuns: 100 });
  }
});

test.run();
