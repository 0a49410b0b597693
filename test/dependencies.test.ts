// The folder rules hold: no import cycle in src/, between modules or between folders, nothing outside src/cli imports src/cli; and
// the check itself fails on a planted cycle and a planted import of the CLI.
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

test.run();
