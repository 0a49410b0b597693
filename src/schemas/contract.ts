// The one contract: validators for the schemas of schema/openapi.yaml (JSON Schema 2020-12),
// used by the client for what it receives and by the emulator for what it is sent and answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { fileURLToPath } from 'node:url';
import { requireCached } from '../core/code-cache.js';
import { schemaDir } from './dir.js';
import { UsageError } from '../core/errors.js';

export type SchemaName =
  | 'TemplateWriteRequest' | 'TemplateWriteResponse' | 'TemplateReadResponse'
  | 'ConversationRequest' | 'ConversationResponse' | 'MessageStatusResponse' | 'Error' | 'Uuid' | 'EmulatorListPage';

const require = createRequire(import.meta.url);
let ajv: Ajv2020 | undefined;
const cache = new Map<SchemaName, ValidateFunction>();
const DOC_ID = 'https://tplsync.local/openapi.json';
/** written by the build next to the built module (dist/schemas), absent beside src */
const GENERATED = '../schemas/contract.validate.cjs';
/** the validators the build generated (scripts/gen-validators.mjs), one per schema name; null: none (running from src) */
let generated: Record<string, ValidateFunction> | null | undefined;

/** schema/openapi.yaml as a value: the JSON the build wrote of it, or the YAML parsed (running from src) */
export function openapiDocument(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(new URL('../schemas/openapi.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const { parse } = require('yaml') as typeof import('yaml');
  return parse(readFileSync(path.join(schemaDir, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
}

function validator(name: SchemaName): ValidateFunction {
  let v = cache.get(name);
  if (!v) {
    if (generated === undefined) {
      try {
        generated = (requireCached(fileURLToPath(new URL(GENERATED, import.meta.url))) ?? require(GENERATED)) as Record<string, ValidateFunction>;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND' || !String((e as Error).message).includes('contract.validate.cjs')) throw e;
        generated = null;
      }
    }
    v = generated?.[name];
    if (!v) {
      if (!ajv) {
        const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
        ajv = new Ajv({ allErrors: false, strict: false, validateFormats: false });
        const doc = openapiDocument();
        ajv.addSchema({ $id: DOC_ID, components: doc.components });
      }
      v = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
    }
    cache.set(name, v);
  }
  return v;
}

/**
 * The validators of the answers a client checks, loaded now: a client is made only where they can
 * be (a bundler that left out dist/schemas/contract.validate.cjs and schema/ would otherwise fail
 * on the first answer, after a message was sent). Throws an error that says so.
 */
export function loadContract(names: readonly SchemaName[]): void {
  try {
    for (const n of names) validator(n);
  } catch (e) {
    throw new UsageError(`tplsync cannot load the API contract's validators (${(e as Error).message.split('\n')[0]}): it reads dist/schemas/contract.validate.cjs (or schema/openapi.yaml) beside its own files. A bundler must leave the tplsync package external (esbuild --external:tplsync, webpack externals) so that its files stay in node_modules; nothing was sent`);
  }
}

/** the contract's validator of a schema compiled by ajv from schema/openapi.yaml, never the generated one (for tests) */
export function compiledContractValidator(name: SchemaName): ValidateFunction {
  const { Ajv2020: Ajv } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const { parse } = require('yaml') as typeof import('yaml');
  const a = new Ajv({ allErrors: false, strict: false, validateFormats: false });
  a.addSchema({ $id: DOC_ID, components: (parse(readFileSync(path.join(schemaDir, 'openapi.yaml'), 'utf8')) as { components: unknown }).components });
  return a.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
}

export interface ContractViolation { path: string; message: string }

/** undefined when `value` matches the named schema; otherwise the first violation, with its path */
export function checkContract(name: SchemaName, value: unknown): ContractViolation | undefined {
  const v = validator(name);
  if (v(value)) return undefined;
  const e = v.errors![0]!;
  // a missing field is named by its own path ("chatapp.chatapp is required"), never by its
  // parent's path followed by ajv's sentence about it ("chatapp.chatapp must have required property 'chatapp'")
  return { path: describe(e), message: e.keyword === 'required' ? 'is required' : e.message ?? 'is invalid' };
}

function describe(e: ErrorObject): string {
  const base = e.instancePath.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('').replace(/^\./, '');
  const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : undefined;
  return missing ? (base ? `${base}.${missing}` : missing) : base || '(body)';
}

export { UUID_RE } from '../core/uuid.js';
