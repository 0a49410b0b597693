// The code examples of the contributor's pages and of the library's page compile: every ```ts block of
// CONTRIBUTING.md, docs/architecture.md and docs/library.md must be a region of test/doc-examples/*.ts (verbatim but for the
// indentation), and those files must type-check. An example that names an option the code does
// not have (`ctx.report(..., { needle })`) fails here rather than in a contributor's build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.ts';

const PAGES = ['CONTRIBUTING.md', 'docs/architecture.md', 'docs/library.md'];
const DIR = path.join(ROOT, 'test', 'doc-examples');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => path.join(DIR, f));

/** a block's lines without their common indentation, trailing blank lines dropped */
function dedent(text: string): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
  return lines.map((l) => l.slice(indent)).join('\n');
}

/** the TypeScript blocks of a page (indented ones too), with the line each starts on */
export function tsBlocks(page: string): { line: number; code: string }[] {
  const out: { line: number; code: string }[] = [];
  for (const m of page.matchAll(/^( *)```(?:ts|typescript|tsx)\n([\s\S]*?)^\1```$/gm)) {
    out.push({ line: page.slice(0, m.index).split('\n').length, code: dedent(m[2]!) });
  }
  return out;
}

/** the regions of the example files */
function regions(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of FILES) {
    for (const m of readFileSync(f, 'utf8').matchAll(/^ *\/\/ doc-example: (.+)\n([\s\S]*?)^ *\/\/ end doc-example$/gm)) out.set(dedent(m[2]!), `${path.basename(f)}: ${m[1]}`);
  }
  return out;
}

test('every TypeScript block of the contributor pages is a region of test/doc-examples/', () => {
  const known = regions();
  assert.ok(known.size > 0, 'the example files hold regions');
  const strays: string[] = [];
  for (const rel of PAGES) {
    for (const b of tsBlocks(readFileSync(path.join(ROOT, rel), 'utf8'))) {
      if (!known.has(b.code)) strays.push(`${rel}:${b.line}: this block is not (or no longer) a region of test/doc-examples/*.ts, where it is compiled; copy the region there, or change it there first and quote it:\n${b.code}`);
    }
  }
  assert.equal(strays, []);
});

test('tsBlocks finds indented blocks and a block that is not an example is refused', () => {
  const page = 'Intro\n\n1. A step:\n\n   ```ts\n   const a = 1;\n   ```\n\n```ts\nctx.report([], "x", { needle: "h" });\n```\n';
  assert.equal(tsBlocks(page).map((b) => [b.line, b.code]), [[5, 'const a = 1;'], [9, 'ctx.report([], "x", { needle: "h" });']]);
  assert.not.ok(regions().has('ctx.report([], "x", { needle: "h" });'));
});

test('the example files type-check (with the options of tsconfig.test.json)', () => {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.test.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } })!;
  const program = ts.createProgram(FILES, { ...config.options, noEmit: true, incremental: false, tsBuildInfoFile: undefined });
  const errors = FILES.flatMap((f) => ts.getPreEmitDiagnostics(program, program.getSourceFile(f)))
    .map((d) => `${d.file ? path.relative(ROOT, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  assert.equal(errors, []);
});

test.run();
