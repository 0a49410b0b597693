// The JSON Schema of a template file: the schema itself and its validator (the standalone code the
// build generated, or ajv compiled once per process). It only validates: which rule an error
// belongs to and how it is worded is the rules' own decision (src/lint/rules/schema.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from 'ajv';
import { fileURLToPath } from 'node:url';
import { requireCached } from '../core/code-cache.js';
import { schemaDir } from './dir.js';

const require = createRequire(import.meta.url);

let compiled: ValidateFunction | undefined;

export function templateSchema(): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(schemaDir, 'template.schema.json'), 'utf8'));
}

/**
 * The compiled validator: the standalone code the build generated from the schema
 * (scripts/gen-validators.mjs: no ajv to load or compile at start-up), or, where there is none
 * (running from src), the schema compiled by ajv with the same options.
 */
export function templateValidator(): ValidateFunction {
  compiled ??= standalone('../schemas/template.validate.cjs') ?? compileTemplate();
  return compiled;
}

function compileTemplate(): ValidateFunction {
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  const addFormats = require('ajv-formats') as (ajv: AjvClass, formats: string[]) => void;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, allowUnionTypes: true });
  addFormats(ajv, ['uri']);
  return ajv.compile(templateSchema());
}

/** a validator generated at build time next to this module, or undefined */
export function standalone(file: string): ValidateFunction | undefined {
  // run by the bin: with V8's code cache (core/code-cache.ts), which spares a cold lint the parse and compile of the validator
  const cached = requireCached(fileURLToPath(new URL(file, import.meta.url)));
  if (cached) return cached as ValidateFunction;
  try {
    return require(file) as ValidateFunction;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' && String((e as Error).message).includes(path.basename(file))) return undefined;
    throw e;
  }
}

/** The schema's errors on a template's plain value (none when it is valid), as ajv gives them. */
export function templateErrors(value: unknown): readonly ErrorObject[] {
  const validate = templateValidator();
  return validate(value) ? [] : (validate.errors ?? []);
}
