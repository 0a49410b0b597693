// The one contract: validators for the schemas of schema/openapi.yaml (JSON Schema 2020-12),
// used by the client for what it receives and by the emulator for what it is sent and answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { schemaDir } from './dir.js';

export type SchemaName =
  | 'TemplateWriteRequest' | 'TemplateWriteResponse' | 'TemplateReadResponse'
  | 'ConversationRequest' | 'ConversationResponse' | 'MessageStatusResponse' | 'Error' | 'Uuid' | 'EmulatorListPage';

let ajv: Ajv2020 | undefined;
const cache = new Map<SchemaName, ValidateFunction>();
const DOC_ID = 'https://tplsync.local/openapi.json';

export function openapiDocument(): Record<string, unknown> {
  return parse(readFileSync(path.join(schemaDir, 'openapi.yaml'), 'utf8')) as Record<string, unknown>;
}

function validator(name: SchemaName): ValidateFunction {
  let v = cache.get(name);
  if (!v) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: false, strict: false, validateFormats: false });
      const doc = openapiDocument();
      ajv.addSchema({ $id: DOC_ID, components: doc.components });
    }
    v = ajv.compile({ $ref: `${DOC_ID}#/components/schemas/${name}` });
    cache.set(name, v);
  }
  return v;
}

export interface ContractViolation { path: string; message: string }

/** undefined when `value` matches the named schema; otherwise the first violation, with its path */
export function checkContract(name: SchemaName, value: unknown): ContractViolation | undefined {
  const v = validator(name);
  if (v(value)) return undefined;
  const e = v.errors![0]!;
  return { path: describe(e), message: e.message ?? 'is invalid' };
}

function describe(e: ErrorObject): string {
  const base = e.instancePath.split('/').slice(1).map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('').replace(/^\./, '');
  const missing = e.keyword === 'required' ? (e.params as { missingProperty: string }).missingProperty : undefined;
  return missing ? (base ? `${base}.${missing}` : missing) : base || '(body)';
}

export { UUID_RE } from '../model/ids.js';
