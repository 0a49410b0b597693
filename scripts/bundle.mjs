// Build step (after tsc and gen-validators): the command line as one CommonJS file,
// dist/bundle/main.cjs, which bin/tplsync.cjs runs with V8's code cache (src/core/code-cache.ts,
// itself built to dist/bundle/code-cache.cjs for the bin),
// and the worker threads' entries as ES modules beside it (esbuild, code splitting between them).
// Start-up is mostly module loading and compiling: some sixty modules of tsc output and their
// small dependencies become one file, whose modules each run at their first import, and whose
// compiled code the next run of the command takes from the cache. Dependencies that load only on
// some roads (ajv, yaml, ts-morph, cosmiconfig, tinyglobby, ...) stay outside, as packages.
// dist/bundle sits at the depth of dist/<folder>/, so the paths the modules compute from
// import.meta.url (../../schema/, ../../package.json, ../schemas/*.validate.cjs, ./worker.js,
// ./read-ahead-worker.js, ./write-worker.js, ./parse-worker.js)
// hold in both. Last, dist/lint/fingerprint.json and dist/bundle/fingerprint.json record the
// fingerprint of all the built code, which keys the lint cache (src/lint/fingerprint.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const out = path.join(dist, 'bundle');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
/** small and on the start-up road of most commands: bundled; every other dependency stays a package */
const BUNDLED = new Set(['commander', '@commander-js/extra-typings', 'js-yaml', 'picocolors']);

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [path.join(dist, 'lint', 'worker.js'), path.join(dist, 'files', 'read-ahead-worker.js'), path.join(dist, 'files', 'write-worker.js'), path.join(dist, 'translations', 'parse-worker.js')],
  outdir: out,
  entryNames: '[name]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: Object.keys(pkg.dependencies).filter((d) => !BUNDLED.has(d)),
  // the bundled CommonJS dependencies (commander) require Node's modules
  banner: { js: "import { createRequire as __tplsyncCreateRequire } from 'node:module'; const require = __tplsyncCreateRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
}).then((r) => writeFileSync(path.join(out, 'meta.json'), JSON.stringify(r.metafile)));

