// Bundles the client (with vscode-languageclient) into dist/extension.js: the extension needs no
// node_modules of its own, so `vsce package --no-dependencies` packs it as it is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [path.join(here, 'src', 'extension.ts')],
  outfile: path.join(here, 'dist', 'extension.js'),
  bundle: true, format: 'cjs', platform: 'node', target: 'node18', external: ['vscode'], minify: true, logLevel: 'warning',
});
