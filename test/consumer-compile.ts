// Compiles a service's file against the module `tplsync types` wrote in DIR (tplsync-templates.ts) and tplsync
// as its dependency, as a Node 20 service compiles it (strict, NodeNext): the diagnostics, for the tests of the
// generated types to read (what compiles is what the run time takes).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** the lines a consumer starts with: a client of no service, and the generated module's sendTemplate */
export const CONSUMER_PRELUDE = `import { createClient } from 'tplsync';\nimport { sendTemplate } from './tplsync-templates.js';\nconst client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' });\n`;

/** Writes `source` to DIR/consumer.ts and type-checks it; `options` add to (or change) the service's compiler options. */
export function compileConsumer(dir: string, source: string, options: ts.CompilerOptions = {}): readonly ts.Diagnostic[] {
  const file = path.join(dir, 'consumer.ts');
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: [], skipLibCheck: true, lib: ['lib.es2022.d.ts'], ...options,
  });
  return ts.getPreEmitDiagnostics(program);
}

/** each diagnostic as "CODE message" on a line of its own */
export const codedLines = (ds: readonly ts.Diagnostic[]): string => ds.map((x) => `${x.code} ${ts.flattenDiagnosticMessageText(x.messageText, '\n')}`).join('\n');
