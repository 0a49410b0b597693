// The build (`npm run build`): TypeScript compiles src/ to dist/ with tsconfig.json, as
// `tsc -p tsconfig.json` does (the same compiler, options and files: the compiler's own API), then
// scripts/gen-validators.mjs and scripts/bundle.mjs (in a process of their own).
//
// `node scripts/build.mjs --typecheck` (what `npm test` runs): the build, and the type check of
// tsconfig.test.json's files (src, test, bench, scripts; `npm run typecheck`) in ONE program: src
// is parsed, bound and checked once, not once for the build and again for the check (31 s of CPU
// in two compilers -> about 19 in one, on a fresh clone). The program has tsconfig.json's options
// with the test configuration's two differences (rootDir ".", and allowImportingTsExtensions: the
// tests import `../src/x.ts`); the emit is asked file by file for src/ only, each output written
// where tsconfig.json's rootDir would put it (dist/src/a.js -> dist/a.js). The one option error
// this provokes (allowImportingTsExtensions without noEmit, TS5096) is not reported; any other
// difference between the two configurations stops the build with what differs.
// Order: src's errors (the build fails on them, nothing is emitted), src's emit, then the rest
// of the build in a child process while this one checks the remaining files. The line
// `\0build <ok|failed>` on stdout ends the build's part of the output (scripts/test.mjs reports
// the two parts as two tasks, and starts the test files when the build is done); everything
// after it is the type check's. All output goes to stdout, in order.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const typecheck = args.includes('--typecheck');
if (args.some((a) => a !== '--typecheck')) {
  process.stdout.write('usage: node scripts/build.mjs [--typecheck]\n');
  process.exit(2);
}
const out = (s) => process.stdout.write(s);
const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
const format = (ds) => (ds.length ? (process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext(ds, host) : ts.formatDiagnostics(ds, host)) : '');
const errors = (ds) => ds.filter((d) => d.category === ts.DiagnosticCategory.Error).length;

/** a tsconfig, parsed as tsc parses it (extends followed, files listed) */
function config(name) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, name), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => { out(format([d])); process.exit(1); },
  });
  if (parsed.errors.length) { out(format(parsed.errors)); process.exit(1); }
  return parsed;
}

const build = config('tsconfig.json');
const srcDir = build.options.rootDir;
const outDir = build.options.outDir;
/** the options of the check, when the check shares the build's program */
const TEST_ONLY = new Set(['rootDir', 'noEmit', 'allowImportingTsExtensions', 'configFilePath']);
let rootNames = build.fileNames;
let options = build.options;
if (typecheck) {
  const check = config('tsconfig.test.json');
  const keys = new Set([...Object.keys(build.options), ...Object.keys(check.options)]);
  const differ = [...keys].filter((k) => !TEST_ONLY.has(k) && JSON.stringify(build.options[k]) !== JSON.stringify(check.options[k]));
  if (differ.length) {
    out(`scripts/build.mjs: tsconfig.test.json differs from tsconfig.json in ${differ.join(', ')}: one program cannot both build and check; make them agree, or build and check apart (npm run build; npm run typecheck)\n`);
    process.exit(1);
  }
  rootNames = check.fileNames;
  options = { ...build.options, rootDir: check.options.rootDir, allowImportingTsExtensions: check.options.allowImportingTsExtensions };
}
const program = ts.createProgram({ rootNames, options, configFileParsingDiagnostics: build.errors });
const inSrc = (sf) => !sf.isDeclarationFile && sf.fileName.startsWith(`${srcDir}/`);
const sources = program.getSourceFiles().filter(inSrc);

const ALLOWED = typecheck ? new Set([5096]) : new Set();
const general = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].filter((d) => !ALLOWED.has(d.code));
const srcDiagnostics = [...general];
for (const sf of sources) srcDiagnostics.push(...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf));

/** where tsconfig.json's build writes a file the program would write under its own rootDir */
const target = (file) => {
  if (!typecheck) return file;
  const rel = path.relative(path.join(outDir, path.relative(options.rootDir, srcDir)), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new Error(`scripts/build.mjs: an output outside src's (${file})`);
  return path.join(outDir, rel);
};

let built = errors(srcDiagnostics) === 0;
out(format(srcDiagnostics));
if (built) {
  for (const sf of sources) {
    const r = program.emit(sf, (file, text, bom) => ts.sys.writeFile(target(file), text, bom));
    out(format(r.diagnostics));
    if (r.emitSkipped || errors(r.diagnostics)) built = false;
  }
}
if (!built) out(`the build failed: ${errors(srcDiagnostics)} error(s) in src/\n`);

/** the rest of the build: gen-validators, then the bundle; its output, and whether it passed */
const rest = built
  ? new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', `
      const { execFileSync } = require('node:child_process');
      for (const s of ['gen-validators.mjs', 'bundle.mjs']) execFileSync(process.execPath, [require('node:path').join(${JSON.stringify(path.join(root, 'scripts'))}, s)], { stdio: 'inherit' });
    `], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d) => { text += d; });
    child.stderr.on('data', (d) => { text += d; });
    child.on('error', (e) => { text += `${e.message}\n`; });
    child.on('close', (code) => resolve({ text, ok: code === 0 }));
  })
  : Promise.resolve({ text: '', ok: false });

let buildOk;
const finishBuild = (r) => {
  out(r.text);
  buildOk = built && r.ok;
  if (typecheck) out(`\0build ${buildOk ? 'ok' : 'failed'}\n`);
};
rest.then(finishBuild);

let checkErrors = errors(srcDiagnostics);
if (typecheck) {
  // the other files, one at a time, yielding between them so that the build's end is reported
  // as soon as it comes (the test files start on it), not after the whole check
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile || inSrc(sf) || !rootNames.includes(sf.fileName)) continue;
    const ds = [...program.getSyntacticDiagnostics(sf), ...program.getSemanticDiagnostics(sf)];
    checkErrors += errors(ds);
    if (ds.length) out(format(ds));
    await new Promise((r) => setImmediate(r));
  }
}
await rest;
if (typecheck) {
  if (checkErrors) out(`the type check found ${checkErrors} error(s)\n`);
  process.exitCode = buildOk && !checkErrors ? 0 : 1;
} else process.exitCode = buildOk ? 0 : 1;
