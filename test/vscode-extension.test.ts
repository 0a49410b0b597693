// editors/vscode: the thin client bundles (esbuild, vscode-languageclient inside, only `vscode`
// left to the editor) and packages to a .vsix with @vscode/vsce.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findServer } from '../editors/vscode/src/find-server.ts';
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

test('the client finds tplsync in any workspace folder and upwards from it (a monorepo\'s hoisted bin), the setting against each folder', () => {
  const bin = (dir: string): string => path.join(dir, 'node_modules', '.bin', 'tplsync');
  const root = path.join(path.sep, 'repo');
  const teamA = path.join(root, 'teams', 'a');
  const teamB = path.join(root, 'teams', 'b');
  const docs = path.join(path.sep, 'elsewhere', 'docs');
  const has = (...files: string[]) => (p: string): boolean => files.includes(p);
  // npm workspaces: the bin hoisted to the repository's root, neither team folder has one
  assert.equal(findServer([teamA, teamB], undefined, has(bin(root)), 'linux'), { command: bin(root), folder: teamA });
  // the first folder (docs) holds none: the second folder's
  assert.equal(findServer([docs, teamB], undefined, has(bin(teamB)), 'linux'), { command: bin(teamB), folder: teamB });
  // the nearest wins over one further up
  assert.equal(findServer([teamA], undefined, has(bin(root), bin(teamA)), 'linux'), { command: bin(teamA), folder: teamA });
  assert.equal(findServer([docs], undefined, has(bin(root)), 'linux'), undefined);
  assert.equal(findServer([teamA], undefined, has(path.join(root, 'node_modules', '.bin', 'tplsync.cmd')), 'win32')?.command, path.join(root, 'node_modules', '.bin', 'tplsync.cmd'));
  // a relative tplsync.path: against each folder, the first where it exists
  assert.equal(findServer([docs, teamB], 'tools/tplsync', has(path.join(teamB, 'tools/tplsync')), 'linux'), { command: path.join(teamB, 'tools/tplsync'), folder: teamB });
  assert.equal(findServer([docs], path.join(root, 'bin', 'tplsync'), has(path.join(root, 'bin', 'tplsync')), 'linux')?.command, path.join(root, 'bin', 'tplsync'));
});

test.run();
