// The generated module as services use it, checked by the real TypeScript compiler: a generic
// wrapper around sendTemplate (TemplateOptions<K>) compiles under the strictest options and its
// callers stay checked; a template that uses a value the module does not hold (a secret) takes no
// call that compiles; a CommonJS project compiles the module with `"module": "node20"` as
// docs/commands/types.md says, and the compiled code loads tplsync with require.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateTypes } from '../src/typegen/generate.ts';
import type { TemplateMeta } from '../src/model/meta.ts';
import { cleanup, cliIn, ROOT, tempDir, typesProject } from './helpers.ts';

const dir = typesProject('tplsync-types-wrap-');
test.after(() => cleanup(dir));

/** the strict ESM options a service compiles with (the report's: exactOptionalPropertyTypes, noUncheckedIndexedAccess, verbatimModuleSyntax) */
const STRICT: ts.CompilerOptions = {
  strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
  exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, verbatimModuleSyntax: true,
  types: ['node'], typeRoots: [path.join(ROOT, 'node_modules', '@types')], skipLibCheck: true, lib: ['lib.es2022.d.ts'],
};
function compile(name: string, source: string, options = STRICT): string {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], options);
  return ts.getPreEmitDiagnostics(program).map((x) => `${x.code} ${ts.flattenDiagnosticMessageText(x.messageText, '\n')}`).join('\n');
}

const WRAPPER = `import type { Client, Sent } from 'tplsync';
import { sendTemplate, type TemplateKey, type TemplateOptions } from './tplsync-templates.js';
export async function notify<K extends TemplateKey>(c: Client, key: K, options: TemplateOptions<K>): Promise<Sent> {
  const sent = await sendTemplate(c, key, options);
  return sent;
}
`;
const CALLER = (params: string) => `import { createClient } from 'tplsync';
import { notify } from './wrap.js';
const client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', channels: {} });
void notify(client, 'shop-whatsapp/order_shipped/en_US', { to: '+49', params: ${params}, textOnly: true });
`;

