// The readers behind the located document (the text read, js-yaml, `yaml` with positions) are
// private to src/files/document.ts: the dependency rule document-readers-private holds on src/, and
// fails on a planted import of a reader from outside, while a type-only import (Path) passes.
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, cleanup, tempDir, writeFiles } from './helpers.ts';

const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const run = (cwd: string) => execa('node', [DEPCRUISE, 'src', '--config', CONFIG], { cwd, reject: false, timeout: 120_000 });

test('the check fails on a reader imported from outside document.ts, and lets document.ts and type-only imports pass', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
      'src/files/locate.ts': 'export type Path = readonly (string | number)[];\nexport const locate = (p: Path): number => p.length;\n',
      'src/files/parse.ts': 'export const parseTemplateText = (t: string): number => t.length;\n',
      'src/files/document.ts': "import { parseTemplateText } from './parse.js';\nimport { locate, type Path } from './locate.js';\nexport const open = (t: string, p: Path): number => parseTemplateText(t) + locate(p);\n",
      // allowed: a type from a reader, and the document itself
      'src/lint/rule.ts': "import type { Path } from '../files/locate.js';\nimport { open } from '../files/document.js';\nexport const r = (p: Path): number => open('', p);\n",
      // planted: lint parses a file itself
      'src/lint/engine.ts': "import { parseTemplateText } from '../files/parse.js';\nexport const lint = (t: string): number => parseTemplateText(t);\n",
    });
    const r = await run(dir);
    assert.is.not(r.exitCode, 0);
    const out = String(r.stdout);
    assert.match(out, /document-readers-private: src\/lint\/engine\.ts → src\/files\/parse\.ts/);
    assert.not.match(out, /src\/lint\/rule\.ts →/);
    assert.not.match(out, /src\/files\/document\.ts →/);
  } finally { cleanup(dir); }
});

test.run();
