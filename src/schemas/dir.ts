// Where the package's schema/ folder (template JSON Schema, config schema, OpenAPI contract) lives.
import { fileURLToPath } from 'node:url';

export const schemaDir = fileURLToPath(new URL('../../schema/', import.meta.url));