test('a generic wrapper typed with TemplateOptions<K> compiles (exactOptionalPropertyTypes too), and its callers are checked as sendTemplate\'s', async () => {
  const r = await cliIn(['types'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(compile('wrap.ts', WRAPPER), '');
  assert.is(compile('caller.ts', CALLER(`{ customer: 'Maria', order_id: 'A-1042', button_2: 'A-1042' }`)), '');
  // a misspelt parameter, a missing one: compile errors at the wrapper's caller
  assert.match(compile('caller.ts', CALLER(`{ custmer: 'Maria', order_id: 'A-1042', button_2: 'A-1042' }`)), /custmer/);
  assert.match(compile('caller.ts', CALLER(`{ customer: 'Maria', button_2: 'A-1042' }`)), /order_id/);
  // a union of keys passed through the wrapper does not compile (it would take the values of any one of them)
  assert.ok(compile('caller.ts', `import { createClient } from 'tplsync';
import { notify } from './wrap.js';
declare const k: 'shop-whatsapp/order_shipped/en_US' | 'shop-rcs/store_opening/en_US';
void notify(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }), k, { to: '+49', params: { city: 'Berlin' }, textOnly: true });
`) !== '');
});

test('a template that uses a value the module does not hold (a secret) takes no call that compiles: its options are never', () => {
  const meta: TemplateMeta = { channel: 'wa', name: 'vip_code', language: 'en_US', params: ['first_name'], body: 'Hi {{first_name}}, your code (secret) gives you early access.', buttons: [], unfilled: ['promo'] };
  const plain: TemplateMeta = { ...meta, name: 'welcome', body: 'Hi {{first_name}}, welcome.', unfilled: [] };
  const module = generateTypes([meta, plain], { source: 'test' });
  assert.match(module, '"wa/vip_code/en_US": never;');
  writeFileSync(path.join(dir, 'secret-templates.ts'), module);
  const use = (key: string) => `import { createClient } from 'tplsync';\nimport { sendTemplate } from './secret-templates.js';\nvoid sendTemplate(createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k' }), '${key}', { to: '+49', params: { first_name: 'Ana' } });\n`;
  assert.is(compile('secret-use.ts', use('wa/welcome/en_US')), '');
  assert.match(compile('secret-use.ts', use('wa/vip_code/en_US')), /not assignable to parameter of type 'never'/);
});

test('a CommonJS project compiles the module with "module": "node20" (as types.md says) and its compiled code loads tplsync with require', async () => {
  const cjs = tempDir('tplsync-types-cjs-');
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(cjs, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(cjs, 'tplsync.config.yaml'));
    mkdirSync(path.join(cjs, 'node_modules', '@types'), { recursive: true });
    symlinkSync(ROOT, path.join(cjs, 'node_modules', 'tplsync'), 'dir');
    symlinkSync(path.join(ROOT, 'node_modules', '@types', 'node'), path.join(cjs, 'node_modules', '@types', 'node'), 'dir');
    // no "type": CommonJS; the tsconfig types.md gives
    writeFileSync(path.join(cjs, 'package.json'), '{ "name": "svc", "private": true }\n');
    const tsconfig = readFileSync(path.join(ROOT, 'docs', 'commands', 'types.md'), 'utf8').match(/```json\n(\{[^`]*"node20"[^`]*\})\n```/)?.[1];
    assert.ok(tsconfig, 'types.md shows the tsconfig of a CommonJS project');
    writeFileSync(path.join(cjs, 'tsconfig.json'), tsconfig!);
    // the module where the page has `types` write it, with the line it gives for the config, and `types` as the page runs it
    // (trial-bs F7: it was written at the project's root, and the examples in src/ import it as ./tplsync-templates.js)
    const typesOut = readFileSync(path.join(ROOT, 'docs', 'commands', 'types.md'), 'utf8').match(/```yaml\n(typesOut: .*)\n```/)?.[1];
    assert.ok(typesOut, 'types.md gives the typesOut line of the config');
    writeFileSync(path.join(cjs, 'tplsync.config.yaml'), `${readFileSync(path.join(cjs, 'tplsync.config.yaml'), 'utf8')}${typesOut}\n`);
    const r = await cliIn(['types'], { cwd: cjs });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, 'wrote src/tplsync-templates.ts');
    writeFileSync(path.join(cjs, 'src', 'index.ts'), `import { createClient, UsageError } from 'tplsync';
import { templates, type TemplateKey } from './tplsync-templates';
const key: TemplateKey = 'shop-whatsapp/order_shipped/en_US';
const client = createClient({ baseUrl: 'http://127.0.0.1:8787', apiKey: 'k', channels: {} });
console.log(typeof client.getMessageStatus, templates[key].name, typeof UsageError, typeof require);
`);
    // and every example of types.md that uses the module, as the page prints it (trial-ax F6: a top-level await is TS1309 here)
    const usages = [...readFileSync(path.join(ROOT, 'docs', 'commands', 'types.md'), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes("from './tplsync-templates.js'"));
    assert.ok(usages.length >= 2, 'types.md shows sendTemplate and a wrapper');
    for (const [i, block] of usages.entries()) writeFileSync(path.join(cjs, 'src', `usage-${i + 1}.ts`), block);
    const parsed = ts.getParsedCommandLineOfConfigFile(path.join(cjs, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } })!;
    // as TypeScript 6 and newer compile it: no @types package the tsconfig does not name (5.9, here, loads every one;
    // trial-bs F7: TS2503 `Cannot find namespace 'NodeJS'` in tplsync's declarations without "types": ["node"])
    const program = ts.createProgram(parsed.fileNames, { ...parsed.options, types: parsed.options.types ?? [] });
    const emitted = program.emit();
    const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((x) => `${x.code} ${ts.flattenDiagnosticMessageText(x.messageText, '\n')}`).join('\n');
    assert.is(diagnostics, '');
    const js = readFileSync(path.join(cjs, 'dist', 'index.js'), 'utf8');
    assert.match(js, 'require("tplsync")', 'compiled to CommonJS');
    // Node >= 20.19 (tplsync's engines) loads the ES module with require
    const out = execFileSync(process.execPath, [path.join(cjs, 'dist', 'index.js')], { cwd: cjs, encoding: 'utf8' });
    assert.is(out.trim(), 'function order_shipped function function');
  } finally { cleanup(cjs); }
});

test.run();