// The command line as one CommonJS file, dist/bundle/main.cjs, which the bin runs: V8's code
// cache is offered for classic scripts only in Node 20 (src/core/code-cache.ts). The modules that
// load on demand stay so (esbuild wraps each in a function run at its first import). import.meta.url
// is the file's own URL, so the paths computed from it (../../schema/, ./worker.js, ...) hold as in
// the ES modules beside it. cjs-meta.json names, for each module in the file, whether it runs at
// start-up or on demand (test/startup.test.ts reads it).
// A dependency that is only an ES module (p-limit) is bundled where a module imports it
// statically: a require of it would give its namespace where the import gave its default export.
// Where it is imported on demand, import() stays (the bin runs the file with Node's loader for it).
const esmOnly = new Set(Object.keys(pkg.dependencies).filter((d) => {
  const p = JSON.parse(readFileSync(path.join(root, 'node_modules', d, 'package.json'), 'utf8'));
  return p.type === 'module' && !JSON.stringify(p.exports ?? {}).includes('"require"');
}));
const packageOf = (spec) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
/** what both CommonJS files are built with */
const CJS = { bundle: true, format: 'cjs', platform: 'node', target: 'node20', metafile: true, logLevel: 'warning' };
const cjsBanner = "'use strict';\nconst __tplsyncUrl = require('node:url').pathToFileURL(__filename).href;\nconst __tplsyncImport = typeof __tplsyncImportFrom === 'function' ? __tplsyncImportFrom : (s) => import(s);";
await build({
  entryPoints: [path.join(dist, 'cli', 'main.js')],
  outfile: path.join(out, 'main.cjs'),
  ...CJS,
  external: Object.keys(pkg.dependencies).filter((d) => !BUNDLED.has(d) && !esmOnly.has(d)),
  plugins: [{
    name: 'esm-only-on-demand',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (a) => (a.kind === 'dynamic-import' && esmOnly.has(packageOf(a.path)) ? { path: a.path, external: true } : undefined));
    },
  }],
  define: { 'import.meta.url': '__tplsyncUrl' },
  // import() of a package (execa, tinyglobby, ...) or of a team policy goes through the function the
  // bin gives (code-cache.ts): V8 refuses import() in a script made from its code cache in Node 20
  banner: { js: cjsBanner },
}).then((r) => {
  const built = readFileSync(path.join(out, 'main.cjs'), 'utf8');
  if (!built.startsWith(cjsBanner)) throw new Error('main.cjs does not start with its banner (scripts/bundle.mjs)');
  const body = built.slice(cjsBanner.length).replace(/(?<![\w$.])import\(/g, '__tplsyncImport(');
  if (!body.includes('__tplsyncImport(')) throw new Error('main.cjs: no import() found to route through the bin (scripts/bundle.mjs)');
  // esbuild escapes what is not ASCII in strings and names, not in the comments it keeps (js-yaml's)
  // nor in a regular expression's character class (/[。؟।]/u): each is written as its \uXXXX
  // escape (one per UTF-16 unit), the same character to a string, a name and a regular expression
  // (a '?' in its place made a sentence splitter split at question marks), so that the file is
  // ASCII and V8 holds its source in one byte a character (half the memory, a faster decode and
  // scan at every start)
  const text = `${cjsBanner}${body}`.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  writeFileSync(path.join(out, 'main.cjs'), text);
  const inputs = Object.keys(r.metafile.outputs[path.relative(root, path.join(out, 'main.cjs')).split(path.sep).join('/')].inputs);
  const onDemand = inputs.filter((m) => text.includes(`__esm({\n  ${JSON.stringify(m)}() {`));
  writeFileSync(path.join(out, 'cjs-meta.json'), JSON.stringify({ atStart: inputs.filter((m) => !onDemand.includes(m)), onDemand }));
});

// the bin's loader, as CommonJS: the bin starts without Node's ES module loader
await build({
  entryPoints: [path.join(dist, 'core', 'code-cache.js')],
  outfile: path.join(out, 'code-cache.cjs'),
  ...CJS,
}).then((r) => {
  // its inputs beside the worker threads' (test/startup.test.ts names the modules a run ran)
  const meta = JSON.parse(readFileSync(path.join(out, 'meta.json'), 'utf8'));
  Object.assign(meta.outputs, r.metafile.outputs);
  writeFileSync(path.join(out, 'meta.json'), JSON.stringify(meta));
});

// the commands' names: the bin keeps one code cache file per command (src/core/code-cache.ts commandKey)
// the bin's first step for `lint --cache` (src/lint/replay.ts): a kept run's output given again
// without loading main.cjs; a plain CommonJS file the bin requires (small: no code cache)
await build({
  entryPoints: [path.join(dist, 'lint', 'replay.js')],
  outfile: path.join(out, 'lint-replay.cjs'),
  ...CJS,
  external: Object.keys(pkg.dependencies).filter((d) => !BUNDLED.has(d)),
  define: { 'import.meta.url': '__tplsyncUrl' },
  banner: { js: "'use strict';\nconst __tplsyncUrl = require('node:url').pathToFileURL(__filename).href;" },
}).then((r) => {
  const meta = JSON.parse(readFileSync(path.join(out, 'meta.json'), 'utf8'));
  Object.assign(meta.outputs, r.metafile.outputs);
  writeFileSync(path.join(out, 'meta.json'), JSON.stringify(meta));
});

const { COMMANDS } = await import('../dist/cli/main.js');
writeFileSync(path.join(out, 'commands.json'), `${JSON.stringify(COMMANDS.map((c) => c.name))}\n`);

const { codeFingerprint } = await import('../dist/lint/fingerprint.js');
const record = `${JSON.stringify({ fingerprint: codeFingerprint() })}\n`;
for (const dir of ['lint', 'bundle']) writeFileSync(path.join(dist, dir, 'fingerprint.json'), record);
