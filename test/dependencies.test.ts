// The folder rules hold: no import cycle in src/, between modules or between folders, nothing outside src/cli imports src/cli; and
// the check itself fails on a planted cycle and a planted import of the CLI.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, cleanup, tempDir, writeFiles } from './helpers.ts';

const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const run = (cwd: string) => execa('node', [DEPCRUISE, 'src', '--config', CONFIG], { cwd, reject: false, timeout: 120_000 });

test('src/ has no import cycle and no import of src/cli from outside it', async () => {
  const r = await run(ROOT);
  assert.is(r.exitCode, 0, String(r.stdout));
  assert.match(String(r.stdout), /no dependency violations found/);
});

test('the check fails on a planted cycle and on an import of src/cli from a core module', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      'src/plan/a.ts': "import { b } from '../apply/b.js';\nexport const a = (): number => b() + 1;\n",
      'src/apply/b.ts': "import { a } from '../plan/a.js';\nexport const b = (): number => (a.length ? 1 : 0);\n",
      'src/cli/exit.ts': 'export const EXIT = 3;\n',
      'src/model/uses-cli.ts': "import { EXIT } from '../cli/exit.js';\nexport const x = EXIT;\n",
    });
    const r = await run(dir);
    assert.is.not(r.exitCode, 0);
    const out = String(r.stdout);
    assert.match(out, /no-cycles/);
    assert.match(out, /src\/plan\/a\.ts/);
    assert.match(out, /cli-only-from-cli/);
    assert.match(out, /src\/model\/uses-cli\.ts/);
  } finally { cleanup(dir); }
});

test('the check fails on a cycle between folders that no module cycle shows', async () => {
  // config/load uses a helper of lint/, and lint/ uses config/: each module is fine, the folders loop
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      'src/lint/suggest.ts': 'export const suggest = (s: string): string => s;\n',
      'src/config/load.ts': "import { suggest } from '../lint/suggest.js';\nexport const load = (): string => suggest('x');\n",
      'src/config/types.ts': 'export interface Config { dir: string }\n',
      'src/lint/run.ts': "import type { Config } from '../config/types.js';\nexport const run = (c: Config): string => c.dir;\n",
    });
    const r = await run(dir);
    assert.is.not(r.exitCode, 0);
    const out = String(r.stdout);
    assert.match(out, /no-folder-cycles/);
    assert.match(out, /src\/config/);
    assert.match(out, /src\/lint/);
    assert.not.match(out, /error no-cycles/);
  } finally { cleanup(dir); }
});

/** the folder tree of docs/architecture.md: each folder of src/ with its line (0 = the top) */
function documentedOrder(): Map<string, number> {
  const doc = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const block = /The folders today[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/architecture.md: no folder tree after "The folders today"');
  const order = new Map<string, number>();
  block.trimEnd().split('\n').forEach((line, n) => {
    for (const f of line.trim().split(/\s{2,}/)[0]!.split(',').map((x) => x.trim()).filter(Boolean)) {
      if (order.has(f)) throw new Error(`docs/architecture.md: ${f} is on two lines of the folder tree`);
      order.set(f, n);
    }
  });
  return order;
}

/** every import of a module of another folder of src/ (static, dynamic, type-only, re-export): [from folder, to folder, file] */
function folderImports(): [string, string, string][] {
  const out: [string, string, string][] = [];
  const src = path.join(ROOT, 'src');
  for (const rel of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!rel.endsWith('.ts') || !rel.includes(path.sep)) continue;
    const from = rel.split(path.sep)[0]!;
    const text = readFileSync(path.join(src, rel), 'utf8');
    for (const m of text.matchAll(/(?:\bfrom|\bimport\(|^import)\s*'(\.{1,2}\/[^']+)'/gm)) {
      const target = path.relative(src, path.resolve(path.dirname(path.join(src, rel)), m[1]!));
      const to = target.split(path.sep)[0]!;
      if (target.includes(path.sep) && to !== from) out.push([from, to, `src/${rel}`]);
    }
  }
  return out;
}

test('docs/architecture.md\'s folder tree is the folders of src/, and each uses only folders on the lines above it', () => {
  const order = documentedOrder();
  const folders = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.equal([...order.keys()].sort(), folders, 'the tree lists exactly the folders of src/');
  const wrong = folderImports().filter(([from, to]) => order.get(to)! >= order.get(from)!)
    .map(([from, to, file]) => `${file} (${from}, line ${order.get(from)! + 1}) imports ${to} (line ${order.get(to)! + 1})`);
  assert.equal([...new Set(wrong)], [], 'move the helper to a folder above both (src/core/ for a shared one), or the folder in the tree');
});

test.run();
