// Checks the package as consumers get it (part of `npm test`): packs it the way `npm publish`
// does (prepack/postpack included, the build reused), then
//   - every relative link of its Markdown files leads to a file it ships (scripts/package-links.mjs);
//   - the tarball holds LICENSE, the bundle and the schema, and no lifecycle script that npm
//     would run or warn about on a consumer's install (prepare, preinstall, install, postinstall);
//   - publint (the package.json fields against the files shipped) finds nothing;
//   - @arethetypeswrong/cli finds the types of every export (ESM-only: the package is ESM, and
//     `require()` of it works from Node 20.19, which `engines` states).
// It packs a copy of the checkout (all but node_modules, .git and what tests leave), never the
// checkout itself: npm's prepack rewrites package.json while it packs, and `npm test` runs this
// check beside test files that read the checkout's package.json.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadPackageLinks } from './package-links.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-pack-'));
const copy = path.join(dir, 'checkout');
const packed = path.join(dir, 'out');
const LEFT_OUT = new Set(['node_modules', '.git', 'test-output', '.tplsync']);
const problems = [];
try {
  cpSync(root, copy, { recursive: true, filter: (src) => path.dirname(src) !== path.resolve(root) || !LEFT_OUT.has(path.basename(src)) });
  mkdirSync(packed);
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', packed], {
    cwd: copy, env: { ...process.env, TPLSYNC_PACK_BUILT: '1' }, stdio: ['ignore', 'pipe', 'inherit'],
  }).toString();
  const [info] = JSON.parse(out.slice(out.indexOf('[')));
  const files = new Set(info.files.map((f) => f.path));
  for (const f of ['LICENSE', 'README.md', 'bin/tplsync.cjs', 'bin/tplsync.js', 'dist/bundle/code-cache.cjs', 'dist/bundle/lint-replay.cjs', 'dist/bundle/commands.json', 'dist/index.js', 'dist/index.d.ts', 'schema/template.schema.json']) {
    if (!files.has(f)) problems.push(`the tarball lacks ${f}`);
  }
  if (![...files].some((f) => f.startsWith('dist/bundle/'))) problems.push('the tarball lacks dist/bundle/ (the bin runs it)');
  for (const f of files) if (/^(test|src|bench|scripts)\//.test(f)) problems.push(`the tarball ships ${f}`);
  // the shipped docs' links lead to shipped files (README's action.yml and CONTRIBUTING.md, the sample templates)
  for (const d of deadPackageLinks(files, (f) => readFileSync(path.join(copy, f), 'utf8'))) problems.push(`a dead link in the package: ${d}`);
  const tarball = path.join(packed, readdirSync(packed).find((f) => f.endsWith('.tgz')));
  const shipped = JSON.parse(execFileSync('tar', ['-xOzf', tarball, 'package/package.json']).toString());
  for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) {
    if (shipped.scripts?.[s]) problems.push(`the shipped package.json has a "${s}" script (npm warns about it on every install)`);
  }
  const run = (cmd, args) => {
    try { execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) {
      problems.push(`${path.basename(cmd)} ${args.join(' ')}:\n${String(e.stdout)}${String(e.stderr)}`);
    }
  };
  run(bin('publint'), ['--strict', tarball]);
  run(bin('attw'), [tarball, '--profile', 'esm-only', '--format', 'ascii']);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (problems.length) {
  process.stderr.write(`The package as shipped has problems:\n- ${problems.join('\n- ')}\n`);
  process.exit(1);
}
process.stdout.write('package: tarball contents, publint and arethetypeswrong all good\n');
