// Every relative link of the Markdown files the package ships leads to a file it ships (trial-x F12):
// README.md linked CONTRIBUTING.md and action.yml, docs/format.md the sample templates of
// templates/rcs and docs/commands/send.md one of templates/whatsapp, none of which the package held,
// so those links were dead in node_modules/tplsync. The file list is npm's own (`npm pack --dry-run`).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { deadPackageLinks } from '../scripts/package-links.mjs';
import { ROOT } from './helpers.ts';

/** the files `npm pack` puts in the tarball (no script run: package.json is not rewritten) */
function packedFiles(): string[] {
  const out = execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as [{ files: { path: string }[] }];
  return info.files.map((f) => f.path);
}

test('every relative link in the packed README.md and docs/ leads to a packed file', () => {
  const files = packedFiles();
  assert.ok(files.includes('README.md') && files.some((f) => f.startsWith('docs/commands/')), 'the docs are shipped');
  assert.equal(deadPackageLinks(files, (f) => readFileSync(path.join(ROOT, f), 'utf8')), []);
});

test('deadPackageLinks names a link to a file or folder left out, and takes one to a shipped folder', () => {
  const texts: Record<string, string> = {
    'README.md': '[a](CONTRIBUTING.md) [b](docs/x.md#top) [c](https://example.com) [d](#here) `[e](nope.md)`\n',
    'docs/x.md': '[f](../templates/rcs) [g](../schema) [h](../../out.md)\n```\n[i](gone.md)\n```\n',
    'schema/t.json': '{}',
  };
  assert.equal(deadPackageLinks(Object.keys(texts), (f) => texts[f]!), [
    'README.md: CONTRIBUTING.md (CONTRIBUTING.md is not in the package)',
    'docs/x.md: ../templates/rcs (templates/rcs is not in the package)',
    'docs/x.md: ../../out.md (outside the package)',
  ]);
});

test.run();
