// The config file's JSON Schema validator: generated at build time (scripts/gen-validators.mjs),
// or compiled by ajv with the same options where there is none (running from src).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv as AjvClass, ValidateFunction } from 'ajv';
import { schemaDir } from './dir.js';
import { standalone } from './template.js';

const require = createRequire(import.meta.url);
let compiled: ValidateFunction | undefined;

export function configValidator(): ValidateFunction {
  compiled ??= standalone('../schemas/config.validate.cjs') ?? compileConfig();
  return compiled;
}

function compileConfig(): ValidateFunction {
  const { Ajv } = require('ajv') as { Ajv: typeof AjvClass };
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  return ajv.compile(JSON.parse(readFileSync(path.join(schemaDir, 'config.schema.json'), 'utf8')));
}
