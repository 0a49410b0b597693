// editors/vscode: the thin client bundles (esbuild, vscode-languageclient inside, only `vscode`
// left to the editor) and packages to a .vsix with @vscode/vsce.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, cleanup, tempDir } from './helpers.ts';

const EXT = path.join(ROOT, 'editors', 'vscode');

test('the VS Code client bundles and packages to a .vsix that starts `tplsync lsp --stdio`', async () => {
  const dir = tempDir();
  try {
    const built = await execa('node', [path.join(EXT, 'build.mjs')], { reject: false, timeout: 120_000 });
    assert.is(built.exitCode, 0, String(built.stderr));
    const bundle = readFileSync(path.join(EXT, 'dist', 'extension.js'), 'utf8');
    assert.match(bundle, /"lsp","--stdio"/);
    // every module but the editor's own is inside the bundle
    const required = [...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!).filter((m) => !m.startsWith('node:') && !/^(child_process|fs|path|os|net|crypto|util|events|stream|url|assert|buffer|tty)$/.test(m));
    assert.equal([...new Set(required)], ['vscode']);
    const out = path.join(dir, 'tplsync.vsix');
    const vsce = path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
    const packed = await execa('node', [vsce, 'package', '--no-dependencies', '-o', out], { cwd: EXT, reject: false, timeout: 240_000 });
    assert.is(packed.exitCode, 0, `${packed.stdout}\n${packed.stderr}`);
    // a .vsix is a zip: its entries' names are stored as they are
    const zip = readFileSync(out).toString('latin1');
    for (const entry of ['extension.vsixmanifest', 'extension/package.json', 'extension/dist/extension.js', 'extension/readme.md']) assert.ok(zip.includes(entry), entry);
    assert.not.ok(zip.includes('extension/src/extension.ts'), 'the sources stay out');
  } finally { cleanup(dir); }
});

test.run();
