// Preloaded by scripts/test.mjs into every test file (`node --import ./test/generated-validators.mjs
// --import tsx FILE`): the schema validators of src/schemas/*.ts, which look for the build's
// generated code next to themselves (../schemas/X.validate.cjs) and compile the schema with ajv
// where there is none, find the code the build just wrote to dist/schemas/ instead. Running from
// src, every test process used to compile the template, config and contract schemas again (about
// half a second of CPU in each of more than a hundred files); the generated code is the compiled
// schema (test/standalone.test.ts and test/contract-standalone.test.ts hold them to the same
// verdicts and errors, and compare against the compiled ones: standalone.test.ts turns this
// redirect off with `generatedValidators.enabled = false` before its first validator).
// Only a require of ../schemas/<name>.validate.cjs from a module in src/schemas/ is redirected,
// and only to a file that exists: without a build, the schemas are compiled as before.
import { existsSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromDir = path.join(root, 'src', 'schemas') + path.sep;
const toDir = path.join(root, 'dist', 'schemas');
const switchKey = Symbol.for('tplsync.test.generatedValidators');
/** the redirect's switch, shared with test files through the global symbol registry */
const state = (globalThis[switchKey] ??= { enabled: true });

const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const m = /^\.\.\/schemas\/(\w+\.validate\.cjs)$/.exec(request);
  if (state.enabled && m && parent?.filename?.startsWith(fromDir)) {
    const built = path.join(toDir, m[1]);
    if (existsSync(built)) return built;
  }
  return resolve.call(this, request, parent, ...rest);
};
