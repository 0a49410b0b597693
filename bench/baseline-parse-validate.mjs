// The lint baseline: read every file, yaml.parse it and validate it with a compiled ajv
// validator of the same schema, in one process. No positions, no platform rules.
import { readFileSync } from 'node:fs';
import { glob } from 'tinyglobby';
import { parse } from 'yaml';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const [dir, schemaFile] = process.argv.slice(2);
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
addFormats.default(ajv, ['uri']);
const validate = ajv.compile(JSON.parse(readFileSync(schemaFile, 'utf8')));
let invalid = 0;
const files = await glob(['templates/**/*.yaml'], { cwd: dir, absolute: true });
for (const f of files) if (!validate(parse(readFileSync(f, 'utf8')))) invalid++;
console.log(JSON.stringify({ files: files.length, invalid }));
