// Build step (after tsc and gen-validators): the command line as a few ES modules in dist/bundle/
// (esbuild, code splitting at every dynamic import), which bin/tplsync.js loads. Start-up is mostly
// module loading: some sixty modules of tsc output and their small dependencies become a handful
// of files, which saves a third of a warm `lint --cache` beyond Node's own start. Dependencies
// that load only on some roads (ajv, yaml, ts-morph, cosmiconfig, tinyglobby, ...) stay outside, as
// packages. dist/bundle sits at the depth of dist/<folder>/, so the paths the modules compute from
// import.meta.url (../../schema/, ../../package.json, ../schemas/*.validate.cjs, ./worker.js,
// ./read-ahead-worker.js, ./write-worker.js)
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
  entryPoints: [path.join(dist, 'cli', 'main.js'), path.join(dist, 'lint', 'worker.js'), path.join(dist, 'files', 'read-ahead-worker.js'), path.join(dist, 'files', 'write-worker.js')],
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

const { codeFingerprint } = await import('../dist/lint/fingerprint.js');
const record = `${JSON.stringify({ fingerprint: codeFingerprint() })}\n`;
for (const dir of ['lint', 'bundle']) writeFileSync(path.join(dist, dir, 'fingerprint.json'), record);
